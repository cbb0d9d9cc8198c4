// The new-game screen: variant, players, who plays each seat, and every rules switch.
//
// Each computer seat has a level (web/ui/levels.js), Intermediate unless chosen.
//
// Everything on it comes from the engine's `catalog` answer ({presets: {name: rules}, fields:
// {field: {type, choices?, min?, max?}}}) and is worded by rules-text.js; the page checks
// nothing about a combination. Start sends new_game; when the engine refuses, its message is
// shown beside Start and the screen stays as it was.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { renderGameChoice } from "./jack-choice.js";
import { languageSelect } from "./language.js";
import { seatNames } from "./sides.js";
import { PRESET_ORDER, RULES_TEXT, SWITCH_TEXT } from "./rules-text.js";
import { LEVELS, DEFAULT_LEVEL, levelsFor } from "./levels.js";

/** Rules fields by group on the screen; a field the engine adds later lands in "other". */
/** @type {[string, string[]][]} */
const GROUPS = [
  ["cards", ["pack", "values", "table_ace", "big_casino_eleven", "deal_packet", "hand_size", "draw", "initial_pairs"]],
  ["capturing", ["court_capture", "capture_compulsory", "pluck"]],
  ["building", ["court_builds", "builder_restriction", "raise_own_build", "same_value_builds", "partner_building"]],
  ["scoring", ["scoring", "sweeps", "sudden_death", "portuguese_tiebreak", "double_below"]],
  ["end", ["game_end", "target", "tie_break"]],
];
/** Shown with the players, not among the rules. */
const PLAYER_FIELDS = ["players", "partnerships"];
const HIDDEN_FIELDS = ["name"];
const SHORT_RANGE = 12; // an int field with at most this many values is a drop-down

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Presets in the rules text's order, then any the engine has that the text does not. */
export function presetNames(catalog) {
  const names = Object.keys(catalog.presets || {});
  return [...PRESET_ORDER.filter((n) => names.includes(n)), ...names.filter((n) => !PRESET_ORDER.includes(n))];
}

