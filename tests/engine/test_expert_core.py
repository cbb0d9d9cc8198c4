"""The expert on the playout core: its policy and evaluation, the engine fallback, the budget.

- ``playout_policy.expected_points`` gives the figures of ``expert.expected_points`` for the
  same round, under every preset the core plays;
- ``CorePolicy`` always picks a legal move and reads nothing a seat cannot see (the hidden
  cards dealt again among the other hands and the stock leave its choice unchanged);
- the expert searches on the core where it can and on the engine where the core refuses the
  rules; with a time budget it stops ranking the candidates of a crowded table at half the
  budget instead of weighing every family (the ranking used to run to its end).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cassino_core import expert as expert_module
from cassino_core import players
from cassino_core.bench import crowded_positions
from cassino_core.expert import ExpertPlayer
from cassino_core.expert import expected_points as engine_points
from cassino_core.game import RoundState, apply_move, new_round
from cassino_core.playout import Playout, supported
from cassino_core.playout_policy import CorePolicy
from cassino_core.playout_policy import expected_points as core_points
from cassino_core.rules import CLASSIC, PRESETS, Rules
from tests.engine.test_playout import RULESETS, _view


def _states(rules: Rules, seed: int) -> list[RoundState]:
    rng = random.Random(seed)
    state = new_round(rules, seed % rules.players, rng)
    out = [state]
    while not state.finished:
        state = apply_move(state, rng.choice(state.legal_moves()))
        out.append(state)
    return out


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 10**6))
def test_core_expected_points_are_the_engines(name: str, seed: int) -> None:
    for state in _states(RULESETS[name], seed):
        assert core_points(Playout.of(state)) == pytest.approx(engine_points(state), abs=1e-9)


def _hidden_dealt_again(state: RoundState, seed: int) -> RoundState:
    """The same round with the cards the seat to play cannot see (other hands, stock) dealt
    again at random, each hand keeping its size."""
    seat = state.turn
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.stock)
    random.Random(seed).shuffle(hidden)
    hands = list(state.hands)
    for s in range(len(hands)):
        if s != seat:
            n = len(hands[s])
            hands[s], hidden = tuple(hidden[:n]), hidden[n:]
    return replace(state, hands=tuple(hands), stock=tuple(hidden))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 10**6))
def test_the_core_policy_plays_legal_moves_and_does_not_peek(name: str, seed: int) -> None:
    rules = RULESETS[name]
    for state in _states(rules, seed)[:-1]:
        if state.rules.builder_restriction != "penalty" and any(b.owner != state.turn
                                                               for b in state.builds):
            continue  # a build owner's card is known, so not every re-deal is consistent
        core_state = Playout.of(state)
        policy = CorePolicy(core_state.core)
        move = policy.choose(core_state)
        assert move in core_state.legal()
        other = Playout.of(_hidden_dealt_again(state, seed))
        assert policy.choose(other) == move


def test_the_expert_searches_on_the_core_where_it_can() -> None:
    state = next(s for s in _states(CLASSIC, 3) if len(s.legal_moves()) > 3 and s.stock)
    expert = ExpertPlayer(iterations=4)
    _, how = expert.analyse(_view(state, state.turn), random.Random(1))
    assert how == "sampled" and expert.last_core and expert.last_samples == 4
    engine = ExpertPlayer(iterations=4, core=False)
    _, how = engine.analyse(_view(state, state.turn), random.Random(1))
    assert how == "sampled" and not engine.last_core and engine.last_samples == 4


def test_rules_the_core_refuses_are_searched_on_the_engine() -> None:
    rules = PRESETS["trailing_royals"]
    assert not supported(rules)
    for seed in range(6):
        for state in _states(rules, seed):
            if state.finished or not state.stock or len(state.legal_moves()) < 4:
                continue
            expert = ExpertPlayer(iterations=2)
            move, how = expert.analyse(_view(state, state.turn), random.Random(1))
            assert move in state.legal_moves()
            if how == "sampled":
                assert not expert.last_core and expert.last_samples == 2
                return
    raise AssertionError("no position needed sampling")


def test_ranking_a_crowded_table_stops_at_half_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that advances 10 ms at each reading: with a 200 ms budget the expert must stop
    generating and weighing candidates after about ten readings, not weigh all 4,000-odd
    families of this table (the ranking ignored the budget before)."""
    state = list(crowded_positions().values())[2]
    view = _view(state, 0)
    families = len(view.families)
    assert families > 2000
    clock = [0.0]

    def fake_clock() -> float:
        clock[0] += 0.01
        return clock[0]

    made = [0]
    richest = players._richest

    def counting(*args: object, **kwargs: object) -> object:
        made[0] += 1
        return richest(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module.time, "perf_counter", fake_clock)
    monkeypatch.setattr(players, "_richest", counting)
    move, how = ExpertPlayer(budget_ms=200).analyse(view, random.Random(0))
    assert how == "quick"
    assert made[0] < families // 4
    assert move in set(players.candidate_moves(view))


