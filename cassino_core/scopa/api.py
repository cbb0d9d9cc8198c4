"""The JSON facade of Scopa, Scopone and Hurricane (docs/scopa.md has the contract).

:class:`ScopaSession` is the shared :class:`~cassino_core.session.GameSession` (fields, seats,
levels, undo, records, errors: docs/api.md) with Scopa's parts. The hints draw from a generator
of their own, so asking for a hint never changes the computer's later moves.

Ops: ``new_game`` (``variant``: a preset of :data:`~cassino_core.scopa.rules.PRESETS`,
``overrides``, ``seed``, ``seats``, ``viewer``, ``level``/``levels``, ``budget_ms``),
``view``, ``legal_moves``, ``play`` (``move``: text such as ``"QS x 2C 7S"`` or the JSON form
``{"kind", "card", "take"?}``), ``computer_move``, ``hint``, ``undo``, ``next_round``,
``score``, ``export_record`` (JSON and text), ``load_record`` (either form).

>>> s = ScopaSession()
>>> s.dispatch({"op": "new_game", "variant": "scopone", "seed": 4})["seed"]
4
>>> s.view_json()["players"], len(s.view_json()["hand"])
(4, 10)
"""

from __future__ import annotations

import re
from typing import Final

from ..fishing.session import FishingSession, has_format
from ..session import BUDGET_RANGE, DEFAULT_LEVEL, SEAT_KINDS
from .hints import explain, hint
from .match import ScopaMatch
from .players import make_player
from .record import KIND
from .rules import OVERRIDES, PRESETS, ScopaRules, ScopaRulesError
from .view import scopa_view

__all__ = ["BUDGET_RANGE", "DEFAULT_LEVEL", "SEAT_KINDS", "ScopaSession", "is_scopa_record"]

FORMAT: Final = "scopa-record"
TEXT_FORMAT_LINE: Final = re.compile(r'^\s*\[Format "scopa-record"\]\s*$', re.MULTILINE)


class ScopaSession(FishingSession[ScopaMatch]):
    """One Scopa-family match and who sits where."""

    RNG_SALT = 0x5C0BA
    DEFAULT_VARIANT = "scopa"
    PRESETS = PRESETS
    OVERRIDES = OVERRIDES
    RULES = ScopaRules
    RULES_ERROR = ScopaRulesError
    RECORD = KIND
    MATCH = ScopaMatch

    view_fn = staticmethod(scopa_view)
    hint_fn = staticmethod(hint)
    explain_fn = staticmethod(explain)
    player_fn = staticmethod(make_player)


def is_scopa_record(record: object) -> bool:
    """True when ``record`` (an object, or its JSON or text form) is a Scopa record."""
    return has_format(record, FORMAT)
