// The rules page: the chosen variant's rules in words (rules-text.js), then every switch that
// differs from the variant's own settings, and the full list of settings in force.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { RULES_TEXT, SWITCH_TEXT } from "./rules-text.js";
import { presetTitle, valueText } from "./newgame.js";

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export class RulesPanel {
  constructor() {
    this.dialog = createDialog({ name: "rules", title: strings.rulesTitle("") });
  }

  get el() {
    return this.dialog.el;
  }

  /**
   * @param preset preset name
   * @param rules the rules in force (a full rules object), or null for the preset's own
   * @param presetRules the preset's own rules (from the catalog), to name what was changed
   */
  open(preset, rules, presetRules) {
    const text = RULES_TEXT[preset];
    this.dialog.setTitle(strings.rulesTitle(presetTitle(preset)));
    const parts = [];
    if (text) {
      parts.push(h("p", { class: "rules-summary" }, text.summary));
      for (const section of text.sections || []) {
        parts.push(h("section", { class: "rules-section" }, h("h3", {}, section.heading), section.paragraphs.map((p) => h("p", {}, p))));
      }
    } else {
      parts.push(h("p", { class: "rules-placeholder", dataset: { placeholder: "true" } }, strings.rulesPlaceholder));
    }

    const inForce = rules || presetRules || {};
    const changed = Object.keys(inForce).filter(
      (f) => f !== "name" && f !== "players" && presetRules && Object.hasOwn(presetRules, f) && !same(inForce[f], presetRules[f]),
    );
    parts.push(
      h(
        "section",
        { class: "rules-section rules-changed", dataset: { changedCount: changed.length } },
        h("h3", {}, strings.rulesChanged),
        changed.length
          ? h(
              "ul",
              {},
              changed.map((f) => h("li", { dataset: { field: f } }, h("strong", {}, `${label(f)}: `), valueText(f, inForce[f]))),
            )
          : h("p", {}, strings.rulesNoChanges),
      ),
    );
    const listed = Object.keys(inForce).filter((f) => f !== "name");
    parts.push(
      h(
        "details",
        { class: "rules-section rules-in-force" },
        h("summary", {}, strings.rulesInForce),
        h(
          "dl",
          {},
          listed.map((f) => [h("dt", {}, label(f)), h("dd", { dataset: { field: f } }, valueText(f, inForce[f]))]),
        ),
      ),
    );
    this.dialog.body.replaceChildren(h("div", { class: "rules-text" }, parts));
    this.dialog.open(".dialog-close");
  }
}

function label(field) {
  return (SWITCH_TEXT[field] && SWITCH_TEXT[field].label) || field.replace(/_/g, " ");
}
