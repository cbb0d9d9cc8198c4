"""How well the Shasta Sam expert's playout policies play, each as a player of its own against
the intermediate (issue 16's tenth pass, docs/strength.md).

The expert values a card by the deals it samples, each finished by a playout policy; a policy
that plays badly misjudges how the deal goes on. Here each policy plays whole matches: at
every move it samples one deal of the hidden cards consistent with its view
(:class:`~cassino_core.calijack.infer.Sampler`, as the expert does) and plays the card the
policy picks in that deal.

Policies (a lead, and an answer to a lead):

- ``guessing``: the playouts before the tenth pass: ``search.lead`` against a guessed other
  hand (as many cards drawn from the other hand and the stock together), ``search.reply``.
- ``guessing+counted_reply``: the same leads, the intermediate's answers
  (``search.counted_reply``).
- ``counted_lead+reply``: the intermediate's counted leads (``search.counted_lead``),
  ``search.reply``'s answers.
- ``counted``: both as the intermediate (the page's expert since the tenth pass); it should
  win about half its matches against the intermediate.

Each seed is played twice with the seats swapped. Prints each policy's share of matches won,
with its 95% Wilson interval, and the seconds taken (asserts nothing).

Usage: ``python bench/jack_policy.py [--seeds 50] [--game shasta_sam]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino_core.calijack import search
from cassino_core.calijack.infer import Sampler
from cassino_core.calijack.match import JackMatch
from cassino_core.calijack.players import IntermediatePlayer, Player, tables
from cassino_core.calijack.rules import JackRules
from cassino_core.calijack.view import JackView, turn_views
from cassino_core.cards import Card
from cassino_core.tournament import wilson

POLICIES = ("guessing", "guessing+counted_reply", "counted_lead+reply", "counted")


class PolicyPlayer:
    """A player that plays one playout policy's card in one sampled deal a move."""

    def __init__(self, policy: str) -> None:
        self.policy = policy

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """The policy's card in a deal sampled from ``view``."""
        if len(view.legal) == 1:
            return view.legal[0]
        t = tables(view.trump, view.rules.follow)
        world = Sampler(view).world(rng)
        hand = world.hands[view.seat]
        stock = bool(world.stock)
        if world.led == search.NO_CARD:
            other = world.hands[1 - view.seat]
            if self.policy.startswith("counted"):
                pool = search.suit_masks(other + world.stock)
                card = search.counted_lead(hand, pool, len(other), t, 0.0, stock)
            else:
                guess = rng.sample(other + world.stock, len(other)) if stock else other
                card = search.lead(hand, guess, t, 0.0)
        else:
            answers = search.legal(hand, world.led, t)
            if self.policy.endswith("counted_reply") or self.policy == "counted":
                card = search.counted_reply(answers, world.led, t, 0.0, stock)
            else:
                card = search.reply(answers, world.led, t, 0.0)[0]
        return search.decode(card)


def winner(players: tuple[Player, Player], seed: int, game: str) -> int:
    """The seat that wins the match of ``seed`` between ``players`` (seat 0, seat 1)."""
    match = JackMatch(JackRules.from_name(game), seed)
    rngs = [random.Random(seed * 2 + 1 + seat) for seat in (0, 1)]
    for view in turn_views(match):
        match.play(players[view.seat].choose(view, rngs[view.seat]))
    assert match.winner is not None
    return match.winner


def main() -> None:
    """Print each policy's figures, one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds, each played twice")
    parser.add_argument("--game", default="shasta_sam",
                        choices=("shasta_sam", "california_jack"))
    args = parser.parse_args()
    for policy in POLICIES:
        start = time.perf_counter()
        wins = 0
        for seed in range(args.seeds):
            wins += winner((PolicyPlayer(policy), IntermediatePlayer()), seed, args.game) == 0
            wins += winner((IntermediatePlayer(), PolicyPlayer(policy)), seed, args.game) == 1
        n = 2 * args.seeds
        low, high = wilson(wins, n)
        print(f"{args.game} {policy} vs intermediate: {wins}/{n} = {wins / n:.1%} "
              f"(95% {low:.1%}-{high:.1%}), {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
