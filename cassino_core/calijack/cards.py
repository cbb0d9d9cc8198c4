"""Card facts of the California Jack family: rank order, card points and the point cards.

The pack and the card notation are :mod:`cassino_core.cards` (``"TS"`` is the ten of spades).
Ranks run ace (high), king, queen, jack, ten down to two [S001 "КОЛОДА"]. Card points count for
"game": ten 10, ace 4, king 3, queen 2, jack 1, the rest 0; the pack holds 80 [S001 "ПОДСЧЁТ
ОЧКОВ"].

>>> from cassino_core.cards import Card
>>> power(Card.parse("AS")) > power(Card.parse("KS")) > power(Card.parse("TS"))
True
>>> sum(card_points(c) for c in full_pack())
80
"""

from __future__ import annotations

from typing import Final

from ..cards import JACK, Card, full_pack

__all__ = ["GAME_POINTS_TOTAL", "beats", "card_points", "full_pack", "power", "sort_cards"]

_POINTS: Final = {10: 10, 1: 4, 13: 3, 12: 2, JACK: 1}

GAME_POINTS_TOTAL: Final = 80
"""Card points in the whole pack [S001]."""


def power(card: Card) -> int:
    """Trick-taking strength within a suit: two is 2, ..., king 13, ace 14 (ace high)."""
    return 14 if card.rank == 1 else card.rank


def card_points(card: Card) -> int:
    """Points the card counts toward "game": T 10, A 4, K 3, Q 2, J 1, else 0 [S001]."""
    return _POINTS.get(card.rank, 0)


def beats(card: Card, other: Card, trump: str) -> bool:
    """True when ``card``, played second, wins a trick led with ``other`` [S001 "РОЗЫГРЫШ"]:
    a higher card of the suit led, or a trump on a non-trump lead."""
    if card.suit == other.suit:
        return power(card) > power(other)
    return card.suit == trump


def sort_cards(cards: object, trump: str | None = None) -> list[Card]:
    """Cards for display: by suit (trumps first when given, then S H D C), high to low."""
    assert isinstance(cards, (list, tuple, set, frozenset))
    order = "SHDC" if trump is None else trump + "SHDC".replace(trump, "")
    return sorted(cards, key=lambda c: (order.index(c.suit), -power(c)))
