"""Computer players for Scopa, Scopone and Hurricane. Each sees only a :class:`ScopaView`.

One interface: ``choose(view, rng) -> move``, one of ``view.legal``. Levels (:data:`LEVELS`,
plus ``"random"``):

- ``random``: a uniformly random legal move (a baseline).
- ``beginner``: takes the capture with the most cards (a sweep first), else trails its lowest
  card; one move in four is a random legal one.
- ``intermediate``: weighs each move by what it captures (cards, coins, the settebello, the
  primiera cards, a sweep) against what it leaves the next player: the chance, from the cards it
  has not seen, that the next player holds a card taking the best of the table left, or
  sweeping it (card counting; no peeking).
- ``expert``: determinized search. It deals the cards it has not seen (the other hands and
  the stock) at random in a way consistent with its view (the right number of cards in each
  hand); in every sampled world it searches each legal move and the plies after it (alpha-beta,
  :data:`DEPTH` plies, :data:`WIDE_DEPTH` with hands of more than three cards, never past
  the end of the deal) with every hand known, counting the
  worth of what each side captures (:func:`card_worth`) and 1 per sweep, and keeps the move
  with the best average; the intermediate's estimate steadies a small sample. Budget:
  ``iterations`` sampled worlds (repeatable, for tournaments) and/or ``budget_ms`` of thinking
  time (default 1000 ms).

On a crowded table (more than 60 legal moves) the intermediate and the expert weigh each
card's trail and its three best captures (:func:`candidates`), not every way to take.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Final, Protocol

from ..cards import Card
from ..fishing.pack import capture_value, italian_pack
from ..fishing.players import (
    ALL_LEVELS,
    DEFAULT_BUDGET_MS,
    LEVELS,
    EstimatePlayer,
    RandomPlayer,
    SearchExpert,
    alpha_beta,
    chance_any,
    deal_unseen_hands,
    level_player,
    narrowed,
)
from ..moves import Capture
from .game import RoundState, ScopaMove
from .rules import ScopaRules
from .view import ScopaView

__all__ = ["ALL_LEVELS", "DEFAULT_BUDGET_MS", "DEPTH", "LEVELS", "WIDE_DEPTH", "BeginnerPlayer",
           "ExpertPlayer", "IntermediatePlayer", "Player", "RandomPlayer",
           "candidates", "card_worth", "estimate", "exposure", "make_player", "move_gain",
           "sample_world", "search", "take_gain"]

DEPTH: Final = 4
"""Plies the expert searches in each sampled world (its move and three more)."""
WIDE_DEPTH: Final = 2
"""Plies searched when hands hold more than three cards (Hurricane's 6, Scopone's 9 or 10)."""


class Player(Protocol):
    """A computer player."""

    def choose(self, view: ScopaView, rng: random.Random) -> ScopaMove:
        """One of ``view.legal`` (never empty when the seat is to play)."""
        ...


def card_worth(card: Card, rules: ScopaRules) -> float:
    """Roughly what capturing ``card`` is worth in round points: a share of "most cards", more
    for the special suit, the special card, and the primiera cards (sevens, sixes, aces)."""
    return _worths(rules)[card]


@lru_cache(maxsize=16)
def _worths(rules: ScopaRules) -> dict[Card, float]:
    return {card: _card_worth(card, rules) for card in italian_pack()}


def _card_worth(card: Card, rules: ScopaRules) -> float:
    worth = 0.05
    if card.suit == rules.special_suit:
        worth += 0.12
        if rules.napola and card.rank <= 3:
            worth += 0.15
    if card == rules.special_card:
        worth += 1.0
    worth += {7: 0.22, 6: 0.12, 1: 0.07}.get(card.rank, 0.0)
    return worth


_chance_any = chance_any


_value = capture_value


def exposure(view: ScopaView, table: list[Card], last_play: bool) -> float:
    """The expected loss of leaving ``table`` to the next player: for each value, the chance
    (from the unseen cards) that the next player holds it, times the best capture it would make
    (and 1 more for a sweep); the largest such product."""
    if not table or last_play:
        return 0.0
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    if rules.side_of(nxt) == view.side:
        return 0.0
    unseen = view.unseen()
    hand = view.hand_counts[nxt]
    if hand == 0:
        # the next seat is dealt anew from the unseen cards: about rules.hand_size of them
        hand = rules.hand_size if view.stock else 0
    counts = [0] * 11
    for c in unseen:
        counts[_value(c)] += 1
    worths = _worths(rules)
    worst = 0.0
    for value in range(1, 11):
        if not counts[value]:
            continue
        found = rules.best_capture(value, table, worths.__getitem__)
        if found is None:
            continue
        heaviest, sweeps = found
        best = heaviest + 0.05 + (1.0 if sweeps else 0.0)
        worst = max(worst, _chance_any(len(unseen), hand, counts[value]) * best)
    return worst


def _last_play(view: ScopaView) -> bool:
    return view.stock == 0 and sum(view.hand_counts) == 1


def estimate(view: ScopaView, move: ScopaMove) -> float:
    """The intermediate's estimate of ``move``: its gain now less the exposure it leaves."""
    rules = view.rules
    last = _last_play(view)
    table = list(view.table)
    if isinstance(move, Capture):
        gain = sum(card_worth(c, rules) for c in move.take) + card_worth(move.card, rules)
        left = [c for c in table if c not in move.take]
        if not left and (not last or rules.last_play_sweep):
            gain += 1.0
    else:
        gain = -0.6 * card_worth(move.card, rules)
        left = [*table, move.card]
    return gain - 0.8 * exposure(view, left, last)


