// The signs at a crowded table's edges: "▲ more cards" at its top, "▼ more cards" at its
// bottom, shown while the table's box (it scrolls inside itself on a phone) hides cards on
// that side; a tap scrolls the table that way (play-test 10: at 360x640 a table of a dozen
// cards showed no sign that a row was cut). The shell marks the box's hidden sides
// (`data-more` on the felt, GameShell.markHiddenTable) and app.css shows the sign of each.
//
// The signs are for the eye and the finger only (aria-hidden, not focusable): a screen
// reader reads every card of the table as it is, and a keyboard reaches each card, the box
// scrolling to the card that takes the focus.

import { strings } from "./strings.js";
import { h } from "./dom.js";
import { reducedMotion } from "./motion.js";

/** px of table beyond the cards brought into view, so that they do not touch the edge. */
const MARGIN = 6;

/**
 * The px a sign takes at its edge of the table's box (app.css `--more-cards-room`: its label
 * and a gap; 0 on a page that draws no signs). Cards brought into view where a sign will lie
 * are kept clear of it: scrolled to the box's very edge, a card had its top under "▲ ещё
 * карты" (play-test, a phone on its side with the hint open).
 * @param {HTMLElement} felt
 * @returns {number}
 */
export function signRoom(felt) {
  return Math.max(parseFloat(getComputedStyle(felt).getPropertyValue("--more-cards-room")) || 0, MARGIN);
}

/**
 * The two signs, put in the felt before and after its cards (app.css keeps each at its edge
 * of the box, over the cards, while the box scrolls).
 * @returns {HTMLElement[]}
 */
export function moreCardsSigns() {
  return /** @type {const} */ (["above", "below"]).map((side) =>
    h(
      "div",
      { class: `more-cards ${side}`, "aria-hidden": "true", dataset: { side } },
      h(
        "span",
        { class: "more-cards-label", onclick: (/** @type {Event} */ e) => showHidden(/** @type {HTMLElement} */ (e.currentTarget), side) },
        side === "above" ? strings.moreCardsAbove : strings.moreCardsBelow,
      ),
    ),
  );
}

/**
 * Scrolls the table holding `sign` towards `side` so that the items hidden there come into
 * view: "below" brings the first row cut at the bottom to the box's top, "above" the last row
 * cut at the top to its bottom (a page of the table, rows kept whole), clear of the sign
 * shown there then.
 * @param {HTMLElement} sign
 * @param {"above" | "below"} side
 */
export function showHidden(sign, side) {
  const felt = /** @type {HTMLElement | null} */ (sign.closest(".felt"));
  if (!felt) return;
  const box = felt.getBoundingClientRect();
  const top = box.top + felt.clientTop;
  const bottom = top + felt.clientHeight;
  // The row brought in lies clear of the sign that the other edge then shows.
  const room = signRoom(felt);
  const items = [...felt.querySelectorAll(".table-items > li")].map((li) => li.getBoundingClientRect());
  let goal;
  if (side === "below") {
    const cut = items.filter((r) => r.bottom > bottom + 0.5).map((r) => r.top);
    goal = cut.length ? felt.scrollTop + Math.min(...cut) - top - room : felt.scrollHeight;
  } else {
    const cut = items.filter((r) => r.top < top - 0.5).map((r) => r.bottom);
    goal = cut.length ? felt.scrollTop + Math.max(...cut) - bottom + room : 0;
  }
  // An item taller than the box would leave the table where it is: a box's height then.
  const page = Math.max(felt.clientHeight - 2 * MARGIN, MARGIN);
  if (side === "below" && goal <= felt.scrollTop + 0.5) goal = felt.scrollTop + page;
  if (side === "above" && goal >= felt.scrollTop - 0.5) goal = felt.scrollTop - page;
  goal = Math.max(0, Math.min(goal, felt.scrollHeight - felt.clientHeight));
  felt.scrollTo({ top: goal, behavior: reducedMotion() ? "instant" : "smooth" });
}
