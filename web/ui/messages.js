// The page's messages (errors of the address, of a saved game, of the engine), shared by
// Cassino's page (web/app.js) and the California Jack page (web/jack/app.js).
//
// One message at a time: a box listing its lines (li.error[data-code], each "Error: text"),
// with one Dismiss button. `show(error, {add: true})` adds a line to the box on show, so the
// address's several problems make one message, not a stack of banners.
//
// The box must stay readable above any modal dialog (a <dialog> opened with showModal sits in
// the top layer, and the page behind it is inert): while one of the page's dialogs is open, the
// messages element moves into the topmost one (just under its heading), and back to its place
// on the page when they close.

import { h, fill } from "./dom.js";

export class Messages {
  /**
   * @param {HTMLElement} root the page's root (gets data-error = the last message's code)
   * @param {object} words {prefix: () => "Error", dismiss: () => "Dismiss", text?: (message) => string}
   */
  constructor(root, words) {
    this.root = root;
    this.words = words;
    this.el = h("div", { class: "messages", role: "alert" });
    this.home = document.createComment("messages"); // the element's place while in a dialog
    this.open = []; // the page's open dialogs, the last opened last
    this.observer = null;
  }

  /** Moves the messages into the topmost open dialog under `dialogs`, and back. */
  watch(dialogs) {
    this.observer = new MutationObserver((records) => {
      for (const { target } of records) {
        if (!(target instanceof HTMLDialogElement)) continue;
        this.open = this.open.filter((d) => d !== target);
        if (target.open) this.open.push(target);
      }
      this.place();
    });
    this.observer.observe(dialogs, { attributes: true, attributeFilter: ["open"], subtree: true });
  }

  stop() {
    if (this.observer) this.observer.disconnect();
  }

  place() {
    this.open = this.open.filter((d) => d.open && d.isConnected);
    const top = this.open[this.open.length - 1];
    if (top) {
      if (this.el.parentNode === top) return;
      if (!this.home.parentNode && this.el.parentNode) this.el.replaceWith(this.home);
      const head = top.querySelector(":scope > .dialog-head");
      if (head) head.after(this.el);
      else top.prepend(this.el);
    } else if (this.home.parentNode) {
      this.home.replaceWith(this.el);
    }
  }

  /** Shows an error ({code, message, detail?}), replacing the message shown (`add`: as one
   * more line of it). A `note` is no error, only a reason given (why Undo is closed): its line
   * (`li.note`) has no "Error:" before it (play-test 22: «Ошибка: Раунд сдачи дня окончен…»
   * read as a fault of the page). */
  show(error, { add = false, note = false } = {}) {
    const text = this.words.text ? this.words.text(error.message || error.code) : error.message || error.code;
    const line = h(
      "li",
      { class: note ? "note" : "error", dataset: { code: error.code || "", reason: error.reason || "" } },
      note ? null : h("strong", {}, `${this.words.prefix()}: `),
      text,
    );
    let box = add ? this.el.querySelector(".message") : null;
    if (!box) {
      box = h(
        "div",
        { class: "message" },
        h("ul", { class: "message-lines" }),
        h("button", { type: "button", class: "link", dataset: { action: "dismiss" }, onclick: () => this.clear() }, this.words.dismiss()),
      );
      fill(this.el, box);
    }
    box.querySelector("ul").append(line);
    box.classList.toggle("several", box.querySelectorAll("li").length > 1);
    this.root.dataset.error = error.code || "error";
  }

  clear() {
    this.el.textContent = "";
    delete this.root.dataset.error;
  }
}