export function presetTitle(name) {
  return (RULES_TEXT[name] && RULES_TEXT[name].title) || name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function switchText(field) {
  return SWITCH_TEXT[field] || { label: field.replace(/_/g, " "), help: "", choices: {} };
}

/** The wording of one value of a field ("yes"/"no" or the value itself when unworded). */
export function valueText(field, value) {
  const text = switchText(field).choices || {};
  if (Object.hasOwn(text, String(value))) return text[String(value)];
  if (typeof value === "boolean") return value ? strings.yes : strings.no;
  return String(value);
}

export class NewGameScreen {
  /**
   * @param {object} opts {catalog, onStart(settings): Promise<{code, message}|null>, onRules(preset, rules),
   *   onDaily(): Promise<{code, message}|null> (the daily deal), onStats() (the statistics
   *   dialog), today(): the daily deal's date}
   *   settings = {preset, overrides, seats, levels (per seat, null for humans), names, seed}
   */
  constructor(opts) {
    this.opts = opts;
    this.catalog = opts.catalog;
    this.state = null;
    this.error = "";
    this.starting = false;
    this.dialog = createDialog({ name: "new-game", title: strings.newGameTitle });
    this.form = h("form", { class: "new-game", novalidate: true, onsubmit: (e) => this.onSubmit(e) });
    this.dialog.body.append(this.form);
  }

  get el() {
    return this.dialog.el;
  }

  isOpen() {
    return this.dialog.isOpen();
  }

  presetRules(name) {
    return (this.catalog.presets || {})[name] || {};
  }

  fields() {
    return this.catalog.fields || {};
  }

  /** Fresh settings for a preset: its own rules, keeping the players and seats chosen. */
  defaultsFor(preset, keep) {
    const rules = this.presetRules(preset);
    const values = {};
    for (const field of Object.keys(this.fields())) {
      if (HIDDEN_FIELDS.includes(field) || field === "players") continue;
      if (Object.hasOwn(rules, field)) values[field] = rules[field];
      else values[field] = this.fields()[field].default;
    }
    const players = keep ? keep.players : rules.players ?? 2;
    const seats = keep ? keep.seats : ["human", ...Array(players - 1).fill("computer")];
    const levels = keep && Array.isArray(keep.levels) ? keep.levels : [];
    return { preset, values, players, seats, levels, names: keep ? keep.names : [], seed: keep ? keep.seed : "", undoConsent: Boolean(keep && keep.undoConsent) };
  }

  /**
   * Opens the screen.
   * @param {object} initial {preset, rules?, seats?, levels?, names?} the current game's settings, or null
   * @param canCancel false at first start (there is no game to go back to)
   */
  open(initial, canCancel) {
    const preset = initial && Object.hasOwn(this.catalog.presets || {}, initial.preset) ? initial.preset : "classic";
    const state = this.defaultsFor(preset, null);
    if (initial && initial.rules) {
      for (const field of Object.keys(state.values)) {
        if (Object.hasOwn(initial.rules, field)) state.values[field] = initial.rules[field];
      }
      if (Number.isInteger(initial.rules.players)) state.players = initial.rules.players;
    }
    if (initial && Array.isArray(initial.seats) && initial.seats.length === state.players) state.seats = [...initial.seats];
    else state.seats = ["human", ...Array(state.players - 1).fill("computer")];
    state.names = initial && initial.names ? [...initial.names] : [];
    state.levels = initial && Array.isArray(initial.levels) ? [...initial.levels] : [];
    state.undoConsent = Boolean(initial && initial.undoConsent);
    this.state = state;
    this.error = "";
    this.canCancel = canCancel;
    this.dialog.setRequired(!canCancel);
    this.render();
    this.dialog.open(`input[name=variant]:checked`);
  }

  /** @param {object} options {returnFocus?} as the dialog's (web/ui/dialog.js) */
  close(options) {
    this.dialog.close(options);
  }

  // ---- state changes ----------------------------------------------------------------------

  setPreset(name) {
    const keep = { players: this.state.players, seats: this.state.seats, levels: this.state.levels, names: this.state.names, seed: this.state.seed, undoConsent: this.state.undoConsent };
    this.state = this.defaultsFor(name, keep);
    this.error = "";
    this.render();
  }

  setPlayers(n) {
    const seats = this.state.seats.slice(0, n);
    while (seats.length < n) seats.push(seats.length === 0 ? "human" : "computer");
    this.state.players = n;
    this.state.seats = seats;
    this.error = "";
    this.render();
  }

  resetRules() {
    const keep = { players: this.state.players, seats: this.state.seats, levels: this.state.levels, names: this.state.names, seed: this.state.seed, undoConsent: this.state.undoConsent };
    this.state = this.defaultsFor(this.state.preset, keep);
    this.error = "";
    this.render();
  }

  settings() {
    const s = this.state;
    const preset = this.presetRules(s.preset);
    const overrides = {};
    if (s.players !== preset.players) overrides.players = s.players;
    for (const [field, value] of Object.entries(s.values)) {
      if (!same(value, preset[field])) overrides[field] = value;
    }
    const raw = String(s.seed || "").trim();
    // The engine checks the number; text that is not one is sent as it is, for it to refuse.
    const seed = raw === "" ? null : /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
    const humans = s.seats.filter((k) => k === "human").length;
    return { preset: s.preset, overrides, seats: [...s.seats], levels: levelsFor(s.seats, s.levels), names: [...s.names], seed, undoConsent: humans > 1 && Boolean(s.undoConsent) };
  }

  rulesNow() {
    return { ...this.presetRules(this.state.preset), ...this.state.values, players: this.state.players, name: this.state.preset };
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
      this.error = strings.refusedGame(problem.message || problem.code);
      this.renderStart();
      const msg = this.form.querySelector(".start-error");
      if (msg) msg.focus();
    } else {
      this.close();
    }
  }

  // ---- rendering --------------------------------------------------------------------------

  render() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const key = active && this.form.contains(active) && active.dataset ? active.dataset.key : null;
    this.form.replaceChildren(
      h("div", { class: "intro-row" }, h("p", { class: "intro" }, strings.newGameIntro), languageSelect()),
      this.renderQuick(),
      renderGameChoice("cassino", this.opts.onGame), // Cassino | California Jack | Shasta Sam
      this.renderVariants(),
      this.renderPlayers(),
      this.renderRules(),
      this.renderSeed(),
      (this.startRow = h("div", { class: "start-row" })),
    );
    this.renderStart();
    if (key) {
      const again = this.form.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (again) again.focus();
    }
  }

  /** The daily deal (starts at once) and the statistics, above the choices. */
  renderQuick() {
    if (!this.opts.onDaily && !this.opts.onStats) return null;
    const date = this.opts.today ? this.opts.today() : "";
    return h(
      "div",
      { class: "ng-quick" },
      this.opts.onDaily
        ? h(
            "div",
            { class: "ng-daily" },
            h(
              "button",
              {
                type: "button",
                class: "primary",
                disabled: this.starting,
                "aria-describedby": "ng-daily-help",
                dataset: { action: "daily", key: "daily" },
                onclick: () => this.startDaily(),
              },
              strings.dailyButton,
            ),
            h("p", { class: "field-help", id: "ng-daily-help" }, strings.dailyHelp(date)),
          )
        : null,
      this.opts.onStats
        ? h("button", { type: "button", dataset: { action: "ng-stats", key: "ng-stats" }, onclick: () => this.opts.onStats() }, strings.statsButton)
        : null,
    );
  }

  async startDaily() {
    if (this.starting) return;
    this.starting = true;
    this.error = "";
    this.renderStart();
    let problem;
    try {
      problem = await this.opts.onDaily();
    } finally {
      this.starting = false;
    }
    if (problem) {
      this.error = strings.refusedGame(problem.message || problem.code);
      this.renderStart();
    } else this.close();
  }

  renderStart() {
    if (!this.startRow) return;
    this.startRow.replaceChildren(
      h(
        "p",
        { class: "start-error", role: "alert", tabindex: "-1", id: "new-game-error", dataset: { error: this.error ? "1" : "" } },
        this.error,
      ),
      h(
        "div",
        { class: "start-buttons" },
        this.canCancel
          ? h("button", { type: "button", dataset: { action: "cancel-new-game", key: "cancel-new-game" }, onclick: () => this.close() }, strings.cancelNewGame)
          : null,
        h(
          "button",
          {
            type: "submit",
            class: "primary",
            disabled: this.starting,
            "aria-describedby": this.error ? "new-game-error" : null,
            dataset: { action: "start-game", key: "start-game" },
          },
          this.starting ? strings.starting : strings.startGame,
        ),
      ),
    );
  }

  renderVariants() {
    const names = presetNames(this.catalog);
    const list = h(
      "div",
      { class: "variant-list" },
      names.map((name) => {
        const text = RULES_TEXT[name];
        const id = `ng-variant-${name}`;
        return h(
          "label",
          { class: "variant", for: id, dataset: { variant: name } },
          h("input", {
            type: "radio",
            name: "variant",
            id,
            value: name,
            checked: this.state.preset === name,
            dataset: { key: `variant:${name}` },
            onchange: () => this.setPreset(name),
          }),
          h("span", { class: "variant-title" }, presetTitle(name)),
          h("span", { class: "variant-summary" }, text ? text.summary : ""),
        );
      }),
    );
    const rulesButton = h(
      "button",
      {
        type: "button",
        class: "link-button",
        dataset: { action: "variant-rules", key: "variant-rules" },
        onclick: () => this.opts.onRules(this.state.preset, this.rulesNow()),
      },
      strings.variantRules(presetTitle(this.state.preset)),
    );
    return h("fieldset", { class: "ng-variants" }, h("legend", {}, strings.variantLegend), list, rulesButton);
  }

  renderPlayers() {
    const spec = this.fields().players || { min: 2, max: 6 };
    const counts = [];
    for (let n = spec.min ?? 2; n <= (spec.max ?? 6); n++) counts.push(n);
    const count = h(
      "div",
      { class: "field" },
      h("label", { for: "ng-players" }, strings.playersCount),
      h(
        "select",
        {
          id: "ng-players",
          name: "players",
          "aria-describedby": "ng-players-help",
          dataset: { key: "players" },
          onchange: (e) => this.setPlayers(Number(e.target.value)),
        },
        counts.map((n) => h("option", { value: n, selected: n === this.state.players }, strings.playersOption(n))),
      ),
      h("p", { class: "field-help", id: "ng-players-help" }, valueText("players", this.state.players)),
    );
    const partnerships = this.fields().partnerships ? this.renderField("partnerships") : null;

    const defaults = seatNames(this.state.seats, []);
    const rows = this.state.seats.map((kind, seat) =>
      h(
        "fieldset",
        { class: "seat-row", dataset: { seatRow: seat } },
        h("legend", {}, strings.seatLabel(seat)),
        h(
          "div",
          { class: "seat-kind", role: "radiogroup", "aria-label": `${strings.seatLabel(seat)}: ${strings.seatKind}` },
          ["human", "computer"].map((k) =>
            h(
              "label",
              { class: "seat-kind-option" },
              h("input", {
                type: "radio",
                name: `seat-${seat}`,
                value: k,
                checked: kind === k,
                dataset: { key: `seat:${seat}:${k}`, seat, kind: k },
                onchange: () => {
                  this.state.seats[seat] = k;
                  this.render();
                },
              }),
              h("span", {}, k === "human" ? strings.seatHuman : strings.seatComputer),
            ),
          ),
        ),
        kind === "computer" ? this.renderLevel(seat) : null,
        h(
          "label",
          { class: "seat-name-label" },
          h("span", {}, strings.seatName),
          h("input", {
            type: "text",
            name: `name-${seat}`,
            maxlength: "24",
            autocomplete: "off",
            placeholder: strings.seatNamePlaceholder(defaults[seat]),
            value: this.state.names[seat] || "",
            dataset: { key: `name:${seat}`, seatName: seat },
            oninput: (e) => {
              this.state.names[seat] = e.target.value;
            },
          }),
        ),
      ),
    );
    const humans = this.state.seats.filter((k) => k === "human").length;
    return h(
      "fieldset",
      { class: "ng-players" },
      h("legend", {}, strings.playersLegend),
      count,
      partnerships,
      h("div", { class: "seat-rows" }, rows),
      humans > 1 ? h("p", { class: "field-help" }, strings.seatsNote) : null,
      humans > 1 ? this.renderUndoConsent() : null,
    );
  }

  /** Hot-seat undo: off unless everyone at the screen agrees. */
  renderUndoConsent() {
    return h(
      "div",
      { class: "field undo-consent" },
      h(
        "label",
        {},
        h("input", {
          type: "checkbox",
          name: "undo-consent",
          checked: Boolean(this.state.undoConsent),
          "aria-describedby": "ng-undo-consent-help",
          dataset: { key: "undo-consent" },
          onchange: (e) => {
            this.state.undoConsent = e.target.checked;
          },
        }),
        " ",
        strings.undoConsentLabel,
      ),
      h("p", { class: "field-help", id: "ng-undo-consent-help" }, strings.undoConsentHelp),
    );
  }

  /** A computer seat's level, with a line saying how that level plays. */
  renderLevel(seat) {
    const level = LEVELS.includes(this.state.levels[seat]) ? this.state.levels[seat] : DEFAULT_LEVEL;
    const id = `ng-level-${seat}`;
    const helpId = `${id}-help`;
    return h(
      "div",
      { class: "seat-level", dataset: { seatLevel: seat } },
      h(
        "label",
        { class: "seat-level-label", for: id },
        h("span", {}, strings.levelLabel),
        h(
          "select",
          {
            id,
            name: `level-${seat}`,
            "aria-describedby": helpId,
            dataset: { key: `level:${seat}`, level: seat },
            onchange: (e) => {
              this.state.levels[seat] = e.target.value;
              const help = this.form.querySelector(`#${helpId}`);
              if (help) help.textContent = strings.levelHelp[e.target.value] || "";
            },
          },
          LEVELS.map((name) => h("option", { value: name, selected: name === level }, strings.levelNames[name])),
        ),
      ),
      h("p", { class: "field-help level-help", id: helpId }, strings.levelHelp[level]),
    );
  }

  renderRules() {
    const fields = Object.keys(this.fields()).filter((f) => !HIDDEN_FIELDS.includes(f) && !PLAYER_FIELDS.includes(f));
    const placed = new Set();
    const groups = GROUPS.map(/** @returns {[string, string[]]} */ ([group, list]) => {
      const mine = list.filter((f) => fields.includes(f));
      mine.forEach((f) => placed.add(f));
      return [group, mine];
    });
    const rest = fields.filter((f) => !placed.has(f));
    if (rest.length) groups.push(["other", rest]);
    return h(
      "fieldset",
      { class: "ng-rules" },
      h("legend", {}, strings.rulesLegend),
      h(
        "div",
        { class: "rules-head" },
        h("p", { class: "field-help" }, strings.rulesIntro),
        h(
          "button",
          { type: "button", dataset: { action: "reset-rules", key: "reset-rules" }, onclick: () => this.resetRules() },
          strings.resetDefaults,
        ),
      ),
      h(
        "div",
        { class: "rule-groups" },
        groups
          .filter(([, list]) => list.length)
          .map(([group, list]) =>
            h(
              "fieldset",
              { class: "rule-group", dataset: { group } },
              h("legend", {}, strings.groups[group] || group),
              list.map((f) => this.renderField(f)),
            ),
          ),
      ),
    );
  }

  /** One rules switch: its label, a one-line explanation and its control. */
  renderField(field) {
    const spec = this.fields()[field];
    const text = switchText(field);
    const id = `ng-f-${field}`;
    const value = this.state.values[field];
    const preset = this.presetRules(this.state.preset);
    const changed = Object.hasOwn(preset, field) && !same(value, preset[field]);
    const helpId = `${id}-help`;
    const choiceId = `${id}-choice`;
    const update = (v) => {
      this.state.values[field] = v;
      this.error = "";
      this.refreshField(row, field);
    };
    let control;
    if (spec.type === "bool") {
      control = h("input", {
        type: "checkbox",
        id,
        name: field,
        checked: Boolean(value),
        "aria-describedby": `${helpId} ${choiceId}`,
        dataset: { key: `f:${field}`, field },
        onchange: (e) => update(e.target.checked),
      });
    } else if (spec.type === "choice") {
      control = h(
        "select",
        { id, name: field, "aria-describedby": `${helpId} ${choiceId}`, dataset: { key: `f:${field}`, field }, onchange: (e) => update(spec.choices[Number(e.target.value)]) },
        spec.choices.map((c, i) => h("option", { value: i, selected: same(c, value), dataset: { value: c } }, valueText(field, c))),
      );
    } else if (spec.type === "int" && spec.max - spec.min < SHORT_RANGE) {
      const options = [];
      for (let n = spec.min; n <= spec.max; n++) options.push(n);
      control = h(
        "select",
        { id, name: field, "aria-describedby": helpId, dataset: { key: `f:${field}`, field }, onchange: (e) => update(Number(e.target.value)) },
        options.map((n) => h("option", { value: n, selected: n === value, dataset: { value: n } }, valueText(field, n))),
      );
    } else {
      const listId = `${id}-list`;
      const usual = Object.keys(text.choices || {});
      control = h(
        "span",
        { class: "number-control" },
        h("input", {
          type: "number",
          id,
          name: field,
          inputmode: "numeric",
          min: spec.min,
          max: spec.max,
          step: "1",
          value: value ?? "",
          list: usual.length ? listId : null,
          "aria-describedby": `${helpId} ${choiceId}`,
          dataset: { key: `f:${field}`, field },
          oninput: (e) => {
            const raw = e.target.value.trim();
            update(/^-?\d+$/.test(raw) ? Number(raw) : raw);
          },
        }),
        usual.length ? h("datalist", { id: listId }, usual.map((v) => h("option", { value: v }, text.choices[v]))) : null,
      );
    }
    const row = h(
      "div",
      { class: `field field-type-${spec.type}`, dataset: { field, changed: changed ? "true" : "false" } },
      spec.type === "bool"
        ? h("label", { class: "check", for: id }, control, h("span", { class: "field-label" }, text.label))
        : h("label", { for: id, class: "field-label" }, text.label),
      spec.type === "bool" ? null : control,
      h("span", { class: "changed-badge", "aria-hidden": changed ? null : "true" }, strings.changed),
      h("p", { class: "field-help", id: helpId }, text.help),
      h("p", { class: "field-choice", id: choiceId }, this.choiceLine(field, value)),
    );
    return row;
  }

  choiceLine(field, value) {
    const text = switchText(field).choices || {};
    if (Object.hasOwn(text, String(value))) return text[String(value)];
    if (typeof value === "boolean") return value ? strings.yes : strings.no;
    return "";
  }

  /** After a value changed: its "changed" mark and wording, without redrawing the form
   * (redrawing would move the caret and the focus). */
  refreshField(row, field) {
    const value = this.state.values[field];
    const preset = this.presetRules(this.state.preset);
    const changed = Object.hasOwn(preset, field) && !same(value, preset[field]);
    row.dataset.changed = changed ? "true" : "false";
    const badge = row.querySelector(".changed-badge");
    if (badge) {
      if (changed) badge.removeAttribute("aria-hidden");
      else badge.setAttribute("aria-hidden", "true");
    }
    const line = row.querySelector(".field-choice");
    if (line) line.textContent = this.choiceLine(field, value);
    if (this.error) {
      this.error = "";
      this.renderStart();
    }
  }

  renderSeed() {
    return h(
      "fieldset",
      { class: "ng-seed" },
      h("legend", {}, strings.seedLegend),
      h(
        "div",
        { class: "field" },
        h("label", { for: "ng-seed" }, strings.seedLabel),
        h("input", {
          type: "text",
          id: "ng-seed",
          name: "seed",
          inputmode: "numeric",
          autocomplete: "off",
          value: this.state.seed || "",
          "aria-describedby": "ng-seed-help",
          dataset: { key: "seed" },
          oninput: (e) => {
            this.state.seed = e.target.value;
          },
        }),
        h("p", { class: "field-help", id: "ng-seed-help" }, strings.seedHelp),
      ),
    );
  }
}
