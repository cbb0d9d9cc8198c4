// The actions under the player's hand: the preview line (what Confirm would play, or what to do
// next), the choice between several moves that fit the selection, the Pluck, Trail, Confirm,
// Clear and Hint buttons with the shown hint beside them, and the move box, where a move can be
// typed in the text notation. What may be played is the engine's (the selection asks it); this
// only draws it.

import { h } from "./dom.js";
import { strings } from "./strings.js";
import { cardPrompt, choiceText, pastText, previewText } from "./describe.js";
import { thinkingLine } from "./advice.js";

/**
 * What `ActionsView` uses of the page (web/app.js App).
 * @typedef {object} ActionsHost
 * @property {any} view the engine's view of the seat on screen (docs/api.md)
 * @property {import("./selection.js").Sel} sel the selection
 * @property {string} hint the line under the buttons ("" for none)
 * @property {any} flash the computer's move on show, or null
 * @property {boolean} thinking the engine is choosing the computer's move
 * @property {boolean} busy an engine call is in progress
 * @property {() => string[]} names the seats' names
 * @property {import("./selection.js").Selection} selection the player's selection
 * @property {import("./hint.js").Hints} hints the hint
 * @property {(move: object|string) => Promise<void>} play plays the player's move
 * @property {() => Promise<void>} claim claims out for the player (rules `claiming`)
 * @property {boolean} confirmingClaim the Claim button asked "claim now?" and waits for the answer
 * @property {() => void} askClaim asks the player to confirm a claim
 * @property {() => void} cancelClaim the player keeps playing
 */

/**
 * The line under the hand while no card is chosen: "Choose a card from your hand.", and before
 * it the player's own last move of the round in the move log's words ("You captured 5♦ with
 * 5♣.", describe.js pastText), which a phone shows instead of the instruction (app.css): there
 * the player's panel has no last-move line, and the computer answers within a moment, so the
 * player could not tell what their move did (a play-test at 360x640 in Russian). Not a live
 * region: the move was read out when it was played.
 * @param {any} view the engine's view of the seat on screen
 * @param {string[]} names the seats' names
 */
function ownMoveLine(view, names) {
  const move = view.last_moves ? view.last_moves[view.seat] : null;
  if (!move) return strings.chooseCard;
  return [
    // As the computer's panel words its last move: no full stop (play-test 14).
    h("span", { class: "own-move", dataset: { ownMove: move.text } }, `${pastText(names[view.seat], move)} `),
    h("span", { class: "choose-card" }, strings.chooseCard),
  ];
}

/** Draws the actions section and the move box. */
export class ActionsView {
  /** @param {ActionsHost} app */
  constructor(app) {
    this.app = app;
  }

