"""What one seat may know in Scopa, Scopone or Hurricane.

A seat sees its own hand, the table, how many cards every other hand and the stock hold, and
every captured card: each capture is made face up in front of everybody, so a player who pays
attention knows every pile (the page may show only their sizes). It never sees another hand or
the stock's order. Computer players get exactly this view (none peeks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..cards import Card
from ..fishing.pack import italian_pack
from ..fishing.view import FishingView, match_view, view_phase
from ..moves import move_to_json
from .game import RoundScore, RoundState, ScopaMove, score_round
from .match import Phase, ScopaMatch
from .rules import ScopaRules


def _sorted(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank, "SHDC".index(c.suit))))


@dataclass(frozen=True, slots=True)
class ScopaView(FishingView):
    """One seat's knowledge of a match (built by :func:`scopa_view` or :func:`round_view`).

    Attributes:
        rules: the rules in force; seat: whose view this is.
        phase: ``"play"``, ``"round_over"`` or ``"match_over"``.
        dealer, round_number (from 1), deal_number (within the round, from 1).
        turn: the seat to play, None between rounds.
        hand: this seat's cards (by value).
        hand_counts: cards held by each seat; stock: cards left to deal.
        table: the table's cards, in the order they came.
        piles: the cards each seat has captured this round (public: see the module docstring).
        sweeps: scoring sweeps per seat this round; last_capturer: seat or None.
        last: ``(seat, move, sweep)`` of the latest move this round, or None.
        leftover: the cards the last capturer took at the end of the round.
        legal: this seat's legal moves (empty unless it is to play).
        scores: match points per side; target; rounds: finished rounds' scores; winner: the
            winning side or None; round_score: the current round's score so far.
    """

    rules: ScopaRules
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
    sweeps: tuple[int, ...]
    last_capturer: int | None
    last: tuple[int, ScopaMove, bool] | None
    leftover: tuple[Card, ...]
    legal: tuple[ScopaMove, ...]
    scores: tuple[int, ...]
    target: int
    rounds: tuple[RoundScore, ...]
    winner: int | None
    round_score: RoundScore

    def seen(self) -> frozenset[Card]:
        """Every card whose place this seat knows: its hand, the table, every pile."""
        return frozenset((*self.hand, *self.table, *(c for p in self.piles for c in p)))

    def unseen(self) -> list[Card]:
        """The cards in other hands or the stock, in pack order (samplers are repeatable)."""
        seen = self.seen()
        return [c for c in italian_pack() if c not in seen]

    def to_json(self, seats: list[str] | None = None,
                levels: list[str | None] | None = None) -> dict[str, Any]:
        """The view JSON of the API (docs/scopa.md)."""
        last = None
        if self.last is not None:
            s, move, sweep = self.last
            last = {"seat": s, "move": {**move_to_json(move), "text": move.text()},
                    "sweep": sweep}
        return {
            **self.json_head(self.rules.GAME, seats, levels),
            "table": [str(c) for c in self.table],
            "piles": [[str(c) for c in p] for p in self.piles],
            "pile_counts": [len(p) for p in self.piles],
            "sweeps": list(self.sweeps), "last_capturer": self.last_capturer, "last": last,
            **self.json_tail(),
            "round_score": self.round_score.to_json(),
            "special_card": str(self.rules.special_card),
            "special_suit": self.rules.special_suit,
        }


def round_view(state: RoundState, seat: int, *, phase: Phase | None = None,
               round_number: int = 1, scores: tuple[int, ...] | None = None,
               rounds: tuple[RoundScore, ...] = (), winner: int | None = None) -> ScopaView:
    """Seat ``seat``'s view of one round state (the match fields as given).

    Raises:
        ValueError: ``seat`` is not a seat of these rules.
    """
    rules = state.rules
    phase = cast(Phase, view_phase(rules.players, seat, phase, state.finished))
    playing = phase == "play"
    sweeps = [0] * rules.players
    for s in state.sweeps:
        sweeps[s] += 1
    last = None if state.last is None else (state.last.seat, state.last.move, state.last.sweep)
    return ScopaView(
        rules=rules, seat=seat, phase=phase, dealer=state.dealer, round_number=round_number,
        deal_number=state.deal_number, turn=state.turn if playing else None,
        hand=_sorted(state.hands[seat]), hand_counts=tuple(len(h) for h in state.hands),
        stock=len(state.stock), table=state.table, piles=state.piles, sweeps=tuple(sweeps),
        last_capturer=state.last_capturer, last=last, leftover=state.leftover,
        legal=tuple(state.legal_moves()) if playing and state.turn == seat else (),
        scores=scores if scores is not None else (0,) * rules.sides, target=rules.target,
        rounds=rounds, winner=winner, round_score=score_round(state))


def scopa_view(match: ScopaMatch, seat: int) -> ScopaView:
    """Seat ``seat``'s view of ``match`` now."""
    return match_view(match, seat, round_view)
