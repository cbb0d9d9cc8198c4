// The game in progress, kept in the browser (localStorage) so that a reload, or closing the tab
// and coming back, resumes it. The engine writes the record (export_record) and replays it
// (load_record); the page only keeps it, with the seats and the page's own settings.
//
// Saved under SAVE_KEY as JSON:
//   {format: 1, deal, record, seats, viewer, levels, settings, savedAt}
// where `deal` is the deal parameters (dealKey) of the address the game was started at (a
// game resumed at a plain address keeps its own): an address that names that deal resumes
// it; an address naming another deal (`?seed=7`, a link to a deal, a daily deal) first asks
// whether to replace it (web/ui/replace.js); an address without one resumes whatever was saved.
// `levels` (one entry per seat: null for a human, else the computer's level) is passed back
// to load_record, so a reload plays on against the same levels; a save without it (older
// pages) resumes at the engine's default level.
//
// Storage can be missing or refuse (private browsing, quota, disabled cookies): the game then
// just goes on unsaved. Nothing here throws.
//
// For tests and tools the state of the last save is on <main id="app">: data-save =
// "saving" | "saved" | "cleared" (the match ended) | "failed" | "off" (no storage).

import { DEAL_PARAMS } from "./params.js";

export const SAVE_KEY = "cassino.saved-game";
export const SAVE_FORMAT = 1;
const SEAT_KINDS = new Set(["human", "computer"]);

/** The deal parameters of an address (`location.search`), as one comparable string. */
export function dealKey(search) {
  const params = new URLSearchParams(search);
  return DEAL_PARAMS.filter((name) => params.has(name))
    .map((name) => `${name}=${params.get(name)}`)
    .join("&");
}

function store() {
  try {
    return globalThis.localStorage ?? null; // reading the property itself may throw
  } catch {
    return null;
  }
}

/** Why a parsed save cannot be used ("" when it can). */
function problemOf(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "not an object";
  if (data.format !== SAVE_FORMAT) return `unknown format ${JSON.stringify(data.format)}`;
  if (!data.record || typeof data.record !== "object") return "no record";
  if (!Array.isArray(data.seats) || !data.seats.every((kind) => SEAT_KINDS.has(kind))) return "bad seats";
  if (!Number.isInteger(data.viewer) || data.viewer < 0 || data.viewer >= data.seats.length) return "bad viewer";
  if (typeof data.deal !== "string") return "no address";
  if (data.levels !== undefined && data.levels !== null) {
    const ok = Array.isArray(data.levels) && data.levels.length === data.seats.length &&
      data.levels.every((level, seat) => level === null || (data.seats[seat] === "computer" && typeof level === "string"));
    if (!ok) return "bad levels";
  }
  return "";
}

/**
 * The saved game to resume at the address `search`: null (none, or storage off), {save},
 * {other: true, save} (saved for another deal than the address names) or {bad: reason}.
 */
export function readSaved(search) {
  const storage = store();
  if (!storage) return null;
  let raw;
  try {
    raw = storage.getItem(SAVE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { bad: "not JSON" };
  }
  const problem = problemOf(data);
  if (problem) return { bad: problem };
  const here = dealKey(search);
  if (here && data.deal !== here) return { other: true, save: data }; // this address deals a game of its own
  return { save: data };
}

/** The levels to save: the engine's (view.levels) when it sends them, else the page's. */
function savedLevels(view, settings) {
  const levels = Array.isArray(view.levels) ? view.levels : settings && Array.isArray(settings.levels) ? settings.levels : null;
  if (!levels || levels.length !== view.seats.length) return null;
  return view.seats.map((kind, seat) => (kind === "computer" && typeof levels[seat] === "string" ? levels[seat] : null));
}

export function clearSaved() {
  try {
    store()?.removeItem(SAVE_KEY);
  } catch {
    // nothing to do: storage refused
  }
}

/**
 * Saves the game after every change. `call(op, payload, {quiet})` is the page's engine call;
 * `root` gets data-save; `dealOf()` answers the game's deal key (the address it was started
 * at). One export runs at a time; a change meanwhile is saved after it, so
 * the last save is always of the latest state.
 */
export class GameSaver {
  constructor(call, root, dealOf = () => dealKey(globalThis.location ? location.search : "")) {
    this.call = call;
    this.root = root;
    this.dealOf = dealOf;
    this.next = null; // {view, settings} waiting to be saved
    this.running = false;
  }

  /** The engine's new view (and the page's settings of the game): save it. */
  changed(view, settings) {
    if (!view) return;
    if (!store()) {
      this.root.dataset.save = "off";
      return;
    }
    this.next = { view, settings };
    if (!this.running) this.run();
  }

  async run() {
    this.running = true;
    this.root.dataset.save = "saving";
    let state = "saved";
    while (this.next) {
      const { view, settings } = this.next;
      this.next = null;
      if (view.phase === "match_over") {
        clearSaved(); // a finished match is not resumed: the next visit starts a new one
        state = "cleared";
        continue;
      }
      const answer = await this.call("export_record", {}, { quiet: true });
      if (!answer || answer.error || !answer.record) {
        state = "failed";
        continue;
      }
      const humans = view.seats.map((kind, seat) => (kind === "human" ? seat : -1)).filter((s) => s >= 0);
      const data = {
        format: SAVE_FORMAT,
        deal: this.dealOf(),
        record: answer.record,
        seats: [...view.seats],
        viewer: humans.includes(view.seat) ? view.seat : (humans[0] ?? 0),
        levels: savedLevels(view, settings),
        settings: settings && typeof settings === "object" ? settings : null,
        savedAt: new Date().toISOString(),
      };
      try {
        store().setItem(SAVE_KEY, JSON.stringify(data));
        state = "saved";
      } catch {
        state = "failed"; // full or refused: play goes on unsaved
      }
    }
    this.running = false;
    this.root.dataset.save = state;
  }
}
