"""Tune the intermediate's weights (:class:`cassino_core.players.PolicyWeights`), which the
expert's playouts play by, through self-play on the playout core (issue 16: a learned playout
policy); two-player Classic unless ``--rules`` names another preset.

Each comparison plays ``--rounds`` shuffles, each once with the challenger in every seat (two
players: twice, the seats swapped) against the current best weights (common shuffles for
both), and reads the challenger's mean round margin (round points, exact scores of finished
rounds). The search is a coordinate search: each weight in turn is moved up and down by its
step; a move that gains more than ``--keep`` points a round is kept; the steps halve after a
pass with no move kept. Printed: every comparison and the weights at the end, which a
tournament then measures inside the expert (``--a expert_tuned``).

Usage: ``python bench/tune_policy.py [--rounds 1500] [--passes 3] [--seed 1] [--rules classic]
[--players 2] [--start intermediate|tuned] [--only per_card,build]``; ``--check`` instead
measures ``TUNED_WEIGHTS`` against the intermediate's on ``--rounds`` fresh shuffles of every
preset the core plays (and Classic with three and four players), with standard errors.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino_core.players import INTERMEDIATE_WEIGHTS, TUNED_WEIGHTS, PolicyWeights
from cassino_core.playout import Playout, core_for, supported
from cassino_core.playout_policy import CorePolicy
from cassino_core.rules import CLASSIC, PRESETS, Rules

STEPS = {"per_card": 0.05, "sweep": 0.3, "steal": 0.1, "late": 0.1, "build": 0.2,
         "build_risk": 0.5, "trail": 0.2, "exposure_card": 0.05, "exposure": 0.25}
"""The first step of each weight."""


def shuffle_margins(challenger: PolicyWeights, best: PolicyWeights, rounds: int, seed: int,
                    rules: Rules = CLASSIC) -> list[float]:
    """Per shuffle (``rounds`` of them, from ``seed``), the round margin (points) of
    ``challenger`` over ``best``: the shuffle played once with the challenger in every seat in
    turn (and its partners' seats; the other seats play ``best``), the margin being the
    challenger's side's points less the other sides' mean, averaged over the seatings. Two
    players: each shuffle twice, the seats swapped."""
    core = core_for(rules)
    a, b = CorePolicy(core, challenger), CorePolicy(core, best)
    out = []
    for k in range(rounds):
        total = 0.0
        for a_seat in range(rules.players):
            a_side = rules.side_of(a_seat)
            policies = [a if rules.side_of(s) == a_side else b for s in range(rules.players)]
            st = Playout.new(rules, k % rules.players, random.Random(seed * 1_000_003 + k))
            while not st.finished:
                move = policies[st.turn].choose(st)
                assert move is not None
                st.play(move)
            totals = st.score().totals
            others = [t for side, t in enumerate(totals) if side != a_side]
            total += totals[a_side] - sum(others) / len(others)
        out.append(total / rules.players)
    return out


def margin(challenger: PolicyWeights, best: PolicyWeights, rounds: int, seed: int,
           rules: Rules = CLASSIC) -> float:
    """The mean of :func:`shuffle_margins`: the challenger's points a round over ``best``."""
    return statistics.fmean(shuffle_margins(challenger, best, rounds, seed, rules))


def check(rounds: int, seed: int) -> None:
    """Print, for every preset the playout core plays (two players) and Classic with three and
    four, the margin of :data:`TUNED_WEIGHTS` over :data:`INTERMEDIATE_WEIGHTS` on ``rounds``
    fresh shuffles, with its standard error."""
    tables = [(name, rules) for name, rules in PRESETS.items() if supported(rules)]
    tables += [(f"classic, {n} players", CLASSIC.replace(players=n)) for n in (3, 4)]
    for name, rules in tables:
        start = time.process_time()
        values = shuffle_margins(TUNED_WEIGHTS, INTERMEDIATE_WEIGHTS, rounds, seed, rules)
        error = statistics.stdev(values) / len(values) ** 0.5
        print(f"{name}: {statistics.fmean(values):+.3f} points a round (standard error "
              f"{error:.3f}; {time.process_time() - start:.0f} s CPU)", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1500, help="shuffles per comparison")
    parser.add_argument("--passes", type=int, default=3, help="passes over the weights")
    parser.add_argument("--keep", type=float, default=0.04,
                        help="least gain (points a round) that moves a weight")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated weights to tune")
    parser.add_argument("--start", choices=("intermediate", "tuned"), default="intermediate",
                        help="the weights to start from (INTERMEDIATE_WEIGHTS or TUNED_WEIGHTS)")
    parser.add_argument("--rules", choices=sorted(PRESETS), default="classic",
                        help="the preset played (the playout core's presets only)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--check", action="store_true",
                        help="instead of tuning, measure TUNED_WEIGHTS against the "
                             "intermediate's on --rounds fresh shuffles of every preset")
    args = parser.parse_args(argv)
    if args.check:
        check(args.rounds, args.seed)
        return
    rules = PRESETS[args.rules].replace(players=args.players)
    if not supported(rules):
        parser.error(f"--rules {args.rules}: the playout core does not play these rules")
    best = INTERMEDIATE_WEIGHTS if args.start == "intermediate" else TUNED_WEIGHTS
    steps = dict(STEPS)
    names = [n for n in steps if not args.only or n in args.only.split(",")]
    seed = args.seed
    for pas in range(args.passes):
        kept = False
        for name in names:
            for sign in (1, -1):
                value = round(getattr(best, name) + sign * steps[name], 4)
                try:
                    trial = replace(best, **{name: value})
                except ValueError:
                    continue
                seed += 1
                start = time.process_time()
                gain = margin(trial, best, args.rounds, seed, rules)
                print(f"pass {pas + 1} {name}={value:g}: {gain:+.3f} points a round "
                      f"({time.process_time() - start:.0f} s CPU)", flush=True)
                if gain > args.keep:
                    best = trial
                    kept = True
                    break
        if not kept:
            steps = {n: s / 2 for n, s in steps.items()}
        print(f"after pass {pas + 1}: {asdict(best)}", flush=True)
    print("final:", asdict(best))


if __name__ == "__main__":
    main()
