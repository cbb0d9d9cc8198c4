// The page's words in the player's language. Every text the page shows is in
// web/i18n/<lang>.json (en, ru, uk); this module picks the language, loads the file and turns
// its messages into the strings and functions the page calls (web/ui/strings.js,
// web/jack/strings.js, web/ui/rules-text.js, web/jack/rules.js, web/scopa/strings.js and
// web/ui/family.js hold the results).
//
// The message format (written for this project; docs/i18n.md has the translator's guide):
// - "text"                    a plain string.
// - "Round {0} is over"       a template: {0}, {1}... are the arguments the page passes;
//                             {value} is the field `value` of argument 0 (an object);
//                             {0+1} is a number argument plus one (seat 0 -> "Seat 1");
//                             {1:acc} is argument 1 (a card's name, web/ui/declension.js) in
//                             the accusative ({0:Nom}: nominative, capitalised);
//                             {2|nCards} passes argument 2 to the message `nCards` of the same
//                             section (a list or a table is indexed by the argument instead).
// - {"$one": ..., "$other": ...}
//                             a choice on argument 0 (or on "$arg": n): "$none" when it is
//                             empty, null or 0; "$you" when it is the word for "you" (the
//                             human's name); "$=2" when it equals 2; then the plural category of
//                             the language for a number ($zero $one $two $few $many), as
//                             Intl.PluralRules gives it; else "$other".
// - [ ... ] and { key: ... }  lists and tables of messages.
// English is the reference: whether a message is a function or a plain string is decided by
// its English form, so a translation may turn a template into a plural choice and back.

import { installStrings } from "./strings.js";
import { installRulesText } from "./rules-text.js";
import { installJackStrings } from "../jack/strings.js";
import { installJackRules } from "../jack/rules.js";
import { installScopaStrings, overlaysOf } from "../scopa/strings.js";
import { installFamilyText } from "./family.js";
import { siteURL } from "./site.js";

export const LANGUAGES = ["en", "ru", "uk"];
export const DEFAULT_LANGUAGE = "en";
const STORE_KEY = "cassino.lang";
const PLACEHOLDER = /\{(\d+|[a-z]\w*)(\+1)?(?::([A-Za-z]+))?(?:\|([\w.]+))?\}/g;

/** The language in use ("en" | "ru" | "uk") once `loadLanguage` has run. */
export let currentLanguage = DEFAULT_LANGUAGE;

/**
 * The language to show, from (first found) the address's `lang` parameter (a bare code or a
 * tag such as ru-RU; empty: not given), the choice kept in
 * localStorage, the browser's languages, else English.
 * Returns {lang, source: "address"|"stored"|"browser"|"default", badAddress: string|null};
 * badAddress is the raw `lang` value when the address names an unknown language (ignored).
 */
export function chooseLanguage(search = globalThis.location ? location.search : "") {
  let badAddress = null;
  const raw = new URLSearchParams(search).get("lang");
  if (raw !== null && raw.trim() !== "") {
    // A language tag with a region or script (ru-RU, uk_UA, en-GB) names its language.
    const code = raw.trim().toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(code)) return { lang: code, source: "address", badAddress };
    badAddress = raw;
  }
  const stored = readStored();
  if (stored) return { lang: stored, source: "stored", badAddress };
  const browser = (globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? ""])
    .map((tag) => String(tag).slice(0, 2).toLowerCase())
    .find((code) => LANGUAGES.includes(code));
  if (browser) return { lang: browser, source: "browser", badAddress };
  return { lang: DEFAULT_LANGUAGE, source: "default", badAddress };
}

function readStored() {
  try {
    const value = globalThis.localStorage?.getItem(STORE_KEY);
    return LANGUAGES.includes(value) ? value : null;
  } catch {
    return null; // storage off: the browser's language decides
  }
}

/**
 * Keeps `lang` as the player's choice and reloads the page in it (the game in progress is
 * resumed from its save, web/ui/saved.js). A `lang` in the address is dropped so the choice
 * holds. Throws RangeError for a language not in LANGUAGES.
 */
export function switchLanguage(lang) {
  if (!LANGUAGES.includes(lang)) throw new RangeError(`unknown language ${JSON.stringify(lang)}`);
  try {
    globalThis.localStorage?.setItem(STORE_KEY, lang);
  } catch {
    // Not kept: the address carries it for this visit instead.
  }
  const url = new URL(location.href);
  if (readStored() === lang) url.searchParams.delete("lang");
  else url.searchParams.set("lang", lang);
  location.replace(url.href);
}

/**
 * Loads `lang` (one of LANGUAGES) and fills the page's tables of words with it; the English
 * file is the reference and fills any gap. Returns {lang, messages (the compiled sections),
 * missing: [path]}; rejects with an Error naming the file when English itself cannot load.
 * A language file that fails to load or parse falls back to English (lang "en").
 */
