// The board: everything under the top bar, drawn afresh from the engine's view after each change.
// The other seats (in playing order after the one on screen), the table, the player's hand with
// the actions (web/ui/actions.js), or the pass screen when the device goes to another human;
// after a round, the score sheet with the daily deal's line, Replay and the statistics; the
// last-moves panel (L); and Try again when the computer's move failed.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { pastText } from "./describe.js";
import { tableItems } from "./selection.js";
import { renderTable } from "./table.js";
import { renderHand, renderHiddenHand } from "./hand.js";
import { renderSeat } from "./seats.js";
import { renderScoreSheet } from "./scoresheet.js";
import { sideMembers, sideOfSeats, hasPartners } from "./sides.js";
import { reasonTexts, thinkingLine } from "./advice.js";
import { ActionsView } from "./actions.js";
import { formatDecimal } from "./format.js";

/**
 * What `BoardView` uses of the page (web/app.js App), besides what its actions section uses
 * (`ActionsHost`, web/ui/actions.js).
 * @typedef {import("./actions.js").ActionsHost & BoardParts} BoardHost
 */

/**
 * @typedef {object} BoardParts
 * @property {number|null} viewSeat the human seat whose hand is on screen (null: none)
 * @property {number|null} passTo several humans: the seat the device goes to next
 * @property {boolean} stalled the computer's move failed
 * @property {boolean} reviewOpen the last-moves panel is open
 * @property {Set<string>} recent cards of the last move, highlighted
 * @property {any[]} lastWhy per seat: {text, reasons, thinkMs} of the computer's last move
 * @property {any} statsNote {gameSerial, text, state} once the match's end was counted
 * @property {number} gameSerial counts the games begun
 * @property {any} statsPanel the statistics dialog (web/ui/statspanel.js)
 * @property {import("./turns.js").Turns} turns whose turn it is, the pass screen
 * @property {import("./dailydeal.js").DailyDeal} dailyDeal the daily deal's result line
 * @property {() => string[]} sideNames the sides' names
 * @property {() => (string|null)[]|null} levels each seat's level (null for humans)
 * @property {() => number[]} humanSeats the seats humans play
 * @property {() => number|null} youSide the side of the only human
 * @property {(op: string) => void} simple an engine call that answers a view (next_round)
 * @property {() => void} newMatch the same rules and seats again
 * @property {() => void} openReplay
 * @property {() => void} toggleReview opens or closes the last-moves panel
 * @property {() => void} computerMove the computer's move (tried again)
 * @property {() => void} render
 */

/** Draws the board from the page's state. */
export class BoardView {
  /** @param {BoardHost} app */
  constructor(app) {
    this.app = app;
    this.actions = new ActionsView(app);
  }

  /** Seats in playing order, starting after the seat on screen (or at seat 0). */
  seatOrder(me) {
    const n = this.app.view.seats.length;
    const first = me === null ? 0 : me + 1;
    return Array.from({ length: n }, (_, k) => (first + k) % n).filter((s) => s !== me);
  }

  /** The board's elements, in order. */
  render() {
    const app = this.app;
    const { selection, flash } = app;
    const v = app.view;
    const names = app.names();
    const me = app.passTo === null && app.viewSeat !== null && v.seat === app.viewSeat ? v.seat : null;
    const mine = app.turns.humanToPlay();
    const legal = selection.legal();
    const items = tableItems(v);
    const selectable = selection.selectable(items);
    const highlight = flash ? flash.cards : new Set();
    const partners = hasPartners(v);
    const sideOf = sideOfSeats(v);
    const levels = app.levels() || [];
    const hinted = app.hints.hinted();

    const others = this.seatOrder(me);
    const opponentPanels = others.map((seat) => {
      const flashing = flash && flash.seat === seat;
      let status = "";
      // The panel is named already: its status is short ("thinking", not "Computer 2 is
      // thinking"), so that on a phone it keeps to the one line the panel keeps for it.
      if (app.thinking && v.turn === seat) status = thinkingLine(strings.thinkingShort);
      else if (flashing) status = flash.text;
      else if (v.phase === "play" && v.turn === seat && app.passTo === null) status = strings.theirTurn(names[seat]);
      // While the computer's move is on show the view is the one before it: one card fewer.
      const count = v.hand_counts[seat] - (flashing && flash.played ? 1 : 0);
      return renderSeat(v, seat, names, status, renderHiddenHand(Math.max(0, count), names[seat], flashing ? flash.played : null), {
        side: partners ? sideOf[seat] : null,
        partner: partners && me !== null && sideOf[seat] === sideOf[me],
        level: v.seats[seat] === "computer" ? levels[seat] || null : null,
        thinking: Boolean(app.thinking && v.turn === seat),
        // Its move on show is its last move already (play-test 10: "no moves yet" while the
        // computer's first move flew to the table).
        lastMove: flashing ? flash.move : null,
        inHand: Math.max(0, count),
      });
    });

    const table = renderTable(v, {
      selectedCard: app.sel.pluck ? "pluck" : app.sel.card,
      selectedIds: app.sel.ids,
      selectable,
      active: mine,
      highlight,
      recent: app.recent,
      hinted: hinted.table,
      names,
      onItem: (item) => selection.onItem(item),
    });

    const parts = [h("div", { class: `opponents count-${others.length}` }, opponentPanels), table];
    if (app.passTo !== null) {
      parts.push(app.turns.renderPass(names[app.passTo]));
    } else if (me === null && app.humanSeats().length > 1 && v.phase === "play") {
      parts.push(h("p", { class: "hands-hidden", dataset: { handsHidden: "true" } }, strings.handsHidden));
    } else if (me !== null) {
      const human = v.seats[me] === "human";
      const hand = renderHand(v, {
        owner: human ? null : names[me],
        active: mine,
        selectedCard: app.sel.card,
        hinted: hinted.hand,
        canPlay: (card) => selection.canPlay(card),
        onCard: (card) => selection.onCard(card),
      });
      const status = mine ? strings.yourTurn : !human && v.phase === "play" && v.turn === me ? strings.theirTurn(names[me]) : "";
      const myPanel = renderSeat(v, me, names, status, hand, { side: partners ? sideOf[me] : null, me: true });
      parts.push(myPanel);
    }
    if (v.phase === "play") {
      if (me !== null) parts.push(this.actions.render(mine), this.actions.renderMoveBox(mine, legal));
    } else {
      // The score sheet comes first so that it is in view on a phone.
      parts.unshift(this.renderScoreSheet());
    }
    // Last in the board: opening it scrolls there, and the table above keeps its place.
    if (app.reviewOpen) parts.push(this.renderReview(names));
    if (app.stalled) {
      parts.push(
        h("p", { class: "retry" }, h("button", { type: "button", dataset: { action: "retry", key: "retry" }, onclick: () => app.computerMove() }, strings.retryComputer(names[v.turn]))),
      );
    }
    return parts;
  }

