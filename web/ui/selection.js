// The player's selection at the table, and matching it against the legal moves the engine offered.
// Nothing here knows a rule of Cassino: a selection is a hand card plus a set of table cards, and
// a move fits when its played card and its `take` (every table card it uses, builds whole) are
// exactly that. The engine's `view.legal_moves` is the only source of what may be played.
//
// The functions below match a selection against a list of moves; the class `Selection` at the
// end is the table page's part that answers the player's clicks and keys (a hand card, a table
// card or build, Trail, Pluck, a choice between moves, Confirm, T) and says what Confirm would play.

import { strings } from "./strings.js";
import { cardShort, sortCards } from "./cards.js";
import { previewText } from "./describe.js";
import { touchScreen } from "./keys.js";

/**
 * The table as clickable items: each loose card, and each build as a whole.
 * @returns {{id: string, kind: "loose"|"build", cards: string[], build?: object}[]}
 */
export function tableItems(view) {
  const loose = view.table.loose.map((card) => ({ id: `L:${card}`, kind: "loose", cards: [card] }));
  const builds = view.table.builds.map((build) => ({
    id: `B:${build.cards.join(" ")}`,
    kind: "build",
    cards: build.cards,
    build,
  }));
  return [...loose, ...builds];
}

/** The set of table cards covered by the selected item ids. */
export function selectedCards(items, selectedIds) {
  const cards = new Set();
  for (const item of items) if (selectedIds.has(item.id)) item.cards.forEach((c) => cards.add(c));
  return cards;
}

/** Moves (not trails) whose played card is `card` and whose take is exactly `cards`. */
export function matchingMoves(legal, card, cards) {
  if (!card || cards.size === 0) return [];
  return legal.filter(
    (m) =>
      m.kind !== "trail" &&
      m.card === card &&
      (m.take || []).length === cards.size &&
      (m.take || []).every((c) => cards.has(c)),
  );
}

/**
 * Ids of the table items that can still be added to the selection: some legal move with `card`
 * takes every card already selected plus the item's cards. Selected items are always included
 * (clicking them again removes them).
 */
export function selectableIds(legal, card, items, selectedIds) {
  const ids = new Set(selectedIds);
  if (!card) return ids;
  const chosen = selectedCards(items, selectedIds);
  const moves = legal.filter((m) => m.kind !== "trail" && m.card === card).map((m) => new Set(m.take || []));
  for (const item of items) {
    if (ids.has(item.id)) continue;
    const wanted = [...chosen, ...item.cards];
    if (moves.some((take) => wanted.every((c) => take.has(c)))) ids.add(item.id);
  }
  return ids;
}

/** The trail move for `card`, or null when the engine did not offer one. */
export function trailMove(legal, card) {
  return legal.find((m) => m.kind === "trail" && m.card === card) || null;
}

/** Whether the engine offered any move at all for this hand card. */
export function hasMove(legal, card) {
  return legal.some((m) => m.card === card);
}

/** The move as the `play` request sends it: its canonical fields only. */
export function moveForRequest(move) {
  const out = { kind: move.kind, card: move.card };
  if (move.take !== undefined) out.take = move.take;
  if (move.value !== undefined && move.value !== null) out.value = move.value;
  return out;
}

/**
 * The selection's state, kept on the page (web/app.js): a hand card, the selected table items
 * (ids of `tableItems`), whether the card trails, which of several fitting moves is chosen (its
 * text), and whether the player is plucking (Pluck Cassino: a table card back to the hand).
 * @typedef {{card: string|null, ids: Set<string>, trail: boolean, choice: string|null, pluck: boolean}} Sel
 */

/**
 * What `Selection` uses of the page (web/app.js App).
 * @typedef {object} SelectionHost
 * @property {any} view the engine's view of the seat on screen (docs/api.md)
 * @property {number} viewSerial counts the views taken: an answer about a selection is for one
 * @property {Sel} sel the selection
 * @property {string} hint the line under the buttons: why a click did nothing ("" for none)
 * @property {any} selAnswer on a crowded table, the engine's answer about the selection
 *   (`select` op) with `key` (see `Selection.key`) and `card`; null before it comes
 * @property {Set<string>} recent cards of the last move, highlighted until a card is chosen
 * @property {{humanToPlay(): boolean}} turns whose turn it is (web/ui/turns.js)
 * @property {(move: object|string) => Promise<void>} play plays the player's move
 * @property {(op: string, payload?: object, options?: {quiet?: boolean}) => Promise<any>} call
 * @property {() => void} render
 * @property {(text: string) => void} announce
 * @property {(key: string, options?: FocusOptions) => void} focusKey
 */

/**
 * The player's selection: what each click and key does to it, and the move it makes.
 * A crowded table can have more legal moves than the view sends (`legal_moves_complete` is
 * false): then `canPlay`, `selectable`, `fitting` and `trailFor` are answered from the engine's
 * answer about the current selection (its `select` op, asked by `refresh`) instead of the list.
 */
export class Selection {
  /** @param {SelectionHost} app */
  constructor(app) {
    this.app = app;
  }

