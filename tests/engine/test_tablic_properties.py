"""Tablić and Tablanette property tests (hypothesis, modest example counts): the 52 cards are
always accounted for, each round's points are its 22 card points, the 3 for most cards (none
on a tie) and the tablas, a seed fixes the whole match (computer moves included), a record
replays to the same match (JSON and text), and undo restores a state.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import full_pack
from cassino_core.tablic.game import pips, score_round
from cassino_core.tablic.match import TablicMatch
from cassino_core.tablic.players import make_player
from cassino_core.tablic.record import TablicRecord
from cassino_core.tablic.rules import PRESETS
from cassino_core.tablic.view import tablic_view
from tests.engine.fishing_helpers import (
    assert_levels_repeat,
    assert_record_replays,
    assert_undo_restores,
    play_randomly,
)

NAMES = st.sampled_from(sorted(PRESETS))
SEEDS = st.integers(min_value=0, max_value=2**31)
PACK = sorted(full_pack(), key=lambda c: c.index)


def random_match(name: str, seed: int, rounds: int = 2) -> TablicMatch:
    """Random play for up to ``rounds`` rounds, the 52 cards checked at every state."""
    played: TablicMatch = play_randomly(TablicMatch(PRESETS[name], seed), seed, PACK, rounds)
    return played


@settings(max_examples=25, deadline=None)
@given(NAMES, SEEDS)
def test_cards_are_conserved_and_points_are_22_plus_3_plus_the_tablas(name: str,
                                                                        seed: int) -> None:
    match = random_match(name, seed)
    rules = match.rules
    for rnd in match.rounds:
        if not rnd.finished:
            continue
        state = rnd.state
        score = score_round(state)
        assert sum(score.card_counts) == 52
        assert sum(score.card_points) == 22
        for side, points in enumerate(score.card_points):
            assert sum(part[side] for _, part in score.parts) == points
        tablas = sum(points for _, points in state.bonuses)
        if rules.tabla_scoring == "point":
            assert all(points == 1 for _, points in state.bonuses)
        else:
            assert all(0 < points <= sum(pips(c, rules) for c in PACK)
                       for _, points in state.bonuses)
        most = 0 if score.most_cards is None else 3
        assert sum(score.points) == 22 + most + tablas


@settings(max_examples=20, deadline=None)
@given(NAMES, SEEDS)
def test_a_record_replays_to_the_same_match_in_json_and_text(name: str, seed: int) -> None:
    assert_record_replays(random_match(name, seed), TablicRecord)


@settings(max_examples=8, deadline=None)
@given(NAMES, SEEDS)
def test_a_seed_fixes_every_deal_and_every_computer_move(name: str, seed: int) -> None:
    assert TablicMatch(PRESETS[name], seed).state == TablicMatch(PRESETS[name], seed).state
    assert_levels_repeat(lambda: TablicMatch(PRESETS[name], seed), tablic_view, make_player,
                         seed, 14)


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS, st.integers(1, 30))
def test_undo_restores_the_earlier_state(name: str, seed: int, steps: int) -> None:
    assert_undo_restores(TablicMatch(PRESETS[name], seed), seed, steps)
