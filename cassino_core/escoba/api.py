"""The JSON facade of Escoba (docs/escoba.md has the contract; docs/api.md the shared part).

:class:`EscobaSession` is the fishing games' session (:class:`~cassino_core.fishing.session.
FishingSession`) with Escoba's presets, rules and records; the match, view, computer players
and hints are Scopa's (:mod:`cassino_core.scopa`), which ask the rules for everything Escoba
does otherwise.

Ops: ``new_game`` (``variant``: a preset of :data:`~cassino_core.escoba.rules.PRESETS`,
``overrides``: ``players``, ``target``, ``must_capture``, ``opening``, ``sevens``; ``seed``,
``seats``, ``viewer``, ``level``/``levels``, ``budget_ms``), ``view``, ``legal_moves``,
``play`` (``"7D x 5C 3H"``, ``"4H"`` to trail, or ``{"kind", "card", "take"?}``),
``computer_move``, ``hint``, ``undo``, ``next_round``, ``score``, ``export_record``,
``load_record``.

>>> s = EscobaSession()
>>> s.dispatch({"op": "new_game", "variant": "escoba_four", "seed": 4})["seed"]
4
>>> v = s.view_json()
>>> v["game"], v["players"], len(v["hand"])
('escoba', 4, 3)
"""

from __future__ import annotations

from ..fishing.session import FishingSession, has_format
from ..scopa.hints import explain, hint
from ..scopa.match import ScopaMatch
from ..scopa.players import make_player
from ..scopa.view import scopa_view
from .record import FORMAT, KIND
from .rules import OVERRIDES, PRESETS, EscobaRules, EscobaRulesError

__all__ = ["EscobaSession", "is_escoba_record"]


class EscobaSession(FishingSession[ScopaMatch]):
    """One Escoba match and who sits where."""

    RNG_SALT = 0xE5C0BA
    DEFAULT_VARIANT = "escoba"
    PRESETS = PRESETS
    OVERRIDES = OVERRIDES
    RULES = EscobaRules
    RULES_ERROR = EscobaRulesError
    RECORD = KIND
    MATCH = ScopaMatch

    view_fn = staticmethod(scopa_view)
    hint_fn = staticmethod(hint)
    explain_fn = staticmethod(explain)
    player_fn = staticmethod(make_player)


def is_escoba_record(record: object) -> bool:
    """True when ``record`` (an object, or its JSON or text form) is an Escoba record."""
    return has_format(record, FORMAT)
