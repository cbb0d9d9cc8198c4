"""Cirulla's computer levels (Scopa's, which ask the rules for Cirulla's captures, with the
declarations decided first): legal choices under every preset, no peeking (a view and every
level's choice stay the same when the hidden cards are dealt otherwise, and a declared hand's
shown cards stay in place), declarations made, sampled worlds that keep the shown cards, hints
with reasons, and a small tournament.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cassino_core.cirulla.game import CirullaState, Declare, cirulla_position
from cassino_core.cirulla.hints import REASONS, explain, hint
from cassino_core.cirulla.players import make_player, sample_world
from cassino_core.cirulla.rules import PRESETS
from cassino_core.cirulla.tournament import play_match
from cassino_core.cirulla.view import round_view
from cassino_core.fishing.players import ALL_LEVELS, LEVELS
from cassino_core.moves import Capture
from cassino_core.scopa.game import deal_round
from tests.engine.fishing_helpers import (
    assert_plays_legal,
    assert_same_view_and_choices,
    cards,
    random_state,
)

CIRULLA = PRESETS["cirulla"]


def deal_unshown_otherwise(state: CirullaState, seat: int, rng: random.Random) -> CirullaState:
    """``state`` with the cards ``seat`` cannot see dealt otherwise: the other hands' cards
    that no declaration showed, and the stock; a declared hand keeps its shown cards."""
    keep = [set(state.shown(s)) if s != seat else set(h) for s, h in enumerate(state.hands)]
    hidden = [c for s, h in enumerate(state.hands) for c in h if c not in keep[s]]
    hidden += state.stock
    rng.shuffle(hidden)
    hands = []
    for s, hand in enumerate(state.hands):
        fresh = len(hand) - len(keep[s])
        hands.append((*(c for c in hand if c in keep[s]), *hidden[:fresh]))
        hidden = hidden[fresh:]
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(hidden))


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**31), st.integers(0, 30))
@example("cirulla", 37, 2)  # the other seat has declared: its hand is shown
def test_view_shows_declared_cards_only_and_no_level_peeks(name: str, seed: int,
                                                           steps: int) -> None:
    """Random play, declarations included: the seat's view and every level's choice stay the
    same when the unseen cards are dealt otherwise, a declared hand keeping what it showed."""
    state = random_state(PRESETS[name], deal_round, seed, steps)
    if state.finished:
        return
    seat = state.turn
    view = round_view(state, seat)
    twin = round_view(deal_unshown_otherwise(state, seat, random.Random(seed)), seat)
    assert_same_view_and_choices(view, twin, make_player, ALL_LEVELS, seed)


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_legal_moves_under_every_preset(name: str, level: str) -> None:
    state = random_state(PRESETS[name], deal_round, 5, 0)
    assert_plays_legal(state, make_player(level, iterations=2), round_view, random.Random(1),
                       plies=12)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_declares_a_knock(level: str) -> None:
    """FAMILY §4.7 position 4: seat 0 holds 2C 3H 4S (9): every level declares it."""
    state = cirulla_position(CIRULLA, hands=[cards("2C 3H 4S"), cards("JC JD KH")],
                             table=cards("KS QD"), stock=cards("5C 5D 5H 5S 6C 6D"), turn=0)
    view = round_view(state, 0)
    assert make_player(level, iterations=2).choose(view, random.Random(2)) == Declare()


def test_sampled_worlds_keep_the_cards_a_declaration_showed() -> None:
    state = cirulla_position(CIRULLA, hands=[cards("2C 3H 4S"), cards("JC JD KH")],
                             table=cards("KS QD"), stock=cards("5C 5D 5H 5S 6C 6D"), turn=0)
    state = state.play(Declare()).play(state.legal_moves()[1])
    view = round_view(state, 1)
    assert view.shown[0] == tuple(c for c in state.hands[0])
    rng = random.Random(3)
    for _ in range(5):
        world = sample_world(view, (), rng)
        assert set(world.hands[0]) == set(state.hands[0])
        assert len(world.stock) == len(state.stock)


def test_the_intermediate_takes_the_whole_table_with_an_ace() -> None:
    """FAMILY §4.7 position 2: table 3C 5H KS; the ace takes all three."""
    state = cirulla_position(CIRULLA, hands=[cards("AD JS"), cards("2S 2H")],
                             table=cards("3C 5H KS"), stock=cards("5S 5C 6S 6C"), turn=0)
    move = make_player("intermediate").choose(round_view(state, 0), random.Random(1))
    assert isinstance(move, Capture) and move.take == frozenset(cards("3C 5H KS"))
    assert explain(round_view(state, 0), move)[0].code == "ace_takes_all"


def test_hints_give_a_legal_move_with_known_reasons() -> None:
    state = cirulla_position(CIRULLA, hands=[cards("2C 3H 4S"), cards("JC JD KH")],
                             table=cards("KS QD"), stock=cards("5C 5D 5H 5S 6C 6D"), turn=0)
    found = hint(round_view(state, 0), random.Random(1), iterations=2)
    assert found.move == Declare() and found.reasons[0].code == "declares"
    assert found.to_json()["move"] == {"kind": "declare", "text": "declare"}
    after = state.play(Declare())
    found = hint(round_view(after, 0), random.Random(1), iterations=2)
    assert found.move in after.legal_moves()
    assert all(r.code in REASONS for r in found.reasons)


def test_a_small_tournament_plays_to_a_winner() -> None:
    """A short match of the expert against the intermediate (size kept small: 4 worlds)."""
    out = play_match("cirulla", ["expert", "intermediate"], 3, iterations=4)
    assert out["winner"] in (0, 1) and out["rounds"] >= 1
