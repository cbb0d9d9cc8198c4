// The California Jack / Shasta Sam page: renders the engine's view (cassino_core.calijack
// through the worker's api.handle) and sends back a card the view listed in legal_moves. It
// never decides a rule: the legal cards, the trick's winner and every point come from the
// engine (see docs/api.md and the California Jack part of the team contract).
//
// For tests and tools the state is on the root element (<main id="app">): data-game,
// data-phase, data-turn, data-seat, data-scores (JSON), data-target, data-winner, data-stock,
// data-trump, data-deal, data-busy, data-thinking, data-flash, data-ready, data-save.

import { languageSelect } from "../ui/language.js";
import { h } from "../ui/dom.js";
import { cardShort } from "../ui/cards.js";
import { jackStrings as t, SUIT_SYMBOLS } from "./strings.js";
import { renderOpponent, renderFelt, renderMine, renderSheet, drawText, suitOfCard } from "./table.js";
import { JackNewGame } from "./newgame.js";
import { JackRulesPanel } from "./rules.js";
import { RecordsPanel } from "../ui/records.js";
import { strings } from "../ui/strings.js";
import { SPEEDS, readSpeed, saveSpeed } from "../ui/speed.js";
import { JackSaver, readJackSave, setAsideJackSave, JACK_SAVE_KEY } from "./saved.js";
import { DEFAULT_LEVEL, isJackGame, jackDealKey, JACK_DEAL_PARAMS } from "./params.js";
import { DEAL_PARAMS } from "../ui/params.js";
import { askReplace, dropDealFromAddress } from "../ui/replace.js";
import { Messages } from "../ui/messages.js";
import { newMatchId, recordMatch } from "../ui/stats.js";
import { StatsPanel } from "../ui/statspanel.js";
import { announce as say } from "../ui/live.js";
import { Roving, keysDialog, shortcutKey } from "../ui/keys.js";
import { ReplayPanel } from "../ui/replay.js";
import { seatNames } from "../ui/sides.js";
import { MoveLogPanel } from "../ui/movelog.js";
import { jackReplay, jackLog } from "./replay.js";
import { displayDialog } from "../ui/display.js";
import { Motion } from "../ui/motion.js";

// The faces that move on this table: the hand, the trick, the stock's face-up card and the
// opponent's cards seen drawn (the last trick's small copies are not followed).
const JACK_FACES = [".jack-hand", ".trick", ".jack-stock", ".jack-opp-hand"].map((where) => `${where} .card.face[data-face]`).join(", ");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const JACK_RECORD = /"format"\s*:\s*"calijack-record"/; // cassino_core/calijack/record.py FORMAT

