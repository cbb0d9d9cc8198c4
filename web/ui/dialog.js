// Modal dialogs on the native <dialog> element: showModal() keeps focus inside and makes the
// rest of the page inert; Escape closes (unless the dialog is `required`); focus goes back to
// the control that opened it.

import { h, ignoreSecondTap } from "./dom.js";
import { strings } from "./strings.js";

/**
 * @param {object} opts {name, title, required?: boolean, onClose?: () => void}
 * @returns {{el: HTMLDialogElement, body: HTMLElement, setTitle(text: string): void,
 *   setRequired(value: boolean): void, open(focusSelector?: string): void,
 *   close(options?: {returnFocus?: boolean}): void, isOpen(): boolean}}
 */
export function createDialog(opts) {
  const titleId = `dlg-${opts.name}-title`;
  const title = h("h2", { id: titleId }, opts.title);
  const closeButton = h(
    "button",
    { type: "button", class: "dialog-close", "aria-label": strings.close, dataset: { action: `close-${opts.name}` } },
    "×",
  );
  const body = h("div", { class: "dialog-body" });
  const el = h(
    "dialog",
    { class: `dialog dialog-${opts.name}`, "aria-labelledby": titleId, dataset: { dialog: opts.name } },
    h("div", { class: "dialog-head" }, title, closeButton),
    body,
  );
  let opener = null;
  let required = Boolean(opts.required);
  let closing = false; // closed by the page (not by Escape)
  let returnFocus = true; // false: the page places the focus itself after closing

  const api = {
    el,
    body,
    setTitle(text) {
      title.textContent = text;
    },
    setRequired(value) {
      required = Boolean(value);
      closeButton.hidden = required;
    },
    isOpen() {
      return el.open;
    },
    open(focusSelector) {
      const active = document.activeElement;
      const opening = !el.open;
      if (opening) opener = active && active !== document.body ? active : null;
      if (opening) el.showModal();
      const target = focusSelector ? el.querySelector(focusSelector) : null;
      // A dialog opens at its top: on a phone the focused control may lie a screen further
      // down, and scrolling to it would hide the title and the words that explain it. The
      // browser scrolls it into view as soon as the keyboard moves on.
      (target || body.querySelector("input, select, textarea, button") || closeButton).focus({ preventScroll: true });
      if (opening) {
        el.scrollTop = 0;
        body.scrollTop = 0; // a dialog whose body scrolls below its heading (the new-game screens)
      }
    },
    /** `returnFocus: false` when what the dialog did moves the focus elsewhere (a new game
     * puts it on the hand): the opener may be a control still on the page, and the "close"
     * event, a task later, would take the focus back there. */
    close({ returnFocus: back = true } = {}) {
      if (!el.open) return;
      closing = true; // the "close" event comes later, as a task
      returnFocus = back;
      // The control focused in the dialog (a variant pressed with Enter) would stay the page's
      // active element until the browser notices it is hidden, and the page placing the focus
      // meanwhile (web/app.js keepFocus) would take it for the player's own: let it go now.
      const held = document.activeElement;
      if (!back && held instanceof HTMLElement && el.contains(held)) held.blur();
      el.close();
    },
  };
  api.setRequired(required);
  closeButton.addEventListener("click", (e) => {
    ignoreSecondTap(e); // a double tap on × must not act on what lay beneath the dialog
    api.close();
  });
  // Escape: the browser sends "cancel"; a required dialog (nothing behind it) stays open.
  el.addEventListener("cancel", (e) => {
    if (required) e.preventDefault();
  });
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    e.stopPropagation(); // the game's own Escape (clear selection) stays out
    if (required) e.preventDefault();
  });
  el.addEventListener("close", () => {
    const byPage = closing;
    closing = false;
    if (required && !byPage) {
      el.showModal(); // nothing behind a required dialog: it cannot be dismissed
      return;
    }
    if (opts.onClose) opts.onClose();
    const back = returnFocus ? opener : null;
    opener = null;
    returnFocus = true;
    // Chromium has already put the focus back on the opener as the dialog closed; this event
    // comes a task later, and by then the player may have moved on (a key pressed at once on
    // another control): only a focus left nowhere, or still in the dialog, is taken back.
    const now = document.activeElement;
    const lost = !now || now === document.body || el.contains(now);
    if (back && lost && back.isConnected && typeof back.focus === "function") back.focus();
  });
  return api;
}
