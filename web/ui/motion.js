// Short card movements between two drawings of the board. The page redraws the whole board from
// the engine's view, so nothing here changes what is drawn: just before a redraw that follows a
// move, `measure` notes where each card is; just after it, `play` sends a copy of each card that
// moved from its old place to its new one ("first, last, invert, play"), in a layer of its own
// above the page that takes no clicks. The real card is already in its final place (only its
// face is made transparent, `data-flight`, until its copy lands), so the page, its tests and a player who acts
// at once never wait for a movement; a later redraw keeps the real card hidden while its copy
// flies, and a card that moves again while in flight starts its new flight where its copy is.
//
// Nothing flies over what a drawing opens to be read after a move: a score sheet (Cassino's
// round, California Jack's deal) or the screen that passes the device to the next player. Such
// a sheet is drawn in the board, under the layer of copies; a drawing that has one ends every
// flight at once (and the sweep's mark) and starts none. Modal dialogs are in the browser's top
// layer, above any copy.
//
// Only what the board already shows is copied: a face is copied only when the old or the new
// board draws it, so a hidden card never shows through a movement. Under
// `prefers-reduced-motion: reduce` nothing moves (a sweep is marked for a moment, still).
//
// Cards are found by `data-face` (the card's code, set by cardFace in web/ui/cards.js) and, for
// the backs of a hand the viewer may not see, by seat and position.

const DURATION = { move: 260, take: 340, deal: 240, reveal: 220 };
const DEAL_STEP = 35; // ms between two dealt cards
const DEAL_STEPS = 10; // at most this many steps, so a big deal still ends quickly
const SWEEP_MS = 900; // how long the sweep's mark stays

// Cassino's cards that move: on the felt, in a hand, the computer's card on show. Faces elsewhere
// (a score sheet, a hint) are not followed.
const FACES = ".felt .card.face[data-face], .hand .card.face[data-face], .played-card .card.face[data-face]";
const PILE = (seat) => `.seat[data-seat="${seat}"] .captured`;
// What no flight may cover (both pages' score sheets are `.score-sheet`).
const SHEETS = ".score-sheet, .pass-screen";

/** Whether the player asked for reduced motion (asked afresh, the setting can change). */
export function reducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The cards of a drawn board by key: a face by its code, a hidden hand's back by seat and place. */
function keyed(board, faces) {
  const found = new Map();
  for (const el of board.querySelectorAll(faces)) {
    if (!found.has(el.dataset.face)) found.set(el.dataset.face, el);
  }
  for (const seat of board.querySelectorAll(".seat[data-seat]")) {
    seat.querySelectorAll(".hidden-hand .card.back").forEach((el, i) => found.set(`back:${seat.dataset.seat}:${i}`, el));
  }
  return found;
}

function boxOf(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
}

export class Motion {
  /**
   * @param host the page's element; the layer of flying copies goes in it (for its colours)
   * @param {object} options {faces: a selector of the faces followed, pile(seat): a selector of the place
   *                a seat's taken cards fly to, sheets: a selector of what no flight may cover};
   *                Cassino's by default
   */
  constructor(host, { faces = FACES, pile = PILE, sheets = SHEETS } = {}) {
    this.host = host;
    this.faces = faces;
    this.pile = pile;
    this.sheets = sheets;
    this.doc = host.ownerDocument;
    this.layer = null;
    this.flights = new Map(); // key -> {clone, animation}
    this.sweepMark = null; // the sweep's mark while it shows
  }

