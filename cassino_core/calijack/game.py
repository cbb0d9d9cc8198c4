"""One deal of California Jack or Shasta Sam: dealing, tricks, stock draws and the deal's score.

A deal is a sequence of immutable :class:`DealState` values; :class:`Deal` keeps the stack of
them, so :meth:`Deal.undo` restores the earlier state exactly.

Rules played [S001]:

- 52 cards, ace high. The dealer's opponent gets the first packet; packets of 1 or 3 alternate
  until each player has six (``JackRules.deal_packet``).
- California Jack: the other 40 cards are turned over as a face-up stock; its top card names
  trumps. That card stays where it is: it is the first card drawn, so the winner of the first
  trick takes it (our reading: the seed names no other fate for it). Shasta Sam: before the deal
  the pack is cut and its top card turned to name trumps; the pack is then shuffled again (the
  turned card goes back into it) and dealt; the stock lies face down. We model each cut as part
  of the seeded shuffle.
- The dealer's opponent leads the first trick; then the winner of each trick leads.
- The second player must follow suit when able; otherwise may trump or throw any card
  (``JackRules.follow="suit"``, the seed). Under ``"suit_or_trump"`` (Foster's Hoyle, Bicycle)
  a trump may be played instead of following, and a card of another suit only by a player who
  holds neither. The higher card of the suit led wins, or the higher trump. Because
  :func:`legal_plays` offers only the cards the rule allows, a revoke cannot happen (the seed's
  revoke penalty is never needed).
- After each trick, while the stock lasts, the winner draws its top card and the loser the next
  one. 40 stock cards make 20 tricks with draws, then the last six cards of each hand are played
  out: 26 tricks, and every card ends in somebody's tricks.
- Score: 1 point each for winning high (ace of trumps), low (two of trumps) and jack (jack of
  trumps) in tricks; 1 point for "game", the greater total of card points (T 10, A 4, K 3, Q 2,
  J 1; 80 in all), nobody on a 40-40 tie.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from ..cards import Card, full_pack
from ..errors import Refusal
from .cards import beats, card_points
from .rules import HAND_SIZE, JackRules

SEATS: Final = 2
POINT_ORDER: Final = ("high", "low", "jack", "game")
"""The deal's points in the order they are counted (see :mod:`cassino_core.calijack.match`)."""

IllegalReason = Literal["deal_over", "not_in_hand", "must_follow_suit", "must_follow_or_trump"]


class IllegalMoveError(Refusal):
    """A card that may not be played now; ``reason`` says why: ``"deal_over"`` (no trick is
    being played), ``"not_in_hand"`` (the seat to play does not hold it) or
    ``"must_follow_suit"`` (the player holds a card of the suit led) or
    ``"must_follow_or_trump"`` (under ``follow="suit_or_trump"``: a card of a third suit while
    holding the suit led or a trump); ``params`` names the card and the seat (and the suit led,
    and the trump suit)."""


class PositionError(ValueError):
    """A hand-made position that cannot occur (a card twice, a wrong number of cards...)."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick.

    Attributes:
        leader: the seat that led.
        cards: the led card, then the reply.
        winner: the seat that won it.
        drew: the stock cards drawn after it, ``(seat, card)`` in order (winner first); empty
            once the stock is gone.
    """

    leader: int
    cards: tuple[Card, Card]
    winner: int
    drew: tuple[tuple[int, Card], ...] = ()

    @property
    def plays(self) -> tuple[tuple[int, Card], tuple[int, Card]]:
        """``((leader, led card), (other seat, reply))``."""
        return ((self.leader, self.cards[0]), (1 - self.leader, self.cards[1]))


