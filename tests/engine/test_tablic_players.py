"""Tablić's computer levels: legal choices under every preset, no peeking (a view, and every
level's choice, stay the same when the cards it cannot see are dealt otherwise), sensible
choices in concrete positions, and hints with reasons.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import Card
from cassino_core.moves import Capture, Trail
from cassino_core.tablic.game import deal_round, position
from cassino_core.tablic.hints import REASONS, explain, hint
from cassino_core.tablic.players import ALL_LEVELS, candidates, make_player, search_moves
from cassino_core.tablic.rules import PRESETS
from cassino_core.tablic.view import round_view
from tests.engine.fishing_helpers import (
    assert_plays_legal,
    assert_seat_sees_nothing_hidden,
    cards,
    random_state,
)

TABLIC = PRESETS["tablic"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**31), st.integers(0, 30))
def test_view_leaks_nothing_and_no_level_peeks(name: str, seed: int, steps: int) -> None:
    state = random_state(PRESETS[name], deal_round, seed, steps)
    assert_seat_sees_nothing_hidden(state, round_view, make_player, ALL_LEVELS, seed)


def test_the_view_shows_no_other_hand_and_no_stock_card() -> None:
    state = deal_round(TABLIC, 0, random.Random(3))
    text = json.dumps(round_view(state, 1).to_json())
    for card in (*state.hands[0], *state.stock):
        assert f'"{card}"' not in text


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_a_legal_move_through_a_round(name: str, level: str) -> None:
    rng = random.Random(7)
    state = deal_round(PRESETS[name], 0, rng)
    plies = None if level != "expert" or PRESETS[name].players == 2 else 12
    assert_plays_legal(state, make_player(level, iterations=2), round_view, rng, plies)


def test_candidates_keep_every_trail_and_the_heaviest_captures() -> None:
    state = position(TABLIC, hands=[cards("KS 5H"), cards("2D 3D")],
                     table=cards("QD AC 8H 6S 9C 5D 4C TC"))
    view = round_view(state, 0)
    kept = candidates(view)
    assert set(kept) <= set(view.legal) and Trail(Card.parse("KS")) in kept
    whole = max((m for m in view.legal if m.card == Card.parse("KS")), key=lambda m: len(m.take))
    assert whole in kept
    assert all(isinstance(m, Trail) or m in view.legal for m in search_moves(state))


def test_intermediate_and_expert_take_a_tabla() -> None:
    """Table 4♠ 10♣ K♥ (FAMILY.md §5.4 test 1): the K♠ takes all three, a tabla and three
    points; both levels take it."""
    state = position(TABLIC, hands=[cards("KS 3H 7C"), cards("2D 3D 5H")],
                     table=cards("4S TC KH"), stock=cards("7D 8C 8S 8H 9D 9S"))
    view = round_view(state, 0)
    for level in ("intermediate", "expert"):
        move = make_player(level, iterations=10).choose(view, random.Random(1))
        assert move == Capture(Card.parse("KS"), frozenset(cards("4S TC KH"))), level


def test_intermediate_does_not_leave_a_lone_ten_for_a_sure_tabla() -> None:
    """An empty table, a hand 10♦ 2♠: three tens are unseen, so laying the 10♦ (2 points)
    alone invites a tabla; the intermediate lays the 2♠."""
    state = position(TABLIC, hands=[cards("TD 2S"), cards("TS TH TC 3D")],
                     stock=cards("7D 8C 8S 8H"))
    move = make_player("intermediate").choose(round_view(state, 0), random.Random(2))
    assert move == Trail(Card.parse("2S"))
    reasons = [r.code for r in explain(round_view(state, 0), move)]
    assert "trails_cheap" in reasons and "tabla_risk" in reasons


def test_hints_name_their_reasons() -> None:
    state = position(TABLIC, hands=[cards("KS 3H 7C"), cards("2D 3D 5H")],
                     table=cards("4S TC KH"), stock=cards("7D 8C 8S 8H 9D 9S"))
    found = hint(round_view(state, 0), random.Random(1), iterations=5)
    assert found.move == Capture(Card.parse("KS"), frozenset(cards("4S TC KH")))
    codes = [r["code"] for r in found.to_json()["reasons"]]
    assert codes[0] == "tabla" and found.reasons[0].value == 1
    assert "takes_points" in codes and all(code in REASONS for code in codes)


def test_hint_says_when_the_ace_counts_eleven() -> None:
    state = position(TABLIC, hands=[cards("AS 3H"), cards("2D 3D")], table=cards("5H 6C 4D"))
    view = round_view(state, 0)
    codes = [r.code for r in explain(view, Capture(Card.parse("AS"), frozenset(cards("5H 6C"))))]
    assert "ace_as_eleven" in codes
