// The score sheet shown when a round ends: each category for both sides, the round's totals,
// the match totals; and, when the match is over, the winner.

import { strings } from "./strings.js";
import { h } from "./dom.js";

const CATEGORIES = ["cards", "spades", "big_casino", "little_casino", "aces", "sweeps"];

/**
 * @param actions {onNextRound(), onNewMatch()}
 */
export function renderScoreSheet(view, names, actions) {
  const over = view.phase === "match_over";
  const round = view.rounds[view.rounds.length - 1];
  const sides = round ? round.sides : [];
  const heading = over ? strings.matchOver : strings.roundOver(view.rounds.length || view.round);
  const headId = "score-sheet-title";

  const head = h("tr", {}, h("th", { scope: "col" }, strings.category), names.map((n) => h("th", { scope: "col" }, n)));
  const rows = CATEGORIES.map((cat) =>
    h(
      "tr",
      { dataset: { category: cat } },
      h("th", { scope: "row" }, strings.categories[cat]),
      sides.map((side) =>
        h(
          "td",
          {},
          String(side.points[cat] ?? 0),
          cat === "cards" || cat === "spades" ? h("span", { class: "count" }, ` ${strings.countIn(side[cat])}`) : null,
        ),
      ),
    ),
  );
  const total = h(
    "tr",
    { class: "total", dataset: { category: "total" } },
    h("th", { scope: "row" }, strings.roundTotal),
    sides.map((side) => h("td", {}, String(side.total))),
  );
  const match = h(
    "tr",
    { class: "match", dataset: { category: "match" } },
    h("th", { scope: "row" }, strings.matchTotal),
    view.scores.map((s, i) => h("td", { dataset: { side: i, score: s } }, String(s))),
  );

  let verdict = null;
  if (over && view.winner !== null && view.winner !== undefined) {
    verdict = h(
      "p",
      { class: "verdict", dataset: { winner: view.winner } },
      strings.winner(names[view.winner]),
      " ",
      strings.finalScore(view.scores[0], view.scores[1]),
    );
  }

  // Every finished round's totals, so the match's course can be read at a glance.
  const history =
    view.rounds.length > 1
      ? h(
          "ol",
          { class: "round-history", "aria-label": strings.roundHistory },
          view.rounds.map((r, i) =>
            h("li", {}, strings.roundLine(i + 1, r.sides.map((s, side) => `${names[side]} ${s.total}`).join(", "))),
          ),
        )
      : null;

  const button = over
    ? h("button", { type: "button", class: "primary", dataset: { action: "new-match", key: "new-match" }, onclick: actions.onNewMatch }, strings.newMatch)
    : h("button", { type: "button", class: "primary", dataset: { action: "next-round", key: "next-round" }, onclick: actions.onNextRound }, strings.nextRound);

  return h(
    "section",
    { class: "score-sheet", role: "dialog", "aria-labelledby": headId, dataset: { phase: view.phase } },
    h("h2", { id: headId }, heading),
    verdict,
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows, total, match)),
    history,
    h("div", { class: "sheet-actions" }, button),
  );
}
