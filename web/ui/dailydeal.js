// The daily deal at the table: starting it, the address that names it (so a reload resumes it
// and it can be shared), and its result line with a Copy button on the score sheet once its
// first round is scored. The deal itself (the date, its seed, the result read off the engine's
// view) is web/ui/daily.js.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { DEAL_PARAMS } from "./params.js";
import { dailyResult, dailySettings } from "./daily.js";
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
 */

/** The daily deal: starting it, keeping its address, sharing its result. */
export class DailyDeal {
  /** @param {DailyHost} app */
  constructor(app) {
    this.app = app;
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
    const line = strings.dailyShare(result.date, result.you, result.them, result.sweeps);
    return h(
      "section",
      { class: "daily-share", "aria-labelledby": "daily-share-title", dataset: { daily: result.date, you: result.you, them: result.them, sweeps: result.sweeps } },
      h("h3", { id: "daily-share-title" }, strings.dailyTitle(formatDate(result.date))),
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
