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
from typing import NamedTuple

from .cards import Card
from .moves import BuildMove, Capture, Move, Trail, TrailBuild, move_sort_key
from .rules import Rules
from .table import Build, Scheme, guards, held_values, scheme_for

SELECT_COUNT_CAP = 2001
"""Most moves :func:`select` counts (a count of this many means "this many or more")."""

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


_FIELD = 4
"""Bits per slot when a counts vector is packed into one integer (see :func:`_pack`)."""


def _pack(counts: Counts) -> int:
    """A counts vector as one integer, four bits a slot (slot 0 lowest). A slot never holds more
    than four cards, so adding two packed vectors whose sum fits never carries between slots."""
    code = 0
    for i, n in enumerate(counts):
        code |= n << (_FIELD * i)
    return code


def _unpack(code: int, size: int) -> Counts:
    return tuple((code >> (_FIELD * i)) & 0xF for i in range(size))


def _guard(size: int) -> int:
    """The top bit of every slot's field: set in ``room | guard``, a subtraction of a smaller
    field leaves it set, a larger one clears it (no borrow reaches the next field)."""
    return sum(0x8 << (_FIELD * i) for i in range(size))


def _reach(counts: Counts, seeds: Iterable[Counts], target: int, scheme: Scheme
           ) -> frozenset[Counts]:
    """Every sub-multiset of ``counts`` reached from one of ``seeds`` (each within ``counts``)
    by adding whole groups of ``target`` one at a time, the seeds included.

    Runs on packed integers (:func:`_pack`): ``part`` fits the room left by ``state`` exactly
    when ``((counts - state) | guard) - part`` keeps every guard bit.
    """
    size = len(counts)
    whole = _pack(counts)
    guard = _guard(size)
    parts = [_pack(g) for g in _groups(scheme, target) if _fits(g, counts)]
    seen = {_pack(s) for s in seeds}
    stack = list(seen)
    while stack:
        state = stack.pop()
        room = (whole - state) | guard
        for part in parts:
            if (room - part) & guard == guard:
                grown = state + part
                if grown not in seen:
                    seen.add(grown)
                    stack.append(grown)
    return frozenset(_unpack(code, size) for code in seen)


def unions(counts: Counts, target: int, scheme: Scheme) -> frozenset[Counts]:
    """Every sub-multiset of ``counts`` that splits into groups each adding up to ``target``.

    The empty multiset is included. Found by a walk that adds one group at a time: a multiset
    splits into groups exactly when it is reachable that way. Each group chooses the values of
    its own cards (a table ace may be 1 in one group and 14 alone in another).
    """
    return source_counts(((), target, -1), counts, scheme)


def unions_with(counts: Counts, played: int, target: int, scheme: Scheme) -> frozenset[Counts]:
    """Sub-multisets L of ``counts`` such that a card played as value ``played`` plus L splits
    into groups of ``target``, the played card in one of them (alone when it equals it)."""
    return source_counts(((played,), target, -1), counts, scheme)


Source = tuple[tuple[int, ...], int, int]
"""Where a spec's loose-card counts come from: ``(parts, target, more)``.

Each of ``parts`` is the total of cards that the move puts into one group of its own (the
played card; a single build with the card that raises it; single builds joined into a capture's
sums), and loose cards complete each such group to ``target``. Then ``more`` further groups of
``target``, of loose cards only, are gathered in (-1: any number of them). ``((), 0, 0)`` is
the empty multiset alone (a trail, a court capture)."""


def _seeds(parts: tuple[int, ...], target: int, counts: Counts, scheme: Scheme) -> list[Counts]:
    """Every multiset of loose cards within ``counts`` that completes each of ``parts`` to a
    group of ``target``, one group per part (none when a part is already above it)."""
    states = {(0,) * len(counts)}
    for part in parts:
        if part > target:
            return []
        groups = [g for g in _groups(scheme, target - part) if _fits(g, counts)]
        states = {grown for state in states for g in groups
                  if _fits(grown := _add(state, g), counts)}
    return list(states)


