// The game page: renders the engine's view and sends back one of the legal moves it offered.
// It never decides a rule. `start(engine, root)` is its entry point (besides `readParams` and
// the parts it re-exports for tests, at the end of the imports);
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
// New game and the menu's items work; whatever needs the engine waits its turn there.
// Keys (listed in the Keys dialog, key ?): arrows over the hand, the table and the move choices
// (roving tabindex, web/ui/keys.js), T trail, C confirm, Escape clear, U or Ctrl+Z undo, H a
// hint (the engine's `hint` op), L the last move of every player, M the move log
// (web/ui/movelog.js). After the match, Replay (web/ui/replay.js) shows every hand step by step. Every move and result is
// read out in the page's one polite live region (web/ui/live.js).

import { strings } from "./ui/strings.js";
import { h, sleep } from "./ui/dom.js";
import { pastText } from "./ui/describe.js";
// The parts of the table page, each a small class that is given the page (`App`) and reads and
// changes its state, through a JSDoc interface tsc checks (SelectionHost, TurnsHost...). The
// state stays here, where render and the keys read it; the one-line methods of App that hand
// over to a part (resetSelection, askHint, computerMove...) are the names the rest of the page
// calls (web/jack/games.js silences computerMove and render when California Jack takes over).
import { Selection } from "./ui/selection.js";
import { Hints } from "./ui/hint.js";
import { signRoom } from "./ui/tablemore.js";
import { Turns } from "./ui/turns.js";
import { DailyDeal, dailyBadge } from "./ui/dailydeal.js";
import { BoardView } from "./ui/board.js";
import { readParams, checkDeal, dealLink, overridesOf, DEAL_PARAMS, ALL_DEAL_PARAMS } from "./ui/params.js";
import { seatNames, sideNames, sideMembers, sideOfSeats } from "./ui/sides.js";
import { NewGameScreen } from "./ui/newgame.js";
import { RulesPanel } from "./ui/rulespanel.js";
import { RecordsPanel } from "./ui/records.js";
import { ReplayPanel, cassinoReplay } from "./ui/replay.js";
import { MoveLogPanel, cassinoLog } from "./ui/movelog.js";
import { GameSaver, readSaved, setAsideSaved, SAVE_KEY, dealKey } from "./ui/saved.js"; // a reload resumes the game
import { asksBeforeReplacing, isFinished, isUndoClosed } from "./ui/gamestore.js";
import { addressDeal, addressSaved, askReplace, dropDealFromAddress, dropToldFromAddress, savedGame } from "./ui/replace.js";
import { fitHint } from "./ui/hintfit.js";
import { RULES_TEXT } from "./ui/rules-text.js";
import { startGames, switchGame } from "./jack/games.js";
import { levelParam, levelsFor, unknownSavedLevels, DEFAULT_LEVEL } from "./ui/levels.js";
import { isCounted, newMatchId, readStats, recordMatch } from "./ui/stats.js";
import { beginDaily, dailyBegun, dailyRecord, readDaily } from "./ui/dailyrecord.js";
import { StatsPanel } from "./ui/statspanel.js";
import { dailySettings, todayUtc, undoReopensDaily } from "./ui/daily.js";
import { presetTitle } from "./ui/newgame.js";
import { keysDialog } from "./ui/keys.js";
import { readDisplay, applyDisplay } from "./ui/display.js";
import { GameShell } from "./shell/shell.js";
import { siteURL } from "./ui/site.js";

export { readParams };
// The page's own parts that tests and tools call by name (`await import("./app.js")`): the same
// instances the page uses (its words installed), as build.py bundles the modules, which then
// are not files of their own.
export { strings } from "./ui/strings.js";
export { reasonText, thinkingLine } from "./ui/advice.js";
export { matchResult } from "./ui/stats.js";
export { previewText, pastText } from "./ui/describe.js";
export { renderSeat } from "./ui/seats.js";
export { renderTable } from "./ui/table.js";
export { createEngine } from "./bridge.js";

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

/** Adds app.css and shell.css (the top bar and menu of both games) unless the page links them. */
function linkStylesheet() {
  for (const name of ["./app.css", "./shell.css"]) {
    const href = siteURL(name).href;
    const linked = [.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel="stylesheet"]'))].some((l) => l.href === href);
    if (!linked) document.head.append(h("link", { rel: "stylesheet", href }));
  }
}


/**
 * The address names the Cassino game just started from the page (web/ui/replace.js
 * addressDeal), as an address opening it would: `game=cassino`, and the variant, players,
 * deal number, rules, seats and computer levels the player chose (Classic for two, a random
 * deal, every computer at Intermediate left out); any other deal's parameters leave it,
 * display ones stay. A reload resumes this game (play-test: `?seed=7` stayed over another
 * deal after Start, and a reload asked to replace it).
 * @param {{preset: string, overrides: object, seats: string[], levels: (string|null)[], asked: number|string|null}} settings
 *   the game's settings as startGame keeps them, with `asked`: the deal number the player
 *   asked for (null: a random deal, which the address leaves out)
 */
