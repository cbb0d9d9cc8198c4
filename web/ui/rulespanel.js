// The rules page: the chosen variant's rules in words (rules-text.js), then every switch that
// differs from the variant's own settings, and the full list of settings in force.

import { h, fill } from "./dom.js";
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
    const inForce = rules || presetRules || {};
    // How the match is won, worded from the rules in force: a one-round game's page said "to
    // 21" (play-test 6). It takes the place of the preset's own section marked "winning", or
    // comes after the preset's sections.
    const winning = winningSection(inForce);
    const drawSection = (section) =>
      h("section", { class: "rules-section", dataset: { section: section.key || null } }, h("h3", {}, section.heading), section.paragraphs.map((p) => h("p", {}, p)));
    if (text) {
      parts.push(h("p", { class: "rules-summary" }, text.summary));
      const sections = text.sections || [];
      const marked = sections.some((section) => section.key === "winning");
      for (const section of sections) parts.push(drawSection(section.key === "winning" ? winning : section));
      if (!marked) parts.push(drawSection(winning));
    } else {
      parts.push(h("p", { class: "rules-placeholder", dataset: { placeholder: "true" } }, strings.rulesPlaceholder));
      parts.push(drawSection(winning));
    }

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
    fill(this.dialog.body, h("div", { class: "rules-text" }, parts));
    this.dialog.open(".dialog-close");
  }
}

/**
 * The "winning the match" section for these rules (a full or partial rules object: game_end,
 * target, tie_break; Rules.game_end in cassino_core/rules.py): {key, heading, paragraphs}. A
 * match to a score gives its target; a match of fixed length says when it ends (the switch's
 * own words); then what equal leading totals do. Counting out applies only to a match to a
 * score (cassino_core.match.match_winner): in a fixed-length one equal totals play on.
 */
export function winningSection(rules) {
  const end = rules.game_end || "target";
  const target = Number.isInteger(rules.target) ? rules.target : 21;
  const toScore = end === "target" || end === "eleven_doubling";
  const first = end === "target" ? strings.rulesWinTarget(target) : valueText("game_end", end);
  let tie = rules.tie_break || "another_round";
  if (tie === "count_out" && !toScore) tie = "another_round";
  const second = strings.rulesWinTie[tie] || strings.rulesWinTie.another_round;
  return { key: "winning", heading: strings.rulesWinHeading, paragraphs: [first, second] };
}

function label(field) {
  return (SWITCH_TEXT[field] && SWITCH_TEXT[field].label) || field.replace(/_/g, " ");
}
