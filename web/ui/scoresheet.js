// The score sheet shown when a round ends: each category the scoring scheme used, per side
// (partners pooled), the round's totals, the match totals; and, when the match is over, the winner.

import { strings } from "./strings.js";
import { h } from "./dom.js";

/** Categories in the order the sheet lists them; any other the engine sends comes after. */
const ORDER = [
  "cards", "spades", "big_casino", "little_casino", "aces", "spade_cards", "jack_of_spades",
  "diamonds", "seven_of_diamonds", "four_of_a_kind", "sweeps", "penalties",
];
const COUNTED = { cards: "cards", spades: "spades", diamonds: "diamonds" };

/** The categories a round's result holds, in sheet order. */
export function categoriesOf(round) {
  const keys = new Set();
  for (const side of round ? round.sides : []) for (const k of Object.keys(side.points || {})) keys.add(k);
  return [...ORDER.filter((k) => keys.has(k)), ...[...keys].filter((k) => !ORDER.includes(k))];
}

/**
 * The sheet's sentence saying why a finished round did not end the match (the engine's
 * `view.play_on`: "tie", the leaders level, another round), for `sides` sides; null when the
 * view gives no reason. Cassino's sheet and the fishing games' (web/scopa/table.js) put it
 * beside "Next round".
 */
export function playOnLine(view, sides) {
  return view.play_on === "tie" ? h("p", { class: "play-on", dataset: { playOn: view.play_on } }, strings.playOnTie(sides)) : null;
}

/**
 * @param sideNames the name of each side (a seat's name, or partners joined)
 * @param {object} actions {onNextRound(), onNewMatch(), youSide: side index of the only human or null,
 *                teams: per side its team label ("Team A") when partners play, else null,
 *                extra: elements shown above the buttons (the daily deal's result, the
 *                statistics' note), null entries left out}
 */
export function renderScoreSheet(view, sideNames, actions) {
  const over = view.phase === "match_over";
  // A claim ends the match in the middle of a round (rules `claiming`): no round result to
  // list, but the counts the claim was judged on (the engine's claim_counts).
  const claimCounts = over && Array.isArray(view.claim_counts) ? view.claim_counts : null;
  const round = claimCounts ? null : view.rounds[view.rounds.length - 1];
  const sides = round ? round.sides : [];
  const heading = over ? strings.matchOver : strings.roundOver(view.rounds.length || view.round);
  const headId = "score-sheet-title";

  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, strings.category),
    sideNames.map((n, i) => {
      const team = actions.teams && actions.teams[i];
      return h("th", { scope: "col", dataset: { side: i } }, team ? [team, h("small", { class: "side-members" }, n)] : n);
    }),
  );
  const rows = categoriesOf(round).map((cat) =>
    h(
      "tr",
      { dataset: { category: cat } },
      h("th", { scope: "row" }, strings.categories[cat] || strings.categoryOther(cat)),
      sides.map((side, i) =>
        h(
          "td",
          { dataset: { side: i, points: side.points[cat] ?? 0 } },
          String(side.points[cat] ?? 0),
          COUNTED[cat] && side[COUNTED[cat]] !== undefined ? h("span", { class: "count" }, ` ${strings.countIn(side[COUNTED[cat]])}`) : null,
        ),
      ),
    ),
  );
  const total = claimCounts
    ? h(
        "tr",
        { class: "total", dataset: { category: "claim" } },
        h("th", { scope: "row" }, strings.claimRow),
        claimCounts.map((points, i) => h("td", { dataset: { side: i, total: points } }, String(points))),
      )
    : h(
        "tr",
        { class: "total", dataset: { category: "total" } },
        h("th", { scope: "row" }, strings.roundTotal),
        sides.map((side, i) => h("td", { dataset: { side: i, total: side.total } }, String(side.total))),
      );
  const match = h(
    "tr",
    { class: "match", dataset: { category: "match" } },
    h("th", { scope: "row" }, strings.matchTotal),
    view.scores.map((s, i) => h("td", { dataset: { side: i, score: s } }, String(s))),
  );

  let verdict = null;
  if (over) {
    const multiplier = view.result && view.result.multiplier > 1 ? view.result.multiplier : null;
    verdict = h(
      "div",
      { class: "verdict", dataset: { winner: view.winner ?? "" } },
      h(
        "p",
        {},
        view.winner !== null && view.winner !== undefined
          ? strings.winnerSide(sideNames[view.winner], actions.youSide === view.winner, Boolean(actions.teams && actions.teams[view.winner]))
          : strings.noWinner,
        " ",
        // A claim ends the match mid-round: the totals are the finished rounds', so the sheet
        // gives the counts the claim was judged on, side by side with their names.
        claimCounts
          ? strings.claimScores(strings.scorePairs(claimCounts.map((points, side) => [sideNames[side], points])))
          : strings.finalScores(view.scores),
      ),
      multiplier ? h("p", { class: "multiplier", dataset: { multiplier } }, strings.matchMultiplier(multiplier)) : null,
      claimLine(view, sideNames),
    );
  }

  // The engine says why a round whose end was the match's end did not end it: the leading
  // totals are equal and the tie rule plays another round (view.play_on, docs/api.md). A 6:6
  // one-round game went on to round 2 without a word (play-test 6). It stands beside the
  // "Next round" button, where the eye is when the sheet is read to its end: above the table a
  // phone scrolled it out of sight and a 23:23 match seemed to go on for no reason (play-test 9).
  const playOn = over ? null : playOnLine(view, sideNames.length);

  // Every finished round's totals, so the match's course can be read at a glance.
  const history =
    view.rounds.length > 1
      ? h(
          "ol",
          { class: "round-history", "aria-label": strings.roundHistory },
          view.rounds.map((r, i) =>
            h("li", {}, strings.roundLine(i + 1, strings.roundScores(r.sides.map((s, side) => [sideNames[side], s.total])))),
          ),
        )
      : null;

  const button = over
    ? h("button", { type: "button", class: "primary", dataset: { action: "new-match", key: "new-match" }, onclick: actions.onNewMatch }, strings.newMatch)
    : h("button", { type: "button", class: "primary", dataset: { action: "next-round", key: "next-round" }, onclick: actions.onNextRound }, strings.nextRound);

  return h(
    "section",
    { class: "score-sheet", role: "region", "aria-labelledby": headId, dataset: { phase: view.phase } },
    h("h2", { id: headId }, heading),
    verdict,
    h("div", { class: "table-scroll" }, h("table", {}, h("thead", {}, head), h("tbody", {}, rows, total, match))),
    history,
    actions.extra || null,
    playOn,
    h("div", { class: "sheet-actions" }, button),
  );
}

/** The line saying a claim out ended the match (rules `claiming`: two sides, seat % 2 is the
 * side), or null. */
function claimLine(view, sideNames) {
  if (view.claimed === null || view.claimed === undefined) return null;
  const side = view.claimed % sideNames.length;
  const right = view.winner === side;
  const words = right ? strings.claimVerdictRight(sideNames[side]) : strings.claimVerdictWrong(sideNames[side]);
  return h("p", { class: "claim-verdict", dataset: { claimed: view.claimed, right: right ? "true" : "false" } }, words);
}
