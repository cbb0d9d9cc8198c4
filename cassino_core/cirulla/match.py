"""A match of Cirulla: Scopa's match (:class:`cassino_core.scopa.match.ScopaMatch`: rounds
until a side reaches the target, 51, Parlett's tie-break) with Cirulla's rounds
(:class:`~cassino_core.cirulla.game.CirullaRound`), whose moves may be declarations, and the
*cappotto*: a side that takes all ten diamonds in a round wins the match outright [FAMILY.md
§4.7 [V]].

>>> from cassino_core.cirulla.rules import CirullaRules
>>> m = CirullaMatch(CirullaRules(), seed=3)
>>> m.phase, m.rules.target
('play', 51)
"""

from __future__ import annotations

from ..scopa.game import deal_round
from ..scopa.match import Phase, PhaseError, ScopaMatch
from .game import CirullaRound
from .scoring import CirullaScore

__all__ = ["CirullaMatch", "Phase", "PhaseError"]


class CirullaMatch(ScopaMatch):
    """Rounds until a side reaches the target or makes a cappotto (module docstring)."""

    def new_round(self, dealer: int) -> CirullaRound:
        """A new round dealt by ``dealer`` (Scopa's deal; the rules redeal on two aces and
        take the opening scope)."""
        return CirullaRound(deal_round(self.rules, dealer, self._rng))

    @property
    def winner(self) -> int | None:
        """The side that made a cappotto in the last round, else Scopa's winner."""
        if not self.current.finished:
            return None
        last = self.current.score()
        if isinstance(last, CirullaScore) and last.cappotto is not None:
            return last.cappotto
        return ScopaMatch.winner.fget(self)  # type: ignore[attr-defined,no-any-return]
