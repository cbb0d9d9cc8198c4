// The fishing page: Scopa (Scopone, Hurricane), Escoba, Cirulla, Pishti (Xeri, Basra) and Tablić
// (Tablanette) on one code path. opts.game names the engine's game, which picks the words,
// presets, pack, save key and score sheet (GAME_PARTS); the view's rules pick the table: a
// floor of cards (Scopa, Escoba, Cirulla, Basra, Tablić: web/scopa/table.js) or Pishti's and
// Xeri's single pile (web/pishti/table.js). It renders the engine's view (cassino_core.scopa,
// .escoba, .cirulla, .pishti, .tablic through the worker's api.handle) on the shared shell
// (web/shell/shell.js) and sends back one of the moves the view listed in legal_moves. It never
// decides a rule: a card with a single legal move is played at once; one with several (two ways
// to capture) opens a choice listing exactly the engine's moves for it. In Tablić (several
// groups at once, capture never compulsory) a card with one capture takes it, Lay down (T)
// trails the next card, and the choice also lets the player press the table cards to take until
// one listed capture is left (web/tablic/table.js).
//
// Cirulla's declaration, a move without a card, is a button (web/cirulla/table.js).
//
// The move log (M) and the replay of the last round that is over come from the engine's
// `move_log` and `replay` (web/scopa/review.js draws them in the shared dialogs).
//
// For tests and tools the state is on the root element (<main id="app">): data-game ("scopa" | "escoba" | "cirulla" | "pishti" | "tablic"),
// data-variant, data-phase, data-turn, data-seat, data-scores (JSON, per side), data-target,
// data-winner, data-stock, data-table (the table's cards), data-round, data-busy,
// data-thinking, data-flash, data-ready, data-save, data-pack, data-choosing, data-lay-down.

import { h, sleep } from "../ui/dom.js";
import { strings } from "../ui/strings.js";
import { TurnGame } from "../shell/turngame.js";
import { RecordsPanel } from "../ui/records.js";
import { MoveLogPanel } from "../ui/movelog.js";
import { ReplayPanel } from "../ui/replay.js";
import { recordMatch } from "../ui/stats.js";
import { StatsPanel } from "../ui/statspanel.js";
import { keysDialog } from "../ui/keys.js";
import { unknownSavedLevels, PLAYABLE_LEVELS } from "../ui/levels.js";
import { addressDeal, addressSaved, askReplace, dropDealFromAddress, dropToldFromAddress, savedGame } from "../ui/replace.js";
import { isFinished, isUndoClosed } from "../ui/gamestore.js";
import { ALL_DEAL_PARAMS, DEAL_PARAMS } from "../ui/params.js";
import { scopaStrings as t, useFishingGame } from "./strings.js";
import { ScopaNewGame } from "./newgame.js";
import { ScopaRulesPanel } from "./rules.js";
import { ScopaSaver, readScopaSave, setAsideScopaSave, saveKey } from "./saved.js";
import { DEFAULT_LEVEL, SCOPA_DEAL_PARAMS, scopaDealKey, FISHING_GAMES, presetsOf, isScopaGame, fishingDealLink } from "./params.js";
import { packsOf, readPack, savePack, scopaFace, scopaWords } from "./cards.js";
import { renderOther, renderTable, renderHand, renderChoice, renderSheet, moveText, adviceText, sideName, sideOf, sweptBy, choiceTitle } from "./table.js";
import { isPile, renderPile, pileMoveText, pileAdviceText, pishtiSheetRows, countedSheetRows } from "../pishti/table.js";
import { directMove, fittingCaptures, pickableCards, renderPickChoice } from "../tablic/table.js";
import { cirullaSheetRows, declareButton, declareHelpLine, declareText, isDeclare } from "../cirulla/table.js";
import { fishingLog, fishingReplay } from "./review.js";

/** Past this many ways for one card the choice is made by pressing table cards (as Tablić's
 * always is), not from a button for each way. */
const PICKS_PAST = 60;

/**
 * What a game adds to the shared page: `rows`, its score sheet's rows (renderSheet's
 * actions.rows); `picks`, captures chosen by pressing table cards, with Lay down (Tablić).
 */
const GAME_PARTS = {
  pishti: { rows: pishtiSheetRows, picks: false },
  tablic: { rows: countedSheetRows("tablas"), picks: true },
  cirulla: { rows: cirullaSheetRows, picks: false },
};
const NO_PARTS = { rows: undefined, picks: false };

/** How long the player's own move waits to be said with the computer's reply (ms): a reply
 * within that time is one message with it (sayMove). */
const SAY_HOLD = 600;

const SCOPA_FACES = [".scopa-hand", ".scopa-felt"].map((where) => `${where} .card.face[data-face]`).join(", ");
const search = () => (globalThis.location ? location.search : "");

/**
 * A fishing game's final view in the shape web/ui/stats.js reads: its preset, each seat's side,
 * and each round's sweeps per side (scope, escobas, or Pishti's bonuses: how many were made).
 */
function statsView(view) {
  const sides = view.sides || view.players;
  const made = (r) => r.sweeps || r.escobas || r.bonus_count || [];
  return {
    ...view,
    preset: view.variant,
    side_of: (view.seats || []).map((_, seat) => seat % sides),
    rounds: (view.rounds || []).map((r) => ({ sides: Array.from({ length: sides }, (_, s) => ({ sweeps: Number(made(r)[s]) || 0 })) })),
  };
}

/** What a declaration's Last move line stays for: the view's last move, hands, table, shown
 * cards and scores (any move, undo, new round or new match changes it). */
function declaredKey(view) {
  return JSON.stringify([view.last, view.hand_counts, view.table, view.shown, view.scores, view.round_number, view.deal_number]);
}

