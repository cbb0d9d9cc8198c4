"""Builds on the table, and the value a card has for capturing and building.

A build is a pile of table cards joined under one announced value [PAG §6]. A *single* build is
one group of cards adding up to its value (raisable by one card from hand); a *multiple* build
is two or more groups each adding up to the value, and its value never changes [PAG][FOS][S002].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import Card, full_pack, sort_key
from .errors import Refusal
from .rules import Rules


def card_value(card: Card) -> int | None:
    """The value a card has in sums and builds in Classic Cassino: ace 1, two to ten their pips
    [PAG §2]. Court cards have no value: they only pair with their own rank (None). Variants
    with other values use :class:`Scheme`."""
    return None if card.is_court else card.rank


@dataclass(frozen=True, slots=True, eq=False)
class Scheme:
    """The values cards have under a ruleset, arranged for move generation.

    Cards that are interchangeable in sums share a *slot*; a slot's cards may count as any of
    its values (the chooser decides each time). Classic: slots for 1..10, courts none [PAG §2].
    Royal: slots for 1..13 (J 11, Q 12, K 13); an ace from hand counts 1 or 14, a table ace
    too when ``table_ace="chosen"`` [S000] or only 1 when ``"one"`` [FOS07]; ``hand_ace``
    ``"capture"`` makes a played ace count 1 in builds, ``"one"`` makes every ace 1 (D17).
    Buckeye: the 10 of diamonds has a slot of its own, counting 10 or 11 [S003].
    Finnish Kasino: slots for 1..13 as in Royal, the table ace only 1; played from hand an
    ace counts 14, the 2 of spades 15 and the 10 of diamonds 16 (:data:`FINNISH_HAND`).

    Attributes:
        slot_values: the values a table card of each slot may count as.
        card_slot: per card index (0..51), its slot or -1 (no value: a court card in Classic).
        hand_values: per card index, the values it may count as when played from hand.
        build_hand_values: per card index, the values it may count as when played into a build
            (a Royal ace counts only 1 there under ``hand_ace="capture"``).

    Schemes are made once per ruleset (:func:`scheme_for`) and compared by identity, so the
    move generator's caches keyed on them stay cheap.
    """

    slot_values: tuple[tuple[int, ...], ...]
    card_slot: tuple[int, ...]
    hand_values: tuple[tuple[int, ...], ...]
    build_hand_values: tuple[tuple[int, ...], ...]

    @property
    def slots(self) -> int:
        """Number of slots (the length of a counts vector)."""
        return len(self.slot_values)

    def slot(self, card: Card) -> int | None:
        """The card's slot, or None for a card without value."""
        found = self.card_slot[card.index]
        return None if found < 0 else found

    def values(self, card: Card) -> tuple[int, ...]:
        """The values ``card`` may count as when played from hand (empty: no value)."""
        return self.hand_values[card.index]

    def build_values(self, card: Card) -> tuple[int, ...]:
        """The values ``card`` may count as when played from hand into a build."""
        return self.build_hand_values[card.index]

    def any_values(self, card: Card) -> tuple[int, ...]:
        """Every value ``card`` may count as, from hand or on the table."""
        slot = self.slot(card)
        on_table = () if slot is None else self.slot_values[slot]
        return tuple(sorted(set(on_table) | set(self.hand_values[card.index])))

    def group_sums(self, cards: Sequence[Card]) -> set[int]:
        """Every total ``cards`` can make as one group of a build, each counting any of its
        values (empty set if one has no value)."""
        totals = {0}
        for card in cards:
            options = self.any_values(card)
            if not options:
                return set()
            totals = {t + v for t in totals for v in options}
        return totals


FINNISH_HAND = {"AS": 14, "AH": 14, "AD": 14, "AC": 14, "2S": 15, "TD": 16}
"""Finnish Kasino: the cards that count more played from hand than lying on the table (an ace
14, the 2 of spades 15, the 10 of diamonds 16; on the table 1, 2 and 10) (FAMILY.md §5.12
after pagat's Nordic Casino and korttipelit.net)."""


