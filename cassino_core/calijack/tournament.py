"""One computer-against-computer match, for ``python -m cassino_core.tournament --game
california_jack`` (which mirrors seats and pools many matches).

>>> out = play_match(["random", "random"], 7, variant="shasta_sam")
>>> sorted(out)
['deals', 'move_seconds', 'moves', 'points', 'winner']
"""

from __future__ import annotations

import random
import time
from typing import Any

from .match import JackMatch
from .players import ExpertPlayer, Player, make_player
from .rules import JackRules
from .view import jack_view

EXTRA_LEVELS = ("expert_plain", "expert_seeing", "expert_tree", "expert_soft",
                "expert_tree_paired")
"""Levels for measuring only: ``"expert_plain"`` is the expert without the void inference and
without the exact solve of each sampled deal near the end of the stock (as before issue 16's
second pass, but for the match-valued exact endgame); ``"expert_seeing"`` is the expert whose
playouts lead seeing the other hand in Shasta Sam too (as before issue 16's third pass);
``"expert_tree"`` is the expert with information-set tree search in Shasta Sam
(:mod:`~cassino_core.calijack.ismcts`, issue 16's fourth pass); ``"expert_soft"`` is the
expert whose sampler also keeps to the soft inferences of
:func:`~cassino_core.calijack.infer.ducks` (likewise); ``"expert_tree_paired"`` the tree search
with the root's cards compared on the same sampled deals (``ExpertPlayer(paired=True)``)."""


def tournament_player(level: str, budget_ms: int | None, iterations: int | None) -> Player:
    """A player of one of the page's levels or of :data:`EXTRA_LEVELS`.

    Raises:
        ValueError: an unknown level or a bad budget (:func:`make_player`).
    """
    if level == "expert_plain":
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations, infer=False, deep=False,
                            hidden_leads=False)
    if level == "expert_seeing":
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations, hidden_leads=False)
    if level == "expert_tree":
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations, tree=True)
    if level == "expert_tree_paired":
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations, tree=True, paired=True)
    if level == "expert_soft":
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations, soft=True)
    return make_player(level, budget_ms=budget_ms, iterations=iterations)


def play_match(levels: list[str], seed: int, *, variant: str = "california_jack",
               iterations: int | None = None, budget_ms: int | None = None) -> dict[str, Any]:
    """Play one match of ``variant`` between ``levels[0]`` (seat 0) and ``levels[1]`` (seat 1).

    The deals come from ``seed``; each seat's player gets its own generator derived from
    ``seed``, so with ``iterations`` (and no ``budget_ms``) the whole match is repeatable.

    Returns:
        ``{"winner": seat, "points": [a, b] (match points scored), "deals": n,
        "move_seconds": [s0, s1] (total thinking time), "moves": [n0, n1]}``.

    ``levels`` may name :data:`EXTRA_LEVELS` too.

    Raises:
        ValueError: not two levels, an unknown level or variant, a bad budget.
    """
    if len(levels) != 2:
        raise ValueError("California Jack is a two-player game: give two levels")
    rules = JackRules.from_name(variant)
    players = [tournament_player(level, budget_ms, iterations) for level in levels]
    rngs = [random.Random(seed * 2 + 1 + s) for s in (0, 1)]
    match = JackMatch(rules, seed)
    seconds = [0.0, 0.0]
    moves = [0, 0]
    while match.phase != "match_over":
        if match.phase == "deal_over":
            match.next_deal()
            continue
        seat = match.state.turn
        view = jack_view(match, seat)
        start = time.perf_counter()
        card = players[seat].choose(view, rngs[seat])
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        match.play(card)
    return {"winner": match.winner, "points": list(match.totals), "deals": match.deal_number,
            "move_seconds": seconds, "moves": moves}