/**
 * What the page says of the play that the engine's view does not hold (the player's own last
 * move above the reply, the other seats' declarations), per game, as the page stepped aside for
 * another game picked on the new-game screen: {at: the position (declaredKey and deal number),
 * mine, declared, declarations}. A Cancel back to this game resumes its save on a new page,
 * which takes them back when the position is the same (play-test: Pishti, seed 4, at 640x360:
 * after the round trip the player's move was gone and «Последний ход: Компьютер…» stood alone).
 */
const notesLeft = new Map();

/** The header's "Round 1 · Deal 2 of 6"; a round of one deal (Scopone) is "Round 1". */
function roundLine(view) {
  const round = view.round_number ?? 1;
  const deals = Number(view.deals) || 0;
  return deals > 1 ? t.roundNumber(round, view.deal_number ?? 1, deals) : t.roundAlone(round);
}

export class ScopaApp extends TurnGame {
  /**
   * @param engine the worker bridge
   * @param root <main id="app">
   * @param {object} opts {delay, delayFixed, think: the address's settings; onOther(game): hand
   *   the page to another game; game: "scopa" (the default), "escoba", "cirulla", "pishti" or "tablic";
   *   back?: {name, onBack()}: the game the player came from, which the new-game screen's
   *   Cancel goes back to while this page has no game of its own (web/jack/games.js)}
   */
  constructor(engine, root, opts) {
    super(engine, root, {
      words: strings,
      menuId: "scopa-menu",
      boardClass: "board scopa-board",
      roving: ".scopa-hand-cards, .scopa-table-cards, .scopa-choices",
      motion: { faces: SCOPA_FACES, pile: (seat) => `.seat[data-seat="${seat}"] .scopa-taken` },
      fixedDelay: opts.delayFixed ? opts.delay : null,
      fixedThink: opts.think ?? null,
    });
    this.opts = opts;
    this.game = isScopaGame(opts.game) ? opts.game : "scopa";
    useFishingGame(this.game);
    this.settings = null; // {variant, level, seed, target, matchId}
    this.flash = null; // {seat, move, table (before the move), sweep} while a computer move is on show
    this.declared = null; // {seat, move, at: declaredKey of the view after it}: the last declaration (Cirulla)
    this.declarations = []; // [{seat, move}]: the other seats' declarations since the player's last act (Cirulla)
    this.mine = null; // {seat, move, sweep}: the player's own last card move (the engine's answer), said above the reply
    this.held = null; // {text, timer}: the player's own move in words, waiting a moment for the computer's reply (sayMove)
    this.choice = null; // {card, moves, picked: table cards pressed} while the player picks among one card's captures
    this.parts = GAME_PARTS[this.game] || NO_PARTS;
    this.layDown = false; // Tablić: the next card pressed goes to the table
    this.preview = null; // the move whose table cards are highlighted (a focused choice)
    this.hint = null; // {move, title, lines} or {text}
    this.pack = readPack(this.game);
    root.className = `cassino scopa game-${this.game}`;
    for (const key of Object.keys(root.dataset)) delete root.dataset[key];
    this.saveDeal = "";
    this.saver = new ScopaSaver((op, payload, options) => this.call(op, payload, options), root, () => this.saveDeal, this.game, (view) => this.notesOf(view));
    this.rulesPanel = new ScopaRulesPanel(this.game);
    this.newGame = new ScopaNewGame({
      game: this.game,
      // Started from the screen: the address names the game now played (addressGame).
      onStart: (settings) => this.startGame(settings, { address: true }),
      onGame: (game) => this.toOther(game),
      // This game's match saved but not on the table (the player came from another game).
      savedMatch: () => this.savedMatch(),
      onContinue: () => this.continueSaved(),
      onCancel: () => this.onNewGameCancelled(),
      onRules: (variant) => this.rulesPanel.open(variant),
      inProgress: () => this.gameInProgress(),
      matchName: () => this.matchTitle(),
      backName: () => (this.opts.back && !this.view ? this.opts.back.name : ""),
    });
    this.recordsPanel = new RecordsPanel({
      exportRecord: () => this.call("export_record", {}, { quiet: true }),
      loadRecord: (text) => this.loadRecord(text),
      check: (text) => this.checkRecord(text),
      inProgress: () => this.gameInProgress(),
      fileName: () => `${this.game}-${(this.view && this.view.variant) || this.game}-${this.seed ?? "deal"}`,
    });
    // The statistics are every page's (web/ui/stats.js): each preset of each game a row.
    this.statsPanel = new StatsPanel({
      onProblem: (problem, asideKey) => this.showError({ code: "bad_stats", message: strings.statsBad(problem, asideKey) }),
    });
    this.keysPanel = keysDialog(t.keysRows);
    // The move log (M) and the replay of the last round that is over (web/scopa/review.js).
    const words = { say: (seat, move) => this.moveWords(seat, move, this.names()), pile: () => Boolean(this.view && isPile(this.view)), pack: () => this.pack };
    this.moveLogPanel = new MoveLogPanel({ fetch: () => this.call("move_log", {}, { quiet: true }), intro: t.moveLogIntro, draw: fishingLog(words) });
    this.replayPanel = new ReplayPanel({
      fetch: (round) => this.fetchReplay(round),
      title: t.replayTitle,
      intro: t.replayIntro,
      pick: { label: t.replayPick, option: (round) => t.logRound(round) },
      refusal: (error) => (error.reason === "replay_needs_round_end" ? t.replayNotReady : null),
      ...fishingReplay({ ...words, names: () => this.names(), sideNames: () => this.sideNames(), levelOf: (level) => strings.levelOf(level) }),
    });
    this.dialogs.append(this.newGame.el, this.rulesPanel.el, this.recordsPanel.el, this.statsPanel.el, this.keysPanel.el, this.moveLogPanel.el, this.replayPanel.el);
    document.title = t.title;
  }

