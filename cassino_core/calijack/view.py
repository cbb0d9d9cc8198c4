"""What one seat may know in California Jack or Shasta Sam.

A seat sees its own hand, every card played (the current trick, the last trick, the cards each
seat has won: tricks are turned face up in this game's scoring, and each card was seen as it
was played), how many cards the other hand holds, the stock's size, and in California Jack the
stock's top card. In California Jack every stock card is face up when drawn, so a seat also knows
the cards the other seat drew and still holds (:attr:`JackView.known`); the six cards dealt to
each player stay hidden until played [S001 intro: "Закрытыми являются только первые 12 карт"].
In Shasta Sam nothing drawn is shown.

Computer players get exactly this view, as a person would (no level peeks at a hidden card).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..cards import Card, full_pack
from .cards import card_points, sort_cards
from .game import DealScore, DealState, Trick
from .match import JackMatch, Phase
from .rules import JackRules

_PACK = frozenset(full_pack())


@dataclass(frozen=True, slots=True)
class TrickView:
    """The last finished trick as one seat saw it.

    Attributes:
        plays: ``((seat, card), (seat, card))``, the lead first.
        winner: the seat that won it.
        drew: ``(seat, card or None)`` for each stock card drawn after it, winner first; the card
            is None when this seat did not see it (the other seat's draw in Shasta Sam).
    """

    plays: tuple[tuple[int, Card], ...]
    winner: int
    drew: tuple[tuple[int, Card | None], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"plays": [{"seat", "card"}], "winner": s, "drew": [{"seat", "card"|null}]}``."""
        return {"plays": [{"seat": s, "card": str(c)} for s, c in self.plays],
                "winner": self.winner,
                "drew": [{"seat": s, "card": None if c is None else str(c)} for s, c in self.drew]}


@dataclass(frozen=True, slots=True)
class JackView:
    """One seat's knowledge of a match (built by :func:`jack_view` or :func:`deal_view`).

    Attributes:
        rules: the rules in force.
        seat: whose view this is.
        phase: ``"play"``, ``"deal_over"`` or ``"match_over"``.
        dealer: the current deal's dealer; deal_number: from 1.
        turn: the seat to play, None between deals.
        leader: the seat that leads the current trick.
        trump: the trump suit; trump_card: the card that named it (public in both games).
        stock: cards left in the stock; stock_top: its top card when face up, else None.
        hand: this seat's cards (trumps first, high to low).
        hand_counts: cards held by each seat.
        known: per seat, the cards of that hand both players saw drawn face up (California Jack)
            and still there; for this seat's own hand too (what the other seat knows of it).
        trick: the current trick, ``(seat, card)`` in order of play.
        last_trick: the trick finished most recently, or None.
        tricks: every finished trick of this deal, in order, as this seat saw it (the same
            public facts as ``last_trick``; the players' inference reads them). Not in the JSON.
        won: the cards each seat has won in tricks this deal.
        legal: the cards this seat may play now (empty unless it is to play).
        scores: match points per seat over the finished deals; target: points that win.
        deals: the scores of the finished deals.
        winner: the match's winner, or None.
    """

    rules: JackRules
    seat: int
    phase: Phase
    dealer: int
    deal_number: int
    turn: int | None
    leader: int
    trump: str
    trump_card: Card
    stock: int
    stock_top: Card | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, int]
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[tuple[int, Card], ...]
    last_trick: TrickView | None
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    legal: tuple[Card, ...]
    scores: tuple[int, int] = (0, 0)
    target: int = 10
    deals: tuple[DealScore, ...] = ()
    winner: int | None = None
    tricks: tuple[TrickView, ...] = ()

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def card_points(self) -> tuple[int, int]:
        """Card points each seat has won this deal."""
        return (sum(card_points(c) for c in self.won[0]),
                sum(card_points(c) for c in self.won[1]))

    def seen(self) -> frozenset[Card]:
        """Every card whose place this seat knows: its hand, the cards played, the other hand's
        known cards and the visible stock top."""
        cards = {*self.hand, *self.won[0], *self.won[1], *(c for _, c in self.trick),
                 *self.known[self.opponent]}
        if self.stock_top is not None:
            cards.add(self.stock_top)
        return frozenset(cards)

    def unseen(self) -> list[Card]:
        """The cards this seat cannot place: in the other hand (beyond its known cards) or in
        the stock (below the visible top), in pack order (so samplers are repeatable)."""
        seen = self.seen()
        return [c for c in full_pack() if c not in seen]

    def to_json(self, seats: list[str] | None = None,
                levels: list[str | None] | None = None) -> dict[str, Any]:
        """The view JSON of the API (docs/calijack.md), with ``seats`` kinds and ``levels``."""
        return {
            "game": self.rules.variant, "seat": self.seat, "players": 2,
            "seats": list(seats) if seats is not None else ["human", "human"],
            "levels": list(levels) if levels is not None else [None, None],
            "rules": self.rules.to_dict(), "phase": self.phase, "dealer": self.dealer,
            "deal_number": self.deal_number, "turn": self.turn, "leader": self.leader,
            "trump": self.trump, "trump_card": str(self.trump_card), "stock": self.stock,
            "stock_top": None if self.stock_top is None else str(self.stock_top),
            "hand": [str(c) for c in self.hand], "hand_counts": list(self.hand_counts),
            "known": [[str(c) for c in k] for k in self.known],
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": None if self.last_trick is None else self.last_trick.to_json(),
            "won": [[str(c) for c in w] for w in self.won],
            "card_points": list(self.card_points),
            "legal_moves": [str(c) for c in self.legal],
            "scores": list(self.scores), "target": self.target,
            "deals": [d.to_json() for d in self.deals], "winner": self.winner,
        }


