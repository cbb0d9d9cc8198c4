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
from .table import Build, Scheme, guards, held_values, scheme_for

Counts = tuple[int, ...]
"""How many loose cards of each slot a move takes (see :class:`~cassino_core.table.Scheme`:
in Classic, slot 0 is aces, slot 9 tens)."""


@lru_cache(maxsize=512)
def _groups(scheme: Scheme, target: int) -> tuple[Counts, ...]:
    """Every non-empty multiset of slots whose cards can add up to ``target``, each card counting
    one of its slot's values (for ``target`` 0: only the empty multiset)."""
    size = scheme.slots
    if target == 0:
        return ((0,) * size,)
    found: list[Counts] = []
    counts = [0] * size

    def walk(slot: int, sums: frozenset[int]) -> None:
        if slot < 0:
            if target in sums and any(counts):
                found.append(tuple(counts))
            return
        values = scheme.slot_values[slot]
        current = sums
        for k in range(5):  # never more than four cards of one slot
            counts[slot] = k
            walk(slot - 1, current)
            current = frozenset(t + v for t in current for v in values if t + v <= target)
            if not current:
                break
        counts[slot] = 0

    walk(size - 1, frozenset((0,)))
    return tuple(found)


def _fits(part: Counts, counts: Counts) -> bool:
    return all(p <= c for p, c in zip(part, counts, strict=True))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


@lru_cache(maxsize=8192)
def unions(counts: Counts, target: int, scheme: Scheme) -> frozenset[Counts]:
    """Every sub-multiset of ``counts`` that splits into groups each adding up to ``target``.

    The empty multiset is included. Found by a breadth-first walk that adds one group at a time:
    a multiset splits into groups exactly when it is reachable that way. Each group chooses the
    values of its own cards (a table ace may be 1 in one group and 14 alone in another).
    """
    zero: Counts = (0,) * len(counts)
    parts = [g for g in _groups(scheme, target) if _fits(g, counts)]
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


@lru_cache(maxsize=8192)
def unions_with(counts: Counts, played: int, target: int, scheme: Scheme) -> frozenset[Counts]:
    """Sub-multisets L of ``counts`` such that a card played as value ``played`` plus L splits
    into groups of ``target``, the played card in one of them (alone when it equals it)."""
    out: set[Counts] = set()
    if played > target:
        return frozenset()
    for first in _groups(scheme, target - played):
        if not _fits(first, counts):
            continue
        for more in unions(_sub(counts, first), target, scheme):
            out.add(_add(first, more))
    return frozenset(out)


class LooseCards:
    """The loose cards of a table (or of a move's take) by slot, for expanding counts into
    cards. Cards without value (court cards in Classic) are not counted."""

    def __init__(self, loose: Iterable[Card], scheme: Scheme) -> None:
        self.scheme = scheme
        self.by_slot: list[list[Card]] = [[] for _ in range(scheme.slots)]
        for card in loose:
            slot = scheme.slot(card)
            if slot is not None:
                self.by_slot[slot].append(card)
        self.counts: Counts = tuple(len(cards) for cards in self.by_slot)

    def expand(self, chosen: Counts) -> Iterator[frozenset[Card]]:
        """Every set of actual cards with the chosen number of each slot."""
        choices = [combinations(cards, n) for cards, n in zip(self.by_slot, chosen, strict=True)
                   if n]
        for picks in product(*choices):
            yield frozenset(chain.from_iterable(picks))


def _powerset(items: Sequence[Build]) -> Iterator[tuple[Build, ...]]:
    for size in range(len(items) + 1):
        yield from combinations(items, size)


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


def _zero(scheme: Scheme) -> Counts:
    return (0,) * scheme.slots


def _court_sizes(rules: Rules, available: int) -> list[int]:
    """How many matching loose court cards one court card may take (D1)."""
    if rules.court_capture == "all":
        return [available]
    if rules.court_capture == "any":
        return list(range(available + 1))
    if rules.court_capture == "one_or_three":
        return [0, 1, 3]
    return [0, 1]


