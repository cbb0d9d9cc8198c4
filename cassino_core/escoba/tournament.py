"""Computer-against-computer matches of Escoba, with figures: Scopa's tournament
(:mod:`cassino_core.scopa.tournament`) over Escoba's presets.

``python -m cassino_core.escoba.tournament --variant escoba --a expert --b intermediate
--matches 10 --iterations 12 --seed 1`` plays ``matches`` matches, the two levels changing
seats every other match, and prints each level's wins with a 95% Wilson interval, its points
and its thinking time per move.

>>> out = play_match("escoba", ["random", "random"], 7)
>>> out["winner"] in (0, 1), out["points"][out["winner"]] >= 15
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..scopa import tournament as shared
from .rules import PRESETS


def play_match(variant: str, levels: list[str], seed: int, *, iterations: int | None = None,
               budget_ms: int | None = None) -> dict[str, Any]:
    """One match of an Escoba preset (:func:`cassino_core.scopa.tournament.play_match`)."""
    return shared.play_match(variant, levels, seed, iterations=iterations,
                             budget_ms=budget_ms, presets=PRESETS)


def run(variant: str, a: str, b: str, matches: int, seed: int, iterations: int | None,
        budget_ms: int | None) -> dict[str, Any]:
    """Mirrored matches of ``a`` against ``b`` (:func:`cassino_core.scopa.tournament.run`)."""
    return shared.run(variant, a, b, matches, seed, iterations, budget_ms, presets=PRESETS)


def main(argv: list[str] | None = None) -> None:
    """The command line (module docstring)."""
    shared.main(argv, presets=PRESETS, prog="python -m cassino_core.escoba.tournament")


if __name__ == "__main__":
    main()
