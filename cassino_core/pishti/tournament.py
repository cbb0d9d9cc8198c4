"""Computer levels against each other, on the same deals with the seats swapped.

``python -m cassino_core.pishti.tournament [--variant pishti] [--rounds 40] [--iterations 20]
[--seed 1] A B`` plays ``rounds`` pairs of rounds between the levels ``A`` and ``B`` (each
deal twice, each level once in each seat, so luck of the cards cancels) and prints each
level's average points per round, the average margin and how many rounds each won
(:mod:`cassino_core.fishing.tournament`). ``A`` and ``B`` may name the measuring levels of
:data:`cassino_core.pishti.players.EXTRA_LEVELS` too. Two players only (four-player presets
are played by two of each level as partners).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

from ..fishing import tournament
from .game import Round, deal_round
from .players import tournament_player
from .rules import PRESETS, PishtiRules
from .view import round_view

PARTS: Final = tournament.Parts(deal_round=deal_round, new_round=Round,
                                make_player=tournament_player, round_view=round_view)
"""What Pishti lends the shared tournament."""


def play_round(rules: PishtiRules, seed: int, levels: Sequence[str],
               iterations: int | None) -> tuple[int, ...]:
    """Play one round dealt from ``seed`` with ``levels[seat % len(levels)]`` at each seat;
    returns the points of each side (its round score)."""
    return tournament.play_round(PARTS, rules, seed, levels, iterations)


def duel(rules: PishtiRules, a: str, b: str, rounds: int, seed: int,
         iterations: int | None) -> dict[str, float]:
    """``rounds`` pairs of rounds between levels ``a`` and ``b``
    (:func:`cassino_core.fishing.tournament.duel`)."""
    return tournament.duel(PARTS, rules, a, b, rounds, seed, iterations)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line (module docstring)."""
    return tournament.main(PARTS, PRESETS, argv, prog="python -m cassino_core.pishti.tournament",
                           default="pishti")


if __name__ == "__main__":
    sys.exit(main())
