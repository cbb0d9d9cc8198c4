"""Playing cards, their compact text form, and seeded shuffling.

A card is written with two characters, rank then suit: ``AS 2S ... 9S TS JS QS KS`` with suits
``S H D C`` (``TD`` is the ten of diamonds, big casino; ``2S`` the two of spades, little casino).
On input ``10D``, ``10♦``, lower case and the suit symbols ``♠ ♥ ♦ ♣`` are accepted too.

>>> Card.parse("10♦")
Card.parse('TD')
>>> str(Card.parse("2s"))
'2S'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from .errors import Refusal

SUITS: Final = "SHDC"
"""Suit letters in the order used for sorting: spades, hearts, diamonds, clubs."""

RANK_LETTERS: Final = "A23456789TJQK"
"""Rank letters for ranks 1 (ace) to 13 (king)."""

_SUIT_ALIASES: Final = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}

RANK_NAMES: Final = (
    "", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King",
)
SUIT_NAMES: Final = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13


class CardError(Refusal):
    """Raised when a text does not name a card (for example ``"1X"`` or ``"11S"``)."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card of the 52-card pack.

    Attributes:
        rank: 1 (ace) to 13 (king); 11, 12, 13 are jack, queen, king.
        suit: one of ``"S" "H" "D" "C"``.

    Cards sort by rank, then suit in ``SHDC`` order (the dataclass order on ``(rank, suit)`` sorts
    suits alphabetically; :func:`sort_key` gives the display order).
    """

    rank: int
    suit: str
    index: int = field(init=False, repr=False, compare=False)
    """Position in display order, 0 (ace of spades) to 51 (king of clubs); also the hash."""

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13) or self.suit not in SUITS:
            raise CardError.of("not_a_card", text=f"{self.rank}{self.suit}")
        # Cards are hashed very often in move generation: keep the hash a stored small int.
        object.__setattr__(self, "index", (self.rank - 1) * 4 + SUITS.index(self.suit))

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text such as ``"TD"``, ``"10D"``, ``"10♦"``, ``"qh"``.

        Raises:
            CardError: the text does not name exactly one card.
        """
        if not isinstance(text, str):
            raise CardError.of("card_not_text")
        raw = text.strip()
        # Only ASCII and the suit symbols: str.upper() maps other letters onto S H D C
        # (the long s, U+017F, becomes "S").
        if not all(ch.isascii() or ch in _SUIT_ALIASES for ch in raw):
            raise CardError.of("not_a_card", text=text)
        raw = raw.upper()
        if len(raw) < 2 or len(raw) > 3:
            raise CardError.of("not_a_card", text=text)
        rank_text, suit_text = raw[:-1], raw[-1]
        suit = _SUIT_ALIASES.get(suit_text, suit_text)
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANK_LETTERS or suit not in SUITS:
            raise CardError.of("not_a_card", text=text)
        return cls(RANK_LETTERS.index(rank_text) + 1, suit)

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def is_court(self) -> bool:
        """True for jacks, queens and kings."""
        return self.rank >= JACK

    @property
    def name(self) -> str:
        """English name such as ``"Ten of Diamonds"`` (for logs and tests; the page translates)."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


def sort_key(card: Card) -> int:
    """Display order: by rank, then spades, hearts, diamonds, clubs."""
    return card.index


def full_pack() -> tuple[Card, ...]:
    """The 52 cards in a fixed order: suits ``SHDC``, each from ace to king."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def shuffled_pack(rng: random.Random) -> list[Card]:
    """The 52 cards shuffled with ``rng`` (the game's own generator, never the global one).

    ``random.Random(seed).shuffle`` is the same algorithm in CPython 3.11 and in Pyodide's
    Python, so a seed deals the same cards in both (checked by the Pyodide tests).
    """
    pack = list(full_pack())
    rng.shuffle(pack)
    return pack


def parse_cards(texts: object) -> list[Card]:
    """Read a list of card texts; ``texts`` may be a list of strings or one space-separated string.

    Raises:
        CardError: an entry is not a card, or the same card appears twice.
    """
    if isinstance(texts, str):
        items: list[object] = list(texts.split())
    elif isinstance(texts, (list, tuple)):
        items = list(texts)
    else:
        raise CardError.of("cards_not_list")
    cards = [Card.parse(t) if isinstance(t, str) else _not_text(t) for t in items]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError.of("card_twice", card=str(card))
        seen.add(card)
    return cards


def _not_text(value: object) -> Card:
    raise CardError.of("card_not_text")


def cards_text(cards: object) -> str:
    """Space-separated text of cards in display order, e.g. ``"3C 4D"``."""
    assert isinstance(cards, (list, tuple, set, frozenset))
    return " ".join(str(c) for c in sorted(cards, key=sort_key))
