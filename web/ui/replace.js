// "Replace the game in progress?": asked when the page's address names a deal (a seed, a link
// to a deal, the daily deal, or a wrong value of one) while another game is saved in this
// browser, on Cassino's page and on the California Jack page alike. The saved game is never
// replaced unasked: the player either goes back to it or plays the address's deal.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";

/**
 * Opens the question in `container` (the page's dialogs) and answers "new" (play the
 * address's deal) or "back" (resume the saved game; also Escape and the close button).
 */
export function askReplace(container) {
  const dialog = createDialog({ name: "replace", title: strings.replaceTitle });
  return new Promise((resolve) => {
    let answer = "back";
    const choose = (value) => {
      answer = value;
      dialog.close({ returnFocus: false });
    };
    dialog.body.append(
      h("p", {}, strings.replaceText),
      h(
        "div",
        { class: "dialog-actions" },
        h("button", { type: "button", class: "primary", dataset: { action: "replace-back", key: "replace-back" }, onclick: () => choose("back") }, strings.replaceBack),
        h("button", { type: "button", class: "danger", dataset: { action: "replace-new", key: "replace-new" }, onclick: () => choose("new") }, strings.replaceNew),
      ),
    );
    dialog.el.addEventListener("close", () => {
      dialog.el.remove();
      resolve(answer);
    }, { once: true });
    container.append(dialog.el);
    dialog.open("[data-action=replace-back]");
  });
}

/** The address without the parameters that name a deal (`names`), keeping display ones: after
 * "back to my game" a reload resumes that game instead of asking again. */
export function dropDealFromAddress(names) {
  if (!globalThis.history || !globalThis.location) return;
  const url = new URL(location.href);
  for (const name of names) url.searchParams.delete(name);
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
}