function addressGame(settings) {
  /** @type {Record<string, string>} */
  const values = { game: "cassino" };
  if (settings.preset && settings.preset !== "classic") values.variant = settings.preset;
  const { players, ...rest } = settings.overrides || {};
  if (players !== undefined) values.players = String(players);
  if (settings.asked !== null && settings.asked !== undefined) values.seed = String(settings.asked);
  if (Object.keys(rest).length) values.rules = JSON.stringify(rest);
  const letters = (settings.seats || []).map((s) => (s === "human" ? "h" : "c")).join("");
  if (letters && letters !== "h" + "c".repeat(letters.length - 1)) values.seats = letters;
  const level = settings.seats ? levelParam(settings.seats, settings.levels) : "";
  if (level) values.level = level;
  addressDeal(ALL_DEAL_PARAMS, values);
}

/** The seat whose sweep count the engine raised from view `a` to view `b`, or null. */
function sweptBy(a, b) {
  if (!a || !b || !Array.isArray(a.captured) || !Array.isArray(b.captured) || a.captured.length !== b.captured.length) return null;
  const seat = b.captured.findIndex((cap, i) => cap && a.captured[i] && cap.sweeps > a.captured[i].sweeps);
  return seat >= 0 ? seat : null;
}

/** Classic Cassino for two, when the engine lists no catalog. */
const FALLBACK_CATALOG = { presets: { classic: { name: "classic", players: 2 } }, fields: {} };

/**
 * The height the table's box (`felt`) needs to show every table card an open hint names at
 * once (rows of them, with their gaps), at most half the window: app.css keeps the box at
 * least this tall on a phone while the hint is open (`--hint-room`), where the box otherwise
 * gives way down to one row. 0 when the hint names no table card.
 * @param {HTMLElement} felt
 */
function hintRoom(felt) {
  const boxes = [...felt.querySelectorAll(".table-item.hinted")].map((el) => el.getBoundingClientRect());
  if (!boxes.length) return 0;
  const style = getComputedStyle(felt);
  const frame = felt.offsetHeight - felt.clientHeight + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const cards = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
  // ...clear of a sign at either edge ("▲/▼ ещё карты": the box scrolls them in that far).
  return Math.min(cards + frame + 2 * signRoom(felt), window.innerHeight / 2);
}

/**
 * The height the table's box (`felt`) needs to show all it holds (every row of cards, the
 * stock's line), at most half the window: an open hint keeps the table at least this tall on
 * a phone too (`--hint-room`), the page growing under the hint instead. Given way down to one
 * row, a table of five cards hid its fifth under "▼ ещё карты" while the hint was open
 * (play-test 17, 360x640).
 * @param {HTMLElement} felt
 */
function tableRoom(felt) {
  return Math.min(feltContent(felt) + felt.offsetHeight - felt.clientHeight, window.innerHeight / 2);
}

/**
 * The height (CSS px) of what the table's box holds, padding included: down to the bottom of
 * its lowest row of cards or line, wherever it is scrolled. Not the box's scroll height: a box
 * stretched to fill the window is as tall as that, and kept at that height with the hint open
 * it left the page 52 px longer than the window (play-test 22, seed 5 at 360x640: one row of
 * four cards in a 150 px box). The edge signs and the stock's line, which stick to the box's
 * edges, hold no room of their own.
 * @param {HTMLElement} felt
 */
function feltContent(felt) {
  const style = getComputedStyle(felt);
  const top = felt.getBoundingClientRect().top + felt.clientTop - felt.scrollTop;
  let bottom = top + parseFloat(style.paddingTop);
  for (const child of felt.children) {
    if (!child.getClientRects().length || getComputedStyle(child).position === "sticky") continue;
    bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
  }
  return bottom - top + parseFloat(style.paddingBottom);
}

/**
 * The most the table's box may take with the hint open while the table's top and the whole
 * hint under it are in the window together: the window's height less all that lies between
 * the box's bottom and the hint's (the player's seat, the actions and the hint). Where more
 * rows than that would fit, the table keeps to this and scrolls to the hint's cards (two rows
 * of large cards with a hint of three reasons: its first row was above the window).
 * @param {HTMLElement} felt
 * @param {Element | null} actions the actions' box with the hint
 */
function roomOverHint(felt, actions) {
  if (!actions) return Infinity;
  return window.innerHeight - (actions.getBoundingClientRect().bottom - felt.getBoundingClientRect().bottom);
}

