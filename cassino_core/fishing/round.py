"""The round and match machinery every fishing game shares: a round keeps each state it went
through (so undo restores the earlier one exactly), a match deals rounds from one seeded
generator until a side has won, and a hand-made position is checked the same way.

A game gives its own round state (legal moves, the move's effect, the count) and scoring; the
classes here only keep the history and the phases. Used by Scopa
(:mod:`cassino_core.scopa.game`, :mod:`~cassino_core.scopa.match`; Escoba plays Scopa's) and
Pishti (:mod:`cassino_core.pishti.game`, :mod:`~cassino_core.pishti.match`).

>>> from cassino_core.scopa.rules import ScopaRules
>>> from cassino_core.scopa.match import ScopaMatch
>>> m = ScopaMatch(ScopaRules(), seed=3)
>>> move = m.legal_moves()[0]
>>> m.play(move)
>>> len(m.current.history), m.undo() == move, len(m.current.history)
(2, True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, Protocol, TypeVar, cast

from ..cards import Card
from ..errors import Refusal
from ..moves import BuildMove, Capture, IllegalMoveError, Move, Pluck, Trail
from .deal import deal_hands
from .match import leader_at_target

__all__ = ["BonusMove", "FishingMatch", "FishingRound", "FishingState", "Phase", "PhaseError",
           "TargetMatch", "check_dealer", "check_position"]

Phase = Literal["play", "round_over", "match_over"]


class PhaseError(Refusal):
    """An action that the match's phase does not allow (a move between rounds...)."""


class _State(Protocol):
    """What a round needs of a game's round state."""

    @property
    def finished(self) -> bool:
        """True once every card has been played."""

    @property
    def dealer(self) -> int:
        """The dealing seat."""

    def legal_moves(self) -> Any:
        """The seat to play's legal moves."""

    def play(self, move: Move) -> Any:
        """The state after ``move`` (raises IllegalMoveError for an illegal one)."""


class _Rules(Protocol):
    @property
    def players(self) -> int:
        """Seats at the table."""

    @property
    def target(self) -> int:
        """Match points that win."""

    @property
    def sides(self) -> int:
        """Sides that score."""


class _Score(Protocol):
    @property
    def points(self) -> tuple[int, ...]:
        """Points per side."""


S = TypeVar("S", bound=_State)
Mv = TypeVar("Mv", bound=Trail | Capture)
Sc = TypeVar("Sc", bound=_Score)
R = TypeVar("R", bound=_Rules)


St = TypeVar("St", bound="FishingState")


@dataclass(frozen=True, slots=True)
class BonusMove:
    """The move played most recently in a game whose sweeps are bonuses of some points
    (Pishti's pişti, Basra's basra, Tablić's tabla): ``seat``, ``move`` and the bonus it
    scored (0: none)."""

    seat: int
    move: Trail | Capture
    bonus: int

    @property
    def sweep(self) -> bool:
        """True when the move scored a bonus (the game's word for a sweep: FAMILY.md §0)."""
        return self.bonus > 0


