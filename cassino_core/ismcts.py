"""The tree of single-observer information-set Monte Carlo tree search (ISMCTS), shared by the
games that search that way: Pishti's expert (:mod:`cassino_core.pishti.ismcts`) and Shasta
Sam's measuring level ``expert_tree`` (:mod:`cassino_core.calijack.ismcts`).

Each game deals its own worlds and plays them on; what is common is the tree (after Cowling,
Powley and Whitehouse, 2012): a node per sequence of moves from the root, whatever hidden cards
lie behind it; one step down chooses among the moves legal *in the world at hand*, first any
that has no node yet, else the best by UCB1 with availability counts (a child's exploration
term counts the iterations in which it could have been played, not its parent's visits); the
value of the finished world is added to every node on the path, from the side of the seat
that made the move into it.

>>> root: TreeNode[str] = TreeNode()
>>> move, child, new = descend(root, ["a", "b"], 1.0, lambda untried: untried[0])
>>> move, new, child.avail
('a', True, 1)
>>> backup([(child, True)], 2.0)
>>> child.visits, child.total
(1, 2.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

__all__ = ["TreeNode", "backup", "descend", "ucb"]

M = TypeVar("M", bound=Hashable)


class TreeNode(Generic[M]):
    """One node: the moves played since the root lead here.

    Attributes:
        children: move -> the node after it (moves keyed as the game keys them: a card
            number in California Jack, a move object in Pishti).
        visits: iterations that went through this node.
        total: the sum of their values for the seat that made the move leading here.
        avail: iterations in which that move was legal at the parent (availability count).
    """

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[M, TreeNode[M]] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def ucb(node: TreeNode[M], exploration: float) -> float:
    """UCB1 with availability: the node's mean value plus ``exploration`` times
    sqrt(ln(avail) / visits). The node must have been visited (visits >= 1)."""
    return node.total / node.visits + exploration * math.sqrt(math.log(node.avail) / node.visits)


def descend(node: TreeNode[M], legal: Sequence[M], exploration: float,
            pick: Callable[[list[M]], M]) -> tuple[M, TreeNode[M], bool]:
    """One step down from ``node`` in a world whose legal moves are ``legal`` (non-empty).

    Every existing child among ``legal`` gains one availability. If some legal move has no
    child yet, ``pick`` chooses one of those (in ``legal``'s order; each game draws from its own
    random stream), its new child starts with one availability, and the answer is
    ``(move, child, True)``: the caller plays on from there without the tree. Otherwise the
    answer is the child best by :func:`ucb` (the first in ``legal``'s order on ties) and False.
    """
    children = node.children
    untried = [m for m in legal if m not in children]
    for m in legal:
        child = children.get(m)
        if child is not None:
            child.avail += 1
    if untried:
        move = pick(untried)
        child = children[move] = TreeNode()
        child.avail = 1
        return move, child, True
    best = legal[0]
    best_score = -math.inf
    for m in legal:
        score = ucb(children[m], exploration)
        if score > best_score:
            best, best_score = m, score
    return best, children[best], False


def backup(path: Sequence[tuple[TreeNode[M], bool]], value: float) -> None:
    """Add one visit and the finished world's ``value`` (for the observer) to every node on
    ``path``: ``(node, mine)`` pairs, ``mine`` when the observer's side made the move into it
    (the others get ``-value``)."""
    for node, mine in path:
        node.visits += 1
        node.total += value if mine else -value
