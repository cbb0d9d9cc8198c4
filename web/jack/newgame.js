// The new-game screen of California Jack / Shasta Sam: the game choice (shared with Cassino's
// screen), the computer's level, the dealing, the points to win and an optional deal number.
// Start sends new_game; when the engine refuses, its message is shown beside Start.

import { languageSelect } from "../ui/language.js";
import { h } from "../ui/dom.js";
import { createDialog } from "../ui/dialog.js";
import { renderGameChoice } from "../ui/jack-choice.js";
import { jackStrings as t } from "./strings.js";
import { JACK_LEVELS, DEFAULT_LEVEL, DEFAULT_TARGET, MAX_TARGET } from "./params.js";

export class JackNewGame {
  /**
   * @param {object} opts {onStart(settings): Promise<{code, message}|null>, onGame(game) (another game
   *   picked, "cassino" included), onCancel() (closed without starting), onRules(game)}
   *   settings = {game, level, target, packet, seed}
   */
  constructor(opts) {
    this.opts = opts;
    this.state = null;
    this.error = "";
    this.starting = false;
    this.started = false;
    this.dialog = createDialog({
      name: "jack-new-game",
      title: t.newGameTitle,
      onClose: () => {
        if (!this.started && this.opts.onCancel) this.opts.onCancel();
      },
    });
    this.form = h("form", { class: "new-game jack-new-game", novalidate: true, onsubmit: (e) => this.onSubmit(e) });
    this.dialog.body.append(this.form);
  }

  get el() {
    return this.dialog.el;
  }

  isOpen() {
    return this.dialog.isOpen();
  }

  /**
   * @param {object} initial {game, level?, target?, packet?} settings to start from
   * @param canCancel whether there is something to go back to
   */
  open(initial, canCancel) {
    this.state = {
      game: initial.game,
      level: JACK_LEVELS.includes(initial.level) ? initial.level : DEFAULT_LEVEL,
      target: Number.isInteger(initial.target) ? initial.target : DEFAULT_TARGET,
      packet: initial.packet === 1 || initial.packet === 3 ? initial.packet : null,
      seed: "",
    };
    this.error = "";
    this.started = false;
    this.canCancel = canCancel;
    this.dialog.setRequired(!canCancel);
    this.render();
    this.dialog.open("input[name=game]:checked");
  }

  /** @param {object} options {returnFocus?} as the dialog's (web/ui/dialog.js) */
  close(options) {
    this.dialog.close(options);
  }

  setGame(game) {
    this.state.game = game;
    this.error = "";
    this.render();
  }

  settings() {
    const s = this.state;
    const raw = String(s.seed || "").trim();
    const seed = raw === "" ? null : /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
    return { game: s.game, level: s.level, target: s.target, packet: s.packet, seed };
  }

  async onSubmit(e) {
    e.preventDefault();
    if (this.starting) return;
    this.starting = true;
    this.error = "";
    this.renderStart();
    let problem;
    try {
      problem = await this.opts.onStart(this.settings());
    } finally {
      this.starting = false;
    }
    if (problem) {
      this.error = t.refusedGame(problem.message || problem.code);
      this.renderStart();
      const msg = this.form.querySelector(".start-error");
      if (msg) msg.focus();
    } else {
      this.started = true;
      this.close();
    }
  }

  render() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const key = active && this.form.contains(active) && active.dataset ? active.dataset.key : null;
    const s = this.state;
    const level = h(
      "div",
      { class: "field" },
      h("label", { for: "jng-level" }, t.levelLabel),
      h(
        "select",
        { id: "jng-level", name: "level", "aria-describedby": "jng-level-help", dataset: { key: "level" }, onchange: (e) => { s.level = e.target.value; this.render(); } },
        JACK_LEVELS.map((l) => h("option", { value: l, selected: l === s.level }, t.levelNames[l])),
      ),
      h("p", { class: "field-help", id: "jng-level-help" }, t.levelHelp[s.level]),
    );
    const packet = h(
      "div",
      { class: "field" },
      h("label", { for: "jng-packet" }, t.packetLabel),
      h(
        "select",
        {
          id: "jng-packet",
          name: "packet",
          "aria-describedby": "jng-packet-help",
          dataset: { key: "packet" },
          onchange: (e) => { s.packet = Number(e.target.value) === 3 ? 3 : null; }, // 1 is the engine's default
        },
        h("option", { value: "1", selected: s.packet !== 3 }, t.packetNames[1]),
        h("option", { value: "3", selected: s.packet === 3 }, t.packetNames[3]),
      ),
      h("p", { class: "field-help", id: "jng-packet-help" }, t.packetHelp),
    );
    const target = h(
      "div",
      { class: "field" },
      h("label", { for: "jng-target" }, t.targetLabel),
      h("input", {
        type: "number",
        id: "jng-target",
        name: "target",
        inputmode: "numeric",
        min: "1",
        max: String(MAX_TARGET),
        step: "1",
        value: s.target,
        "aria-describedby": "jng-target-help",
        dataset: { key: "target" },
        oninput: (e) => {
          const raw = e.target.value.trim();
          s.target = /^\d{1,3}$/.test(raw) ? Number(raw) : raw;
        },
      }),
      h("p", { class: "field-help", id: "jng-target-help" }, t.targetHelp),
    );
    const seed = h(
      "div",
      { class: "field" },
      h("label", { for: "jng-seed" }, t.seedLabel),
      h("input", {
        type: "text",
        id: "jng-seed",
        name: "seed",
        inputmode: "numeric",
        autocomplete: "off",
        value: s.seed,
        "aria-describedby": "jng-seed-help",
        dataset: { key: "seed" },
        oninput: (e) => { s.seed = e.target.value; },
      }),
      h("p", { class: "field-help", id: "jng-seed-help" }, t.seedHelp),
    );
    this.form.replaceChildren(
      h("div", { class: "intro-row" }, h("p", { class: "intro" }, t.newGameIntro), languageSelect()),
      renderGameChoice(s.game, (game) => (game === "cassino" ? this.opts.onGame(game) : this.setGame(game)), "jng"),
      h(
        "button",
        { type: "button", class: "link-button", dataset: { action: "jack-rules", key: "jack-rules" }, onclick: () => this.opts.onRules(s.game) },
        t.gameRules(t.games[s.game]),
      ),
      h("fieldset", { class: "jack-settings" }, h("legend", {}, t.games[s.game]), level, packet, target, seed),
      (this.startRow = h("div", { class: "start-row" })),
    );
    this.renderStart();
    if (key) {
      const again = this.form.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again) again.focus();
    }
  }

  renderStart() {
    if (!this.startRow) return;
    this.startRow.replaceChildren(
      h("p", { class: "start-error", role: "alert", tabindex: "-1", id: "jack-new-game-error", dataset: { error: this.error ? "1" : "" } }, this.error),
      h(
        "div",
        { class: "start-buttons" },
        this.canCancel
          ? h("button", { type: "button", dataset: { action: "cancel-new-game", key: "cancel-new-game" }, onclick: () => this.close() }, t.cancelNewGame)
          : null,
        h(
          "button",
          { type: "submit", class: "primary", disabled: this.starting, dataset: { action: "start-game", key: "start-game" } },
          this.starting ? t.starting : t.startGame,
        ),
      ),
    );
  }
}
