// What every game's new-game screen is made of: Cassino's (web/ui/newgame.js), California
// Jack's (web/jack/newgame.js), and the next games' (Scopa, Pishti...), which plug in the same way.
//
// `NewGameFrame` is the screen itself: the dialog and its form, the introduction with the
// language choice, the Start row (the engine's refusal beside Start, Cancel when there is a game
// to go back to) and the start itself. A game's screen extends it and says what it shows in two
// lists (`sections()`): `choose`, the game and its variant, where the focus opens, and `change`,
// all a player may change besides (players, seats, levels, rules, the deal number). The form
// puts Start between the two, so a keyboard reaches it in two Tab presses from the variant (the
// variant list is one radio group, one Tab stop; "Rules of ..." is the other), and Enter on a
// variant (or on the game) starts the game at once.
//
// The field builders below are the blocks those lists are made of: a list of choices as cards
// (variants, games), a labelled drop-down or text box with its help line, the deal number, and a
// seat's row (human or computer, the computer's level, the seat's name).

import { h, fill } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { languageSelect } from "./language.js";

/** A deal number as typed: null when empty, a number when it is one; other text is sent as it
 * is, for the engine to refuse with its own reason. */
export function readSeed(raw) {
  const text = String(raw ?? "").trim();
  if (text === "") return null;
  return /^\d{1,16}$/.test(text) ? Number(text) : text;
}

// The game just picked in a screen's list of games (web/ui/jack-choice.js), which hands the
// page to that game (web/jack/games.js switchTo), for the screen that opens for it next: that screen shows the picked game in its list and puts the focus on
// it (play-test 19: Tablić's screen opened at its top, Tablić far below out of sight).
let pickedGame = null;

/** A screen's list of games had `game` picked and the page goes to that game's screen. */
export function notePickedGame(game) {
  pickedGame = game;
}

/**
 * The frame of a new-game screen. A subclass provides:
 *  - `sections()`: {intro: string, choose: (Node|null)[], change: (Node|null)[]};
 *  - `settings()`: what `opts.onStart` receives.
 */
