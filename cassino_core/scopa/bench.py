"""Speed figures for Scopa (``python -m cassino_core.scopa.bench``): figures, not assertions.

Prints random rounds per second for each preset, the median time of one legal-move list on
positions from random play, and one expert move with 12 sampled worlds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping

from ..fishing import bench as fishing_bench
from .game import deal_round
from .players import make_player
from .rules import PRESETS, ScopaRules
from .view import round_view


def rounds_per_second(name: str, rounds: int = 200,
                      presets: Mapping[str, ScopaRules] = PRESETS) -> float:
    """Random rounds of preset ``name`` played per second."""
    return fishing_bench.rounds_per_second(presets[name], deal_round, rounds)


def legal_moves_median_us(name: str, positions: int = 2000,
                          presets: Mapping[str, ScopaRules] = PRESETS) -> float:
    """Median microseconds of one ``legal_moves()`` on positions from random play."""
    return fishing_bench.legal_moves_median_us(presets[name], deal_round, positions)


def expert_ms(name: str, moves: int = 30, iterations: int = 12,
              presets: Mapping[str, ScopaRules] = PRESETS) -> float:
    """Mean milliseconds of one expert move (``iterations`` sampled worlds) in random play."""
    rules = presets[name]
    rng = random.Random(3)
    expert = make_player("expert", iterations=iterations)
    spent = 0.0
    done = 0
    while done < moves:
        state = deal_round(rules, 0, rng)
        while not state.finished and done < moves:
            view = round_view(state, state.turn)
            start = time.perf_counter()
            move = expert.choose(view, rng)
            spent += time.perf_counter() - start
            done += 1
            state = state.play(move)
    return spent / moves * 1000


def main(presets: Mapping[str, ScopaRules] = PRESETS) -> None:
    """Print the figures for every preset (Scopa's, or another game's on this engine)."""
    for name in presets:
        print(f"{name:<17} {rounds_per_second(name, presets=presets):7.0f} random rounds/s   "
              f"legal moves median {legal_moves_median_us(name, presets=presets):6.1f} us   "
              f"expert move (12 worlds) {expert_ms(name, presets=presets):6.1f} ms", flush=True)


if __name__ == "__main__":
    main()
