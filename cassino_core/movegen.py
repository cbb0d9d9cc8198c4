"""Legal move generation: every trail, capture and build one seat may make now.

The hard part is finding the sets of loose cards that split into disjoint groups of one sum
(combining [PAG §5.1], multiple builds [PAG §6.3]). Cards of equal value are interchangeable for
sums, so the search runs over *value counts* (how many aces, twos, ... are taken), which is small
even on a crowded table, and only the final answer is expanded into the actual cards. The answer
is a list of distinct moves in canonical order (:func:`cassino_core.moves.move_sort_key`).

The rules implemented, with their switches, are documented on :func:`legal_moves`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, combinations, product

from .cards import Card
from .moves import BuildMove, Capture, Move, Trail, move_sort_key
from .rules import Rules
from .table import Build, card_value

Counts = tuple[int, ...]
"""How many loose numeral cards of each value 1..10 (index 0 is aces)."""

_VALUES = 10


@lru_cache(maxsize=64)
def _groups(target: int) -> tuple[Counts, ...]:
    """Every multiset of values 1..10 adding up to ``target`` (the integer partitions)."""
    found: list[Counts] = []

    def walk(remaining: int, largest: int, counts: list[int]) -> None:
        if remaining == 0:
            found.append(tuple(counts))
            return
        for value in range(min(remaining, largest), 0, -1):
            counts[value - 1] += 1
            walk(remaining - value, value, counts)
            counts[value - 1] -= 1

    walk(target, _VALUES, [0] * _VALUES)
    return tuple(found)


def _fits(part: Counts, counts: Counts) -> bool:
    return all(p <= c for p, c in zip(part, counts, strict=True))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


@lru_cache(maxsize=4096)
def unions(counts: Counts, target: int) -> frozenset[Counts]:
    """Every sub-multiset of ``counts`` that splits into groups each adding up to ``target``.

    The empty multiset is included. Found by a breadth-first walk that adds one group at a time:
    a multiset splits into groups exactly when it is reachable that way.
    """
    zero: Counts = (0,) * _VALUES
    parts = [g for g in _groups(target) if _fits(g, counts)]
    seen = {zero}
    frontier = [zero]
    while frontier:
        nxt: list[Counts] = []
        for state in frontier:
            room = _sub(counts, state)
            for part in parts:
                if _fits(part, room):
                    grown = _add(state, part)
                    if grown not in seen:
                        seen.add(grown)
                        nxt.append(grown)
        frontier = nxt
    return frozenset(seen)


@lru_cache(maxsize=4096)
def unions_with(counts: Counts, played: int, target: int) -> frozenset[Counts]:
    """Sub-multisets L of ``counts`` such that the played value plus L splits into groups of
    ``target``, the played card belonging to one of them (possibly alone when it equals it)."""
    out: set[Counts] = set()
    for group in _groups(target):
        if group[played - 1] == 0:
            continue
        rest = list(group)
        rest[played - 1] -= 1
        first = tuple(rest)
        if not _fits(first, counts):
            continue
        for more in unions(_sub(counts, first), target):
            out.add(_add(first, more))
    return frozenset(out)


class _Loose:
    """The loose numeral cards of a table, by value, for expanding value counts into cards."""

    def __init__(self, loose: Iterable[Card]) -> None:
        self.by_value: list[list[Card]] = [[] for _ in range(_VALUES)]
        for card in loose:
            value = card_value(card)
            if value is not None:
                self.by_value[value - 1].append(card)
        self.counts: Counts = tuple(len(cards) for cards in self.by_value)

    def expand(self, chosen: Counts) -> Iterator[frozenset[Card]]:
        """Every set of actual cards with the chosen number of each value."""
        choices = [combinations(cards, n) for cards, n in zip(self.by_value, chosen, strict=True)
                   if n]
        for picks in product(*choices):
            yield frozenset(chain.from_iterable(picks))


def _powerset(items: Sequence[Build]) -> Iterator[tuple[Build, ...]]:
    for size in range(len(items) + 1):
        yield from combinations(items, size)


def captures_for(card: Card, rules: Rules, loose: Sequence[Card], builds: Sequence[Build],
                 table: _Loose) -> list[Capture]:
    """Every capture ``card`` can make (before ownership filters).

    A numeral card takes any non-empty collection of disjoint groups: a loose card of its value
    (pairing), loose numeral cards adding up to its value (combining), or a build of its value;
    partial captures allowed [PAG §5.1-5.2][S002][S004]. A court card takes matching court cards
    only, as many as ``rules.court_capture`` allows [PAG][S000][FOS] (D1).
    """
    value = card_value(card)
    if value is None:
        same = [c for c in loose if c.rank == card.rank]
        if rules.court_capture == "all":
            sizes = [len(same)] if same else []
        elif rules.court_capture == "one_or_three":
            sizes = [1, 3]
        else:
            sizes = [1]
        return [Capture(card, frozenset(pick)) for n in sizes for pick in combinations(same, n)]
    capturable = [b for b in builds if b.value == value]
    out: list[Capture] = []
    for chosen in unions(table.counts, value):
        for cards in table.expand(chosen):
            for taken in _powerset(capturable):
                take = cards.union(*(b.cards for b in taken))
                if take:
                    out.append(Capture(card, take))
    return out


def builds_for(card: Card, rest: Sequence[Card], rules: Rules, mover: int,
               builds: Sequence[Build], table: _Loose,
               only_on: Sequence[Build] | None = None) -> list[BuildMove]:
    """Every build ``card`` can make (before ownership filters), ``rest`` being the rest of hand.

    - New build: the card with loose cards makes one group of the value (single) or, with further
      loose groups of the value gathered in, several (multiple) [PAG §6.2-6.3].
    - Adding to a build of the value: the card, alone or with loose cards, makes the value; more
      loose groups may be gathered; the result is multiple [PAG §6.5][S000].
    - Raising a single build: the card alone raises it to the new value; loose groups of the new
      value may be gathered (then multiple); table cards never change a build's value
      [PAG §6.4][FOS][S004] (D6). Own builds only if ``rules.raise_own_build`` (D5).
    - One move changes at most one existing build; the builder must keep a card of the value
      (checked here for the new value) [PAG][S000]; two builds of one value only if
      ``rules.same_value_builds`` (D9).
    - ``only_on``: when given, only moves that change one of these builds (WIKI variant 2).
    """
    played = card_value(card)
    if played is None:
        return []
    held = {v for v in (card_value(c) for c in rest) if v is not None}
    out: list[BuildMove] = []
    for target in sorted(v for v in held if played <= v <= rules.max_build_value):
        others_of_value = [b for b in builds if b.value == target]
        with_card = unions_with(table.counts, played, target)
        if only_on is None and (rules.same_value_builds or not others_of_value):
            for chosen in with_card:
                if sum(chosen) == 0:
                    continue  # the card alone is a trail, not a build
                for cards in table.expand(chosen):
                    out.append(BuildMove(card, target, cards))
        for build in builds if only_on is None else only_on:
            clash = any(b is not build for b in others_of_value)
            if clash and not rules.same_value_builds:
                continue
            if build.value == target:
                gathered = with_card
            elif (not build.multiple and build.value + played == target
                  and (rules.raise_own_build or build.owner != mover)):
                gathered = unions(table.counts, target)
            else:
                continue
            for chosen in gathered:
                for cards in table.expand(chosen):
                    out.append(BuildMove(card, target, cards.union(build.cards)))
    return out


def legal_moves(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                builds: Sequence[Build], mover: int) -> list[Move]:
    """Every legal move of ``mover`` holding ``hand``, distinct and in canonical order.

    Args:
        rules: the switches in force.
        hand: the mover's cards.
        loose: loose cards on the table.
        builds: builds on the table.
        mover: the seat to play.

    Returns:
        Moves sorted by :func:`cassino_core.moves.move_sort_key`. Never empty when the position
        came from play: a build owner always holds a card that takes their build.

    Rules applied on top of :func:`captures_for` and :func:`builds_for`:

    - The keep-card rule: after any move, the mover still holds a card of the value of every
      build they own [PAG §7][S004].
    - The owner of a build may not trail (``builder_restriction="no_trail"``, WIKI variant 1,
      [PAG]); ``"may_trail"`` lifts that; ``"wiki2"`` allows only moves that take or change an
      own build; ``"wiki3"`` also forbids captures that leave the own builds standing [S003].
    - Trailing is allowed even with a card that could capture [PAG §9][S004], unless
      ``rules.capture_compulsory`` [BRIT] (D2).
    """
    table = _Loose(loose)
    own = [b for b in builds if b.owner == mover]
    restriction = rules.builder_restriction if own else "no_trail"
    own_values = {b.value for b in own}
    # Distinct by construction: captures and builds differ in card, kind, value or take.
    moves: list[Move] = []
    for index, card in enumerate(hand):
        rest = list(hand[:index]) + list(hand[index + 1:])
        rest_values = {card_value(c) for c in rest}
        candidates: list[Move] = []
        # Under WIKI variants 2 and 3 a build owner's capture must take an own build, so only a
        # card of an own build's value can capture: skip the others before enumerating.
        if restriction not in ("wiki2", "wiki3") or card_value(card) in own_values:
            candidates += captures_for(card, rules, loose, builds, table)
        only_on = own if restriction == "wiki2" else None
        candidates += builds_for(card, rest, rules, mover, builds, table, only_on)
        if _may_trail(card, rules, own, loose, builds, table):
            candidates.append(Trail(card))
        moves += [m for m in candidates if _keeps_rules(m, rules, own, rest_values)]
    moves.sort(key=move_sort_key)
    return moves


def _can_capture(card: Card, loose: Sequence[Card], builds: Sequence[Build],
                 table: _Loose) -> bool:
    """Whether ``card`` has at least one capture (before ownership rules)."""
    value = card_value(card)
    if value is None:
        return any(c.rank == card.rank for c in loose)
    return any(b.value == value for b in builds) or len(unions(table.counts, value)) > 1


def _may_trail(card: Card, rules: Rules, own: Sequence[Build], loose: Sequence[Card],
               builds: Sequence[Build], table: _Loose) -> bool:
    """Whether trailing is open to ``card`` (the keep-card rule is checked apart)."""
    if own and rules.builder_restriction != "may_trail":
        return False
    return not (rules.capture_compulsory and _can_capture(card, loose, builds, table))


def _keeps_rules(move: Move, rules: Rules, own: Sequence[Build], rest_values: set[int | None]
                 ) -> bool:
    """The keep-card rule and the WIKI builder variants, for one candidate move."""
    left = [b for b in own if b.cards[0] not in move.take]
    if any(b.value not in rest_values for b in left):
        return False
    if own and rules.builder_restriction in ("wiki2", "wiki3"):
        touches_own = len(left) < len(own)
        if rules.builder_restriction == "wiki2" and not touches_own:
            return False
        if isinstance(move, Capture) and not touches_own:
            return False
    return True


def is_legal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
             builds: Sequence[Build], mover: int, move: Move) -> bool:
    """Whether ``move`` is one of :func:`legal_moves`, decided without listing them all.

    Checks the one move against the same groupings (value counts in :func:`unions`) and the same
    filters as the generator, so it costs little even where the full list is huge; the tests
    check the two agree.
    """
    if move.card not in hand:
        return False
    own = [b for b in builds if b.owner == mover]
    rest = [c for c in hand if c != move.card]
    rest_values = {card_value(c) for c in rest}
    table = _Loose(loose)
    if isinstance(move, Trail):
        return (_may_trail(move.card, rules, own, loose, builds, table)
                and _keeps_rules(move, rules, own, rest_values))
    touched = [b for b in builds if set(b.cards) & move.take]
    if any(not set(b.cards) <= move.take for b in touched):
        return False  # a build is never split
    loose_taken = move.take.difference(*(b.cards for b in touched))
    if not loose_taken <= set(loose):
        return False
    chosen = _Loose(loose_taken)
    if any(card_value(c) is None for c in loose_taken) or not move.take:
        ok = (isinstance(move, Capture) and not touched
              and Capture(move.card, move.take) in captures_for(move.card, rules, loose, (),
                                                                 table))
        return ok and _keeps_rules(move, rules, own, rest_values)
    value = card_value(move.card)
    if value is None:
        return False
    if isinstance(move, Capture):
        legal = (all(b.value == value for b in touched)
                 and chosen.counts in unions(table.counts, value))
    else:
        legal = _build_is_legal(move, value, rules, mover, builds, touched, chosen.counts,
                                table, rest_values)
        if legal and rules.builder_restriction == "wiki2" and own:
            legal = bool(touched) and touched[0].owner == mover
    return legal and _keeps_rules(move, rules, own, rest_values)


def _build_is_legal(move: BuildMove, played: int, rules: Rules, mover: int,
                    builds: Sequence[Build], touched: Sequence[Build], chosen: Counts,
                    table: _Loose, rest_values: set[int | None]) -> bool:
    target = move.value
    if not (played <= target <= rules.max_build_value and target in rest_values
            and len(touched) <= 1):
        return False
    others = [b for b in builds if b.value == target and b not in touched]
    if others and not rules.same_value_builds:
        return False
    if not touched:
        return sum(chosen) > 0 and chosen in unions_with(table.counts, played, target)
    (build,) = touched
    if build.value == target:
        return chosen in unions_with(table.counts, played, target)
    if (not build.multiple and build.value + played == target
            and (rules.raise_own_build or build.owner != mover)):
        return chosen in unions(table.counts, target)
    return False


def trail_refusal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                  builds: Sequence[Build], mover: int, card: Card) -> str | None:
    """Why ``card`` may not be trailed now, as a code the page translates, or None if it may.

    Codes: ``"owner_may_not_trail"`` (the mover owns a build [PAG §7]), ``"must_capture"``
    (``rules.capture_compulsory`` and the card can capture [BRIT]), ``"keep_card"`` (it is the
    last card of the value of one of the mover's builds [PAG §7]).
    """
    own = [b for b in builds if b.owner == mover]
    if own and rules.builder_restriction != "may_trail":
        return "owner_may_not_trail"
    if rules.capture_compulsory and _can_capture(card, loose, builds, _Loose(loose)):
        return "must_capture"
    rest_values = {card_value(c) for c in hand if c != card}
    if any(b.value not in rest_values for b in own):
        return "keep_card"
    return None
