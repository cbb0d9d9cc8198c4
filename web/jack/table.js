// Drawing the California Jack / Shasta Sam table from the engine's view: the two players'
// panels, the stock and trumps, the trick in play and the last trick, the hand, and the sheet
// shown when a deal or the match ends. Nothing here decides a rule: which cards may be played,
// who won a trick and every point come from the view.

import { h } from "../ui/dom.js";
import { cardBack, cardFace, cardName, cardPhrase, cardShort, cardsInSentence, spoken } from "../ui/cards.js";
import { wordsList } from "../ui/declension.js";
import { strings } from "../ui/strings.js";
import { jackStrings as t, SUIT_SYMBOLS } from "./strings.js";

export const suitOfCard = (card) => card[1];
const isRedSuit = (suit) => suit === "H" || suit === "D";

function chip(text, cls = "", attrs = {}) {
  return h("span", { class: `chip ${cls}`, ...attrs }, text);
}

function wonLine(view, seat, name) {
  const tricks = Math.floor(((view.won || [])[seat] || []).length / 2);
  const points = (view.card_points || [])[seat] ?? 0;
  return h(
    "p",
    { class: "jack-won", dataset: { tricks, cardPoints: points } },
    h("span", { class: "sr-only" }, t.wonLabel(name, tricks, points)),
    h("span", { "aria-hidden": "true" }, t.won(tricks, points)),
  );
}

/**
 * A player's panel head: name, dealer and turn chips, a status line.
 */
function seatHead(view, seat, name, status) {
  const toPlay = view.phase === "play" && view.turn === seat;
  return h(
    "div",
    { class: "seat-head" },
    h("h2", { class: "seat-name" }, name),
    view.dealer === seat ? chip(t.dealer, "dealer", { dataset: { dealerChip: "true" } }) : null,
    toPlay ? chip(t.toPlay, "turn", { dataset: { turnChip: "true" } }) : null,
    h("span", { class: "seat-status", "aria-hidden": status ? null : "true" }, status || ""),
  );
}

/** The opponent: card backs with the count, the cards seen drawn face up, tricks won. */
export function renderOpponent(view, seat, name, status) {
  const count = (view.hand_counts || [])[seat] ?? 0;
  const known = ((view.known || [])[seat] || []).slice(0, count);
  const backs = Math.max(0, count - known.length);
  const toPlay = view.phase === "play" && view.turn === seat;
  return h(
    "section",
    { class: `seat them jack-seat ${toPlay ? "to-play" : ""}`, "aria-label": name, dataset: { seat, handCount: count, known: known.join(" ") } },
    seatHead(view, seat, name, status),
    h(
      "div",
      { class: "jack-opp-hand" },
      h(
        "div",
        { class: "hidden-hand", role: "img", "aria-label": t.opponentHand(name, count) },
        Array.from({ length: backs }, () => cardBack("small")),
        known.map((c) => h("span", { class: "known-card", title: t.knownHelp, dataset: { known: c } }, cardFace(c, "small"))),
      ),
      chip(t.handCount(count), "hand-count", { dataset: { handCount: count }, "aria-hidden": "true" }),
      known.length
        ? h(
            "p",
            { class: "known-line", title: t.knownHelp },
            // A label enumerating the cards after a colon: commas only.
            h("span", { class: "sr-only" }, t.knownLabel(name, wordsList(known.map(cardPhrase)))),
            h("span", { "aria-hidden": "true" }, `${t.knownCards}: ${known.map(cardShort).join(" ")}`),
          )
        : null,
    ),
    wonLine(view, seat, name),
  );
}

/** The stock (face-up top card in California Jack, a back in Shasta Sam) and its count. */
function renderStock(view) {
  const n = view.stock ?? 0;
  let pile;
  let label;
  if (n <= 0) {
    pile = h("span", { class: "stock-empty" });
    label = t.stockEmpty;
  } else if (view.stock_top) {
    pile = h("span", { class: "stock-pile" }, n > 1 ? cardBack("offset") : null, cardFace(view.stock_top, "top"));
    label = t.stockFaceUp(cardPhrase(view.stock_top), n);
  } else {
    pile = h("span", { class: "stock-pile" }, n > 1 ? cardBack("offset") : null, cardBack());
    label = t.stockFaceDown(n);
  }
  return h(
    "div",
    { class: "stock jack-stock", role: "img", "aria-label": label, dataset: { stock: n, stockTop: view.stock_top || "" } },
    h("span", { class: "trick-title", "aria-hidden": "true" }, t.stock),
    pile,
    h("span", { class: "stock-count", "aria-hidden": "true" }, n > 0 ? t.stockCount(n) : "0"),
  );
}

