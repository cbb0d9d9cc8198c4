"""Computer levels against each other, on the same deals with the seats swapped.

``python -m cassino_core.tablic.tournament [--variant tablic] [--rounds 40] [--iterations 20]
[--seed 1] A B`` plays ``rounds`` pairs of rounds between the levels ``A`` and ``B`` (each
deal twice, each level once in each seat, so luck of the cards cancels) and prints each
level's average points per round, the average margin and how many rounds each won
(:mod:`cassino_core.fishing.tournament`). Four-player presets are played by two of each level
(partners in ``tablic_four``, alternating seats in ``tablic_four_solo``, where only seats 0
and 1 are counted).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

from ..fishing import tournament
from .game import Round, deal_round
from .players import make_player
from .rules import PRESETS
from .view import round_view

PARTS: Final = tournament.Parts(deal_round=deal_round, new_round=Round,
                                make_player=make_player, round_view=round_view)
"""What Tablić lends the shared tournament."""


def main(argv: Sequence[str] | None = None) -> int:
    """Command line (module docstring)."""
    return tournament.main(PARTS, PRESETS, argv, prog="python -m cassino_core.tablic.tournament",
                           default="tablic")


if __name__ == "__main__":
    sys.exit(main())
