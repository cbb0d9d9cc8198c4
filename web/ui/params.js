// The page's address: reading `?seed=&delay=&think=&movelist=&variant=&players=&rules=&seats=&level=`
// (and `daily=`, the daily deal: web/ui/daily.js; `lang=`, the language: web/ui/i18n.js) and
// writing a link to the deal in progress. Only the form of a value is checked here (a whole
// number, a known preset name, a JSON object naming known fields); whether the rules allow a
// combination is the engine's answer to new_game.

import { strings } from "./strings.js";
import { parseLevelParam, levelParam } from "./levels.js";
import { readGame, JACK_DEAL_PARAMS } from "../jack/params.js";
import { dailyDate } from "./daily.js";
import { RULES_TEXT } from "./rules-text.js";
import { chooseLanguage } from "./i18n.js";
import { formatDecimal } from "./format.js";
import { readThink } from "./think.js";

export const DEFAULT_DELAY_MS = 1200;
export const MAX_DELAY_MS = 10000;
/** The expert's thinking time a move that `?think=` may set (the engine's `budget_ms` range). */
export const MIN_THINK_MS = 50;
export const MAX_THINK_MS = 10000;
const MAX_SEED = Number.MAX_SAFE_INTEGER; // the engine takes up to 2**63-1; JSON numbers stay exact to here

/** The deal parameters: any of them present means "start this game", not the new-game screen. */
export const DEAL_PARAMS = ["seed", "variant", "players", "rules", "seats", "level", "daily"];
/** Every parameter that names a deal of any game (Cassino's, the Jack games' and the fishing
 * games', whose `variant`, `seed`, `level` and `target` are among these): what a game's address
 * is written afresh from (web/ui/replace.js addressDeal). */
export const ALL_DEAL_PARAMS = [...new Set([...DEAL_PARAMS, ...JACK_DEAL_PARAMS])];

/**
 * Reads the address. Its problems are `errors`: {code, text, asked?, kept?, param?, value?},
 * `asked` and `kept` the words while the player is asked whether to replace a saved game, and
 * once they went back to it (web/ui/replace.js); `param` the deal parameter that was wrong. Values that need the engine's catalog to check (variant, players, rules)
 * are kept raw in `deal`; see `checkDeal`.
 */
export function readParams(search) {
  const params = new URLSearchParams(search);
  // delayGiven: the address set the delay, which then overrides the player's speed setting.
  // think: the expert's thinking time a move in ms (null: the engine's default, 1000).
  const out = { seed: null, delay: DEFAULT_DELAY_MS, delayGiven: false, think: null, moveList: null, errors: [], deal: {}, hasDeal: false };
  const language = chooseLanguage(search);
  if (language.badAddress !== null) {
    out.errors.push({ code: "bad_lang", text: strings.badLang(language.badAddress) });
  }
  if (params.has("seed")) {
    const raw = params.get("seed").trim();
    if (/^\d{1,16}$/.test(raw) && Number(raw) <= MAX_SEED) out.seed = Number(raw);
    else {
      // Worded for what the page does (web/ui/replace.js): it deals at random, or asks first
      // whether to play the address's deal (then random) or go back to the saved game.
      const seed = params.get("seed");
      out.errors.push({ code: "bad_seed", param: "seed", value: seed, text: strings.badSeed(seed), asked: strings.badSeedAsked(seed), kept: strings.badSeedKept(seed) });
    }
  }
  if (params.has("delay")) {
    const raw = params.get("delay").trim();
    if (/^\d{1,5}$/.test(raw) && Number(raw) <= MAX_DELAY_MS) {
      out.delay = Number(raw);
      out.delayGiven = true;
    } else out.errors.push({ code: "bad_delay", text: strings.badDelay(params.get("delay"), MAX_DELAY_MS) });
  }
  if (params.has("think")) {
    const raw = params.get("think").trim();
    if (/^\d{1,5}$/.test(raw) && Number(raw) >= MIN_THINK_MS && Number(raw) <= MAX_THINK_MS) out.think = Number(raw);
    else {
      // Said with the time the expert thinks instead: the menu's setting (web/ui/think.js).
      const text = strings.badThink(params.get("think"), formatDecimal(MIN_THINK_MS, 0), formatDecimal(MAX_THINK_MS, 0), strings.thinkSeconds(readThink()));
      out.errors.push({ code: "bad_think", text });
    }
  }
  // How many legal moves a view may list in full before the page switches to asking the
  // engine about each selection (the engine's default is 2000; 0 forces the asking path).
  if (params.has("movelist")) {
    const raw = params.get("movelist").trim();
    if (/^\d{1,6}$/.test(raw)) out.moveList = Number(raw);
    else out.errors.push({ code: "bad_movelist", text: strings.badMoveList(params.get("movelist")) });
  }
  // The daily deal: a date (or "today", read as today's UTC date). A wrong value is named and
  // a normal game is dealt (`daily` stays a deal parameter, so the page deals rather than asks).
  // undo=1: several humans at one screen agree to undo (the new-game screen's setting).
  out.undoConsent = false;
  if (params.has("undo")) {
    const raw = params.get("undo").trim();
    if (raw === "1" || raw === "0") out.undoConsent = raw === "1";
    else out.errors.push({ code: "bad_undo", text: strings.badUndo(params.get("undo")) });
  }
  out.daily = null;
  if (params.has("daily")) {
    out.daily = dailyDate(params.get("daily"));
    if (out.daily === null) out.errors.push({ code: "bad_daily", text: strings.badDaily(params.get("daily")) });
  }
  for (const name of ["variant", "players", "rules", "seats", "level"]) {
    if (params.has(name)) out.deal[name] = params.get(name);
  }
  out.hasDeal = DEAL_PARAMS.some((name) => params.has(name));
  out.game = readGame(params, out.errors); // `game`: cassino | california_jack | shasta_sam (web/jack/)
  return out;
}