def take_gain(view: ScopaView, move: ScopaMove) -> float:
    """What a capture takes now: the worth of its cards and 1 when it clears the table (the
    ranking of a card's captures on a crowded table, :func:`candidates`)."""
    if not isinstance(move, Capture):
        return 0.0
    rules = view.rules
    sweep = 1.0 if len(move.take) == len(view.table) else 0.0
    return sum(card_worth(c, rules) for c in move.take) + sweep


def candidates(view: ScopaView) -> list[ScopaMove]:
    """The moves the intermediate and the expert weigh: every legal move, or on a crowded
    table each card's trail and its three best captures by :func:`take_gain`
    (:func:`~cassino_core.fishing.players.narrowed`)."""
    return narrowed(view.legal, lambda m: take_gain(view, m))


class IntermediatePlayer(EstimatePlayer):
    """Gain against exposure, with card counting (module docstring): the move with the best
    :func:`estimate` among the :func:`candidates`."""

    def __init__(self) -> None:
        super().__init__(estimate, candidates)


class BeginnerPlayer:
    """Takes the most cards, else trails low; a random move with probability ``blunder``."""

    def __init__(self, blunder: float = 0.25) -> None:
        self.blunder = blunder

    def choose(self, view: ScopaView, rng: random.Random) -> ScopaMove:
        """A plausible move, or a random one with probability ``blunder``."""
        legal = list(view.legal)
        if len(legal) == 1 or rng.random() < self.blunder:
            return rng.choice(legal)
        caps = [m for m in legal if isinstance(m, Capture)]
        if caps:
            table = set(view.table)
            return max(caps, key=lambda m: (m.take == table, len(m.take), rng.random()))
        return min(legal, key=lambda m: (_value(m.card), rng.random()))


