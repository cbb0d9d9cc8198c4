// The game in progress, kept in the browser (localStorage) so that a reload, or closing the tab
// and coming back, resumes it. The engine writes the record (export_record) and replays it
// (load_record); the page only keeps it, with the seats and the page's own settings. The
// storage itself (reading, setting aside, saving after each change) is web/ui/gamestore.js,
// shared with the California Jack page (web/jack/saved.js).
//
// Saved under SAVE_KEY as JSON:
//   {format: 1, deal, record, seats, viewer, levels, settings, savedAt, over?, undoClosed?}
// where `deal` is the deal parameters (dealKey) of the address the game was started at (a
// game resumed at a plain address keeps its own): an address that names that deal resumes
// it; an address naming another deal (`?seed=7`, a link to a deal, a daily deal) first asks
// whether to replace it (web/ui/replace.js); an address without one resumes whatever was saved.
// `levels` (one entry per seat: null for a human, else the computer's level) is passed back
// to load_record, so a reload plays on against the same levels; a save without it (older
// pages) resumes at the engine's default level.
//
// A save that cannot be resumed is set aside under a key of its own (setAsideSaved, see
// gamestore.js), never deleted.
//
// For tests and tools the state of the last save is on <main id="app">: data-save =
// "saving" | "saved" | "failed" | "off" (no storage) | "kept". A finished match stays saved
// (with `over: true`, see gamestore.js) until another game replaces it, unasked.

import { DEAL_PARAMS, dealLink } from "./params.js";
import { addressKey, readSave, clearSave, setAside, Saver, sameParams } from "./gamestore.js";
import { formatProblem, storedProblem } from "./storedproblem.js";

export const SAVE_KEY = "cassino.saved-game";
export const SAVE_FORMAT = 1;
const SEAT_KINDS = new Set(["human", "computer"]);

/** The deal parameters of an address (`location.search`), as one comparable string. */
export function dealKey(search) {
  return addressKey(search, DEAL_PARAMS);
}

/** Why a parsed save cannot be used ("" when it can). */
function problemOf(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return storedProblem("notObject");
  if (data.format !== SAVE_FORMAT) return formatProblem(data.format);
  if (!data.record || typeof data.record !== "object") return storedProblem("noRecord");
  if (!Array.isArray(data.seats) || !data.seats.every((kind) => SEAT_KINDS.has(kind))) return storedProblem("badSeats");
  if (!Number.isInteger(data.viewer) || data.viewer < 0 || data.viewer >= data.seats.length) return storedProblem("badViewer");
  if (typeof data.deal !== "string") return storedProblem("noAddress");
  if (data.levels !== undefined && data.levels !== null) {
    const ok = Array.isArray(data.levels) && data.levels.length === data.seats.length &&
      data.levels.every((level, seat) => level === null || (data.seats[seat] === "computer" && typeof level === "string"));
    if (!ok) return storedProblem("badLevels");
  }
  return "";
}

/**
 * The saved game to resume at the address `search`: null (none, or storage off), {save},
 * {other: true, save} (saved for another deal than the address names) or {bad: reason}.
 */
export function readSaved(search) {
  return readSave(SAVE_KEY, problemOf, dealKey(search), (data) => namesSavedDeal(search, data));
}

/**
 * Whether the address `search` names the deal the save `data` holds, as its "Copy link to this
 * deal" link does (params.js dealLink: the variant, players, deal number, rules, seats and
 * levels), however the save's own address was written (a plain one, say). Only a link with a
 * deal number can name it; any other address is compared by its key alone.
 */
function namesSavedDeal(search, data) {
  const settings = data.settings && typeof data.settings === "object" ? data.settings : null;
  if (!settings || typeof settings.preset !== "string" || !new URLSearchParams(search).has("seed")) return false;
  const seed = [settings.seed, data.record && data.record.seed].find((n) => Number.isInteger(n));
  if (seed === undefined || settings.daily) return false;
  const link = dealLink("https://cassino.invalid/", {
    preset: settings.preset,
    players: data.seats.length,
    seed,
    overrides: settings.overrides && typeof settings.overrides === "object" ? settings.overrides : {},
    seats: data.seats,
    levels: Array.isArray(data.levels) ? data.levels : settings.levels,
  });
  return sameParams(dealKey(new URL(link).search), dealKey(search));
}

/** The levels to save: the engine's (view.levels) when it sends them, else the page's. */
function savedLevels(view, settings) {
  const levels = Array.isArray(view.levels) ? view.levels : settings && Array.isArray(settings.levels) ? settings.levels : null;
  if (!levels || levels.length !== view.seats.length) return null;
  return view.seats.map((kind, seat) => (kind === "computer" && typeof levels[seat] === "string" ? levels[seat] : null));
}

export function clearSaved() {
  clearSave(SAVE_KEY);
}

/** Moves an unusable save to a key of its own; answers it ("" when storage refused). */
export function setAsideSaved() {
  return setAside(SAVE_KEY);
}

/**
 * Saves the game after every change. `call(op, payload, {quiet})` is the page's engine call;
 * `root` gets data-save; `dealOf()` answers the game's deal key (the address it was started
 * at).
 */
export class GameSaver extends Saver {
  constructor(call, root, dealOf = () => dealKey(globalThis.location ? location.search : "")) {
    super(SAVE_KEY, call, root, (view, settings, record) => {
      const humans = view.seats.map((kind, seat) => (kind === "human" ? seat : -1)).filter((s) => s >= 0);
      return {
        format: SAVE_FORMAT,
        deal: dealOf(),
        record,
        seats: [...view.seats],
        viewer: humans.includes(view.seat) ? view.seat : (humans[0] ?? 0),
        levels: savedLevels(view, settings),
        settings: settings && typeof settings === "object" ? settings : null,
        savedAt: new Date().toISOString(),
      };
    });
  }
}