@dataclass(frozen=True, slots=True)
class DealState:
    """Everything about one deal at one moment. Immutable: each play makes a new state.

    Attributes:
        rules: the rules in force.
        dealer: the dealing seat (0 or 1); seat ``1 - dealer`` leads first.
        trump: the trump suit, ``"S" "H" "D" "C"``.
        trump_card: the card that named trumps (California Jack: the stock's first top card;
            Shasta Sam: the card turned before the deal and shuffled back).
        hands: each seat's cards, in the order received.
        stock: the undealt cards, the next one to be drawn first.
        leader: the seat that leads (or led) the current trick.
        trick: the cards played to the current trick so far (0 or 1 of them between plays).
        won: the cards each seat has won in tricks.
        public: per seat, the cards of its hand that both players saw it draw face up
            (California Jack's stock); always empty in Shasta Sam.
        last_trick: the trick finished most recently, or None.
        tricks_played: finished tricks.
        tricks: every finished trick of the deal, in order (public: each card was seen as it
            was played; the draws in them are masked per seat by the view in Shasta Sam).
    """

    rules: JackRules
    dealer: int
    trump: str
    trump_card: Card
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    leader: int
    trick: tuple[Card, ...] = ()
    won: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    public: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    last_trick: Trick | None = None
    tricks_played: int = 0
    tricks: tuple[Trick, ...] = ()

    @property
    def finished(self) -> bool:
        """True once every card has been played."""
        return not self.hands[0] and not self.hands[1] and not self.trick

    @property
    def turn(self) -> int:
        """The seat to play (the leader, or the other seat when one card is down)."""
        return self.leader if not self.trick else 1 - self.leader

    @property
    def stock_top(self) -> Card | None:
        """The stock's top card when the stock is face up and not empty, else None."""
        return self.stock[0] if self.stock and self.rules.face_up_stock else None

    def legal_plays(self) -> list[Card]:
        """The cards the seat to play may play, in the order held: any card to lead; to a
        trick, the cards :func:`may_answer` allows (the suit led when held, under
        ``follow="suit_or_trump"`` trumps too). Empty once the deal is over."""
        if self.finished:
            return []
        hand = self.hands[self.turn]
        if self.trick:
            return may_answer(hand, self.trick[0].suit, self.trump, self.rules.follow)
        return list(hand)

    def check(self, card: Card) -> None:
        """Raise :class:`IllegalMoveError` (naming the reason) unless ``card`` is legal now."""
        if self.finished:
            raise IllegalMoveError.of("deal_over")
        hand = self.hands[self.turn]
        if card not in hand:
            raise IllegalMoveError.of("not_in_hand", card=str(card), seat=self.turn)
        if self.trick:
            led = self.trick[0].suit
            if card not in may_answer(hand, led, self.trump, self.rules.follow):
                if self.rules.follow == "suit":
                    raise IllegalMoveError.of("must_follow_suit", card=str(card), seat=self.turn,
                                              suit=led)
                raise IllegalMoveError.of("must_follow_or_trump", card=str(card),
                                          seat=self.turn, suit=led, trump=self.trump)

    def play(self, card: Card) -> DealState:
        """The state after the seat to play plays ``card``.

        Raises:
            IllegalMoveError: the card is not legal now (this state is unchanged).
        """
        self.check(card)
        seat = self.turn
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        public = list(self.public)
        if card in public[seat]:
            public[seat] = public[seat] - {card}
        if not self.trick:
            return replace(self, hands=(hands[0], hands[1]),
                           public=(public[0], public[1]), trick=(card,))
        led = self.trick[0]
        winner = seat if beats(card, led, self.trump) else self.leader
        won = list(self.won)
        won[winner] = won[winner] + (led, card)
        stock = self.stock
        drew: tuple[tuple[int, Card], ...] = ()
        if stock:
            drew = ((winner, stock[0]), (1 - winner, stock[1]))
            for who, got in drew:
                hands[who] = hands[who] + (got,)
                if self.rules.face_up_stock:
                    public[who] = public[who] | {got}
            stock = stock[2:]
        done = Trick(self.leader, (led, card), winner, drew)
        return replace(self, hands=(hands[0], hands[1]), stock=stock, leader=winner, trick=(),
                       won=(won[0], won[1]), public=(public[0], public[1]),
                       last_trick=done, tricks_played=self.tricks_played + 1,
                       tricks=(*self.tricks, done))

    def card_points(self) -> tuple[int, int]:
        """Card points each seat has won so far."""
        return (sum(card_points(c) for c in self.won[0]),
                sum(card_points(c) for c in self.won[1]))

    def all_cards(self) -> list[Card]:
        """Every card of the deal (hands, trick, stock, won), with repeats if one were doubled."""
        return [*self.hands[0], *self.hands[1], *self.trick, *self.stock, *self.won[0],
                *self.won[1]]


