"""The match of a fishing game: rounds until a side reaches the target [FAMILY.md §4.1 "Game"].

A round's points are counted one at a time in the game's counting order (Scopa, after Parlett:
cards, coins, settebello, primiera, then sweeps [V]). The match is decided at the end of a
round in which some side reaches the target: the side with the higher total wins; when the
totals are equal, the first of the leading sides to reach the target while the round's points
are counted in that order wins (Parlett's tie-break; our reading: :mod:`cassino_core.scopa`).

>>> match_winner(11, (7, 8), [1, 0, 0, 1, 0])   # totals 10 and 10: no winner yet
>>> match_winner(11, (10, 10), [1, 0])          # 11-11: side 1 got there first
1
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["leader_at_target", "match_winner"]


def match_winner(target: int, before: Sequence[int], points: Sequence[int]) -> int | None:
    """The side that wins with a round whose points, in counting order, go to the sides
    ``points`` (one entry per point), given the totals ``before`` it; None while no side has
    reached ``target``."""
    totals = list(before)
    reached: list[int] = [s for s, t in enumerate(totals) if t >= target]
    for side in points:
        totals[side] += 1
        if totals[side] >= target and side not in reached:
            reached.append(side)
    if not reached:
        return None
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return leaders[0]
    return next(s for s in reached if s in leaders)


def leader_at_target(target: int, totals: Sequence[int]) -> int | None:
    """The winner under the simple rule of Pishti and Basra (FAMILY.md §5.1, §5.3: game to
    151 or 101): once some side has reached ``target``, the side with the strictly highest
    total wins; None while no side has reached it, or while the leaders are level (the match
    goes on: our reading [I], the sources name no tie-break).

    >>> leader_at_target(151, (160, 120)), leader_at_target(151, (155, 155))
    (0, None)
    >>> leader_at_target(151, (90, 150)) is None
    True
    """
    if max(totals) < target:
        return None
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    return leaders[0] if len(leaders) == 1 else None
