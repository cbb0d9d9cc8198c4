// "Replace the game in progress?": asked when the page's address names a deal (a seed, a link
// to a deal, the daily deal, or a wrong value of one) while another game is saved in this
// browser, on Cassino's page and on the California Jack page alike. The saved game is never
// replaced unasked: the player either goes back to it or plays the address's deal. Loading a
// record over a game in progress asks it too, in its own words (web/ui/records.js).

import { h, ignoreSecondTap } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { formatDate } from "./format.js";

/**
 * Opens the question in `container` (the page's dialogs) and answers "new" (play the
 * address's deal) or "back" (resume the saved game; also Escape and the close button).
 * @param {HTMLElement} container
 * @param {{errors?: {code: string, text: string, asked?: string, kept?: string}[],
 *   show?: (error: {code: string, message: string}) => void,
 *   game?: {title: string, seed?: number|null, daily?: string|null}|null,
 *   saved?: {title: string, seed?: number|null, daily?: string|null}|null, record?: boolean,
 *   savedRecord?: boolean}} [about]
 *   the address's problems, shown by `show` above the question in their words for it (`asked`);
 *   on "back" each is reworded in place for the saved game that goes on (`kept`), as the page
 *   shows them later; `game`: the game the address would start (its variant's name, its deal
 *   number or daily date), named in the question; `saved`: the saved game, named the same way
 *   (play-test 13: California Jack and Shasta Sam share one save, and the question did not say
 *   which game was saved); `record`: the question is about a record to load over the game on
 *   the table (its words); `savedRecord`: the record would replace the saved match `saved`,
 *   not the game on the table (its words)
 * @returns {Promise<"new"|"back">}
 */
export function askReplace(container, { errors = [], show = null, game = null, saved = null, record = false, savedRecord = false } = {}) {
  if (show) for (const error of errors) show({ code: error.code, message: error.asked ?? error.text });
  // A record that replaces the saved match, not the game on the table, is titled so (play-test:
  // "Replace the game in progress?" read as if the game on the table went).
  const dialog = createDialog({ name: "replace", title: savedRecord ? strings.replaceSavedTitle : strings.replaceTitle });
  return new Promise((resolve) => {
    /** @type {"new"|"back"} */
    let answer = "back";
    /** @param {"new"|"back"} value @param {MouseEvent} event */
    const choose = (value, event) => {
      answer = value;
      ignoreSecondTap(event); // a double tap's second tap must not act on what lay beneath
      dialog.close({ returnFocus: false });
    };
    // No address game (a record to load): no line for it (DOM append writes null as "null").
    if (game) dialog.body.append(h("p", { class: "replace-game", dataset: { replaceGame: "" } }, strings.replaceGame(replaceGameName(game))));
    if (saved && saved.title) dialog.body.append(h("p", { class: "replace-game", dataset: { replaceSaved: "" } }, strings.replaceSaved(replaceGameName(saved))));
    dialog.body.append(
      h("p", {}, savedRecord ? strings.replaceRecordSavedText : record ? strings.replaceRecordText : strings.replaceText),
      h(
        "div",
        { class: "dialog-actions" },
        h("button", { type: "button", class: "primary", dataset: { action: "replace-back", key: "replace-back" }, onclick: (e) => choose("back", e) }, record ? strings.replaceRecordBack : strings.replaceBack),
        h("button", { type: "button", class: "danger", dataset: { action: "replace-new", key: "replace-new" }, onclick: (e) => choose("new", e) }, record ? strings.replaceRecordNew : strings.replaceNew),
      ),
    );
    dialog.el.addEventListener("close", () => {
      dialog.el.remove();
      if (answer === "back") for (const error of errors) if (error.kept) error.text = error.kept;
      resolve(answer);
    }, { once: true });
    container.append(dialog.el);
    dialog.open("[data-action=replace-back]");
  });
}

/** A game in words: "Royal Cassino, deal 42", "Classic Cassino, daily deal of 2 Dec 2026". */
function replaceGameName({ title, seed = null, daily = null }) {
  if (daily) return strings.replaceGameDaily(title, formatDate(daily));
  if (seed !== null && seed !== undefined) return strings.replaceGameSeed(title, seed);
  return title;
}

/**
 * A save's game as askReplace names it: its name (`title`, the page's name for the save's game
 * or variant), its deal number and its daily date when it has them.
 * @param {{settings?: {seed?: number|null, daily?: string|null}|null, record?: {seed?: number}}|null|undefined} save
 * @param {string} title
 * @returns {{title: string, seed: number|null, daily: string|null}|null}
 */
export function savedGame(save, title) {
  if (!save || !title) return null;
  const settings = save.settings && typeof save.settings === "object" ? save.settings : {};
  const daily = typeof settings.daily === "string" && settings.daily ? settings.daily : null;
  const seed = [settings.seed, save.record && save.record.seed].find((n) => Number.isInteger(n)) ?? null;
  return { title, seed: daily ? null : seed, daily };
}

/**
 * The wrong values an address gave, each told once in this load, leave it: a reload then
 * resumes the game without telling them again (play-test 11, `?seed=-1`). Only the
 * parameters among `names` (those that name a deal) go; the others stay.
 * @param {{param?: string}[]} errors the address's errors, each naming its parameter
 * @param {string[]} names the deal's parameters this page may drop
 * @returns {string[]} the parameters dropped
 */
export function dropToldFromAddress(errors, names) {
  const wrong = [...new Set(errors.map((e) => e.param).filter((name) => name && names.includes(name)))];
  if (wrong.length) dropDealFromAddress(wrong);
  return wrong;
}

/**
 * The address names the deal now on the table: the deal parameters `names` leave it, then
 * `values` ({name: text}, in their order) are set; display parameters stay. For a game started
 * on the page (its new-game screen), so that the address describes it rather than the game
 * it was opened with, and a reload resumes it.
 * @param {string[]} names
 * @param {Record<string, string>} values
 */
export function addressDeal(names, values) {
  if (!globalThis.history || !globalThis.location) return;
  const url = new URL(location.href);
  for (const name of names) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
}

/**
 * The address names a saved game just resumed (Continue on a new-game screen, Cancel back to
 * the match the player left, "Back to my saved game"): its `game` and the deal parameters it
 * began at (`deal`, the save's deal key), in place of any other deal's (`names`); display
 * parameters stay. A reload resumes it unasked (its key is the save's), and the address no
 * longer lost the game's name (play-test: after «Отмена» the address became `?lang=ru`).
 * @param {string[]} names every parameter that names a deal
 * @param {string} game the game's name as `game=` takes it ("cassino", "pishti"...)
 * @param {string} deal the save's deal key ("seed=7&variant=royal", or "")
 */
export function addressSaved(names, game, deal) {
  /** @type {Record<string, string>} */
  const values = { game };
  for (const [name, value] of new URLSearchParams(deal || "")) if (names.includes(name)) values[name] = value;
  addressDeal(names, values);
}

/** The address without the parameters that name a deal (`names`), keeping display ones: after
 * "back to my game" a reload resumes that game instead of asking again. */
export function dropDealFromAddress(names) {
  if (!globalThis.history || !globalThis.location) return;
  const url = new URL(location.href);
  for (const name of names) url.searchParams.delete(name);
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
}
