"""Speed figures for Pishti, Xeri and Basra (``python -m cassino_core.pishti.bench``): figures,
not assertions.

Prints random rounds per second for each preset, the median time of one legal-move list on
positions from random play, and the median time of one expert move with 10 sampled worlds
(:func:`cassino_core.fishing.bench.print_figures`).
"""

from __future__ import annotations

from ..fishing import bench as fishing_bench
from .game import deal_round
from .players import make_player
from .rules import PRESETS
from .view import round_view


def main() -> None:
    """Print the figures for every preset."""
    fishing_bench.print_figures(PRESETS, deal_round, make_player, round_view)


if __name__ == "__main__":
    main()
