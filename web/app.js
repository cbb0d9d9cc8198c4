// The game page: renders the engine's view and sends back one of the legal moves it offered.
// It never decides a rule. `start(engine, root)` is the only export besides `readParams`;
// `engine.call(op, payload)` resolves with the API's answer object (see docs/api.md), possibly
// `{error: {code, message}}`.
//
// URL parameters (web/ui/params.js): `undo=1` (several humans at one screen agree to undo),
// `seed` (whole number, passed to new_game so a deal can be
// replayed), `variant` (a preset name), `players` (a number of players), `rules` (JSON object
// of rules overrides), `seats` (one letter per seat, h or c), `level` (the computer's level:
// one for all, or one entry per seat, see web/ui/levels.js) and `delay` (milliseconds the
// computer's move stays highlighted before the table moves on; overrides the player's
// "Computer speed" setting, web/ui/speed.js; 0 for tests), `movelist`. With any of the deal
// parameters the page deals that game at once; without them it opens the new-game screen
// (unless a saved game is resumed). `daily` (a date or "today") deals the daily deal
// (web/ui/daily.js); a finished match against the computer is counted in the player's
// statistics (web/ui/stats.js).
//
// The computer thinks in the engine's worker, so the page stays live meanwhile: the Rules,
// New game and the other toolbar buttons work; whatever needs the engine waits its turn there.
// Keys (listed in the Keys dialog, key ?): arrows over the hand, the table and the move choices
// (roving tabindex, web/ui/keys.js), T trail, C confirm, Escape clear, U or Ctrl+Z undo, H a
// hint (the engine's `hint` op), L the last move of every player, M the move log
// (web/ui/movelog.js). After the match, Replay (web/ui/replay.js) shows every hand step by step. Every move and result is
// read out in the page's one polite live region (web/ui/live.js).

import { languageSelect } from "./ui/language.js";
import { strings } from "./ui/strings.js";
import { h } from "./ui/dom.js";
import { cardShort } from "./ui/cards.js";
import { previewText, pastText } from "./ui/describe.js";
import {
  matchingMoves,
  moveForRequest,
  selectableIds,
  selectedCards,
  tableItems,
  trailMove,
  hasMove,
} from "./ui/selection.js";
import { renderTable } from "./ui/table.js";
import { renderHand, renderHiddenHand } from "./ui/hand.js";
import { renderSeat } from "./ui/seats.js";
import { renderScoreSheet } from "./ui/scoresheet.js";
import { readParams, checkDeal, dealLink, overridesOf, DEAL_PARAMS } from "./ui/params.js";
import { seatNames, sideNames, sideMembers, sideOfSeats, hasPartners } from "./ui/sides.js";
import { NewGameScreen } from "./ui/newgame.js";
import { RulesPanel } from "./ui/rulespanel.js";
import { RecordsPanel } from "./ui/records.js";
import { ReplayPanel, cassinoReplay } from "./ui/replay.js";
import { MoveLogPanel, cassinoLog } from "./ui/movelog.js";
import { GameSaver, readSaved, setAsideSaved, SAVE_KEY, dealKey } from "./ui/saved.js"; // a reload resumes the game
import { askReplace, dropDealFromAddress } from "./ui/replace.js";
import { Messages } from "./ui/messages.js";
import { startGames, switchGame } from "./jack/games.js";
import { levelsFor } from "./ui/levels.js";
import { SPEEDS, readSpeed, saveSpeed } from "./ui/speed.js";
import { reasonTexts, thinkingLine } from "./ui/advice.js";
import { newMatchId, readStats, recordMatch } from "./ui/stats.js";
import { StatsPanel } from "./ui/statspanel.js";
import { dailyResult, dailySettings, todayUtc } from "./ui/daily.js";
import { presetTitle } from "./ui/newgame.js";
import { announce as say } from "./ui/live.js";
import { Roving, typingIn, keysDialog, shortcutKey } from "./ui/keys.js";
import { readDisplay, applyDisplay, displayDialog } from "./ui/display.js";
import { Motion } from "./ui/motion.js";

export { readParams };

export function start(engine, root) {
  linkStylesheet();
  applyDisplay(readDisplay()); // large cards, four colours: on <html>, for both games' pages
  const params = readParams(globalThis.location ? location.search : "");
  // Cassino or California Jack / Shasta Sam: web/jack/games.js picks the game the page opens.
  return startGames(engine, root, params, (p) => {
    const app = new App(engine, root, p);
    return { app, ready: app.begin() };
  });
}