def _seen_trick(trick: Trick, seat: int, face_up: bool) -> TrickView:
    drew = tuple((s, c if face_up or s == seat else None) for s, c in trick.drew)
    return TrickView(plays=trick.plays, winner=trick.winner, drew=drew)


def _last_trick(trick: Trick | None, seat: int, face_up: bool) -> TrickView | None:
    return None if trick is None else _seen_trick(trick, seat, face_up)


def deal_view(state: DealState, seat: int, *, phase: Phase | None = None,
              deal_number: int = 1, scores: tuple[int, int] = (0, 0),
              deals: tuple[DealScore, ...] = (), winner: int | None = None) -> JackView:
    """Seat ``seat``'s view of one deal state (the match fields as given)."""
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    if phase is None:
        phase = "deal_over" if state.finished else "play"
    playing = phase == "play"
    trump = state.trump
    trick: tuple[tuple[int, Card], ...] = tuple(
        ((state.leader + i) % 2, c) for i, c in enumerate(state.trick))
    known = (tuple(sort_cards(state.public[0], trump)), tuple(sort_cards(state.public[1], trump)))
    return JackView(
        rules=state.rules, seat=seat, phase=phase, dealer=state.dealer, deal_number=deal_number,
        turn=state.turn if playing else None, leader=state.leader, trump=trump,
        trump_card=state.trump_card, stock=len(state.stock), stock_top=state.stock_top,
        hand=tuple(sort_cards(state.hands[seat], trump)),
        hand_counts=(len(state.hands[0]), len(state.hands[1])), known=known, trick=trick,
        last_trick=_last_trick(state.last_trick, seat, state.rules.face_up_stock),
        won=(tuple(state.won[0]), tuple(state.won[1])),
        legal=tuple(sort_cards(state.legal_plays(), trump))
        if playing and state.turn == seat else (),
        scores=scores, target=state.rules.target, deals=deals, winner=winner,
        tricks=tuple(_seen_trick(t, seat, state.rules.face_up_stock) for t in state.tricks))


def jack_view(match: JackMatch, seat: int) -> JackView:
    """Seat ``seat``'s view of ``match`` now."""
    return deal_view(match.state, seat, phase=match.phase, deal_number=match.deal_number,
                     scores=match.totals, deals=tuple(match.results), winner=match.winner)


def turn_views(match: JackMatch) -> Iterator[JackView]:
    """The view of the seat to play at each turn of ``match`` until the match is over, each
    finished deal followed by the next; the caller plays a card (``match.play``) before it
    asks for the next view, else the same turn comes again."""
    while match.phase != "match_over":
        if match.phase == "deal_over":
            match.next_deal()
            continue
        yield jack_view(match, match.state.turn)