/** Trumps: the suit symbol and name, and the card that fixed them. */
export function renderTrump(view) {
  const suit = view.trump;
  if (!suit) return null;
  return h(
    "div",
    {
      class: `trump-badge ${isRedSuit(suit) ? "red" : "black"} suit-${suit}`,
      role: "note",
      "aria-label": t.trumpBadge(strings.suitNames[suit]) + (view.trump_card ? `, ${t.trumpTurned(cardPhrase(view.trump_card))}` : ""),
      dataset: { trump: suit },
    },
    h("span", { class: "trump-symbol", "aria-hidden": "true" }, SUIT_SYMBOLS[suit]),
    // The turned card's short name beside the suit's sign: a phone's on its side (jack.css),
    // where the badge is as narrow as the stock; upright, it follows the title (below).
    view.trump_card ? h("span", { class: "trump-card-corner", "aria-hidden": "true" }, cardShort(view.trump_card)) : null,
    h(
      "span",
      { class: "trump-text", "aria-hidden": "true" },
      h("span", { class: "trump-title" }, t.trumps, view.trump_card ? h("span", { class: "trump-card-short" }, ` · ${cardShort(view.trump_card)}`) : null),
      h("span", { class: "trump-name" }, strings.suitNames[suit]),
      view.trump_card ? h("span", { class: "trump-card" }, t.trumpTurned(cardPhrase(view.trump_card))) : null,
    ),
  );
}

/**
 * The trick: one slot per card played, in order, labelled with the player's name.
 * @param {object} shown {plays: [{seat, card}], winner: seat|null, flash: card|null}
 */
function renderTrick(view, names, shown) {
  const plays = shown.plays;
  const slots = plays.map((p) =>
    h(
      "figure",
      {
        class: `trick-card ${shown.flash === p.card ? "flash played-card" : ""} ${shown.winner === p.seat ? "winner" : ""}`,
        dataset: { seat: p.seat, card: p.card },
      },
      cardFace(p.card),
      h("figcaption", {}, names[p.seat]),
    ),
  );
  let note = "";
  if (shown.winner !== null && shown.winner !== undefined) note = t.trickWon(names[shown.winner]);
  else if (!plays.length && view.phase === "play") note = t.trickEmpty(names[view.turn]);
  // Empty places for the cards still to come, so the table keeps its shape.
  for (let i = plays.length; i < 2; i++) {
    slots.push(h("figure", { class: "trick-card empty", "aria-hidden": "true" }, h("span", { class: "stock-empty" }), h("figcaption", {}, i === plays.length ? t.trickWaiting : "\u00a0")));
  }
  const label = plays.length ? `${t.trickLabel}: ${plays.map((p) => playWords(p, names)).join(", ")}` : t.trickLabel;
  return h(
    "div",
    { class: "trick", role: "group", "aria-label": label, dataset: { trick: plays.map((p) => p.card).join(" "), winner: shown.winner ?? "" } },
    h("div", { class: "trick-title" }, t.trick),
    h("div", { class: "trick-cards" }, slots),
    h("p", { class: "trick-note", "aria-live": "off" }, note),
  );
}

/** One card of a trick in words, "Компьютер — туз червей" (the name in the nominative, lower
 * case inside the line where the language has cases). */
function playWords(play, names) {
  return `${names[play.seat]} — ${cardPhrase(play.card).form("nom")}`;
}

/** Words for what each player drew after a trick (cards the viewer may not know are null). */
export function drawText(drew, names) {
  const parts = (drew || []).map((d) => (d.card ? t.drew(names[d.seat], cardPhrase(d.card)) : t.drewHidden(names[d.seat])));
  return parts.join(", ");
}

