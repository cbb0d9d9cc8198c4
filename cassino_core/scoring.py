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

JACK_OF_SPADES = Card(11, "S")
ACE_OF_SPADES = Card(1, "S")
SEVEN_OF_DIAMONDS = Card(7, "D")

CATEGORIES = ("cards", "spades", "big_casino", "little_casino", "aces", "sweeps")
"""Score categories of the standard count, in the traditional counting order [FOS][PAG][S004]."""

SCHEME_CATEGORIES: dict[str, tuple[str, ...]] = {
    "standard": CATEGORIES,
    "spade24": ("cards", "big_casino", "little_casino", "aces", "spade_cards",
                "jack_of_spades", "sweeps"),
    "spade25": ("cards", "spades", "big_casino", "little_casino", "aces", "spade_cards",
                "jack_of_spades", "sweeps"),
    "spade26": ("cards", "spades", "big_casino", "aces", "spade_cards", "sweeps"),
    "diamond": ("cards", "diamonds", "seven_of_diamonds", "four_of_a_kind", "sweeps"),
    "finnish": CATEGORIES,
}
"""The categories each scoring scheme counts, in counting order (``penalties`` is added under
Michigan rules, ``last_capture`` with ``Rules.last_capture_point``)."""

ROUND_POINTS: dict[str, int] = {"standard": 11, "spade24": 24, "spade25": 25, "spade26": 26,
                                "finnish": 10}
"""Points a round is worth without sweeps, penalties or ties (Diamond varies with the sets
made)."""


MOST_POINTS: dict[str, dict[str, int]] = {
    "standard": {"cards": 3, "spades": 1},
    "spade24": {"cards": 3},
    "spade25": {"cards": 3, "spades": 1},
    "spade26": {"cards": 3, "spades": 1},
    "diamond": {"cards": 1, "diamonds": 1},
    "finnish": {"cards": 1, "spades": 2},
}
"""Per scheme, the "most" categories (won by the side with strictly the most) and their
points: cards 3, spades 1 [PAG §12]; Diamond 1 and 1 [OST]; Finnish 1 and 2 (FAMILY.md
§5.12)."""


def scheme_categories(rules: Rules) -> tuple[str, ...]:
    """The categories a round is scored in under ``rules``, in counting order: the scheme's
    (:data:`SCHEME_CATEGORIES`), then ``last_capture`` (``rules.last_capture_point``) and
    ``penalties`` (Michigan)."""
    return SCHEME_CATEGORIES[rules.scoring] + (
        ("last_capture",) if rules.last_capture_point else ()) + (
        ("penalties",) if rules.builder_restriction == "penalty" else ())


def is_point_card(rules: Rules, card: Card) -> bool:
    """Whether ``card`` scores by itself under ``rules.scoring``: aces and the casinos in the
    standard count; every spade besides in Spade Cassino; the 7 of diamonds in Diamond."""
    if rules.scoring == "diamond":
        return card == SEVEN_OF_DIAMONDS
    if rules.scoring.startswith("spade") and card.suit == "S":
        return True
    return card.rank == 1 or card in (BIG_CASINO, LITTLE_CASINO)


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


