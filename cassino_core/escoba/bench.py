"""Speed figures for Escoba (``python -m cassino_core.escoba.bench``): Scopa's bench
(:mod:`cassino_core.scopa.bench`) over Escoba's presets; figures, not assertions.

Prints random rounds per second for each preset, the median time of one legal-move list on
positions from random play, and one expert move with 12 sampled worlds.
"""

from __future__ import annotations

from ..scopa import bench as shared
from .rules import PRESETS


def main() -> None:
    """Print the figures for every Escoba preset."""
    shared.main({name: rules for name, rules in PRESETS.items()})


if __name__ == "__main__":
    main()