function renderLastTrick(view, names) {
  const last = view.last_trick;
  if (!last) {
    return h("div", { class: "last-trick", dataset: { lastTrick: "" } }, h("div", { class: "trick-title" }, t.lastTrick), h("p", { class: "last-trick-none" }, t.lastTrickNone));
  }
  const draws = drawText(last.drew, names);
  return h(
    "div",
    { class: "last-trick", dataset: { lastTrick: last.plays.map((p) => p.card).join(" "), winner: last.winner } },
    h("div", { class: "trick-title" }, t.lastTrick),
    h(
      "div",
      { class: "last-trick-cards" },
      last.plays.map((p) =>
        h(
          "span",
          { class: `last-card ${p.seat === last.winner ? "winner" : ""}`, title: playWords(p, names) },
          cardFace(p.card, "small"),
        ),
      ),
    ),
    h(
      "p",
      { class: "last-trick-text" },
      `${last.plays.map((p) => playWords(p, names)).join(", ")}: ${t.lastTrickWon(names[last.winner])}`,
      draws ? `; ${draws}.` : (last.drew && last.drew.length === 0 ? `; ${t.drewNothing}.` : "."),
    ),
    // A phone shows only who took it (jack.css): the faces above show the cards and the
    // winner's ring, the stock and the seats what was drawn; the whole line is still read out.
    h("p", { class: "last-trick-short", "aria-hidden": "true" }, `${t.lastTrickWon(names[last.winner])}.`),
  );
}

/** The middle of the table. `shown` is the trick to draw (see renderTrick). */
export function renderFelt(view, names, shown) {
  const between = view.phase !== "play" && !shown.plays.length; // the deal is over
  return h(
    "section",
    // A short window scrolls the table inside itself (jack.css), and its cards are not
    // buttons: the region takes the focus itself, so a keyboard can scroll it too.
    { class: `felt jack-felt ${between ? "between" : ""}`, "aria-label": strings.table, tabindex: "0" },
    h("div", { class: "jack-side" }, between ? null : renderStock(view), renderTrump(view)),
    between ? null : renderTrick(view, names, shown),
    renderLastTrick(view, names),
  );
}

/**
 * The viewer's panel and hand.
 * @param {object} ui {active: bool, legal: Set<card>, why(card): string, hinted: card|null,
 *            onCard(card), status}
 */
export function renderMine(view, seat, name, ui) {
  const cards = view.hand || []; // the engine's order: trumps first, high to low
  // Cards the opponent saw this player draw face up (California Jack): no secret to them.
  const seen = new Set(((view.known || [])[seat] || []));
  // "Your hand" for the one human; a seat's name otherwise (a record of two computers).
  const handLabel = t.yourHand(name);
  const list = h(
    "ul",
    { class: "jack-hand-cards", "aria-label": handLabel },
    cards.map((card) => {
      const playable = ui.active && ui.legal.has(card);
      const dim = ui.active && !playable;
      const why = dim ? ui.why(card) : "";
      const known = seen.has(card);
      const note = [why, known ? t.seenByThem(name) : ""].filter(Boolean).join("; ");
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `hand-card ${dim ? "unusable" : ""} ${ui.hinted === card ? "hinted" : ""} ${known ? "seen-by-them" : ""}`,
            "aria-disabled": playable ? null : "true",
            title: note || null,
            dataset: { card, key: `J:${card}`, legal: playable ? "true" : "false", seen: known ? "true" : null },
            onclick: () => ui.onCard(card),
          },
          spoken(t.handLabel(cardName(card), note)),
          cardFace(card),
        ),
      );
    }),
  );
  const toPlay = view.phase === "play" && view.turn === seat;
  return h(
    "section",
    { class: `seat me jack-seat ${toPlay ? "to-play" : ""}`, "aria-label": name, dataset: { seat } },
    seatHead(view, seat, name, ui.status),
    wonLine(view, seat, name),
    h("section", { class: "hand jack-hand", "aria-label": handLabel }, list),
    seen.size
      ? h("p", { class: "known-line mine", dataset: { seenByThem: [...seen].join(" ") } },
          h("span", { class: "seen-dot", "aria-hidden": "true" }),
          // A phone shows the cards by their faces' short names on one line (in words they took
          // three lines late in a deal, and the table under them gave way: play-test 13); the
          // sentence stays for screen readers.
          h("span", { class: "seen-words" }, t.seenByThemLine(name, cardsInSentence([...seen].map(cardPhrase)))),
          h("span", { class: "seen-short", "aria-hidden": "true" }, t.seenByThemShort(name, [...seen].map(cardShort).join(" "))))
      : null,
  );
}