export class NewGameFrame {
  /**
   * @param {object} frame {name: the dialog's name (data-dialog), title, formClass?: more classes
   *   of the form, onCancel?: () => void (closed without a game started)}
   * @param {object} opts the screen's options; `opts.onStart(settings)`: Promise<{code, message}|null>
   */
  constructor(frame, opts) {
    this.opts = opts;
    this.state = null;
    this.error = "";
    this.starting = false;
    this.started = false; // closed because a game started (not a cancel)
    this.canCancel = false;
    this.startRow = null;
    this.dialog = createDialog({
      name: frame.name,
      title: frame.title,
      onClose: () => {
        if (!this.started && frame.onCancel) frame.onCancel();
      },
    });
    this.errorId = `${frame.name}-error`;
    this.form = h("form", {
      class: `new-game ${frame.formClass || ""}`.trim(),
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        this.startAsked();
      },
      // Enter on a variant or a game (a radio button) starts the game, as Enter on Start does.
      onkeydown: (e) => {
        const target = /** @type {HTMLInputElement} */ (e.target);
        if (e.key !== "Enter" || e.isComposing || target.type !== "radio") return;
        e.preventDefault();
        this.form.requestSubmit();
      },
    });
    this.dialog.body.append(this.form);
  }

  get el() {
    return this.dialog.el;
  }

  isOpen() {
    return this.dialog.isOpen();
  }

  /** @returns {{intro: string, choose: (Node|null)[], change: (Node|null)[]}} */
  sections() {
    throw new Error("a new-game screen says what it shows");
  }

  /** @returns {object} the settings `opts.onStart` receives */
  settings() {
    throw new Error("a new-game screen says what it starts");
  }

  /**
   * Opens the screen (after the subclass set `this.state`), the focus on `focusSelector`.
   * @param {boolean} canCancel false when there is no game to go back to (first start)
   * @param {string} focusSelector the control the focus opens on: the chosen variant or game
   */
  show(canCancel, focusSelector) {
    this.error = "";
    this.started = false;
    this.canCancel = canCancel;
    this.dialog.setRequired(!canCancel);
    this.render();
    this.dialog.open(focusSelector);
    const picked = pickedGame;
    pickedGame = null;
    const radio = picked ? this.form.querySelector(`input[name=game][value="${CSS.escape(picked)}"]`) : null;
    if (radio instanceof HTMLInputElement && radio.checked) {
      radio.focus({ preventScroll: true });
      const card = radio.closest("label") || radio;
      card.scrollIntoView({ block: "center", behavior: "instant" });
    }
  }

  /** @param {object} [options] {returnFocus?} as the dialog's (web/ui/dialog.js) */
  close(options) {
    this.dialog.close(options);
  }

  /**
   * Starts a game by `run` (answering null, or the engine's refusal, shown beside Start while
   * the screen stays as it was); the screen closes once the game is on.
   * @param {() => Promise<{code?: string, message?: string}|null>} run
   */
  async start(run) {
    if (this.starting) return;
    this.starting = true;
    this.error = "";
    this.renderStart();
    let problem;
    try {
      problem = await run();
    } finally {
      this.starting = false;
    }
    if (problem) {
      this.error = strings.refusedGame(problem.message || problem.code);
      this.renderStart();
      const msg = this.form.querySelector(".start-error");
      if (msg instanceof HTMLElement) msg.focus();
    } else {
      this.started = true;
      this.close();
    }
  }

  /**
   * Start, asked first when this screen's game has a match saved that Start would replace
   * (`opts.savedMatch()`, the match Continue offers): a question over the screen names it, and
   * offers Continue (the saved match goes on) or a new game in its place; closing the question
   * leaves the screen as it was. Play-test 22: Start over a saved Cassino match with moves
   * dealt a new game at once, the saved one lost unasked.
   */
  async startAsked() {
    if (this.starting) return;
    // As renderStart shows it: Continue and its note only with no match behind the screen.
    const behind = this.canCancel && typeof this.opts.inProgress === "function" && this.opts.inProgress();
    const saved = !behind && typeof this.opts.savedMatch === "function" ? this.opts.savedMatch() : "";
    const answer = saved ? await this.askOverSaved(saved) : "new";
    if (answer === "new") this.start(() => this.opts.onStart(this.settings()));
    else if (answer === "continue") this.start(() => this.opts.onContinue());
  }

  /**
   * The question before Start replaces the saved match `saved` (its name): answers "continue",
   * "new", or "stay" (closed with Escape or ×).
   * @param {string} saved
   * @returns {Promise<"continue"|"new"|"stay">}
   */
  askOverSaved(saved) {
    const dialog = createDialog({ name: "replace-saved", title: strings.replaceSavedTitle });
    return new Promise((resolve) => {
      /** @type {"continue"|"new"|"stay"} */
      let answer = "stay";
      const choose = (/** @type {"continue"|"new"} */ value) => {
        answer = value;
        dialog.close({ returnFocus: false });
      };
      dialog.body.append(
        h("p", {}, strings.replaceSavedText(saved)),
        h(
          "div",
          { class: "dialog-actions" },
          h("button", { type: "button", class: "primary", dataset: { action: "replace-saved-continue" }, onclick: () => choose("continue") }, strings.continueSaved),
          h("button", { type: "button", class: "danger", dataset: { action: "replace-saved-new" }, onclick: () => choose("new") }, strings.replaceSavedNew),
        ),
      );
      dialog.el.addEventListener("close", () => {
        dialog.el.remove();
        resolve(answer);
      }, { once: true });
      // Beside the screen, among the page's dialogs, where the page's styles reach it: on the
      // document's body it was a bare black box with 21 px buttons (play-test 23).
      (this.dialog.el.parentElement || document.body).append(dialog.el);
      dialog.open("[data-action=replace-saved-continue]");
    });
  }

  /** Draws the form again, the focus staying on the control it was on (by its data-key). */
  render() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const key = active && this.form.contains(active) && active.dataset ? active.dataset.key : null;
    const { intro, choose, change } = this.sections();
    this.startRow = h("div", { class: "start-row" });
    fill(this.form, 
      h("div", { class: "intro-row" }, h("p", { class: "intro" }, intro), languageSelect()),
      ...choose,
      this.startRow,
      ...change,
    );
    this.renderStart();
    if (key) {
      const again = this.form.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again instanceof HTMLElement) again.focus();
    }
  }

  /**
   * The Start row: the engine's refusal, what becomes of the match in progress behind the
   * screen (`opts.inProgress()`, named by `opts.matchName()` when given: Cancel goes back to
   * it, Start replaces it; play-test 16: a
   * save resumed behind another game's screen was replaced by Start unseen) or, with none
   * behind, the other game's match Cancel goes back to (`opts.backName()`), Start, and
   * Cancel when there is a game to go back to. A match of this screen's game saved but not on
   * the table (`opts.savedMatch()`: its name, "" for none) gets its own button, Continue
   * (`opts.onContinue()`: Promise<{code, message}|null>, as onStart), above Start.
   */
  renderStart() {
    if (!this.startRow) return;
    const behind = this.canCancel && typeof this.opts.inProgress === "function" && this.opts.inProgress();
    // Which match: the screen of another game may have one of its own behind it, not the one
    // the player came from (play-test 17: Shasta Sam, then Pishti picked, its save behind).
    const name = behind && typeof this.opts.matchName === "function" ? this.opts.matchName() : "";
    const note = name ? strings.gameBehindNamed(strings.startGame, strings.cancelNewGame, name)
      : strings.gameBehind(strings.startGame, strings.cancelNewGame);
    // No match behind, but one the player came from (another game's, kept saved): Cancel
    // goes back to it (`opts.backName()`, web/jack/games.js backFrom).
    const back = this.canCancel && !behind && typeof this.opts.backName === "function" ? this.opts.backName() : "";
    // This screen's game has a match saved that is not on the table (the player came from
    // another game): Continue resumes it, Start replaces it, Cancel goes back to the match the
    // player left, untouched (play-test: Pishti picked with a save of its own resumed it behind
    // the screen, and «Отмена» stayed in Pishti).
    const saved = !behind && typeof this.opts.savedMatch === "function" ? this.opts.savedMatch() : "";
    fill(this.startRow,
      h("p", { class: "start-error", role: "alert", tabindex: "-1", id: this.errorId, dataset: { error: this.error ? "1" : "" } }, this.error),
      behind ? h("p", { class: "start-note", dataset: { behind: "1", match: name } }, note) : null,
      saved ? h("p", { class: "start-note", dataset: { saved: "1", match: saved } }, strings.savedMatchNote(strings.continueSaved, strings.startGame, saved)) : null,
      back ? h("p", { class: "start-note", dataset: { back: "1", match: back } }, strings.gameBack(strings.cancelNewGame, back)) : null,
      saved
        ? h(
            "div",
            { class: "start-buttons start-continue" },
            h(
              "button",
              // Plain: Start stays the screen's one gold button (both gold, neither read as the
              // screen's own action: play-test 22).
              { type: "button", disabled: this.starting, dataset: { action: "continue-saved", key: "continue-saved" }, onclick: () => this.start(() => this.opts.onContinue()) },
              strings.continueSaved,
            ),
          )
        : null,
      h(
        "div",
        { class: "start-buttons" },
        h(
          "button",
          {
            type: "submit",
            class: "primary",
            disabled: this.starting,
            "aria-describedby": this.error ? this.errorId : null,
            dataset: { action: "start-game", key: "start-game" },
          },
          this.starting ? strings.starting : strings.startGame,
        ),
        this.canCancel
          ? h("button", { type: "button", dataset: { action: "cancel-new-game", key: "cancel-new-game" }, onclick: () => this.close() }, strings.cancelNewGame)
          : null,
      ),
    );
  }
}

