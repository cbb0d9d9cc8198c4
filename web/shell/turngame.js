// What the pages of the games played one card a turn share (California Jack, Scopa and Escoba):
// whose turn it is, the computer's move with Try again, the player's move, taking a view from
// the engine (save, announce the end of a deal, focus, the computer's next move), Undo for a
// human seat. Each game's page extends TurnGame with its own table, words and hooks; Cassino's
// page (web/app.js), with its selection and builds, extends GameShell directly.

import { GameShell } from "./shell.js";
import { seatNames } from "../ui/sides.js";
import { sleep } from "../ui/dom.js";

export class TurnGame extends GameShell {
  constructor(engine, root, shell) {
    super(engine, root, shell);
    /** @type {any} what a move on show draws over the table (a game's own), or null */
    this.flash = null;
    /** @type {any} the game's settings as started (saved with the game), or null */
    this.settings = null;
    /** @type {any} the game's new-game screen */
    this.newGame = null;
    /** @type {any} the page's options (opts.think: the address's thinking budget, ms; the
     * shell's thinkMs is what a game is given) */
    this.opts = null;
  }

  /** The words that name the seats (web/ui/sides.js seatNames: "You", "Computer"...). */
  seatWords() {
    return this.words;
  }

  /** The seats' names, as on the Cassino page: "You" and "Computer" for one of each, "Computer
   * 1" and "Computer 2" when the computer plays both (a loaded record), "Player N" for two
   * people. */
  names() {
    const v = this.view;
    return seatNames(v && Array.isArray(v.seats) ? v.seats : ["human", "computer"], [], this.seatWords());
  }

  /** @returns {boolean} the page's human seat is to play and the page is free */
  humanToPlay() {
    const v = this.view;
    return Boolean(v && !this.busy && !this.flash && v.phase === "play" && v.turn === v.seat && v.seats[v.turn] === "human");
  }

  /** Brings the open hint's text (`.actions > .hint`) into the window: on a phone the page
   * grows under an open hint (jack.css, scopa.css) rather than squeezing it into what one
   * window leaves, so its end may be below the window's edge. The whole actions box comes
   * into view, not the hint alone: the box's own padding below the hint stayed under the edge
   * (by 5 px, a CI run at 360x640) whenever the hint was long enough to need a scroll. */
  showHint() {
    const box = this.root.querySelector(".actions > .hint");
    if (box) (box.parentElement ?? box).scrollIntoView({ block: "nearest" });
  }

  /** The hint (the Hint button, H): the engine's advice for the human seat in the game's words
   * (`hintFrom`), said aloud, its card or option focused (`hintFocus`) and brought into view.
   * When the engine names no move or refuses, the hint says so, with the engine's reason. */
  async askHint() {
    if (!this.humanToPlay()) return;
    const game = this.gameSerial;
    this.busy = true;
    this.hint = { text: this.words.hintWorking };
    this.render();
    const answer = await this.call("hint", { seat: this.view.seat }, { quiet: true });
    this.busy = false;
    if (game !== this.gameSerial || this.retired) return;
    const shown = answer.error || !answer.hint ? null : this.hintFrom(answer.hint);
    if (shown) {
      this.hint = shown;
      this.announce([shown.title, ...shown.lines].join(" "));
    } else {
      const reason = answer.error && answer.error.message ? ` ${answer.error.message}` : "";
      this.hint = { text: `${this.words.hintNone}${reason}` };
    }
    this.render();
    const key = shown ? this.hintFocus(shown) : null;
    if (key) this.focusKey(key);
    this.showHint();
  }

  /** The engine's hint (`{move | card, reasons}`) as the page shows it: `{title, lines}` with
   * the game's own fields, or null when it names no move (a game's hook).
   * @returns {any} */
  hintFrom(hint) { // eslint-disable-line no-unused-vars
    return null;
  }

  /** The key of the control an open hint focuses (its card, its option), or null (a game's
   * hook). */
  hintFocus(hint) { // eslint-disable-line no-unused-vars
    return null;
  }

  /** @returns {boolean} a computer seat is to play */
  computerToPlay() {
    const v = this.view;
    return Boolean(v && v.phase === "play" && v.seats[v.turn] === "computer");
  }

  /** Asks the engine for a game (`op`: "new_game" or "load_record") once the page is free,
   * with the thinking time (`thinkMs`: the address's `think`, else the setting). Answers `{answer}`, the engine's
   * answer with its view, or `{problem}`: the engine's refusal (the caller shows it), or null
   * when the page was closed meanwhile. */
  async askGame(op, payload, { resuming = false } = {}) {
    while (this.busy) await sleep(20);
    payload.budget_ms = this.thinkMs;
    this.busy = true;
    this.render();
    const answer = await this.call(op, payload, { quiet: true, resuming });
    this.busy = false;
    if (this.retired) return { answer: null, problem: null };
    if (answer.error || !answer.view) {
      this.render();
      return { answer: null, problem: answer.error || { code: "engine", message: "no view" } };
    }
    if (op === "load_record" && !payload.seats) return this.onePersonAtTheScreen(payload, answer, resuming);
    return { answer, problem: null };
  }

