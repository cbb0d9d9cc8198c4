"""Records of Pishti, Xeri and Basra matches: rules, seed and every move, as JSON and as text
(the forms of :mod:`cassino_core.fishing.record`, format ``"pishti-record"``); :func:`replay`
plays every move through the match's own checks.

The seed fixes every deal (:class:`~cassino_core.pishti.match.PishtiMatch`), so a record needs
only the rules, the seed and the moves of each round: ``"5C t"`` adds a card to the table,
``"JS x 5C 9H"`` takes (in a pile game it names the face-up cards taken).

>>> m = PishtiMatch(PishtiRules(), seed=42)
>>> m.play(m.legal_moves()[0])
>>> rec = record_of(m)
>>> replay(PishtiRecord.from_text(rec.to_text())).moves == m.moves
True
"""

from __future__ import annotations

from typing import Final

from ..fishing.record import RecordError, RecordFormat
from .match import PhaseError, PishtiMatch
from .rules import PRESETS, PishtiRules, PishtiRulesError

__all__ = ["FORMAT", "KIND", "PishtiRecord", "RecordError", "record_of", "record_text",
           "replay"]

FORMAT: Final = "pishti-record"
RULE_TAGS: Final = {"Players": "players", "HandSize": "hand_size", "Target": "target",
                    "PistiPoints": "pisti_points", "JackPistiPoints": "jack_pisti_points",
                    "LastCardPisti": "last_card_pisti", "ShowBottom": "show_bottom"}
"""The text form's tag for each rules field a preset may change."""
KIND: Final = RecordFormat(format=FORMAT, presets=PRESETS, rule_tags=RULE_TAGS,
                           from_dict=PishtiRules.from_dict, from_name=PishtiRules.from_name,
                           rules_error=PishtiRulesError, new_match=PishtiMatch,
                           phase_error=PhaseError)
"""Pishti's record format."""

PishtiRecord: Final = KIND
"""Reads a Pishti record: ``PishtiRecord.from_json(data)``, ``PishtiRecord.from_text(text)``."""
record_of, record_text, replay = KIND.record_of, KIND.record_text, KIND.replay
