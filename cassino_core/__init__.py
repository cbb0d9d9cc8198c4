"""Cassino, the fishing card game: a rules engine with no dependencies.

Start with :class:`~cassino_core.match.Match` (a match to 21) or
:class:`~cassino_core.game.Round` (one round, also from any position), and
:data:`~cassino_core.rules.CLASSIC`. The web page uses :mod:`cassino_core.api`.
"""

from .cards import Card, CardError
from .game import Round, RoundState
from .match import Match, MatchState
from .moves import BuildMove, Capture, IllegalMoveError, Move, MoveError, Trail
from .rules import CLASSIC, NotSupportedError, Rules, RulesError
from .table import Build, PositionError

__version__ = "0.1.0"

__all__ = [
    "CLASSIC", "Build", "BuildMove", "Capture", "Card", "CardError", "IllegalMoveError",
    "Match", "MatchState", "Move", "MoveError", "NotSupportedError", "PositionError", "Round",
    "RoundState", "Rules", "RulesError", "Trail",
]