export class JackApp {
  /**
   * @param engine the worker bridge ({call(op, payload)})
   * @param root <main id="app">
   * @param {object} opts {delay: ms the computer's card stays on show when the address sets it (delayFixed),
   *   else the player's speed setting (web/ui/speed.js) decides; onCassino(): hand the page
   *   back to Cassino}
   */
  constructor(engine, root, opts) {
    this.engine = engine;
    this.root = root;
    this.opts = opts;
    this.speed = readSpeed(); // "fast" | "normal" | "slow", shared with Cassino's page
    this.view = null;
    this.settings = null; // {game, level, target, packet, seed}
    this.seed = null;
    this.busy = false;
    this.thinking = false;
    this.flash = null; // {plays, winner, card, text} while a finished trick or the computer's card is on show
    // Card movements (web/ui/motion.js): the card played goes to the trick, a won trick to the
    // winner's tricks, a drawn card from the stock to the hand. `cue` is for the next drawing.
    this.motion = new Motion(root, { faces: JACK_FACES, pile: (seat) => `.seat[data-seat="${seat}"] .jack-won` });
    this.cue = null;
    this.hint = null; // {card, lines: [string]} or {text}
    this.confirmingNew = false;
    this.menuOpen = false;
    this.stalled = false;
    this.retired = false;
    this.serial = 0; // bumped by each new game: stale answers are dropped
    this.lastPhase = null;
    this.handFocusGame = null; // the game (serial) whose hand was last given the focus
    this.unscrolledKey = null; // the card focused without scrolling to it (see keepFocus)

    root.className = "cassino jack";
    root.textContent = "";
    for (const key of Object.keys(root.dataset)) delete root.dataset[key];
    this.topbar = h("header", { class: "topbar" });
    this.toolbar = h("nav", { class: "toolbar", id: "jack-toolbar", "aria-label": t.moreActions });
    // One message at a time, readable above any open dialog (web/ui/messages.js).
    this.messageBox = new Messages(root, { prefix: () => t.errorPrefix, dismiss: () => t.dismiss });
    this.messages = this.messageBox.el;
    this.board = h("div", { class: "board jack-board" });
    this.dialogs = h("div", { class: "dialogs" });
    this.messageBox.watch(this.dialogs);
    // The deal key (params.js jackDealKey) of the address the game on the table began at.
    this.saveDeal = "";
    this.saver = new JackSaver((op, payload, options) => this.call(op, payload, options), root, () => this.saveDeal);
    this.rulesPanel = new JackRulesPanel();
    this.newGame = new JackNewGame({
      onStart: (settings) => this.startGame(settings),
      onGame: () => this.toCassino(),
      onCancel: () => this.onNewGameCancelled(),
      onRules: (game) => this.rulesPanel.open(game),
    });
    // Records: the engine's JSON record (a Jack record has no text form: both downloads hold
    // the JSON). A Cassino record is refused here: it belongs on Cassino's page.
    this.recordsPanel = new RecordsPanel({
      exportRecord: async () => {
        const answer = await this.call("export_record", {}, { quiet: true });
        return answer.error ? answer : { record: answer.record, text: JSON.stringify(answer.record, null, 2) };
      },
      loadRecord: (text) => (JACK_RECORD.test(text) ? this.loadRecord(text) : Promise.resolve({ code: "bad_record", message: t.notJackRecord })),
      fileName: () => `${(this.view && this.view.game) || "california_jack"}-${this.seed ?? "deal"}`,
    });
    // The statistics are shared with Cassino's page (web/ui/stats.js): each Jack game is a
    // variant of its own there, named alike on both pages (statsVariantTitle).
    this.statsPanel = new StatsPanel({
      onProblem: (problem, asideKey) => this.showError({ code: "bad_stats", message: strings.statsBad(problem, asideKey) }),
    });
    // After the match: every card face up (the engine refuses it before the end).
    this.replayPanel = new ReplayPanel({ fetch: () => this.fetchReplay(), title: t.replayTitle, ...jackReplay(() => this.names()) });
    this.moveLogPanel = new MoveLogPanel({ fetch: () => this.call("move_log", {}, { quiet: true }), intro: t.moveLogIntro, draw: jackLog(() => this.names()) });
    this.keysPanel = keysDialog([...t.keysRows, [t.keysMoveLogKey, t.keysMoveLogDoes]]);
    this.displayPanel = displayDialog(); // the options themselves are on <html> (web/ui/display.js)
    this.dialogs.append(this.newGame.el, this.rulesPanel.el, this.recordsPanel.el, this.statsPanel.el, this.keysPanel.el, this.replayPanel.el, this.moveLogPanel.el, this.displayPanel.el);
    root.append(this.topbar, this.toolbar, this.messages, this.board, this.dialogs);
    this.roving = new Roving(".jack-hand-cards"); // arrows over the hand, one Tab stop
    root.addEventListener("focusin", (e) => this.roving.focused(e.target));
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener("keydown", this.keyHandler); // H works wherever the focus is
    document.title = t.games.california_jack;
  }

  /** How long the computer's card or a finished trick stays on show (ms). */
  get delay() {
    return this.opts.delayFixed ? this.opts.delay : SPEEDS[this.speed] ?? SPEEDS.normal;
  }

  /** Another game takes the page: stop listening, saving and drawing. */
  retire() {
    this.retired = true;
    this.serial += 1;
    this.saver.stop();
    this.messageBox.stop();
    document.removeEventListener("keydown", this.keyHandler);
    this.newGame.started = true; // closing it now is not a cancel
    this.newGame.close();
    if (this.statsPanel.dialog.isOpen()) this.statsPanel.dialog.close();
    if (this.replayPanel.isOpen()) this.replayPanel.close();
    if (this.moveLogPanel.isOpen()) this.moveLogPanel.close();
  }

  /** The replay's positions; the view that comes back closes undo (every card was shown). */
  async fetchReplay() {
    const answer = await this.call("replay", {}, { quiet: true });
    if (!answer.error && answer.view) this.accept(answer.view);
    return answer;
  }

  // ---- engine calls -------------------------------------------------------------------------

