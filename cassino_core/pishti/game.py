"""One round of Pishti, Xeri or Basra: the deal, legal moves, captures, the pişti bonuses, the
last capture and the round's score.

A round uses the whole 52-card pack. Its state is an immutable :class:`RoundState`;
:class:`Round` keeps every state, so :meth:`Round.undo` restores the earlier one exactly.

Rules played (FAMILY.md §5.1-§5.3; sources and readings in :mod:`cassino_core.pishti`):

- Deal: 4 cards to the middle (:attr:`~.rules.PishtiRules.opening` says how they start the
  round), ``hand_size`` cards to each player from the dealer's next seat; later deals give
  ``hand_size`` each and nothing to the middle, until the pack is used up.
- A move plays one card: a trail (:class:`~cassino_core.moves.Trail`) or a capture
  (:class:`~cassino_core.moves.Capture`). There are no builds.
- ``"pile"`` layout: a card of the top card's rank, or any jack, takes the whole pile
  (its ``take`` names the face-up cards; the face-down ones go with them); any other card,
  or any card on an empty table, is added on top. Each card thus has exactly one move.
- ``"floor"`` layout: a numeral (A-10) takes one or more groups at once, each a card of its
  rank or numerals adding up to its value; a Q or K takes cards of its rank only; a jack or
  the 7♦ takes every card on the floor. A card that can take must take (Basra: you add a
  card to the floor only when you cannot fish); the player chooses which groups.
- Bonus (pişti, xeri, basra): ``pile``: a lone face-up card taken by a card of its rank,
  ``pisti_points`` (a jack on a lone jack ``jack_pisti_points``). ``floor``: a capture that
  clears the floor, except by a jack; by the 7♦ only when the floor held numerals adding up
  to 10 or less. With ``last_card_pisti`` off, the round's last card scores no bonus.
- The cards left when the last card has been played go to the last capturer; never a bonus.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..cards import JACK, Card, full_pack
from ..fishing.capture import group_unions, takes_pile
from ..fishing.deal import deal_hands, shuffled
from ..fishing.round import (
    BonusMove,
    FishingRound,
    FishingState,
    check_dealer,
    check_position,
)
from ..fishing.scoring import CountedScore, counted_score
from ..moves import Capture, IllegalMoveError, Move, Trail
from .rules import MOST_CARDS_POINTS, TABLE_CARDS, PishtiRules

__all__ = ["CARD_POINTS", "SEVEN_OF_DIAMONDS", "IllegalMoveError", "PishtiMove", "Round",
           "RoundScore", "RoundState", "deal_round", "numeral_value", "position",
           "score_round"]

PishtiMove = Trail | Capture
"""A move of the Pishti group: a trail or a capture."""

SEVEN_OF_DIAMONDS: Final = Card(7, "D")
"""Basra's second take-all card [V]."""

CARD_POINTS: Final[dict[Card, int]] = {
    **{Card(JACK, s): 1 for s in "SHDC"}, **{Card(1, s): 1 for s in "SHDC"},
    Card(2, "C"): 2, Card(10, "D"): 3}
"""Points the captured cards carry: each jack and ace 1, 2♣ 2, 10♦ 3 (16 in all) [V: pagat,
Parlett, de.wikipedia, jawaker]."""


def numeral_value(card: Card) -> int | None:
    """A card's value in Basra's sums: A 1, 2-10 at face value; courts None (Q and K only
    pair, a jack takes all) [V]."""
    return card.rank if card.rank <= 10 else None


