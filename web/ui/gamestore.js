// Storage of saved games in the browser (localStorage), shared by Cassino's page
// (web/ui/saved.js) and the California Jack page (web/jack/saved.js): each page keeps its game
// under a key of its own, with the format and checks of its own; this module reads, writes,
// sets aside and clears them, and saves after every change (Saver).
//
// Every save names the deal of the address the game began at (`deal`, a page's deal key): an
// address naming that deal resumes it, one naming another deal is told apart ({other: true}),
// so that the page asks before replacing it (web/ui/replace.js). An address may name the save's
// own deal in other words than the one it began at (its "Copy link to this deal" link, made at
// a plain address): a page compares the deal itself too (readSave's `sameDeal`), so such an
// address resumes it (play-test: a Scopa save opened through its own deal link asked
// «replace?»).
//
// A save in which no move was made yet holds nothing to lose: another deal replaces it
// unasked, as a finished match (asksBeforeReplacing). A save whose moves cannot be read is
// taken to have some.
//
// A finished match stays saved (`over: true` in the save) until another game replaces it, so
// a reload shows its result sheet and its replay again. It is no game in progress: a new game,
// an address naming another deal or a loaded record replaces it without asking
// (asksBeforeReplacing).
//
// A save that cannot be read (not JSON, a wrong shape, or a record the engine refuses) is
// never deleted: setAside moves its exact text to a key of its own, `<key>.set-aside-<time>`,
// as web/ui/stats.js does with statistics, and the page names that key in its message.
//
// A save can also be kept as it was until the player acts (Saver.keepUntilPlayed): a game
// resumed with a change the player was told of (an unknown computer level) is not written
// over before they choose to play on.
//
// Storage can be missing or refuse (private browsing, quota, disabled cookies): the game then
// just goes on unsaved. Nothing here throws.

import { storedProblem } from "./storedproblem.js";

export function store() {
  try {
    return globalThis.localStorage ?? null; // reading the property itself may throw
  } catch {
    return null;
  }
}