@lru_cache(maxsize=16)
def _scheme(values: str, table_ace: str, eleven: bool, hand_ace: str = "both") -> Scheme:
    pack = full_pack()
    top = 10 if values == "classic" else 13
    slot_values: list[tuple[int, ...]] = [(v,) for v in range(1, top + 1)]
    ace_high = values == "royal" and hand_ace != "one"
    if ace_high and table_ace == "chosen":
        slot_values[0] = (1, 14)
    if eleven:
        slot_values.append((10, 11))
    card_slot = [-1] * 52
    hand_values: list[tuple[int, ...]] = [()] * 52
    for card in pack:
        if card.rank > top:
            continue
        card_slot[card.index] = card.rank - 1
        hand_values[card.index] = (1, 14) if ace_high and card.rank == 1 else (card.rank,)
        if values == "finnish" and str(card) in FINNISH_HAND:
            hand_values[card.index] = (FINNISH_HAND[str(card)],)
        if eleven and card.rank == 10 and card.suit == "D":
            card_slot[card.index] = len(slot_values) - 1
            hand_values[card.index] = (10, 11)
    build_values = [(1,) if card.rank == 1 and hand_ace == "capture" else hand_values[card.index]
                    for card in sorted(pack, key=lambda c: c.index)]
    return Scheme(tuple(slot_values), tuple(card_slot), tuple(hand_values), tuple(build_values))


def scheme_for(rules: Rules) -> Scheme:
    """The value scheme of ``rules`` (cached)."""
    return _scheme(rules.values, rules.table_ace, rules.big_casino_eleven, rules.hand_ace)


def guards(scheme: Scheme, cards: Sequence[Card], values: set[int] | frozenset[int]) -> bool:
    """Whether ``cards`` can take builds of every value in ``values``, one card per value: a
    card guards only one build value even when it may count as several (a Royal ace, 1 or 14;
    Buckeye's 10 of diamonds, 10 or 11), so builds of two values need two cards [PAG §7]."""
    needed = sorted(values)
    if len(needed) > len(cards):
        return False
    options = [held_values(scheme, [c]) for c in cards]

    def assign(i: int, used: frozenset[int]) -> bool:
        if i == len(needed):
            return True
        return any(needed[i] in opts and k not in used and assign(i + 1, used | {k})
                   for k, opts in enumerate(options))

    return assign(0, frozenset())


def held_values(scheme: Scheme, cards: Sequence[Card]) -> set[int]:
    """Values a player holding ``cards`` can capture with: each card's values as played, and a
    court card without value its rank (it takes a "building jacks" build [S003])."""
    out: set[int] = set()
    for card in cards:
        out.update(scheme.values(card) or (card.rank,))
    return out


class PositionError(Refusal):
    """A position or build that cannot occur in a game (the message, ``reason``, ``params`` and
    ``where`` name the fault)."""


@dataclass(frozen=True, slots=True)
class Build:
    """A build lying on the table.

    Attributes:
        groups: the cards, as groups each adding up to ``value`` (a single build has one group,
            which may add up to ``value`` with any number of cards).
        value: the announced capture value, 1 to 10 in Classic (1 only for a multiple build
            of aces, "building aces", as "building threes" [PAG §6.3]).
        multiple: True for a multiple build (never raised, only added to) [PAG §6.3].
        owner: the seat that last created, raised or added to it [PAG §6.7].
    """

    groups: tuple[tuple[Card, ...], ...]
    value: int
    multiple: bool
    owner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the build in display order."""
        return tuple(sorted((c for g in self.groups for c in g), key=sort_key))

    def is_court_build(self, scheme: Scheme) -> bool:
        """True for a natural build of court cards without value ("building jacks",
        Trailing-Royals [S003])."""
        return scheme.slot(self.groups[0][0]) is None

    def check(self, rules: Rules) -> None:
        """Raise :class:`PositionError` unless this build could stand on a table under ``rules``.

        Checks: every group adds up to the value (as the rules' card values allow), the value
        is within the rules' range, a single build has one group of at least two cards, a
        multiple build at least two groups, a valid owner; court cards only as a natural build
        of one rank where ``rules.court_builds`` allows it.
        """
        players = rules.players
        scheme = scheme_for(rules)
        if not isinstance(self.owner, int) or not 0 <= self.owner < players:
            raise PositionError.of("need_seat", {"field": "owner"}, max=players - 1)
        if not self.groups or any(not g for g in self.groups):
            raise PositionError.of("build_no_groups")
        first = self.groups[0][0]
        if first.is_court and scheme.slot(first) is None:
            if not rules.court_builds:
                raise PositionError.of("court_no_build")
            if self.value != first.rank or any(len(g) != 1 or g[0].rank != first.rank
                                               for g in self.groups):
                raise PositionError.of("build_court_rank")
        else:
            top = rules.max_build_value
            if not isinstance(self.value, int) or not 1 <= self.value <= top:
                raise PositionError.of("build_value_range", value=self.value, max=top)
            for group in self.groups:
                if self.value not in scheme.group_sums(group):
                    raise PositionError.of("build_group_sum", cards=[str(c) for c in group],
                                           value=self.value)
        if self.multiple and len(self.groups) < 2:
            raise PositionError.of("build_multiple_groups")
        if not self.multiple and (len(self.groups) != 1 or len(self.groups[0]) < 2):
            raise PositionError.of("build_single_group")
