"""A slow, brute-force reference for Classic two-player Cassino legal moves.

Written from the rule text alone (RULES.md part 1 and part 2, sections 4-9), independently of
``cassino_core.movegen``, so that the two can be checked against each other on random positions.
It favours being obviously right over being fast: every candidate move is built by enumeration and
then every rule is checked as a separate filter.

Sources (keys as in RULES.md §0):

* Capture: a numeral of value v takes any set of pairwise-disjoint groups, each a build of value v
  or loose numerals adding up to v; partial captures are legal [PAG §5.1, §5.2][FOS][S002][S004].
  Builds are taken only whole and only with their value [PAG][FOS][S000][S004] (§5.4).
* Court cards pair only with their own rank: one at a time [PAG][S002][S004], one or three [S000],
  or all of them [FOS] (switch ``court_capture``) (§5.3).
* Building must use the played card [PAG][S004]; courts never build (§6.1). Single and multiple
  builds, "3 on 3" gives both [PAG][S000][S002] (§6.2, §6.3). Raising a single build with the hand
  card alone, optionally gathering groups of the new value [PAG][S004] (§6.4; switch
  ``raise_own_build``, DICK67/USPC98 forbid raising your own). Adding to a build of the same value
  [PAG][FOS][S000][S004] (§6.5). A play changes at most one existing build (§6.6).
* Keep-card rule: the owner of a build must keep a card of its value [PAG][S004] (§6.1, §7).
* Builder restrictions: no trail while owning a build [PAG][S002][FOS] and WIKI variants 2 and 3
  (switch ``builder_restriction``) (§7). Trailing is otherwise free [PAG][S004] unless capturing is
  compulsory [BRIT] (switch ``capture_compulsory``) (§5.2, §9).
* Two builds of one value may be forbidden [WIKI variant 3] (switch ``same_value_builds``) (§6.7).

Cards are plain strings such as ``"AS"``, ``"TD"``, ``"QH"``. A move is a canonical tuple::

    ("trail", "5C")
    ("capture", "7H", frozenset({"3C", "4D"}))
    ("build", "3H", 8, frozenset({"5D"}))

where the frozenset holds every table card the move uses (the cards of any build it touches too).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain, combinations, product
from math import comb
from typing import NamedTuple

RANK_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
COURTS = "JQK"
BUILDER_RESTRICTIONS = ("no_trail", "may_trail", "wiki2", "wiki3")
COURT_CAPTURES = ("one", "one_or_three", "all")


class RefBuild(NamedTuple):
    """A build on the table: its capture value, single or multiple, its owner seat, its cards."""

    value: int
    multiple: bool
    owner: int
    cards: frozenset[str]


def value(card: str) -> int | None:
    """The numeral value of a card (A=1 ... T=10), or None for a court card (J, Q, K)."""
    return RANK_VALUES.get(card[0])


def splittable_subsets(
    cards: Sequence[str], target: int, played: str | None = None
) -> list[frozenset[str]]:
    """Every subset S of ``cards`` such that S, plus the ``played`` card if one is given, splits
    into disjoint groups of numerals each adding up to ``target``. Each S is listed once; without
    ``played`` the empty set is listed too.

    Whether a set of cards splits depends only on how many cards of each value it holds, so the
    search runs on count vectors (``_splittable_counts``) and each vector found is expanded into
    every choice of actual cards with those counts.
    """
    by_value, played_value = _by_value(cards, target, played)
    values = tuple(sorted(by_value))
    available = tuple(len(by_value[v]) + (v == played_value) for v in values)
    found: list[frozenset[str]] = []
    for counts in _splittable_counts(values, available, target):
        choices = []
        for card_value, count in zip(values, counts, strict=True):
            if card_value == played_value:
                count -= 1  # one card of this value is the played card
            choices.append(combinations(by_value[card_value], count) if count >= 0 else [])
        found += [frozenset(chain.from_iterable(choice)) for choice in product(*choices)]
    return found


def count_splittable(cards: Sequence[str], target: int, played: str | None = None) -> int:
    """``len(splittable_subsets(cards, target, played))`` without listing the subsets (cheap; the
    tests use it to keep their running time bounded)."""
    by_value, played_value = _by_value(cards, target, played)
    values = tuple(sorted(by_value))
    available = tuple(len(by_value[v]) + (v == played_value) for v in values)
    total = 0
    for counts in _splittable_counts(values, available, target):
        ways = 1
        for card_value, count in zip(values, counts, strict=True):
            count -= card_value == played_value
            ways *= comb(len(by_value[card_value]), count) if count >= 0 else 0
        total += ways
    return total


def _by_value(
    cards: Sequence[str], target: int, played: str | None
) -> tuple[dict[int, list[str]], int | None]:
    """The numerals of ``cards`` worth at most ``target``, by value (the played card's value is
    always a key), and the played card's value."""
    by_value: dict[int, list[str]] = {}
    for card in cards:
        card_value = value(card)
        if card_value is not None and card_value <= target:
            by_value.setdefault(card_value, []).append(card)
    played_value = None if played is None else value(played)
    if played_value is not None:
        by_value.setdefault(played_value, [])
    return by_value, played_value