  /** Nothing selected, and no line under the buttons. */
  reset() {
    this.app.sel = { card: null, ids: new Set(), trail: false, choice: null, pluck: false };
    this.app.hint = "";
  }

  /** The moves offered: the view's legal moves and, in Pluck Cassino, its plucks. */
  legal() {
    const view = this.app.view;
    if (!this.app.turns.humanToPlay()) return [];
    const moves = view.legal_moves || [];
    const plucks = (view.plucks || []).filter((p) => !moves.some((m) => m.text === p.text));
    return plucks.length ? [...moves, ...plucks] : moves;
  }

  plucks() {
    return this.legal().filter((m) => m.kind === "pluck");
  }

  /** Whether the view lists every legal move (else the engine is asked about the selection). */
  complete() {
    return this.app.view.legal_moves_complete !== false;
  }

  /** @param {string} card a hand card */
  canPlay(card) {
    if (this.complete()) return hasMove(this.legal(), card);
    return (this.app.view.playable || []).includes(card);
  }

  /** The kinds of the legal moves of hand card `card` (web/ui/describe.js cardPrompt), or
   * null when the view does not list them (a crowded table). */
  kindsOf(card) {
    if (!this.complete()) return null;
    return new Set(this.legal().filter((m) => m.card === card && m.kind !== "pluck").map((m) => m.kind));
  }

  /** Ids of the table items a click may add to (or remove from) the selection. */
  selectable(items) {
    const { sel, selAnswer } = this.app;
    if (sel.pluck) {
      const open = new Set(this.plucks().map((m) => m.card));
      return new Set(items.filter((i) => i.kind === "loose" && open.has(i.cards[0])).map((i) => i.id));
    }
    if (this.complete()) return selectableIds(this.legal(), sel.card, items, sel.ids);
    const ids = new Set(sel.ids);
    if (!sel.card || !selAnswer || selAnswer.key !== this.key()) return ids;
    const open = new Set(selAnswer.extendable);
    for (const item of items) if (item.cards.every((c) => open.has(c))) ids.add(item.id);
    return ids;
  }

  /** The moves (not trails) of the chosen hand card that take exactly `cards`. */
  fitting(cards) {
    if (this.complete()) return matchingMoves(this.legal(), this.app.sel.card, cards);
    const answer = this.app.selAnswer;
    return answer && answer.key === this.key() && cards.size ? answer.moves : [];
  }

  /** The trail of `card`, or null when the engine offers none. */
  trailFor(card) {
    if (this.complete()) return trailMove(this.legal(), card);
    const answer = this.app.selAnswer;
    return answer && answer.card === card && answer.key.startsWith(`${this.app.viewSerial}|`)
      ? answer.trail
      : null;
  }

  /** The view and the selection in one text: an answer about another one is stale. */
  key() {
    const { view, sel, viewSerial } = this.app;
    const cards = [...selectedCards(tableItems(view), sel.ids)].sort();
    return `${viewSerial}|${sel.card}|${cards.join(" ")}`;
  }

  /** On a crowded table: ask the engine about the selection, then draw again. */
  async refresh() {
    const app = this.app;
    if (this.complete() || !app.sel.card || !app.turns.humanToPlay()) return;
    const key = this.key();
    const take = [...selectedCards(tableItems(app.view), app.sel.ids)];
    const answer = await app.call("select", { seat: app.view.seat, card: app.sel.card, take });
    if (answer.error || key !== this.key()) return;
    app.selAnswer = { key, card: app.sel.card, ...answer.selection };
    app.render();
  }

  /** A hand card clicked: chosen, or chosen no more, or why it cannot be. */
  onCard(card) {
    const app = this.app;
    if (!app.turns.humanToPlay()) {
      app.hint = strings.waitTurn;
    } else if (app.sel.card === card) {
      this.reset();
    } else if (!this.canPlay(card)) {
      const why = (app.view.trail_refusals || {})[card];
      app.hint = strings.noMoveForCard(cardShort(card), strings.trailRefusals[why] || "");
    } else {
      this.reset();
      app.sel.card = card;
      app.recent = new Set();
    }
    app.render();
    this.refresh().then(() => this.sayPending());
  }

  /** A table item (a loose card or a build) clicked: added to the selection, or taken out. */
  onItem(item) {
    const app = this.app;
    const sel = app.sel;
    const items = tableItems(app.view);
    if (!app.turns.humanToPlay()) {
      app.hint = strings.waitTurn;
    } else if (sel.pluck) {
      if (this.selectable(items).has(item.id)) {
        sel.ids = sel.ids.has(item.id) ? new Set() : new Set([item.id]);
        app.hint = "";
      } else app.hint = strings.pluckHelp;
    } else if (!sel.card) {
      app.hint = strings.chooseCard;
    } else if (sel.ids.has(item.id)) {
      sel.ids.delete(item.id);
      sel.choice = null;
      app.hint = "";
    } else if (this.selectable(items).has(item.id)) {
      sel.ids.add(item.id);
      sel.trail = false;
      sel.choice = null;
      app.hint = "";
    } else {
      // Name what was tapped and the card it does not go with (play-test 7: the old line named
      // only the hand card).
      app.hint = item.kind === "loose"
        ? strings.notUsableWith(cardShort(item.cards[0]), cardShort(sel.card))
        : strings.notUsableWithBuild(sortCards(item.cards).map(cardShort).join(" "), cardShort(sel.card));
    }
    app.render();
    this.refresh().then(() => this.sayPending());
  }

