"""Capture modes of the fishing games and compulsory capture [FAMILY.md §3 "Capture modes",
"Priority and compulsion"].

A capture takes table cards with the card played. The modes written here:

- ``"match_or_sum"`` (Scopa, Scopone, Hurricane [V]): the played card takes one table card of
  equal value, or one set of two or more table cards whose values add up to its value; **when a
  single card of equal value lies on the table it must be taken, not a sum** (``match_first``).
  Several equal cards: one of them is chosen. Several sets: one is chosen. One card or one set
  per play.
- ``"fifteen"`` (Escoba; for the next game): one set of table cards that makes ``total`` (15)
  together with the played card's value. No match priority.

With ``compulsory`` (Scopa [V]), a card that can capture may not be trailed: trailing is legal
only for a card with no capture (the player still chooses which card to play).

Several disjoint groups at once (Basra, Tablić [V]): :func:`group_unions` (one value per
card), :func:`group_unions_of` (cards of several values, Tablić's ace 1 or 11, or none),
:func:`splits_into_groups` (checks one proposed set), :func:`best_group_union` (the heaviest
set, for computer players), :func:`fitting_unions` (the unions that take some chosen cards,
counted and sampled without listing them: the page's way through a crowded table).

``captures(value, table, ...)`` lists the legal capture sets of one played card; the fast
generator walks the table by value with pruning and never lists a set twice. Tests check it
against a brute force over every subset (tests/engine/test_scopa_reference.py).

>>> from ..cards import parse_cards
>>> table = parse_cards(["5C", "3H", "2S"])
>>> [sorted(map(str, s)) for s in captures(5, table, value_of=lambda c: c.rank)]
[['5C']]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Literal

from ..cards import Card

__all__ = ["BEST_UNION_GROUPS", "BEST_UNION_STATES", "MODES", "UNION_STEPS", "CaptureMode",
           "best_group_union", "can_capture", "captures", "fitting_unions", "group_masks",
           "group_unions", "group_unions_of", "splits_into_groups", "subsets_making",
           "takes_pile"]

CaptureMode = Literal["match_or_sum", "fifteen"]
MODES: Final[tuple[str, ...]] = ("match_or_sum", "fifteen")


def subsets_making(total: int, table: Sequence[Card], value_of: Callable[[Card], int],
                   min_size: int = 1) -> list[frozenset[Card]]:
    """Every set of ``table`` cards whose values add up to ``total``, with at least
    ``min_size`` cards; in a fixed order (by the table's order of the cards chosen)."""
    cards = [(value_of(c), c) for c in table]
    out: list[frozenset[Card]] = []
    chosen: list[Card] = []
    # suffix sums let a branch stop when the rest cannot reach the total
    suffix = [0] * (len(cards) + 1)
    for i in range(len(cards) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + cards[i][0]

    def walk(i: int, left: int) -> None:
        if left == 0:
            if len(chosen) >= min_size:
                out.append(frozenset(chosen))
            return
        if i == len(cards) or suffix[i] < left:
            return
        value, card = cards[i]
        if value <= left:
            chosen.append(card)
            walk(i + 1, left - value)
            chosen.pop()
        walk(i + 1, left)

    if total > 0:
        walk(0, total)
    return out


def captures(value: int, table: Sequence[Card], *, value_of: Callable[[Card], int],
             mode: CaptureMode = "match_or_sum", match_first: bool = True,
             total: int = 15) -> list[frozenset[Card]]:
    """The sets of table cards a card of ``value`` may take (empty: it can take nothing).

    ``"match_or_sum"``: each single table card of equal value; and, unless ``match_first`` and
    such a card exists, each set of two or more cards adding up to ``value``.
    ``"fifteen"``: each set of one or more table cards adding up to ``total - value``.
    """
    if mode == "fifteen":
        return subsets_making(total - value, table, value_of)
    singles = [frozenset((c,)) for c in table if value_of(c) == value]
    if singles and match_first:
        return singles
    return singles + subsets_making(value, table, value_of, min_size=2)


def heaviest_capture(value: int, table: Sequence[Card], weight: Callable[[Card], float], *,
                     value_of: Callable[[Card], int], mode: CaptureMode = "match_or_sum",
                     match_first: bool = True, total: int = 15) -> tuple[float, bool] | None:
    """What the heaviest set of :func:`captures` weighs (the sum of ``weight`` over its cards)
    and whether the whole table is one of the sets; None when a card of ``value`` takes
    nothing. The same answer as listing :func:`captures`, by a table of sums instead (a
    crowded table has millions of sets: issue 17).

    >>> v = lambda c: min(c.rank, 10)
    >>> t = [Card.parse(c) for c in ("2S", "3D", "5C", "AH")]
    >>> heaviest_capture(5, t, lambda c: 1.0, value_of=v)
    (1.0, False)
    >>> heaviest_capture(4, t, lambda c: 1.0, value_of=v, mode="fifteen")
    (4.0, True)
    """
    values = [value_of(c) for c in table]
    weights = [weight(c) for c in table]
    none = float("-inf")  # a sum no set makes
    if mode == "fifteen":
        goal = total - value
        if goal <= 0:
            return None
        best = [0.0] + [none] * goal
        for v, w in zip(values, weights, strict=True):
            for s in range(goal, v - 1, -1):
                best[s] = max(best[s], best[s - v] + w)
        if best[goal] == none:
            return None
        return best[goal], sum(values) == goal
    singles = [w for v, w in zip(values, weights, strict=True) if v == value]
    whole_single = len(table) == 1 and bool(singles)
    if singles and match_first:
        return max(singles), whole_single
    # Sets of two or more adding up to ``value``: the heaviest of one card and of several.
    one = [none] * (value + 1)
    many = [none] * (value + 1)
    for v, w in zip(values, weights, strict=True):
        if not 0 < v <= value:
            continue
        for s in range(value, v - 1, -1):
            many[s] = max(many[s], one[s - v] + w, many[s - v] + w)
        one[v] = max(one[v], w)
    heaviest = max([*singles, many[value]], default=none)
    if heaviest == none:
        return None
    whole = whole_single or (len(table) >= 2 and sum(values) == value)
    return heaviest, whole


def heaviest_listed(sets: Sequence[frozenset[Card]], table: Sequence[Card],
                    weight: Callable[[Card], float]) -> tuple[float, bool] | None:
    """:func:`heaviest_capture` from the sets listed (for capture rules it does not know)."""
    if not sets:
        return None
    return max(sum(weight(c) for c in s) for s in sets), frozenset(table) in sets


def can_capture(value: int, table: Sequence[Card], *, value_of: Callable[[Card], int],
                mode: CaptureMode = "match_or_sum", total: int = 15) -> bool:
    """True when a card of ``value`` has at least one capture (what compulsory capture asks)."""
    return bool(captures(value, table, value_of=value_of, mode=mode, total=total))


def takes_pile(card: Card, top: Card | None, *, wild_rank: int = 11) -> bool:
    """Pile matching, capture mode (d) of FAMILY.md §3 (Pishti, Xeri [V]): only the top card
    of the pile counts; a card of its rank, or any card of ``wild_rank`` (the jack), takes the
    whole pile. An empty pile (``top`` None) is never taken: the card starts a new pile.

    >>> nine, king = Card.parse("9D"), Card.parse("KS")
    >>> takes_pile(nine, Card.parse("9H")), takes_pile(king, Card.parse("4C"))
    (True, False)
    >>> takes_pile(Card.parse("JS"), Card.parse("5H")), takes_pile(Card.parse("JS"), None)
    (True, False)
    """
    if top is None:
        return False
    return card.rank == top.rank or card.rank == wild_rank


def group_unions(value: int, table: Sequence[Card],
                 value_of: Callable[[Card], int | None]) -> list[frozenset[Card]]:
    """Several groups at once (Basra [V], FAMILY.md §5.3; Cassino's pairing and combining
    without builds): every non-empty set of table cards that splits into disjoint groups,
    each group one card of ``value`` or two or more cards whose values add up to ``value``.
    Cards whose value is None (courts that only pair) never join a sum.

    Each set is listed once, in a fixed order (by the table positions of its cards). The
    groups of a set are not part of the answer: taking them is the same move.

    >>> t = [Card.parse(c) for c in ("5C", "2S", "3H", "5D")]
    >>> [" ".join(str(c) for c in t if c in s) for s in group_unions(5, t, lambda c: c.rank)]
    ['5C', '5C 2S 3H', '5C 2S 3H 5D', '5C 5D', '2S 3H', '2S 3H 5D', '5D']
    """
    def values_of(card: Card) -> tuple[int, ...]:
        v = value_of(card)
        return () if v is None else (v,)

    return group_unions_of(value, table, values_of)


def group_masks(value: int, table: Sequence[Card],
                values_of: Callable[[Card], Sequence[int]]) -> list[int]:
    """The groups of ``table`` cards worth ``value``, as bit masks of table positions, in
    increasing order: each card one of whose values is ``value``, and each set of two or more
    cards that add up to ``value`` with one value chosen for each card (a card with two
    values, Tablić's ace 1 or 11, may count either way; a card with none never joins)."""
    options = [tuple(values_of(c)) for c in table]
    low = [min(o) if o else 0 for o in options]
    suffix = [0] * (len(table) + 1)
    for i in range(len(table) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + (max(options[i]) if options[i] else 0)
    found: set[int] = {1 << i for i, o in enumerate(options) if value in o}

    def walk(i: int, left: int, mask: int, size: int) -> None:
        if left == 0:
            if size >= 2:
                found.add(mask)
            return
        if i == len(table) or suffix[i] < left:
            return
        if options[i] and low[i] <= left:
            for v in set(options[i]):
                if v <= left:
                    walk(i + 1, left - v, mask | 1 << i, size + 1)
        walk(i + 1, left, mask, size)

    if value > 0:
        walk(0, value, 0, 0)
    return sorted(found)


def group_unions_of(value: int, table: Sequence[Card],
                    values_of: Callable[[Card], Sequence[int]]) -> list[frozenset[Card]]:
    """:func:`group_unions` for cards that may have several values (or none): every
    non-empty union of disjoint groups of :func:`group_masks`, each listed once, in the
    order of the table positions of its cards (Tablić [V: pagat; FAMILY.md §5.4], where an
    ace counts 1 or 11 in each group as the player wishes).

    >>> t = [Card.parse(c) for c in ("AH", "TC")]
    >>> ace = lambda c: (1, 11) if c.rank == 1 else (c.rank,)
    >>> [" ".join(str(c) for c in t if c in s) for s in group_unions_of(11, t, ace)]
    ['AH', 'AH TC']
    """
    groups = group_masks(value, table, values_of)
    found: set[int] = set()

    def walk(start: int, used: int) -> None:
        for i in range(start, len(groups)):
            if not groups[i] & used:
                union = used | groups[i]
                found.add(union)
                walk(i + 1, union)

    walk(0, 0)

    def order(mask: int) -> list[int]:
        return [i for i in range(len(table)) if mask >> i & 1]

    return [frozenset(table[i] for i in order(m)) for m in sorted(found, key=order)]


def splits_into_groups(value: int, cards: Sequence[Card],
                       values_of: Callable[[Card], Sequence[int]]) -> bool:
    """True when all of ``cards`` split into disjoint groups of :func:`group_masks` (each one
    card of ``value``, or two or more adding up to it): the check of one proposed capture,
    without listing every other.

    >>> ace = lambda c: (1, 11) if c.rank == 1 else (c.rank,)
    >>> cards = [Card.parse(c) for c in ("AH", "TC", "5S", "6D")]
    >>> splits_into_groups(11, cards, ace), splits_into_groups(11, cards[:3], ace)
    (True, False)
    """
    if not cards:
        return False
    groups = group_masks(value, cards, values_of)
    full = (1 << len(cards)) - 1
    by_low: dict[int, list[int]] = {}
    for g in groups:
        by_low.setdefault(g & -g, []).append(g)   # each group under its lowest card
    failed: set[int] = set()   # the packings already known not to extend to all the cards

    def cover(used: int) -> bool:
        if used == full:
            return True
        if used in failed:
            return False
        low = ~used & (used + 1)   # the lowest card not yet in a group
        # A group holding the lowest free card holds no lower card, so it is keyed by it.
        if any(not g & used and cover(used | g) for g in by_low.get(low, ())):
            return True
        failed.add(used)
        return False

    return cover(0)


BEST_UNION_STATES: Final = 50_000
"""The most states :func:`best_group_union` weighs exactly before it packs greedily."""

BEST_UNION_GROUPS: Final = 300
"""The most groups :func:`best_group_union` weighs exactly: its search goes one call deeper
per group, and a 30-card Tablić table has over a thousand groups of 14 (past Python's
recursion limit: the hint answered ``internal``); with more it packs greedily."""


class _TooMany(Exception):
    """:func:`best_group_union` met more than :data:`BEST_UNION_STATES` states."""


def best_group_union(value: int, table: Sequence[Card],
                     values_of: Callable[[Card], Sequence[int]],
                     weight: Callable[[Card], float]) -> frozenset[Card]:
    """The union of disjoint groups of :func:`group_masks` whose cards weigh the most
    (``weight`` of each card; ties to the earlier packing found); empty when no group is
    worth ``value``. What a computer player takes without listing every union. Exact while
    it weighs at most :data:`BEST_UNION_STATES` states of at most :data:`BEST_UNION_GROUPS`
    groups; beyond that (crowded tables, issue 17: a 28-card Tablić table ran out of memory,
    a 30-card one out of stack) the heaviest groups are taken first, each while it fits.

    >>> ace = lambda c: (1, 11) if c.rank == 1 else (c.rank,)
    >>> t = [Card.parse(c) for c in ("5S", "6D", "AH", "TC", "KD")]
    >>> sorted(map(str, best_group_union(11, t, ace, lambda c: 1.0)))
    ['5S', '6D', 'AH', 'TC']
    """
    groups = group_masks(value, table, values_of)
    if not groups:
        return frozenset()
    w = [weight(c) for c in table]
    mass = [sum(w[i] for i in range(len(table)) if g >> i & 1) for g in groups]
    # Only the used cards that a later group can still touch tell two states apart.
    reach = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        reach[i] = reach[i + 1] | groups[i]
    memo: dict[tuple[int, int], tuple[float, int]] = {}

    def best(i: int, used: int) -> tuple[float, int]:
        if i == len(groups):
            return 0.0, 0
        used &= reach[i]
        key = (i, used)
        if key not in memo:
            if len(memo) >= BEST_UNION_STATES:
                raise _TooMany
            found = best(i + 1, used)
            if not groups[i] & used:
                got, mask = best(i + 1, used | groups[i])
                if got + mass[i] > found[0]:
                    found = (got + mass[i], mask | groups[i])
            memo[key] = found
        return memo[key]

    try:
        if len(groups) > BEST_UNION_GROUPS:
            raise _TooMany
        mask = best(0, 0)[1]
    except _TooMany:
        # A crowded table: the heaviest groups first, each kept when it fits.
        mask = 0
        for i in sorted(range(len(groups)), key=lambda k: -mass[k]):
            if not groups[i] & mask:
                mask |= groups[i]
    return frozenset(c for i, c in enumerate(table) if mask >> i & 1)


UNION_STEPS: Final = 200_000
"""The most search steps :func:`fitting_unions` takes before it stops counting (a table whose
groups overlap in many ways can repeat one union through many packings)."""


class _Stop(Exception):
    """:func:`fitting_unions` counted past its cap or ran out of steps."""


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _order_key(mask: int) -> tuple[int, list[int]]:
    """Fewest cards first, then by table positions."""
    return mask.bit_count(), _bits(mask)


def fitting_unions(group_lists: Sequence[Sequence[int]], picked: int, cap: int, listed: int,
                   steps: int = UNION_STEPS) -> tuple[list[int], int, int, bool]:
    """What the capture unions that take every card of ``picked`` look like, without listing
    them all: the page's way through a crowded Tablić table (issue 17).

    A union is a non-empty set of table positions that splits into disjoint groups of one of
    ``group_lists`` (each a :func:`group_masks` list for one value the played card may take,
    as bit masks of table positions; Tablić's played ace has two, 1 and 11, and every group
    of one capture uses the same [V: pagat, FAMILY.md §5.4]). ``picked`` is a mask too.

    Returns ``(fitting, extendable, count, exact)``:

    - ``fitting``: up to ``listed`` fitting unions, the fewest cards first (a union that is
      exactly ``picked`` leads when it is one). When ``exact``, the first of them all; else
      drawn from the packings that cover ``picked`` and those with one group more (any
      fitting union is still reached by picking its cards).
    - ``extendable``: the mask of the table positions outside ``picked`` that some fitting
      union takes (every such position, unless the search ran out of steps, when every
      position of a group disjoint from a found packing is given).
    - ``count``: the fitting unions counted, each once, stopping at ``cap + 1``.
    - ``exact``: True when ``count`` is their number (not cut by ``cap`` or ``steps``).

    Its cost grows with the groups and ``cap``, not with the number of unions.

    >>> groups = [[0b001, 0b010, 0b100]]   # three cards, each a group of its own
    >>> fitting_unions(groups, 0b001, 100, 6)
    ([1, 3, 5, 7], 6, 4, True)
    >>> fitting_unions(groups, 0, 3, 2)[2:]
    (4, False)
    """
    found: set[int] = set()
    covers: set[int] = set()
    budget = [steps]
    exact = True

    def tick() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _Stop

    def add(union: int) -> None:
        if union and union not in found:
            found.add(union)
            if len(found) > cap:
                raise _Stop

    extendable = 0
    for groups in group_lists:
        reach = 0
        for g in groups:
            reach |= g
        if picked & ~reach:
            continue   # a picked card that no group of this value holds
        can = _Coverer(groups, tick)
        here: set[int] = set()
        seen: set[tuple[int, int]] = set()

        def cover(used: int, left: int, can: _Coverer = can, here: set[int] = here,
                  seen: set[tuple[int, int]] = seen) -> None:
            # Only into packings that can still be completed, and each once (two packings
            # of the same cards go on alike): the work follows what is found.
            if (used, left) in seen:
                return
            seen.add((used, left))
            tick()
            if not left:
                here.add(used)
                if len(here) > cap + 1:   # (one more: the empty packing of nothing picked)
                    raise _Stop
                return
            for g in can.holding(left & -left):
                if not g & used and can.completes(used | g, left & ~g):
                    cover(used | g, left & ~g)

        try:
            if can.completes(0, picked):
                cover(0, picked)
        except _Stop:
            exact = False
        covers |= here
        # The positions some fitting union takes: those of a packing of ``picked``, and
        # those of any group that misses one of them.
        pending = [g for g in groups if g & ~picked]
        for used in here:
            extendable |= used
            pending = [g for g in pending if g & ~extendable]
            for g in pending:
                if not g & used:
                    extendable |= g
            if not pending:
                break
        if not exact:
            # Not every packing was seen: ask of each other position alone, each question
            # with steps of its own (the count's are spent).
            for i in _bits(reach & ~picked & ~extendable):
                allowance = [steps // 8]

                def own_tick(allowance: list[int] = allowance) -> None:
                    allowance[0] -= 1
                    if allowance[0] < 0:
                        raise _Stop

                can.tick = own_tick
                try:
                    if can.completes(0, picked | 1 << i):
                        extendable |= 1 << i
                except _Stop:
                    extendable |= 1 << i   # unknown: lit, and the engine checks the move

        def extend(start: int, used: int, groups: Sequence[int] = groups) -> None:
            for i in range(start, len(groups)):
                tick()
                g = groups[i]
                if not g & used:
                    add(used | g)
                    extend(i + 1, used | g)

        if exact:
            try:
                for used in sorted(here, key=_order_key):
                    add(used)
                    extend(0, used)
            except _Stop:
                exact = False
    if exact:
        return (sorted(found, key=_order_key)[:listed], extendable & ~picked, len(found),
                True)
    # The fewest cards first: the packings themselves, then each with one group more.
    near = set(covers)
    for used in sorted(covers, key=_order_key)[:listed]:
        for groups in group_lists:
            near.update(used | g for g in groups if not g & used)
    near.discard(0)
    fitting = sorted(near, key=_order_key)[:listed]
    count = max(len(found), len(covers - {0}))
    return fitting, extendable & ~picked, min(count, cap + 1), exact


class _Coverer:
    """Whether some cards can be packed into disjoint groups from a list (masks), with the
    packings already known to fail remembered."""

    def __init__(self, groups: Sequence[int], tick: Callable[[], None]) -> None:
        self.groups = groups
        self.tick = tick
        self.by_bit: dict[int, list[int]] = {}
        self.failed: set[tuple[int, int]] = set()

    def holding(self, bit: int) -> list[int]:
        """The groups that hold the position ``bit`` (a one-bit mask)."""
        found = self.by_bit.get(bit)
        if found is None:
            found = self.by_bit[bit] = [g for g in self.groups if g & bit]
        return found

    def completes(self, used: int, left: int) -> bool:
        """True when the positions ``left`` can be packed into groups that miss ``used``
        and each other (each answer depends on both, so the failures stay true)."""
        if not left:
            return True
        if (used, left) in self.failed:
            return False
        self.tick()
        for g in self.holding(left & -left):
            if not g & used and self.completes(used | g, left & ~g):
                return True
        self.failed.add((used, left))
        return False
