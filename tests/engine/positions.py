"""Random but plausible two-player Cassino positions, for checking the move generator.

A position is what the mover faces: both hands, the loose table cards, the builds (each with its
groups, which really add up to its value), whose turn it is, and the rule switches. Every card is
distinct. Builds follow the keep-card rule [PAG][S004]: the owner of a build holds a card of its
value, so a player who owns builds of two values holds two such cards.

``random_position(rng)`` draws one position from a ``random.Random``; ``position_strategy()`` wraps
it for hypothesis.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from hypothesis import strategies as st

from tests.engine.reference import (
    BUILDER_RESTRICTIONS,
    COURT_CAPTURES,
    RefBuild,
    count_splittable,
    reference_moves,
    value,
)

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


@dataclass(frozen=True)
class Switches:
    """The rule switches that change legal moves (RULES.md part 1); defaults are Classic."""

    court_capture: str = "one"
    capture_compulsory: bool = False
    builder_restriction: str = "no_trail"
    raise_own_build: bool = True
    same_value_builds: bool = True
    whole_captures: bool = False
    adding_only: bool = False
    build_as_card: bool = False
    table_raise: bool = False
    table_builds: bool = False


@dataclass(frozen=True)
class PosBuild:
    """A build: its groups of cards (each adding up to ``value``), single or multiple, owner."""

    groups: tuple[tuple[str, ...], ...]
    value: int
    multiple: bool
    owner: int

    @property
    def cards(self) -> frozenset[str]:
        return frozenset(card for group in self.groups for card in group)


@dataclass(frozen=True)
class Position:
    """A position in the middle of a two-player hand; ``repr`` reads back as code."""

    hands: tuple[tuple[str, ...], tuple[str, ...]]
    loose: tuple[str, ...]
    builds: tuple[PosBuild, ...]
    mover: int
    dealer: int
    switches: Switches = field(default_factory=Switches)

    @property
    def hand(self) -> tuple[str, ...]:
        return self.hands[self.mover]

    def reference_moves(self) -> set[tuple[object, ...]]:
        """The reference generator's answer for this position."""
        builds = [RefBuild(b.value, b.multiple, b.owner, b.cards) for b in self.builds]
        return reference_moves(self.hand, self.loose, builds, self.mover, **asdict(self.switches))

    def describe(self) -> str:
        """A short human form, e.g. ``seat 0 holds 5C 7H | table 3C 4D [8: 5D+3H by 1]``."""
        builds = " ".join(
            f"[{b.value}{'*' if b.multiple else ''}: "
            f"{', '.join('+'.join(g) for g in b.groups)} by {b.owner}]"
            for b in self.builds
        )
        return (
            f"seat {self.mover} holds {' '.join(self.hand)} | table {' '.join(self.loose)} "
            f"{builds} | {self.switches}"
        )


def random_switches(rng: random.Random, crowded: bool = False) -> Switches:
    """Classic defaults about a third of the time, otherwise every switch drawn at random.
    Crowded tables leave the move switches (``whole_captures`` ...) off: the reference's brute
    force for some runs over subsets of the whole table, and their stream stays as it was."""
    if rng.random() < 0.35:
        return Switches()
    if crowded:  # the crowded stream as before these switches (no more draws)
        return Switches(court_capture=rng.choice(COURT_CAPTURES),
                        capture_compulsory=rng.random() < 0.3,
                        builder_restriction=rng.choice(BUILDER_RESTRICTIONS),
                        raise_own_build=rng.random() < 0.6,
                        same_value_builds=rng.random() < 0.6)
    return Switches(
        court_capture=rng.choice(COURT_CAPTURES),
        capture_compulsory=rng.random() < 0.3,
        builder_restriction=rng.choice(BUILDER_RESTRICTIONS),
        raise_own_build=rng.random() < 0.6,
        same_value_builds=rng.random() < 0.6,
        whole_captures=rng.random() < 0.25,
        adding_only=rng.random() < 0.25,
        build_as_card=rng.random() < 0.3,
        table_raise=rng.random() < 0.3,
        table_builds=rng.random() < 0.3,
    )


