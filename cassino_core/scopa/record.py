"""Records of Scopa, Scopone and Hurricane matches: rules, seed and every move, as JSON and as
text (the forms of :mod:`cassino_core.fishing.record`, format ``"scopa-record"``);
:func:`replay` plays every move through the match's own checks, so a record that breaks a rule
is refused whole, never half loaded.

The seed fixes every deal (:class:`~cassino_core.scopa.match.ScopaMatch`), so a record needs
only the rules, the seed and the moves of each round (in the notation of
:mod:`cassino_core.moves`: ``"5C t"`` trails, ``"QS x 2C 7S"`` captures). The text form has one
tag per rules field a preset may change (:data:`RULE_TAGS`); a round holds at most 40 moves,
one per card of the Italian pack.

JSON form: ``{"format": "scopa-record", "version": 1, "rules": {"name": "scopa", "variant":
"scopa", "players": 2, ...}, "seed": 42, "rounds": [["5C t", "QS x 2C 7S", ...], [...]],
"tags": {"Seats": "human computer", "Result": "11-7"}}``.

>>> from cassino_core.scopa.rules import ScopaRules
>>> m = ScopaMatch(ScopaRules(), seed=42)
>>> m.play(m.legal_moves()[0])
>>> rec = record_of(m)
>>> replay(ScopaRecord.from_text(rec.to_text())).moves == m.moves
True
"""

from __future__ import annotations

from typing import Final

from ..fishing.record import RecordError, RecordFormat
from .match import PhaseError, ScopaMatch
from .rules import PRESETS, ScopaRules, ScopaRulesError

__all__ = ["FORMAT", "KIND", "RULE_TAGS", "RecordError", "ScopaRecord", "record_of",
           "record_text", "replay"]

FORMAT: Final = "scopa-record"
RULE_TAGS: Final = {"Players": "players", "HandSize": "hand_size", "TableCards": "table_cards",
                    "Target": "target", "Napola": "napola", "RedealKings": "redeal_kings",
                    "LastPlaySweep": "last_play_sweep"}
"""The text form's tag for each rules field a preset may change."""
MAX_MOVES: Final = 40
"""A round has at most 40 moves (one per card of the pack)."""
KIND: Final = RecordFormat(format=FORMAT, presets=PRESETS, rule_tags=RULE_TAGS,
                           from_dict=ScopaRules.from_dict, from_name=ScopaRules.from_name,
                           rules_error=ScopaRulesError, new_match=ScopaMatch,
                           phase_error=PhaseError, max_moves=MAX_MOVES)
"""Scopa's record format."""

ScopaRecord: Final = KIND
"""Reads a Scopa record: ``ScopaRecord.from_json(data)``, ``ScopaRecord.from_text(text)``."""
record_of, record_text, replay = KIND.record_of, KIND.record_text, KIND.replay
