"""Computer players for Tablić and Tablanette. Each sees only a :class:`TablicView`.

One interface: ``choose(view, rng) -> move``, one of ``view.legal``. Levels (:data:`LEVELS`,
plus ``"random"``):

- ``random``: a uniformly random legal move (a baseline).
- ``beginner``: takes the most cards it can (ties at random), else lays down its lowest card
  that carries no points; one move in four is a random legal one.
- ``intermediate``: weighs each move by what it takes now (the cards' points, a share of the
  3 for most cards, the tabla) against what it leaves the next player: for each rank it has not
  seen, the chance that the next opponent holds one (counted from the unseen cards) times the
  most that card could take from the table left, tabla included; the largest such loss.
- ``expert``: determinized search. It deals the cards it has not seen (the other hands and the
  stock) at random in a way consistent with its view, and in each sampled world searches each
  candidate move and the plies after it (alpha-beta, to the end of the deal or :data:`DEPTH`
  plies, :data:`WIDE_DEPTH` with four players) with every hand known, counting the worth of
  what each side takes and each tabla, and keeps the move with the best average; the
  intermediate's estimate steadies a small sample.
  Budget: ``iterations`` worlds (repeatable, for tournaments) and/or ``budget_ms`` (default
  1000 ms).

A Tablić card can often take hundreds of different sets. Every level chooses among
:func:`candidates`: for each card its trail and its :data:`ROOT_TAKES` heaviest captures (by
:func:`card_worth`); inside the search each card has its trail and its heaviest capture
(:func:`best_take`). Taking more never costs cards in Tablić, so the heaviest sets are the
ones worth weighing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Protocol

from ..cards import JACK, Card
from ..fishing.capture import best_group_union
from ..fishing.players import (
    ALL_LEVELS,
    DEFAULT_BUDGET_MS,
    LEVELS,
    BlunderPlayer,
    RandomPlayer,
    SearchExpert,
    alpha_beta,
    chance_any,
    deal_unseen_hands,
    next_opponent,
    player_maker,
)
from ..moves import Capture, Trail
from .game import CARD_POINTS, RoundState, TablicMove, take_then_trail, values_of
from .rules import MOST_CARDS_POINTS, PACK_SIZE, TablicRules
from .view import TablicView

__all__ = ["ALL_LEVELS", "DEFAULT_BUDGET_MS", "DEPTH", "LEVELS", "WIDE_DEPTH",
           "BeginnerPlayer", "ExpertPlayer", "IntermediatePlayer", "Player", "RandomPlayer",
           "best_take", "candidates", "card_worth", "estimate", "exposure", "leaf_value",
           "make_player", "move_gain", "sample_world", "search", "search_moves"]

DEPTH: Final = 3
"""Most plies the expert searches in each sampled world (never past the end of the deal)."""
WIDE_DEPTH: Final = 2
"""Plies searched with four players (each ply's moves are a seat's hand)."""
ROOT_TAKES: Final = 3
"""Captures per card weighed at the decision itself (the heaviest first)."""
CARD_SHARE: Final = MOST_CARDS_POINTS / (PACK_SIZE // 2 + 1)
"""Each captured card's rough share of the 3 points for most cards."""
LEAF_SHARE: Final = 0.3
"""The share of the table's worth counted for the seat to play next at the search's horizon."""
CACHE_SIZE: Final = 50_000
"""Most answers of :func:`best_take` kept (a pure function of the rank and the table)."""
_BEST: dict[tuple[int, bool, tuple[Card, ...]], frozenset[Card]] = {}
EXPOSURE_WEIGHT: Final = 0.9
"""How much of the next opponent's expected take the intermediate counts against a move."""


class Player(Protocol):
    """A computer player."""

    def choose(self, view: TablicView, rng: random.Random) -> TablicMove:
        """One of ``view.legal`` (never empty when the seat is to play)."""
        ...


def card_worth(card: Card) -> float:
    """Roughly what taking ``card`` is worth in round points: its own points (each ace, king,
    queen, jack and ten 1, the 10♦ 2, the 2♣ 1) and a share of the 3 for most cards."""
    return CARD_POINTS.get(card, 0) + CARD_SHARE


