"""Speed figures for the engine: ``python -m cassino_core.bench [--quick] [--json]``.

Prints figures, asserts nothing (the machines are shared and noisy):

- legal-move generation over a fixed set of positions (positions and moves per second),
- the slowest single position of that set, and a few crowded tables (20+ loose cards, builds),
- random two-player rounds per second, and heuristic-player moves per second,
- seconds per move of each computer level (the expert at its default 1000 ms budget, with the
  number of sampled deals that budget allowed),
- for every preset (and 3, 4 and 6 players in Classic): legal-move positions per second and
  random rounds per second, on the engine and on the playout core;
- the playout core (:mod:`cassino_core.playout`) beside the engine in the same run: random
  two-player Classic rounds per second (from emptied caches, then the same rounds again with the
  caches warm, then :data:`STEADY_ROUNDS` new rounds after :data:`SETTLE_ROUNDS` others), the
  median time of a legal-move list over positions from real play (intermediate against
  intermediate, each position listed once), and the expert's sampled deals per second of searching
  (moves decided by sampling, 200 ms budget) with its playouts on the engine and on the core,
  and beside them the interpreter alone, running a fixed mix of the operations the core's loops
  use most, without engine code (on 52-bit masks and on small ints). In
  CPython these figures are in CPU time of this process (``time.process_time``), so that the
  engine and the core, measured one after the other, are compared fairly on a loaded machine; in
  Pyodide (whose process_time is not that) in wall time; ``--clock`` chooses.

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
from .match import Match, MatchState
from .movegen import families_for, select
from .players import ALL_LEVELS, HeuristicPlayer, make_player
from .playout import Playout, core_for, supported
from .rules import CLASSIC, PRESETS, Rules
from .table import Build
from .view import SeatView, seat_view


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
        if supported(rules):
            cores = [Playout.of(s) for s in states]
            start = time.perf_counter()
            for p in cores:
                p.legal()
            out[name]["core_positions_per_s"] = round(len(cores) / (time.perf_counter() - start))
            out[name]["core_rounds_per_s"] = round(_core_rounds(rules, 5 * rounds), 1)
    return out


SETTLE_ROUNDS = 1600
"""Fresh random rounds the core plays, untimed, before the steady figure of
:func:`core_figures`: about where its caches stop gaining (2026-12-07, Classic: 1,737 rounds a
second over the first 400 seeds from emptied caches, 1,958-2,136 from seed 1,200 on)."""
STEADY_ROUNDS = 400
"""The new rounds timed for that figure, once the core has played :data:`SETTLE_ROUNDS`."""


INTERPRETER_LOOPS = 200_000
"""The loops of :func:`_interpreter_loops` timed for each of its figures."""

_MASK_BITS = (1 << 52) - 1
_NIBBLE_ONES = 0x1111111111111


def _interpreter_loops(wide: bool, loops: int = INTERPRETER_LOOPS) -> float:
    """Loops a second of a fixed mix of plain Python operations, no engine code: the runtime's
    own speed, to set beside the core's figures when CPython and Pyodide are compared (the
    core cannot be nearer to CPython in Pyodide than the interpreter under it is).

    Each loop does what the playout core's inner loops do most: a list index, the lowest bit
    of a mask and its ``bit_length``, a shift, a nibble mask and a ``bit_count``, a dict
    ``get``, a small tuple, additions. ``wide``: the masks are 52-bit, as the core's card
    masks and packed counts are (two 30-bit digits in both runtimes); else under 2**10
    (single-digit ints). Best of three runs."""
    if wide:
        values = [((k * 0x9E3779B97F4A7C15) >> 12) & _MASK_BITS for k in range(64)]
    else:
        values = [k * 7 % 1000 for k in range(64)]
    table = {k: k & 7 for k in range(1024)}
    best = float("inf")
    for _ in range(3):
        total = 0
        start = _clock()
        for i in range(loops):
            m = values[i & 63]
            low = m & -m
            total += low.bit_length() + ((m >> 4) & _NIBBLE_ONES).bit_count()
            total += table.get(m & 1023, 0)
            pair = (i, low, total)
            total = (total + len(pair)) & 0xFFFFFFF
        best = min(best, _clock() - start)
    return loops / best


def _core_rounds(rules: Rules, rounds: int, first_seed: int = 0) -> float:
    """Random rounds a second on the playout core (dealing, moves, scoring), one round per
    seed from ``first_seed`` on (the deal's generator; the moves' is seeded 7)."""
    rng = random.Random(7)
    start = _clock()
    for seed in range(first_seed, first_seed + rounds):
        p = Playout.new(rules, seed % rules.players, random.Random(seed))
        while not p.finished:
            p.play(rng.choice(p.legal()))
        p.score()
    return rounds / (_clock() - start)


def real_play_positions(count: int, seed: int = 5) -> list[RoundState]:
    """``count`` positions met when the intermediate plays itself (two-player Classic)."""
    return [state.round for state in real_play_matches(count, seed)]


def real_play_matches(count: int, seed: int = 5) -> list[MatchState]:
    """The match states of :func:`real_play_positions` (``count`` of them, a match a seed
    from ``seed`` on), for what needs the page's view of each (``seat_view``)."""
    rng = random.Random(seed)
    player = HeuristicPlayer()
    out: list[MatchState] = []
    match = Match(CLASSIC, seed=seed)
    while len(out) < count:
        if match.state.phase == "match_over":
            seed += 1
            match = Match(CLASSIC, seed=seed)
        if match.state.phase == "round_over":
            match.next_round()
            continue
        out.append(match.state)
        match.play(player.choose(seat_view(match.state, match.state.round.turn), rng))
    return out


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def core_figures(quick: bool = False) -> dict[str, float]:
    """The playout core beside the engine (see the module docstring)."""
    out: dict[str, float] = {}
    out["interpreter_mask_loops_per_s"] = round(_interpreter_loops(wide=True))
    out["interpreter_small_loops_per_s"] = round(_interpreter_loops(wide=False))
    rounds = 10 if quick else 40
    rng = random.Random(7)
    start = _clock()
    for seed in range(rounds):
        r = Round.deal(CLASSIC, dealer=seed % 2, seed=seed)
        while not r.finished:
            r.play(rng.choice(r.legal_moves()))
        r.state.score()
    out["engine_rounds_per_s"] = round(rounds / (_clock() - start), 1)
    core_for(CLASSIC)._trim()
    out["core_rounds_per_s"] = round(_core_rounds(CLASSIC, 10 * rounds), 1)
    # The same rounds again: the core's caches now hold what they need (as in a long game).
    out["core_rounds_warm_per_s"] = round(_core_rounds(CLASSIC, 10 * rounds), 1)
    # New rounds once the caches have settled: a tournament's or a long session's case, where
    # every deal is new but the loose tables met before come back.
    _core_rounds(CLASSIC, SETTLE_ROUNDS, first_seed=10 * rounds)
    out["core_rounds_steady_per_s"] = round(
        _core_rounds(CLASSIC, STEADY_ROUNDS, first_seed=10 * rounds + SETTLE_ROUNDS), 1)
    positions = real_play_positions(300 if quick else 2000)
    engine_times = []
    for state in positions:
        t, _ = _cpu_timed(state.legal_moves)
        engine_times.append(t)
    cores = [Playout.of(state) for state in positions]
    core_for(CLASSIC)._trim()
    core_times = []
    for p in cores:
        t, _ = _cpu_timed(p.legal)
        core_times.append(t)
    out["real_play_positions"] = len(positions)
    out["engine_legal_median_us"] = round(_median(engine_times) * 1e6, 1)
    out["core_legal_median_us"] = round(_median(core_times) * 1e6, 1)
    views = [seat_view_of(state) for state in positions[:30 if quick else 80:2]]
    for name, core in (("engine", False), ("core", True)):
        expert = ExpertPlayer(budget_ms=200, core=core)
        samples = 0
        spent = 0.0
        for view in views:
            t, result = _cpu_timed(partial(expert.analyse, view, random.Random(1)))
            assert isinstance(result, tuple)
            if result[1] == "sampled":
                samples += expert.last_samples
                spent += t
        out[f"{name}_deals_per_s"] = round(samples / spent, 1) if spent else 0.0
    return out


