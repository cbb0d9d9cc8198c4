// Words and marks for the engine's thinking: the reasons it gives for a move (hint and
// computer_move answers: [{code, value?, card?}], docs/api.md), engine messages that name seats
// by number, and the "is thinking" line with its animated dots (still under
// prefers-reduced-motion, see app.css).

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { cardShort } from "./cards.js";

const CARD = /^[A2-9TJQK][SHDC]$/;

/**
 * One reason as a sentence; a code this page does not know gets a generic sentence.
 * `mine`: the move is suggested to the player ("your build"), else a computer made it
 * ("its build").
 */
export function reasonText(reason, { mine = true } = {}) {
  const code = reason && typeof reason.code === "string" ? reason.code : "";
  const words = Object.hasOwn(strings.reasons, code) ? strings.reasons[code] : null;
  if (!words) return strings.reasonOther;
  const value = Number.isInteger(reason.value) ? reason.value : null;
  const card = typeof reason.card === "string" && CARD.test(reason.card) ? cardShort(reason.card) : null;
  // A reason worded by who moves is a table {you, it}: a hint speaks to the player ("your
  // build"), a computer's move of the computer ("its build").
  const worded = words && typeof words === "object" ? words[mine ? "you" : "it"] : words;
  const text = typeof worded === "function" ? worded(value, card) : worded;
  return typeof text === "string" && text ? text : strings.reasonOther;
}

/** Several reasons as sentences, each once (the engine may repeat a code with values). */
export function reasonTexts(reasons, options = {}) {
  const seen = new Set();
  const out = [];
  for (const reason of Array.isArray(reasons) ? reasons : []) {
    const text = reasonText(reason, options);
    if (!seen.has(text)) {
      seen.add(text);
      out.push({ code: reason && reason.code ? String(reason.code) : "", text });
    }
  }
  return out;
}

/** "Computer is thinking" with three dots that pulse in turn (a status for screen readers). */
export function thinkingLine(text) {
  return h(
    "span",
    { class: "thinking", dataset: { thinking: "true" } },
    text,
    h("span", { class: "dots", "aria-hidden": "true" }, h("i", {}, "."), h("i", {}, "."), h("i", {}, ".")),
  );
}
