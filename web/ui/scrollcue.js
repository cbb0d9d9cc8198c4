// A box of words that scrolls inside itself (an open hint's reasons on a phone) says when some
// of them are out of sight: `data-more` "below", "above", "both" or "" on the box, marked on
// every scroll and every change of its size; the page's CSS draws the cue at that edge (a
// Russian phone play-test: California Jack's hint scrolled 122 px of reasons in a 100 px box
// and nothing showed that more was there). A box opts in with `data-scroll-cue`.

/**
 * Marks what scrolling hides in `box` now.
 * @param {HTMLElement} box
 */
export function markScrollCue(box) {
  const below = box.scrollHeight - box.scrollTop - box.clientHeight > 1;
  const above = box.scrollTop > 1;
  const more = below && above ? "both" : below ? "below" : above ? "above" : "";
  if (box.dataset.more !== more) box.dataset.more = more;
}

/**
 * Watches the boxes under `root` that ask for a cue (`[data-scroll-cue]`), with `watch` (one
 * ResizeObserver the caller keeps; it is emptied first: the boxes of a drawing before are
 * gone). Returns the observer, or null where the browser has none (the boxes are then marked
 * once, and again on each scroll).
 * @param {Element} root
 * @param {ResizeObserver | null} watch
 * @returns {ResizeObserver | null}
 */
export function watchScrollCues(root, watch) {
  const boxes = /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-scroll-cue]")]);
  if (watch) watch.disconnect();
  let observer = watch;
  if (!observer && boxes.length && typeof ResizeObserver === "function") {
    observer = new ResizeObserver((entries) => entries.forEach((e) => markScrollCue(/** @type {HTMLElement} */ (e.target))));
  }
  for (const box of boxes) {
    box.addEventListener("scroll", () => markScrollCue(box), { passive: true });
    if (observer) observer.observe(box);
    else markScrollCue(box);
  }
  return observer;
}