  /** The replay's positions. Between rounds (or after the match) the view that comes back
   * closes undo (the round just ended had its every hand shown); during a round the replay is
   * of an earlier one, which changes nothing, so the view in play (perhaps the computer's turn
   * on its way) is left alone. `round`: an earlier round that is over (default: the last). */
  async fetchReplay(round = undefined) {
    const answer = await this.call("replay", round ? { round } : {}, { quiet: true });
    if (!answer.error && answer.view && answer.view.phase !== "play") this.accept(answer.view);
    return answer;
  }

  /** The replay opens once a round is over (cassino_core/fishing/review.py). */
  replayReady() {
    return Boolean(this.view && (this.view.rounds || []).length);
  }

  replayWords() {
    return { label: t.replayRound, notReady: t.replayNotReady };
  }

  /** Each side's name as the score sheet gives it. */
  sideNames() {
    const v = this.view;
    const names = this.names();
    return v ? v.scores.map((_, side) => sideName(v, side, names)) : [];
  }

  /** The page's notes of the position `view` (notesLeft), or null when it has none: kept with
   * the save too, so that a plain reload says the player's own last move again (play-test:
   * Pishti's «Вы положили…» line was lost on a reload, kept only through the game picker). */
  notesOf(view) {
    if (!this.mine && !this.declared && !this.declarations.length) return null;
    return { at: this.positionKey(view), mine: this.mine, declared: this.declared, declarations: this.declarations };
  }

  retire() {
    if (this.view) notesLeft.set(this.game, { at: this.positionKey(this.view), mine: this.mine, declared: this.declared, declarations: this.declarations });
    this.dropHeld();
    this.newGame.started = true;
    this.newGame.close();
    super.retire();
  }

  // ---- starting -----------------------------------------------------------------------------

  /**
   * @param {object} how {fromAddress: {variant, level, seed, target}|null, resume, ask, openNew,
   *   errors: [{code, text}], address?: the address names the game resumed} as
   *   web/jack/games.js decides
   */
  async begin(how) {
    this.render();
    const errors = [...(how.errors || [])];
    // The address's wrong values are told below, once: they leave it now, so that the game's
    // save takes the address without them and a reload resumes it untold (as Cassino's page).
    dropToldFromAddress(errors, [...SCOPA_DEAL_PARAMS, ...DEAL_PARAMS]);
    let done = false;
    let fromAddress = how.fromAddress;
    if (how.ask) {
      const game = { title: t.presets[fromAddress?.variant || this.game], seed: fromAddress?.seed ?? null };
      const save = readScopaSave("", this.game)?.save;
      const saved = savedGame(save, save ? t.presets[save.settings?.variant || this.game] ?? this.game : "");
      if (await askReplace(this.dialogs, { errors, show: (e) => this.showError(e), game, saved }) === "back") {
        if (this.retired) return;
        dropDealFromAddress([...SCOPA_DEAL_PARAMS, ...DEAL_PARAMS]);
        fromAddress = null;
        done = await this.resumeSaved(errors);
        if (done) this.addressSaved();
      }
    } else if (how.resume) {
      done = await this.resumeSaved(errors);
      if (done && how.address) this.addressSaved();
    }
    if (this.retired) return;
    if (!done && fromAddress) {
      const problem = await this.startGame(fromAddress);
      if (problem) errors.push({ code: problem.code || "bad_address", text: t.badAddress(problem.message || problem.code) });
      else done = true;
    }
    if (!done || how.openNew) this.openNewGame();
    for (const { code, text } of errors) this.showError({ code, message: text });
    this.render();
  }

  /** Resumes this game's save (`address`: the address it is read for); answers whether it did. */
  async resumeSaved(errors, address = search()) {
    const found = readScopaSave(address, this.game);
    if (!found || found.other) return false;
    const unknown = found.bad ? [] : unknownSavedLevels(found.save);
    if (unknown.length) this.saver.keepUntilPlayed();
    const problem = found.bad ? { message: found.bad } : await this.loadRecord(found.save.record, found.save);
    // A finished match whose replay was shown: asking for it again closes undo again.
    if (!problem && isUndoClosed(found.save)) await this.fetchReplay();
    if (!problem) return true;
    let aside = setAsideScopaSave(this.game);
    if (!aside) {
      this.saver.hold();
      aside = saveKey(this.game);
    }
    errors.push({ code: "bad_save", text: t.savedGameSetAside(problem.message || problem.code, aside) });
    return false;
  }

  /** The name of this game's match saved but not on the table, which the new-game screen's
   * Continue resumes; "" when there is none (or a finished one: nothing to go on with). */
  savedMatch() {
    if (this.view) return "";
    const found = readScopaSave("", this.game);
    if (!found || !found.save || isFinished(found.save)) return "";
    return t.presets[found.save.settings?.variant || this.game] ?? this.game;
  }

  /** Continue's resume (GameShell.continueSaved): this game's save. */
  resumeForScreen(errors) {
    return this.resumeSaved(errors, "");
  }

  /** The address names the saved game now on the table (web/ui/replace.js addressSaved). */
  addressSaved() {
    addressSaved(ALL_DEAL_PARAMS, this.game, this.saveDeal);
  }

  openNewGame() {
    this.confirmingNew = false;
    const s = /** @type {{variant?: string, level?: string}} */ (this.settings || {});
    this.newGame.open({ variant: (this.view && this.view.rules && this.view.rules.name) || s.variant, level: s.level }, Boolean(this.view || this.opts.back));
    this.render();
  }

  /** The new-game screen closed without a game: with none on the table, the page goes back
   * to the game the player came from (`opts.back`, web/jack/games.js), else to Cassino. */
  onNewGameCancelled() {
    if (this.retired || this.view) return;
    if (this.opts.back) this.opts.back.onBack();
    else this.toOther("cassino");
  }

  toOther(game) {
    if (this.retired) return;
    this.opts.onOther(game);
  }

