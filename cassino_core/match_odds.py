"""The match score in the expert's evaluation: a round's points as a chance of winning the match.

Issue 16 asks the expert to weigh the match score: play safe when ahead near the target, take
risks when behind. Points early in a match are worth about the same whatever the score; near
the target what counts is whether a side gets there first (or, reaching it together, with the
higher total [PAG §13][S004]). :class:`MatchOdds` turns a position of the round being played
into the chance that a side wins the match, from the match totals before the round, under a
simple model of the points still to be decided:

- each point card not taken yet (aces 1, big casino 2, little casino 1 [PAG §12]) goes to
  either side with even odds;
- most cards (3) and most spades (1) go to a side with the chance the expert already uses for
  them (:func:`~cassino_core.playout_policy.standard_parts`: a logistic curve of the lead and
  the cards left), nobody taking them on a tie;
- sweeps still to come are not counted.

The rounds after this one follow the same model from an empty pile (:func:`win_chances`). It is
a model for the search's evaluation, not a forecast: it knows nothing of the players' skill.

Where it applies (:func:`applies`): two sides (two players, or four in partnerships), the
standard count, and a match to a target whose rounds add their own totals: not difference
scoring, the Dominican end game, claiming out, sudden death, carried ties or the count-out
tie-break, each of which decides the match another way; the expert keeps its round margin there.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from .playout import Playout
from .playout_policy import _ACES, _BIG, _LITTLE, MAJORITY_CURVE, Curve, standard_parts
from .rules import Rules

MARGIN_WEIGHT = 0.02
"""What a point of round margin adds to a value, besides the match chance: it keeps the expert
taking points when the match's outcome no longer depends on them (already won or lost)."""


def applies(rules: Rules) -> bool:
    """Whether :class:`MatchOdds` models the match of ``rules`` (see the module docstring)."""
    return (rules.sides == 2 and rules.scoring == "standard" and rules.game_end == "target"
            and rules.tie_break != "count_out" and not rules.difference_scoring
            and not rules.dominican_end and not rules.claiming and not rules.sudden_death
            and not rules.tie_carry and not rules.last_capture_point and rules.target > 0)


def _split(aces: int, big: int, little: int) -> tuple[float, ...]:
    """``chances[k]``: the chance that side 0 gets ``k`` points of the untaken point cards
    (``aces`` aces, ``big`` big casinos and ``little`` little casinos, each 0 or 1), every card
    going to either side with even odds."""
    out = [comb(aces, k) / 2 ** aces for k in range(aces + 1)]
    for worth, count in ((2, big), (1, little)):
        if count:
            grown = [0.0] * (len(out) + worth)
            for k, p in enumerate(out):
                grown[k] += p / 2
                grown[k + worth] += p / 2
            out = grown
    return tuple(out)


def _tie_chance(count: int) -> float:
    """The chance that ``count`` cards, each to either of two sides with even odds, split
    evenly."""
    return comb(count, count // 2) / 2 ** count if count % 2 == 0 else 0.0


@lru_cache(maxsize=16)
def win_chances(target: int, pack_cards: int, pack_spades: int,
                aces: int) -> tuple[tuple[float, ...], ...]:
    """``chances[a][b]``: the chance that side 0 wins a match to ``target`` from the totals
    ``a`` and ``b`` (both below it) at the start of a round, under the module's model: each of
    the ``aces`` aces and the two casinos goes to either side with even odds, most cards (3) and
    most spades (1) too, nobody taking them when the ``pack_cards`` cards or the ``pack_spades``
    spades split evenly. A side at or over the target with the higher total wins; equal totals
    there play another round (even odds) [PAG §13][S004]."""
    split = _split(aces, 1, 1)
    points = len(split) - 1
    cards_tie = _tie_chance(pack_cards)
    spades_tie = _tie_chance(pack_spades)
    outcomes: dict[tuple[int, int], float] = {}
    for k, pk in enumerate(split):
        for c0, c1, pc in ((3, 0, (1 - cards_tie) / 2), (0, 3, (1 - cards_tie) / 2),
                           (0, 0, cards_tie)):
            for s0, s1, ps in ((1, 0, (1 - spades_tie) / 2), (0, 1, (1 - spades_tie) / 2),
                               (0, 0, spades_tie)):
                p = pk * pc * ps
                if p:
                    key = (k + c0 + s0, points - k + c1 + s1)
                    outcomes[key] = outcomes.get(key, 0.0) + p
    rows = [[0.0] * target for _ in range(target)]
    # A round always gives some points (the point cards go to someone), so totals only grow:
    # fill the table from the highest totals down.
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(total, target - 1) + 1):
            b = total - a
            chance = 0.0
            for (x, y), p in outcomes.items():
                na, nb = a + x, b + y
                if na >= target or nb >= target:
                    chance += p * (1.0 if na > nb else 0.0 if na < nb else 0.5)
                else:
                    chance += p * rows[na][nb]
            rows[a][b] = chance
    return tuple(tuple(row) for row in rows)