  /** The Trail button: the chosen card trails, or no more. */
  onTrail() {
    const app = this.app;
    if (!app.turns.humanToPlay() || !app.sel.card) return;
    app.sel.trail = !app.sel.trail;
    if (app.sel.trail) app.sel.ids = new Set();
    app.sel.choice = null;
    app.render();
    this.sayPending();
  }

  /** The Pluck button (Pluck Cassino): the next table card clicked is plucked, or no more. */
  onPluck() {
    const app = this.app;
    if (!app.turns.humanToPlay()) return;
    const on = !app.sel.pluck;
    this.reset();
    app.sel.pluck = on;
    app.hint = on ? strings.pluckHelp : "";
    app.render();
  }

  /** One of several moves that fit the selection clicked: chosen, or chosen no more. */
  onChoice(text) {
    const sel = this.app.sel;
    sel.choice = sel.choice === text ? null : text;
    this.app.render();
    this.sayPending();
  }

  /** The Clear button (and Escape): nothing selected. */
  onClear() {
    this.reset();
    this.app.render();
  }

  /** Puts `move` (one the engine offered, e.g. a hint's) into the selection; draws nothing. */
  select(move) {
    const app = this.app;
    const items = tableItems(app.view);
    const take = new Set(move.kind === "pluck" ? [move.card] : move.take || []);
    const ids = new Set(items.filter((i) => i.cards.some((c) => take.has(c))).map((i) => i.id));
    this.reset();
    if (move.kind === "pluck") {
      app.sel.pluck = true;
      app.sel.ids = ids;
    } else {
      app.sel.card = move.card;
      app.sel.trail = move.kind === "trail";
      app.sel.ids = move.kind === "trail" ? new Set() : ids;
      app.sel.choice = move.text || null;
    }
  }

  /**
   * The moves that fit the selection exactly, and the one that Confirm would play.
   * @returns {{fits: object[], move: any}}
   */
  pending() {
    const { view, sel } = this.app;
    if (sel.pluck) {
      const cards = selectedCards(tableItems(view), sel.ids);
      const move = this.plucks().find((m) => cards.size === 1 && cards.has(m.card)) || null;
      return { fits: move ? [move] : [], move };
    }
    if (!sel.card) return { fits: [], move: null };
    if (sel.trail) {
      const trail = this.trailFor(sel.card);
      return { fits: trail ? [trail] : [], move: trail };
    }
    const cards = selectedCards(tableItems(view), sel.ids);
    const fits = this.fitting(cards);
    let move = null;
    if (fits.length === 1) move = fits[0];
    else if (fits.length > 1) move = fits.find((m) => m.text === sel.choice) || null;
    return { fits, move };
  }

  /** Confirm (or C): plays the move the selection makes, if it makes one. */
  onConfirm() {
    const { move } = this.pending();
    if (move) this.app.play(moveForRequest(move));
  }

  /** T: trail the chosen card, or the hand card in focus; then Confirm (or C) plays it. */
  async keyTrail(target) {
    const app = this.app;
    if (!app.turns.humanToPlay()) return;
    const focused = target instanceof HTMLElement ? /** @type {HTMLElement | null} */ (target.closest(".hand-cards button")) : null;
    if (focused && focused.dataset.card !== app.sel.card && this.canPlay(focused.dataset.card)) {
      this.reset();
      app.sel.card = focused.dataset.card;
      await this.refresh(); // a crowded table: the engine says whether it may trail
    }
    const card = app.sel.card;
    let refused = "";
    if (!card) {
      app.hint = strings.noTrailNoCard;
    } else if (this.trailFor(card)) {
      app.sel.trail = true;
      app.sel.ids = new Set();
      app.sel.choice = null;
    } else {
      // The Trail button's reason under it (web/ui/actions.js) already says why, with the card
      // chosen: the line under the buttons would show the same sentence twice (play-test 6).
      // It is read out instead, for a keyboard player who cannot see it.
      refused = strings.trailRefusals[(app.view.trail_refusals || {})[card]] || strings.noTrailOther;
      app.hint = "";
    }
    app.render();
    this.sayPending();
    if (app.sel.trail) app.focusKey("confirm");
    else if (refused || app.hint) app.announce(refused || app.hint);
  }

  /** Reads out the move the selection now makes, if it makes one (a keyboard player cannot see
   * the preview line). */
  sayPending() {
    const { move } = this.pending();
    // On a touch screen without the key: "Press Confirm" (play-test 11 heard "Press C").
    const ready = touchScreen() ? strings.moveReadyTouch : strings.moveReady;
    if (move && this.app.turns.humanToPlay()) this.app.announce(ready(previewText(move, this.app.view.table.builds)));
  }
}
