"""Deal schedules: cards to the table at the start, then packets to every player until the
pack is used up [FAMILY.md §3 "Deal patterns"].

A round deals the whole pack in several *deals*: the first puts ``table`` cards face up (in
Scopa 4 [V]) and gives each player ``hand`` cards; each later deal gives ``hand`` cards each and
nothing to the table. Play starts at the dealer's next seat and goes round; anticlockwise
play in Italy is only a matter of drawing (FAMILY.md §3 "Seating").

>>> deals_in_round(40, players=2, hand=3, table=4), deals_in_round(40, 4, 10, 0)
(6, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card

__all__ = ["DealError", "deal_hands", "deals_in_round", "shuffled"]


class DealError(ValueError):
    """A pack, hand size and table size that do not deal out evenly."""


def deals_in_round(pack: int, players: int, hand: int, table: int) -> int:
    """How many deals use up a pack of ``pack`` cards.

    Raises:
        DealError: the cards left after the table do not divide into whole deals.
    """
    rest = pack - table
    each = players * hand
    if each <= 0 or rest <= 0 or rest % each:
        raise DealError(f"{pack} cards do not deal out to {players} players {hand} at a time "
                        f"with {table} on the table")
    return rest // each


def shuffled(pack: Sequence[Card], rng: random.Random) -> list[Card]:
    """``pack`` shuffled with ``rng`` (the game's own generator, the same in CPython and
    Pyodide)."""
    cards = list(pack)
    rng.shuffle(cards)
    return cards


def deal_hands(stock: Sequence[Card], players: int, hand: int,
               first: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``hand`` cards to each of ``players`` from the top of ``stock`` (its first card),
    one packet per player starting at seat ``first``; returns ``(hands by seat, the rest)``.

    Raises:
        DealError: the stock holds too few cards.
    """
    if len(stock) < players * hand:
        raise DealError(f"the stock holds {len(stock)} cards, {players * hand} are needed")
    hands: list[tuple[Card, ...]] = [()] * players
    at = 0
    for i in range(players):
        seat = (first + i) % players
        hands[seat] = tuple(stock[at:at + hand])
        at += hand
    return tuple(hands), tuple(stock[at:])