def _parts(st: Playout, curves: tuple[Curve, Curve]) -> tuple[list[int], list[float],
                                                               list[float], int]:
    """:func:`~cassino_core.playout_policy.standard_parts` of ``st`` (two sides), and the mask
    of the point cards nobody has taken yet."""
    piles = st.side_piles()
    core = st.core
    sweeps = [0, 0]
    penalties = [0, 0]
    for seat in range(core.players):
        sweeps[core.side[seat]] += st.sweeps[seat]
        penalties[core.side[seat]] += st.penalties[seat]
    secured, cards, spades = standard_parts(st, piles, sweeps, penalties, curves)
    return secured, cards, spades, core.pack & (_ACES | _BIG | _LITTLE) & ~(piles[0] | piles[1])


class MatchOdds:
    """The chance of winning the match from positions of one round (see the module docstring).

    Args:
        rules: the rules in force; :func:`applies` must hold.
        target: the points that win (the view's ``target``).
        totals: the two sides' match totals before this round, side 0 first.
        curves: the chances of most cards and most spades
            (:data:`~cassino_core.playout_policy.Curve`).

    Raises:
        ValueError: the rules are not modelled (:func:`applies`), or ``totals`` is not two
            totals.
    """

    def __init__(self, rules: Rules, target: int, totals: tuple[int, ...],
                 curves: tuple[Curve, Curve] = (MAJORITY_CURVE, MAJORITY_CURVE)) -> None:
        if not applies(rules):
            raise ValueError(f"the match odds do not model the rules {rules.name!r}")
        if len(totals) != 2:
            raise ValueError(f"two match totals expected, got {len(totals)}")
        pack = rules.pack_cards()
        self.target = target
        self.curves = curves
        self.before = (totals[0], totals[1])
        self.chances = win_chances(target, len(pack), sum(1 for c in pack if c.suit == "S"),
                                   sum(1 for c in pack if c.rank == 1))
        early = self.chances[1][0] - self.chances[0][1] if target > 1 else 0.0
        self.scale = 1.0 / early if early > 1e-6 else 1.0
        """Makes one point early in a match worth about 1 (the round margin's unit)."""
        self._rows: dict[tuple[int, int, int], tuple[float, ...]] = {}

    def after(self, a: int, b: int) -> float:
        """Side 0's chance of winning with the totals ``a`` and ``b`` at the end of a round."""
        target = self.target
        if a >= target or b >= target:
            return 1.0 if a > b else 0.0 if a < b else 0.5
        return self.chances[a][b]

    def _row(self, a: int, b: int, untaken: int) -> tuple[float, ...]:
        """Side 0's chance from the totals ``a`` and ``b`` (points secured this round
        included) once the ``untaken`` point cards are shared out, for each way the two
        majorities go: (cards to 0, 1 or nobody) x (spades to 0, 1 or nobody), nine values."""
        key = (a, b, untaken)
        found = self._rows.get(key)
        if found is not None:
            return found
        split = _split((untaken & _ACES).bit_count(), bool(untaken & _BIG),
                       bool(untaken & _LITTLE))
        points = len(split) - 1
        row = []
        for c0, c1 in ((3, 0), (0, 3), (0, 0)):
            for s0, s1 in ((1, 0), (0, 1), (0, 0)):
                row.append(sum(p * self.after(a + k + c0 + s0, b + points - k + c1 + s1)
                               for k, p in enumerate(split)))
        found = self._rows[key] = tuple(row)
        return found

    def chance(self, st: Playout) -> float:
        """Side 0's chance of winning the match from ``st``, a position of this round on the
        playout core (exact once the round is over)."""
        return self._weigh(*_parts(st, self.curves))

    def _weigh(self, secured: list[int], cards: list[float], spades: list[float],
               untaken: int) -> float:
        row = self._row(self.before[0] + secured[0], self.before[1] + secured[1], untaken)
        c2 = max(0.0, 1.0 - cards[0] - cards[1])
        s2 = max(0.0, 1.0 - spades[0] - spades[1])
        total = 0.0
        for i, pc in enumerate((cards[0], cards[1], c2)):
            if pc:
                total += pc * (spades[0] * row[3 * i] + spades[1] * row[3 * i + 1]
                               + s2 * row[3 * i + 2])
        return total

    def value(self, st: Playout, side: int) -> float:
        """What ``st`` is worth to ``side`` (0 or 1): its chance of winning the match, as
        ``scale * (2 * chance - 1)`` (so about a point's worth per point early in a match),
        plus :data:`MARGIN_WEIGHT` times its expected round margin
        (:func:`~cassino_core.playout_policy.expected_points`)."""
        secured, cards, spades, untaken = _parts(st, self.curves)
        p = self._weigh(secured, cards, spades, untaken)
        margin = (secured[0] + 3 * cards[0] + spades[0]) - (secured[1] + 3 * cards[1] + spades[1])
        return self._worth(p, margin, side)

    def final_value(self, totals: tuple[int, ...], side: int) -> float:
        """:meth:`value` of a finished round whose points per side are ``totals``."""
        p = self.after(self.before[0] + totals[0], self.before[1] + totals[1])
        return self._worth(p, totals[0] - totals[1], side)

    def _worth(self, p: float, margin: float, side: int) -> float:
        """Side 0's chance ``p`` and margin ``margin`` as a value for ``side``."""
        if side == 1:
            p, margin = 1.0 - p, -margin
        return self.scale * (2.0 * p - 1.0) + MARGIN_WEIGHT * margin


__all__ = ["MARGIN_WEIGHT", "MatchOdds", "applies", "win_chances"]
