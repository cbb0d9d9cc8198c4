"""A match of Pishti, Xeri or Basra: rounds until a side reaches the target.

The first dealer is drawn by lot with the match's generator; the deal passes to the next seat
each round: the fishing games' match (:class:`cassino_core.fishing.round.FishingMatch`). After
a round in which some side reaches ``rules.target`` (151 in Pishti, 101 in Xeri and Basra [V])
the side with the strictly highest total wins; level leaders play another round
(:func:`cassino_core.fishing.match.leader_at_target`; our reading [I]).

>>> m = PishtiMatch(PishtiRules(), seed=3)
>>> m.phase, m.round_number, m.totals
('play', 1, (0, 0))
"""

from __future__ import annotations

from ..fishing.round import Phase, PhaseError, TargetMatch
from .game import PishtiMove, Round, RoundScore, RoundState, deal_round
from .rules import PishtiRules

__all__ = ["Phase", "PhaseError", "PishtiMatch"]


class PishtiMatch(TargetMatch[PishtiRules, RoundState, PishtiMove, RoundScore]):
    """Rounds until a side wins (:class:`~cassino_core.fishing.round.TargetMatch`: the rules
    and the seed fix every card of the match; :func:`~cassino_core.pishti.game.deal_round`
    deals each round).

    Attributes:
        rules: the rules in force; seed: the match's seed.
        first_dealer: the dealer of round 1.
        rounds: every round so far, the current one last.
    """

    DEAL = staticmethod(deal_round)
    ROUND = Round
