// The game page: renders the engine's view and sends back one of the legal moves it offered.
// It never decides a rule. `start(engine, root)` is the only export; `engine.call(op, payload)`
// resolves with the API's answer object (see docs/api.md), possibly `{error: {code, message}}`.
//
// URL parameters: `seed` (whole number, passed to new_game so a deal can be replayed) and
// `delay` (milliseconds the computer's move stays highlighted before the table moves on;
// default 1200, 0 for tests).

import { strings } from "./ui/strings.js";
import { h } from "./ui/dom.js";
import { cardShort } from "./ui/cards.js";
import { previewText, pastText } from "./ui/describe.js";
import {
  matchingMoves,
  moveForRequest,
  selectableIds,
  selectedCards,
  tableItems,
  trailMove,
  hasMove,
} from "./ui/selection.js";
import { renderTable } from "./ui/table.js";
import { renderHand, renderHiddenHand } from "./ui/hand.js";
import { renderSeat } from "./ui/seats.js";
import { renderScoreSheet } from "./ui/scoresheet.js";

const DEFAULT_DELAY_MS = 1200;
const MAX_DELAY_MS = 10000;
const MAX_SEED = Number.MAX_SAFE_INTEGER; // the engine takes up to 2**63-1; JSON numbers stay exact to here

/** Reads `seed` and `delay` from a query string; each value is null when absent. */
export function readParams(search) {
  const params = new URLSearchParams(search);
  const out = { seed: null, delay: DEFAULT_DELAY_MS, errors: [] };
  if (params.has("seed")) {
    const raw = params.get("seed").trim();
    if (/^\d{1,16}$/.test(raw) && Number(raw) <= MAX_SEED) out.seed = Number(raw);
    else out.errors.push({ code: "bad_seed", text: strings.badSeed(params.get("seed")) });
  }
  if (params.has("delay")) {
    const raw = params.get("delay").trim();
    if (/^\d{1,5}$/.test(raw) && Number(raw) <= MAX_DELAY_MS) out.delay = Number(raw);
    else out.errors.push({ code: "bad_delay", text: strings.badDelay(params.get("delay"), MAX_DELAY_MS) });
  }
  // How many legal moves a view may list in full before the page switches to asking the
  // engine about each selection (the engine's default is 2000; 0 forces the asking path).
  out.moveList = null;
  if (params.has("movelist")) {
    const raw = params.get("movelist").trim();
    if (/^\d{1,6}$/.test(raw)) out.moveList = Number(raw);
    else out.errors.push({ code: "bad_movelist", text: strings.badMoveList(params.get("movelist")) });
  }
  return out;
}

export function start(engine, root) {
  linkStylesheet();
  const app = new App(engine, root, readParams(globalThis.location ? location.search : ""));
  app.begin();
  return app;
}