def test_playouts_to_the_end_of_the_round() -> None:
    state = next(s for s in _states(CLASSIC, 3) if len(s.legal_moves()) > 3 and s.stock)
    expert = ExpertPlayer(iterations=3, horizon="round")
    move, how = expert.analyse(_view(state, state.turn), random.Random(1))
    assert how == "sampled" and expert.last_core and expert.last_samples == 3
    assert move in state.legal_moves()
    with pytest.raises(ValueError):
        ExpertPlayer(iterations=3, horizon="match")


def test_the_tournament_plays_both_experts() -> None:
    from cassino_core.tournament import CASSINO_LEVELS, _player
    assert {"expert_engine", "expert_round"} <= set(CASSINO_LEVELS)
    engine = _player("expert_engine", None, 5)
    deep = _player("expert_round", None, 5)
    assert isinstance(engine, ExpertPlayer) and not engine.core and engine.iterations == 5
    assert isinstance(deep, ExpertPlayer) and deep.core and deep.horizon == "round"
    lead = _player("expert_lead", None, 5)
    wide = _player("expert_wide", None, 5)
    match = _player("expert_match", None, 5)
    assert isinstance(lead, ExpertPlayer) and lead.horizon == "lead"
    assert isinstance(wide, ExpertPlayer) and (wide.candidates, wide.keep_within) == (12, 4.0)
    assert isinstance(match, ExpertPlayer) and match.match
    deep = _player("expert_200", None, 5)  # its own number of deals, not --iterations
    assert isinstance(deep, ExpertPlayer) and deep.iterations == 200 and deep.solve == 0
    tuned = _player("expert_tuned", None, 5)
    assert isinstance(tuned, ExpertPlayer) and tuned.weights == players.TUNED_WEIGHTS
    assert tuned.policy.weights == players.TUNED_WEIGHTS  # the candidates' ranking too
    policy = tuned._core_policy(CLASSIC)
    assert policy is not None and policy.weights == players.TUNED_WEIGHTS  # and the playouts
    level = _player("intermediate_tuned", None, 5)
    assert isinstance(level, players.HeuristicPlayer)
    assert level.weights == players.TUNED_WEIGHTS != players.INTERMEDIATE_WEIGHTS


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 10**6))
@example(name="classic, the 10 of diamonds 10 or 11", seed=177)
def test_the_core_policy_picks_a_move_the_intermediate_rates_best(name: str, seed: int) -> None:
    """CorePolicy computes the intermediate's estimate (gain less exposure) on the core: its
    move has the intermediate's best evaluation (on tables of up to 150 moves, where the
    intermediate weighs every move in full).

    The example: Classic values with the 10 of diamonds counting 10 or 11 (Buckeye's switch
    [S003]); with TC 6H 7D 9C in hand and JS JD 5C KC loose, only jacks pair the loose jacks
    (courts without value pair by rank only: RULES.md §2, [PAG][FOS]), so the 10 of diamonds,
    which takes 11 as a sum, is no threat to them: the core counted it among the jacks'
    takers and trailed the 6H where the intermediate trails the 9C."""
    heuristic = players.HeuristicPlayer()
    for state in _states(RULESETS[name], seed)[:-1]:
        view = _view(state, state.turn)
        if len(view.legal_moves) > players.MOVES_TO_SCORE:
            continue
        core_state = Playout.of(state)
        chosen = CorePolicy(core_state.core).choose(core_state)
        assert chosen is not None
        odds = players._Odds(view)
        values = {core_state.core.move_of(m): heuristic.evaluate(view, m, odds)
                  for m in view.legal_moves}
        assert values[chosen] == pytest.approx(max(values.values()), abs=1e-9)


_WEIGHTS = st.builds(
    players.PolicyWeights,
    per_card=st.floats(0, 0.3), sweep=st.floats(0, 2), steal=st.floats(0, 0.5),
    late=st.floats(0, 0.5), build=st.floats(0, 1.5), build_risk=st.floats(0, 3),
    trail=st.floats(0, 1.5), exposure_card=st.floats(0, 0.5), exposure=st.floats(0, 2))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 10**6), weights=_WEIGHTS)
def test_the_core_policy_rates_as_the_intermediate_under_any_weights(
        name: str, seed: int, weights: players.PolicyWeights) -> None:
    """The weights the tuning moves (``PolicyWeights``, bench/tune_policy.py) mean the same on
    the core as in the intermediate: under any of them, CorePolicy's move has the best
    evaluation of a HeuristicPlayer given the same weights (as the test above, which holds
    the intermediate's own weights)."""
    heuristic = players.HeuristicPlayer(weights=weights)
    for state in _states(RULESETS[name], seed)[:-1]:
        view = _view(state, state.turn)
        if len(view.legal_moves) > players.MOVES_TO_SCORE:
            continue
        core_state = Playout.of(state)
        chosen = CorePolicy(core_state.core, weights).choose(core_state)
        assert chosen is not None
        odds = players._Odds(view)
        values = {core_state.core.move_of(m): heuristic.evaluate(view, m, odds)
                  for m in view.legal_moves}
        assert values[chosen] == pytest.approx(max(values.values()), abs=1e-9)


