// Matching what the player has clicked against the legal moves the engine offered.
// Nothing here knows a rule of Cassino: a selection is a hand card plus a set of table cards, and
// a move fits when its played card and its `take` (every table card it uses, builds whole) are
// exactly that. The engine's `view.legal_moves` is the only source of what may be played.

/**
 * The table as clickable items: each loose card, and each build as a whole.
 * @returns {{id: string, kind: "loose"|"build", cards: string[], build?: object}[]}
 */
export function tableItems(view) {
  const loose = view.table.loose.map((card) => ({ id: `L:${card}`, kind: "loose", cards: [card] }));
  const builds = view.table.builds.map((build) => ({
    id: `B:${build.cards.join(" ")}`,
    kind: "build",
    cards: build.cards,
    build,
  }));
  return [...loose, ...builds];
}

/** The set of table cards covered by the selected item ids. */
export function selectedCards(items, selectedIds) {
  const cards = new Set();
  for (const item of items) if (selectedIds.has(item.id)) item.cards.forEach((c) => cards.add(c));
  return cards;
}

/** Moves (not trails) whose played card is `card` and whose take is exactly `cards`. */
export function matchingMoves(legal, card, cards) {
  if (!card || cards.size === 0) return [];
  return legal.filter(
    (m) =>
      m.kind !== "trail" &&
      m.card === card &&
      (m.take || []).length === cards.size &&
      (m.take || []).every((c) => cards.has(c)),
  );
}

/**
 * Ids of the table items that can still be added to the selection: some legal move with `card`
 * takes every card already selected plus the item's cards. Selected items are always included
 * (clicking them again removes them).
 */
export function selectableIds(legal, card, items, selectedIds) {
  const ids = new Set(selectedIds);
  if (!card) return ids;
  const chosen = selectedCards(items, selectedIds);
  const moves = legal.filter((m) => m.kind !== "trail" && m.card === card).map((m) => new Set(m.take || []));
  for (const item of items) {
    if (ids.has(item.id)) continue;
    const wanted = [...chosen, ...item.cards];
    if (moves.some((take) => wanted.every((c) => take.has(c)))) ids.add(item.id);
  }
  return ids;
}

/** The trail move for `card`, or null when the engine did not offer one. */
export function trailMove(legal, card) {
  return legal.find((m) => m.kind === "trail" && m.card === card) || null;
}

/** Whether the engine offered any move at all for this hand card. */
export function hasMove(legal, card) {
  return legal.some((m) => m.card === card);
}

/** The move as the `play` request sends it: its canonical fields only. */
export function moveForRequest(move) {
  const out = { kind: move.kind, card: move.card };
  if (move.take !== undefined) out.take = move.take;
  if (move.value !== undefined && move.value !== null) out.value = move.value;
  return out;
}
