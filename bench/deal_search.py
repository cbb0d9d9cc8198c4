"""How the expert's search of a deal's last plays (``ExpertPlayer(solve=n)``, issue 16,
docs/strength.md "Searching the rest of a deal") behaves at the positions of real play: a
screen, not a player.

Positions: those of intermediate-against-intermediate two-player Classic matches
(``bench.real_play_matches``, seen through the page's ``seat_view``) at which the
stock is not empty, the seat to play has two moves or more, and the cards left in all hands,
less the one about to be played, are at most n (where ``solve=n`` searches). At each one the
flat expert and the searching experts decide with the same generator and ``--iterations``
sampled deals. Printed, per n: the decisions made by sampling, the share of their sampled
deals the search covered (the rest passed ``expert.SOLVE_NODES`` and were played out), the
CPU a decision took; and at n = 4 how often the search with the others at their best, and
with the others as the intermediate, chose the flat expert's move.

Usage: ``python bench/deal_search.py [--positions 600] [--seed 11] [--iterations 20]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino_core.bench import real_play_matches
from cassino_core.expert import ExpertPlayer
from cassino_core.match import MatchState
from cassino_core.view import seat_view


def _eligible(state: MatchState, solve: int) -> bool:
    rnd = state.round
    return (sum(len(h) for h in rnd.hands) - 1 <= solve and bool(rnd.stock)
            and len(rnd.legal_moves()) >= 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--iterations", type=int, default=20)
    args = parser.parse_args()
    states = real_play_matches(args.positions, args.seed)
    for solve in (4, 6):
        decisions = solved = samples = 0
        cpu = 0.0
        for state in states:
            if not _eligible(state, solve):
                continue
            expert = ExpertPlayer(iterations=args.iterations, solve=solve)
            start = time.process_time()
            _, how = expert.analyse(seat_view(state, state.round.turn), random.Random(1))
            cpu += time.process_time() - start
            if how == "sampled":
                decisions += 1
                samples += expert.last_samples
                solved += expert.last_solved
        print(f"solve={solve}: {decisions} decisions by sampling; {solved} of {samples} sampled "
              f"deals searched ({100 * solved / max(1, samples):.1f}%); "
              f"{1000 * cpu / max(1, decisions):.1f} ms of CPU a decision")
    decisions = same_best = same_policy = 0
    for state in states:
        if not _eligible(state, 4):
            continue
        view = seat_view(state, state.round.turn)
        flat, how = ExpertPlayer(iterations=args.iterations).analyse(view, random.Random(1))
        if how != "sampled":
            continue
        best, _ = ExpertPlayer(iterations=args.iterations, solve=4).analyse(
            view, random.Random(1))
        policy, _ = ExpertPlayer(iterations=args.iterations, solve=4,
                                 replies="policy").analyse(view, random.Random(1))
        decisions += 1
        same_best += best == flat
        same_policy += policy == flat
    print(f"solve=4, {decisions} decisions: the others at their best chose the flat expert's "
          f"move {same_best} times ({100 * same_best / max(1, decisions):.1f}%), the others as "
          f"the intermediate {same_policy} times ({100 * same_policy / max(1, decisions):.1f}%)")


if __name__ == "__main__":
    main()