@dataclass(frozen=True, slots=True)
class LastMove(BonusMove):
    """The move played most recently: ``seat``, ``move``, the bonus it scored (0: none;
    :class:`~cassino_core.fishing.round.BonusMove`) and the face-down cards it took with the
    pile (the first capture in Pishti)."""

    hidden: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundState(FishingState):
    """Everything about one round at one moment. Immutable: each move makes a new state.

    Attributes:
        rules: the rules in force.
        dealer: the dealing seat; ``(dealer + 1) % players`` plays first in each deal.
        hands: each seat's cards, in the order received.
        table: the middle's cards, bottom first (in a pile the last is the top card).
        hidden: how many of the table's first cards lie face down (Pishti's opening).
        secret: the cards dealt face down to the middle (known to their taker only).
        secret_taker: the seat that took them, or None.
        stock: the undealt cards, the next one to be dealt first (the last is the bottom).
        piles: the cards each seat has captured, in order.
        bonuses: ``(seat, points)`` of each pişti / xeri / basra, in play order.
        turn: the seat to play (meaningless once ``finished``).
        last_capturer: the seat that captured most recently, or None.
        deal_number: the deal within the round, from 1.
        redeals: how often the opening was dealt again (four jacks, a Xeri pair, a middle the
            cards left after the hands cannot make).
        last: the move played most recently, or None.
        leftover: the cards the last capturer took from the table at the end of the round.
        finished: True once every card has been played and the table cleared.
    """

    rules: PishtiRules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    hidden: int = 0
    secret: tuple[Card, ...] = ()
    secret_taker: int | None = None
    bonuses: tuple[tuple[int, int], ...] = ()
    turn: int = 0
    last_capturer: int | None = None
    deal_number: int = 1
    redeals: int = 0
    last: LastMove | None = None
    leftover: tuple[Card, ...] = ()
    finished: bool = False

    # -- moves ---------------------------------------------------------------------------------

    @property
    def visible(self) -> tuple[Card, ...]:
        """The table's face-up cards, bottom first."""
        return self.table[self.hidden:]

    @property
    def top(self) -> Card | None:
        """The pile's top card (``pile`` layout), or None on an empty table."""
        return self.table[-1] if self.table else None

    def captures_of(self, card: Card) -> list[frozenset[Card]]:
        """The sets of face-up table cards ``card`` may take now (empty: none)."""
        if not self.table:
            return []
        if self.rules.layout == "pile":
            return [frozenset(self.visible)] if takes_pile(card, self.top) else []
        if card.rank == JACK or card == SEVEN_OF_DIAMONDS:
            return [frozenset(self.table)]
        value = numeral_value(card)
        if value is None:
            same = [c for c in self.table if c.rank == card.rank]
            return group_unions(1, same, lambda c: 1)
        return group_unions(value, self.table, numeral_value)

    def legal_moves(self) -> list[PishtiMove]:
        """Every legal move of the seat to play, in hand order: for each card its captures,
        or a trail when it can take nothing. Empty once the round is over."""
        if self.finished:
            return []
        out: list[PishtiMove] = []
        for card in self.hands[self.turn]:
            sets = self.captures_of(card)
            if sets:
                out.extend(Capture(card, s) for s in sets)
            else:
                out.append(Trail(card))
        return out

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with the reason unless ``move`` is legal now.

        Reasons: ``round_over``, ``not_allowed`` (a build or a pluck), ``not_in_hand``,
        ``not_on_table``, ``must_capture`` (a trail of a card that takes), ``pile_no_take``
        (a capture by a card that cannot take the pile), ``take_whole`` (fewer or other
        cards than the whole pile or floor a take-all card must take), ``court_takes_rank``,
        ``basra_groups`` (cards that do not split into groups of the card's value).
        """
        card = self._card_to_play(move)
        sets = self.captures_of(card)
        if isinstance(move, Trail):
            if sets:
                raise IllegalMoveError.of("must_capture", card=str(card))
            return
        missing = [str(c) for c in move.take if c not in self.visible]
        if missing:
            raise IllegalMoveError.of("not_on_table", cards=sorted(missing))
        if move.take in sets:
            return
        if not sets and self.rules.layout == "pile":
            raise IllegalMoveError.of("pile_no_take", card=str(card))
        if len(sets) == 1 and (self.rules.layout == "pile" or card.rank == JACK
                               or card == SEVEN_OF_DIAMONDS):
            raise IllegalMoveError.of("take_whole", card=str(card),
                                      cards=[str(c) for c in self.visible])
        if numeral_value(card) is None:
            raise IllegalMoveError.of("court_takes_rank", card=str(card))
        raise IllegalMoveError.of("basra_groups", card=str(card), value=numeral_value(card))

    def bonus_of(self, move: PishtiMove, last_card: bool) -> int:
        """The pişti / xeri / basra points ``move`` scores now (0: none) (module docstring)."""
        if not isinstance(move, Capture) or (last_card and not self.rules.last_card_pisti):
            return 0
        card = move.card
        rules = self.rules
        if rules.layout == "pile":
            if len(self.table) != 1 or self.table[0].rank != card.rank:
                return 0
            return rules.jack_pisti_points if card.rank == JACK else rules.pisti_points
        if len(move.take) != len(self.table) or card.rank == JACK:
            return 0
        if card == SEVEN_OF_DIAMONDS:
            values = [numeral_value(c) for c in self.table]
            if any(v is None for v in values) or sum(v or 0 for v in values) > 10:
                return 0
        return rules.pisti_points

    def _apply(self, move: PishtiMove) -> RoundState:
        seat = self.turn
        players = self.rules.players
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        last_card = not self.stock and not any(hands)
        piles = self.piles
        bonuses = self.bonuses
        last_capturer = self.last_capturer
        bonus = 0
        took: tuple[Card, ...] = ()
        table: tuple[Card, ...]
        hidden = self.hidden
        secret_taker = self.secret_taker
        if isinstance(move, Capture):
            bonus = self.bonus_of(move, last_card)
            taken: tuple[Card, ...]
            if self.rules.layout == "pile" or len(move.take) == len(self.table):
                taken, table = self.table, ()
            else:
                taken = tuple(c for c in self.table if c in move.take)
                table = tuple(c for c in self.table if c not in move.take)
            took = self.table[:self.hidden]
            if took:
                secret_taker = seat
            hidden = 0
            pile = piles[seat] + taken + (move.card,)
            piles = (*piles[:seat], pile, *piles[seat + 1:])
            last_capturer = seat
            if bonus:
                bonuses = (*bonuses, (seat, bonus))
        else:
            table = (*self.table, move.card)
        state = replace(self, hands=tuple(hands), table=table, hidden=hidden, piles=piles,
                        bonuses=bonuses, last_capturer=last_capturer,
                        secret_taker=secret_taker, turn=(seat + 1) % players,
                        last=LastMove(seat, move, bonus, took))
        return self._after_move(state, last_capturer, hidden=0)

    # -- facts ---------------------------------------------------------------------------------

    @property
    def bottom(self) -> Card | None:
        """The stock's bottom card when the rules show it to everyone, else None."""
        return self.stock[-1] if self.rules.show_bottom and self.stock else None

    last_card = FishingState.last_card_now
    """True when the seat to play holds the round's last card."""


def _opening(rules: PishtiRules, pack: list[Card],
             rng: random.Random) -> tuple[list[Card], int, list[Card], int] | None:
    """The middle cards (bottom first), how many lie face down, the stock left and how often
    the middle was dealt again (Xeri's reshuffles); None when the whole round must be dealt
    again: four jacks turned up in Pishti, or, after hands so large that few cards are left
    (``hand_size`` up to 24), no four of them of different ranks for Xeri's middle or no four
    that are neither a jack nor the 7♦ for Basra's. Such a deal cannot be completed, and
    shuffling only those cards again never would (our reading [I]: a misdeal, dealt again;
    before, the deal went round for ever)."""
    if rules.opening == "turn_up":
        down = pack[:TABLE_CARDS]
        up: list[Card] = []
        while down:
            up.append(down.pop())
            if up[-1].rank != JACK:
                return [*down, *up], len(down), pack[TABLE_CARDS:], 0
        return None
    stock = pack
    if rules.opening == "reshuffle":
        if len({c.rank for c in stock}) < TABLE_CARDS:
            return None
        again = 0
        while True:
            middle, stock = stock[:TABLE_CARDS], stock[TABLE_CARDS:]
            ranks = {c.rank for c in middle}
            if len(ranks) == len(middle) and middle[-1].rank != JACK:
                return middle, 0, stock, again
            stock = shuffled(stock + middle, rng)
            again += 1
    if sum(1 for c in stock if c.rank != JACK and c != SEVEN_OF_DIAMONDS) < TABLE_CARDS:
        return None
    middle = []
    while len(middle) < TABLE_CARDS:
        card, stock = stock[0], stock[1:]
        if card.rank == JACK or card == SEVEN_OF_DIAMONDS:
            stock = [*stock, card]
        else:
            middle.append(card)
    return middle, 0, stock, 0


def _cut(pack: list[Card]) -> list[Card]:
    """Pishti's cut: a jack never lies at the bottom; the lowest non-jack takes its place
    (the cutter looks up the pack until a card that is not a jack) [V: pagat]."""
    for i in range(len(pack) - 1, -1, -1):
        if pack[i].rank != JACK:
            return [*pack[:i], *pack[i + 1:], pack[i]]
    return pack


def deal_round(rules: PishtiRules, dealer: int, rng: random.Random) -> RoundState:
    """Shuffle with ``rng`` (the match's own generator) and deal the round's first deal: the
    middle cards as ``rules.opening`` says, then ``hand_size`` cards to each player from the
    dealer's next seat on (:mod:`.rules`, FAMILY.md §5.1-§5.3 [V]).

    Raises:
        ValueError: ``dealer`` is not a seat.
    """
    check_dealer(rules.players, dealer)
    first = (dealer + 1) % rules.players
    redeals = 0
    while True:
        pack = shuffled(full_pack(), rng)
        if rules.show_bottom:
            pack = _cut(pack)
        if rules.opening == "turn_up":
            opened = _opening(rules, pack, rng)
            if opened is None:
                redeals += 1
                continue
            table, hidden, rest, _ = opened
            hands, stock = deal_hands(rest, rules.players, rules.hand_size, first)
        else:
            hands, after = deal_hands(pack, rules.players, rules.hand_size, first)
            opened = _opening(rules, list(after), rng)
            if opened is None:
                redeals += 1
                continue
            table, hidden, rest, again = opened
            redeals += again
            stock = tuple(rest)
        break
    return RoundState(rules=rules, dealer=dealer, hands=hands, table=tuple(table),
                      hidden=hidden, secret=tuple(table[:hidden]), stock=tuple(stock),
                      piles=((),) * rules.players, turn=first, redeals=redeals)


RoundScore = CountedScore
"""A finished round's points per side [FAMILY.md §5.1 "Scoring" [V]]: the card points
(:data:`CARD_POINTS`), 3 for strictly the most cards (a 26-26 tie scores nothing) and the
pişti / xeri / basra bonuses (:class:`~cassino_core.fishing.scoring.CountedScore`)."""


def score_round(state: RoundState) -> RoundScore:
    """Score the cards captured so far (a finished round, or a hand-made part round)."""
    return counted_score(state.rules, state.side_piles(), state.bonuses, CARD_POINTS,
                         MOST_CARDS_POINTS)


class Round(FishingRound[RoundState, PishtiMove, RoundScore]):
    """A round in progress: the current :class:`RoundState` and every earlier one (for undo;
    :class:`~cassino_core.fishing.round.FishingRound`).

    >>> r = Round(deal_round(PishtiRules(), 0, random.Random(1)))
    >>> r.state.turn, len(r.state.table), r.state.hidden, len(r.state.stock)
    (1, 4, 3, 40)
    """

    def score(self) -> RoundScore:
        """The score of the cards captured so far (the round's score once finished)."""
        return score_round(self.state)


def position(rules: PishtiRules, *, hands: Sequence[Sequence[Card]],
             table: Sequence[Card] = (), hidden: int = 0, stock: Sequence[Card] = (),
             piles: Sequence[Sequence[Card]] | None = None, turn: int = 0,
             dealer: int | None = None, last_capturer: int | None = None) -> RoundState:
    """A hand-made state (tests, puzzles). Cards need not make the whole pack, but none may
    appear twice; the first ``hidden`` table cards lie face down.

    Raises:
        ValueError: a repeated card, the wrong number of hands or piles, a bad seat.
    """
    n = rules.players
    piles = check_position(n, hands=hands, table=table, stock=stock, piles=piles, turn=turn)
    if not 0 <= hidden <= max(len(table) - 1, 0):
        raise ValueError("the top card of the table lies face up")
    return RoundState(rules=rules, dealer=(turn - 1) % n if dealer is None else dealer,
                      hands=tuple(tuple(h) for h in hands), table=tuple(table), hidden=hidden,
                      secret=tuple(table[:hidden]), stock=tuple(stock),
                      piles=tuple(tuple(p) for p in piles), turn=turn,
                      last_capturer=last_capturer)
