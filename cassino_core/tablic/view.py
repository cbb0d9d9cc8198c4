"""What one seat may know in Tablić or Tablanette.

A seat sees its own hand, the table, how many cards every other hand and the stock hold, and
every captured card: each was face up on the table or played in view before it was taken, so
a seat that remembers them all knows each pile (pagat: the piles are kept face down, which
only tests memory). It never sees another hand or the stock's order. Computer players get
exactly this view (none peeks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, full_pack
from ..fishing.view import FishingView, match_view, seat_fields
from .game import (
    CAPTURE_COUNT_LIMIT,
    PAGE_MOVE_LIMIT,
    RoundScore,
    RoundState,
    TablicMove,
    score_round,
)
from .match import Phase, TablicMatch
from .rules import TablicRules


@dataclass(frozen=True, slots=True)
class TablicView(FishingView):
    """One seat's knowledge of a match (built by :func:`tablic_view` or :func:`round_view`).

    Attributes:
        rules, seat, phase, dealer, round_number (from 1), deal_number (within the round).
        turn: the seat to play, None between rounds.
        hand: this seat's cards (by rank).
        hand_counts: cards held by each seat; stock: cards left to deal.
        table: the table cards, in the order they were laid.
        piles: the cards each seat has captured.
        bonuses: ``(seat, points)`` of each tabla this round.
        last_capturer: seat or None; last: ``(seat, move, tabla points)`` of the latest move,
            or None.
        leftover: the cards taken from the table at the end of the round.
        legal: this seat's legal moves (empty unless it is to play); on a crowded table
            (more than :data:`~cassino_core.tablic.game.PAGE_MOVE_LIMIT`) only each card's
            heaviest capture and its trail (:meth:`RoundState.page_moves`).
        scores: match points per side; target; rounds: finished rounds' scores; winner: the
            winning side or None; round_score: the current round's score so far.
        legal_total: how many legal moves there are, or None when more than
            :data:`~cassino_core.tablic.game.PAGE_MOVE_LIMIT` (``legal`` is then not all).
        capture_counts: on such a crowded table, ``(card, captures)`` for each hand card,
            counted up to :data:`~cassino_core.tablic.game.CAPTURE_COUNT_LIMIT` (None: more);
            empty otherwise.
    """

    rules: TablicRules
    seat: int
    phase: Phase
    dealer: int
    round_number: int
    deal_number: int
    turn: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock: int
    table: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    bonuses: tuple[tuple[int, int], ...]
    last_capturer: int | None
    last: tuple[int, TablicMove, int] | None
    leftover: tuple[Card, ...]
    legal: tuple[TablicMove, ...]
    scores: tuple[int, ...]
    target: int
    rounds: tuple[RoundScore, ...]
    winner: int | None
    round_score: RoundScore
    legal_total: int | None = 0
    capture_counts: tuple[tuple[Card, int | None], ...] = ()

    @property
    def legal_complete(self) -> bool:
        """True when ``legal`` holds every legal move."""
        return self.legal_total is not None

    @property
    def last_card(self) -> bool:
        """True when the seat to play holds the round's last card."""
        return self.stock == 0 and sum(self.hand_counts) == 1

    def unseen(self) -> list[Card]:
        """The cards in other hands or in the stock, in pack order (samplers are
        repeatable)."""
        seen = {*self.hand, *self.table, *(c for p in self.piles for c in p)}
        return [c for c in full_pack() if c not in seen]

    def to_json(self, seats: list[str] | None = None,
                levels: list[str | None] | None = None) -> dict[str, Any]:
        """The view JSON of the API (docs/tablic.md)."""
        return {
            **self.json_head("tablic", seats, levels),
            "table": [str(c) for c in self.table],
            "piles": [[str(c) for c in p] for p in self.piles],
            "bonuses": [{"seat": s, "points": p} for s, p in self.bonuses],
            "last_capturer": self.last_capturer, "last": self.last_json("tabla"),
            **self.json_tail(),
            "round_score": self.round_score.to_json(),
            "legal_moves_complete": self.legal_complete,
            "legal_moves_total": self.legal_total,
            **({} if self.legal_complete else {
                "legal_moves_more_than": PAGE_MOVE_LIMIT,
                "capture_counts": {str(c): n for c, n in self.capture_counts},
                "capture_counts_more_than": CAPTURE_COUNT_LIMIT}),
        }


def round_view(state: RoundState, seat: int, *, phase: Phase | None = None,
               round_number: int = 1, scores: tuple[int, ...] | None = None,
               rounds: tuple[RoundScore, ...] = (), winner: int | None = None) -> TablicView:
    """Seat ``seat``'s view of one round state (the match fields as given).

    Raises:
        ValueError: ``seat`` is not a seat of these rules.
    """
    last = None if state.last is None else (state.last.seat, state.last.move, state.last.bonus)
    counted: list[int | None] = [0]

    def legal() -> tuple[TablicMove, ...]:
        moves, counted[0] = state.page_moves()
        return moves

    fields = seat_fields(state, seat, phase, round_number, scores, rounds, winner, legal)
    crowded = counted[0] is None
    return TablicView(**fields, table=state.table, piles=state.piles, last=last,
                      round_score=score_round(state), legal_total=counted[0],
                      capture_counts=tuple(state.capture_counts().items()) if crowded else ())


def tablic_view(match: TablicMatch, seat: int) -> TablicView:
    """Seat ``seat``'s view of ``match`` now."""
    return match_view(match, seat, round_view)
