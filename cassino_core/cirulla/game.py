"""One round of Cirulla: Scopa's round (:mod:`cassino_core.scopa.game`) with Cirulla's
declarations and its opening.

- :func:`open_round`: the round state as Cirulla's own (:class:`CirullaState`), the opening
  table taken by the dealer when it adds up to 15 (1 scopa) or 30 (2 scope) [FAMILY.md §4.7
  [V]]; under ``opening_wild`` the 7♥ on it counts whatever value makes 15 or 30 (Parlett).
  The redeal on two or more aces is the rules' ``redeal_needed``, asked by Scopa's deal.
- :func:`declaration_of`: what a hand may declare: three of a kind (``"three"``), else a total
  of 9 or less (``"knock"``, *bussare*); the 7♥ is wild, so it completes a pair to three of a
  kind, and counts 1 toward the total [V]. A hand that is both declares three of a kind (it
  scores more under either book).
- :class:`Declare`: the declaration as a move. It is optional (the sources let a player keep
  quiet): the seat to play is offered it at its first turn of each deal, with all its cards
  still in hand, when the hand qualifies and the rules score declarations. Declaring shows the
  hand to every seat (the view: :mod:`cassino_core.cirulla.view`) and leaves the turn with the
  seat, who then plays a card. Its text is ``declare``, its JSON ``{"kind": "declare"}``.
  The points are counted with the round (:mod:`cassino_core.cirulla.scoring`).

>>> from cassino_core.cards import parse_cards
>>> declaration_of(parse_cards(["2C", "3H", "4S"])), declaration_of(parse_cards(["7H", "QC", "QD"]))
('knock', 'three')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal, cast

from ..cards import Card
from ..fishing.pack import capture_value
from ..moves import IllegalMoveError, Move, MoveError, move_from_json, move_from_text
from ..scopa.game import Round, RoundState, position
from .rules import TOTAL, WILD, CirullaRules

__all__ = ["DECLARE_TEXT", "CirullaMove", "CirullaRound", "CirullaState", "Declaration",
           "Declare", "cirulla_position", "declaration_of", "move_json", "open_round",
           "opening_scope", "read_move"]

KNOCK_LIMIT: Final = 9
"""A hand adding up to this or less may knock [FAMILY.md §4.7 [V]]."""
DECLARE_TEXT: Final = "declare"


@dataclass(frozen=True, slots=True)
class Declare:
    """The move that declares the hand of the seat to play (module docstring)."""

    kind: Literal["declare"] = "declare"

    @property
    def take(self) -> frozenset[Card]:
        """No card is taken."""
        return frozenset()

    def text(self) -> str:
        """``declare``."""
        return DECLARE_TEXT


CirullaMove = Any
"""A Cirulla move: a trail, a capture (:mod:`cassino_core.moves`) or a :class:`Declare`."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration made: ``seat``, the ``deal`` (number within the round), ``kind``
    (``"knock"`` or ``"three"``), the ``cards`` shown and the ``points`` it scores."""

    seat: int
    deal: int
    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "deal", "kind", "cards": [...], "points"}``."""
        return {"seat": self.seat, "deal": self.deal, "kind": self.kind,
                "cards": [str(c) for c in self.cards], "points": self.points}


def declaration_of(hand: Sequence[Card]) -> str | None:
    """``"three"``, ``"knock"`` or None for a hand of three cards (module docstring)."""
    if len(hand) != 3:
        return None
    others = [c for c in hand if c != WILD]
    if len({c.rank for c in others}) == 1:
        return "three"
    total = sum(capture_value(c) for c in others) + (len(hand) - len(others))
    return "knock" if total <= KNOCK_LIMIT else None


def opening_scope(table: Sequence[Card], wild: bool) -> int:
    """How many scope an opening table makes: 1 when it adds up to 15, 2 at 30, else 0; with
    ``wild`` the 7♥ counts any value from 1 to 10 (Parlett)."""
    if wild and WILD in table:
        rest = sum(capture_value(c) for c in table if c != WILD)
        for count in (1, 2):
            if 1 <= count * TOTAL - rest <= 10:
                return count
        return 0
    total = sum(capture_value(c) for c in table)
    return {TOTAL: 1, 2 * TOTAL: 2}.get(total, 0)


