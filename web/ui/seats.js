// A seat's panel: name, side (team), dealer and turn markers, cards in hand, captured pile
// (cards, spades or diamonds, sweeps, penalties), last move; a computer's level, and whether it is thinking.

import { strings } from "./strings.js";
import { h } from "./dom.js";
import { pastText } from "./describe.js";

/**
 * @param status text shown under the name ("Your turn", "Computer is thinking…"), or ""
 * @param body   extra content (a hand, hidden or not) or null
 * @param {object} info   {side: number|null (shown when partners play), me: boolean (the seat whose
 *               hand is on screen), partner: boolean (the on-screen player's partner),
 *               level: string|null (a computer's level), thinking: boolean, lastMove: the
 *               engine's move to show as the seat's last (the computer's move on show, which the
 *               view, still the one before it, does not hold yet), else the view's;
 *               inHand: the cards it holds, when not the view's (the card on show has left)}
 */
export function renderSeat(view, seat, names, status, body, info = {}) {
  const cap = view.captured[seat] || { cards: 0, spades: 0, sweeps: 0 };
  const name = names[seat];
  const move = info.lastMove || (view.last_moves ? view.last_moves[seat] : null);
  const toPlay = view.phase === "play" && view.turn === seat;
  const sweeps = cap.sweeps > 0 ? "★".repeat(Math.min(cap.sweeps, 5)) + (cap.sweeps > 5 ? "+" : "") : "";
  const side = info.side ?? null;
  const inHand = info.inHand ?? (view.hand_counts ? view.hand_counts[seat] : 0);
  // The suit that scores: diamonds in Diamond Cassino, else spades (the engine says which).
  const diamonds = view.counted_suit === "D";
  const label = diamonds
    ? strings.capturedLabelDiamonds(name, cap.cards, cap.diamonds || 0, cap.sweeps)
    : strings.capturedLabel(name, cap.cards, cap.spades, cap.sweeps);
  // Points lost this round to builder's defaults (Michigan: 2 each).
  const penalty = 2 * (cap.penalties || 0);
  return h(
    "section",
    {
      class: `seat ${info.me ? "me" : "them"} ${toPlay ? "to-play" : ""} ${info.partner ? "partner" : ""} ${info.thinking ? "thinking-now" : ""}`,
      "aria-busy": info.thinking ? "true" : null,
      "aria-label": name,
      dataset: {
        seat,
        side: side ?? "",
        captured: cap.cards,
        spades: cap.spades,
        sweeps: cap.sweeps,
        handCount: inHand,
        dealer: view.dealer === seat ? "true" : "false",
        toPlay: toPlay ? "true" : "false",
        level: info.level || null,
      },
    },
    h(
      "div",
      { class: "seat-head" },
      h("h2", { class: "seat-name" }, name),
      side !== null ? h("span", { class: `chip side side-${side}`, dataset: { sideChip: side } }, strings.side(side)) : null,
      info.level
        ? h("span", { class: `chip level level-${info.level}`, title: strings.levelChipTitle(info.level), dataset: { levelChip: info.level } }, strings.levelOf(info.level))
        : null,
      info.partner ? h("span", { class: "chip partner-chip" }, strings.yourPartner) : null,
      view.dealer === seat ? h("span", { class: "chip dealer", dataset: { dealerChip: "true" } }, strings.dealer) : null,
      // Another seat's status says it plays ("Computer's turn", "thinking", its move): the chip
      // would say it twice and push the status onto a line of its own.
      toPlay && (info.me || !status) ? h("span", { class: "chip turn", dataset: { turnChip: "true" } }, strings.toPlay) : null,
      view.last_capturer === seat
        ? h("span", { class: "chip last-capturer", title: strings.lastCapturer, "aria-label": strings.lastCapturer }, strings.lastCapturerShort)
        : null,
      h("span", { class: "seat-status", "aria-hidden": status ? null : "true" }, status || ""),
    ),
    h(
      "div",
      { class: "captured", role: "group", "aria-label": `${strings.handCount(inHand)}. ${label}${penalty ? `, ${strings.penaltyLabel(penalty)}` : ""}` },
      h("span", { class: "chip hand-count", "aria-hidden": "true", dataset: { handCount: inHand } }, strings.handCountShort(inHand)),
      h("span", { class: "cap-title", "aria-hidden": "true" }, `${strings.captured}:`),
      h("span", { class: "chip", "aria-hidden": "true", dataset: { capturedCount: cap.cards } }, strings.capturedCards(cap.cards)),
      h("span", { class: "chip", "aria-hidden": "true", dataset: { suitCount: diamonds ? "D" : "S" } }, diamonds ? strings.capturedDiamonds(cap.diamonds || 0) : strings.capturedSpades(cap.spades)),
      h("span", { class: `chip ${cap.sweeps ? "sweep" : "zero"}`, "aria-hidden": "true", dataset: { sweepCount: cap.sweeps } }, sweeps ? `${strings.capturedSweeps(cap.sweeps)} ${sweeps}` : strings.capturedSweeps(cap.sweeps)),
      penalty ? h("span", { class: "chip penalty", "aria-hidden": "true", dataset: { penaltyPoints: penalty } }, strings.capturedPenalty(penalty)) : null,
    ),
    body,
    h(
      "p",
      { class: "last-move", dataset: { lastMove: move ? move.text : "" } },
      h("span", { class: "last-move-title" }, `${strings.lastMove}: `),
      move ? seatPastText(name, move) : strings.noMoveYet,
    ),
  );
}

/**
 * The seat's last move for its own panel, under its name: the move log's sentence without a
 * leading "Name: " (the Russian and Ukrainian sentences start so: "Компьютер: взятие 5♦ картой
 * 5♣", which after "Последний ход: " stacked two colons, play-test 7); a sentence that names
 * the seat in its own words ("Computer captured...") is kept whole.
 * @param {string} name the seat's name, as its panel shows it
 * @param {object} move the engine's last move of the seat (a page move: cassino_core/view.py)
 * @returns {string}
 */
function seatPastText(name, move) {
  const text = pastText(name, move);
  return text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text;
}
