// Saving and loading a game record: the engine writes it (export_record: {record, text}) and
// replays it (load_record); the page only moves the text between the engine and a file.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { askReplace } from "./replace.js";

export class RecordsPanel {
  /**
   * @param {object} opts {exportRecord(): Promise<{record, text}|{error}>, loadRecord(text): Promise<{error}|null>,
   *              fileName(): string (without extension), inProgress?(): boolean (a game not yet over
   *              is on the table: loading asks before replacing it, web/ui/replace.js),
   *              check?(text): Promise<{code, message}|null> (the engine reads and replays the text
   *              without loading it, load_record with "check": true: a text that is no record, or
   *              not one this page loads, is refused before the question, in the page's words),
   *              replacesSaved?(): {title, seed?}|null (the text just checked would go under
   *              another game's save, a match not yet over: it is named and the question asked
   *              in its own words, though the table's game stays saved)}
   */
  constructor(opts) {
    this.opts = opts;
    this.dialog = createDialog({ name: "records", title: strings.recordsTitle });
    this.status = h("p", { class: "records-status", role: "status", dataset: { status: "" } });
    this.error = h("p", { class: "records-error", role: "alert", tabindex: "-1", dataset: { error: "" } });
    // The browser's own file control words itself in the browser's language ("Choose File",
    // "No file chosen" on a Russian page: a phone play-test) and is 21 px high: it is hidden
    // (still focusable, Enter or Space opens the picker), and a label of 44 px in the page's
    // language opens it, with the chosen file's name beside it.
    this.file = h("input", {
      type: "file",
      id: "record-file",
      class: "records-file-input",
      accept: ".txt,.json,.cassino,text/plain,application/json",
      dataset: { key: "record-file" },
      onchange: () => this.readFile(),
    });
    this.fileName = h("span", { class: "records-file-name", dataset: { fileName: "" } }, strings.noFileChosen);
    this.text = h("textarea", {
      id: "record-text",
      rows: "6",
      spellcheck: "false",
      autocomplete: "off",
      dataset: { key: "record-text" },
    });
    // The record's text on the page, to copy (a phone saves a download where its player may
    // not find it again: play-test). Read-only; shown by "Show the text".
    this.shown = h("textarea", { id: "record-shown", rows: "6", readonly: true, spellcheck: "false", dataset: { key: "record-shown" } });
    this.copyButton = h("button", { type: "button", dataset: { action: "copy-text" }, onclick: () => this.copy() }, strings.copyText);
    this.copyNote = h("p", { class: "records-copy-note", role: "status", dataset: { failed: "" } });
    this.shownBox = h(
      "div",
      { class: "records-shown", hidden: true },
      h("label", { for: "record-shown" }, strings.shownLabel),
      this.shown,
      h("div", { class: "start-buttons" }, this.copyButton),
      this.copyNote,
    );
    this.loadButton = h("button", { type: "button", class: "primary", dataset: { action: "do-load-record" }, onclick: () => this.load() }, strings.loadButton);
    this.loading = false;
    this.dialog.body.append(
      h("p", { class: "field-help" }, strings.recordsIntro),
      h(
        "div",
        { class: "records-save" },
        h("button", { type: "button", dataset: { action: "save-text" }, onclick: () => this.save("text") }, strings.saveText),
        h("button", { type: "button", dataset: { action: "save-json" }, onclick: () => this.save("json") }, strings.saveJson),
        h("button", { type: "button", dataset: { action: "show-text" }, "aria-controls": "record-shown", onclick: () => this.show() }, strings.showText),
      ),
      this.shownBox,
      h(
        "fieldset",
        { class: "records-load" },
        h("legend", {}, strings.loadLegend),
        h("span", { class: "records-file-title" }, strings.loadFile),
        h(
          "div",
          { class: "records-file" },
          this.file,
          h("label", { for: "record-file", class: "records-file-button" }, strings.chooseFile),
          this.fileName,
        ),
        h("label", { for: "record-text" }, strings.loadPaste),
        this.text,
        h("div", { class: "start-buttons" }, this.loadButton),
      ),
      this.error,
      this.status,
    );
  }

  get el() {
    return this.dialog.el;
  }

  open(focus) {
    this.setError("");
    this.setStatus("");
    // A text shown earlier is of an earlier move: shown again only when asked.
    this.shownBox.hidden = true;
    this.shown.value = "";
    this.setCopyNote("");
    this.dialog.open(focus === "load" ? "#record-file" : "[data-action=save-text]");
  }

  /** `detail`: the engine's own (English) sentence, kept out of the text as a tooltip. */
  setError(text) {
    this.error.textContent = text;
    this.error.dataset.error = text ? "1" : "";
  }

  setStatus(text) {
    this.status.textContent = text;
    this.status.dataset.status = text ? "1" : "";
  }

  /** The engine's record of the game ({text, record}), or null with its refusal said. */
  async exported() {
    const answer = await this.opts.exportRecord();
    if (answer && !answer.error) return answer;
    this.setError(answer && answer.error ? answer.error.message || answer.error.code : "");
    return null;
  }

