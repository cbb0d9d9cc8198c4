// Cards drawn with our own markup and CSS: corner indices (rank over suit), a large centre suit,
// red hearts and diamonds (or a colour per suit, web/ui/display.js). Codes are the engine's:
// rank A 2-9 T J Q K, suit S H D C ("TD").

import { strings } from "./strings.js";
import { h } from "./dom.js";
import { cardWords, wordsList } from "./declension.js";

// U+FE0E asks for the text (not emoji) form of the suit symbols.
const SUIT_GLYPHS = { S: "♠\uFE0E", H: "♥\uFE0E", D: "♦\uFE0E", C: "♣\uFE0E" };
const RANK_ORDER = "A23456789TJQK";
const SUIT_ORDER = "SHDC";

export function rankOf(code) {
  return code[0];
}

export function suitOf(code) {
  return code[1];
}

export function isRed(code) {
  return code[1] === "H" || code[1] === "D";
}

/** "T" -> "10"; other ranks are shown as they are. */
export function rankLabel(code) {
  return code[0] === "T" ? "10" : code[0];
}

/** Short visible form: "10♦". */
export function cardShort(code) {
  return `${rankLabel(code)}${SUIT_GLYPHS[code[1]]}`;
}

/** Spoken form: "Ten of diamonds", the name a card has alone. */
export function cardName(code) {
  return String(cardWords(code, strings, strings.suitNames));
}

/** The name in every case, for a message that puts it in a sentence ("{0:acc}"):
 * web/ui/declension.js. */
export function cardPhrase(code) {
  return cardWords(code, strings, strings.suitNames);
}

/** Cards (phrases of cardWords) named in a sentence, as one phrase: commas between them and
 * the language's "and" before the last ("двойку, тройку и четвёрку", "Two, Three and Four";
 * `ui.listJoin`, `ui.listAnd`, docs/i18n.md "Lists in a sentence"). An enumeration in a
 * label ("На столе: двойка, тройка") calls wordsList alone and keeps its commas. */
export function cardsInSentence(phrases) {
  return wordsList(phrases, strings.listJoin, strings.listAnd);
}

/** Alternatives (phrases, each maybe a cardsInSentence list) named in a sentence, joined by
 * the language's "or" alone ("тройку и четвёрку или семёрку": `ui.listOr`), so that commas
 * and "and" stay inside one alternative. */
export function choicesInSentence(phrases) {
  return wordsList(phrases, strings.listOr, strings.listOr);
}

/** Cards in the usual display order (rank, then suit). */
export function sortCards(codes) {
  const key = (c) => RANK_ORDER.indexOf(c[0]) * 4 + SUIT_ORDER.indexOf(c[1]);
  return [...codes].sort((a, b) => key(a) - key(b));
}

/** The face of a card, not interactive (wrap it in a button to make it one). */
export function cardFace(code, extraClass = "") {
  const suit = SUIT_GLYPHS[code[1]];
  const rank = rankLabel(code);
  const court = "JQK".includes(code[0]);
  return h(
    "span",
    {
      // suit-S … suit-C: the four-colour deck's colours (app.css, data-deck on <html>).
      class: `card face ${isRed(code) ? "red" : "black"} suit-${code[1]} ${court ? "court" : ""} ${extraClass}`,
      "aria-hidden": "true",
      // Drawn faces only (a face is drawn once it is public): web/ui/motion.js follows a card by it.
      dataset: { face: code },
    },
    h("span", { class: "corner tl" }, h("span", { class: "rank" }, rank), h("span", { class: "suit" }, suit)),
    h("span", { class: "pip" }, court ? h("span", { class: "court-letter" }, rank) : null, h("span", {}, suit)),
    h("span", { class: "corner br" }, h("span", { class: "rank" }, rank), h("span", { class: "suit" }, suit)),
  );
}

/**
 * A card button's spoken name, as text a screen reader reads and the eye does not see. It is the
 * button's content (beside the face, which is aria-hidden) rather than an aria-label, so that the
 * button's name never disagrees with the text drawn on it (WCAG 2.5.3, "label in name").
 */
export function spoken(text) {
  return h("span", { class: "sr-only", dataset: { spoken: "true" } }, text);
}

/** The back of a card. */
export function cardBack(extraClass = "") {
  return h("span", { class: `card back ${extraClass}`, "aria-hidden": "true" });
}
