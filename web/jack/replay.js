// California Jack and Shasta Sam in the shared replay and move-log dialogs (web/ui/replay.js,
// web/ui/movelog.js): how a step and the card log are drawn. The engine's `replay` (refused
// until the match is over) and `move_log` ops give the facts.

import { h } from "../ui/dom.js";
import { cardPhrase } from "../ui/cards.js";
import { faces } from "../ui/replay.js";
import { groupedLog } from "../ui/movelog.js";
import { jackStrings as t, SUIT_SYMBOLS } from "./strings.js";

/** The drawing of a replay step. @param names () => string[] (per seat) */
export function jackReplay(names) {
  const line = (step) => {
    if (step.kind !== "card") return t.replayDealt(step.deal);
    const who = names()[step.seat];
    const won = step.winner === null ? "" : t.replayWon(names()[step.winner]);
    return t.replayPlayed(step.deal, step.trick_number, who, cardPhrase(step.card)) + won;
  };
  const draw = (step, answer) => {
    const who = names();
    const levels = (answer && answer.levels) || [];
    const seats = step.hands.map((hand, seat) =>
      h(
        "section",
        {
          class: `replay-seat ${step.turn === seat ? "to-play" : ""} ${step.seat === seat ? "just-played" : ""}`,
          dataset: { replaySeat: seat },
          "aria-label": t.replayHand(who[seat]),
        },
        h("h3", {}, levels[seat] ? `${who[seat]} · ${t.levelNames[levels[seat]] ?? levels[seat]}` : who[seat]),
        faces(hand, t.replayHand(who[seat])),
        h("p", { class: "replay-captured", dataset: { captured: step.won[seat] } }, t.replayWonCards(step.won[seat], step.card_points[seat])),
      ),
    );
    const trick = shownTrick(step, answer);
    const table = h(
      "section",
      { class: "replay-table", dataset: { replayTable: "", trickWon: trick.won ? "true" : "false" }, "aria-label": t.replayTrick },
      h("p", {}, t.replayTrump(SUIT_SYMBOLS[step.trump], cardPhrase(step.trump_card))),
      h("h3", {}, t.replayTrick),
      faces(trick.cards, t.replayTrick, { sort: false }),
      h("p", {}, t.replayStock(step.stock.length)),
      step.stock.length ? h("div", { class: "replay-stock" }, faces(step.stock.slice(0, 8), t.replayStock(step.stock.length), { sort: false })) : null,
    );
    return [table, h("div", { class: "replay-seats" }, seats), h("p", { class: "replay-scores" }, t.replayScores(step.scores[0], step.scores[1], who[0], who[1]))];
  };
  return { line, draw };
}

/**
 * The cards to show in the trick, in the order played: the trick being played, or, on the step
 * whose card ended a trick (the engine's `trick` is empty again there), that whole trick: the
 * previous step's cards and this one. `won`: the trick shown is complete.
 */
function shownTrick(step, answer) {
  const steps = (answer && answer.steps) || [];
  const before = steps[steps.indexOf(step) - 1];
  if (step.kind === "card" && step.winner !== null && !step.trick.length && before) {
    return { cards: [...before.trick.map((p) => p.card), step.card], won: true };
  }
  return { cards: step.trick.map((p) => p.card), won: false };
}

/** The drawing of the card log: by deal, one line a card. @param names () => string[] */
export function jackLog(names) {
  return (log) => {
    const who = names();
    return groupedLog(log, {
      group: (entry) => entry.deal,
      heading: (deal) => t.moveLogDeal(deal),
      data: "logDeal",
      item: (entry) => {
        const won = entry.winner === null ? "" : t.moveLogWon(who[entry.winner]);
        return h("li", { dataset: { logMove: entry.card, seat: entry.seat } }, t.moveLogCard(entry.trick, who[entry.seat], cardPhrase(entry.card)) + won);
      },
    });
  };
}
