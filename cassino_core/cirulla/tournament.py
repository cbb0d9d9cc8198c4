"""Computer-against-computer matches of Cirulla, with figures: Scopa's tournament
(:mod:`cassino_core.scopa.tournament`) over Cirulla's presets, match and players.

``python -m cassino_core.cirulla.tournament --variant cirulla --a expert --b intermediate
--matches 4 --iterations 8 --seed 1`` plays ``matches`` matches, the two levels changing seats
every other match, and prints each level's wins with a 95% Wilson interval, its points and its
thinking time per move.
"""

from __future__ import annotations

from typing import Any

from ..scopa import tournament as shared
from .match import CirullaMatch
from .players import make_player
from .rules import PRESETS
from .view import cirulla_view

PARTS = shared.Parts(match=CirullaMatch, make_player=make_player, view=cirulla_view)
"""Cirulla's match, players and view."""


def play_match(variant: str, levels: list[str], seed: int, *, iterations: int | None = None,
               budget_ms: int | None = None) -> dict[str, Any]:
    """One match of a Cirulla preset (:func:`cassino_core.scopa.tournament.play_match`)."""
    return shared.play_match(variant, levels, seed, iterations=iterations,
                             budget_ms=budget_ms, presets=PRESETS, parts=PARTS)


def run(variant: str, a: str, b: str, matches: int, seed: int, iterations: int | None,
        budget_ms: int | None) -> dict[str, Any]:
    """Mirrored matches of ``a`` against ``b`` (:func:`cassino_core.scopa.tournament.run`)."""
    return shared.run(variant, a, b, matches, seed, iterations, budget_ms, presets=PRESETS,
                      parts=PARTS)


def main(argv: list[str] | None = None) -> None:
    """The command line (module docstring)."""
    shared.main(argv, presets=PRESETS, prog="python -m cassino_core.cirulla.tournament",
                parts=PARTS)


if __name__ == "__main__":
    main()
