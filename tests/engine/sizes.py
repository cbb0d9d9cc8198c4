"""How big the engine's slowest sweeps and property tests run.

``make test`` (and CI) runs each at a short size that still reaches every case it is written
for; ``CASSINO_TESTS_LONG=1`` (``make test-long``) runs the full size, as before the split, for
a nightly or a change to move generation. Each call site names both sizes, so the long run is
exactly what the suite used to be.
"""

from __future__ import annotations

import os

LONG = os.environ.get("CASSINO_TESTS_LONG") == "1"
"""True under ``CASSINO_TESTS_LONG=1``: every sized test at its full size, and the browser
tests' permutations (tests/e2e/conftest.py ``permuted``) collected."""


def sized(short: int, full: int) -> int:
    """``full`` in the long run, else ``short`` (counts of positions, examples, moves)."""
    return full if LONG else short
