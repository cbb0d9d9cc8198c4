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

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any, ClassVar, Self

__all__ = ["PresetRules", "Seating", "catalog", "check_fields", "check_rules_dict"]


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


class PresetRules:
    """The construction every frozen rules dataclass of a fishing game with named presets
    shares (a mixin: Pishti's, Tablić's): :meth:`replace`, :meth:`from_name`, :meth:`to_dict`,
    :meth:`from_dict`. The game sets :attr:`PRESETS` (once its presets exist),
    :attr:`OVERRIDES` and :attr:`ERROR`."""

    PRESETS: ClassVar[Mapping[str, Any]] = {}
    """The presets by name."""
    OVERRIDES: ClassVar[Collection[str]] = frozenset()
    """The fields a preset may change."""
    ERROR: ClassVar[Any] = ValueError
    """The game's rules error (a :class:`~cassino_core.errors.Refusal`)."""

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (validated like a new value).

        Raises:
            ERROR: an unknown field or a bad value.
        """
        check_fields(changes, {f.name for f in dataclasses.fields(self)}, self.ERROR)  # type: ignore[arg-type]
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    @classmethod
    def from_name(cls, name: str, **overrides: Any) -> Self:
        """A preset with optional overrides of the fields in :attr:`OVERRIDES`.

        Raises:
            ERROR: an unknown preset, an unknown or fixed field, a bad value.
        """
        if not isinstance(name, str) or name not in cls.PRESETS:
            raise cls.ERROR.of("unknown_preset", name=str(name), names=list(cls.PRESETS))
        check_fields(overrides, cls.OVERRIDES, cls.ERROR)
        preset: Self = cls.PRESETS[name].replace(**overrides)
        return preset

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready."""
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read :meth:`to_dict`'s form back; every key is required and no other is allowed.

        Raises:
            ERROR: not an object, a missing or unknown key, a bad value.
        """
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        return cls(**check_rules_dict(data, names, cls.ERROR))
