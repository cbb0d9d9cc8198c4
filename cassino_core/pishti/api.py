"""The JSON facade of Pishti, Xeri and Basra (docs/pishti.md has the contract; docs/api.md the
shared part).

:class:`PishtiSession` is the fishing games' session (:class:`~cassino_core.fishing.session.
FishingSession`) with this group's presets, rules, match, view, computer players, hints and
records. A played move is answered as the other fishing games answer it, with ``bonus`` (the
pişti / xeri / basra points it scored, 0 for none; ``sweep`` is true when it scored one).

Ops: ``new_game`` (``variant``: a preset of :data:`~cassino_core.pishti.rules.PRESETS`,
``overrides``: the fields of :data:`~cassino_core.pishti.rules.OVERRIDES`; ``seed``,
``seats``, ``viewer``, ``level``/``levels``, ``budget_ms``), ``view``, ``legal_moves``,
``play`` (``"9D x 7S 3C 9H"``, ``"5C t"`` to add a card, or ``{"kind", "card", "take"?}``),
``computer_move``, ``hint``, ``undo``, ``next_round``, ``score``, ``export_record``,
``load_record``.

>>> s = PishtiSession()
>>> s.dispatch({"op": "new_game", "variant": "basra", "seed": 4})["seed"]
4
>>> v = s.view_json()
>>> v["game"], v["players"], len(v["hand"]), len(v["table"])
('pishti', 2, 4, 4)
"""

from __future__ import annotations

from typing import Any

from ..fishing.session import FishingSession, has_format
from .hints import explain, hint
from .match import PishtiMatch
from .players import make_player
from .record import FORMAT, KIND
from .rules import OVERRIDES, PRESETS, PishtiRules, PishtiRulesError
from .view import pishti_view

__all__ = ["PishtiSession", "is_pishti_record"]


class PishtiSession(FishingSession[PishtiMatch]):
    """One Pishti, Xeri or Basra match and who sits where."""

    RNG_SALT = 0x9157
    DEFAULT_VARIANT = "pishti"
    PRESETS = PRESETS
    OVERRIDES = OVERRIDES
    RULES = PishtiRules
    RULES_ERROR = PishtiRulesError
    RECORD = KIND
    MATCH = PishtiMatch

    view_fn = staticmethod(pishti_view)
    hint_fn = staticmethod(hint)
    explain_fn = staticmethod(explain)
    player_fn = staticmethod(make_player)

    def apply(self, match: PishtiMatch, move: Any) -> dict[str, Any]:
        """Play ``move``: the fishing games' answer with ``bonus`` added."""
        answer = super().apply(match, move)
        last = match.state.last
        assert last is not None
        return {**answer, "bonus": last.bonus}


def is_pishti_record(record: object) -> bool:
    """True when ``record`` (an object, or its JSON or text form) is a Pishti record."""
    return has_format(record, FORMAT)
