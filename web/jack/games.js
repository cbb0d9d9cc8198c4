// Which game the page opens, and handing the page from one game to another. Cassino's page
// (web/app.js), the California Jack / Shasta Sam page (web/jack/app.js) and the Scopa page
// (web/scopa/app.js) share <main id="app"> and the engine worker; the engine's session follows
// the last new_game / load_record.
//
// At start: an address with `game=california_jack|shasta_sam` opens that game (resuming its
// game saved at the same address, or any save of that game when the address names nothing
// else, else dealing it; a save of another deal is not replaced unasked; each form has a save
// of its own, web/jack/saved.js); `game=scopa` or
// `game=escoba`, `game=pishti` or `game=tablic` opens that game on the fishing page (web/scopa/) the same way
// (web/scopa/params.js, saved.js, each game under its own save key); `game=cassino` or
// Cassino's deal parameters open Cassino; a plain address resumes whichever game was saved last (web/ui/saved.js for Cassino,
// web/jack/saved.js here, web/scopa/saved.js).

import { JackApp } from "./app.js";
import { JACK_GAMES, isJackGame, readJackParams, addressWithoutDeal, DEFAULT_LEVEL } from "./params.js";
import { readJackSave, jackSavedAt, hasJackSave, setAsideJackSave, jackSaveKey } from "./saved.js";
import { jackStrings as t } from "./strings.js";
import { SAVE_KEY } from "../ui/saved.js";
import { DEAL_PARAMS } from "../ui/params.js";
import { ScopaApp } from "../scopa/app.js";
import { isScopaGame, readScopaParams, SCOPA_DEAL_PARAMS, FISHING_GAMES } from "../scopa/params.js";
import { readScopaSave, hasScopaSave, saveKey } from "../scopa/saved.js";
import { siteURL } from "../ui/site.js";
import { asksBeforeReplacing, savedAtOf } from "../ui/gamestore.js";
import { notePickedGame } from "../ui/newgame-parts.js";

// {engine, root, params, makeCassino, current: {kind: "cassino"|"jack"|"scopa", app, back?}};
// `back`: where Cancel on the current page's new-game screen goes when it has no game of its
// own (backFrom).
let ctx = null;

/** Links a game's stylesheet (web/jack.css, web/scopa.css) once and waits for it, so its
 * table never shows unstyled. */