/**
 * The sheet at the end of a deal (and of the match): High, Low, Jack and Game per player,
 * card points, the deal's points and the match totals.
 * @param {object} actions {onNextDeal(), onNewMatch(), you: seat of the human}
 */
export function renderSheet(view, names, actions) {
  const over = view.phase === "match_over";
  const deals = view.deals || [];
  const deal = deals[deals.length - 1] || null;
  const number = deals.length || view.deal_number || 1;
  const headId = "jack-sheet-title";
  const seats = [0, 1];
  const trump = view.trump;
  const rows = ["high", "low", "jack", "game"].map((cat) => {
    const who = deal ? deal[cat] : null;
    const card = trump && t.categoryCard[cat] ? cardShort(t.categoryCard[cat] + trump) : "";
    return h(
      "tr",
      { dataset: { category: cat, seat: who ?? "" } },
      h("th", { scope: "row" }, t.categories[cat], card ? h("span", { class: `count sheet-card ${isRedSuit(trump) ? "red" : ""} suit-${trump}` }, ` ${card}`) : null,
        cat === "game" && deal && who === null ? h("span", { class: "count" }, ` (${t.gameTie})`) : null),
      seats.map((s) => h("td", { dataset: { seat: s, points: who === s ? 1 : 0 } }, who === s ? t.point : t.noPoint)),
    );
  });
  const cardPoints = h(
    "tr",
    { class: "card-points", dataset: { category: "card_points" } },
    h("th", { scope: "row" }, t.cardPointsRow),
    seats.map((s) => h("td", { dataset: { seat: s, cardPoints: deal ? deal.card_points[s] : "" } }, deal ? String(deal.card_points[s]) : "")),
  );
  const total = h(
    "tr",
    { class: "total", dataset: { category: "total" } },
    h("th", { scope: "row" }, t.dealTotal),
    seats.map((s) => h("td", { dataset: { seat: s, total: deal ? deal.points[s] : "" } }, deal ? String(deal.points[s]) : "")),
  );
  const match = h(
    "tr",
    { class: "match", dataset: { category: "match" } },
    h("th", { scope: "row" }, t.matchTotal),
    seats.map((s) => h("td", { dataset: { seat: s, score: view.scores[s] } }, String(view.scores[s]))),
  );
  const verdict = over
    ? h(
        "div",
        { class: "verdict", dataset: { winner: view.winner ?? "" } },
        h(
          "p",
          {},
          view.winner !== null && view.winner !== undefined ? t.winnerLine(names[view.winner]) : t.noWinner,
          " ",
          t.finalScores(view.scores[actions.you], view.scores[1 - actions.you]),
        ),
      )
    : null;
  const history =
    deals.length > 1
      ? h(
          "ol",
          { class: "round-history", "aria-label": t.dealHistory },
          deals.map((d, i) => h("li", {}, t.dealLine(i + 1, seats.map((s) => `${names[s]} ${d.points[s]}`).join(", ")))),
        )
      : null;
  const button = over
    ? h("button", { type: "button", class: "primary", dataset: { action: "new-match", key: "new-match" }, onclick: actions.onNewMatch }, t.newMatch)
    : h("button", { type: "button", class: "primary", dataset: { action: "next-deal", key: "next-deal" }, onclick: actions.onNextDeal }, t.nextDeal);
  return h(
    "section",
    { class: "score-sheet jack-sheet", role: "region", "aria-labelledby": headId, dataset: { phase: view.phase } },
    h("h2", { id: headId }, over ? t.matchOver : t.dealOver(number)),
    verdict,
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.category), seats.map((s) => h("th", { scope: "col", dataset: { seat: s } }, names[s])))),
        h("tbody", {}, rows, cardPoints, total, match),
      ),
    ),
    history,
    h("div", { class: "sheet-actions" }, button),
  );
}
