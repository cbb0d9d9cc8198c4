// The California Jack / Shasta Sam game in progress, kept in the browser (localStorage) under
// its own key, so a reload resumes it. Like web/ui/saved.js for Cassino, on the same storage
// (web/ui/gamestore.js): the engine writes the record (export_record) and replays it
// (load_record); the page keeps it with the seats and its own settings.
//
// Saved under JACK_SAVE_KEY as JSON:
//   {format: 1, game, deal, record, seats, viewer, settings, savedAt}
// `deal` is the Jack deal parameters (jackDealKey) of the address the game began at: an
// address naming that deal resumes it, one naming another asks first (web/ui/replace.js).
// An address that names only the game (`?game=california_jack`, the Jack form of the plain
// address) resumes any save of that game, wherever it began: the save is found whatever
// address opened the page; only a deal of its own (a seed, a level...) or the other Jack game
// asks before replacing it.
//
// A save that cannot be read is never thrown away: setAsideJackSave() moves its exact text
// to a key of its own (JACK_SAVE_KEY + ".set-aside-<time>") and the page names it.
//
// State of the last save on the root element: data-save = "saving" | "saved" | "failed" |
// "off" | "kept". A finished match stays saved (`over: true`, web/ui/gamestore.js) until another
// game replaces it. Nothing here throws.

import { jackDealKey, isJackGame, JACK_DEAL_PARAMS } from "./params.js";
import { readSave, hasSave, clearSave, setAside, Saver } from "../ui/gamestore.js";

export { savedAtOf } from "../ui/gamestore.js";

export const JACK_SAVE_KEY = "cassino.saved-jack";
export const JACK_SAVE_FORMAT = 1;
const SEAT_KINDS = new Set(["human", "computer"]);

function problemOf(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "not an object";
  if (data.format !== JACK_SAVE_FORMAT) return `unknown format ${JSON.stringify(data.format)}`;
  if (!isJackGame(data.game)) return `unknown game ${JSON.stringify(data.game)}`;
  if (!data.record || typeof data.record !== "object") return "no record";
  if (!Array.isArray(data.seats) || data.seats.length !== 2 || !data.seats.every((k) => SEAT_KINDS.has(k))) return "bad seats";
  if (!Number.isInteger(data.viewer) || data.viewer < 0 || data.viewer > 1) return "bad viewer";
  if (typeof data.deal !== "string") return "no address";
  return "";
}

/**
 * The saved Jack game: null (none, or storage off), {save}, or {bad: reason}. With `search`
 * (an address naming a Jack deal) a save made at another address is `{other: true, save}`.
 */
export function readJackSave(search = "") {
  const found = readSave(JACK_SAVE_KEY, problemOf, jackDealKey(search));
  if (found && found.other && namesOnlyGame(search, found.save.game)) return { save: found.save };
  return found;
}

/** Whether the address's only Jack deal parameter is `game`, naming `game` (any letter case,
 * a hyphen for the underscore, as web/jack/params.js readGame reads it). */
function namesOnlyGame(search, game) {
  const params = new URLSearchParams(search);
  if (JACK_DEAL_PARAMS.some((name) => name !== "game" && params.has(name))) return false;
  return (params.get("game") ?? "").trim().toLowerCase().replace(/-/g, "_") === game;
}

export function hasJackSave() {
  return hasSave(JACK_SAVE_KEY);
}

export function clearJackSave() {
  clearSave(JACK_SAVE_KEY);
}

/** Moves an unreadable save to a key of its own; answers it ("" when storage refused). */
export function setAsideJackSave() {
  return setAside(JACK_SAVE_KEY);
}

/** Saves after every change (web/ui/gamestore.js Saver); `dealOf()` answers the game's deal key. */
export class JackSaver extends Saver {
  constructor(call, root, dealOf = () => jackDealKey(globalThis.location ? location.search : "")) {
    super(JACK_SAVE_KEY, call, root, (view, settings, record) => ({
      format: JACK_SAVE_FORMAT,
      game: view.game,
      deal: dealOf(),
      record,
      seats: [...view.seats],
      viewer: view.seat,
      settings: settings && typeof settings === "object" ? settings : null,
      savedAt: new Date().toISOString(),
    }));
  }
}
