"""Computer players. Each sees only a :class:`~cassino_core.view.SeatView`, like a person.

One interface: ``choose(view, rng) -> Move`` picks one of ``view.legal_moves``.

:class:`HeuristicPlayer` looks one move ahead: it values what a move captures (cards, spades,
the casinos, aces, a sweep), what a build of its own is likely to bring next turn, and subtracts
what the table it leaves offers the next player, judged from the cards it has not seen (card
counting: a value whose four cards are all accounted for cannot hurt it).
"""

from __future__ import annotations

import random
from math import comb
from typing import Protocol

from .cards import Card
from .movegen import Family, LooseCards, expand, unions
from .moves import BuildMove, Capture, Move
from .rules import Rules
from .scoring import BIG_CASINO, LITTLE_CASINO, SEVEN_OF_DIAMONDS
from .table import Build, Scheme, scheme_for
from .view import SeatView


class Player(Protocol):
    """A computer player."""

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """One of ``view.legal_moves`` (which is never empty when the seat is to play)."""
        ...


class RandomPlayer:
    """Plays a uniformly random legal move (a baseline for tests and strength figures)."""

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """A random legal move."""
        return rng.choice(view.legal_moves)


def card_worth(card: Card, rules: Rules | None = None) -> float:
    """Rough worth of capturing one card, in round points under ``rules.scoring`` (standard
    when None).

    Most cards (3 points) needs 27 of 52, about 0.11 a card; most spades adds a little per
    spade; big casino is 2, little casino 1 (on top of its spade), each ace 1. In Spade
    Cassino every spade is a point; in Diamond the diamonds, the 7 of diamonds and the sets of
    sevens, sixes and aces count.
    """
    scoring = "standard" if rules is None else rules.scoring
    if scoring == "diamond":
        worth = 0.05 + (0.1 if card.suit == "D" else 0.0)
        if card == SEVEN_OF_DIAMONDS:
            worth += 1
        if card.rank in (1, 6, 7):
            worth += 0.4
        return worth
    worth = 0.12
    if card.suit == "S":
        worth += 1.0 if scoring.startswith("spade") else 0.09
    if card == BIG_CASINO:
        worth += 2
    elif card == LITTLE_CASINO or card.rank == 1:
        worth += 1
    return worth


def _values_of(scheme: Scheme, card: Card) -> tuple[int, ...]:
    return scheme.any_values(card)


MOVES_TO_WEIGH = 3000
"""Above this many legal moves the heuristic weighs one move per family (see ``choose``)."""


def _richest(family: Family, view: SeatView) -> Move:
    """The move of ``family`` that takes the most valuable loose cards of each value."""
    scheme = scheme_for(view.rules)
    by_slot: list[list[Card]] = [[] for _ in range(scheme.slots)]
    for card in sorted(view.loose, key=lambda c: card_worth(c, view.rules), reverse=True):
        slot = scheme.slot(card)
        if slot is not None:
            by_slot[slot].append(card)
    picked = [c for cards, n in zip(by_slot, family.counts, strict=True) for c in cards[:n]]
    picked += family.fixed
    return next(expand(family, LooseCards(picked, scheme)))


