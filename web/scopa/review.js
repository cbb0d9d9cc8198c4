// The fishing page's move log and round replay (Scopa, Escoba, Cirulla, Pishti, Tablić) in the
// shared dialogs (web/ui/movelog.js, web/ui/replay.js). The engine's `move_log` and `replay` ops
// (cassino_core/fishing/review.py, docs/api.md) give the facts: every move of the match with its
// seat and what it took; a finished round's positions with every hand shown. The words are the
// page's own for a move (`say`: the Last move line's, so a take, a trail, Pishti's pile and
// Cirulla's declaration read the same here) and the game's words; nothing here decides a rule.

import { h } from "../ui/dom.js";
import { wordsList } from "../ui/declension.js";
import { strings } from "../ui/strings.js";
import { faces } from "../ui/replay.js";
import { groupedLog } from "../ui/movelog.js";
import { scopaStrings as t } from "./strings.js";
import { scopaFace, scopaName, scopaWords } from "./cards.js";

/**
 * A logged move in words: the page's sentence for it, the cards a take from Pishti's pile held
 * (the pile's words name none), and the game's sweep word when it made one.
 * @param {object} opts {say(seat, move): string, pile(): boolean (the table is one pile), pack(): string}
 */
export function loggedMove(opts, seat, move) {
  let words = opts.say(seat, move);
  if (opts.pile() && move.kind === "capture" && move.take && move.take.length) {
    // The pile's contents are an inventory in brackets, a label: commas only (docs/i18n.md).
    words += ` ${t.logPileCards(wordsList(move.take.map((c) => scopaWords(c, opts.pack()))))}`;
  }
  return move.sweep ? `${words} — ${t.sweepSaid}` : words;
}

/** The move log's drawing: a heading a round, one line a move, the newest last.
 * @param {object} opts as loggedMove's */
export function fishingLog(opts) {
  return (log) =>
    groupedLog(log, {
      group: (entry) => entry.round,
      heading: (round) => t.logRound(round),
      data: "logRound",
      item: (entry) => h("li", { dataset: { logMove: entry.move.text, seat: entry.seat, deal: entry.deal } }, loggedMove(opts, entry.seat, entry.move)),
    });
}

/**
 * The replay's drawing of a round step: the table (face up in the order the cards came, Pishti's
 * face-down cards apart), every hand face up, what each seat has taken and its sweeps; at the
 * round's end, its points.
 * @param {object} opts loggedMove's, with names(): string[] per seat, sideNames(): string[] per
 *   side, levelOf(level): string
 */
export function fishingReplay(opts) {
  const cardsOf = (cards, label) => faces(cards, label, { sort: false, face: (c) => scopaFace(c, opts.pack(), "small"), name: (c) => scopaName(c, opts.pack()) });
  const line = (step) => (step.kind === "move" ? t.replayMoveLine(step.deal, loggedMove(opts, step.seat, step.move)) : t.replayDealt(step.round));
  const draw = (step, answer) => {
    const names = opts.names();
    const levels = (answer && answer.levels) || [];
    const table = h(
      "section",
      { class: "replay-table", dataset: { replayTable: step.table.join(" ") }, "aria-label": t.table },
      h("h3", {}, t.table),
      step.table.length ? cardsOf(step.table, t.table) : h("p", {}, t.tableEmpty),
      step.face_down.length ? h("div", { class: "replay-face-down" }, h("p", {}, t.replayFaceDown), cardsOf(step.face_down, t.replayFaceDown)) : null,
      h("p", {}, step.stock > 0 ? t.stockCount(step.stock) : t.stockNone),
    );
    const seats = step.hands.map((hand, seat) =>
      h(
        "section",
        {
          class: `replay-seat ${step.turn === seat ? "to-play" : ""} ${step.seat === seat ? "just-played" : ""}`,
          dataset: { replaySeat: seat },
          "aria-label": strings.replayHand(names[seat]),
        },
        h("h3", {}, levels[seat] ? `${names[seat]} · ${opts.levelOf(levels[seat])}` : names[seat]),
        cardsOf(hand, strings.replayHand(names[seat])),
        h("p", { class: "replay-captured", dataset: { captured: step.captured[seat], sweeps: step.sweeps[seat] } }, [t.taken(step.captured[seat]), step.sweeps[seat] ? t.sweepCount(step.sweeps[seat]) : null].filter(Boolean).join(", ")),
      ),
    );
    const last = answer && step === answer.steps[answer.steps.length - 1];
    const sides = opts.sideNames();
    const points = last && answer.result ? h("p", { class: "replay-scores" }, t.replayRoundPoints(answer.result.points.map((p, side) => `${sides[side] ?? side} ${p}`).join(" · "))) : null;
    return [table, h("div", { class: "replay-seats" }, seats), points].filter((part) => part !== null);
  };
  return { line, draw };
}