  /** The record's text, in the read-only box under the save buttons, selected. */
  async show() {
    this.setError("");
    this.setStatus("");
    const answer = await this.exported();
    if (!answer) return;
    this.shown.value = answer.text;
    this.shownBox.hidden = false;
    this.setCopyNote("");
    this.shown.focus();
    this.shown.select();
    this.shown.scrollTop = 0; // its head (the rules and the deal) in sight, not its last line
  }

  /** Copies the shown text to the clipboard; where the browser refuses, says to copy by hand
   * (the text stays selected in its box). */
  async copy() {
    this.setCopyNote("");
    try {
      await navigator.clipboard.writeText(this.shown.value);
      this.setCopyNote(strings.copied);
    } catch {
      this.shown.focus();
      this.shown.select();
      this.setCopyNote(strings.copyFailed, true);
    }
  }

  /** What "Copy" did, said under it (and brought into sight on a small screen). */
  setCopyNote(text, failed = false) {
    this.copyNote.textContent = text;
    this.copyNote.dataset.failed = failed ? "1" : "";
    if (text) this.copyNote.scrollIntoView({ block: "nearest" });
  }

  async save(kind) {
    this.setError("");
    const answer = await this.exported();
    if (!answer) return;
    const isText = kind === "text";
    const body = isText ? answer.text : JSON.stringify(answer.record, null, 2);
    const name = `${this.opts.fileName()}.${isText ? "txt" : "json"}`;
    const blob = new Blob([body], { type: isText ? "text/plain;charset=utf-8" : "application/json" });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: name, hidden: true });
    this.dialog.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.setStatus(strings.saved(name));
  }

  async readFile() {
    const file = this.file.files && this.file.files[0];
    this.fileName.textContent = file ? file.name : strings.noFileChosen;
    if (!file) return;
    this.setError("");
    this.setStatus("");
    let text;
    try {
      text = await file.text();
    } catch {
      this.setError(strings.loadReadFailed(file.name));
      return;
    }
    // A picture or other binary file is no record: said at once, and the paste box keeps what
    // it held (a play-test's photo filled it with 136,000 characters of garbage). A NUL, or a
    // byte that is not UTF-8 (read as U+FFFD), is never in a record's text.
    if (text.includes("\u0000") || text.includes("\uFFFD")) {
      this.setError(strings.loadNotText(file.name));
      this.error.focus();
      return;
    }
    this.text.value = text;
    // Choosing a file does not load it: the next step is said, and Load has the focus.
    this.setStatus(strings.fileRead(file.name));
    this.loadButton.focus();
  }

  async load() {
    if (this.loading) return;
    this.setError("");
    this.setStatus("");
    const text = this.text.value.trim();
    if (!text) {
      this.setError(strings.loadEmpty);
      this.error.focus();
      return;
    }
    this.loading = true;
    this.loadButton.setAttribute("aria-disabled", "true");
    try {
      // The engine reads the text first: one that is no record (or not this page's) is told at
      // once, and nothing is asked nor changed.
      const refused = this.opts.check ? await this.opts.check(text) : null;
      if (refused) {
        this.refused(refused);
        return;
      }
      // Nothing is lost unasked: a game in progress is replaced only if the player says so;
      // "Back to my game" leaves the game, and the text here, as they were.
      // A record of another game's save (the other Jack form's, on the Jack page) replaces
      // that save, not the game on the table: asked too (play-test: a Shasta Sam record loaded
      // on the California Jack page went over Shasta Sam's match unasked).
      const saved = this.opts.replacesSaved ? this.opts.replacesSaved() : null;
      if (saved || (this.opts.inProgress && this.opts.inProgress())) {
        const place = this.dialog.el.parentElement || document.body;
        if ((await askReplace(place, { record: true, saved, savedRecord: Boolean(saved) })) === "back") {
          // The answer arrives with the question's "close" event, a task after "back" closed
          // it: an Escape pressed at once has already closed this dialog too (a CI run, a
          // loaded machine). Only a dialog still open gets its focus back; one the player
          // closed stays closed (open() would have shown it again).
          if (this.dialog.isOpen()) this.dialog.open("[data-action=do-load-record]");
          return;
        }
      }
      const problem = await this.opts.loadRecord(text);
      if (problem) {
        this.refused(problem);
        return;
      }
      this.text.value = "";
      this.file.value = "";
      this.fileName.textContent = strings.noFileChosen;
      this.dialog.close();
    } finally {
      this.loading = false;
      this.loadButton.removeAttribute("aria-disabled");
    }
  }

  /** A refused record: the engine's reason in the page's words (the answer's `message`, which
   * the page's call put in its language), else the sentence of its kind: never a bare code. */
  refused(problem) {
    const why = typeof problem.message === "string" && problem.message ? problem.message : strings.refusal(problem);
    this.setError(strings.loadFailed(why));
    this.error.focus();
  }
}
