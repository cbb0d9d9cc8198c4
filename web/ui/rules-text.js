// The rules as the page explains them, in the player's language: one entry per preset, the
// wording of every rules switch for the new-game screen, and the labels of the score
// categories. The words are in section "rules" of web/i18n/<lang>.json (written in our own words
// from the project's rule reference; source keys in docs/rules.md); web/ui/i18n.js calls
// installRulesText before the page starts. Plain text only, one string per paragraph.
//
// Shapes:
//   RULES_TEXT[preset]   = { title, summary, sections: [{ heading, paragraphs: [string] }] }
//   SWITCH_TEXT[field]   = { label, help, choices: { [String(value)]: string } }
//                          (booleans use the keys "true" and "false"; number fields list the
//                          usual values, and any other allowed number is fine too)
//   CATEGORY_TEXT[key]   = label of a score category in a round's result

/** Presets in the order the new-game screen lists them. */
export const PRESET_ORDER = [
  "classic", "royal", "buckeye", "spade", "spade_royal", "draw", "diamond", "california",
  "portuguese", "trailing_royals", "pluck", "initial_pairs", "sudden_death", "michigan",
  "dominican", "finnish", "swedish",
];


export const RULES_TEXT = {};
export const SWITCH_TEXT = {};
export const CATEGORY_TEXT = {};

/** Fills the three tables from the compiled "rules" section {presets, switches, categories}. */
export function installRulesText(rules) {
  for (const [table, part] of [[RULES_TEXT, rules.presets], [SWITCH_TEXT, rules.switches], [CATEGORY_TEXT, rules.categories]]) {
    for (const key of Object.keys(table)) delete table[key];
    Object.assign(table, part);
  }
}