  /** new_game with these settings ({variant, level, seed, target?}: a target other than the
   * preset's goes to the engine as its `target` override); answers null or the engine's error.
   * With `address` (started from the new-game screen or the sheet's New match), the address
   * then names that game (addressGame). */
  async startGame(settings, { address = false } = {}) {
    this.confirmingNew = false;
    const variant = presetsOf(this.game).includes(settings.variant) ? settings.variant : this.game;
    /** @type {Record<string, any>} */
    const payload = { game: this.game, variant, level: settings.level || DEFAULT_LEVEL };
    if (settings.seed !== null && settings.seed !== undefined) payload.seed = settings.seed;
    const target = Number.isInteger(settings.target) ? settings.target : null;
    if (target !== null) payload.overrides = { target };
    const { answer, problem } = await this.askGame("new_game", payload);
    if (!answer) return problem;
    this.seed = answer.seed ?? settings.seed ?? null;
    this.settings = { variant, level: payload.level, seed: this.seed, target, matchId: `${this.game}-${Date.now()}` };
    if (address) this.addressGame({ variant, level: payload.level, seed: settings.seed ?? null, target });
    this.saveDeal = scopaDealKey(search());
    this.enterGame(answer.view, { toHand: true });
    return null;
  }

  newMatch() {
    const s = this.settings || { variant: this.game };
    this.startGame({ ...s, seed: null }, { address: true }).then((problem) => {
      if (problem) this.showError(problem);
    });
  }

  /**
   * The address names the game just started from the page (web/ui/replace.js addressDeal), as
   * an address opening it would: `game`, and the variant, deal number, level and points to win
   * the player chose (the game's first variant, a random deal, Intermediate and the variant's
   * own target left out); any other deal's parameters leave it, display ones stay (play-test:
   * `?game=scopa&seed=7` stayed over another deal after Start, as on the Jack page before).
   * @param {{variant: string, level: string, seed: number|string|null, target: number|null}} chosen
   */
  addressGame({ variant, level, seed, target }) {
    /** @type {Record<string, string>} */
    const values = { game: this.game };
    if (variant !== presetsOf(this.game)[0]) values.variant = variant;
    if (seed !== null && seed !== undefined) values.seed = String(seed);
    if (level && level !== DEFAULT_LEVEL) values.level = level;
    if (Number.isInteger(target)) values.target = String(target);
    addressDeal(ALL_DEAL_PARAMS, values);
  }

  /** The engine reads and replays `record` without loading it (load_record with "check":
   * true): null when it would load here, else its refusal in the page's words (not a record,
   * another game's record, a move it refuses...). Nothing on the page changes. */
  async checkRecord(record) {
    return this.askCheck({ record, game: this.game });
  }

  /** `record`: a record (text or object); `resume`: a save's {seats, viewer, settings, deal}. */
  async loadRecord(record, resume = null) {
    const payload = { record, game: this.game };
    if (resume) {
      payload.seats = resume.seats;
      payload.viewer = resume.viewer;
    }
    const { answer, problem } = await this.askGame("load_record", payload, { resuming: Boolean(resume) });
    if (!answer) return problem;
    this.seed = answer.seed ?? null;
    const saved = resume && resume.settings && typeof resume.settings === "object" ? resume.settings : {};
    const played = Array.isArray(answer.view.levels) ? answer.view.levels.find((level) => typeof level === "string") : null;
    this.settings = {
      variant: answer.view.rules.name,
      level: played || (PLAYABLE_LEVELS.includes(saved.level) ? saved.level : DEFAULT_LEVEL),
      seed: this.seed,
      target: Number.isInteger(saved.target) ? saved.target : null,
      matchId: resume && typeof saved.matchId === "string" ? saved.matchId : `${this.game}-${Date.now()}`,
    };
    this.saveDeal = resume && typeof resume.deal === "string" ? resume.deal : scopaDealKey(search());
    this.enterGame(answer.view);
    if (resume && this.takeNotesBack(answer.view, resume.notes)) this.render();
    this.announce(resume ? t.resumed : t.loaded);
    return null;
  }

  /** The position `view` shows, with the deal number: what notesLeft are kept for. */
  positionKey(view) {
    return `${this.seed}:${declaredKey(view)}`;
  }

  /** Takes back the notes this game's page left when it stepped aside (notesLeft), else those
   * kept with its save (`saved`, ScopaSaver), when the resumed `view` is the position they were
   * about; answers whether it did. */
  takeNotesBack(view, saved = null) {
    const notes = notesLeft.get(this.game) || saved;
    notesLeft.delete(this.game);
    if (!notes || typeof notes !== "object" || notes.at !== this.positionKey(view)) return false;
    this.mine = notes.mine && typeof notes.mine === "object" ? notes.mine : null;
    this.declared = notes.declared && typeof notes.declared === "object" ? notes.declared : null;
    this.declarations = Array.isArray(notes.declarations) ? notes.declarations : [];
    return true;
  }

  freshTable() {
    this.link = null; // the link was to the deal that goes
    this.dropHeld();
    this.choice = null;
    this.preview = null;
    this.layDown = false;
    this.declarations = [];
    this.mine = null;
  }

  /** Undo, the next round: the other seats' declarations and the player's own last move are
   * no longer news. */
  stepped() {
    this.declarations = [];
    this.mine = null;
  }

  /** The other seats' declarations since the player's last act, in words, but for one the
   * Last move line says (`lastShown`: the move it shows). */
  declarationNotes(lastShown, names) {
    return this.declarations
      .filter((d) => !(lastShown && lastShown.move === d.move))
      .map((d) => declareText(d.seat, d.move, names, this.pack, this.view));
  }

  // ---- the flow of play ---------------------------------------------------------------------

  seatWords() {
    return t;
  }