  /** A loaded record of two or more people at one screen: this page shows one seat's hand, so
   * the other person's turn could never be played (the game stuck at it). The record is
   * loaded again with one person, at the seat to play (else the first), and the computer at
   * the other seats, and the player is told so once the game is on the table. */
  async onePersonAtTheScreen(payload, answer, resuming) {
    const v = answer.view;
    const seats = Array.isArray(v.seats) ? v.seats : [];
    const people = seats.flatMap((s, i) => (s === "human" ? [i] : []));
    if (people.length < 2) return { answer, problem: null };
    const keep = seats[v.turn] === "human" ? v.turn : people[0];
    const one = seats.map((s, i) => (i === keep ? "human" : "computer"));
    this.busy = true;
    const again = await this.call("load_record", { ...payload, seats: one, viewer: keep }, { quiet: true, resuming });
    this.busy = false;
    if (this.retired) return { answer: null, problem: null };
    if (again.error || !again.view) return { answer, problem: null };
    this.noteOnEntry = { code: "record_one_person", message: this.words.recordOnePerson(keep + 1) };
    return { answer: again, problem: null };
  }

  /** Asks the engine whether a record would load (`payload`: a load_record request, sent with
   * "check": true and the thinking time, as askGame would send it), while the
   * game in progress goes on unchanged: null when it would, else the engine's refusal in the
   * page's words. */
  async askCheck(payload) {
    return this.checkRecordRequest({ ...payload, budget_ms: this.thinkMs });
  }

  /** Takes a game the engine started or loaded (the settings already set): a fresh table, the
   * new-game screen closed (after a new game the focus goes to the hand, not back to what
   * opened the screen: `toHand`), then the view. */
  enterGame(view, { toHand = false } = {}) {
    this.gameSerial += 1;
    this.clearMessages();
    // A note on how the game was taken (onePersonAtTheScreen), shown with it.
    if (this.noteOnEntry) this.messageBox.show(this.noteOnEntry, { add: true, note: true });
    this.noteOnEntry = null;
    this.lastPhase = null;
    this.flash = null;
    this.hint = null;
    this.freshTable();
    if (this.newGame.isOpen()) {
      this.newGame.started = true; // closing it now is not a cancel
      this.newGame.close(toHand ? { returnFocus: false } : undefined);
    }
    this.accept(view);
  }

  /** A new game's table is drawn afresh (a game's hook: what its turn had open). */
  freshTable() {}

  /** The player's move, `move` as the engine's "play" takes it (a card, a move's text). */
  async sendMove(move) {
    if (!this.humanToPlay()) return;
    const seat = this.view.seat;
    this.hint = null;
    this.leavingTurn();
    const answer = await this.request("play", { seat, move });
    if (!answer) return;
    this.clearMessages();
    await this.showThenAccept(answer, seat);
  }

  /** Before the player's move is sent (a game's hook: close what the turn had open). */
  leavingTurn() {}

  /** The computer's move: the page says it is thinking; a failed answer offers Try again. */
  async computerMove() {
    if (this.busy || this.flash || !this.computerToPlay()) return;
    const game = this.gameSerial;
    this.startWaiting({ thinking: true });
    const answer = await this.call("computer_move", {});
    this.thinking = false;
    this.busy = false;
    if (game !== this.gameSerial || this.retired) return;
    if (answer.error || !answer.view) {
      this.stalled = true;
      this.render();
      return;
    }
    const seat = answer.move && Number.isInteger(answer.move.seat) ? answer.move.seat : this.view.turn;
    await this.showThenAccept(answer, seat);
  }

  /** Shows a move (a game's own: for a moment, with its cards), then takes the view. */
  async showThenAccept(answer, seat) { // eslint-disable-line no-unused-vars
    this.accept(answer.view);
  }

  /** Takes a new view from the engine: the game's own (`took`), the save, the drawing, the end
   * of a deal said and focused, the player's focus kept, the computer's move started. */
  accept(view) {
    if (this.retired) return;
    this.view = view;
    this.took(view);
    this.saver.changed(view, this.settings);
    this.stalled = false;
    this.hint = null;
    this.render();
    if (view.phase !== this.lastPhase && view.phase !== "play") {
      const { text, key } = this.phaseEnded(view);
      this.announce(text);
      this.focusKey(key);
    }
    this.lastPhase = view.phase;
    if (this.humanToPlay()) this.keepFocus();
    if (this.computerToPlay()) setTimeout(() => this.computerMove(), 0);
  }

  /** A game's hook as a view is taken, before it is saved and drawn (title, statistics...). */
  took(view) {} // eslint-disable-line no-unused-vars

  /** What is said, and the control focused, when a deal or the match ends (a game's own).
   * @returns {{text: string, key: string}} */
  phaseEnded(view) { // eslint-disable-line no-unused-vars
    return { text: "", key: "new-game" };
  }

  /** Undo takes back the human's own move: none at a table of computers (a loaded record). */
  canUndo() {
    const v = this.view;
    const human = Boolean(v && Array.isArray(v.seats) && v.seats[v.seat] === "human");
    return Boolean(v && human && !this.busy && !this.flash && this.undoable(v));
  }

  /** Whether the engine's view allows an undo (its `can_undo`). */
  undoable(view) {
    return Boolean(view.can_undo);
  }

  /** Every message of the moment is listed, none replaces another. */
  showError(error) {
    super.showError(error, { add: true });
  }
}
