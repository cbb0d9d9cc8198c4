// The row of a choice of moves on the fishing page (web/scopa/table.js renderChoice, Tablić's
// renderPickChoice in web/tablic/table.js): the options in a box of their own, then «Назад».
//
// On a phone the options' box scrolls (sideways in one row, or, for Tablić's ways, upright)
// while Back stays beside it, outside the scrolling box, so it is always in sight and never
// lies over an option (play-test 18: in a long row Back was past the window's edge, and a
// Back stuck over the row's end took an option's click; play-test of stop 46: when the whole
// choice scrolled upright, Back went out of sight with the ways). On a wide screen the
// options' box adds nothing to the layout (display: contents, web/scopa.css).
// Back stays last in the DOM: last for Tab and the arrow keys (web/ui/keys.js, one roving row
// over every button of `.scopa-choices`).

import { h } from "../ui/dom.js";
import { reducedMotion } from "../ui/motion.js";
import { scopaStrings as t } from "./strings.js";

// How far from the row's start a tap reaches the "◂" drawn there (its 1.2rem and a margin), px.
const CUE_REACH_PX = 28;

/** Scrolls the options' row by most of a box's width (or height), forward (`way` 1) or back
 * (-1); smoothly unless the player asks for reduced motion.
 * @param {HTMLElement} ways @param {number} way */
function scrollWays(ways, way) {
  const found = scrollerOf(ways);
  if (!found) return;
  const behavior = reducedMotion() ? "instant" : "smooth";
  if (found.axis === "x") found.box.scrollBy({ left: way * Math.max(found.box.clientWidth * 0.8, 40), behavior });
  else found.box.scrollBy({ top: way * Math.max(found.box.clientHeight * 0.8, 40), behavior });
}

/**
 * The choice's buttons: `options` (button elements, null ones left out) in
 * `div.scopa-ways`, then the sign of options hidden past the row's end (`span.scopa-ways-more`,
 * see markHidden), then the Back button (data-action="cancel-choice", data-key "C:cancel"),
 * all inside `div.choices.scopa-choices` (the roving row).
 * @param {Array<HTMLElement | null>} options the options' buttons, in the order shown
 * @param {() => void} onCancel called when Back is pressed
 * @param {Array<HTMLElement | null>} [tail] lines that close the options (Tablić's "and 1,598
 *   other ways"), in their box after the last option, so that they scroll with the options
 *   and Back stays in sight (web/scopa.css gives them a line of their own)
 * @returns {HTMLElement} the row
 */
export function choiceRow(options, onCancel, tail = []) {
  const ways = h("div", { class: "scopa-ways", dataset: { more: "" } }, [...options, ...tail]);
  // For the eye and the finger only, as the table's "▼ ещё карты" (web/ui/tablemore.js): a
  // key's focus scrolls the row to its option, and a screen reader reads every option.
  const sign = h("span", {
    class: "scopa-ways-more",
    "aria-hidden": "true",
    onclick: () => {
      if (swipe.moved) {
        swipe.moved = false; // the click that ends a swipe: the swipe did the scrolling
        return;
      }
      // Scrolled to the end, the sign points back and a tap scrolls the row back.
      scrollWays(ways, sign.dataset.dir === "before" ? -1 : 1);
    },
  });
  // The "◂" over the row's start (web/scopa.css) takes the tap meant for it: the row scrolls
  // back, and the option under the sign is not played (play-test 22: a tap on the ◂ in Escoba
  // seed 13 played the half-hidden capture beneath it).
  ways.addEventListener("click", (event) => {
    const found = event.target === ways && /before|both/.test(ways.dataset.more || "") ? scrollerOf(ways) : null;
    if (!found) return;
    const r = found.box.getBoundingClientRect();
    const near = found.axis === "x" ? event.clientX - r.left : event.clientY - r.top;
    if (near <= CUE_REACH_PX) scrollWays(ways, -1);
  });
  const swipe = swipeScrolls(sign, ways);
  const mark = () => markHidden(ways, sign);
  ways.addEventListener("scroll", mark, { passive: true });
  // Its first report comes after the row's first layout (reading sizes now would force one).
  if (typeof ResizeObserver === "function") new ResizeObserver(mark).observe(ways);
  return h(
    "div",
    { class: "choices scopa-choices" },
    ways,
    sign,
    h("button", { type: "button", class: "scopa-option cancel", dataset: { action: "cancel-choice", key: "C:cancel" }, onclick: onCancel }, t.cancelChoice),
  );
}

/** How far (CSS px) a press on the sign moves before it is a swipe, not a tap. */
const SWIPE_SLOP = 6;

/**
 * A swipe that starts on the sign scrolls the options' box as a swipe on the row does: the
 * sign lies beside the row, not in it, so the browser's own panning moved nothing there
 * (a phone's player swiped on «ещё 1» and the row stayed put). The sign takes the pointer
 * (web/scopa.css: touch-action none) and scrolls the box along the swipe's axis.
 * @param {HTMLElement} sign
 * @param {HTMLElement} ways the options' box
 * @returns {{moved: boolean}} `moved`: the last press was a swipe (its click scrolls nothing more)
 */
