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
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, combinations, product
from math import comb, prod

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


class LooseCards:
    """The loose numeral cards of a table (or of a move's take), by value, for expanding value
    counts into cards."""

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


_ZERO: Counts = (0,) * _VALUES


@dataclass(frozen=True, slots=True)
class Family:
    """Legal moves that are alike but for which loose numeral cards of each value they take.

    The generator works with families: their number stays small on a crowded table even when
    the moves they stand for run into the hundreds of thousands. :meth:`size` counts them and
    :func:`expand` lists them.

    Attributes:
        kind: ``"trail"``, ``"capture"`` or ``"build"``.
        card: the card played from hand.
        value: the announced value of a build move (0 for the other kinds).
        builds: the builds the move takes, raises or adds to (whole).
        fixed: court cards the move takes (court captures).
        counts: how many loose numeral cards of each value 1..10 the move takes.
    """

    kind: str
    card: Card
    value: int
    builds: tuple[Build, ...]
    fixed: frozenset[Card]
    counts: Counts

    def size(self, table: LooseCards) -> int:
        """How many moves this family stands for on ``table``."""
        total = 1
        for have, take in zip(table.counts, self.counts, strict=True):
            total *= comb(have, take)
        return total


def expand(family: Family, table: LooseCards) -> Iterator[Move]:
    """The moves of a family, one per choice of loose cards."""
    if family.kind == "trail":
        yield Trail(family.card)
        return
    base = family.fixed.union(*(b.cards for b in family.builds))
    for cards in table.expand(family.counts):
        take = cards | base
        if family.kind == "capture":
            yield Capture(family.card, take)
        else:
            yield BuildMove(family.card, family.value, take)


def capture_families(card: Card, rules: Rules, loose: Sequence[Card], builds: Sequence[Build],
                     table: LooseCards) -> list[Family]:
    """Every capture ``card`` can make (before ownership filters), as families.

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
        return [Family("capture", card, 0, (), frozenset(pick), _ZERO)
                for n in sizes for pick in combinations(same, n)]
    capturable = [b for b in builds if b.value == value]
    return [Family("capture", card, 0, taken, frozenset(), chosen)
            for chosen in unions(table.counts, value) for taken in _powerset(capturable)
            if taken or chosen != _ZERO]


def build_families(card: Card, rest: Sequence[Card], rules: Rules, mover: int,
                   builds: Sequence[Build], table: LooseCards,
                   only_on: Sequence[Build] | None = None) -> list[Family]:
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
    out: list[Family] = []
    for target in sorted(v for v in held if played <= v <= rules.max_build_value):
        others_of_value = [b for b in builds if b.value == target]
        with_card = unions_with(table.counts, played, target)
        if only_on is None and (rules.same_value_builds or not others_of_value):
            # The card alone (no loose card) would be a trail, not a build.
            out += [Family("build", card, target, (), frozenset(), chosen)
                    for chosen in with_card if chosen != _ZERO]
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
            out += [Family("build", card, target, (build,), frozenset(), chosen)
                    for chosen in gathered]
    return out


def families_for(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                 builds: Sequence[Build], mover: int,
                 cards: Sequence[Card] | None = None) -> list[Family]:
    """The families of every legal move of ``mover`` (only those played with ``cards`` if given).

    Rules applied on top of :func:`capture_families` and :func:`build_families`:

    - The keep-card rule: after any move, the mover still holds a card of the value of every
      build they own [PAG §7][S004].
    - The owner of a build may not trail (``builder_restriction="no_trail"``, WIKI variant 1,
      [PAG]); ``"may_trail"`` lifts that; ``"wiki2"`` allows only moves that take or change an
      own build; ``"wiki3"`` also forbids captures that leave the own builds standing [S003].
    - Trailing is allowed even with a card that could capture [PAG §9][S004], unless
      ``rules.capture_compulsory`` [BRIT] (D2).
    """
    table = LooseCards(loose)
    own = [b for b in builds if b.owner == mover]
    restriction = rules.builder_restriction if own else "no_trail"
    own_values = {b.value for b in own}
    out: list[Family] = []
    for index, card in enumerate(hand):
        if cards is not None and card not in cards:
            continue
        rest = list(hand[:index]) + list(hand[index + 1:])
        rest_values = {card_value(c) for c in rest}
        candidates: list[Family] = []
        # Under WIKI variants 2 and 3 a build owner's capture must take an own build, so only a
        # card of an own build's value can capture: skip the others before enumerating.
        if restriction not in ("wiki2", "wiki3") or card_value(card) in own_values:
            candidates += capture_families(card, rules, loose, builds, table)
        only_on = own if restriction == "wiki2" else None
        candidates += build_families(card, rest, rules, mover, builds, table, only_on)
        if _may_trail(card, rules, own, loose, builds, table):
            candidates.append(Family("trail", card, 0, (), frozenset(), _ZERO))
        out += [f for f in candidates if _keeps_rules(f, rules, own, rest_values)]
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
        Moves sorted by :func:`cassino_core.moves.move_sort_key` (the rules applied are listed
        on :func:`families_for`). Never empty when the position came from play: a build owner
        always holds a card that takes their build. On a crowded table the list can be very
        long; :func:`families_for` and :func:`select` answer without listing it.
    """
    table = LooseCards(loose)
    # Distinct by construction: families differ in card, kind, value, builds or counts.
    moves = [m for f in families_for(rules, hand, loose, builds, mover) for m in expand(f, table)]
    moves.sort(key=move_sort_key)
    return moves


