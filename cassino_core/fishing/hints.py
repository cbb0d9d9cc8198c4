"""What the hints of the fishing games share: a reason (a code the page words, with an
optional card or number), the hint (the suggested move and its reasons, as JSON), and asking
the game's expert for the move (:data:`HINT_BUDGET_MS` of thinking unless told otherwise).

Each game keeps its reason codes and the ``explain`` that finds them (Scopa's, used by Escoba,
in :mod:`cassino_core.scopa.hints`; Pishti's in :mod:`cassino_core.pishti.hints`).

>>> Reason("takes_cards", value=3).to_json()
{'code': 'takes_cards', 'value': 3}
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ..cards import Card
from ..moves import Capture, Trail, move_to_json

__all__ = ["HINT_BUDGET_MS", "FishingHint", "Reason", "expert_hint"]

HINT_BUDGET_MS: Final = 400


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: ``code`` (one of the game's ``REASONS``), and a card or a number when it
    has one."""

    code: str
    card: Card | None = None
    value: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"code": str, "card"?: "7D", "value"?: int}``."""
        out: dict[str, Any] = {"code": self.code}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass(frozen=True, slots=True)
class FishingHint:
    """The suggested move and the reasons for it."""

    move: Trail | Capture
    reasons: tuple[Reason, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"move": {"kind", "card", "take"?, "text"}, "reasons": [reason, ...]}``."""
        return {"move": {**move_to_json(self.move), "text": self.move.text()},
                "reasons": [r.to_json() for r in self.reasons]}


def expert_hint(view: Any, rng: random.Random, expert: Callable[..., Any],
                explain: Callable[[Any, Any], tuple[Reason, ...]], *,
                budget_ms: int | None = None, iterations: int | None = None) -> FishingHint:
    """The move ``expert`` (the game's expert class) makes for ``view``, with the reasons
    ``explain`` finds for it; :data:`HINT_BUDGET_MS` when neither budget is given.

    Raises:
        ValueError: the seat is not to play (``view.legal`` is empty).
    """
    if not view.legal:
        raise ValueError("the seat is not to play: no hint")
    if budget_ms is None and iterations is None:
        budget_ms = HINT_BUDGET_MS
    move = expert(budget_ms=budget_ms, iterations=iterations).choose(view, rng)
    return FishingHint(move, explain(view, move))
