"""How well the California Jack / Shasta Sam expert's sampler reads the other hand, and what its
choices lose against a player who sees that hand (issue 16's ninth pass, docs/strength.md).

Positions: every decision of intermediate-against-intermediate matches (seeds from 1000) with
stock left and a finished trick, the other hand as it really was.

- ``hits``: over 20 sampled deals per position, the share of the other hand's hidden cards the
  sampled hand holds (and the same share weighed by each card's worth to hold), for the plain
  sampler and the modelled one (``Sampler(model=True)``), with the CPU milliseconds a sampled
  hand costs (the position's setup included).
- ``regret``: a sample of 30% of those positions with two legal cards or more and more than
  two stock cards; the cheating expert (told the other hand) values each card with
  ``--reference`` deals; each candidate chooses three times with 20 deals; regret is the best
  card's reference value less the chosen card's, in the expert's match-point units.

Usage: ``python bench/jack_inference.py hits|regret [--game shasta_sam] [--matches 6]
[--reference 300]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino_core.calijack import search
from cassino_core.calijack.estimates import holding_worth
from cassino_core.calijack.infer import Sampler
from cassino_core.calijack.match import JackMatch
from cassino_core.calijack.players import ExpertPlayer, IntermediatePlayer
from cassino_core.calijack.rules import JackRules
from cassino_core.calijack.tournament import CheatingExpert
from cassino_core.calijack.view import JackView, turn_views
from cassino_core.cards import Card

Position = tuple[JackView, tuple[Card, ...], random.Random]


def positions(game: str, matches: int) -> Iterator[Position]:
    """Each decision of the matches with stock left and a finished trick, the other hand, and
    the match's generator (for sampling)."""
    judge = IntermediatePlayer()
    for seed in range(1000, 1000 + matches):
        match = JackMatch(JackRules.from_name(game), seed)
        rng = random.Random(seed)
        for view in turn_views(match):
            if view.stock and view.tricks:
                yield view, match.state.hands[view.opponent], rng
            match.play(judge.choose(view, rng))


def hits(game: str, matches: int) -> None:
    counts = {False: [0.0, 0.0, 0.0, 0.0, 0.0], True: [0.0, 0.0, 0.0, 0.0, 0.0]}
    seen = 0
    for view, other, _ in positions(game, matches):
        seen += 1
        known = set(view.known[view.opponent])
        truth = {search.encode(c) for c in other if c not in known}
        worth = {n: holding_worth(search.decode(n), view.trump) for n in truth}
        for model in (False, True):
            rng = random.Random(seen)
            started = time.process_time()
            sampler = Sampler(view, model=model)
            for _ in range(20):
                hand = set(sampler.world(rng).hands[view.opponent]) & truth
                row = counts[model]
                row[0] += len(hand)
                row[1] += len(truth)
                row[2] += sum(worth[n] for n in hand)
                row[3] += sum(worth.values())
            counts[model][4] += time.process_time() - started
    print(f"{game}: {seen} positions from {matches} matches, 20 sampled hands each")
    for model, row in counts.items():
        print(f"  {'model' if model else 'plain'}: holds {row[0] / row[1]:.1%} of the hidden "
              f"cards, {row[2] / row[3]:.1%} of their worth; "
              f"{1000 * row[4] / seen / 20:.3f} ms of CPU a sampled deal")


def regret(game: str, matches: int, reference: int) -> None:
    chosen = []
    for view, other, rng in positions(game, matches):
        if view.stock > 2 and len(view.legal) > 1 and rng.random() < 0.3:
            chosen.append((view, other))
    totals = {False: [0.0, 0], True: [0.0, 0]}
    for i, (view, other) in enumerate(chosen):
        ceiling = CheatingExpert(iterations=reference)
        ceiling.truth = other
        values = ceiling.values(view, random.Random(i))
        best = max(values.values())
        for model in (False, True):
            for r in range(3):
                card = ExpertPlayer(iterations=20, model=model).choose(view,
                                                                       random.Random(7 * i + r))
                totals[model][0] += best - values[card]
                totals[model][1] += values[card] == best
    n = 3 * len(chosen)
    print(f"{game}: {len(chosen)} positions, {n} decisions each, reference {reference} deals")
    for model, (lost, agreed) in totals.items():
        print(f"  {'model' if model else 'plain'} (20 deals): regret {lost / n:.4f}, "
              f"agrees {agreed / n:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("hits", "regret"))
    parser.add_argument("--game", default="shasta_sam", choices=("california_jack",
                                                                 "shasta_sam"))
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--reference", type=int, default=300)
    args = parser.parse_args()
    if args.what == "hits":
        hits(args.game, args.matches)
    else:
        regret(args.game, args.matches, args.reference)


if __name__ == "__main__":
    main()
