"""Strength figures: computer levels play each other in mirrored matches.

``python -m cassino_core.tournament --a expert --b intermediate --matches 400 --seed 1
[--rules royal] [--players 2|3|4] [--game cassino|california_jack|shasta_sam|scopa|escoba]
[--variant scopa|scopone|hurricane|escoba_four|...]
[--budget-ms N] [--iterations N] [--jobs 2] [--json]``

Levels: ``random``, ``beginner``, ``intermediate``, ``expert`` (its playouts on the playout
core), and for Cassino ``expert_engine`` (the expert with its playouts on the rules engine, as
before the core), so the two can be measured against each other, ``expert_round`` (playouts
to the end of the round), ``expert_infer`` (the expert reading the other seat's latest
trail), ``expert_match``, ``expert_wide``, ``expert_lead`` and ``expert_fitted`` (the
evaluation passes of docs/strength.md), ``expert_solve``, ``expert_solve6``,
``expert_solve_policy`` and ``expert_ismcts`` (its searches of the rest of a deal) and
``expert_200`` (the expert at 200 sampled deals a move, whatever ``--iterations``), and
``intermediate_tuned`` and ``expert_tuned`` (the intermediate's weights tuned by self-play); for
California Jack and Shasta Sam ``expert_plain``, ``expert_seeing``, ``expert_tree``,
``expert_tree_paired``, ``expert_soft``, ``expert_mirror``, ``expert_mirror_soft``,
``expert_model`` and ``expert_guessing`` (:data:`JACK_LEVELS`); and in Cassino, California
Jack and Shasta Sam ``expert_cheating``, the expert told the other hands (a ceiling, not a
fair player).

Seating (our decision, so that luck of the deal cancels out):

- Each seed deals the same cards several times with the seats changed. Without partnerships
  A takes one seat and B every other seat, and A moves through every seat in turn (two
  players: two matches per seed, the classic mirror; three players: three matches per seed,
  A against two B's, so A's fair share of wins is one third).
- With partnerships (four or six players, the default of those rules) A and A play B and B
  (partners sit alternately), and the sides swap seats for the second match of the seed.
- California Jack and Shasta Sam (two players) play each seed twice with the seats swapped
  through :func:`cassino_core.calijack.tournament.play_match`.
- Scopa (``--variant``: any preset of :data:`cassino_core.scopa.rules.PRESETS`) is seated like
  Cassino (partners in Scopone and four-player Scopa) and played by
  :func:`cassino_core.scopa.tournament.play_match`; Escoba (``--variant``: any preset of
  :data:`cassino_core.escoba.rules.PRESETS`, default ``escoba``) likewise, on the same engine.

``--matches`` counts matches, not seeds (rounded up to whole seeds). A match with no winner
(none at all under the standard endings; only the safety cap of rounds can stop one) counts half
a win; draws are also shown apart. The win rate has a 95% Wilson score interval. Points per
round are each side's round points averaged over all rounds played; seconds per move are the
thinking time of each level's seats.

Each match gives every seat its own ``random.Random`` seeded from the match seed and the seat,
so with ``--iterations`` (and no ``--budget-ms``) a run is reproducible, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from .expert import CheatingExpert, ExpertPlayer
from .match import Match
from .players import ALL_LEVELS, TUNED_WEIGHTS, HeuristicPlayer, make_player
from .playout_policy import CALIBRATED_CURVES
from .rules import PRESETS, Rules
from .view import seat_view

GAMES = ("cassino", "california_jack", "shasta_sam", "scopa", "escoba")
"""Games the tournament plays: Cassino (any preset), the two Jack games, and Scopa (any of its
presets)."""

MAX_ROUNDS = 60
"""Safety cap on rounds per match (a match to 21 takes 3 to 6)."""


@dataclass(frozen=True)
class Task:
    """One match to play: the seed and the level of each seat."""

    game: str
    rules: Rules | None
    seed: int
    levels: tuple[str, ...]
    a_seats: tuple[int, ...]
    budget_ms: int | None
    iterations: int | None
    variant: str | None = None
    """The Scopa preset (``game == "scopa"``)."""


def seatings(rules: Any, a: str, b: str) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """The seatings one seed is played with: ``(levels per seat, A's seats)`` (see the module
    docstring). ``rules``: Cassino's :class:`Rules` or Scopa's rules (``players``, ``sides``,
    ``side_of``)."""
    n = rules.players
    if rules.sides < n:
        out = []
        for a_side in range(rules.sides):
            seats = tuple(s for s in range(n) if rules.side_of(s) == a_side)
            out.append((tuple(a if s in seats else b for s in range(n)), seats))
        return out
    return [(tuple(a if s == k else b for s in range(n)), (k,)) for k in range(n)]


def play_cassino_match(rules: Rules, levels: tuple[str, ...], seed: int, *,
                       budget_ms: int | None = None,
                       iterations: int | None = None) -> dict[str, Any]:
    """Play one Cassino match, seat ``i`` at ``levels[i]``.

    Returns:
        ``{"winner": side or None, "points": per side over the match, "rounds": n,
        "round_points": per side per round [[...], ...], "move_seconds": per seat,
        "moves": per seat}``.
    """
    import random

    players = [_player(level, budget_ms, iterations) for level in levels]
    rngs = [random.Random(seed * 1_000_003 + seat) for seat in range(rules.players)]
    match = Match(rules, seed)
    seconds = [0.0] * rules.players
    moves = [0] * rules.players
    while match.state.phase != "match_over" and match.state.round_number <= MAX_ROUNDS:
        if match.state.phase == "round_over":
            if match.state.round_number >= MAX_ROUNDS:
                break
            match.next_round()
            continue
        seat = match.state.round.turn
        player = players[seat]
        if isinstance(player, CheatingExpert):
            player.truth = match.state.round  # it is told what it cannot see (a ceiling)
        start = time.perf_counter()
        move = player.choose(seat_view(match.state, seat), rngs[seat])
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        match.play(move)
    state = match.state
    return {"winner": state.winner, "points": list(state.totals), "rounds": len(state.results),
            "round_points": [list(r.totals) for r in state.results],
            "move_seconds": seconds, "moves": moves}


_EXPERT_VARIANTS: dict[str, dict[str, Any]] = {
    "expert_engine": {"core": False},
    "expert_round": {"horizon": "round"},
    "expert_infer": {"infer": True},
    "expert_match": {"match": True},
    "expert_wide": {"candidates": 12, "keep_within": 4.0},
    "expert_lead": {"horizon": "lead"},
    "expert_fitted": {"curves": CALIBRATED_CURVES},
    "expert_solve": {"solve": 4},
    "expert_solve6": {"solve": 6},
    "expert_solve_policy": {"solve": 4, "replies": "policy"},
    "expert_ismcts": {"tree": True},
    "expert_200": {"iterations": 200},
    "expert_tuned": {"weights": TUNED_WEIGHTS},
}
"""The :class:`~cassino_core.expert.ExpertPlayer` arguments of each Cassino-only expert level
(:data:`CASSINO_LEVELS`); an ``iterations`` here wins over ``--iterations``."""


CASSINO_LEVELS = (*ALL_LEVELS, *_EXPERT_VARIANTS, "intermediate_tuned", "expert_cheating")
JACK_LEVELS = ("expert_plain", "expert_seeing", "expert_tree", "expert_tree_paired",
               "expert_soft", "expert_mirror", "expert_mirror_soft", "expert_model",
               "expert_guessing")
"""California Jack and Shasta Sam only: ``"expert_plain"``, the expert without its void
inference and exact near-end search, ``"expert_seeing"``, the expert whose playouts lead
seeing the other hand, the fourth pass's ``"expert_tree"``, ``"expert_tree_paired"`` and
``"expert_soft"``, the fifth pass's ``"expert_mirror"`` and ``"expert_mirror_soft"``, and the
ninth pass's ``"expert_model"`` (its sampled deals weighed by a model of the other seat's play),
and ``"expert_guessing"``, the page's expert before the tenth pass (its Shasta Sam playouts not
the intermediate's play, their leads weighed against a guess at the other hand)
(:data:`cassino_core.calijack.tournament.EXTRA_LEVELS`, which names the same levels, as a test
checks)."""
"""Levels the tournament plays in Cassino: the page's, and ``"expert_engine"``, the expert with
its playouts on the rules engine and the intermediate policy (as before the playout core;
:class:`~cassino_core.expert.ExpertPlayer` with ``core=False``), to measure one against the
other; ``"expert_round"``, the expert whose playouts on the core go to the end of the round
instead of the end of the deal; ``"expert_infer"``, the expert whose sampled deals follow the
other seat's latest trail (:func:`~cassino_core.expert.trail_clue`); ``"expert_match"``, the
expert judging positions by its chance of winning the match (:mod:`cassino_core.match_odds`);
``"expert_wide"``, the expert comparing up to 12 moves rated within 4 points of the best
(the page's: 6 within 1.5); ``"expert_lead"``, the expert whose playouts also make the next
deal's first play; ``"expert_fitted"``, the expert whose playouts end on the fitted chances of
most cards and spades (:data:`~cassino_core.playout_policy.CALIBRATED_CURVES`);
``"expert_solve"`` and ``"expert_solve6"``, the expert searching every sampled deal to the
deal's end once 4 (or 6) plays are left after its move, the others replying at their best,
and ``"expert_solve_policy"``, the same at 4 with the others replying as the intermediate;
``"expert_ismcts"``, the expert comparing its candidates by information-set tree search
(``ExpertPlayer(tree=True)``); ``"expert_200"``, the page's expert at 200 sampled deals a
move whatever ``--iterations`` says (about what the page's second bought when issue 16 was
filed), to measure more deals against fewer head to head; ``"intermediate_tuned"`` and
``"expert_tuned"``, the intermediate and the expert (its candidates' ranking and its playouts)
with the weights tuned by self-play (:data:`~cassino_core.players.TUNED_WEIGHTS`);
``"expert_cheating"``,
the expert that sees every other hand (:class:`~cassino_core.expert.CheatingExpert`, told the
round before each move: the ceiling issue 16 asks the fair expert to be measured against; in
California Jack and Shasta Sam too)."""


def _player(level: str, budget_ms: int | None, iterations: int | None) -> Any:
    """A Cassino player of one of :data:`CASSINO_LEVELS`."""
    variant = _EXPERT_VARIANTS.get(level)
    if variant is not None:
        return ExpertPlayer(**{"budget_ms": budget_ms, "iterations": iterations, **variant})
    if level == "intermediate_tuned":
        return HeuristicPlayer(weights=TUNED_WEIGHTS)
    if level == "expert_cheating":
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return CheatingExpert(budget_ms=budget_ms, iterations=iterations)
    return make_player(level, budget_ms=budget_ms, iterations=iterations)


def _jack_module() -> Any:
    try:
        return importlib.import_module("cassino_core.calijack.tournament")
    except ImportError as exc:
        raise SystemExit("California Jack and Shasta Sam need cassino_core.calijack.tournament "
                         f"(play_match), which is not available: {exc}") from exc


FISHING = ("scopa", "escoba")
"""The games played on Scopa's engine (their presets chosen by ``--variant``)."""


def _fishing_presets(game: str) -> dict[str, Any]:
    """The presets of a game of :data:`FISHING`, by name."""
    if game == "escoba":
        from .escoba.rules import PRESETS as ESCOBA_PRESETS

        return dict(ESCOBA_PRESETS)
    from .scopa.rules import PRESETS as SCOPA_PRESETS

    return dict(SCOPA_PRESETS)


def _scopa_rules(variant: str | None, game: str = "scopa") -> Any:
    return _fishing_presets(game)[variant or game]


def run_task(task: Task) -> dict[str, Any]:
    """Play one task's match; the answer adds A's seats and whether A won (1, 0.5 or 0)."""
    side_of: Callable[[int], int]
    if task.game in FISHING:
        from .scopa.tournament import play_match as play_scopa

        scopa = _scopa_rules(task.variant, task.game)
        result = play_scopa(scopa.name, list(task.levels), task.seed,
                            iterations=task.iterations, budget_ms=task.budget_ms,
                            presets=_fishing_presets(task.game))
        result.setdefault("round_points", [])
        side_of = scopa.side_of
        sides = scopa.sides
    elif task.game == "cassino":
        assert task.rules is not None
        result = play_cassino_match(task.rules, task.levels, task.seed,
                                    budget_ms=task.budget_ms, iterations=task.iterations)
        side_of = task.rules.side_of
        sides = task.rules.sides
    else:
        result = _jack_module().play_match(list(task.levels), task.seed, variant=task.game,
                                           iterations=task.iterations,
                                           budget_ms=task.budget_ms)
        result.setdefault("rounds", result.get("deals", 0))
        result.setdefault("round_points", [])
        sides = len(task.levels)

        def side_of(seat: int) -> int:
            return seat
    a_sides = {side_of(s) for s in task.a_seats}
    winner = result["winner"]
    score = 0.5 if winner is None else float(winner in a_sides)
    return {**result, "a_seats": list(task.a_seats), "a_sides": sorted(a_sides),
            "sides": sides, "seed": task.seed, "levels": list(task.levels), "score": score,
            "side_of": [side_of(s) for s in range(len(task.levels))]}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z`` 1.96); ``(0, 1)`` when n is 0."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def tasks(game: str, rules: Rules | None, a: str, b: str, matches: int, seed: int,
          budget_ms: int | None, iterations: int | None, variant: str | None = None
          ) -> list[Task]:
    """Every match of a run, whole seeds at a time (see the module docstring)."""
    if game in FISHING:
        plan = seatings(_scopa_rules(variant, game), a, b)
    elif game == "cassino":
        assert rules is not None
        plan = seatings(rules, a, b)
    else:
        plan = [((a, b), (0,)), ((b, a), (1,))]
    seeds = max(1, math.ceil(matches / len(plan)))
    return [Task(game, rules, seed + i, levels, seats, budget_ms, iterations, variant)
            for i in range(seeds) for levels, seats in plan]