  async call(op, payload = {}, { quiet = false } = {}) {
    let answer;
    try {
      answer = await this.engine.call(op, payload);
    } catch (err) {
      answer = { error: { code: "engine", message: t.engineFailed(err && err.message ? err.message : String(err)) } };
    }
    if (!answer || typeof answer !== "object") answer = { error: { code: "engine", message: t.engineFailed(String(answer)) } };
    answer = strings.inPageLanguage(answer, this.names());
    if (answer.error && !quiet && !this.retired) this.showError(answer.error);
    return answer;
  }

  /**
   * Starts the page.
   * @param {object} how {game, fromAddress: {seed, level, target, packet}|null (deal this at once),
   *   resume: true (resume the save), ask: true (a game saved at another address: ask before
   *   replacing it, web/ui/replace.js), openNew: true (the new-game screen), errors: [{code, text}]}
   */
  async begin(how) {
    this.render();
    const errors = [...(how.errors || [])];
    let done = false;
    let fromAddress = how.fromAddress;
    if (how.ask) {
      for (const { code, text } of errors) this.showError({ code, message: text });
      if (await askReplace(this.dialogs) === "back") {
        if (this.retired) return;
        dropDealFromAddress([...JACK_DEAL_PARAMS, ...DEAL_PARAMS]);
        fromAddress = null;
        done = await this.resumeSaved(errors);
      }
    } else if (how.resume) {
      done = await this.resumeSaved(errors);
    }
    if (this.retired) return;
    if (!done && fromAddress) {
      const problem = await this.startGame({ game: how.game, ...fromAddress });
      if (problem) errors.push({ code: problem.code || "bad_address", text: t.badAddressGame(problem.message || problem.code) });
      else done = true;
    }
    if (!done) this.openNewGame(how.game);
    for (const { code, text } of errors) this.showError({ code, message: text });
    this.render();
  }

  async resumeSaved(errors) {
    const found = readJackSave(globalThis.location ? location.search : "");
    if (!found || found.other) return false;
    const problem = found.bad ? { message: found.bad } : await this.loadRecord(found.save.record, found.save);
    if (!problem) return true;
    // Never lost: its exact text moves to a key of its own (or stays, not saved over).
    let aside = setAsideJackSave();
    if (!aside) {
      this.saver.hold();
      aside = JACK_SAVE_KEY;
    }
    errors.push({ code: "bad_save", text: t.savedGameSetAside(problem.message || problem.code, aside) });
    return false;
  }

  openNewGame(game = null) {
    this.confirmingNew = false;
    const s = /** @type {{game?: string, level?: string, target?: number, packet?: number}} */ (this.settings || {});
    const chosen = isJackGame(game) ? game : (this.view && this.view.game) || s.game || "california_jack";
    this.newGame.open({ game: chosen, level: s.level, target: s.target, packet: s.packet }, Boolean(this.view));
    this.render();
  }

  /** The new-game screen closed without a game: with none on the table, Cassino takes over. */
  onNewGameCancelled() {
    if (this.retired) return;
    if (!this.view) this.toCassino();
  }

  toCassino() {
    if (this.retired) return;
    this.opts.onCassino();
  }

  /** new_game with these settings; answers null or the engine's error. */
  async startGame(settings) {
    this.confirmingNew = false;
    while (this.busy) await sleep(20);
    const payload = { game: settings.game, seats: ["human", "computer"], viewer: 0, level: settings.level || DEFAULT_LEVEL };
    const overrides = {};
    if (settings.target !== null && settings.target !== undefined) overrides.target = settings.target;
    if (settings.packet !== null && settings.packet !== undefined) overrides.deal_packet = settings.packet;
    if (Object.keys(overrides).length) payload.overrides = overrides;
    if (settings.seed !== null && settings.seed !== undefined) payload.seed = settings.seed;
    if (this.opts.think !== null && this.opts.think !== undefined) payload.budget_ms = this.opts.think;
    this.busy = true;
    this.render();
    const answer = await this.call("new_game", payload, { quiet: true });
    this.busy = false;
    if (this.retired) return null;
    if (answer.error || !answer.view) {
      this.render();
      return answer.error || { code: "engine", message: "no view" };
    }
    this.serial += 1;
    this.seed = answer.seed ?? settings.seed ?? null;
    this.settings = { game: settings.game, level: payload.level, target: settings.target ?? null, packet: settings.packet ?? null, seed: this.seed, matchId: newMatchId() };
    this.saveDeal = jackDealKey(globalThis.location ? location.search : "");
    this.clearMessages();
    this.lastPhase = null;
    this.flash = null;
    // From the new-game screen: closed before the table is drawn, for the focus to reach the
    // hand (keepFocus), as on Cassino's page (web/app.js startGame).
    if (this.newGame.isOpen()) {
      this.newGame.started = true; // closing it now is not a cancel
      this.newGame.close({ returnFocus: false });
    }
    this.accept(answer.view);
    return null;
  }

