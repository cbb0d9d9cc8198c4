// The move log: every move of the match so far in the move box's notation, grouped by round and
// deal, with who made it. Moves are public in Cassino; the engine's `move_log` op lists them.
// `MoveLogPanel` is the dialog; `cassinoLog` draws Cassino's log (California Jack's cards are
// drawn by web/jack/replay.js).

import { h, fill } from "./dom.js";
import { strings } from "./strings.js";
import { createDialog } from "./dialog.js";
import { pastText } from "./describe.js";

export class MoveLogPanel {
  /** @param {object} opts {fetch(): Promise<{log}|{error}>, draw(log): Element[], title?, intro?} */
  constructor(opts) {
    this.opts = opts;
    this.dialog = createDialog({ name: "move-log", title: opts.title || strings.moveLogTitle });
    this.list = h("div", { class: "move-log", tabindex: "0", role: "region", "aria-label": strings.moveLogTitle, dataset: { moveLog: "" } });
    this.error = h("p", { class: "move-log-error", role: "alert" });
    this.dialog.body.append(h("p", { class: "field-help" }, opts.intro || strings.moveLogIntro), this.error, this.list);
  }

  get el() {
    return this.dialog.el;
  }

  isOpen() {
    return this.dialog.isOpen();
  }

  close() {
    this.dialog.close();
  }

  async open() {
    this.error.textContent = "";
    this.list.replaceChildren();
    this.el.dataset.state = "loading";
    this.dialog.open(".move-log");
    const answer = await this.opts.fetch();
    if (!answer || answer.error || !Array.isArray(answer.log)) {
      const error = answer && answer.error ? answer.error : { message: "no answer" };
      this.error.textContent = strings.moveLogFailed(error.message || error.code);
      this.el.dataset.state = "failed";
      return;
    }
    fill(this.list, ...(answer.log.length ? this.opts.draw(answer.log) : [h("p", {}, strings.moveLogEmpty)]));
    this.el.dataset.state = "ready";
    // The latest move is the one most often looked for.
    this.list.scrollTop = this.list.scrollHeight;
  }
}

/**
 * A log in groups (California Jack's deals, a fishing game's rounds): a heading and an ordered
 * list a group, one item a line, in the log's order.
 * @param {object[]} log the engine's entries
 * @param {object} opts {group(entry): number (the entry's group), heading(group): string,
 *   data: "logDeal" | "logRound" (the heading's data- name), item(entry): Element (its line)}
 */
export function groupedLog(log, opts) {
  const parts = [];
  let group = null;
  let list = null;
  for (const entry of log) {
    if (opts.group(entry) !== group) {
      group = opts.group(entry);
      list = h("ol", { class: "move-log-deal", "aria-label": opts.heading(group) });
      parts.push(h("h3", { dataset: { [opts.data]: group } }, opts.heading(group)), list);
    }
    list.append(opts.item(entry));
  }
  return parts;
}

/** Draws Cassino's log: by round and deal, each move in words, then its notation ("You
 * took 3♣ 4♦ with 7♥  7H x 3C 4D"). */
export function cassinoLog(names) {
  return (log) => drawCassinoLog(log, names());
}

function drawCassinoLog(log, names) {
  const parts = [];
  let round = null;
  let deal = null;
  let list = null;
  let number = 0;
  for (const entry of log) {
    if (entry.round !== round) {
      round = entry.round;
      deal = null;
      number = 0;
      parts.push(h("h3", { dataset: { logRound: round } }, strings.moveLogRound(round)));
    }
    if (entry.deal !== deal) {
      deal = entry.deal;
      list = h("ol", { class: "move-log-deal", start: String(number + 1), "aria-label": `${strings.moveLogRound(round)}, ${strings.moveLogDeal(deal)}` });
      parts.push(h("h4", {}, strings.moveLogDeal(deal)), list);
    }
    number += 1;
    const who = names[entry.seat] ?? String(entry.seat);
    list.append(
      h(
        "li",
        { dataset: { logMove: entry.move.text, seat: entry.seat } },
        // The words first (the notation was cryptic to a new player, play-test 6); they name
        // the mover, so the line does not say it twice. The move box's notation follows,
        // smaller and muted, for those who type moves.
        h("span", { class: "move-log-words" }, pastText(who, entry.move)),
        " ",
        h("code", { class: "move-log-text", title: strings.moveLogNotation }, entry.move.text),
      ),
    );
  }
  return parts;
}
