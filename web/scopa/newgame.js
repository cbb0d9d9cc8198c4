// The new-game screen of Scopa, Escoba, Pishti or Tablić: the game choice (shared with the other games'
// screens), the variant (one card per preset of cassino_core/scopa/rules.py,
// cassino_core/escoba/rules.py, cassino_core/pishti/rules.py or cassino_core/tablic/rules.py,
// each with its line), Start,
// then the computer's level and an optional deal number. The frame and the field blocks are
// every game's (web/ui/newgame-parts.js).

import { h } from "../ui/dom.js";
import { strings } from "../ui/strings.js";
import { renderGameChoice } from "../ui/jack-choice.js";
import { NewGameFrame, choiceCards, readSeed, seedField, selectField } from "../ui/newgame-parts.js";
import { scopaStrings as t } from "./strings.js";
import { presetsOf, SCOPA_LEVELS, DEFAULT_LEVEL } from "./params.js";

export class ScopaNewGame extends NewGameFrame {
  /**
   * @param {object} opts {game: "scopa" | "escoba" | "cirulla" | "pishti" | "tablic", onStart(settings): Promise<{code, message}|null>, onGame(game)
   *   (another game picked), onCancel(), onRules(variant)}; settings = {variant, level, seed}
   */
  constructor(opts) {
    super({ name: "scopa-new-game", title: strings.newGameTitle, formClass: "scopa-new-game", onCancel: () => opts.onCancel && opts.onCancel() }, opts);
  }

  /** @param {object} initial {variant?, level?}; @param canCancel a game to go back to */
  open(initial, canCancel) {
    this.state = {
      variant: presetsOf(this.opts.game).includes(initial.variant) ? initial.variant : presetsOf(this.opts.game)[0],
      level: SCOPA_LEVELS.includes(initial.level) ? initial.level : DEFAULT_LEVEL,
      seed: "",
    };
    this.show(canCancel, "input[name=variant]:checked");
  }

  settings() {
    const s = this.state;
    return { variant: s.variant, level: s.level, seed: readSeed(s.seed) };
  }

  sections() {
    const s = this.state;
    const variants = h(
      "fieldset",
      { class: "ng-variants scopa-variants" },
      h("legend", {}, t.variantLegend),
      choiceCards({
        name: "variant",
        kind: "variant",
        prefix: "sng",
        current: s.variant,
        items: presetsOf(this.opts.game).map((name) => ({ value: name, title: t.presets[name], summary: t.presetSummaries[name] })),
        onPick: (name) => {
          s.variant = name;
          this.error = "";
          this.render();
        },
      }),
    );
    const level = selectField({
      id: "sng-level",
      name: "level",
      label: t.levelLabel,
      help: t.levelHelp,
      options: SCOPA_LEVELS.map((l) => ({ value: l, text: strings.levelOf(l) })),
      value: s.level,
      onChange: (value) => {
        s.level = value;
      },
    });
    const seed = seedField({
      id: "sng-seed",
      label: t.seedLabel,
      help: t.seedHelp,
      value: s.seed,
      onInput: (text) => {
        s.seed = text;
      },
    });
    return {
      intro: t.newGameIntro,
      choose: [
        renderGameChoice(this.opts.game || "scopa", (game) => this.opts.onGame(game), "sng"),
        variants,
        h(
          "button",
          { type: "button", class: "link-button", dataset: { action: "scopa-rules", key: "scopa-rules" }, onclick: () => this.opts.onRules(s.variant) },
          t.rulesLink(t.presets[s.variant]),
        ),
      ],
      change: [h("fieldset", { class: "scopa-settings" }, h("legend", {}, t.settingsLegend), level, seed)],
    };
  }
}
