"""Speed figures for Tablić and Tablanette (``python -m cassino_core.tablic.bench``): random
rounds per second for each preset, the median time of one legal-move list on positions from
random play, and the median time of one expert move with 10 sampled worlds
(:func:`cassino_core.fishing.bench.print_figures`). Figures, not assertions.
"""

from __future__ import annotations

from ..fishing.bench import print_figures
from .rules import PRESETS
from .tournament import PARTS

if __name__ == "__main__":
    print_figures(PRESETS, PARTS)