function linkStyles(name) {
  const href = siteURL(name).href;
  const found = [.../** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel="stylesheet"]'))].find((l) => l.href === href);
  if (found) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

const search = () => (globalThis.location ? location.search : "");

/**
 * Starts the page (called by web/app.js's start).
 * @param params web/ui/params.js readParams's answer (with `game`)
 * @param makeCassino (params) => {app, ready}: builds and begins Cassino's page
 */
export async function startGames(engine, root, params, makeCassino) {
  ctx = { engine, root, params, makeCassino, current: null };
  // The page's new-game screen closing (a game started, or Cancel to the match behind it) ends
  // the browsing: the game now on the table is the one a later Cancel goes back to (play-test
  // 20: Escoba, then Cassino picked and started, then New game, then Escoba: Cancel went back
  // to Escoba). "close" does not bubble: heard on its way down.
  document.addEventListener("close", (event) => {
    const current = ctx && ctx.current;
    const screen = current && current.app && (current.app.newGameScreen || current.app.newGame);
    if (current && screen && event.target === screen.el) current.back = null;
  }, true);
  await Promise.all([linkStyles("jack.css"), linkStyles("scopa.css")]);
  const game = params.game ?? null;
  if (isScopaGame(game)) {
    const scopa = readScopaParams(search(), game);
    const found = readScopaSave(search(), game);
    const resume = Boolean(found && !found.other);
    const ask = asksBeforeReplacing(found); // not for a finished match (web/ui/gamestore.js)
    const named = scopa.variant !== null || scopa.level !== null || scopa.target !== null || params.seed !== null;
    const fromAddress = resume && !named ? null : { variant: scopa.variant, level: scopa.level, seed: params.seed, target: scopa.target };
    return mountScopa(game, { resume, ask, fromAddress, errors: [...params.errors, ...scopa.errors] });
  }
  if (isJackGame(game)) {
    const jack = readJackParams(search(), game);
    const found = readJackSave(search(), game);
    const resume = Boolean(found && !found.other);
    // A Jack game saved at another address is not replaced unasked (web/ui/replace.js).
    // A finished match is no game in progress: the address's deal replaces it unasked.
    const ask = Boolean(asksBeforeReplacing(found) && found.save.game);
    const fromAddress = { seed: params.seed, level: jack.level || DEFAULT_LEVEL, target: jack.target, packet: jack.packet, follow: jack.follow };
    return mountJack({ game, resume, ask, fromAddress, errors: [...params.errors, ...jack.errors] });
  }
  const fishing = game === null && !params.hasDeal ? preferScopa() : null;
  if (fishing) {
    return mountScopa(fishing, { resume: true, fromAddress: null, errors: [...params.errors] });
  }
  const jackGame = game === null && !params.hasDeal ? preferJack() : null;
  if (jackGame) {
    return mountJack({ game: jackGame, resume: true, fromAddress: null, errors: [...params.errors] });
  }
  return mountCassino(params, false);
}

/** A plain address: is a Jack game (California Jack or Shasta Sam, each its own save) the one
 * saved last? Answers that game's name, or null. */
function preferJack() {
  let best = null;
  let bestAt = -1;
  for (const game of JACK_GAMES) {
    if (!hasJackSave(game)) continue;
    const found = readJackSave("", game);
    if (found && found.bad) {
      // Unreadable: the Jack page reports it and sets it aside, unless a Cassino game is waiting.
      if (savedAtOf(SAVE_KEY) > 0) {
        const aside = setAsideJackSave(game) || jackSaveKey(game);
        ctx.params.errors.push({ code: "bad_save", text: t.savedGameSetAside(found.bad, aside, t.games[game] ?? game) });
        continue;
      }
      return game;
    }
    const at = jackSavedAt(game);
    if (at > bestAt) {
      best = game;
      bestAt = at;
    }
  }
  return best && bestAt >= savedAtOf(SAVE_KEY) ? best : null;
}

/** A plain address: is a fishing game (Scopa, Escoba, Pishti) the one saved last (and readable)? Answers
 * that game's name, or null. An unreadable one is reported only when its game is opened by name. */
function preferScopa() {
  let best = null;
  let bestAt = Math.max(savedAtOf(SAVE_KEY), ...JACK_GAMES.map((game) => jackSavedAt(game)));
  for (const game of Object.keys(FISHING_GAMES)) {
    if (!hasScopaSave(game)) continue;
    const found = readScopaSave("", game);
    if (!found || found.bad) continue;
    const at = savedAtOf(saveKey(game));
    if (at >= bestAt) {
      best = game;
      bestAt = at;
    }
  }
  return best;
}

/** The address's `delay` and `think` ({delay, delayFixed, think}); without a delay the player's speed setting
 * (web/ui/speed.js) decides on the Jack page. */
function delay() {
  const p = ctx.params;
  return { delay: p.delay, delayFixed: Boolean(p.delayGiven), think: p.think ?? null };
}

function mountJack(how) {
  const app = new JackApp(ctx.engine, ctx.root, { ...delay(), onCassino: () => switchToCassino(), onOther: (game, draft) => switchTo(game, undefined, draft) });
  ctx.current = { kind: "jack", app };
  app.begin(how);
  return app;
}

function mountScopa(game, how) {
  const app = new ScopaApp(ctx.engine, ctx.root, { ...delay(), game, onOther: (other) => switchTo(other) });
  ctx.current = { kind: "scopa", app };
  app.begin(how);
  return app;
}

function mountCassino(params, openNew) {
  const { app, ready } = ctx.makeCassino(params);
  ctx.current = { kind: "cassino", app };
  if (openNew) {
    Promise.resolve(ready).then(() => {
      if (ctx.current && ctx.current.app === app && app.newGameScreen && !app.newGameScreen.isOpen()) app.openNewGame();
    });
  }
  return app;
}

/** Forget the address's deal once the player picks another game here (see params.js). */
function dropDealFromAddress() {
  if (!globalThis.history || !globalThis.location) return;
  const next = addressWithoutDeal(location.href, [...DEAL_PARAMS, ...SCOPA_DEAL_PARAMS]);
  if (next !== location.href) history.replaceState(history.state, "", next);
}

/**
 * The game a new-game screen's Cancel goes back to when the page behind it has no game of its
 * own (the player browsing the picker's games): the game on `current`'s table, else the one
 * `current` itself would have gone back to. Play-test 18: picking a game with no save took
 * Cancel and × away, the page behind having already switched to it.
 * @param current ctx.current, or null
 * @returns {{game: string, name: string} | null} the game's name for switchTo ("cassino",
 *   "scopa", "shasta_sam"...) and its title as its top bar gives it ("Эскоба на троих")
 */
function backFrom(current) {
  if (!current) return null;
  const app = current.app;
  // A page reached by browsing (its `back` kept until its new-game screen closes, see
  // startGames) is not the one the player was playing, even with a match of its own behind the
  // screen (play-test 19: California Jack, then Cassino's screen over its save, then Tablić:
  // Cancel went to Cassino).
  if (!app || !app.view || current.back) return current.back || null;
  let game = "cassino";
  if (current.kind === "scopa") game = app.game;
  else if (current.kind === "jack") game = isJackGame(app.view.game) ? app.view.game : "california_jack";
  return { game, name: typeof app.matchTitle === "function" ? app.matchTitle() : "" };
}

/** What a page's options carry of `back` (backFrom): its title and how to go back there. */
function backOption(back) {
  return back ? { name: back.name, onBack: () => returnTo(back.game) } : null;
}

/**
 * Cassino's new-game screen picked another game: Cassino's page steps aside (its game stays
 * saved) and that game's new-game screen opens (switchTo).
 */
export function switchGame(cassinoApp, game) {
  if (!ctx || !(isJackGame(game) || isScopaGame(game))) return;
  const back = backFrom(ctx.current);
  retireCassino(cassinoApp);
  switchTo(game, back);
}

/**
 * The page goes to `game`'s new-game screen. Its save, if it has one, is not resumed behind the
 * screen: the screen offers it (Continue, web/ui/newgame-parts.js), and Cancel goes back to
 * `back`, the game the player was playing, as it was left (play-test: Pishti picked with a save
 * of its own resumed it behind the screen, and «Отмена» stayed in Pishti instead of going back
 * to the match the player came from). Only when `back` is this game's own match (the player
 * browsed the picker and came back to it) is it resumed behind the screen, as New game leaves
 * it. A save that cannot be read is resumed as ever, to be set aside and told (never lost).
 * @param {string} game the game picked
 * @param {{game: string, name: string} | null} [back] backFrom's answer (default: for the page now shown)
 * @param {object | null} [draft] a Jack form picked on the other's screen: what the player set
 *   there (level, deal number...), which its screen opens with (JackApp opts.draft)
 */
function switchTo(game, back = backFrom(ctx.current), draft = null) {
  notePickedGame(game);
  // The match the player left is this game's own: it goes on behind the screen.
  const own = Boolean(back && back.game === game);
  if (game === "cassino") {
    switchToCassino(true, back);
    return;
  }
  const current = ctx.current;
  if (current && current.kind !== "cassino") current.app.retire();
  dropDealFromAddress();
  if (isScopaGame(game)) {
    const app = new ScopaApp(ctx.engine, ctx.root, { ...delay(), game, back: backOption(back), onOther: (other) => switchTo(other) });
    ctx.current = { kind: "scopa", app, back };
    app.render();
    if (hasScopaSave(game) && (own || readScopaSave("", game)?.bad)) app.begin({ resume: true, openNew: true, fromAddress: null, errors: [] });
    else app.openNewGame();
    return;
  }
  if (!isJackGame(game)) return;
  const app = new JackApp(ctx.engine, ctx.root, { ...delay(), back: backOption(back), draft, onCassino: () => switchToCassino(), onOther: (other, more) => switchTo(other, undefined, more) });
  ctx.current = { kind: "jack", app, back };
  app.render();
  if (hasJackSave(game) && (own || readJackSave("", game)?.bad)) app.begin({ game, resume: true, openNew: true, fromAddress: null, errors: [] });
  else app.openNewGame(game);
}

/**
 * A new-game screen cancelled with no game behind it: the page goes back to `game` as the
 * player left it (its save resumed, no new-game screen; with no save, its new-game screen),
 * and the address names it again (`address`: web/ui/replace.js addressSaved).
 * @param {string} game "cassino", a fishing game's or a Jack game's name
 */
function returnTo(game) {
  if (game === "cassino" || !(isScopaGame(game) || isJackGame(game))) {
    switchToCassino(false);
    return;
  }
  const current = ctx.current;
  if (current && current.kind === "cassino") retireCassino(current.app);
  else if (current) current.app.retire();
  if (isScopaGame(game)) {
    mountScopa(game, { resume: true, openNew: false, fromAddress: null, errors: [], address: true });
    return;
  }
  mountJack({ game, resume: true, openNew: false, fromAddress: null, errors: [], address: true });
}

/**
 * The Jack or Scopa page hands back to Cassino, which resumes its saved game and, when
 * `openNew`, shows its new-game screen over it (with no save, the screen is shown anyway).
 * @param {boolean} [openNew] the new-game screen too (Cassino picked in another game's picker)
 * @param {{game: string, name: string} | null} [back] where that screen's Cancel goes when
 *   Cassino has no game of its own (switchTo)
 */
function switchToCassino(openNew = true, back = null) {
  const current = ctx.current;
  if (current && current.kind !== "cassino") current.app.retire();
  dropDealFromAddress();
  // Picked on another game's screen: Cassino's save is offered, not resumed behind the screen
  // (switchTo), unless it is the match the player left.
  const browse = openNew && !(back && back.game === "cassino");
  const params = { ...ctx.params, hasDeal: false, errors: [], deal: {}, seed: null, game: null, back: openNew ? backOption(back) : null, browse, nameGame: !openNew };
  ctx.root.className = "";
  document.title = t.games.cassino;
  for (const key of Object.keys(ctx.root.dataset)) delete ctx.root.dataset[key];
  const app = mountCassino(params, openNew);
  ctx.current.back = openNew ? back : null;
  return app;
}

/**
 * Cassino's page (web/app.js) stops (GameShell.retire: no more drawing, saving, keys or
 * answers taken; its dialogs close), and starts no computer move; its elements are cleared by
 * the next page.
 */
function retireCassino(app) {
  if (!app) return;
  app.retire();
  app.computerMove = async () => {};
}
