// The shell every game's page is built on (Cassino: web/app.js, California Jack and Shasta
// Sam: web/jack/app.js; Scopa or Pishti later): the engine call and its messages, the top bar
// (title and scores, Undo, New game, the game menu), the link area, the board's drawing with
// its card movements, the dialogs' place, focus handling, the shared keys and the speed.
//
// A game's page extends GameShell and supplies (see docs/architecture.md, "A game's page"):
//   renderTopbar()      the title, scores and deal (elements)
//   renderBoard()       the table, hands and actions (elements; called with a view)
//   rootData(dataset)   its state on the root element, for tests and tools
//   menuItems()         the items of its own that open the menu (rules, a link...), before
//                       the shared ones (records, statistics, move log, replay, keys,
//                       display, speed, language)
//   canUndo(), names(), accept(view), openNewGame(), handFocusKey()
//   shortcuts()         its own keys ({h: () => ...}) beside U, Ctrl+Z, M and ?
//   escape()            what Escape clears on its table
//   replayReady(), replayWords()  when the replay opens, and its menu item's words
// and creates its panels (rulesPanel, recordsPanel, statsPanel, moveLogPanel, replayPanel,
// keysPanel) and appends them to `this.dialogs`.

import { h, fill } from "../ui/dom.js";
import { strings } from "../ui/strings.js";
import { SPEEDS, SPEED_KEY, readSpeed, saveSpeed } from "../ui/speed.js";
import { THINK_CHOICES, THINK_KEY, readThink, saveThink } from "../ui/think.js";
import { Messages } from "../ui/messages.js";
import { announce as say } from "../ui/live.js";
import { Roving, typingIn, shortcutKey, touchScreen } from "../ui/keys.js";
import { displayDialog } from "../ui/display.js";
import { Motion, reducedMotion } from "../ui/motion.js";
import { signRoom } from "../ui/tablemore.js";
import { watchScrollCues } from "../ui/scrollcue.js";
import { fitHint } from "../ui/hintfit.js";
import { createDialog } from "../ui/dialog.js";
import { GameMenu, speedItem, thinkItem, languageItem } from "./menu.js";
import { copyText, linkPanel } from "../ui/deallink.js";

/**
 * How far the table's box (`felt`) may be scrolled from its top and from its end before cards
 * are hidden there (only its padding out of sight below these: GameShell.markHiddenTable),
 * and a px more: the box's scrollHeight and clientHeight are whole px, its padding and cards
 * not (Cassino's table at 360x640 scrolled to its last card, flush with the box's edge, read
 * 6 px to its end with 5.6 px of padding, and said "▼ more cards" with nothing hidden).
 * @param {HTMLElement} felt
 * @returns {{top: number, bottom: number}}
 */
function hiddenEdges(felt) {
  const style = getComputedStyle(felt);
  return { top: Math.max(4, parseFloat(style.paddingTop) || 0) + 1, bottom: Math.max(4, parseFloat(style.paddingBottom) || 0) + 1 };
}

// How long the page waits for the engine before it draws that it is waiting (ms).
const WAIT_DRAWN_AFTER_MS = 150;

/** The engine's operations that only the player's own act sends (a move, undo, the next round
 * or deal, a new game, a record): the computer's moves, hints and reads are not among them. */
const PLAYER_ACTS = new Set(["play", "undo", "next_round", "new_game", "load_record"]);

/**
 * The words the shell shows, in the page's language: `strings` (web/ui/strings.js) with the
 * game's own words over them.
 * @typedef {{[key: string]: any}} ShellWords
 */

/**
 * @typedef {object} ShellOptions
 * @property {ShellWords} words the page's words (errorPrefix, dismiss, engineFailed, loading,
 *   undo, newGame, confirmNewGame, cancel, saveRecord, loadRecord, ... see web/i18n/en.json "ui")
 * @property {string} menuId the id of the menu's panel
 * @property {string} [boardClass] the board's class ("board" and more)
 * @property {string} roving CSS selector of the rows the arrow keys move along (web/ui/keys.js)
 * @property {object} [motion] web/ui/motion.js options (faces, pile)
 * @property {string} [moved] CSS selector of the table items the last move changed (drawn
 *   in a `.felt`): after a move they are scrolled into view inside the table's box
 * @property {number | null} [fixedDelay] ms a computer's move stays on show, set by the
 *   address (overrides the player's speed setting); null: the setting decides
 * @property {number | null} [fixedThink] ms the expert thinks a move, set by the address's
 *   `think` (overrides the player's thinking-time setting); null: the setting decides
 */

