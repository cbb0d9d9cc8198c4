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

/** A promise that settles after `ms` milliseconds. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
