"""A match: rounds until a side reaches the target, the dealer passing on each round.

Standard ending [PAG §13][S004]: play rounds to 21; when several sides reach the target in the
same round the higher total wins; equal totals play another round. ``tie_break=
"cards_then_spades"`` settles equal totals by that round's cards, then spades [S002].

The whole match is a stack of immutable :class:`MatchState` values, including the state of the
match's own ``random.Random(seed)``, so undo is exact and a seed replays the same match in
CPython and in Pyodide.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal

from .game import RoundState, apply_move, check_legal, new_round
from .moves import IllegalMoveError, Move
from .rules import Rules
from .scoring import RoundScore

Phase = Literal["play", "round_over", "match_over"]


class PhaseError(ValueError):
    """An action that does not fit the match's phase (e.g. a move after the round ended)."""


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match at one moment.

    Attributes:
        rules: the rules in force.
        seed: the seed the match was started from.
        round: the current (or just finished) round.
        round_number: 1 for the first round.
        totals: match points per side.
        results: every finished round's score, oldest first.
        phase: ``"play"``, ``"round_over"`` (waiting for the next round) or ``"match_over"``.
        winner: the winning side once the match is over.
        rng_state: the state of the match's random generator (deals to come).
    """

    rules: Rules
    seed: int
    round: RoundState
    round_number: int
    totals: tuple[int, ...]
    results: tuple[RoundScore, ...]
    phase: Phase
    winner: int | None
    rng_state: Any


def match_winner(rules: Rules, totals: tuple[int, ...], last: RoundScore) -> int | None:
    """The winning side after a round, or None to play on.

    A side wins when it has reached ``rules.target`` with a total higher than every other side;
    equal leading totals go to the ``tie_break`` rule [PAG §13][S002] (D14).
    """
    best = max(totals)
    if best < rules.target:
        return None
    leaders = [side for side, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        return leaders[0]
    if rules.tie_break == "cards_then_spades":
        for key in ("cards", "spades"):
            top = max(getattr(last.sides[s], key) for s in leaders)
            leaders = [s for s in leaders if getattr(last.sides[s], key) == top]
            if len(leaders) == 1:
                return leaders[0]
    return None


class Match:
    """A match in progress, with undo back to its start.

    >>> from cassino_core.rules import CLASSIC
    >>> m = Match(CLASSIC, seed=42)
    >>> m.state.phase, m.state.round_number
    ('play', 1)
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        rng = random.Random(seed)
        dealer = rng.randrange(rules.players)  # the first dealer is chosen by lot [PAG §1]
        first = new_round(rules, dealer, rng)
        self.state = MatchState(rules=rules, seed=seed, round=first, round_number=1,
                                totals=(0,) * rules.sides, results=(), phase="play",
                                winner=None, rng_state=rng.getstate())
        self._history: list[MatchState] = []

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.state.rules

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play; empty between rounds and after the match."""
        return self.state.round.legal_moves() if self.state.phase == "play" else []

    def play(self, move: Move) -> None:
        """Make a move for the seat to play; score the round when it ends.

        Raises:
            IllegalMoveError: the move is not legal (the state is unchanged).
        """
        if self.state.phase != "play":
            raise IllegalMoveError(f"no moves now: the {self.state.phase.replace('_', ' ')}")
        check_legal(self.state.round, move)
        after = apply_move(self.state.round, move)
        new = replace(self.state, round=after)
        if after.finished:
            score = after.score()
            totals = tuple(t + s for t, s in zip(self.state.totals, score.totals, strict=True))
            winner = match_winner(self.rules, totals, score)
            new = replace(new, totals=totals, results=(*self.state.results, score),
                          phase="round_over" if winner is None else "match_over", winner=winner)
        self._history.append(self.state)
        self.state = new

    def next_round(self) -> None:
        """Deal the next round, the deal passing to the left [PAG §1].

        Raises:
            PhaseError: the current round is not over, or the match is.
        """
        if self.state.phase != "round_over":
            raise PhaseError(f"the next round can start only after a round ends "
                             f"(now: {self.state.phase.replace('_', ' ')})")
        rng = random.Random()
        rng.setstate(self.state.rng_state)
        dealer = (self.state.round.dealer + 1) % self.rules.players
        fresh = new_round(self.rules, dealer, rng)
        self._history.append(self.state)
        self.state = replace(self.state, round=fresh, round_number=self.state.round_number + 1,
                             phase="play", rng_state=rng.getstate())

    def undo(self) -> None:
        """Go back one step (a move, or the start of a round).

        Raises:
            IndexError: already at the start of the match.
        """
        if not self._history:
            raise IndexError("nothing to undo: this is the start of the match")
        self.state = self._history.pop()

    def turn_before(self, seat: int) -> int | None:
        """How many steps back ``seat`` was last to play (see :meth:`undo_to_turn`), or None."""
        for steps in range(1, len(self._history) + 1):
            earlier = self._history[-steps]
            if earlier.phase == "play" and earlier.round.turn == seat:
                return steps
        return None

    def undo_to_turn(self, seat: int) -> int:
        """Undo back to the latest earlier position where ``seat`` was to play; return how many
        steps were taken back (the other seats' moves after it are taken back too).

        Raises:
            IndexError: ``seat`` has no earlier turn in the match (nothing is undone).
        """
        steps = self.turn_before(seat)
        if steps is None:
            raise IndexError(f"nothing to undo: seat {seat} has not played yet in this match")
        self.state = self._history[-steps]
        del self._history[-steps:]
        return steps

    @property
    def can_undo(self) -> bool:
        """True when there is a step to take back."""
        return bool(self._history)
