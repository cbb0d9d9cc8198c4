// The player's statistics, per game variant and computer level, kept in the browser
// (localStorage). The figures are read off the engine's final view of a match (scores, winner,
// the rounds' sweeps); the page adds them up and never scores anything itself.
//
// What counts: a match between exactly one human and the computer (any number of computer
// seats; with partners, the human's side wins or loses and its sweeps count). A match with
// several humans at one screen, or with no human, is not counted: nobody's statistics are
// clearly at stake. A match counts when it ends on this page by a move; a record loaded
// already finished does not. Each match has an id (kept with the saved game, so a reload
// keeps it) and an id is counted once: a reload, an undo and a replay of the last move, or a
// reload on the final screen cannot count a match twice.
//
// Saved under STATS_KEY as JSON:
//   {format: 1, rows: {<row key>: Row}, counted: [match ids, newest last, at most KEEP_IDS]}
//   Row = {game, variant, players, custom, level, played, won, lost, points, sweeps,
//          streak, best}
// where `points` is the sum of the human side's final match scores (the table shows it per
// match), `sweeps` null for a game without sweeps, `streak` the current run of wins and `best`
// the longest. `level` is the computer's level, or "mixed" when the computer seats differ.
//
// A stored value that cannot be read (not JSON, another format, a wrong shape) is moved to a
// key of its own (STATS_KEY + ".set-aside-<time>"), nothing is lost, and the page goes on
// with empty statistics and says so. Storage may be missing or refuse: nothing here throws.

import { formatProblem, storedProblem } from "./storedproblem.js";
import { strings } from "./strings.js";

export const STATS_KEY = "cassino.stats";
export const STATS_FORMAT = 1;
const KEEP_IDS = 200; // match ids remembered; far more than could be reloaded back to
const COUNTS = ["played", "won", "lost", "points", "streak", "best"];
const LEVEL_ORDER = ["beginner", "intermediate", "expert", "random", "mixed"];

function store() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether statistics can be kept in this browser at all. */
export function statsAvailable() {
  return store() !== null;
}

export function emptyStats() {
  return { format: STATS_FORMAT, rows: {}, counted: [] };
}

/** A new match id: random, so two tabs or two devices never share one. */
export function newMatchId() {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A count's column as the statistics table names it ("points": the points, which the table
 * shows as an average). */
function columnName(name) {
  const columns = /** @type {any} */ (strings).statsColumns || {};
  if (name === "points") return storedProblem("pointsColumn");
  return columns[name] || name;
}

/** Why a parsed value is not statistics of this format ("" when it is). */
function problemOf(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return storedProblem("notObject");
  if (data.format !== STATS_FORMAT) return formatProblem(data.format);
  if (!data.rows || typeof data.rows !== "object" || Array.isArray(data.rows)) return storedProblem("noRows");
  if (!Array.isArray(data.counted) || !data.counted.every((id) => typeof id === "string")) return storedProblem("noCounted");
  for (const row of Object.values(data.rows)) {
    if (!row || typeof row !== "object") return storedProblem("rowNotObject");
    if (typeof row.game !== "string" || typeof row.variant !== "string" || typeof row.level !== "string") return storedProblem("rowNoVariant");
    if (!Number.isInteger(row.players) || row.players < 1) return storedProblem("rowNoPlayers");
    for (const name of COUNTS) {
      if (!Number.isFinite(row[name]) || (name !== "points" && row[name] < 0)) return storedProblem("rowBadCount", columnName(name));
    }
    if (row.won + row.lost > row.played) return storedProblem("rowTooMany");
    if (row.sweeps !== null && !(Number.isInteger(row.sweeps) && row.sweeps >= 0)) return storedProblem("rowBadCount", columnName("sweeps"));
  }
  return "";
}

