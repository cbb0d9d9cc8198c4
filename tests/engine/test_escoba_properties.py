"""Escoba property tests (hypothesis, modest example counts): the 40 cards are always
accounted for, each round's points are the categories awarded plus the escobas, the cards left
at the end add up to 10 more than a multiple of 15, a seed fixes the whole match, a record
replays to the same match (JSON and text), and undo restores a state.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.escoba.record import EscobaRecord, record_of, record_text, replay
from cassino_core.escoba.rules import PRESETS, EscobaRules
from cassino_core.fishing.pack import capture_value, italian_pack
from cassino_core.scopa.match import ScopaMatch
from cassino_core.scopa.view import scopa_view
from tests.engine.fishing_helpers import play_randomly

NAMES = st.sampled_from(sorted(PRESETS))
FLAGS = st.booleans()
OPENINGS = st.sampled_from(["dealer", "first"])
SEEDS = st.integers(min_value=0, max_value=2**31)
PACK = set(italian_pack())


def rules_of(name: str, must: bool, opening: str) -> EscobaRules:
    return PRESETS[name].replace(must_capture=must, opening=opening)


def random_match(rules: EscobaRules, seed: int, rounds: int = 3,
                 stop: int | None = None) -> ScopaMatch:
    """Random play for up to ``rounds`` rounds, or ``stop`` moves into the first round."""
    played: ScopaMatch = play_randomly(ScopaMatch(rules, seed), seed, PACK, rounds, stop)
    return played


@settings(max_examples=25, deadline=None)
@given(NAMES, FLAGS, OPENINGS, SEEDS)
def test_forty_cards_always_accounted_for(name: str, must: bool, opening: str,
                                          seed: int) -> None:
    match = random_match(rules_of(name, must, opening), seed, rounds=1)
    state = match.state
    assert set(state.all_cards()) == PACK and len(state.all_cards()) == 40
    if state.finished:
        assert state.table == () and sum(len(p) for p in state.piles) == 40
        assert sum(capture_value(c) for c in state.leftover) % 15 == 10


@settings(max_examples=25, deadline=None)
@given(NAMES, FLAGS, OPENINGS, SEEDS)
def test_round_points_total_the_categories_and_escobas(name: str, must: bool, opening: str,
                                                      seed: int) -> None:
    match = random_match(rules_of(name, must, opening), seed, rounds=2)
    for score in match.results:
        categories = sum(s is not None for s in (score.cards, score.coins, score.settebello,
                                                 score.primiera))
        assert sum(score.points) == categories + sum(score.sweeps)
        assert sum(score.card_counts) == 40 and sum(score.coin_counts) == 10
        assert score.settebello is not None          # the 7 of oros is always captured
        assert score.napola == (None, 0)


@settings(max_examples=15, deadline=None)
@given(NAMES, FLAGS, OPENINGS, SEEDS)
def test_a_seed_fixes_the_match(name: str, must: bool, opening: str, seed: int) -> None:
    rules = rules_of(name, must, opening)
    a = random_match(rules, seed)
    b = random_match(rules, seed)
    assert a.moves == b.moves and a.totals == b.totals and a.state == b.state


@settings(max_examples=15, deadline=None)
@given(NAMES, FLAGS, OPENINGS, SEEDS)
def test_records_replay_to_the_same_match_json_and_text(name: str, must: bool, opening: str,
                                                       seed: int) -> None:
    match = random_match(rules_of(name, must, opening), seed)
    tags = {"Seats": " ".join(["human"] * match.rules.players), "Comment": 'a "quoted" note'}
    data = json.loads(json.dumps(record_of(match, tags).to_json()))
    assert data["format"] == "escoba-record"
    from_json = replay(EscobaRecord.from_json(data))
    from_text = replay(EscobaRecord.from_text(record_text(match, tags)))
    for other in (from_json, from_text):
        assert other.rules == match.rules and other.moves == match.moves
        assert other.totals == match.totals and other.state == match.state
        assert other.phase == match.phase


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS)
def test_undo_restores_the_state_and_the_view(name: str, seed: int) -> None:
    match = random_match(PRESETS[name], seed, rounds=1, stop=seed % 30 + 1)
    if match.current.finished or not match.current.moves:
        return
    before = match.current.history[-2]
    seat = before.turn
    view_after = scopa_view(match, seat).to_json()
    move = match.undo()
    assert match.state == before
    match.play(move)
    assert scopa_view(match, seat).to_json() == view_after
