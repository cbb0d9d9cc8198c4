// The Rules panel of Scopa, Escoba, Cirulla, Pishti or Tablić: the rules in our own words (section
// "scopaRules" of web/i18n/<lang>.json, from docs/scopa.md and FAMILY.md §4.1, §4.2, §4.5;
// "escobaRules" from docs/escoba.md and FAMILY.md §4.3; "cirullaRules" from docs/cirulla.md and
// FAMILY.md §4.7; "pishtiRules" from docs/pishti.md and FAMILY.md §5; "tablicRules" from
// docs/tablic.md and FAMILY.md §5.4), the chosen variant's own paragraph, and the settings of the
// game on the table. The engine (cassino_core/scopa, .escoba, .cirulla, .pishti, .tablic) plays
// the rules; this text only describes them.

import { h, fill } from "../ui/dom.js";
import { createDialog } from "../ui/dialog.js";
import { scopaStrings as t, SCOPA_RULES } from "./strings.js";

export class ScopaRulesPanel {
  /** @param game "scopa" | "escoba" | "cirulla" | "pishti" | "tablic": the game whose rules it shows */
  constructor(game = "scopa") {
    this.game = game;
    this.dialog = createDialog({ name: "scopa-rules", title: t.rulesButton });
  }

  get el() {
    return this.dialog.el;
  }

  /** Opens the rules for `variant`; `rules` (the view's rules object, optional) adds its settings. */
  open(variant, rules = null) {
    const name = Object.hasOwn(SCOPA_RULES.presets || {}, variant) ? variant : this.game;
    this.dialog.setTitle(t.rulesTitle(t.presets[name]));
    const parts = [
      h("p", { class: "rules-summary" }, SCOPA_RULES.summary),
      h("p", { class: "rules-variant", dataset: { variant: name } }, SCOPA_RULES.presets[name]),
    ];
    for (const section of SCOPA_RULES.sections) {
      parts.push(h("section", { class: "rules-section" }, h("h3", {}, section.heading), section.paragraphs.map((p) => h("p", {}, p))));
    }
    if (rules && typeof rules === "object") {
      const items = [t.rulesPlayers(rules.players)];
      if (rules.hand_size !== undefined) items.push(t.rulesHand(rules.hand_size));
      if (rules.table_cards !== undefined) items.push(t.rulesTable(rules.table_cards));
      items.push(t.rulesTarget(rules.target));
      // Pishti's switches (docs/pishti.md "Presets"): a pile or a floor, the bonuses, the last card.
      if (rules.layout && t.rulesPile) items.push(rules.layout === "pile" ? t.rulesPile : t.rulesFloor);
      if (rules.pisti_points !== undefined && t.rulesPisti) items.push(t.rulesPisti(rules.pisti_points, rules.jack_pisti_points));
      if (rules.last_card_pisti !== undefined && t.rulesLastCardPisti) items.push(rules.last_card_pisti ? t.rulesLastCardPisti : t.rulesLastCardNoPisti);
      if (rules.napola) items.push(t.rulesNapola);
      // Escoba's switches (docs/escoba.md "Readings we chose"): who takes the opening escoba,
      // whether a capture is compulsory, and which count is the fourth point.
      if (rules.opening && t.rulesOpening) items.push(t.rulesOpening[rules.opening] ?? rules.opening);
      if (rules.must_capture !== undefined && t.rulesMustCapture) items.push(rules.must_capture ? t.rulesMustCapture : t.rulesMayTrail);
      if (rules.sevens && t.rulesSevens) items.push(t.rulesSevens[rules.sevens] ?? rules.sevens);
      // Cirulla's switches (docs/cirulla.md "Readings we chose"): whose values the declarations
      // score, whether the ace's sweep is a scopa, Parlett's wild 7 of hearts at the deal.
      if (rules.declarations && t.rulesDeclarations) items.push(t.rulesDeclarations[rules.declarations] ?? rules.declarations);
      if (rules.ace_sweep_scopa !== undefined && t.rulesAceSweep) items.push(rules.ace_sweep_scopa ? t.rulesAceSweep : t.rulesAceNoSweep);
      if (rules.opening_wild && t.rulesOpeningWild) items.push(t.rulesOpeningWild);
      // Tablić's switches (docs/tablic.md "Presets"): the jack, what a tabla scores, the leftover.
      if (rules.jack_takes_all !== undefined && t.rulesJackTakesAll) items.push(rules.jack_takes_all ? t.rulesJackTakesAll : t.rulesJackValue);
      if (rules.tabla_scoring && t.rulesTablaPoint) items.push(rules.tabla_scoring === "pips" ? t.rulesTablaPips : t.rulesTablaPoint);
      if (rules.jack_takes_all && rules.jack_tabla !== undefined && t.rulesJackTabla) items.push(rules.jack_tabla ? t.rulesJackTabla : t.rulesJackNoTabla);
      if (rules.leftover && t.rulesLeftover) items.push(t.rulesLeftover[rules.leftover] ?? rules.leftover);
      parts.push(h("section", { class: "rules-section rules-in-force" }, h("h3", {}, t.rulesThisGame), h("ul", {}, items.map((i) => h("li", {}, i)))));
    }
    fill(this.dialog.body, h("div", { class: "rules-text", dataset: { game: this.game, variant: name } }, parts));
    this.dialog.open(".dialog-close");
  }
}
