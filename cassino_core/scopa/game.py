"""One round of Scopa, Scopone or Hurricane: the deals, legal moves, captures, sweeps, the
last capture and the round's score.

A round uses the whole 40-card pack (:func:`cassino_core.fishing.pack.italian_pack`). Its
state is an immutable :class:`RoundState`; :class:`Round` keeps every state, so
:meth:`Round.undo` restores the earlier one exactly.

Rules played (FAMILY.md §4.1, §4.2, §4.5, all [V]; our readings in :mod:`cassino_core.scopa`):

- Deal: ``hand_size`` cards to each player (the dealer's next seat first) and ``table_cards``
  face up; later deals give ``hand_size`` each and nothing to the table, until the pack is used
  up. With ``redeal_kings``, three or four kings on the opening table: shuffle and deal again.
- Play starts at the dealer's next seat and goes round (seat + 1; anticlockwise at a real table).
- A move is a trail (:class:`~cassino_core.moves.Trail`) or a capture
  (:class:`~cassino_core.moves.Capture`); there are no builds. The played card takes one table
  card of equal value, or one set of two or more table cards adding up to its value; a single
  card of equal value on the table must be taken instead of a sum; one card or one set per play
  (:func:`cassino_core.fishing.capture.captures`, mode ``"match_or_sum"``). The round asks its
  rules for these (``capture_sets``, ``capture_compulsory``, ``capture_refusal``), for the
  opening (``open_round``) and for the count (``score_round``), so Escoba's rules play a round
  of fifteens on this same code (:mod:`cassino_core.escoba`).
- Capture is compulsory: a card that can capture may not be trailed; the player may still
  choose which card to play.
- A capture that clears the table is a sweep (*scopa*), 1 point, except on the round's last
  play (unless ``last_play_sweep``).
- When the last card has been played, the cards left on the table go to the last player who
  captured; this is never a sweep.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ..cards import Card
from ..fishing.deal import deal_hands, shuffled
from ..fishing.pack import capture_value, italian_pack
from ..fishing.round import FishingRound, FishingState, check_dealer, check_position
from ..fishing.scoring import holder_of, most, napola, primiera, primiera_total
from ..moves import Capture, IllegalMoveError, Move, Trail
from .rules import ScopaRules

__all__ = ["POINT_ORDER", "IllegalMoveError", "Round", "RoundScore", "RoundState",
           "ScopaMove", "deal_round", "legal_moves", "score_round"]

ScopaMove = Trail | Capture
"""A Scopa move: a trail or a capture (no builds, no pluck)."""

POINT_ORDER: Final = ("cards", "coins", "settebello", "primiera", "napola", "sweeps")
"""The round's points in counting order (Parlett: cards, coins, settebello, primiera, sweeps
[V]; napola, a Scopone extra, counted after primiera: our reading [I])."""



@dataclass(frozen=True, slots=True)
class LastMove:
    """The move played most recently: ``seat``, ``move`` and whether it was a scoring sweep."""

    seat: int
    move: ScopaMove
    sweep: bool


@dataclass(frozen=True, slots=True)
class RoundState(FishingState):
    """Everything about one round at one moment. Immutable: each move makes a new state.

    Attributes:
        rules: the rules in force.
        dealer: the dealing seat; ``(dealer + 1) % players`` plays first in each deal.
        hands: each seat's cards, in the order received.
        table: the face-up cards, in the order they came.
        stock: the undealt cards, the next one to be dealt first.
        piles: the cards each seat has captured, in order.
        sweeps: the seats that made a scoring sweep, in play order (one entry per sweep).
        turn: the seat to play (meaningless once ``finished``).
        last_capturer: the seat that captured most recently, or None.
        deal_number: the deal within the round, from 1.
        redeals: how many times the opening was dealt again (three kings).
        last: the move played most recently, or None.
        leftover: the cards the last capturer took from the table at the end of the round.
        finished: True once every card has been played and the table cleared.
    """

    rules: ScopaRules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...] = ()
    turn: int = 0
    last_capturer: int | None = None
    deal_number: int = 1
    redeals: int = 0
    last: LastMove | None = None
    leftover: tuple[Card, ...] = ()
    finished: bool = False

    # -- moves ---------------------------------------------------------------------------------

    def captures_of(self, card: Card) -> list[frozenset[Card]]:
        """The table sets ``card`` may take now (empty: none)."""
        return self.rules.capture_sets(capture_value(card), self.table)

    def legal_moves(self) -> list[ScopaMove]:
        """Every legal move of the seat to play, in hand order: for each card its captures, or
        a trail when it can capture nothing. Empty once the round is over."""
        if self.finished:
            return []
        out: list[ScopaMove] = []
        for card in self.hands[self.turn]:
            sets = self.captures_of(card)
            out.extend(Capture(card, s) for s in sets)
            if not sets or not self.rules.capture_compulsory:
                out.append(Trail(card))
        return out

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with the reason unless ``move`` is legal now.

        Reasons: ``round_over``, ``not_allowed`` (a build or a pluck), ``not_in_hand``,
        ``not_on_table``, ``must_capture`` (a trail of a card that can capture),
        ``match_before_sum`` (a sum taken while a single card of the value lies on the table),
        ``capture_sum`` (the cards do not make the played card's value).
        """
        card = self._card_to_play(move)
        sets = self.captures_of(card)
        if isinstance(move, Trail):
            if sets and self.rules.capture_compulsory:
                raise IllegalMoveError.of("must_capture", card=str(card))
            return
        missing = [str(c) for c in move.take if c not in self.table]
        if missing:
            raise IllegalMoveError.of("not_on_table", cards=sorted(missing))
        if move.take in sets:
            return
        raise self.rules.capture_refusal(card, move.take)

    def _apply(self, move: ScopaMove) -> RoundState:
        seat = self.turn
        players = self.rules.players
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        last_play = not self.stock and not any(hands)
        piles = self.piles
        sweeps = self.sweeps
        last_capturer = self.last_capturer
        sweep = False
        if isinstance(move, Capture):
            table = tuple(c for c in self.table if c not in move.take)
            pile = piles[seat] + tuple(c for c in self.table if c in move.take) + (move.card,)
            piles = (*piles[:seat], pile, *piles[seat + 1:])
            last_capturer = seat
            if (not table and (not last_play or self.rules.last_play_sweep)
                    and self.rules.sweep_scores(move.card, move.take)):
                sweep = True
                sweeps = (*sweeps, seat)
        else:
            table = (*self.table, move.card)
        state = replace(self, hands=tuple(hands), table=table, piles=piles, sweeps=sweeps,
                        last_capturer=last_capturer, turn=(seat + 1) % players,
                        last=LastMove(seat, move, sweep))
        return self._after_move(state, last_capturer)

    # -- facts ---------------------------------------------------------------------------------

    last_play = FishingState.last_card_now
    """True when the seat to play holds the round's last card."""

    def side_sweeps(self) -> list[int]:
        """Scoring sweeps of each side."""
        out = [0] * self.rules.sides
        for seat in self.sweeps:
            out[self.rules.side_of(seat)] += 1
        return out


