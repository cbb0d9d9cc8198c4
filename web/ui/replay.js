// The replay after the match: every position, every hand face up, step by step. The engine's
// `replay` op gives the positions (and refuses while the match is played, so nothing hidden
// reaches the page before the end); this module only draws them. Keys: ← → step, Home / End.
// `ReplayPanel` is the dialog and its stepping; `cassinoReplay` draws a Cassino step (California
// Jack's drawing is in web/jack/replay.js).

import { h, fill } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { cardFace, cardName, sortCards } from "./cards.js";
import { pastText } from "./describe.js";

/** A row of faces with the cards' names for a screen reader; `sort: false` keeps the order
 * given (a stock, next card first); `face(code)` and `name(code)` draw and name a card (the
 * French faces by default; the fishing page passes its pack's). */
export function faces(cards, label, { sort = true, face = (c) => cardFace(c, "small"), name = cardName } = {}) {
  const shown = sort ? sortCards(cards) : [...cards];
  return h(
    "span",
    { class: "replay-cards", role: "img", "aria-label": `${label}: ${shown.length ? shown.map(name).join(", ") : strings.replayNoCards}`, dataset: { cards: shown.join(" ") } },
    shown.length ? shown.map(face) : h("span", { class: "replay-none" }, strings.replayNoCards),
  );
}

export class ReplayPanel {
  /**
   * @param {object} opts {fetch(round?: number): Promise<{replay}|{error}>, title?: string,
   *              intro?: string,
   *              line(step, replay): string (the step in words),
   *              draw(step, replay): Element[] (the position),
   *              refusal?(error): string|null (a refusal in words; else the match's words),
   *              pick?: {label: string, option(round: number): string} (a game whose replay is
   *              of one round: when the engine's answer says more than one round is over
   *              (`replay.rounds`), a list to open another; fetch then gets its number)}
   */
  constructor(opts) {
    this.opts = opts;
    this.steps = [];
    this.at = 0;
    this.dialog = createDialog({ name: "replay", title: opts.title || strings.replayTitle });
    this.picker = h("select", { dataset: { replayRound: "" }, onchange: () => this.load(Number(this.picker.value)) });
    this.pickerRow = h("label", { class: "replay-pick", hidden: true }, h("span", {}, opts.pick ? opts.pick.label : ""), this.picker);
    this.error = h("p", { class: "replay-error", role: "alert", dataset: { error: "" } });
    this.line = h("p", { class: "replay-line", "aria-live": "polite", dataset: { replayLine: "" } });
    this.counter = h("span", { class: "replay-counter", dataset: { replayStep: "" } });
    this.view = h("div", { class: "replay-view" });
    const button = (action, text, go) => h("button", { type: "button", dataset: { action: `replay-${action}` }, onclick: () => this.go(go()) }, text);
    this.nav = h(
      "div",
      { class: "replay-nav", role: "group", "aria-label": opts.title || strings.replayTitle },
      button("first", strings.replayFirst, () => 0),
      button("back", strings.replayBack, () => this.at - 1),
      button("next", strings.replayNext, () => this.at + 1),
      button("last", strings.replayLast, () => this.steps.length - 1),
      this.counter,
    );
    this.dialog.body.append(
      h("p", { class: "field-help" }, opts.intro || strings.replayIntro),
      h("p", { class: "field-help keys-help" }, strings.replayKeys),
      this.error,
      this.pickerRow,
      this.nav,
      this.line,
      this.view,
    );
    this.dialog.el.addEventListener("keydown", (e) => this.onKey(e));
  }

  get el() {
    return this.dialog.el;
  }

  isOpen() {
    return this.dialog.isOpen();
  }

  /** Asks the engine for the positions and opens at the first step. */
  async open() {
    this.pickerRow.hidden = true;
    this.dialog.open("[data-action=replay-next]");
    await this.load();
  }

  /** Asks the engine for the positions of round `round` (the game's default when undefined)
   * and shows the first step; a refusal is said in the dialog and the list stays as it was. */
  async load(round = undefined) {
    this.error.textContent = "";
    this.steps = [];
    this.answer = null;
    this.render();
    const answer = await this.opts.fetch(round);
    if (!answer || answer.error || !answer.replay) {
      const error = answer && answer.error ? answer.error : { message: "no answer" };
      const own = this.opts.refusal ? this.opts.refusal(error) : null;
      this.error.textContent = own || (error.code === "match_not_over" ? strings.replayNotOver : strings.replayFailed(error.message || error.code));
      this.el.dataset.state = "failed";
      return;
    }
    this.answer = answer.replay;
    this.steps = answer.replay.steps;
    this.at = 0;
    this.el.dataset.state = "ready";
    this.showPicker(answer.replay);
    this.render();
    /** @type {HTMLElement} */ (this.el.querySelector("[data-action=replay-next]")).focus();
  }

