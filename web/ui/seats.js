// A seat's panel: name, whose turn, dealer, captured pile (cards, spades, sweeps), last move.

import { strings } from "./strings.js";
import { h } from "./dom.js";
import { pastText } from "./describe.js";

/**
 * @param status text shown under the name ("Your turn", "Computer is thinking…"), or ""
 * @param body   extra content (a hidden hand) or null
 */
export function renderSeat(view, seat, names, status, body) {
  const cap = view.captured[seat] || { cards: 0, spades: 0, sweeps: 0 };
  const name = names[seat];
  const move = view.last_moves ? view.last_moves[seat] : null;
  const toPlay = view.phase === "play" && view.turn === seat;
  const sweeps = cap.sweeps > 0 ? "★".repeat(Math.min(cap.sweeps, 5)) + (cap.sweeps > 5 ? "+" : "") : "";
  return h(
    "section",
    {
      class: `seat ${seat === view.seat ? "me" : "them"} ${toPlay ? "to-play" : ""}`,
      "aria-label": name,
      dataset: { seat, captured: cap.cards, spades: cap.spades, sweeps: cap.sweeps },
    },
    h(
      "div",
      { class: "seat-head" },
      h("h2", { class: "seat-name" }, name),
      view.dealer === seat ? h("span", { class: "chip dealer" }, strings.dealer) : null,
      view.last_capturer === seat ? h("span", { class: "chip" }, strings.lastCapturer) : null,
      h("span", { class: "seat-status", "aria-hidden": status ? null : "true" }, status || ""),
    ),
    h(
      "div",
      { class: "captured", role: "group", "aria-label": strings.capturedLabel(name, cap.cards, cap.spades, cap.sweeps) },
      h("span", { class: "cap-title", "aria-hidden": "true" }, `${strings.captured}:`),
      h("span", { class: "chip", "aria-hidden": "true" }, strings.capturedCards(cap.cards)),
      h("span", { class: "chip", "aria-hidden": "true" }, strings.capturedSpades(cap.spades)),
      h("span", { class: `chip ${cap.sweeps ? "sweep" : ""}`, "aria-hidden": "true" }, `${strings.capturedSweeps(cap.sweeps)} ${sweeps}`),
    ),
    body,
    h(
      "p",
      { class: "last-move", dataset: { lastMove: move ? move.text : "" } },
      h("span", { class: "last-move-title" }, `${strings.lastMove}: `),
      move ? pastText(seat === view.seat ? strings.you : name, move) : strings.noMoveYet,
    ),
  );
}