@lru_cache(maxsize=8192)
def source_counts(source: Source, counts: Counts, scheme: Scheme) -> frozenset[Counts]:
    """Every multiset of loose cards within ``counts`` that ``source`` allows (see
    :data:`Source`): its seeds, grown by up to ``more`` whole groups of the target."""
    parts, target, more = source
    seeds = _seeds(parts, target, counts, scheme)
    if more < 0:
        return _reach(counts, seeds, target, scheme)
    found = set(seeds)
    groups = [g for g in _groups(scheme, target) if any(g) and _fits(g, counts)]
    for _ in range(more):
        found |= {grown for state in found for g in groups
                  if _fits(grown := _add(state, g), counts)}
    return frozenset(found)


def _source(parts: tuple[int, ...], target: int, more: int = -1) -> Source:
    """A :data:`Source`, a part that already makes the target left out (it needs no loose
    card), so that equal sources share one cache entry."""
    if target in parts:
        parts = tuple(p for p in parts if p != target)
    return (parts, target, more)


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
        kind: ``"trail"``, ``"capture"``, ``"build"`` or ``"trail_build"`` (a trail with a
            build of table cards, ``Rules.table_builds``).
        card: the card played from hand.
        value: the announced value of a build move or a trail-and-build (0 for the others).
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
        elif family.kind == "trail_build":
            yield TrailBuild(family.card, family.value, take)
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
    """Every capture ``card`` can make (before ownership filters), as families: the families of
    :func:`_capture_specs` (where the capture rules are stated), listed."""
    return [f for spec in _capture_specs(card, rules, loose, builds, table)
            for f in spec_listed(spec, table)]


def _court_build_families(card: Card, rest: Sequence[Card], rules: Rules, loose: Sequence[Card],
                          builds: Sequence[Build], scheme: Scheme,
                          only_on: Sequence[Build] | None,
                          for_partner: frozenset[int]) -> list[Family]:
    """Natural builds of court cards, "building jacks" (Trailing-Royals [S003]): the card on
    loose cards of its rank, or added to such a build, while holding another of the rank, or
    to the rank of a partner's build without holding one (``for_partner``, [S000] D10, as a
    numeral card may). Each loose card of the rank is a group of its own, so with
    ``rules.adding_only`` (D8) a new build takes one loose card of the rank and an addition
    none, as a numeral card equal to the build value does."""
    if card.rank not in for_partner and not any(c.rank == card.rank for c in rest):
        return []
    zero = _zero(scheme)
    same = [c for c in loose if c.rank == card.rank]
    mine = [b for b in builds if b.is_court_build(scheme) and b.value == card.rank]
    most = 1 if rules.adding_only else len(same)
    out: list[Family] = []
    if only_on is None and (rules.same_value_builds or not mine):
        out += [Family("build", card, card.rank, (), frozenset(pick), zero)
                for n in range(1, min(most, len(same)) + 1) for pick in combinations(same, n)]
    added = 0 if rules.adding_only else len(same)
    for build in mine if only_on is None else [b for b in only_on if b in mine]:
        out += [Family("build", card, card.rank, (build,), frozenset(pick), zero)
                for n in range(added + 1) for pick in combinations(same, n)]
    return out


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

    The specs of :func:`specs_for` listed, one family per count each allows: the rules are
    checked in one place only (the specs), so a listed move and a counted or selected one can
    never disagree."""
    table = LooseCards(loose, scheme_for(rules))
    return [f for spec in _specs_on(table, rules, hand, loose, builds, mover, cards)
            for f in spec_listed(spec, table)]


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
        on :func:`specs_for`). Never empty when the position came from play: a build owner
        always holds a card that takes their build. On a crowded table the list can be very
        long; :func:`families_for` and :func:`select` answer without listing it. Plucks (Pluck
        Cassino) depend on the round and are added by :mod:`cassino_core.game`.
    """
    table = LooseCards(loose, scheme_for(rules))
    # Distinct by construction: families differ in card, kind, value, builds or counts.
    moves = [m for f in families_for(rules, hand, loose, builds, mover) for m in expand(f, table)]
    moves.sort(key=move_sort_key)
    return moves


def capturers(cards: Iterable[Card], rules: Rules, loose: Sequence[Card],
              builds: Sequence[Build]) -> frozenset[Card]:
    """The ``cards`` that, played from hand, could take something on the table ``loose`` and
    ``builds`` (before the rules that bind a build's owner), by the capture rules of
    :func:`_capture_specs`. The expert's inference reads a trail with it
    (:func:`cassino_core.expert.trail_clue`)."""
    table = LooseCards(loose, scheme_for(rules))
    return frozenset(c for c in cards if _can_capture(c, rules, loose, builds, table))


