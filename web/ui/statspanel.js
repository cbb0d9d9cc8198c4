// The Statistics dialog: one row per variant (players, changed rules) and computer level, from
// web/ui/stats.js, and "Reset statistics", which asks first.

import { h, fill } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { readStats, resetStats, statsAvailable, statsRows } from "./stats.js";
import { presetTitle } from "./newgame.js";
import { jackStrings } from "../jack/strings.js";
import { fishingPresetTitle } from "../scopa/strings.js";
import { formatDate, formatDecimal } from "./format.js";

const DAILY_SHOWN = 10; // the daily deals listed, newest first

/** A row's variant as both pages name it: a Cassino preset's title with its players, or a
 * trick game's own title ("California Jack", from the language file: its code, made into
 * words, would read "California jack"), with the rules changed if they were. */
export function statsVariantTitle(row) {
  if (row.game === "cassino") return strings.statsVariant(presetTitle(row.variant), row.players, row.custom);
  const games = jackStrings.games || {};
  // A fishing game's row is one of its presets ("Scopone", "Xeri (Dry Game)").
  const title = fishingPresetTitle(row.game, row.variant) || games[row.game] || games[row.variant] || presetTitle(row.variant);
  return row.custom ? `${title}, ${jackStrings.statsChanged}` : title;
}

export class StatsPanel {
  /**
   * @param {object} opts {onProblem(problem, asideKey): void (the stored value could not be read),
   *   dailies?(): the daily deals' first results by date (web/ui/dailyrecord.js; Cassino's page)}
   */
  constructor(opts) {
    this.opts = opts;
    this.confirming = false;
    this.status = "";
    this.dialog = createDialog({ name: "stats", title: strings.statsTitle });
    // Escape while "Reset?" is asked backs out of the question, not out of the dialog.
    this.dialog.el.addEventListener("cancel", (e) => {
      if (!this.confirming) return;
      e.preventDefault();
      this.confirming = false;
      this.render();
      this.focus("reset-stats");
    });
  }

  get el() {
    return this.dialog.el;
  }

  open() {
    this.confirming = false;
    this.status = "";
    this.render();
    this.dialog.open(".dialog-close"); // at the top, so a phone shows the table from its start
  }

  focus(action) {
    const el = /** @type {HTMLElement | null} */ (this.dialog.body.querySelector(`[data-action="${action}"]`));
    if (el) el.focus();
  }

  render() {
    const { stats, problem, asideKey } = readStats();
    if (problem) this.opts.onProblem(problem, asideKey);
    const rows = statsRows(stats);
    const body = this.dialog.body;
    const parts = [];
    if (!statsAvailable()) parts.push(h("p", { class: "field-help", dataset: { stats: "off" } }, strings.statsOff));
    else if (!rows.length) parts.push(h("p", { class: "stats-empty", dataset: { stats: "empty" } }, strings.statsEmpty));
    else parts.push(this.renderTable(rows));
    parts.push(h("p", { class: "field-help" }, strings.statsWhatCounts));
    parts.push(this.renderDailies());
    parts.push(this.renderReset(rows.length > 0));
    parts.push(h("p", { class: "stats-status", role: "status", dataset: { status: this.status ? "1" : "" } }, this.status));
    fill(body, ...parts);
  }

  renderTable(rows) {
    const cols = strings.statsColumns;
    const head = h(
      "tr",
      {},
      ["variant", "level", "played", "won", "lost", "average", "sweeps", "best", "streak"].map((c) => h("th", { scope: "col", dataset: { col: c } }, cols[c])),
    );
    const body = rows.map((row) => {
      const average = row.played ? formatDecimal(row.points / row.played) : "–";
      const cells = {
        level: strings.statsLevel(row.level),
        played: row.played,
        won: row.won,
        lost: row.lost,
        average,
        sweeps: row.sweeps === null ? "–" : row.sweeps,
        best: row.best,
        streak: row.streak,
      };
      return h(
        "tr",
        { dataset: { variant: row.variant, players: row.players, level: row.level, custom: row.custom ? "true" : "false", game: row.game } },
        h("th", { scope: "row", dataset: { col: "variant" } }, statsVariantTitle(row)),
        Object.entries(cells).map(([c, value]) => h("td", { dataset: { col: c, label: cols[c] } }, String(value))),
      );
    });
    return h(
      "div",
      { class: "table-scroll stats-scroll", tabindex: "0", role: "region", "aria-label": strings.statsTitle },
      h("table", { class: "stats-table" }, h("thead", {}, head), h("tbody", {}, body)),
    );
  }

  /** The daily deals' first results (newest first), apart from the match statistics; null
   * when none was played or the page keeps none. */
  renderDailies() {
    const records = this.opts.dailies ? this.opts.dailies() : {};
    const dates = Object.keys(records).sort().reverse().slice(0, DAILY_SHOWN);
    if (!dates.length) return null;
    return h(
      "section",
      { class: "stats-daily", "aria-labelledby": "stats-daily-title" },
      h("h3", { id: "stats-daily-title" }, strings.statsDailyTitle),
      h(
        "ul",
        {},
        dates.map((date) => {
          const r = records[date];
          return h("li", { dataset: { daily: date } }, strings.statsDailyRow(formatDate(date), r.you, r.them, r.sweeps));
        }),
      ),
      h("p", { class: "field-help" }, strings.statsDailyNote),
    );
  }

  renderReset(any) {
    if (!this.confirming) {
      return h(
        "div",
        { class: "start-buttons stats-actions" },
        h(
          "button",
          { type: "button", class: "danger", disabled: !any, dataset: { action: "reset-stats" }, onclick: () => this.ask() },
          strings.statsReset,
        ),
      );
    }
    return h(
      "div",
      { class: "stats-confirm", role: "group", "aria-labelledby": "stats-confirm-text" },
      h("p", { id: "stats-confirm-text" }, strings.statsResetConfirm),
      h(
        "div",
        { class: "start-buttons" },
        h("button", { type: "button", dataset: { action: "reset-stats-no" }, onclick: () => this.back() }, strings.cancel),
        h("button", { type: "button", class: "danger", dataset: { action: "reset-stats-yes" }, onclick: () => this.reset() }, strings.statsResetYes),
      ),
    );
  }

  ask() {
    this.confirming = true;
    this.status = "";
    this.render();
    this.focus("reset-stats-no");
  }

  back() {
    this.confirming = false;
    this.render();
    this.focus("reset-stats");
  }

  reset() {
    const ok = resetStats();
    this.confirming = false;
    this.status = ok ? strings.statsResetDone : strings.statsResetFailed;
    this.render();
    // The Reset button is disabled now: keep the keyboard inside the dialog.
    /** @type {HTMLElement} */ (this.dialog.el.querySelector(".dialog-close")).focus();
  }
}
