// Every piece of text the Cassino page shows, in the player's language. The words are in
// web/i18n/<lang>.json (section "ui"); web/ui/i18n.js compiles them and calls installStrings
// before the page starts, so `strings` is filled when any UI code runs. Messages with
// arguments are functions taking plain values (numbers, names, card names) and returning text;
// the few below that need more than a template (lists, a code to a name) are built here from
// messages of the same file.

import { cardShort } from "./cards.js";
import { wordsList } from "./declension.js";
import { formatDecimal } from "./format.js";

/** The page's words: strings and (args...) => string functions; empty until installStrings. */
export const strings = {};

// A refusal's parameters as the page shows them: cards as on the cards ("10♦"), a list of
// cards spaced ("cards", "group_cards"), other lists joined as the language joins them, a suit
// by its name, a seat (0-based) by its name (or its number from 1).
const shownCard = (code) => (typeof code === "string" && /^[A2-9TJQK][SHDC]$/.test(code) ? cardShort(code) : String(code));

function refusalParams(params, names, m) {
  const out = {};
  for (const [key, value] of Object.entries(params && typeof params === "object" ? params : {})) {
    if (key === "card") out[key] = shownCard(value);
    else if (key.endsWith("cards")) out[key] = (Array.isArray(value) ? value : [value]).map(shownCard).join(" ");
    else if (key === "suit" || key === "trump") out[key] = m.suitNames[value] ?? String(value);
    else if (key === "seat" || key === "turn") out[key] = (names && names[value]) || String(Number(value) + 1);
    else if (Array.isArray(value)) out[key] = value.join(m.listJoin);
    else out[key] = value;
  }
  return out;
}

// The place a refusal names (`where`: line, field, tag, round, deal, move, card, seat, text;
// docs/api.md), in the language's words and the engine's order, the first letter capitalised;
// "" for none.
function refusalPlace(where, m) {
  if (!where || typeof where !== "object") return "";
  const parts = Object.keys(m.refusalPlaces)
    .filter((key) => Object.hasOwn(where, key))
    .map((key) => m.refusalPlaces[key](key === "text" ? shownMove(where[key]) : where[key]));
  const text = parts.join(m.listJoin);
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

// A move or card as written in a record ("KC t", "7H"): its cards as the page shows them.
const shownMove = (text) => String(text).split(" ").map(shownCard).join(" ");

/** Fills `strings` from the compiled "ui" section of a language file (web/ui/i18n.js). */
export function installStrings(m) {
  for (const key of Object.keys(strings)) delete strings[key];
  Object.assign(strings, m);
  const levelOf = (level) => m.levelNames[level] || String(level);
  Object.assign(strings, {
    // A refusal of the engine in the page's language: its precise reason with its parameters
    // (section "refusals", docs/api.md lists them), else the sentence of its kind ("code"),
    // else the general one. `names`: the seats' names, for seat parameters.
    refusal: (error, names = null) => {
      const reason = error && error.reason;
      if (typeof reason === "string" && Object.hasOwn(m.refusals, reason)) {
        const words = m.refusals[reason];
        const text = typeof words === "function" ? words(refusalParams(error.params, names, m)) : words;
        const place = refusalPlace(error.where, m);
        return place ? m.refusalAt(place, text) : text;
      }
      // No reason of its own: the sentence of its kind (English shows the engine's own).
      const code = error && Object.hasOwn(m.engineErrors, error.code) ? error.code : "other";
      return m.engineError(m.engineErrors[code], error && typeof error.message === "string" && error.message ? error.message : m.engineErrors[code]);
    },
    // An engine answer as the page shows it: a refusal's message in the page's language (the
    // engine's English sentence is for the API and logs); other answers as they are.
    inPageLanguage: (answer, names = null) => {
      const error = answer && answer.error;
      if (!error || error.code === "engine" || typeof error.message !== "string") return answer;
      return { ...answer, error: { ...error, message: strings.refusal(error, names), english: error.message } };
    },
    noMoveForCard: (card, why) => m.noMoveForCard(card, why).trim(),
    moveBoxHint: (pluck, tableBuilds) => m.moveBoxHint + (pluck ? m.moveBoxHintPluck : "") + (tableBuilds ? m.moveBoxHintTableBuild : ""),
    categoryOther: (key) => String(key).replace(/_/g, " "),
    levelOf,
    levelChipTitle: (level) => m.levelChipTitle(levelOf(level)),
    sideMembers: (names) => names.join(m.sideJoin),
    winnerSide: (name, you, many) => (you ? m.winnerSideYou : many ? m.winnerSideMany : m.winnerSideOne)(name),
    finalScores: (scores) => m.finalScores(scores.join(m.scoreJoin)),
    // The thinking time's choice in the page's language: "0.2 s", "0,2 с", "1 s".
    thinkSeconds: (ms) => m.thinkSeconds(formatDecimal(ms / 1000, ms % 1000 === 0 ? 0 : ms % 100 === 0 ? 1 : 2)),
    badLevel: (raw, problem) => m.badLevel(raw, m.badLevelProblems[problem] ?? m.badLevelProblems.other),
    lastMoveWhy: (level, seconds, reasons) =>
      [level, seconds !== null ? m.lastMoveSeconds(seconds) : "", reasons].filter(Boolean).join(m.lastMoveJoin),
    statsLevel: (level) => (level === "mixed" ? m.statsMixed : levelOf(level)),
    statsVariant: (title, players, custom) => (custom ? m.statsVariantChanged : m.statsVariant)(title, players),
    statsBad: (why, key) => (key ? m.statsBad(why, key) : m.statsBadKept(why)),
    dailyRecordBad: (why, key) => (key ? m.dailyRecordBad(why, key) : m.dailyRecordBadKept(why)),
    // Things that are not cards named in a sentence, as cards are (web/ui/cards.js
    // cardsInSentence): "seed, variant и players"; `anyOf`: alternatives, "a, b или c".
    listInSentence: (texts) => String(wordsList(texts.map(String), m.listJoin, m.listAnd)),
    anyOf: (texts) => String(wordsList(texts.map(String), m.listJoin, m.listOr)),
    dailyIgnores: (names) => m.dailyIgnores(names.length, strings.listInSentence(names)),
    scorePairs: (pairs) => pairs.map(([name, points]) => m.scorePair(name, points)).join(m.listJoin),
    // A finished round's points on the sheet's history, each side set apart from its score by
    // a dash: "You & Computer 3 — 4, Computer 2 & Computer 4 — 3" (a seat's number ran into its
    // score: «Компьютер 3 4»).
    roundScores: (pairs) => pairs.map(([name, points]) => m.roundScore(name, points)).join(m.listJoin),
    dealtText: (round, deal, counts, stock) =>
      m.dealtText(
        round, deal,
        counts.map(([name, n]) => (name === m.you ? m.dealtYou(n) : m.dealtOther(name, n))).join(m.listJoin),
        stock,
      ),
    moveBoxPartial: (listed, total, above) =>
      total === null ? m.moveBoxTooManyAbove(above) : listed === 0 ? m.moveBoxTooMany(total) : m.moveBoxPartial(listed, total),
  });
}