  /** The actions section; `mine`: the player on screen plays now. */
  render(mine) {
    const app = this.app;
    const { view, sel, selection } = app;
    const { fits, move } = selection.pending();
    const card = sel.card;
    let preview;
    if (app.thinking) preview = thinkingLine(strings.thinking(app.names()[view.turn]));
    else if (app.flash) preview = app.flash.text;
    else if (!mine) preview = app.busy ? "" : strings.waitTurn;
    else if (sel.pluck) preview = move ? previewText(move, view.table.builds) : strings.pluckHelp;
    else if (!card) preview = ownMoveLine(view, app.names());
    else if (move) preview = previewText(move, view.table.builds);
    else if (fits.length > 1) preview = strings.chooseOne;
    else if (sel.ids.size > 0) preview = strings.noMoveForSelection;
    else preview = cardPrompt(card, selection.kindsOf(card));

    const trail = card ? selection.trailFor(card) : null;
    let trailWhy = "";
    if (mine && card && !trail) {
      // The engine names the rule that forbids the trail; the page only words it.
      const why = (view.trail_refusals || {})[card];
      trailWhy = strings.trailRefusals[why] || strings.noTrailOther;
    }
    const plucks = mine ? selection.plucks() : [];

    const choices =
      fits.length > 1 && !sel.trail
        ? h(
            "div",
            { class: "choices", role: "group", "aria-label": strings.chooseOne },
            fits.map((m) =>
              h(
                "button",
                {
                  type: "button",
                  class: "choice",
                  "aria-pressed": sel.choice === m.text ? "true" : "false",
                  title: previewText(m, view.table.builds),
                  dataset: { moveText: m.text, key: `C:${m.text}` },
                  onclick: () => selection.onChoice(m.text),
                },
                choiceText(m, view.table.builds),
              ),
            ),
          )
        : null;

    const advice = app.hints.renderAdvice(mine);
    return h(
      "section",
      { class: `actions ${advice ? "with-advice" : ""}`, "aria-label": view.seats[view.seat] === "human" ? strings.actionsLabel : strings.movesOf(app.names()[view.seat]) },
      h(
        "div",
        { class: "actions-main" },
        h(
          "p",
          {
            class: `preview ${move ? "ready" : ""} ${app.flash && !app.thinking ? "shown-move" : ""}`,
            // The turn's prompt, nothing chosen yet: a phone's open hint takes its line (app.css).
            dataset: { preview: move ? move.text : "", idle: mine && !card && !sel.pluck && !app.thinking && !app.flash ? "1" : null },
          },
          preview,
        ),
        choices,
        h(
          "div",
          { class: "action-buttons" },
          plucks.length
            ? h(
                "button",
                {
                  type: "button",
                  class: "trail pluck",
                  "aria-pressed": sel.pluck ? "true" : "false",
                  dataset: { action: "pluck", key: "pluck" },
                  onclick: () => selection.onPluck(),
                },
                strings.pluck,
              )
            : null,
          h(
            "button",
            {
              type: "button",
              class: "trail",
              "aria-pressed": sel.trail ? "true" : "false",
              "aria-describedby": trailWhy ? "trail-why" : null,
              disabled: !trail,
              dataset: { action: "trail", key: "trail" },
              onclick: () => selection.onTrail(),
            },
            strings.trail,
          ),
          h(
            "button",
            {
              type: "button",
              class: "primary",
              disabled: !move,
              dataset: { action: "confirm", key: "confirm" },
              onclick: () => selection.onConfirm(),
            },
            strings.confirm,
          ),
          h(
            "button",
            {
              type: "button",
              disabled: !card && !sel.pluck,
              dataset: { action: "clear", key: "clear" },
              onclick: () => selection.onClear(),
            },
            strings.clear,
          ),
          app.hints.renderButton(mine),
          // Claiming out (rules `claiming`): the engine says when this seat may claim. A wrong
          // claim loses the match, so the button asks first (one tap lost a match at 0:0).
          mine && view.can_claim && !app.confirmingClaim
            ? h(
                "button",
                {
                  type: "button",
                  class: "claim",
                  title: strings.claimTitle,
                  disabled: app.busy,
                  dataset: { action: "claim", key: "claim" },
                  onclick: () => app.askClaim(),
                },
                strings.claim,
              )
            : null,
          mine && view.can_claim && app.confirmingClaim
            ? h(
                "span",
                { class: "claim-ask", role: "group", "aria-label": strings.claimAsk },
                h("span", { class: "claim-question" }, strings.claimAsk),
                h("button", { type: "button", class: "claim", disabled: app.busy, dataset: { action: "claim-yes", key: "claim-yes" }, onclick: () => app.claim() }, strings.claimYes),
                h("button", { type: "button", dataset: { action: "claim-no", key: "claim-no" }, onclick: () => app.cancelClaim() }, strings.claimNo),
              )
            : null,
        ),
        trailWhy ? h("p", { class: "why", id: "trail-why" }, trailWhy) : null,
        app.hint ? h("p", { class: "hint" }, app.hint) : null,
      ),
      // Beside the buttons on a wide screen, under them on a phone.
      advice,
    );
  }

  /** The move box: text notation, with the legal moves the view lists as suggestions (a
   * datalist the browser filters as the player types) and a line counting the moves that start
   * with what is typed. A crowded table lists only part of its moves, or none: the box says so
   * and still takes any legal move (the engine checks it). */
  renderMoveBox(mine, legal) {
    const app = this.app;
    const v = app.view;
    // Past 2000 moves the engine stops counting: it says only "more than" (legal_moves_more_than).
    const total = Number.isInteger(v.legal_moves_total) ? v.legal_moves_total : null;
    const partial = mine && !app.selection.complete()
      ? strings.moveBoxPartial((v.legal_moves || []).length, total, v.legal_moves_more_than)
      : "";
    const matches = h("small", { id: "move-box-matches", class: "move-box-matches", dataset: { matches: "" } });
    const input = /** @type {HTMLInputElement} */ (h("input", {
      type: "text",
      name: "move",
      list: "legal-move-list",
      autocomplete: "off",
      spellcheck: "false",
      disabled: !mine,
      dataset: { key: "move-box" },
      "aria-describedby": `move-box-hint move-box-matches${partial ? " move-box-partial" : ""}`,
      oninput: () => {
        // Counted here only to be said: the browser's own suggestion list does the completing.
        const typed = input.value.trim();
        const n = typed ? legal.filter((m) => m.text.toLowerCase().startsWith(typed.toLowerCase())).length : null;
        matches.textContent = n === null ? "" : strings.moveBoxMatches(n, typed);
        matches.dataset.matches = n === null ? "" : String(n);
      },
    }));
    const options = legal.map((m) =>
      h("option", {
        value: m.text,
        dataset: {
          kind: m.kind,
          card: m.card,
          take: (m.take || []).join(" "),
          value: m.value ?? "",
          multiple: m.multiple ? "true" : "false",
          sweep: m.sweep ? "true" : "false",
        },
      }, previewText(m, v.table.builds)),
    );
    return h(
      "form",
      {
        class: "move-box",
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (text) app.play(text);
        },
      },
      h("label", {}, h("span", {}, strings.moveBoxLabel), input),
      h("datalist", { id: "legal-move-list" }, options),
      h("button", { type: "submit", disabled: !mine, dataset: { action: "move-box", key: "move-box-play" } }, strings.moveBoxPlay),
      h("small", { id: "move-box-hint" }, strings.moveBoxHint(Boolean(v.rules && v.rules.pluck), Boolean(v.rules && v.rules.table_builds))),
      partial ? h("small", { id: "move-box-partial", class: "move-box-partial" }, partial) : null,
      matches,
    );
  }
}