  ensureLayer() {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = this.doc.createElement("div");
      this.layer.className = "motion-layer";
      this.layer.setAttribute("aria-hidden", "true");
      this.host.append(this.layer);
    }
    return this.layer;
  }

  /** Where each card of `board` is now (a card in flight: where its copy is now). */
  measure(board) {
    const cards = new Map();
    for (const [key, el] of keyed(board, this.faces)) {
      const flight = this.flights.get(key);
      const box = boxOf(flight ? flight.clone : el);
      if (box) cards.set(key, { box, el });
    }
    const stock = board.querySelector(".stock-pile");
    // The last back of each hidden hand: where a computer's played card comes from.
    const seats = new Map();
    for (const seat of board.querySelectorAll(".seat[data-seat]")) {
      const backs = seat.querySelectorAll(".hidden-hand .card.back");
      const box = backs.length ? boxOf(backs[backs.length - 1]) : null;
      if (box) seats.set(seat.dataset.seat, box);
    }
    return { cards, stock: stock ? boxOf(stock) : null, seats };
  }

  /** Ends every flight at once: copies removed, real cards shown. */
  finish() {
    for (const flight of this.flights.values()) flight.animation.cancel();
    this.settleAll();
  }

  /** Ends every flight and the sweep's mark: the layer of copies is left empty. */
  clear() {
    this.finish();
    if (this.sweepMark) this.sweepMark.remove();
    this.sweepMark = null;
  }

  settleAll() {
    for (const [key, flight] of this.flights) {
      flight.clone.remove();
      this.flights.delete(key);
    }
    for (const el of this.doc.querySelectorAll("[data-flight]")) delete el.dataset.flight;
  }

  /**
   * After a redraw. Without a cue the cards in flight stay hidden on the new board; with one,
   * the movements of this change start.
   * @param {object} cue {seat: the seat that moved (its captured cards fly to its panel), deal: a new deal
   *            was drawn (new cards come from the stock), reveal: the computer shows the card it
   *            plays (it comes from its hidden hand), sweepSeat: a seat that swept, fresh:
   *            another game is drawn (no card of the old board is followed), taker: the seat
   *            whose panel the cards gone from the board fly to, when not `seat`}
   */
  play(board, before, cue) {
    // A sheet to read (a round's score): nothing flies over it, whatever the cue.
    if (board.querySelector(this.sheets)) {
      this.clear();
      return;
    }
    const now = keyed(board, this.faces);
    // Another game: nothing of the last one flies on.
    if (cue && cue.fresh) this.finish();
    // Cards still flying stay hidden on the new board (a card that moves again flies anew below).
    for (const key of this.flights.keys()) if (now.has(key)) now.get(key).dataset.flight = key;
    this.placeSweepMark(board);
    if (!cue) return;
    // A card flying to a place the new board no longer has (a back of a hand that just played)
    // stops; a face taken meanwhile flies on from where its copy is, below.
    for (const [key, flight] of this.flights) {
      if (!flight.leaving && !now.has(key)) {
        flight.animation.cancel();
        flight.clone.remove();
        this.flights.delete(key);
      }
    }
    if (cue.sweepSeat !== undefined && cue.sweepSeat !== null) this.markSweep(board, cue.sweepSeat);
    if (!before || reducedMotion() || typeof Element.prototype.animate !== "function") return;

    const after = new Map();
    for (const [key, el] of now) {
      const box = boxOf(el);
      if (box) after.set(key, { box, el });
    }
    const stockNow = board.querySelector(".stock-pile");
    const stock = before.stock || (stockNow ? boxOf(stockNow) : null);
    let dealt = 0;
    for (const [key, { box, el }] of after) {
      const old = cue.fresh ? null : before.cards.get(key);
      if (old) {
        if (Math.abs(old.box.left - box.left) > 2 || Math.abs(old.box.top - box.top) > 2 || Math.abs(old.box.width - box.width) > 2) {
          this.fly(key, old.el, old.box, box, el, { duration: DURATION.move });
        }
      } else if (cue.deal && stock) {
        const delay = Math.min(dealt, DEAL_STEPS) * DEAL_STEP;
        dealt += 1;
        this.fly(key, el, stock, box, el, { duration: DURATION.deal, delay, fadeIn: true });
      } else if (cue.reveal && el.closest(".played-card")) {
        const from = before.seats.get(String(cue.seat));
        if (from) this.fly(key, el, from, box, el, { duration: DURATION.reveal, fadeIn: true });
      }
    }
    // Cards gone from the board: those taken fly to the panel of the seat that took them.
    const taker = cue.taker ?? cue.seat;
    const panel = taker !== undefined && taker !== null ? board.querySelector(this.pile(taker)) : null;
    const target = panel ? boxOf(panel) : null;
    if (!target || cue.deal) return;
    for (const [key, { box, el }] of before.cards) {
      if (after.has(key) || key.startsWith("back:")) continue;
      const to = { left: target.left + target.width / 2 - box.width * 0.2, top: target.top, width: box.width * 0.4, height: box.height * 0.4 };
      this.fly(key, el, box, to, null, { duration: DURATION.take, fadeOut: true });
    }
  }

  /**
   * A copy of `source` goes from the box `from` to the box `to`; `target` (the real card, or
   * null for a card that leaves the board) stays transparent until it lands.
   */
  fly(key, source, from, to, target, { duration, delay = 0, fadeIn = false, fadeOut = false }) {
    const clone = source.cloneNode(true);
    clone.classList.remove("stacked", "small", "offset");
    delete clone.dataset.flight;
    Object.assign(clone.style, {
      position: "absolute",
      left: `${from.left}px`,
      top: `${from.top}px`,
      margin: "0",
    });
    clone.style.setProperty("--card-w", `${from.width}px`);
    this.ensureLayer().append(clone);
    const scale = to.width / from.width;
    const move = `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(${scale})`;
    const frames = [
      { transform: "translate(0, 0) scale(1)", opacity: fadeIn ? 0.2 : 1 },
      { transform: move, opacity: fadeOut ? 0 : 1 },
    ];
    const animation = clone.animate(frames, { duration, delay, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "both" });
    animation.id = `feel-${key}`;
    if (target) target.dataset.flight = key;
    // A card can fly only once at a time: a second flight of it replaces the first.
    const earlier = this.flights.get(key);
    if (earlier) {
      earlier.animation.cancel();
      earlier.clone.remove();
    }
    this.flights.set(key, { clone, animation, leaving: !target });
    const land = () => {
      if (this.flights.get(key)?.animation !== animation) return;
      this.flights.delete(key);
      clone.remove();
      // The board may have been drawn again meanwhile: show the card drawn there now.
      for (const el of this.doc.querySelectorAll(`[data-flight="${CSS.escape(key)}"]`)) delete el.dataset.flight;
    };
    animation.finished.then(land, land);
  }

  /** The sweep's mark follows the felt when a later drawing moves it. */
  placeSweepMark(board) {
    const mark = this.sweepMark;
    if (!mark || !mark.isConnected) return;
    const felt = board.querySelector(".felt");
    const box = felt ? boxOf(felt) : null;
    if (!box) {
      mark.remove();
      return;
    }
    Object.assign(mark.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
  }

  /** The felt glows for a moment, and the sweeping seat's sweep count pulses. */
  markSweep(board, seat) {
    if (this.sweepMark) this.sweepMark.remove();
    const mark = this.doc.createElement("div");
    mark.className = "sweep-mark";
    mark.dataset.sweepSeat = String(seat);
    this.ensureLayer().append(mark);
    this.sweepMark = mark;
    this.placeSweepMark(board);
    if (!mark.isConnected) return;
    if (!reducedMotion() && typeof mark.animate === "function") {
      const glow = mark.animate([{ opacity: 0 }, { opacity: 1, offset: 0.2 }, { opacity: 0 }], { duration: SWEEP_MS, easing: "ease-out" });
      glow.id = "feel-sweep";
      glow.finished.then(() => mark.remove(), () => mark.remove());
      const chip = board.querySelector(`.seat[data-seat="${seat}"] [data-sweep-count]`);
      if (chip) chip.animate([{ transform: "scale(1)" }, { transform: "scale(1.3)" }, { transform: "scale(1)" }], { duration: 500 }).id = "feel-sweep-chip";
    } else {
      // Reduced motion: the mark is there for a moment, and nothing moves.
      setTimeout(() => mark.remove(), SWEEP_MS);
    }
  }
}
