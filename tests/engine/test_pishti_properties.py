"""Pishti, Xeri and Basra property tests (hypothesis, modest example counts): the 52 cards are
always accounted for, each round's points are its card points, the 3 for most cards and the
bonuses, a seed fixes the whole match (computer moves included), a record replays to the same
match (JSON and text), and undo restores a state.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import full_pack
from cassino_core.pishti.game import score_round
from cassino_core.pishti.match import PishtiMatch
from cassino_core.pishti.players import make_player
from cassino_core.pishti.record import PishtiRecord, record_of, record_text, replay
from cassino_core.pishti.rules import PRESETS
from cassino_core.pishti.view import pishti_view
from tests.engine.fishing_helpers import play_randomly

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
    match = random_match(name, seed)
    as_json = PishtiRecord.from_json(json.loads(json.dumps(record_of(match).to_json())))
    as_text = PishtiRecord.from_text(record_text(match))
    for record in (as_json, as_text):
        again = replay(record)
        assert again.moves == match.moves and again.totals == match.totals
        assert again.state == match.state


@settings(max_examples=10, deadline=None)
@given(NAMES, SEEDS)
def test_a_seed_fixes_every_deal_and_every_computer_move(name: str, seed: int) -> None:
    def play(level: str) -> PishtiMatch:
        match = PishtiMatch(PRESETS[name], seed)
        players = [make_player(level, iterations=2) for _ in range(match.rules.players)]
        rng = random.Random(seed)
        for _ in range(20):
            seat = match.state.turn
            match.play(players[seat].choose(pishti_view(match, seat), rng))
        return match
    for level in ("beginner", "intermediate", "expert"):
        assert play(level).moves == play(level).moves


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS, st.integers(1, 30))
def test_undo_restores_the_earlier_state(name: str, seed: int, steps: int) -> None:
    match = PishtiMatch(PRESETS[name], seed)
    rng = random.Random(seed)
    seen = [match.state]
    for _ in range(steps):
        match.play(rng.choice(match.legal_moves()))
        seen.append(match.state)
    for state in reversed(seen[:-1]):
        match.undo()
        assert match.state == state