class FishingState:
    """What the round states of the fishing games share (a mixin for a frozen dataclass with
    the fields named below): playing a move as the state's ``check`` and ``_apply`` say, the
    first checks of a move, the next deal or the round's end after a move, the cards of each
    side. Every move plays one card from the hand of the seat to play; there are no builds
    and no pluck (FAMILY.md §0)."""

    __slots__ = ()

    rules: Any
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    turn: int
    deal_number: int
    finished: bool

    def check(self, move: Move) -> None:
        """Raise IllegalMoveError unless ``move`` is legal now (the game's own rules)."""
        raise NotImplementedError

    def _apply(self, move: Trail | Capture) -> Any:
        raise NotImplementedError

    def play(self, move: Move) -> Any:
        """The state after the seat to play makes ``move``.

        Raises:
            IllegalMoveError: the move is not legal now (this state is unchanged).
        """
        self.check(move)
        assert isinstance(move, Trail | Capture)
        return self._apply(move)

    def _card_to_play(self, move: Move) -> Card:
        """The card ``move`` plays, once the checks every fishing game makes first pass.

        Raises:
            IllegalMoveError: ``round_over``, ``not_allowed`` (a build or a pluck),
                ``not_in_hand``.
        """
        if self.finished:
            raise IllegalMoveError.of("round_over")
        if isinstance(move, BuildMove | Pluck):
            raise IllegalMoveError.of("not_allowed")
        if move.card not in self.hands[self.turn]:
            raise IllegalMoveError.of("not_in_hand", card=str(move.card), seat=self.turn)
        return move.card

    def _after_move(self, state: St, last_capturer: int | None, **ending: Any) -> St:
        """``state`` (this state with the move played) once the deal goes on: unchanged while
        a hand holds cards; else the next deal (``hand_size`` each from the dealer's next
        seat, who plays first) while the stock lasts; else the round's end, the table's cards
        going to ``last_capturer`` (as ``leftover``; ``ending`` names other fields to set then)
        and never scoring a sweep or bonus."""
        if any(state.hands):
            return state
        new: Any = state
        players = self.rules.players
        if self.stock:
            first = (self.dealer + 1) % players
            new_hands, stock = deal_hands(self.stock, players, self.rules.hand_size, first)
            return cast(St, replace(new, hands=new_hands, stock=stock, turn=first,
                                    deal_number=self.deal_number + 1))
        table = state.table
        if last_capturer is not None and table:
            piles = state.piles
            pile = piles[last_capturer] + table
            piles = (*piles[:last_capturer], pile, *piles[last_capturer + 1:])
            return cast(St, replace(new, piles=piles, table=(), leftover=table,
                                    finished=True, **ending))
        return cast(St, replace(new, finished=True))

    @property
    def last_card_now(self) -> bool:
        """True when the seat to play holds the round's last card."""
        return (not self.finished and not self.stock
                and sum(len(h) for h in self.hands) == 1)

    def all_cards(self) -> list[Card]:
        """Every card of the round (hands, table, stock, piles), repeats kept if one were
        doubled: the whole pack in every reachable state."""
        return [*(c for h in self.hands for c in h), *self.table, *self.stock,
                *(c for p in self.piles for c in p)]

    def side_piles(self) -> list[list[Card]]:
        """The captured cards of each side (partners' piles together)."""
        out: list[list[Card]] = [[] for _ in range(self.rules.sides)]
        for seat, pile in enumerate(self.piles):
            out[self.rules.side_of(seat)].extend(pile)
        return out


def check_dealer(players: int, dealer: int) -> None:
    """Check that ``dealer`` is a seat of ``players``.

    Raises:
        ValueError: it is not.
    """
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")


class FishingRound(Generic[S, Mv, Sc]):
    """A round in progress: the current state and every earlier one (for undo). A game's
    ``Round`` subclasses it, giving :meth:`score`."""

    def __init__(self, start: S) -> None:
        self.history: list[S] = [start]
        self.moves: list[Mv] = []

    @property
    def state(self) -> S:
        """The current state."""
        return self.history[-1]

    @property
    def finished(self) -> bool:
        """True once the round is over."""
        return self.state.finished

    def legal_moves(self) -> list[Mv]:
        """The legal moves of the seat to play (the state's ``legal_moves``)."""
        return cast(list[Mv], self.state.legal_moves())

    def play(self, move: Move) -> None:
        """Make ``move`` for the seat to play.

        Raises:
            IllegalMoveError: not legal now; nothing changes.
        """
        new = self.state.play(move)
        assert isinstance(move, Trail | Capture)
        self.history.append(new)
        self.moves.append(cast(Mv, move))

    def undo(self) -> Mv:
        """Take back the last move and return it.

        Raises:
            IndexError: no move has been played in this round.
        """
        if len(self.history) == 1:
            raise IndexError("no move has been played in this round")
        self.history.pop()
        return self.moves.pop()

    def score(self) -> Sc:
        """The score of the cards captured so far (the round's score once finished)."""
        raise NotImplementedError


