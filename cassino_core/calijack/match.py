"""A match of California Jack or Shasta Sam: deals until somebody reaches the target.

Source: seed 001 "ПОДСЧЁТ ОЧКОВ". The dealer alternates from deal to deal ("Сдают по очереди");
the first dealer is drawn by lot (the match's generator). Play goes on until somebody has 10
points, and the deal in which that happens is always played to its last card.

**Both players reaching the target in one deal.** The seed says that when both reach 10 in the
last deal, the one whose last point came from "game" loses. We read it as the classic
counting-out rule of the All Fours family: a finished deal's points are counted one at a time in
the order high, low, jack, game (:data:`~cassino_core.calijack.game.POINT_ORDER`), and the first
player to reach the target in that order wins the match. Why this reading: game is always
counted last, so when both players end on 10 or more and one of them needed the game point to
get there, the other had already arrived during high, low and jack; the seed's sentence is that
case, word for word. The counting order also settles the cases the sentence leaves open (both
reach the target without game, e.g. game tied, or the game winner already had 10 before game
was counted: then whoever reached the target first among high, low, jack wins). Final totals are
kept as they are, even above the target.

>>> m = JackMatch(JackRules(), seed=3)
>>> m.phase, m.deal_number, m.totals
('play', 1, (0, 0))
"""

from __future__ import annotations

import random
from typing import Literal

from ..cards import Card
from ..errors import Refusal
from .game import Deal, DealScore, DealState, deal
from .rules import JackRules

Phase = Literal["play", "deal_over", "match_over"]


class PhaseError(Refusal):
    """An action that the match's phase does not allow (e.g. a card between deals)."""


def match_winner(target: int, before: tuple[int, int], last: DealScore) -> int | None:
    """The seat that wins the match with deal ``last``, given the totals ``before`` it, or None.

    The first seat to reach ``target`` while the deal's points are counted in the order high,
    low, jack, game wins (see the module docstring).

    >>> match_winner(10, (9, 9), DealScore(0, 1, 1, 0, (50, 30)))   # 0 reaches 10 on high
    0
    >>> match_winner(10, (7, 9), DealScore(0, 0, 1, 0, (50, 30)))   # both end on 10; seat 0's
    1
    >>> # last point was game, and seat 1 had reached 10 on jack first [S001]
    """
    running = list(before)
    for seat in last.in_order():
        running[seat] += 1
        if running[seat] >= target:
            return seat
    return None


class JackMatch:
    """Deals until a seat reaches ``rules.target`` [S001].

    One ``random.Random(seed)`` draws the first dealer, then shuffles each deal in turn, so the
    rules and the seed fix every card of the match (the same in CPython and Pyodide).

    Attributes:
        rules: the rules in force.
        seed: the match's seed.
        first_dealer: the dealer of deal 1 (drawn by lot).
        deals: every deal so far, the current one last.
    """

    def __init__(self, rules: JackRules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self.first_dealer = self._rng.randrange(2)
        self.deals: list[Deal] = [Deal(deal(rules, self.first_dealer, self._rng))]

    # -- state ----------------------------------------------------------------------------------

    @property
    def current(self) -> Deal:
        """The deal being played (or just finished)."""
        return self.deals[-1]

    @property
    def state(self) -> DealState:
        """The current deal's state."""
        return self.current.state

    @property
    def deal_number(self) -> int:
        """The current deal's number, from 1."""
        return len(self.deals)

    @property
    def dealer(self) -> int:
        """The current deal's dealer (alternating from :attr:`first_dealer`)."""
        return self.state.dealer

    @property
    def results(self) -> list[DealScore]:
        """The scores of the finished deals, in order."""
        return [d.score() for d in self.deals if d.finished]

    @property
    def totals(self) -> tuple[int, int]:
        """Match points per seat over the finished deals."""
        results = self.results
        return (sum(r.points[0] for r in results), sum(r.points[1] for r in results))

    @property
    def winner(self) -> int | None:
        """The seat that has won the match, or None while it goes on."""
        if not self.current.finished:
            return None
        results = self.results
        before = (sum(r.points[0] for r in results[:-1]), sum(r.points[1] for r in results[:-1]))
        return match_winner(self.rules.target, before, results[-1])

    @property
    def phase(self) -> Phase:
        """``"play"`` during a deal, ``"deal_over"`` between deals, ``"match_over"`` at the end."""
        if not self.current.finished:
            return "play"
        return "deal_over" if self.winner is None else "match_over"

    @property
    def moves(self) -> list[list[Card]]:
        """The cards played in each deal, in order (what a record keeps)."""
        return [list(d.played) for d in self.deals]

    # -- actions -------------------------------------------------------------------------------

    def legal_plays(self) -> list[Card]:
        """The cards the seat to play may play (empty between deals)."""
        return self.current.legal_plays()

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play.

        Raises:
            PhaseError: the deal is over.
            IllegalMoveError: the card is not legal now. Either way nothing changes.
        """
        if self.current.finished:
            raise PhaseError.of("deal_already_over")
        self.current.play(card)

    def undo(self) -> Card:
        """Take back the last card of the current deal (also out of a finished deal, which
        un-scores it); earlier deals are final.

        Raises:
            IndexError: no card has been played in the current deal.
        """
        return self.current.undo()

    def next_deal(self) -> None:
        """Deal the next hand, the other seat dealing.

        Raises:
            PhaseError: the current deal is not over, or the match is.
        """
        phase = self.phase
        if phase != "deal_over":
            raise PhaseError.of("deal_not_over" if phase == "play" else "match_over")
        self.deals.append(Deal(deal(self.rules, 1 - self.dealer, self._rng)))
