// The address's parameters of a Scopa, Escoba, Cirulla, Pishti or Tablić game (one page plays
// them all: FISHING_GAMES): `game=scopa|escoba|cirulla|pishti|tablic`, `variant` (a preset of
// cassino_core/scopa/rules.py, cassino_core/escoba/rules.py, cassino_core/cirulla/rules.py,
// cassino_core/pishti/rules.py or cassino_core/tablic/rules.py PRESETS), `level` (beginner |
// intermediate | expert, or its first letter), `target` (the points that win the match, 1 to
// 999: the engine's `target` override, for a short match) and `seed`, `delay`, `think` (read by
// web/ui/params.js for every game). Only the form of a value is checked here; the engine
// answers whether it plays it. `players` is not read here (a preset seats its players): asked
// for another count than the game dealt, it is told, with the presets that seat that many.

import { levelName } from "../ui/levels.js";
import { scopaStrings as t, useFishingGame } from "./strings.js";
import { choicesInSentence } from "../ui/cards.js";

export const SCOPA_GAME = "scopa";
/** cassino_core/scopa/rules.py PRESETS, in the order the new-game screen lists them. */
export const SCOPA_PRESETS = ["scopa", "scopa_three", "scopa_four", "scopone", "scopone_classico", "hurricane"];
/** cassino_core/escoba/rules.py PRESETS (docs/escoba.md "Presets"), in the screen's order. */
export const ESCOBA_PRESETS = ["escoba", "escoba_three", "escoba_four", "escoba_setenta"];
/** cassino_core/cirulla/rules.py PRESETS (docs/cirulla.md "Presets"), in the screen's order. */
export const CIRULLA_PRESETS = ["cirulla", "cirulla_three", "cirulla_four", "cirulla_spazioinwind"];
/** cassino_core/pishti/rules.py PRESETS (docs/pishti.md "Presets"), in the screen's order. */
export const PISHTI_PRESETS = ["pishti", "pishti_three", "pishti_four", "xeri", "basra", "basra_four"];
/** cassino_core/tablic/rules.py PRESETS (docs/tablic.md "Presets"), in the screen's order. */
export const TABLIC_PRESETS = ["tablic", "tablic_four", "tablic_four_solo", "tablanette"];

/** How many each preset seats (the `players` of the rules.py PRESETS above; checked against
 * the engine by tests/e2e/test_family_words.py): named when an address asks for a count. */
export const PRESET_PLAYERS = {
  scopa: 2, scopa_three: 3, scopa_four: 4, scopone: 4, scopone_classico: 4, hurricane: 2,
  escoba: 2, escoba_three: 3, escoba_four: 4, escoba_setenta: 2,
  cirulla: 2, cirulla_three: 3, cirulla_four: 4, cirulla_spazioinwind: 2,
  pishti: 2, pishti_three: 3, pishti_four: 4, xeri: 2, basra: 2, basra_four: 4,
  tablic: 2, tablic_four: 4, tablic_four_solo: 4, tablanette: 2,
};

/**
 * The games this page plays, by the engine's game name: its presets (the first is the usual
 * one) and the pack it draws (web/scopa/cards.js). Which records load here is the engine's
 * to say (load_record with "check", web/ui/records.js).
 */
export const FISHING_GAMES = {
  scopa: { presets: SCOPA_PRESETS, pack: "italian" },
  escoba: { presets: ESCOBA_PRESETS, pack: "spanish" },
  cirulla: { presets: CIRULLA_PRESETS, pack: "french" },
  pishti: { presets: PISHTI_PRESETS, pack: "french" },
  tablic: { presets: TABLIC_PRESETS, pack: "french" },
};
export const SCOPA_LEVELS = ["beginner", "intermediate", "expert"];
export const DEFAULT_LEVEL = "intermediate";
/** The parameters that name a Scopa deal: an address with them resumes only its own game. */
export const SCOPA_DEAL_PARAMS = ["game", "variant", "seed", "level", "target"];
/** The most points a `target` may ask for. */
export const MAX_TARGET = 999;

/** Is `game` one this page plays ("scopa", "escoba", "cirulla", "pishti" or "tablic")? */
export function isScopaGame(game) {
  return Object.hasOwn(FISHING_GAMES, game);
}

