// The rules of California Jack and Shasta Sam as the page explains them (section "jackRules" of
// web/i18n/<lang>.json, in our own words from the project's seed 001, a Russian description of
// both games), and the dialog that shows them.
// The engine (cassino_core/calijack) plays the rules; this text only describes them.

import { h, fill } from "../ui/dom.js";
import { createDialog } from "../ui/dialog.js";
import { jackStrings as t } from "./strings.js";

/** JACK_RULES[game] = {title, summary, sections: [{heading, paragraphs}]}, game being
 * california_jack or shasta_sam; filled from section "jackRules" of the language file. */
export const JACK_RULES = {};

/** Fills JACK_RULES from the compiled "jackRules" section (web/ui/i18n.js). */
export function installJackRules(rules) {
  for (const key of Object.keys(JACK_RULES)) delete JACK_RULES[key];
  Object.assign(JACK_RULES, rules);
}

export class JackRulesPanel {
  constructor() {
    this.dialog = createDialog({ name: "jack-rules", title: t.gameRules("") });
  }

  get el() {
    return this.dialog.el;
  }

  /** Opens the rules of `game`; `rules` (the view's rules object, optional) adds the target. */
  open(game, rules = null) {
    const text = JACK_RULES[game] || JACK_RULES.california_jack;
    this.dialog.setTitle(t.gameRules(text.title));
    const parts = [h("p", { class: "rules-summary" }, text.summary)];
    for (const section of text.sections) {
      parts.push(h("section", { class: "rules-section" }, h("h3", {}, section.heading), section.paragraphs.map((p) => h("p", {}, p))));
    }
    if (rules && typeof rules === "object") {
      const items = [];
      if (Number.isInteger(rules.target)) items.push(`${t.targetLabel}: ${rules.target}`);
      if (rules.deal_packet === 1 || rules.deal_packet === 3) items.push(`${t.packetLabel}: ${t.packetNames[rules.deal_packet]}`);
      if (Object.hasOwn(t.followNames, rules.follow)) items.push(`${t.followLabel}: ${t.followNames[rules.follow]}`);
      if (items.length) {
        parts.push(h("section", { class: "rules-section rules-in-force" }, h("h3", {}, t.rulesThisGame), h("ul", {}, items.map((i) => h("li", {}, i)))));
      }
    }
    fill(this.dialog.body, h("div", { class: "rules-text", dataset: { game } }, parts));
    this.dialog.open(".dialog-close");
  }
}
