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

/** How long after a tap that closed a dialog its second tap may come, if it was a double tap
 * (phones allow about 300 ms between a double tap's two taps). */
const SECOND_TAP_MS = 500;
/** How far from the first tap, in CSS pixels each way, a touch double tap's second tap lands. */
const SECOND_TAP_PX = 24;

/** The kind of pointer ("mouse", "touch", "pen") of the last press anywhere on the page: a
 * mouse event that follows a press does not say itself in every browser. */
let lastPointer = "mouse";
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", (e) => { lastPointer = e.pointerType; }, true);
}

/**
 * After a click that closed a dialog, ignores the second tap (or click) of a double tap, which
 * would otherwise act on whatever the dialog covered (play-test: a double tap on "Back to my
 * game" downloaded the record, or opened the file picker, of the records dialog beneath).
 * Within SECOND_TAP_MS a press or click is the second of a double tap when the browser counts
 * it so (`detail` 2 or more: a double click, a counted double tap) or, after a touch, when it
 * is another touch within SECOND_TAP_PX of the first. Anything else acts: a single click at
 * once on the same spot (a deliberate next click, as tests make), a tap elsewhere, a keyboard
 * click (`detail` 0, which sets no guard).
 * @param {MouseEvent} event the click that closed the dialog
 */
export function ignoreSecondTap(event) {
  if (!event || !event.detail) return;
  const { clientX: x, clientY: y } = event;
  const touch = lastPointer === "touch";
  const until = event.timeStamp + SECOND_TAP_MS;
  /** @param {MouseEvent} next */
  const guard = (next) => {
    if (next.timeStamp > until) return;
    const near = Math.abs(next.clientX - x) <= SECOND_TAP_PX && Math.abs(next.clientY - y) <= SECOND_TAP_PX;
    if (next.detail < 2 && !(touch && lastPointer === "touch" && near)) return;
    next.preventDefault();
    next.stopPropagation();
  };
  // The press too: its default moves the focus (Firefox took it off the control the dialog
  // beneath had focused), and a control may act on the press.
  const kinds = ["mousedown", "click", "dblclick"];
  for (const kind of kinds) window.addEventListener(kind, guard, true);
  setTimeout(() => {
    for (const kind of kinds) window.removeEventListener(kind, guard, true);
  }, SECOND_TAP_MS);
}

/** A promise that settles after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
