"""What the computer players of the fishing games share: the levels, the random player, the
intermediate's choice by an estimate, the odds of a card in an unseen hand, the dealing of
unseen cards to a sampled world's hands, the expert's loop over sampled worlds, and the
check of a level's settings.

A game gives its own estimate (what a move gains now against what it leaves the next player),
its sampled world (the rest of the round state) and its search (Scopa's in
:mod:`cassino_core.scopa.players`, which Escoba uses too; Pishti's in
:mod:`cassino_core.pishti.players`); the expert here averages each legal move over as many
sampled worlds as its budget allows, then leans on the estimate by ``PRIOR_WEIGHT /
(PRIOR_WEIGHT + sqrt(worlds))`` (determinized search: no peeking at hidden cards).

>>> round(chance_any(30, 3, 4), 3)   # 3 cards from 30, 4 of them good: at least one
0.36
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from contextvars import ContextVar
from math import comb
from typing import Any, Final, Generic, Protocol, TypeVar

from ..cards import Card
from ..moves import Capture

__all__ = [
    "ALL_LEVELS",
    "CANDIDATE_LIMIT",
    "DEFAULT_BUDGET_MS",
    "LEVELS",
    "PRIOR_WEIGHT",
    "ROOT_TAKES",
    "BlunderPlayer",
    "EstimatePlayer",
    "OutOfTime",
    "RandomPlayer",
    "SearchExpert",
    "alpha_beta",
    "chance_any",
    "deal_unseen_hands",
    "level_player",
    "narrowed",
    "player_maker",
]

LEVELS: Final = ("beginner", "intermediate", "expert")
"""The levels offered to people; ``"random"`` is accepted too."""
ALL_LEVELS: Final = ("random", *LEVELS)
DEFAULT_BUDGET_MS: Final = 1000
PRIOR_WEIGHT: Final = 1.0
"""How strongly the expert leans on the intermediate's estimate: ``PRIOR_WEIGHT /
(PRIOR_WEIGHT + sqrt(worlds))``."""

Mv = TypeVar("Mv", bound=Hashable)

_DEADLINE: ContextVar[float | None] = ContextVar("search_deadline", default=None)
"""The ``time.perf_counter()`` at which :meth:`SearchExpert.evaluate`'s budget ends, while it
runs (None otherwise): :func:`alpha_beta` stops there, however crowded the table (issue 17:
one sampled world of a 22-card Escoba table took 70 s before the deadline was looked at)."""


class OutOfTime(Exception):
    """:func:`alpha_beta` passed the running search's deadline (see ``_DEADLINE``)."""


class _View(Protocol):
    """What the players here read of a seat's view."""

    @property
    def legal(self) -> Any:
        """The seat's legal moves."""

    @property
    def seat(self) -> int:
        """The seat to play."""

    @property
    def hand(self) -> Any:
        """The seat's own cards."""

    @property
    def hand_counts(self) -> Any:
        """How many cards each seat holds."""


def chance_any(pool: int, hand: int, good: int) -> float:
    """Chance that ``hand`` cards dealt from ``pool`` include at least one of ``good``."""
    if hand <= 0 or good <= 0 or pool <= 0:
        return 0.0
    hand = min(hand, pool)
    good = min(good, pool)
    return 1.0 - comb(pool - good, hand) / comb(pool, hand)


def deal_unseen_hands(view: _View, unseen: list[Card]) -> tuple[tuple[tuple[Card, ...], ...],
                                                                  int]:
    """The hands of a sampled world: the viewer's own, and each other seat's count of cards
    from ``unseen`` (already shuffled) in seat order; and how many of ``unseen`` they used."""
    hands: list[tuple[Card, ...]] = []
    at = 0
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            hands.append(tuple(view.hand))
        else:
            hands.append(tuple(unseen[at:at + count]))
            at += count
    return tuple(hands), at


def next_opponent(view: Any) -> tuple[list[Card], int] | None:
    """What a seat knows of the next player, when that player is an opponent: the cards the
    seat has not seen (``view.unseen()``) and how many the next player will hold (its hand, or
    a fresh deal's ``hand_size`` when its hand is empty and the stock is not); None when the
    next seat is a partner."""
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    if rules.side_of(nxt) == view.side:
        return None
    hand = view.hand_counts[nxt] or (rules.hand_size if view.stock else 0)
    return view.unseen(), hand


