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

from ..cards import Card
from . import search
from .infer import Sampler
from .match import JackMatch
from .players import ExpertPlayer, Player, make_player
from .rules import JackRules
from .view import JackView, turn_views

SWITCHES: dict[str, dict[str, bool]] = {
    "expert_plain": {"infer": False, "deep": False, "hidden_leads": False, "counted": False},
    "expert_seeing": {"hidden_leads": False, "counted": False},
    "expert_tree": {"tree": True, "counted": False},
    "expert_tree_paired": {"tree": True, "paired": True, "counted": False},
    "expert_soft": {"soft": True, "counted": False},
    "expert_mirror": {"mirror": True, "counted": False},
    "expert_mirror_soft": {"mirror": True, "soft": True, "counted": False},
    "expert_model": {"model": True, "counted": False},
    "expert_guessing": {"counted": False},
}
"""Each measuring level's :class:`~cassino_core.calijack.players.ExpertPlayer` switches."""

EXTRA_LEVELS = tuple(SWITCHES)
"""Levels for measuring only: ``"expert_plain"`` is the expert without the void inference and
without the exact solve of each sampled deal near the end of the stock (as before issue 16's
second pass, but for the match-valued exact endgame); ``"expert_seeing"`` is the expert whose
playouts lead seeing the other hand in Shasta Sam too (as before issue 16's third pass).
Issue 16's fourth pass, none of them better than the expert (docs/strength.md):
``"expert_tree"`` searches one information-set tree in Shasta Sam
(:mod:`~cassino_core.calijack.ismcts`); ``"expert_tree_paired"`` the same, with the root's
cards compared on the same sampled deals; ``"expert_soft"``'s sampler also keeps to the soft
inferences of :func:`~cassino_core.calijack.infer.ducks`. Issue 16's fifth pass:
``"expert_mirror"`` samples Shasta Sam's deals in mirrored pairs (each pair of draws swapped in
the second, :func:`~cassino_core.calijack.search.mirrored`), ``"expert_mirror_soft"`` does that
and keeps to the soft inferences too. Issue 16's ninth pass: ``"expert_model"`` weighs its
sampled deals by how well they explain the other seat's answers and leads under the
intermediate's judgement (:class:`~cassino_core.calijack.infer.Sampler`'s ``model``).
Issue 16's tenth pass made the page's expert play its Shasta Sam playouts as the intermediate
would (``counted``); every level above keeps the playouts it was measured with, and
``"expert_guessing"`` is the page's expert before that pass (its playouts' leads weighed
against a guess at the other hand)."""


CHEATING_LEVEL = "expert_cheating"
"""The expert that sees the other hand (:class:`CheatingExpert`): a ceiling for measuring,
told the deal by :func:`play_match` before each card, so it is not among
:data:`EXTRA_LEVELS` (whose players read nothing but their view, as a test checks)."""


class CheatingExpert(ExpertPlayer):
    """The page's expert told the other hand's cards: issue 16's "cheating expert", the
    ceiling the fair expert is measured against.

    It searches as :class:`~cassino_core.calijack.players.ExpertPlayer` does (the same
    playouts, the same guessed leads in Shasta Sam, the same exact search once the stock is
    empty), but every sampled deal gives the other seat the cards it really holds; the stock
    below its visible top stays shuffled, since no player can know its order. The gap to the
    fair expert is what a perfect reading of the other hand could add to this search.

    Set :attr:`truth` (the other seat's hand) before each :meth:`choose`; :func:`play_match`
    does. The page and the api never make one.

    Raises:
        ValueError: from :meth:`values` when :attr:`truth` is not set or does not fit the view
            (not the other hand's size, or not among the cards the seat cannot see or was
            shown).
    """

    def __init__(self, budget_ms: int | None = None, iterations: int | None = None) -> None:
        super().__init__(budget_ms=budget_ms, iterations=iterations)
        self.truth: tuple[Card, ...] | None = None
        """The other seat's hand as it really is (set before each choice)."""

    def sampler(self, view: JackView) -> Sampler:
        """A sampler that deals the other hand as it is (:class:`OpenSampler`)."""
        if self.truth is None:
            raise ValueError("the cheating expert needs the other hand: set truth first")
        return OpenSampler(view, self.truth)


class OpenSampler(Sampler):
    """A :class:`~cassino_core.calijack.infer.Sampler` whose other hand is the one given, the
    rest of the unseen cards shuffled into the stock.

    Raises:
        ValueError: ``hand`` is not the other seat's size, or holds a card the seat can see
            that the other seat was not shown holding.
    """

    def __init__(self, view: JackView, hand: tuple[Card, ...]) -> None:
        super().__init__(view, infer=False)
        if len(hand) != view.hand_counts[view.opponent]:
            raise ValueError("the other hand given to the cheating expert is not its size")
        codes = [search.encode(c) for c in hand]
        hidden = [c for c in codes if c not in self.known]
        if len(hidden) != self.slots or not set(hidden) <= set(self.unseen):
            raise ValueError("the other hand given to the cheating expert is not its view's")
        self.hidden = hidden

    def hidden_hand(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """The other hand's hidden cards as they are, and the other unseen cards shuffled."""
        rest = [c for c in self.unseen if c not in self.hidden]
        rng.shuffle(rest)
        return self.hidden[:], rest


def tournament_player(level: str, budget_ms: int | None, iterations: int | None) -> Player:
    """A player of one of the page's levels, of :data:`EXTRA_LEVELS` or
    :data:`CHEATING_LEVEL`.

    Raises:
        ValueError: an unknown level or a bad budget (:func:`make_player`).
    """
    if level == CHEATING_LEVEL:
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return CheatingExpert(budget_ms=budget_ms, iterations=iterations)
    switches = SWITCHES.get(level)
    if switches is not None:
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations, **switches)
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
    for view in turn_views(match):
        seat = view.seat
        player = players[seat]
        if isinstance(player, CheatingExpert):
            player.truth = match.state.hands[1 - seat]  # told what it cannot see (a ceiling)
        start = time.perf_counter()
        card = player.choose(view, rngs[seat])
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        match.play(card)
    return {"winner": match.winner, "points": list(match.totals), "deals": match.deal_number,
            "move_seconds": seconds, "moves": moves}
