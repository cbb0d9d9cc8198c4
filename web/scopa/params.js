// The address's parameters of a Scopa, Escoba, Cirulla, Pishti or Tablić game (one page plays
// them all: FISHING_GAMES): `game=scopa|escoba|cirulla|pishti|tablic`, `variant` (a preset of
// cassino_core/scopa/rules.py, cassino_core/escoba/rules.py, cassino_core/cirulla/rules.py,
// cassino_core/pishti/rules.py or cassino_core/tablic/rules.py PRESETS), `level` (beginner |
// intermediate | expert, or its first letter), `target` (the points that win the match, 1 to
// 999: the engine's `target` override, for a short match) and `seed`, `delay`, `think` (read by
// web/ui/params.js for every game). Only the form of a value is checked here; the engine
// answers whether it plays it.

import { levelName } from "../ui/levels.js";
import { scopaStrings as t, useFishingGame } from "./strings.js";

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
  return out;
}

/** The Scopa deal parameters of an address, as one comparable string ("" when none). */
export function scopaDealKey(search) {
  const params = new URLSearchParams(search);
  return SCOPA_DEAL_PARAMS.filter((name) => params.has(name))
    .map((name) => `${name}=${params.get(name)}`)
    .join("&");
}
