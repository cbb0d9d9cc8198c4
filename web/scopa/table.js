// Drawing the Scopa (or Escoba) table from the engine's view: the other players' panels, the table cards,
// the viewer's hand, the choice among the engine's captures for one card, and the score sheet
// after a round. Nothing here decides a rule: the moves offered are the view's `legal_moves`,
// and every count and point is the view's `rounds`.

import { h } from "../ui/dom.js";
import { cardBack, cardsInSentence, choicesInSentence, spoken } from "../ui/cards.js";
import { scopaStrings as t } from "./strings.js";
import { playOnLine } from "../ui/scoresheet.js";
import { scopaFace, scopaName, scopaWords } from "./cards.js";
import { wordsList } from "../ui/declension.js";
import { pickButton } from "../tablic/table.js";
import { choiceRow } from "./choice.js";
import { strings } from "../ui/strings.js";
import { moreCardsSigns } from "../ui/tablemore.js";

/** The scoring side of a seat: partners sit opposite (seat % sides). */
export const sideOf = (view, seat) => seat % view.sides;

function chip(text, cls, data = {}) {
  return h("span", { class: `chip ${cls}`, dataset: data }, text);
}

/** A seat's sweeps this round: the view's `sweeps`, or (Pishti) its count of `bonuses`. */
function marksOf(view, seat) {
  if (Array.isArray(view.sweeps)) return view.sweeps[seat] || 0;
  return (view.bonuses || []).filter((b) => b.seat === seat).length;
}

/** Did the view's last move sweep (Scopa, Escoba) or score a bonus (Pishti)? */
export const sweptBy = (last) => Boolean(last && (last.sweep || last.bonus > 0));

/** A seat's head: name, dealer and turn chips, cards taken and the scopa marks. */
function seatHead(view, seat, name, status) {
  const sweeps = marksOf(view, seat);
  // The cards taken: counted by the view (pile_counts), or its captured piles (Tablić's piles).
  const taken = (view.pile_counts || [])[seat] ?? ((view.piles || [])[seat] || []).length;
  return h(
    "div",
    { class: "seat-head" },
    h("h2", { class: "seat-name" }, name),
    view.dealer === seat ? chip(t.dealer, "dealer") : null,
    view.phase === "play" && view.turn === seat ? chip(t.toPlay, "turn") : null,
    h("span", { class: "scopa-taken", dataset: { taken } }, t.taken(taken)),
    sweeps
      ? h(
          "span",
          { class: "scopa-marks", dataset: { sweeps }, title: t.sweepCount(sweeps) },
          h("span", { class: "sr-only" }, t.sweepCount(sweeps)),
          Array.from({ length: sweeps }, () => h("span", { class: "scopa-mark", "aria-hidden": "true" }, t.sweepMark)),
        )
      : null,
    status ? h("span", { class: "seat-status" }, status) : null,
  );
}

/** Another player's panel: their hand as backs, cards taken, scope. Cards the engine shows
 * to every seat (`view.shown`: Cirulla's declared hand) are drawn face up; `pack` draws them.
 * The fan's `data-count` is its count, drawn in figures after it in a phone's strip of seats
 * (shell.css), so that the count never goes to a line without its fan. */
export function renderOther(view, seat, name, status, pack = "french") {
  const count = (view.hand_counts || [])[seat] ?? 0;
  const toPlay = view.phase === "play" && view.turn === seat;
  const open = ((view.shown || [])[seat] || []).slice(0, count);
  // The shown cards are an enumeration in a label ("(тройка треф, тройка пик)"): commas only.
  const label = t.theirHand(name) + ", " + t.handCount(count) + (open.length ? t.shownCards(wordsList(open.map((c) => scopaWords(c, pack)))) : "");
  return h(
    "section",
    { class: `seat them scopa-seat ${toPlay ? "to-play" : ""}`, "aria-label": name, dataset: { seat, handCount: count, shown: open.join(" ") } },
    seatHead(view, seat, name, status),
    h("div", { class: "scopa-backs", role: "img", "aria-label": label, dataset: { count } }, open.map((c) => scopaFace(c, pack, "small")), Array.from({ length: count - open.length }, () => cardBack("small"))),
  );
}

