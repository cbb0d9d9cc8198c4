// Moves in words: a preview of what a legal move will do, and a past-tense line for the last move
// of each player. Only presentation: the facts come from the move objects the engine sent.

import { strings } from "./strings.js";
import { cardShort, sortCards } from "./cards.js";

const VALUES = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

function pipValue(code) {
  return VALUES[code[0]] || Number(code[0]);
}

/** The table cards a move uses, with each build it touches shown as one bracketed group. */
function onText(take, builds) {
  const rest = new Set(take);
  const parts = [];
  for (const build of builds || []) {
    if (build.cards.every((c) => rest.has(c))) {
      parts.push(`[${sortCards(build.cards).map(cardShort).join(" ")}]`);
      build.cards.forEach((c) => rest.delete(c));
    }
  }
  return [...sortCards([...rest]).map(cardShort), ...parts].join(" ");
}

/**
 * Whether a build move makes a multiple build. The engine says so in `multiple`; for a move
 * without it (the last-move records) the API's definition applies: the cards of a single build
 * add up to its value.
 */
export function isMultiple(move) {
  if (typeof move.multiple === "boolean") return move.multiple;
  const total = [move.card, ...(move.take || [])].reduce((sum, c) => sum + pipValue(c), 0);
  return total !== move.value;
}

/** "Capture 3♣ 4♦ with 7♥ — sweep!", "Build 8 (single) with 3♥ on 5♦", "Trail 5♣". */
export function previewText(move, builds) {
  // A builder's default (Michigan) costs 2 points: the engine marks such a move `penalty`.
  return previewWords(move, builds) + (move.penalty ? strings.previewPenalty : "");
}

function previewWords(move, builds) {
  const card = cardShort(move.card);
  if (move.kind === "trail") return strings.previewTrail(card);
  if (move.kind === "pluck") return strings.previewPluck(card);
  const on = onText(move.take || [], builds);
  if (move.kind === "capture") {
    return strings.previewCapture(on, card) + (move.sweep ? strings.previewSweep : "");
  }
  if (isMultiple(move)) {
    return strings.previewBuildMultiple(strings.valuePlurals[move.value] || move.value, card, on);
  }
  const raised = (builds || []).find(
    (b) => b.cards.every((c) => (move.take || []).includes(c)) && b.value !== move.value,
  );
  if (raised) return strings.previewRaise(move.value, card, on);
  return strings.previewBuildSingle(move.value, card, on);
}

/** "Computer captured 3♣ 4♦ with 7♥", for the last-move panels. */
export function pastText(who, move) {
  return pastWords(who, move) + (move.penalty ? strings.pastPenalty : "");
}

function pastWords(who, move) {
  const card = cardShort(move.card);
  const on = sortCards(move.take || []).map(cardShort).join(" ");
  if (move.kind === "trail") return strings.pastTrail(who, card);
  if (move.kind === "pluck") return strings.pastPluck(who, card);
  if (move.kind === "capture") {
    return strings.pastCapture(who, on, card) + (move.sweep ? strings.pastSweep : "");
  }
  if (isMultiple(move)) {
    return strings.pastBuildMultiple(who, strings.valuePlurals[move.value] || move.value, card, on);
  }
  if (move.raise) return strings.pastRaise(who, move.value, card, on);
  return strings.pastBuild(who, move.value, card, on);
}