  /** As a view is taken (TurnGame.accept): the title; an open choice of captures closes; a
   * match that ends here is counted once in the statistics. */
  took(view) {
    document.title = t.presets[view.rules && view.rules.name] || t.title;
    this.choice = null;
    this.preview = null;
    if (view.phase === "match_over" && this.lastPhase !== null && this.lastPhase !== "match_over") {
      // "Changed rules": a target the address set.
      const custom = Boolean(this.settings && Number.isInteger(this.settings.target));
      const done = recordMatch(statsView(view), this.settings && this.settings.matchId, { game: this.game, custom });
      if (done.problem) this.showError({ code: "bad_stats", message: strings.statsBad(done.problem, done.asideKey) });
      this.root.dataset.stats = done.state;
    } else if (view.phase !== "match_over") delete this.root.dataset.stats;
  }

  phaseEnded(view) {
    const over = view.phase === "match_over";
    // A round tied at the target says why the match goes on, as the sheet does (view.play_on).
    const ended = t.roundOver((view.rounds || []).length);
    const text = over ? t.matchOver : view.play_on === "tie" ? `${ended}. ${strings.playOnTie(view.sides)}` : ended;
    return { text, key: over ? "new-match" : "next-round" };
  }

  /** Says the move, shows a computer's move on the table before it for `delay` ms, then takes the view. */
  async showThenAccept(answer, seat) {
    const game = this.gameSerial;
    const move = answer.move || {};
    const before = this.view;
    const names = this.names();
    this.sayMove(this.moveWords(seat, move, names) + (move.sweep ? `. ${t.sweepSaid}` : ""), seat, answer.view);
    // A declaration (Cirulla) is no card played: the engine's view keeps the last card move as
    // its `last`, so the page keeps the declaration for the Last move line until the table
    // changes (declaredFor).
    this.declared = isDeclare(move) ? { seat, move, at: declaredKey(answer.view) } : null;
    // Another seat's declaration stays said on the table until the player acts (a play-test: the
    // computer's next card replaced it on the Last move line before it could be read, at the
    // fast speed and at the normal one alike): declarationNotes.
    if (isDeclare(move) && seat !== answer.view.seat) this.declarations.push({ seat, move });
    // The player's own card move stays said above the other seats' replies (lastMoveLine).
    if (seat === answer.view.seat && !isDeclare(move)) this.mine = { seat, move, sweep: Boolean(move.sweep) };
    this.cue = { reveal: seat !== answer.view.seat, seat, taker: seat };
    if (this.delay > 0 && seat !== answer.view.seat && before && !isDeclare(move)) {
      this.flash = { seat, move, table: before.table || [], sweep: Boolean(move.sweep) };
      this.busy = true;
      this.render();
      await sleep(this.delay);
      this.busy = false;
      this.flash = null;
      this.cue = { seat };
    }
    if (game !== this.gameSerial || this.retired) return;
    this.accept(answer.view);
  }

  /**
   * Says a move in the live region. The player's own move, when a computer plays next, waits
   * up to SAY_HOLD ms and is said with the computer's reply as one message: the reply came
   * within 150 ms and its words replaced the player's in the region before a screen reader
   * had read them (play-test 10). A reply that takes longer finds the player's move said.
   * @param {string} text the move in words
   * @param {number} seat who made it
   * @param {object} view the engine's view after it
   */
  sayMove(text, seat, view) {
    this.sayHeld();
    const next = view && view.phase === "play" && Array.isArray(view.seats) ? view.seats[view.turn] : null;
    if (seat === view.seat && next === "computer") {
      const held = { text, timer: setTimeout(() => this.held === held && this.sayHeld(), SAY_HOLD) };
      this.held = held;
      return;
    }
    this.announce(text);
  }

  /** Says the player's move held by sayMove now, if any (the lines of one turn are one message). */
  sayHeld() {
    const held = this.held;
    if (!held) return;
    this.held = null;
    clearTimeout(held.timer);
    this.announce(held.text);
  }

  /** Forgets the player's move held by sayMove (a new game, the page left). */
  dropHeld() {
    if (this.held) clearTimeout(this.held.timer);
    this.held = null;
  }

  /** A move in words: on a pile (Pishti, Xeri) a take is "took the pile", else its cards. */
  moveWords(seat, move, names) {
    if (isDeclare(move)) return declareText(seat, move, names, this.pack, this.view);
    return isPile(this.view) ? pileMoveText(seat, move, names, this.pack) : moveText(seat, move, names, this.pack);
  }

  /** Sends one of the view's legal moves (its text form; TurnGame.sendMove). */
  play(move) {
    return this.sendMove(move.text);
  }

  leavingTurn() {
    this.choice = null;
    this.preview = null;
    this.layDown = false;
    this.declarations = [];
  }

  /** A hand card pressed: its only move is played; with several, the choice opens. In Tablić
   * (picks) a card with one capture takes it, and Lay down makes it go to the table. */
  onCard(card) {
    if (!this.humanToPlay()) {
      this.hint = { text: t.waitTurn };
      this.render();
      return;
    }
    if (this.parts.picks && this.view.legal_moves_complete === false) {
      this.onCrowdedCard(card);
      return;
    }
    const moves = (this.view.legal_moves || []).filter((m) => m.card === card);
    if (!moves.length) return;
    const only = this.parts.picks ? directMove(moves, this.layDown) : moves.length === 1 ? moves[0] : null;
    if (only) {
      this.layDown = false;
      this.play(only);
      return;
    }
    // A card with very many ways (a crowded Escoba table: 5,158 for one card, drawn as as
    // many buttons in 6 s) is chosen as in Tablić, by pressing its table cards.
    this.choice = { card, moves, picked: [], picks: this.parts.picks || moves.length > PICKS_PAST };
    this.preview = null;
    this.render();
    this.focusKey(this.hintedOptionKey() || "C:0");
  }