/**
 * The table cards. `shown`: {table: cards to draw, taken: Set of cards a move takes,
 * played: {card, seat}|null, sweep: bool, preview: Set of cards the focused choice would take,
 * move: {seat, move}|null (the move on show, else the view's last), notes?: lines said under
 * the Last move line (another seat's declaration, Cirulla), pick?: while Tablić's choice is
 * open, the table cards are its toggles (web/tablic/table.js pickButton's `pick`)}.
 */
export function renderTable(view, names, pack, shown) {
  const cards = shown.table;
  // A label enumerating what lies on the table ("На столе: двойка, тройка"): commas only.
  const label = cards.length ? t.tableLabel(wordsList(cards.map((c) => scopaWords(c, pack)))) : t.tableEmpty;
  // The last move first: on a short phone the felt gives way from the bottom. A box too short
  // for its cards scrolls inside itself and says so at its edges, as Cassino's does.
  const [above, below] = moreCardsSigns();
  return h(
    "section",
    { class: "felt scopa-felt", "aria-label": t.table, dataset: { table: cards.join(" ") } },
    above,
    h("div", { class: "scopa-felt-head" },
      h("span", { class: "trick-title" }, t.table),
      shown.sweep ? h("span", { class: "scopa-sweep-badge" }, t.sweepSaid) : null,
      h("span", { class: "scopa-stock", dataset: { stock: view.stock } }, view.stock > 0 ? t.stockCount(view.stock) : t.stockNone)),
    lastMoveLine(view, names, pack, shown),
    (shown.notes || []).map((text) => h("p", { class: "scopa-declared" }, text)),
    !cards.length && !shown.played ? h("p", { class: "scopa-empty" }, t.tableEmpty) : h(
      "ul",
      { class: "scopa-table-cards", role: "list", "aria-label": label },
      cards.map((card) =>
        h(
          "li",
          {
            class: `scopa-table-card ${shown.taken.has(card) ? "taken" : ""} ${shown.preview.has(card) ? "preview" : ""}`,
            dataset: { card },
          },
          shown.pick ? pickButton(card, shown.pick, scopaFace(card, pack)) : [spoken(scopaName(card, pack)), scopaFace(card, pack)],
        ),
      ),
      shown.played
        ? h("li", { class: "scopa-table-card played", dataset: { played: shown.played.card, seat: shown.played.seat } }, scopaFace(shown.played.card, pack))
        : null,
    ),
    below,
  );
}

/**
 * The felt's "Last move" line: the move on show (`shown.move`: a computer's move on show, or
 * Cirulla's declaration), else the view's last; `shown.say(seat, move)` (the page's words for
 * any move, a declaration too), else `say`, words it (moveText, or Pishti's pile words).
 *
 * When another seat has moved since the player's own move (`shown.mine`: {seat, move, sweep},
 * the engine's answer to the player's move, kept by the page), the player's move is said on a
 * line of its own above the reply, each line naming its mover (play-test 10: the computer
 * answers within a moment and its move replaced the player's before it could be read). The
 * label "Last move" is left off then: the two sentences say who moved.
 */
export function lastMoveLine(view, names, pack, shown, say = moveText) {
  const last = shown.move || (view.last ? { seat: view.last.seat, move: view.last.move, sweep: sweptBy(view.last) } : null);
  const words = shown.say ? (seat, move) => shown.say(seat, move) : (seat, move) => say(seat, move, names, pack);
  const sentence = (m) => words(m.seat, m.move) + (m.sweep ? ` — ${t.sweepSaid}` : "");
  const mine = shown.mine && last && last.seat !== shown.mine.seat ? shown.mine : null;
  const line = h(
    "p",
    { class: "scopa-last", dataset: { last: last ? last.move.text : "" } },
    mine ? null : h("strong", {}, `${t.lastMove}: `),
    last ? sentence(last) : t.noMoveYet,
  );
  if (!mine) return line;
  return [h("p", { class: "scopa-mine", dataset: { mine: mine.move.text } }, sentence(mine)), line];
}

