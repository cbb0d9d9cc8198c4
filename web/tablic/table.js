// Tablić's part of the fishing page (web/scopa/app.js): choosing what one card takes when it
// can take several ways, and the rows of its score sheet. The table itself is Scopa's
// (web/scopa/table.js renderTable: the cards side by side), its table cards made pressable
// while a choice is open (`shown.pick`).
//
// A Tablić card may take several groups at once, and a capture is never compulsory, so one
// card can have tens of legal captures (docs/tablic.md "Play"). The page never adds values up:
// every capture it offers is one of the view's `legal_moves`, and a table card is lit only
// while some listed capture of the chosen card takes it together with the cards already
// picked (a set test on the engine's list, never a sum). When exactly one listed capture
// still fits the picked cards, it is played. On a crowded table the view lists only some
// captures (`legal_moves_complete` false) and the engine's `select` answers each press
// instead: the first fitting captures, the cards to light and their count (web/scopa/app.js).

import { h } from "../ui/dom.js";
import { cardsInSentence, spoken } from "../ui/cards.js";
import { scopaStrings as t } from "../scopa/strings.js";
import { scopaFace, scopaWords } from "../scopa/cards.js";
import { choiceRow } from "../scopa/choice.js";

/** How many of the fitting captures the choice lists at once; the rest are narrowed by picks. */
export const LISTED = 6;

/** The captures among `moves` (one card's legal moves) that take every card of `picked`. */
export function fittingCaptures(moves, picked) {
  return moves.filter((m) => m.kind === "capture" && picked.every((c) => (m.take || []).includes(c)));
}

/** The table cards some fitting capture takes besides those picked: the cards left to press. */
export function pickableCards(moves, picked) {
  const out = new Set(picked);
  for (const m of fittingCaptures(moves, picked)) for (const c of m.take) out.add(c);
  return out;
}

/**
 * What a card press on the hand does on Tablić's table: `null` opens the choice (several
 * captures), else the one move to play (its single capture, or its trail when it takes
 * nothing). `layDown`: the player asked to lay the card down (its trail, when listed).
 */
export function directMove(moves, layDown) {
  const trail = moves.find((m) => m.kind !== "capture") || null;
  if (layDown && trail) return trail;
  const captures = moves.filter((m) => m.kind === "capture");
  if (captures.length > 1) return null;
  return captures[0] || trail;
}

/**
 * The choice for one card: what the picked table cards allow, the first LISTED captures that
 * fit them (each previews its cards on focus), laying the card down, and Back.
 * @param {object} ui {card, moves: the card's legal moves, picked: table cards pressed, pack,
 *   count: on a crowded table, how many captures fit (the engine's `select`: `moves` then
 *   holds only the first of them), exact: false when that count is only "at least",
 *   pending: the picks changed and the engine's answer to them is awaited (data-pending),
 *   onMove(move), onPreview(move), onCancel()}
 */
export function renderPickChoice(ui) {
  const name = scopaWords(ui.card, ui.pack);
  // The fewest cards first: the capture of exactly the picked cards leads the list.
  const fitting = fittingCaptures(ui.moves, ui.picked).sort((x, y) => x.take.length - y.take.length);
  const trail = ui.moves.find((m) => m.kind !== "capture");
  const listed = fitting.slice(0, LISTED);
  // On a crowded table the engine lists a few and counts the rest (ui.count).
  const count = Number.isInteger(ui.count) ? ui.count : fitting.length;
  const more = count - listed.length;
  const option = (move, i, words) =>
    h(
      "button",
      {
        type: "button",
        class: `scopa-option ${move.text === ui.hinted ? "hinted" : ""}`.trim(),
        dataset: { move: move.text, key: `C:${i}`, action: move.kind === "capture" ? "choose-capture" : "lay-down-choice" },
        onclick: () => ui.onMove(move),
        onmouseenter: () => ui.onPreview(move),
        onfocus: () => ui.onPreview(move),
      },
      // A capture shows the cards it takes; laying down says so in words (play-test 16: the
      // played card's picture alone read as taking that card).
      move.kind === "capture"
        ? [spoken(words), h("span", { class: "scopa-option-cards", "aria-hidden": "true" }, move.take.map((c) => scopaFace(c, ui.pack, "small")))]
        : h("span", { class: "scopa-option-words" }, words),
    );
  return h(
    "section",
    { class: "scopa-choice tablic-choice", role: "group", "aria-label": t.choosePick(name), dataset: { pending: ui.pending ? "1" : "0", fitting: String(count), picked: ui.picked.join(" ") } },
    // Said once, in the prompt line under the hand (the page's renderActions): a phone has
    // no room for it twice.
    h("p", { class: "scopa-choice-title sr-only" }, t.choosePick(name)),
    choiceRow(
      [...listed.map((move, i) => option(move, i, t.captureOption(cardsInSentence(move.take.map((c) => scopaWords(c, ui.pack)))))), trail ? option(trail, "trail", t.trailOption(name)) : null],
      () => ui.onCancel(),
      // After the ways, in their box (it scrolls on a phone, Back beside it). Past what the
      // engine counted (`exact` false) it says "more than".
      [
        // The count, then how to narrow the ways (a phone leaves that to the prompt under
        // the hand, web/scopa.css: the line then reads whole in the ways' small box).
        more > 0
          ? h("p", { class: "tablic-more", dataset: { more: String(more) } }, (ui.exact === false ? t.pickMany : t.pickMore)(more), h("span", { class: "tablic-more-how" }, `: ${t.pickNarrow}`))
          : null,
        fitting.length || ui.pending ? null : h("p", { class: "tablic-more", dataset: { more: "0" } }, t.pickNone),
      ],
    ),
  );
}

/**
 * A table card while a choice is open: a toggle button (pressed when picked; off when no
 * listed capture of the card takes it with the picked ones).
 * @param {object} pick {card: the hand card, picked: Set, pickable: Set, onPick(card), pack}
 */
export function pickButton(card, pick, face) {
  const picked = pick.picked.has(card);
  const usable = picked || pick.pickable.has(card);
  return h(
    "button",
    {
      type: "button",
      class: `tablic-pick ${picked ? "picked" : ""}`,
      "aria-pressed": picked ? "true" : "false",
      "aria-disabled": usable ? null : "true",
      dataset: { card, key: `P:${card}`, action: "pick-table" },
      onclick: () => {
        if (usable) pick.onPick(card);
      },
    },
    // A card no listed capture can take with those picked says so (play-test 18: it read
    // «Взять…» though pressing it did nothing).
    spoken((usable ? t.pickTable : t.pickTableNot)(scopaWords(card, pick.pack), scopaWords(pick.card, pick.pack))),
    face,
  );
}