export class GameShell {
  /**
   * @param {{call(op: string, payload?: object): Promise<any>}} engine the worker bridge
   * @param {HTMLElement} root <main id="app">
   * @param {ShellOptions} shell
   */
  constructor(engine, root, shell) {
    this.engine = engine;
    /** The page's element; typed loosely, as the games query their own controls in it.
     * @type {any} */
    this.root = root;
    this.shell = shell;
    // The game's dialogs, made by the game (its constructor or begin()); the shell opens and
    // closes them from the menu, the keys and retire(). `any`: each game has its own kinds.
    /** @type {any} */ this.saver = null;
    /** @type {any} */ this.newGameScreen = null;
    /** @type {any} */ this.newGame = null;
    /** @type {any} */ this.rulesPanel = null;
    /** @type {any} */ this.recordsPanel = null;
    /** @type {any} */ this.statsPanel = null;
    /** @type {any} */ this.keysPanel = null;
    /** @type {any} */ this.replayPanel = null;
    /** @type {any} */ this.moveLogPanel = null;
    this.words = shell.words;
    this.view = null;
    this.seed = null;
    this.busy = false; // an engine call or a move on show is in progress
    this.thinking = false;
    this.drawings = 0; // how many times the page was drawn (startWaiting)
    this.confirmingNew = false;
    this.stalled = false; // the computer's move failed; offer to try again
    this.lastPhase = null;
    /** @type {{url: string, status: string} | null} the link to this deal, once "Copy link" was chosen */
    this.link = null;
    /** @type {ResizeObserver | null} watches the table's box (markHiddenTable) */
    this.feltWatch = null;
    /** @type {ResizeObserver | null} watches the boxes that say they scroll (web/ui/scrollcue.js) */
    this.cueWatch = null;
    /** @type {number | null} the table box's height (CSS px) at the watch's last report */
    this.feltHeight = null;
    this.retired = false; // another game took the page
    this.gameSerial = 0; // bumped by each new or loaded game: answers for an older one are dropped
    this.handFocusGame = null; // the game (gameSerial) whose hand was last given the focus
    this.unscrolledKey = null; // the control focused without scrolling to it (see keepFocus)
    this.speed = readSpeed(); // "fast" | "normal" | "slow" (web/ui/speed.js), shared by the games
    this.think = readThink(); // ms the expert thinks a move (web/ui/think.js), shared by the games
    // The engine's thinking time, from its latest answer (answers come in the order the engine
    // made them: a computer's move asked before a change of the setting, shown after it, is
    // not the engine's latest word on the budget).
    /** @type {number | null} */ this.engineBudget = null;
    // Card movements (web/ui/motion.js); `cue` says what the next drawing shows, or null.
    this.motion = new Motion(root, shell.motion);
    this.cue = null;

    // The top bar: the game's title and scores (redrawn), then Undo and New game (redrawn) and
    // the menu (web/shell/menu.js, kept: an open menu survives a redraw).
    this.topInfo = h("div", { class: "topbar-info" });
    this.turnActions = h("div", { class: "turn-actions" });
    this.menu = new GameMenu({ id: shell.menuId, label: () => this.words.menuButton, title: () => this.words.menuTitle });
    this.topbar = h("header", { class: "topbar" }, this.topInfo, h("div", { class: "top-actions" }, this.turnActions, this.menu.el));
    this.linkArea = h("div", { class: "link-area" }); // a game's link panel (renderLink)
    // One message at a time, readable above any open dialog (web/ui/messages.js).
    root.textContent = "";
    this.messageBox = new Messages(root, { prefix: () => this.words.errorPrefix, dismiss: () => this.words.dismiss });
    this.messages = this.messageBox.el;
    this.board = h("div", { class: shell.boardClass || "board" });
    this.dialogs = h("div", { class: "dialogs" }); // never redrawn by render()
    this.messageBox.watch(this.dialogs);
    this.displayPanel = displayDialog(() => this.displayPack()); // needs no engine: usable while Python loads
    this.dialogs.append(this.displayPanel.el);
    root.append(this.topbar, this.linkArea, this.messages, this.board, this.dialogs);
    this.roving = new Roving(shell.roving);
    root.addEventListener("focusin", (e) => this.roving.focused(e.target));
    // The keys work wherever the focus is (H, ?, U with the focus on the page's body too).
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keyHandler);
    // Whether the player's last input was a tap or a click (not a key): the hand's focus the
    // page then gives after a move shows no ring (keepFocus).
    this.pointerInput = false;
    // Whether a key was pressed on this page: on a touch screen the menu offers the key help
    // only then (a phone's menu listed "Keys" to players with no keyboard; play-test 12).
    this.keysUsed = false;
    this.pointerHandler = () => {
      this.pointerInput = true;
    };
    document.addEventListener("pointerdown", this.pointerHandler, true);
    // A phone turned, or a window resized, with a hint open: the hint is fitted to the new
    // window (web/ui/hintfit.js).
    this.resizeHandler = () => fitHint(this.board);
    window.addEventListener("resize", this.resizeHandler);
    // The speed or thinking time chosen in another tab of this site: this page follows it
    // (the browser tells the other tabs of a change to the storage, not the one that made it).
    this.storageHandler = (e) => {
      if (e.key === SPEED_KEY && readSpeed() !== this.speed) this.setSpeed(readSpeed(), { save: false });
      if (e.key === THINK_KEY && readThink() !== this.think) this.setThink(readThink(), { save: false });
    };
    window.addEventListener("storage", this.storageHandler);
  }

  /** How long a computer move stays on show (ms): the address's delay, else the speed setting. */
  get delay() {
    const fixed = this.shell.fixedDelay;
    return fixed !== null && fixed !== undefined ? fixed : SPEEDS[this.speed] ?? SPEEDS.normal;
  }

  /** The speed `name` (one of SPEEDS), kept for the next visit unless `save` is false (it
   * came from another tab, which kept it). */
  setSpeed(name, { save = true } = {}) {
    if (!Object.hasOwn(SPEEDS, name)) return;
    this.speed = name;
    if (save) saveSpeed(name);
    this.render();
  }

  /** The expert's thinking time a move (ms) every new or loaded game is given: the address's
   * `think`, else the thinking-time setting. */
  get thinkMs() {
    const fixed = this.shell.fixedThink;
    return fixed !== null && fixed !== undefined ? fixed : this.think;
  }

  /** The player chose a thinking time (one of THINK_CHOICES): kept for the next visit (unless
   * `save` is false: another tab kept it), and the game on the table thinks so from its next
   * move (the engine's `set_budget`), unless the address fixed it. */
  async setThink(ms, { save = true } = {}) {
    if (!THINK_CHOICES.includes(ms)) return;
    this.think = ms;
    if (save) saveThink(ms);
    this.render();
    if (!this.view || this.retired || (this.shell.fixedThink !== null && this.shell.fixedThink !== undefined)) return;
    await this.call("set_budget", { budget_ms: ms }); // a refusal is shown (the page's words)
    if (!this.retired) this.renderRootData();
  }

  /** Another game takes the page: no more drawing, saving, keys, or answers taken. */
  retire() {
    this.retired = true;
    this.gameSerial += 1;
    if (this.saver) this.saver.stop();
    this.messageBox.stop();
    this.menu.stop();
    document.removeEventListener("keydown", this.keyHandler);
    document.removeEventListener("pointerdown", this.pointerHandler, true);
    window.removeEventListener("resize", this.resizeHandler);
    window.removeEventListener("storage", this.storageHandler);
    for (const panel of [this.newGameScreen, this.newGame, this.rulesPanel, this.recordsPanel, this.statsPanel, this.keysPanel, this.replayPanel, this.moveLogPanel, this.displayPanel]) {
      const dialog = panel && (panel.dialog || panel); // a panel's createDialog (web/ui/dialog.js)
      try {
        if (dialog && dialog.isOpen()) dialog.close();
      } catch {
        // a dialog that will not close is removed with the page anyway
      }
    }
  }

  // ---- engine calls -------------------------------------------------------------------------

  /** One engine call. Its error is shown in the messages unless `quiet` (the caller shows it);
   * `resuming`: the page itself resumes a saved game (not the player's act). */
  async call(op, payload = {}, { quiet = false, resuming = false } = {}) {
    // The player acts: a save kept as it was (Saver.keepUntilPlayed) may now be written.
    // A record only checked (load_record with "check") changes nothing, so it is no act.
    if (PLAYER_ACTS.has(op) && !payload.check && !resuming && this.saver) this.saver.release();
    let answer;
    try {
      answer = await this.engine.call(op, payload);
    } catch (err) {
      answer = { error: { code: "engine", message: this.words.engineFailed(err && err.message ? err.message : String(err)) } };
    }
    if (!answer || typeof answer !== "object") answer = { error: { code: "engine", message: this.words.engineFailed(String(answer)) } };
    if (answer.view && Number.isInteger(answer.view.budget_ms)) this.engineBudget = answer.view.budget_ms;
    answer = strings.inPageLanguage(answer, this.names());
    if (answer.error && !quiet && !this.retired) this.showError(answer.error);
    return answer;
  }

  /** One engine request made while the page waits (busy): the answer with its view, or null
   * when it failed (the error is shown) or came after the page moved on to another game. */
  async request(op, payload = {}) {
    const game = this.gameSerial;
    this.startWaiting();
    const answer = await this.call(op, payload);
    this.busy = false;
    if (game !== this.gameSerial || this.retired) return null;
    if (answer.error || !answer.view) {
      this.render();
      return null;
    }
    return answer;
  }

  /**
   * The page starts waiting for the engine (`thinking`: for the computer's move). `busy` is
   * set at once, so every control's handler (and the root's data-busy) refuses a second
   * action now; the drawing that shows the wait (the controls disabled, "... is thinking")
   * comes only if nothing has been drawn after WAIT_DRAWN_AFTER_MS, which is rare: the
   * engine answers most moves within a few milliseconds, and drawing the whole page once more
   * for them cost every move a redraw, a flicker of disabled controls, and a phone's battery
   * (about a quarter of a clicked round's CPU in the browser tests; docs/architecture.md).
   */
  startWaiting({ thinking = false } = {}) {
    this.busy = true;
    this.thinking = thinking;
    this.renderRootData();
    const drawn = this.drawings;
    setTimeout(() => {
      if (this.busy && this.drawings === drawn && !this.retired) this.render();
    }, WAIT_DRAWN_AFTER_MS);
  }

  /** An engine step with no move of its own to show (undo, the next round or deal). */
  async simple(op, payload = {}) {
    if (this.busy) return;
    const answer = await this.request(op, payload);
    if (!answer) return;
    this.clearMessages();
    this.stepped();
    this.accept(answer.view);
  }

  /** Before a `simple` step's view is taken (a game's hook: what the next drawing shows). */
  stepped() {}

  undo() {
    if (this.canUndo()) this.simple("undo", { seat: this.view.seat });
  }

  // ---- messages and focus -------------------------------------------------------------------

  /** Shows an error, replacing the one shown (`add`: beside it, for a list of them). */
  showError(error, { add = false, note = false } = {}) {
    this.messageBox.show(error, { add, note });
  }

  clearMessages() {
    this.messageBox.clear();
  }

  /** Read out to a screen reader (the page's one live region, web/ui/live.js). */
  announce(text) {
    say(text);
  }

  /** After a move the redrawn page has lost the focused button: put a keyboard player back on
   * their hand (the game's `handFocusKey()`) instead of the top of the page. */
  keepFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && this.root.contains(active)) return;
    const key = this.handFocusKey();
    if (!key) return;
    // A game's first turn: the page shows its top (the scores, the round, who deals), which a
    // phone cannot show together with the hand; the focus waits on the hand without scrolling
    // to it, also through redraws (render), until a key is pressed (onKey).
    const firstTurn = this.handFocusGame !== this.gameSerial;
    this.handFocusGame = this.gameSerial;
    this.unscrolledKey = firstTurn ? key : null;
    if (firstTurn) document.scrollingElement.scrollTop = 0;
    this.focusKey(key, { preventScroll: firstTurn });
    // Nor is its ring drawn until a key is pressed (see focusKey for a tap): on a phone just
    // loaded, a ringed card looked selected (play-test 10).
    if (firstTurn) this.quietFocus(true);
  }

  /** Whether the focus ring the page gives waits for a key (`data-quiet-focus` on the page's
   * root; shell.css). */
  quietFocus(on) {
    if (on) this.root.dataset.quietFocus = "";
    else delete this.root.dataset.quietFocus;
  }

  /** Focuses the control with this data-key; one inside the closed menu: the menu's button.
   * While the player is in the open menu, an answer arriving from the engine (a hint, the end
   * of a round) leaves the focus there: moving it would close the menu under their finger. */
  focusKey(key, options) {
    if (this.menu.isOpen() && this.menu.el.contains(document.activeElement)) return;
    const el = /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-key="${CSS.escape(key)}"]`));
    if (el && this.menu.hides(el)) this.menu.button.focus(options);
    else if (el) el.focus(options);
    // Moved by the page after a tap or a click: no ring until a key is pressed (play-test 11: on
    // a phone the hand card focused after each tapped move looked selected). A keyboard player
    // sees it at once.
    this.quietFocus(this.pointerInput);
  }

  // ---- keys ---------------------------------------------------------------------------------

  onKey(e) {
    if (this.retired) return;
    this.unscrolledKey = null; // the keyboard is in use: the focus is shown from now on
    this.pointerInput = false;
    if (!this.keysUsed) {
      this.keysUsed = true;
      // Not under an open menu's focus (its list would be rebuilt): the next render adds it.
      if (!this.menu.isOpen()) this.menu.update([...this.menuItems(), ...this.sharedMenuItems()]);
    }
    this.quietFocus(false);
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (e.key === "Escape") {
      if (target && target.closest("dialog")) return;
      if (this.confirmingNew) this.confirmingNew = false;
      else this.escape();
      this.render();
      return;
    }
    // Shortcuts, except while typing (the move box takes "h" in "7H x 3C") or in a dialog.
    if (typingIn(e)) return;
    const key = shortcutKey(e);
    if ((e.ctrlKey || e.metaKey) && !e.altKey && key === "z") {
      e.preventDefault();
      this.undo();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const commands = {
      u: () => this.undo(),
      m: () => this.openMoveLog(),
      "?": () => this.keysPanel && this.keysPanel.open(),
      ...this.shortcuts(e),
    };
    if (Object.hasOwn(commands, key)) {
      e.preventDefault();
      commands[key]();
      return;
    }
    this.roving.key(e);
  }

  /** A game's own keys: {letter: () => void}. */
  shortcuts(e) {
    return e ? {} : {};
  }

  /** What Escape clears on the table (a game's hook). */
  escape() {}

  openMoveLog() {
    if (this.view && this.moveLogPanel) this.moveLogPanel.open();
  }

  openReplay() {
    if (this.view && this.replayReady() && this.replayPanel) this.replayPanel.open();
  }

  /** Whether the replay may open now (a hook): once the match is over (it shows every hand);
   * the fishing page replays a round once that round is over. */
  replayReady() {
    return Boolean(this.view && this.view.phase === "match_over");
  }

  /** The replay's menu item in words (a hook): {label, notReady: why it is off}. */
  replayWords() {
    return { label: this.words.replayButton, notReady: this.words.replayNotOver };
  }

  // ---- rendering ----------------------------------------------------------------------------

  /**
   * The game's name (the top bar's title) once more, first on the deal's line: a phone hides
   * the title (for screen readers only), and nothing else said which game was on the table,
   * California Jack or Shasta Sam, that share one save (play-test 13). Shown only where the
   * title is hidden (app.css); hidden from screen readers, which hear the title.
   */
  nameTheGame() {
    const title = this.topInfo.querySelector("h1");
    const line = this.topInfo.querySelector(".deal-info");
    if (title && line) line.prepend(h("span", { class: "game-name", "aria-hidden": "true" }, title.textContent));
  }

  render() {
    if (this.retired) return;
    this.drawings += 1;
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && this.root.contains(active) && !this.dialogs.contains(active) && active.dataset ? active.dataset.key : null;

    this.renderRootData();
    fill(this.topInfo, ...this.renderTopbar());
    this.nameTheGame();
    fill(this.turnActions, ...this.renderTurnActions());
    this.menu.update([...this.menuItems(), ...this.sharedMenuItems()]);
    fill(this.linkArea, ...this.renderLink());
    const cue = this.cue;
    this.cue = null;
    const before = cue ? this.motion.measure(this.board) : null;
    const scrolled = this.feltScroll();
    fill(this.board, ...(this.view ? this.renderBoard() : [h("p", { class: "loading" }, this.words.loading)]));
    // Before the cards fly: they fly to where they are once the table has scrolled.
    this.keepFeltScroll(cue && (cue.deal || cue.fresh) ? 0 : scrolled, cue);
    this.motion.play(this.board, before, cue);
    this.roving.apply(this.board);
    this.markHiddenTable();
    this.cueWatch = watchScrollCues(this.board, this.cueWatch || null);
    // After the drawing's layout is known: an open hint that opts in keeps a phone on its side
    // one window (web/ui/hintfit.js).
    fitHint(this.board);

    if (focusKey) {
      const again = /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`));
      if (again && again !== document.activeElement && !this.menu.hides(again)) again.focus({ preventScroll: focusKey === this.unscrolledKey });
    }
  }

  /** How far the table drawn now is scrolled inside its box (0: none drawn). */
  feltScroll() {
    const felt = this.board.querySelector(".felt");
    return felt instanceof HTMLElement ? felt.scrollTop : 0;
  }

  /**
   * The board is drawn afresh at every change, its table too: the new table keeps the old one's
   * scroll (`top`), so a tap on a card low on a crowded table does not send the table back to
   * its top. After a move (`cue`) the cards that move changed (the game's `moved` selector:
   * the computer's move on show, the last move's cards) are then scrolled into view inside the
   * table's box, never the page (the hand stays where it is): on a phone a new build in a third
   * row was below the fold, shown only by a fade at the edge. Smoothly, unless the player asked for
   * reduced motion.
   */
  keepFeltScroll(top, cue) {
    const felt = this.board.querySelector(".felt");
    if (!(felt instanceof HTMLElement)) return;
    // A new table is at its top already; writing the scroll (or reading heights) would force
    // a layout in the middle of every render.
    if (top) felt.scrollTop = top;
    if (cue) this.showMoved(felt);
  }

  /** Asks the engine whether a record would load (`request`: the page's load_record request,
   * sent with "check": true), the game in progress unchanged: null when it would, else the
   * engine's refusal in the page's words (web/ui/records.js shows it). */
  async checkRecordRequest(request) {
    const answer = await this.call("load_record", { ...request, check: true }, { quiet: true });
    return answer.error || null;
  }

  /** The table items (in `felt`) that its box keeps in view (a hook): the cards the last move
   * changed, the game's `moved` selector. Cassino's page puts an open hint's cards first. */
  keptInView(felt) {
    return this.shell.moved ? [...felt.querySelectorAll(this.shell.moved)] : [];
  }

  /** Scrolls the table's box (`felt`) so that the items `keptInView` names (the cards the last
   * move changed) are inside it, if they are not. */
  showMoved(felt) {
    const moved = this.keptInView(felt);
    if (!moved.length || felt.scrollHeight <= felt.clientHeight) return;
    // The moved cards' extent in the table's content, from the top of its padding box.
    const origin = felt.getBoundingClientRect().top + felt.clientTop - felt.scrollTop;
    const boxes = moved.map((el) => el.getBoundingClientRect());
    const first = Math.min(...boxes.map((b) => b.top)) - origin;
    const last = Math.max(...boxes.map((b) => b.bottom)) - origin;
    const room = felt.clientHeight;
    const end = felt.scrollHeight - room;
    const margin = 6; // px of felt beyond the cards, so that they do not touch the edge
    // ...or, at an edge where a sign will say that cards are hidden beyond it (scrolled off
    // that end of the table: markHiddenTable), the sign's room, so that it covers none of them.
    const sign = signRoom(felt);
    const edges = hiddenEdges(felt);
    const above = (/** @type {number} */ g) => (g > edges.top ? sign : margin);
    const below = (/** @type {number} */ g) => (end - g > edges.bottom ? sign : margin);
    // Cards that the sign's room would leave cut at the other edge are kept whole first (a
    // sign gives way to a hinted card there: markHiddenTable).
    const clear = last - first + sign + margin <= room;
    let goal = felt.scrollTop;
    if (last - first + above(goal) + below(goal) > room || first - above(goal) < goal) {
      goal = first - margin;
      if (goal > edges.top && clear) goal = first - sign;
    } else if (last + below(goal) > goal + room) {
      goal = last + margin - room;
      if (end - goal > edges.bottom && clear) goal = last + sign - room;
    }
    goal = Math.max(0, Math.min(goal, end));
    if (Math.abs(goal - felt.scrollTop) < 1) return;
    felt.scrollTo({ top: goal, behavior: reducedMotion() ? "instant" : "smooth" });
  }

  /** A table taller than its box scrolls inside itself; then its lower edge says so
   * (`data-more="below"`: Cassino's page shows "▼ more cards" there, app.css and
   * web/ui/tablemore.js) until the player has scrolled to its end: a new player on a phone
   * did not see a second row of cards, which the hint then named. Scrolled down (the table
   * brings the last move's cards into view), its upper edge says so too ("above", or "both"),
   * so a first row partly out of sight is not missed either. Only the box's padding out of
   * sight is no card hidden. Marked again on every scroll and every change of the box's size.
   * An edge whose sign would lie over a card the game names (`signsGiveWayTo`: an open hint's
   * cards, more than the box holds) is not marked: the sign covered the hinted card's top
   * (play-test, a phone on its side), and the card cut there shows that the table goes on. */
  markHiddenTable() {
    const felt = this.board.querySelector(".felt");
    if (this.feltWatch) this.feltWatch.disconnect();
    if (!(felt instanceof HTMLElement)) return;
    const mark = () => {
      const edges = hiddenEdges(felt);
      let below = felt.scrollHeight - felt.scrollTop - felt.clientHeight > edges.bottom;
      let above = felt.scrollTop > edges.top;
      const named = (below || above) && this.signsGiveWayTo(felt).map((el) => el.getBoundingClientRect());
      if (named && named.length) {
        const top = felt.getBoundingClientRect().top + felt.clientTop;
        const bottom = top + felt.clientHeight;
        const room = signRoom(felt);
        above &&= !named.some((r) => r.bottom > top + 0.5 && r.top < top + room - 0.5);
        below &&= !named.some((r) => r.top < bottom - 0.5 && r.bottom > bottom - room + 0.5);
      }
      const more = below && above ? "both" : below ? "below" : above ? "above" : "";
      if (felt.dataset.more !== more) felt.dataset.more = more;
    };
    felt.addEventListener("scroll", mark, { passive: true });
    if (typeof ResizeObserver === "function") {
      // Its first report on a newly watched table comes after the frame's layout: reading the
      // heights here instead would force a layout on every render (a third of the page's
      // time a move, measured in Chromium).
      // When the box changed height since the last drawing (a panel above it grew or shrank),
      // the last move's cards are brought back into view: a box shrinking under them cut them
      // off (play-test 6, on a phone while the computer thought); the game then keeps what
      // else it shows in view (tableResized: a phone turned with a hint open).
      this.feltWatch = this.feltWatch || new ResizeObserver((entries) => entries.forEach((e) => {
        const box = /** @type {HTMLElement} */ (e.target);
        const height = Math.round(e.contentRect.height);
        if (this.feltHeight !== null && height !== this.feltHeight && box.isConnected) {
          this.showMoved(box);
          this.tableResized();
        }
        this.feltHeight = height;
        box.dispatchEvent(new Event("scroll"));
      }));
      this.feltWatch.observe(felt);
    } else {
      mark();
    }
  }

  /** The table items (in `felt`) that no sign at the box's edges may cover (a hook): none. */
  signsGiveWayTo(felt) {
    void felt;
    return [];
  }

  /** The table's box changed height (the window turned or resized, a panel grew): a game
   * brings back into view what it keeps there (a hook). */
  tableResized() {}

  /** The page's state on the root element (data-busy, data-speed...; the game's own: rootData). */
  renderRootData() {
    const d = this.root.dataset;
    d.busy = this.busy ? "1" : "0";
    d.thinking = this.thinking ? "1" : "0";
    d.speed = this.speed;
    d.delay = String(this.delay);
    d.budgetMs = this.engineBudget === null ? "" : String(this.engineBudget);
    this.rootData(d);
  }

  /** A game's state on the root element (a hook). */
  rootData(dataset) {
    return dataset;
  }

  // ---- the link to this deal (web/ui/deallink.js) ------------------------------------------

  /** The address of the deal on the table, which opened elsewhere deals it again (a hook):
   * null when the page cannot name it (no game, no deal number). @returns {string | null} */
  dealLinkUrl() {
    return null;
  }

  /** The menu's "Copy link to this deal", for a page that names its deals (dealLinkUrl). */
  linkMenuItem() {
    return { action: "copy-link", label: this.words.copyLink, disabled: !this.view || !this.dealLinkUrl(), run: () => this.copyLink() };
  }

  /** Shows the link to this deal under the top bar and copies it; when the browser does not
   * let the page copy, the box takes the focus with the link selected. */
  async copyLink() {
    const url = this.dealLinkUrl();
    if (!url) return;
    this.link = { url, status: "" };
    this.render();
    const copied = await copyText(url);
    if (!this.link || this.link.url !== url || this.retired) return;
    this.link.status = copied ? this.words.linkCopied : this.words.linkCopyFailed;
    this.render();
    if (!copied) {
      const box = this.root.querySelector("[data-link]");
      if (box) {
        box.focus();
        box.select();
      }
    }
  }

  /** Closes the link's panel, the focus back on the menu's button (the item is in the menu). */
  closeLink() {
    this.link = null;
    this.render();
    this.focusKey("copy-link");
  }

  /** The link panel under the top bar, once "Copy link" was chosen: elements. */
  renderLink() {
    return this.link ? [linkPanel(this.link, () => this.closeLink())] : [];
  }

  /** Why Undo cannot be used now, or a note on it (a hook): the button's title. */
  undoTitle() {
    return null;
  }

  /**
   * Continue on the new-game screen (web/ui/newgame-parts.js): the match saved for the
   * screen's game goes on (`resumeForScreen`, a page's hook), any problem with it is shown, and
   * the address names it (`addressSaved`, a page's hook). Answers null, or the last problem for
   * the screen to show beside its buttons (an unreadable save is then set aside and told).
   * @returns {Promise<{code: string, message: string} | null>}
   */
  async continueSaved() {
    /** @type {{code: string, text: string}[]} */
    const errors = [];
    const done = await this.resumeForScreen(errors);
    for (const { code, text } of errors) this.showError({ code, message: text }, { add: true });
    if (!done) return { code: "bad_save", message: errors.length ? errors[errors.length - 1].text : "" };
    this.addressSaved();
    return null;
  }

  /** Puts the match saved for the new-game screen's game on the table, its problems pushed on
   * `errors` ({code, text}); answers whether it is on (a page's hook).
   * @param {{code: string, text: string}[]} errors
   * @returns {Promise<boolean>} */
  async resumeForScreen(errors) { // eslint-disable-line no-unused-vars
    return false;
  }

  /** The address names the saved game now on the table (a page's hook: web/ui/replace.js
   * addressSaved with the page's game and deal). */
  addressSaved() {}

  /** Whether Undo, closed, still answers a press by saying why (a hook; web/app.js: the daily
   * deal's scored round). Such a button is only aria-disabled: a tap on a phone, which shows
   * no title, reaches it and the reason goes to the messages. */
  undoSaysWhy() {
    return false;
  }

  /** Undo and New game: in view at every size, beside the menu. */
  renderTurnActions() {
    const w = this.words;
    const v = this.view;
    const inMatch = v && v.phase !== "match_over";
    const open = this.canUndo();
    const saysWhy = !open && this.undoSaysWhy();
    return [
      h(
        "button",
        {
          type: "button",
          class: saysWhy ? "says-why" : null,
          dataset: { action: "undo", key: "undo" },
          disabled: !open && !saysWhy,
          "aria-disabled": saysWhy ? "true" : null,
          title: this.undoTitle(),
          "aria-keyshortcuts": "U Control+Z",
          onclick: () => this.undo(),
        },
        w.undo,
      ),
      h(
        "button",
        {
          type: "button",
          dataset: { action: "new-game", key: "new-game" },
          disabled: !this.newGameReady(),
          onclick: () => (inMatch ? this.askNewGame() : this.openNewGame()),
        },
            w.newGame,
          ),
    ];
  }

  /** Whether a game not yet over is on the table (loading a record asks before replacing it). */
  gameInProgress() {
    return Boolean(this.view) && this.view.phase !== "match_over";
  }

  /** The name of the game on the table as its top bar gives it ("Эскоба на троих",
   * "Калифорнийский Джек"), or "" before the first drawing: the new-game screen names the
   * match that waits behind it (play-test 17). */
  matchTitle() {
    const title = this.topInfo.querySelector("h1");
    return title ? (title.textContent || "").trim() : "";
  }

  /**
   * "Start a new game?" in a small dialog of its own (a phone's top bar has no room for it),
   * saying what happens to this match: a new match of the same game (the same save) replaces
   * it, another game leaves it saved (play-test 15: "Abandon this match?" said it was thrown
   * away, and it came back). New game opens the new-game screen; Cancel, Escape and the close
   * button leave the game as it was, with the focus back on New game (the top bar may have
   * been redrawn meanwhile, so it is found again by its key).
   */
  askNewGame() {
    const w = this.words;
    const dialog = createDialog({ name: "confirm-new", title: w.newGame });
    let yes = false;
    const answer = (value) => {
      yes = value;
      dialog.close({ returnFocus: false });
      if (!value) return;
      // The new-game screen gives the focus back to New game when it is closed without a game.
      this.focusKey("new-game");
      this.openNewGame();
    };
    dialog.body.append(
      h("p", { class: "confirm-new-text" }, w.confirmNewGame),
      h(
        "div",
        { class: "dialog-actions" },
        // Not held back while the computer thinks: the screen opens at once, and Start
        // waits for the engine.
        h("button", { type: "button", class: "danger", dataset: { action: "new-game-yes", key: "new-game-yes" }, onclick: () => answer(true) }, w.newGame),
        h("button", { type: "button", dataset: { action: "new-game-no", key: "new-game-no" }, onclick: () => answer(false) }, w.cancel),
      ),
    );
    dialog.el.addEventListener("close", () => {
      dialog.el.remove();
      this.confirmingNew = false;
      if (this.retired) return;
      if (!yes) this.focusKey("new-game");
    }, { once: true });
    this.confirmingNew = true;
    this.dialogs.append(dialog.el);
    dialog.open("[data-action=new-game-yes]");
  }

  /**
   * The pack the Display dialog shows, when the page draws its own rather than the French
   * faces (a hook; web/ui/display.js). @returns {import("../ui/display.js").DisplayPack|null}
   */
  displayPack() {
    return null;
  }

  /** Whether New game can open its screen yet (a hook). */
  newGameReady() {
    return true;
  }

  /** A game's own menu items, first in the menu (a hook). @returns {import("./menu.js").MenuItem[]} */
  menuItems() {
    return [];
  }

  /** The menu items every game has, after its own. @returns {import("./menu.js").MenuItem[]} */
  sharedMenuItems() {
    const w = this.words;
    const v = this.view;
    const replayOpen = Boolean(v) && this.replayReady();
    return [
      { action: "save-record", label: w.saveRecord, disabled: !this.recordsPanel || !v, run: () => this.recordsPanel.open("save") },
      { action: "load-record", label: w.loadRecord, disabled: !this.recordsPanel, run: () => this.recordsPanel.open("load") },
      // A page without statistics, a move log or a replay does not offer them: a grey item
      // that never opens reads as broken (a new player's run).
      this.statsPanel ? { action: "stats", label: w.statsButton, run: () => this.statsPanel.open() } : null,
      this.moveLogPanel ? { action: "move-log", label: w.moveLogButton, disabled: !v, shortcut: "M", title: `${w.moveLogTitle} (M)`, run: () => this.openMoveLog() } : null,
      this.replayPanel
        ? {
            action: "replay",
            label: this.replayWords().label,
            disabled: !replayOpen,
            title: v && !replayOpen ? this.replayWords().notReady : null,
            run: () => this.openReplay(),
          }
        : null,
      touchScreen() && !this.keysUsed ? null : { action: "keys", label: w.keysButton, disabled: !this.keysPanel, shortcut: "?", run: () => this.keysPanel.open() },
      { action: "display", label: w.displayButton, run: () => this.displayPanel.open() },
      speedItem({ speed: () => this.speed, onChange: (name) => this.setSpeed(name), fixedDelay: this.shell.fixedDelay ?? null }),
      thinkItem({ think: () => this.thinkMs, onChange: (ms) => this.setThink(ms), fixedThink: this.shell.fixedThink ?? null }),
      languageItem(),
    ].filter((item) => item !== null);
  }

  // ---- what a game supplies -----------------------------------------------------------------

  /** @returns {Node[]} the title, scores and deal */
  renderTopbar() {
    return [];
  }

  /** @returns {Node[]} the table */
  renderBoard() {
    return [];
  }

  /** @returns {boolean} */
  canUndo() {
    return false;
  }

  /** @returns {string[]} the seats' names */
  names() {
    return [];
  }

  /** Takes a new view from the engine (a game's own). */
  accept(view) {
    this.view = view;
  }

  openNewGame() {}

  /** @returns {string | null} the data-key of the hand's control to focus after a move */
  handFocusKey() {
    return null;
  }
}
