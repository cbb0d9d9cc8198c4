"""Scopa's computer levels: legal choices under every preset, no peeking (a view, and every
level's choice, stay the same when the hidden cards are dealt otherwise), sensible choices in
concrete positions, and hints with reasons.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cirulla.rules import PRESETS as CIRULLA_PRESETS
from cassino_core.escoba.rules import PRESETS as ESCOBA_PRESETS
from cassino_core.fishing.capture import heaviest_listed
from cassino_core.fishing.pack import italian_pack
from cassino_core.moves import Capture, Trail
from cassino_core.scopa.game import RoundState, deal_round, position
from cassino_core.scopa.hints import REASONS, explain, hint
from cassino_core.scopa.players import ALL_LEVELS, make_player
from cassino_core.scopa.rules import PRESETS
from cassino_core.scopa.view import round_view
from tests.engine.fishing_helpers import (
    assert_plays_legal,
    assert_same_view_and_choices,
    cards,
    permute_hidden,
    random_state,
)


def state_after(name: str, seed: int, steps: int) -> RoundState:
    state: RoundState = random_state(PRESETS[name], deal_round, seed, steps)
    return state


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**31), st.integers(0, 30))
def test_view_leaks_nothing_and_no_level_peeks(name: str, seed: int, steps: int) -> None:
    state = state_after(name, seed, steps)
    if state.finished:
        return
    seat = state.turn
    view = round_view(state, seat)
    twin = round_view(permute_hidden(state, seat, random.Random(seed)), seat)
    assert_same_view_and_choices(view, twin, make_player, ALL_LEVELS, seed)


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_legal_moves_under_every_preset(name: str, level: str) -> None:
    assert_plays_legal(state_after(name, 5, 0), make_player(level, iterations=2), round_view,
                       random.Random(1), plies=12)


SCOPA = PRESETS["scopa"]


def test_intermediate_takes_the_settebello_over_a_plain_card() -> None:
    state = position(SCOPA, hands=[cards("7S 4C"), cards("AC 2C")],
                     table=cards("7D 4H KS"), stock=cards("5S 5C 6S 6C 2S 3S"))
    move = make_player("intermediate").choose(round_view(state, 0), random.Random(0))
    assert move == Capture(cards("7S")[0], frozenset(cards("7D")))


@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_stronger_levels_take_a_sweep(level: str) -> None:
    state = position(SCOPA, hands=[cards("5S 4C"), cards("AC 2C")],
                     table=cards("2H 3D"), stock=cards("5C 6S 6C 2S 3S KD"))
    move = make_player(level, iterations=8).choose(round_view(state, 0), random.Random(0))
    assert move == Capture(cards("5S")[0], frozenset(cards("2H 3D")))


def test_intermediate_does_not_trail_into_an_easy_sweep() -> None:
    # Trailing 2C leaves 3H + 2C = 5, which three unseen fives could sweep; trailing KC
    # leaves 13, which nothing sweeps.
    state = position(SCOPA, hands=[cards("2C KC"), cards("AS 4S")],
                     table=cards("3H"), stock=cards("5S 5H 5D 6S 6C 6D"))
    move = make_player("intermediate").choose(round_view(state, 0), random.Random(0))
    assert move == Trail(cards("KC")[0])


def test_hint_gives_the_sweep_and_its_reasons() -> None:
    state = position(SCOPA, hands=[cards("7S 4C"), cards("AC 2C")],
                     table=cards("7D"), stock=cards("5C 6S 6C 2S 3S KD"))
    found = hint(round_view(state, 0), random.Random(0), iterations=4)
    assert found.move == Capture(cards("7S")[0], frozenset(cards("7D")))
    codes = [r.code for r in found.reasons]
    assert "sweep" in codes and "takes_special_card" in codes
    assert all(code in REASONS for code in codes)


def test_reasons_name_the_sweep_risk_of_a_trail() -> None:
    state = position(SCOPA, hands=[cards("2C KC"), cards("AS 4S")],
                     table=cards("3H"), stock=cards("5S 5H 5D 6S 6C 6D"))
    view = round_view(state, 0)
    reasons = {r.code: r for r in explain(view, Trail(cards("2C")[0]))}
    assert "sweep_risk" in reasons and 0 < (reasons["sweep_risk"].value or 0) <= 100
    assert "no_sweep_left" in {r.code for r in explain(view, Trail(cards("KC")[0]))}


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["scopa", "escoba", "cirulla"]), st.integers(0, 2**31),
       st.integers(0, 12))
def test_the_heaviest_capture_is_what_listing_every_capture_gives(
        game: str, seed: int, size: int) -> None:
    """The intermediate's exposure (how much the next player could take, and whether it could
    sweep) weighs the heaviest capture set of each value. Since issue 17's second fuzz
    campaign (2026-12-07: on a 22-card Escoba table the estimates alone took about a second,
    listing millions of sets) Scopa and Escoba answer it from a table of sums; on every table
    small enough to list, it must be what listing the capture sets gives [FAMILY.md §4.1,
    §4.3 [V]]."""
    presets = {"scopa": PRESETS, "escoba": ESCOBA_PRESETS, "cirulla": CIRULLA_PRESETS}[game]
    rng = random.Random(seed)
    rules = presets[rng.choice(sorted(presets))]
    pack = list(italian_pack())
    rng.shuffle(pack)
    table = pack[:size]
    weights = {c: rng.choice([0.05, 0.17, 0.27, 1.05, 0.42]) for c in pack}
    for value in range(1, 11):
        listed = heaviest_listed(rules.capture_sets(value, table), table, weights.__getitem__)
        found = rules.best_capture(value, table, weights.__getitem__)
        if listed is None:
            assert found is None
        else:
            assert found is not None
            assert found[0] == pytest.approx(listed[0]) and found[1] == listed[1]
