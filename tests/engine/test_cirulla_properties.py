"""Cirulla property tests (hypothesis, modest example counts): the 40 cards are always
accounted for, each round's points are the categories awarded plus grande, piccola, the scope
and the declarations, a seed fixes the whole match, a record replays to the same match (JSON
and text, declarations included), and undo restores every earlier state.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cirulla.match import CirullaMatch
from cassino_core.cirulla.record import CirullaRecord, record_text, replay
from cassino_core.cirulla.rules import PRESETS, CirullaRules
from cassino_core.cirulla.scoring import CirullaScore
from cassino_core.fishing.pack import italian_pack
from tests.engine.fishing_helpers import (
    assert_record_replays,
    assert_undo_restores,
    play_randomly,
)

NAMES = st.sampled_from(sorted(PRESETS))
FLAGS = st.booleans()
SEEDS = st.integers(min_value=0, max_value=2**31)
PACK = set(italian_pack())


def rules_of(name: str, ace: bool, wild: bool) -> CirullaRules:
    return PRESETS[name].replace(ace_sweep_scopa=ace, opening_wild=wild)


def random_match(rules: CirullaRules, seed: int, rounds: int = 3,
                 stop: int | None = None) -> CirullaMatch:
    """Random play (declarations too) for up to ``rounds`` rounds, or ``stop`` moves."""
    played: CirullaMatch = play_randomly(CirullaMatch(rules, seed), seed, PACK, rounds, stop)
    return played


@settings(max_examples=25, deadline=None)
@given(NAMES, FLAGS, FLAGS, SEEDS)
def test_forty_cards_always_accounted_for(name: str, ace: bool, wild: bool, seed: int) -> None:
    match = random_match(rules_of(name, ace, wild), seed, rounds=1)
    state = match.state
    assert set(state.all_cards()) == PACK and len(state.all_cards()) == 40
    if state.finished:
        assert state.table == () and sum(len(p) for p in state.piles) == 40


@settings(max_examples=25, deadline=None)
@given(NAMES, FLAGS, FLAGS, SEEDS)
def test_round_points_total_categories_grande_piccola_scope_declarations(
        name: str, ace: bool, wild: bool, seed: int) -> None:
    match = random_match(rules_of(name, ace, wild), seed, rounds=2)
    for rnd, score in zip(match.rounds, match.results, strict=False):
        assert isinstance(score, CirullaScore)
        categories = sum(s is not None for s in (score.cards, score.coins, score.settebello,
                                                 score.primiera))
        assert sum(score.points) == (categories + score.grande[1] + score.piccola[1]
                                     + sum(score.sweeps) + sum(score.declared))
        assert sum(score.card_counts) == 40 and sum(score.coin_counts) == 10
        assert score.settebello is not None
        assert sum(score.declared) == sum(d.points for d in rnd.state.declared)


@settings(max_examples=15, deadline=None)
@given(NAMES, FLAGS, FLAGS, SEEDS)
def test_a_seed_fixes_the_match(name: str, ace: bool, wild: bool, seed: int) -> None:
    rules = rules_of(name, ace, wild)
    a = random_match(rules, seed)
    b = random_match(rules, seed)
    assert a.moves == b.moves and a.totals == b.totals and a.state == b.state


@settings(max_examples=15, deadline=None)
@given(NAMES, FLAGS, FLAGS, SEEDS)
def test_records_replay_to_the_same_match_json_and_text(name: str, ace: bool, wild: bool,
                                                       seed: int) -> None:
    assert_record_replays(random_match(rules_of(name, ace, wild), seed), CirullaRecord)


@settings(max_examples=15, deadline=None)
@given(NAMES, SEEDS, st.integers(1, 25))
def test_undo_restores_every_earlier_state(name: str, seed: int, steps: int) -> None:
    """Declarations included: the random moves are drawn from every legal move."""
    assert_undo_restores(CirullaMatch(PRESETS[name], seed), seed, steps)


def test_a_record_with_a_declaration_reads_declare_in_both_forms() -> None:
    """A match in which a declaration is made: its record holds ``declare`` and replays."""
    for seed in range(200):
        match = CirullaMatch(PRESETS["cirulla"], seed)
        if any(m.kind == "declare" for m in match.legal_moves()):
            break
    else:  # pragma: no cover - some deal of 200 declares
        raise AssertionError("no declaration offered")
    match.play(next(m for m in match.legal_moves() if m.kind == "declare"))
    match.play(match.legal_moves()[0])
    text = record_text(match)
    assert ": declare" in text
    assert replay(CirullaRecord.from_text(text)).state == match.state