def _can_capture(card: Card, loose: Sequence[Card], builds: Sequence[Build],
                 table: LooseCards) -> bool:
    """Whether ``card`` has at least one capture (before ownership rules)."""
    value = card_value(card)
    if value is None:
        return any(c.rank == card.rank for c in loose)
    return any(b.value == value for b in builds) or len(unions(table.counts, value)) > 1


def _may_trail(card: Card, rules: Rules, own: Sequence[Build], loose: Sequence[Card],
               builds: Sequence[Build], table: LooseCards) -> bool:
    """Whether trailing is open to ``card`` (the keep-card rule is checked apart)."""
    if own and rules.builder_restriction != "may_trail":
        return False
    return not (rules.capture_compulsory and _can_capture(card, loose, builds, table))


def _keeps_rules(family: Family, rules: Rules, own: Sequence[Build],
                 rest_values: set[int | None]) -> bool:
    """The keep-card rule and the WIKI builder variants, for one candidate family."""
    left = [b for b in own if b not in family.builds]
    if any(b.value not in rest_values for b in left):
        return False
    if own and rules.builder_restriction in ("wiki2", "wiki3"):
        touches_own = len(left) < len(own)
        if rules.builder_restriction == "wiki2" and not touches_own:
            return False
        if family.kind == "capture" and not touches_own:
            return False
    return True


def family_of(move: Move, loose: Sequence[Card], builds: Sequence[Build]) -> Family | None:
    """The family ``move`` would belong to, or None when its cards are not on the table whole
    (a card missing, or part of a build: a build is never split [PAG §6.6])."""
    touched = tuple(b for b in builds if not move.take.isdisjoint(b.cards))
    if any(not move.take.issuperset(b.cards) for b in touched):
        return None
    rest = move.take.difference(*(b.cards for b in touched))
    if not rest <= set(loose):
        return None
    fixed = frozenset(c for c in rest if card_value(c) is None)
    value = move.value if isinstance(move, BuildMove) else 0
    return Family(move.kind, move.card, value, touched, fixed, LooseCards(rest).counts)


def is_legal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
             builds: Sequence[Build], mover: int, move: Move) -> bool:
    """Whether ``move`` is one of :func:`legal_moves`, decided without listing them all: the
    move's family must be among the played card's families."""
    if move.card not in hand:
        return False
    family = family_of(move, loose, builds)
    return family is not None and family in families_for(rules, hand, loose, builds, mover,
                                                         [move.card])


@dataclass(frozen=True, slots=True)
class Selection:
    """What the legal moves allow for a hand card and some chosen table cards.

    Attributes:
        moves: the legal moves whose take is exactly the chosen cards (several when they differ
            in kind or value, e.g. capture, "build 6" or "build threes").
        extendable: table cards that some legal move takes together with all the chosen ones.
        count: how many legal moves take all the chosen cards (and maybe more).
        trail: the trail move of the card, if legal.
    """

    moves: tuple[Move, ...]
    extendable: frozenset[Card]
    count: int
    trail: Trail | None


def select(rules: Rules, hand: Sequence[Card], loose: Sequence[Card], builds: Sequence[Build],
           mover: int, card: Card, chosen: frozenset[Card]) -> Selection:
    """Answer for one selection (``card`` from hand, ``chosen`` table cards) without listing
    every legal move: the page's way through a crowded table. Unknown cards in ``chosen``
    simply match nothing."""
    table = LooseCards(loose)
    families = families_for(rules, hand, loose, builds, mover, [card]) if card in hand else []
    picked_builds = {b for b in builds if not chosen.isdisjoint(b.cards)}
    picked_loose = chosen.difference(*(b.cards for b in picked_builds))
    picked_counts = LooseCards(picked_loose).counts
    picked_fixed = frozenset(c for c in picked_loose if card_value(c) is None)
    exact: list[Move] = []
    extendable: set[Card] = set()
    count = 0
    trail: Trail | None = None
    for f in families:
        if f.kind == "trail":
            trail = Trail(card)
            continue
        if (not picked_builds <= set(f.builds) or not picked_fixed <= f.fixed
                or any(p > c for p, c in zip(picked_counts, f.counts, strict=True))):
            continue
        sizes = [comb(n - p, c - p) for n, p, c in zip(table.counts, picked_counts, f.counts,
                                                        strict=True)]
        count += prod(sizes)
        if (set(f.builds) == picked_builds and f.fixed == picked_fixed
                and f.counts == picked_counts and chosen):
            exact.extend(expand(f, LooseCards(picked_loose)))
        for b in f.builds:
            if b not in picked_builds:
                extendable.update(b.cards)
        extendable.update(f.fixed - picked_fixed)
        for value, (p, c) in enumerate(zip(picked_counts, f.counts, strict=True), start=1):
            if c > p:
                extendable.update(x for x in table.by_value[value - 1] if x not in chosen)
    exact.sort(key=move_sort_key)
    return Selection(tuple(exact), frozenset(extendable), count, trail)


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
    if rules.capture_compulsory and _can_capture(card, loose, builds, LooseCards(loose)):
        return "must_capture"
    rest_values = {card_value(c) for c in hand if c != card}
    if any(b.value not in rest_values for b in own):
        return "keep_card"
    return None