class HeuristicPlayer:
    """A sensible one-move-ahead player (see the module docstring)."""

    def __init__(self, sweep_points: float | None = None) -> None:
        self._sweep_points = sweep_points

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """The legal move with the best estimate; ties broken by ``rng``.

        On a crowded table with more than :data:`MOVES_TO_WEIGH` moves, each family of alike
        moves is weighed once, by its choice of the most valuable loose cards.
        """
        if view.move_count > MOVES_TO_WEIGH:
            moves = [*view.plucks, *(_richest(f, view) for f in view.families)]
        else:
            moves = view.legal_moves
        scored = [(self.evaluate(view, m), rng.random(), m) for m in moves]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def sweep_value(self, view: SeatView) -> float:
        """Points a sweep is worth under the rules in force."""
        if self._sweep_points is not None:
            return self._sweep_points
        return {"off": 0.0, "one": 1.0, "cancel": 1.0, "two": 2.0}[view.rules.sweeps]

    def evaluate(self, view: SeatView, move: Move) -> float:
        """Estimated points gained by ``move`` for this seat, minus the next player's chances."""
        table = set(view.loose) | {c for b in view.builds for c in b.cards}
        loose = [c for c in view.loose if c not in move.take]
        builds = [b for b in view.builds if b.cards[0] not in move.take]
        rest = [c for c in view.hand if c != move.card]
        unseen = view.unseen()
        rules = view.rules
        scheme = scheme_for(rules)
        opponent_cards = sum(n for s, n in enumerate(view.hand_counts) if s != view.seat)
        gain = 0.0
        if isinstance(move, Capture):
            gain += sum(card_worth(c, rules) for c in (move.card, *move.take))
            gain += 0.05 * len(move.take)
            if move.take == table:
                gain += self.sweep_value(view)
        elif isinstance(move, BuildMove):
            new = Build(groups=((move.card, *move.take),), value=move.value, multiple=True,
                        owner=view.seat)
            builds.append(new)
            # We hold the value, so we expect to take the build next turn unless stolen.
            steal = _held_value(scheme, unseen, opponent_cards, move.value)
            haul = sum(card_worth(c, rules) for c in (move.card, *move.take))
            gain += 0.8 * haul * (1 - steal) - haul * steal * 0.8
        elif move.kind == "pluck":
            gain += card_worth(move.card, rules) + 0.05
        else:
            loose.append(move.card)
            gain -= 0.6 * card_worth(move.card, rules)
            if not scheme.values(move.card):
                gain += 0.02  # a court card rarely combines into anything useful for others
        if not rest and view.last_deal and view.stock == 0 and isinstance(move, Capture):
            gain += 0.1  # the last capture also takes what is left on the table
        return gain - _exposure(view, scheme, loose, builds, unseen, opponent_cards,
                                self.sweep_value(view))


def _chance_held(unseen: set[Card], hand_size: int, matches: int) -> float:
    """Chance that ``hand_size`` cards drawn from the ``unseen`` ones include at least one of
    the ``matches`` cards of some kind (hypergeometric)."""
    if hand_size <= 0 or not unseen or matches == 0:
        return 0.0
    draw = min(hand_size, len(unseen))
    return 1 - comb(len(unseen) - matches, draw) / comb(len(unseen), draw)


def _held_value(scheme: Scheme, unseen: set[Card], hand_size: int, value: int) -> float:
    """Chance that the other hands hold a card of ``value``."""
    return _chance_held(unseen, hand_size,
                        sum(1 for c in unseen if value in (scheme.values(c) or (c.rank,))))


def _exposure(view: SeatView, scheme: Scheme, loose: list[Card], builds: list[Build],
              unseen: set[Card], opponent_cards: int, sweep: float) -> float:
    """Expected loss from what the next player can take from the table we leave."""
    if opponent_cards == 0:
        return 0.0
    table_cards = loose + [c for b in builds for c in b.cards]
    if not table_cards:
        return 0.0
    rules = view.rules
    counts = [0] * scheme.slots
    for card in loose:
        slot = scheme.slot(card)
        if slot is not None:
            counts[slot] += 1
    courts = [c for c in loose if scheme.slot(c) is None]
    worst = 0.0
    for value in range(1, rules.max_build_value + 1):
        p = _held_value(scheme, unseen, opponent_cards, value)
        if p == 0:
            continue
        best = max(unions(tuple(counts), value, scheme), key=sum)
        taken_loose = sum(best)
        takes_builds = [b for b in builds if b.value == value and b.owner != view.seat]
        own_builds = [b for b in builds if b.value == value and b.owner == view.seat]
        cleared = (taken_loose == len(loose) - len(courts) and not courts
                   and len(takes_builds) + len(own_builds) == len(builds))
        loot = 0.15 * taken_loose + sum(
            sum(card_worth(c, rules) for c in b.cards) for b in takes_builds + own_builds)
        loot += sum(card_worth(c, rules) for c in loose if value in _values_of(scheme, c))
        if cleared:
            loot += sweep
        worst = max(worst, p * loot)
    for card in courts:
        p = _chance_held(unseen, opponent_cards, sum(1 for c in unseen if c.rank == card.rank))
        alone = len(table_cards) == 1
        worst = max(worst, p * (card_worth(card, rules) + (sweep if alone else 0)))
    return worst