  newMatch() {
    const s = this.settings || { game: (this.view && this.view.game) || "california_jack" };
    this.startGame({ ...s, seed: null }).then((problem) => {
      if (problem) this.showError(problem);
    });
  }

  /** `record`: a record (text or object); `resume`: a save's {seats, viewer, settings}. */
  async loadRecord(record, resume = null) {
    while (this.busy) await sleep(20);
    this.busy = true;
    // Naming the game makes the engine refuse a Cassino record instead of loading it.
    const payload = { record, game: (this.view && this.view.game) || "california_jack" };
    if (this.opts.think !== null && this.opts.think !== undefined) payload.budget_ms = this.opts.think;
    if (resume) {
      payload.seats = resume.seats;
      payload.viewer = resume.viewer;
    }
    const answer = await this.call("load_record", payload, { quiet: true });
    this.busy = false;
    if (answer.error || !answer.view) {
      this.render();
      return answer.error || { code: "engine", message: "no view" };
    }
    if (!isJackGame(answer.view.game)) {
      return { code: "bad_record", message: `not a California Jack record (game ${JSON.stringify(answer.view.game)})` };
    }
    this.serial += 1;
    this.seed = answer.seed ?? null;
    const saved = resume && resume.settings && typeof resume.settings === "object" ? resume.settings : {};
    // A resumed game keeps its id, so the statistics count it once; a loaded record is a new match.
    const matchId = resume && typeof saved.matchId === "string" ? saved.matchId : newMatchId();
    this.settings = { game: answer.view.game, level: saved.level || DEFAULT_LEVEL, target: saved.target ?? null, packet: saved.packet ?? null, seed: this.seed, matchId };
    // A resumed game keeps the address it began at, wherever it is resumed.
    this.saveDeal = resume && typeof resume.deal === "string" ? resume.deal : jackDealKey(globalThis.location ? location.search : "");
    this.clearMessages();
    this.lastPhase = null;
    this.flash = null;
    if (this.newGame.isOpen()) {
      this.newGame.started = true;
      this.newGame.close();
    }
    this.accept(answer.view);
    this.announce(resume ? t.resumed : t.loaded);
    return null;
  }

  // ---- the flow of play ---------------------------------------------------------------------

  humanSeat() {
    return this.view ? this.view.seat : 0;
  }

  /** The seats' names, as on the Cassino page: "You" and "Computer" for one of each, "Computer
   * 1" and "Computer 2" when the computer plays both (a loaded record), "Player N" for two people. */
  names() {
    const v = this.view;
    return seatNames(v && Array.isArray(v.seats) ? v.seats : ["human", "computer"], [], t);
  }

  humanToPlay() {
    const v = this.view;
    return Boolean(v && !this.busy && !this.flash && v.phase === "play" && v.turn === v.seat && v.seats[v.turn] === "human");
  }

  computerToPlay() {
    const v = this.view;
    return Boolean(v && v.phase === "play" && v.seats[v.turn] === "computer");
  }

  accept(view) {
    if (this.retired) return;
    this.view = view;
    document.title = t.games[view.game] || t.games.california_jack;
    if (view.phase === "match_over" && this.lastPhase !== null && this.lastPhase !== "match_over") {
      // Counted once per match id, as on Cassino's page; "changed rules": a target or packet chosen.
      const custom = Boolean(this.settings && (this.settings.target !== null || this.settings.packet !== null));
      const done = recordMatch(view, this.settings && this.settings.matchId, { game: view.game, custom });
      if (done.problem) this.showError({ code: "bad_stats", message: strings.statsBad(done.problem, done.asideKey) });
      this.root.dataset.stats = done.state;
    } else if (view.phase !== "match_over") delete this.root.dataset.stats;
    this.saver.changed(view, this.settings);
    this.stalled = false;
    this.hint = null;
    this.render();
    if (view.phase !== this.lastPhase && view.phase !== "play") {
      this.announce(view.phase === "match_over" ? t.matchOver : t.dealOver((view.deals || []).length));
      this.focusKey(view.phase === "match_over" ? "new-match" : "next-deal");
    }
    this.lastPhase = view.phase;
    if (this.humanToPlay()) this.keepFocus();
    if (this.computerToPlay()) setTimeout(() => this.computerMove(), 0);
  }

