"""Cirulla's count of a round [FAMILY.md §4.7 [V]].

Scopa's points (:func:`cassino_core.scopa.game.score_round`'s categories: most cards, most
diamonds, the settebello 7♦, primiera, 1 per scopa), and:

- **grande**: the J Q K of diamonds score 5; with the 6♦ as well 6, and with the 6♦ and the 7♦
  7 (:func:`grande_points`);
- **piccola**: the A 2 3 of diamonds score 3; with the 4♦ as well 4, and with the 4♦ and the
  5♦ 5 (:func:`piccola_points`);
- the declarations made during the round (:mod:`cassino_core.cirulla.game`), each for the
  declaring seat's side;
- **cappotto**: a side that took all ten diamonds wins the match outright (the match:
  :mod:`cassino_core.cirulla.match`).

Our reading of the extensions follows FAMILY.md §4.7's test position 5: ``JD QD KD 6D`` makes
grande 6, so the 6♦ extends the grande on its own and the 7♦ only after it; ``AD 2D 3D 5D``
makes piccola 3, the sequence breaking at the missing 4♦.

>>> from cassino_core.cards import parse_cards
>>> grande_points(parse_cards(["JD", "QD", "KD", "6D"]))
6
>>> piccola_points(parse_cards(["AD", "2D", "3D", "5D"]))
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..cards import Card
from ..fishing.scoring import holder_of, most, primiera, primiera_total
from ..scopa.game import RoundScore, RoundState
from .rules import CirullaRules

__all__ = ["CirullaScore", "grande_points", "piccola_points", "score_cirulla"]

SUIT: Final = "D"
GRANDE: Final = (11, 12, 13)
GRANDE_MORE: Final = (6, 7)
PICCOLA: Final = (1, 2, 3)
PICCOLA_MORE: Final = (4, 5)


def _run(pile: Sequence[Card], base: tuple[int, ...], more: tuple[int, ...]) -> int:
    ranks = {c.rank for c in pile if c.suit == SUIT}
    if not all(r in ranks for r in base):
        return 0
    points = len(base) + (2 if base == GRANDE else 0)
    for rank in more:
        if rank not in ranks:
            break
        points += 1
    return points


def grande_points(pile: Sequence[Card]) -> int:
    """The grande ``pile`` holds: 0, or 5, 6, 7 (module docstring)."""
    return _run(pile, GRANDE, GRANDE_MORE)


def piccola_points(pile: Sequence[Card]) -> int:
    """The piccola ``pile`` holds: 0, or 3, 4, 5 (module docstring)."""
    return _run(pile, PICCOLA, PICCOLA_MORE)


def _holder(points: Sequence[int]) -> tuple[int | None, int]:
    for side, n in enumerate(points):
        if n:
            return side, n
    return None, 0


@dataclass(frozen=True, slots=True)
class CirullaScore(RoundScore):
    """A finished round's points per side: Scopa's fields (``coins`` the diamonds,
    ``settebello`` the 7♦; ``napola`` never scored) and:

    Attributes:
        grande, piccola: ``(side, points)``, ``(None, 0)`` when no side holds one.
        declared: declaration points per side; declared_order: the side of each
            declaration point in the order made.
        cappotto: the side that took all ten diamonds (wins the match), or None.
    """

    grande: tuple[int | None, int] = (None, 0)
    piccola: tuple[int | None, int] = (None, 0)
    declared: tuple[int, ...] = ()
    declared_order: tuple[int, ...] = ()
    cappotto: int | None = None

    def in_order(self) -> list[int]:
        """The side of every point, one entry per point: cards, diamonds, settebello,
        primiera, grande, piccola, scope, declarations (the match's tie-break order; ours
        [I])."""
        out = [s for s in (self.cards, self.coins, self.settebello, self.primiera)
               if s is not None]
        for side, n in (self.grande, self.piccola):
            if side is not None:
                out += [side] * n
        return out + list(self.sweep_order) + list(self.declared_order)

    def to_json(self) -> dict[str, Any]:
        """Scopa's score JSON with ``grande`` and ``piccola`` (``{"side", "points"}``),
        ``declared`` (points per side) and ``cappotto`` (side or null)."""
        out: dict[str, Any] = RoundScore.to_json(self)
        out.pop("napola", None)
        out.update({"grande": {"side": self.grande[0], "points": self.grande[1]},
                    "piccola": {"side": self.piccola[0], "points": self.piccola[1]},
                    "declared": list(self.declared), "cappotto": self.cappotto})
        return out


def score_cirulla(state: RoundState) -> CirullaScore:
    """Score the cards captured so far and the declarations made (a finished round, or a
    hand-made part round)."""
    rules = state.rules
    assert isinstance(rules, CirullaRules)
    piles = state.side_piles()
    coin_counts = tuple(sum(1 for c in p if c.suit == SUIT) for p in piles)
    declared = [0] * rules.sides
    declared_order: list[int] = []
    for d in getattr(state, "declared", ()):
        side = rules.side_of(d.seat)
        declared[side] += d.points
        declared_order += [side] * d.points
    cappotto = next((side for side, n in enumerate(coin_counts) if n == 10), None)
    return CirullaScore(
        cards=most([len(p) for p in piles]), coins=most(coin_counts),
        settebello=holder_of(piles, rules.special_card), primiera=primiera(piles),
        napola=(None, 0), sweeps=tuple(state.side_sweeps()),
        sweep_order=tuple(rules.side_of(s) for s in state.sweeps),
        card_counts=tuple(len(p) for p in piles), coin_counts=coin_counts,
        primiera_totals=tuple(primiera_total(p) for p in piles),
        grande=_holder([grande_points(p) for p in piles]),
        piccola=_holder([piccola_points(p) for p in piles]),
        declared=tuple(declared), declared_order=tuple(declared_order), cappotto=cappotto)
