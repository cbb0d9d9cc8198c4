"""Computer levels against each other on the same deals with the seats swapped (figures, never
assertions): what the tournaments of Pishti and Tablić share.

A game gives its :class:`Parts` (how to deal a round, wrap it, make a player and build a
seat's view). :func:`duel` plays ``rounds`` pairs of rounds between two levels, each deal twice
with each level once in each seat, so luck of the cards cancels, and gives each level's average
points per round, the average margin and how many rounds each won. Four-player rules are
played by two of each level as partners (or seats alternating, each for themselves).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Parts", "duel", "main", "play_round"]


@dataclass(frozen=True)
class Parts:
    """What a game lends the tournament: ``deal_round(rules, dealer, rng)`` (a round state),
    ``new_round(state)`` (a round with ``finished``, ``state``, ``play`` and ``score()``),
    ``make_player(level, iterations=...)`` and ``round_view(state, seat)``."""

    deal_round: Callable[[Any, int, random.Random], Any]
    new_round: Callable[[Any], Any]
    make_player: Callable[..., Any]
    round_view: Callable[[Any, int], Any]


def play_round(parts: Parts, rules: Any, seed: int, levels: Sequence[str],
               iterations: int | None) -> tuple[int, ...]:
    """Play one round dealt from ``seed`` with ``levels[seat % len(levels)]`` at each seat;
    returns the points of each side (its round score)."""
    rng = random.Random(seed)
    rnd = parts.new_round(parts.deal_round(rules, seed % rules.players, rng))
    players = [parts.make_player(levels[s % len(levels)], iterations=iterations)
               for s in range(rules.players)]
    choice = random.Random(seed + 1)
    while not rnd.finished:
        seat = rnd.state.turn
        rnd.play(players[seat].choose(parts.round_view(rnd.state, seat), choice))
    return tuple(rnd.score().points)


def duel(parts: Parts, rules: Any, a: str, b: str, rounds: int, seed: int,
         iterations: int | None) -> dict[str, float]:
    """``rounds`` pairs of rounds between levels ``a`` and ``b``: ``{"a": average points,
    "b": ..., "margin": a - b per round, "se": the standard error of that margin, "a_won":
    rounds, "b_won": rounds}`` (side 0 against side 1). The standard error treats each deal's
    pair of rounds (the seats swapped) as one sample: ``stdev(pair margins) / sqrt(rounds)``
    (0 with one pair)."""
    got_a = got_b = 0
    won_a = won_b = 0
    pairs: list[float] = []
    for i in range(rounds):
        before = got_a - got_b
        for order in ((a, b), (b, a)):
            pts = play_round(parts, rules, seed + i, order, iterations)
            pa, pb = (pts[0], pts[1]) if order[0] == a else (pts[1], pts[0])
            got_a += pa
            got_b += pb
            won_a += pa > pb
            won_b += pb > pa
        pairs.append((got_a - got_b - before) / 2)
    n = 2 * rounds
    se = statistics.stdev(pairs) / math.sqrt(rounds) if rounds > 1 else 0.0
    return {"a": got_a / n, "b": got_b / n, "margin": (got_a - got_b) / n, "se": se,
            "a_won": won_a, "b_won": won_b}


def main(parts: Parts, presets: Mapping[str, Any], argv: Sequence[str] | None = None, *,
         prog: str, default: str) -> int:
    """The command line ``prog [--variant NAME] [--rounds 40] [--iterations 20] [--seed 1]
    A B``: prints the :func:`duel` of levels ``A`` and ``B`` under preset ``NAME``."""
    parser = argparse.ArgumentParser(prog=prog, description="computer levels on the same deals")
    parser.add_argument("--variant", default=default, choices=list(presets))
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args(argv)
    result = duel(parts, presets[args.variant], args.a, args.b, args.rounds, args.seed,
                  args.iterations)
    print(f"{args.variant}: {args.a} {result['a']:.2f} vs {args.b} {result['b']:.2f} points "
          f"per round; margin {result['margin']:+.2f} (standard error {result['se']:.2f}); "
          f"rounds won {result['a_won']}-{result['b_won']} of {2 * args.rounds}", flush=True)
    return 0