def best_take(card: Card, table: tuple[Card, ...], rules: TablicRules) -> frozenset[Card]:
    """The heaviest set ``card`` may take from ``table`` (by :func:`card_worth`), empty when
    it takes nothing: the whole table for a Tablanette jack, else the heaviest union of groups
    over the card's values."""
    if not table:
        return frozenset()
    if card.rank == JACK and rules.jack_takes_all:
        return frozenset(table)
    key = (card.rank, rules.jack_takes_all, table)
    found = _BEST.get(key)
    if found is not None:
        return found

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    best: frozenset[Card] = frozenset()
    for v in values_of(card, rules):
        take = best_group_union(v, table, value, card_worth)
        if sum(map(card_worth, take)) > sum(map(card_worth, best)):
            best = take
    if len(_BEST) >= CACHE_SIZE:
        _BEST.clear()
    _BEST[key] = best
    return best


def _take_worth(state_table: tuple[Card, ...], take: frozenset[Card], tabla: int) -> float:
    return sum(card_worth(c) for c in state_table if c in take) + tabla


def candidates(view: TablicView) -> list[TablicMove]:
    """The moves the levels weigh: for each card of the hand its trail and its
    :data:`ROOT_TAKES` heaviest captures, in the order of ``view.legal``. On a crowded table
    (``view.legal`` is not every legal move) each card's trail and its heaviest capture
    (:func:`best_take`), found without listing the captures."""
    if not view.legal_complete:
        return search_moves(_probe_hand(view))
    by_card: dict[Card, list[Capture]] = {}
    for m in view.legal:
        if isinstance(m, Capture):
            by_card.setdefault(m.card, []).append(m)
    keep: set[TablicMove] = set()
    for caps in by_card.values():
        caps.sort(key=lambda m: (-sum(map(card_worth, m.take)), -len(m.take)))
        keep.update(caps[:ROOT_TAKES])
    return [m for m in view.legal if isinstance(m, Trail) or m in keep]


def search_moves(state: RoundState) -> list[TablicMove]:
    """The moves searched in a sampled world: each card's heaviest capture, then its trail."""
    return take_then_trail(state.hands[state.turn],
                           lambda c: best_take(c, state.table, state.rules))


def _probe_hand(view: TablicView) -> RoundState:
    """A state with the view's hand (as the seat to play) and table, to list its moves."""
    hands = tuple(view.hand if s == view.seat else () for s in range(view.rules.players))
    return RoundState(rules=view.rules, dealer=view.dealer, hands=hands, table=view.table,
                      stock=(), piles=((),) * view.rules.players, turn=view.seat)


def _probe(rules: TablicRules, table: tuple[Card, ...]) -> RoundState:
    """A state with ``table`` only, to ask what a capture there would score."""
    return RoundState(rules=rules, dealer=0, hands=((),) * rules.players, table=table,
                      stock=(), piles=((),) * rules.players)


