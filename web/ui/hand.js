// The player's own hand (one button per card) and another seat's hand (card backs and a count).

import { strings } from "./strings.js";
import { h } from "./dom.js";
import { cardBack, cardFace, cardName, spoken } from "./cards.js";

/**
 * @param {object} ui {active:boolean, selectedCard, hinted: card|null (a hint's card), recent:Set,
 *            canPlay(card):boolean, onCard(card)}
 */
export function renderHand(view, ui) {
  // A computer's hand on show (a loaded record of two computers) is named, not "Your hand".
  const label = ui.owner ? strings.opponentHand(ui.owner) : strings.yourHand;
  const list = h("ul", { class: "hand-cards", "aria-label": label });
  for (const card of view.hand) {
    const selected = ui.selectedCard === card;
    const playable = ui.active && ui.canPlay(card);
    // Dimmed only on the player's turn: a card the engine offered no move for.
    const dim = ui.active && !playable;
    const hinted = ui.hinted === card;
    list.append(
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `hand-card ${selected ? "selected" : ""} ${dim ? "unusable" : ""} ${hinted ? "hinted" : ""}`,
            "aria-pressed": selected ? "true" : "false",
            "aria-disabled": playable ? null : "true",
            dataset: { card, key: `H:${card}`, hinted: hinted ? "true" : null },
            onclick: () => ui.onCard(card),
          },
          spoken(hinted ? `${cardName(card)} (${strings.hintButton})` : cardName(card)),
          cardFace(card),
        ),
      ),
    );
  }
  return h("section", { class: "hand", "aria-label": label }, list);
}

/** Card backs for a hand the viewer may not see; `played` is a card just played from it. */
export function renderHiddenHand(count, name, played) {
  const backs = h(
    "div",
    { class: "hidden-hand", role: "img", "aria-label": `${strings.opponentHand(name)}: ${strings.handCount(count)}` },
    Array.from({ length: count }, () => cardBack("small")),
  );
  return h(
    "div",
    { class: "hidden-hand-wrap" },
    backs,
    played ? h("div", { class: "played-card flash", dataset: { played } }, cardFace(played)) : null,
  );
}