// ---- field blocks ---------------------------------------------------------------------------

/**
 * Choices shown as cards, one radio group (one Tab stop, arrows move through it): the variants
 * of a game, or the games.
 * @param {object} spec {name: the radios' name, kind: "variant"|"game" (the label's data
 *   attribute and the data-key's prefix), prefix: makes the ids unique per screen, items:
 *   {value, title, summary}[], current: the value checked, onPick: (value) => void, class?}
 */
export function choiceCards(spec) {
  return h(
    "div",
    { class: `variant-list ${spec.class || ""}`.trim() },
    spec.items.map(({ value, title, summary }) => {
      const id = `${spec.prefix}-${spec.kind}-${value}`;
      return h(
        "label",
        { class: `variant ${spec.kind === "variant" ? "" : spec.kind}`.trim(), for: id, dataset: { [spec.kind]: value } },
        h("input", {
          type: "radio",
          name: spec.name,
          id,
          value,
          checked: value === spec.current,
          dataset: { key: `${spec.kind}:${value}` },
          onchange: () => spec.onPick(value),
        }),
        h("span", { class: "variant-title" }, title),
        h("span", { class: "variant-summary" }, summary),
      );
    }),
  );
}

/**
 * A labelled drop-down with its help line (`<id>-help`).
 * @param {object} spec {id, name, key?: data-key (default name), label, help, options:
 *   {value, text}[], value: the one selected, onChange: (value: string, help: HTMLElement) => void,
 *   class?, dataset?: the block's data attributes, selectData?: more of the select's}
 */
