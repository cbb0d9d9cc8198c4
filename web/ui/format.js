// Numbers and dates for a person, in the page's language (web/ui/i18n.js's currentLanguage):
// "0,5" on a Russian page where English shows "0.5", a date that never breaks across lines.

import { currentLanguage } from "./i18n.js";

/**
 * A number with exactly `digits` decimals in the page's language ("1.5" / "1,5").
 * @param {number} value
 * @param {number} [digits]
 * @returns {string}
 */
export function formatDecimal(value, digits = 1) {
  return new Intl.NumberFormat(currentLanguage, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/**
 * A calendar date ("2026-12-02") in the page's language ("2 Dec 2026", "2 дек. 2026 г."),
 * its spaces no-break ones so it stays on one line; a text that is no such date is returned as
 * it is.
 * @param {string} iso YYYY-MM-DD
 * @returns {string}
 */
export function formatDate(iso) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso));
  if (!match) return String(iso);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const text = new Intl.DateTimeFormat(currentLanguage, { dateStyle: "medium", timeZone: "UTC" }).format(date);
  return text.replace(/[ \u2009]/g, "\u00a0");
}
