// The Scopa, Escoba, Cirulla, Pishti or Tablić game in progress, kept in the browser under a key
// of each game's own (saveKey: cassino.saved-scopa, cassino.saved-escoba, cassino.saved-cirulla,
// cassino.saved-pishti, cassino.saved-tablic), so a reload
// resumes it and it never overwrites another game's save (Cassino, California Jack, the others). The storage,
// the setting aside of an unreadable save and the saving after every change are shared
// (web/ui/gamestore.js); the engine writes the record (export_record) and replays it
// (load_record).
//
// Saved as JSON: {format: 1, game: "scopa" | "escoba" | "cirulla" | "pishti" | "tablic", deal, record, seats, viewer, settings, savedAt,
// notes?} (`notes`: the page's last-move lines of the position saved, ScopaSaver),
// plus `over` (and `undoClosed`) for a finished match, which stays saved (web/ui/gamestore.js).
// `deal` is the Scopa deal key (params.js scopaDealKey) of the address the game began at.

import { scopaDealKey, SCOPA_DEAL_PARAMS, DEFAULT_LEVEL, presetsOf } from "./params.js";
import { levelName } from "../ui/levels.js";
import { readSave, hasSave, setAside, Saver, turnGameSave } from "../ui/gamestore.js";
import { formatProblem, gameProblem, storedProblem } from "../ui/storedproblem.js";

export const SCOPA_SAVE_KEY = "cassino.saved-scopa";
export const ESCOBA_SAVE_KEY = "cassino.saved-escoba";
export const PISHTI_SAVE_KEY = "cassino.saved-pishti";
export const CIRULLA_SAVE_KEY = "cassino.saved-cirulla";
export const TABLIC_SAVE_KEY = "cassino.saved-tablic";
const SAVE_KEYS = { scopa: SCOPA_SAVE_KEY, escoba: ESCOBA_SAVE_KEY, cirulla: CIRULLA_SAVE_KEY, pishti: PISHTI_SAVE_KEY,
  tablic: TABLIC_SAVE_KEY };

/** The key `game`'s save is kept under (Scopa's for a name this page does not play). */
export function saveKey(game = "scopa") {
  return SAVE_KEYS[game] || SCOPA_SAVE_KEY;
}
export const SCOPA_SAVE_FORMAT = 1;
const SEAT_KINDS = new Set(["human", "computer"]);

/** What is wrong with a save of `game` ("" when nothing). */
const problemOf = (game) => (data) => {
  if (!data || typeof data !== "object" || Array.isArray(data)) return storedProblem("notObject");
  if (data.format !== SCOPA_SAVE_FORMAT) return formatProblem(data.format);
  if (data.game !== game) return gameProblem(data.game);
  if (!data.record || typeof data.record !== "object") return storedProblem("noRecord");
  if (!Array.isArray(data.seats) || data.seats.length < 2 || data.seats.length > 4 || !data.seats.every((k) => SEAT_KINDS.has(k))) return storedProblem("badSeats");
  if (!Number.isInteger(data.viewer) || data.viewer < 0 || data.viewer >= data.seats.length) return storedProblem("badViewer");
  if (typeof data.deal !== "string") return storedProblem("noAddress");
  return "";
};

/**
 * The saved game of `game`: null (none, or storage off), {save}, {bad: reason}, or {other: true,
 * save} when the address names another deal. `?game=scopa` alone resumes any Scopa save.
 */
export function readScopaSave(search = "", game = "scopa") {
  const found = readSave(saveKey(game), problemOf(game), scopaDealKey(search), (data) => namesSavedDeal(search, game, data));
  if (found && found.other && namesOnlyGame(search)) return { save: found.save };
  return found;
}

/**
 * Whether the address `search` deals the very game the save `data` holds: its game, variant,
 * deal number, computer level and target (the address's defaults filled in: the game's first
 * variant, Intermediate, the variant's own target). An address without a deal number deals at
 * random: never the save's. Its "Copy link to this deal" link names it so (params.js
 * fishingDealLink), however the save's own address was written.
 */
function namesSavedDeal(search, game, data) {
  const params = new URLSearchParams(search);
  const settings = data.settings && typeof data.settings === "object" ? data.settings : {};
  const seed = [settings.seed, data.record && data.record.seed].find((n) => Number.isInteger(n));
  const raw = params.get("seed");
  if (raw === null || !/^\s*\d{1,16}\s*$/.test(raw) || Number(raw) !== seed) return false;
  if ((params.get("game") ?? "").trim().toLowerCase() !== game) return false;
  const variant = (params.get("variant") ?? presetsOf(game)[0]).trim().toLowerCase().replace(/-/g, "_");
  if (variant !== (settings.variant || presetsOf(game)[0])) return false;
  const level = params.has("level") ? levelName(params.get("level")) : DEFAULT_LEVEL;
  if (level !== (settings.level || DEFAULT_LEVEL)) return false;
  const target = params.has("target") ? Number(params.get("target")) : null;
  return target === (Number.isInteger(settings.target) ? settings.target : null);
}

function namesOnlyGame(search) {
  const params = new URLSearchParams(search);
  return !SCOPA_DEAL_PARAMS.some((name) => name !== "game" && params.has(name));
}

export function hasScopaSave(game = "scopa") {
  return hasSave(saveKey(game));
}

/** Moves an unreadable save to a key of its own; answers it ("" when storage refused). */
export function setAsideScopaSave(game = "scopa") {
  return setAside(saveKey(game));
}

/**
 * Saves after every change (web/ui/gamestore.js Saver). `notesOf(view)` answers what the page
 * says of the play that the engine's view does not hold (the player's own last move, the other
 * seats' declarations: web/scopa/app.js), kept as `notes` so that a reload says it again; null
 * when there is nothing to keep.
 */
export class ScopaSaver extends Saver {
  constructor(call, root, dealOf, game = "scopa", notesOf = (/** @type {any} */ view) => view && null) {
    super(saveKey(game), call, root, (view, settings, record) => {
      /** @type {Record<string, any>} */
      const data = turnGameSave(SCOPA_SAVE_FORMAT, game, dealOf(), record, view, settings);
      const notes = notesOf(view);
      if (notes) data.notes = notes;
      return data;
    });
  }
}
