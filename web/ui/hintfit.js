// An open hint on a phone stays within one window. A page lays its hint where nothing needs
// to scroll, but the hint's words are the engine's, found within a thinking budget, so a slower
// phone may be given a longer hint (a CI run under load: Tablić seed 11's hint made the page
// on its side 6 px taller than the window), and a Cassino hint of several reasons made the
// upright page scroll (play-test 22, seed 5: 42 px). When the page would scroll, the hint's
// reasons become a box of their own, just short enough for the page to fit, which scrolls
// inside itself with a gold "▼" while some are out of sight (web/ui/scrollcue.js); the hint's
// title and its "Play this move" stay in view, and nothing else on the page gives way.
// A hint opts in with `data-fit-window`: "side" on a phone on its side, "phone" on a phone
// either way up.

import { markScrollCue } from "./scrollcue.js";

/** The window of a phone on its side, as the pages' CSS names it (scopa.css). */
export const ON_ITS_SIDE = "(max-height: 500px) and (min-width: 560px)";

/** The windows each `data-fit-window` value fits the hint in (media queries). */
const WINDOWS = { side: ON_ITS_SIDE, phone: `(max-width: 600px), ${ON_ITS_SIDE}` };

/** The fewest lines of reasons a fitted hint keeps in view (more scroll). */
const MIN_LINES = 2;

/**
 * Fits the open hint under `root` (`.actions > [data-fit-window]`, its reasons a `ul` child) to
 * the window its `data-fit-window` names (WINDOWS): when the document is taller than the window, the reasons
 * get `data-fit` and a `max-height` (CSS px, whole lines) that takes back the excess, unless
 * fewer than two lines would be left (the page then scrolls, the reasons whole). Anything else
 * (no hint, no reasons, another window, a page that fits) leaves the reasons as drawn. A list
 * fitted before (the window turned or was resized since) is given back its whole height first.
 * @param {ParentNode} root the page's board
 * @param {Window} win the window whose size counts
 * @returns {boolean} whether the reasons were fitted
 */
export function fitHint(root, win = window) {
  const list = /** @type {HTMLElement | null} */ (root.querySelector(".actions > [data-fit-window] > ul"));
  if (!list || !list.parentElement) return false;
  unfit(list);
  const query = WINDOWS[/** @type {keyof WINDOWS} */ (list.parentElement.dataset.fitWindow)] ?? ON_ITS_SIDE;
  const page = win.document.scrollingElement;
  if (!page || !win.matchMedia(query).matches) return false;
  if (page.scrollHeight <= win.innerHeight) return false;
  // In a box of its own the list starts a line and ends one: measure the excess again then.
  list.dataset.fit = "";
  const excess = page.scrollHeight - win.innerHeight;
  if (excess <= 0) return true;
  const style = win.getComputedStyle(list);
  const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2 || 16;
  const height = list.getBoundingClientRect().height;
  // Whole lines: the last one in view is not cut through the middle. When even the fewest
  // lines leave the page too tall (it scrolls for more than the hint), the reasons stay whole.
  const lines = Math.floor((height - excess) / line);
  if (lines < MIN_LINES) {
    unfit(list);
    return false;
  }
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
