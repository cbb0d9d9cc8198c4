"""What one seat may know in Cirulla: Scopa's view (:class:`cassino_core.scopa.view.
ScopaView`) and the declarations. A declaration shows the hand to the table, so every seat
sees the cards a declared hand still holds in this deal (``shown``); no other hidden card is
ever named. Computer players get exactly this view.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..fishing.view import match_view
from ..scopa.view import ScopaView
from ..scopa.view import round_view as scopa_round_view
from .game import CirullaState, Declaration, Declare, move_json
from .match import CirullaMatch
from .rules import CirullaRules

__all__ = ["CirullaView", "cirulla_view", "round_view"]


@dataclass(frozen=True, slots=True)
class CirullaView(ScopaView):
    """Scopa's view (its attributes) and:

    Attributes:
        declared: the declarations made this round, in order.
        shown: for each seat, the cards its declaration of this deal showed that it still
            holds (empty without one).
        offered: the declaration this seat may make now, as ``(kind, points)`` (``"knock"``
            or ``"three"``, and what it scores at the round's end), or None when the legal
            moves hold none.
    """

    declared: tuple[Declaration, ...] = ()
    shown: tuple[tuple[Card, ...], ...] = ()
    offered: tuple[str, int] | None = None

    def seen(self) -> frozenset[Card]:
        """Scopa's seen cards and every card shown by a declaration."""
        return ScopaView.seen(self) | {c for cards in self.shown for c in cards}

    def to_json(self, seats: list[str] | None = None,
                levels: list[str | None] | None = None) -> dict[str, Any]:
        """Scopa's view JSON (docs/scopa.md) with ``legal_moves`` that may hold
        ``{"kind": "declare", "text": "declare"}``, ``declarations`` (each ``{"seat", "deal",
        "kind", "cards", "points"}``), ``shown`` (cards per seat) and ``declarable`` (the
        declaration the legal moves offer, ``{"kind", "points"}``, or None: what the Declare
        button makes, told before it is pressed)."""
        cards_only = dataclasses.replace(self, legal=tuple(m for m in self.legal
                                                          if not isinstance(m, Declare)))
        out = ScopaView.to_json(cards_only, seats, levels)
        out["legal_moves"] = [move_json(m) for m in self.legal]
        out["declarations"] = [d.to_json() for d in self.declared]
        out["shown"] = [[str(c) for c in cards] for cards in self.shown]
        out["declarable"] = ({"kind": self.offered[0], "points": self.offered[1]}
                             if self.offered else None)
        return out


def round_view(state: CirullaState, seat: int, **match: Any) -> CirullaView:
    """Seat ``seat``'s view of one round state (the match fields as for Scopa's
    :func:`~cassino_core.scopa.view.round_view`).

    Raises:
        ValueError: ``seat`` is not a seat of these rules.
    """
    base = scopa_round_view(state, seat, **match)
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    shown = tuple(state.shown(s) for s in range(state.rules.players))
    offered = None
    kind = state.declaration_now() if any(isinstance(m, Declare) for m in base.legal) else None
    if kind is not None:
        rules = state.rules
        assert isinstance(rules, CirullaRules)
        offered = (kind, rules.declaration_points(kind))
    return CirullaView(**fields, declared=state.declared, shown=shown, offered=offered)


def cirulla_view(match: CirullaMatch, seat: int) -> CirullaView:
    """Seat ``seat``'s view of ``match`` now."""
    return match_view(match, seat, round_view)
