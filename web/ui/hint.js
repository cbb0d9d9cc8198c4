// The hint: on the player's turn, Hint (or H) asks the engine for a move (its `hint` op, searched
// in the worker, so the page stays live) and shows it with the engine's reasons; "Play this move"
// plays it. A hint is for one position: a move
// played meanwhile makes the answer stale, and it is dropped.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { inSentence, previewText } from "./describe.js";
import { reasonTexts, thinkingLine } from "./advice.js";
import { moveForRequest } from "./selection.js";

/**
 * A hint asked for, kept on the page: the view it is for (`serial`), its state, and the move
 * with its reasons once shown, or why there is none.
 * @typedef {{serial: number, state: "thinking"|"shown"|"failed", move?: any, reasons?: {code: string, text: string}[], message?: string}} Advice
 */

/**
 * What `Hints` uses of the page (web/app.js App).
 * @typedef {object} HintsHost
 * @property {any} view the engine's view of the seat on screen (docs/api.md)
 * @property {number} viewSerial counts the views taken
 * @property {number} gameSerial counts the games begun
 * @property {Advice|null} advice the hint asked for, null when none
 * @property {{humanToPlay(): boolean}} turns whose turn it is (web/ui/turns.js)
 * @property {{reset(): void}} selection the player's selection
 *   (web/ui/selection.js)
 * @property {(move: object) => Promise<void>} play plays the player's move
 * @property {(op: string, payload?: object, options?: {quiet?: boolean}) => Promise<any>} call
 * @property {() => void} render
 * @property {(text: string) => void} announce
 * @property {() => void} showHint brings a hint just shown, and its table cards, into view
 */

/** Asking the engine for a hint, showing it, and using it. */
export class Hints {
  /** @param {HintsHost} app */
  constructor(app) {
    this.app = app;
  }

  /** The player's turn: ask the engine for a move and show it with its reasons. */
  async ask() {
    const app = this.app;
    if (!app.turns.humanToPlay() || (app.advice && app.advice.state === "thinking")) return;
    const serial = app.viewSerial;
    const game = app.gameSerial;
    app.advice = { serial, state: "thinking" };
    app.announce(strings.hintSearching);
    app.render();
    const answer = await app.call("hint", { seat: app.view.seat }, { quiet: true });
    if (game !== app.gameSerial || serial !== app.viewSerial) return; // the game moved on
    const move = answer.hint && answer.hint.move;
    if (answer.error || !move || typeof move.card !== "string") {
      const why = answer.error ? answer.error.message || answer.error.code : strings.engineFailed("");
      app.advice = { serial, state: "failed", message: strings.hintFailed(why) };
      app.announce(app.advice.message);
    } else {
      const reasons = reasonTexts(answer.hint.reasons);
      app.advice = { serial, state: "shown", move, reasons };
      const words = inSentence(previewText(move, app.view.table.builds));
      app.announce([strings.hintSuggest(words), ...reasons.map((r) => r.text)].join(" "));
    }
    app.render();
    if (app.advice.state === "shown") app.showHint();
  }

  /**
   * The cards a shown hint points at.
   * @returns {{hand: string|null, table: Set<string>}}
   */
  hinted() {
    const a = this.app.advice;
    if (!a || a.state !== "shown" || a.serial !== this.app.viewSerial) return { hand: null, table: new Set() };
    const move = a.move;
    if (move.kind === "pluck") return { hand: null, table: new Set([move.card]) };
    return { hand: move.card, table: new Set(move.take || []) };
  }

  /**
   * The hint's "Play this move": plays the hinted move, as the fishing and Jack pages' hints do
   * (one wording and one action on every page; it had put the move in the selection for
   * Confirm under "Select this move"). Undo takes it back like any move.
   */
  use() {
    const app = this.app;
    const a = app.advice;
    if (!a || a.state !== "shown" || !app.turns.humanToPlay()) return;
    app.selection.reset();
    app.play(moveForRequest(a.move));
  }

  /** The Hint button, among the action buttons. */
  renderButton(mine) {
    const asking = Boolean(this.app.advice && this.app.advice.state === "thinking");
    return h(
      "button",
      {
        type: "button",
        class: "hint-button",
        disabled: !mine || asking,
        "aria-keyshortcuts": "H",
        "aria-busy": asking ? "true" : null,
        title: mine ? strings.hintTitle : strings.hintTitleWait,
        dataset: { action: "hint", key: "hint" },
        onclick: () => this.ask(),
      },
      asking ? thinkingLine(strings.hintThinking) : strings.hintButton,
    );
  }

  /** The hint: the engine still searching, its move and reasons, or why there is none. */
  renderAdvice(mine) {
    const a = this.app.advice;
    if (!a || a.serial !== this.app.viewSerial) return null;
    if (a.state === "thinking") {
      return h("div", { class: "advice", dataset: { advice: "thinking" } }, h("p", { class: "advice-move" }, thinkingLine(strings.hintSearching)));
    }
    if (a.state === "failed") {
      return h("div", { class: "advice", dataset: { advice: "failed" } }, h("p", { class: "advice-move" }, a.message));
    }
    const words = inSentence(previewText(a.move, this.app.view.table.builds));
    return h(
      "div",
      // On a phone its reasons give way when the page would scroll (web/ui/hintfit.js).
      { class: "advice", dataset: { advice: "shown", move: a.move.text || "", fitWindow: "phone" } },
      h("p", { class: "advice-move" }, strings.hintSuggest(words)),
      a.reasons.length
        ? h(
            "ul",
            { class: "advice-reasons", "aria-label": strings.hintWhy },
            a.reasons.map((r) => h("li", { dataset: { reason: r.code } }, r.text)),
          )
        : null,
      h(
        "button",
        { type: "button", class: "link hint-play", disabled: !mine, dataset: { action: "use-hint", key: "use-hint" }, onclick: () => this.use() },
        strings.hintPlay,
      ),
    );
  }
}