@dataclass(frozen=True, slots=True)
class DealScore:
    """The points of one finished deal [S001 "ПОДСЧЁТ ОЧКОВ"].

    Attributes:
        high, low, jack: the seat that won the ace, two and jack of trumps in tricks (every
            card is played, so each always has a winner; None only in hand-made part deals).
        game: the seat with more card points, None on a tie.
        card_points: card points won by each seat (80 together in a full deal).
    """

    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    card_points: tuple[int, int]

    @property
    def points(self) -> tuple[int, int]:
        """Match points per seat from this deal (0 to 4 each)."""
        got = [0, 0]
        for seat in self.in_order():
            got[seat] += 1
        return (got[0], got[1])

    def in_order(self) -> list[int]:
        """The seats that scored, one entry per point, in counting order high, low, jack,
        game (:data:`POINT_ORDER`)."""
        return [s for s in (self.high, self.low, self.jack, self.game) if s is not None]

    def to_json(self) -> dict[str, object]:
        """``{"high": s|null, "low": s|null, "jack": s|null, "game": s|null,
        "card_points": [a, b], "points": [a, b]}``."""
        return {"high": self.high, "low": self.low, "jack": self.jack, "game": self.game,
                "card_points": list(self.card_points), "points": list(self.points)}


def may_answer(hand: Sequence[Card], led: str, trump: str, follow: str) -> list[Card]:
    """The cards of ``hand`` (in its order) that may be played to a trick led in suit ``led``.

    ``follow="suit"`` [S001 "РОЗЫГРЫШ"]: the cards of the suit led when any is held, else the
    whole hand. ``follow="suit_or_trump"`` [Foster's *Complete Hoyle*, 1897; Bicycle]: the cards
    of the suit led and the trumps when any of those is held, else the whole hand.

    >>> hand = [Card.parse(t) for t in ("2H", "9S", "KC")]
    >>> [str(c) for c in may_answer(hand, "H", "S", "suit")]
    ['2H']
    >>> [str(c) for c in may_answer(hand, "H", "S", "suit_or_trump")]
    ['2H', '9S']
    >>> [str(c) for c in may_answer(hand, "D", "S", "suit_or_trump")]
    ['9S']
    """
    if follow == "suit":
        allowed = [c for c in hand if c.suit == led]
    else:
        allowed = [c for c in hand if c.suit == led or c.suit == trump]
    return allowed or list(hand)


def score_deal(state: DealState) -> DealScore:
    """Score the cards won so far (a finished deal, or a hand-made part deal)."""
    trump = state.trump

    def holder(rank: int) -> int | None:
        card = Card(rank, trump)
        for seat in (0, 1):
            if card in state.won[seat]:
                return seat
        return None

    points = state.card_points()
    game = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return DealScore(high=holder(1), low=holder(2), jack=holder(11), game=game,
                     card_points=points)


