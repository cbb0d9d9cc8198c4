"""Two searches of the rest of a deal the expert can use instead of its flat playouts, both
measured in docs/strength.md (issue 16):

``ExpertPlayer(solve=n)``, the deal's last plays searched ("exact search as soon as the
remaining cards allow it ... and the last plays of a deal"):

- ``expert._deal_search`` (alpha-beta to the end of the deal in one sampled deal) gives the
  value a plain minimax without cuts gives, under every preset the core plays, with two to six
  players;
- the expert searches every sampled deal once few enough plays are left, and only then: not
  with ``solve=0`` (the page's expert), not earlier in the deal, not under the Draw rules,
  whose hands refill from the stock;
- a sampled deal whose search passes its node limit is played out as before.

``ExpertPlayer(tree=True)``, information-set tree search over the deal ("information-set
MCTS"): it plays as many iterations as the flat search plays playouts, keeps to its
candidates, repeats itself from the same generator, and takes a move that is best in every
sampled deal.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassino_core import expert as expert_module
from cassino_core.cards import Card
from cassino_core.expert import ExpertPlayer, _Budget, _deal_search, side_value
from cassino_core.game import Round, RoundState, apply_move, new_round
from cassino_core.playout import Playout, core_for
from cassino_core.playout_policy import MAJORITY_CURVE, CorePolicy
from cassino_core.playout_policy import expected_points as core_points
from cassino_core.rules import CLASSIC, PRESETS, Rules
from tests.engine.test_playout import RULESETS, _view

CURVES = (MAJORITY_CURVE, MAJORITY_CURVE)


def _plain_minimax(state: Playout, side: int, deal: int,
                   policy: CorePolicy | None = None) -> float:
    """The margin of ``side`` at the end of deal ``deal`` with best play, every move tried,
    or with ``policy`` the other sides' moves its choices (the definition :func:`_deal_search`
    must agree with)."""
    if state.finished or state.deal != deal or state.loose.bit_count() > expert_module.CROWDED:
        return side_value(core_points(state, CURVES), side)
    if policy is not None and state.core.side[state.turn] != side:
        reply = policy.choose(state)
        if reply is None:
            return side_value(core_points(state, CURVES), side)
        child = state.copy()
        child.play(reply)
        return _plain_minimax(child, side, deal, policy)
    moves = state.legal()
    if not moves:
        return side_value(core_points(state, CURVES), side)
    values = []
    for move in moves:
        child = state.copy()
        child.play(move)
        values.append(_plain_minimax(child, side, deal, policy))
    mine = state.core.side[state.turn] == side
    return max(values) if mine else min(values)


def _late_positions(rules: Rules, seed: int, plays_left: int) -> list[RoundState]:
    """Positions of a random round with at most ``plays_left`` cards left in the hands of the
    deal being played."""
    rng = random.Random(seed)
    state = new_round(rules, seed % rules.players, rng)
    out = []
    while not state.finished:
        if sum(len(h) for h in state.hands) <= plays_left:
            out.append(state)
        state = apply_move(state, rng.choice(state.legal_moves()))
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 10**6))
def test_the_deal_search_is_the_minimax_of_the_deal(name: str, seed: int) -> None:
    rules = RULESETS[name]
    policy = CorePolicy(core_for(rules))
    for state in _late_positions(rules, seed, plays_left=3 if rules.players <= 3 else 4)[:6]:
        world = Playout.of(state)
        for side in range(rules.sides):
            for replies in (None, policy):
                budget = _Budget(None, 10**6)
                got = _deal_search(world.core, world.copy(), side, world.deal, -math.inf,
                                   math.inf, budget, CURVES, replies)
                assert got == pytest.approx(
                    _plain_minimax(world.copy(), side, world.deal, replies), abs=1e-9)


def _position(rules: Rules, hand_cards: int) -> RoundState:
    """A two-player position with ``hand_cards`` cards left in both hands together, the
    stock not empty, and several legal moves."""
    for seed in range(200):
        for state in _late_positions(rules, seed, hand_cards):
            if (sum(len(h) for h in state.hands) == hand_cards and state.stock
                    and len(state.legal_moves()) >= 3):
                return state
    raise AssertionError("no such position")


def test_the_last_plays_of_a_deal_are_searched_in_every_sampled_deal() -> None:
    """Two cards each, three plays after the expert's: ``solve=4`` searches all 6 samples;
    ``solve=2`` (too few plays allowed) and the page's ``solve=0`` play them out."""
    state = _position(CLASSIC, 4)
    view = _view(state, state.turn)
    for solve, searched in ((4, 6), (3, 6), (2, 0), (0, 0)):
        expert = ExpertPlayer(iterations=6, solve=solve, keep_within=100.0)
        move, how = expert.analyse(view, random.Random(1))
        assert how == "sampled" and move in state.legal_moves()
        assert (expert.last_samples, expert.last_solved) == (6, searched), solve


