"""Information-set Monte Carlo tree search for Pishti, Xeri and Basra: the page's ``expert``
(issue 15; measured stronger than the intermediate, docs/pishti.md "Figures").

One tree over the deciding seat's information set (single observer): every iteration deals a
fresh world consistent with the seat's view (:func:`~cassino_core.pishti.players.sample_world`,
with the ranks other seats declined, :func:`~cassino_core.pishti.players.declined_ranks`), walks
the tree by the moves legal in that world (UCB1 over the children available there, counting
how often each was available), adds one new node, then plays on to the end of the deal with a
quick greedy policy (:func:`rollout_move`) and backs up what the root's side won: the worth of
what each move took (:func:`~cassino_core.pishti.players.move_gain`) and, at the end of the
deal, :func:`~cassino_core.pishti.players.leaf_value` (jacks still held, the table's first
chance). Unlike the flat search over sampled worlds, a move of another seat is chosen for what
it wins over every world in which it is legal, not for one world whose cards it would know.
The move played is the root's most visited child. Budget: ``iterations`` batches of
:data:`WORLDS_PER_ITERATION` worlds (about the thinking of one world of the flat search,
:class:`~cassino_core.pishti.players.ExpertPlayer`, so a tournament's ``--iterations``
compares the two at about equal time) and/or ``budget_ms`` of thinking time.
"""

from __future__ import annotations

import random
import time
from typing import Final

from ..cards import JACK
from ..fishing.players import DEFAULT_BUDGET_MS
from ..ismcts import TreeNode, backup, descend
from ..moves import Capture, Trail
from .game import CARD_POINTS, PishtiMove, RoundState
from .players import (
    AVERAGE_WORTH,
    JACK_KEEP,
    card_worth,
    declined_ranks,
    leaf_value,
    move_gain,
    sample_world,
)
from .view import PishtiView

__all__ = ["EXPLORE", "WORLDS_PER_ITERATION", "IsmctsPlayer", "rollout_move"]

WORLDS_PER_ITERATION: Final = 30
"""Worlds per unit of ``iterations`` (module docstring): in two-player Pishti one world of the
tree search took about 0.25 ms and one of the flat search's about 7 ms on the same machine."""
EXPLORE: Final = 4.0
"""UCB1's exploration weight, in round points (a move's worth over a deal spreads by a few
points)."""


_Node = TreeNode[PishtiMove]
"""A node of the Pishti tree (:class:`cassino_core.ismcts.TreeNode`), keyed by move."""


def rollout_move(state: RoundState, rng: random.Random) -> PishtiMove:
    """The quick policy that plays a sampled world on, from ``state`` alone (it reads no other
    hand): take with a card that is not a jack when one takes (the capture worth most); take
    with a jack only for a bonus, a table worth :data:`~cassino_core.pishti.players.JACK_KEEP`
    or more, or when no other card can be played; else add the card of fewest points that is
    not a jack (ties at random).

    Raises:
        ValueError: the round is over (no legal move).
    """
    legal = state.legal_moves()
    if not legal:
        raise ValueError("the round is over: no move to play")
    last = state.last_card
    caps = [m for m in legal if isinstance(m, Capture)]
    plain = [m for m in caps if m.card.rank != JACK]

    def worth(m: Capture) -> float:
        return sum(card_worth(c) for c in m.take) + state.bonus_of(m, last)

    if plain:
        return max(plain, key=lambda m: (worth(m), rng.random()))
    trails = [m for m in legal if isinstance(m, Trail)]
    if caps:
        best = max(caps, key=lambda m: (worth(m), rng.random()))
        if (not trails or state.bonus_of(best, last)
                or worth(best) + state.hidden * AVERAGE_WORTH >= JACK_KEEP):
            return best
    return min(trails, key=lambda m: (m.card.rank == JACK, CARD_POINTS.get(m.card, 0),
                                      rng.random()))


class IsmctsPlayer:
    """Single-observer information-set MCTS (module docstring).

    Attributes:
        budget_ms, iterations: the time, or the batches of :data:`WORLDS_PER_ITERATION`
            worlds, per decision (with neither, 1000 ms); explore: UCB1's weight.
        last_visits: the visits of each root move at the last decision.
    """

    def __init__(self, *, budget_ms: int | None = DEFAULT_BUDGET_MS,
                 iterations: int | None = None, explore: float = EXPLORE) -> None:
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.explore = explore
        self.last_visits: dict[PishtiMove, int] = {}

    def choose(self, view: PishtiView, rng: random.Random) -> PishtiMove:
        """The root move visited most (ties: the better average, then the first legal)."""
        legal = list(view.legal)
        if len(legal) == 1:
            self.last_visits = {legal[0]: 0}
            return legal[0]
        root = self._search(view, rng)
        self.last_visits = {m: (root.children[m].visits if m in root.children else 0)
                            for m in legal}

        def key(m: PishtiMove) -> tuple[int, float, int]:
            node = root.children.get(m)
            if node is None or not node.visits:
                return (0, -1e9, -legal.index(m))
            return (node.visits, node.total / node.visits, -legal.index(m))

        return max(legal, key=key)

    def _search(self, view: PishtiView, rng: random.Random) -> _Node:
        deadline = (None if self.budget_ms is None
                    else time.perf_counter() + self.budget_ms / 1000)
        limit = (self.iterations * WORLDS_PER_ITERATION if self.iterations is not None
                 else 10**9)
        lacks = declined_ranks(view)
        side = view.side
        root: _Node = TreeNode()
        done = 0
        while done < limit:
            self._iterate(root, sample_world(view, view.bonuses, rng, lacks), side, rng)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root

    def _iterate(self, root: _Node, world: RoundState, side: int, rng: random.Random) -> None:
        """One world: select and expand in the tree, play on with :func:`rollout_move`, back
        up the value for ``side``."""
        def pick(untried: list[PishtiMove]) -> PishtiMove:
            return untried[int(rng.random() * len(untried))]

        rules = world.rules
        deal = world.deal_number
        state = world
        node = root
        path: list[tuple[_Node, bool]] = []
        value = 0.0
        expanded = False
        while not state.finished and state.deal_number == deal:
            mine = rules.side_of(state.turn) == side
            if expanded:
                move = rollout_move(state, rng)
            else:
                move, node, expanded = descend(node, state.legal_moves(), self.explore, pick)
                path.append((node, mine))
            after = state._apply(move)
            got = move_gain(state, after)
            value += got if mine else -got
            state = after
        if not state.finished:
            value += leaf_value(state, side)
        backup(path, value)
