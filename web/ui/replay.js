// The replay after the match: every position, every hand face up, step by step. The engine's
// `replay` op gives the positions (and refuses while the match is played, so nothing hidden
// reaches the page before the end); this module only draws them. Keys: ← → step, Home / End.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { cardFace, cardName, sortCards } from "./cards.js";
import { pastText } from "./describe.js";

/** A row of faces with the cards' names for a screen reader. */
function faces(cards, label) {
  const shown = sortCards(cards);
  return h(
    "span",
    { class: "replay-cards", role: "img", "aria-label": `${label}: ${shown.length ? shown.map(cardName).join(", ") : strings.replayNoCards}`, dataset: { cards: shown.join(" ") } },
    shown.length ? shown.map((c) => cardFace(c, "small")) : h("span", { class: "replay-none" }, strings.replayNoCards),
  );
}

export class ReplayPanel {
  /**
   * @param opts {fetch(): Promise<{replay}|{error}>, names(): string[] (per seat),
   *              sideNames(): string[] (per side), levelOf(level): string}
   */
  constructor(opts) {
    this.opts = opts;
    this.steps = [];
    this.at = 0;
    this.dialog = createDialog({ name: "replay", title: strings.replayTitle });
    this.error = h("p", { class: "replay-error", role: "alert", dataset: { error: "" } });
    this.line = h("p", { class: "replay-line", "aria-live": "polite", dataset: { replayLine: "" } });
    this.counter = h("span", { class: "replay-counter", dataset: { replayStep: "" } });
    this.view = h("div", { class: "replay-view" });
    const button = (action, text, go) => h("button", { type: "button", dataset: { action: `replay-${action}` }, onclick: () => this.go(go()) }, text);
    this.nav = h(
      "div",
      { class: "replay-nav", role: "group", "aria-label": strings.replayTitle },
      button("first", strings.replayFirst, () => 0),
      button("back", strings.replayBack, () => this.at - 1),
      button("next", strings.replayNext, () => this.at + 1),
      button("last", strings.replayLast, () => this.steps.length - 1),
      this.counter,
    );
    this.dialog.body.append(
      h("p", { class: "field-help" }, strings.replayIntro),
      h("p", { class: "field-help" }, strings.replayKeys),
      this.error,
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
    this.error.textContent = "";
    this.steps = [];
    this.answer = null;
    this.render();
    this.dialog.open("[data-action=replay-next]");
    const answer = await this.opts.fetch();
    if (!answer || answer.error || !answer.replay) {
      const error = answer && answer.error ? answer.error : { message: "no answer" };
      this.error.textContent = error.code === "match_not_over" ? strings.replayNotOver : strings.replayFailed(error.message || error.code);
      this.el.dataset.state = "failed";
      return;
    }
    this.answer = answer.replay;
    this.steps = answer.replay.steps;
    this.at = 0;
    this.el.dataset.state = "ready";
    this.render();
  }

  close() {
    this.dialog.close();
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

  /** The step in words: who played what, in words and notation; or the deal. */
  stepText(step) {
    if (step.kind !== "move") return strings.replayDeal(step.round);
    const who = this.opts.names()[step.seat];
    return strings.replayMove(step.round, step.deal, pastText(who, step.move), step.move.text);
  }

  render() {
    const step = this.steps[this.at];
    const total = this.steps.length;
    for (const b of this.nav.querySelectorAll("button")) {
      const action = b.dataset.action;
      const back = action === "replay-first" || action === "replay-back";
      b.disabled = !step || (back ? this.at === 0 : this.at === total - 1);
    }
    if (!step) {
      this.counter.textContent = "";
      this.line.textContent = "";
      this.view.replaceChildren();
      return;
    }
    this.el.dataset.step = String(this.at);
    this.counter.textContent = strings.replayStep(this.at + 1, total);
    this.line.textContent = this.stepText(step);
    const names = this.opts.names();
    const levels = (this.answer && this.answer.levels) || [];
    const seats = step.hands.map((hand, seat) => {
      const level = levels[seat] ? ` · ${this.opts.levelOf(levels[seat])}` : "";
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
    const sides = this.opts.sideNames();
    const score = step.scores.map((points, side) => `${sides[side] ?? side} ${points}`).join(" · ");
    this.view.replaceChildren(table, h("div", { class: "replay-seats" }, seats), h("p", { class: "replay-scores" }, strings.replayScores(score)));
  }
}
