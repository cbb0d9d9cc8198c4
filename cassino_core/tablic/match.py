"""A match of Tablić or Tablanette: rounds until a side reaches the target.

The first dealer is drawn by lot with the match's generator; the deal passes to the next seat
each round: the fishing games' match (:class:`cassino_core.fishing.round.FishingMatch`). After
a round in which some side reaches ``rules.target`` (101 in Tablić, 251 in Tablanette [V]) the
side with the strictly highest total wins; level leaders play another round
(:func:`cassino_core.fishing.match.leader_at_target`; pagat's simplest form, as quoted [P]).

>>> m = TablicMatch(TablicRules(), seed=3)
>>> m.phase, m.round_number, m.totals
('play', 1, (0, 0))
"""

from __future__ import annotations

from ..fishing.match import leader_at_target
from ..fishing.round import FishingMatch, Phase, PhaseError
from .game import Round, RoundScore, RoundState, TablicMove, deal_round
from .rules import TablicRules

__all__ = ["Phase", "PhaseError", "TablicMatch"]


class TablicMatch(FishingMatch[TablicRules, RoundState, TablicMove, RoundScore]):
    """Rounds until a side wins (:class:`~cassino_core.fishing.round.FishingMatch`: the rules
    and the seed fix every card of the match).

    Attributes:
        rules: the rules in force; seed: the match's seed.
        first_dealer: the dealer of round 1.
        rounds: every round so far, the current one last.
    """

    def new_round(self, dealer: int) -> Round:
        """A new round dealt by ``dealer`` (:func:`~cassino_core.tablic.game.deal_round`)."""
        return Round(deal_round(self.rules, dealer, self._rng))

    @property
    def winner(self) -> int | None:
        """The side that has won, or None while the match goes on."""
        if not self.current.finished:
            return None
        return leader_at_target(self.rules.target, self.totals)