def legal_moves(state: RoundState) -> list[ScopaMove]:
    """See :meth:`RoundState.legal_moves`."""
    return state.legal_moves()


def deal_round(rules: ScopaRules, dealer: int, rng: random.Random) -> RoundState:
    """Shuffle with ``rng`` (the match's own generator) and deal the first deal of a round:
    ``hand_size`` cards to each player from the dealer's next seat on, then ``table_cards``
    face up. An opening table the rules refuse (``redeal_needed``: with ``redeal_kings``, three
    or four kings [FAMILY.md §4.1 [V]]) is shuffled and dealt again (``redeals`` counts how
    often); then the rules' ``open_round`` (Escoba's and Cirulla's opening sweeps).
    """
    check_dealer(rules.players, dealer)
    first = (dealer + 1) % rules.players
    redeals = 0
    while True:
        pack = shuffled(italian_pack(), rng)
        hands, rest = deal_hands(pack, rules.players, rules.hand_size, first)
        table, stock = rest[:rules.table_cards], rest[rules.table_cards:]
        if not rules.redeal_needed(table):
            break
        redeals += 1
    return rules.open_round(RoundState(rules=rules, dealer=dealer, hands=hands,
                                       table=tuple(table), stock=tuple(stock),
                                       piles=((),) * rules.players, turn=first,
                                       redeals=redeals))


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A finished round's points per side [FAMILY.md §4.1 "Scoring per deal" [V]].

    Attributes:
        cards, coins, settebello, primiera: the side that won each point, or None (a tie for
            the most, nobody with all four suits...). ``coins`` is the special suit (hearts in
            Hurricane), ``settebello`` the special card (7♥ in Hurricane).
        napola: ``(side, points)``, ``(None, 0)`` without one or when the rules do not score it.
        sweeps: scoring sweeps per side; sweep_order: the side of each sweep in play order.
        card_counts, coin_counts: captured cards and special-suit cards per side.
        primiera_totals: each side's primiera total (None when it misses a suit).
    """

    cards: int | None
    coins: int | None
    settebello: int | None
    primiera: int | None
    napola: tuple[int | None, int]
    sweeps: tuple[int, ...]
    sweep_order: tuple[int, ...]
    card_counts: tuple[int, ...]
    coin_counts: tuple[int, ...]
    primiera_totals: tuple[int | None, ...]

    def in_order(self) -> list[int]:
        """The side of every point, one entry per point, in :data:`POINT_ORDER`."""
        out = [s for s in (self.cards, self.coins, self.settebello, self.primiera)
               if s is not None]
        side, n = self.napola
        if side is not None:
            out += [side] * n
        return out + list(self.sweep_order)

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side from this round."""
        got = [0] * len(self.card_counts)
        for side in self.in_order():
            got[side] += 1
        return tuple(got)

    def to_json(self) -> dict[str, Any]:
        """``{"cards", "coins", "settebello", "primiera": side|null, "napola": {"side",
        "points"}, "sweeps": [..], "card_counts": [..], "coin_counts": [..],
        "primiera_totals": [..], "points": [..]}``."""
        return {"cards": self.cards, "coins": self.coins, "settebello": self.settebello,
                "primiera": self.primiera,
                "napola": {"side": self.napola[0], "points": self.napola[1]},
                "sweeps": list(self.sweeps), "card_counts": list(self.card_counts),
                "coin_counts": list(self.coin_counts),
                "primiera_totals": list(self.primiera_totals), "points": list(self.points)}