def _can_capture(card: Card, rules: Rules, loose: Sequence[Card], builds: Sequence[Build],
                 table: LooseCards) -> bool:
    """Whether ``card`` has at least one capture (before ownership rules)."""
    return any(spec_count(s, table, cap=1)
               for s in _capture_specs(card, rules, loose, builds, table))


def _may_trail(card: Card, rules: Rules, own: Sequence[Build], loose: Sequence[Card],
               builds: Sequence[Build], table: LooseCards) -> bool:
    """Whether trailing is open to ``card`` (the keep-card rule is checked apart)."""
    if own and rules.builder_restriction not in ("may_trail", "penalty"):
        return False
    if rules.no_pair_trail and _pairs(card, loose, table.scheme):
        return False
    return not (rules.capture_compulsory and _can_capture(card, rules, loose, builds, table))


def _pairs(card: Card, loose: Sequence[Card], scheme: Scheme) -> bool:
    """Whether ``card`` can pair a loose table card (``rules.no_pair_trail``, Dominican
    [PAG-R]): one of its rank that it takes by value (a Finnish ace, 14 from hand, does not
    pair a table ace, 1); a court card without value pairs its rank."""
    mine = set(scheme.values(card))
    for other in loose:
        if other.rank != card.rank:
            continue
        slot = scheme.slot(other)
        if not mine or (slot is not None and mine & set(scheme.slot_values[slot])):
            return True
    return False


def _pairs_at(value: int, other: Card, scheme: Scheme) -> bool:
    """Whether a loose ``other`` is worth ``value`` on the table (a card played at ``value``
    pairs it)."""
    slot = scheme.slot(other)
    return slot is not None and value in scheme.slot_values[slot]


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
    if family.kind in ("build", "trail_build") and family.value in keeper.rest_values:
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
    value = move.value if isinstance(move, BuildMove | TrailBuild) else 0
    return Family(move.kind, move.card, value, touched, fixed, LooseCards(rest, scheme).counts)


def is_legal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
             builds: Sequence[Build], mover: int, move: Move) -> bool:
    """Whether ``move`` is one of :func:`legal_moves`, decided without listing them: the
    move's family must belong to one of the played card's specs (:func:`specs_for`,
    :func:`spec_has`)."""
    if move.card not in hand or move.kind == "pluck":
        return False
    scheme = scheme_for(rules)
    family = family_of(move, loose, builds, scheme)
    if family is None:
        return False
    table = LooseCards(loose, scheme)
    shape = (family.kind, family.value, family.builds, family.fixed)
    return any((f.kind, f.value, f.builds, f.fixed) == shape
               and spec_has(spec, table, family.counts)
               for spec in specs_for(rules, hand, loose, builds, mover, [move.card])
               for f in (spec.family,))


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
           mover: int, card: Card, chosen: frozenset[Card], cap: int = SELECT_COUNT_CAP
           ) -> Selection:
    """Answer for one selection (``card`` from hand, ``chosen`` table cards) without listing
    the legal moves: the page's way through a crowded table. Works on :func:`specs_for`, so its
    cost grows with the table's cards and the card's specs, not with the number of moves.
    ``count`` stops at ``cap``. Cards in ``chosen`` that are not on the table match nothing."""
    scheme = scheme_for(rules)
    table = LooseCards(loose, scheme)
    specs = specs_for(rules, hand, loose, builds, mover, [card]) if card in hand else []
    picked_builds = {b for b in builds if not chosen.isdisjoint(b.cards)}
    picked_loose = chosen.difference(*(b.cards for b in picked_builds))
    picked = LooseCards(picked_loose, scheme)
    picked_counts = picked.counts
    picked_fixed = frozenset(c for c in picked_loose if scheme.slot(c) is None)
    exact: list[Move] = []
    extendable: set[Card] = set()
    count = 0
    trail: Trail | None = None
    on_table = picked_loose <= set(loose)
    for spec in specs:
        f = spec.family
        if f.kind == "trail":
            trail = Trail(card)
            continue
        if (not on_table or not picked_builds <= set(f.builds)
                or not picked_fixed <= f.fixed):
            continue
        found = spec_count(spec, table, picked_counts, max(1, cap - count))
        if not found:
            continue
        count = min(cap, count + found)
        if (set(f.builds) == picked_builds and f.fixed == picked_fixed and chosen
                and spec_has(spec, table, picked_counts)):
            exact.extend(expand(Family(f.kind, f.card, f.value, f.builds, f.fixed,
                                       picked_counts), picked))
        for b in f.builds:
            if b not in picked_builds:
                extendable.update(b.cards)
        extendable.update(f.fixed - picked_fixed)
        for slot, (have, p) in enumerate(zip(table.counts, picked_counts, strict=True)):
            rest_of_slot = [x for x in table.by_slot[slot] if x not in chosen]
            if have > p and rest_of_slot and rest_of_slot[0] not in extendable:
                more = tuple(n + (i == slot) for i, n in enumerate(picked_counts))
                if spec_count(spec, table, more, 1):
                    extendable.update(rest_of_slot)
    exact.sort(key=move_sort_key)
    return Selection(tuple(exact), frozenset(extendable), count, trail)


