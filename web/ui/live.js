// The page's one polite live region (#announcer in index.html, outside <main>, so it outlives
// the game pages that take turns in <main>: Cassino's and California Jack's). Moves, results
// and answers to the player are read out from here, in words the page builds from the engine's
// answers; a hidden card is never among them (the views hold none).
//
// Lines given in one turn of the event loop are read as one message ("You captured 5♣ with
// 5♥. Round 1 is over ..."): setting the text twice at once would drop the first line. The
// region's `data-count` counts the messages (for tests and tools).

let pending = [];
let last = "";

function region() {
  let el = document.getElementById("announcer");
  if (!el) {
    // A page without it (a test harness): make one, once.
    el = document.createElement("div");
    el.id = "announcer";
    el.className = "sr-only";
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-atomic", "true");
    document.body.append(el);
  }
  return el;
}

function flush() {
  const text = pending.join(" ");
  pending = [];
  if (!text) return;
  const el = region();
  // The same words again (two trails of the same rank...) must still be read: a screen reader
  // may skip a region whose text did not change, so a no-break space tells them apart.
  el.textContent = text === last ? `${text}\u00a0` : text;
  last = el.textContent;
  el.dataset.count = String(Number(el.dataset.count || 0) + 1);
}

/** Queues `text` (a sentence) for the live region; empty text is ignored. */
export function announce(text) {
  const line = String(text ?? "").trim();
  if (!line) return;
  if (!pending.length) setTimeout(flush, 0);
  pending.push(/[.!?…]$/.test(line) ? line : `${line}.`);
}
