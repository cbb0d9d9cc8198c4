"""The JSON facade of Cirulla (docs/cirulla.md has the contract; docs/api.md the shared part).

:class:`CirullaSession` is the fishing games' session (:class:`~cassino_core.fishing.session.
FishingSession`) with Cirulla's presets, rules, match, view, players, hints and records. Moves
are Scopa's (``"7S x 3C 5H"``, ``"4H"`` to trail, or ``{"kind", "card", "take"?}``) and the
declaration, ``"declare"`` or ``{"kind": "declare"}``; a played declaration is answered as
``{"seat", "text": "declare", "kind": "declare", "card": null, "take": [], "sweep": false,
"round_over": false, "declaration": {"seat", "deal", "kind", "cards", "points"}}``.

Ops: those of every fishing game (``new_game`` with ``variant``: a preset of
:data:`~cassino_core.cirulla.rules.PRESETS`, ``overrides``: ``players``, ``target``,
``declarations``, ``ace_sweep_scopa``, ``opening_wild``; ``view``, ``legal_moves``, ``play``,
``computer_move``, ``hint``, ``undo``, ``next_round``, ``score``, ``export_record``,
``load_record``).

>>> s = CirullaSession()
>>> s.dispatch({"op": "new_game", "variant": "cirulla_four", "seed": 4})["seed"]
4
>>> v = s.view_json()
>>> v["game"], v["players"], len(v["hand"]), v["target"]
('cirulla', 4, 3, 51)
"""

from __future__ import annotations

from typing import Any

from ..errors import ApiError
from ..fishing.session import FishingSession, has_format
from ..moves import MoveError
from .game import Declare, read_move
from .hints import explain, hint
from .match import CirullaMatch
from .players import make_player
from .record import FORMAT, KIND
from .rules import OVERRIDES, PRESETS, CirullaRules, CirullaRulesError
from .view import cirulla_view

__all__ = ["CirullaSession", "is_cirulla_record"]


class CirullaSession(FishingSession[CirullaMatch]):
    """One Cirulla match and who sits where."""

    RNG_SALT = 0xC1B0
    DEFAULT_VARIANT = "cirulla"
    PRESETS = PRESETS
    OVERRIDES = OVERRIDES
    RULES = CirullaRules
    RULES_ERROR = CirullaRulesError
    RECORD = KIND
    MATCH = CirullaMatch

    view_fn = staticmethod(cirulla_view)
    hint_fn = staticmethod(hint)
    explain_fn = staticmethod(explain)
    player_fn = staticmethod(make_player)

    def read_move(self, raw: object) -> Any:
        """A move from its text or its JSON form, the declaration included."""
        try:
            return read_move(raw)
        except MoveError as exc:
            raise ApiError.wrap("bad_move", exc) from exc

    def apply(self, match: CirullaMatch, move: Any) -> dict[str, Any]:
        """Play ``move``; a declaration is answered with what it declared (module
        docstring), a card move as in every fishing game."""
        if not isinstance(move, Declare):
            return super().apply(match, move)
        seat = self.play_checked(match, move)
        made = match.state.declared[-1]  # type: ignore[attr-defined]
        return {"seat": seat, "text": move.text(), "kind": move.kind, "card": None,
                "take": [], "sweep": False, "round_over": False,
                "declaration": made.to_json()}

    def played_json(self, after: Any, move: Any) -> dict[str, Any]:
        """A move of the log and the replay: a card move as in every fishing game; a
        declaration as ``{"kind": "declare", "text": "declare", "card": null, "take": [],
        "sweep": false, "declaration": {"seat", "deal", "kind", "cards", "points"}}`` (the
        declared hand is shown to every player when it is declared)."""
        if not isinstance(move, Declare):
            return super().played_json(after, move)
        made = after.declared[-1]
        return {"kind": move.kind, "text": move.text(), "card": None, "take": [],
                "sweep": False, "declaration": made.to_json()}


def is_cirulla_record(record: object) -> bool:
    """True when ``record`` (an object, or its JSON or text form) is a Cirulla record."""
    return has_format(record, FORMAT)
