// Every piece of text the Scopa page shows, in the player's language: sections "scopa" and
// "scopaRules" of web/i18n/<lang>.json, compiled by web/ui/i18n.js, which calls
// installScopaStrings before the page starts. The same page plays Escoba: its section
// "escoba" replaces the Scopa words it names (the game's name, presets, suits, categories...)
// and "escobaRules" is its rules text. One game is shown at a time, so the page picks it with
// useFishingGame before it draws, and every module reads the chosen words from `scopaStrings`.

/** The page's words: strings and (args...) => string functions; empty until installed. */
export const scopaStrings = {};

/** The rules text: {summary, sections: [{heading, paragraphs}], presets: {name: text}}. */
export const SCOPA_RULES = {};

let compiled = { scopa: {}, escoba: {}, scopaRules: {}, escobaRules: {} };
let current = "scopa";

function fill() {
  const words = current === "escoba" ? { ...compiled.scopa, ...compiled.escoba } : compiled.scopa;
  const rules = current === "escoba" ? compiled.escobaRules : compiled.scopaRules;
  for (const key of Object.keys(scopaStrings)) delete scopaStrings[key];
  Object.assign(scopaStrings, words);
  for (const key of Object.keys(SCOPA_RULES)) delete SCOPA_RULES[key];
  Object.assign(SCOPA_RULES, rules);
}

/** Fills `scopaStrings` and `SCOPA_RULES` from the compiled sections of a language file. */
export function installScopaStrings(m, rules, escoba = {}, escobaRules = {}) {
  compiled = { scopa: m || {}, escoba: escoba || {}, scopaRules: rules || {}, escobaRules: escobaRules || {} };
  fill();
}

/** The words of `game` ("scopa" | "escoba") from now on. */
export function useFishingGame(game) {
  current = game === "escoba" ? "escoba" : "scopa";
  fill();
}
