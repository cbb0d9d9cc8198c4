"""The intermediate player's estimates in California Jack and Shasta Sam: what a card is worth
to hold and to win, the chance a lead wins, and what leading or answering with a card is worth,
in match points (one point for each of high, low, jack and game).

The intermediate (:class:`~cassino_core.calijack.players.IntermediatePlayer`) plays the card
these rank first; the expert's playouts read the same figures
(:func:`~cassino_core.calijack.players.tables`), and its model of the other seat's play
(:mod:`~cassino_core.calijack.infer`) asks how these rank the cards a sampled deal says the
other seat held. Scoring: a point each to the takers of the ace, two and jack of trumps, one
for game (the most card points; none on a tie) [S001 "ПОДСЧЁТ ОЧКОВ"].
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..cards import Card
from ..fishing.players import chance_any
from .cards import beats, card_points, power
from .view import JackView

AVERAGE_REPLY: Final = 0.1
"""What an average reply to a lead is worth to the trick's winner, in match points."""
POINT_WEIGHT: Final = 0.035
"""Match points per card point, roughly: a lead of 10 card points moves "game" noticeably."""


def spending(card: Card, trump: str, stock: bool) -> float:
    """What playing ``card`` spends of the hand, in match points: its worth to hold
    (:func:`holding_worth`), weighed 0.6 while the ``stock`` lasts (the hand is refilled and
    the card would have served later) and 0.3 once it is gone."""
    return holding_worth(card, trump) * (0.6 if stock else 0.3)


def is_honour(card: Card, trump: str) -> bool:
    """True for the ace, two and jack of trumps (each worth a point to its taker)."""
    return card.suit == trump and card.rank in (1, 2, 11)


def stake(card: Card, trump: str) -> float:
    """What winning ``card`` in a trick is worth, in match points: 1 for high, low or jack of
    trumps, plus its card points toward game."""
    return (1.0 if is_honour(card, trump) else 0.0) + POINT_WEIGHT * card_points(card)


def holding_worth(card: Card, trump: str) -> float:
    """Rough worth of holding ``card`` for the tricks to come (its power and what it brings)."""
    if card.suit == trump:
        worth = 0.25 + 0.04 * power(card)
        if card.rank == 1:
            worth += 1.0  # high can never be lost
        elif card.rank == 11:
            worth += 0.6
        elif card.rank == 2:
            worth += 0.3
        return worth
    return {14: 0.35, 13: 0.2, 12: 0.1, 10: 0.25}.get(power(card), 0.03)


def _beaters(card: Card, trump: str, cards: list[Card]) -> tuple[int, int]:
    """How many of ``cards`` beat ``card`` as a lead by suit, and how many are trumps that beat
    it by trumping (only when ``card`` is not a trump)."""
    suit = sum(1 for c in cards if c.suit == card.suit and power(c) > power(card))
    trumps = 0 if card.suit == trump else sum(1 for c in cards if c.suit == trump)
    return suit, trumps


_chance_any = lru_cache(maxsize=65536)(chance_any)
""":func:`~cassino_core.fishing.players.chance_any` remembered (the sampler's model of play
asks the same few counts again and again)."""


def lead_win_chance(view: JackView, card: Card) -> float:
    """Estimated chance that ``card`` led now wins the trick (card counting: only cards the seat
    has not seen, or knows in the other hand, can beat it; a trump can beat it when the other
    seat is void in its suit or, under ``follow="suit_or_trump"``, always)."""
    trump = view.trump
    known = list(view.known[view.opponent])
    suit_k, trump_k = _beaters(card, trump, known)
    if suit_k:
        return 0.05
    unseen = view.unseen()
    hidden = view.hand_counts[view.opponent] - len(known)
    suit_u, trump_u = _beaters(card, trump, unseen)
    if trump_k and card.suit != trump:
        trump_u = -1  # a known trump: sure to trump a void suit
    same_suit = (-1 if any(c.suit == card.suit for c in known)
                 else sum(1 for c in unseen if c.suit == card.suit))
    return win_chance(len(unseen), hidden, suit_u, trump_u, same_suit,
                      card.suit == trump, view.rules.follow == "suit_or_trump")