def sample_world(view: ScopaView, sweeps: tuple[int, ...], rng: random.Random) -> RoundState:
    """A full round state consistent with ``view``: the unseen cards dealt at random to the
    other hands (their sizes kept) and the stock (its size kept; in a hand-made position that
    is not a whole pack, the unseen cards left over are out of play)."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    hands, at = deal_unseen_hands(view, unseen)
    return RoundState(rules=view.rules, dealer=view.dealer, hands=tuple(hands),
                      table=view.table, stock=tuple(unseen[at:at + view.stock]),
                      piles=view.piles, sweeps=sweeps, turn=view.seat,
                      last_capturer=view.last_capturer, deal_number=view.deal_number)


def _sweep_seats(view: ScopaView) -> tuple[int, ...]:
    """The view's sweeps per seat as a sequence of seats (their order within the round does
    not matter to what the search counts)."""
    return tuple(seat for seat, n in enumerate(view.sweeps) for _ in range(n))


def move_gain(state: RoundState, after: RoundState, worth: dict[Card, float]) -> float:
    """What the move from ``state`` to ``after`` won for the side that made it: the worth of
    the cards captured, 1 for a scoring sweep, and when it ends the round the worth of the
    cards the last capturer takes (added for that side, taken off for another)."""
    last = after.last
    assert last is not None
    gain = 0.0
    if isinstance(last.move, Capture):
        gain = worth[last.move.card] + sum(worth[c] for c in last.move.take)
        if last.sweep:
            gain += 1.0
    if after.finished and after.leftover and after.last_capturer is not None:
        left = sum(worth[c] for c in after.leftover)
        rules = state.rules
        same = rules.side_of(after.last_capturer) == rules.side_of(state.turn)
        gain += left if same else -left
    return gain


def search(state: RoundState, side: int, depth: int, worth: dict[Card, float],
           alpha: float = -1e9, beta: float = 1e9) -> float:
    """The material ``side`` gains over the next ``depth`` plies of ``state`` (every hand
    known: one sampled world), with every seat playing its best: ``side``'s seats maximise,
    the others minimise (alpha-beta). Material is :func:`card_worth` of the cards captured and
    1 per sweep; the search stops at ``depth``, at the end of the deal (the next hands are not
    known), or at the end of the round (where the cards left go to the last capturer)."""
    return alpha_beta(state, side, depth, lambda s, after: move_gain(s, after, worth),
                      _no_leaf, alpha, beta)


def _no_leaf(state: RoundState, side: int) -> float:
    """Scopa's search counts nothing at its horizon."""
    return 0.0


class ExpertPlayer(SearchExpert[ScopaMove]):
    """Determinized search (module docstring).

    Attributes:
        last_values: the averaged value of each legal move at the last decision.
    """

    DEPTH = DEPTH

    def plan(self, view: ScopaView) -> tuple[Callable[[random.Random], RoundState],
                                             Callable[[RoundState, RoundState], float]]:
        """Worlds dealt by :func:`sample_world`; a move's value in one is its material now,
        then the search of the plies after it (module docstring)."""
        worth = _worths(view.rules)
        sweeps = _sweep_seats(view)
        side = view.side
        # Hands of more than three cards (Hurricane, Scopone) branch too widely for four
        # plies in the page's second: the search then looks one reply ahead.
        depth = self.depth if view.rules.hand_size <= 3 else min(self.depth, WIDE_DEPTH)

        def value(world: RoundState, after: RoundState) -> float:
            return move_gain(world, after, worth) + search(after, side, depth - 1, worth)

        return (lambda rng: sample_world(view, sweeps, rng)), value

    def estimate(self, view: ScopaView, move: ScopaMove) -> float:
        """The intermediate's :func:`estimate`, the prior the averages lean on."""
        return estimate(view, move)

    def candidates(self, view: ScopaView) -> list[ScopaMove]:
        """The moves searched (:func:`candidates`)."""
        return candidates(view)


def make_player(level: str, *, budget_ms: int | None = None,
                iterations: int | None = None) -> Player:
    """A player of ``level`` (``"random"``, ``"beginner"``, ``"intermediate"``, ``"expert"``);
    ``budget_ms`` and ``iterations`` matter to the expert only (with neither, 1000 ms).

    Raises:
        ValueError: an unknown level (named), or a budget below 1.
    """
    player: Player = level_player(level, budget_ms, iterations, beginner=BeginnerPlayer,
                                  intermediate=IntermediatePlayer, expert=ExpertPlayer)
    return player
