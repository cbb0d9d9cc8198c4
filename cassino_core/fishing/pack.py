"""The 40-card Italian pack and its capture values [FAMILY.md §3 "Deck builder", §4.1 [V]].

The pack is the 52-card French pack without eights, nines and tens; the courts keep their
letters and count J (Fante) 8, Q (Cavallo or Donna) 9, K (Re) 10. The Italian suits are written
with the usual French stand-ins: coins (denari) ``D``, cups (coppe) ``H``, swords (spade) ``S``,
batons (bastoni) ``C`` [FAMILY.md §0].

>>> len(italian_pack()), capture_value(Card.parse("QS")), str(ITALIAN_SUIT_NAMES["D"])
(40, 9, 'coins')
"""

from __future__ import annotations

from typing import Final

from ..cards import SUITS, Card

__all__ = ["ITALIAN_RANKS", "ITALIAN_SUIT_NAMES", "PRIMIERA", "Card", "capture_value",
           "card_of_value", "italian_pack", "primiera_value"]

ITALIAN_RANKS: Final = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
"""The ranks kept in the 40-card pack: ace to seven, jack, queen, king."""

ITALIAN_SUIT_NAMES: Final = {"D": "coins", "H": "cups", "S": "swords", "C": "batons"}
"""The Italian suit each French stand-in letter means [FAMILY.md §0]."""

_VALUE: Final = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 11: 8, 12: 9, 13: 10}

PRIMIERA: Final = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 11: 10, 12: 10, 13: 10}
"""Primiera values by rank: 7 21, 6 18, A 16, 5 15, 4 14, 3 13, 2 12, courts 10 [FAMILY.md
§4.1 "Primiera" [V], Parlett]."""

_PACK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in ITALIAN_RANKS)


def italian_pack() -> tuple[Card, ...]:
    """The 40 cards in a fixed order: suits ``SHDC``, each ace to seven then J, Q, K."""
    return _PACK


def capture_value(card: Card) -> int:
    """The card's value for capturing: A 1, 2-7 at face value, J 8, Q 9, K 10.

    Raises:
        KeyError: an 8, 9 or 10, which the 40-card pack does not hold.
    """
    return _VALUE[card.rank]


def card_of_value(value: int, suit: str) -> Card:
    """The card of capture value ``value`` (1-10) in ``suit`` (``card_of_value(8, "S")`` is
    ``JS``)."""
    rank = value if value <= 7 else value + 3
    return Card(rank, suit)


def primiera_value(card: Card) -> int:
    """The card's primiera value (:data:`PRIMIERA`)."""
    return PRIMIERA[card.rank]