def test_policy_weights_refuse_what_the_rating_cannot_use() -> None:
    """A weight that is not a finite number, or a negative exposure (the rating stops weighing
    moves once no gain left can beat the best, which needs the exposure subtracted, not
    added), is refused with the weight's name."""
    with pytest.raises(ValueError, match="trail"):
        players.PolicyWeights(trail=math.nan)
    with pytest.raises(ValueError, match="sweep"):
        players.PolicyWeights(sweep=math.inf)
    with pytest.raises(ValueError, match="exposure"):
        players.PolicyWeights(exposure=-0.5)
    with pytest.raises(ValueError, match="build_risk"):
        players.PolicyWeights(build_risk=True)
    assert players.PolicyWeights(exposure=0.0).exposure == 0.0


@pytest.mark.parametrize(("horizon", "plays"), [("deal", 1), ("lead", 2), ("round", 9)])
def test_a_playout_stops_where_its_horizon_says(horizon: str, plays: int) -> None:
    """Two players, one card each, cards left in the stock: after the candidate, the other
    seat's last card ends the deal; ``"deal"`` stops there, ``"lead"`` also makes the next
    deal's first play (who takes what the deal left on the table), ``"round"`` plays on (at
    least a whole deal more: 8 plays)."""
    state = next(s for s in _states(CLASSIC, 3)
                 if s.stock and all(len(h) == 1 for h in s.hands))
    expert = ExpertPlayer(iterations=1, horizon=horizon)
    policy = expert._core_policy(CLASSIC)
    assert policy is not None
    made = [0]
    choose = policy.choose

    def counting(st: Playout) -> object:
        made[0] += 1
        return choose(st)

    policy.choose = counting  # type: ignore[method-assign]
    world = Playout.of(state)
    expert._core_playout(policy, world, policy.core.move_of(state.legal_moves()[0]), 0)
    assert made[0] == plays if horizon != "round" else made[0] >= plays


def test_the_fitted_curves_weigh_a_lead_in_cards_less_and_in_spades_more() -> None:
    """Classic, 16 cards still to take: side 0 has taken 20 cards with 5 spades, side 1 16
    with 3, no point card yet. Most cards (3 points) and most spades (1) [PAG §12] go to side 0
    with the chance its lead gives: 1 / (1 + exp(-1.6 * 4 / (4 + 1))) = 0.7824 for the cards
    and 1 / (1 + exp(-1.6 * 2 / (sqrt(5) + 1))) = 0.7289 for the spades on the expert's curve;
    1 / (1 + exp(-1.8 * 4 / (4 + 4))) = 0.7109 and 1 / (1 + exp(-2.2 * 2 / (sqrt(5) + 1)))
    = 0.7957 on the fitted ones."""
    from cassino_core.cards import Card
    from cassino_core.game import Round
    from cassino_core.playout_policy import CALIBRATED_CURVES

    plain = [c for c in CLASSIC.pack_cards()
             if c.rank != 1 and c not in (Card(10, "D"), Card(2, "S"))]
    spades = [c for c in plain if c.suit == "S"]
    others = [c for c in plain if c.suit != "S"]
    piles = [spades[:5] + others[:15], spades[5:8] + others[15:28]]
    rest = [c for c in CLASSIC.pack_cards() if c not in piles[0] and c not in piles[1]]
    assert len(rest) == 16
    state = Round.from_position(CLASSIC, hands=[rest[:4], rest[4:8]], loose=rest[8:12],
                                builds=(), turn=0, stock=rest[12:], piles=piles,
                                last_capturer=0, deal=5).state
    st = Playout.of(state)

    def chance(k: float, c: float, lead: int, left: int) -> float:
        return 1 / (1 + math.exp(-k * lead / (math.sqrt(left) + c)))

    for curves, (cards, spade) in (
            (None, (chance(1.6, 1, 4, 16), chance(1.6, 1, 2, 5))),
            (CALIBRATED_CURVES, (chance(1.8, 4, 4, 16), chance(2.2, 1, 2, 5)))):
        points = core_points(st) if curves is None else core_points(st, curves)
        assert points[0] == pytest.approx(3 * cards + spade)
        assert points[1] == pytest.approx(3 * (1 - cards) + (1 - spade))
    assert chance(1.6, 1, 4, 16) == pytest.approx(0.7824, abs=1e-4)
    assert chance(1.6, 1, 2, 5) == pytest.approx(0.7289, abs=1e-4)
    assert chance(1.8, 4, 4, 16) == pytest.approx(0.7109, abs=1e-4)
    assert chance(2.2, 1, 2, 5) == pytest.approx(0.7957, abs=1e-4)
