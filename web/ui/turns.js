// Whose turn it is at the table, the computer's move, and passing the screen between humans.
// The engine says whose turn it is and chooses the computer's move (its `computer_move` op, in
// the worker, so the page stays live meanwhile); the page shows that move for a moment (the
// "Computer speed", or the address's `delay`) before the table moves on. With several humans at
// one screen, every hand is hidden until the next player says they are at the screen ("pass").

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { pastText } from "./describe.js";
import { reducedMotion } from "./motion.js";

/**
 * What `Turns` uses of the page (web/app.js App).
 * @typedef {object} TurnsHost
 * @property {any} view the engine's view of the seat on screen (docs/api.md)
 * @property {number|null} viewSeat the human seat whose hand is on screen (null: none)
 * @property {number|null} passTo several humans: the seat the device goes to next
 * @property {boolean} busy an engine call or the computer's move on show is in progress
 * @property {boolean} thinking the engine is choosing the computer's move
 * @property {boolean} stalled the computer's move failed (the page offers to try again)
 * @property {boolean} leaving a new game or record is on its way: no new computer move
 * @property {number} gameSerial counts the games begun: an answer for an older one is dropped
 * @property {any} flash the computer's move on show: {cards, played, seat, text, moveText, move}
 * @property {any[]} lastWhy per seat: {text, reasons, thinkMs} of the computer's last move
 * @property {Set<string>} recent cards of the last move, highlighted on the new table
 * @property {any} cue what the next drawing moves (web/ui/motion.js)
 * @property {(() => void)|null} wake ends the wait while a computer move is on show
 * @property {number} delay how long a computer move stays on show (ms)
 * @property {() => string[]} names the seats' names
 * @property {(op: string, payload?: object, options?: {quiet?: boolean}) => Promise<any>} call
 * @property {(view: object) => void} accept takes a new view from the engine
 * @property {(options?: {thinking?: boolean}) => void} startWaiting busy now, drawn as waiting
 *           only if the engine is slow to answer (web/shell/shell.js)
 * @property {() => void} render
 * @property {(text: string) => void} announce
 */

/** Whose turn it is, the computer's move, and the screen passed between humans. */
export class Turns {
  /** @param {TurnsHost} app */
  constructor(app) {
    this.app = app;
  }

  /** Whether the computer plays now. */
  computerToPlay() {
    const v = this.app.view;
    return v && v.phase === "play" && v.seats[v.turn] === "computer";
  }

  /** Whether the human whose cards are on screen plays now (and the page is free to take it). */
  humanToPlay() {
    const app = this.app;
    const v = app.view;
    return Boolean(
      v && !app.busy && app.passTo === null && v.phase === "play" && v.turn === v.seat && v.seat === app.viewSeat && v.seats[v.turn] === "human",
    );
  }

  /** Several humans: the device goes to `seat`; no hand is on screen until they say so. */
  passToSeat(seat) {
    const app = this.app;
    app.passTo = seat;
    app.viewSeat = null;
    app.flash = null;
    app.announce(strings.passTitle(app.names()[seat]));
  }

  /** Asks the engine for the view of the seat on screen, and takes it. */
  async refetch() {
    const app = this.app;
    const game = app.gameSerial;
    app.busy = true;
    app.render();
    const answer = await app.call("view", { seat: app.viewSeat });
    app.busy = false;
    if (game !== app.gameSerial) return;
    if (answer.error) {
      app.render();
      return;
    }
    if (answer.view.seat !== app.viewSeat) {
      app.viewSeat = null; // never loop: show no hand rather than the wrong one
    }
    app.accept(answer.view);
  }

  /** The next player is at the screen: show their cards. */
  async showCards() {
    const app = this.app;
    if (app.passTo === null || app.busy) return;
    app.viewSeat = app.passTo;
    app.passTo = null;
    await this.refetch();
  }

  /** The computer's move: asked of the engine, shown for a moment, then taken. */
  async computerMove() {
    const app = this.app;
    if (app.busy || app.leaving || !this.computerToPlay()) return;
    app.startWaiting({ thinking: true });
    const game = app.gameSerial;
    const answer = await app.call("computer_move", {});
    app.thinking = false;
    if (game !== app.gameSerial) {
      app.busy = false;
      return;
    }
    if (answer.error) {
      app.busy = false;
      app.stalled = true;
      app.render();
      return;
    }
    const seat = answer.seat ?? app.view.turn;
    const text = pastText(app.names()[seat], answer.move);
    // Why it played that (reason codes, as for a hint) and how long it thought, for the
    // last-moves panel.
    app.lastWhy[seat] = {
      text: answer.move.text,
      reasons: Array.isArray(answer.reasons) ? answer.reasons : [],
      thinkMs: Number.isFinite(answer.think_ms) ? answer.think_ms : null,
    };
    // A pluck takes a table card (shown on the table), not a card from the hand.
    // A claim out plays no card at all.
    const fromHand = answer.move.kind !== "pluck" && answer.move.kind !== "claim";
    const shown = answer.move.card ? [answer.move.card] : [];
    app.flash = { cards: new Set(answer.move.take || shown), played: fromHand ? answer.move.card : null, seat, text, moveText: answer.move.text, move: answer.move };
    app.announce(text);
    app.cue = fromHand ? { seat, reveal: true } : null;
    // Drawn on show, unless it would be on show for no time with no card to fly (no delay
    // and reduced motion asked for): the next drawing, the move made, is all anyone sees.
    if (app.delay > 0 || !reducedMotion()) app.render();
    // On show for the chosen speed; a new game or a loaded record ends the wait early.
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, app.delay);
      app.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    app.wake = null;
    app.flash = null;
    app.busy = false;
    if (game !== app.gameSerial) return; // a new game began meanwhile: this view is stale
    app.recent = new Set(shown);
    app.cue = { seat };
    app.accept(answer.view);
  }

  /** The screen that hides every hand until the player `name` says they are at it. */
  renderPass(name) {
    const app = this.app;
    return h(
      "section",
      { class: "pass-screen", role: "region", "aria-labelledby": "pass-title", dataset: { passTo: app.passTo } },
      h("h2", { id: "pass-title" }, strings.passTitle(name)),
      h("p", {}, strings.passBody(name)),
      h(
        "button",
        { type: "button", class: "primary", dataset: { action: "pass-show", key: "pass-show" }, disabled: app.busy, onclick: () => this.showCards() },
        strings.passShow(name),
      ),
    );
  }
}