/** Adds app.css to the document unless the page already links it. */
function linkStylesheet() {
  const href = new URL("./app.css", import.meta.url).href;
  const linked = [.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel="stylesheet"]'))].some((l) => l.href === href);
  if (!linked) document.head.append(h("link", { rel: "stylesheet", href }));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seat whose sweep count the engine raised from view `a` to view `b`, or null. */
function sweptBy(a, b) {
  if (!a || !b || !Array.isArray(a.captured) || !Array.isArray(b.captured) || a.captured.length !== b.captured.length) return null;
  const seat = b.captured.findIndex((cap, i) => cap && a.captured[i] && cap.sweeps > a.captured[i].sweeps);
  return seat >= 0 ? seat : null;
}

/** Classic Cassino for two, when the engine lists no catalog. */
const FALLBACK_CATALOG = { presets: { classic: { name: "classic", players: 2 } }, fields: {} };

class App {
  constructor(engine, root, params) {
    this.engine = engine;
    this.root = root;
    this.params = params;
    this.view = null;
    this.seed = null;
    this.catalog = null;
    // The game being played: {preset, overrides, seats, names, seed}; names are the typed ones.
    this.settings = null;
    this.viewSeat = null; // the human seat whose hand is on screen (null: none yet)
    this.passTo = null; // several humans: the seat the device goes to next (cards hidden)
    this.busy = false; // an engine call or the computer's highlighted move is in progress
    this.thinking = false;
    this.sel = { card: null, ids: new Set(), trail: false, choice: null, pluck: false };
    this.flash = null; // {cards:Set, played, seat, text} while the computer's move is shown
    this.recent = new Set(); // cards of the last move, highlighted on the new table
    this.hint = "";
    this.confirmingNew = false;
    this.stalled = false; // the computer's move failed; offer to try again
    this.lastPhase = null;
    this.handFocusGame = null; // the game (gameSerial) whose hand was last given the focus
    this.unscrolledKey = null; // the control focused without scrolling to it (see keepFocus)
    this.link = null; // {url, status} after "Copy link to this deal"
    this.shareStatus = ""; // after "Copy" of the daily deal's result line
    this.statsNote = null; // {gameSerial, text, state} once the match's end was counted (or not)
    // A hint: {serial (the view it is for), state: "thinking"|"shown"|"failed", move, reasons,
    // message}; null when none is asked for.
    this.advice = null;
    this.lastWhy = []; // per seat: {text, reasons, thinkMs} of the computer's last move
    this.reviewOpen = false; // the panel listing every player's last move
    this.speed = readSpeed(); // "fast" | "normal" | "slow" (web/ui/speed.js)
    this.wake = null; // ends the wait while a computer move is on show (a new game is asked for)
    this.leaving = false; // a new game or record is on its way: the computer makes no new move
    // Card movements (web/ui/motion.js); `cue` says what the next drawing shows: {seat, deal,
    // reveal, sweepSeat}, or null for a drawing that moves nothing (a selection, a status).
    this.motion = new Motion(root);
    this.cue = null;

    root.classList.add("cassino");
    root.textContent = "";
    this.topbar = h("header", { class: "topbar" });
    this.toolbar = h("nav", { class: "toolbar", id: "game-toolbar", "aria-label": strings.moreActions });
    this.menuOpen = false; // the toolbar on a phone
    // One message at a time, readable above any open dialog (web/ui/messages.js).
    this.messageBox = new Messages(root, { prefix: () => strings.errorPrefix, dismiss: () => strings.dismiss });
    this.messages = this.messageBox.el;
    this.board = h("div", { class: "board" });
    this.dialogs = h("div", { class: "dialogs" }); // never redrawn by render()
    this.messageBox.watch(this.dialogs);
    // The deal key (web/ui/saved.js dealKey) of the address the game on the table began at.
    this.saveDeal = "";
    this.saver = new GameSaver((op, payload, options) => this.call(op, payload, options), root, () => this.saveDeal);
    this.displayPanel = displayDialog(); // needs no engine: usable while Python loads
    this.dialogs.append(this.displayPanel.el);
    root.append(this.topbar, this.toolbar, this.messages, this.board, this.dialogs);
    this.roving = new Roving(".hand-cards, .table-items, .choices");
    root.addEventListener("keydown", (e) => this.onKey(e));
    root.addEventListener("focusin", (e) => this.roving.focused(e.target));
  }

  // ---- engine calls -------------------------------------------------------------------------

  /** One engine call. Its error is shown in the messages unless `quiet` (the caller shows it). */
  async call(op, payload = {}, { quiet = false } = {}) {
    let answer;
    try {
      answer = await this.engine.call(op, payload);
    } catch (err) {
      answer = { error: { code: "engine", message: strings.engineFailed(err && err.message ? err.message : String(err)) } };
    }
    if (!answer || typeof answer !== "object") {
      answer = { error: { code: "engine", message: strings.engineFailed(String(answer)) } };
    }
    answer = strings.inPageLanguage(answer, this.names());
    if (answer.error && !quiet) this.showError(answer.error);
    return answer;
  }

  async begin() {
    this.render();
    const listed = await this.call("catalog", {}, { quiet: true });
    this.catalog = listed.error || !listed.presets ? FALLBACK_CATALOG : { presets: listed.presets, fields: listed.fields || {} };
    this.catalogMissing = Boolean(listed.error || !listed.presets);
    this.newGameScreen = new NewGameScreen({
      catalog: this.catalog,
      onStart: (settings) => this.startGame(settings),
      onRules: (preset, rules) => this.rulesPanel.open(preset, rules, this.presetRules(preset)),
      onGame: (game) => switchGame(this, game), // California Jack / Shasta Sam (web/jack/)
      onDaily: () => this.startDaily(todayUtc()),
      onStats: () => this.statsPanel.open(),
      today: todayUtc,
    });
    this.statsPanel = new StatsPanel({
      onProblem: (problem, asideKey) => this.showError({ code: "bad_stats", message: strings.statsBad(problem, asideKey) }, { add: true }),
    });
    this.rulesPanel = new RulesPanel();
    this.recordsPanel = new RecordsPanel({
      exportRecord: () => this.call("export_record", {}, { quiet: true }),
      loadRecord: (text) => this.loadRecord(text),
      fileName: () => `cassino-${this.view ? this.view.preset : "game"}-${this.seed ?? "deal"}`,
    });
    this.replayPanel = new ReplayPanel({
      fetch: () => this.fetchReplay(),
      ...cassinoReplay({ names: () => this.names(), sideNames: () => this.sideNames(), levelOf: (level) => strings.levelOf(level) }),
    });
    this.moveLogPanel = new MoveLogPanel({ fetch: () => this.call("move_log", {}, { quiet: true }), draw: cassinoLog(() => this.names()) });
    this.keysPanel = keysDialog([...strings.keysRows, [strings.keysMoveLogKey, strings.keysMoveLogDoes]]);
    this.dialogs.append(this.newGameScreen.el, this.rulesPanel.el, this.recordsPanel.el, this.statsPanel.el, this.keysPanel.el, this.replayPanel.el, this.moveLogPanel.el);

    const addressErrors = [...this.params.errors];
    // Statistics that cannot be read are set aside now and reported with the address's messages.
    const stats = readStats();
    if (stats.problem) addressErrors.push({ code: "bad_stats", text: strings.statsBad(stats.problem, stats.asideKey) });
    const daily = this.params.daily;
    if (daily && globalThis.history && globalThis.location) {
      // `daily=today` names a date from now on, so a reload (tomorrow too) resumes this deal.
      const url = new URL(location.href);
      if (url.searchParams.get("daily") !== daily) {
        url.searchParams.set("daily", daily);
        history.replaceState(history.state, "", url.href);
      }
    }
    // A saved game is resumed first (web/ui/saved.js; an address naming a deal resumes only a
    // game saved at that address); one that cannot be is reported, and a game starts as below.
    // An address naming another deal never replaces the saved game unasked: the player goes
    // back to it, or plays the address's deal (web/ui/replace.js).
    let found = readSaved(globalThis.location ? location.search : "");
    if (found && found.other) {
      for (const { code, text } of addressErrors) this.showError({ code, message: text }, { add: true });
      if (await askReplace(this.dialogs) === "back") {
        dropDealFromAddress(DEAL_PARAMS);
        found = { save: found.save };
      } else found = null;
    }
    if (await this.resumeSaved(addressErrors, found)) {
      // the saved game is on the table
    } else if (daily && new URL(location.href).searchParams.has("daily")) {
      const ignored = Object.keys(this.params.deal).concat(this.params.seed !== null ? ["seed"] : []);
      if (ignored.length) addressErrors.push({ code: "daily_ignores", text: strings.dailyIgnores(ignored) });
      await this.startGame(dailySettings(daily), { quiet: false });
    } else if (this.params.hasDeal && dealKey(location.search)) {
      // A deal in the address: play it. A wrong value is reported and left out; a combination
      // the engine refuses is reported and a Classic game dealt instead.
      const deal = checkDeal(this.params.deal, this.catalogMissing ? null : this.catalog);
      addressErrors.push(...deal.errors);
      const settings = { preset: deal.preset, overrides: deal.overrides, seats: deal.seats, levels: deal.levels, names: [], seed: this.params.seed, undoConsent: this.params.undoConsent };
      const problem = await this.startGame(settings, { quiet: true });
      // A player count the variant does not seat (California Cassino for 5): the variant at
      // its own count, and the message says so; anything else refused: a Classic game.
      const { players: asked, ...others } = settings.overrides || {};
      const refit = problem && asked !== undefined
        ? !(await this.startGame({ ...settings, overrides: others, seats: null }, { quiet: true }))
        : false;
      if (refit) {
        addressErrors.push({ code: "address_players", text: strings.badAddressPlayers(asked, this.view.players) });
      } else if (problem) {
        addressErrors.push({ code: problem.code || "bad_address", text: strings.badAddressGame(problem.message || problem.code) });
        await this.startGame({ preset: "classic", overrides: {}, seats: null, levels: deal.levels, names: [], seed: this.params.seed });
      }
    } else {
      this.openNewGame();
    }
    for (const { code, text } of addressErrors) this.showError({ code, message: text }, { add: true });
    this.render();
  }

  /**
   * A saved game (web/ui/saved.js): resume it and answer true, or answer false (none here, or
   * one that could not be resumed: then set aside under a key of its own, never deleted, with
   * a message naming that key added to `errors`).
   */
  async resumeSaved(errors, found) {
    if (!found) return false;
    const problem = found.bad ? { message: found.bad } : await this.loadRecord(found.save.record, found.save);
    if (!problem) return true;
    // Never offered again, never lost: its exact text moves to a key of its own. Should storage
    // refuse, it stays where it is and nothing is saved over it.
    let aside = setAsideSaved();
    if (!aside) {
      this.saver.hold();
      aside = SAVE_KEY;
    }
    errors.push({ code: "bad_save", text: strings.savedGameSetAside(problem.message || problem.code, aside) });
    return false;
  }

  /** How long a computer move stays on show (ms): the address's delay, else the speed setting. */
  get delay() {
    return this.params.delayGiven ? this.params.delay : SPEEDS[this.speed] ?? SPEEDS.normal;
  }

  presetRules(preset) {
    return (this.catalog && this.catalog.presets[preset]) || null;
  }

  /** Settings of the game on the table, for the new-game screen, the link and New match. */
  currentSettings() {
    const v = this.view;
    if (!v) return this.settings;
    const overrides = v.rules ? overridesOf(v.rules, this.presetRules(v.preset)) : (this.settings || {}).overrides || {};
    return { preset: v.preset, overrides, seats: [...v.seats], names: (this.settings || {}).names || [], seed: this.seed, rules: v.rules, levels: this.levels(), undoConsent: Boolean((this.settings || {}).undoConsent) };
  }

  openNewGame() {
    this.confirmingNew = false;
    const current = this.view ? this.currentSettings() : null;
    this.newGameScreen.open(current, Boolean(this.view));
    if (this.catalogMissing) this.showError({ code: "no_catalog", message: strings.noCatalog });
    this.render();
  }

  /**
   * Starts a game: new_game with these settings. Answers null, or the engine's error (shown in
   * the messages too unless `quiet`); a refused game leaves the one in progress as it was.
   * @param {object} settings {preset, overrides, seats (null: a human at seat 1, computers elsewhere),
   *   levels (per seat, null for humans; missing: Intermediate), names, seed}
   */
  async startGame(settings, { quiet = true } = {}) {
    this.confirmingNew = false;
    await this.leaveGame();
    const preset = settings.preset || "classic";
    const players = (settings.overrides || {}).players ?? (this.presetRules(preset) || {}).players ?? 2;
    const seats = settings.seats && settings.seats.length ? settings.seats : ["human", ...Array(players - 1).fill("computer")];
    const viewer = Math.max(0, seats.indexOf("human"));
    const levels = levelsFor(seats, settings.levels);
    const payload = { rules: preset, seats, viewer };
    if (levels.some((level) => level !== null)) payload.levels = levels;
    if (settings.overrides && Object.keys(settings.overrides).length) payload.overrides = settings.overrides;
    if (settings.seed !== null && settings.seed !== undefined) payload.seed = settings.seed;
    if (this.params.moveList !== null) payload.page_move_limit = this.params.moveList;
    if (this.params.think !== null) payload.budget_ms = this.params.think;
    this.busy = true;
    this.render();
    const answer = await this.call("new_game", payload, { quiet });
    this.busy = false;
    if (answer.error) {
      this.stayInGame();
      this.render();
      return answer.error;
    }
    this.leaving = false;
    this.gameSerial = (this.gameSerial || 0) + 1;
    this.seed = answer.seed ?? settings.seed ?? null;
    // `daily`: the date of a daily deal; `matchId`: counts the match once in the statistics.
    this.settings = {
      preset, overrides: settings.overrides || {}, seats, levels, names: settings.names || [], seed: this.seed,
      daily: settings.daily || null, matchId: newMatchId(),
      // Hot-seat undo, only when every human agreed (kept with the saved game).
      undoConsent: Boolean(settings.undoConsent) && seats.filter((k) => k === "human").length > 1,
    };
    this.shareStatus = "";
    this.forgetDailyAddress();
    this.saveDeal = dealKey(globalThis.location ? location.search : "");
    this.newSeating();
    this.clearMessages();
    this.link = null;
    this.recent = new Set();
    this.lastPhase = null;
    // Started from the new-game screen: it closes before the table is drawn, for the focus to
    // reach the hand (keepFocus): the page behind a modal dialog cannot take it, and the
    // dialog, closing later, would leave it on the page's body or on the control that opened it.
    if (this.newGameScreen.isOpen()) this.newGameScreen.close({ returnFocus: false });
    this.accept(answer.view);
    return null;
  }

  /** Before a new or loaded game: the computer's move on show ends now, the engine's call in
   * progress finishes, and no further computer move of this game starts (`leaving`). The game
   * stays consistent with the engine meanwhile: an answer on its way is still taken. */
  async leaveGame() {
    this.leaving = true;
    if (this.wake) this.wake();
    while (this.busy) await sleep(20);
  }

  /** The engine refused the new game (or record): the game on the table goes on. */
  stayInGame() {
    this.leaving = false;
    if (this.computerToPlay()) setTimeout(() => this.computerMove(), 0);
  }

  /** A new game or a loaded one: nobody's cards are on screen yet when several humans play. */
  newSeating() {
    this.viewSeat = null;
    this.passTo = null;
    this.flash = null;
    this.advice = null;
    this.lastWhy = [];
  }

  /** The same rules and seats again, with a new deal. */
  newMatch() {
    const s = this.currentSettings() || { preset: "classic", overrides: {}, seats: null, names: [] };
    this.startGame({ ...s, seed: null }, { quiet: false });
  }

  /** `text`: a record (text or object); `resume`: a saved game's {seats, viewer, settings}. */
  async loadRecord(text, resume = null) {
    await this.leaveGame();
    this.busy = true;
    const payload = resume ? { record: text, seats: resume.seats, viewer: resume.viewer } : { record: text };
    payload.game = "cassino"; // a California Jack record is refused here, not loaded behind the page
    if (this.params.think !== null) payload.budget_ms = this.params.think;

    // A saved game plays on against the levels it had (saves by older pages have none).
    if (resume && Array.isArray(resume.levels)) {
      const levels = levelsFor(resume.seats, resume.levels);
      if (levels.some((level) => level !== null)) payload.levels = levels;
    }
    const answer = await this.call("load_record", payload, { quiet: true });
    this.busy = false;
    if (answer.error) {
      this.stayInGame();
      this.render();
      return answer.error;
    }
    this.leaving = false;
    this.gameSerial = (this.gameSerial || 0) + 1;
    this.seed = answer.seed ?? null;
    this.settings = { preset: answer.view.preset, overrides: {}, seats: [...answer.view.seats], names: [], seed: this.seed };
    if (resume && resume.settings && typeof resume.settings.preset === "string") this.settings = { ...resume.settings, seed: this.seed };
    this.settings.levels = Array.isArray(answer.view.levels) ? [...answer.view.levels] : payload.levels || this.settings.levels || null;
    // A resumed game keeps its id (the statistics count it once); a loaded record is a new match.
    if (!resume || typeof this.settings.matchId !== "string") this.settings.matchId = newMatchId();
    if (!resume) this.settings.daily = null;
    this.shareStatus = "";
    this.forgetDailyAddress();
    // A resumed game keeps the address it began at, wherever it is resumed.
    this.saveDeal = resume && typeof resume.deal === "string" ? resume.deal : dealKey(globalThis.location ? location.search : "");
    this.newSeating();
    this.clearMessages();
    this.link = null;
    this.recent = new Set();
    this.lastPhase = null;
    if (this.newGameScreen.isOpen()) this.newGameScreen.close();
    // "Resumed" or "loaded" is the news here, not the deal in progress.
    this.lastDealKey = `${this.gameSerial}:${answer.view.round}:${answer.view.deal}`;
    this.accept(answer.view);
    this.announce(resume ? strings.resumed : strings.loaded);
    return null;
  }

  humanSeats(view = this.view) {
    return view ? view.seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0) : [];
  }

  /** Takes a new view from the engine, redraws, and lets the computer play if it is its turn. */
  accept(view) {
    const humans = this.humanSeats(view);
    if (humans.length <= 1) {
      this.viewSeat = humans.length ? humans[0] : null;
      this.passTo = null;
    } else if (view.phase === "play" && view.seats[view.turn] === "human" && view.turn !== this.viewSeat) {
      // Another human's turn: hide every hand until they say they are at the screen.
      if (this.passTo !== view.turn) this.passToSeat(view.turn);
    } else if (view.phase === "play" && view.turn !== this.viewSeat && this.viewSeat !== null) {
      // A human has played and the computers move now: that hand leaves the screen at once,
      // before the device goes round to the next human.
      this.viewSeat = null;
    } else if (this.passTo === null && this.viewSeat !== null && view.seat !== this.viewSeat) {
      // The engine answered with its first viewer's view: ask for the seat on screen.
      this.refetch();
      return;
    }
    const before = this.view;
    this.view = view;
    const thisDeal = `${this.gameSerial}:${view.round}:${view.deal}`;
    if (view.phase === "play" && thisDeal !== this.lastDealKey) this.cue = { ...(this.cue || {}), deal: true };
    if (this.cue && this.cue.seat !== undefined) this.cue.sweepSeat = sweptBy(before, view);
    // Another game: its cards come from the stock, not from where the last game's were.
    if (this.cue && this.motionGame !== this.gameSerial) this.cue.fresh = true;
    this.motionGame = this.gameSerial;
    // A match that ends here by a move (not one loaded already over) goes into the statistics.
    if (view.phase === "match_over" && this.lastPhase !== null && this.lastPhase !== "match_over") this.countMatch(view);
    this.saver.changed(view, this.settings); // kept for a reload (web/ui/saved.js)
    this.viewSerial = (this.viewSerial || 0) + 1;
    this.selAnswer = null;
    this.advice = null; // a hint is for one position only
    this.resetSelection();
    this.stalled = false;
    this.render();
    // A new deal: who holds how many cards (counts only: a hand on screen is the player's own).
    if (view.phase === "play" && thisDeal !== this.lastDealKey) {
      const names = this.names();
      this.announce(strings.dealtText(view.round, view.deal, view.hand_counts.map((n, seat) => [names[seat], n]), view.stock));
    }
    this.lastDealKey = view.phase === "play" ? thisDeal : null;
    if (view.phase !== this.lastPhase && view.phase !== "play") {
      this.announce(this.resultText(view));
      this.focusKey(view.phase === "match_over" ? "new-match" : "next-round");
    }
    this.lastPhase = view.phase;
    if (this.passTo !== null) this.focusKey("pass-show");
    else if (this.humanToPlay()) this.keepFocus();
    if (this.computerToPlay() && !this.leaving) setTimeout(() => this.computerMove(), 0);
  }

  /** Counts the finished match in the statistics (once per match id) and says so on the sheet. */
  countMatch(view) {
    const custom = Object.keys(overridesOf(view.rules, this.presetRules(view.preset))).some((field) => field !== "players");
    const done = recordMatch(view, this.settings && this.settings.matchId, { game: "cassino", custom });
    if (done.problem) this.showError({ code: "bad_stats", message: strings.statsBad(done.problem, done.asideKey) }, { add: true });
    let text;
    if (done.state === "counted") {
      text = strings.statsCounted(strings.statsVariant(presetTitle(done.row.variant), done.row.players, done.row.custom), strings.statsLevel(done.row.level));
    } else if (done.state === "already") text = strings.statsAlready;
    else if (done.state === "skipped") text = strings.statsSkipped[done.skip] || "";
    else text = strings.statsFailed;
    this.statsNote = { gameSerial: this.gameSerial, state: done.state, text };
  }

  /** Another game replaced the daily deal: the address stops naming it, so a reload resumes
   * this game rather than dealing the daily one again. */
  forgetDailyAddress() {
    if (this.settings.daily || !globalThis.history || !globalThis.location) return;
    const url = new URL(location.href);
    if (!url.searchParams.has("daily")) return;
    url.searchParams.delete("daily");
    history.replaceState(history.state, "", url.href);
  }

  /** Starts the daily deal of `date` (YYYY-MM-DD): Classic, you against the Intermediate computer. */
  async startDaily(date) {
    const problem = await this.startGame(dailySettings(date), { quiet: true });
    if (!problem && globalThis.history && globalThis.location) {
      // The address names the deal: a reload resumes it, and it can be shared.
      const url = new URL(location.href);
      for (const name of DEAL_PARAMS) url.searchParams.delete(name);
      url.searchParams.set("daily", date);
      history.replaceState(history.state, "", url.href);
    }
    return problem;
  }

  /** The daily deal's result line and its Copy button, once its first round is scored. */
  renderDailyShare() {
    const date = this.settings && this.settings.daily;
    const result = dailyResult(this.view, date, this.youSide());
    if (!result) return null;
    const line = strings.dailyShare(result.date, result.you, result.them, result.sweeps);
    return h(
      "section",
      { class: "daily-share", "aria-labelledby": "daily-share-title", dataset: { daily: result.date, you: result.you, them: result.them, sweeps: result.sweeps } },
      h("h3", { id: "daily-share-title" }, strings.dailyTitle(result.date)),
      h(
        "div",
        { class: "daily-share-row" },
        // A text area, so a phone shows the whole line over two rows.
        h("textarea", {
          readonly: true,
          rows: "1",
          spellcheck: "false",
          "aria-labelledby": "daily-share-title",
          dataset: { key: "daily-line", shareLine: line },
          onfocus: (e) => e.target.select(),
        }, line),
        h("button", { type: "button", dataset: { action: "copy-daily", key: "copy-daily" }, onclick: () => this.copyDaily(line) }, strings.dailyCopy),
      ),
      h("p", { class: "link-status", role: "status", dataset: { copyStatus: this.shareStatus ? "1" : "" } }, this.shareStatus),
    );
  }

  /** Copies the daily line; where the clipboard is refused, selects it for the player to copy. */
  async copyDaily(line) {
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(line);
        copied = true;
      }
    } catch {
      copied = false;
    }
    this.shareStatus = copied ? strings.dailyCopied : strings.dailyCopyFallback;
    this.render();
    if (!copied) {
      const box = this.root.querySelector('[data-key="daily-line"]');
      if (box) {
        box.focus();
        box.select();
      }
    }
  }

  passToSeat(seat) {
    this.passTo = seat;
    this.viewSeat = null;
    this.flash = null;
    this.announce(strings.passTitle(this.names()[seat]));
  }

  async refetch() {
    const game = this.gameSerial;
    this.busy = true;
    this.render();
    const answer = await this.call("view", { seat: this.viewSeat });
    this.busy = false;
    if (game !== this.gameSerial) return;
    if (answer.error) {
      this.render();
      return;
    }
    if (answer.view.seat !== this.viewSeat) {
      this.viewSeat = null; // never loop: show no hand rather than the wrong one
    }
    this.accept(answer.view);
  }

  /** The next player is at the screen: show their cards. */
  async showCards() {
    if (this.passTo === null || this.busy) return;
    this.viewSeat = this.passTo;
    this.passTo = null;
    await this.refetch();
  }

  computerToPlay() {
    const v = this.view;
    return v && v.phase === "play" && v.seats[v.turn] === "computer";
  }

  humanToPlay() {
    const v = this.view;
    return Boolean(
      v && !this.busy && this.passTo === null && v.phase === "play" && v.turn === v.seat && v.seat === this.viewSeat && v.seats[v.turn] === "human",
    );
  }

  async computerMove() {
    if (this.busy || this.leaving || !this.computerToPlay()) return;
    this.busy = true;
    this.thinking = true;
    this.render();
    const game = this.gameSerial;
    const answer = await this.call("computer_move", {});
    this.thinking = false;
    if (game !== this.gameSerial) {
      this.busy = false;
      return;
    }
    if (answer.error) {
      this.busy = false;
      this.stalled = true;
      this.render();
      return;
    }
    const seat = answer.seat ?? this.view.turn;
    const text = pastText(this.names()[seat], answer.move);
    // Why it played that (reason codes, as for a hint) and how long it thought, for the
    // last-moves panel.
    this.lastWhy[seat] = {
      text: answer.move.text,
      reasons: Array.isArray(answer.reasons) ? answer.reasons : [],
      thinkMs: Number.isFinite(answer.think_ms) ? answer.think_ms : null,
    };
    // A pluck takes a table card (shown on the table), not a card from the hand.
    const fromHand = answer.move.kind !== "pluck";
    this.flash = { cards: new Set(answer.move.take || [answer.move.card]), played: fromHand ? answer.move.card : null, seat, text, moveText: answer.move.text };
    this.announce(text);
    this.cue = fromHand ? { seat, reveal: true } : null;
    this.render();
    // On show for the chosen speed; a new game or a loaded record ends the wait early.
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, this.delay);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
    this.flash = null;
    this.busy = false;
    if (game !== this.gameSerial) return; // a new game began meanwhile: this view is stale
    this.recent = new Set([answer.move.card]);
    this.cue = { seat };
    this.accept(answer.view);
  }

  async play(move) {
    if (!this.humanToPlay()) return;
    const seat = this.view.seat;
    this.busy = true;
    this.render();
    const answer = await this.call("play", { seat, move });
    this.busy = false;
    if (answer.error) {
      this.render();
      return;
    }
    this.clearMessages();
    const played = answer.move || move;
    this.announce(pastText(this.names()[seat], played));
    this.recent = new Set([played.card]);
    this.cue = { seat };
    this.accept(answer.view);
  }

  async simple(op, payload = {}) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    const answer = await this.call(op, payload);
    this.busy = false;
    if (answer.error) {
      this.render();
      return;
    }
    this.clearMessages();
    this.recent = new Set();
    this.cue = {}; // an undo or the next round: cards go back or are dealt
    this.accept(answer.view);
  }

  // ---- selection ---------------------------------------------------------------------------

  resetSelection() {
    this.sel = { card: null, ids: new Set(), trail: false, choice: null, pluck: false };
    this.hint = "";
  }

  /** The moves offered: the view's legal moves and, in Pluck Cassino, its plucks. */
  legal() {
    if (!this.humanToPlay()) return [];
    const moves = this.view.legal_moves || [];
    const plucks = (this.view.plucks || []).filter((p) => !moves.some((m) => m.text === p.text));
    return plucks.length ? [...moves, ...plucks] : moves;
  }

  plucks() {
    return this.legal().filter((m) => m.kind === "pluck");
  }

  // A crowded table can have more legal moves than the view sends (legal_moves_complete is
  // false). The page then asks the engine about the current selection instead ("select"), and
  // the four questions below are answered from that answer rather than from the list.

  complete() {
    return this.view.legal_moves_complete !== false;
  }

  canPlay(card) {
    if (this.complete()) return hasMove(this.legal(), card);
    return ((this.view.move_counts || {})[card] || 0) > 0;
  }

  selectable(items) {
    if (this.sel.pluck) {
      const open = new Set(this.plucks().map((m) => m.card));
      return new Set(items.filter((i) => i.kind === "loose" && open.has(i.cards[0])).map((i) => i.id));
    }
    if (this.complete()) return selectableIds(this.legal(), this.sel.card, items, this.sel.ids);
    const ids = new Set(this.sel.ids);
    const answer = this.selAnswer;
    if (!this.sel.card || !answer || answer.key !== this.selKey()) return ids;
    const open = new Set(answer.extendable);
    for (const item of items) if (item.cards.every((c) => open.has(c))) ids.add(item.id);
    return ids;
  }

  fitting(cards) {
    if (this.complete()) return matchingMoves(this.legal(), this.sel.card, cards);
    const answer = this.selAnswer;
    return answer && answer.key === this.selKey() && cards.size ? answer.moves : [];
  }

  trailFor(card) {
    if (this.complete()) return trailMove(this.legal(), card);
    const answer = this.selAnswer;
    return answer && answer.card === card && answer.key.startsWith(`${this.viewSerial}|`)
      ? answer.trail
      : null;
  }

  selKey() {
    const cards = [...selectedCards(tableItems(this.view), this.sel.ids)].sort();
    return `${this.viewSerial}|${this.sel.card}|${cards.join(" ")}`;
  }

  /** On a crowded table: ask the engine about the selection, then draw again. */
  async refreshSelection() {
    if (this.complete() || !this.sel.card || !this.humanToPlay()) return;
    const key = this.selKey();
    const take = [...selectedCards(tableItems(this.view), this.sel.ids)];
    const answer = await this.call("select", { seat: this.view.seat, card: this.sel.card, take });
    if (answer.error || key !== this.selKey()) return;
    this.selAnswer = { key, card: this.sel.card, ...answer.selection };
    this.render();
  }

  onCard(card) {
    if (!this.humanToPlay()) {
      this.hint = strings.waitTurn;
    } else if (this.sel.card === card) {
      this.resetSelection();
    } else if (!this.canPlay(card)) {
      const why = (this.view.trail_refusals || {})[card];
      this.hint = strings.noMoveForCard(cardShort(card), strings.trailRefusals[why] || "");
    } else {
      this.resetSelection();
      this.sel.card = card;
      this.recent = new Set();
    }
    this.render();
    this.refreshSelection().then(() => this.sayPending());
  }

  onItem(item) {
    const items = tableItems(this.view);
    if (!this.humanToPlay()) {
      this.hint = strings.waitTurn;
    } else if (this.sel.pluck) {
      if (this.selectable(items).has(item.id)) {
        this.sel.ids = this.sel.ids.has(item.id) ? new Set() : new Set([item.id]);
        this.hint = "";
      } else this.hint = strings.pluckHelp;
    } else if (!this.sel.card) {
      this.hint = strings.chooseCard;
    } else if (this.sel.ids.has(item.id)) {
      this.sel.ids.delete(item.id);
      this.sel.choice = null;
      this.hint = "";
    } else if (this.selectable(items).has(item.id)) {
      this.sel.ids.add(item.id);
      this.sel.trail = false;
      this.sel.choice = null;
      this.hint = "";
    } else {
      this.hint = `${strings.notPartOfMove}: ${cardShort(this.sel.card)}`;
    }
    this.render();
    this.refreshSelection().then(() => this.sayPending());
  }

  onTrail() {
    if (!this.humanToPlay() || !this.sel.card) return;
    this.sel.trail = !this.sel.trail;
    if (this.sel.trail) this.sel.ids = new Set();
    this.sel.choice = null;
    this.render();
    this.sayPending();
  }

  onPluck() {
    if (!this.humanToPlay()) return;
    const on = !this.sel.pluck;
    this.resetSelection();
    this.sel.pluck = on;
    this.hint = on ? strings.pluckHelp : "";
    this.render();
  }

  /** The moves that fit the selection exactly, and the one that Confirm would play. */
  pending() {
    if (this.sel.pluck) {
      const cards = selectedCards(tableItems(this.view), this.sel.ids);
      const move = this.plucks().find((m) => cards.size === 1 && cards.has(m.card)) || null;
      return { fits: move ? [move] : [], move };
    }
    if (!this.sel.card) return { fits: [], move: null };
    if (this.sel.trail) {
      const trail = this.trailFor(this.sel.card);
      return { fits: trail ? [trail] : [], move: trail };
    }
    const cards = selectedCards(tableItems(this.view), this.sel.ids);
    const fits = this.fitting(cards);
    let move = null;
    if (fits.length === 1) move = fits[0];
    else if (fits.length > 1) move = fits.find((m) => m.text === this.sel.choice) || null;
    return { fits, move };
  }

  onConfirm() {
    const { move } = this.pending();
    if (move) this.play(moveForRequest(move));
  }

  // ---- hints -------------------------------------------------------------------------------

  /** The player's turn: ask the engine for a move (its `hint` op) and show it with its reasons.
   * The search runs in the worker, so the page stays live; a move played meanwhile makes the
   * answer stale, and it is dropped. */
  async askHint() {
    if (!this.humanToPlay() || (this.advice && this.advice.state === "thinking")) return;
    const serial = this.viewSerial;
    const game = this.gameSerial;
    this.advice = { serial, state: "thinking" };
    this.announce(strings.hintSearching);
    this.render();
    const answer = await this.call("hint", { seat: this.view.seat }, { quiet: true });
    if (game !== this.gameSerial || serial !== this.viewSerial) return; // the game moved on
    const move = answer.hint && answer.hint.move;
    if (answer.error || !move || typeof move.card !== "string") {
      const why = answer.error ? answer.error.message || answer.error.code : strings.engineFailed("");
      this.advice = { serial, state: "failed", message: strings.hintFailed(why) };
      this.announce(this.advice.message);
    } else {
      const reasons = reasonTexts(answer.hint.reasons);
      this.advice = { serial, state: "shown", move, reasons };
      const words = previewText(move, this.view.table.builds);
      this.announce([strings.hintSuggest(words), ...reasons.map((r) => r.text)].join(" "));
    }
    this.render();
  }

  /** The cards a shown hint points at: {hand: card|null, table: Set of table cards}. */
  hinted() {
    const a = this.advice;
    if (!a || a.state !== "shown" || a.serial !== this.viewSerial) return { hand: null, table: new Set() };
    const move = a.move;
    if (move.kind === "pluck") return { hand: null, table: new Set([move.card]) };
    return { hand: move.card, table: new Set(move.take || []) };
  }

  /** Puts the hinted move into the selection, for the player to confirm. */
  useHint() {
    const a = this.advice;
    if (!a || a.state !== "shown" || !this.humanToPlay()) return;
    const move = a.move;
    const items = tableItems(this.view);
    const take = new Set(move.kind === "pluck" ? [move.card] : move.take || []);
    const ids = new Set(items.filter((i) => i.cards.some((c) => take.has(c))).map((i) => i.id));
    this.resetSelection();
    if (move.kind === "pluck") {
      this.sel.pluck = true;
      this.sel.ids = ids;
    } else {
      this.sel.card = move.card;
      this.sel.trail = move.kind === "trail";
      this.sel.ids = move.kind === "trail" ? new Set() : ids;
      this.sel.choice = move.text || null;
    }
    this.render();
    this.refreshSelection();
    this.focusKey("confirm");
  }

  toggleReview() {
    this.reviewOpen = !this.reviewOpen;
    this.render();
    if (this.reviewOpen) this.focusKey("last-moves");
    else this.focusKey("last-moves-toggle");
  }

  setSpeed(name) {
    if (!Object.hasOwn(SPEEDS, name)) return;
    this.speed = name;
    saveSpeed(name);
    this.render();
  }

  onKey(e) {
    // Another page (California Jack, web/jack/) has taken over the element: its keys are its own.
    if (!this.root.contains(this.board)) return;
    this.unscrolledKey = null; // the keyboard is in use: the focus is shown from now on
    if (e.key === "Escape") {
      if (this.confirmingNew) this.confirmingNew = false;
      else if (this.link) this.link = null;
      else if (this.advice && this.advice.state !== "thinking") this.advice = null;
      else this.resetSelection();
      this.render();
      return;
    }
    // Shortcuts, except while typing (the move box takes "h" in "7H x 3C") or in a dialog.
    if (typingIn(e) || !this.view) return;
    const key = shortcutKey(e);
    if ((e.ctrlKey || e.metaKey) && !e.altKey && key === "z") {
      e.preventDefault();
      this.undo();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const commands = {
      h: () => this.askHint(),
      l: () => this.toggleReview(),
      m: () => this.openMoveLog(),
      t: () => this.keyTrail(e.target),
      c: () => this.onConfirm(),
      u: () => this.undo(),
      "?": () => this.keysPanel && this.keysPanel.open(),
    };
    if (Object.hasOwn(commands, key)) {
      e.preventDefault();
      commands[key]();
      return;
    }
    this.roving.key(e);
  }

  /** Several humans at one screen may undo only when all agreed on the new-game screen. */
  undoRefused() {
    return this.humanSeats().length > 1 && !(this.settings && this.settings.undoConsent);
  }

  canUndo() {
    const v = this.view;
    return Boolean(v && !this.busy && v.can_undo && !this.undoRefused() && this.passTo === null && v.seat === this.viewSeat);
  }

  /** The replay's positions; the engine's view comes back too (undo is closed after it). */
  async fetchReplay() {
    const answer = await this.call("replay", {}, { quiet: true });
    if (!answer.error && answer.view && this.view) this.accept(answer.view);
    return answer;
  }

  openReplay() {
    if (this.view && this.view.phase === "match_over" && this.replayPanel) this.replayPanel.open();
  }

  openMoveLog() {
    if (this.view && this.moveLogPanel) this.moveLogPanel.open();
  }

  undo() {
    if (this.canUndo()) this.simple("undo", { seat: this.view.seat });
  }

  /** T: trail the chosen card, or the hand card in focus; then Confirm (or C) plays it. */
  async keyTrail(target) {
    if (!this.humanToPlay()) return;
    const focused = target instanceof HTMLElement ? /** @type {HTMLElement | null} */ (target.closest(".hand-cards button")) : null;
    if (focused && focused.dataset.card !== this.sel.card && this.canPlay(focused.dataset.card)) {
      this.resetSelection();
      this.sel.card = focused.dataset.card;
      await this.refreshSelection(); // a crowded table: the engine says whether it may trail
    }
    const card = this.sel.card;
    if (!card) {
      this.hint = strings.noTrailNoCard;
    } else if (this.trailFor(card)) {
      this.sel.trail = true;
      this.sel.ids = new Set();
      this.sel.choice = null;
    } else {
      this.hint = strings.trailRefusals[(this.view.trail_refusals || {})[card]] || strings.noTrailOther;
    }
    this.render();
    this.sayPending();
    if (this.sel.trail) this.focusKey("confirm");
    else if (this.hint) this.announce(this.hint);
  }

  /** Reads out the move the selection now makes, if it makes one (a keyboard player cannot see
   * the preview line). */
  sayPending() {
    const { move } = this.pending();
    if (move && this.humanToPlay()) this.announce(strings.moveReady(previewText(move, this.view.table.builds)));
  }

  /** A round's or the match's result, in words, for the live region. */
  resultText(view) {
    const names = this.sideNames();
    const pairs = (values) => strings.scorePairs(values.map((points, side) => [names[side] ?? strings.side(side), points]));
    if (view.phase === "match_over") {
      const you = this.youSide();
      const winner =
        view.winner === null || view.winner === undefined
          ? strings.noWinner
          : view.winner === you ? strings.winner(strings.you) : strings.winnerSide(names[view.winner], false, false);
      return strings.matchResult(winner, pairs(view.scores));
    }
    const round = view.rounds[view.rounds.length - 1];
    const totals = round ? round.sides.map((side) => side.total) : [];
    return strings.roundResult(view.rounds.length, pairs(totals), pairs(view.scores));
  }

  // ---- the link to this deal ----------------------------------------------------------------

  async copyLink() {
    const s = this.currentSettings();
    if (!s) return;
    const url = dealLink(location.href, {
      preset: s.preset,
      players: this.view.players,
      seed: this.seed,
      overrides: s.overrides,
      seats: s.seats,
      levels: s.levels,
      undoConsent: s.undoConsent,
    });
    this.link = { url, status: "" };
    this.render();
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false;
    }
    if (this.link && this.link.url === url) {
      this.link.status = copied ? strings.linkCopied : strings.linkCopyFailed;
      this.render();
      if (!copied) {
        const box = this.root.querySelector("[data-link]");
        if (box) {
          box.focus();
          box.select();
        }
      }
    }
  }

  // ---- messages ----------------------------------------------------------------------------

  /** Shows an error, replacing the one shown (`add`: beside it, for the address's list). */
  showError(error, { add = false } = {}) {
    this.messageBox.show(error, { add });
  }

  clearMessages() {
    this.messageBox.clear();
  }

  /** Read out to a screen reader (the page's one live region, web/ui/live.js). */
  announce(text) {
    say(text);
  }

  /** After a move the redrawn page has lost the focused button: put a keyboard player back on
   * their hand (the first card they can play) instead of the top of the page. */
  keepFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && this.root.contains(active)) return;
    const card = (this.view.hand || []).find((c) => this.canPlay(c));
    if (!card) return;
    // A game's first turn: the page shows its top (the scores, the round, who deals), which a
    // phone cannot show together with the hand; the focus waits on the hand without scrolling
    // to it, also through redraws (render), until a key is pressed (onKey).
    const firstTurn = this.handFocusGame !== this.gameSerial;
    this.handFocusGame = this.gameSerial;
    this.unscrolledKey = firstTurn ? `H:${card}` : null;
    if (firstTurn) document.scrollingElement.scrollTop = 0;
    this.focusKey(`H:${card}`, { preventScroll: firstTurn });
  }

  focusKey(key, options) {
    const el = this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (el) el.focus(options);
  }

  /** The level of each seat (null for humans): the engine's when it sends them, else the page's. */
  levels() {
    const v = this.view;
    if (v && Array.isArray(v.levels) && v.levels.length === v.seats.length) return [...v.levels];
    const s = this.settings;
    return v ? levelsFor(v.seats, s && s.levels) : s && Array.isArray(s.levels) ? [...s.levels] : null;
  }

  names() {
    const v = this.view;
    if (!v) return [strings.you, strings.computer];
    return seatNames(v.seats, (this.settings || {}).names || []);
  }

  sideNames() {
    return sideNames(this.view, this.names());
  }

  /** The side of the only human ("You"), for "You win"; null with several humans or none. */
  youSide() {
    const humans = this.humanSeats();
    return humans.length === 1 ? sideOfSeats(this.view)[humans[0]] : null;
  }

  // ---- rendering ---------------------------------------------------------------------------

  render() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && this.root.contains(active) && !this.dialogs.contains(active) && active.dataset ? active.dataset.key : null;

    this.renderRootData();
    this.topbar.replaceChildren(...this.renderTopbar());
    this.toolbar.replaceChildren(...this.renderToolbar());
    this.toolbar.classList.toggle("open", Boolean(this.menuOpen || this.link));
    const cue = this.cue;
    this.cue = null;
    const before = cue ? this.motion.measure(this.board) : null;
    this.board.replaceChildren(...(this.view ? this.renderBoard() : [h("p", { class: "loading" }, strings.loading)]));
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
    d.advice = this.advice && this.advice.serial === this.viewSerial ? this.advice.state : "";
    d.speed = this.speed;
    d.delay = String(this.delay);
    d.pass = this.passTo !== null ? "1" : "0";
    if (this.passTo !== null) d.passTo = String(this.passTo);
    else delete d.passTo;
    if (!v) return;
    d.ready = "1";
    d.phase = v.phase;
    d.turn = String(v.turn);
    d.seat = this.viewSeat === null ? "" : String(v.seat);
    d.players = String(v.players);
    d.preset = v.preset || "";
    d.round = String(v.round);
    d.deal = String(v.deal);
    d.lastDeal = v.last_deal ? "true" : "false";
    d.scores = JSON.stringify(v.scores);
    d.target = String(v.target);
    d.winner = v.winner === null || v.winner === undefined ? "" : String(v.winner);
    d.stock = String(v.stock);
    // The engine's own record of the levels (view.levels), for tests and tools.
    d.levels = Array.isArray(v.levels) ? JSON.stringify(v.levels) : "";
    d.budgetMs = v.budget_ms ?? "";
    d.moveList = this.complete() ? "complete" : "asking";
    // On the asking path: "current" once the engine's answer for this selection is in.
    d.selection = this.selAnswer && this.selAnswer.key === this.selKey() ? "current" : "pending";
    if (this.seed !== null) d.seed = String(this.seed);
    d.daily = (this.settings && this.settings.daily) || "";
    d.stats = this.statsNote && this.statsNote.gameSerial === this.gameSerial ? this.statsNote.state : "";
  }

  renderTopbar() {
    const v = this.view;
    const parts = [h("h1", {}, strings.title)];
    if (v) {
      const names = this.sideNames();
      const members = sideMembers(v);
      parts.push(
        h(
          "div",
          { class: "scoreboard", role: "group", "aria-label": strings.scoreboardLabel },
          v.scores.map((score, i) => {
            // Partners: "Team A" (their names beside it, folded away on a phone).
            const team = (members[i] || []).length > 1;
            return h(
              "span",
              { class: `score side-${i}`, dataset: { side: i, score }, title: names[i] ?? null },
              team
                ? [h("span", { class: "score-team" }, strings.side(i)), h("span", { class: "score-members" }, strings.teamMembers(names[i]))]
                : names[i] ?? strings.side(i),
              strings.scoreValue(score),
            );
          }),
          h("span", { class: "target" }, strings.target(v.target)),
        ),
        h(
          "div",
          { class: "deal-info" },
          h("span", {}, strings.roundDeal(v.round, v.deal, v.deals)),
          v.last_deal ? h("span", { class: "last-deal-badge", dataset: { lastDeal: "true" } }, strings.lastDeal) : null,
          this.settings && this.settings.daily ? h("span", { class: "daily-badge", dataset: { dailyBadge: this.settings.daily } }, strings.dailyBadge(this.settings.daily)) : null,
        ),
      );
    }
    const inMatch = v && v.phase !== "match_over";
    parts.push(
      h(
        "div",
        { class: "top-actions" },
        // On a phone the toolbar (rules, link, records) folds away behind this button.
        h(
          "button",
          {
            type: "button",
            class: "menu-toggle",
            "aria-expanded": this.menuOpen ? "true" : "false",
            "aria-controls": "game-toolbar",
            dataset: { action: "menu", key: "menu" },
            onclick: () => {
              this.menuOpen = !this.menuOpen;
              this.render();
            },
          },
          strings.moreActions,
        ),
        h(
          "button",
          {
            type: "button",
            dataset: { action: "undo", key: "undo" },
            // With several humans at one screen, Undo would take back another player's move:
            // only when everyone agreed (the new-game screen's setting).
            disabled: !this.canUndo(),
            title: this.undoRefused()
              ? strings.undoSeveralHumans
              : v && !v.can_undo
                ? strings.undoNothing
                : this.humanSeats().length > 1
                  ? strings.undoConsentOn
                  : null,
            "aria-keyshortcuts": "U Control+Z",
            onclick: () => this.undo(),
          },
          strings.undo,
        ),
        this.confirmingNew
          ? h(
              "span",
              { class: "confirm-new", role: "group", "aria-label": strings.confirmNewGame },
              h("span", {}, strings.confirmNewGame),
              // Not held back while the computer thinks: the screen opens at once, and Start
              // waits for the engine.
              h("button", { type: "button", class: "danger", dataset: { action: "new-game-yes", key: "new-game-yes" }, onclick: () => this.openNewGame() }, strings.newGame),
              h("button", { type: "button", dataset: { action: "new-game-no", key: "new-game-no" }, onclick: () => { this.confirmingNew = false; this.render(); } }, strings.cancel),
            )
          : h(
              "button",
              {
                type: "button",
                dataset: { action: "new-game", key: "new-game" },
                disabled: !this.newGameScreen,
                onclick: () => {
                  if (inMatch) {
                    this.confirmingNew = true;
                    this.render();
                    this.focusKey("new-game-yes");
                  } else this.openNewGame();
                },
              },
              strings.newGame,
            ),
      ),
    );
    return parts;
  }

  renderToolbar() {
    const v = this.view;
    const ready = Boolean(this.rulesPanel);
    const parts = [
      h(
        "button",
        {
          type: "button",
          disabled: !ready || !v,
          dataset: { action: "rules", key: "rules" },
          onclick: () => this.rulesPanel.open(v.preset, v.rules || null, this.presetRules(v.preset)),
        },
        strings.rulesButton,
      ),
      h("button", { type: "button", disabled: !v || this.seed === null, dataset: { action: "copy-link", key: "copy-link" }, onclick: () => this.copyLink() }, strings.copyLink),
      h("button", { type: "button", disabled: !ready || !v, dataset: { action: "save-record", key: "save-record" }, onclick: () => this.recordsPanel.open("save") }, strings.saveRecord),
      h("button", { type: "button", disabled: !ready, dataset: { action: "load-record", key: "load-record" }, onclick: () => this.recordsPanel.open("load") }, strings.loadRecord),
      h("button", { type: "button", disabled: !this.statsPanel, dataset: { action: "stats", key: "stats" }, onclick: () => this.statsPanel.open() }, strings.statsButton),
      h(
        "button",
        {
          type: "button",
          disabled: !v,
          "aria-expanded": this.reviewOpen ? "true" : "false",
          "aria-controls": "last-moves",
          "aria-keyshortcuts": "L",
          title: `${strings.lastMovesTitle} (L)`,
          dataset: { action: "last-moves", key: "last-moves-toggle" },
          onclick: () => this.toggleReview(),
        },
        strings.lastMovesButton,
      ),
      h(
        "button",
        { type: "button", disabled: !v || !this.moveLogPanel, "aria-keyshortcuts": "M", title: `${strings.moveLogTitle} (M)`, dataset: { action: "move-log", key: "move-log" }, onclick: () => this.openMoveLog() },
        strings.moveLogButton,
      ),
      h(
        "button",
        { type: "button", disabled: !v || v.phase !== "match_over" || !this.replayPanel, title: v && v.phase !== "match_over" ? strings.replayNotOver : null, dataset: { action: "replay", key: "replay" }, onclick: () => this.openReplay() },
        strings.replayButton,
      ),
      h(
        "button",
        {
          type: "button",
          disabled: !this.keysPanel,
          "aria-keyshortcuts": "?",
          dataset: { action: "keys", key: "keys" },
          onclick: () => this.keysPanel.open(),
        },
        strings.keysButton,
      ),
      h("button", { type: "button", dataset: { action: "display", key: "display" }, onclick: () => this.displayPanel.open() }, strings.displayButton),
      this.renderSpeed(),
      languageSelect(),
    ];
    if (this.link) {
      parts.push(
        h(
          "div",
          { class: "link-panel" },
          h(
            "label",
            {},
            h("span", {}, strings.linkLabel),
            h("input", { type: "url", readonly: true, value: this.link.url, dataset: { link: this.link.url, key: "link" }, onfocus: (e) => e.target.select() }),
          ),
          h("p", { class: "link-status", role: "status" }, this.link.status),
          h("button", { type: "button", class: "link", dataset: { action: "close-link", key: "close-link" }, onclick: () => { this.link = null; this.render(); this.focusKey("copy-link"); } }, strings.close),
        ),
      );
    }
    return parts;
  }

  /** The "Computer speed" choice; the address's `delay` overrides it (said beside it). */
  renderSpeed() {
    const byAddress = this.params.delayGiven;
    return h(
      "label",
      { class: "speed", title: byAddress ? strings.speedByAddress(this.params.delay) : null },
      h("span", {}, strings.speedLabel),
      h(
        "select",
        {
          name: "speed",
          "aria-describedby": byAddress ? "speed-note" : null,
          dataset: { key: "speed", speed: this.speed },
          onchange: (e) => this.setSpeed(e.target.value),
        },
        Object.keys(SPEEDS).map((name) => h("option", { value: name, selected: name === this.speed }, strings.speedNames[name] || name)),
      ),
      byAddress ? h("span", { class: "sr-only", id: "speed-note" }, strings.speedByAddress(this.params.delay)) : null,
    );
  }

  /** Every player's last move this round, in words, with why the computer played it. */
  renderReview(names) {
    const v = this.view;
    const levels = this.levels() || [];
    const rows = v.seats.map((kind, seat) => {
      const flashing = this.flash && this.flash.seat === seat;
      const move = v.last_moves ? v.last_moves[seat] : null;
      const text = flashing ? this.flash.text : move ? pastText(names[seat], move) : `${names[seat]}: ${strings.noMoveYet}`;
      const shown = flashing ? this.flash.moveText : move ? move.text : null;
      const why = this.lastWhy[seat];
      let detail = null;
      if (kind === "computer" && why && shown && why.text === shown) {
        const seconds = why.thinkMs === null ? null : (why.thinkMs / 1000).toFixed(1);
        const reasons = reasonTexts(why.reasons, { mine: false }).map((r) => r.text).join(" ");
        detail = strings.lastMoveWhy(strings.levelOf(levels[seat]), seconds, reasons);
      } else if (kind === "computer" && levels[seat]) {
        detail = strings.levelOf(levels[seat]);
      }
      return h(
        "li",
        { dataset: { seat, lastMove: shown || "" } },
        h("span", { class: "review-move" }, text),
        detail ? h("span", { class: "review-why" }, detail) : null,
      );
    });
    return h(
      "section",
      { class: "last-moves", id: "last-moves", tabindex: "-1", "aria-labelledby": "last-moves-title", dataset: { key: "last-moves" } },
      h(
        "div",
        { class: "last-moves-head" },
        h("h2", { id: "last-moves-title" }, strings.lastMovesTitle),
        h("button", { type: "button", class: "link", dataset: { action: "close-last-moves", key: "close-last-moves" }, onclick: () => this.toggleReview() }, strings.lastMovesClose),
      ),
      h("ul", {}, rows),
    );
  }

  /** Seats in playing order, starting after the seat on screen (or at seat 0). */
  seatOrder(me) {
    const n = this.view.seats.length;
    const first = me === null ? 0 : me + 1;
    return Array.from({ length: n }, (_, k) => (first + k) % n).filter((s) => s !== me);
  }

  renderBoard() {
    const v = this.view;
    const names = this.names();
    const me = this.passTo === null && this.viewSeat !== null && v.seat === this.viewSeat ? v.seat : null;
    const mine = this.humanToPlay();
    const legal = this.legal();
    const items = tableItems(v);
    const selectable = this.selectable(items);
    const highlight = this.flash ? this.flash.cards : new Set();
    const partners = hasPartners(v);
    const sideOf = sideOfSeats(v);
    const levels = this.levels() || [];
    const hinted = this.hinted();

    const others = this.seatOrder(me);
    const opponentPanels = others.map((seat) => {
      const flashing = this.flash && this.flash.seat === seat;
      let status = "";
      if (this.thinking && v.turn === seat) status = thinkingLine(strings.thinking(names[seat]));
      else if (flashing) status = this.flash.text;
      else if (v.phase === "play" && v.turn === seat && this.passTo === null) status = strings.theirTurn(names[seat]);
      // While the computer's move is on show the view is the one before it: one card fewer.
      const count = v.hand_counts[seat] - (flashing && this.flash.played ? 1 : 0);
      return renderSeat(v, seat, names, status, renderHiddenHand(Math.max(0, count), names[seat], flashing ? this.flash.played : null), {
        side: partners ? sideOf[seat] : null,
        partner: partners && me !== null && sideOf[seat] === sideOf[me],
        level: v.seats[seat] === "computer" ? levels[seat] || null : null,
        thinking: Boolean(this.thinking && v.turn === seat),
      });
    });

    const table = renderTable(v, {
      selectedCard: this.sel.pluck ? "pluck" : this.sel.card,
      selectedIds: this.sel.ids,
      selectable,
      active: mine,
      highlight,
      recent: this.recent,
      hinted: hinted.table,
      names,
      onItem: (item) => this.onItem(item),
    });

    const parts = [h("div", { class: `opponents count-${others.length}` }, opponentPanels), table];
    if (this.passTo !== null) {
      parts.push(this.renderPass(names[this.passTo]));
    } else if (me === null && this.humanSeats().length > 1 && v.phase === "play") {
      parts.push(h("p", { class: "hands-hidden", dataset: { handsHidden: "true" } }, strings.handsHidden));
    } else if (me !== null) {
      const human = v.seats[me] === "human";
      const hand = renderHand(v, {
        owner: human ? null : names[me],
        active: mine,
        selectedCard: this.sel.card,
        hinted: hinted.hand,
        canPlay: (card) => this.canPlay(card),
        onCard: (card) => this.onCard(card),
      });
      const status = mine ? strings.yourTurn : !human && v.phase === "play" && v.turn === me ? strings.theirTurn(names[me]) : "";
      const myPanel = renderSeat(v, me, names, status, hand, { side: partners ? sideOf[me] : null, me: true });
      parts.push(myPanel);
    }
    if (v.phase === "play") {
      if (me !== null) parts.push(this.renderActions(mine), this.renderMoveBox(mine, legal));
    } else {
      // The score sheet comes first so that it is in view on a phone.
      parts.unshift(
        renderScoreSheet(v, this.sideNames(), {
          onNextRound: () => this.simple("next_round"),
          onNewMatch: () => this.newMatch(),
          extra: [
            this.renderDailyShare(),
            v.phase === "match_over"
              ? h("p", { class: "replay-offer" }, h("button", { type: "button", dataset: { action: "open-replay", key: "open-replay" }, onclick: () => this.openReplay() }, strings.replayButton), " ", strings.replayIntro)
              : null,
            v.phase === "match_over" && this.statsNote && this.statsNote.gameSerial === this.gameSerial && this.statsNote.text
              ? h(
                  "p",
                  { class: "stats-note", dataset: { stats: this.statsNote.state } },
                  this.statsNote.text,
                  " ",
                  h("button", { type: "button", class: "link", dataset: { action: "open-stats", key: "open-stats" }, onclick: () => this.statsPanel.open() }, strings.statsButton),
                )
              : null,
          ],
          youSide: this.youSide(),
          teams: sideMembers(v).map((m, i) => (m.length > 1 ? strings.side(i) : null)),
        }),
      );
    }
    // Last in the board: opening it scrolls there, and the table above keeps its place.
    if (this.reviewOpen) parts.push(this.renderReview(names));
    if (this.stalled) {
      parts.push(
        h("p", { class: "retry" }, h("button", { type: "button", dataset: { action: "retry", key: "retry" }, onclick: () => this.computerMove() }, strings.retryComputer(names[v.turn]))),
      );
    }
    return parts;
  }

  renderPass(name) {
    return h(
      "section",
      { class: "pass-screen", role: "region", "aria-labelledby": "pass-title", dataset: { passTo: this.passTo } },
      h("h2", { id: "pass-title" }, strings.passTitle(name)),
      h("p", {}, strings.passBody(name)),
      h(
        "button",
        { type: "button", class: "primary", dataset: { action: "pass-show", key: "pass-show" }, disabled: this.busy, onclick: () => this.showCards() },
        strings.passShow(name),
      ),
    );
  }

  renderActions(mine) {
    const { fits, move } = this.pending();
    const card = this.sel.card;
    let preview;
    if (this.thinking) preview = thinkingLine(strings.thinking(this.names()[this.view.turn]));
    else if (this.flash) preview = this.flash.text;
    else if (!mine) preview = this.busy ? "" : strings.waitTurn;
    else if (this.sel.pluck) preview = move ? previewText(move, this.view.table.builds) : strings.pluckHelp;
    else if (!card) preview = strings.chooseCard;
    else if (move) preview = previewText(move, this.view.table.builds);
    else if (fits.length > 1) preview = strings.chooseOne;
    else if (this.sel.ids.size > 0) preview = strings.noMoveForSelection;
    else preview = strings.chooseTable(cardShort(card));

    const trail = card ? this.trailFor(card) : null;
    let trailWhy = "";
    if (mine && card && !trail) {
      // The engine names the rule that forbids the trail; the page only words it.
      const why = (this.view.trail_refusals || {})[card];
      trailWhy = strings.trailRefusals[why] || strings.noTrailOther;
    }
    const plucks = mine ? this.plucks() : [];

    const choices =
      fits.length > 1 && !this.sel.trail
        ? h(
            "div",
            { class: "choices", role: "group", "aria-label": strings.chooseOne },
            fits.map((m) =>
              h(
                "button",
                {
                  type: "button",
                  class: "choice",
                  "aria-pressed": this.sel.choice === m.text ? "true" : "false",
                  dataset: { moveText: m.text, key: `C:${m.text}` },
                  onclick: () => {
                    this.sel.choice = this.sel.choice === m.text ? null : m.text;
                    this.render();
                    this.sayPending();
                  },
                },
                previewText(m, this.view.table.builds),
              ),
            ),
          )
        : null;

    const advice = this.renderAdvice(mine);
    return h(
      "section",
      { class: `actions ${advice ? "with-advice" : ""}`, "aria-label": this.view.seats[this.view.seat] === "human" ? strings.actionsLabel : strings.movesOf(this.names()[this.view.seat]) },
      h(
        "div",
        { class: "actions-main" },
        h("p", { class: `preview ${move ? "ready" : ""}`, dataset: { preview: move ? move.text : "" } }, preview),
        choices,
        h(
          "div",
          { class: "action-buttons" },
          plucks.length
            ? h(
                "button",
                {
                  type: "button",
                  class: "trail pluck",
                  "aria-pressed": this.sel.pluck ? "true" : "false",
                  dataset: { action: "pluck", key: "pluck" },
                  onclick: () => this.onPluck(),
                },
                strings.pluck,
              )
            : null,
          h(
            "button",
            {
              type: "button",
              class: "trail",
              "aria-pressed": this.sel.trail ? "true" : "false",
              "aria-describedby": trailWhy ? "trail-why" : null,
              disabled: !trail,
              dataset: { action: "trail", key: "trail" },
              onclick: () => this.onTrail(),
            },
            strings.trail,
          ),
          h(
            "button",
            {
              type: "button",
              class: "primary",
              disabled: !move,
              dataset: { action: "confirm", key: "confirm" },
              onclick: () => this.onConfirm(),
            },
            strings.confirm,
          ),
          h(
            "button",
            {
              type: "button",
              disabled: !card && !this.sel.pluck,
              dataset: { action: "clear", key: "clear" },
              onclick: () => {
                this.resetSelection();
                this.render();
              },
            },
            strings.clear,
          ),
          this.renderHintButton(mine),
        ),
        trailWhy ? h("p", { class: "why", id: "trail-why" }, trailWhy) : null,
        this.hint ? h("p", { class: "hint" }, this.hint) : null,
      ),
      // Beside the buttons on a wide screen, under them on a phone.
      advice,
    );
  }

  renderHintButton(mine) {
    const asking = Boolean(this.advice && this.advice.state === "thinking");
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
        onclick: () => this.askHint(),
      },
      asking ? thinkingLine(strings.hintThinking) : strings.hintButton,
    );
  }

  /** The hint: the engine still searching, its move and reasons, or why there is none. */
  renderAdvice(mine) {
    const a = this.advice;
    if (!a || a.serial !== this.viewSerial) return null;
    if (a.state === "thinking") {
      return h("div", { class: "advice", dataset: { advice: "thinking" } }, h("p", { class: "advice-move" }, thinkingLine(strings.hintSearching)));
    }
    if (a.state === "failed") {
      return h("div", { class: "advice", dataset: { advice: "failed" } }, h("p", { class: "advice-move" }, a.message));
    }
    const words = previewText(a.move, this.view.table.builds);
    return h(
      "div",
      { class: "advice", dataset: { advice: "shown", move: a.move.text || "" } },
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
        { type: "button", class: "link", disabled: !mine, dataset: { action: "use-hint", key: "use-hint" }, onclick: () => this.useHint() },
        strings.hintUse,
      ),
    );
  }

  /** The move box: text notation, with the legal moves the view lists as suggestions (a
   * datalist the browser filters as the player types) and a line counting the moves that start
   * with what is typed. A crowded table lists only part of its moves, or none: the box says so
   * and still takes any legal move (the engine checks it). */
  renderMoveBox(mine, legal) {
    const v = this.view;
    const total = Number.isInteger(v.legal_moves_total) ? v.legal_moves_total : legal.length;
    const partial = mine && !this.complete() ? strings.moveBoxPartial((v.legal_moves || []).length, total) : "";
    const matches = h("small", { id: "move-box-matches", class: "move-box-matches", dataset: { matches: "" } });
    const input = h("input", {
      type: "text",
      name: "move",
      list: "legal-move-list",
      autocomplete: "off",
      spellcheck: "false",
      disabled: !mine,
      dataset: { key: "move-box" },
      "aria-describedby": `move-box-hint move-box-matches${partial ? " move-box-partial" : ""}`,
      oninput: () => {
        // Counted here only to be said: the browser's own suggestion list does the completing.
        const typed = input.value.trim();
        const n = typed ? legal.filter((m) => m.text.toLowerCase().startsWith(typed.toLowerCase())).length : null;
        matches.textContent = n === null ? "" : strings.moveBoxMatches(n, typed);
        matches.dataset.matches = n === null ? "" : String(n);
      },
    });
    const options = legal.map((m) =>
      h("option", {
        value: m.text,
        dataset: {
          kind: m.kind,
          card: m.card,
          take: (m.take || []).join(" "),
          value: m.value ?? "",
          multiple: m.multiple ? "true" : "false",
          sweep: m.sweep ? "true" : "false",
        },
      }, previewText(m, v.table.builds)),
    );
    return h(
      "form",
      {
        class: "move-box",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (text) this.play(text);
        },
      },
      h("label", {}, h("span", {}, strings.moveBoxLabel), input),
      h("datalist", { id: "legal-move-list" }, options),
      h("button", { type: "submit", disabled: !mine, dataset: { action: "move-box", key: "move-box-play" } }, strings.moveBoxPlay),
      h("small", { id: "move-box-hint" }, strings.moveBoxHint(Boolean(v.rules && v.rules.pluck))),
      partial ? h("small", { id: "move-box-partial", class: "move-box-partial" }, partial) : null,
      matches,
    );
  }
}