/** Cassino's page on the shared shell (web/shell/shell.js): its table, selection and turns. */
class App extends GameShell {
  constructor(engine, root, params) {
    super(engine, root, {
      words: strings,
      menuId: "game-menu",
      roving: ".hand-cards, .table-items, .choices",
      moved: ".table-item.recent, .table-item.flash", // the last move's, the computer's on show
      fixedDelay: params.delayGiven ? params.delay : null,
      fixedThink: params.think,
    });
    root.classList.add("cassino");
    this.params = params;
    this.catalog = null;
    // The game being played: {preset, overrides, seats, names, seed}; names are the typed ones.
    this.settings = null;
    this.viewSeat = null; // the human seat whose hand is on screen (null: none yet)
    this.passTo = null; // several humans: the seat the device goes to next (cards hidden)
    this.sel = { card: null, ids: new Set(), trail: false, choice: null, pluck: false };
    this.flash = null; // {cards:Set, played, seat, text} while the computer's move is shown
    this.recent = new Set(); // cards of the last move, highlighted on the new table
    this.hint = "";
    this.shareStatus = ""; // after "Copy" of the daily deal's result line
    this.statsNote = null; // {gameSerial, text, state} once the match's end was counted (or not)
    // A hint: {serial (the view it is for), state: "thinking"|"shown"|"failed", move, reasons,
    // message}; null when none is asked for.
    this.advice = null;
    this.lastWhy = []; // per seat: {text, reasons, thinkMs} of the computer's last move
    this.reviewOpen = false; // the panel listing every player's last move
    this.confirmingClaim = false; // the Claim button asked "claim now?" (web/ui/actions.js)
    this.wake = null; // ends the wait while a computer move is on show (a new game is asked for)
    this.leaving = false; // a new game or record is on its way: the computer makes no new move
    // `cue` (GameShell) says what the next drawing shows: {seat, deal, reveal, sweepSeat}, or
    // null for a drawing that moves nothing (a selection, a status).
    // The deal key (web/ui/saved.js dealKey) of the address the game on the table began at.
    this.saveDeal = "";
    this.saver = new GameSaver((op, payload, options) => this.call(op, payload, options), root, () => this.saveDeal);
  }

  // ---- engine calls -------------------------------------------------------------------------

