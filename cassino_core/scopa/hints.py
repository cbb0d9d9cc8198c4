"""Hints: the move the expert would make, and why, as reason codes the page translates.

``hint(view, rng, *, budget_ms=None, iterations=None) -> ScopaHint`` asks
:class:`~cassino_core.scopa.players.ExpertPlayer` for the move (default budget
:data:`HINT_BUDGET_MS`) and explains it from what the view shows. Reason codes
(:data:`REASONS`), each with an optional ``card`` and ``value``:

- ``only_move``: the only legal move.
- ``sweep``: the capture clears the table, a scopa (1 point).
- ``last_play_no_sweep``: the capture clears the table on the round's last play, which
  scores no scopa.
- ``takes_special_card`` (card): the capture takes the settebello (7♥ in Hurricane).
- ``takes_coins`` (value): the capture takes that many cards of the special suit.
- ``takes_primiera`` (card): the capture takes a seven or a six, the best primiera cards.
- ``takes_cards`` (value): the capture takes that many cards (three or more with the card
  played), toward most cards.
- ``no_sweep_left``: no single card can clear the table left, so the next player cannot
  sweep it (Scopa: it adds up to more than 10; Escoba: 15 less it is not a card's value; the
  rules' ``sweep_value``).
- ``sweep_risk`` (value, a percentage): the next player may sweep the table left; the chance
  that they hold a card for it (of the value the rules' ``sweep_value`` names), counted from
  the unseen cards.
- ``trails_cheap`` (card): nothing can be taken, and the card trailed is worth little.
"""

from __future__ import annotations

import random
from typing import Final

from ..fishing.hints import HINT_BUDGET_MS, FishingHint, Reason, expert_hint
from ..fishing.pack import capture_value
from ..moves import Capture
from .game import ScopaMove
from .players import ExpertPlayer, _chance_any, card_worth
from .view import ScopaView

__all__ = ["HINT_BUDGET_MS", "REASONS", "Reason", "ScopaHint", "explain", "hint"]

REASONS: Final = ("only_move", "sweep", "last_play_no_sweep", "takes_special_card",
                  "takes_coins", "takes_primiera", "takes_cards", "no_sweep_left",
                  "sweep_risk", "trails_cheap")


ScopaHint = FishingHint
"""The suggested move and its reasons."""


def hint(view: ScopaView, rng: random.Random, *, budget_ms: int | None = None,
         iterations: int | None = None) -> ScopaHint:
    """The expert's move for ``view`` and its reasons
    (:func:`~cassino_core.fishing.hints.expert_hint`).

    Raises:
        ValueError: the seat is not to play (``view.legal`` is empty).
    """
    return expert_hint(view, rng, ExpertPlayer, explain, budget_ms=budget_ms,
                       iterations=iterations)


def explain(view: ScopaView, move: ScopaMove) -> tuple[Reason, ...]:
    """The reasons that apply to ``move`` in ``view`` (module docstring)."""
    if len(view.legal) == 1:
        return (Reason("only_move"),)
    rules = view.rules
    out: list[Reason] = []
    last = view.stock == 0 and sum(view.hand_counts) == 1
    if isinstance(move, Capture):
        left = [c for c in view.table if c not in move.take]
        if not left:
            if last and not rules.last_play_sweep:
                out.append(Reason("last_play_no_sweep"))
            else:
                out.append(Reason("sweep"))
        taken = [*move.take, move.card]
        if rules.special_card in taken:
            out.append(Reason("takes_special_card", rules.special_card))
        coins = sum(1 for c in taken if c.suit == rules.special_suit)
        if coins:
            out.append(Reason("takes_coins", value=coins))
        best = [c for c in taken if c.rank in (7, 6) and c != rules.special_card]
        if best:
            out.append(Reason("takes_primiera", max(best, key=lambda c: c.rank)))
        if len(taken) >= 3:
            out.append(Reason("takes_cards", value=len(taken)))
    else:
        left = [*view.table, move.card]
        if card_worth(move.card, rules) <= min(card_worth(m.card, rules) for m in view.legal):
            out.append(Reason("trails_cheap", move.card))
    if left and not last:
        need = rules.sweep_value(sum(capture_value(c) for c in left))
        if need is None:
            out.append(Reason("no_sweep_left"))
        else:
            nxt = (view.seat + 1) % rules.players
            unseen = view.unseen()
            holding = sum(1 for c in unseen if capture_value(c) == need)
            hand = view.hand_counts[nxt] or (rules.hand_size if view.stock else 0)
            chance = _chance_any(len(unseen), hand, holding)
            if rules.side_of(nxt) != view.side and chance > 0:
                out.append(Reason("sweep_risk", value=round(100 * chance)))
    return tuple(out)
