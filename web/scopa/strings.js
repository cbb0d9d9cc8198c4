// Every piece of text the fishing page (web/scopa/app.js: Scopa, Escoba, Cirulla, Pishti, Tablić)
// shows, in the player's language: sections "scopa" and "scopaRules" of web/i18n/<lang>.json,
// compiled by web/ui/i18n.js, which calls installScopaStrings before the page starts. Scopa's words
// are the base; another game's section ("escoba", "cirulla", "pishti", "tablic") replaces the
// words it names (the game's name, presets, suits, categories...) and its "<game>Rules" section is
// its rules text. One game is shown at a time, so the page picks it with useFishingGame before it
// draws, and every module reads the chosen words from `scopaStrings`.

/** The page's words: strings and (args...) => string functions; empty until installed. */
export const scopaStrings = {};

/** The rules text: {summary, sections: [{heading, paragraphs}], presets: {name: text}}. */
export const SCOPA_RULES = {};

/** The games whose words lie over Scopa's (a section each, and "<game>Rules"). */
export const OVERLAY_GAMES = ["escoba", "cirulla", "pishti", "tablic"];

let compiled = { scopa: {}, scopaRules: {}, overlays: {} };
let current = "scopa";

function fill() {
  const overlay = compiled.overlays[current];
  const words = overlay ? { ...compiled.scopa, ...overlay.words } : compiled.scopa;
  const rules = overlay ? overlay.rules : compiled.scopaRules;
  for (const key of Object.keys(scopaStrings)) delete scopaStrings[key];
  Object.assign(scopaStrings, words);
  for (const key of Object.keys(SCOPA_RULES)) delete SCOPA_RULES[key];
  Object.assign(SCOPA_RULES, rules);
}

/**
 * Fills `scopaStrings` and `SCOPA_RULES` from the compiled sections of a language file.
 * `m`: the "scopa" section; `rules`: "scopaRules"; `overlays`: for each of OVERLAY_GAMES found
 * in the file, game => {words, rules}.
 */
export function installScopaStrings(m, rules, overlays = {}) {
  compiled = { scopa: m || {}, scopaRules: rules || {}, overlays: {} };
  for (const game of OVERLAY_GAMES) {
    const o = overlays[game];
    if (o) compiled.overlays[game] = { words: o.words || {}, rules: o.rules || {} };
  }
  fill();
}

/** The overlays of a compiled language file (its "escoba", "escobaRules", "pishti"... sections). */
export function overlaysOf(value) {
  return Object.fromEntries(OVERLAY_GAMES.map((game) => [game, { words: value[game], rules: value[`${game}Rules`] }]));
}

/** The title of `game`'s preset `variant` ("Xeri (Dry Game)"), whichever game is shown; null
 * when the language file has none (the statistics name their rows with it). */
export function fishingPresetTitle(game, variant) {
  const overlay = compiled.overlays[game];
  const own = overlay && overlay.words && overlay.words.presets;
  const presets = own || (game === "scopa" ? compiled.scopa.presets : null) || {};
  return presets[variant] || null;
}

/** The words of `game` ("scopa", "escoba", "pishti") from now on; Scopa's for another name. */
export function useFishingGame(game) {
  current = Object.hasOwn(compiled.overlays, game) || OVERLAY_GAMES.includes(game) ? game : "scopa";
  fill();
}