def deal_packets(rules: JackRules, dealer: int) -> list[tuple[int, int]]:
    """The packets of a deal in order, ``(seat, cards)``: the dealer's opponent first, then
    alternately, ``deal_packet`` cards at a time, six each [S001 "СДАЧА"]."""
    order: list[tuple[int, int]] = []
    for _ in range(HAND_SIZE // rules.deal_packet):
        order += [(1 - dealer, rules.deal_packet), (dealer, rules.deal_packet)]
    return order


def deal(rules: JackRules, dealer: int, rng: random.Random) -> DealState:
    """Shuffle with ``rng`` (the match's own generator) and deal.

    California Jack: one shuffle; the packets from the top; the remaining 40 cards turned over
    (so the pack's bottom card becomes the stock's top), their top card naming trumps.
    Shasta Sam: one shuffle, the top card turned for trumps; a second shuffle (the turned card
    back in the pack); the packets; the rest face down, undisturbed.
    """
    if dealer not in (0, 1):
        raise PositionError(f"dealer must be 0 or 1, not {dealer!r}")
    pack = list(full_pack())
    rng.shuffle(pack)
    turned: Card | None = None
    if not rules.face_up_stock:
        turned = pack[0]
        rng.shuffle(pack)
    hands: list[list[Card]] = [[], []]
    at = 0
    for seat, size in deal_packets(rules, dealer):
        hands[seat] += pack[at:at + size]
        at += size
    rest = pack[at:]
    stock = tuple(reversed(rest)) if rules.face_up_stock else tuple(rest)
    trump_card = stock[0] if turned is None else turned
    return DealState(rules=rules, dealer=dealer, trump=trump_card.suit, trump_card=trump_card,
                     hands=(tuple(hands[0]), tuple(hands[1])), stock=stock, leader=1 - dealer)


def position(rules: JackRules, dealer: int, hands: Sequence[Sequence[Card]],
             stock: Sequence[Card] = (), *, trump_card: Card | None = None,
             won: Sequence[Sequence[Card]] = ((), ()), leader: int | None = None,
             public: Sequence[Sequence[Card]] = ((), ())) -> DealState:
    """A hand-made state (tests, puzzles): hands, stock (next card first), cards already won.

    Trumps are ``trump_card``'s suit, else (California Jack) the stock's top card's. The hands
    need equal sizes and the stock an even number of cards; the cards need not make a whole
    pack, but none may appear twice. ``leader`` defaults to the dealer's opponent.

    Raises:
        PositionError: a repeated card, unequal hands, an odd stock, no trump card, a public
            card not in its hand.
    """
    if dealer not in (0, 1):
        raise PositionError(f"dealer must be 0 or 1, not {dealer!r}")
    all_cards = [*hands[0], *hands[1], *stock, *won[0], *won[1]]
    if len(set(all_cards)) != len(all_cards):
        raise PositionError("a card appears twice")
    if len(hands) != 2 or len(hands[0]) != len(hands[1]):
        raise PositionError("two hands of equal size are needed")
    if len(stock) % 2:
        raise PositionError("the stock must hold an even number of cards")
    if trump_card is None:
        if not stock:
            raise PositionError("give trump_card when the stock is empty")
        trump_card = stock[0]
    for seat in (0, 1):
        if not set(public[seat]) <= set(hands[seat]):
            raise PositionError(f"public cards of seat {seat} are not all in its hand")
    return DealState(rules=rules, dealer=dealer, trump=trump_card.suit, trump_card=trump_card,
                     hands=(tuple(hands[0]), tuple(hands[1])), stock=tuple(stock),
                     leader=1 - dealer if leader is None else leader,
                     won=(tuple(won[0]), tuple(won[1])),
                     public=(frozenset(public[0]), frozenset(public[1])))


class Deal:
    """A deal in progress: the current :class:`DealState` and every earlier one (for undo).

    >>> from cassino_core.calijack.rules import CALIFORNIA_JACK
    >>> d = Deal(deal(CALIFORNIA_JACK, dealer=0, rng=random.Random(1)))
    >>> d.state.turn            # the dealer's opponent leads
    1
    >>> d.play(d.legal_plays()[0]); _ = d.undo(); len(d.history)
    1
    """

    def __init__(self, start: DealState) -> None:
        self.history: list[DealState] = [start]
        self.played: list[Card] = []

    @property
    def state(self) -> DealState:
        """The current state."""
        return self.history[-1]

    @property
    def finished(self) -> bool:
        """True once all 52 cards have been played."""
        return self.state.finished

    def legal_plays(self) -> list[Card]:
        """See :meth:`DealState.legal_plays`."""
        return self.state.legal_plays()

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play.

        Raises:
            IllegalMoveError: not legal now; nothing changes.
        """
        self.history.append(self.state.play(card))
        self.played.append(card)

    def undo(self) -> Card:
        """Take back the last card played and return it.

        Raises:
            IndexError: no card has been played in this deal.
        """
        if len(self.history) == 1:
            raise IndexError("no card has been played in this deal")
        self.history.pop()
        return self.played.pop()

    def score(self) -> DealScore:
        """The score of the cards won so far (the deal's score once finished)."""
        return score_deal(self.state)