def capture_families(card: Card, rules: Rules, loose: Sequence[Card], builds: Sequence[Build],
                     table: LooseCards) -> list[Family]:
    """Every capture ``card`` can make (before ownership filters), as families.

    A card with a value takes any non-empty collection of disjoint groups: a loose card of its
    value (pairing), loose cards adding up to its value (combining), or a build of its value;
    partial captures allowed [PAG §5.1-5.2][S002][S004]. A card with several values (a Royal
    ace from hand, 1 or 14 [S000]) takes what either value allows. A court card without value
    takes matching court cards only, as many as ``rules.court_capture`` allows
    [PAG][S000][FOS] (D1), and natural builds of its rank (Trailing-Royals [S003]).
    """
    scheme = table.scheme
    zero = _zero(scheme)
    values = scheme.values(card)
    if not values:
        same = [c for c in loose if c.rank == card.rank]
        court_builds = [b for b in builds if b.is_court_build(scheme) and b.value == card.rank]
        return [Family("capture", card, 0, taken, frozenset(pick), zero)
                for n in _court_sizes(rules, len(same)) if n <= len(same)
                for pick in combinations(same, n) for taken in _powerset(court_builds)
                if pick or taken]
    found: list[Family] = []
    for value in values:
        capturable = [b for b in builds if b.value == value and not b.is_court_build(scheme)]
        for chosen in unions(table.counts, value, scheme):
            for taken in _powerset(capturable):
                if taken or chosen != zero:
                    found.append(Family("capture", card, 0, taken, frozenset(), chosen))
    # A card counting two ways (a Royal ace) may reach one capture both ways: keep it once.
    return list(dict.fromkeys(found)) if len(values) > 1 else found


def _court_build_families(card: Card, rest: Sequence[Card], rules: Rules, loose: Sequence[Card],
                          builds: Sequence[Build], scheme: Scheme,
                          only_on: Sequence[Build] | None) -> list[Family]:
    """Natural builds of court cards, "building jacks" (Trailing-Royals [S003]): the card on
    loose cards of its rank, or added to such a build, while holding another of the rank."""
    if not any(c.rank == card.rank for c in rest):
        return []
    zero = _zero(scheme)
    same = [c for c in loose if c.rank == card.rank]
    mine = [b for b in builds if b.is_court_build(scheme) and b.value == card.rank]
    out: list[Family] = []
    if only_on is None and (rules.same_value_builds or not mine):
        out += [Family("build", card, card.rank, (), frozenset(pick), zero)
                for n in range(1, len(same) + 1) for pick in combinations(same, n)]
    for build in mine if only_on is None else [b for b in only_on if b in mine]:
        out += [Family("build", card, card.rank, (build,), frozenset(pick), zero)
                for n in range(len(same) + 1) for pick in combinations(same, n)]
    return out


def build_families(card: Card, rest: Sequence[Card], rules: Rules, mover: int,
                   builds: Sequence[Build], table: LooseCards,
                   only_on: Sequence[Build] | None = None,
                   partner_values: frozenset[int] = frozenset(),
                   loose: Sequence[Card] = ()) -> list[Family]:
    """Every build ``card`` can make (before ownership filters), ``rest`` being the rest of hand.

    - New build: the card with loose cards makes one group of the value (single) or, with further
      loose groups of the value gathered in, several (multiple) [PAG §6.2-6.3].
    - Adding to a build of the value: the card, alone or with loose cards, makes the value; more
      loose groups may be gathered; the result is multiple [PAG §6.5][S000].
    - Raising a single build: the card alone raises it to the new value; loose groups of the new
      value may be gathered (then multiple); table cards never change a build's value
      [PAG §6.4][FOS][S004] (D6). Own builds only if ``rules.raise_own_build`` (D5).
    - One move changes at most one existing build; the builder must hold a card of the new
      value, or (``partner_values``, [S000] D10) build to a value the partner has announced;
      two builds of one value only if ``rules.same_value_builds`` (D9).
    - Court cards build only naturally, with ``rules.court_builds`` (needs ``loose``).
    - ``only_on``: when given, only moves that change one of these builds (WIKI variant 2).
    """
    scheme = table.scheme
    zero = _zero(scheme)
    values = scheme.values(card)
    if not values:
        if not rules.court_builds:
            return []
        return _court_build_families(card, rest, rules, loose, builds, scheme, only_on)
    held = held_values(scheme, rest) | partner_values
    found: list[Family] = []
    for played in values:
        for target in sorted(v for v in held if played <= v <= rules.max_build_value):
            others_of_value = [b for b in builds
                               if b.value == target and not b.is_court_build(scheme)]
            with_card = unions_with(table.counts, played, target, scheme)
            if only_on is None and (rules.same_value_builds or not others_of_value):
                # The card alone (no loose card) would be a trail, not a build.
                for chosen in with_card:
                    if chosen != zero:
                        found.append(Family("build", card, target, (), frozenset(), chosen))
            for build in builds if only_on is None else only_on:
                if build.is_court_build(scheme):
                    continue
                clash = any(b is not build for b in others_of_value)
                if clash and not rules.same_value_builds:
                    continue
                if build.value == target:
                    gathered = with_card
                elif (not build.multiple and build.value + played == target
                      and (rules.raise_own_build or build.owner != mover)):
                    gathered = unions(table.counts, target, scheme)
                else:
                    continue
                found += [Family("build", card, target, (build,), frozenset(), chosen)
                          for chosen in gathered]
    return list(dict.fromkeys(found)) if len(values) > 1 else found