def win_chance(pool: int, hidden: int, suit_beaters: int, trump_beaters: int, same_suit: int,
               is_trump: bool, or_trump: bool) -> float:
    """The chance a card led wins, from counts of the cards the leader cannot place: ``pool``
    of them, ``hidden`` in the other hand; ``suit_beaters`` of them beat it in its suit,
    ``trump_beaters`` are trumps (-1: the other hand surely holds one), ``same_suit`` are of
    its suit (-1: the other hand surely holds one, so it cannot trump). ``is_trump``: the card
    is a trump; ``or_trump``: a trump may answer any lead [Foster's Hoyle]. The card loses
    when a hidden card beats it in its suit, or when the other hand may trump (void in the
    suit, or always under ``or_trump``) and holds a trump."""
    p_suit = _chance_any(pool, hidden, suit_beaters)
    if is_trump:
        p_void = 0.0
    elif or_trump:
        p_void = 1.0
    elif same_suit < 0:
        p_void = 0.0
    else:
        p_void = 1.0 - _chance_any(pool, hidden, same_suit)
    p_trump = p_void * (1.0 if trump_beaters < 0 else _chance_any(pool, hidden, trump_beaters))
    return max(0.0, 1.0 - p_suit - (1.0 - p_suit) * p_trump)


def lead_value(card: Card, trump: str, stock: bool, edge: float, win: float) -> float:
    """The intermediate's estimate (match points, for the leader) of leading ``card`` with
    chance ``win`` of winning the trick (:func:`lead_win_chance`): the card's stake, an
    average reply's worth and ``edge`` won or lost, less what it spends of the hand (more
    when it is likely to be lost, and while the ``stock`` lasts)."""
    spend = spending(card, trump, stock)
    return lead_estimate(stake(card, trump) + AVERAGE_REPLY + edge, spend, win)


def lead_estimate(at_stake: float, spend: float, win: float) -> float:
    """:func:`lead_value` from its parts: ``at_stake`` (the card's stake, an average reply's
    worth and the draw's edge), won with chance ``win`` and lost otherwise, less ``spend``
    (the card's worth to hold, times 0.6 while the stock lasts, else 0.3), counted half when
    the trick is won and whole when it is lost."""
    return win * at_stake - (1 - win) * at_stake - spend * (0.5 + 0.5 * (1 - win))


def average_draw(view: JackView) -> float:
    """What an unseen card (the visible stock top aside) is worth to hold, on average
    (:func:`holding_worth`; 0 when none is unseen)."""
    unseen = [c for c in view.unseen() if c != view.stock_top]
    if not unseen:
        return 0.0
    return sum(holding_worth(c, view.trump) for c in unseen) / len(unseen)


def draw_edge(view: JackView) -> float:
    """What winning the current trick is worth through the stock: the visible top card against
    an average unseen card for the loser (California Jack), 0 when the stock is face down or
    empty."""
    if view.stock_top is None:
        return 0.0
    return holding_worth(view.stock_top, view.trump) - average_draw(view)


def reply_value(led: Card, card: Card, trump: str, stock: bool, edge: float) -> float:
    """The intermediate's estimate (match points, for the seat answering) of answering ``led``
    with ``card``: the trick's stake (:func:`stake` of both cards) won or lost, ``edge``
    (:func:`draw_edge`) won or lost with it, less what playing ``card`` spends of the hand
    (:func:`holding_worth`, weighed more while the ``stock`` lasts and less for a losing card).
    The expert's model of the other seat's answers reads it too
    (:func:`~cassino_core.calijack.infer.answers`)."""
    spend = spending(card, trump, stock)
    at_stake = stake(led, trump) + stake(card, trump)
    if beats(card, led, trump):
        return at_stake + edge - spend
    return -at_stake - edge - 0.3 * spend
