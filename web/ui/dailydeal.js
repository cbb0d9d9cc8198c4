// The daily deal at the table: starting it, the address that names it (so a reload resumes it
// and it can be shared), and its result line with a Copy button on the score sheet once its
// first round is scored: the date's first result, kept in the browser (web/ui/dailyrecord.js)
// when that round is scored; a replay of the date's deal is practice and its line says the
// first result counts. The deal itself (the date, its seed, the result read off the engine's
// view) is web/ui/daily.js.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { DEAL_PARAMS } from "./params.js";
import { dailyResult, dailySettings } from "./daily.js";
import { dailyRecord, keepDailyResult, sameResult } from "./dailyrecord.js";
import { formatDate } from "./format.js";

/**
 * What `DailyDeal` uses of the page (web/app.js App).
 * @typedef {object} DailyHost
 * @property {any} view the engine's view of the seat on screen (docs/api.md)
 * @property {any} settings the game being played; `daily`: the date of a daily deal, or null
 * @property {string} shareStatus the line under the result after Copy ("" before)
 * @property {HTMLElement} root the page's element
 * @property {(settings: object, options?: {quiet?: boolean}) => Promise<any>} startGame
 *   starts a game; answers null, or the engine's error
 * @property {() => number|null} youSide the side of the only human
 * @property {() => void} keepAddress the address now names the game on the table: its save
 *   says so (a reload resumes it without asking)
 * @property {() => void} render
 * @property {number} gameSerial which game is on the table (a new one each start or load)
 * @property {(error: {code: string, message: string}, options?: {add?: boolean}) => void} showError
 */

/**
 * The top bar's badge of a daily deal: its date, and that it is practice when the date's
 * result was already kept as the game began (`settings.dailyPractice`, web/app.js startGame):
 * a replay says so while it is played, not only on its score sheet (play-test 12).
 * @param {{daily: string, dailyPractice?: boolean}} settings the game on the table
 * @returns {HTMLElement} span.daily-badge, data-daily-badge the date, data-practice "1" or ""
 */
export function dailyBadge(settings) {
  const date = formatDate(settings.daily);
  const practice = Boolean(settings.dailyPractice);
  return h(
    "span",
    { class: "daily-badge", dataset: { dailyBadge: settings.daily, practice: practice ? "1" : "" } },
    practice ? strings.dailyBadgePractice(date) : strings.dailyBadge(date),
  );
}

/** The daily deal: starting it, keeping its address, sharing its result. */
export class DailyDeal {
  /** @param {DailyHost} app */
  constructor(app) {
    this.app = app;
    this.keptGame = -1; // the game (its serial) whose first round was handed to keepDailyResult
  }

  /** Keeps the date's first result once the daily deal's first round is scored (the date's
   * first result only: a result already kept for the date stays as it is). */
  keep(view) {
    const app = this.app;
    if (this.keptGame === app.gameSerial) return;
    // Practice (not the date's first attempt) keeps nothing.
    if (app.settings && app.settings.dailyPractice) return;
    const result = dailyResult(view, app.settings && app.settings.daily, app.youSide());
    if (!result) return;
    this.keptGame = app.gameSerial;
    const done = keepDailyResult(result);
    if (done.problem) app.showError({ code: "bad_daily_record", message: strings.dailyRecordBad(done.problem, done.asideKey) }, { add: true });
  }

  /** Starts the daily deal of `date` (YYYY-MM-DD): Classic, you against the Intermediate
   * computer. Answers null, or the engine's error. */
  async start(date) {
    const problem = await this.app.startGame(dailySettings(date), { quiet: true });
    if (!problem && globalThis.history && globalThis.location) {
      // The address names the deal: a reload resumes it, and it can be shared.
      const url = new URL(location.href);
      for (const name of DEAL_PARAMS) url.searchParams.delete(name);
      url.searchParams.set("daily", date);
      history.replaceState(history.state, "", url.href);
      this.app.keepAddress();
    }
    return problem;
  }

  /** Another game replaced the daily deal: the address stops naming it, so a reload resumes
   * this game rather than dealing the daily one again. */
  forgetAddress() {
    if (this.app.settings.daily || !globalThis.history || !globalThis.location) return;
    const url = new URL(location.href);
    if (!url.searchParams.has("daily")) return;
    url.searchParams.delete("daily");
    history.replaceState(history.state, "", url.href);
  }

  /** The daily deal's result line and its Copy button, once its first round is scored. */
  renderShare() {
    const app = this.app;
    const date = app.settings && app.settings.daily;
    const result = dailyResult(app.view, date, app.youSide());
    if (!result) return null;
    // The date's first result counts (this game's where none could be kept). Practice whose
    // first attempt was left unfinished has no result to share: it says so.
    const kept = dailyRecord(result.date);
    if (!kept && app.settings.dailyPractice) {
      return h(
        "section",
        { class: "daily-share", "aria-labelledby": "daily-share-title", dataset: { daily: result.date, replay: "1", unfinished: "1" } },
        h("h3", { id: "daily-share-title" }, strings.dailyTitle(formatDate(result.date))),
        h("p", { class: "field-help daily-first", dataset: { key: "daily-first" } }, strings.dailyFirstUnfinished),
      );
    }
    const first = kept || result;
    const replay = !sameResult(first, result);
    const line = strings.dailyShare(result.date, first.you, first.them, first.sweeps);
    return h(
      "section",
      {
        class: "daily-share",
        "aria-labelledby": "daily-share-title",
        dataset: { daily: result.date, you: first.you, them: first.them, sweeps: first.sweeps, replay: replay ? "1" : "" },
      },
      h("h3", { id: "daily-share-title" }, strings.dailyTitle(formatDate(result.date))),
      // A replay that ended otherwise: the line below is the first result, and says why.
      replay ? h("p", { class: "field-help daily-first", dataset: { key: "daily-first" } }, strings.dailyFirstCounts(first.you, first.them)) : null,
      h(
        "div",
        { class: "daily-share-row" },
        // A text area, so a phone shows the whole line over two rows.
        h("textarea", {
          readonly: true,
          rows: "1",
          spellcheck: "false",
          "aria-labelledby": "daily-share-title",
          dataset: { key: "daily-line", shareLine: line },
          onfocus: (e) => e.target.select(),
        }, line),
        h("button", { type: "button", dataset: { action: "copy-daily", key: "copy-daily" }, onclick: () => this.copy(line) }, strings.dailyCopy),
      ),
      h("p", { class: "link-status", role: "status", dataset: { copyStatus: app.shareStatus ? "1" : "" } }, app.shareStatus),
    );
  }

  /** Copies the daily line; where the clipboard is refused, selects it for the player to copy. */
  async copy(line) {
    const app = this.app;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(line);
        copied = true;
      }
    } catch {
      copied = false;
    }
    app.shareStatus = copied ? strings.dailyCopied : strings.dailyCopyFallback;
    app.render();
    if (!copied) {
      const box = /** @type {HTMLTextAreaElement | null} */ (app.root.querySelector('[data-key="daily-line"]'));
      if (box) {
        box.focus();
        box.select();
      }
    }
  }
}
