// The new-game screen of California Jack / Shasta Sam: the game choice (shared with Cassino's
// screen), then Start, then the computer's level, the following rule, the dealing, the points to
// win and an optional deal number. The frame and the field blocks are every game's (web/ui/newgame-parts.js).
// Start sends new_game; when the engine refuses, its message is shown beside Start.

import { h } from "../ui/dom.js";
import { renderGameChoice } from "../ui/jack-choice.js";
import { NewGameFrame, inputField, readSeed, seedField, selectField } from "../ui/newgame-parts.js";
import { jackStrings as t } from "./strings.js";
import { JACK_LEVELS, DEFAULT_LEVEL, DEFAULT_TARGET, FOLLOW_RULES, MAX_TARGET } from "./params.js";

export class JackNewGame extends NewGameFrame {
  /**
   * @param {object} opts {onStart(settings): Promise<{code, message}|null>, onGame(game) (another game
   *   picked, "cassino" and the other Jack form included: setGame takes the form here), onCancel() (closed without starting), onRules(game)}
   *   settings = {game, level, target, packet, follow, seed}
   */
  constructor(opts) {
    super({ name: "jack-new-game", title: t.newGameTitle, formClass: "jack-new-game", onCancel: () => opts.onCancel && opts.onCancel() }, opts);
  }

  /**
   * @param {object} initial {game, level?, target?, packet?, follow?, seed?: the deal number's
   *   text} settings to start from
   * @param canCancel whether there is something to go back to
   */
  open(initial, canCancel) {
    this.state = {
      game: initial.game,
      level: JACK_LEVELS.includes(initial.level) ? initial.level : DEFAULT_LEVEL,
      target: Number.isInteger(initial.target) ? initial.target : DEFAULT_TARGET,
      packet: initial.packet === 1 || initial.packet === 3 ? initial.packet : null,
      follow: initial.follow === "suit_or_trump" ? initial.follow : null,
      seed: typeof initial.seed === "string" ? initial.seed : "",
    };
    this.show(canCancel, "input[name=game]:checked");
  }

  setGame(game) {
    this.state.game = game;
    this.error = "";
    this.render();
  }

  /** What the player set on the screen so far, as open() takes it (the other Jack form's
   * screen opens with it: JackApp.pickGame). */
  draft() {
    const s = this.state;
    return { level: s.level, target: s.target, packet: s.packet, follow: s.follow, seed: s.seed };
  }

  settings() {
    const s = this.state;
    return { game: s.game, level: s.level, target: s.target, packet: s.packet, follow: s.follow, seed: readSeed(s.seed) };
  }

  /** The game (and its rules), then (after Start) its settings. */
  sections() {
    const s = this.state;
    const level = selectField({
      id: "jng-level",
      name: "level",
      label: t.levelLabel,
      help: t.levelHelp[s.level],
      options: JACK_LEVELS.map((l) => ({ value: l, text: t.levelNames[l] })),
      value: s.level,
      onChange: (value) => {
        s.level = value;
        this.render();
      },
    });
    const packet = selectField({
      id: "jng-packet",
      name: "packet",
      label: t.packetLabel,
      help: t.packetHelp,
      options: [1, 3].map((n) => ({ value: n, text: t.packetNames[n] })),
      value: s.packet === 3 ? 3 : 1,
      onChange: (value) => {
        s.packet = Number(value) === 3 ? 3 : null; // 1 is the engine's default
      },
    });
    const follow = selectField({
      id: "jng-follow",
      name: "follow",
      label: t.followLabel,
      help: t.followHelp[s.follow || "suit"],
      options: FOLLOW_RULES.map((rule) => ({ value: rule, text: t.followNames[rule] })),
      value: s.follow || "suit",
      onChange: (value, help) => {
        s.follow = value === "suit_or_trump" ? value : null; // "suit" is the engine's default
        help.textContent = t.followHelp[s.follow || "suit"];
      },
    });
    const target = inputField({
      id: "jng-target",
      name: "target",
      type: "number",
      label: t.targetLabel,
      help: t.targetHelp,
      value: s.target,
      attrs: { inputmode: "numeric", min: "1", max: String(MAX_TARGET), step: "1" },
      onInput: (text) => {
        const raw = text.trim();
        s.target = /^\d{1,3}$/.test(raw) ? Number(raw) : raw;
      },
    });
    const seed = seedField({
      id: "jng-seed",
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
        // Any other game, the other Jack form too (its own save): the page decides (JackApp.pickGame).
        renderGameChoice(s.game, (game) => this.opts.onGame(game), "jng"),
        h(
          "button",
          { type: "button", class: "link-button", dataset: { action: "jack-rules", key: "jack-rules" }, onclick: () => this.opts.onRules(s.game) },
          t.gameRules(t.games[s.game]),
        ),
      ],
      change: [h("fieldset", { class: "jack-settings" }, h("legend", {}, t.games[s.game]), level, follow, packet, target, seed)],
    };
  }
}
