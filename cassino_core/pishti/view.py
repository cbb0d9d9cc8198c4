"""What one seat may know in Pishti, Xeri or Basra.

A seat sees its own hand, the table's face-up cards, how many lie face down, how many cards
every other hand and the stock hold, the stock's bottom card when the rules show it, and every
captured card that was ever face up (every card played is; a seat that remembers them all
knows each pile). The face-down middle cards of Pishti stay unknown to all but the seat that
took them. It never sees another hand or the stock's order. Computer players get exactly
this view (none peeks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, full_pack
from ..fishing.view import FishingView, match_view, seat_fields
from .game import PishtiMove, RoundScore, RoundState, score_round
from .match import Phase, PishtiMatch
from .rules import PishtiRules


@dataclass(frozen=True, slots=True)
class PishtiView(FishingView):
    """One seat's knowledge of a match (built by :func:`pishti_view` or :func:`round_view`).

    Attributes:
        rules, seat, phase, dealer, round_number (from 1), deal_number (within the round).
        turn: the seat to play, None between rounds.
        hand: this seat's cards (by rank).
        hand_counts: cards held by each seat; stock: cards left to deal.
        bottom: the stock's bottom card if shown, else None.
        table: the face-up table cards, bottom first (in a pile the last is the top card).
        hidden: face-down cards under them.
        piles: the captured cards of each seat that this seat knows; pile_counts: all of them.
        secret: the face-down middle cards if this seat took them, else empty.
        bonuses: ``(seat, points)`` of each pişti / xeri / basra this round.
        last_capturer: seat or None; last: ``(seat, move, bonus)`` of the latest move, or None.
        leftover: the cards the last capturer took at the end of the round.
        legal: this seat's legal moves (empty unless it is to play).
        scores: match points per side; target; rounds: finished rounds' scores; winner: the
            winning side or None; round_score: the current round's score so far (counting
            only what is public until the round is over).
    """

    rules: PishtiRules
    seat: int
    phase: Phase
    dealer: int
    round_number: int
    deal_number: int
    turn: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock: int
    bottom: Card | None
    table: tuple[Card, ...]
    hidden: int
    piles: tuple[tuple[Card, ...], ...]
    pile_counts: tuple[int, ...]
    secret: tuple[Card, ...]
    bonuses: tuple[tuple[int, int], ...]
    last_capturer: int | None
    last: tuple[int, PishtiMove, int] | None
    leftover: tuple[Card, ...]
    legal: tuple[PishtiMove, ...]
    scores: tuple[int, ...]
    target: int
    rounds: tuple[RoundScore, ...]
    winner: int | None
    round_score: RoundScore | None

    @property
    def top(self) -> Card | None:
        """The pile's top card, or None on an empty table."""
        return self.table[-1] if self.table else None

    @property
    def last_card(self) -> bool:
        """True when the seat to play holds the round's last card."""
        return self.stock == 0 and sum(self.hand_counts) == 1

    def seen(self) -> frozenset[Card]:
        """Every card whose place this seat knows: its hand, the table's face-up cards, the
        piles it knows, the shown bottom card."""
        known = (*self.hand, *self.table, *(c for p in self.piles for c in p))
        return frozenset(known + ((self.bottom,) if self.bottom is not None else ()))

    def unseen(self) -> list[Card]:
        """The cards in other hands, face down on the table or in the stock (the shown bottom
        card excepted), in pack order (samplers are repeatable)."""
        seen = self.seen()
        return [c for c in full_pack() if c not in seen]

    def to_json(self, seats: list[str] | None = None,
                levels: list[str | None] | None = None) -> dict[str, Any]:
        """The view JSON of the API (docs/pishti.md)."""
        return {
            **self.json_head("pishti", seats, levels),
            "bottom": None if self.bottom is None else str(self.bottom),
            "table": [str(c) for c in self.table], "hidden": self.hidden,
            "piles": [[str(c) for c in p] for p in self.piles],
            "pile_counts": list(self.pile_counts), "secret": [str(c) for c in self.secret],
            "bonuses": [{"seat": s, "points": p} for s, p in self.bonuses],
            "last_capturer": self.last_capturer, "last": self.last_json("bonus"),
            **self.json_tail(),
            "round_score": None if self.round_score is None else self.round_score.to_json(),
        }


def round_view(state: RoundState, seat: int, *, phase: Phase | None = None,
               round_number: int = 1, scores: tuple[int, ...] | None = None,
               rounds: tuple[RoundScore, ...] = (), winner: int | None = None) -> PishtiView:
    """Seat ``seat``'s view of one round state (the match fields as given).

    Raises:
        ValueError: ``seat`` is not a seat of these rules.
    """
    common = seat_fields(state, seat, phase, round_number, scores, rounds, winner)
    mine = state.secret_taker == seat or common["phase"] != "play"
    hide = frozenset() if mine else frozenset(state.secret)
    last = None if state.last is None else (state.last.seat, state.last.move, state.last.bonus)
    return PishtiView(
        **common, bottom=state.bottom, table=state.visible, hidden=state.hidden,
        piles=tuple(tuple(c for c in p if c not in hide) for p in state.piles),
        pile_counts=tuple(len(p) for p in state.piles),
        secret=state.secret if state.secret_taker == seat else (), last=last,
        round_score=(score_round(state) if mine or state.secret_taker is None else None))


def pishti_view(match: PishtiMatch, seat: int) -> PishtiView:
    """Seat ``seat``'s view of ``match`` now."""
    return match_view(match, seat, round_view)
