"""What the rules classes of the fishing games share: the checks of a rules object read back
from JSON and of the fields a copy or a preset may change, and the catalog a new-game screen
offers. Each game keeps its fields, presets and error class (Scopa's
:mod:`cassino_core.scopa.rules`, Escoba's :mod:`cassino_core.escoba.rules`, Pishti's
:mod:`cassino_core.pishti.rules`).

>>> from cassino_core.pishti.rules import PishtiRulesError
>>> check_fields({"players": 3}, {"players", "target"}, PishtiRulesError)
>>> check_fields({"colour": 1}, {"players"}, PishtiRulesError)
Traceback (most recent call last):
    ...
cassino_core.pishti.rules.PishtiRulesError: unknown rules field 'colour'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

__all__ = ["Seating", "catalog", "check_fields", "check_rules_dict"]


class Seating:
    """Who plays with whom, from the number of players (a mixin for a rules dataclass with a
    ``players`` field): four play in two partnerships, partners opposite (seats 0 and 2
    against 1 and 3); two or three play each for themselves [FAMILY.md §4.1, §5.1 [V]]."""

    players: int

    @property
    def partnerships(self) -> bool:
        """True with four players: two sides of partners sitting opposite."""
        return self.players == 4

    @property
    def sides(self) -> int:
        """How many sides score: 2 with partnerships, else one per player."""
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (``seat % 2`` with partnerships, else the seat)."""
        return seat % 2 if self.partnerships else seat


def check_rules_dict(data: object, names: Collection[str], error: Any) -> dict[str, Any]:
    """``data`` as a rules object's JSON form with exactly the keys ``names``.

    Raises:
        error: ``need_object`` (not an object), ``unknown_fields``, ``missing_fields``
            (naming them, at field ``rules``).
    """
    if not isinstance(data, dict):
        raise error.of("need_object", {"field": "rules"})
    unknown = set(data) - set(names)
    if unknown:
        raise error.of("unknown_fields", {"field": "rules"}, names=sorted(map(str, unknown)))
    missing = set(names) - set(data)
    if missing:
        raise error.of("missing_fields", {"field": "rules"}, names=sorted(missing))
    return data


def check_fields(changes: Mapping[str, Any], allowed: Collection[str], error: Any) -> None:
    """Check that every field ``changes`` names is one of ``allowed``.

    Raises:
        error: ``rules_unknown_field``, naming the others.
    """
    unknown = set(changes) - set(allowed)
    if unknown:
        raise error.of("rules_unknown_field", name=", ".join(sorted(unknown)))


def catalog(presets: Mapping[str, Any], overrides: Collection[str]) -> dict[str, Any]:
    """What a new-game screen offers: ``{"presets": {name: rules dict}, "overrides": [...]}``."""
    return {"presets": {name: r.to_dict() for name, r in presets.items()},
            "overrides": sorted(overrides)}
