"""Speed figures for California Jack: ``python -m cassino_core.calijack.bench [--quick]``.

Prints (asserts nothing; the machines are shared): random-play deals per second for each
variant, and the seconds per move of each computer level (the expert at its default budget
and at a fixed iteration count), the deals the expert samples in a move at its page
budget, with its longest move, and the deals it samples per second of CPU in each variant
(the page's budget in deals, whatever the machine's load), and for Shasta Sam the same with
the playouts before issue 16's tenth pass (the old code, in the same run). Runs in Pyodide too
(``node tests/pyodide/run_in_pyodide.mjs --module cassino_core.calijack.bench``).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from .game import Deal, deal
from .match import JackMatch
from .players import DEEP_STOCK, ExpertPlayer, Player, make_player
from .rules import JackRules
from .view import JackView, turn_views


def random_deals_per_second(variant: str, seconds: float = 1.0) -> float:
    """Deals dealt and played to the end with random legal cards, per second."""
    rules = JackRules.from_name(variant)
    rng = random.Random(1)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        d = Deal(deal(rules, count % 2, rng))
        while not d.finished:
            d.play(rng.choice(d.legal_plays()))
        d.score()
        count += 1
    return count / (time.perf_counter() - start)


def _self_play(player: Player, variant: str, seed: int,
               clock: Callable[[], float] = time.perf_counter
               ) -> Iterator[tuple[JackView, float]]:
    """Play a match of ``variant`` with ``player`` in both seats; yield each move's view and
    the seconds ``clock`` counted for its choice."""
    match = JackMatch(JackRules(variant), seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for view in turn_views(match):
        start = clock()
        card = player.choose(view, rng)
        seconds = clock() - start
        match.play(card)
        yield view, seconds


def seconds_per_move(level: str, *, moves: int = 40, variant: str = "california_jack",
                     budget_ms: int | None = None, iterations: int | None = None,
                     seed: int = 3) -> float:
    """Average thinking time of ``level`` over its first ``moves`` moves against itself."""
    player = make_player(level, budget_ms=budget_ms, iterations=iterations)
    spent = 0.0
    made = 0
    for _, seconds in _self_play(player, variant, seed):
        spent += seconds
        made += 1
        if made >= moves:
            break
    return spent / max(made, 1)


def expert_worlds(*, moves: int = 8, budget_ms: int = 1000, variant: str = "california_jack",
                  seed: int = 3) -> tuple[float, float]:
    """The expert's sampled deals per move at ``budget_ms`` (moves made while the stock lasts,
    so that it samples) and the longest move in seconds, over ``moves`` moves of a match
    against itself."""
    player = ExpertPlayer(budget_ms=budget_ms)
    worlds = 0
    made = 0
    longest = 0.0
    for _, seconds in _self_play(player, variant, seed):
        longest = max(longest, seconds)
        if player.last_worlds:
            worlds += player.last_worlds
            made += 1
            if made >= moves:
                break
    return worlds / max(made, 1), longest


def expert_worlds_per_cpu_second(variant: str = "california_jack", *, moves: int = 20,
                                 iterations: int = 100, seed: int = 3,
                                 counted: bool = True) -> float:
    """Sampled deals the expert plays out per second of this process's CPU time (not wall
    time, so a loaded machine gives about the figure of a quiet one): ``iterations`` deals a
    move over its first ``moves`` moves that sample with playouts (stock above
    :data:`~cassino_core.calijack.players.DEEP_STOCK`, more than one legal card) of a match
    against itself. The page's budget of ``budget_ms`` buys about this figure times
    ``budget_ms / 1000`` deals in CPython. ``counted=False``: the playouts before issue 16's
    tenth pass (:class:`~cassino_core.calijack.players.ExpertPlayer`'s ``counted``), for
    comparison in the same run."""
    player = ExpertPlayer(iterations=iterations, counted=counted)
    spent = 0.0
    made = 0
    for view, seconds in _self_play(player, variant, seed, time.process_time):
        if view.stock > DEEP_STOCK and len(view.legal) > 1:
            spent += seconds
            made += 1
            if made >= moves:
                break
    return made * iterations / max(spent, 1e-9)


def figures(quick: bool = False) -> dict[str, Any]:
    """All figures as a dict (see the module docstring)."""
    span = 0.3 if quick else 1.5
    moves = 6 if quick else 26
    out: dict[str, Any] = {"python": platform.python_version(),
                           "platform": sys.platform}
    for variant in ("california_jack", "shasta_sam"):
        out[f"random_deals_per_s[{variant}]"] = round(random_deals_per_second(variant, span), 1)
    for level in ("random", "beginner", "intermediate"):
        out[f"ms_per_move[{level}]"] = round(1000 * seconds_per_move(level, moves=moves * 2), 3)
    out["s_per_move[expert, iterations=50]"] = round(
        seconds_per_move("expert", moves=moves, iterations=50), 4)
    out["s_per_move[expert, budget 1000 ms]"] = round(
        seconds_per_move("expert", moves=2 if quick else 8), 4)
    worlds, longest = expert_worlds(moves=2 if quick else 8, budget_ms=200 if quick else 1000)
    out[f"expert_worlds_per_move[budget {200 if quick else 1000} ms]"] = round(worlds, 1)
    out["expert_longest_move_s"] = round(longest, 3)
    for variant in ("california_jack", "shasta_sam"):
        out[f"expert_worlds_per_cpu_s[{variant}]"] = round(
            expert_worlds_per_cpu_second(variant, moves=6 if quick else 20))
    out["expert_worlds_per_cpu_s[shasta_sam, playouts before the tenth pass]"] = round(
        expert_worlds_per_cpu_second("shasta_sam", moves=6 if quick else 20, counted=False))
    return out


def main(argv: list[str] | None = None) -> None:
    """Print the figures, one per line (or as JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = figures(args.quick)
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