def _results(jobs: int, todo: list[Task]) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(run_task, todo)
        return
    with get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(run_task, todo)


def summarize(results: list[dict[str, Any]], a: str, b: str) -> dict[str, Any]:
    """The figures of a run: A's match score and interval, draws, points per round and
    seconds per move per side."""
    n = len(results)
    score = sum(r["score"] for r in results)
    draws = sum(1 for r in results if r["winner"] is None)
    low, high = wilson(score, n)
    rounds = sum(r["rounds"] for r in results)
    per_side: dict[str, list[float]] = {"a": [0.0, 0, 0.0, 0], "b": [0.0, 0, 0.0, 0]}
    for r in results:
        a_sides = set(r["a_sides"])
        b_sides = set(r["side_of"]) - a_sides
        for index in range(r["sides"]):
            key = "a" if index in a_sides else "b"
            per_side[key][0] += r["points"][index]
        for seat, seat_side in enumerate(r["side_of"]):
            key = "a" if seat_side in a_sides else "b"
            per_side[key][2] += r["move_seconds"][seat]
            per_side[key][3] += r["moves"][seat]
        per_side["b"][1] += r["rounds"] * len(b_sides)
        per_side["a"][1] += r["rounds"] * len(a_sides)
    fair = 0.0 if not results else sum(len(r["a_sides"]) / r["sides"] for r in results) / n

    def side(key: str, level: str) -> dict[str, Any]:
        points, side_rounds, secs, moves = per_side[key]
        return {"level": level,
                "points_per_round": round(points / side_rounds, 3) if side_rounds else None,
                "seconds_per_move": round(secs / moves, 4) if moves else None,
                "moves": moves}

    return {"matches": n, "a_score": score, "a_rate": round(score / n, 4) if n else None,
            "wilson95": [round(low, 4), round(high, 4)], "draws": draws,
            "fair_share": round(fair, 4), "rounds": rounds, "a": side("a", a),
            "b": side("b", b)}


