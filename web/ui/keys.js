// Keyboard help for the game pages: roving focus over a row of buttons (the hand, the table,
// the move choices) and the "Keys" dialog that lists the keys.
//
// Roving tabindex: Tab enters a row once, on its current button (tabindex 0; the others -1),
// and the arrow keys, Home and End move within it. The pages redraw their rows from the view
// after each change, so the current button is remembered by its data-key and given back on
// every redraw.

import { h } from "./dom.js";
import { createDialog } from "./dialog.js";
import { strings } from "./strings.js";

const STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** Whether the page is on a touch screen, where words about keys do not help (the query
 * app.css uses to hide the replay's key help). */
export function touchScreen() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(hover: none), (pointer: coarse)").matches);
}

export class Roving {
  /** @param selector CSS selector of the rows (e.g. ".hand-cards, .table-items") */
  constructor(selector) {
    this.selector = selector;
    this.current = new Map(); // row's class name -> data-key of its current button
  }

  rowName(row) {
    return row.className.split(" ")[0];
  }

  /** After a redraw: one button per row takes part in Tab (the remembered one, else the
   * pressed one, else the first usable one, else the first). */
  apply(root) {
    for (const row of root.querySelectorAll(this.selector)) {
      const buttons = [...row.querySelectorAll("button")];
      if (!buttons.length) continue;
      const remembered = this.current.get(this.rowName(row));
      const chosen =
        buttons.find((b) => b.dataset.key === remembered) ||
        buttons.find((b) => b.getAttribute("aria-pressed") === "true") ||
        buttons.find((b) => b.getAttribute("aria-disabled") !== "true") ||
        buttons[0];
      for (const b of buttons) b.tabIndex = b === chosen ? 0 : -1;
    }
  }

  /** A focus entering a row makes the focused button its current one. */
  focused(target) {
    const row = target instanceof HTMLElement ? target.closest(this.selector) : null;
    if (!row || !target.matches("button")) return;
    this.current.set(this.rowName(row), target.dataset.key);
    for (const b of row.querySelectorAll("button")) b.tabIndex = b === target ? 0 : -1;
  }

  /** Arrow keys, Home and End within a row; answers whether the key was used. */
  key(e) {
    const target = e.target instanceof HTMLElement ? e.target : null;
    const row = target ? target.closest(this.selector) : null;
    if (!row) return false;
    const buttons = [...row.querySelectorAll("button")];
    const i = buttons.indexOf(target);
    if (i < 0) return false;
    let next;
    if (e.key in STEPS) next = (i + STEPS[e.key] + buttons.length) % buttons.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = buttons.length - 1;
    else return false;
    e.preventDefault();
    buttons[next].focus();
    return true;
  }
}

/**
 * The shortcut a key press names, by the physical key (`KeyboardEvent.code`) so that the
 * letters work on any layout (on a Cyrillic one, the key marked H gives e.key "р"): "h" for
 * KeyH, "?" for "?" or Shift+Slash, else e.key (a letter in lower case).
 */
export function shortcutKey(e) {
  const code = typeof e.code === "string" ? e.code : "";
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1].toLowerCase();
  if (e.key === "?" || (code === "Slash" && e.shiftKey)) return "?";
  const key = typeof e.key === "string" ? e.key : "";
  return key.length === 1 ? key.toLowerCase() : key;
}

/** Whether a key press belongs to a text field, a list box or a dialog (no shortcuts then). */
export function typingIn(e) {
  const target = e.target instanceof HTMLElement ? e.target : null;
  return Boolean(target && target.closest("input, textarea, select, [contenteditable], dialog"));
}

/**
 * A keys column in the page's language. The column is notation ("U, Ctrl+Z", the same in every
 * language file): each key name in it ("Ctrl", "Space") is shown as `strings.keyNames` words
 * it, letters and symbols ("U", "?", "← →") as written.
 */
export function keyLabel(notation) {
  return String(notation)
    .split(/(, |\+)/)
    .map((part) => (Object.hasOwn(strings.keyNames, part) ? strings.keyNames[part] : part))
    .join("");
}

/** The "Keys" dialog: `rows` is [[keys (notation, see keyLabel), what they do], ...]. */
export function keysDialog(rows) {
  const dialog = createDialog({ name: "keys", title: strings.keysTitle });
  dialog.body.append(
    h(
      "table",
      { class: "keys-table" },
      h("caption", { class: "sr-only" }, strings.keysTitle),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, strings.keysKey), h("th", { scope: "col" }, strings.keysDoes))),
      h(
        "tbody",
        {},
        rows.map(([keys, does]) => h("tr", {}, h("th", { scope: "row" }, h("kbd", { dataset: { keys } }, keyLabel(keys))), h("td", {}, does))),
      ),
    ),
    h("p", { class: "keys-note" }, strings.keysNote),
  );
  return dialog;
}
