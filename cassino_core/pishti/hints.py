"""Hints: the move the expert would make, and why, as reason codes the page translates.

``hint(view, rng, *, budget_ms=None, iterations=None) -> PishtiHint`` asks the expert
(:class:`~cassino_core.pishti.ismcts.IsmctsPlayer`) for the move (default budget
:data:`HINT_BUDGET_MS`) and explains it from what the view shows. Reason codes
(:data:`REASONS`), each with an optional ``card`` and ``value``:

- ``only_move``: the only legal move.
- ``bonus`` (value): the capture scores a pişti / xeri / basra of that many points.
- ``last_card_no_bonus``: the capture would be a pişti, but the round's last card scores none.
- ``jack_takes`` (value): a jack takes the whole table, that many cards.
- ``takes_points`` (value): the capture takes cards carrying that many points (jacks, aces,
  2♣, 10♦), the played card included.
- ``takes_cards`` (value): the capture takes that many cards (three or more with the card
  played), toward the most cards.
- ``keeps_jack``: a jack stays in hand for a pile worth more.
- ``safe_rank`` (card): every other card of this rank has been seen, so only a jack can take
  the pile now.
- ``pisti_risk`` (value, a percentage): the card left alone on the table may give the next
  player a pişti; the chance that they hold one of its rank (counted from the unseen cards).
- ``take_risk`` (value, a percentage): the chance that the next player can take the table.
- ``trails_cheap`` (card): nothing can be taken, and the card added carries no points.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import JACK
from ..fishing.hints import HINT_BUDGET_MS, FishingHint, Reason, expert_hint
from ..moves import Capture
from .game import CARD_POINTS, PishtiMove
from .ismcts import IsmctsPlayer
from .players import _chance_any, _probe
from .view import PishtiView

__all__ = ["HINT_BUDGET_MS", "REASONS", "PishtiHint", "Reason", "explain", "hint"]

REASONS: Final = ("only_move", "bonus", "last_card_no_bonus", "jack_takes", "takes_points",
                  "takes_cards", "keeps_jack", "safe_rank", "pisti_risk", "take_risk",
                  "trails_cheap")


PishtiHint = FishingHint
"""The suggested move and its reasons."""


def hint(view: PishtiView, rng: random.Random, *, budget_ms: int | None = None,
         iterations: int | None = None) -> PishtiHint:
    """The expert's move for ``view`` and its reasons
    (:func:`~cassino_core.fishing.hints.expert_hint`).

    Raises:
        ValueError: the seat is not to play (``view.legal`` is empty).
    """
    return expert_hint(view, rng, IsmctsPlayer, explain, budget_ms=budget_ms,
                       iterations=iterations)


def explain(view: PishtiView, move: PishtiMove) -> tuple[Reason, ...]:
    """The reasons that apply to ``move`` in ``view`` (module docstring)."""
    if len(view.legal) == 1:
        return (Reason("only_move"),)
    out: list[Reason] = []
    probe = _probe(view, view.table, view.hidden)
    if isinstance(move, Capture):
        bonus = probe.bonus_of(move, view.last_card)
        if bonus:
            out.append(Reason("bonus", value=bonus))
        elif view.last_card and probe.bonus_of(move, False):
            out.append(Reason("last_card_no_bonus"))
        taken = [*move.take, move.card]
        if move.card.rank == JACK:
            out.append(Reason("jack_takes", value=len(move.take) + view.hidden))
        points = sum(CARD_POINTS.get(c, 0) for c in taken)
        if points:
            out.append(Reason("takes_points", value=points))
        if len(taken) + view.hidden >= 3:
            out.append(Reason("takes_cards", value=len(taken) + view.hidden))
        return tuple(out)
    if any(m.card.rank == JACK and isinstance(m, Capture) for m in view.legal):
        out.append(Reason("keeps_jack"))
    if not CARD_POINTS.get(move.card):
        out.append(Reason("trails_cheap", move.card))
    if view.last_card:
        return tuple(out)
    unseen = view.unseen()
    nxt = (view.seat + 1) % view.rules.players
    hand = view.hand_counts[nxt] or (view.rules.hand_size if view.stock else 0)
    if view.rules.side_of(nxt) == view.side:
        return tuple(out)
    same = sum(1 for c in unseen if c.rank == move.card.rank)
    if view.rules.layout == "pile":
        if same == 0 and move.card.rank != JACK:
            out.append(Reason("safe_rank", move.card))
        if not view.table and same:
            out.append(Reason("pisti_risk", value=round(100 * _chance_any(len(unseen), hand,
                                                                           same))))
            return tuple(out)
    left = _probe(view, (*view.table, move.card), view.hidden)
    takers = sum(1 for c in unseen if left.captures_of(c))
    chance = _chance_any(len(unseen), hand, takers)
    if chance > 0:
        out.append(Reason("take_risk", value=round(100 * chance)))
    return tuple(out)
