"""Escoba through the JSON API (cassino_core.api.Session, routed by the game registry): new
games under every preset, play by text and by JSON, refusals with reasons, computer moves, hints
that never change the game, undo, records in both forms, the catalog, and records of another
game refused both ways.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cassino_core.api import ESCOBA_RECORD_FORMAT, GAMES, Session
from cassino_core.escoba.record import FORMAT
from cassino_core.escoba.rules import PRESETS
from tests.engine.fishing_helpers import ask, refused


def test_format_name_repeated_in_the_api_agrees_and_the_game_is_listed() -> None:
    assert ESCOBA_RECORD_FORMAT == FORMAT
    assert "escoba" in GAMES


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_new_game_under_every_preset_plays_to_the_end_against_the_computer(variant: str) -> None:
    s = Session()
    rules = PRESETS[variant]
    view = ask(s, op="new_game", game="escoba", variant=variant, seed=11,
               level="beginner")["view"]
    assert view["game"] == "escoba" and view["variant"] == variant
    assert view["players"] == rules.players and len(view["hand"]) == 3
    while view["phase"] != "match_over":
        if view["phase"] == "round_over":
            assert set(view["rounds"][-1]) >= {"oros", "velo", "sevens", "escobas"}
            view = ask(s, op="next_round")["view"]
        elif view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    assert view["winner"] in range(rules.sides)
    assert max(view["scores"]) >= rules.target


def _to_a_capture(s: Session) -> dict[str, Any]:
    """Play (both seats human) until the seat to play holds a capture; its view."""
    view = ask(s, op="view")["view"]
    for _ in range(40):
        seat = view["turn"]
        view = ask(s, op="view", seat=seat)["view"]
        if any(m["kind"] == "capture" for m in view["legal_moves"]):
            return view
        view = ask(s, op="play", seat=seat, move=view["legal_moves"][0]["text"])["view"]
    raise AssertionError("no capture came up")


def test_play_by_json_and_refusals_with_reasons() -> None:
    s = Session()
    ask(s, op="new_game", game="escoba", seed=3, seats=["human", "human"])
    view = _to_a_capture(s)
    seat = view["turn"]
    capture = next(m for m in view["legal_moves"] if m["kind"] == "capture")
    card = capture["card"]
    others = [c for c in view["table"] if c not in capture["take"]]
    wrong = capture["take"] + others[:1] if others else capture["take"][:-1]
    if wrong:
        error = refused(s, op="play", seat=seat,
                        move={"kind": "capture", "card": card, "take": wrong})
        assert error["code"] == "illegal_move" and error["reason"] == "capture_fifteen"
        assert error["params"]["card"] == card
    assert refused(s, op="play", seat=1 - seat, move=capture["text"])["code"] == "not_your_turn"
    assert refused(s, op="play", seat=seat, move="7D x")["code"] == "bad_move"
    move = {k: v for k, v in capture.items() if k != "text"}
    played = ask(s, op="play", seat=seat, move=move)
    assert played["move"]["kind"] == "capture" and played["move"]["card"] == card


def test_optional_capture_lets_a_capturing_card_trail_and_the_switch_forbids_it() -> None:
    s = Session()
    ask(s, op="new_game", game="escoba", seed=3, seats=["human", "human"])
    view = _to_a_capture(s)
    card = next(m for m in view["legal_moves"] if m["kind"] == "capture")["card"]
    assert f"{card} t" in [m["text"] for m in view["legal_moves"]]
    strict = Session()
    ask(strict, op="new_game", game="escoba", seed=3, seats=["human", "human"],
        overrides={"must_capture": True})
    view = _to_a_capture(strict)
    card = next(m for m in view["legal_moves"] if m["kind"] == "capture")["card"]
    error = refused(strict, op="play", seat=view["turn"], move=f"{card} t")
    assert error["reason"] == "must_capture"


def test_bad_new_game_fields_are_refused_and_leave_the_game() -> None:
    s = Session()
    before = ask(s, op="new_game", game="escoba", seed=5)["view"]
    assert refused(s, op="new_game", game="escoba", variant="chinchon")["code"] == "bad_request"
    error = refused(s, op="new_game", game="escoba", overrides={"napola": True})
    assert error["code"] == "bad_request" and error["reason"] == "unknown_fields"
    error = refused(s, op="new_game", game="escoba", overrides={"opening": "left"})
    assert error["reason"] == "rules_choice"
    assert ask(s, op="view")["view"] == before


def test_computer_moves_hints_and_undo() -> None:
    s = Session()
    view = ask(s, op="new_game", game="escoba", seed=8, level="expert", budget_ms=60)["view"]
    for _ in range(6):
        if view["turn"] != view["seat"]:
            answer = ask(s, op="computer_move")
            assert isinstance(answer["reasons"], list) and answer["think_ms"] >= 0
            view = answer["view"]
            continue
        escoba = s.other
        assert escoba is not None
        state = escoba._rng.getstate()
        found = ask(s, op="hint")["hint"]
        assert escoba._rng.getstate() == state
        assert found["move"]["text"] in [m["text"] for m in view["legal_moves"]]
        assert all(r["code"] for r in found["reasons"])
        view = ask(s, op="play", move=view["legal_moves"][-1]["text"])["view"]
    if view["can_undo"]:
        undone = ask(s, op="undo")
        assert undone["undone"] >= 1 and undone["view"]["turn"] == undone["view"]["seat"]


def test_records_in_both_forms_load_back_and_other_games_are_refused() -> None:
    s = Session()
    view = ask(s, op="new_game", game="escoba", seed=21, level="random")["view"]
    for _ in range(10):
        if view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    exported = ask(s, op="export_record")
    assert exported["record"]["format"] == "escoba-record"
    assert exported["text"].startswith('[Format "escoba-record"]')
    for form in (exported["record"], json.dumps(exported["record"]), exported["text"]):
        other = Session()
        loaded = ask(other, op="load_record", record=form)["view"]
        assert loaded["game"] == "escoba"
        assert {k: v for k, v in loaded.items() if k != "can_undo"} == {
            k: v for k, v in view.items() if k != "can_undo"}
    on_scopa = Session()
    start = ask(on_scopa, op="new_game", game="scopa", seed=2)["view"]
    error = refused(on_scopa, op="load_record", record=exported["text"], game="scopa")
    assert error["code"] == "bad_record" and error["reason"] == "record_is_escoba"
    assert ask(on_scopa, op="view")["view"] == start
    scopa_record = ask(on_scopa, op="export_record")["record"]
    error = refused(s, op="load_record", record=scopa_record, game="escoba")
    assert error["reason"] == "record_is_scopa"


def test_catalog_lists_escoba_presets() -> None:
    answer = ask(Session(), op="catalog")
    assert "escoba" in answer["games"]
    assert set(answer["escoba"]["presets"]) == set(PRESETS)
    assert answer["escoba"]["presets"]["escoba"]["target"] == 15
