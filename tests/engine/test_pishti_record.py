"""Pishti records (the shared fishing record, cassino_core/fishing/record.py): a record that
breaks a rule, names the wrong seat, claims the wrong result or carries a bad tag is refused
whole, with the place and the reason named."""

from __future__ import annotations

import random

import pytest

from cassino_core.fishing.record import RecordError
from cassino_core.pishti.match import PishtiMatch
from cassino_core.pishti.record import PishtiRecord, record_of, record_text, replay
from cassino_core.pishti.rules import PRESETS


def played(moves: int, name: str = "pishti", seed: int = 8) -> PishtiMatch:
    match = PishtiMatch(PRESETS[name], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.legal_moves()))
    return match


def test_the_text_form_names_every_rules_switch_and_replays() -> None:
    match = played(10, "basra")
    text = record_text(match, {"Event": "club night"})
    assert '[Format "pishti-record"]' in text and '[Variant "basra"]' in text
    assert '[LastCardPisti "true"]' in text and '[Event "club night"]' in text
    assert replay(PishtiRecord.from_text(text)).moves == match.moves


def test_an_illegal_move_is_refused_with_its_round_move_and_reason() -> None:
    match = played(3)
    data = record_of(match).to_json()
    state = PishtiMatch(PRESETS["pishti"], 8).state
    # a card the first player does not hold
    foreign = next(c for c in state.hands[(state.turn + 1) % 2])
    data["rounds"][0][0] = f"{foreign} t"
    with pytest.raises(RecordError) as err:
        replay(PishtiRecord.from_json(data))
    assert err.value.reason == "not_in_hand"
    assert err.value.where["round"] == 1 and err.value.where["move"] == 1


def test_a_wrong_seat_label_and_a_wrong_result_are_refused() -> None:
    text = record_text(played(2))
    relabelled = text.replace("1. seat 1:", "1. seat 9:").replace("1. seat 2:", "1. seat 1:")
    relabelled = relabelled.replace("1. seat 9:", "1. seat 2:")
    with pytest.raises(RecordError) as err:
        replay(PishtiRecord.from_text(relabelled))
    assert err.value.reason == "record_seat_label"
    data = record_of(played(2)).to_json()
    data["tags"]["Result"] = "151-0"
    with pytest.raises(RecordError) as err:
        replay(PishtiRecord.from_json(data))
    assert err.value.reason == "record_result_wrong"


def test_bad_rules_and_unknown_tags_are_refused() -> None:
    data = record_of(played(1)).to_json()
    with pytest.raises(RecordError) as err:
        PishtiRecord.from_json({**data, "rules": {**data["rules"], "hand_size": 5}})
    assert err.value.where.get("field") == "rules"
    with pytest.raises(RecordError) as err:
        PishtiRecord.from_json({**data, "tags": {"Weather": "rain"}})
    assert err.value.reason == "record_unknown_tag"
    with pytest.raises(RecordError) as err:
        PishtiRecord.from_json({**data, "format": "scopa-record"})
    assert err.value.reason == "wrong_format"