  async begin() {
    // Storage is read before the first await: once start() has returned (body[data-app]),
    // a test or another tab may change it, and this page must not read it again halfway.
    // Statistics that cannot be read are set aside now and reported with the address's messages.
    const stats = readStats();
    const dailies = readDaily(); // the daily deal's first results (web/ui/dailyrecord.js)
    const saved = readSaved(globalThis.location ? location.search : "");
    this.render();
    const listed = await this.call("catalog", {}, { quiet: true });
    this.catalog = listed.error || !listed.presets ? FALLBACK_CATALOG : { presets: listed.presets, fields: listed.fields || {} };
    this.catalogMissing = Boolean(listed.error || !listed.presets);
    this.newGameScreen = new NewGameScreen({
      catalog: this.catalog,
      // Started from the screen: the address names the game now played (addressGame).
      onStart: (settings) => this.startGame(settings, { address: true }),
      // A Cassino match saved but not on the table (the player came from another game's screen).
      savedMatch: () => this.savedMatch(),
      onContinue: () => this.continueSaved(),
      onRules: (preset, rules) => this.rulesPanel.open(preset, rules, this.presetRules(preset)),
      onGame: (game) => switchGame(this, game), // California Jack / Shasta Sam (web/jack/)
      onDaily: () => this.startDaily(todayUtc()),
      onStats: () => this.statsPanel.open(),
      inProgress: () => this.gameInProgress(),
      matchName: () => this.matchTitle(),
      // Another game's match the player came from (web/jack/games.js switchTo): Cancel goes
      // back to it while Cassino has no game of its own.
      backName: () => (this.params.back && !this.view ? this.params.back.name : ""),
      onCancel: () => this.onNewGameCancelled(),
      today: todayUtc,
      dailyPlayed: () => dailyRecord(todayUtc()),
      dailyBegun: () => dailyBegun(todayUtc()),
    });
    this.statsPanel = new StatsPanel({
      onProblem: (problem, asideKey) => this.showError({ code: "bad_stats", message: strings.statsBad(problem, asideKey) }, { add: true }),
      // The daily deals' first results; an unreadable value is set aside and said, as at start.
      dailies: () => {
        const { records, problem, asideKey } = readDaily();
        if (problem) this.showError({ code: "bad_daily_record", message: strings.dailyRecordBad(problem, asideKey) }, { add: true });
        return records;
      },
    });
    this.rulesPanel = new RulesPanel();
    this.recordsPanel = new RecordsPanel({
      exportRecord: () => this.call("export_record", {}, { quiet: true }),
      loadRecord: (text) => this.loadRecord(text),
      check: (text) => this.checkRecord(text),
      inProgress: () => this.gameInProgress(),
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
    if (stats.problem) addressErrors.push({ code: "bad_stats", text: strings.statsBad(stats.problem, stats.asideKey) });
    if (dailies.problem) addressErrors.push({ code: "bad_daily_record", text: strings.dailyRecordBad(dailies.problem, dailies.asideKey) });
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
    let found = saved;
    // A finished match is no game in progress: the address's deal replaces it unasked.
    if (found && found.other && !asksBeforeReplacing(found)) found = null;
    // Picked on another game's screen (web/jack/games.js switchToCassino `browse`): a readable
    // save is offered on the screen (Continue), not resumed behind it; an unreadable one is
    // resumed as ever, to be set aside and told.
    if (this.params.browse && found && !found.bad) found = null;
    // Back to the match the player left (games.js returnTo), or to the saved game from the
    // question below: the address then names it (addressSaved).
    let nameIt = Boolean(this.params.nameGame);
    if (found && found.other) {
      // The game the address would start: the daily deal (Classic), else its variant.
      const deal = daily ? null : checkDeal(this.params.deal, this.catalogMissing ? null : this.catalog);
      const preset = deal ? deal.preset : "classic";
      const game = { title: RULES_TEXT[preset]?.title ?? preset, seed: daily ? null : this.params.seed, daily };
      // The deal's wrong values (an unknown variant...) are told while asking, in the words of
      // the new deal, and once the player went back in their own: the address is dropped, the
      // saved game goes on (play-test 7: `?variant=nonsense` went unmentioned).
      const dealErrors = (deal ? deal.errors : []).map((e) => ({ ...e, asked: e.text, kept: strings.badParamKept(e.param, e.value) }));
      const savedPreset = found.save.record?.rules?.name ?? "classic";
      const savedName = savedGame(found.save, RULES_TEXT[savedPreset]?.title ?? savedPreset);
      if (await askReplace(this.dialogs, { errors: [...addressErrors, ...dealErrors], show: (e) => this.showError(e, { add: true }), game, saved: savedName }) === "back") {
        dropDealFromAddress(DEAL_PARAMS);
        addressErrors.push(...dealErrors);
        found = { save: found.save };
        nameIt = true;
      } else found = null;
    }
    if (await this.resumeSaved(addressErrors, found)) {
      // the saved game is on the table
      if (nameIt) this.addressSaved();
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
      // The wrong values, told once, leave the address: a reload resumes this game without
      // telling them again (play-test 11: `?seed=-1` was reported on every reload).
      if (dropToldFromAddress(addressErrors, DEAL_PARAMS).length) this.keepAddress();
    } else {
      this.openNewGame();
    }
    // A game this site does not play (`?game=nonsense`), told once, leaves the address too
    // (play-test 14: it was told again on every reload).
    if (dropToldFromAddress(addressErrors, ["game"]).length && this.view) this.keepAddress();
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
    // A computer level this page does not know: the game resumes at the default level, the
    // player is told, and the save stays as it was until they play on (Saver.keepUntilPlayed).
    const unknown = found.bad ? [] : unknownSavedLevels(found.save);
    if (unknown.length) this.saver.keepUntilPlayed();
    const problem = found.bad ? { message: found.bad } : await this.loadRecord(found.save.record, found.save);
    // A finished match shown again: its sheet says it is in the statistics, as after the match
    // (never counted here: it ended before the reload).
    if (!problem && isFinished(found.save) && isCounted(this.settings && this.settings.matchId)) {
      this.statsNote = { gameSerial: this.gameSerial, state: "already", text: strings.statsAlready };
      this.render();
    }
    // A finished match whose replay was shown: asking for it again closes undo again.
    if (!problem && isUndoClosed(found.save)) await this.fetchReplay();
    if (!problem) {
      if (unknown.length) {
        errors.push({ code: "saved_level", text: strings.savedLevelUnknown(strings.listInSentence(unknown), strings.levelOf(DEFAULT_LEVEL)) });
      }
      return true;
    }
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
    this.newGameScreen.open(current, Boolean(this.view || this.params.back));
    if (this.catalogMissing) this.showError({ code: "no_catalog", message: strings.noCatalog });
    this.render();
  }

  /** The name of the Cassino match saved but not on the table, which the new-game screen's
   * Continue resumes; "" when there is none (or a finished one: nothing to go on with). */
  savedMatch() {
    if (this.view) return "";
    const found = readSaved("");
    if (!found || !found.save || isFinished(found.save)) return "";
    const preset = found.save.record?.rules?.name ?? "classic";
    return RULES_TEXT[preset]?.title ?? preset;
  }

  /** Continue's resume (GameShell.continueSaved): the Cassino save. */
  resumeForScreen(errors) {
    return this.resumeSaved(errors, readSaved(""));
  }

  /** The address names the saved game now on the table (web/ui/replace.js addressSaved). */
  addressSaved() {
    addressSaved(ALL_DEAL_PARAMS, "cassino", this.saveDeal);
  }

  /** The new-game screen closed without a game: with none on the table, back to the other
   * game's match the player came from (`params.back`, web/jack/games.js), if any. */
  onNewGameCancelled() {
    if (this.retired || this.view || !this.params.back) return;
    this.params.back.onBack();
  }

  /**
   * Starts a game: new_game with these settings. Answers null, or the engine's error (shown in
   * the messages too unless `quiet`); a refused game leaves the one in progress as it was.
   * @param {object} settings {preset, overrides, seats (null: a human at seat 1, computers elsewhere),
   *   levels (per seat, null for humans; missing: Intermediate), names, seed}
   */
  async startGame(settings, { quiet = true, address = false } = {}) {
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
    payload.budget_ms = this.thinkMs;
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
    const matchId = newMatchId();
    // A daily deal begun when that date's deal was already begun here (a result kept, or an
    // attempt left: its cards were seen) is practice: the first attempt counts
    // (web/ui/dailyrecord.js); its badge says so while it is played.
    const begun = settings.daily ? beginDaily(settings.daily, matchId) : null;
    // `daily`: the date of a daily deal; `matchId`: counts the match once in the statistics.
    this.settings = {
      preset, overrides: settings.overrides || {}, seats, levels, names: settings.names || [], seed: this.seed,
      daily: settings.daily || null, matchId,
      dailyPractice: Boolean(begun && begun.practice),
      // Hot-seat undo, only when every human agreed (kept with the saved game).
      undoConsent: Boolean(settings.undoConsent) && seats.filter((k) => k === "human").length > 1,
    };
    this.shareStatus = "";
    this.forgetDailyAddress();
    if (address) addressGame({ ...this.settings, asked: settings.seed ?? null });
    this.saveDeal = dealKey(globalThis.location ? location.search : "");
    this.newSeating();
    this.clearMessages();
    if (begun && begun.problem) this.showError({ code: "bad_daily_record", message: strings.dailyStartedBad(begun.problem, begun.asideKey) }, { add: true });
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
    this.startGame({ ...s, seed: null }, { quiet: false, address: true });
  }

  /** The engine reads and replays `text` as loadRecord would, without loading it (load_record
   * with "check": true): null when it would load, else its refusal in the page's words. The
   * game in progress, its view and its save are left as they are. */
  async checkRecord(text) {
    return this.checkRecordRequest(this.recordPayload(text, null));
  }

  /** The load_record request for `text` (a record, text or object) and a save's `resume`. */
  recordPayload(text, resume) {
    /** @type {Record<string, any>} */
    const payload = resume ? { record: text, seats: resume.seats, viewer: resume.viewer } : { record: text };
    payload.game = "cassino"; // a California Jack record is refused here, not loaded behind the page
    payload.budget_ms = this.thinkMs;
    return payload;
  }

  /** `text`: a record (text or object); `resume`: a saved game's {seats, viewer, settings}. */
  async loadRecord(text, resume = null) {
    await this.leaveGame();
    this.busy = true;
    const payload = this.recordPayload(text, resume);

    // A saved game plays on against the levels it had (saves by older pages have none).
    if (resume && Array.isArray(resume.levels)) {
      const levels = levelsFor(resume.seats, resume.levels);
      if (levels.some((level) => level !== null)) payload.levels = levels;
    }
    const answer = await this.call("load_record", payload, { quiet: true, resuming: Boolean(resume) });
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
    if (this.newGameScreen.isOpen()) {
      this.newGameScreen.started = true; // a game is on: closing the screen is no cancel
      this.newGameScreen.close();
    }
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
    this.confirmingClaim = false;
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
    // The daily deal's first round scored: the date's first result is kept (once).
    this.dailyDeal.keep(view);
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
    // The player on screen keeps the focus in their hand, on their turn and while the others
    // play: a move confirmed (C, Enter on Confirm, a click) redraws the page without the control
    // that had the focus (or with it disabled), which left it on <body> until the player's next
    // turn, so the arrows and Tab started from the top of the page.
    if (this.passTo !== null) this.focusKey("pass-show");
    else if (this.humanToPlay() || (view.phase === "play" && this.viewSeat !== null && view.seat === this.viewSeat)) this.keepFocus();
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

  // ---- the daily deal (web/ui/dailydeal.js) -------------------------------------------------

  /** Starting the daily deal, the address naming it, its result line on the score sheet. */
  dailyDeal = new DailyDeal(this);

  /** Starts the daily deal of `date` (YYYY-MM-DD); answers null, or the engine's error. */
  startDaily(date) {
    return this.dailyDeal.start(date);
  }

  forgetDailyAddress() {
    this.dailyDeal.forgetAddress();
  }

  /** The address was rewritten to name the game on the table (the daily deal started from the
   * new-game screen): the save takes its deal key, so a reload of that address resumes the game
   * instead of asking to replace it (web/ui/saved.js). */
  keepAddress() {
    this.saveDeal = dealKey(globalThis.location ? location.search : "");
    if (this.view) this.saver.changed(this.view, this.settings);
  }

  // ---- whose turn: the computer's move, the screen passed between humans (web/ui/turns.js) ---

  /** Whose turn it is, the computer's move, the pass screen. */
  turns = new Turns(this);

  passToSeat(seat) {
    this.turns.passToSeat(seat);
  }

  refetch() {
    return this.turns.refetch();
  }

  computerToPlay() {
    return this.turns.computerToPlay();
  }

  humanToPlay() {
    return this.turns.humanToPlay();
  }

  /** The computer's move (web/jack/games.js silences it when the page steps aside). */
  computerMove() {
    return this.turns.computerMove();
  }

  async play(move) {
    if (!this.humanToPlay()) return;
    const seat = this.view.seat;
    // Every way of confirming (C, Enter or a click on Confirm, a choice, a table card in focus)
    // ends here: the focus goes to the hand now, to a card this move leaves there, since the
    // control it was on is disabled (or gone) from the next drawing on. A typed move keeps it
    // in the move box, where a refused one is corrected.
    if (typeof move !== "string") this.focusHandCard(move.card);
    this.startWaiting();
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

  /** The Claim button: the page asks first, since a wrong claim loses the match. */
  askClaim() {
    if (!this.humanToPlay()) return;
    this.confirmingClaim = true;
    this.render();
    this.focusKey("claim-no");
  }

  cancelClaim() {
    this.confirmingClaim = false;
    this.render();
    this.focusKey("claim");
  }

  /** The player claims out (rules `claiming`): the engine counts and the match ends, won if
   * the count reaches the target, lost if not. */
  async claim() {
    this.confirmingClaim = false;
    if (!this.humanToPlay()) return;
    const seat = this.view.seat;
    this.startWaiting();
    const answer = await this.call("claim", { seat });
    this.busy = false;
    if (answer.error) {
      this.render();
      return;
    }
    this.clearMessages();
    this.announce(pastText(this.names()[seat], answer.move));
    this.recent = new Set();
    this.cue = {};
    this.accept(answer.view);
  }

  /** An undo or the next round (GameShell.simple): cards go back or are dealt. */
  stepped() {
    this.recent = new Set();
    this.cue = {};
  }

  // ---- selection ---------------------------------------------------------------------------

  /** The player's selection: what each click and key does to it (web/ui/selection.js). */
  selection = new Selection(this);

  resetSelection() {
    this.selection.reset();
  }

  /** Whether the view lists every legal move (else the engine is asked about the selection). */
  complete() {
    return this.selection.complete();
  }

  canPlay(card) {
    return this.selection.canPlay(card);
  }

  selKey() {
    return this.selection.key();
  }

  onConfirm() {
    this.selection.onConfirm();
  }

  // ---- the hint (web/ui/hint.js) -----------------------------------------------------------

  /** Asking the engine for a hint, showing it, using it. (`this.hint` is the selection's line.) */
  hints = new Hints(this);

  askHint() {
    return this.hints.ask();
  }

  toggleReview() {
    this.reviewOpen = !this.reviewOpen;
    this.render();
    if (this.reviewOpen) this.focusKey("last-moves");
    else this.focusKey("last-moves-toggle");
  }

  /** The table items its box keeps in view (GameShell.keptInView): an open hint's table cards
   * (the hint names them), else the last move's. */
  keptInView(felt) {
    const hinted = [...felt.querySelectorAll(".table-item.hinted")];
    return hinted.length ? hinted : super.keptInView(felt);
  }

  /** The table items no sign at the table's edges covers (GameShell.signsGiveWayTo): an
   * open hint's cards. */
  signsGiveWayTo(felt) {
    return [...felt.querySelectorAll(".table-item.hinted")];
  }

  /** Brings a hint just shown into view (web/ui/hint.js): its table cards inside the table's
   * box, and the whole actions box (the hint and its "Play this move" button) into the window.
   * On a phone the page grows under a hint that one window cannot hold (app.css) instead of
   * scrolling it inside a box of its own, so its end may be below the window's edge. */
  showHint() {
    const felt = this.board.querySelector(".felt");
    const box = this.board.querySelector(".actions.with-advice");
    if (felt instanceof HTMLElement) {
      this.board.style.removeProperty("--hint-room");
      // Room for all the table holds, else for the hint's cards at least. A table shown whole
      // shows no "▲/▼" sign, so the hint's cards need no room clear of them: it kept a row of
      // four cards in a 150 px box and left the page 52 px longer than the window (play-test
      // 22, seed 5 at 360x640).
      const whole = tableRoom(felt);
      const over = roomOverHint(felt, box);
      const room = whole <= over ? whole : Math.max(hintRoom(felt), over);
      if (room > felt.offsetHeight + 1) this.board.style.setProperty("--hint-room", `${Math.ceil(room)}px`);
      this.showMoved(felt);
    }
    // The table's room is known now: the hint's reasons give way if the page is still longer
    // than a phone's window (web/ui/hintfit.js; render fitted them before the room was set).
    fitHint(this.board);
    if (box) box.scrollIntoView({ block: "nearest" });
  }

  /** An open hint stays in the window when the table's box changes height (GameShell.
   * tableResized): a phone turned on its side makes the page longer than the window under it
   * (app.css), and its "Play this move" button was left below the window's edge. */
  tableResized() {
    if (!this.advice || this.advice.state !== "shown") return;
    const box = this.board.querySelector(".actions.with-advice");
    if (box) box.scrollIntoView({ block: "nearest" });
  }

  /** Escape (GameShell.onKey): the link, else the hint, else the selection goes. */
  escape() {
    if (this.confirmingClaim) this.confirmingClaim = false;
    else if (this.link) this.link = null;
    else if (this.advice && this.advice.state !== "thinking") this.advice = null;
    else this.resetSelection();
  }

  /** The table's keys, beside the shell's U, Ctrl+Z, M and ? (GameShell.onKey). */
  shortcuts(e) {
    if (!this.view) return {};
    return {
      h: () => this.askHint(),
      l: () => this.toggleReview(),
      t: () => this.keyTrail(e.target),
      c: () => this.onConfirm(),
    };
  }

  /** Several humans at one screen may undo only when all agreed on the new-game screen. */
  undoRefused() {
    return this.humanSeats().length > 1 && !(this.settings && this.settings.undoConsent);
  }

  canUndo() {
    const v = this.view;
    return Boolean(v && !this.busy && v.can_undo && !this.undoRefused() && !this.dailyOver() && this.passTo === null && v.seat === this.viewSeat);
  }

  /** Undo would take the daily deal back into its round, scored and its result kept
   * (web/ui/daily.js undoReopensDaily): Undo is off, and U or Ctrl+Z says why. */
  dailyOver() {
    return undoReopensDaily(this.view, this.settings && this.settings.daily);
  }

  /** Closed for the daily deal's scored round, Undo says why when pressed (a phone shows no
   * title): GameShell.renderTurnActions keeps it aria-disabled, not disabled. */
  undoSaysWhy() {
    return Boolean(this.dailyOver() && this.view && this.view.can_undo);
  }

  undo() {
    if (this.undoSaysWhy()) {
      this.showError({ code: "daily_undo", message: strings.undoDailyOver }, { add: true, note: true });
      // Said where the player looks: the messages stand at the page's top, which a phone
      // scrolled down to the round's sheet does not show (play-test 22).
      this.root.querySelector(".messages")?.scrollIntoView({ block: "nearest" });
      return;
    }
    super.undo();
  }

  /** The replay's positions; the engine's view comes back too (undo is closed after it). */
  async fetchReplay() {
    const answer = await this.call("replay", {}, { quiet: true });
    if (!answer.error && answer.view && this.view) this.accept(answer.view);
    return answer;
  }

  /** T: trail the chosen card, or the hand card in focus (web/ui/selection.js). */
  keyTrail(target) {
    return this.selection.keyTrail(target);
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
      // A claim ends the match mid-round: the counts it was judged on, not the finished rounds'.
      if (Array.isArray(view.claim_counts)) return strings.claimResult(winner, pairs(view.claim_counts));
      return strings.matchResult(winner, pairs(view.scores));
    }
    const round = view.rounds[view.rounds.length - 1];
    const totals = round ? round.sides.map((side) => side.total) : [];
    const result = strings.roundResult(view.rounds.length, pairs(totals), pairs(view.scores));
    return view.play_on === "tie" ? `${result} ${strings.playOnTie(names.length)}` : result;
  }

  // ---- the link to this deal ----------------------------------------------------------------

  /** The address of this deal (GameShell.copyLink): its variant, rules, seats and deal
   * number (web/ui/params.js dealLink); null before a deal number is known. */
  dealLinkUrl() {
    const s = this.view ? this.currentSettings() : null;
    if (!s || this.seed === null) return null;
    return dealLink(location.href, {
      preset: s.preset,
      players: this.view.players,
      seed: this.seed,
      overrides: s.overrides,
      seats: s.seats,
      levels: s.levels,
      undoConsent: s.undoConsent,
    });
  }

  // ---- messages ----------------------------------------------------------------------------

  /** The hand's card a keyboard player is put back on after a move (GameShell.keepFocus): the
   * first playable one on their turn, else (the others play) the first card. */
  handFocusKey() {
    const hand = this.view.hand || [];
    const card = this.humanToPlay() ? hand.find((c) => this.canPlay(c)) : hand[0];
    return card ? `H:${card}` : null;
  }

  /** Focuses the first card of the hand on screen other than `played`, without scrolling to it. */
  focusHandCard(played) {
    const card = (this.view.hand || []).find((c) => c !== played);
    if (card) this.focusKey(`H:${card}`, { preventScroll: true });
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

  /** The game's state on the root element (GameShell.renderRootData), for tests and tools. */
  rootData(d) {
    const v = this.view;
    d.advice = this.advice && this.advice.serial === this.viewSerial ? this.advice.state : "";
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
    d.moveList = this.complete() ? "complete" : "asking";
    // On the asking path: "current" once the engine's answer for this selection is in.
    d.selection = this.selAnswer && this.selAnswer.key === this.selKey() ? "current" : "pending";
    if (this.seed !== null) d.seed = String(this.seed);
    d.daily = (this.settings && this.settings.daily) || "";
    d.stats = this.statsNote && this.statsNote.gameSerial === this.gameSerial ? this.statsNote.state : "";
  }

  /** The top bar's title, scores and deal. */
  /** The top bar's title: "Кассино" for the classic game, else the variant's own name
   * ("Финское Кассино"; "Кассино: Внезапная смерть" for a name without the game's word), so
   * that the variant on the table is named on the page (play-test 17: Finnish Kasino said
   * only "Кассино"). */
  gameTitle() {
    const preset = this.view && this.view.preset;
    if (!preset || preset === "classic") return strings.title;
    const title = presetTitle(preset);
    return /cassino|kasino|кассино|казино/i.test(title) ? title : strings.titleWithVariant(strings.title, title);
  }

  renderTopbar() {
    const v = this.view;
    const parts = [h("h1", {}, this.gameTitle())];
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
          h("span", { class: "target" }, (v.rules && strings.matchLength[v.rules.game_end]) || strings.target(v.target)),
        ),
        h(
          "div",
          { class: "deal-info" },
          h("span", {}, strings.roundDeal(v.round, v.deal, v.deals)),
          // Only while the last deal is played: not on a round's sheet, nor after the match.
          v.last_deal && v.phase === "play" ? h("span", { class: "last-deal-badge", dataset: { lastDeal: "true" } }, strings.lastDeal) : null,
          this.settings && this.settings.daily ? dailyBadge(this.settings) : null,
        ),
      );
    }
    return parts;
  }

  /** Undo's title (GameShell.renderTurnActions): why it cannot be used, or the consent note. */
  undoTitle() {
    const v = this.view;
    // With several humans at one screen, Undo would take back another player's move: only
    // when everyone agreed (the new-game screen's setting).
    if (this.undoRefused()) return strings.undoSeveralHumans;
    if (v && !v.can_undo) return strings.undoNothing;
    if (this.dailyOver()) return strings.undoDailyOver;
    return this.humanSeats().length > 1 ? strings.undoConsentOn : null;
  }

  newGameReady() {
    return Boolean(this.newGameScreen);
  }

  /** The menu's items of Cassino's own, before the shared ones (web/shell/shell.js). */
  menuItems() {
    const v = this.view;
    const ready = Boolean(this.rulesPanel);
    return [
      { action: "rules", label: strings.rulesButton, disabled: !ready || !v, run: () => this.rulesPanel.open(v.preset, v.rules || null, this.presetRules(v.preset)) },
      this.linkMenuItem(),
      {
        action: "last-moves",
        key: "last-moves-toggle",
        label: strings.lastMovesButton,
        disabled: !v,
        expanded: this.reviewOpen,
        controls: "last-moves",
        shortcut: "L",
        title: `${strings.lastMovesTitle} (L)`,
        run: () => this.toggleReview(),
      },
    ];
  }

  // ---- the board (web/ui/board.js, web/ui/actions.js) --------------------------------------

  /** Draws the board: seats, table, hand and actions, or the score sheet. */
  boardView = new BoardView(this);

  renderBoard() {
    return this.boardView.render();
  }
}