def test_the_search_takes_the_searched_best_move() -> None:
    """With one sample and the other hand as it really is, the move chosen is one whose
    searched value is the best of the candidates (the search's values decide)."""
    state = _position(CLASSIC, 4)
    view = _view(state, state.turn)
    expert = ExpertPlayer(iterations=1, solve=4, keep_within=100.0, candidates=100)
    policy = expert._core_policy(CLASSIC)
    assert policy is not None
    truth = Playout.of(state)
    values = {}
    for move in state.legal_moves():
        child = truth.copy()
        child.play(policy.core.move_of(move))
        values[move] = _deal_search(policy.core, child, CLASSIC.side_of(state.turn), truth.deal,
                                    -math.inf, math.inf, _Budget(None, 10**6), CURVES)
    # The other hand is the only hidden part that matters to the deal's end once the stock
    # is not reached; a cheating expert deals it as it is.
    cheat = expert_module.CheatingExpert(iterations=1)
    cheat.solve = 4
    cheat.keep_within = 100.0
    cheat.candidates = 100
    cheat.truth = state
    chosen, how = cheat.analyse(view, random.Random(3))
    assert how == "sampled" and cheat.last_solved == 1
    best = max(values.values())
    # the intermediate's order breaks near ties (0.01 a place), so the chosen value is within
    # that prior of the best
    assert values[chosen] >= best - 0.01 * len(values) - 1e-9


def test_the_draw_rules_are_never_searched() -> None:
    """Under the Draw rules a hand refills from the stock after each play, so its cards do
    not count the plays left: the expert plays its samples out."""
    rules = PRESETS["draw"]
    state = next(s for seed in range(50) for s in _late_positions(rules, seed, 8)
                 if s.stock and len(s.legal_moves()) >= 3)
    expert = ExpertPlayer(iterations=4, solve=8, keep_within=100.0)
    _, how = expert.analyse(_view(state, state.turn), random.Random(1))
    assert how == "sampled" and expert.last_samples == 4 and expert.last_solved == 0


def test_a_search_past_its_node_limit_is_played_out(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _position(CLASSIC, 4)
    monkeypatch.setattr(expert_module, "SOLVE_NODES", 1)
    expert = ExpertPlayer(iterations=5, solve=4, keep_within=100.0)
    move, how = expert.analyse(_view(state, state.turn), random.Random(1))
    assert how == "sampled" and move in state.legal_moves()
    assert (expert.last_samples, expert.last_solved) == (5, 0)


def test_a_negative_solve_and_unknown_replies_are_refused() -> None:
    with pytest.raises(ValueError, match="solve"):
        ExpertPlayer(iterations=1, solve=-1)
    with pytest.raises(ValueError, match="replies"):
        ExpertPlayer(iterations=1, solve=4, replies="random")


def test_the_tree_search_plays_the_flat_searchs_number_of_playouts() -> None:
    state = _position(CLASSIC, 6)
    view = _view(state, state.turn)
    flat = ExpertPlayer(iterations=7, keep_within=100.0)
    tree = ExpertPlayer(iterations=7, keep_within=100.0, tree=True)
    flat_move, _ = flat.analyse(view, random.Random(2))
    tree_move, how = tree.analyse(view, random.Random(2))
    candidates = [m for _, m in flat.policy.ranked(view, random.Random(2))][:flat.candidates]
    assert how == "sampled" and tree.last_core
    assert tree_move in candidates and flat_move in candidates
    assert tree.last_samples == 7 * len(candidates)
    again = ExpertPlayer(iterations=7, keep_within=100.0, tree=True)
    assert again.analyse(view, random.Random(2))[0] == tree_move  # the same generator


def test_the_tree_search_takes_the_sweep() -> None:
    """Classic, two players, stock left: the table holds the 5 of clubs and the 4 of hearts,
    the expert holds the 9 of spades and the 2 of hearts. Taking both with the 9 (5 + 4) is a
    sweep [PAG §6], a point whatever the other hand; any other move leaves cards to take. The
    tree search takes it."""
    c = Card
    loose = [c(5, "C"), c(4, "H")]
    mine = [c(9, "S"), c(2, "H")]
    seen = set(loose) | set(mine)
    rest = [x for x in CLASSIC.pack_cards() if x not in seen]
    state = Round.from_position(CLASSIC, hands=[mine, rest[:2]], loose=loose, builds=(),
                                turn=0, stock=rest[2:30], piles=[rest[30:40], rest[40:48]],
                                last_capturer=1, deal=3).state
    expert = ExpertPlayer(iterations=30, keep_within=100.0, tree=True)
    move, how = expert.analyse(_view(state, 0), random.Random(4))
    assert how == "sampled"
    assert move.card == c(9, "S") and set(move.take) == set(loose)


def test_the_figures_of_a_choice_are_its_own() -> None:
    """``last_solved`` counts the latest choice's searched deals only: a choice of the last
    deal, decided by the exact search before any sampling, reports 0 after one that
    searched."""
    expert = ExpertPlayer(iterations=6, solve=4, keep_within=100.0)
    late = _position(CLASSIC, 4)
    expert.analyse(_view(late, late.turn), random.Random(1))
    assert expert.last_solved == 6
    last = next(s for seed in range(50) for s in _late_positions(CLASSIC, seed, 4)
                if not s.stock and len(s.legal_moves()) >= 3)
    _, how = expert.analyse(_view(last, last.turn), random.Random(1))
    assert how == "exact" and expert.last_solved == 0