/** A variant's name as the new-game screen shows it, in the page's language. */
const presetName = (name) => RULES_TEXT[name]?.title ?? name;

/**
 * Turns the raw deal parameters into new_game settings, using the engine's catalog for the
 * preset names, the players' range and the rules fields. A wrong value is reported (naming the
 * parameter) and left out, so a normal game is dealt.
 * @returns {{preset: string, overrides: object, seats: string[]|null,
 *            levels: (string|null)[]|null,
 *            errors: {code: string, param: string, value: string, text: string}[]}}
 *   each error names its parameter and the value the address gave it
 */
export function checkDeal(deal, catalog) {
  const errors = [];
  const presets = (catalog && catalog.presets) || { classic: { players: 2 } };
  const fields = (catalog && catalog.fields) || {};
  let preset = "classic";
  const overrides = {};
  let seats = null;

  if (deal.variant !== undefined) {
    const raw = deal.variant.trim().toLowerCase();
    if (Object.hasOwn(presets, raw)) preset = raw;
    else errors.push({ code: "bad_variant", param: "variant", value: deal.variant, text: strings.badVariant(deal.variant, Object.keys(presets).map(presetName).join(strings.listJoin)) });
  }
  if (deal.rules !== undefined) {
    let parsed;
    let why = strings.badRulesJson;
    try {
      parsed = JSON.parse(deal.rules);
    } catch {
      parsed = null;
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const unknown = Object.keys(parsed).find((k) => k === "name" || (catalog && !Object.hasOwn(fields, k)));
      if (unknown === undefined) Object.assign(overrides, parsed);
      else {
        why = strings.badRulesField(unknown);
        parsed = null;
      }
    } else parsed = null;
    if (parsed === null) errors.push({ code: "bad_rules", param: "rules", value: deal.rules, text: strings.badRules(deal.rules, why) });
  }
  if (deal.players !== undefined) {
    const spec = fields.players || { min: 2, max: 6 };
    const min = spec.min ?? 2;
    const max = spec.max ?? 6;
    const raw = deal.players.trim();
    if (/^\d{1,2}$/.test(raw) && Number(raw) >= min && Number(raw) <= max) overrides.players = Number(raw);
    else errors.push({ code: "bad_players", param: "players", value: deal.players, text: strings.badPlayers(deal.players, min, max) });
  }
  const players = overrides.players ?? (presets[preset] && presets[preset].players) ?? 2;
  if (deal.seats !== undefined) {
    const raw = deal.seats.trim().toLowerCase();
    if (raw.length === players && /^[hc]+$/.test(raw)) seats = [...raw].map((c) => (c === "h" ? "human" : "computer"));
    else errors.push({ code: "bad_seats", param: "seats", value: deal.seats, text: strings.badSeats(deal.seats) });
  }
  // The computer's level (web/ui/levels.js): one for every computer, or one entry per seat.
  let levels = null;
  if (deal.level !== undefined) {
    const kinds = seats || ["human", ...Array(players - 1).fill("computer")];
    const read = parseLevelParam(deal.level, kinds);
    if (read.levels) levels = read.levels;
    else errors.push({ code: "bad_level", param: "level", value: deal.level, text: strings.badLevel(deal.level, read.problem) });
  }
  return { preset, overrides, seats, levels, errors };
}

/** The rules fields whose value differs from the preset's (leaving out the name). */
export function overridesOf(rules, presetRules) {
  const out = {};
  if (!rules) return out;
  for (const [field, value] of Object.entries(rules)) {
    if (field === "name") continue;
    if (!presetRules || JSON.stringify(presetRules[field]) !== JSON.stringify(value)) out[field] = value;
  }
  return out;
}

/**
 * A link to a deal: `?variant=&players=&seed=` plus `rules=` (other changed fields), `seats=`
 * (only when not "you against the computer") and `level=` (only when a computer plays another
 * level than Intermediate), `undo=1` when several humans agreed to undo. `base` is the page's
 * own address.
 */
export function dealLink(base, { preset, players, seed, overrides, seats, levels, undoConsent = false }) {
  const url = new URL(base);
  const keep = new URLSearchParams(url.search);
  const params = new URLSearchParams();
  // Display parameters of the current address survive; deal parameters are written afresh.
  for (const [k, v] of keep) if (!DEAL_PARAMS.includes(k)) params.append(k, v);
  params.set("variant", preset);
  params.set("players", String(players));
  if (seed !== null && seed !== undefined) params.set("seed", String(seed));
  const rest = { ...overrides };
  delete rest.players;
  if (Object.keys(rest).length) params.set("rules", JSON.stringify(rest));
  const letters = (seats || []).map((s) => (s === "human" ? "h" : "c")).join("");
  if (letters && letters !== "h" + "c".repeat(letters.length - 1)) params.set("seats", letters);
  const level = seats ? levelParam(seats, levels) : "";
  if (level) params.set("level", level);
  if (undoConsent) params.set("undo", "1");
  else params.delete("undo");
  url.search = params.toString();
  url.hash = "";
  return url.href;
}
