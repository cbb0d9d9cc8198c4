"""Speed figures for the engine: ``python -m cassino_core.bench [--quick] [--json]``.

Prints figures, asserts nothing (the machines are shared and noisy):

- legal-move generation over a fixed set of positions (positions and moves per second),
- the slowest single position of that set, and a few crowded tables (20+ loose cards, builds),
- random two-player rounds per second, and heuristic-player moves per second,
- seconds per move of each computer level (the expert at its default 1000 ms budget, with the
  number of sampled deals that budget allowed),
- for every preset (and 3, 4 and 6 players in Classic): legal-move positions per second and
  random rounds per second.

The same module runs inside Pyodide (``make bench`` runs it under Node too), so the figures of
CPython and of the browser's Python can be set side by side.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from functools import partial

from .cards import Card
from .expert import ExpertPlayer
from .game import Round, RoundState
from .match import Match
from .movegen import families_for, select
from .players import ALL_LEVELS, HeuristicPlayer, make_player
from .rules import CLASSIC, PRESETS, Rules
from .table import Build
from .view import seat_view


def sample_positions(count: int, seed: int = 2024) -> list[RoundState]:
    """``count`` positions met in seeded random play (fixed for a given seed)."""
    rng = random.Random(seed)
    out: list[RoundState] = []
    round_seed = 0
    while len(out) < count:
        r = Round.deal(CLASSIC, dealer=round_seed % 2, seed=round_seed)
        round_seed += 1
        while not r.finished and len(out) < count:
            out.append(r.state)
            r.play(rng.choice(r.legal_moves()))
    return out


def preset_figures(quick: bool = False) -> dict[str, dict[str, float]]:
    """Per ruleset: legal-move positions per second over the positions of seeded random rounds,
    and random rounds per second (dealing, moves and scoring)."""
    rulesets: dict[str, Rules] = dict(PRESETS)
    for players in (3, 4, 6):
        rulesets[f"classic, {players} players"] = CLASSIC.replace(players=players)
    rounds = 3 if quick else 12
    out: dict[str, dict[str, float]] = {}
    for name, rules in rulesets.items():
        rng = random.Random(11)
        states: list[RoundState] = []
        start = time.perf_counter()
        for seed in range(rounds):
            r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
            while not r.finished:
                states.append(r.state)
                r.play(rng.choice(r.legal_moves()))
        round_time = time.perf_counter() - start
        start = time.perf_counter()
        for state in states:
            state.legal_moves()
        move_time = time.perf_counter() - start
        out[name] = {"positions_per_s": round(len(states) / move_time),
                     "rounds_per_s": round(rounds / round_time, 1)}
    return out


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def crowded_positions() -> dict[str, RoundState]:
    """Hand-made crowded tables: many small loose cards, and builds beside them."""
    def make(hand: str, loose: str, builds: tuple[Build, ...] = ()) -> RoundState:
        return Round.from_position(CLASSIC, hands=[_cards(hand), _cards("KD")],
                                   loose=_cards(loose), builds=builds, turn=0).state

    b8 = Build(groups=((Card(6, "C"), Card(2, "C")),), value=8, multiple=False, owner=1)
    b9 = Build(groups=((Card(9, "C"),), (Card(5, "C"), Card(4, "C"))), value=9, multiple=True,
               owner=1)
    return {
        "21 loose (A-5 x3, courts x6) + 4-card hand": make(
            "TS TH 9H 8H", "AS 2S 3S 4S 5S AH 2H 3H 4H 5H AD 2D 3D 4D 5D JS QS KS JH QH KH"),
        "22 loose mixed + 2 builds": make(
            "TH 9H 8H 7H", "AS 2S 3S 4S 6S 7S AH 3H 4H 6D 7D 8D 9D TD JS QS KS JH QH KH JC QC",
            (b8, b9)),
        "21 loose A-9 spades/hearts + courts": make(
            "TC 9C 8C 7C", "AS 2S 3S 4S 5S 6S 7S 8S 9S AH 2H 3H 4H 5H 6H 7H 8H 9H JS QS KS"),
    }


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def run(quick: bool = False) -> dict[str, object]:
    """Measure and return the figures (seconds, counts, rates)."""
    figures: dict[str, object] = {
        "python": sys.version.split()[0], "implementation": platform.python_implementation(),
        "platform": sys.platform,
    }
    positions = sample_positions(500 if quick else 3000)
    moves = 0
    worst = (0.0, 0)
    start = time.perf_counter()
    for state in positions:
        t, result = _timed(state.legal_moves)
        assert isinstance(result, list)
        moves += len(result)
        worst = max(worst, (t, len(result)))
    elapsed = time.perf_counter() - start
    figures["sampled_positions"] = len(positions)
    figures["positions_per_s"] = round(len(positions) / elapsed)
    figures["moves_per_s"] = round(moves / elapsed)
    figures["worst_sampled_ms"] = round(worst[0] * 1000, 2)
    figures["worst_sampled_moves"] = worst[1]
    crowded: dict[str, object] = {}
    for name, state in crowded_positions().items():
        t, result = _timed(state.legal_moves)
        assert isinstance(result, list)
        # What the page does on such a table: count the moves, then one selection query.
        t_count, families = _timed(partial(families_for, state.rules, state.hands[state.turn],
                                           state.loose, state.builds, state.turn))
        t_select, _ = _timed(partial(select, state.rules, state.hands[state.turn], state.loose,
                                     state.builds, state.turn, state.hands[state.turn][0],
                                     frozenset()))
        assert isinstance(families, list)
        crowded[name] = {"ms": round(t * 1000, 1), "moves": len(result),
                         "families": len(families), "families_ms": round(t_count * 1000, 1),
                         "select_ms": round(t_select * 1000, 1)}
    figures["crowded"] = crowded

    rounds = 20 if quick else 100
    rng = random.Random(7)
    start = time.perf_counter()
    for seed in range(rounds):
        r = Round.deal(CLASSIC, dealer=seed % 2, seed=seed)
        while not r.finished:
            r.play(rng.choice(r.legal_moves()))
    figures["random_rounds_per_s"] = round(rounds / (time.perf_counter() - start), 1)

    player = HeuristicPlayer()
    match = Match(CLASSIC, seed=3)
    decisions = 0
    start = time.perf_counter()
    while match.state.phase != "match_over" and decisions < (200 if quick else 1000):
        if match.state.phase == "round_over":
            match.next_round()
            continue
        view = seat_view(match.state, match.state.round.turn)
        match.play(player.choose(view, rng))
        decisions += 1
    figures["heuristic_moves_per_s"] = round(decisions / (time.perf_counter() - start))
    figures["levels"] = level_figures(quick)
    figures["presets"] = preset_figures(quick)
    return figures


def level_figures(quick: bool = False) -> dict[str, dict[str, float]]:
    """Seconds per move of each level over the first moves of a two-player Classic match
    (every seat at that level); for the expert (default budget) also the mean number of
    sampled deals a move weighed."""
    out: dict[str, dict[str, float]] = {}
    for level in ALL_LEVELS:
        player = make_player(level)
        limit = (6 if quick else 24) if level == "expert" else (100 if quick else 400)
        rng = random.Random(5)
        match = Match(CLASSIC, seed=5)
        spent = 0.0
        samples = 0
        for _ in range(limit):
            if match.state.phase == "round_over":
                match.next_round()
            if match.state.phase != "play":
                break
            view = seat_view(match.state, match.state.round.turn)
            start = time.perf_counter()
            move = player.choose(view, rng)
            spent += time.perf_counter() - start
            if isinstance(player, ExpertPlayer):
                samples += player.last_samples
            match.play(move)
        row = {"seconds_per_move": round(spent / limit, 4)}
        if level == "expert":
            row["samples_per_move"] = round(samples / limit, 1)
        out[level] = row
    return out


def report(figures: dict[str, object]) -> str:
    """The figures as readable lines."""
    lines = [f"cassino_core bench on {figures['implementation']} {figures['python']} "
             f"({figures['platform']})",
             f"  legal moves, {figures['sampled_positions']} sampled positions: "
             f"{figures['positions_per_s']} positions/s, {figures['moves_per_s']} moves/s",
             f"  slowest sampled position: {figures['worst_sampled_ms']} ms "
             f"({figures['worst_sampled_moves']} moves)"]
    crowded = figures["crowded"]
    assert isinstance(crowded, dict)
    for name, row in crowded.items():
        lines.append(f"  crowded table, {name}: every move {row['ms']} ms ({row['moves']} "
                     f"moves); families {row['families_ms']} ms ({row['families']}); "
                     f"one selection {row['select_ms']} ms")
    lines.append(f"  random two-player rounds: {figures['random_rounds_per_s']} rounds/s")
    lines.append(f"  heuristic player: {figures['heuristic_moves_per_s']} moves/s")
    levels = figures["levels"]
    assert isinstance(levels, dict)
    for level, row in levels.items():
        extra = (f", {row['samples_per_move']} sampled deals a move"
                 if "samples_per_move" in row else "")
        lines.append(f"  computer level {level}: {row['seconds_per_move']} s a move{extra}")
    presets = figures["presets"]
    assert isinstance(presets, dict)
    lines.append("  per ruleset (random play): legal moves positions/s, whole rounds/s")
    for name, row in presets.items():
        lines.append(f"    {name:<22} {row['positions_per_s']:>7} positions/s "
                     f"{row['rounds_per_s']:>7} rounds/s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Command line: print the figures (``--json`` for machine-readable output)."""
    parser = argparse.ArgumentParser(prog="python -m cassino_core.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    args = parser.parse_args(argv)
    figures = run(quick=args.quick)
    print(json.dumps(figures) if args.json else report(figures))


if __name__ == "__main__":
    main()