def score_round(state: RoundState) -> RoundScore:
    """Score the cards captured so far (a finished round, or a hand-made part round); a game
    whose rules count otherwise (Escoba) gives its own count
    (:meth:`~cassino_core.scopa.rules.ScopaRules.score_round`)."""
    rules = state.rules
    own = rules.score_round(state)
    if own is not None:
        return own
    piles = state.side_piles()
    suit = rules.special_suit
    coin_counts = tuple(sum(1 for c in p if c.suit == suit) for p in piles)
    nap: tuple[int | None, int] = napola(piles, suit) if rules.napola else (None, 0)
    return RoundScore(
        cards=most([len(p) for p in piles]), coins=most(coin_counts),
        settebello=holder_of(piles, rules.special_card), primiera=primiera(piles),
        napola=nap, sweeps=tuple(state.side_sweeps()),
        sweep_order=tuple(rules.side_of(s) for s in state.sweeps),
        card_counts=tuple(len(p) for p in piles), coin_counts=coin_counts,
        primiera_totals=tuple(primiera_total(p) for p in piles))


class Round(FishingRound[RoundState, ScopaMove, RoundScore]):
    """A round in progress: the current :class:`RoundState` and every earlier one (for undo;
    :class:`~cassino_core.fishing.round.FishingRound`).

    >>> r = Round(deal_round(ScopaRules(), 0, random.Random(1)))
    >>> r.state.turn, len(r.state.table), len(r.state.stock)
    (1, 4, 30)
    """

    def score(self) -> RoundScore:
        """The score of the cards captured so far (the round's score once finished)."""
        return score_round(self.state)


def position(rules: ScopaRules, *, hands: Sequence[Sequence[Card]], table: Sequence[Card] = (),
             stock: Sequence[Card] = (), piles: Sequence[Sequence[Card]] | None = None,
             turn: int = 0, dealer: int | None = None, sweeps: Sequence[int] = (),
             last_capturer: int | None = None) -> RoundState:
    """A hand-made state (tests, puzzles). Cards need not make the whole pack, but none may
    appear twice.

    Raises:
        ValueError: a repeated card, the wrong number of hands or piles, a bad seat.
    """
    n = rules.players
    piles = check_position(n, hands=hands, table=table, stock=stock, piles=piles, turn=turn)
    return RoundState(rules=rules, dealer=(turn - 1) % n if dealer is None else dealer,
                      hands=tuple(tuple(h) for h in hands), table=tuple(table),
                      stock=tuple(stock), piles=tuple(tuple(p) for p in piles),
                      sweeps=tuple(sweeps), turn=turn, last_capturer=last_capturer)