  /** After a round: the score sheet, with the daily deal's line, Replay and the statistics. */
  renderScoreSheet() {
    const app = this.app;
    const v = app.view;
    const note = app.statsNote;
    return renderScoreSheet(v, app.sideNames(), {
      onNextRound: () => app.simple("next_round"),
      onNewMatch: () => app.newMatch(),
      extra: [
        app.dailyDeal.renderShare(),
        v.phase === "match_over"
          ? h("p", { class: "replay-offer" }, h("button", { type: "button", dataset: { action: "open-replay", key: "open-replay" }, onclick: () => app.openReplay() }, strings.replayButton), " ", strings.replayIntro)
          : null,
        v.phase === "match_over" && note && note.gameSerial === app.gameSerial && note.text
          ? h(
              "p",
              { class: "stats-note", dataset: { stats: note.state } },
              note.text,
              " ",
              h("button", { type: "button", class: "link", dataset: { action: "open-stats", key: "open-stats" }, onclick: () => app.statsPanel.open() }, strings.statsButton),
            )
          : null,
      ],
      youSide: app.youSide(),
      teams: sideMembers(v).map((m, i) => (m.length > 1 ? strings.side(i) : null)),
    });
  }

  /** Every player's last move this round, in words, with why the computer played it. */
  renderReview(names) {
    const app = this.app;
    const v = app.view;
    const flash = app.flash;
    const levels = app.levels() || [];
    const rows = v.seats.map((kind, seat) => {
      const flashing = flash && flash.seat === seat;
      const move = v.last_moves ? v.last_moves[seat] : null;
      const text = flashing ? flash.text : move ? pastText(names[seat], move) : `${names[seat]}: ${strings.noMoveYet}`;
      const shown = flashing ? flash.moveText : move ? move.text : null;
      const why = app.lastWhy[seat];
      let detail = null;
      if (kind === "computer" && why && shown && why.text === shown) {
        const seconds = why.thinkMs === null ? null : formatDecimal(why.thinkMs / 1000);
        const reasons = reasonTexts(why.reasons, { mine: false }).map((r) => r.text).join(" ");
        detail = strings.lastMoveWhy(strings.levelOf(levels[seat]), seconds, reasons);
      } else if (kind === "computer" && levels[seat]) {
        detail = strings.levelOf(levels[seat]);
      }
      return h(
        "li",
        { dataset: { seat, lastMove: shown || "" } },
        h("span", { class: "review-move" }, text),
        detail ? h("span", { class: "review-why" }, detail) : null,
      );
    });
    return h(
      "section",
      { class: "last-moves", id: "last-moves", tabindex: "-1", "aria-labelledby": "last-moves-title", dataset: { key: "last-moves" } },
      h(
        "div",
        { class: "last-moves-head" },
        h("h2", { id: "last-moves-title" }, strings.lastMovesTitle),
        h("button", { type: "button", class: "link", dataset: { action: "close-last-moves", key: "close-last-moves" }, onclick: () => app.toggleReview() }, strings.lastMovesClose),
      ),
      h("ul", {}, rows),
    );
  }
}
