// "Copy link to this deal", on every game's page that can name its deal in an address
// (Cassino: web/ui/params.js dealLink; the fishing games: web/scopa/params.js fishingDealLink):
// the link is shown under the top bar (GameShell.renderLink) and copied to the clipboard when
// the browser lets the page; otherwise the player is told to copy it from the box, which takes
// the focus with its text selected.

import { h } from "./dom.js";
import { strings } from "./strings.js";

/**
 * Copies `url` to the clipboard. Answers whether it was copied (a page served without HTTPS,
 * or a browser that refuses, answers false).
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export async function copyText(url) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(url);
      return true;
    }
  } catch {
    // refused: the player copies it from the box
  }
  return false;
}

/**
 * The link's panel: the address in a read-only box, what became of the copy, and Close.
 * @param {{url: string, status: string}} link
 * @param {() => void} onClose
 * @returns {HTMLElement}
 */
export function linkPanel(link, onClose) {
  return h(
    "div",
    { class: "link-panel" },
    h(
      "label",
      {},
      h("span", {}, strings.linkLabel),
      h("input", { type: "url", readonly: true, value: link.url, dataset: { link: link.url, key: "link" }, onfocus: (e) => e.target.select() }),
    ),
    h("p", { class: "link-status", role: "status" }, link.status),
    h("button", { type: "button", class: "link", dataset: { action: "close-link", key: "close-link" }, onclick: onClose }, strings.close),
  );
}
