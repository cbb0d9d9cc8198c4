"""What the speed figures of the fishing games share (figures, never assertions): random
rounds per second, and the median time of one legal-move list on positions from random play,
for any game's ``deal_round(rules, dealer, rng)`` (Scopa's :mod:`cassino_core.scopa.bench`,
used by Escoba's; Pishti's :mod:`cassino_core.pishti.bench`).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

__all__ = ["legal_moves_median_us", "rounds_per_second"]

Deal = Callable[[Any, int, random.Random], Any]


def rounds_per_second(rules: Any, deal_round: Deal, rounds: int) -> float:
    """Random rounds under ``rules`` played per second (each dealt by ``deal_round``)."""
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(rounds):
        state = deal_round(rules, 0, rng)
        while not state.finished:
            state = state.play(rng.choice(state.legal_moves()))
    return rounds / (time.perf_counter() - start)


def legal_moves_median_us(rules: Any, deal_round: Deal, positions: int) -> float:
    """Median microseconds of one ``legal_moves()`` on ``positions`` positions from random
    play under ``rules``."""
    rng = random.Random(2)
    times: list[float] = []
    while len(times) < positions:
        state = deal_round(rules, 0, rng)
        while not state.finished and len(times) < positions:
            start = time.perf_counter()
            moves = state.legal_moves()
            times.append(time.perf_counter() - start)
            state = state._apply(rng.choice(moves))
    return statistics.median(times) * 1e6
