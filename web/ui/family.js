// The Cassino family's games this site does not offer: a list, reached from every new-game
// screen (the game choice, web/ui/jack-choice.js), and one page per game saying what the
// sources tell of it (origin, players, cards, deal, capturing, scoring, each naming its
// source) and why it is not offered. The words are section "family" of web/i18n/<lang>.json;
// the research behind them is docs/family-unplayed.md.
//
// One dialog (web/ui/dialog.js) shows the list or a page. Choosing a game shows its page with
// the focus on "Back to the list"; Back shows the list again with the focus on that game;
// Escape or × closes the dialog and the focus goes back to the button that opened it.

import { h, fill } from "./dom.js";
import { createDialog } from "./dialog.js";

/** The games of seed 002's list that are not offered, in the order the list shows them. */
export const FAMILY_GAMES = ["zwicker", "karusele", "sbarazzina", "papillon", "callabra", "ladies_game", "pra", "tamlin", "tentere", "konchinka"];

/** What a page may say of a game, in this order; a game's text has the topics known of it. */
export const FAMILY_TOPICS = ["history", "players", "pack", "deal", "capture", "scoring"];

/** The compiled section "family": strings, pageTitle(name), topics, games[id]. */
export const familyText = {};

/** Fills `familyText` from the compiled "family" section (web/ui/i18n.js calls it). */
export function installFamilyText(m) {
  for (const key of Object.keys(familyText)) delete familyText[key];
  Object.assign(familyText, m || {});
}

/** @type {FamilyPanel | null} made on first use, after the words are installed */
let panel = null;

class FamilyPanel {
  constructor() {
    this.dialog = createDialog({ name: "family", title: familyText.title });
  }

  /** The dialog lives beside the page's other dialogs (styles and the messages' watch). */
  place(opener) {
    const el = this.dialog.el;
    if (el.isConnected) return;
    const home = (opener && opener.closest(".dialogs")) || document.querySelector("#app .dialogs") || document.body;
    home.append(el);
  }

  /** Shows the list; `focusGame`: the game whose entry takes the focus (the first by default). */
  showList(focusGame = FAMILY_GAMES[0]) {
    const t = familyText;
    this.dialog.setTitle(t.title);
    fill(this.dialog.body,
      h(
        "div",
        { class: "family", dataset: { view: "list" } },
        h("p", { class: "family-intro" }, t.intro),
        h(
          "ul",
          { class: "family-list", "aria-label": t.listLabel },
          FAMILY_GAMES.map((id) =>
            h(
              "li",
              {},
              h(
                "button",
                { type: "button", class: "family-entry", dataset: { family: id }, onclick: () => this.showGame(id) },
                h("span", { class: "family-name" }, t.games[id].name),
                h("span", { class: "family-line" }, t.games[id].line),
              ),
            ),
          ),
        ),
      ),
    );
    this.dialog.open(`[data-family="${focusGame}"]`);
    // Back from a page scrolled down: the game just read is in view in the list again.
    const entry = this.dialog.body.querySelector(`[data-family="${focusGame}"]`);
    if (entry) entry.scrollIntoView({ block: "nearest" });
  }

  /** Shows one game's page. */
  showGame(id) {
    const t = familyText;
    const game = t.games[id];
    this.dialog.setTitle(t.pageTitle(game.name));
    const facts = FAMILY_TOPICS.filter((topic) => game.facts && game.facts[topic]);
    fill(this.dialog.body,
      h(
        "article",
        { class: "family rules-text", dataset: { view: id } },
        h("p", { class: "rules-summary" }, game.line),
        h(
          "section",
          { class: "rules-section family-known" },
          h("h3", {}, t.known),
          h("dl", {}, facts.map((topic) => [h("dt", {}, t.topics[topic]), h("dd", { dataset: { topic } }, game.facts[topic])])),
        ),
        h("section", { class: "rules-section family-why" }, h("h3", {}, t.why), h("p", {}, game.why)),
        h("section", { class: "rules-section family-sources" }, h("h3", {}, t.sources), h("ul", {}, game.sources.map((source) => h("li", {}, source)))),
        h("button", { type: "button", class: "family-back", dataset: { action: "family-back" }, onclick: () => this.showList(id) }, t.back),
      ),
    );
    this.dialog.body.scrollTop = 0;
    this.dialog.el.scrollTop = 0;
    this.dialog.open("[data-action=family-back]");
  }
}

/** Opens the list of games not offered, above whatever dialog `opener` is in. */
export function openFamily(opener) {
  if (!panel) panel = new FamilyPanel();
  panel.place(opener);
  panel.showList();
}

/** The button that opens the list (a link-styled button, for the new-game screens). */
export function familyButton() {
  const button = h(
    "button",
    { type: "button", class: "link-button family-open", dataset: { action: "family", key: "family" }, onclick: () => openFamily(button) },
    familyText.open,
  );
  return button;
}
