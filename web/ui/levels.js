// The computer's playing strength per seat. The engine plays the levels (cassino_core.players
// LEVELS); the page only offers them, keeps them with the game and writes them into links.
//
// A game's levels are one entry per seat: null for a human seat, a level name for a computer.
// In the address: `level=expert` (every computer seat) or one entry per seat separated by
// commas, "-" (or nothing) for a human seat: `level=-,beginner,expert`. Each entry may be
// the whole name or its first letter.

export const LEVELS = ["beginner", "intermediate", "expert"];
export const DEFAULT_LEVEL = "intermediate";
/** Every level the engine plays (cassino_core.players ALL_LEVELS, and the same for California
 * Jack): the offered ones and "random", which a loaded record may name. */
export const PLAYABLE_LEVELS = ["random", ...LEVELS];

/** A level name from what a person typed ("Expert", "e"), or null when it is none. */
export function levelName(raw) {
  const text = String(raw ?? "").trim().toLowerCase();
  if (!text) return null;
  return LEVELS.find((name) => name === text || name[0] === text) ?? null;
}

/**
 * One entry per seat: the level of each computer seat (`levels[seat]` when the engine plays
 * it, else the default) and null for each human seat.
 */
export function levelsFor(seats, levels) {
  const given = Array.isArray(levels) ? levels : [];
  return seats.map((kind, seat) => {
    if (kind !== "computer") return null;
    return PLAYABLE_LEVELS.includes(given[seat]) ? given[seat] : DEFAULT_LEVEL;
  });
}

/**
 * Reads the address's `level` for these seats.
 * @returns {{levels: (string|null)[]|null, problem: string}} levels null when the value is wrong
 *   (problem then says why, in words for the player's message)
 */
export function parseLevelParam(raw, seats) {
  const text = String(raw).trim();
  const parts = text.split(",");
  if (parts.length === 1) {
    const one = levelName(text);
    if (!one) return { levels: null, problem: "unknown" };
    return { levels: seats.map((kind) => (kind === "computer" ? one : null)), problem: "" };
  }
  if (parts.length !== seats.length) return { levels: null, problem: "count" };
  const levels = [];
  for (const [seat, part] of parts.entries()) {
    const entry = part.trim();
    if (seats[seat] !== "computer") {
      if (entry !== "" && entry !== "-") return { levels: null, problem: "human" };
      levels.push(null);
      continue;
    }
    const one = levelName(entry);
    if (!one) return { levels: null, problem: "unknown" };
    levels.push(one);
  }
  return { levels, problem: "" };
}

/**
 * The address's form of a game's levels: "" when every computer plays the default level,
 * one name when they all play the same, else one entry per seat ("-" for a human).
 */
export function levelParam(seats, levels) {
  const full = levelsFor(seats, levels);
  const computers = full.filter((level) => level !== null);
  if (!computers.length || computers.every((level) => level === DEFAULT_LEVEL)) return "";
  if (computers.every((level) => level === computers[0])) return computers[0];
  return full.map((level) => level ?? "-").join(",");
}

/**
 * The computer levels a saved game names that this page does not know (each name once, in
 * the order found): in its `levels` (Cassino's page, one entry per seat), its settings'
 * `level` (the Jack page) and its record's `Levels` tag ("-" for a human seat). The engine
 * would play such a seat at the default level without a word (cassino_core.api `_levels`);
 * the page says so instead (web/app.js and web/jack/app.js `resumeSaved`).
 * @param {any} save a parsed save (web/ui/saved.js, web/jack/saved.js)
 * @returns {string[]}
 */
export function unknownSavedLevels(save) {
  const named = [];
  if (save && Array.isArray(save.levels)) named.push(...save.levels.filter((level) => level !== null));
  if (save && save.settings && typeof save.settings === "object" && save.settings.level !== undefined && save.settings.level !== null) {
    named.push(save.settings.level);
  }
  const tag = save && save.record && typeof save.record === "object" && save.record.tags && typeof save.record.tags === "object"
    ? save.record.tags.Levels : undefined;
  if (typeof tag === "string") named.push(...tag.split(/\s+/).filter((entry) => entry && entry !== "-"));
  const unknown = named.map(String).filter((level) => !PLAYABLE_LEVELS.includes(level));
  return [...new Set(unknown)];
}
