// Every piece of text the California Jack / Shasta Sam page shows, in the player's language:
// section "jack" of web/i18n/<lang>.json, compiled by web/ui/i18n.js, which calls
// installJackStrings before the page starts. Card labels come from web/ui/cards.js.

export const SUIT_SYMBOLS = { S: "♠\uFE0E", H: "♥\uFE0E", D: "♦\uFE0E", C: "♣\uFE0E" };

/** The page's words: strings and (args...) => string functions; empty until installJackStrings. */
export const jackStrings = {};

/** Fills `jackStrings` from the compiled "jack" section of a language file. */
export function installJackStrings(m) {
  for (const key of Object.keys(jackStrings)) delete jackStrings[key];
  Object.assign(jackStrings, m);
  // Hint reasons are called with (the card's words, web/ui/cards.js cardPhrase, or "";
  // value or null): plain sentences too.
  const reasons = {};
  for (const [code, words] of Object.entries(m.reasons)) {
    if (code === "exact_endgame" || code === "exact_endgame_unknown") continue;
    reasons[code] = typeof words === "function" ? words : () => words;
  }
  reasons.exact_endgame = (card, v) =>
    v === null || v === undefined
      ? m.reasons.exact_endgame_unknown
      : m.reasons.exact_endgame(v > 0 ? m.endAhead(v) : v < 0 ? m.endBehind(-v) : m.endLevel);
  Object.assign(jackStrings, {
    reasons,
    reasonOther: (code, card) => {
      const words = String(code).replace(/_/g, " ");
      return card ? m.reasonOtherCard(words, card) : m.reasonOther(words);
    },
    trickResult: (winner, draws) => m.trickResult(winner, draws ? m.trickDraws(draws) : ""),
    handLabel: (card, why) => (why ? m.handLabel(card, why) : card),
  });
}