  /** Tablić on a crowded table, whose view lists only some captures (more than the engine
   * lists at once: `legal_moves_complete` false): what `card` may take with the `picked`
   * table cards, asked of the engine (`select`), or null when the page has moved on. */
  async crowdedSelection(card, picked) {
    const view = this.view;
    const answer = await this.call("select", { seat: view.seat, card, take: picked });
    if (this.view !== view || answer.error || !answer.selection) return null;
    return answer.selection;
  }

  /** The choice of a crowded table: the engine's fitting captures (the fewest cards first)
   * and the card's trail, the table cards it lights, and how many captures fit. */
  crowdedChoice(card, picked, selection) {
    const moves = [...selection.fitting, ...(selection.trail ? [selection.trail] : [])];
    return { card, moves, picked, picks: true, pickable: new Set(selection.extendable), count: selection.count, exact: selection.exact !== false };
  }

  /** A hand card pressed on a crowded Tablić table: as on any table (directMove), with the
   * engine's answer in place of the view's list. */
  async onCrowdedCard(card) {
    const asked = (this.cardAsked = (this.cardAsked || 0) + 1);
    const selection = await this.crowdedSelection(card, []);
    // Escape, or another card pressed, while the engine answered: this answer is not wanted.
    if (!selection || asked !== this.cardAsked) return;
    const trail = selection.trail;
    const only = this.layDown && trail ? trail : selection.count > 1 ? null : selection.fitting[0] || trail;
    if (only) {
      this.layDown = false;
      this.play(only);
      return;
    }
    this.choice = this.crowdedChoice(card, [], selection);
    this.preview = null;
    this.render();
    this.focusKey(this.hintedOptionKey() || "C:0");
  }

  /** A table card pressed in a crowded table's choice: the engine says what now fits; one
   * capture left that takes every picked card is played. */
  async onCrowdedPick(choice, picked, card) {
    const selection = await this.crowdedSelection(choice.card, picked);
    if (!selection || this.choice !== choice) return;
    if (selection.count === 1 && picked.length && selection.fitting.length) {
      this.play(selection.fitting[0]);
      return;
    }
    this.choice = this.crowdedChoice(choice.card, picked, selection);
    this.preview = null;
    this.render();
    this.focusKey(`P:${card}`);
  }

  /** The data-key of the open choice's option that the hint names (marked .hinted by the
   * choice's drawing), or null. */
  hintedOptionKey() {
    const option = /** @type {HTMLElement | null} */ (this.board.querySelector(".scopa-choice .scopa-option.hinted"));
    return option ? option.dataset.key || null : null;
  }

  /** Tablić: a table card pressed while a card's choice is open is taken or let go; when one
   * listed capture is left that takes every pressed card, it is played. */
  onPick(card) {
    const choice = this.choice;
    if (!choice) return;
    const picked = choice.picked.includes(card) ? choice.picked.filter((c) => c !== card) : [...choice.picked, card];
    if (choice.pickable) {
      // Kept and drawn at once (the card shows pressed while the engine answers), so a
      // second press before the answer adds to this one.
      const pending = { ...choice, picked, pickable: new Set([...choice.pickable, ...picked]), pending: true };
      this.choice = pending;
      this.render();
      this.onCrowdedPick(pending, picked, card);
      return;
    }
    const fitting = fittingCaptures(choice.moves, picked);
    if (fitting.length === 1 && picked.length) {
      this.play(fitting[0]);
      return;
    }
    this.choice = { ...choice, picked };
    this.preview = null;
    this.render();
    this.focusKey(`P:${card}`);
  }

  /** Tablić: Lay down (T) on or off: the next card pressed goes to the table. */
  toggleLayDown() {
    if (!this.parts.picks || !this.humanToPlay()) return;
    if (this.choice) {
      const trail = this.choice.moves.find((m) => m.kind !== "capture");
      if (trail) this.play(trail);
      return;
    }
    this.layDown = !this.layDown;
    this.render();
  }

  /** The hinted move, worded for the game's table (a pile, a declaration), and its reasons
   * (TurnGame.askHint). */
  hintFrom(hint) {
    if (!hint.move) return null;
    const advice = isDeclare(hint.move) ? t.hintDeclare : isPile(this.view) ? pileAdviceText(hint.move, this.pack) : adviceText(hint.move, this.pack);
    return { move: hint.move, title: t.hintTitle(advice), lines: (hint.reasons || []).map((r) => this.reasonText(r)) };
  }

  /** With the hinted card's choice open, its hinted option takes the focus (the table then
   * lights what it takes, as the hint says: play-test 19 saw the first option's cards lit). */
  hintFocus(hint) {
    return isDeclare(hint.move) ? "declare" : this.hintedOptionKey() || `S:${hint.move.card}`;
  }

  /** One hint reason in words; a code the page does not know gets a general sentence. */
  reasonText(reason) {
    const card = reason && reason.card ? scopaWords(reason.card, this.pack) : "";
    const words = reason && Object.hasOwn(t.reasons, reason.code) ? t.reasons[reason.code] : null;
    // Arguments: the card's words, the reason's value, the card's rank code (Pishti's safe_rank
    // names the rank: "{2|rankPlurals}", "all the other queens").
    if (typeof words === "function") return words(card, Number.isInteger(reason.value) ? reason.value : null, reason.card ? reason.card[0] : "");
    if (typeof words === "string") return words;
    return t.reasonOther(String((reason && reason.code) || "unknown").replace(/_/g, " "));
  }

  escape() {
    this.layDown = false;
    this.cardAsked = (this.cardAsked || 0) + 1; // a crowded table's card still being asked about
    if (this.choice) {
      const card = this.choice.card;
      this.choice = null;
      this.preview = null;
      this.render();
      this.focusKey(`S:${card}`);
      return;
    }
    if (this.link) this.link = null;
    else this.hint = null;
  }

