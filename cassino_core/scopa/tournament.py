"""Computer-against-computer matches of Scopa, Scopone or Hurricane, with figures.

``python -m cassino_core.scopa.tournament --variant scopa --a expert --b intermediate
--matches 10 --iterations 12 --seed 1`` plays ``matches`` matches, the two levels changing
seats every other match (mirrored: match ``2k`` and ``2k+1`` share a seed), and prints each
level's wins with a 95% Wilson interval, its points and its thinking time per move. With
``--iterations`` (and no ``--budget-ms``) the expert's play, so the whole run, is repeatable.

>>> out = play_match("scopa", ["random", "random"], 7)
>>> sorted(out)
['move_seconds', 'moves', 'points', 'rounds', 'winner']
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..tournament import wilson
from .match import ScopaMatch
from .players import make_player
from .rules import PRESETS, ScopaRules
from .view import scopa_view


@dataclass(frozen=True)
class Parts:
    """What a match of a game on this engine is played with: its match class (made from
    rules and a seed), its ``make_player(level, budget_ms=, iterations=)`` and its
    ``view(match, seat)`` (Scopa's and Escoba's are Scopa's; Cirulla gives its own)."""

    match: Callable[[Any, int], Any] = ScopaMatch
    make_player: Callable[..., Any] = make_player
    view: Callable[[Any, int], Any] = scopa_view


SCOPA_PARTS = Parts()


def play_match(variant: str, levels: list[str], seed: int, *, iterations: int | None = None,
               budget_ms: int | None = None, presets: Mapping[str, ScopaRules] = PRESETS,
               parts: Parts = SCOPA_PARTS) -> dict[str, Any]:
    """Play one match of ``variant`` (a name in ``presets``: Scopa's, or another game's on the
    same engine, such as Escoba's, played with its ``parts``); ``levels[seat]`` plays each
    seat.

    Returns:
        ``{"winner": side, "points": [per side], "rounds": n, "move_seconds": [per seat],
        "moves": [per seat]}``.

    Raises:
        ValueError: a wrong number of levels, an unknown level or variant.
    """
    if variant not in presets:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(presets)}")
    rules = presets[variant]
    if len(levels) != rules.players:
        raise ValueError(f"{variant} needs {rules.players} levels, one per seat")
    players = [parts.make_player(level, budget_ms=budget_ms, iterations=iterations)
               for level in levels]
    rngs = [random.Random(seed * 8 + 1 + s) for s in range(rules.players)]
    match = parts.match(rules, seed)
    seconds = [0.0] * rules.players
    moves = [0] * rules.players
    while match.phase != "match_over":
        if match.phase == "round_over":
            match.next_round()
            continue
        seat = match.state.turn
        view = parts.view(match, seat)
        start = time.perf_counter()
        move = players[seat].choose(view, rngs[seat])
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        match.play(move)
    return {"winner": match.winner, "points": list(match.totals),
            "rounds": match.round_number, "move_seconds": seconds, "moves": moves}


def seating(variant: str, a: str, b: str, flip: bool,
            presets: Mapping[str, ScopaRules] = PRESETS) -> tuple[list[str], list[int]]:
    """The levels by seat and the side each of ``a`` and ``b`` plays (``[side_a, side_b]``):
    ``a`` on side 0 (seat 0, and seat 2 with partners), or side 1 when ``flip``. With three
    players the third seat plays ``b`` too, and only ``a``'s seat is counted as ``a``."""
    rules = presets[variant]
    sides = [rules.side_of(s) for s in range(rules.players)]
    a_side = 1 if flip else 0
    levels = [a if side == a_side else b for side in sides]
    b_side = 0 if flip else 1
    return levels, [a_side, b_side]


def run(variant: str, a: str, b: str, matches: int, seed: int, iterations: int | None,
        budget_ms: int | None, presets: Mapping[str, ScopaRules] = PRESETS,
        parts: Parts = SCOPA_PARTS) -> dict[str, Any]:
    """Play the matches (see the module docstring) and return the figures."""
    wins = {a: 0.0, b: 0.0}
    points = {a: 0, b: 0}
    secs = {a: 0.0, b: 0.0}
    moves = {a: 0, b: 0}
    for i in range(matches):
        levels, (side_a, side_b) = seating(variant, a, b, flip=bool(i % 2), presets=presets)
        out = play_match(variant, levels, seed + i // 2, iterations=iterations,
                         budget_ms=budget_ms, presets=presets, parts=parts)
        rules = presets[variant]
        for key, side in ((a, side_a), (b, side_b)):
            if out["winner"] == side:
                wins[key] += 1 if a != b else 0.5
            points[key] += out["points"][side]
            for s in range(rules.players):
                if rules.side_of(s) == side:
                    secs[key] += out["move_seconds"][s]
                    moves[key] += out["moves"][s]
    return {"variant": variant, "matches": matches, "levels": [a, b],
            "wins": wins, "points": points,
            "interval": {k: wilson(wins[k], matches) for k in (a, b)},
            "ms_per_move": {k: 1000 * secs[k] / max(1, moves[k]) for k in (a, b)}}


def report(f: dict[str, Any]) -> str:
    """The figures as lines of text."""
    lines = [f"{f['variant']}: {f['matches']} matches, seats mirrored"]
    for level in f["levels"]:
        low, high = f["interval"][level]
        lines.append(f"  {level:<12} wins {f['wins'][level]:>5} "
                     f"({100 * f['wins'][level] / f['matches']:.1f}%, 95% {100 * low:.1f}-"
                     f"{100 * high:.1f}%), points {f['points'][level]}, "
                     f"{f['ms_per_move'][level]:.1f} ms/move")
    return "\n".join(lines)


def main(argv: list[str] | None = None, *, presets: Mapping[str, ScopaRules] = PRESETS,
         prog: str = "python -m cassino_core.scopa.tournament",
         parts: Parts = SCOPA_PARTS) -> None:
    """The command line (module docstring); another game on this engine passes its own
    ``presets`` (the first is the default ``--variant``), ``prog`` and ``parts``."""
    p = argparse.ArgumentParser(prog=prog)
    p.add_argument("--variant", default=next(iter(presets)), choices=list(presets))
    p.add_argument("--a", default="expert")
    p.add_argument("--b", default="intermediate")
    p.add_argument("--matches", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=None)
    p.add_argument("--budget-ms", type=int, default=None)
    args = p.parse_args(argv)
    if args.iterations is None and args.budget_ms is None:
        args.iterations = 12
    print(report(run(args.variant, args.a, args.b, args.matches, args.seed, args.iterations,
                     args.budget_ms, presets, parts)), flush=True)


if __name__ == "__main__":
    main()