/** Moves an unreadable value out of the way; answers the key it went to ("" if it could not). */
function setAside(storage, raw) {
  const key = `${STATS_KEY}.set-aside-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  try {
    storage.setItem(key, raw);
    storage.removeItem(STATS_KEY);
    return key;
  } catch {
    return "";
  }
}

/**
 * The statistics kept in this browser.
 * @returns {{stats, problem: string, asideKey: string}} problem: why the stored value could not
 *   be read ("" when it could, or when there was none); it is then set aside under asideKey and
 *   `stats` is empty.
 */
export function readStats() {
  const storage = store();
  if (!storage) return { stats: emptyStats(), problem: "", asideKey: "" };
  let raw;
  try {
    raw = storage.getItem(STATS_KEY);
  } catch {
    raw = null;
  }
  if (raw === null) return { stats: emptyStats(), problem: "", asideKey: "" };
  let data = null;
  let problem = "";
  try {
    data = JSON.parse(raw);
  } catch {
    problem = storedProblem("notJson");
  }
  if (!problem) problem = problemOf(data);
  if (!problem) return { stats: data, problem: "", asideKey: "" };
  return { stats: emptyStats(), problem, asideKey: setAside(storage, raw) };
}

function writeStats(stats) {
  try {
    const storage = store();
    if (!storage) return false;
    storage.setItem(STATS_KEY, JSON.stringify(stats));
    return true;
  } catch {
    return false;
  }
}

/** Forgets every figure (the player asked for it). Answers whether storage agreed. */
export function resetStats() {
  try {
    const storage = store();
    if (!storage) return false;
    storage.removeItem(STATS_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * One finished match as the statistics see it, from the engine's final view.
 * @param view the engine's view with phase "match_over" (Cassino: `seats`, `side_of`, `scores`,
 *   `winner`, `rounds[].sides[].sweeps`, `levels`, `preset`, `players`)
 * @param custom whether the rules differ from the variant's own (besides the players)
 * @returns {{result?: object, skip?: "several_humans"|"no_human"|"no_computer"|"not_over"}} one of the two
 */
export function matchResult(view, { game = "cassino", custom = false } = {}) {
  if (!view || view.phase !== "match_over") return { skip: "not_over" };
  const humans = view.seats.map((kind, seat) => (kind === "human" ? seat : -1)).filter((s) => s >= 0);
  if (humans.length === 0) return { skip: "no_human" };
  if (humans.length > 1) return { skip: "several_humans" };
  const levels = (Array.isArray(view.levels) ? view.levels : []).filter((level, seat) => view.seats[seat] === "computer");
  if (!view.seats.includes("computer")) return { skip: "no_computer" };
  const side = Array.isArray(view.side_of) ? view.side_of[humans[0]] : humans[0];
  const distinct = [...new Set(levels.map((level) => level || "intermediate"))];
  const rounds = Array.isArray(view.rounds) ? view.rounds : [];
  const hasSweeps = rounds.some((r) => r && r.sides && r.sides[side] && Number.isInteger(r.sides[side].sweeps));
  return {
    result: {
      game,
      variant: view.preset || game,
      players: view.players ?? view.seats.length,
      custom: Boolean(custom),
      level: distinct.length === 1 ? distinct[0] : distinct.length ? "mixed" : "intermediate",
      won: view.winner === side,
      lost: view.winner !== null && view.winner !== undefined && view.winner !== side,
      points: Number(view.scores[side]) || 0,
      sweeps: hasSweeps ? rounds.reduce((n, r) => n + ((r.sides[side] && r.sides[side].sweeps) || 0), 0) : null,
    },
  };
}

export function rowKey(r) {
  return [r.game, r.variant, r.players, r.custom ? "custom" : "standard", r.level].join("|");
}

/** The statistics with one more match added (a new object; `stats` is left as it was). */
export function addResult(stats, result, matchId) {
  const next = { format: STATS_FORMAT, rows: { ...stats.rows }, counted: [...stats.counted, matchId].slice(-KEEP_IDS) };
  const key = rowKey(result);
  const old = next.rows[key] || {
    game: result.game, variant: result.variant, players: result.players, custom: result.custom, level: result.level,
    played: 0, won: 0, lost: 0, points: 0, sweeps: result.sweeps === null ? null : 0, streak: 0, best: 0,
  };
  const streak = result.won ? old.streak + 1 : 0;
  next.rows[key] = {
    ...old,
    played: old.played + 1,
    won: old.won + (result.won ? 1 : 0),
    lost: old.lost + (result.lost ? 1 : 0),
    points: old.points + result.points,
    sweeps: result.sweeps === null ? old.sweeps : (old.sweeps ?? 0) + result.sweeps,
    streak,
    best: Math.max(old.best, streak),
  };
  return next;
}

/** Whether the match `matchId` is already counted (a finished match shown again by a reload).
 * Reads only: an unreadable value is left for readStats to set aside. */
export function isCounted(matchId) {
  if (!matchId) return false;
  try {
    const raw = store()?.getItem(STATS_KEY);
    const data = raw ? JSON.parse(raw) : null;
    return Boolean(data && Array.isArray(data.counted) && data.counted.includes(matchId));
  } catch {
    return false;
  }
}

/**
 * Counts a finished match once (by its id) and keeps the statistics.
 * @returns {{state: "counted"|"already"|"skipped"|"failed", skip?: string, problem?: string,
 *            asideKey?: string, row?: object}}
 */
export function recordMatch(view, matchId, options = {}) {
  const found = matchResult(view, options);
  if (found.skip) return { state: "skipped", skip: found.skip };
  if (!statsAvailable()) return { state: "failed" };
  const { stats, problem, asideKey } = readStats();
  // An unreadable value that could not be moved aside is never written over.
  if (problem && !asideKey) return { state: "failed", problem, asideKey };
  if (!matchId || stats.counted.includes(matchId)) return { state: "already", problem, asideKey };
  const next = addResult(stats, found.result, matchId);
  const ok = writeStats(next);
  return { state: ok ? "counted" : "failed", problem, asideKey, row: next.rows[rowKey(found.result)] };
}

/** The rows to show, by variant, then players, then level. */
export function statsRows(stats) {
  const levelRank = (level) => (LEVEL_ORDER.includes(level) ? LEVEL_ORDER.indexOf(level) : LEVEL_ORDER.length);
  return Object.values(stats.rows).sort(
    (a, b) =>
      a.game.localeCompare(b.game) ||
      a.variant.localeCompare(b.variant) ||
      a.players - b.players ||
      Number(a.custom) - Number(b.custom) ||
      levelRank(a.level) - levelRank(b.level),
  );
}