/** The presets of `game` (Scopa's for an unknown name). */
export function presetsOf(game) {
  return (FISHING_GAMES[game] || FISHING_GAMES.scopa).presets;
}

/**
   * The settings an address asks for, for `game` (scopa | escoba | cirulla | pishti | tablic).
 * @returns {{variant: string|null, level: string|null, target: number|null,
 *   errors: {code: string, param: string, text: string}[]}} (`param`: the parameter each error is about)
 */
export function readScopaParams(search, game = SCOPA_GAME) {
  // The messages name the game the address opens (Escoba's or Pishti's words, not Scopa's).
  useFishingGame(game);
  const params = new URLSearchParams(search);
  const out = { variant: null, level: null, target: null, errors: [] };
  if (params.has("variant")) {
    const raw = params.get("variant");
    const name = raw.trim().toLowerCase().replace(/-/g, "_");
    if (presetsOf(game).includes(name)) out.variant = name;
    else out.errors.push({ code: "bad_variant", param: "variant", text: t.badVariant(raw) });
  }
  if (params.has("level")) {
    const name = levelName(params.get("level"));
    if (name) out.level = name;
    else out.errors.push({ code: "bad_level", param: "level", text: t.badLevel(params.get("level")) });
  }
  if (params.has("target")) {
    const raw = params.get("target");
    const value = /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : 0;
    if (value >= 1 && value <= MAX_TARGET) out.target = value;
    else out.errors.push({ code: "bad_target", param: "target", text: t.badTarget(raw, MAX_TARGET) });
  }
  const players = playersError(params, game, out.variant || presetsOf(game)[0]);
  if (players) out.errors.push(players);
  return out;
}

/**
 * The address's `players`, which this page does not read (the preset seats the players): null
 * when absent or the count the dealt preset `dealt` seats, else the error that tells it and
 * names the presets of `game` that seat that many (play-test 13: `?game=escoba&players=4` dealt
 * a game for two with no word).
 * @returns {{code: string, param: string, text: string}|null}
 */
function playersError(params, game, dealt) {
  if (!params.has("players")) return null;
  const raw = params.get("players").trim();
  const count = /^\d{1,2}$/.test(raw) ? Number(raw) : null;
  if (count === PRESET_PLAYERS[dealt]) return null;
  const title = (name) => (t.presets && t.presets[name]) || name;
  const seating = presetsOf(game).filter((name) => PRESET_PLAYERS[name] === count);
  const text = seating.length
    ? t.playersByPreset(raw, choicesInSentence(seating.map((name) => t.playersPreset(name, title(name)))), title(dealt))
    : t.playersNoPreset(raw, title(dealt));
  return { code: "fishing_players", param: "players", text };
}

/** The Scopa deal parameters of an address, as one comparable string ("" when none). */
export function scopaDealKey(search) {
  const params = new URLSearchParams(search);
  return SCOPA_DEAL_PARAMS.filter((name) => params.has(name))
    .map((name) => `${name}=${params.get(name)}`)
    .join("&");
}

/**
 * A link to a fishing game's deal: `?game=&variant=&seed=`, with `level=` and `target=` when
 * the game has them; the address's other parameters (language, delay...) are kept, those of
 * any game's deal (`base`'s Cassino or fishing deal) are written afresh. Opened elsewhere it
 * deals the same hands and table (the engine's deal follows the variant and the seed).
 * @param {string} base the page's own address
 * @param {{game: string, variant: string, seed: number, level?: string|null, target?: number|null}} deal
 * @param {string[]} dealParams every parameter that names a deal (web/ui/params.js DEAL_PARAMS)
 * @returns {string}
 */
export function fishingDealLink(base, { game, variant, seed, level = null, target = null }, dealParams = []) {
  const url = new URL(base);
  const params = new URLSearchParams();
  const drop = new Set([...dealParams, ...SCOPA_DEAL_PARAMS, "players", "undo"]);
  for (const [k, v] of new URLSearchParams(url.search)) if (!drop.has(k)) params.append(k, v);
  params.set("game", game);
  params.set("variant", variant);
  params.set("seed", String(seed));
  if (level) params.set("level", level);
  if (Number.isInteger(target)) params.set("target", String(target));
  url.search = params.toString();
  url.hash = "";
  return url.href;
}
