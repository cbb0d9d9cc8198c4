// Cassino's new-game screen: variant, players, who plays each seat, and every rules switch.
// Its frame (the dialog, the introduction, the Start row, Enter on a variant to start) and its
// field blocks are shared with the other games' screens: web/ui/newgame-parts.js. The focus
// opens on the chosen variant, Start follows it (two Tab presses), and all that may be changed
// besides comes after Start.
//
// Each computer seat has a level (web/ui/levels.js), Intermediate unless chosen.
//
// Everything on it comes from the engine's `catalog` answer ({presets: {name: rules}, fields:
// {field: {type, choices?, min?, max?}}}) and is worded by rules-text.js; the page checks
// nothing about a combination. Start sends new_game; when the engine refuses, its message is
// shown beside Start and the screen stays as it was.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { renderGameChoice } from "./jack-choice.js";
import { seatNames } from "./sides.js";
import { PRESET_ORDER, RULES_TEXT, SWITCH_TEXT } from "./rules-text.js";
import { LEVELS, DEFAULT_LEVEL, levelsFor } from "./levels.js";
import { NewGameFrame, choiceCards, readSeed, seatRow, seedField, selectField } from "./newgame-parts.js";
import { formatDate } from "./format.js";

/** Rules fields by group on the screen; a field the engine adds later lands in "other". */
/** @type {[string, string[]][]} */
const GROUPS = [
  ["cards", ["pack", "values", "table_ace", "hand_ace", "big_casino_eleven", "deal_packet", "hand_size", "draw", "initial_pairs", "deal_order"]],
  ["capturing", ["court_capture", "capture_compulsory", "no_pair_trail", "whole_captures", "build_as_card", "pluck"]],
  ["building", ["building", "court_builds", "builder_restriction", "raise_own_build", "same_value_builds", "partner_building", "adding_only", "table_raise", "table_builds"]],
  ["scoring", ["scoring", "sweeps", "sudden_death", "portuguese_tiebreak", "double_below", "last_sweep", "sweep_stop", "tie_carry", "last_capture_point", "difference_scoring"]],
  ["end", ["game_end", "target", "tie_break", "claiming", "dominican_end"]],
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

export class NewGameScreen extends NewGameFrame {
  /**
   * @param {object} opts {catalog, onStart(settings): Promise<{code, message}|null>, onRules(preset, rules),
   *   onDaily(): Promise<{code, message}|null> (the daily deal), onStats() (the statistics
   *   dialog), today(): the daily deal's date, dailyPlayed(): today's kept first result
   *   ({you, them, sweeps}) or null (web/ui/dailyrecord.js), dailyBegun(): whether today's deal
   *   was begun here (a result kept or not), onGame(game) (another game picked), onCancel?()
   *   (closed without a game started), inProgress?(), matchName?(), backName?(): the other
   *   game's match Cancel goes back to when no game is on the table (web/ui/newgame-parts.js)}
   *   settings = {preset, overrides, seats, levels (per seat, null for humans), names, seed}
   */
  constructor(opts) {
    super({ name: "new-game", title: strings.newGameTitle, onCancel: () => opts.onCancel && opts.onCancel() }, opts);
    this.catalog = opts.catalog;
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
    this.show(canCancel, "input[name=variant]:checked");
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
    const seed = readSeed(s.seed);
    const humans = s.seats.filter((k) => k === "human").length;
    return { preset: s.preset, overrides, seats: [...s.seats], levels: levelsFor(s.seats, s.levels), names: [...s.names], seed, undoConsent: humans > 1 && Boolean(s.undoConsent) };
  }

  rulesNow() {
    return { ...this.presetRules(this.state.preset), ...this.state.values, players: this.state.players, name: this.state.preset };
  }

  // ---- rendering --------------------------------------------------------------------------

  /** The game and its variant, then (after Start) the players, the rules and the deal number. */
  sections() {
    return {
      intro: strings.newGameIntro,
      choose: [this.renderQuick(), renderGameChoice("cassino", this.opts.onGame), this.renderVariants()],
      change: [this.renderPlayers(), this.renderRules(), this.renderSeed()],
    };
  }

  /** The daily deal (starts at once) and the statistics, above the choices. */
  renderQuick() {
    if (!this.opts.onDaily && !this.opts.onStats) return null;
    const date = this.opts.today ? this.opts.today() : "";
    // Today's deal already played: its first result, which stays; playing again is practice.
    const played = this.opts.dailyPlayed ? this.opts.dailyPlayed() : null;
    // Begun and left unfinished: the first attempt counts, so another is practice too.
    const begun = !played && this.opts.dailyBegun ? this.opts.dailyBegun() : false;
    const label = played ? strings.dailyButtonPlayed(played.you, played.them) : begun ? strings.dailyButtonBegun : strings.dailyButton;
    const more = played ? ` ${strings.dailyPlayedHelp}` : begun ? ` ${strings.dailyBegunHelp}` : "";
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
                dataset: { action: "daily", key: "daily", played: played ? `${played.you}–${played.them}` : "", begun: begun ? "1" : "" },
                onclick: () => this.startDaily(),
              },
              label,
            ),
            h("p", { class: "field-help", id: "ng-daily-help" }, `${strings.dailyHelp(formatDate(date))}${more}`),
          )
        : null,
      this.opts.onStats
        ? h("button", { type: "button", dataset: { action: "ng-stats", key: "ng-stats" }, onclick: () => this.opts.onStats() }, strings.statsButton)
        : null,
    );
  }

  startDaily() {
    return this.start(() => this.opts.onDaily());
  }

  renderVariants() {
    const list = choiceCards({
      name: "variant",
      kind: "variant",
      prefix: "ng",
      current: this.state.preset,
      items: presetNames(this.catalog).map((name) => ({ value: name, title: presetTitle(name), summary: RULES_TEXT[name] ? RULES_TEXT[name].summary : "" })),
      onPick: (name) => this.setPreset(name),
    });
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
    const count = selectField({
      id: "ng-players",
      name: "players",
      label: strings.playersCount,
      help: valueText("players", this.state.players),
      options: counts.map((n) => ({ value: n, text: strings.playersOption(n) })),
      value: this.state.players,
      onChange: (value) => this.setPlayers(Number(value)),
    });
    const partnerships = this.fields().partnerships ? this.renderField("partnerships") : null;

    const defaults = seatNames(this.state.seats, []);
    const rows = this.state.seats.map((kind, seat) =>
      seatRow({
        seat,
        legend: strings.seatLabel(seat),
        kind,
        kindLabel: strings.seatKind,
        kinds: { human: strings.seatHuman, computer: strings.seatComputer },
        onKind: (k) => {
          this.state.seats[seat] = k;
          this.render();
        },
        level: kind === "computer" ? this.renderLevel(seat) : null,
        name: {
          label: strings.seatName,
          placeholder: strings.seatNamePlaceholder(defaults[seat]),
          value: this.state.names[seat],
          onInput: (text) => {
            this.state.names[seat] = text;
          },
        },
      }),
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
    return selectField({
      id: `ng-level-${seat}`,
      name: `level-${seat}`,
      key: `level:${seat}`,
      class: "seat-level",
      dataset: { seatLevel: seat },
      selectData: { level: seat },
      label: strings.levelLabel,
      help: strings.levelHelp[level],
      options: LEVELS.map((name) => ({ value: name, text: strings.levelNames[name] })),
      value: level,
      onChange: (value, help) => {
        this.state.levels[seat] = value;
        help.textContent = strings.levelHelp[value] || "";
      },
    });
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
      seedField({
        id: "ng-seed",
        label: strings.seedLabel,
        help: strings.seedHelp,
        value: this.state.seed,
        onInput: (text) => {
          this.state.seed = text;
        },
      }),
    );
  }
}
