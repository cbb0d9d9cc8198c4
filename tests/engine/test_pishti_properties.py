"""Pishti, Xeri and Basra property tests (hypothesis, modest example counts): the 52 cards are
always accounted for, each round's points are its card points, the 3 for most cards and the
bonuses, a seed fixes the whole match (computer moves included), a record replays to the same
match (JSON and text), and undo restores a state.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import full_pack
from cassino_core.pishti.game import score_round
from cassino_core.pishti.match import PishtiMatch
from cassino_core.pishti.players import make_player
from cassino_core.pishti.record import PishtiRecord
from cassino_core.pishti.rules import PRESETS
from cassino_core.pishti.view import pishti_view
from tests.engine.fishing_helpers import (
    assert_levels_repeat,
    assert_record_replays,
    assert_undo_restores,
    play_randomly,
)
from tests.engine.strategies import example_settings

NAMES = st.sampled_from(sorted(PRESETS))
SEEDS = st.integers(min_value=0, max_value=2**31)
PACK = sorted(full_pack(), key=lambda c: c.index)


def random_match(name: str, seed: int, rounds: int = 2) -> PishtiMatch:
    """Random play for up to ``rounds`` rounds, the 52 cards checked at every state."""
    played: PishtiMatch = play_randomly(PishtiMatch(PRESETS[name], seed), seed, PACK, rounds)
    return played


@settings(max_examples=25, deadline=None)
@given(NAMES, SEEDS)
def test_cards_are_conserved_and_points_per_round_add_up(name: str, seed: int) -> None:
    match = random_match(name, seed)
    rules = match.rules
    for rnd in match.rounds:
        if not rnd.finished:
            continue
        state = rnd.state
        score = score_round(state)
        assert sum(score.card_counts) == 52
        assert sum(score.card_points) == 13
        bonus = sum(points for _, points in state.bonuses)
        assert all(p in (rules.pisti_points, rules.jack_pisti_points) for _, p in state.bonuses)
        most = 0 if score.most_cards is None else 3
        assert sum(score.points) == 13 + most + bonus


@settings(max_examples=20, deadline=None)
@given(NAMES, SEEDS)
def test_a_record_replays_to_the_same_match_in_json_and_text(name: str, seed: int) -> None:
    assert_record_replays(random_match(name, seed), PishtiRecord)


@example_settings(3, 10)
@given(NAMES, SEEDS)
def test_a_seed_fixes_every_deal_and_every_computer_move(name: str, seed: int) -> None:
    assert_levels_repeat(lambda: PishtiMatch(PRESETS[name], seed), pishti_view, make_player,
                         seed, 20)


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS, st.integers(1, 30))
def test_undo_restores_the_earlier_state(name: str, seed: int, steps: int) -> None:
    assert_undo_restores(PishtiMatch(PRESETS[name], seed), seed, steps)
