"""What the seat views of the fishing games share: the view's side, the view JSON's fields
every fishing game has (in the API's order), the check of the seat and the phase a round
state is seen in, and the view of a match now.

Each game keeps its view class (what its seat may know: Scopa's
:class:`~cassino_core.scopa.view.ScopaView`, which Escoba uses; Pishti's
:class:`~cassino_core.pishti.view.PishtiView`) and builds its JSON as
``{**view.json_head(...), <its own fields>, "last_capturer": ..., "last": ...,
**view.json_tail(), <its own fields>}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..cards import sort_key
from ..moves import move_to_json

__all__ = ["FishingView", "match_view", "seat_fields", "view_phase"]

V = TypeVar("V")


class FishingView:
    """The part of a seat's view every fishing game has (a mixin for a frozen dataclass with
    the fields named below: docs/api.md's view JSON)."""

    __slots__ = ()

    rules: Any
    seat: int
    phase: str
    dealer: int
    round_number: int
    deal_number: int
    turn: int | None
    hand: Any
    hand_counts: tuple[int, ...]
    stock: int
    leftover: Any
    legal: Any
    scores: tuple[int, ...]
    target: int
    rounds: Any
    winner: int | None

    @property
    def side(self) -> int:
        """This seat's side."""
        side: int = self.rules.side_of(self.seat)
        return side

    def json_head(self, game: str, seats: list[str] | None,
                  levels: list[str | None] | None) -> dict[str, Any]:
        """The view JSON's first fields, ``game`` to ``stock`` (``seats`` and ``levels``
        default to all human, no levels). ``deals`` is how many deals use up the pack in a
        round (``rules.deals_per_round``: 6 in two-player Scopa or Pishti, 1 in Scopone), for
        the page's "Deal 2 of 6"."""
        n = self.rules.players
        return {
            "game": game, "variant": self.rules.name, "seat": self.seat, "players": n,
            "side": self.side, "sides": self.rules.sides,
            "seats": list(seats) if seats is not None else ["human"] * n,
            "levels": list(levels) if levels is not None else [None] * n,
            "rules": self.rules.to_dict(), "phase": self.phase, "dealer": self.dealer,
            "round_number": self.round_number, "deal_number": self.deal_number,
            "deals": self.rules.deals_per_round,
            "turn": self.turn, "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts), "stock": self.stock,
        }

    @property
    def play_on(self) -> str | None:
        """Why a finished round did not end the match, for the page to say: ``"tie"`` when a
        side has reached the target but the match goes on. Every fishing game ends the match
        at the first round in which a side reaches the target unless its tie rule finds no
        winner (the leading totals are equal, and under Scopa's rule also equal when the
        round's points are counted in order: :mod:`cassino_core.fishing.match`), so another
        round is played. None while a round is played, once the match is over, or while no
        side has reached the target. The same word as Cassino's view gives (docs/api.md).
        """
        if self.phase != "round_over" or not self.scores or max(self.scores) < self.target:
            return None
        return "tie"

    def last_json(self, bonus_key: str) -> dict[str, Any] | None:
        """The latest move as JSON, ``{"seat", "move": {..., "text"}, <bonus_key>: points}``,
        from a view whose ``last`` is ``(seat, move, bonus)`` or None (Pishti's, Tablić's)."""
        last: Any = getattr(self, "last", None)
        if last is None:
            return None
        seat, move, bonus = last
        return {"seat": seat, "move": {**move_to_json(move), "text": move.text()},
                bonus_key: bonus}

    def json_tail(self) -> dict[str, Any]:
        """The view JSON's fields from ``leftover`` to ``play_on``."""
        return {
            "leftover": [str(c) for c in self.leftover],
            "legal_moves": [{**move_to_json(m), "text": m.text()} for m in self.legal],
            "scores": list(self.scores), "target": self.target,
            "rounds": [r.to_json() for r in self.rounds], "winner": self.winner,
            "play_on": self.play_on,
        }


def view_phase(players: int, seat: int, phase: str | None, finished: bool) -> str:
    """The phase a round state is seen in: ``phase``, else ``"round_over"`` once the round is
    finished and ``"play"`` before.

    Raises:
        ValueError: ``seat`` is not one of ``players`` seats.
    """
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, not {seat!r}")
    if phase is None:
        phase = "round_over" if finished else "play"
    return phase


def match_view(match: Any, seat: int, round_view: Callable[..., V]) -> V:
    """Seat ``seat``'s view of ``match`` now: ``round_view`` of its current state with the
    match's phase, round number, totals, finished rounds and winner."""
    return round_view(match.state, seat, phase=match.phase, round_number=match.round_number,
                      scores=match.totals, rounds=tuple(match.results), winner=match.winner)


def seat_fields(state: Any, seat: int, phase: str | None, round_number: int,
                scores: tuple[int, ...] | None, rounds: tuple[Any, ...],
                winner: int | None, legal: Callable[[], tuple[Any, ...]] | None = None
                ) -> dict[str, Any]:
    """The fields of a seat's view that a game of the Pishti or Tablić shape fills from its
    round state alike: ``rules`` to ``stock`` (the hand sorted), ``last_capturer``,
    ``leftover``, ``legal`` (only for the seat to play: ``legal()`` when given, else every
    legal move), the bonuses and the match fields. The game adds its own (the table, the
    piles, the last move...).

    Raises:
        ValueError: ``seat`` is not a seat of the state's rules.
    """
    rules = state.rules
    phase = view_phase(rules.players, seat, phase, state.finished)
    playing = phase == "play"
    return {
        "rules": rules, "seat": seat, "phase": phase, "dealer": state.dealer,
        "round_number": round_number, "deal_number": state.deal_number,
        "turn": state.turn if playing else None,
        "hand": tuple(sorted(state.hands[seat], key=sort_key)),
        "hand_counts": tuple(len(h) for h in state.hands), "stock": len(state.stock),
        "bonuses": state.bonuses, "last_capturer": state.last_capturer,
        "leftover": state.leftover,
        "legal": (() if not playing or state.turn != seat
                  else legal() if legal is not None else tuple(state.legal_moves())),
        "scores": scores if scores is not None else (0,) * rules.sides,
        "target": rules.target, "rounds": rounds, "winner": winner,
    }
