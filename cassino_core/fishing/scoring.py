"""Scoring categories of the fishing games [FAMILY.md §3 "Scoring categories"].

Each function takes the cards each *side* has captured (a side is a player or a partnership)
and returns the side that wins the category, or None. "Most" means strictly more than every
other side: a tie for the most scores nothing (Scopa: 20-20 cards, 5-5 coins [V]).

- :func:`most_cards`: the side with the most cards.
- :func:`most_of_suit`: the side with the most cards of one suit (Scopa's coins, Hurricane's
  hearts).
- :func:`holder_of`: the side holding a named card (the settebello 7♦, Hurricane's 7♥).
- :func:`primiera`: each side's best card in each suit by primiera value, added up; a side
  missing a suit has no total; the strictly highest total wins [V].
- :func:`napola`: A-2-3 of the coins suit scores 3, and 1 more for each further card of the
  unbroken sequence (Scopone [V], FAMILY.md §4.2).
- :func:`counted_score`: points carried by the cards, the most cards and bonuses from play
  (Pishti, Basra, Tablić: :class:`CountedScore`).

>>> from ..cards import parse_cards
>>> most_cards([parse_cards(["AS"] * 1), parse_cards(["2S", "3S"])])
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import SUITS, Card
from .pack import ITALIAN_RANKS, primiera_value

__all__ = ["CountedScore", "counted_points", "counted_score", "holder_of", "most", "most_cards",
           "most_of_suit", "napola", "napola_length", "primiera", "primiera_total"]


def most(counts: Sequence[int]) -> int | None:
    """The index of the strictly largest count, or None on a tie for the largest."""
    best = max(counts)
    leaders = [i for i, n in enumerate(counts) if n == best]
    return leaders[0] if len(leaders) == 1 else None


def most_cards(piles: Sequence[Sequence[Card]]) -> int | None:
    """The side that captured the most cards (strictly), or None."""
    return most([len(p) for p in piles])


def most_of_suit(piles: Sequence[Sequence[Card]], suit: str) -> int | None:
    """The side that captured the most cards of ``suit`` (strictly), or None."""
    return most([sum(1 for c in p if c.suit == suit) for p in piles])


def holder_of(piles: Sequence[Sequence[Card]], card: Card) -> int | None:
    """The side that captured ``card``, or None."""
    for side, pile in enumerate(piles):
        if card in pile:
            return side
    return None


def primiera_total(pile: Sequence[Card]) -> int | None:
    """The sum of the best primiera value in each of the four suits, or None when the pile
    misses a suit."""
    total = 0
    for suit in SUITS:
        values = [primiera_value(c) for c in pile if c.suit == suit]
        if not values:
            return None
        total += max(values)
    return total


def primiera(piles: Sequence[Sequence[Card]]) -> int | None:
    """The side with the strictly highest primiera total, or None (a tie, or no side with all
    four suits). A side missing a suit cannot win [FAMILY.md §4.1 [V]]."""
    totals = [primiera_total(p) for p in piles]
    if all(t is None for t in totals):
        return None
    return most([-1 if t is None else t for t in totals])


def napola_length(pile: Sequence[Card], suit: str) -> int:
    """The length of the unbroken run A, 2, 3, ... of ``suit`` in ``pile`` (0 to 10; the run
    follows the pack's order A-7, J, Q, K)."""
    held = {c.rank for c in pile if c.suit == suit}
    n = 0
    for rank in ITALIAN_RANKS:
        if rank not in held:
            break
        n += 1
    return n


def napola(piles: Sequence[Sequence[Card]], suit: str) -> tuple[int | None, int]:
    """``(side, points)`` for the napola of ``suit``: the side holding A-2-3 of it scores the
    run's length (3 for A-2-3, 1 more per further card in sequence); ``(None, 0)`` when no side
    holds A-2-3."""
    for side, pile in enumerate(piles):
        n = napola_length(pile, suit)
        if n >= 3:
            return side, n
    return None, 0


def counted_points(piles: Sequence[Sequence[Card]], worth: Mapping[Card, int]) -> list[int]:
    """Each side's total of the points its captured cards carry (Pishti and Basra: each jack
    and ace 1, 2♣ 2, 10♦ 3 [V]; ``worth`` maps each card that scores to its points, a card
    missing from it scores nothing).

    >>> from ..cards import parse_cards
    >>> counted_points([parse_cards(["TD", "5S"]), parse_cards(["2C"])], {Card.parse("TD"): 3,
    ...                Card.parse("2C"): 2})
    [3, 2]
    """
    return [sum(worth.get(c, 0) for c in pile) for pile in piles]


@dataclass(frozen=True, slots=True)
class CountedScore:
    """A round's points per side where captured cards carry points, the most cards score a
    fixed number and bonuses come from play (Pishti, Xeri, Basra [V: FAMILY.md §5.1-§5.3],
    Tablić and Tablanette [V: §5.4]).

    Attributes:
        card_counts: captured cards per side; most_cards: the side with strictly the most,
            or None (a tie for the most, such as 26-26, scores nothing).
        card_points: per side, the points its cards carry.
        bonuses: per side, the points of its bonuses (pişti, basra, tabla...); bonus_count:
            how many each made.
        most_points: what the most cards score (3 in these games).
        parts: the card points split by kind of card, ``(name, per side)`` each, in the order
            the game lists them (Tablić's aces, tens, courts, 10♦, 2♣: they add up to
            ``card_points``); empty when the game gives no split.
    """

    card_counts: tuple[int, ...]
    most_cards: int | None
    card_points: tuple[int, ...]
    bonuses: tuple[int, ...]
    bonus_count: tuple[int, ...]
    most_points: int = 3
    parts: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def points(self) -> tuple[int, ...]:
        """Points per side from this round."""
        return tuple(p + b + (self.most_points if side == self.most_cards else 0)
                     for side, (p, b) in enumerate(zip(self.card_points, self.bonuses,
                                                       strict=True)))

    def to_json(self) -> dict[str, Any]:
        """``{"card_counts", "most_cards", "card_points", "bonuses", "bonus_count",
        "points"}`` (lists per side; ``most_cards`` a side or null), with
        ``"card_point_parts": [{"name", "points": per side}, ...]`` when the game splits its
        card points (``parts``)."""
        out: dict[str, Any] = {
            "card_counts": list(self.card_counts), "most_cards": self.most_cards,
            "card_points": list(self.card_points), "bonuses": list(self.bonuses),
            "bonus_count": list(self.bonus_count), "points": list(self.points)}
        if self.parts:
            out["card_point_parts"] = [{"name": name, "points": list(points)}
                                       for name, points in self.parts]
        return out


def counted_score(rules: Any, piles: Sequence[Sequence[Card]],
                  bonuses: Sequence[tuple[int, int]], worth: Mapping[Card, int],
                  most_points: int = 3,
                  parts: Sequence[tuple[str, Mapping[Card, int]]] = ()) -> CountedScore:
    """Score the cards each side captured (``piles``, one per side) and the bonuses made
    (``(seat, points)`` each, the seat's side from ``rules.side_of``): :class:`CountedScore`.
    ``parts``: ``(name, worth)`` of each kind of counting card, when the game shows its card
    points split (their worths should add up to ``worth``; :data:`cassino_core.tablic.game.
    CARD_POINT_PARTS`).

    >>> from cassino_core.pishti.rules import PishtiRules
    >>> from ..cards import parse_cards
    >>> s = counted_score(PishtiRules(), [parse_cards(["TD", "5S"]), parse_cards(["2C"])],
    ...                   [(1, 10)], {Card.parse("TD"): 3})
    >>> s.points, s.bonus_count
    ((6, 10), (0, 1))
    """
    points = [0] * rules.sides
    count = [0] * rules.sides
    for seat, got in bonuses:
        points[rules.side_of(seat)] += got
        count[rules.side_of(seat)] += 1
    return CountedScore(card_counts=tuple(len(p) for p in piles),
                        most_cards=most([len(p) for p in piles]),
                        card_points=tuple(counted_points(piles, worth)),
                        bonuses=tuple(points), bonus_count=tuple(count),
                        most_points=most_points,
                        parts=tuple((name, tuple(counted_points(piles, part)))
                                    for name, part in parts))
