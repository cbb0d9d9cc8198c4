// Why something the browser kept for the player (a saved game, the statistics, the daily
// results) cannot be used, in the player's language. The page says it inside its own sentence
// ("The saved game could not be resumed (...)"), then sets the stored text aside unchanged: a
// Russian player read "(bad seats)" or "(not JSON)" in English there.

import { strings } from "./strings.js";

/**
 * The words for a stored value's fault.
 * @param {string} code the fault: a key of the "ui" section's "storedProblems"
 *   (web/i18n/<lang>.json): notJson, notObject, unknownFormat, unknownGame, noRecord, badSeats,
 *   badViewer, noAddress, badLevels, notDate, notResult, badScore, noGame, noRows, noCounted,
 *   rowNotObject, rowNoVariant, rowNoPlayers, rowBadCount, rowTooMany
 * @param {...(string|number)} args its details, in the message's order: a format or a game as
 *   stored, a date, a row's key, a field's name
 * @returns {string} the text; `code` itself when the words are not loaded (never empty: an
 *   empty answer means "no fault" to the callers)
 */
export function storedProblem(code, ...args) {
  const table = /** @type {any} */ (strings).storedProblems;
  const words = table ? table[code] : undefined;
  if (typeof words === "function") return words(...args);
  return typeof words === "string" && words ? words : code;
}

/** A stored value (a format number, a game's name) as the words name it: text as it is, other
 * values as JSON ("null" for none). */
export function storedValue(value) {
  return typeof value === "string" ? value : String(JSON.stringify(value ?? null));
}