@cache
def _splittable_counts(
    values: tuple[int, ...], available: tuple[int, ...], target: int
) -> frozenset[tuple[int, ...]]:
    """Every count vector ``k <= available`` (``k[i]`` cards of value ``values[i]``) whose cards
    split into groups each adding up to ``target``, the zero vector included.

    Grown from nothing one group (a count vector adding up to ``target``) at a time, so each
    vector found is a sum of groups, and every sum of groups is reached.
    """
    groups: list[tuple[int, ...]] = []

    def extend(i: int, group: tuple[int, ...], total: int) -> None:
        if i == len(values):
            if total == target:
                groups.append(group)
            return
        for count in range(available[i] + 1):
            if total + count * values[i] > target:
                break
            extend(i + 1, (*group, count), total + count * values[i])

    if target > 0:
        extend(0, (), 0)
    zero = tuple(0 for _ in values)
    found = {zero}
    todo = [zero]
    while todo:
        counts = todo.pop()
        for group in groups:
            bigger = tuple(c + g for c, g in zip(counts, group, strict=True))
            if bigger not in found and all(b <= a for b, a in zip(bigger, available, strict=True)):
                found.add(bigger)
                todo.append(bigger)
    return frozenset(found)


def reference_moves(
    hand: Sequence[str],
    loose: Sequence[str],
    builds: Sequence[RefBuild],
    mover: int,
    *,
    court_capture: str = "one",
    capture_compulsory: bool = False,
    builder_restriction: str = "no_trail",
    raise_own_build: bool = True,
    same_value_builds: bool = True,
) -> set[tuple[object, ...]]:
    """The set of legal moves, as canonical tuples, for seat ``mover`` holding ``hand``.

    ``loose`` are the loose table cards; ``builds`` the builds on the table. Switch values are
    those of RULES.md part 1 (Classic defaults). Raises ValueError on an unknown switch value.
    """
    if court_capture not in COURT_CAPTURES:
        raise ValueError(f"court_capture={court_capture!r}")
    if builder_restriction not in BUILDER_RESTRICTIONS:
        raise ValueError(f"builder_restriction={builder_restriction!r}")
    mine = [b for b in builds if b.owner == mover]
    owns_build = bool(mine)
    numerals = [c for c in loose if value(c) is not None]
    rest_values = {card: {value(c) for c in hand if c != card} for card in hand}

    def keeps_cards(card: str, gone: Sequence[RefBuild], new_value: int | None) -> bool:
        """Keep-card rule: after playing ``card`` the rest of the hand holds the value of every
        build the mover owns that is still on the table (``gone`` are the builds this move takes
        or changes; ``new_value`` is the value of the build the move leaves the mover owning)."""
        kept = rest_values[card]
        needed = {b.value for b in mine if b not in gone}
        if new_value is not None:
            needed.add(new_value)
        return needed <= kept

    def restriction_allows(kind: str, touched: Sequence[RefBuild]) -> bool:
        """The builder restriction (§7), for a move of ``kind`` touching builds ``touched``."""
        if not owns_build:
            return True
        touches_own = any(b.owner == mover for b in touched)
        if builder_restriction == "no_trail":
            return kind != "trail"
        if builder_restriction == "may_trail":
            return True
        if builder_restriction == "wiki2":
            return touches_own
        # wiki3: no trail; a capture must take one of the mover's builds; any build move is fine.
        return kind == "build" or (kind == "capture" and touches_own)

    def add_builds(
        card: str, target: int, gathered: list[frozenset[str]], old: RefBuild | None
    ) -> None:
        """Record Build(card, target, g + old's cards) for each g in ``gathered`` if the
        remaining rules allow a build of ``target`` with ``card`` on ``old`` (None: a new one)."""
        if not same_value_builds and any(b.value == target for b in builds if b is not old):
            return
        touched = [] if old is None else [old]
        if keeps_cards(card, touched, target) and restriction_allows("build", touched):
            old_cards = frozenset[str]() if old is None else old.cards
            moves.update(("build", card, target, g | old_cards) for g in gathered)

    moves: set[tuple[object, ...]] = set()
    for card in hand:
        card_value = value(card)

        # Captures.
        takes: list[frozenset[str]] = []
        if card_value is None:
            same_rank = [c for c in loose if c[0] == card[0]]
            if court_capture == "one":
                takes = [frozenset({c}) for c in same_rank]
            elif court_capture == "one_or_three":
                takes = [frozenset({c}) for c in same_rank]
                if len(same_rank) == 3:
                    takes.append(frozenset(same_rank))
            elif same_rank:
                takes = [frozenset(same_rank)]
            if not (keeps_cards(card, [], None) and restriction_allows("capture", [])):
                takes = []
        else:
            loose_parts = splittable_subsets(numerals, card_value)
            capturable = [b for b in builds if b.value == card_value]
            for taken_builds in subsets(capturable):
                if keeps_cards(card, taken_builds, None) and restriction_allows(
                    "capture", taken_builds
                ):
                    build_cards = frozenset[str]().union(*(b.cards for b in taken_builds))
                    takes += [part | build_cards for part in loose_parts if part or build_cards]
        moves.update(("capture", card, take) for take in takes)

        # Trail.
        if (
            keeps_cards(card, [], None)
            and restriction_allows("trail", [])
            and not (capture_compulsory and takes)
        ):
            moves.add(("trail", card))

        # Builds. The keep-card rule needs another card of the build's value in hand, so only
        # those values are tried (add_builds checks the rule again anyway).
        if card_value is None:
            continue
        for target in sorted(v for v in rest_values[card] if v is not None and v >= card_value):
            # Loose cards L such that L plus the played card split into groups of the target.
            with_card = splittable_subsets(numerals, target, played=card)
            # (a) a new build from the played card and loose cards; the played card alone would
            # be a trail, not a build.
            add_builds(card, target, [g for g in with_card if g], None)
            for old in builds:
                # (b) adding to a build of the same value: the played card, alone or with loose
                # cards, makes the value again; further loose groups may be gathered.
                if old.value == target:
                    add_builds(card, target, with_card, old)
                # (c) raising a single build with the played card alone, gathering loose groups
                # of the new value.
                if not old.multiple and old.value + card_value == target:
                    if not raise_own_build and old.owner == mover:
                        continue
                    add_builds(card, target, splittable_subsets(numerals, target), old)
    return moves


def subsets(items: Sequence[RefBuild]) -> list[tuple[RefBuild, ...]]:
    """All subsets of ``items`` (as tuples), the empty one included."""
    result: list[tuple[RefBuild, ...]] = [()]
    for item in items:
        result += [(*s, item) for s in result]
    return result
