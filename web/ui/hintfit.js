// A phone on its side keeps an open hint within one window: the fishing games' page lays the
// hint beside the table so that nothing scrolls (scopa.css), but the hint's words are the
// engine's, found within a thinking budget, so a slower phone may be given a longer hint (a
// CI run under load: Tablić seed 11's hint made the page 6 px taller than the window). When
// the page would scroll, the hint's reasons become a box of their own, just short enough for
// the page to fit, which scrolls inside itself with a gold "▼" while some are out of sight
// (web/ui/scrollcue.js); the hint's title and its "Play this move" stay in view.

import { markScrollCue } from "./scrollcue.js";

/** The window of a phone on its side, as the pages' CSS names it (scopa.css). */
export const ON_ITS_SIDE = "(max-height: 500px) and (min-width: 560px)";

/** The fewest lines of reasons a fitted hint keeps in view (more scroll). */
const MIN_LINES = 2;

/**
 * Fits the open hint under `root` (`.actions > .hint[data-fit-window]`, its reasons a `ul`) to
 * the window on a phone on its side: when the document is taller than the window, the reasons
 * get `data-fit` and a `max-height` (CSS px) that takes back the excess, never less than two
 * lines. Anything else (no hint, no reasons, another window, a page that fits) leaves the
 * reasons as drawn. A list fitted before (the window turned or was resized since) is given back
 * its whole height first.
 * @param {ParentNode} root the page's board
 * @param {Window} win the window whose size counts
 * @returns {boolean} whether the reasons were fitted
 */
export function fitHint(root, win = window) {
  const list = /** @type {HTMLElement | null} */ (root.querySelector(".actions > .hint[data-fit-window] > ul"));
  if (!list) return false;
  unfit(list);
  const page = win.document.scrollingElement;
  if (!page || !win.matchMedia(ON_ITS_SIDE).matches) return false;
  if (page.scrollHeight <= win.innerHeight) return false;
  // In a box of its own the list starts a line and ends one: measure the excess again then.
  list.dataset.fit = "";
  const excess = page.scrollHeight - win.innerHeight;
  if (excess <= 0) return true;
  const style = win.getComputedStyle(list);
  const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2 || 16;
  const height = list.getBoundingClientRect().height;
  // Whole lines: the last one in view is not cut through the middle.
  const lines = Math.max(MIN_LINES, Math.floor((height - excess) / line));
  list.style.maxHeight = `${Math.floor(lines * line)}px`;
  list.onscroll = () => markScrollCue(list);
  markScrollCue(list);
  return true;
}

/** @param {HTMLElement} list */
function unfit(list) {
  delete list.dataset.fit;
  delete list.dataset.more;
  list.style.maxHeight = "";
  list.onscroll = null;
}
