// A tiny element factory: h("button", {class: "x", onclick: f}, "text", child, ...).
// Attributes whose value is null, undefined or false are left out; true gives an empty attribute.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) el.dataset[k] = v;
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  el.append(...nodes(children));
  return el;
}

/** `children` as nodes: nested lists flattened, null, undefined and false left out (the DOM's
 * own append and replaceChildren would write them as the text "null"), other values as text. */
function nodes(children) {
  return children.flat(Infinity)
    .filter((child) => child !== null && child !== undefined && child !== false)
    .map((child) => (child instanceof Node ? child : document.createTextNode(String(child))));
}

/**
 * Replaces `el`'s children with `children`, as h() takes them: a part a renderer leaves out
 * (null, undefined, false) is left out, not written as "null" (play-tests 11 and 13: the
 * record's replace question and the statistics dialog showed "null").
 * @param {Element} el
 * @param {...any} children nodes, strings, numbers, lists of them, null/undefined/false
 */
export function fill(el, ...children) {
  el.replaceChildren(...nodes(children));
}

/** How long after a tap that closed a dialog a tap on the same spot counts as the second tap
 * of a double tap (phones take about 300 ms between a double tap's two taps). */
const SECOND_TAP_MS = 400;
/** How far from the first tap, in CSS pixels each way, the second tap of a double tap lands. */
const SECOND_TAP_PX = 24;

/**
 * After a click that closed a dialog, ignores the second tap of a double tap: a click within
 * SECOND_TAP_MS on the same spot (SECOND_TAP_PX), which would otherwise act on whatever lay
 * under the dialog (play-test: a double tap on "Back to my game" downloaded the record, or
 * opened the file picker, of the records dialog beneath). A click made with the keyboard
 * (`detail` 0) sets no guard; a tap elsewhere, or later, is never ignored.
 * @param {MouseEvent} event the click that closed the dialog
 */
export function ignoreSecondTap(event) {
  if (!event || !event.detail) return;
  const { clientX: x, clientY: y } = event;
  const until = event.timeStamp + SECOND_TAP_MS;
  /** @param {MouseEvent} next */
  const guard = (next) => {
    if (next.timeStamp > until) return;
    if (Math.abs(next.clientX - x) > SECOND_TAP_PX || Math.abs(next.clientY - y) > SECOND_TAP_PX) return;
    next.preventDefault();
    next.stopPropagation();
  };
  window.addEventListener("click", guard, true);
  setTimeout(() => window.removeEventListener("click", guard, true), SECOND_TAP_MS);
}

/** A promise that settles after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