/** The text kept under `key`, or null when none is kept or storage is missing or refuses. */
export function readKept(key) {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (a player's setting); answers whether it could be kept. */
export function keep(key, value) {
  try {
    const storage = store();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The parameters `names` of an address (`location.search`) as one comparable string. */
export function addressKey(search, names) {
  const params = new URLSearchParams(search);
  return names.filter((name) => params.has(name))
    .map((name) => `${name}=${params.get(name)}`)
    .join("&");
}

/**
 * The game saved under `key` for the address whose deal key is `here` ("" names no deal):
 * null (none, or storage off), {save}, {other: true, save} (saved for another deal) or
 * {bad: reason}. `problemOf(data)` answers why a parsed save cannot be used ("" when it can);
 * `sameDeal(data)`, whether the address names the save's deal though its key differs (the
 * game, variant, deal number... compared, not their spelling).
 * @param {string} key
 * @param {(data: any) => string} problemOf
 * @param {string} [here]
 * @param {((data: any) => boolean) | null} [sameDeal]
 */
export function readSave(key, problemOf, here = "", sameDeal = null) {
  const storage = store();
  if (!storage) return null;
  let raw;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { bad: storedProblem("notJson") };
  }
  const problem = problemOf(data);
  if (problem) return { bad: problem };
  if (here && data.deal !== here && !(sameDeal && sameDeal(data))) return { other: true, save: data };
  return { save: data };
}

/** Whether a save (readSave's `save`) holds a finished match (see the top of this file). */
export function isFinished(save) {
  return Boolean(save && typeof save === "object" && save.over === true);
}

/** Whether a saved finished match had undo closed by the engine (its replay was shown): a page
 * resuming it asks for the replay again, which closes undo again. */
export function isUndoClosed(save) {
  return isFinished(save) && save.undoClosed === true;
}

/**
 * Whether readSave's answer `found` is a game the address's deal must not replace unasked:
 * one saved for another deal, not yet over, with a move made. A finished match is replaced
 * silently: the player saw its result, and the statistics already hold it; so is a deal in
 * which nobody moved yet (play-test: the question asked over a save with no move made).
 */
export function asksBeforeReplacing(found) {
  return Boolean(found && found.other && !isFinished(found.save) && hasMoves(found.save));
}

/**
 * Whether a save's record holds a move: its rounds (or deals) list, each a list of moves, has
 * one that is not empty, or more than one. In doubt (another shape) it answers true: a save is
 * never replaced unasked for want of reading it.
 */
export function hasMoves(save) {
  const record = save && typeof save === "object" ? save.record : null;
  const parts = record && typeof record === "object" ? (record.rounds ?? record.deals) : null;
  if (!Array.isArray(parts)) return true;
  return parts.length > 1 || parts.some((moves) => !Array.isArray(moves) || moves.length > 0);
}

/**
 * Whether two lists of an address's parameters ("name=value" pairs, as URLSearchParams gives
 * them) hold the same pairs, in any order.
 * @param {string} a @param {string} b
 */
export function sameParams(a, b) {
  const pairs = (search) => [...new URLSearchParams(search)].map(([k, v]) => `${k}=${v}`).sort().join("&");
  return pairs(a) === pairs(b);
}

/**
 * What a turn game's save holds (the California Jack and fishing pages; Cassino's has its own):
 * `{format, game, deal, record, seats, viewer, settings, savedAt}`: the save's format number,
 * the game, the deal key of the address it began at, the engine's record, the seats
 * ("human"/"computer") and the seat the page shows (from `view`), the settings as started
 * (null when not an object) and the time, ISO 8601.
 * @param {number} format @param {string} game @param {string} deal @param {any} record
 * @param {{seats: string[], seat: number}} view @param {any} settings
 */
export function turnGameSave(format, game, deal, record, view, settings) {
  return {
    format,
    game,
    deal,
    record,
    seats: [...view.seats],
    viewer: view.seat,
    settings: settings && typeof settings === "object" ? settings : null,
    savedAt: new Date().toISOString(),
  };
}

/** Whether anything is kept under `key`. */
export function hasSave(key) {
  try {
    return Boolean(store()?.getItem(key));
  } catch {
    return false;
  }
}

/** When the save under `key` was made (ms since 1970), or 0 when unknown. */
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

export function clearSave(key) {
  try {
    store()?.removeItem(key);
  } catch {
    // nothing to do: storage refused
  }
}

/**
 * Moves the text kept under `key`, unchanged, to `<key>.set-aside-<time>`; answers that key,
 * or "" when storage refused (the save is then left where it was, never deleted).
 */
export function setAside(key) {
  const storage = store();
  if (!storage) return "";
  try {
    const raw = storage.getItem(key);
    if (raw === null) return "";
    const aside = `${key}.set-aside-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    storage.setItem(aside, raw);
    if (storage.getItem(aside) !== raw) return "";
    storage.removeItem(key);
    return aside;
  } catch {
    return "";
  }
}

/**
 * Saves a game under `key` after every change. `call(op, payload, {quiet})` is the page's
 * engine call; `root` gets data-save = "saving" | "saved" | "failed" | "off" (no storage) |
 * "kept" (keepUntilPlayed); `build(view, settings, record)` answers the JSON to keep, to which
 * a finished match (view.phase "match_over") adds `over: true`, and `undoClosed: true` once the
 * engine refuses undo in it (after its replay).
 * One export runs at a time; a change meanwhile is saved after it, so the last save is always
 * of the latest state.
 */
export class Saver {
  constructor(key, call, root, build) {
    this.key = key;
    this.call = call;
    this.root = root;
    this.build = build;
    this.next = null; // {view, settings} waiting to be saved
    this.running = false;
    this.stopped = false;
    this.held = false; // a save that could not be set aside is kept: nothing is written over it
    this.kept = false; // the save stays as it was until the player acts (keepUntilPlayed)
  }

  /**
   * Writes nothing over the save until `release()` (the player's first act: a move, undo,
   * the next round, a new game or record): the game resumed from it differs from what it
   * says (an unknown computer level played at the default one), and the player has not yet
   * chosen to go on. Meanwhile data-save is "kept"; the latest state is saved on release.
   */
  keepUntilPlayed() {
    this.kept = true;
  }

  /** The player acted: saving goes on, from the latest state. */
  release() {
    if (!this.kept) return;
    this.kept = false;
    if (this.next && !this.running && !this.stopped) this.run();
  }

  /** The game left the page (another game began): save nothing more. */
  stop() {
    this.stopped = true;
    this.next = null;
  }

  /** Writes nothing over what `key` holds (a save that could not be set aside). */
  hold() {
    this.held = true;
  }

  /** The key `view`'s game is saved under: `key` (a page keeping two games apart, as the
   * California Jack page its two forms, answers each its own). */
  keyFor(view) { // eslint-disable-line no-unused-vars
    return this.key;
  }

  /** Whether nothing may be written over what `key` holds (hold). */
  isHeld(key) { // eslint-disable-line no-unused-vars
    return this.held;
  }

  /** The engine's new view (and the page's settings of the game): save it. */
  changed(view, settings) {
    if (!view || this.stopped) return;
    if (!store()) {
      this.root.dataset.save = "off";
      return;
    }
    this.next = { view, settings };
    if (this.kept) {
      this.root.dataset.save = "kept";
      return;
    }
    if (!this.running) this.run();
  }

  async run() {
    this.running = true;
    this.root.dataset.save = "saving";
    let state = "saved";
    while (this.next && !this.stopped && !this.kept) {
      const { view, settings } = this.next;
      this.next = null;
      const key = this.keyFor(view);
      if (this.isHeld(key)) {
        state = "failed";
        continue;
      }
      // The JSON record alone: the text form costs a replay of the whole match.
      const answer = await this.call("export_record", { forms: ["record"] }, { quiet: true });
      if (this.stopped) break;
      if (!answer || answer.error || !answer.record) {
        state = "failed";
        continue;
      }
      try {
        const data = this.build(view, settings, answer.record);
        // Kept after the match too: a reload shows its result; the next game replaces it.
        if (view.phase === "match_over") {
          data.over = true;
          // The engine closed undo (the replay showed every hand): the page that resumes this
          // save closes it again (isUndoClosed), or a reload would reopen it.
          if (view.can_undo === false) data.undoClosed = true;
        }
        store().setItem(key, JSON.stringify(data));
        state = "saved";
      } catch {
        state = "failed"; // full or refused: play goes on unsaved
      }
    }
    this.running = false;
    if (!this.stopped) this.root.dataset.save = this.kept ? "kept" : state;
  }
}
