"""What the speed figures of the fishing games share (figures, never assertions): random
rounds per second, and the median time of one legal-move list on positions from random play,
for any game's ``deal_round(rules, dealer, rng)`` (Scopa's :mod:`cassino_core.scopa.bench`,
used by Escoba's; Pishti's :mod:`cassino_core.pishti.bench`; Tablić's
:mod:`cassino_core.tablic.bench`), and the median time of one expert decision.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["expert_move_median_ms", "legal_moves_median_us", "rounds_per_second"]

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


def expert_move_median_ms(rules: Any, deal_round: Deal, make_player: Callable[..., Any],
                          round_view: Callable[[Any, int], Any], moves: int = 12,
                          iterations: int = 10) -> float:
    """Median milliseconds of one expert decision (``iterations`` sampled worlds) on the
    first ``moves`` decisions of a round with more than one legal move."""
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


def print_figures(presets: Mapping[str, Any], parts: Any, rounds: int = 100,
                  positions: int = 1000) -> None:
    """Print, for every preset, random rounds per second, the median ``legal_moves()`` time
    and the median expert decision with 10 sampled worlds; ``parts`` is the game's
    :class:`~cassino_core.fishing.tournament.Parts` (Pishti's and Tablić's benches)."""
    for name, rules in presets.items():
        rps = rounds_per_second(rules, parts.deal_round, rounds)
        legal = legal_moves_median_us(rules, parts.deal_round, positions)
        expert = expert_move_median_ms(rules, parts.deal_round, parts.make_player,
                                       parts.round_view)
        print(f"{name:17} {rps:7.1f} random rounds/s   legal_moves {legal:6.1f} µs   "
              f"expert move (10 worlds) {expert:7.1f} ms", flush=True)