def seat_view_of(state: RoundState) -> SeatView:
    """The view of the seat to play in a round state (for figures)."""
    from .expert import view_of
    like = SeatView(rules=state.rules, seat=state.turn, phase="play", turn=state.turn,
                    dealer=state.dealer, round_number=1, deal=state.deal,
                    deals=state.rules.deals_per_round, last_deal=not state.stock,
                    hand=state.hands[state.turn], hand_counts=tuple(len(h) for h in state.hands),
                    stock=len(state.stock), loose=state.loose, builds=state.builds,
                    piles=state.piles, sweeps=state.sweeps, last_capturer=state.last_capturer,
                    last_moves=state.last_moves, swept=state.swept, raised=state.raised,
                    families=(), plucks=(), totals=(0,) * state.rules.sides,
                    target=state.rules.target, results=(), winner=None,
                    penalties=state.penalties, plucked=state.plucked, multiplier=1)
    return view_of(state, state.turn, like)


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


CLOCK: dict[str, Callable[[], float]] = {
    "cpu": time.process_time,
    # Pyodide's process_time is not the CPU time of the page's Python: wall time there.
    "wall": time.perf_counter,
}
_clock = CLOCK["wall" if sys.platform == "emscripten" else "cpu"]


def _cpu_timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = _clock()
    result = fn()
    return _clock() - start, result


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
    figures["core"] = core_figures(quick)
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