/** Adds app.css to the document unless the page already links it. */
function linkStylesheet() {
  const href = new URL("./app.css", import.meta.url).href;
  const linked = [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href);
  if (!linked) document.head.append(h("link", { rel: "stylesheet", href }));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class App {
  constructor(engine, root, params) {
    this.engine = engine;
    this.root = root;
    this.params = params;
    this.view = null;
    this.seed = null;
    this.busy = false; // an engine call or the computer's highlighted move is in progress
    this.thinking = false;
    this.sel = { card: null, ids: new Set(), trail: false, choice: null };
    this.flash = null; // {cards:Set, played, seat, text} while the computer's move is shown
    this.recent = new Set(); // cards of the last move, highlighted on the new table
    this.hint = "";
    this.confirmingNew = false;
    this.stalled = false; // the computer's move failed; offer to try again
    this.lastPhase = null;

    root.classList.add("cassino");
    root.textContent = "";
    this.topbar = h("header", { class: "topbar" });
    this.board = h("div", { class: "board" });
    this.messages = h("div", { class: "messages", role: "alert" });
    this.live = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
    root.append(this.topbar, this.messages, this.board, this.live);
    root.addEventListener("keydown", (e) => this.onKey(e));
  }

  // ---- engine calls -------------------------------------------------------------------------

  async call(op, payload = {}) {
    let answer;
    try {
      answer = await this.engine.call(op, payload);
    } catch (err) {
      answer = { error: { code: "engine", message: strings.engineFailed(err && err.message ? err.message : String(err)) } };
    }
    if (!answer || typeof answer !== "object") {
      answer = { error: { code: "engine", message: strings.engineFailed(String(answer)) } };
    }
    if (answer.error) this.showError(answer.error);
    return answer;
  }

  async begin() {
    this.render();
    // A bad address parameter is reported and the game starts anyway, with a random deal or
    // the usual setting in its place.
    await this.newGame(this.params.seed);
    for (const { code, text } of this.params.errors) this.showError({ code, message: text });
    this.render();
  }

  async newGame(seed) {
    this.confirmingNew = false;
    if (this.busy) return; // the computer is moving: New game waits until it is done
    this.gameSerial = (this.gameSerial || 0) + 1;
    const payload = { rules: "classic", seats: ["human", "computer"], viewer: 0 };
    if (seed !== null && seed !== undefined) payload.seed = seed;
    if (this.params.moveList !== null) payload.page_move_limit = this.params.moveList;
    this.busy = true;
    this.render();
    const answer = await this.call("new_game", payload);
    this.busy = false;
    if (!answer.error) {
      this.seed = answer.seed ?? seed ?? null;
      this.clearMessages();
      this.recent = new Set();
      this.accept(answer.view);
    } else {
      this.render();
    }
  }

  /** Takes a new view from the engine, redraws, and lets the computer play if it is its turn. */
  accept(view) {
    this.view = view;
    this.viewSerial = (this.viewSerial || 0) + 1;
    this.selAnswer = null;
    this.resetSelection();
    this.stalled = false;
    this.render();
    if (view.phase !== this.lastPhase && view.phase !== "play") {
      this.announce(view.phase === "match_over" ? strings.matchOver : strings.roundOver(view.rounds.length));
      this.focusKey(view.phase === "match_over" ? "new-match" : "next-round");
    }
    this.lastPhase = view.phase;
    if (this.humanToPlay()) this.keepFocus();
    if (this.computerToPlay()) setTimeout(() => this.computerMove(), 0);
  }

  computerToPlay() {
    const v = this.view;
    return v && v.phase === "play" && v.seats[v.turn] === "computer";
  }

  humanToPlay() {
    const v = this.view;
    return Boolean(v && !this.busy && v.phase === "play" && v.turn === v.seat && v.seats[v.turn] === "human");
  }

  async computerMove() {
    if (this.busy || !this.computerToPlay()) return;
    this.busy = true;
    this.thinking = true;
    this.render();
    const game = this.gameSerial;
    const answer = await this.call("computer_move", {});
    this.thinking = false;
    if (answer.error) {
      this.busy = false;
      this.stalled = true;
      this.render();
      return;
    }
    const seat = answer.seat ?? this.view.turn;
    const text = pastText(this.names()[seat], answer.move);
    this.flash = { cards: new Set(answer.move.take || []), played: answer.move.card, seat, text };
    this.announce(text);
    this.render();
    await sleep(this.params.delay);
    this.flash = null;
    this.busy = false;
    if (game !== this.gameSerial) return; // a new game began meanwhile: this view is stale
    this.recent = new Set([answer.move.card]);
    this.accept(answer.view);
  }

  async play(move) {
    if (!this.humanToPlay()) return;
    this.busy = true;
    this.render();
    const answer = await this.call("play", { seat: this.view.seat, move });
    this.busy = false;
    if (answer.error) {
      this.render();
      return;
    }
    this.clearMessages();
    const played = answer.move || move;
    this.announce(pastText(strings.you, played));
    this.recent = new Set([played.card]);
    this.accept(answer.view);
  }

  async simple(op, payload = {}) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    const answer = await this.call(op, payload);
    this.busy = false;
    if (answer.error) {
      this.render();
      return;
    }
    this.clearMessages();
    this.recent = new Set();
    this.accept(answer.view);
  }

  // ---- selection ---------------------------------------------------------------------------

  resetSelection() {
    this.sel = { card: null, ids: new Set(), trail: false, choice: null };
    this.hint = "";
  }

  legal() {
    return this.humanToPlay() ? this.view.legal_moves || [] : [];
  }

  // A crowded table can have more legal moves than the view sends (legal_moves_complete is
  // false). The page then asks the engine about the current selection instead ("select"), and
  // the four questions below are answered from that answer rather than from the list.

  complete() {
    return this.view.legal_moves_complete !== false;
  }

  canPlay(card) {
    if (this.complete()) return hasMove(this.legal(), card);
    return ((this.view.move_counts || {})[card] || 0) > 0;
  }

  selectable(items) {
    if (this.complete()) return selectableIds(this.legal(), this.sel.card, items, this.sel.ids);
    const ids = new Set(this.sel.ids);
    const answer = this.selAnswer;
    if (!this.sel.card || !answer || answer.key !== this.selKey()) return ids;
    const open = new Set(answer.extendable);
    for (const item of items) if (item.cards.every((c) => open.has(c))) ids.add(item.id);
    return ids;
  }

  fitting(cards) {
    if (this.complete()) return matchingMoves(this.legal(), this.sel.card, cards);
    const answer = this.selAnswer;
    return answer && answer.key === this.selKey() && cards.size ? answer.moves : [];
  }

  trailFor(card) {
    if (this.complete()) return trailMove(this.legal(), card);
    const answer = this.selAnswer;
    return answer && answer.card === card && answer.key.startsWith(`${this.viewSerial}|`)
      ? answer.trail
      : null;
  }

  selKey() {
    const cards = [...selectedCards(tableItems(this.view), this.sel.ids)].sort();
    return `${this.viewSerial}|${this.sel.card}|${cards.join(" ")}`;
  }

  /** On a crowded table: ask the engine about the selection, then draw again. */
  async refreshSelection() {
    if (this.complete() || !this.sel.card || !this.humanToPlay()) return;
    const key = this.selKey();
    const take = [...selectedCards(tableItems(this.view), this.sel.ids)];
    const answer = await this.call("select", { seat: this.view.seat, card: this.sel.card, take });
    if (answer.error || key !== this.selKey()) return;
    this.selAnswer = { key, card: this.sel.card, ...answer.selection };
    this.render();
  }

  onCard(card) {
    if (!this.humanToPlay()) {
      this.hint = strings.waitTurn;
    } else if (this.sel.card === card) {
      this.resetSelection();
    } else if (!this.canPlay(card)) {
      const why = (this.view.trail_refusals || {})[card];
      this.hint = strings.noMoveForCard(cardShort(card), strings.trailRefusals[why] || "");
    } else {
      this.resetSelection();
      this.sel.card = card;
      this.recent = new Set();
    }
    this.render();
    this.refreshSelection();
  }

  onItem(item) {
    const items = tableItems(this.view);
    if (!this.humanToPlay()) {
      this.hint = strings.waitTurn;
    } else if (!this.sel.card) {
      this.hint = strings.chooseCard;
    } else if (this.sel.ids.has(item.id)) {
      this.sel.ids.delete(item.id);
      this.sel.choice = null;
      this.hint = "";
    } else if (this.selectable(items).has(item.id)) {
      this.sel.ids.add(item.id);
      this.sel.trail = false;
      this.sel.choice = null;
      this.hint = "";
    } else {
      this.hint = `${strings.notPartOfMove}: ${cardShort(this.sel.card)}`;
    }
    this.render();
    this.refreshSelection();
  }

  onTrail() {
    if (!this.humanToPlay() || !this.sel.card) return;
    this.sel.trail = !this.sel.trail;
    if (this.sel.trail) this.sel.ids = new Set();
    this.sel.choice = null;
    this.render();
  }

  /** The moves that fit the selection exactly, and the one that Confirm would play. */
  pending() {
    if (!this.sel.card) return { fits: [], move: null };
    if (this.sel.trail) {
      const trail = this.trailFor(this.sel.card);
      return { fits: trail ? [trail] : [], move: trail };
    }
    const cards = selectedCards(tableItems(this.view), this.sel.ids);
    const fits = this.fitting(cards);
    let move = null;
    if (fits.length === 1) move = fits[0];
    else if (fits.length > 1) move = fits.find((m) => m.text === this.sel.choice) || null;
    return { fits, move };
  }

  onConfirm() {
    const { move } = this.pending();
    if (move) this.play(moveForRequest(move));
  }

  onKey(e) {
    if (e.key === "Escape") {
      if (this.confirmingNew) this.confirmingNew = false;
      else this.resetSelection();
      this.render();
      return;
    }
    const arrows = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (!(e.key in arrows) || !(e.target instanceof HTMLElement)) return;
    const list = e.target.closest(".hand-cards, .table-items, .choices");
    if (!list) return;
    const buttons = [...list.querySelectorAll("button")];
    const i = buttons.indexOf(e.target);
    if (i < 0) return;
    e.preventDefault();
    buttons[(i + arrows[e.key] + buttons.length) % buttons.length].focus();
  }

  // ---- messages ----------------------------------------------------------------------------

  showError(error) {
    const line = h(
      "p",
      { class: "error", dataset: { code: error.code || "" } },
      h("strong", {}, `${strings.errorPrefix}: `),
      error.message || error.code,
      " ",
      h("button", { type: "button", class: "link", onclick: () => line.remove() }, strings.dismiss),
    );
    this.messages.append(line);
    this.root.dataset.error = error.code || "error";
  }

  clearMessages() {
    this.messages.textContent = "";
    delete this.root.dataset.error;
  }

  announce(text) {
    this.live.textContent = text;
  }

  /** After a move the redrawn page has lost the focused button: put a keyboard player back on
   * their hand (the first card they can play) instead of the top of the page. */
  keepFocus() {
    const active = document.activeElement;
    if (active && active !== document.body && this.root.contains(active)) return;
    const card = (this.view.hand || []).find((c) => this.canPlay(c));
    if (card) this.focusKey(`H:${card}`);
  }

  focusKey(key) {
    const el = this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (el) el.focus();
  }

  names() {
    const v = this.view;
    if (!v) return [strings.you, strings.computer];
    return v.seats.map((kind, i) => (i === v.seat ? strings.you : kind === "computer" ? strings.computer : strings.player(i)));
  }

  // ---- rendering ---------------------------------------------------------------------------

  render() {
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) && active.dataset ? active.dataset.key : null;

    this.renderRootData();
    this.topbar.replaceChildren(...this.renderTopbar());
    this.board.replaceChildren(...(this.view ? this.renderBoard() : [h("p", { class: "loading" }, strings.loading)]));

    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again && again !== document.activeElement) again.focus();
    }
  }

  renderRootData() {
    const d = this.root.dataset;
    const v = this.view;
    d.busy = this.busy ? "1" : "0";
    d.thinking = this.thinking ? "1" : "0";
    if (!v) return;
    d.ready = "1";
    d.phase = v.phase;
    d.turn = String(v.turn);
    d.seat = String(v.seat);
    d.round = String(v.round);
    d.deal = String(v.deal);
    d.lastDeal = v.last_deal ? "true" : "false";
    d.scores = JSON.stringify(v.scores);
    d.target = String(v.target);
    d.winner = v.winner === null || v.winner === undefined ? "" : String(v.winner);
    d.stock = String(v.stock);
    d.moveList = this.complete() ? "complete" : "asking";
    // On the asking path: "current" once the engine's answer for this selection is in.
    d.selection = this.selAnswer && this.selAnswer.key === this.selKey() ? "current" : "pending";
    if (this.seed !== null) d.seed = String(this.seed);
  }

  renderTopbar() {
    const v = this.view;
    const names = this.names();
    const parts = [h("h1", {}, strings.title)];
    if (v) {
      parts.push(
        h(
          "div",
          { class: "scoreboard", role: "group", "aria-label": strings.scoreboardLabel },
          names.map((n, i) =>
            h("span", { class: "score", dataset: { side: i, score: v.scores[i] } }, strings.scoreLine(n, v.scores[i])),
          ),
          h("span", { class: "target" }, strings.target(v.target)),
        ),
        h(
          "div",
          { class: "deal-info" },
          h("span", {}, strings.roundDeal(v.round, v.deal, v.deals)),
          v.last_deal ? h("span", { class: "last-deal-badge", dataset: { lastDeal: "true" } }, strings.lastDeal) : null,
        ),
      );
    }
    const inMatch = v && v.phase !== "match_over";
    parts.push(
      h(
        "div",
        { class: "top-actions" },
        h(
          "button",
          {
            type: "button",
            dataset: { action: "undo", key: "undo" },
            disabled: !v || this.busy || !v.can_undo,
            onclick: () => this.simple("undo", { seat: this.view.seat }),
          },
          strings.undo,
        ),
        this.confirmingNew
          ? h(
              "span",
              { class: "confirm-new", role: "group", "aria-label": strings.confirmNewGame },
              h("span", {}, strings.confirmNewGame),
              h("button", { type: "button", class: "danger", disabled: this.busy, dataset: { action: "new-game-yes", key: "new-game-yes" }, onclick: () => this.newGame(null) }, strings.newGame),
              h("button", { type: "button", dataset: { action: "new-game-no", key: "new-game-no" }, onclick: () => { this.confirmingNew = false; this.render(); } }, strings.cancel),
            )
          : h(
              "button",
              {
                type: "button",
                dataset: { action: "new-game", key: "new-game" },
                disabled: this.busy && !!v,
                onclick: () => {
                  if (inMatch) {
                    this.confirmingNew = true;
                    this.render();
                    this.focusKey("new-game-yes");
                  } else this.newGame(null);
                },
              },
              strings.newGame,
            ),
      ),
    );
    return parts;
  }

  renderBoard() {
    const v = this.view;
    const names = this.names();
    const me = v.seat;
    const mine = this.humanToPlay();
    const legal = this.legal();
    const items = tableItems(v);
    const selectable = this.selectable(items);
    const highlight = this.flash ? this.flash.cards : new Set();

    const others = v.seats.map((_, i) => i).filter((i) => i !== me);
    const opponentPanels = others.map((seat) => {
      const flashing = this.flash && this.flash.seat === seat;
      let status = "";
      if (this.thinking && v.turn === seat) status = strings.thinking(names[seat]);
      else if (flashing) status = this.flash.text;
      else if (v.phase === "play" && v.turn === seat) status = strings.theirTurn(names[seat]);
      const count = v.hand_counts[seat] - (flashing ? 1 : 0);
      return renderSeat(v, seat, names, status, renderHiddenHand(count, names[seat], flashing ? this.flash.played : null));
    });

    const table = renderTable(v, {
      selectedCard: this.sel.card,
      selectedIds: this.sel.ids,
      selectable,
      active: mine,
      highlight,
      recent: this.recent,
      names,
      onItem: (item) => this.onItem(item),
    });

    const hand = renderHand(v, {
      active: mine,
      selectedCard: this.sel.card,
      canPlay: (card) => this.canPlay(card),
      onCard: (card) => this.onCard(card),
    });
    const myStatus = mine ? strings.yourTurn : "";
    const myPanel = renderSeat(v, me, names, myStatus, hand);

    const parts = [h("div", { class: "opponents" }, opponentPanels), table, myPanel];
    if (v.phase === "play") parts.push(this.renderActions(mine, legal), this.renderMoveBox(mine, legal));
    else {
      // The score sheet comes first so that it is in view on a phone.
      parts.unshift(
        renderScoreSheet(v, names, {
          onNextRound: () => this.simple("next_round"),
          onNewMatch: () => this.newGame(null),
        }),
      );
    }
    if (this.stalled) {
      parts.push(
        h("p", { class: "retry" }, h("button", { type: "button", dataset: { action: "retry", key: "retry" }, onclick: () => this.computerMove() }, strings.retryComputer(names[v.turn]))),
      );
    }
    return parts;
  }

  renderActions(mine, legal) {
    const { fits, move } = this.pending();
    const card = this.sel.card;
    let preview;
    if (this.thinking) preview = strings.thinking(this.names()[this.view.turn]);
    else if (this.flash) preview = this.flash.text;
    else if (!mine) preview = this.busy ? "" : strings.waitTurn;
    else if (!card) preview = strings.chooseCard;
    else if (move) preview = previewText(move, this.view.table.builds);
    else if (fits.length > 1) preview = strings.chooseOne;
    else if (this.sel.ids.size > 0) preview = strings.noMoveForSelection;
    else preview = strings.chooseTable(cardShort(card));

    const trail = card ? this.trailFor(card) : null;
    let trailWhy = "";
    if (mine && card && !trail) {
      // The engine names the rule that forbids the trail; the page only words it.
      const why = (this.view.trail_refusals || {})[card];
      trailWhy = strings.trailRefusals[why] || strings.noTrailOther;
    }

    const choices =
      fits.length > 1 && !this.sel.trail
        ? h(
            "div",
            { class: "choices", role: "group", "aria-label": strings.chooseOne },
            fits.map((m) =>
              h(
                "button",
                {
                  type: "button",
                  class: "choice",
                  "aria-pressed": this.sel.choice === m.text ? "true" : "false",
                  dataset: { moveText: m.text, key: `C:${m.text}` },
                  onclick: () => {
                    this.sel.choice = this.sel.choice === m.text ? null : m.text;
                    this.render();
                  },
                },
                previewText(m, this.view.table.builds),
              ),
            ),
          )
        : null;

    return h(
      "section",
      { class: "actions", "aria-label": strings.actionsLabel },
      h("p", { class: `preview ${move ? "ready" : ""}`, dataset: { preview: move ? move.text : "" } }, preview),
      choices,
      h(
        "div",
        { class: "action-buttons" },
        h(
          "button",
          {
            type: "button",
            class: "trail",
            "aria-pressed": this.sel.trail ? "true" : "false",
            "aria-describedby": trailWhy ? "trail-why" : null,
            disabled: !trail,
            dataset: { action: "trail", key: "trail" },
            onclick: () => this.onTrail(),
          },
          strings.trail,
        ),
        h(
          "button",
          {
            type: "button",
            class: "primary",
            disabled: !move,
            dataset: { action: "confirm", key: "confirm" },
            onclick: () => this.onConfirm(),
          },
          strings.confirm,
        ),
        h(
          "button",
          {
            type: "button",
            disabled: !card,
            dataset: { action: "clear", key: "clear" },
            onclick: () => {
              this.resetSelection();
              this.render();
            },
          },
          strings.clear,
        ),
      ),
      trailWhy ? h("p", { class: "why", id: "trail-why" }, trailWhy) : null,
      this.hint ? h("p", { class: "hint" }, this.hint) : null,
    );
  }

  renderMoveBox(mine, legal) {
    const input = h("input", {
      type: "text",
      name: "move",
      list: "legal-move-list",
      autocomplete: "off",
      spellcheck: "false",
      disabled: !mine,
      dataset: { key: "move-box" },
      "aria-describedby": "move-box-hint",
    });
    const options = legal.map((m) =>
      h("option", {
        value: m.text,
        dataset: {
          kind: m.kind,
          card: m.card,
          take: (m.take || []).join(" "),
          value: m.value ?? "",
          multiple: m.multiple ? "true" : "false",
          sweep: m.sweep ? "true" : "false",
        },
      }),
    );
    return h(
      "form",
      {
        class: "move-box",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (text) this.play(text);
        },
      },
      h("label", {}, h("span", {}, strings.moveBoxLabel), input),
      h("datalist", { id: "legal-move-list" }, options),
      h("button", { type: "submit", disabled: !mine, dataset: { action: "move-box", key: "move-box-play" } }, strings.moveBoxPlay),
      h("small", { id: "move-box-hint" }, strings.moveBoxHint),
    );
  }
}