/** A move in words: "You played the seven of coins and took ...". */
export function moveText(seat, move, names, pack) {
  const card = scopaWords(move.card, pack);
  if (move.kind === "capture" && move.take && move.take.length) return t.took(names[seat], card, cardsInSentence(move.take.map((c) => scopaWords(c, pack))));
  return t.played(names[seat], card);
}

/** A hinted move as advice ("play the re of swords and take ...", "put ... on the table"). */
export function adviceText(move, pack) {
  const card = scopaWords(move.card, pack);
  if (move.kind === "capture" && move.take && move.take.length) return t.hintTake(card, cardsInSentence(move.take.map((c) => scopaWords(c, pack))));
  return t.hintPut(card);
}

/** Does this view play on a pile (Pishti, Xeri) rather than a floor of cards (Basra, Scopa)? */
export function isPile(view) {
  return Boolean(view && view.rules && view.rules.layout === "pile");
}

/** Escoba's sevens point won with the sevens level: which count decided it (sixes, aces,
 * fives: the engine's `sevens_keys`, docs/escoba.md), as a note after the row's name; null
 * when the sevens themselves decided (play-test 11: "(2) – (2)" with a winner, unexplained). */
function sevensDecided(r) {
  const keys = r.sevens_keys;
  if (!Array.isArray(keys) || keys.length < 2 || !t.sevensDecided) return null;
  const at = [0, 1, 2, 3].find((i) => keys.some((k) => k[i] !== keys[0][i]));
  const name = [null, "sixes", "aces", "fives"][at ?? 0];
  return name ? h("span", { class: "count", dataset: { decided: name } }, ` (${t.sevensDecided[name]})`) : null;
}

/** How many captures a hand card's words name one by one; past that, their number. */
const WORDED_CAPTURES = 6;

/** What a hand card can do, in words: its captures ("takes the 3 and the 4 or the 7"), their number when
 * there are many (Tablić's overlay words it: cardTakesWays), or going to the table; on a pile
 * (`pile`), taking it or going on it (play-test 11: Pishti's cards said "goes to the table"). */
function cardWhat(moves, pack, pile, counted) {
  const captures = moves.filter((m) => m.kind === "capture");
  if (pile) return captures.length ? t.cardTakesPile : t.cardTrailsPile;
  if (!captures.length) return t.cardTrails;
  // A crowded Tablić table lists one capture a card: the engine counts the others
  // (`capture_counts`, null past `capture_counts_more_than`).
  if (counted && counted.known && counted.n !== captures.length) {
    return counted.n === null ? t.cardTakesMany(counted.over) : t.cardTakesWays(counted.n);
  }
  if (captures.length > 3 && t.cardTakesWays) return t.cardTakesWays(captures.length);
  // Past the ways a choice lists, they are counted, not read out: on a crowded Escoba table
  // one card's words (its title and what a screen reader says) ran to 306,388 characters
  // (stop 47's play-test).
  if (captures.length > WORDED_CAPTURES) {
    return (captures.length < moves.length ? t.cardTakesCountOrTrails : t.cardTakesCount)(captures.length);
  }
  // Read aloud and in the card's title as a sentence (play-test 4 heard "тройку + шестёрку"):
  // each capture's cards are a list ("тройку и шестёрку"), the captures alternatives ("или").
  const taken = choicesInSentence(captures.map((m) => cardsInSentence(m.take.map((c) => scopaWords(c, pack)))));
  // Where a capture is not compulsory (Escoba, Tablić), laying the card down too (play-test
  // 19: Escoba's title left it out).
  return (captures.length < moves.length ? t.cardTakesOrTrails : t.cardTakes)(taken);
}

/**
 * The viewer's hand.
 * @param {object} ui {active, moves: legal moves, hinted: card|null, chosen: card|null,
 *   onCard(card), status, pack, layDown?: Tablić's «Положить» pressed (each card says it goes
 *   to the table)}
 */
