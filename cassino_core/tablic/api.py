"""The JSON facade of Tablić and Tablanette (docs/tablic.md has the contract; docs/api.md the
shared part).

:class:`TablicSession` is the fishing games' session (:class:`~cassino_core.fishing.session.
FishingSession`) with this game's presets, rules, match, view, computer players, hints and
records. A played move is answered as the other fishing games answer it, with ``tabla`` (the
points of the tabla it made, 0 for none; ``sweep`` is true when it made one).

Ops: ``new_game`` (``variant``: a preset of :data:`~cassino_core.tablic.rules.PRESETS`,
``overrides``: the fields of :data:`~cassino_core.tablic.rules.OVERRIDES`; ``seed``,
``seats``, ``viewer``, ``level``/``levels``, ``budget_ms``), ``view``, ``legal_moves``,
``play`` (``"KS x 4S TC KH"``, ``"5C t"`` to lay a card down, or ``{"kind", "card",
"take"?}``), ``computer_move``, ``hint``, ``undo``, ``next_round``, ``score``,
``export_record``, ``load_record``.

>>> s = TablicSession()
>>> s.dispatch({"op": "new_game", "variant": "tablanette", "seed": 4})["seed"]
4
>>> v = s.view_json()
>>> v["game"], v["players"], len(v["hand"]), len(v["table"])
('tablic', 2, 6, 4)
"""

from __future__ import annotations

from typing import Any

from ..fishing.session import FishingSession, has_format
from .hints import explain, hint
from .match import TablicMatch
from .players import make_player
from .record import FORMAT, KIND
from .rules import OVERRIDES, PRESETS, TablicRules, TablicRulesError
from .view import tablic_view

__all__ = ["TablicSession", "is_tablic_record"]


class TablicSession(FishingSession[TablicMatch]):
    """One Tablić or Tablanette match and who sits where."""

    RNG_SALT = 0x7AB1
    DEFAULT_VARIANT = "tablic"
    PRESETS = PRESETS
    OVERRIDES = OVERRIDES
    RULES = TablicRules
    RULES_ERROR = TablicRulesError
    RECORD = KIND
    MATCH = TablicMatch

    view_fn = staticmethod(tablic_view)
    hint_fn = staticmethod(hint)
    explain_fn = staticmethod(explain)
    player_fn = staticmethod(make_player)

    def apply(self, match: TablicMatch, move: Any) -> dict[str, Any]:
        """Play ``move``: the fishing games' answer with ``tabla`` added."""
        answer = super().apply(match, move)
        last = match.state.last
        assert last is not None
        return {**answer, "tabla": last.bonus}


def is_tablic_record(record: object) -> bool:
    """True when ``record`` (an object, or its JSON or text form) is a Tablić record."""
    return has_format(record, FORMAT)
