// Why something the browser kept for the player (a saved game, the statistics, the daily
// results) cannot be used, in the player's language. The page says it inside its own sentence
// ("The saved game could not be resumed (...)"), then sets the stored text aside unchanged: a
// Russian player read "(bad seats)" or "(not JSON)" in English there.

import { strings } from "./strings.js";

/**
 * The words for a stored value's fault.
 * @param {string} code the fault: a key of the "ui" section's "storedProblems"
 *   (web/i18n/<lang>.json): notJson, notObject, unknownFormat, unknownGame, noRecord, badSeats,
 *   badViewer, noAddress, badLevels, noFormat, noGameNamed, notDate, notResult, badScore,
 *   noGame, noRows, noCounted, rowNotObject, rowNoVariant, rowNoPlayers, rowBadCount,
 *   rowTooMany
 * @param {...(string|number)} args its details, in the message's order: a format or a game as
 *   stored (storedValue), a date as the page writes it, a column's name
 * @returns {string} the text; `code` itself when the words are not loaded (never empty: an
 *   empty answer means "no fault" to the callers)
 */
export function storedProblem(code, ...args) {
  const table = /** @type {any} */ (strings).storedProblems;
  const words = table ? table[code] : undefined;
  if (typeof words === "function") return words(...args);
  return typeof words === "string" && words ? words : code;
}

/** A stored value (a format number, a game's name) as the words name it: a number as it is,
 * text in the language's quotes (a format "1" stored as text is not format 1); longer than 40
 * characters, cut short with "…". */
function storedValue(value) {
  const shown = (text) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
  return typeof value === "string" ? storedProblem("quoted", shown(value)) : shown(String(JSON.stringify(value)));
}

/** Why a stored value's `format` (web/ui/saved.js and the like) is not `expected`: none
 * stored, or another. */
export function formatProblem(format) {
  return format === undefined || format === null ? storedProblem("noFormat") : storedProblem("unknownFormat", storedValue(format));
}

/** Why a stored save's `game` is not this page's: none named, or another game. */
export function gameProblem(game) {
  return game === undefined || game === null || game === "" ? storedProblem("noGameNamed") : storedProblem("unknownGame", storedValue(game));
}