def partner_values(rules: Rules, builds: Sequence[Build], mover: int) -> frozenset[int]:
    """Values ``mover`` may build to without holding them: those of builds a partner owns,
    when ``rules.partner_building`` [S000][FOS][DICK94] (D10)."""
    if not rules.partner_building or rules.sides == rules.players:
        return frozenset()
    return frozenset(b.value for b in builds if rules.partner_of(mover, b.owner))


def families_for(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                 builds: Sequence[Build], mover: int,
                 cards: Sequence[Card] | None = None) -> list[Family]:
    """The families of every legal move of ``mover`` (only those played with ``cards`` if given).

    Rules applied on top of :func:`capture_families` and :func:`build_families`:

    - The keep-card rule: after any move, the mover still holds a card of the value of every
      build they own [PAG §7][S004] (lifted by ``builder_restriction="penalty"``, Michigan,
      where defaulting costs points instead).
    - The owner of a build may not trail (``builder_restriction="no_trail"``, WIKI variant 1,
      [PAG]); ``"may_trail"`` and ``"penalty"`` lift that; ``"wiki2"`` allows only moves that
      take or change an own build; ``"wiki3"`` also forbids captures that leave the own builds
      standing [S003].
    - Trailing is allowed even with a card that could capture [PAG §9][S004], unless
      ``rules.capture_compulsory`` [BRIT] (D2).
    """
    scheme = scheme_for(rules)
    table = LooseCards(loose, scheme)
    zero = _zero(scheme)
    own = [b for b in builds if b.owner == mover]
    restriction = rules.builder_restriction if own else "no_trail"
    own_values = {b.value for b in own}
    for_partner = partner_values(rules, builds, mover)
    out: list[Family] = []
    for index, card in enumerate(hand):
        if cards is not None and card not in cards:
            continue
        rest = list(hand[:index]) + list(hand[index + 1:])
        rest_values = held_values(scheme, rest)
        keeper = _Keeper(scheme, rest, rest_values)
        candidates: list[Family] = []
        # Under WIKI variants 2 and 3 a build owner's capture must take an own build, so only a
        # card of an own build's value can capture: skip the others before enumerating.
        if (restriction not in ("wiki2", "wiki3")
                or held_values(scheme, [card]) & own_values):
            candidates += capture_families(card, rules, loose, builds, table)
        only_on = own if restriction == "wiki2" else None
        candidates += build_families(card, rest, rules, mover, builds, table, only_on,
                                     for_partner, loose)
        if _may_trail(card, rules, own, loose, builds, table):
            candidates.append(Family("trail", card, 0, (), frozenset(), zero))
        out += [f for f in candidates if _keeps_rules(f, rules, own, keeper)]
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
        long; :func:`families_for` and :func:`select` answer without listing it. Plucks (Pluck
        Cassino) depend on the round and are added by :mod:`cassino_core.game`.
    """
    table = LooseCards(loose, scheme_for(rules))
    # Distinct by construction: families differ in card, kind, value, builds or counts.
    moves = [m for f in families_for(rules, hand, loose, builds, mover) for m in expand(f, table)]
    moves.sort(key=move_sort_key)
    return moves


def _can_capture(card: Card, rules: Rules, loose: Sequence[Card], builds: Sequence[Build],
                 table: LooseCards) -> bool:
    """Whether ``card`` has at least one capture (before ownership rules)."""
    scheme = table.scheme
    values = scheme.values(card)
    if not values:
        return any(c.rank == card.rank for c in loose) or any(
            b.is_court_build(scheme) and b.value == card.rank for b in builds)
    return any(b.value in values and not b.is_court_build(scheme) for b in builds) or any(
        len(unions(table.counts, v, table.scheme)) > 1 for v in values)


def _may_trail(card: Card, rules: Rules, own: Sequence[Build], loose: Sequence[Card],
               builds: Sequence[Build], table: LooseCards) -> bool:
    """Whether trailing is open to ``card`` (the keep-card rule is checked apart)."""
    if own and rules.builder_restriction not in ("may_trail", "penalty"):
        return False
    return not (rules.capture_compulsory and _can_capture(card, rules, loose, builds, table))


class _Keeper:
    """Answers "can the rest of the hand still guard these build values?" for one hand card,
    remembering answers (a card guards one value only: see :func:`~cassino_core.table.guards`).
    """

    def __init__(self, scheme: Scheme, rest: Sequence[Card], rest_values: set[int]) -> None:
        self.scheme = scheme
        self.rest = rest
        self.rest_values = rest_values
        self.known: dict[frozenset[int], bool] = {}

    def guards(self, values: frozenset[int]) -> bool:
        if not values <= self.rest_values:
            return False
        if values not in self.known:
            self.known[values] = guards(self.scheme, self.rest, values)
        return self.known[values]


def _keeps_rules(family: Family, rules: Rules, own: Sequence[Build], keeper: _Keeper) -> bool:
    """The keep-card rule and the WIKI builder variants, for one candidate family.

    After the move the mover must hold, for every build they own (the one the move makes
    included, unless it stays a partner's), a card to take it, one card per build value
    [PAG §7][S004].
    """
    if rules.builder_restriction == "penalty":
        return True
    left = [b for b in own if b not in family.builds]
    needed = {b.value for b in left}
    if family.kind == "build" and family.value in keeper.rest_values:
        needed.add(family.value)
    if needed and not keeper.guards(frozenset(needed)):
        return False
    if own and rules.builder_restriction in ("wiki2", "wiki3"):
        touches_own = len(left) < len(own)
        if rules.builder_restriction == "wiki2" and not touches_own:
            return False
        if family.kind == "capture" and not touches_own:
            return False
    return True


def family_of(move: Move, loose: Sequence[Card], builds: Sequence[Build],
              scheme: Scheme) -> Family | None:
    """The family ``move`` would belong to, or None when its cards are not on the table whole
    (a card missing, or part of a build: a build is never split [PAG §6.6])."""
    touched = tuple(b for b in builds if not move.take.isdisjoint(b.cards))
    if any(not move.take.issuperset(b.cards) for b in touched):
        return None
    rest = move.take.difference(*(b.cards for b in touched))
    if not rest <= set(loose):
        return None
    fixed = frozenset(c for c in rest if scheme.slot(c) is None)
    value = move.value if isinstance(move, BuildMove) else 0
    return Family(move.kind, move.card, value, touched, fixed, LooseCards(rest, scheme).counts)


def is_legal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
             builds: Sequence[Build], mover: int, move: Move) -> bool:
    """Whether ``move`` is one of :func:`legal_moves`, decided without listing them all: the
    move's family must be among the played card's families."""
    if move.card not in hand or move.kind == "pluck":
        return False
    family = family_of(move, loose, builds, scheme_for(rules))
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
    scheme = scheme_for(rules)
    table = LooseCards(loose, scheme)
    families = families_for(rules, hand, loose, builds, mover, [card]) if card in hand else []
    picked_builds = {b for b in builds if not chosen.isdisjoint(b.cards)}
    picked_loose = chosen.difference(*(b.cards for b in picked_builds))
    picked_counts = LooseCards(picked_loose, scheme).counts
    picked_fixed = frozenset(c for c in picked_loose if scheme.slot(c) is None)
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
            exact.extend(expand(f, LooseCards(picked_loose, scheme)))
        for b in f.builds:
            if b not in picked_builds:
                extendable.update(b.cards)
        extendable.update(f.fixed - picked_fixed)
        for slot, (p, c) in enumerate(zip(picked_counts, f.counts, strict=True)):
            if c > p:
                extendable.update(x for x in table.by_slot[slot] if x not in chosen)
    exact.sort(key=move_sort_key)
    return Selection(tuple(exact), frozenset(extendable), count, trail)


def trail_refusal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                  builds: Sequence[Build], mover: int, card: Card) -> str | None:
    """Why ``card`` may not be trailed now, as a code the page translates, or None if it may.

    Codes: ``"owner_may_not_trail"`` (the mover owns a build [PAG §7]), ``"must_capture"``
    (``rules.capture_compulsory`` and the card can capture [BRIT]), ``"keep_card"`` (it is the
    last card of the value of one of the mover's builds [PAG §7]).
    """
    scheme = scheme_for(rules)
    own = [b for b in builds if b.owner == mover]
    if own and rules.builder_restriction not in ("may_trail", "penalty"):
        return "owner_may_not_trail"
    if rules.capture_compulsory and _can_capture(card, rules, loose, builds,
                                                 LooseCards(loose, scheme)):
        return "must_capture"
    rest = [c for c in hand if c != card]
    if rules.builder_restriction != "penalty" and not guards(scheme, rest,
                                                             {b.value for b in own}):
        return "keep_card"
    return None