  /** Shows a finished trick (or the computer's card) for `delay` ms, then takes the view. */
  async showThenAccept(answer, seat) {
    const game = this.serial;
    const move = answer.move || {};
    const view = answer.view;
    const names = this.names();
    const done = Boolean(move.trick_done) && view.last_trick;
    const plays = done ? view.last_trick.plays : view.trick || [];
    const winner = done ? view.last_trick.winner : null;
    let text = move.card ? t.played(names[seat], cardShort(move.card)) : "";
    if (done) text += `. ${t.trickResult(names[winner], drawText(view.last_trick.drew, names))}`;
    this.announce(text);
    this.view = view;
    // The card goes to the trick (the computer's out of its hand) in the next drawing.
    this.cue = { reveal: seat !== view.seat, seat, taker: done ? winner : seat };
    // The computer's card, or a finished trick, stays on show for a moment.
    if (this.delay > 0 && (done || seat !== view.seat)) {
      this.flash = { plays, winner, card: seat !== view.seat ? move.card : null };
      this.busy = true;
      this.render();
      await sleep(this.delay);
      this.busy = false;
      this.flash = null;
      // Then the trick goes to its winner.
      this.cue = done ? { seat: winner } : {};
    }
    if (game !== this.serial || this.retired) return;
    this.accept(view);
  }

  async computerMove() {
    if (this.busy || this.flash || !this.computerToPlay()) return;
    const game = this.serial;
    this.busy = true;
    this.thinking = true;
    this.render();
    const answer = await this.call("computer_move", {});
    this.thinking = false;
    this.busy = false;
    if (game !== this.serial || this.retired) return;
    if (answer.error || !answer.view) {
      this.stalled = true;
      this.render();
      return;
    }
    const seat = answer.move && Number.isInteger(answer.move.seat) ? answer.move.seat : this.view.turn;
    await this.showThenAccept(answer, seat);
  }

  async play(card) {
    if (!this.humanToPlay()) return;
    const game = this.serial;
    const seat = this.view.seat;
    this.busy = true;
    this.hint = null;
    this.render();
    const answer = await this.call("play", { seat, move: card });
    this.busy = false;
    if (game !== this.serial || this.retired) return;
    if (answer.error || !answer.view) {
      this.render();
      return;
    }
    this.clearMessages();
    await this.showThenAccept(answer, seat);
  }

  async simple(op, payload = {}) {
    if (this.busy) return;
    const game = this.serial;
    this.busy = true;
    this.render();
    const answer = await this.call(op, payload);
    this.busy = false;
    if (game !== this.serial || this.retired) return;
    if (answer.error || !answer.view) {
      this.render();
      return;
    }
    this.clearMessages();
    this.accept(answer.view);
  }

  async askHint() {
    if (!this.humanToPlay()) return;
    const game = this.serial;
    this.busy = true;
    this.hint = { text: t.hintWorking };
    this.render();
    const answer = await this.call("hint", { seat: this.view.seat }, { quiet: true });
    this.busy = false;
    if (game !== this.serial || this.retired) return;
    const hint = answer.hint;
    if (answer.error || !hint || !hint.card) {
      this.hint = { text: answer.error ? `${t.hintNone} ${answer.error.message || ""}`.trim() : t.hintNone };
    } else {
      const lines = (hint.reasons || []).map((r) => reasonText(r));
      this.hint = { card: hint.card, title: t.hintTitle(cardShort(hint.card)), lines };
      this.announce([this.hint.title, ...lines].join(" "));
    }
    this.render();
    if (this.hint && this.hint.card) this.focusKey(`J:${this.hint.card}`);
  }

  onCard(card) {
    if (!this.humanToPlay()) {
      this.hint = { text: t.waitTurn };
      this.render();
      return;
    }
    if (!this.legalSet().has(card)) {
      this.hint = { text: `${cardShort(card)}: ${this.whyNot(card)}.` };
      this.render();
      return;
    }
    this.play(card);
  }

  legalSet() {
    return new Set(this.humanToPlay() ? this.view.legal_moves || [] : []);
  }

  /** Why a card the engine did not list may not be played (wording only). */
  whyNot(card) {
    const trick = this.view.trick || [];
    if (trick.length) {
      const led = suitOfCard(trick[0].card);
      if (suitOfCard(card) !== led) return t.mustFollow(SUIT_SYMBOLS[led]);
    }
    return t.notLegal;
  }