export async function loadLanguage(lang) {
  const wanted = LANGUAGES.includes(lang) ? lang : DEFAULT_LANGUAGE;
  const [reference, source] = await Promise.all([
    fetchMessages(DEFAULT_LANGUAGE),
    wanted === DEFAULT_LANGUAGE ? null : fetchMessages(wanted).catch((error) => {
      console.warn(`${error.message}; the page is shown in English`);
      return undefined;
    }),
  ]);
  const used = source === undefined ? DEFAULT_LANGUAGE : wanted;
  const sections = used === DEFAULT_LANGUAGE ? reference : source;
  let youWord = "";
  const { value, missing } = compileMessages(sections, reference, used, () => youWord);
  youWord = value.ui.you;
  installStrings(value.ui);
  installJackStrings(value.jack);
  installRulesText(value.rules);
  installJackRules(value.jackRules);
  installScopaStrings(value.scopa, value.scopaRules, overlaysOf(value));
  installFamilyText(value.family);
  currentLanguage = used;
  if (globalThis.document) document.documentElement.lang = used;
  return { lang: used, messages: value, missing };
}

/** Fetches web/i18n/<lang>.json; rejects with an Error naming the file when it fails. */
export async function fetchMessages(lang, base = siteURL("i18n/")) {
  const url = new URL(`${lang}.json`, base);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`i18n/${lang}.json: HTTP ${response.status}`);
  return response.json();
}

/**
 * Compiles the messages of one language against the English reference.
 * `source`, `reference`: parsed JSON of the same shape; `lang`: its code (for plural rules);
 * `you`: () => the word for "you" in this language (for "$you" choices).
 * Returns {value, missing: [path]}: value holds strings, functions (args...) => string, lists
 * and tables; a key missing in `source` takes the English message and is listed in `missing`.
 */
export function compileMessages(source, reference, lang, you) {
  const plural = new Intl.PluralRules(lang);
  const missing = [];
  const value = {};
  for (const section of Object.keys(reference)) {
    value[section] = compileSection(source?.[section], reference[section], section);
  }
  return { value, missing };

  // One top-level section; placeholders like {1|nCards} name messages of the same section.
  function compileSection(sectionSource, sectionRef, name) {
    const table = {};
    const lookup = (path) => path.split(".").reduce((node, key) => (node == null ? node : node[key]), table);

    // A value ending in a full stop ("4 дек. 2026 г.") right before the template's own full stop
    // gives one full stop, not two.
    const fill = (template, args) =>
      template.replace(PLACEHOLDER, (match, index, plusOne, grammarCase, key, offset) => {
        const text = fillOne(index, plusOne, grammarCase, key, args);
        return text.endsWith(".") && template[offset + match.length] === "." ? text.slice(0, -1) : text;
      });

    const fillOne = (index, plusOne, grammarCase, key, args) => {
      // {name}: a field of argument 0 (an object), as the engine's refusals name them.
      let arg = /^\d/.test(index) ? args[Number(index)] : (args[0] || {})[index];
      if (plusOne) arg = Number(arg) + 1;
      // {1:acc}: a card's name (web/ui/declension.js) in that case; other values as they are.
      if (grammarCase && arg && typeof arg.form === "function") arg = arg.form(grammarCase);
      if (key) {
        const sub = lookup(key);
        if (typeof sub === "function") return String(sub(arg));
        if (sub && typeof sub === "object") return String(sub[arg] ?? arg);
      }
      return arg === undefined || arg === null ? "" : String(arg);
    };

    const choose = (choice, args) => {
      const arg = args[Number.isInteger(choice.$arg) ? choice.$arg : 0];
      const empty = arg === undefined || arg === null || arg === "" || arg === 0 || arg === false;
      if (empty && "$none" in choice) return choice.$none;
      if ("$you" in choice && arg === you()) return choice.$you;
      if (`$=${arg}` in choice) return choice[`$=${arg}`];
      if (typeof arg === "number") {
        const category = `$${plural.select(arg)}`;
        if (category in choice) return choice[category];
      }
      return choice.$other ?? "";
    };

    const render = (message, args) => fill(String(isChoice(message) ? choose(message, args) : message), args);

    const compile = (val, ref, path) => {
      if (val === undefined) {
        missing.push(path);
        val = ref;
      }
      if (typeof ref === "string" || isChoice(ref)) {
        if (!(typeof val === "string" || isChoice(val))) {
          missing.push(path);
          val = ref;
        }
        const isFunction = isChoice(ref) || hasPlaceholder(ref);
        if (!isFunction) return typeof val === "string" ? val : render(val, []);
        const message = val;
        return (...args) => render(message, args);
      }
      if (Array.isArray(ref)) {
        const list = Array.isArray(val) ? val : [];
        if (list.length !== ref.length) missing.push(`${path} (length)`);
        return ref.map((item, i) => compile(list[i], item, `${path}[${i}]`));
      }
      if (ref && typeof ref === "object") {
        const tbl = val && typeof val === "object" && !Array.isArray(val) ? val : {};
        const out = {};
        for (const key of Object.keys(ref)) out[key] = compile(tbl[key], ref[key], `${path}.${key}`);
        return out;
      }
      return val ?? ref; // numbers and the like
    };

    const built = compile(sectionSource, sectionRef, name);
    if (built && typeof built === "object" && !Array.isArray(built)) Object.assign(table, built);
    return table;
  }
}

function hasPlaceholder(text) {
  PLACEHOLDER.lastIndex = 0;
  const found = PLACEHOLDER.test(text);
  PLACEHOLDER.lastIndex = 0;
  return found;
}

/** True for a choice message: an object whose every key starts with "$". */
export function isChoice(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith("$"));
}
