// The player's display options, shared by Cassino's page and the California Jack page: large
// cards, and a four-colour deck (spades black, hearts red, diamonds blue, clubs green). They are
// kept in the browser (localStorage, DISPLAY_KEY) and shown as two attributes on <html>:
//   data-cards = "large" | "normal", data-deck = "four" | "two"
// The stylesheets (app.css, jack.css) do the rest; no page code looks at them. <html> rather
// than <main id="app">, because the pages clear the latter's classes when they hand over.
//
// A stored value that is not what this module writes is ignored (the defaults are used); storage
// that is missing or refuses leaves the options for this page only. Nothing here throws.

import { fill, h } from "./dom.js";
import { createDialog } from "./dialog.js";
import { strings } from "./strings.js";
import { cardFace } from "./cards.js";

export const DISPLAY_KEY = "cassino.display";
export const DEFAULT_DISPLAY = Object.freeze({ largeCards: false, fourColour: false });

/** The dialog's sample of the French faces: a card of each suit. */
const FRENCH_SAMPLE = ["AS", "KH", "TD", "7C"];
const OPTIONS = Object.keys(DEFAULT_DISPLAY);

function store() {
  try {
    return globalThis.localStorage ?? null; // reading the property itself may throw
  } catch {
    return null;
  }
}

/** The saved options ({largeCards, fourColour}, booleans); any field not a boolean is the default. */
export function readDisplay() {
  let saved;
  try {
    saved = JSON.parse(store()?.getItem(DISPLAY_KEY) ?? "null");
  } catch {
    saved = null;
  }
  const ok = saved !== null && typeof saved === "object" && !Array.isArray(saved);
  const display = { ...DEFAULT_DISPLAY };
  for (const name of OPTIONS) {
    if (ok && typeof saved[name] === "boolean") display[name] = saved[name];
  }
  return display;
}

/** Keeps the options for the next visit; answers whether they could be kept. */
export function saveDisplay(display) {
  const clean = {};
  for (const name of OPTIONS) clean[name] = Boolean(display[name]);
  try {
    const storage = store();
    if (!storage) return false;
    storage.setItem(DISPLAY_KEY, JSON.stringify(clean));
    return true;
  } catch {
    return false;
  }
}

/** Shows the options on <html> (data-cards, data-deck), where the stylesheets find them. */
export function applyDisplay(display, root = globalThis.document?.documentElement) {
  if (!root) return;
  root.dataset.cards = display.largeCards ? "large" : "normal";
  root.dataset.deck = display.fourColour ? "four" : "two";
}

/**
 * What the dialog shows of the page's own pack, when it draws one other than the French faces
 * (Scopa's Italian and Escoba's Spanish pack: web/scopa/cards.js): the sample's faces and the
 * four-colour option's words.
 * @typedef {{faces: Node[], fourColourHelp: string}} DisplayPack
 */

/**
 * The "Display" dialog: one check box per option, applied and kept as soon as it changes.
 * @param {() => DisplayPack|null} [pagePack] the page's pack, asked each time the dialog
 *   opens (the player may change it meanwhile); null: the French faces of web/ui/cards.js
 * @returns the dialog (web/ui/dialog.js); open() shows it with the current options.
 */
export function displayDialog(pagePack = () => null) {
  const dialog = createDialog({ name: "display", title: strings.displayTitle });
  const status = h("p", { class: "display-status", role: "status" });
  const boxes = {};
  const option = (name, label, help) => {
    const helpId = `display-${name}-help`;
    boxes[name] = h("input", {
      type: "checkbox",
      name,
      "aria-describedby": helpId,
      dataset: { display: name },
      onchange: () => {
        const display = readDisplay();
        for (const key of OPTIONS) display[key] = boxes[key].checked;
        applyDisplay(display);
        status.textContent = saveDisplay(display) ? "" : strings.displayNotKept;
      },
    });
    return h(
      "div",
      { class: "display-option" },
      h("label", {}, boxes[name], h("span", {}, label)),
      h("p", { class: "field-help", id: helpId, dataset: { help: name } }, help),
    );
  };
  // A sample of the cards as they are drawn now, for the eye only (filled as the dialog opens).
  const sample = h("div", { class: "display-sample", "aria-hidden": "true" });
  dialog.body.append(
    h(
      "fieldset",
      { class: "display-options" },
      h("legend", { class: "sr-only" }, strings.displayTitle),
      option("largeCards", strings.displayLargeCards, strings.displayLargeCardsHelp),
      option("fourColour", strings.displayFourColour, strings.displayFourColourHelp),
    ),
    sample,
    status,
  );
  const fourColourHelp = /** @type {HTMLElement} */ (dialog.body.querySelector("[data-help=fourColour]"));
  const open = dialog.open.bind(dialog);
  dialog.open = (focusSelector) => {
    const display = readDisplay();
    for (const name of OPTIONS) boxes[name].checked = display[name];
    status.textContent = "";
    // The pack the game draws (Scopa and Escoba: their own, unless the player chose the French
    // faces): its sample and its words; they showed French cards and suits (a Russian phone
    // play-test).
    const pack = pagePack();
    fill(sample, pack ? pack.faces : FRENCH_SAMPLE.map((code) => cardFace(code)));
    sample.dataset.pack = pack ? "page" : "french";
    fourColourHelp.textContent = pack ? pack.fourColourHelp : strings.displayFourColourHelp;
    open(focusSelector);
  };
  return dialog;
}
