"""Computer levels against each other, on the same deals with the seats swapped.

``python -m cassino_core.pishti.tournament [--variant pishti] [--rounds 40] [--iterations 20]
[--seed 1] A B`` plays ``rounds`` pairs of rounds between the levels ``A`` and ``B`` (each
deal twice, each level once in each seat, so luck of the cards cancels) and prints each
level's average points per round, the average margin and how many rounds each won. Two
players only (four-player presets are played by two of each level as partners).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from .game import Round, deal_round
from .players import make_player
from .rules import PishtiRules
from .view import round_view


def play_round(rules: PishtiRules, seed: int, levels: Sequence[str],
               iterations: int | None) -> tuple[int, ...]:
    """Play one round dealt from ``seed`` with ``levels[seat % len(levels)]`` at each seat;
    returns the points of each side (its round score)."""
    rng = random.Random(seed)
    rnd = Round(deal_round(rules, seed % rules.players, rng))
    players = [make_player(levels[s % len(levels)], iterations=iterations)
               for s in range(rules.players)]
    choice = random.Random(seed + 1)
    while not rnd.finished:
        seat = rnd.state.turn
        rnd.play(players[seat].choose(round_view(rnd.state, seat), choice))
    return rnd.score().points


def duel(rules: PishtiRules, a: str, b: str, rounds: int, seed: int,
         iterations: int | None) -> dict[str, float]:
    """``rounds`` pairs of rounds between levels ``a`` and ``b``: ``{"a": average points,
    "b": ..., "margin": a - b per round, "a_won": rounds, "b_won": rounds}``."""
    got_a = got_b = 0
    won_a = won_b = 0
    for i in range(rounds):
        for order in ((a, b), (b, a)):
            pts = play_round(rules, seed + i, order, iterations)
            pa, pb = (pts[0], pts[1]) if order[0] == a else (pts[1], pts[0])
            got_a += pa
            got_b += pb
            won_a += pa > pb
            won_b += pb > pa
    n = 2 * rounds
    return {"a": got_a / n, "b": got_b / n, "margin": (got_a - got_b) / n,
            "a_won": won_a, "b_won": won_b}


def main(argv: Sequence[str] | None = None) -> int:
    """Command line (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="pishti")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args(argv)
    rules = PishtiRules.from_name(args.variant)
    result = duel(rules, args.a, args.b, args.rounds, args.seed, args.iterations)
    print(f"{args.variant}: {args.a} {result['a']:.2f} vs {args.b} {result['b']:.2f} points "
          f"per round; margin {result['margin']:+.2f}; rounds won {result['a_won']}-"
          f"{result['b_won']} of {2 * args.rounds}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
