"""Records of Tablić and Tablanette matches: rules, seed and every move, as JSON and as text
(the forms of :mod:`cassino_core.fishing.record`, format ``"tablic-record"``); :func:`replay`
plays every move through the match's own checks.

The seed fixes every deal (:class:`~cassino_core.tablic.match.TablicMatch`), so a record
needs only the rules, the seed and the moves of each round: ``"5C t"`` lays a card on the
table, ``"KS x 4S TC KH"`` takes.

>>> m = TablicMatch(TablicRules(), seed=42)
>>> m.play(m.legal_moves()[0])
>>> rec = record_of(m)
>>> replay(TablicRecord.from_text(rec.to_text())).moves == m.moves
True
"""

from __future__ import annotations

from typing import Final

from ..fishing.record import RecordError, RecordFormat
from .match import PhaseError, TablicMatch
from .rules import PRESETS, TablicRules, TablicRulesError

__all__ = ["FORMAT", "KIND", "RecordError", "TablicRecord", "record_of", "record_text",
           "replay"]

FORMAT: Final = "tablic-record"
RULE_TAGS: Final = {"Players": "players", "Partners": "partners", "Target": "target",
                    "TablaScoring": "tabla_scoring", "JackTabla": "jack_tabla",
                    "Leftover": "leftover"}
"""The text form's tag for each rules field a preset may change."""
KIND: Final = RecordFormat(format=FORMAT, presets=PRESETS, rule_tags=RULE_TAGS,
                           from_dict=TablicRules.from_dict, from_name=TablicRules.from_name,
                           rules_error=TablicRulesError, new_match=TablicMatch,
                           phase_error=PhaseError)
"""Tablić's record format."""

TablicRecord: Final = KIND
"""Reads a Tablić record: ``TablicRecord.from_json(data)``, ``TablicRecord.from_text(text)``."""
record_of, record_text, replay = KIND.record_of, KIND.record_text, KIND.replay