def run(args: argparse.Namespace, progress: Callable[[str], None] | None = None
        ) -> dict[str, Any]:
    """Play the run described by the parsed command line; return :func:`summarize`'s figures
    with the settings."""
    rules: Rules | None = None
    if {args.a, args.b} & set(JACK_LEVELS) and args.game not in ("california_jack",
                                                                  "shasta_sam"):
        raise SystemExit(f"{', '.join(JACK_LEVELS)} are California Jack and Shasta Sam levels")
    if args.game == "cassino":
        overrides: dict[str, Any] = {}
        if args.players is not None:
            overrides["players"] = args.players
        rules = Rules.from_name(args.rules, **overrides)
    else:
        if {args.a, args.b} & set(_EXPERT_VARIANTS):
            raise SystemExit(f"{', '.join(_EXPERT_VARIANTS)} are Cassino levels")
        if args.game in FISHING and "expert_cheating" in (args.a, args.b):
            raise SystemExit("expert_cheating plays Cassino, California Jack and Shasta Sam")
        if args.game not in FISHING:
            _jack_module()
    variant = (getattr(args, "variant", None) or args.game) if args.game in FISHING else None
    todo = tasks(args.game, rules, args.a, args.b, args.matches, args.seed, args.budget_ms,
                 args.iterations, variant)
    results: list[dict[str, Any]] = []
    start = time.perf_counter()
    for result in _results(args.jobs, todo):
        results.append(result)
        if progress is not None:
            score = sum(r["score"] for r in results)
            progress(f"[{len(results)}/{len(todo)}] {args.a} {score:g} of {len(results)} "
                     f"({time.perf_counter() - start:.0f} s)")
    figures = summarize(results, args.a, args.b)
    players = (rules.players if rules is not None else
               _scopa_rules(variant, args.game).players if args.game in FISHING else 2)
    figures.update(game=args.game,
                   rules=rules.name if rules is not None else variant or None,
                   players=players, seed=args.seed,
                   budget_ms=args.budget_ms, iterations=args.iterations, jobs=args.jobs,
                   wall_seconds=round(time.perf_counter() - start, 1))
    return figures


