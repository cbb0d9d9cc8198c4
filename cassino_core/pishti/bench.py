"""Speed figures for Pishti, Xeri and Basra (``python -m cassino_core.pishti.bench``): figures,
not assertions.

Prints random rounds per second for each preset, the median time of one legal-move list on
positions from random play, and the median time of one expert move with 10 sampled worlds.
"""

from __future__ import annotations

import random
import statistics
import time

from ..fishing import bench as fishing_bench
from .game import deal_round
from .players import make_player
from .rules import PRESETS
from .view import round_view


def rounds_per_second(name: str, rounds: int = 100) -> float:
    """Random rounds of preset ``name`` played per second."""
    return fishing_bench.rounds_per_second(PRESETS[name], deal_round, rounds)


def legal_moves_median_us(name: str, positions: int = 1000) -> float:
    """Median microseconds of one ``legal_moves()`` on positions from random play."""
    return fishing_bench.legal_moves_median_us(PRESETS[name], deal_round, positions)


def expert_move_median_ms(name: str, moves: int = 12, iterations: int = 10) -> float:
    """Median milliseconds of one expert decision (``iterations`` sampled worlds) on the
    first ``moves`` decisions of a round with more than one legal move."""
    rules = PRESETS[name]
    rng = random.Random(3)
    state = deal_round(rules, 0, rng)
    player = make_player("expert", iterations=iterations)
    times: list[float] = []
    while not state.finished and len(times) < moves:
        view = round_view(state, state.turn)
        start = time.perf_counter()
        move = player.choose(view, rng)
        if len(view.legal) > 1:
            times.append(time.perf_counter() - start)
        state = state.play(move)
    return statistics.median(times) * 1000 if times else 0.0


def main() -> None:
    """Print the figures for every preset."""
    for name in PRESETS:
        print(f"{name:13} {rounds_per_second(name):7.1f} random rounds/s   "
              f"legal_moves {legal_moves_median_us(name):6.1f} µs   "
              f"expert move (10 worlds) {expert_move_median_ms(name):7.1f} ms")


if __name__ == "__main__":
    main()