  /** The prompt over the hand. */
  prompt() {
    const v = this.view;
    const names = this.names();
    if (this.thinking) return t.thinking(names[v.turn]);
    if (v.phase !== "play") return "";
    // Two computers (a loaded record): the seat on screen is not "you" either.
    if (v.turn !== v.seat || v.seats[v.seat] !== "human") return t.theirTurn(names[v.turn]);
    if (this.flash || this.busy) return "";
    const trick = v.trick || [];
    if (!trick.length) return t.yourLead;
    const led = suitOfCard(trick[0].card);
    const legal = v.legal_moves || [];
    if (legal.every((c) => suitOfCard(c) === led)) return t.yourFollow(SUIT_SYMBOLS[led]);
    // "A trump wins the trick" only when trumps were not led and a trump is in hand to play.
    const trumpHelps = v.trump && led !== v.trump && (v.hand || []).some((c) => suitOfCard(c) === v.trump);
    return trumpHelps ? t.yourFollowAny(SUIT_SYMBOLS[led]) : t.yourFollowAnyNoTrump(SUIT_SYMBOLS[led]);
  }

  onKey(e) {
    if (this.retired) return;
    this.unscrolledKey = null; // the keyboard is in use: the focus is shown from now on
    const target = e.target instanceof HTMLElement ? e.target : null;
    const typing = target && (target.closest("input, textarea, select, dialog") !== null);
    if (e.key === "Escape" && !typing) {
      if (this.confirmingNew) this.confirmingNew = false;
      else this.hint = null;
      this.render();
      return;
    }
    if (typing) return;
    const key = shortcutKey(e);
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    if (plain && (key === "h" || key === "u" || key === "?" || key === "m")) {
      e.preventDefault();
      if (key === "h") this.askHint();
      else if (key === "u") this.undo();
      else if (key === "m") {
        if (this.view) this.moveLogPanel.open();
      }
      else this.keysPanel.open();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && !e.altKey && key === "z") {
      e.preventDefault();
      this.undo();
      return;
    }
    this.roving.key(e);
  }

  /** Undo takes back the human's own card: none at a table of two computers (a loaded record),
   * whatever the view says. */
  canUndo() {
    const v = this.view;
    const human = Boolean(v && Array.isArray(v.seats) && v.seats[v.seat] === "human");
    return Boolean(v && human && !this.busy && !this.flash && (v.can_undo ?? v.phase !== "match_over"));
  }

  undo() {
    if (this.canUndo()) this.simple("undo", { seat: this.view.seat });
  }

  // ---- messages -----------------------------------------------------------------------------

  showError(error) {
    this.messageBox.show(error, { add: true });
  }

  clearMessages() {
    this.messageBox.clear();
  }

  /** Read out to a screen reader (the page's one live region, web/ui/live.js). */
  announce(text) {
    say(text);
  }

  keepFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && this.root.contains(active)) return;
    const legal = this.view.legal_moves || [];
    if (!legal.length) return;
    // A game's first turn keeps the page at its top (the scores, the trumps), as on Cassino's
    // page (web/app.js keepFocus): the card waits focused, unscrolled, until a key is pressed.
    const start = this.handFocusGame !== this.serial;
    this.handFocusGame = this.serial;
    this.unscrolledKey = start ? `J:${legal[0]}` : null;
    if (start) document.scrollingElement.scrollTop = 0;
    this.focusKey(`J:${legal[0]}`, { preventScroll: start });
  }

  focusKey(key, options) {
    const el = this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (el) el.focus(options);
  }

  // ---- rendering ----------------------------------------------------------------------------

  render() {
    if (this.retired) return;
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && this.root.contains(active) && !this.dialogs.contains(active) && active.dataset ? active.dataset.key : null;
    this.renderRootData();
    this.topbar.replaceChildren(...this.renderTopbar());
    this.toolbar.replaceChildren(...this.renderToolbar());
    this.toolbar.classList.toggle("open", this.menuOpen);
    const cue = this.cue;
    this.cue = null;
    const before = cue ? this.motion.measure(this.board) : null;
    this.board.replaceChildren(...(this.view ? this.renderBoard() : [h("p", { class: "loading" }, t.loading)]));
    this.motion.play(this.board, before, cue);
    this.roving.apply(this.board);
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again && again !== document.activeElement) again.focus({ preventScroll: focusKey === this.unscrolledKey });
    }
  }

  renderRootData() {
    const d = this.root.dataset;
    const v = this.view;
    d.busy = this.busy ? "1" : "0";
    d.thinking = this.thinking ? "1" : "0";
    d.flash = this.flash ? "1" : "0";
    d.jack = "1";
    if (!v) return;
    d.ready = "1";
    d.game = v.game;
    d.budgetMs = v.budget_ms ?? "";
    d.phase = v.phase;
    d.turn = String(v.turn);
    d.seat = String(v.seat);
    d.scores = JSON.stringify(v.scores);
    d.target = String(v.target);
    d.winner = v.winner === null || v.winner === undefined ? "" : String(v.winner);
    d.stock = String(v.stock);
    d.trump = v.trump || "";
    d.deal = String(v.deal_number ?? (v.deals || []).length + 1);
    if (this.seed !== null) d.seed = String(this.seed);
  }

  renderTopbar() {
    const v = this.view;
    const names = this.names();
    const parts = [h("h1", {}, t.games[(v && v.game) || (this.settings && this.settings.game)] || t.games.california_jack)];
    if (v) {
      parts.push(
        h(
          "div",
          { class: "scoreboard", role: "group", "aria-label": t.scoreboardLabel },
          v.scores.map((score, i) =>
            h("span", { class: `score side-${i === v.seat ? 0 : 1}`, dataset: { seat: i, score } }, names[i], t.scoreValue(score)),
          ),
          h("span", { class: "target" }, t.target(v.target)),
        ),
        h("div", { class: "deal-info" }, h("span", {}, t.dealNumber(v.deal_number ?? (v.deals || []).length + 1))),
      );
    }
    const inMatch = v && v.phase !== "match_over";
    const canUndo = this.canUndo();
    parts.push(
      h(
        "div",
        { class: "top-actions" },
        h(
          "button",
          {
            type: "button",
            class: "menu-toggle",
            "aria-expanded": this.menuOpen ? "true" : "false",
            "aria-controls": "jack-toolbar",
            dataset: { action: "menu", key: "menu" },
            onclick: () => {
              this.menuOpen = !this.menuOpen;
              this.render();
            },
          },
          t.moreActions,
        ),
        h(
          "button",
          { type: "button", dataset: { action: "undo", key: "undo" }, disabled: !canUndo, onclick: () => this.undo() },
          t.undo,
        ),
        this.confirmingNew
          ? h(
              "span",
              { class: "confirm-new", role: "group", "aria-label": t.confirmNewGame },
              h("span", {}, t.confirmNewGame),
              h("button", { type: "button", class: "danger", disabled: this.busy, dataset: { action: "new-game-yes", key: "new-game-yes" }, onclick: () => this.openNewGame() }, t.newGame),
              h("button", { type: "button", dataset: { action: "new-game-no", key: "new-game-no" }, onclick: () => { this.confirmingNew = false; this.render(); } }, t.cancel),
            )
          : h(
              "button",
              {
                type: "button",
                dataset: { action: "new-game", key: "new-game" },
                onclick: () => {
                  if (inMatch) {
                    this.confirmingNew = true;
                    this.render();
                    this.focusKey("new-game-yes");
                  } else this.openNewGame();
                },
              },
              t.newGame,
            ),
      ),
    );
    return parts;
  }

  renderToolbar() {
    const v = this.view;
    return [
      h(
        "button",
        { type: "button", dataset: { action: "rules", key: "rules" }, onclick: () => this.rulesPanel.open((v && v.game) || "california_jack", v ? v.rules : null) },
        t.rulesButton,
      ),
      h("button", { type: "button", disabled: !v, dataset: { action: "save-record", key: "save-record" }, onclick: () => this.recordsPanel.open("save") }, t.saveRecord),
      h("button", { type: "button", dataset: { action: "load-record", key: "load-record" }, onclick: () => this.recordsPanel.open("load") }, t.loadRecord),
      h("button", { type: "button", dataset: { action: "stats", key: "stats" }, onclick: () => this.statsPanel.open() }, strings.statsButton),
      h("button", { type: "button", disabled: !v, "aria-keyshortcuts": "M", dataset: { action: "move-log", key: "move-log" }, onclick: () => this.moveLogPanel.open() }, strings.moveLogButton),
      h(
        "button",
        { type: "button", disabled: !v || v.phase !== "match_over", title: v && v.phase !== "match_over" ? strings.replayNotOver : null, dataset: { action: "replay", key: "replay" }, onclick: () => this.replayPanel.open() },
        strings.replayButton,
      ),
      h("button", { type: "button", "aria-keyshortcuts": "?", dataset: { action: "keys", key: "keys" }, onclick: () => this.keysPanel.open() }, strings.keysButton),
      h("button", { type: "button", dataset: { action: "display", key: "display" }, onclick: () => this.displayPanel.open() }, strings.displayButton),
      this.renderSpeed(),
      languageSelect(),
    ];
  }

  /** The "Computer speed" choice (as on Cassino's page); the address's `delay` overrides it. */
  renderSpeed() {
    const fixed = this.opts.delayFixed;
    return h(
      "label",
      { class: "speed", title: fixed ? strings.speedByAddress(this.opts.delay) : null },
      h("span", {}, strings.speedLabel),
      h(
        "select",
        {
          name: "speed",
          dataset: { key: "speed", speed: this.speed },
          onchange: (e) => {
            if (!Object.hasOwn(SPEEDS, e.target.value)) return;
            this.speed = e.target.value;
            saveSpeed(this.speed);
            this.render();
          },
        },
        Object.keys(SPEEDS).map((name) => h("option", { value: name, selected: name === this.speed }, strings.speedNames[name] || name)),
      ),
    );
  }

  renderBoard() {
    const v = this.view;
    const names = this.names();
    const me = v.seat;
    const them = 1 - me;
    const mine = this.humanToPlay();
    const legal = this.legalSet();

    let theirStatus = "";
    if (this.thinking) theirStatus = t.thinking(names[them]);
    else if (v.phase === "play" && v.turn === them && !this.flash) theirStatus = t.theirTurn(names[them]);

    const shown = this.flash
      ? { plays: this.flash.plays, winner: this.flash.winner, flash: this.flash.card }
      : { plays: v.trick || [], winner: null, flash: null };

    const parts = [
      renderOpponent(v, them, names[them], theirStatus),
      renderFelt(v, names, shown),
      renderMine(v, me, names[me], {
        active: mine,
        legal,
        why: (card) => this.whyNot(card),
        hinted: this.hint && this.hint.card ? this.hint.card : null,
        onCard: (card) => this.onCard(card),
        status: mine ? t.yourTurn : "",
      }),
    ];
    if (v.phase === "play") {
      parts.push(this.renderActions(mine));
    } else if (!this.flash) {
      // Between deals: the sheet, then the trumps and the last trick (the hands are empty).
      parts.splice(0, parts.length, renderSheet(v, names, {
        onNextDeal: () => this.simple("next_round"),
        onNewMatch: () => this.newMatch(),
        you: me,
      }), parts[1]);
    }
    if (this.stalled) {
      parts.push(
        h("p", { class: "retry" }, h("button", { type: "button", dataset: { action: "retry", key: "retry" }, onclick: () => this.computerMove() }, t.retryComputer(names[v.turn]))),
      );
    }
    return parts;
  }

  renderActions(mine) {
    const hint = this.hint;
    return h(
      "section",
      // Named "Your turn" for the human's seat; unnamed (no region) when no human sits there.
      { class: "actions jack-actions", "aria-label": this.view.seats[this.view.seat] === "human" ? t.yourTurn : null },
      h("p", { class: "preview", dataset: { prompt: "" } }, this.prompt()),
      h(
        "div",
        { class: "action-buttons" },
        h(
          "button",
          {
            type: "button",
            disabled: !mine,
            "aria-keyshortcuts": "H",
            dataset: { action: "hint", key: "hint" },
            onclick: () => this.askHint(),
          },
          t.hint,
          h("kbd", { "aria-hidden": "true" }, t.hintKey),
        ),
      ),
      hint
        ? h(
            "div",
            { class: "hint jack-hint", dataset: { hint: hint.card || "" } },
            hint.title ? h("strong", {}, hint.title) : null,
            hint.text ? h("span", {}, hint.text) : null,
            hint.lines && hint.lines.length ? h("ul", {}, hint.lines.map((line) => h("li", {}, line))) : null,
          )
        : null,
    );
  }
}

/** One hint reason in words; codes the page does not know get a general sentence. */
export function reasonText(reason) {
  const card = reason && reason.card ? cardShort(reason.card) : "";
  const words = reason && Object.hasOwn(t.reasons, reason.code) ? t.reasons[reason.code] : null;
  if (typeof words === "function") return words(card, Number.isInteger(reason.value) ? reason.value : null);
  return t.reasonOther(String((reason && reason.code) || "unknown"), card);
}