  shortcuts() {
    const keys = { h: () => this.askHint(), d: () => this.declare() };
    return this.parts.picks ? { ...keys, t: () => this.toggleLayDown() } : keys;
  }

  /** Plays the declaration when the engine offers it to the player at the screen (Cirulla). */
  declare() {
    if (!this.humanToPlay()) return;
    const move = (this.view.legal_moves || []).find(isDeclare);
    if (move) this.play(move);
  }

  handFocusKey() {
    const hand = (this.view && this.view.hand) || [];
    return hand.length ? `S:${hand[0]}` : null;
  }

  /** The Display dialog's sample and four-colour words: the game's own pack (Scopa's Italian,
   * Escoba's Spanish), unless the player shows the French faces (web/shell/shell.js hook). */
  displayPack() {
    if (this.pack === "french") return null;
    return { faces: ["AD", "KH", "7S", "JC"].map((code) => scopaFace(code, this.pack)), fourColourHelp: t.displayFourColourHelp };
  }

  setPack(pack) {
    if (!packsOf(this.game).includes(pack)) return;
    this.pack = pack;
    savePack(this.game, pack);
    this.render();
  }

  // ---- drawing ------------------------------------------------------------------------------

  rootData(d) {
    const v = this.view;
    d.flash = this.flash ? "1" : "0";
    d.pack = this.pack;
    d.choosing = this.choice ? "1" : "0";
    d.layDown = this.layDown ? "1" : "0";
    if (!v) return;
    d.ready = "1";
    d.game = this.game;
    d.variant = v.rules ? v.rules.name : v.variant;
    d.phase = v.phase;
    d.turn = String(v.turn);
    d.seat = String(v.seat);
    d.scores = JSON.stringify(v.scores);
    d.target = String(v.target);
    d.winner = v.winner === null || v.winner === undefined ? "" : String(v.winner);
    d.stock = String(v.stock);
    d.table = (v.table || []).join(" ");
    d.round = String(v.round_number ?? (v.rounds || []).length + 1);
    if (this.seed !== null) d.seed = String(this.seed);
  }

  renderTopbar() {
    const v = this.view;
    const names = this.names();
    const title = t.presets[(v && v.rules && v.rules.name) || (this.settings && this.settings.variant) || this.game] || t.title;
    const parts = [h("h1", {}, title)];
    if (v) {
      parts.push(
        h(
          "div",
          { class: "scoreboard", role: "group", "aria-label": t.scoreboardLabel },
          v.scores.map((score, side) =>
            h("span", { class: `score side-${side === v.side ? 0 : 1}`, dataset: { side, score } }, sideName(v, side, names), t.scoreValue(score)),
          ),
          h("span", { class: "target" }, t.target(v.target)),
        ),
        h("div", { class: "deal-info" }, h("span", {}, roundLine(v))),
      );
    }
    return parts;
  }

  /** The address of this deal (GameShell.copyLink): the game, its variant, deal number, the
   * computer's level and a target the match was started with; null with no deal number. */
  dealLinkUrl() {
    const v = this.view;
    if (!v || this.seed === null || this.seed === undefined || !globalThis.location) return null;
    const s = /** @type {{level?: string, target?: number|null}} */ (this.settings || {});
    const variant = (v.rules && v.rules.name) || v.variant || this.game;
    return fishingDealLink(location.href, { game: this.game, variant, seed: this.seed, level: s.level || null, target: s.target ?? null }, DEAL_PARAMS);
  }

  menuItems() {
    const v = this.view;
    const rules = { action: "rules", label: t.rulesButton, run: () => this.rulesPanel.open((v && v.rules && v.rules.name) || (this.settings && this.settings.variant) || this.game, v ? v.rules : null) };
    // A game with one pack (Pishti: the French one) offers no choice of faces.
    if (packsOf(this.game).length < 2) return [rules, this.linkMenuItem()];
    return [
      rules,
      this.linkMenuItem(),
      {
        action: "pack",
        control: () =>
          h(
            "label",
            { class: "speed scopa-pack" },
            h("span", {}, t.pack),
            h(
              "select",
              { name: "pack", dataset: { key: "pack" }, onchange: (e) => this.setPack(e.target.value) },
              h("option", { value: FISHING_GAMES[this.game].pack }, t.packNative),
              h("option", { value: "french" }, t.packFrench),
            ),
          ),
        refresh: (el) => {
          const select = el.querySelector("select");
          if (select && select.value !== this.pack) select.value = this.pack;
        },
      },
    ];
  }

  undoTitle() {
    return null;
  }

