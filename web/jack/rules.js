// The rules of California Jack and Shasta Sam as the page explains them, in our own words from
// the project's seed 001 (a Russian description of both games), and the dialog that shows them.
// The engine (cassino_core/calijack) plays the rules; this text only describes them.

import { h } from "../ui/dom.js";
import { createDialog } from "../ui/dialog.js";
import { jackStrings as t } from "./strings.js";

const COMMON = [
  {
    heading: "Players, cards and the deal",
    paragraphs: [
      "Two people play with one 52-card pack. In each suit the ace ranks highest, then king, queen, jack, 10, 9 and so on down to the 2.",
      "The deal alternates between the players. Each gets six cards, handed out one at a time or three at a time, starting with the dealer's opponent. The rest of the pack becomes the stock in the middle of the table.",
    ],
  },
  {
    heading: "Playing a trick",
    paragraphs: [
      "The dealer's opponent leads the first trick with any card. The other player must follow suit if they can; with no card of the suit led they may play a trump or any other card.",
      "The highest trump in the trick wins it; with no trump in it, the higher card of the suit led wins. The winner of a trick leads the next one.",
      "After each trick, while the stock lasts, the winner takes the top card of the stock and then the loser takes the next one, so both hands are back to six cards. When the stock is used up, the last six cards in each hand are played out.",
    ],
  },
  {
    heading: "Scoring a deal",
    paragraphs: [
      "Four points can be won in each deal, one each for: High, winning the ace of trumps in a trick; Low, winning the two of trumps; Jack, winning the jack of trumps; and Game, having the most card points in the tricks you won.",
      "Card points count only for Game: each 10 is worth 10, each ace 4, each king 3, each queen 2 and each jack 1; other cards are worth nothing. The pack holds 80 card points, so 41 always wins Game. When both players have 40, nobody scores Game.",
      "Every card of the pack is played in every deal, so High, Low and Jack are always won by someone.",
    ],
  },
  {
    heading: "Winning the match",
    paragraphs: [
      "The match goes to 10 points (the page lets you choose another target). A deal that has started is always played to the end, even when someone has passed 10 during it.",
      "If both players reach 10 in the same deal, the one whose last point came from Game loses. Otherwise the one with more points wins.",
    ],
  },
  {
    heading: "Revokes",
    paragraphs: [
      "At a real table, a player caught not following suit when they could gives the opponent all four points of the deal. Here that cannot happen: the page only lets you play the cards the rules allow, and the cards you may not play are dimmed.",
    ],
  },
];

export const JACK_RULES = {
  california_jack: {
    title: "California Jack",
    summary: "Tricks for two with a face-up stock: you always see the card the next trick wins.",
    sections: [
      {
        heading: "The face-up stock",
        paragraphs: [
          "After the deal the stock is turned face up, so its top card is always in view. The suit of the card showing on top of the stock at the start of the deal is trumps for that whole deal.",
          "Because the next card to draw is in sight, each trick is a choice: win it to take that card, or lose it on purpose and hope the card under it is better. You also see every card your opponent draws face up, so you know part of their hand; the page shows those cards beside their hand.",
        ],
      },
      ...COMMON,
    ],
  },
  shasta_sam: {
    title: "Shasta Sam",
    summary: "California Jack with the stock face down: the draws are a surprise.",
    sections: [
      {
        heading: "The face-down stock",
        paragraphs: [
          "Shasta Sam differs from California Jack in one rule: the stock stays face down, so nobody knows which card a trick will bring.",
          "Trumps are fixed before the deal: a card is cut from the pack and turned, its suit is trumps for the deal, and the pack is shuffled again before the six cards each are dealt.",
          "You see your own draws only. Skill matters most near the end, once the stock is gone and the last six cards in each hand can be worked out from what has been played.",
        ],
      },
      ...COMMON,
    ],
  },
};

export class JackRulesPanel {
  constructor() {
    this.dialog = createDialog({ name: "jack-rules", title: t.gameRules("") });
  }

  get el() {
    return this.dialog.el;
  }

  /** Opens the rules of `game`; `rules` (the view's rules object, optional) adds the target. */
  open(game, rules = null) {
    const text = JACK_RULES[game] || JACK_RULES.california_jack;
    this.dialog.setTitle(t.gameRules(text.title));
    const parts = [h("p", { class: "rules-summary" }, text.summary)];
    for (const section of text.sections) {
      parts.push(h("section", { class: "rules-section" }, h("h3", {}, section.heading), section.paragraphs.map((p) => h("p", {}, p))));
    }
    if (rules && typeof rules === "object") {
      const items = [];
      if (Number.isInteger(rules.target)) items.push(`${t.targetLabel}: ${rules.target}`);
      if (rules.deal_packet === 1 || rules.deal_packet === 3) items.push(`${t.packetLabel}: ${t.packetNames[rules.deal_packet]}`);
      if (items.length) {
        parts.push(h("section", { class: "rules-section rules-in-force" }, h("h3", {}, "This game"), h("ul", {}, items.map((i) => h("li", {}, i)))));
      }
    }
    this.dialog.body.replaceChildren(h("div", { class: "rules-text", dataset: { game } }, parts));
    this.dialog.open(".dialog-close");
  }
}