@dataclass(frozen=True, slots=True)
class CirullaState(RoundState):
    """Scopa's round state (:class:`~cassino_core.scopa.game.RoundState`) with the
    declarations made so far this round (``declared``, in order)."""

    declared: tuple[Declaration, ...] = ()

    def declaration_now(self) -> str | None:
        """What the seat to play may declare now (module docstring), or None."""
        rules = self.rules
        assert isinstance(rules, CirullaRules)
        if self.finished or rules.declarations == "none":
            return None
        hand = self.hands[self.turn]
        if len(hand) != rules.hand_size:
            return None
        if any(d.seat == self.turn and d.deal == self.deal_number for d in self.declared):
            return None
        return declaration_of(hand)

    def legal_moves(self) -> list[Any]:
        """Scopa's legal moves, led by :class:`Declare` when the seat may declare."""
        moves: list[Any] = RoundState.legal_moves(self)
        if moves and self.declaration_now() is not None:
            moves.insert(0, Declare())
        return moves

    def check(self, move: Any) -> None:
        """Raise :class:`IllegalMoveError` unless ``move`` is legal now: Scopa's checks with
        Cirulla's captures, and for a declaration ``round_over`` or ``no_declaration`` (the
        hand declares nothing, a card of this deal was played, or the seat declared)."""
        if isinstance(move, Declare):
            if self.finished:
                raise IllegalMoveError.of("round_over")
            if self.declaration_now() is None:
                raise IllegalMoveError.of("no_declaration", seat=self.turn)
            return
        RoundState.check(self, move)

    def play(self, move: Any) -> Any:
        """The state after the seat to play makes ``move`` (a declaration too).

        Raises:
            IllegalMoveError: the move is not legal now (this state is unchanged).
        """
        if isinstance(move, Declare):
            self.check(move)
            kind = self.declaration_now()
            assert kind is not None
            rules = self.rules
            assert isinstance(rules, CirullaRules)
            made = Declaration(self.turn, self.deal_number, kind, self.hands[self.turn],
                               rules.declaration_points(kind))
            return replace(self, declared=(*self.declared, made))
        return RoundState.play(self, move)

    def shown(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand that its declaration of this deal showed (empty
        without one)."""
        for d in self.declared:
            if d.seat == seat and d.deal == self.deal_number:
                return tuple(c for c in self.hands[seat] if c in d.cards)
        return ()


def open_round(state: RoundState) -> CirullaState:
    """``state`` (a round just dealt) as a :class:`CirullaState`, the opening scope taken: the
    dealer takes an opening table of 15 or 30, scores one scopa for each 15 and is the last
    capturer so far; unchanged otherwise."""
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}
    new = CirullaState(**fields)
    rules = state.rules
    assert isinstance(rules, CirullaRules)
    count = opening_scope(state.table, rules.opening_wild)
    if count == 0:
        return new
    taker = state.dealer
    piles = list(state.piles)
    piles[taker] = piles[taker] + state.table
    return replace(new, table=(), piles=tuple(piles),
                   sweeps=(*state.sweeps, *(taker,) * count), last_capturer=taker)


class CirullaRound(Round):
    """Scopa's round (:class:`~cassino_core.scopa.game.Round`) whose moves may be
    declarations."""

    def play(self, move: Any) -> None:
        """Make ``move`` (a trail, a capture or a :class:`Declare`) for the seat to play.

        Raises:
            IllegalMoveError: not legal now; nothing changes.
        """
        new = self.state.play(move)
        self.history.append(new)
        self.moves.append(cast(Any, move))


def read_move(raw: object) -> Any:
    """A Cirulla move from its text (``declare``, or the notation of
    :func:`cassino_core.moves.move_from_text`) or its JSON form (``{"kind": "declare"}``, or
    :func:`~cassino_core.moves.move_from_json`'s).

    Raises:
        MoveError: unreadable, naming the reason.
    """
    if isinstance(raw, str) and raw.strip().lower() == DECLARE_TEXT:
        return Declare()
    if isinstance(raw, dict) and raw.get("kind") == DECLARE_TEXT:
        extra = set(raw) - {"kind", "text"}
        if extra:
            raise MoveError.of("move_fields", kind=DECLARE_TEXT, fields=", ".join(sorted(extra)))
        return Declare()
    if isinstance(raw, str):
        return move_from_text(raw)
    return move_from_json(raw)


def move_json(move: Move | Declare) -> dict[str, Any]:
    """A move's JSON form with its text: ``{"kind": "declare", "text": "declare"}`` or the
    card move's (:func:`cassino_core.moves.move_to_json`)."""
    from ..moves import move_to_json

    if isinstance(move, Declare):
        return {"kind": DECLARE_TEXT, "text": DECLARE_TEXT}
    return {**move_to_json(move), "text": move.text()}


def cirulla_position(rules: CirullaRules, **parts: Any) -> CirullaState:
    """A hand-made Cirulla state (tests, puzzles): :func:`cassino_core.scopa.game.position`'s
    parts, with ``declared`` (default none).

    Raises:
        ValueError: a repeated card, the wrong number of hands or piles, a bad seat.
    """
    declared = tuple(parts.pop("declared", ()))
    base = position(rules, **parts)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    return CirullaState(**fields, declared=declared)
