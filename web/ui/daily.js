// The daily deal: one Classic deal a day, the same for everyone, you against the Intermediate
// computer. The date (UTC, YYYY-MM-DD) names the deal; its seed is a hash of the text
// "cassino-daily-YYYY-MM-DD" (32-bit FNV-1a over its characters, all ASCII, read as an unsigned
// number), passed to the engine's new_game like any seed. Which cards that seed deals, and who
// deals first, is the engine's business: the page only picks the number.
//
// The daily challenge is the match's first round: when it ends, the score sheet shows a line
// to share ("Cassino daily 2026-12-01: 8–3, 2 sweeps", the round's points of each side and
// your sweeps, as the engine scored them). The match goes on to 21 as usual if you like.
//
// Address: `?daily=YYYY-MM-DD` or `?daily=today` (rewritten to the date, so the address names
// the deal and a reload resumes it).

export const DAILY_PRESET = "classic";
export const DAILY_LEVEL = "intermediate";
const FIRST_DAY = "2000-01-01";

/** Today's date in UTC, as YYYY-MM-DD. */
export function todayUtc(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/**
 * The date a `daily` value names: "today" (any case) or a real calendar date YYYY-MM-DD from
 * 2000-01-01 on. Returns the date text, or null when the value is neither.
 */
export function dailyDate(raw, now = new Date()) {
  const text = String(raw ?? "").trim();
  if (text.toLowerCase() === "today") return todayUtc(now);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over into March: a real date comes back as itself.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (text < FIRST_DAY) return null;
  return text;
}

/** The seed of a date's deal: FNV-1a (32 bits) of "cassino-daily-" + date. */
export function dailySeed(date) {
  let hash = 0x811c9dc5;
  for (const ch of `cassino-daily-${date}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** New-game settings for a date's deal (web/app.js startGame). */
export function dailySettings(date) {
  return {
    preset: DAILY_PRESET,
    overrides: {},
    seats: ["human", "computer"],
    levels: [null, DAILY_LEVEL],
    names: [],
    seed: dailySeed(date),
    daily: date,
  };
}

/**
 * The daily result from the engine's view once the first round is scored, or null before.
 * @returns {{date, you: number, them: number, sweeps: number}|null}
 */
export function dailyResult(view, date, youSide) {
  if (!date || !view || view.phase === "play" || !Array.isArray(view.rounds) || !view.rounds.length) return null;
  const sides = view.rounds[0].sides || [];
  if (youSide === null || youSide === undefined || !sides[youSide]) return null;
  const others = sides.filter((_, i) => i !== youSide).map((s) => s.total);
  return { date, you: sides[youSide].total, them: Math.max(...others), sweeps: sides[youSide].sweeps ?? 0 };
}

/**
 * Whether Undo now would take a daily deal back into its first round once that round is scored
 * (its result kept, or shown as practice): at that round's end (a move of it would be taken
 * back), or in the next round before the player's own first move of it (their previous turn is
 * in the daily round). Undo within a later round stays open.
 * @param {any} view the engine's view (rounds: the rounds scored; last_moves: each seat's
 *   latest move this round)
 * @param {string|null} date the daily deal's date, null for another game
 */
export function undoReopensDaily(view, date) {
  if (!date || !view || !Array.isArray(view.rounds) || view.rounds.length !== 1) return false;
  if (view.phase !== "play") return true;
  const moves = Array.isArray(view.last_moves) ? view.last_moves : [];
  return !moves[view.seat];
}