export function renderHand(view, seat, name, ui) {
  const cards = view.hand || [];
  const list = h(
    "ul",
    { class: "hand-cards scopa-hand-cards", "aria-label": t.yourHand },
    cards.map((card) => {
      const moves = ui.moves.filter((m) => m.card === card);
      const playable = ui.active && moves.length > 0;
      // Tablić's «Положить» pressed: the next card pressed goes to the table (play-test 19:
      // the cards still said what they take).
      const counts = view.capture_counts;
      const counted = counts && Object.hasOwn(counts, card) ? { known: true, n: counts[card], over: view.capture_counts_more_than } : null;
      const what = !playable ? "" : ui.layDown ? t.cardTrails : cardWhat(moves, ui.pack, isPile(view), counted);
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `hand-card ${ui.active && !playable ? "unusable" : ""} ${ui.hinted === card ? "hinted" : ""} ${ui.chosen === card ? "chosen" : ""}`,
            "aria-disabled": playable ? null : "true",
            "aria-pressed": ui.chosen === card ? "true" : null,
            title: what || null,
            dataset: { card, key: `S:${card}`, legal: playable ? "true" : "false", moves: String(moves.length) },
            onclick: () => ui.onCard(card),
          },
          spoken(what ? t.handLabel(scopaName(card, ui.pack), what) : scopaName(card, ui.pack)),
          scopaFace(card, ui.pack),
        ),
      );
    }),
  );
  const toPlay = view.phase === "play" && view.turn === seat;
  return h(
    "section",
    { class: `seat me scopa-seat ${toPlay ? "to-play" : ""}`, "aria-label": name, dataset: { seat } },
    seatHead(view, seat, name, ui.status),
    h("section", { class: "hand scopa-hand", "aria-label": t.yourHand }, list),
  );
}

/**
 * What a choice for `card` asks: "can take several ways" («может взять по-разному»; Tablić's
 * own words for it through the strings' overlay), or, with one capture and laying the card
 * down, "can take or go on the table" (play-test 19: Escoba for four, seed 5, the ace of cups
 * said «по-разному» with one way to take).
 * @param {string} card the engine's card
 * @param {Array<{kind: string}>} moves the card's moves (the engine's)
 * @param {string} pack the pack shown
 * @returns {string}
 */
export function choiceTitle(card, moves, pack, picks = false) {
  const captures = moves.filter((m) => m.kind === "capture").length;
  if (picks && captures > 1) return t.choosePick(scopaWords(card, pack));
  return (captures === 1 ? t.chooseTakeOrLay : t.chooseCapture)(scopaWords(card, pack));
}

/**
 * The choice among the engine's moves for one card (shown when it has more than one). Each
 * option says its move in words beside its cards ("Take the five of copas", "Put the king of
 * bastos on the table"): pictures alone left a play-tester guessing, and laying a king down
 * showed that king as if it were taken.
 * @param {object} ui {card, moves, pack, hinted?: the text of the move the hint names (its
 *   option marked .hinted), onMove(move), onPreview(move|null), onCancel()}
 */
export function renderChoice(ui) {
  const title = choiceTitle(ui.card, ui.moves, ui.pack);
  return h(
    "section",
    { class: "scopa-choice", role: "group", "aria-label": title },
    // Said once, in the prompt line under the hand (app.js), as Tablić's choice does.
    h("p", { class: "scopa-choice-title sr-only" }, title),
    choiceRow(
      ui.moves.map((move, i) =>
        h(
          "button",
          {
            type: "button",
            class: `scopa-option ${move.text === ui.hinted ? "hinted" : ""}`.trim(),
            dataset: { move: move.text, key: `C:${i}`, action: "choose-capture" },
            onclick: () => ui.onMove(move),
            onmouseenter: () => ui.onPreview(move),
            onfocus: () => ui.onPreview(move),
          },
          h("span", { class: "scopa-option-cards", "aria-hidden": "true" }, (move.kind === "capture" ? move.take : [move.card]).map((c) => scopaFace(c, ui.pack, "small"))),
          h("span", { class: "scopa-option-words" }, move.kind === "capture" ? t.captureOption(cardsInSentence(move.take.map((c) => scopaWords(c, ui.pack)))) : t.trailOption(scopaWords(move.card, ui.pack))),
        ),
      ),
      () => ui.onCancel(),
    ),
  );
}

