// Pishti's and Xeri's table on the fishing page (web/scopa/app.js): the table plug-in for a
// view whose rules say `layout: "pile"`, and the rows of the score sheet every Pishti preset
// (Basra too) shares. Basra's floor is drawn by Scopa's table (web/scopa/table.js renderTable).
//
// The pile: only its top card is shown face up, with the number of cards in it under it, and
// the face-down starter cards the engine's view counts (`hidden`) drawn as backs beneath it;
// the stock's count and, when the rules show it (`bottom`), the stock's bottom card. Nothing
// here decides a rule: which card takes is the view's `legal_moves`, every point is the view's.

import { h } from "../ui/dom.js";
import { cardBack, cardFace, spoken } from "../ui/cards.js";
import { scopaStrings as t } from "../scopa/strings.js";
import { scopaName, scopaWords } from "../scopa/cards.js";
import { isPile, lastMoveLine } from "../scopa/table.js";

export { isPile };

/**
 * The pile. `shown`: as web/scopa/table.js renderTable takes it ({table: the pile's face-up
 * cards, bottom first; taken: Set of cards a move on show takes; played: {card, seat}|null;
 * sweep: a bonus on show; move: {seat, move, sweep}|null}).
 */
export function renderPile(view, names, pack, shown) {
  const cards = shown.table;
  const top = cards.length ? cards[cards.length - 1] : null;
  const hidden = Number.isInteger(view.hidden) ? view.hidden : 0;
  const played = shown.played;
  const taking = played && shown.taken.size > 0;
  const label = top ? t.pileLabel(scopaWords(top, pack), cards.length + hidden) : t.pileEmpty;
  const stack = [];
  // The face-down starters first (fanned out to the left, backs up), then the edge of the
  // face-up cards under the top one, the top card, and a card on show.
  for (let i = 0; i < hidden; i++) stack.push(h("li", { class: `pishti-hidden at-${hidden - i}`, dataset: { hidden: "1" } }, cardBack()));
  if (cards.length > 1) stack.push(h("li", { class: "pishti-under", dataset: { under: String(cards.length - 1) } }, h("span", { class: "card pishti-edge", "aria-hidden": "true" })));
  if (top) stack.push(h("li", { class: `pishti-top scopa-table-card ${taking ? "taken" : ""}`, dataset: { card: top } }, spoken(scopaName(top, pack)), cardFace(top)));
  if (played) stack.push(h("li", { class: "pishti-top scopa-table-card played", dataset: { played: played.card, seat: played.seat } }, cardFace(played.card)));
  const count = cards.length + hidden;
  return h(
    "section",
    { class: "felt scopa-felt pishti-felt", "aria-label": t.pileTitle, dataset: { table: cards.join(" "), hidden: String(hidden) } },
    h(
      "div",
      { class: "scopa-felt-head" },
      h("span", { class: "trick-title" }, t.pileTitle),
      shown.sweep ? h("span", { class: "scopa-sweep-badge" }, t.sweepSaid) : null,
      h("span", { class: "scopa-stock", dataset: { stock: view.stock } }, view.stock > 0 ? t.stockCount(view.stock) : t.stockNone),
    ),
    lastMoveLine(view, names, pack, shown, pileMoveText),
    h(
      "div",
      { class: "pishti-pile-row" },
      !count && !played
        ? h("p", { class: "scopa-empty" }, t.pileEmpty)
        : h(
            "figure",
            { class: "pishti-pile" },
            h("ul", { class: "pishti-stack", role: "list", "aria-label": label, dataset: { count: String(count), hidden: String(hidden) } }, stack),
            h("figcaption", { class: "pishti-count", dataset: { count: String(count), hidden: String(hidden) } }, t.pileCount(count, hidden)),
          ),
      view.bottom
        ? h(
            "p",
            { class: "pishti-bottom", dataset: { bottom: view.bottom } },
            h("span", {}, t.bottomCard),
            spoken(scopaName(view.bottom, pack)),
            cardFace(view.bottom, "small"),
          )
        : null,
    ),
  );
}

/** A move on the pile in words: a take is "took the pile", never a list of its cards. */
export function pileMoveText(seat, move, names, pack) {
  const card = scopaWords(move.card, pack);
  return move.kind === "capture" ? t.tookPile(names[seat], card) : t.playedPile(names[seat], card);
}

/**
 * The score sheet's rows of a round where captured cards carry points (the engine's counted
 * score: Pishti's, docs/pishti.md "Score per round", and Tablić's, docs/tablic.md): the card
 * points (one row, or a row per kind when the round splits them: `card_point_parts`), the 3
 * for most cards, the bonuses under `bonusKey` (pişti, tablas). The answer takes the sheet's
 * row builders ({winnerRow(key, counts, points, winner), perSide(key, values, counts)}).
 */
export function countedSheetRows(bonusKey) {
  return (view, r, rows) => {
    // What most cards scored: the round's points less the card points and the bonuses.
    const w = r.most_cards;
    const most = w === null || w === undefined ? 0 : r.points[w] - r.card_points[w] - r.bonuses[w];
    const parts = Array.isArray(r.card_point_parts) && r.card_point_parts.length ? r.card_point_parts : [{ name: "card_points", points: r.card_points }];
    return [
      ...parts.map((part) => rows.perSide(part.name, part.points)),
      rows.winnerRow("cards", r.card_counts, most, w),
      rows.perSide(bonusKey, r.bonuses, r.bonus_count),
    ];
  };
}

/** Pishti's sheet rows (every Pishti preset, Basra too): card points, most cards, pişti. */
export const pishtiSheetRows = countedSheetRows("pisti");

/** A hinted move on the pile as advice: "play Jack of spades and take the pile". */
export function pileAdviceText(move, pack) {
  if (move.kind === "capture") return t.hintTakePile(scopaWords(move.card, pack));
  return t.hintPutPile(scopaWords(move.card, pack));
}