export function selectField(spec) {
  const helpId = `${spec.id}-help`;
  const help = h("p", { class: "field-help", id: helpId }, spec.help);
  return h(
    "div",
    { class: `field ${spec.class || ""}`.trim(), dataset: spec.dataset || null },
    h("label", { for: spec.id }, spec.label),
    h(
      "select",
      {
        id: spec.id,
        name: spec.name,
        "aria-describedby": helpId,
        dataset: { key: spec.key || spec.name, ...(spec.selectData || {}) },
        onchange: (e) => spec.onChange(e.target.value, help),
      },
      spec.options.map((o) => h("option", { value: o.value, selected: String(o.value) === String(spec.value) }, o.text)),
    ),
    help,
  );
}

/**
 * A labelled text or number box with its help line (`<id>-help`).
 * @param {object} spec {id, name, key?, label, help, value, onInput: (text: string) => void,
 *   type?: "text"|"number", attrs?: more attributes of the input (min, max, inputmode...)}
 */
export function inputField(spec) {
  const helpId = `${spec.id}-help`;
  return h(
    "div",
    { class: "field" },
    h("label", { for: spec.id }, spec.label),
    h("input", {
      type: spec.type || "text",
      id: spec.id,
      name: spec.name,
      autocomplete: "off",
      ...(spec.attrs || {}),
      value: spec.value ?? "",
      "aria-describedby": helpId,
      dataset: { key: spec.key || spec.name },
      oninput: (e) => spec.onInput(e.target.value),
    }),
    h("p", { class: "field-help", id: helpId }, spec.help),
  );
}

/**
 * The deal number (optional): the same number gives the same cards.
 * @param {object} spec {id, label, help, value, onInput}
 */
export function seedField(spec) {
  return inputField({ ...spec, name: "seed", attrs: { inputmode: "numeric" } });
}

/**
 * One seat's row: who plays it (human or computer), the computer's level and the seat's name.
 * @param {object} spec {seat (from 0), legend, kind: "human"|"computer", kindLabel: the
 *   radiogroup's name, kinds: {human, computer} (their words), onKind: (kind) => void,
 *   level: Node|null (the computer's level, see selectField), name: {label, placeholder, value,
 *   onInput}}
 */
export function seatRow(spec) {
  const { seat } = spec;
  return h(
    "fieldset",
    { class: "seat-row", dataset: { seatRow: seat } },
    h("legend", {}, spec.legend),
    h(
      "div",
      { class: "seat-kind", role: "radiogroup", "aria-label": `${spec.legend}: ${spec.kindLabel}` },
      ["human", "computer"].map((k) =>
        h(
          "label",
          { class: "seat-kind-option" },
          h("input", {
            type: "radio",
            name: `seat-${seat}`,
            value: k,
            checked: spec.kind === k,
            dataset: { key: `seat:${seat}:${k}`, seat, kind: k },
            onchange: () => spec.onKind(k),
          }),
          h("span", {}, spec.kinds[k]),
        ),
      ),
    ),
    spec.level,
    h(
      "label",
      { class: "seat-name-label" },
      h("span", {}, spec.name.label),
      h("input", {
        type: "text",
        name: `name-${seat}`,
        maxlength: "24",
        autocomplete: "off",
        placeholder: spec.name.placeholder,
        value: spec.name.value || "",
        dataset: { key: `name:${seat}`, seatName: seat },
        oninput: (e) => spec.name.onInput(e.target.value),
      }),
    ),
  );
}
