"""A match of Scopa, Scopone or Hurricane: rounds until a side reaches the target.

The first dealer is drawn by lot with the match's generator; the deal passes to the next seat
each round (to the right at a real table, anticlockwise play): the fishing games' match
(:class:`cassino_core.fishing.round.FishingMatch`). The match ends after a round in
which a side reaches ``rules.target`` (11; 16 in Hurricane): the higher total wins, and equal
totals are settled by Parlett's tie-break, counting the last round's points in the order cards,
coins, settebello, primiera, (napola,) sweeps: the first of the leading sides to reach the
target wins (:func:`cassino_core.fishing.match.match_winner`) [FAMILY.md §4.1 "Game" [V]].

>>> m = ScopaMatch(ScopaRules(), seed=3)
>>> m.phase, m.round_number, m.totals
('play', 1, (0, 0))
"""

from __future__ import annotations

from ..fishing.match import match_winner
from ..fishing.round import FishingMatch, Phase, PhaseError
from .game import Round, RoundScore, RoundState, ScopaMove, deal_round
from .rules import ScopaRules

__all__ = ["Phase", "PhaseError", "ScopaMatch"]


class ScopaMatch(FishingMatch[ScopaRules, RoundState, ScopaMove, RoundScore]):
    """Rounds until a side reaches the target (:class:`~cassino_core.fishing.round.
    FishingMatch`: the rules and the seed fix every card of the match).

    Attributes:
        rules: the rules in force; seed: the match's seed.
        first_dealer: the dealer of round 1.
        rounds: every round so far, the current one last.
    """

    def new_round(self, dealer: int) -> Round:
        """A new round dealt by ``dealer`` (:func:`~cassino_core.scopa.game.deal_round`)."""
        return Round(deal_round(self.rules, dealer, self._rng))

    @property
    def winner(self) -> int | None:
        """The side that has won, or None while the match goes on (Parlett's tie-break)."""
        if not self.current.finished:
            return None
        results = self.results
        before = [0] * self.rules.sides
        for result in results[:-1]:
            for side, p in enumerate(result.points):
                before[side] += p
        return match_winner(self.rules.target, before, results[-1].in_order())