  close() {
    this.dialog.close();
  }

  /** The list of the rounds that are over, the one shown selected (games with `opts.pick`). */
  showPicker(replay) {
    const pick = this.opts.pick;
    const rounds = Number(replay.rounds) || 0;
    this.pickerRow.hidden = !pick || rounds < 2 || !replay.round;
    if (this.pickerRow.hidden || !pick) return;
    fill(this.picker, ...Array.from({ length: rounds }, (_, i) => h("option", { value: String(i + 1) }, pick.option(i + 1))));
    this.picker.value = String(replay.round);
  }

  onKey(e) {
    if (!this.steps.length || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 0, End: this.steps.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  go(index) {
    if (!this.steps.length) return;
    this.at = Math.max(0, Math.min(this.steps.length - 1, index));
    this.render();
  }

  render() {
    const step = this.steps[this.at];
    const total = this.steps.length;
    for (const b of this.nav.querySelectorAll("button")) {
      const action = b.dataset.action;
      const back = action === "replay-first" || action === "replay-back";
      // A button that cannot act now stays focusable (aria-disabled), so the focus is not lost
      // at either end.
      const off = !step || (back ? this.at === 0 : this.at === total - 1);
      b.setAttribute("aria-disabled", off ? "true" : "false");
    }
    if (!step) {
      this.counter.textContent = "";
      this.line.textContent = "";
      this.view.replaceChildren();
      return;
    }
    this.el.dataset.step = String(this.at);
    this.counter.textContent = strings.replayStep(this.at + 1, total);
    this.line.textContent = this.opts.line(step, this.answer);
    fill(this.view, ...this.opts.draw(step, this.answer));
  }
}

/**
 * The Cassino drawing of a replay step: the table, every seat's hand and captured pile, the score.
 * @param {object} opts {names(): string[] (per seat), sideNames(): string[] (per side), levelOf(level): string}
 */
export function cassinoReplay(opts) {
  const line = (step) => {
    if (step.kind !== "move") return strings.replayDeal(step.round);
    const who = opts.names()[step.seat];
    return strings.replayMove(step.round, step.deal, pastText(who, step.move), step.move.text);
  };
  const draw = (step, answer) => {
    const names = opts.names();
    const levels = (answer && answer.levels) || [];
    const seats = step.hands.map((hand, seat) => {
      const level = levels[seat] ? ` · ${opts.levelOf(levels[seat])}` : "";
      const c = step.captured[seat];
      return h(
        "section",
        {
          class: `replay-seat ${step.turn === seat ? "to-play" : ""} ${step.seat === seat ? "just-played" : ""}`,
          dataset: { replaySeat: seat },
          "aria-label": strings.replayHand(names[seat]),
        },
        h("h3", {}, `${names[seat]}${level}`),
        faces(hand, strings.replayHand(names[seat])),
        h("p", { class: "replay-captured", dataset: { captured: c.cards } }, strings.replayCaptured(c.cards, c.spades, c.sweeps)),
      );
    });
    const builds = step.table.builds.map((b) =>
      h("span", { class: "replay-build", dataset: { build: b.value } }, h("span", { class: "replay-build-label" }, strings.replayBuild(b.value, names[b.owner])), faces(b.cards, strings.replayBuild(b.value, names[b.owner]))),
    );
    const table = h(
      "section",
      { class: "replay-table", dataset: { replayTable: "" }, "aria-label": strings.replayTable },
      h("h3", {}, strings.replayTable),
      step.table.loose.length || builds.length ? [step.table.loose.length ? faces(step.table.loose, strings.replayTable) : null, ...builds] : h("p", {}, strings.replayTableEmpty),
      h("p", {}, strings.replayStock(step.stock)),
    );
    const sides = opts.sideNames();
    const score = step.scores.map((points, side) => `${sides[side] ?? side} ${points}`).join(" · ");
    return [table, h("div", { class: "replay-seats" }, seats), h("p", { class: "replay-scores" }, strings.replayScores(score))];
  };
  return { line, draw };
}