def trail_refusal(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                  builds: Sequence[Build], mover: int, card: Card) -> str | None:
    """Why ``card`` may not be trailed now, as a code the page translates, or None if it may.

    Codes: ``"owner_may_not_trail"`` (the mover owns a build [PAG §7]), ``"must_capture"``
    (``rules.capture_compulsory`` and the card can capture [BRIT]), ``"must_pair"``
    (``rules.no_pair_trail`` and the card can pair a loose card [PAG-R Dominican]),
    ``"keep_card"``
    (it is the last card of the value of one of the mover's builds [PAG §7]).
    """
    scheme = scheme_for(rules)
    own = [b for b in builds if b.owner == mover]
    if own and rules.builder_restriction not in ("may_trail", "penalty"):
        return "owner_may_not_trail"
    if rules.capture_compulsory and _can_capture(card, rules, loose, builds,
                                                 LooseCards(loose, scheme)):
        return "must_capture"
    if rules.no_pair_trail and _pairs(card, loose, scheme):
        return "must_pair"
    rest = [c for c in hand if c != card]
    if rules.builder_restriction != "penalty" and not guards(scheme, rest,
                                                             {b.value for b in own}):
        return "keep_card"
    return None


# -- Families without their counts: answering questions about a crowded table ---------------------

class Spec(NamedTuple):
    """Legal families alike in all but their counts, with the counts left unlisted.

    The families of a spec are ``family`` with each ``counts`` of the union of its sources
    (the empty one left out when ``need_loose``; only those holding ``must`` when it is set).
    Legality (the keep-card rule, the builder variants) never depends on which loose cards a
    move takes, so a spec is legal or not as a whole; how many moves it holds, whether it has
    one taking given cards, or one at all, is answered by a walk that stops early
    (:func:`spec_count`), never by listing them; :func:`spec_listed` lists them.

    Attributes:
        family: the family with zero counts (kind, card, value, builds, court cards).
        sources: the count sets united (see :data:`Source`).
        need_loose: the empty count is not a move of this spec (a new build or a capture of
            loose cards only must take a loose card).
        must: loose cards (counts per slot) every move of the spec takes, or None.
        min_cards: the fewest loose cards a move of the spec takes (2 for a build of table
            cards only, ``Rules.table_builds``: one card alone is no build); 0 for the others.
    """

    family: Family
    sources: tuple[Source, ...]
    need_loose: bool
    must: Counts | None = None
    min_cards: int = 0


def _merge(specs: list[Spec]) -> list[Spec]:
    """One spec per family template (a card with two values reaches some twice)."""
    out: dict[tuple[Family, Counts | None], Spec] = {}
    for spec in specs:
        key = (spec.family, spec.must)
        old = out.get(key)
        if old is None:
            out[key] = spec
        else:
            sources = tuple(dict.fromkeys(old.sources + spec.sources))
            out[key] = Spec(spec.family, sources, old.need_loose and spec.need_loose, spec.must,
                            min(old.min_cards, spec.min_cards))
    return list(out.values())


_NOTHING: Source = ((), 0, 0)


def _fixed_spec(family: Family) -> Spec:
    return Spec(family, (_NOTHING,), False)