/** The seats of a side. */
const seatsOf = (view, side, names) => names.map((_, seat) => seat).filter((seat) => sideOf(view, seat) === side);

/** A side's name: its seats' names joined as Cassino's page joins partners ("Вы и Компьютер 2"). */
export function sideName(view, side, names) {
  return strings.sideMembers(seatsOf(view, side, names).map((seat) => names[seat]));
}

/** A seat's short name for a narrow sheet: "Комп. 2" for "Компьютер 2"; any other name as it is. */
function shortSeatName(seat, names) {
  return t.computerSeatShort && names[seat] === t.computerSeat(seat) ? t.computerSeatShort(seat) : names[seat];
}

/**
 * A side's column head on the sheet: its name, and on a phone its short name ("Вы и Комп. 3")
 * in the name's place (scopa.css), the full name still read aloud (the head's label). With
 * three or four seats the full names made a 360 px page 407-419 px wide, the last column cut
 * off (play-test).
 */
function sideHead(view, side, names) {
  const full = sideName(view, side, names);
  const short = strings.sideMembers(seatsOf(view, side, names).map((seat) => shortSeatName(seat, names)));
  const data = { side };
  if (short === full) return h("th", { scope: "col", dataset: data }, full);
  return h("th", { scope: "col", dataset: data, "aria-label": full }, h("span", { class: "side-full" }, full), h("span", { class: "side-short" }, short));
}

/** The match's verdict, worded as Cassino's page words it (web/ui/scoresheet.js): the viewer's
 * side, a team, or one player. */
function verdict(view, names) {
  if (view.winner === null || view.winner === undefined) return strings.noWinner;
  const seats = seatsOf(view, view.winner, names);
  return strings.winnerSide(sideName(view, view.winner, names), seats.includes(view.seat), seats.length > 1);
}

/**
 * The sheet after a round (and the match): every category per side, the round's points and
 * the match totals, and the rounds so far.
 * @param {object} actions {onNextRound(), onNewMatch(), onReplay?() (the round's replay), names,
 *   pack, rows?: (view, round, {winnerRow, perSide}) => rows: a game's own categories
 *   (Pishti's: web/pishti/table.js)}
 */
