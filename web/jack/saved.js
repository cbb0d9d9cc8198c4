// The California Jack / Shasta Sam game in progress, kept in the browser (localStorage) under
// its own key, so a reload resumes it. Like web/ui/saved.js for Cassino: the engine writes the
// record (export_record) and replays it (load_record); the page keeps it with the seats and
// its own settings.
//
// Saved under JACK_SAVE_KEY as JSON:
//   {format: 1, game, deal, record, seats, viewer, settings, savedAt}
// `deal` is the address's Jack deal parameters when it was saved (jackDealKey): an address
// naming a deal resumes only a game saved at that address.
//
// A save that cannot be read is never thrown away silently: setAsideJackSave() moves it to
// JACK_SET_ASIDE_KEY (the last one only) and the page says so.
//
// State of the last save on the root element: data-save = "saving" | "saved" | "cleared" |
// "failed" | "off". Nothing here throws.

import { jackDealKey, isJackGame } from "./params.js";

export const JACK_SAVE_KEY = "cassino.saved-jack";
export const JACK_SET_ASIDE_KEY = "cassino.saved-jack.set-aside";
export const JACK_SAVE_FORMAT = 1;
const SEAT_KINDS = new Set(["human", "computer"]);

function store() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

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
  const storage = store();
  if (!storage) return null;
  let raw;
  try {
    raw = storage.getItem(JACK_SAVE_KEY);
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
  const here = jackDealKey(search);
  if (here && data.deal !== here) return { other: true, save: data };
  return { save: data };
}

/** When the save was made (ms since 1970), or 0 when unknown. Any JSON with a savedAt works:
 * web/ui/saved.js writes the same field, so the newer of the two games can be resumed. */
export function savedAtOf(key) {
  try {
    const raw = store()?.getItem(key);
    if (!raw) return 0;
    const when = Date.parse(JSON.parse(raw).savedAt);
    return Number.isFinite(when) ? when : 0;
  } catch {
    return 0;
  }
}

export function hasJackSave() {
  try {
    return Boolean(store()?.getItem(JACK_SAVE_KEY));
  } catch {
    return false;
  }
}

export function clearJackSave() {
  try {
    store()?.removeItem(JACK_SAVE_KEY);
  } catch {
    // storage refused: nothing to do
  }
}

/** Moves an unreadable save out of the way (kept under JACK_SET_ASIDE_KEY for inspection). */
export function setAsideJackSave() {
  try {
    const storage = store();
    if (!storage) return;
    const raw = storage.getItem(JACK_SAVE_KEY);
    if (raw !== null) storage.setItem(JACK_SET_ASIDE_KEY, raw);
    storage.removeItem(JACK_SAVE_KEY);
  } catch {
    clearJackSave();
  }
}

/**
 * Saves after every change. `call(op, payload, {quiet})` is the page's engine call. One export
 * runs at a time; a change meanwhile is saved after it, so the last save is the latest state.
 */
export class JackSaver {
  constructor(call, root, dealOf = () => jackDealKey(globalThis.location ? location.search : "")) {
    this.call = call;
    this.root = root;
    this.dealOf = dealOf; // the deal key of the address the game began at
    this.next = null;
    this.running = false;
    this.stopped = false;
  }

  /** The game left the page (another game began): save nothing more. */
  stop() {
    this.stopped = true;
    this.next = null;
  }

  changed(view, settings) {
    if (!view || this.stopped) return;
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
    while (this.next && !this.stopped) {
      const { view, settings } = this.next;
      this.next = null;
      if (view.phase === "match_over") {
        clearJackSave();
        state = "cleared";
        continue;
      }
      const answer = await this.call("export_record", {}, { quiet: true });
      if (this.stopped) break;
      if (!answer || answer.error || !answer.record) {
        state = "failed";
        continue;
      }
      const data = {
        format: JACK_SAVE_FORMAT,
        game: view.game,
        deal: this.dealOf(),
        record: answer.record,
        seats: [...view.seats],
        viewer: view.seat,
        settings: settings && typeof settings === "object" ? settings : null,
        savedAt: new Date().toISOString(),
      };
      try {
        store().setItem(JACK_SAVE_KEY, JSON.stringify(data));
        state = "saved";
      } catch {
        state = "failed";
      }
    }
    this.running = false;
    if (!this.stopped) this.root.dataset.save = state;
  }
}