def score_round(rules: Rules, piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
                penalties: Sequence[int] | None = None,
                last_capture: int | None = None) -> RoundScore:
    """Score a finished round.

    Args:
        rules: the rules in force (scoring scheme, sweep scoring, Portuguese tie-break).
        piles: captured cards per side.
        sweeps: sweeps made per side.
        penalties: builder's defaults per side (Michigan: 2 points each [S003]).
        last_capture: the side that made the round's last capture, or None; it scores 1 in
            ``last_capture`` under ``rules.last_capture_point`` (Swedish Kasino, FAMILY.md
            §5.12).

    Returns:
        The per-side breakdown, categories in :data:`SCHEME_CATEGORIES` order. "Most" is
        strictly more than every other side; a tie scores nothing [PAG §12][S000].

        - ``"standard"``: cards 3, spades 1, big casino 2, little casino 1, aces 1 each
          [PAG][FOS][S000][S002][S004]; with ``rules.portuguese_tiebreak`` a tie for cards goes
          to the side with most spades [WIKI].
        - ``"spade24"`` [FOS][PAG][S000]: cards 3, big casino 2, little casino 1, aces 1 each,
          every spade 1, the jack of spades 1 more: 24 a round.
        - ``"spade25"`` [WIKI/S003]: the standard 11, the jack of spades 2 and every other
          spade 1: 25 a round.
        - ``"spade26"`` [BIC]: cards 3, spades 1, big casino 2, aces 1 each, the ace, jack and
          two of spades 2 each and every other spade 1: 26 a round.
        - ``"diamond"`` [OST via SEC]: cards 1, diamonds 1, the 7 of diamonds 1, 2 for each
          complete set of four 7s, four 6s or four aces.
        - ``"finnish"`` (FAMILY.md §5.12: pagat Nordic Casino, korttipelit.net, fandom): most
          cards 1, most spades 2, big casino 2, little casino 1, aces 1 each: 10 a round.

        Sweeps score per ``rules.sweeps``: ``"one"`` 1 each, ``"two"`` 2 each (Michigan
        [WIKI]), ``"off"`` nothing, ``"cancel"`` the surplus over the best other side, 1 each
        [FOS][DICK94].
    """
    n = len(piles)
    scheme = rules.scoring
    cards = [len(p) for p in piles]
    spades = [sum(1 for c in p if c.suit == "S") for p in piles]
    names = scheme_categories(rules)
    most = MOST_POINTS[scheme]
    points = [dict.fromkeys(names, 0) for _ in range(n)]
    most_cards = _strict_leader(cards)
    most_spades = _strict_leader(spades)
    if scheme == "diamond":
        diamonds = [sum(1 for c in p if c.suit == "D") for p in piles]
        most_diamonds = _strict_leader(diamonds)
        if most_cards is not None:
            points[most_cards]["cards"] = 1
        if most_diamonds is not None:
            points[most_diamonds]["diamonds"] = 1
    else:
        cards_points = most["cards"]
        if most_cards is not None:
            points[most_cards]["cards"] = cards_points
        elif rules.portuguese_tiebreak and most_spades is not None:
            points[most_spades]["cards"] = cards_points
        if most_spades is not None and "spades" in names:
            points[most_spades]["spades"] = most["spades"]
    for side, pile in enumerate(piles):
        held = set(pile)
        mine = points[side]
        if scheme == "diamond":
            mine["seven_of_diamonds"] = 1 if SEVEN_OF_DIAMONDS in held else 0
            ranks = [c.rank for c in pile]
            mine["four_of_a_kind"] = 2 * sum(1 for r in (1, 6, 7) if ranks.count(r) == 4)
        else:
            mine["big_casino"] = 2 if BIG_CASINO in held else 0
            mine["aces"] = sum(1 for c in pile if c.rank == 1)
            if "little_casino" in names:
                mine["little_casino"] = 1 if LITTLE_CASINO in held else 0
            if scheme == "spade24":
                mine["spade_cards"] = spades[side]
                mine["jack_of_spades"] = 1 if JACK_OF_SPADES in held else 0
            elif scheme == "spade25":
                mine["spade_cards"] = spades[side] - (JACK_OF_SPADES in held)
                mine["jack_of_spades"] = 2 if JACK_OF_SPADES in held else 0
            elif scheme == "spade26":
                doubles = sum(1 for c in (ACE_OF_SPADES, JACK_OF_SPADES, LITTLE_CASINO)
                              if c in held)
                mine["spade_cards"] = spades[side] + doubles
        made = sweeps[side]
        if rules.sweeps == "one":
            mine["sweeps"] = made
        elif rules.sweeps == "two":
            mine["sweeps"] = 2 * made
        elif rules.sweeps == "cancel":
            best_other = max((sweeps[o] for o in range(n) if o != side), default=0)
            mine["sweeps"] = max(0, made - best_other)
        if rules.last_capture_point:
            mine["last_capture"] = 1 if last_capture == side else 0
        if "penalties" in names and penalties is not None:
            mine["penalties"] = -2 * penalties[side]
    return RoundScore(tuple(SideScore(cards[i], spades[i], sweeps[i], points[i])
                            for i in range(n)))
