// The felt: loose cards and builds (each a button), and the stock.

import { strings } from "./strings.js";
import { h } from "./dom.js";
import { cardBack, cardFace, cardName, cardPhrase, cardShort, sortCards, spoken } from "./cards.js";
import { wordsList } from "./declension.js";
import { tableItems } from "./selection.js";
import { moreCardsSigns } from "./tablemore.js";

/**
 * @param view the engine's view
 * @param {object} ui {selectedCard, selectedIds:Set, selectable:Set, active:boolean, highlight:Set,
 *            recent:Set, hinted:Set (table cards of a hint's move), names:string[], onItem(item)}
 */
export function renderTable(view, ui) {
  const items = tableItems(view);
  const list = h("ul", { class: "table-items", "aria-label": strings.table });
  for (const item of items) {
    list.append(h("li", {}, itemButton(view, item, ui)));
  }
  if (items.length === 0) list.append(h("li", { class: "table-empty" }, strings.tableEmpty));

  const stock = h(
    "div",
    { class: "stock", role: "img", "aria-label": strings.stockCount(view.stock), dataset: { stock: view.stock } },
    view.stock > 0 ? h("span", { class: "stock-pile" }, cardBack(), cardBack("offset")) : h("span", { class: "stock-empty" }),
    h("span", { class: "stock-count" }, `${strings.stock}: ${view.stock}`),
  );

  const [above, below] = moreCardsSigns();
  return h("section", { class: "felt", "aria-label": strings.table }, above, list, stock, below);
}

function itemButton(view, item, ui) {
  const selected = ui.selectedIds.has(item.id);
  // With a hand card chosen, only items some legal move could use are offered.
  const usable = ui.active && (!ui.selectedCard || ui.selectable.has(item.id));
  const flash = item.cards.some((c) => ui.highlight.has(c));
  const recent = item.cards.some((c) => ui.recent.has(c));
  const hinted = Boolean(ui.hinted) && item.cards.some((c) => ui.hinted.has(c));
  const classes = [
    "table-item",
    item.kind,
    selected ? "selected" : "",
    ui.selectedCard && ui.active && usable && !selected ? "candidate" : "",
    ui.selectedCard && !usable ? "unusable" : "",
    flash ? "flash" : "",
    recent ? "recent" : "",
    hinted ? "hinted" : "",
  ].join(" ");
  const common = {
    type: "button",
    class: classes,
    "aria-pressed": selected ? "true" : "false",
    "aria-disabled": usable ? null : "true",
    title: ui.selectedCard && !usable ? strings.notPartOfMove : null,
    onclick: () => ui.onItem(item),
  };

  if (item.kind === "loose") {
    const card = item.cards[0];
    return h(
      "button",
      { ...common, dataset: { card, item: item.id, key: item.id, hinted: hinted ? "true" : null } },
      spoken(cardName(card)),
      cardFace(card),
    );
  }

  const b = item.build;
  const yours = b.owner === view.seat;
  const ownerWord = yours ? strings.yours : strings.theirs(ui.names[b.owner] || strings.player(b.owner));
  const kind = b.multiple ? strings.multiple : strings.single;
  const cards = sortCards(b.cards);
  // A build of court cards ("building jacks") is named by its rank, not by the number 11-13.
  // The build's cards are an enumeration after a colon in its label: commas only.
  const label = (b.court ? strings.courtBuildLabel : strings.buildLabel)(b.value, kind, ownerWord, wordsList(cards.map(cardPhrase)));
  const groups = (b.groups && b.groups.length ? b.groups : [b.cards]).map((g) =>
    h("span", { class: "build-group" }, sortCards(g).map((c) => cardFace(c, "stacked"))),
  );
  return h(
    "button",
    {
      ...common,
      class: `${classes} ${yours ? "own" : "their"} ${b.multiple ? "multi" : "single"}`,
      title: common.title || cards.map(cardShort).join(" "),
      dataset: {
        hinted: hinted ? "true" : null,
        cards: cards.join(" "),
        item: item.id,
        key: item.id,
        value: b.value,
        owner: b.owner,
        multiple: b.multiple ? "true" : "false",
        raisable: b.raisable ? "true" : "false",
      },
    },
    spoken(label),
    h("span", { class: "build-cards" }, groups),
    h(
      "span",
      { class: "build-badge", "aria-hidden": "true" },
      h("span", { class: "build-value" }, b.court ? strings.courtBuildNames[b.value] || strings.buildBadge(b.value) : strings.buildBadge(b.value)),
      h("span", { class: "build-kind" }, kind),
      h("span", { class: "build-owner" }, yours ? strings.you : ui.names[b.owner]),
      b.raisable ? h("span", { class: "build-raisable", title: strings.raisable }, `↑ ${strings.raisable}`) : null,
    ),
  );
}
