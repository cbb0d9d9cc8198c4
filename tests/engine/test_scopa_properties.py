"""Scopa property tests (hypothesis, modest example counts): the 40 cards are always accounted
for, each round's points add up to the categories awarded plus the sweeps, a seed fixes the
whole match, a record replays to the same match (JSON and text), and undo restores a state.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.fishing.pack import italian_pack
from cassino_core.scopa.match import ScopaMatch
from cassino_core.scopa.record import ScopaRecord, record_of, record_text, replay
from cassino_core.scopa.rules import PRESETS
from cassino_core.scopa.view import scopa_view
from tests.engine.fishing_helpers import play_randomly

NAMES = st.sampled_from(sorted(PRESETS))
SEEDS = st.integers(min_value=0, max_value=2**31)
PACK = set(italian_pack())


def random_match(name: str, seed: int, rounds: int = 3, stop: int | None = None) -> ScopaMatch:
    """Random play for up to ``rounds`` rounds, or ``stop`` moves into the first round."""
    played: ScopaMatch = play_randomly(ScopaMatch(PRESETS[name], seed), seed, PACK, rounds, stop)
    return played


@settings(max_examples=25, deadline=None)
@given(NAMES, SEEDS)
def test_forty_cards_always_accounted_for(name: str, seed: int) -> None:
    match = random_match(name, seed, rounds=1)
    state = match.state
    assert set(state.all_cards()) == PACK and len(state.all_cards()) == 40
    if state.finished:
        assert state.table == () and sum(len(p) for p in state.piles) == 40


@settings(max_examples=25, deadline=None)
@given(NAMES, SEEDS)
def test_round_points_total_the_categories_and_sweeps(name: str, seed: int) -> None:
    match = random_match(name, seed, rounds=2)
    rules = match.rules
    for score in match.results:
        categories = sum(s is not None for s in (score.cards, score.coins, score.settebello,
                                                 score.primiera))
        assert sum(score.points) == categories + score.napola[1] + sum(score.sweeps)
        assert sum(score.card_counts) == 40
        assert sum(score.coin_counts) == 10
        assert score.settebello is not None          # the special card is always captured
        counts = sorted(score.card_counts)
        assert (score.cards is None) == (counts[-1] == counts[-2])
        if rules.sides == 2:
            assert (score.cards is None) == (score.card_counts == (20, 20))


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS)
def test_a_seed_fixes_the_match(name: str, seed: int) -> None:
    a = random_match(name, seed)
    b = random_match(name, seed)
    assert a.moves == b.moves and a.totals == b.totals and a.state == b.state


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS)
def test_records_replay_to_the_same_match_json_and_text(name: str, seed: int) -> None:
    match = random_match(name, seed)
    tags = {"Seats": " ".join(["human"] * match.rules.players), "Comment": 'a "quoted" note'}
    data = json.loads(json.dumps(record_of(match, tags).to_json()))
    from_json = replay(ScopaRecord.from_json(data))
    from_text = replay(ScopaRecord.from_text(record_text(match, tags)))
    for other in (from_json, from_text):
        assert other.moves == match.moves
        assert other.totals == match.totals and other.state == match.state
        assert other.phase == match.phase


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS)
def test_undo_restores_the_state_and_the_view(name: str, seed: int) -> None:
    match = random_match(name, seed, rounds=1, stop=seed % 30 + 1)
    if match.current.finished or not match.current.moves:
        return
    before = match.current.history[-2]
    seat = before.turn
    view_after = scopa_view(match, seat).to_json()
    move = match.undo()
    assert match.state == before
    match.play(move)
    assert scopa_view(match, seat).to_json() == view_after


@settings(max_examples=25, deadline=None)
@given(NAMES, SEEDS, st.integers(min_value=0, max_value=30))
def test_a_view_never_shows_another_hand_or_the_stock(name: str, seed: int, stop: int) -> None:
    match = random_match(name, seed, rounds=1, stop=stop)
    state = match.state
    assert not state.finished
    for seat in range(match.rules.players):
        view = scopa_view(match, seat).to_json()
        del view["special_card"]  # names the settebello wherever it is
        text = json.dumps(view)
        hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
        hidden |= set(state.stock)
        shown = set(view["hand"]) | set(view["table"])
        for pile in view["piles"]:
            shown |= set(pile)
        assert not {str(c) for c in hidden} & shown
        for card in hidden:
            assert f'"{card}"' not in text
