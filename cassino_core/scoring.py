"""Scoring a round: cards, spades, big and little casino, aces and sweeps, per side.

Standard values [PAG §12][FOS][S000][S002][S004]: most cards 3, most spades 1, big casino (10♦)
2, little casino (2♠) 1, each ace 1, each sweep 1 when sweeps are scored. "Most" means strictly
more than every other side; a tie scores nothing. Without sweeps a round is worth 11 points, or 8
when the cards tie 26-26.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .rules import Rules

BIG_CASINO = Card(10, "D")
LITTLE_CASINO = Card(2, "S")

CATEGORIES = ("cards", "spades", "big_casino", "little_casino", "aces", "sweeps")
"""Score categories in the traditional counting order [FOS][PAG][S004]."""


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's result for a round.

    Attributes:
        cards: number of cards captured.
        spades: number of spades captured.
        sweeps: sweeps made (before any cancelling).
        points: points per category (keys of :data:`CATEGORIES`).
    """

    cards: int
    spades: int
    sweeps: int
    points: dict[str, int]

    @property
    def total(self) -> int:
        """Points scored in the round."""
        return sum(self.points.values())

    def to_json(self) -> dict[str, Any]:
        """``{"cards", "spades", "sweeps", "points": {category: n}, "total"}``."""
        return {"cards": self.cards, "spades": self.spades, "sweeps": self.sweeps,
                "points": dict(self.points), "total": self.total}


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scores of all sides for one round, side 0 first."""

    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per side."""
        return tuple(s.total for s in self.sides)

    def to_json(self) -> dict[str, Any]:
        """``{"sides": [SideScore JSON, ...]}``."""
        return {"sides": [s.to_json() for s in self.sides]}


def _strict_leader(counts: Sequence[int]) -> int | None:
    best = max(counts)
    leaders = [i for i, n in enumerate(counts) if n == best]
    return leaders[0] if len(leaders) == 1 else None


def score_round(rules: Rules, piles: Sequence[Sequence[Card]], sweeps: Sequence[int]) -> RoundScore:
    """Score a finished round.

    Args:
        rules: the rules in force (sweep scoring, Portuguese tie-break).
        piles: captured cards per side.
        sweeps: sweeps made per side.

    Returns:
        The per-side breakdown. Sweeps score per ``rules.sweeps``: ``"one"`` 1 each, ``"two"``
        2 each (Michigan [WIKI]), ``"off"`` nothing, ``"cancel"`` the surplus over the best
        other side, 1 each [FOS][DICK94]. With ``rules.portuguese_tiebreak`` a tie for most cards
        goes to the side with most spades [WIKI §Portuguese].
    """
    n = len(piles)
    cards = [len(p) for p in piles]
    spades = [sum(1 for c in p if c.suit == "S") for p in piles]
    points = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
    most_cards = _strict_leader(cards)
    most_spades = _strict_leader(spades)
    if most_cards is not None:
        points[most_cards]["cards"] = 3
    elif rules.portuguese_tiebreak and most_spades is not None:
        points[most_spades]["cards"] = 3
    if most_spades is not None:
        points[most_spades]["spades"] = 1
    for side, pile in enumerate(piles):
        held = set(pile)
        points[side]["big_casino"] = 2 if BIG_CASINO in held else 0
        points[side]["little_casino"] = 1 if LITTLE_CASINO in held else 0
        points[side]["aces"] = sum(1 for c in pile if c.rank == 1)
        made = sweeps[side]
        if rules.sweeps == "one":
            points[side]["sweeps"] = made
        elif rules.sweeps == "two":
            points[side]["sweeps"] = 2 * made
        elif rules.sweeps == "cancel":
            best_other = max((sweeps[o] for o in range(n) if o != side), default=0)
            points[side]["sweeps"] = max(0, made - best_other)
    return RoundScore(tuple(SideScore(cards[i], spades[i], sweeps[i], points[i])
                            for i in range(n)))