export function renderSheet(view, actions) {
  const over = view.phase === "match_over";
  const rounds = view.rounds || [];
  const r = rounds[rounds.length - 1] || view.round_score;
  const sides = Array.from({ length: view.sides }, (_, i) => i);
  const names = actions.names;
  // Hurricane counts hearts (cups in the Italian pack) where Scopa counts coins.
  const hurricane = view.variant === "hurricane" ? (actions.pack === "french" ? t.categoriesHurricane : t.categoriesHurricaneItalian) : null;
  const label = (key) => (hurricane && hurricane[key]) || t.categories[key];
  // A category one side wins (`winner`, the round's `key` by default) for `worth` points;
  // `counts`: what each side had.
  const winnerRow = (key, counts, worth = 1, winner = r[key]) =>
    h(
      "tr",
      { dataset: { category: key, side: winner ?? "" } },
      h("th", { scope: "row" }, label(key), winner === null || winner === undefined ? h("span", { class: "count" }, ` (${t.tie})`) : null),
      sides.map((s) => h("td", { dataset: { side: s, points: winner === s ? worth : 0 } }, (winner === s ? String(worth) : "–") + (counts ? ` (${counts[s] ?? "–"})` : ""))),
    );
  // Points per side (`values`), with how many made them (`made`) when given.
  const perSide = (key, values, made = null) =>
    h(
      "tr",
      { dataset: { category: key } },
      h("th", { scope: "row" }, label(key)),
      sides.map((s) => h("td", { dataset: { side: s, points: (values || [])[s] ?? 0 } }, String((values || [])[s] ?? 0) + (made ? ` (${made[s] ?? 0})` : ""))),
    );
  // Escoba's count (docs/escoba.md, the view's round score): cards, oros, the velo (7 of oros),
  // sevens or setenta (its mode says which), one per escoba.
  const rows = actions.rows
    ? actions.rows(view, r, { winnerRow, perSide })
    : view.game === "escoba"
      ? [
          winnerRow("cards", r.card_counts),
          winnerRow("oros", r.oro_counts),
          winnerRow("velo", null),
          h(
            "tr",
            { dataset: { category: "sevens", mode: r.sevens_mode, side: r.sevens ?? "" } },
            h("th", { scope: "row" }, label(r.sevens_mode === "setenta" ? "setenta" : "sevens"), r.sevens === null || r.sevens === undefined ? h("span", { class: "count" }, ` (${t.tie})`) : sevensDecided(r)),
            sides.map((s) => h("td", { dataset: { side: s, points: r.sevens === s ? 1 : 0 } }, (r.sevens === s ? "1" : "–") + ` (${(r.sevens_counts || [])[s] ?? "–"})`)),
          ),
          perSide("escobas", r.escobas),
        ]
      : [
          winnerRow("cards", r.card_counts),
          winnerRow("coins", r.coin_counts),
          winnerRow("settebello", null),
          winnerRow("primiera", r.primiera_totals),
          perSide("sweeps", r.sweeps),
        ];
  if (view.rules && view.rules.napola) {
    const nap = r.napola || { side: null, points: 0 };
    rows.push(h("tr", { dataset: { category: "napola", side: nap.side ?? "" } }, h("th", { scope: "row" }, label("napola")), sides.map((s) => h("td", { dataset: { side: s, points: nap.side === s ? nap.points : 0 } }, nap.side === s ? String(nap.points) : "–"))));
  }
  rows.push(
    h("tr", { class: "total", dataset: { category: "total" } }, h("th", { scope: "row" }, t.roundTotal), sides.map((s) => h("td", { dataset: { side: s, total: r.points[s] } }, String(r.points[s])))),
    h("tr", { class: "match", dataset: { category: "match" } }, h("th", { scope: "row" }, t.matchTotal), sides.map((s) => h("td", { dataset: { side: s, score: view.scores[s] } }, String(view.scores[s])))),
  );
  const headId = "scopa-sheet-title";
  return h(
    "section",
    { class: "score-sheet scopa-sheet", "aria-labelledby": headId, dataset: { rounds: rounds.length } },
    h("h2", { id: headId }, over ? t.matchOver : t.roundOver(rounds.length)),
    over ? h("p", { class: "verdict", dataset: { winner: view.winner ?? "" } }, verdict(view, names)) : null,
    h(
      "div",
      { class: "sheet-scroll" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t.category), sides.map((s) => sideHead(view, s, names)))),
        h("tbody", {}, rows),
      ),
    ),
    view.leftover && view.leftover.length && view.last_capturer !== null && view.last_capturer !== undefined
      ? h("p", { class: "scopa-leftover" }, (isPile(view) ? t.leftoverSaidPile : t.leftoverSaid)(names[view.last_capturer], cardsInSentence(view.leftover.map((c) => scopaWords(c, actions.pack)))))
      : null,
    rounds.length > 1
      ? h("ol", { class: "round-history", "aria-label": t.roundHistory }, rounds.map((rd, i) => h("li", {}, t.roundLine(i + 1, strings.roundScores(sides.map((s) => [sideName(view, s, names), rd.points[s]]))))))
      : null,
    // The engine says why a round that took a side to the target did not end the match: the
    // leaders are level and another round is played (view.play_on, as on Cassino's sheet,
    // beside the button: play-test 9).
    over ? null : playOnLine(view, sides.length),
    h(
      "p",
      { class: "sheet-actions" },
      over
        ? h("button", { type: "button", class: "primary", dataset: { action: "new-match", key: "new-match" }, onclick: actions.onNewMatch }, t.newMatch)
        : h("button", { type: "button", class: "primary", dataset: { action: "next-round", key: "next-round" }, onclick: actions.onNextRound }, t.nextRound),
      actions.onReplay ? h("button", { type: "button", dataset: { action: "replay-round", key: "replay-round" }, onclick: actions.onReplay }, t.replayRound) : null,
    ),
  );
}
