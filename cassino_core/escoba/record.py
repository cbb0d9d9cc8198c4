"""Records of Escoba matches: the fishing games' records (:mod:`cassino_core.fishing.record`:
rules, seed and every move, as JSON and as text, replayed through the match's own checks)
under Escoba's format name and rules; the match is Scopa's.

JSON form: ``{"format": "escoba-record", "version": 1, "rules": {"name": "escoba", ...},
"seed": 42, "rounds": [["5C t", "QS x 2C 4S", ...], ...], "tags": {...}}``. Text form: tag lines
``[Format "escoba-record"]``, ``[Variant "escoba"]``, one per rules field a preset may change
(:data:`RULE_TAGS`), ``[Seed "42"]``, the free tags, then ``Round N`` and numbered moves
(``1. seat 2: 5C t``) and the result line.

>>> from cassino_core.escoba.rules import EscobaRules
>>> m = EscobaMatch(EscobaRules(), seed=42)
>>> m.play(m.legal_moves()[0])
>>> text = record_text(m)
>>> text.splitlines()[0]
'[Format "escoba-record"]'
>>> replay(EscobaRecord.from_text(text)).moves == m.moves
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..fishing.record import RecordError
from ..scopa.match import ScopaMatch as EscobaMatch
from ..scopa.record import KIND as SCOPA_KIND
from .rules import PRESETS, EscobaRules

__all__ = ["FORMAT", "KIND", "RULE_TAGS", "EscobaMatch", "EscobaRecord", "RecordError",
           "record_of", "record_text", "replay"]

FORMAT: Final = "escoba-record"
RULE_TAGS: Final = {"Players": "players", "Target": "target", "MustCapture": "must_capture",
                    "Opening": "opening", "Sevens": "sevens"}
"""The text form's tag for each rules field a preset may change."""
KIND: Final = replace(SCOPA_KIND, format=FORMAT, presets=PRESETS, rule_tags=RULE_TAGS,
                     from_dict=EscobaRules.from_dict, from_name=EscobaRules.from_name)
"""Escoba's record format: Scopa's (its match, 40-card pack, errors) with Escoba's name and
rules."""

EscobaRecord: Final = KIND
"""Reads an Escoba record: ``EscobaRecord.from_json(data)``, ``EscobaRecord.from_text(text)``."""
record_of, record_text, replay = KIND.record_of, KIND.record_text, KIND.replay