class FishingMatch(Generic[R, S, Mv, Sc]):
    """Rounds until a side has won. One ``random.Random(seed)`` draws the first dealer and
    shuffles every round, so the rules and the seed fix every card of the match; the deal
    passes to the next seat each round. A game's match gives :meth:`new_round` (a dealt
    round) and :attr:`winner`.

    Attributes:
        rules: the rules in force (with ``players``, ``sides`` and ``target``); seed: the
            match's seed.
        first_dealer: the dealer of round 1.
        rounds: every round so far, the current one last.
    """

    def __init__(self, rules: R, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self.first_dealer = self._rng.randrange(self.rules.players)
        self.rounds: list[FishingRound[S, Mv, Sc]] = [self.new_round(self.first_dealer)]

    def new_round(self, dealer: int) -> FishingRound[S, Mv, Sc]:
        """A new round dealt by ``dealer``, shuffled with the match's generator."""
        raise NotImplementedError

    @property
    def current(self) -> FishingRound[S, Mv, Sc]:
        """The round being played (or just finished)."""
        return self.rounds[-1]

    @property
    def state(self) -> S:
        """The current round's state."""
        return self.current.state

    @property
    def round_number(self) -> int:
        """The current round's number, from 1."""
        return len(self.rounds)

    @property
    def results(self) -> list[Sc]:
        """The scores of the finished rounds, in order."""
        return [r.score() for r in self.rounds if r.finished]

    @property
    def totals(self) -> tuple[int, ...]:
        """Match points per side over the finished rounds."""
        totals = [0] * self.rules.sides
        for result in self.results:
            for side, p in enumerate(result.points):
                totals[side] += p
        return tuple(totals)

    @property
    def winner(self) -> int | None:
        """The side that has won, or None while the match goes on."""
        raise NotImplementedError

    @property
    def phase(self) -> Phase:
        """``"play"``, ``"round_over"`` or ``"match_over"``."""
        if not self.current.finished:
            return "play"
        return "round_over" if self.winner is None else "match_over"

    @property
    def moves(self) -> list[list[Mv]]:
        """The moves of each round, in order (what a record keeps)."""
        return [list(r.moves) for r in self.rounds]

    def legal_moves(self) -> list[Mv]:
        """The legal moves of the seat to play (empty between rounds)."""
        return self.current.legal_moves()

    def play(self, move: Move) -> None:
        """Make ``move`` for the seat to play.

        Raises:
            PhaseError: the round is over.
            IllegalMoveError: the move is not legal now. Either way nothing changes.
        """
        if self.current.finished:
            raise PhaseError.of("round_over")
        self.current.play(move)

    def undo(self) -> Mv:
        """Take back the last move of the current round (earlier rounds are final).

        Raises:
            IndexError: no move has been played in the current round.
        """
        return self.current.undo()

    def next_round(self) -> None:
        """Deal the next round, the next seat dealing.

        Raises:
            PhaseError: the round is not over, or the match is.
        """
        phase = self.phase
        if phase != "round_over":
            raise PhaseError.of("round_not_over" if phase == "play" else "match_over")
        dealer = (self.state.dealer + 1) % self.rules.players
        self.rounds.append(self.new_round(dealer))


class TargetMatch(FishingMatch[R, S, Mv, Sc]):
    """A match won under the simple rule of Pishti and Tablić (FAMILY.md §5.1, §5.4: game to
    151, 101 or 251): after a round in which a side reaches ``rules.target``, the side with
    the strictly highest total wins; level leaders play another round
    (:func:`~cassino_core.fishing.match.leader_at_target`). A game sets :attr:`DEAL` (its
    ``deal_round(rules, dealer, rng)``) and :attr:`ROUND` (its round class)."""

    DEAL: Any = None
    """The game's ``deal_round`` (as a staticmethod)."""
    ROUND: Any = None
    """The game's round class, made from a dealt state."""

    def new_round(self, dealer: int) -> FishingRound[S, Mv, Sc]:
        """A new round dealt by ``dealer`` with the match's generator."""
        made: FishingRound[S, Mv, Sc] = self.ROUND(self.DEAL(self.rules, dealer, self._rng))
        return made

    @property
    def winner(self) -> int | None:
        """The side that has won, or None while the match goes on."""
        if not self.current.finished:
            return None
        return leader_at_target(self.rules.target, self.totals)


def check_position(players: int, *, hands: Sequence[Sequence[Card]], table: Sequence[Card],
                   stock: Sequence[Card], piles: Sequence[Sequence[Card]] | None,
                   turn: int) -> Sequence[Sequence[Card]]:
    """Check a hand-made position's parts for ``players`` seats and return its piles (empty
    ones when ``piles`` is None). Cards need not make a whole pack, but none may appear twice.

    Raises:
        ValueError: a repeated card, the wrong number of hands or piles, a bad seat.
    """
    n = players
    piles = piles if piles is not None else [()] * n
    if len(hands) != n or len(piles) != n:
        raise ValueError(f"give one hand and one pile per seat ({n})")
    cards = [*(c for h in hands for c in h), *table, *stock, *(c for p in piles for c in p)]
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice")
    if not 0 <= turn < n:
        raise ValueError(f"turn must be a seat from 0 to {n - 1}")
    return piles
