"""Hints for Cirulla: the move the expert would make (:mod:`cassino_core.cirulla.players`) and
why, as reason codes the page translates: Scopa's (:mod:`cassino_core.scopa.hints`, which ask
the rules for Cirulla's captures and sweeps) and:

- ``declares`` (value: the points): declare the hand now; it scores that many points and shows
  the hand to the table.
- ``ace_takes_all``: the ace takes the whole table (no ace lies on it).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Final

from ..fishing.hints import HINT_BUDGET_MS, FishingHint, Reason, expert_hint
from ..moves import Capture
from ..scopa import hints as scopa
from .game import Declare, move_json
from .players import ExpertPlayer
from .rules import CirullaRules
from .view import CirullaView

__all__ = ["HINT_BUDGET_MS", "REASONS", "CirullaHint", "explain", "hint"]

REASONS: Final = (*scopa.REASONS, "declares", "ace_takes_all")


@dataclass(frozen=True, slots=True)
class CirullaHint(FishingHint):
    """The suggested move (a card move or a :class:`Declare`) and the reasons for it."""

    def to_json(self) -> dict[str, Any]:
        """``{"move": {"kind", "card"?, "take"?, "text"}, "reasons": [reason, ...]}``."""
        return {"move": move_json(self.move), "reasons": [r.to_json() for r in self.reasons]}


def hint(view: CirullaView, rng: random.Random, *, budget_ms: int | None = None,
         iterations: int | None = None) -> CirullaHint:
    """The expert's move for ``view`` and its reasons.

    Raises:
        ValueError: the seat is not to play (``view.legal`` is empty).
    """
    found = expert_hint(view, rng, ExpertPlayer, explain, budget_ms=budget_ms,
                        iterations=iterations)
    return CirullaHint(found.move, found.reasons)


def explain(view: CirullaView, move: Any) -> tuple[Reason, ...]:
    """The reasons that apply to ``move`` in ``view`` (module docstring)."""
    rules = view.rules
    assert isinstance(rules, CirullaRules)
    if isinstance(move, Declare):
        kind = next((d for d in ("three", "knock") if _declares(view, d)), "knock")
        return (Reason("declares", value=rules.declaration_points(kind)),)
    cards_only = dataclasses.replace(view, legal=tuple(m for m in view.legal
                                                      if not isinstance(m, Declare)))
    out = list(scopa.explain(cards_only, move))
    if (isinstance(move, Capture) and move.card.rank == 1 and len(move.take) > 1
            and not any(c.rank == 1 for c in move.take)):
        out.insert(0, Reason("ace_takes_all"))
    return tuple(out)


def _declares(view: CirullaView, kind: str) -> bool:
    from .game import declaration_of

    return declaration_of(view.hand) == kind
