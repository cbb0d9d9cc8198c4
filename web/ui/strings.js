// Every piece of text the Cassino page shows, in the player's language. The words are in
// web/i18n/<lang>.json (section "ui"); web/ui/i18n.js compiles them and calls installStrings
// before the page starts, so `strings` is filled when any UI code runs. Messages with
// arguments are functions taking plain values (numbers, names, card names) and returning text;
// the few below that need more than a template (lists, a code to a name) are built here from
// messages of the same file.

/** The page's words: strings and (args...) => string functions; empty until installStrings. */
export const strings = {};

/** Fills `strings` from the compiled "ui" section of a language file (web/ui/i18n.js). */
export function installStrings(m) {
  for (const key of Object.keys(strings)) delete strings[key];
  Object.assign(strings, m);
  const levelOf = (level) => m.levelNames[level] || String(level);
  Object.assign(strings, {
    // The engine answers in English with a code: the code is put in the page's language.
    // English shows the engine's sentence alone; another language shows its own sentence for
    // a code it translates, and the English detail inline only for a code it does not
    // (argument 2 tells which; the caller keeps the detail for a tooltip).
    engineError: (code, message) => {
      const own = Object.hasOwn(m.engineErrors, code) && code !== "other";
      return m.engineError(own ? m.engineErrors[code] : m.engineErrors.other, message, own);
    },
    // An engine answer as the page shows it: a refusal's message in the page's language, the
    // engine's own sentence kept as `detail` (the line's tooltip); other answers as they are.
    inPageLanguage: (answer) => {
      const error = answer && answer.error;
      if (!error || error.code === "engine" || typeof error.message !== "string") return answer;
      return { ...answer, error: { ...error, message: strings.engineError(error.code, error.message), detail: error.message } };
    },
    noMoveForCard: (card, why) => m.noMoveForCard(card, why).trim(),
    moveBoxHint: (pluck) => m.moveBoxHint + (pluck ? m.moveBoxHintPluck : ""),
    categoryOther: (key) => String(key).replace(/_/g, " "),
    levelOf,
    levelChipTitle: (level) => m.levelChipTitle(levelOf(level)),
    sideMembers: (names) => names.join(m.sideJoin),
    winnerSide: (name, you, many) => (you ? m.winnerSideYou : many ? m.winnerSideMany : m.winnerSideOne)(name),
    finalScores: (scores) => m.finalScores(scores.join(m.scoreJoin)),
    badLevel: (raw, problem) => m.badLevel(raw, m.badLevelProblems[problem] ?? m.badLevelProblems.other),
    lastMoveWhy: (level, seconds, reasons) =>
      [level, seconds !== null ? m.lastMoveSeconds(seconds) : "", reasons].filter(Boolean).join(m.lastMoveJoin),
    statsLevel: (level) => (level === "mixed" ? m.statsMixed : levelOf(level)),
    statsVariant: (title, players, custom) => (custom ? m.statsVariantChanged : m.statsVariant)(title, players),
    statsBad: (why, key) => (key ? m.statsBad(why, key) : m.statsBadKept(why)),
    dailyIgnores: (names) => m.dailyIgnores(names.length, names.join(m.listJoin)),
    scorePairs: (pairs) => pairs.map(([name, points]) => m.scorePair(name, points)).join(m.listJoin),
    dealtText: (round, deal, counts, stock) =>
      m.dealtText(
        round, deal,
        counts.map(([name, n]) => (name === m.you ? m.dealtYou(n) : m.dealtOther(name, n))).join(m.listJoin),
        stock,
      ),
    moveBoxPartial: (listed, total) => (listed === 0 ? m.moveBoxTooMany(total) : m.moveBoxPartial(listed, total)),
  });
}
