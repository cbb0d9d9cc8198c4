"""Records of Cirulla matches: the fishing games' records (:mod:`cassino_core.fishing.record`:
rules, seed and every move, as JSON and as text, replayed through the match's own checks)
under Cirulla's format name, rules and match, whose moves may be declarations (``declare``).

JSON form: ``{"format": "cirulla-record", "version": 1, "rules": {"name": "cirulla", ...},
"seed": 42, "rounds": [["declare", "5C t", "7S x 3C 5H", ...], ...], "tags": {...}}``. Text
form: tag lines ``[Format "cirulla-record"]``, ``[Variant "cirulla"]``, one per rules field a
preset may change (:data:`RULE_TAGS`), ``[Seed "42"]``, the free tags, then ``Round N`` and
numbered moves (``1. seat 2: declare``) and the result line.

>>> from cassino_core.cirulla.rules import CirullaRules
>>> m = CirullaMatch(CirullaRules(), seed=42)
>>> m.play(m.legal_moves()[0])
>>> replay(CirullaRecord.from_text(record_text(m))).moves == m.moves
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..fishing.record import RecordError
from ..scopa.record import KIND as SCOPA_KIND
from .game import read_move
from .match import CirullaMatch
from .rules import PRESETS, CirullaRules

__all__ = ["FORMAT", "KIND", "RULE_TAGS", "CirullaMatch", "CirullaRecord", "RecordError",
           "record_of", "record_text", "replay"]

FORMAT: Final = "cirulla-record"
RULE_TAGS: Final = {"Players": "players", "Target": "target", "Declarations": "declarations",
                    "AceSweepScopa": "ace_sweep_scopa", "OpeningWild": "opening_wild"}
"""The text form's tag for each rules field a preset may change."""
MAX_MOVES: Final = 52
"""A round has at most 40 card moves and 12 declarations (one per seat and deal)."""
KIND: Final = replace(SCOPA_KIND, format=FORMAT, presets=PRESETS, rule_tags=RULE_TAGS,
                     from_dict=CirullaRules.from_dict, from_name=CirullaRules.from_name,
                     new_match=CirullaMatch, max_moves=MAX_MOVES, read_move=read_move,
                     move_kinds=("trail", "capture", "declare"))
"""Cirulla's record format."""

CirullaRecord: Final = KIND
"""Reads a Cirulla record: ``CirullaRecord.from_json(data)``, ``CirullaRecord.from_text(text)``."""
record_of, record_text, replay = KIND.record_of, KIND.record_text, KIND.replay
