// Moves in words: a preview of what a legal move will do, and a past-tense line for the last move
// of each player. Only presentation: the facts come from the move objects the engine sent.
// Whether a build move makes a multiple build is the engine's `multiple` (cassino_core/view.py
// page_move sets it on every build move it sends: legal moves, hints, last moves, the move log
// and the replay), never worked out here.

import { strings } from "./strings.js";
import { cardShort, sortCards } from "./cards.js";

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
 * A move's words (previewText) as they go on after a colon inside a sentence ("Совет: сбросить
 * 3♣", not "Совет: Сбросить 3♣", play-test 9): the first letter in lower case when it begins an
 * ordinary word (a capital then a lower-case letter); a card ("K♠ ...") is kept as it is.
 * @param {string} text
 */
export function inSentence(text) {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text[0].toLocaleLowerCase() + text.slice(1) : text;
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
  if (move.kind === "trail_build") return trailBuildWords(strings.previewTrailBuild, strings.previewTrailBuildMultiple, [], card, on, move);
  if (move.kind === "capture") {
    const taken = move.builds ? takenText(move, strings.previewTakenBuild, strings.previewTakenBuildMultiple) : on;
    return strings.previewCapture(taken, card) + (move.sweep ? strings.previewSweep : "");
  }
  if (move.multiple) {
    return strings.previewBuildMultiple(strings.valuePlurals[move.value] || move.value, card, on);
  }
  if (raisedBuild(move, builds)) return strings.previewRaise(move.value, card, on);
  return strings.previewBuildSingle(move.value, card, on);
}

/** The kinds of move a prompt names, in the order it names them. */
const WAYS = ["capture", "build", "trail_build", "trail"];

/**
 * The line after a hand card is chosen: what that card can do now, from the kinds of the legal
 * moves the engine offered for it (`kinds`: "capture", "build", "trail_build", "trail"; the
 * page works out none of them), as alternatives in a sentence ("взять ею карты со стола,
 * сложить с ней постройку или сбросить её..."). `kinds` null (a crowded table, whose moves the
 * view does not list): the general line.
 */
export function cardPrompt(card, kinds) {
  const ways = kinds ? WAYS.filter((kind) => kinds.has(kind)) : [];
  if (!ways.length) return strings.chooseTable(cardShort(card));
  return strings.chooseWays(cardShort(card), strings.anyOf(ways.map((kind) => strings.cardWays[kind])));
}

/**
 * One of several moves that fit the same selection, in a few words for its button: they all
 * play the same hand card with the same table cards (both marked on the table), so only what
 * the move does with them is said ("Capture", "Build sixes", "Trail and build 6"); a phone's
 * list of three then fits beside the hand and the buttons. The whole move is the preview line
 * once one is chosen.
 */
export function choiceText(move, builds) {
  const value = (plural) => (plural ? strings.valuePlurals[move.value] || move.value : move.value);
  let words;
  if (move.kind === "capture") words = strings.choiceCapture + (move.sweep ? strings.previewSweep : "");
  else if (move.kind === "trail_build") words = (move.multiple ? strings.choiceTrailBuildMultiple : strings.choiceTrailBuild)(value(move.multiple));
  else if (move.multiple) words = strings.choiceBuildMultiple(value(true));
  else if (raisedBuild(move, builds)) words = strings.choiceRaise(move.value);
  else words = strings.choiceBuild(move.value);
  return words + (move.penalty ? strings.choicePenalty : "");
}

/** The build on the table that `move` raises to a new value, if it raises one. */
function raisedBuild(move, builds) {
  return (builds || []).find((b) => b.cards.every((c) => (move.take || []).includes(c)) && b.value !== move.value);
}

/** "Computer captured 3♣ 4♦ with 7♥", for the last-move panels. */
export function pastText(who, move) {
  return pastWords(who, move) + (move.penalty ? strings.pastPenalty : "");
}

function pastWords(who, move) {
  // A claim out (rules `claiming`): right or wrong, it ends the match.
  if (move.kind === "claim") return move.right ? strings.pastClaimRight(who) : strings.pastClaimWrong(who);
  const card = cardShort(move.card);
  const on = sortCards(move.take || []).map(cardShort).join(" ");
  if (move.kind === "trail") return strings.pastTrail(who, card);
  if (move.kind === "pluck") return strings.pastPluck(who, card);
  if (move.kind === "trail_build") return trailBuildWords(strings.pastTrailBuild, strings.pastTrailBuildMultiple, [who], card, on, move);
  if (move.kind === "capture") {
    return strings.pastCapture(who, takenText(move, strings.takenBuild, strings.takenBuildMultiple), card) + (move.sweep ? strings.pastSweep : "");
  }
  if (move.multiple) {
    return strings.pastBuildMultiple(who, strings.valuePlurals[move.value] || move.value, card, on);
  }
  if (move.raise) return strings.pastRaise(who, move.value, card, on);
  return strings.pastBuild(who, move.value, card, on);
}

/** What a capture takes, in a sentence: its loose cards, then each build it takes whole as a
 * build ("5♣ and the build of 6 (3♥ 3♦)", `single` and `multiple` word a build in the case the
 * sentence needs); the engine's `builds` on the move say which table cards were one
 * (cassino_core/view.py page_move). */
function takenText(move, single, multiple) {
  const builds = move.builds || [];
  const inBuilds = new Set(builds.flatMap((b) => b.cards));
  const loose = sortCards((move.take || []).filter((c) => !inBuilds.has(c))).map(cardShort).join(" ");
  const named = builds.map((b) => {
    const cards = sortCards(b.cards).map(cardShort).join(" ");
    return b.multiple ? multiple(strings.valuePlurals[b.value] || b.value, cards) : single(b.value, cards);
  });
  return strings.listInSentence([...(loose ? [loose] : []), ...named]);
}

// A trail beside a build of table cards only (rules `table_builds`): the card, the value (a
// multiple build by its plural, as other multiple builds), the table cards.
function trailBuildWords(single, multiple, lead, card, on, move) {
  if (move.multiple) return multiple(...lead, card, strings.valuePlurals[move.value] || move.value, on);
  return single(...lead, card, move.value, on);
}
