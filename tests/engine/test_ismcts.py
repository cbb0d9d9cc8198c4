"""The shared ISMCTS tree (cassino_core/ismcts.py): untried moves first, then UCB1 with
availability counts (Cowling, Powley and Whitehouse 2012), values backed up by side."""

from __future__ import annotations

import doctest
import math

from cassino_core import ismcts
from cassino_core.ismcts import TreeNode, backup, descend, ucb


def test_doctests() -> None:
    assert doctest.testmod(ismcts).failed == 0


def test_a_legal_move_without_a_node_is_tried_before_any_is_chosen_by_ucb() -> None:
    root: TreeNode[str] = TreeNode()
    root.children["a"] = TreeNode()
    root.children["a"].visits, root.children["a"].total, root.children["a"].avail = 1, 9.0, 1
    move, child, new = descend(root, ["a", "b"], 1.0, lambda untried: untried[-1])
    assert (move, new) == ("b", True)
    assert child is root.children["b"] and child.avail == 1
    assert root.children["a"].avail == 2  # "a" was legal in this world too


def test_ucb_counts_availability_not_the_parents_visits() -> None:
    """Two children visited alike: the one legal in more worlds explores more (ln avail)."""
    root: TreeNode[str] = TreeNode()
    for name, avail in (("rare", 1), ("often", 50)):
        node = root.children[name] = TreeNode()
        node.visits, node.total, node.avail = 4, 4.0, avail
    assert ucb(root.children["rare"], 1.0) == 1.0  # ln 1 = 0: no exploration term
    move, _, new = descend(root, ["rare", "often"], 1.0, lambda untried: untried[0])
    assert (move, new) == ("often", False)
    assert math.isclose(ucb(root.children["often"], 1.0), 1.0 + math.sqrt(math.log(51) / 4))


def test_a_move_legal_only_elsewhere_is_not_chosen_and_gains_no_availability() -> None:
    root: TreeNode[str] = TreeNode()
    for name, total in (("best", 100.0), ("other", 0.0)):
        node = root.children[name] = TreeNode()
        node.visits, node.total, node.avail = 1, total, 1
    move, _, new = descend(root, ["other"], 1.0, lambda untried: untried[0])
    assert (move, new) == ("other", False)
    assert root.children["best"].avail == 1 and root.children["other"].avail == 2


def test_backup_gives_each_side_its_own_sign() -> None:
    mine: TreeNode[int] = TreeNode()
    theirs: TreeNode[int] = TreeNode()
    backup([(mine, True), (theirs, False)], 3.0)
    assert (mine.visits, mine.total, theirs.visits, theirs.total) == (1, 3.0, 1, -3.0)
