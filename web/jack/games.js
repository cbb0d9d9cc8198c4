// Which game the page opens, and handing the page from one game to the other. Cassino's page
// (web/app.js) and the California Jack / Shasta Sam page (web/jack/app.js) share <main id="app">
// and the engine worker; the engine's session follows the last new_game / load_record.
//
// At start: an address with `game=california_jack|shasta_sam` opens that game (resuming a game
// saved at the same address, else dealing it); `game=cassino` or Cassino's deal parameters open
// Cassino; a plain address resumes whichever game was saved last (web/ui/saved.js for Cassino,
// web/jack/saved.js here).

import { JackApp } from "./app.js";
import { isJackGame, readJackParams, addressWithoutDeal, DEFAULT_LEVEL } from "./params.js";
import { readJackSave, savedAtOf, hasJackSave, setAsideJackSave, JACK_SAVE_KEY } from "./saved.js";
import { jackStrings as t } from "./strings.js";
import { SAVE_KEY } from "../ui/saved.js";
import { DEAL_PARAMS } from "../ui/params.js";

let ctx = null; // {engine, root, params, makeCassino, current: {kind: "cassino"|"jack", app}}

/** Links web/jack.css (once) and waits for it, so the Jack table never shows unstyled. */
function linkJackStyles() {
  const href = new URL("../jack.css", import.meta.url).href;
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
  await linkJackStyles();
  const game = params.game ?? null;
  if (isJackGame(game)) {
    const jack = readJackParams(search());
    const found = readJackSave(search());
    const resume = Boolean(found && !found.other);
    // A Jack game saved at another address is not replaced unasked (web/ui/replace.js).
    const ask = Boolean(found && found.other && found.save.game);
    const fromAddress = { seed: params.seed, level: jack.level || DEFAULT_LEVEL, target: jack.target, packet: jack.packet };
    return mountJack({ game, resume, ask, fromAddress, errors: [...params.errors, ...jack.errors] });
  }
  if (game === null && !params.hasDeal && preferJack()) {
    return mountJack({ game: null, resume: true, fromAddress: null, errors: [...params.errors] });
  }
  return mountCassino(params, false);
}

/** A plain address: is the Jack game the one saved last? */
function preferJack() {
  if (!hasJackSave()) return false;
  const found = readJackSave("");
  if (found && found.bad) {
    // Unreadable: the Jack page reports it and sets it aside, unless a Cassino game is waiting.
    if (savedAtOf(SAVE_KEY) > 0) {
      const aside = setAsideJackSave() || JACK_SAVE_KEY;
      ctx.params.errors.push({ code: "bad_save", text: t.savedGameSetAside(found.bad, aside) });
      return false;
    }
    return true;
  }
  return savedAtOf(JACK_SAVE_KEY) >= savedAtOf(SAVE_KEY);
}

/** The address's `delay` and `think` ({delay, delayFixed, think}); without a delay the player's speed setting
 * (web/ui/speed.js) decides on the Jack page. */
function delay() {
  const p = ctx.params;
  return { delay: p.delay, delayFixed: Boolean(p.delayGiven), think: p.think ?? null };
}

function mountJack(how) {
  const app = new JackApp(ctx.engine, ctx.root, { ...delay(), onCassino: () => switchToCassino() });
  ctx.current = { kind: "jack", app };
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
  const next = addressWithoutDeal(location.href, DEAL_PARAMS);
  if (next !== location.href) history.replaceState(history.state, "", next);
}

/**
 * Cassino's new-game screen picked a Jack game: Cassino's page steps aside (its game stays
 * saved) and the Jack new-game screen opens; cancelling it brings Cassino back.
 */
export function switchGame(cassinoApp, game) {
  if (!ctx || !isJackGame(game)) return;
  retireCassino(cassinoApp);
  dropDealFromAddress();
  const app = new JackApp(ctx.engine, ctx.root, { ...delay(), onCassino: () => switchToCassino() });
  ctx.current = { kind: "jack", app };
  app.render();
  app.openNewGame(game);
}

/** The Jack page hands back to Cassino, which resumes its saved game or asks for a new one. */
function switchToCassino() {
  const current = ctx.current;
  if (current && current.kind === "jack") current.app.retire();
  dropDealFromAddress();
  const params = { ...ctx.params, hasDeal: false, errors: [], deal: {}, seed: null, game: null };
  ctx.root.className = "";
  document.title = t.games.cassino;
  for (const key of Object.keys(ctx.root.dataset)) delete ctx.root.dataset[key];
  mountCassino(params, true);
}

/**
 * Cassino's page (web/app.js, written separately) stops: no more drawing, saving, or moves
 * from answers still on their way. Its dialogs close; its elements are cleared by the next page.
 */
function retireCassino(app) {
  if (!app) return;
  app.gameSerial = (app.gameSerial || 0) + 1;
  if (app.saver) app.saver.changed = () => {};
  for (const panel of [app.newGameScreen, app.rulesPanel, app.recordsPanel, app.statsPanel]) {
    try {
      if (panel && panel.dialog && panel.dialog.isOpen()) panel.dialog.close();
    } catch {
      // a dialog that will not close is removed with the page anyway
    }
  }
  app.render = () => {};
  app.computerMove = async () => {};
}
