// The California Jack and Shasta Sam games in progress, kept in the browser (localStorage), each
// under a key of its own (jackSaveKey: California Jack's "cassino.saved-jack", Shasta Sam's
// "cassino.saved-shasta_sam"), so a reload resumes it and starting one form never replaces the
// other's match, as every game of the site keeps its own. Like web/ui/saved.js for Cassino, on
// the same storage (web/ui/gamestore.js): the engine writes the record (export_record) and
// replays it (load_record); the page keeps it with the seats and its own settings.
//
// Saved as JSON: {format: 1, game, deal, record, seats, viewer, settings, savedAt}
// `deal` is the Jack deal parameters (jackDealKey) of the address the game began at: an
// address naming that deal resumes it, one naming another asks first (web/ui/replace.js).
// An address that names only the game (`?game=california_jack`, the Jack form of the plain
// address) resumes any save of that game, wherever it began.
//
// Before, both forms shared "cassino.saved-jack". A Shasta Sam match saved there by an older
// page is moved to Shasta Sam's key the first time either key is read (moveShastaSave): its
// exact text is written to the new key and checked there before it leaves the old one; when
// Shasta Sam's key already holds a match, the old copy is set aside (never deleted). A save
// there that names California Jack, or none that can be read, is California Jack's.
//
// A save that cannot be read is never thrown away: setAsideJackSave() moves its exact text
// to a key of its own (<key>.set-aside-<time>) and the page names it.
//
// State of the last save on the root element: data-save = "saving" | "saved" | "failed" |
// "off" | "kept". A finished match stays saved (`over: true`, web/ui/gamestore.js) until another
// game of its form replaces it. Nothing here throws.

import { jackDealKey, isJackGame, JACK_DEAL_PARAMS } from "./params.js";
import { readSave, hasSave, clearSave, setAside, store, savedAtOf, Saver, turnGameSave } from "../ui/gamestore.js";
import { formatProblem, gameProblem, storedProblem } from "../ui/storedproblem.js";

export const JACK_SAVE_KEY = "cassino.saved-jack"; // California Jack's (both forms' before)
export const SHASTA_SAVE_KEY = "cassino.saved-shasta_sam";
export const JACK_SAVE_FORMAT = 1;
const SEAT_KINDS = new Set(["human", "computer"]);

/** The key `game`'s save is kept under (California Jack's for any other name). */
export function jackSaveKey(game = "california_jack") {
  return game === "shasta_sam" ? SHASTA_SAVE_KEY : JACK_SAVE_KEY;
}

/** Why a parsed save of `game` cannot be used ("" when it can). */
const problemOf = (game) => (data) => {
  if (!data || typeof data !== "object" || Array.isArray(data)) return storedProblem("notObject");
  if (data.format !== JACK_SAVE_FORMAT) return formatProblem(data.format);
  if (!isJackGame(data.game) || data.game !== game) return gameProblem(data.game);
  if (!data.record || typeof data.record !== "object") return storedProblem("noRecord");
  if (!Array.isArray(data.seats) || data.seats.length !== 2 || !data.seats.every((k) => SEAT_KINDS.has(k))) return storedProblem("badSeats");
  if (!Number.isInteger(data.viewer) || data.viewer < 0 || data.viewer > 1) return storedProblem("badViewer");
  if (typeof data.deal !== "string") return storedProblem("noAddress");
  return "";
};

/**
 * A Shasta Sam match left under the key both forms shared goes to Shasta Sam's own (see the
 * top of this file). The old copy leaves only once the new one reads back the same.
 */
export function moveShastaSave() {
  const storage = store();
  if (!storage) return;
  try {
    const raw = storage.getItem(JACK_SAVE_KEY);
    if (raw === null || !raw.includes("shasta_sam")) return;
    let data;
    try {
      data = JSON.parse(raw);
    } catch {
      return; // unreadable: California Jack's page reports it and sets it aside
    }
    if (!data || data.game !== "shasta_sam") return;
    if (storage.getItem(SHASTA_SAVE_KEY) !== null) {
      setAside(JACK_SAVE_KEY); // Shasta Sam has a match of its own: the old one kept aside
      return;
    }
    storage.setItem(SHASTA_SAVE_KEY, raw);
    if (storage.getItem(SHASTA_SAVE_KEY) === raw) storage.removeItem(JACK_SAVE_KEY);
  } catch {
    // storage refused: everything stays where it was
  }
}

/**
 * The saved game of `game`: null (none, or storage off), {save}, or {bad: reason}. With
 * `search` (an address naming a Jack deal) a save made at another address is `{other: true, save}`.
 */
export function readJackSave(search = "", game = "california_jack") {
  moveShastaSave();
  const found = readSave(jackSaveKey(game), problemOf(game), jackDealKey(search));
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

export function hasJackSave(game = "california_jack") {
  moveShastaSave();
  return hasSave(jackSaveKey(game));
}

/** When `game`'s save was made (ms since 1970), or 0 when unknown. */
export function jackSavedAt(game = "california_jack") {
  moveShastaSave();
  return savedAtOf(jackSaveKey(game));
}

export function clearJackSave(game = "california_jack") {
  clearSave(jackSaveKey(game));
}

/** Moves `game`'s unreadable save to a key of its own; answers it ("" when storage refused). */
export function setAsideJackSave(game = "california_jack") {
  return setAside(jackSaveKey(game));
}

/**
 * Saves after every change (web/ui/gamestore.js Saver), each view under the key of its game (a
 * record of the other form loaded on the page is that form's match); `dealOf()` answers the
 * game's deal key. A key held (a save there that could not be set aside) is never written.
 */
export class JackSaver extends Saver {
  constructor(call, root, dealOf = () => jackDealKey(globalThis.location ? location.search : "")) {
    super(JACK_SAVE_KEY, call, root, (view, settings, record) => turnGameSave(JACK_SAVE_FORMAT, view.game, dealOf(), record, view, settings));
    this.heldKeys = new Set();
  }

  keyFor(view) {
    return jackSaveKey(view && view.game);
  }

  /** Writes nothing over `game`'s save (one that could not be set aside). */
  holdGame(game) {
    this.heldKeys.add(jackSaveKey(game));
  }

  isHeld(key) {
    return this.heldKeys.has(key);
  }
}