def _capture_specs(card: Card, rules: Rules, loose: Sequence[Card], builds: Sequence[Build],
                   table: LooseCards) -> list[Spec]:
    """Every capture ``card`` can make (before ownership filters), as specs.

    A card with a value takes any non-empty collection of disjoint groups: a loose card of its
    value (pairing), loose cards adding up to its value (combining), or a build of its value;
    partial captures allowed [PAG §5.1-5.2][S002][S004]. A card with several values (a Royal
    ace from hand, 1 or 14 [S000]) takes what either value allows. A court card without value
    takes matching court cards only, as many as ``rules.court_capture`` allows
    [PAG][S000][FOS] (D1), and natural builds of its rank (Trailing-Royals [S003]).
    """
    scheme = table.scheme
    values = scheme.values(card)
    zero = _zero(scheme)
    if not values:
        same = [c for c in loose if c.rank == card.rank]
        court_builds = [b for b in builds if b.is_court_build(scheme) and b.value == card.rank]
        return [_fixed_spec(Family("capture", card, 0, taken, frozenset(pick), zero))
                for n in _court_sizes(rules, len(same)) if n <= len(same)
                for pick in combinations(same, n) for taken in _powerset(court_builds)
                if pick or taken]
    out: list[Spec] = []
    for value in values:
        # Partial captures forbidden (D3): the loose cards of the card's rank that it pairs at
        # this value all go. A Royal ace from hand taking a build of 14 leaves a table ace
        # (1) alone: it does not match 14 (with that ace required, the owner of a build of 14
        # holding only an ace had no legal move; found by test_hostile_input).
        must: Counts | None = None
        if rules.whole_captures:
            matching = LooseCards([c for c in loose if c.rank == card.rank
                                   and _pairs_at(value, c, scheme)], scheme).counts
            must = matching if any(matching) else None
        capturable = [b for b in builds if not b.is_court_build(scheme) and (
            b.value == value or (rules.build_as_card and not b.multiple and b.value < value))]
        plain: tuple[Source, ...] = (((), value, -1),)
        for taken in _powerset(capturable):
            joined = tuple(sorted(b.value for b in taken if b.value != value))
            sources = (plain if not joined else
                       tuple(_source(parts, value) for parts in _partitions(joined, value)))
            if sources:
                out.append(Spec(Family("capture", card, 0, taken, frozenset(), zero),
                                sources, not taken, must))
    return _merge(out) if len(values) > 1 else out