class _Deck:
    """The cards not yet placed, drawn at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cards = list(DECK)

    def draw(self) -> str | None:
        if not self.cards:
            return None
        return self.cards.pop(self.rng.randrange(len(self.cards)))

    def draw_where(self, wanted: Callable[[str], bool]) -> str | None:
        """A random remaining card for which ``wanted(card)`` is true, or None."""
        matching = [i for i, card in enumerate(self.cards) if wanted(card)]
        if not matching:
            return None
        return self.cards.pop(self.rng.choice(matching))

    def draw_value(self, wanted: int) -> str | None:
        return self.draw_where(lambda card: value(card) == wanted)

    def draw_values(self, values: list[int]) -> tuple[str, ...] | None:
        """One card of each value, or None (and nothing drawn) if the deck lacks them."""
        drawn: list[str] = []
        for wanted in values:
            card = self.draw_value(wanted)
            if card is None:
                self.cards.extend(drawn)
                return None
            drawn.append(card)
        return tuple(drawn)


def _composition(rng: random.Random, total: int, parts_min: int) -> list[int]:
    """A random list of at least ``parts_min`` positive values adding up to ``total``."""
    while True:
        parts: list[int] = []
        left = total
        while left:
            part = rng.randint(1, left)
            parts.append(part)
            left -= part
        if len(parts) >= parts_min and len(parts) <= 4:
            return parts


def _random_build(rng: random.Random, deck: _Deck, build_value: int, owner: int) -> PosBuild | None:
    """A single build (two or more cards adding up to the value) or a multiple one (two or three
    groups, each one card of the value or several adding up to it); None if the deck lacks cards."""
    multiple = build_value == 1 or rng.random() < 0.35  # aces build only as a multiple
    groups: list[tuple[str, ...]] = []
    for _ in range(rng.randint(2, 3) if multiple else 1):
        whole = build_value == 1 or (multiple and rng.random() < 0.4)
        parts = [build_value] if whole else _composition(rng, build_value, 2)
        group = deck.draw_values(parts)
        if group is None:
            break
        groups.append(group)
    if len(groups) < (2 if multiple else 1):
        deck.cards.extend(card for group in groups for card in group)
        return None
    return PosBuild(tuple(groups), build_value, multiple, owner)


def random_position(
    rng: random.Random, *, max_items: int = 12, crowded: bool = False, builds: int | None = None
) -> Position:
    """A random plausible position.

    Normal positions have at most ``max_items`` table items (loose cards plus builds). Crowded ones
    have 20 or more loose cards and two to four builds. The mover holds one to four cards and the
    other seat as many (or one fewer when the mover is the dealer, who plays second). ``builds``
    asks for that many builds (fewer if the hands cannot keep their values).
    """
    switches = random_switches(rng, crowded)
    deck = _Deck(rng)
    mover, dealer = rng.randrange(2), rng.randrange(2)
    sizes = [0, 0]
    sizes[mover] = rng.randint(1, 4)
    sizes[1 - mover] = sizes[mover] - (mover == dealer)
    hands: list[list[str]] = [[], []]

    # Builds, each owned by a seat that holds (or is given) a card of its value.
    if builds is None:
        builds = rng.randint(2, 4) if crowded else rng.choice([0, 0, 0, 1, 1, 2, 3])
    made: list[PosBuild] = []
    for _ in range(builds):
        owner = mover if rng.random() < 0.55 else 1 - mover
        owned_values = {b.value for b in made if b.owner == owner}
        free_cards = sizes[owner] - len(owned_values)
        candidates = [
            v
            for v in range(1, 11)
            if (v in owned_values or free_cards > 0)
            and (switches.same_value_builds or all(b.value != v for b in made))
        ]
        if not candidates:
            continue
        build_value = rng.choice(candidates)
        if build_value not in owned_values:
            keeper = deck.draw_value(build_value)
            if keeper is None:
                continue
            hands[owner].append(keeper)
        build = _random_build(rng, deck, build_value, owner)
        if build is None:
            if build_value not in owned_values:
                deck.cards.append(hands[owner].pop())
            continue
        made.append(build)

    # Loose cards: sometimes a court rank on the table with more of it in hand, sometimes a table
    # of small cards (many combinations), otherwise uniform.
    loose: list[str] = []
    if rng.random() < 0.12:
        rank = rng.choice("JQK")
        for _ in range(rng.randint(1, 3)):
            card = deck.draw_where(lambda c: c[0] == rank)
            if card is not None:
                loose.append(card)
        if len(hands[mover]) < sizes[mover]:
            card = deck.draw_where(lambda c: c[0] == rank)
            if card is not None:
                hands[mover].append(card)
    room = max(0, max_items - len(made))
    loose_count = rng.randint(20, 26) if crowded else rng.randint(0, room)
    small = rng.random() < 0.3
    while len(loose) < loose_count:
        card = deck.draw_where(lambda c: (value(c) or 11) <= 5) if small else deck.draw()
        if card is None:
            card = deck.draw()
        if card is None:
            break
        loose.append(card)
    if not crowded:
        del loose[room:]

    for seat in (0, 1):
        while len(hands[seat]) < sizes[seat]:
            card = deck.draw()
            assert card is not None
            hands[seat].append(card)
        rng.shuffle(hands[seat])
    rng.shuffle(loose)
    return Position(
        hands=(tuple(hands[0]), tuple(hands[1])),
        loose=tuple(loose),
        builds=tuple(made),
        mover=mover,
        dealer=dealer,
        switches=switches,
    )


def move_count_estimate(position: Position) -> int:
    """A cheap estimate of how many moves the position has (to keep test runs short): for each
    numeral in hand and each value it may capture or build, the number of sets of loose cards that
    split into groups of that value, with and without the played card."""
    total = 0
    for card in position.hand:
        card_value = value(card)
        if card_value is None:
            continue
        held = {value(c) for c in position.hand if c != card}
        for target in {card_value} | {v for v in held if v is not None and v >= card_value}:
            total += count_splittable(position.loose, target)
            total += count_splittable(position.loose, target, played=card)
    return total


def position_strategy(*, max_items: int = 12, crowded: bool = False) -> st.SearchStrategy[Position]:
    """Hypothesis strategy of random positions (drawn through a hypothesis-controlled Random)."""
    return st.randoms(use_true_random=False).map(
        lambda rng: random_position(rng, max_items=max_items, crowded=crowded)
    )
