// Cirulla's parts of the fishing page (web/scopa/app.js plays it as it plays Scopa): the score
// sheet's rows with grande, piccola, the declarations and the cappotto, the declaration in
// words, and the Declare button. The engine (cassino_core/cirulla) offers the declaration as a
// legal move ({kind: "declare", text: "declare"}) and says what each one scored; nothing here
// decides whether a hand may declare.

import { h } from "../ui/dom.js";
import { scopaStrings as t } from "../scopa/strings.js";
import { scopaWords } from "../scopa/cards.js";
import { cardsInSentence } from "../ui/cards.js";

/** Is `move` a declaration (a legal move, a played one or a hint)? */
export const isDeclare = (move) => Boolean(move && move.kind === "declare");

/** The score sheet's rows for a Cirulla round `r` (docs/cirulla.md "Count"): Scopa's
 * categories, then grande, piccola, the scope and the declarations; a cappotto is said. */
export function cirullaSheetRows(view, r, { winnerRow, perSide }) {
  const sides = Array.from({ length: view.sides }, (_, i) => i);
  const run = (key) => {
    const got = r[key] || { side: null, points: 0 };
    return h(
      "tr",
      { dataset: { category: key, side: got.side ?? "" } },
      h("th", { scope: "row" }, t.categories[key]),
      sides.map((s) => h("td", { dataset: { side: s, points: got.side === s ? got.points : 0 } }, got.side === s ? String(got.points) : "–")),
    );
  };
  const rows = [
    winnerRow("cards", r.card_counts),
    winnerRow("coins", r.coin_counts),
    winnerRow("settebello", null),
    winnerRow("primiera", r.primiera_totals),
    run("grande"),
    run("piccola"),
    perSide("sweeps", r.sweeps),
    perSide("declared", r.declared),
  ];
  if (r.cappotto !== null && r.cappotto !== undefined) {
    rows.push(h("tr", { dataset: { category: "cappotto", side: r.cappotto } }, h("th", { scope: "row", colspan: String(sides.length + 1) }, t.cappottoSaid)));
  }
  return rows;
}

/** A declaration in words, with its kind and points (play-test 13: the log named only the
 * cards, and the score did not move): "You declared a knock (3 points at the round's end): ace
 * of hearts, ...". `move`: a played declaration (with the engine's `declaration`: the answer's
 * or the move log's), or a move from the view (the seat's last declaration in the view's
 * `declarations`, and its shown cards). */
export function declareText(seat, move, names, pack, view = null) {
  const made = move.declaration || (view && (view.declarations || []).filter((d) => d.seat === seat).pop()) || null;
  const cards = (made && made.cards) || (view && view.shown && view.shown[seat]) || [];
  const said = cardsInSentence(cards.map((c) => scopaWords(c, pack)));
  if (!made) return t.declaredSaid(names[seat], said);
  return t.declaredKindSaid(names[seat], said, t.declarationKinds[made.kind] ?? made.kind, made.points);
}

/** The id of the Declare button's help line. */
const HELP_ID = "scopa-declare-help";

/** The Declare button, when the engine offers a declaration to the player at the screen. */
export function declareButton(view, mine, onDeclare) {
  const offered = mine && (view.legal_moves || []).some(isDeclare);
  if (!offered) return null;
  return h(
    "button",
    { type: "button", class: "primary scopa-declare", "aria-keyshortcuts": "D", "aria-describedby": view.declarable ? HELP_ID : null, title: t.declareHelp, dataset: { action: "declare", key: "declare" }, onclick: onDeclare },
    t.declare,
    h("kbd", { "aria-hidden": "true" }, "D"),
  );
}

/** The line under the prompt that says what Declare does: the view's `declarable` (its kind,
 * and its points, scored at the round's end); null when nothing is offered. */
export function declareHelpLine(view, mine) {
  const offer = mine && (view.legal_moves || []).some(isDeclare) ? view.declarable : null;
  if (!offer) return null;
  return h("p", { class: "scopa-declare-help", id: HELP_ID, dataset: { kind: offer.kind, points: String(offer.points) } }, t.declareOffer(t.declarationKinds[offer.kind] ?? offer.kind, offer.points));
}