@lru_cache(maxsize=256)
def _partitions(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``values`` (sorted) out into groups each adding up to at most
    ``target``, as the sorted tuple of the groups' totals; ``((),)`` for no values."""
    if not values:
        return ((),)
    first, rest = values[0], values[1:]
    found: set[tuple[int, ...]] = set()
    for size in range(len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            total = first + sum(rest[i] for i in others)
            if total > target:
                continue
            left = tuple(v for i, v in enumerate(rest) if i not in others)
            found.update(tuple(sorted((total, *more))) for more in _partitions(left, target))
    return tuple(sorted(found))


def _build_specs(card: Card, rest: Sequence[Card], rules: Rules, mover: int,
                 builds: Sequence[Build], table: LooseCards, only_on: Sequence[Build] | None,
                 for_partner: frozenset[int], loose: Sequence[Card], top: int,
                 rest_values: set[int]) -> list[Spec]:
    """Every build ``card`` can make (before ownership filters), ``rest`` being the rest of
    hand (``rest_values`` its :func:`~cassino_core.table.held_values`), as specs; ``top`` is
    ``rules.max_build_value``.

    - New build: the card with loose cards makes one group of the value (single) or, with further
      loose groups of the value gathered in, several (multiple) [PAG §6.2-6.3].
    - Adding to a build of the value: the card, alone or with loose cards, makes the value; more
      loose groups may be gathered; the result is multiple [PAG §6.5][S000].
    - Raising a single build: the card alone raises it to the new value; loose groups of the new
      value may be gathered (then multiple); table cards never change a build's value
      [PAG §6.4][FOS][S004] (D6), unless ``rules.table_raise`` [PAG variant][CATS]: then loose
      cards may join the card in the raise. Own builds only if ``rules.raise_own_build`` (D5).
    - ``rules.adding_only`` (D8): no loose groups gathered beside the card's own group (a card
      equal to the value may still take one loose group of it, "building threes").
    - The played card counts its build values (a Royal ace only 1 with
      ``rules.hand_ace="capture"``).
    - One move changes at most one existing build; the builder must hold a card of the new
      value, or (``for_partner``, [S000] D10) build to a value the partner has announced;
      two builds of one value only if ``rules.same_value_builds`` (D9).
    - Court cards build only naturally, with ``rules.court_builds`` (needs ``loose``).
    - ``only_on``: when given, only moves that change one of these builds (WIKI variant 2).
    - None at all without ``rules.building`` (the Nordic presets, FAMILY.md §5.12).
    """
    if not rules.building:
        return []
    scheme = table.scheme
    zero = _zero(scheme)
    values = scheme.build_values(card)
    gather = 0 if rules.adding_only else -1
    if not values:
        if not rules.court_builds:
            return []
        return [_fixed_spec(f) for f in
                _court_build_families(card, rest, rules, loose, builds, scheme, only_on,
                                      for_partner)]
    held = rest_values | for_partner
    out: list[Spec] = []
    for played in values:
        for target in sorted(v for v in held if played <= v <= top):
            others_of_value = [b for b in builds
                               if b.value == target and not b.is_court_build(scheme)]
            if only_on is None and (rules.same_value_builds or not others_of_value):
                # Without gathering, a card equal to the value still takes one loose group.
                more = gather if gather < 0 else int(played == target)
                out.append(Spec(Family("build", card, target, (), frozenset(), zero),
                                (_source((played,), target, more),), True))
            for build in builds if only_on is None else only_on:
                if build.is_court_build(scheme):
                    continue
                clash = any(b is not build for b in others_of_value)
                if clash and not rules.same_value_builds:
                    continue
                raised = build.value + played
                if build.value == target:
                    source = _source((played,), target, gather)
                elif (not build.multiple and (raised == target
                                              or (rules.table_raise and raised < target))
                      and (rules.raise_own_build or build.owner != mover)):
                    source = _source((raised,), target, gather)
                else:
                    continue
                out.append(Spec(Family("build", card, target, (build,), frozenset(), zero),
                                (source,), False))
    return _merge(out) if len(values) > 1 else out


def _table_build_specs(card: Card, rules: Rules, builds: Sequence[Build], table: LooseCards,
                       for_partner: frozenset[int], rest_values: set[int],
                       top: int) -> list[Spec]:
    """The trails of ``card`` that also build from table cards only (``rules.table_builds``:
    PAG's variant "trail a card and at the same time build from table cards", Swazi Casino,
    RULES.md §6.1), as specs; called only when ``card`` may be trailed.

    Two or more loose numeral cards split into groups each adding up to the value (several
    groups make a multiple build [PAG §6.3]; only one with ``rules.adding_only``); the value is
    one the rest of the hand holds, or a partner's announced value (``for_partner``, D10), 1 to
    ``top``; no second build of a value unless ``rules.same_value_builds`` (D9). The trailed
    card is not part of the build. None without ``rules.building``.
    """
    if not (rules.table_builds and rules.building):
        return []
    scheme = table.scheme
    zero = _zero(scheme)
    more = 1 if rules.adding_only else -1
    taken = {b.value for b in builds if not b.is_court_build(scheme)}
    return [Spec(Family("trail_build", card, target, (), frozenset(), zero),
                 (((), target, more),), True, None, 2)
            for target in sorted(v for v in rest_values | for_partner if 1 <= v <= top)
            if rules.same_value_builds or target not in taken]


def specs_for(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
              builds: Sequence[Build], mover: int,
              cards: Sequence[Card] | None = None) -> list[Spec]:
    """The legal moves of ``mover`` (only those played with ``cards`` if given) as specs: the
    one place where the legal-move rules are checked (:func:`families_for`, :func:`legal_moves`,
    :func:`is_legal`, :func:`select` and the counts all read them). Costs the number of hand
    cards, values and builds, never the number of moves.

    Rules applied on top of :func:`_capture_specs` and :func:`_build_specs`:

    - The keep-card rule: after any move, the mover still holds a card of the value of every
      build they own [PAG §7][S004] (lifted by ``builder_restriction="penalty"``, Michigan,
      where defaulting costs points instead).
    - The owner of a build may not trail (``builder_restriction="no_trail"``, WIKI variant 1,
      [PAG]); ``"may_trail"`` and ``"penalty"`` lift that; ``"wiki2"`` allows only moves that
      take or change an own build; ``"wiki3"`` also forbids captures that leave the own builds
      standing [S003].
    - Trailing is allowed even with a card that could capture [PAG §9][S004], unless
      ``rules.capture_compulsory`` [BRIT] (D2), or, with ``rules.no_pair_trail``, the card
      can pair a loose table card (Dominican [PAG-R], RULES.md §15.1).
    - With ``rules.table_builds``, a card that may be trailed may also be trailed together
      with a build of table cards only (:func:`_table_build_specs`); the keep-card rule then
      counts the new build's value too.
    """
    return _specs_on(LooseCards(loose, scheme_for(rules)), rules, hand, loose, builds, mover,
                     cards)


def _specs_on(table: LooseCards, rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
              builds: Sequence[Build], mover: int,
              cards: Sequence[Card] | None = None) -> list[Spec]:
    """:func:`specs_for` on ``table`` (the loose cards by slot) already made."""
    scheme = table.scheme
    zero = _zero(scheme)
    top = rules.max_build_value
    own = [b for b in builds if b.owner == mover]
    restriction = rules.builder_restriction if own else "no_trail"
    own_values = {b.value for b in own}
    for_partner = partner_values(rules, builds, mover)
    out: list[Spec] = []
    for index, card in enumerate(hand):
        if cards is not None and card not in cards:
            continue
        rest = list(hand[:index]) + list(hand[index + 1:])
        rest_values = held_values(scheme, rest)
        keeper = _Keeper(scheme, rest, rest_values)
        candidates: list[Spec] = []
        # Under WIKI variants 2 and 3 a build owner's capture must take an own build, so only a
        # card of an own build's value can capture (unless builds join sums): skip the others.
        if (restriction not in ("wiki2", "wiki3") or rules.build_as_card
                or held_values(scheme, [card]) & own_values):
            candidates += _capture_specs(card, rules, loose, builds, table)
        only_on = own if restriction == "wiki2" else None
        candidates += _build_specs(card, rest, rules, mover, builds, table, only_on,
                                   for_partner, loose, top, rest_values)
        if _may_trail(card, rules, own, loose, builds, table):
            candidates.append(_fixed_spec(Family("trail", card, 0, (), frozenset(), zero)))
            candidates += _table_build_specs(card, rules, builds, table, for_partner,
                                             rest_values, top)
        if own and rules.builder_restriction != "penalty":
            out += [s for s in candidates if _keeps_rules(s.family, rules, own, keeper)]
        else:  # owning no build, a new build's value is guarded by the card held for it
            out += candidates
    return out


def spec_listed(spec: Spec, table: LooseCards) -> list[Family]:
    """Every family of ``spec`` on ``table`` (from the remembered count sets)."""
    f = spec.family
    scheme = table.scheme
    if len(spec.sources) == 1:
        chosen_all: frozenset[Counts] = source_counts(spec.sources[0], table.counts, scheme)
    else:
        chosen_all = frozenset().union(*(source_counts(s, table.counts, scheme)
                                         for s in spec.sources))
    kind, card, value, builds, fixed, must = f.kind, f.card, f.value, f.builds, f.fixed, spec.must
    if spec.min_cards:
        chosen_all = frozenset(c for c in chosen_all if sum(c) >= spec.min_cards)
    if must is None:
        if spec.need_loose:
            return [Family(kind, card, value, builds, fixed, c) for c in chosen_all if any(c)]
        return [Family(kind, card, value, builds, fixed, c) for c in chosen_all]
    return [Family(kind, card, value, builds, fixed, c) for c in chosen_all
            if (any(c) or not spec.need_loose) and _fits(must, c)]


def _covers(code: int, need: int, guard: int) -> bool:
    """Whether packed counts ``code`` hold at least packed ``need`` in every slot."""
    return not ~((code | guard) - need) & guard


def _walk(whole: int, size: int, scheme: Scheme, sources: Sequence[Source], counts: Counts,
          need: int) -> Iterator[int]:
    """Every packed state of the sources within ``whole`` that covers ``need``, each once.

    A state covering ``need`` is found by adding, each time, a group holding the lowest slot
    still short of it (any decomposition of a covering state can add its groups in that order);
    from there every further group keeps it covered. So the walk visits the states short of
    ``need`` on the way and the covering ones it yields, and stops when the caller stops.
    Sources gathering a bounded number of groups are small and read from
    :func:`source_counts`."""
    guard = _guard(size)
    seen: set[int] = set()
    for source in sources:
        parts, target, more = source
        if more >= 0:
            for chosen in source_counts(source, counts, scheme):
                code = _pack(chosen)
                if code not in seen and _covers(code, need, guard):
                    seen.add(code)
                    yield code
            continue
        groups = [g for g in _groups(scheme, target) if any(g) and _fits(g, counts)]
        parts_packed = [_pack(g) for g in groups]
        by_slot = [[_pack(g) for g in groups if g[i]] for i in range(size)]
        firsts = _seeds(parts, target, counts, scheme)
        stack = [code for g in firsts if ((whole | guard) - (code := _pack(g))) & guard == guard]
        tried: set[int] = set()
        visited: set[int] = set()
        while stack:
            state = stack.pop()
            short = ~((state | guard) - need) & guard
            room = (whole - state) | guard
            if short:
                if state in tried:
                    continue
                tried.add(state)
                slot = ((short & -short).bit_length() - 1) // _FIELD
                stack += [state + p for p in by_slot[slot] if (room - p) & guard == guard]
                continue
            # Each source walks on its own (a state another source reached may lead further
            # here); the shared ``seen`` only keeps a state from being yielded twice.
            if state in visited:
                continue
            visited.add(state)
            if state not in seen:
                seen.add(state)
                yield state
            stack += [state + p for p in parts_packed if (room - p) & guard == guard]


def _need(spec: Spec, picked: Counts) -> Counts:
    """``picked`` raised to the spec's ``must`` in every slot."""
    if spec.must is None:
        return picked
    return tuple(max(p, m) for p, m in zip(picked, spec.must, strict=True))


def spec_count(spec: Spec, table: LooseCards, picked: Counts | None = None,
               cap: int = SELECT_COUNT_CAP) -> int:
    """How many moves of ``spec`` take at least the ``picked`` loose cards (counts per slot),
    counted up to ``cap`` (an answer of ``cap`` means that many or more)."""
    size = len(table.counts)
    zero = (0,) * size
    picked = picked or zero
    if not _fits(picked, table.counts):
        return 0
    total = 0
    need = _pack(_need(spec, picked))
    for code in _walk(_pack(table.counts), size, table.scheme, spec.sources, table.counts,
                      need):
        if code == 0 and spec.need_loose:
            continue
        chosen = _unpack(code, size)
        if sum(chosen) < spec.min_cards:
            continue
        total += prod(comb(n - p, c - p) for n, p, c in zip(table.counts, picked, chosen,
                                                              strict=True) if c > p)
        if total >= cap:
            return cap
    return total


def spec_has(spec: Spec, table: LooseCards, chosen: Counts) -> bool:
    """Whether ``chosen`` (loose counts per slot) is one of the spec's counts."""
    if not _fits(chosen, table.counts) or (spec.need_loose and not any(chosen)):
        return False
    if spec.must is not None and not _fits(spec.must, chosen):
        return False
    if sum(chosen) < spec.min_cards:
        return False
    code = _pack(chosen)
    return next(_walk(code, len(chosen), table.scheme, spec.sources, chosen, code), -1) == code


def has_legal_move(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                   builds: Sequence[Build], mover: int) -> bool:
    """Whether :func:`legal_moves` would be non-empty, found without listing it."""
    table = LooseCards(loose, scheme_for(rules))
    return any(spec_count(s, table, cap=1)
               for s in specs_for(rules, hand, loose, builds, mover))


def spec_families(spec: Spec, table: LooseCards, limit: int) -> list[Family]:
    """Up to ``limit`` families of ``spec`` (the first its walk meets), for weighing a sample of
    the moves of a crowded table instead of all of them."""
    size = len(table.counts)
    out: list[Family] = []
    f = spec.family
    need = 0 if spec.must is None else _pack(spec.must)
    for code in _walk(_pack(table.counts), size, table.scheme, spec.sources, table.counts,
                      need):
        if code == 0 and spec.need_loose:
            continue
        if spec.min_cards and sum(_unpack(code, size)) < spec.min_cards:
            continue
        out.append(Family(f.kind, f.card, f.value, f.builds, f.fixed, _unpack(code, size)))
        if len(out) >= limit:
            break
    return out


def count_legal_moves(rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                      builds: Sequence[Build], mover: int, cap: int) -> int:
    """How many moves :func:`legal_moves` would list (plucks apart), counted up to ``cap``
    without listing them (an answer of ``cap`` means that many or more)."""
    table = LooseCards(loose, scheme_for(rules))
    total = 0
    for spec in specs_for(rules, hand, loose, builds, mover):
        if total >= cap:
            break
        total += spec_count(spec, table, cap=cap - total)
    return min(total, cap)
