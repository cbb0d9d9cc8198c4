// The daily deal's first results, kept in the browser (localStorage), as a daily puzzle keeps
// them: the first result of a date counts and stays; playing that date's deal again is
// practice and changes nothing here. A result is the daily's first round as the engine scored
// it (web/ui/daily.js dailyResult): your points, the other side's and your sweeps.
//
// Saved under DAILY_KEY as JSON: {"YYYY-MM-DD": {you, them, sweeps}, ...}.
//
// The first attempt counts, not the first finished one: a daily deal begun when that date's
// deal was already begun in this browser (and left, its cards seen) is practice too. The
// attempts are kept under DAILY_STARTED_KEY as JSON: {"YYYY-MM-DD": "<the game's matchId>"}.
//
// A stored value that cannot be read (not JSON, a wrong shape) is moved to a key of its own
// (DAILY_KEY + ".set-aside-<time>"), never deleted, and the page says so (as web/ui/stats.js
// does with the statistics). Storage may be missing or refuse: nothing here throws.

import { dailyDate } from "./daily.js";
import { setAside, store } from "./gamestore.js";
import { formatDate } from "./format.js";
import { storedProblem } from "./storedproblem.js";

export const DAILY_KEY = "cassino.daily";
export const DAILY_STARTED_KEY = "cassino.daily-started";

/**
 * One date's kept result.
 * @typedef {{you: number, them: number, sweeps: number}} DailyRecord
 */

const count = (n) => Number.isInteger(n) && n >= 0;

/** Why a parsed value is not the kept daily results ("" when it is). */
function problemOf(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return storedProblem("notObject");
  for (const [date, record] of Object.entries(data)) {
    if (dailyDate(date) !== date) return storedProblem("notDate", date);
    if (!record || typeof record !== "object" || Array.isArray(record)) return storedProblem("notResult", formatDate(date));
    // Points may be negative in a variant with penalties; sweeps are counted.
    if (!Number.isInteger(record.you) || !Number.isInteger(record.them) || !count(record.sweeps)) return storedProblem("badScore", formatDate(date));
  }
  return "";
}

/** What the stored text says, without changing anything. */
function parse(storage) {
  let raw;
  try {
    raw = storage.getItem(DAILY_KEY);
  } catch {
    raw = null;
  }
  if (raw === null) return { records: {}, problem: "" };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { records: {}, problem: storedProblem("notJson") };
  }
  const problem = problemOf(data);
  return { records: problem ? {} : data, problem };
}

/**
 * The kept daily results.
 * @returns {{records: Object<string, DailyRecord>, problem: string, asideKey: string}} problem:
 *   why the stored value could not be read ("" when it could, or there was none); it is then
 *   set aside under asideKey ("" if storage refused: it stays where it was) and `records` is empty.
 */
export function readDaily() {
  const storage = store();
  if (!storage) return { records: {}, problem: "", asideKey: "" };
  const { records, problem } = parse(storage);
  if (!problem) return { records, problem: "", asideKey: "" };
  // Moved, exactly, to a key of its own (web/ui/gamestore.js, as a saved game's).
  return { records: {}, problem, asideKey: setAside(DAILY_KEY) };
}

/** The kept result of `date`, or null. Reads only: an unreadable value is left for readDaily. */
export function dailyRecord(date) {
  const storage = store();
  if (!storage || !date) return null;
  const { records } = parse(storage);
  return Object.hasOwn(records, date) ? records[date] : null;
}

/** Whether two results are the same score. */
export function sameResult(a, b) {
  return Boolean(a && b) && a.you === b.you && a.them === b.them && a.sweeps === b.sweeps;
}

/**
 * Keeps `result` as its date's result unless that date already has one (the first counts).
 * @param {{date: string, you: number, them: number, sweeps: number}} result
 * @returns {{state: "kept"|"already"|"failed", first: DailyRecord|null, problem: string,
 *   asideKey: string}} first: the result that counts for the date (null when none could be kept)
 */
export function keepDailyResult(result) {
  const storage = store();
  if (!storage) return { state: "failed", first: null, problem: "", asideKey: "" };
  const { records, problem, asideKey } = readDaily();
  // An unreadable value that could not be moved aside is never written over.
  if (problem && !asideKey) return { state: "failed", first: null, problem, asideKey };
  if (Object.hasOwn(records, result.date)) return { state: "already", first: records[result.date], problem, asideKey };
  const first = { you: result.you, them: result.them, sweeps: result.sweeps };
  try {
    storage.setItem(DAILY_KEY, JSON.stringify({ ...records, [result.date]: first }));
  } catch {
    return { state: "failed", first: null, problem, asideKey };
  }
  return { state: "kept", first, problem, asideKey };
}

/** Why a parsed value is not the kept first attempts ("" when it is). */
function startsProblem(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return storedProblem("notObject");
  for (const [date, matchId] of Object.entries(data)) {
    if (dailyDate(date) !== date) return storedProblem("notDate", date);
    if (typeof matchId !== "string" || !matchId) return storedProblem("noGame", formatDate(date));
  }
  return "";
}

/**
 * The game (its matchId) that began each date's daily deal first in this browser.
 * @returns {{starts: Object<string, string>, problem: string, asideKey: string}} as readDaily:
 *   an unreadable value is set aside under asideKey and `starts` is empty
 */
export function readDailyStarts() {
  const { starts, problem } = parseStarts(store());
  if (!problem) return { starts, problem: "", asideKey: "" };
  return { starts: {}, problem, asideKey: setAside(DAILY_STARTED_KEY) };
}

/** What the stored attempts say, without changing anything. */
function parseStarts(storage) {
  let raw;
  try {
    raw = storage ? storage.getItem(DAILY_STARTED_KEY) : null;
  } catch {
    raw = null;
  }
  if (raw === null) return { starts: {}, problem: "" };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { starts: {}, problem: storedProblem("notJson") };
  }
  const problem = startsProblem(data);
  return { starts: problem ? {} : data, problem };
}

/**
 * A daily deal of `date` begins as game `matchId`: whether it is practice (that date already
 * has a kept result, or was begun by another game: its cards were seen), and if it is not,
 * it is kept as the date's first attempt.
 * @param {string} date YYYY-MM-DD
 * @param {string} matchId the new game's id (web/app.js newMatchId)
 * @returns {{practice: boolean, problem: string, asideKey: string}} problem/asideKey: the
 *   attempts could not be read and were set aside (the game is then not practice)
 */
export function beginDaily(date, matchId) {
  if (dailyRecord(date)) return { practice: true, problem: "", asideKey: "" };
  const { starts, problem, asideKey } = readDailyStarts();
  if (Object.hasOwn(starts, date) && starts[date] !== matchId) return { practice: true, problem, asideKey };
  // An unreadable value that could not be moved aside is never written over.
  if (!problem || asideKey) {
    try {
      store()?.setItem(DAILY_STARTED_KEY, JSON.stringify({ ...starts, [date]: matchId }));
    } catch {
      // storage full or refused: the attempt is not kept, the game is played all the same
    }
  }
  return { practice: false, problem, asideKey };
}

/** Whether `date`'s daily deal was begun in this browser (kept result or not). Reads only:
 * an unreadable value is left for beginDaily. */
export function dailyBegun(date) {
  return Boolean(dailyRecord(date)) || Object.hasOwn(parseStarts(store()).starts, date);
}