function swipeScrolls(sign, ways) {
  const state = { moved: false };
  let drag = null; // {id, x, y, left, top, found} while a press on the sign lasts
  sign.addEventListener("pointerdown", (e) => {
    const found = scrollerOf(ways);
    if (!found || (e.pointerType === "mouse" && e.button !== 0)) return;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, left: found.box.scrollLeft, top: found.box.scrollTop, found };
    state.moved = false;
    if (sign.setPointerCapture) sign.setPointerCapture(e.pointerId);
  });
  sign.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!state.moved && Math.hypot(dx, dy) < SWIPE_SLOP) return;
    state.moved = true;
    if (drag.found.axis === "x") drag.found.box.scrollLeft = drag.left - dx;
    else drag.found.box.scrollTop = drag.top - dy;
  });
  const end = (e) => {
    if (drag && e.pointerId === drag.id) drag = null;
  };
  sign.addEventListener("pointerup", end);
  sign.addEventListener("pointercancel", end);
  return state;
}

/**
 * Marks the options' box with what scrolling hides: `data-more` "after" (options past the
 * scrolling box's right or lower edge), "before" (scrolled past some), "both" or "", and
 * writes how many are hidden past the end in `sign` («ещё 1», its `data-axis` "x" or "y";
 * no number when only the lines that close the options are, as Tablić's "and 1,598 other ways";
 * web/scopa.css shows it beside Back while there are). Play-test 19: in Escoba (seed 13,
 * 360x640) two options and Back filled the row exactly and nothing showed that a third,
 * laying the card down, lay beyond. Scrolled to the end, the sign counts the options hidden
 * before instead and points back (`data-dir` "before"; it had left an empty gap there, and
 * nothing showed the options scrolled out at the row's start: a Russian phone play-test);
 * the box's start then shows its own "◂" (web/scopa.css). A box that does not scroll (a
 * wide screen's) marks nothing.
 * @param {HTMLElement} ways the options' box
 * @param {HTMLElement} sign the sign beside it
 */
export function markHidden(ways, sign) {
  if (!ways.isConnected) return;
  let after = 0;
  let hiddenBefore = 0;
  let before = false;
  let further = false; // the box scrolls on past its edge (options or the closing lines)
  const found = scrollerOf(ways);
  if (found) {
    const { box, axis } = found;
    const r = box.getBoundingClientRect();
    const options = [...ways.children].filter((child) => child.matches("button"));
    // An option is hidden when less than half of it is in the box (play-test of stop 47: ways
    // cut by a pixel or two were counted, and the sign's number was not what one saw).
    const half = (a, b) => (b - a) / 2;
    if (axis === "x") {
      const left = r.left + box.clientLeft;
      const right = left + box.clientWidth;
      const rects = options.map((option) => option.getBoundingClientRect());
      after = rects.filter((o) => o.right - right > half(o.left, o.right)).length;
      hiddenBefore = rects.filter((o) => left - o.left > half(o.left, o.right)).length;
      before = box.scrollLeft > 1;
      further = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    } else {
      const top = r.top + box.clientTop;
      const bottom = top + box.clientHeight;
      const rects = options.map((option) => option.getBoundingClientRect());
      after = rects.filter((o) => o.bottom - bottom > half(o.top, o.bottom)).length;
      hiddenBefore = rects.filter((o) => top - o.top > half(o.top, o.bottom)).length;
      before = box.scrollTop > 1;
      further = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
    }
    if (sign.dataset.axis !== axis) sign.dataset.axis = axis;
  }
  const onward = after > 0 || further;
  const more = onward && before ? "both" : onward ? "after" : before ? "before" : "";
  if (ways.dataset.more !== more) ways.dataset.more = more;
  // The sign keeps its way while the box scrolls on that way: taps go on to the end, then
  // back to the start (stop 47's play-tests: it turned at the first way shown whole, and two
  // taps bounced between two places for ever). Otherwise options hidden ahead are told first,
  // then those behind, then a bare arrow for what else lies ahead (the closing lines).
  const was = sign.dataset.dir;
  const dir = was === "after" && onward ? "after"
    : was === "before" && before ? "before"
      : after > 0 ? "after" : hiddenBefore > 0 ? "before" : further ? "after" : before ? "before" : "";
  if (sign.dataset.dir !== dir) sign.dataset.dir = dir;
  const words = dir === "after" ? (after > 0 ? t.moreWays(after) : "") : dir === "before" ? t.moreWays(Math.max(hiddenBefore, 1)) : "";
  if (sign.textContent !== words) sign.textContent = words;
}

/**
 * The options' box when it scrolls: sideways ("x", one row of options on a phone) or down
 * ("y": Tablić's wrapped ways on an upright phone), else null.
 * @param {HTMLElement} ways
 * @returns {{box: HTMLElement, axis: "x" | "y"} | null}
 */
function scrollerOf(ways) {
  if (ways.clientWidth === 0) return null; // no box of its own (a wide screen)
  const style = getComputedStyle(ways);
  if (/auto|scroll/.test(style.overflowX) && ways.scrollWidth > ways.clientWidth + 1) return { box: ways, axis: "x" };
  if (/auto|scroll/.test(style.overflowY) && ways.scrollHeight > ways.clientHeight + 1) return { box: ways, axis: "y" };
  return null;
}