def exposure(view: TablicView, table: tuple[Card, ...], last: bool) -> float:
    """The expected loss of leaving ``table`` to the next player: for each rank it has not
    seen, the chance that the next player (an opponent) holds one, times the most a card of
    that rank would take from ``table`` (its worth, tabla included); the largest product."""
    known = None if not table or last else next_opponent(view)
    if known is None:
        return 0.0
    unseen, hand = known
    rules = view.rules
    by_rank: dict[int, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(c.rank, []).append(c)
    probe = _probe(rules, table)
    worst = 0.0
    for cards in by_rank.values():
        card = max(cards, key=card_worth)
        take = best_take(card, table, rules)
        if not take:
            continue
        tabla = probe.tabla_of(Capture(card, take))
        got = _take_worth(table, take, tabla) + card_worth(card)
        worst = max(worst, chance_any(len(unseen), hand, len(cards)) * got)
    return worst


def estimate(view: TablicView, move: TablicMove) -> float:
    """The intermediate's estimate of ``move``: what it takes now (its tabla included) less
    :data:`EXPOSURE_WEIGHT` of the exposure of the table it leaves; a card laid down also
    costs a share of its own points (the opponent may take it)."""
    last = view.last_card
    if isinstance(move, Capture):
        tabla = _probe(view.rules, view.table).tabla_of(move)
        gain = _take_worth(view.table, move.take, tabla) + card_worth(move.card)
        left = tuple(c for c in view.table if c not in move.take)
        return gain - EXPOSURE_WEIGHT * exposure(view, left, last)
    table = (*view.table, move.card)
    penalty = 0.3 * CARD_POINTS.get(move.card, 0)
    return -penalty - EXPOSURE_WEIGHT * exposure(view, table, last)


class IntermediatePlayer:
    """Gain against exposure, with card counting (module docstring): the candidate with the
    best :func:`estimate`, ties broken by the generator."""

    def choose(self, view: TablicView, rng: random.Random) -> TablicMove:
        """The candidate move with the best estimate."""
        scored = [(estimate(view, m), rng.random(), m) for m in candidates(view)]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


class BeginnerPlayer(BlunderPlayer):
    """Takes the most cards it can, else lays down a low card of no points; a random move
    with probability ``blunder``."""

    def plausible(self, view: TablicView, legal: list[TablicMove],
                  rng: random.Random) -> TablicMove:
        """The move meant (class docstring)."""
        caps = [m for m in legal if isinstance(m, Capture)]
        if caps:
            return max(caps, key=lambda m: (len(m.take), rng.random()))
        return min(legal, key=lambda m: (CARD_POINTS.get(m.card, 0), m.card.rank,
                                         rng.random()))


def sample_world(view: TablicView, rng: random.Random) -> RoundState:
    """A full round state consistent with ``view``: the unseen cards dealt at random to the
    other hands (their sizes kept) and the stock (its size kept)."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    hands, at = deal_unseen_hands(view, unseen)
    return RoundState(rules=view.rules, dealer=view.dealer, hands=hands, table=view.table,
                      stock=tuple(unseen[at:at + view.stock]), piles=view.piles,
                      bonuses=view.bonuses, turn=view.seat, last_capturer=view.last_capturer,
                      deal_number=view.deal_number)


def move_gain(state: RoundState, after: RoundState) -> float:
    """What the move from ``state`` to ``after`` won for the side that made it: the worth of
    the cards taken, its tabla, and when it ends the round the worth of the cards left on the
    table (added for the side that takes them, taken off for another)."""
    last = after.last
    assert last is not None
    gain = 0.0
    if isinstance(last.move, Capture):
        gain = card_worth(last.move.card) + _take_worth(state.table, last.move.take, last.bonus)
    if after.finished and after.leftover:
        taker = after.dealer if state.rules.leftover == "dealer" else after.last_capturer
        if taker is not None:
            left = sum(card_worth(c) for c in after.leftover)
            rules = state.rules
            gain += left if rules.side_of(taker) == rules.side_of(state.turn) else -left
    return gain


def leaf_value(state: RoundState, side: int) -> float:
    """What the search's horizon leaves ``side``: the seat to play next has the first chance
    at the table, so :data:`LEAF_SHARE` of its worth counts for that seat's side and against
    the other."""
    if not state.table:
        return 0.0
    share = LEAF_SHARE * sum(card_worth(c) for c in state.table)
    return share if state.rules.side_of(state.turn) == side else -share


def search(state: RoundState, side: int, depth: int) -> float:
    """The worth ``side`` gains over the next ``depth`` plies of ``state`` (every hand known:
    one sampled world), every seat playing its best among :func:`search_moves`
    (:func:`~cassino_core.fishing.players.alpha_beta`)."""
    return alpha_beta(state, side, depth, move_gain, leaf_value, moves=search_moves)


class ExpertPlayer(SearchExpert[TablicMove]):
    """Determinized search (module docstring).

    Attributes:
        last_values: the averaged value of each candidate move at the last decision.
    """

    DEPTH = DEPTH

    def candidates(self, view: TablicView) -> list[TablicMove]:
        """The moves weighed (:func:`candidates`)."""
        return candidates(view)

    def plan(self, view: TablicView) -> tuple[Callable[[random.Random], RoundState],
                                              Callable[[RoundState, RoundState], float]]:
        """Worlds dealt by :func:`sample_world`; a move's value in one is what it takes now,
        then the search of the plies after it."""
        side = view.side
        depth = min(self.depth, WIDE_DEPTH) if view.rules.players > 2 else self.depth

        def value(world: RoundState, after: RoundState) -> float:
            return move_gain(world, after) + search(after, side, depth - 1)

        return (lambda rng: sample_world(view, rng)), value

    def estimate(self, view: TablicView, move: TablicMove) -> float:
        """The intermediate's :func:`estimate`, the prior the averages lean on."""
        return estimate(view, move)


make_player: Final[Callable[..., Player]] = player_maker(BeginnerPlayer, IntermediatePlayer,
                                                       ExpertPlayer)
"""``make_player(level, *, budget_ms=None, iterations=None)``: a player of ``level``
(``"random"``, ``"beginner"``, ``"intermediate"``, ``"expert"``); the budgets matter to the
expert only (with neither, 1000 ms). Raises ValueError for an unknown level (named) or a
budget below 1 (:func:`~cassino_core.fishing.players.player_maker`)."""