class RandomPlayer:
    """A uniformly random legal move."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        """A random legal move."""
        return rng.choice(view.legal)


class BlunderPlayer:
    """The beginner's frame: a random legal move with probability ``blunder`` (or when there is
    only one), else the game's :meth:`plausible` move (Pishti's, Tablić's beginners)."""

    def __init__(self, blunder: float = 0.25) -> None:
        self.blunder = blunder

    def plausible(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        """The move a beginner means to play (the game's)."""
        raise NotImplementedError

    def choose(self, view: Any, rng: random.Random) -> Any:
        """A plausible move, or a random one with probability ``blunder``."""
        legal = list(view.legal)
        if len(legal) == 1 or rng.random() < self.blunder:
            return rng.choice(legal)
        return self.plausible(view, legal, rng)


CANDIDATE_LIMIT: Final = 60
"""Past this many legal moves (a crowded table: Escoba's 36 loose cards gave 6,086) the
levels that weigh moves weigh each card's trail and its :data:`ROOT_TAKES` best captures
(:func:`narrowed`); below it, every legal move, as before."""

ROOT_TAKES: Final = 3
"""Captures per card weighed on a crowded table."""


def narrowed(legal: Sequence[Any], gain: Callable[[Any], float]) -> list[Any]:
    """``legal`` itself up to :data:`CANDIDATE_LIMIT` moves; past it, in ``legal``'s order,
    every move that is not a capture and each card's :data:`ROOT_TAKES` captures with the
    largest ``gain`` (what the capture takes now; the earlier listed first on a tie). What
    an estimate or a search weighs, so its cost no longer grows with the number of ways a
    card can take on a crowded table (issue 17: an Escoba hint took 4.7 s on 36 cards)."""
    if len(legal) <= CANDIDATE_LIMIT:
        return list(legal)
    by_card: dict[Any, list[Any]] = {}
    for m in legal:
        if isinstance(m, Capture):
            by_card.setdefault(m.card, []).append(m)
    keep: set[Any] = set()
    for caps in by_card.values():
        keep.update(sorted(caps, key=lambda m: -gain(m))[:ROOT_TAKES])
    return [m for m in legal if not isinstance(m, Capture) or m in keep]


class EstimatePlayer:
    """The intermediate level: the legal move with the best estimate (``estimate(view,
    move)``, the game's), ties broken by the generator. ``candidates(view)`` gives the moves
    weighed (default: every legal move)."""

    def __init__(self, estimate: Callable[[Any, Any], float],
                 candidates: Callable[[Any], Sequence[Any]] | None = None) -> None:
        self.estimate = estimate
        self.candidates = candidates

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The candidate move with the best estimate; ties broken by ``rng``."""
        moves = view.legal if self.candidates is None else self.candidates(view)
        scored = [(self.estimate(view, m), rng.random(), m) for m in moves]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


class SearchExpert(Generic[Mv]):
    """Determinized search over sampled worlds (module docstring). A game's expert gives
    :meth:`plan` (how to sample a world and value a move in it) and :meth:`estimate`.

    Attributes:
        budget_ms, iterations: the time or the number of worlds per decision (with neither,
            30 worlds); depth: the most plies searched.
        last_values: the averaged value of each legal move at the last decision.
    """

    DEPTH: int = 4
    """The default ``depth`` (a game's expert sets its own)."""

    def __init__(self, *, budget_ms: int | None = DEFAULT_BUDGET_MS,
                 iterations: int | None = None, depth: int | None = None) -> None:
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.depth = self.DEPTH if depth is None else depth
        self.last_values: dict[Mv, float] = {}

    def plan(self, view: Any) -> tuple[Callable[[random.Random], Any],
                                       Callable[[Any, Any], float]]:
        """For ``view``: a function drawing a sampled world (a round state) from a generator,
        and the value of a move in a world given the world and the state after the move."""
        raise NotImplementedError

    def estimate(self, view: Any, move: Mv) -> float:
        """The intermediate's estimate of ``move`` (the prior the averages lean on)."""
        raise NotImplementedError

    def candidates(self, view: Any) -> list[Mv]:
        """The legal moves worth searching (every legal move unless a game narrows them:
        Tablić's captures can number hundreds)."""
        return list(view.legal)

    def choose(self, view: Any, rng: random.Random) -> Mv:
        """The searched move with the best average over the sampled worlds."""
        legal: list[Mv] = self.candidates(view)
        if len(legal) == 1:
            self.last_values = {legal[0]: 0.0}
            return legal[0]
        values = self.evaluate(view, rng)
        return max(legal, key=lambda m: (values[m], -legal.index(m)))

    def evaluate(self, view: Any, rng: random.Random) -> dict[Mv, float]:
        """Average value of each legal move over sampled worlds (:meth:`plan`), plus the
        estimate weighted by ``PRIOR_WEIGHT / (PRIOR_WEIGHT + sqrt(worlds))``; the moves are
        :meth:`candidates`. The budget holds inside a world too: the search stops at the
        deadline (:class:`OutOfTime`), the unfinished world is dropped, and with no world
        finished the values are the estimates alone. The estimates are made first, inside the
        budget (on a crowded Tablić table they took 0.9 s, which came on top of a 1 s
        budget when they were made after the search)."""
        legal: list[Mv] = self.candidates(view)
        deadline = (None if self.budget_ms is None
                    else time.perf_counter() + self.budget_ms / 1000)
        estimates = {m: self.estimate(view, m) for m in legal}
        limit = self.iterations if self.iterations is not None else (
            10**9 if deadline is not None else 30)
        sample, value = self.plan(view)
        totals = dict.fromkeys(legal, 0.0)
        done = 0
        token = _DEADLINE.set(deadline)
        try:
            while done < limit:
                world = sample(rng)
                try:
                    row = [value(world, world._apply(move)) for move in legal]
                except OutOfTime:
                    break  # a world counts only once every move is valued in it
                for move, got in zip(legal, row, strict=True):
                    totals[move] += got
                done += 1
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        finally:
            _DEADLINE.reset(token)
        if not done:
            # Not one world within the budget (a crowded table): the estimate alone.
            self.last_values = estimates
            return self.last_values
        prior = PRIOR_WEIGHT / (PRIOR_WEIGHT + done ** 0.5)
        self.last_values = {m: totals[m] / done + prior * estimates[m] for m in legal}
        return self.last_values


def alpha_beta(state: Any, side: int, depth: int, gain: Callable[[Any, Any], float],
               leaf: Callable[[Any, int], float], alpha: float = -1e9,
               beta: float = 1e9, moves: Callable[[Any], Any] | None = None) -> float:
    """What ``side`` gains over the next ``depth`` plies of ``state`` (a round state with
    every hand known: one sampled world), every seat playing its best: ``side``'s seats
    maximise, the others minimise (alpha-beta). ``gain(state, after)`` is what a move wins
    for the seat that made it; ``leaf(state, side)`` what the horizon leaves ``side`` when
    the search stops at ``depth`` or at the end of the deal (the next hands are not known);
    the end of the round leaves 0. ``moves(state)`` lists the moves searched at each ply
    (default: every legal move).

    Raises:
        OutOfTime: the deadline of the :meth:`SearchExpert.evaluate` running it passed.
    """
    if state.finished:
        return 0.0
    if depth == 0 or not any(state.hands):
        return leaf(state, side)
    deadline = _DEADLINE.get()
    if deadline is not None and time.perf_counter() >= deadline:
        raise OutOfTime
    mine = state.rules.side_of(state.turn) == side
    best = -1e9 if mine else 1e9
    for move in (state.legal_moves() if moves is None else moves(state)):
        after = state._apply(move)
        got = gain(state, after)
        value = (got if mine else -got) + alpha_beta(after, side, depth - 1, gain, leaf,
                                                     alpha, beta, moves)
        if mine:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def level_player(level: str, budget_ms: int | None, iterations: int | None, *,
                 beginner: Callable[[], Any], intermediate: Callable[[], Any],
                 expert: Callable[..., Any]) -> Any:
    """A player of ``level`` (``"random"``, ``"beginner"``, ``"intermediate"``, ``"expert"``)
    made by the game's classes; ``budget_ms`` and ``iterations`` matter to the expert only
    (with neither, 1000 ms).

    Raises:
        ValueError: an unknown level (named), or a budget or iterations below 1.
    """
    for name, value in (("budget_ms", budget_ms), ("iterations", iterations)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(ALL_LEVELS)}")
    if level == "random":
        return RandomPlayer()
    if level == "beginner":
        return beginner()
    if level == "intermediate":
        return intermediate()
    if budget_ms is None and iterations is None:
        budget_ms = DEFAULT_BUDGET_MS
    return expert(budget_ms=budget_ms, iterations=iterations)


def player_maker(beginner: Callable[[], Any], intermediate: Callable[[], Any],
                 expert: Callable[..., Any]) -> Callable[..., Any]:
    """A game's ``make_player(level, *, budget_ms=None, iterations=None)`` from its classes:
    :func:`level_player` with them (Tablić's)."""
    def make_player(level: str, *, budget_ms: int | None = None,
                    iterations: int | None = None) -> Any:
        return level_player(level, budget_ms, iterations, beginner=beginner,
                            intermediate=intermediate, expert=expert)

    return make_player