  renderBoard() {
    const v = this.view;
    const names = this.names();
    const me = v.seat;
    const mine = this.humanToPlay();
    const others = [];
    for (let i = 1; i < v.players; i++) {
      const seat = (me + i) % v.players;
      let status = "";
      if (v.phase === "play" && v.turn === seat && !this.flash) status = this.thinking ? t.thinking(names[seat]) : t.theirTurn(names[seat]);
      if (sideOf(v, seat) === sideOf(v, me) && seat !== me) status = status ? `${t.partner} · ${status}` : t.partner;
      others.push(renderOther(v, seat, names[seat], status, this.pack));
    }
    const flash = this.flash;
    const shown = flash
      ? { table: flash.table, taken: new Set(flash.move.take || []), played: { card: flash.move.card, seat: flash.seat }, sweep: flash.sweep, preview: new Set(), move: { seat: flash.seat, move: flash.move, sweep: flash.sweep } }
      : { table: v.table || [], taken: new Set(), played: null, sweep: Boolean(sweptBy(v.last) && v.phase === "play" && (v.table || []).length === 0), preview: new Set(this.preview && this.preview.take ? this.preview.take : []), move: null };
    if (!flash && this.declared && this.declared.at === declaredKey(v)) shown.move = { seat: this.declared.seat, move: this.declared.move, sweep: false };
    shown.say = (seat, move) => this.moveWords(seat, move, names);
    shown.mine = this.mine;
    shown.notes = this.declarationNotes(shown.move, names);
    if (this.hint && this.hint.move && !this.preview && !flash) for (const c of this.hint.move.take || []) shown.preview.add(c);
    const parts = [h("div", { class: "scopa-others", dataset: { count: others.length } }, others)];
    if (v.phase !== "play" && !flash) {
      parts.push(renderSheet(v, { names, pack: this.pack, rows: this.parts.rows, onNextRound: () => this.simple("next_round"), onNewMatch: () => this.newMatch(), onReplay: () => this.openReplay() }));
      return parts;
    }
    const choice = this.choice;
    if (choice && choice.picks && !flash) {
      shown.pick = { card: choice.card, picked: new Set(choice.picked), pickable: choice.pickable || pickableCards(choice.moves, choice.picked), onPick: (card) => this.onPick(card), pack: this.pack };
      for (const c of choice.picked) shown.preview.add(c);
    }
    parts.push((isPile(v) ? renderPile : renderTable)(v, names, this.pack, shown));
    if (choice) {
      parts.push(
        (choice.picks ? renderPickChoice : renderChoice)({
          picked: choice.picked,
          card: choice.card,
          moves: choice.moves,
          count: choice.count,
          exact: choice.exact,
          pending: Boolean(choice.pending),
          hinted: this.hint && this.hint.move ? this.hint.move.text : null,
          pack: this.pack,
          onMove: (move) => this.play(move),
          onPreview: (move) => {
            if (this.preview === move) return;
            this.preview = move;
            // Marked in place, not by drawing the page again: a redraw between a tap's focus
            // and its click replaced the option under the finger, and the click was lost (a
            // new player's run on a phone: every option but the first took two taps).
            const take = new Set(move.take || []);
            for (const el of this.board.querySelectorAll(".scopa-table-card[data-card]")) {
              el.classList.toggle("preview", take.has(/** @type {HTMLElement} */ (el).dataset.card));
            }
          },
          onCancel: () => this.escape(),
        }),
      );
    }
    let prompt = "";
    if (flash) prompt = this.moveWords(flash.seat, flash.move, names) + (flash.sweep ? ` — ${t.sweepSaid}` : "");
    else if (this.thinking) prompt = t.thinking(names[v.turn]);
    // A choice open: the line under the hand says it, for every game (play-test 16: Escoba's
    // said «Ваш ход: сыграйте карту.» under its own choice); the choice's title is for screen
    // readers only, a phone having no room for the sentence twice.
    else if (mine && choice) prompt = choiceTitle(choice.card, choice.moves, this.pack, choice.picks);
    else if (mine) prompt = this.layDown ? t.layDownArmed : t.yourTurn;
    else if (v.phase === "play" && !flash) prompt = t.theirTurn(names[v.turn]);
    parts.push(
      renderHand(v, me, names[me], {
        active: mine,
        moves: v.legal_moves || [],
        hinted: this.hint && this.hint.move ? this.hint.move.card : null,
        chosen: this.choice ? this.choice.card : null,
        layDown: this.layDown,
        onCard: (card) => this.onCard(card),
        status: "",
        pack: this.pack,
      }),
      this.renderActions(mine, prompt),
    );
    if (this.stalled) {
      parts.push(h("p", { class: "retry" }, h("button", { type: "button", dataset: { action: "retry", key: "retry" }, onclick: () => this.computerMove() }, t.retryComputer(names[v.turn]))));
    }
    return parts;
  }

  renderActions(mine, prompt) {
    const hint = this.hint;
    return h(
      "section",
      // No name of its own: the hand's region already carries "Your hand".
      { class: "actions scopa-actions" },
      h("p", { class: "preview", dataset: { prompt: "" } }, prompt),
      declareHelpLine(this.view, mine),
      h(
        "div",
        { class: "action-buttons" },
        declareButton(this.view, mine, () => this.declare()),
        h(
          "button",
          { type: "button", disabled: !mine, "aria-keyshortcuts": "H", dataset: { action: "hint", key: "hint" }, onclick: () => this.askHint() },
          t.hint,
          h("kbd", { "aria-hidden": "true" }, t.hintKey),
        ),
        this.parts.picks
          ? h(
              "button",
              { type: "button", disabled: !mine, "aria-pressed": this.layDown ? "true" : "false", "aria-keyshortcuts": "T", dataset: { action: "lay-down", key: "lay-down" }, onclick: () => this.toggleLayDown() },
              t.layDown,
              h("kbd", { "aria-hidden": "true" }, t.layDownKey),
            )
          : null,
      ),
      hint
        ? h(
            "div",
            { class: "hint scopa-hint", dataset: { hint: hint.move ? hint.move.text : "", fitWindow: "side" } },
            hint.title ? h("strong", {}, hint.title) : null,
            hint.text ? h("span", {}, hint.text) : null,
            hint.lines && hint.lines.length ? h("ul", {}, hint.lines.map((line) => h("li", {}, line))) : null,
            // As on Cassino's page (web/ui/hint.js "Play this move"): the hint's button plays
            // its move (play-test 9: a player looked for it).
            hint.move
              ? h("button", { type: "button", class: "link hint-play", disabled: !mine, dataset: { action: "hint-play", key: "hint-play" }, onclick: () => this.playHint() }, strings.hintPlay)
              : null,
          )
        : null,
    );
  }

  /** The hint's "Play this move": its move, when it is still one of the view's legal moves;
   * on a crowded Tablić table, whose view lists only some, the engine checks it as it plays. */
  playHint() {
    const move = this.hint && this.hint.move;
    if (!move || !this.humanToPlay()) return;
    const legal = (this.view.legal_moves || []).find((m) => m.text === move.text);
    if (legal) this.play(legal);
    else if (this.view.legal_moves_complete === false && move.text) this.sendMove(move.text);
  }
}