def report(f: dict[str, Any]) -> str:
    """The figures as readable lines."""
    low, high = f["wilson95"]
    setting = (f"{f['game']}" + (f" {f['rules']}, {f['players']} players"
                                 if f["game"] in ("cassino", *FISHING) else ""))
    lines = [f"{setting}: {f['a']['level']} (A) vs {f['b']['level']} (B), {f['matches']} "
             f"matches from seed {f['seed']}, budget_ms={f['budget_ms']}, "
             f"iterations={f['iterations']}, jobs={f['jobs']}, {f['wall_seconds']} s",
             f"A match score {f['a_score']:g}/{f['matches']} = {100 * f['a_rate']:.1f}% "
             f"(95% Wilson {100 * low:.1f}-{100 * high:.1f}%; draws {f['draws']}, counted as "
             f"half; fair share {100 * f['fair_share']:.1f}%)"]
    for key in ("a", "b"):
        s = f[key]
        lines.append(f"  {key.upper()} {s['level']:<12} points/round {s['points_per_round']}  "
                     f"seconds/move {s['seconds_per_move']}  ({s['moves']} moves)")
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(prog="python -m cassino_core.tournament",
                                description="Mirrored matches between two computer levels.")
    p.add_argument("--a", default="expert", choices=(*CASSINO_LEVELS, *JACK_LEVELS))
    p.add_argument("--b", default="intermediate", choices=(*CASSINO_LEVELS, *JACK_LEVELS))
    p.add_argument("--matches", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="classic", choices=sorted(PRESETS))
    p.add_argument("--players", type=int, choices=range(2, 7), default=None)
    p.add_argument("--game", default="cassino", choices=GAMES)
    p.add_argument("--variant", default=None,
                   help="the preset with --game scopa (scopa, scopa_three, scopa_four, "
                        "scopone, scopone_classico, hurricane; default scopa) or --game escoba "
                        "(escoba, escoba_three, escoba_four, escoba_setenta; default escoba)")
    p.add_argument("--budget-ms", type=int, default=None)
    p.add_argument("--iterations", type=int, default=None)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return p


def main(argv: list[str] | None = None) -> None:
    """Run the command line."""
    args = parser().parse_args(argv)
    if args.matches < 1 or args.jobs < 1:
        raise SystemExit("--matches and --jobs must be at least 1")
    if args.game != "cassino" and (args.players not in (None, 2) or args.rules != "classic"):
        raise SystemExit("--players and --rules apply to --game cassino only")
    if args.game in FISHING:
        presets = _fishing_presets(args.game)
        if (args.variant or args.game) not in presets:
            raise SystemExit(f"--variant must be one of {', '.join(presets)}")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    figures = run(args, None if args.quiet else progress)
    print(json.dumps(figures) if args.json else report(figures))


if __name__ == "__main__":
    main()