def _core_lines(core: dict[str, float]) -> list[str]:
    """:func:`core_figures` as readable lines."""
    return [
        "  playout core beside the engine (same run):",
        f"    random two-player Classic rounds: engine {core['engine_rounds_per_s']}/s, "
        f"core {core['core_rounds_per_s']}/s from emptied caches (the same rounds again, "
        f"caches warm: {core.get('core_rounds_warm_per_s', '-')}/s; {STEADY_ROUNDS} new rounds "
        f"after {SETTLE_ROUNDS} others: {core.get('core_rounds_steady_per_s', '-')}/s)",
        f"    legal-move list, median over {core['real_play_positions']} positions from real "
        f"play: engine {core['engine_legal_median_us']} us, core {core['core_legal_median_us']} us",
        f"    expert's sampled deals a second of search (200 ms budget): engine "
        f"{core['engine_deals_per_s']}, core {core['core_deals_per_s']}",
        "    the interpreter alone (no engine code; the runtime's own speed): "
        f"{core['interpreter_mask_loops_per_s']} loops/s on 52-bit masks, "
        f"{core['interpreter_small_loops_per_s']} on small ints"]


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
    core = figures["core"]
    assert isinstance(core, dict)
    lines += _core_lines(core)
    lines.append(f"  heuristic player: {figures['heuristic_moves_per_s']} moves/s")
    levels = figures["levels"]
    assert isinstance(levels, dict)
    for level, row in levels.items():
        extra = (f", {row['samples_per_move']} sampled deals a move"
                 if "samples_per_move" in row else "")
        lines.append(f"  computer level {level}: {row['seconds_per_move']} s a move{extra}")
    presets = figures["presets"]
    assert isinstance(presets, dict)
    lines.append("  per ruleset (random play): legal moves positions/s, whole rounds/s "
                 "(engine, then core)")
    for name, row in presets.items():
        core_part = (f" | core {row['core_positions_per_s']:>7} positions/s "
                     f"{row['core_rounds_per_s']:>7} rounds/s"
                     if "core_rounds_per_s" in row else " | core: not played")
        lines.append(f"    {name:<22} {row['positions_per_s']:>7} positions/s "
                     f"{row['rounds_per_s']:>7} rounds/s{core_part}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Command line: print the figures (``--json`` for machine-readable output)."""
    parser = argparse.ArgumentParser(prog="python -m cassino_core.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--clock", choices=sorted(CLOCK), default=None,
                        help="the core section's clock: cpu (CPython's default) or wall "
                             "(Pyodide's)")
    parser.add_argument("--core-only", action="store_true",
                        help="only the playout core beside the engine (a short run, e.g. to set "
                             "CPython and Pyodide side by side)")
    args = parser.parse_args(argv)
    if args.core_only:
        global _clock
        if args.clock:
            _clock = CLOCK[args.clock]
        core = core_figures(quick=args.quick)
        clock = "cpu" if _clock is time.process_time else "wall"
        print(json.dumps(core) if args.json else "\n".join(
            [f"cassino_core bench (core only) on {platform.python_implementation()} "
             f"{sys.version.split()[0]} ({sys.platform}), {clock} clock",
             *_core_lines(core)]))
        return
    figures = run(quick=args.quick)
    print(json.dumps(figures) if args.json else report(figures))


if __name__ == "__main__":
    main()
