"""A compact round state for search: the same rules as :mod:`cassino_core.game`, much faster.

The rules engine (:mod:`cassino_core.game`, :mod:`cassino_core.movegen`) is built for clarity
and for the page: immutable states, a :class:`~cassino_core.cards.Card` object per card, moves as
objects, families for crowded tables. A search that plays thousands of sampled deals a second
needs less: this module keeps a round as

- card sets as bit masks over :attr:`Card.index <cassino_core.cards.Card.index>` (bit ``i`` is
  the card of index ``i``): each hand, the loose cards, each seat's pile;
- builds as small tuples ``(mask, value, multiple, owner)`` in table order;
- moves as tuples ``(kind, card, value, take)``: ``kind`` one of :data:`TRAIL`,
  :data:`CAPTURE`, :data:`BUILD`, :data:`PLUCK`; ``card`` a card index; ``value`` the announced
  value of a build (0 otherwise); ``take`` the mask of the table cards used;
- a mutable :class:`Playout` updated in place by :meth:`Playout.play` (copy it to branch).

It produces exactly the legal moves and results of the engine (the same rule sources apply:
see :func:`cassino_core.movegen.families_for` and :func:`cassino_core.game.apply_move`); the
tests in ``tests/engine/test_playout.py`` play both side by side under every preset.

Rules it refuses (:class:`CoreUnsupported`; the expert then searches with the engine):
court builds (Trailing-Royals, ``court_builds``), the WIKI builder variants
(``builder_restriction`` ``"wiki2"``/``"wiki3"``) and the move switches ``whole_captures``,
``adding_only``, ``build_as_card``, ``table_raise``, ``table_builds``, ``no_pair_trail`` and
``hand_ace``, the
Finnish card values and ``building=False`` (the Nordic presets). The loose-card order,
each build's grouping and the per-seat "latest move" facts of a
:class:`~cassino_core.game.RoundState` are not kept: no rule depends on them (a build's
*multiple* flag, which does, is kept).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from .cards import Card, full_pack
from .game import TABLE, RoundState, deal_order
from .movegen import Counts, _groups
from .moves import BuildMove, Capture, Move, Pluck, Trail
from .rules import Rules
from .scoring import RoundScore, is_point_card, score_round
from .table import Build, Scheme, scheme_for

TRAIL: Final = 0
CAPTURE: Final = 1
BUILD: Final = 2
PLUCK: Final = 3

CoreMove = tuple[int, int, int, int]
"""``(kind, card index, build value or 0, mask of the table cards used)``."""

CoreBuild = tuple[int, int, bool, int]
"""``(mask of its cards, value, multiple, owner seat)``."""

CARDS: Final[tuple[Card, ...]] = tuple(sorted(full_pack(), key=lambda c: c.index))
"""Every card by its index (``CARDS[i].index == i``)."""

_KINDS: Final = {"trail": TRAIL, "capture": CAPTURE, "build": BUILD, "pluck": PLUCK}


class CoreUnsupported(ValueError):
    """The playout core does not play these rules (the message names the switch)."""


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of an iterable of :class:`Card`."""
    out = 0
    for card in cards:
        out |= 1 << card.index
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, by index."""
    return [CARDS[i] for i in bits(mask)]


_MOVE_SWITCHES: Final = ("whole_captures", "adding_only", "build_as_card", "table_raise",
                         "table_builds", "no_pair_trail")
"""Move switches the core does not play (nor ``hand_ace`` other than ``"both"``, Finnish
values, or ``building`` off)."""


def _unplayed(rules: Rules) -> str | None:
    """The first switch of ``rules`` the core does not play, or None."""
    if rules.court_builds:
        return "court_builds=True"
    if rules.builder_restriction in ("wiki2", "wiki3"):
        return f"builder_restriction={rules.builder_restriction!r}"
    for name in _MOVE_SWITCHES:
        if getattr(rules, name):
            return f"{name}=True"
    if rules.hand_ace != "both":
        return f"hand_ace={rules.hand_ace!r}"
    if rules.values == "finnish":
        return "values='finnish'"  # hand values up to 16 do not fit the core's 4-bit keys
    if not rules.building:
        return "building=False"
    return None


def supported(rules: Rules) -> bool:
    """Whether :class:`Core` plays ``rules`` (see the module docstring)."""
    return _unplayed(rules) is None


_CORES: dict[Rules, Core] = {}


def core_for(rules: Rules) -> Core:
    """The (cached) :class:`Core` of ``rules``.

    Raises:
        CoreUnsupported: the core does not play these rules.
    """
    found = _CORES.get(rules)
    if found is None:
        if len(_CORES) > 64:
            _CORES.clear()
        found = _CORES[rules] = Core(rules)
    return found


class Core:
    """The tables of one ruleset: each card's slot, values and rank as masks, and the caches
    of move generation (keyed on the loose cards' mask).

    Raises:
        CoreUnsupported: court builds or the WIKI builder variants (see :func:`supported`).
    """

    def __init__(self, rules: Rules) -> None:
        unplayed = _unplayed(rules)
        if unplayed is not None:
            raise CoreUnsupported(f"{unplayed} is not played by the core")
        self.rules = rules
        self.players = rules.players
        self.scheme: Scheme = scheme_for(rules)
        scheme = self.scheme
        self.slot_masks = [0] * scheme.slots
        self.hand_values: list[tuple[int, ...]] = [()] * 52
        self.held: list[tuple[int, ...]] = [()] * 52
        """Per card, the values it can capture with from hand (a court without value: rank)."""
        self.rank_masks = [0] * 14
        self.single_value = [0] * 52
        """Per card, its only value as a table or hand card, or 0 when it has several."""
        self.pack = mask_of(rules.pack_cards())
        self.point_cards = mask_of(c for c in rules.pack_cards() if is_point_card(rules, c))
        for card in CARDS:
            i = card.index
            self.rank_masks[card.rank] |= 1 << i
            slot = scheme.card_slot[i]
            if slot >= 0:
                self.slot_masks[slot] |= 1 << i
            self.hand_values[i] = scheme.hand_values[i]
            self.held[i] = scheme.hand_values[i] or (card.rank,)
            anyv = scheme.any_values(card)
            self.single_value[i] = anyv[0] if len(anyv) == 1 else 0
        self.value_masks: dict[int, int] = {}
        """Per value, the cards that can capture it from hand."""
        for i in range(52):
            for v in self.held[i]:
                self.value_masks[v] = self.value_masks.get(v, 0) | (1 << i)
        self.max_build = rules.max_build_value
        self.partnered = rules.partner_building and rules.sides != rules.players
        self.side = [rules.side_of(s) for s in range(rules.players)]
        self.held_bits = [sum(1 << v for v in self.held[i]) for i in range(52)]
        """Per card, :attr:`held` as a mask of values (bit ``v`` for value ``v``)."""
        self._above = [sum(1 << v for v in range(p, self.max_build + 1)) for p in range(16)]
        """Per played value, the mask of the build values it may reach (itself to the top)."""
        self.deal_orders: dict[tuple[int, int], list[tuple[int, int]]] = {}
        """:func:`cassino_core.game.deal_order` by (dealer, deal), remembered."""
        self._plain = rules.court_capture == "one" and not rules.capture_compulsory
        """A table without builds needs only captures, builds and trails (see
        :meth:`_plays_bare`)."""
        self._nibbles = all(scheme.card_slot[i] in (-1, i // 4) for i in range(52))
        self.valued = sum(1 << i for i in range(52) if scheme.card_slot[i] >= 0)
        """The cards that have a value (all but Classic's courts)."""
        self._guard = _pack((8,) * scheme.slots)
        # A played card's value may pass the highest build: Classic values with the 10 of
        # diamonds as 10 or 11 (big_casino_eleven) capture groups of 11 with it [S003].
        top = max([self.max_build, *(v for vs in scheme.hand_values for v in vs),
                   *(v for vs in scheme.slot_values for v in vs)])
        self._reach = [_pack(tuple(7 if min(vs) <= t else 0 for vs in scheme.slot_values))
                       for t in range(top + 1)]
        """Per target (every value a card may count), the packed digits of the slots that may
        count in a group of it."""
        self._group_cache: dict[int, list[int]] = {}
        self._unions: dict[int, tuple[int, ...]] = {}
        self._unions_with: dict[int, tuple[int, ...]] = {}
        self._most: dict[int, int] = {}
        self._most_rows: dict[int, tuple[int, ...]] = {}
        self._held_of: dict[int, frozenset[int]] = {}
        self._guards: dict[tuple[int, frozenset[int]], bool] = {}
        self._cap_rows: dict[int, tuple[tuple[int, int], ...]] = {}
        self._build_rows: dict[int, tuple[tuple[int, int], ...]] = {}

    # -- caches over the loose cards ----------------------------------------------------------

    def counts(self, loose: int) -> int:
        """How many loose cards of each slot ``loose`` holds, packed four bits a slot (see
        :func:`_pack`)."""
        if self._nibbles:
            # Slot k is rank k + 1, whose four cards are bits 4k..4k+3: count each nibble.
            x = loose & self.valued
            x -= (x >> 1) & _FIVES
            return (x & _THREES) + ((x >> 2) & _THREES)
        found = 0
        for k, m in enumerate(self.slot_masks):
            found |= (loose & m).bit_count() << 4 * k
        return found

    def _trim(self) -> None:
        """Empty the caches (they are rebuilt as needed)."""
        for cache in (self._unions, self._unions_with, self._held_of, self._guards, self._most,
                      self._cap_rows, self._build_rows):
            cache.clear()

    def _groups(self, target: int) -> list[int]:
        """The engine's groups of slots adding up to ``target`` (see
        :func:`cassino_core.movegen.unions`), packed."""
        found = self._group_cache.get(target)
        if found is None:
            found = self._group_cache[target] = [_pack(g) for g in _groups(self.scheme, target)]
        return found

    def unions(self, counts: int, target: int) -> tuple[int, ...]:
        """As :func:`cassino_core.movegen.unions` over packed counts: every sub-multiset that
        splits into groups of ``target``, ascending (so the empty one, 0, first)."""
        counts &= self._reach[target]
        key = counts << 4 | target
        found = self._unions.get(key)
        if found is None:
            if len(self._unions) > 200000:
                self._trim()
            guard = self._guard
            parts = [g for g in self._groups(target) if ((counts | guard) - g) & guard == guard]
            seen = {0}
            frontier = [0]
            while frontier:
                nxt = []
                for state in frontier:
                    room = (counts - state) | guard
                    for part in parts:
                        if (room - part) & guard == guard:
                            grown = state + part
                            if grown not in seen:
                                seen.add(grown)
                                nxt.append(grown)
                frontier = nxt
            found = self._unions[key] = tuple(sorted(seen))
        return found

    def unions_with(self, counts: int, played: int, target: int) -> tuple[int, ...]:
        """As :func:`cassino_core.movegen.unions_with` over packed counts, ascending."""
        if played > target:
            return ()
        counts &= self._reach[target]
        key = (counts << 4 | played) << 4 | target
        found = self._unions_with.get(key)
        if found is None:
            if len(self._unions_with) > 200000:
                self._trim()
            guard = self._guard
            out: set[int] = set()
            for first in self._groups(target - played):
                if ((counts | guard) - first) & guard == guard:
                    for more in self.unions(counts - first, target):
                        out.add(first + more)
            found = self._unions_with[key] = tuple(sorted(out))
        return found

    def most_taken(self, counts: int, value: int) -> int:
        """Most loose cards one card of ``value`` takes from packed ``counts``: exact on a
        table of up to ten cards, else a greedy count of disjoint groups, largest first (as
        :func:`cassino_core.players._most_taken`)."""
        counts &= self._reach[value]
        key = counts << 4 | value
        found = self._most.get(key)
        if found is None:
            if _nibble_sum(counts) <= 10:
                found = max(_nibble_sum(u) for u in self.unions(counts, value))
            else:
                guard = self._guard
                room = counts
                found = 0
                for group in sorted(self._groups(value), key=_nibble_sum, reverse=True):
                    size = _nibble_sum(group)
                    while ((room | guard) - group) & guard == guard:
                        room -= group
                        found += size
            self._most[key] = found
        return found

    def most_row(self, counts: int) -> tuple[int, ...]:
        """:meth:`most_taken` of packed ``counts`` for every value 0 to the highest build
        value (remembered)."""
        found = self._most_rows.get(counts)
        if found is None:
            if len(self._most_rows) > 100000:
                self._most_rows.clear()
            found = self._most_rows[counts] = (0, *(self.most_taken(counts, v)
                                                    for v in range(1, self.max_build + 1)))
        return found

    def _wholes(self, counts: int, chosen: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """The non-empty choices of ``chosen`` (packed, over loose ``counts``), each with the
        mask of its slots' cards when it takes every loose card of them (the move then takes
        ``loose & whole``), else 0 (:meth:`_expand` lists the masks)."""
        out = []
        for c in chosen:
            if c:
                whole = 0
                if self._nibbles:
                    # Slot k's cards are bits 4k..4k+3, the bits of its digit.
                    touched = (c | c >> 1 | c >> 2) & _ONES
                    if counts & touched * 15 == c:
                        whole = touched * 15
                out.append((whole, c))
        return tuple(out)

    def capture_row(self, counts: int, value: int) -> tuple[tuple[int, int], ...]:
        """:meth:`unions` of ``counts`` and ``value`` without the empty one, each as
        ``(whole, chosen)`` (see :meth:`_wholes`), remembered under the same key."""
        counts &= self._reach[value]
        key = counts << 4 | value
        found = self._cap_rows.get(key)
        if found is None:
            if len(self._cap_rows) > 200000:
                self._trim()
            found = self._cap_rows[key] = self._wholes(counts, self.unions(counts, value))
        return found

    def build_row(self, counts: int, played: int, target: int) -> tuple[tuple[int, int], ...]:
        """:meth:`unions_with` without the empty one, each as ``(whole, chosen)`` (see
        :meth:`_wholes`), remembered under the same key."""
        counts &= self._reach[target]
        key = (counts << 4 | played) << 4 | target
        found = self._build_rows.get(key)
        if found is None:
            if len(self._build_rows) > 200000:
                self._trim()
            found = self._build_rows[key] = self._wholes(
                counts, self.unions_with(counts, played, target))
        return found

    def _expand(self, loose: int, chosen: int) -> list[int]:
        """Every mask of loose cards with ``chosen`` (packed) cards of each slot."""
        if self._nibbles:
            # Slot k's cards are bits 4k..4k+3, the bits of its digit: when ``chosen`` takes
            # every loose card of the slots it touches, that is a single mask.
            touched = (chosen | chosen >> 1 | chosen >> 2) & _ONES
            have = loose & touched * 15
            x = have - ((have >> 1) & _FIVES)
            if (x & _THREES) + ((x >> 2) & _THREES) == chosen:
                return [have]
        out = [0]
        masks = self.slot_masks
        slot = 0
        while chosen:
            n = chosen & 15
            if n:
                have = loose & masks[slot]
                if n == have.bit_count():
                    out = [m | have for m in out]
                else:
                    picks = _picks(have, n)
                    out = [m | p for m in out for p in picks]
            chosen >>= 4
            slot += 1
        return out

    def _row_masks(self, loose: int, row: tuple[tuple[int, int], ...]) -> list[int]:
        """Every mask of loose cards of the choices of ``row`` (from :meth:`capture_row` or
        :meth:`build_row`): one mask for a choice that takes whole slots, else
        :meth:`_expand`'s."""
        out: list[int] = []
        for whole, chosen in row:
            if whole:
                out.append(loose & whole)
            else:
                out += self._expand(loose, chosen)
        return out

    def captures(self, loose: int, value: int) -> list[int]:
        """Masks of loose cards that split into groups of ``value`` (0, taking none, first)."""
        chosen = self.unions(self.counts(loose), value)
        if len(chosen) == 1:
            return [0]
        return [m for c in chosen for m in self._expand(loose, c)]

    def with_card(self, loose: int, played: int, target: int) -> list[int]:
        """Masks of loose cards that, with a card played as ``played``, split into groups of
        ``target`` (0 among them when the card alone makes it)."""
        return [m for c in self.unions_with(self.counts(loose), played, target)
                for m in self._expand(loose, c)]

    def held_values(self, hand: int) -> frozenset[int]:
        """Values a player holding ``hand`` can capture with (see
        :func:`cassino_core.table.held_values`)."""
        found = self._held_of.get(hand)
        if found is None:
            out: set[int] = set()
            for i in bits(hand):
                out.update(self.held[i])
            found = self._held_of[hand] = frozenset(out)
        return found

    def guards(self, hand: int, needed: frozenset[int]) -> bool:
        """Whether ``hand`` holds one card per value of ``needed`` (see
        :func:`cassino_core.table.guards`)."""
        if not needed <= self.held_values(hand):
            return False
        if len(needed) == 1:
            return True
        key = (hand, needed)
        found = self._guards.get(key)
        if found is None:
            values = sorted(needed)
            options = [self.held[i] for i in bits(hand)]

            def assign(k: int, used: int) -> bool:
                if k == len(values):
                    return True
                return any(values[k] in opts and not used >> j & 1 and assign(k + 1, used | 1 << j)
                           for j, opts in enumerate(options))

            found = self._guards[key] = assign(0, 0)
        return found

    def one_group(self, cards: int, value: int) -> bool:
        """Whether the cards of ``cards`` can add up to ``value`` as one group."""
        total = 0
        for i in bits(cards):
            v = self.single_value[i]
            if not v:
                return value in self.scheme.group_sums(cards_of(cards))
            total += v
        return total == value

    # -- legal moves -------------------------------------------------------------------------

    def legal(self, st: Playout) -> list[CoreMove]:
        """Every legal move of the seat to play in ``st`` (plucks first; empty once finished):
        the moves of :meth:`cassino_core.game.RoundState.legal_moves`, in no set order."""
        if st.finished:
            return []
        seat = st.turn
        out: list[CoreMove] = self.plucks(st) if self.rules.pluck else []
        return out + self.plays(st.hands[seat], st.loose, st.builds, seat)

    def plucks(self, st: Playout) -> list[CoreMove]:
        """The plucks open to the seat to play (see :meth:`RoundState.plucks`)."""
        seat = st.turn
        if not self.rules.pluck or st.finished or st.plucked[seat]:
            return []
        on_table = st.loose.bit_count() + sum(b[0].bit_count() for b in st.builds)
        if on_table < 2 or (st.stock_at >= len(st.stock) and st.hands[seat].bit_count() == 1):
            return []
        return [(PLUCK, i, 0, 1 << i) for i in bits(st.loose & ~self.point_cards)]

    def plays(self, hand: int, loose: int, builds: tuple[CoreBuild, ...],
              mover: int) -> list[CoreMove]:
        """Every legal play from ``hand`` (see :func:`cassino_core.movegen.families_for`)."""
        if not builds and self._plain:
            return self._plays_bare(hand, loose)
        rules = self.rules
        own = [b for b in builds if b[3] == mover]
        penalty = rules.builder_restriction == "penalty"
        trail_ok = not own or rules.builder_restriction in ("may_trail", "penalty")
        if self.partnered:
            side = self.side[mover]
            partner = frozenset(b[1] for b in builds
                                if b[3] != mover and self.side[b[3]] == side)
        else:
            partner = frozenset()
        same_ok = rules.same_value_builds
        raise_own = rules.raise_own_build
        out: list[CoreMove] = []
        counts = self.counts(loose)
        expand = self._expand
        held_bits = self.held_bits
        above = self._above
        partner_bits = 0
        for v in partner:
            partner_bits |= 1 << v
        # Per call, what several cards share: the builds of each value (and every union of
        # their masks), the loose captures of each value, the loose cards a played value
        # gathers into each target.
        of_value: dict[int, list[CoreBuild]] = {}
        for one in builds:
            of_value.setdefault(one[1], []).append(one)
        subsets_of: dict[int, list[int]] = {}
        loose_caps: dict[int, list[int]] = {}
        gathers: dict[int, list[int]] = {}
        cards = []
        held_all = doubled = 0
        m = hand
        while m:
            low = m & -m
            card = low.bit_length() - 1
            cards.append(card)
            doubled |= held_all & held_bits[card]
            held_all |= held_bits[card]
            m ^= low
        for card in cards:
            rest = hand & ~(1 << card)
            # The values the other cards hold (this card's own only if another holds it too).
            rest_bits = (held_all & ~held_bits[card]) | doubled
            values = self.hand_values[card]
            cands: list[CoreMove] = []
            if not values:
                same = list(bits(loose & self.rank_masks[card // 4 + 1]))
                for n in _court_sizes(rules.court_capture, len(same)):
                    if n and n <= len(same):
                        for pick in combinations(same, n):
                            take = 0
                            for b in pick:
                                take |= 1 << b
                            cands.append((CAPTURE, card, 0, take))
            else:
                for value in values:
                    if value not in of_value:
                        for whole, chosen in self.capture_row(counts, value):
                            if whole:
                                cands.append((CAPTURE, card, 0, loose & whole))
                            else:
                                cands += [(CAPTURE, card, 0, m) for m in expand(loose, chosen)]
                        continue
                    caps = loose_caps.get(value)
                    if caps is None:
                        caps = loose_caps[value] = [0, *self._row_masks(
                            loose, self.capture_row(counts, value))]
                    subsets = subsets_of.get(value)
                    if subsets is None:
                        subsets = subsets_of[value] = _unions_of([b[0] for b in of_value[value]])
                    for m in caps:
                        cands += [(CAPTURE, card, 0, m | taken) for taken in subsets
                                  if taken or m]
                held = rest_bits | partner_bits
                for played in values:
                    targets = held & above[played]
                    while targets:
                        low = targets & -targets
                        targets ^= low
                        target = low.bit_length() - 1
                        others = of_value.get(target, ())
                        key = played << 4 | target
                        with_card = gathers.get(key)
                        if with_card is None:
                            # The card alone makes its own value: taking no loose card.
                            with_card = gathers[key] = [
                                *((0,) if played == target else ()),
                                *self._row_masks(loose, self.build_row(counts, played, target))]
                        if same_ok or not others:
                            cands += [(BUILD, card, target, m) for m in with_card if m]
                        for build in builds:
                            if not same_ok and (len(others) > 1
                                                or (others and others[0] is not build)):
                                continue
                            if build[1] == target:
                                gathered = with_card
                            elif (not build[2] and build[1] + played == target
                                  and (raise_own or build[3] != mover)):
                                caps_of = loose_caps.get(target)
                                if caps_of is None:
                                    caps_of = loose_caps[target] = [0, *self._row_masks(
                                        loose, self.capture_row(counts, target))]
                                gathered = caps_of
                            else:
                                continue
                            cands += [(BUILD, card, target, m | build[0]) for m in gathered]
                if len(values) > 1:
                    cands = list(dict.fromkeys(cands))
            if trail_ok and not (rules.capture_compulsory
                                 and self._can_capture(card, loose, builds)):
                cands.append((TRAIL, card, 0, 0))
            if penalty or not own:
                out += cands
                continue
            # A builder keeps a card for each of its builds the move leaves (and for the value
            # it builds, when it holds that value): ``rest_bits`` is what the rest holds.
            for move in cands:
                take = move[3]
                needed = 0
                for kept in own:
                    if not kept[0] & take:
                        needed |= 1 << kept[1]
                if move[0] == BUILD and rest_bits >> move[2] & 1:
                    needed |= 1 << move[2]
                if needed:
                    if needed & ~rest_bits:
                        continue
                    if needed & (needed - 1) and not self.guards(
                            rest, frozenset(v for v in range(16) if needed >> v & 1)):
                        continue
                out.append(move)
        return out

    def _plays_bare(self, hand: int, loose: int) -> list[CoreMove]:
        """:meth:`plays` on a table without builds, under rules where that needs no more than
        captures, builds and trails (the common case in play, made fast: the caches of
        :meth:`capture_row` and :meth:`build_row` are read in place, and a choice that takes
        every loose card of its slots is one mask, known from the cache, without
        :meth:`_expand`)."""
        out: list[CoreMove] = []
        append = out.append
        hand_values = self.hand_values
        held_bits = self.held_bits
        above = self._above
        reach = self._reach
        counts = self.counts(loose)
        cap_rows = self._cap_rows
        build_rows = self._build_rows
        expand = self._expand
        cards = []
        held = doubled = 0
        m = hand
        while m:
            low = m & -m
            card = low.bit_length() - 1
            cards.append(card)
            bits_of = held_bits[card]
            doubled |= held & bits_of
            held |= bits_of
            m ^= low
        for card in cards:
            values = hand_values[card]
            if not values:
                same = loose & self.rank_masks[card // 4 + 1]
                while same:
                    low = same & -same
                    append((CAPTURE, card, 0, low))
                    same ^= low
                append((TRAIL, card, 0, 0))
                continue
            # The values the rest of the hand holds: those of the other cards, and a value of
            # this card only when another card holds it too.
            rest_bits = (held & ~held_bits[card]) | doubled
            if len(values) > 1:
                mine: list[CoreMove] = []
                for value in values:
                    for chosen in self.unions(counts, value):
                        if chosen:
                            mine += [(CAPTURE, card, 0, m) for m in expand(loose, chosen)]
                for played in values:
                    targets = rest_bits & above[played]
                    while targets:
                        low = targets & -targets
                        targets ^= low
                        target = low.bit_length() - 1
                        for chosen in self.unions_with(counts, played, target):
                            if chosen:
                                mine += [(BUILD, card, target, m)
                                         for m in expand(loose, chosen)]
                out += dict.fromkeys(mine)
                append((TRAIL, card, 0, 0))
                continue
            value = values[0]
            found = cap_rows.get((counts & reach[value]) << 4 | value)
            if found is None:
                found = self.capture_row(counts, value)
            for whole, chosen in found:
                if whole:
                    append((CAPTURE, card, 0, loose & whole))
                else:
                    out += [(CAPTURE, card, 0, m) for m in expand(loose, chosen)]
            targets = rest_bits & above[value]
            while targets:
                low = targets & -targets
                targets ^= low
                target = low.bit_length() - 1
                found = build_rows.get(((counts & reach[target]) << 4 | value) << 4 | target)
                if found is None:
                    found = self.build_row(counts, value, target)
                for whole, chosen in found:
                    if whole:
                        append((BUILD, card, target, loose & whole))
                    else:
                        out += [(BUILD, card, target, m) for m in expand(loose, chosen)]
            append((TRAIL, card, 0, 0))
        return out

    def _can_capture(self, card: int, loose: int, builds: tuple[CoreBuild, ...]) -> bool:
        values = self.hand_values[card]
        if not values:
            return bool(loose & self.rank_masks[card // 4 + 1])
        return any(b[1] in values for b in builds) or any(
            len(self.captures(loose, v)) > 1 for v in values)

    # -- conversions -------------------------------------------------------------------------

    def move_of(self, move: Move) -> CoreMove:
        """The core form of an engine move."""
        value = move.value if isinstance(move, BuildMove) else 0
        return (_KINDS[move.kind], move.card.index, value, mask_of(move.take))

    def to_move(self, move: CoreMove) -> Move:
        """The engine form of a core move."""
        kind, card, value, take = move
        c = CARDS[card]
        if kind == TRAIL:
            return Trail(c)
        if kind == PLUCK:
            return Pluck(c)
        cards = frozenset(cards_of(take))
        return Capture(c, cards) if kind == CAPTURE else BuildMove(c, value, cards)


_ONES: Final = 0x1111111111111
"""Bit 0 of each of the 13 four-bit digits (packed counts, see :func:`_pack`)."""
_FIVES: Final = 0x5555555555555
_THREES: Final = 0x3333333333333
"""Masks of a 52-bit population count by pairs, then by fours (a count per four bits)."""


def _nibble_sum(packed: int) -> int:
    """The number of cards in packed counts (the sum of its four-bit digits)."""
    total = 0
    while packed:
        total += packed & 15
        packed >>= 4
    return total


def _pack(counts: Counts) -> int:
    """A counts vector as one integer, four bits a slot (slot 0 lowest); counts stay under 8,
    so the top bit of each digit can guard a subtraction against borrowing."""
    out = 0
    for k, n in enumerate(counts):
        out |= n << 4 * k
    return out


_PICKS: dict[tuple[int, int], list[int]] = {}


def _picks(have: int, n: int) -> list[int]:
    """Every mask of ``n`` of the cards of ``have`` (remembered)."""
    found = _PICKS.get((have, n))
    if found is None:
        found = []
        for combo in combinations(list(bits(have)), n):
            pick = 0
            for b in combo:
                pick |= 1 << b
            found.append(pick)
        _PICKS[(have, n)] = found
    return found


def _court_sizes(rule: str, available: int) -> list[int]:
    """How many matching loose court cards one court card may take (as the engine's D1)."""
    if rule == "all":
        return [available]
    if rule == "any":
        return list(range(available + 1))
    if rule == "one_or_three":
        return [0, 1, 3]
    return [0, 1]


def _unions_of(masks: list[int]) -> list[int]:
    """The union of every subset of ``masks`` (the empty one first)."""
    out = [0]
    for m in masks:
        out += [o | m for o in out]
    return out


@dataclass(slots=True)
class Playout:
    """A round in progress, mutable (see the module docstring for the encoding).

    Attributes:
        core: the rules' tables.
        dealer: the dealing seat.
        hands: each seat's hand as a mask.
        loose: the loose table cards as a mask.
        builds: the builds, oldest first, as ``(mask, value, multiple, owner)``.
        stock: the undealt cards (indices), next card at ``stock_at``.
        stock_at: how many cards of ``stock`` are already dealt.
        piles: each seat's captured cards as a mask.
        sweeps: sweeps per seat.
        penalties: builder's defaults per seat (Michigan).
        plucked: whether each seat has plucked in this deal (Pluck Cassino).
        turn: the seat to play.
        deal: the current deal's number, from 1.
        last_capturer: the seat that captured last, or -1.
        finished: True once the round is over (table cleared).
    """

    core: Core
    dealer: int
    hands: list[int]
    loose: int
    builds: tuple[CoreBuild, ...]
    stock: tuple[int, ...]
    stock_at: int
    piles: list[int]
    sweeps: list[int]
    penalties: list[int]
    plucked: list[bool]
    turn: int
    deal: int
    last_capturer: int
    finished: bool = False

    @classmethod
    def of(cls, state: RoundState) -> Playout:
        """The core form of an engine state.

        Raises:
            CoreUnsupported: the core does not play the state's rules.
        """
        core = core_for(state.rules)
        n = state.rules.players
        return cls(core=core, dealer=state.dealer, hands=[mask_of(h) for h in state.hands],
                   loose=mask_of(state.loose),
                   builds=tuple(core_build(b) for b in state.builds),
                   stock=tuple(c.index for c in state.stock), stock_at=0,
                   piles=[mask_of(p) for p in state.piles], sweeps=list(state.sweeps),
                   penalties=list(state.penalties or (0,) * n),
                   plucked=list(state.plucked or (False,) * n), turn=state.turn,
                   deal=state.deal,
                   last_capturer=-1 if state.last_capturer is None else state.last_capturer,
                   finished=state.finished)

    @classmethod
    def new(cls, rules: Rules, dealer: int, rng: random.Random) -> Playout:
        """A new round dealt as :func:`cassino_core.game.new_round` deals it (the same cards
        for the same ``rng`` state).

        Raises:
            CoreUnsupported: the core does not play these rules.
        """
        core = core_for(rules)
        n = rules.players
        pack = list(rules.pack_cards())
        rng.shuffle(pack)
        st = cls(core=core, dealer=dealer, hands=[0] * n, loose=0, builds=(),
                 stock=tuple(c.index for c in pack), stock_at=0, piles=[0] * n,
                 sweeps=[0] * n, penalties=[0] * n, plucked=[False] * n,
                 turn=(dealer + 1) % n, deal=0, last_capturer=-1)
        st._deal()
        if rules.initial_pairs:
            paired = 0
            for rank in range(1, 14):
                same = st.loose & core.rank_masks[rank]
                if same.bit_count() >= 2:
                    paired |= same
            st.piles[st.turn] |= paired
            st.loose &= ~paired
        return st

    def copy(self) -> Playout:
        """An independent copy (to branch a search)."""
        return Playout(self.core, self.dealer, self.hands[:], self.loose, self.builds,
                       self.stock, self.stock_at, self.piles[:], self.sweeps[:],
                       self.penalties[:], self.plucked[:], self.turn, self.deal,
                       self.last_capturer, self.finished)

    def legal(self) -> list[CoreMove]:
        """The legal moves of the seat to play (see :meth:`Core.legal`)."""
        return self.core.legal(self)

    def _deal(self) -> None:
        core = self.core
        self.deal += 1
        at = self.stock_at
        stock = self.stock
        key = (self.dealer, self.deal)
        order = core.deal_orders.get(key)
        if order is None:
            order = core.deal_orders[key] = deal_order(core.rules, self.dealer, self.deal)
        for target, size in order:
            packet = 0
            for i in stock[at:at + size]:
                packet |= 1 << i
            at += size
            if target == TABLE:
                self.loose |= packet
            else:
                self.hands[target] |= packet
        self.stock_at = at
        self.turn = (self.dealer + 1) % core.players
        self.plucked = [False] * core.players

    def play(self, move: CoreMove) -> None:
        """Make ``move`` (which must be legal) for the seat to play, with the next deal or the
        round's end (see :func:`cassino_core.game.apply_move`)."""
        kind, card, value, take = move
        seat = self.turn
        core = self.core
        if kind == PLUCK:
            self.loose &= ~take
            self.piles[seat] |= take
            self.plucked[seat] = True
            return
        rules = core.rules
        if rules.builder_restriction == "penalty" and self._defaults(move):
            self.penalties[seat] += 1
        bit = 1 << card
        hand = self.hands[seat]
        self.hands[seat] = hand & ~bit
        old_builds = self.builds
        if take:
            builds = tuple(b for b in old_builds if not b[0] & take)
            self.loose &= ~take
        else:
            builds = old_builds
        if kind == TRAIL:
            self.loose |= bit
        elif kind == CAPTURE:
            self.piles[seat] |= bit | take
            self.last_capturer = seat
            if not self.loose and not builds and (
                    rules.last_sweep == "counts" or self.stock_at < len(self.stock)
                    or (rules.last_sweep == "not_last_play"
                        and (hand & ~bit or any(self.hands[s] for s in range(len(self.hands))
                                                if s != seat)))):
                # the last-sweep switch as cassino_core.game._sweep_scores reads it
                self.sweeps[seat] += 1
        else:
            old = next((b for b in old_builds if b[0] & take), None)
            loose_taken = take & ~old[0] if old is not None else take
            if old is None:
                multiple = not core.one_group(bit | loose_taken, value)
            elif old[1] == value:
                multiple = True
            else:
                multiple = bool(loose_taken)
            owner = seat
            rest = hand & ~bit
            if value not in core.held_values(rest):
                side = core.side[seat]
                partners = [b[3] for b in old_builds
                            if b[1] == value and b[3] != seat and core.side[b[3]] == side]
                if old is not None and old[3] in partners:
                    owner = old[3]
                elif partners:
                    owner = partners[0]
            new = (bit | take, value, multiple, owner)
            if old is None:
                builds = (*builds, new)
            else:
                at = old_builds.index(old)
                builds = (*builds[:at], new, *builds[at:])
        self.builds = builds
        if rules.draw and self.stock_at < len(self.stock):
            self.hands[seat] |= 1 << self.stock[self.stock_at]
            self.stock_at += 1
        self.turn = (seat + 1) % core.players
        if any(self.hands):
            return
        if self.stock_at < len(self.stock):
            self._deal()
            return
        taker = self.dealer if self.last_capturer < 0 else self.last_capturer
        residue = self.loose
        for b in self.builds:
            residue |= b[0]
        self.piles[taker] |= residue
        self.loose = 0
        self.builds = ()
        self.finished = True

    def _defaults(self, move: CoreMove) -> bool:
        """Whether ``move`` is a builder's default (see :func:`cassino_core.game.is_default`)."""
        seat = self.turn
        if not any(b[3] == seat for b in self.builds):
            return False
        if move[0] == TRAIL:
            return True
        own = [b for b in self.builds if b[3] == seat and not b[0] & move[3]]
        hand = self.hands[seat]
        before = self.core.held_values(hand)
        after = self.core.held_values(hand & ~(1 << move[1]))
        return any(b[1] in before and b[1] not in after for b in own)

    # -- results -----------------------------------------------------------------------------

    def side_piles(self) -> list[int]:
        """Each side's captured cards as a mask (partners' piles joined)."""
        core = self.core
        out = [0] * core.rules.sides
        for seat, pile in enumerate(self.piles):
            out[core.side[seat]] |= pile
        return out

    def score(self) -> RoundScore:
        """The round's score per side, as :meth:`RoundState.score` counts it.

        Raises:
            ValueError: the round is not finished.
        """
        if not self.finished:
            raise ValueError("the round is not finished yet")
        core = self.core
        sides = core.rules.sides
        sweeps = [0] * sides
        penalties = [0] * sides
        for seat in range(core.players):
            sweeps[core.side[seat]] += self.sweeps[seat]
            penalties[core.side[seat]] += self.penalties[seat]
        last = None if self.last_capturer < 0 else core.side[self.last_capturer]
        return score_round(core.rules, [cards_of(p) for p in self.side_piles()], sweeps,
                           penalties, last)

    def snapshot(self) -> tuple[object, ...]:
        """The facts the rules depend on, comparable with :func:`snapshot_of` of an engine
        state: hands, loose cards, builds, stock left, piles, sweeps, penalties, plucks, turn,
        deal, last capturer, finished."""
        return (tuple(self.hands), self.loose, self.builds, self.stock[self.stock_at:],
                tuple(self.piles), tuple(self.sweeps), tuple(self.penalties),
                tuple(self.plucked), self.turn if not self.finished else None, self.deal,
                self.last_capturer, self.finished)


def snapshot_of(state: RoundState) -> tuple[object, ...]:
    """The engine state's facts in the form of :meth:`Playout.snapshot`."""
    n = state.rules.players
    return (tuple(mask_of(h) for h in state.hands), mask_of(state.loose),
            tuple((mask_of(b.cards), b.value, b.multiple, b.owner) for b in state.builds),
            tuple(c.index for c in state.stock), tuple(mask_of(p) for p in state.piles),
            tuple(state.sweeps), tuple(state.penalties or (0,) * n),
            tuple(state.plucked or (False,) * n), state.turn if not state.finished else None,
            state.deal, -1 if state.last_capturer is None else state.last_capturer,
            state.finished)


def core_build(build: Build) -> CoreBuild:
    """The core form of an engine :class:`Build`."""
    return (mask_of(build.cards), build.value, build.multiple, build.owner)


def build_of(build: CoreBuild) -> Build:
    """An engine :class:`Build` with the same cards, value, kind and owner (its grouping is
    not kept by the core: one group per card of a multiple build, for display only)."""
    mask, value, multiple, owner = build
    cards = tuple(cards_of(mask))
    groups = tuple((c,) for c in cards) if multiple else (cards,)
    return Build(groups=groups, value=value, multiple=multiple, owner=owner)


__all__ = ["BUILD", "CAPTURE", "CARDS", "PLUCK", "TRAIL", "Core", "CoreMove", "CoreUnsupported",
           "Playout", "bits", "build_of", "cards_of", "core_build", "core_for", "mask_of",
           "snapshot_of", "supported"]
