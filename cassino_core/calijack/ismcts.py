"""Information-set Monte Carlo tree search for Shasta Sam (issue 16, fourth pass).

The flat search of :class:`~cassino_core.calijack.players.ExpertPlayer` deals the hidden cards
once per sample and then plays each legal card in that deal: every later decision is made in a
world whose cards are all placed. Single-observer information-set MCTS (after Cowling, Powley
and Whitehouse, 2012) keeps one tree over the observer's information set instead:

- each iteration deals a fresh world of the hidden cards
  (:class:`~cassino_core.calijack.infer.Sampler`, voids respected);
- it walks down the tree choosing, at each node, among the cards legal *in that world* only,
  by UCB1 with availability counts (a child's exploration term counts the iterations in which
  it could have been played, not the parent's visits);
- it adds one node, finishes the deal with the playout policy
  (:func:`~cassino_core.calijack.search.playout`, leads guessing at the other hand while the
  face-down stock lasts), values the finished deal for the match
  (:func:`~cassino_core.calijack.search.match_evaluator`) and adds that value, from each mover's
  side, to every node on the path.

A node is reached by the cards played since the root, whatever was drawn, so a node's
statistics average over every deal the observer cannot tell apart: no decision below the root
is taken as if the hidden cards were known. The root's choice is its most visited card.

>>> node = Node()
>>> node.visits, node.avail, node.children
(0, 0, {})
"""

from __future__ import annotations

import random
import time
from typing import Final

from ..ismcts import TreeNode, backup, descend
from . import search
from .infer import Sampler
from .search import NO_CARD, Evaluator, Tables, World

EXPLORATION: Final = 2.0
"""UCB1's exploration constant, in the evaluator's units (about one per match point early in a
match; a deal's value for one seat mostly lies within -4..4)."""


Node = TreeNode[int]
"""A node of Shasta Sam's tree: its children are keyed by card number
(:class:`cassino_core.ismcts.TreeNode`)."""


def iterate(root: Node, world: World, seat: int, t: Tables, evaluate: Evaluator,
            rng: random.Random, exploration: float = EXPLORATION, face_up: bool = False,
            first: int = NO_CARD) -> float:
    """One iteration of the search on ``world`` (a fresh determinization, changed in place):
    select by UCB1 among the cards legal in it, expand one node, play out, back up.
    ``face_up``: the stock is face up (California Jack; the playout then values its top card
    and its leads see the other hand), else its leads guess with ``rng``. ``first``: the
    observer's card at the root, played instead of choosing one (it must be legal there).

    Returns the finished deal's value for ``seat`` (the observer, who is to play at the root).
    """
    def pick(untried: list[int]) -> int:  # one random number only when there is a choice
        return untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]

    node = root
    path: list[tuple[Node, int]] = []
    if first != NO_CARD:
        found = root.children.get(first)
        node = root.children[first] = TreeNode() if found is None else found
        node.avail += 1
        search.play(world, first, t)
        path.append((node, seat))
    while not world.finished:
        mover = world.turn
        card, node, new = descend(node, search.legal(world.hands[mover], world.led, t),
                                  exploration, pick)
        search.play(world, card, t)
        path.append((node, mover))
        if new:
            break
    if not world.finished:
        search.playout(world, t, face_up, rng)
    value = evaluate(world.points, world.honours, seat)
    backup([(node, mover == seat) for node, mover in path], value)
    return value


def search_root(sampler: Sampler, seat: int, t: Tables, evaluate: Evaluator,
                rng: random.Random, *, iterations: int | None = None,
                deadline: float | None = None, exploration: float = EXPLORATION,
                face_up: bool = False, paired: list[int] | None = None) -> tuple[Node, int]:
    """Run iterations from the observer's view (``sampler``) until ``iterations`` are done
    and/or ``time.perf_counter()`` passes ``deadline`` (whichever comes first; at least one
    iteration always runs); ``face_up`` as in :func:`iterate`.

    ``paired``: the observer's legal cards. Each sampled deal then gets one iteration for
    every one of them (the root's first card fixed, the tree searched below it), so the root's
    cards are compared on the same deals, as in the flat search, and only the play after them
    comes from the tree; ``iterations`` then counts these iterations, one per card and deal.

    Returns:
        ``(root, done)``: the tree's root (its children are the observer's legal cards that
        were tried) and the number of iterations run.

    Raises:
        ValueError: neither ``iterations`` nor ``deadline`` is given.
    """
    if iterations is None and deadline is None:
        raise ValueError("search_root needs iterations or a deadline")
    root = Node()
    done = 0
    while True:
        world = sampler.world(rng)
        if paired:
            for card in paired:
                iterate(root, world.copy(), seat, t, evaluate, rng, exploration, face_up, card)
            done += len(paired)
        else:
            iterate(root, world, seat, t, evaluate, rng, exploration, face_up)
            done += 1
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return root, done
