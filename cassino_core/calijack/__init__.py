"""California Jack and its variant Shasta Sam: a two-player trick-taking game [seed 001].

Modules: :mod:`.rules` (:class:`JackRules`, presets), :mod:`.game` (one deal: :class:`Deal`,
:class:`DealState`, legal plays, tricks, scoring), :mod:`.match` (:class:`JackMatch`, to 10),
:mod:`.view` (:class:`JackView`, what one seat knows), :mod:`.players` (levels), :mod:`.search`
(the expert's compact deal state and exact search), :mod:`.hints`,
:mod:`.record`, :mod:`.tournament`, :mod:`.api` (:class:`JackSession`), :mod:`.bench`.
docs/calijack.md describes the rules we play and the JSON API.
"""

from __future__ import annotations

from .game import Deal, DealScore, DealState, IllegalMoveError, score_deal
from .match import JackMatch, PhaseError
from .rules import CALIFORNIA_JACK, PRESETS, SHASTA_SAM, JackRules, JackRulesError
from .view import JackView, jack_view

__all__ = [
    "CALIFORNIA_JACK", "PRESETS", "SHASTA_SAM", "Deal", "DealScore", "DealState",
    "IllegalMoveError", "JackMatch", "JackRules", "JackRulesError", "JackView", "PhaseError",
    "jack_view", "score_deal",
]
