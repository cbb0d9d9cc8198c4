"""How much of the other hand a model of the intermediate's play over the whole deal could read
in two-player Classic Cassino (issue 16's ninth pass, docs/strength.md): a screen before
building one, not a player.

Within a two-player deal nothing is drawn, so the other seat's hand at each of its earlier
moves this deal is the hand a sampled deal gives it now plus the cards it played since. For
each such move the intermediate (``HeuristicPlayer.ranked``) is asked how it rates every
candidate move from that hand and that table; a softmax of sharpness ``--sharpness`` (per
round point) gives the move it made its chance, and the product over its moves is the sampled
deal's likelihood. Each deal kept is one of ``--candidates`` drawn by
``expert.sample_world``, picked in proportion to it.

Positions: every decision of intermediate-against-intermediate matches (seeds from 500) at
which the other seat has moved this deal. Printed: the share of the other hand's cards a
sampled hand holds (10 sampled hands a position), plain and modelled, and the CPU a modelled
hand costs.

Usage: ``python bench/cassino_inference.py [--matches 3] [--candidates 8] [--sharpness 16]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino_core.cards import Card
from cassino_core.expert import sample_world, view_of
from cassino_core.game import RoundState
from cassino_core.match import Match
from cassino_core.moves import Move
from cassino_core.players import HeuristicPlayer
from cassino_core.rules import CLASSIC
from cassino_core.view import SeatView, seat_view

MAX_ROUNDS = 30


def likelihood(view: SeatView, other: int, hidden: tuple[Card, ...],
               said: list[tuple[RoundState, Move]], judge: HeuristicPlayer,
               sharpness: float) -> float:
    """The chance the intermediate's softmax gives the other seat's moves ``said`` (each with
    the round before it) had it held ``hidden`` now and the cards it played since then."""
    log = 0.0
    for i, (before, move) in enumerate(said):
        then = (*hidden, *(m.card for _, m in said[i:]))
        hands = list(before.hands)
        hands[other] = then
        past = view_of(replace(before, hands=tuple(hands)), other, view)
        ranked = judge.ranked(past, random.Random(0))
        mine = next((value for value, m in ranked if m == move), None)
        if mine is None:
            continue  # a move the ranking merged with a like one
        log -= math.log(sum(math.exp(min(50.0, sharpness * (value - mine)))
                            for value, _ in ranked))
    return math.exp(log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--sharpness", type=float, default=16.0)
    args = parser.parse_args()
    judge = HeuristicPlayer()
    held = {"plain": [0, 0], "model": [0, 0]}
    cpu = 0.0
    positions = 0
    for n in range(args.matches):
        match = Match(CLASSIC, 500 + n)
        rngs = [random.Random(n * 7 + s) for s in (0, 1)]
        moves: list[tuple[RoundState, int, Move]] = []  # this deal's, with the round before
        deal = None
        while match.state.phase != "match_over" and match.state.round_number <= MAX_ROUNDS:
            if match.state.phase == "round_over":
                match.next_round()
                continue
            rnd = match.state.round
            if (match.state.round_number, len(rnd.stock)) != deal:
                deal = (match.state.round_number, len(rnd.stock))
                moves = []
            seat = rnd.turn
            other = 1 - seat
            view = seat_view(match.state, seat)
            said = [(before, m) for before, s, m in moves if s == other]
            if said and rnd.hands[other]:
                positions += 1
                truth = set(rnd.hands[other])
                rng = random.Random(positions)
                for _ in range(10):
                    world = sample_world(view, rng)
                    held["plain"][0] += len(truth & set(world.hands[other]))
                    held["plain"][1] += len(truth)
                started = time.process_time()
                for _ in range(10):
                    drawn = [sample_world(view, rng) for _ in range(args.candidates)]
                    weights = [likelihood(view, other, w.hands[other], said, judge,
                                          args.sharpness) for w in drawn]
                    kept = rng.choices(drawn, weights)[0] if sum(weights) > 0 else drawn[0]
                    held["model"][0] += len(truth & set(kept.hands[other]))
                    held["model"][1] += len(truth)
                cpu += time.process_time() - started
            move = judge.choose(view, rngs[seat])
            moves.append((rnd, seat, move))
            match.play(move)
    print(f"classic: {positions} positions from {args.matches} matches, 10 sampled hands each, "
          f"{args.candidates} candidates, sharpness {args.sharpness}")
    for name, (hits, total) in held.items():
        print(f"  {name}: holds {hits / total:.1%} of the other hand's cards")
    print(f"  {1000 * cpu / positions / 10:.1f} ms of CPU a modelled hand")


if __name__ == "__main__":
    main()
