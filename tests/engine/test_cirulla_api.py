"""Cirulla through the JSON API (cassino_core.api.Session, routed by the game registry): new
games under every preset played to the end, the declaration offered, played and shown to the
other seat, refusals with reasons, computer moves and hints, records in both forms, the
catalog, and records of another game refused.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cassino_core.api import CIRULLA_RECORD_FORMAT, GAMES, Session
from cassino_core.cirulla.record import FORMAT
from cassino_core.cirulla.rules import PRESETS
from tests.engine.fishing_helpers import ask, refused


def test_format_name_repeated_in_the_api_agrees_and_the_game_is_listed() -> None:
    assert CIRULLA_RECORD_FORMAT == FORMAT
    assert "cirulla" in GAMES


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_new_game_under_every_preset_plays_to_the_end_against_the_computer(variant: str) -> None:
    s = Session()
    rules = PRESETS[variant]
    view = ask(s, op="new_game", game="cirulla", variant=variant, seed=11, level="beginner",
               overrides={"target": 21})["view"]
    assert view["game"] == "cirulla" and view["variant"] == variant
    assert view["players"] == rules.players and len(view["hand"]) == 3
    while view["phase"] != "match_over":
        if view["phase"] == "round_over":
            assert set(view["rounds"][-1]) >= {"grande", "piccola", "declared", "cappotto"}
            view = ask(s, op="next_round")["view"]
        elif view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][-1]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    assert view["winner"] in range(rules.sides)


def _to_a_declaration(s: Session) -> dict[str, Any]:
    """New two-human games until the first seat to play may declare; its view."""
    for seed in range(300):
        ask(s, op="new_game", game="cirulla", seed=seed, seats=["human", "human"])
        view = ask(s, op="view")["view"]
        view = ask(s, op="view", seat=view["turn"])["view"]
        if view["legal_moves"][0]["kind"] == "declare":
            return view
    raise AssertionError("no declaration came up")


def test_a_declaration_is_played_shown_to_the_other_seat_and_scored() -> None:
    s = Session()
    view = _to_a_declaration(s)
    seat = view["turn"]
    other = 1 - seat
    hidden = ask(s, op="view", seat=other)["view"]
    assert hidden["shown"][seat] == [] and hidden["declarations"] == []
    played = ask(s, op="play", seat=seat, move={"kind": "declare"})
    assert played["move"]["kind"] == "declare"
    assert played["view"]["turn"] == seat
    after = ask(s, op="view", seat=seat)["view"]
    assert after["turn"] == seat and after["hand"] == view["hand"]
    assert "declare" not in [m["text"] for m in after["legal_moves"]]
    seen = ask(s, op="view", seat=other)["view"]
    assert sorted(seen["shown"][seat]) == sorted(view["hand"])
    assert seen["declarations"][0]["seat"] == seat
    assert seen["round_score"]["declared"][seat] in (3, 10)
    error = refused(s, op="play", seat=seat, move="declare")
    assert error["code"] == "illegal_move" and error["reason"] == "no_declaration"


def test_the_view_names_the_declaration_offered_and_its_points() -> None:
    """The view says which declaration the Declare move makes and what it scores (play-test
    13: the page's button said neither): ``declarable`` {kind, points} while the legal moves
    hold it, for the seat to play only; None once declared and for the other seat. Seed 13 of
    the usual preset: a knock (AH 7H 2S), 3 under Parlett's values, 1 under spazioinwind's."""
    for variant, points in (("cirulla", 3), ("cirulla_spazioinwind", 1)):
        s = Session()
        ask(s, op="new_game", game="cirulla", variant=variant, seed=13, seats=["human", "human"])
        view = ask(s, op="view")["view"]
        seat = view["turn"]
        view = ask(s, op="view", seat=seat)["view"]
        assert view["legal_moves"][0]["kind"] == "declare"
        assert view["declarable"] == {"kind": "knock", "points": points}
        assert ask(s, op="view", seat=1 - seat)["view"]["declarable"] is None
        ask(s, op="play", seat=seat, move="declare")
        after = ask(s, op="view", seat=seat)["view"]
        assert after["declarable"] is None
        assert after["declarations"][0]["kind"] == "knock"
        assert after["declarations"][0]["points"] == points


def test_refusals_with_reasons() -> None:
    s = Session()
    ask(s, op="new_game", game="cirulla", seed=3, seats=["human", "human"])
    assert refused(s, op="play", move="7D x")["code"] == "bad_move"
    error = refused(s, op="new_game", game="cirulla", overrides={"declarations": "hoyle"})
    assert error["code"] == "bad_request" and error["reason"] == "rules_choice"
    error = refused(s, op="new_game", game="cirulla", overrides={"napola": True})
    assert error["code"] == "bad_request"


def test_computer_moves_and_hints() -> None:
    s = Session()
    view = ask(s, op="new_game", game="cirulla", seed=8, level="expert", budget_ms=60)["view"]
    for _ in range(6):
        if view["turn"] != view["seat"]:
            view = ask(s, op="computer_move")["view"]
            continue
        found = ask(s, op="hint")["hint"]
        assert found["move"]["text"] in [m["text"] for m in view["legal_moves"]]
        assert all(r["code"] for r in found["reasons"])
        view = ask(s, op="play", move=found["move"]["text"])["view"]


def test_records_in_both_forms_load_back_and_other_games_are_refused() -> None:
    s = Session()
    view = ask(s, op="new_game", game="cirulla", seed=21, level="random")["view"]
    for _ in range(10):
        if view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    exported = ask(s, op="export_record")
    assert exported["text"].startswith('[Format "cirulla-record"]')
    for form in (exported["record"], json.dumps(exported["record"]), exported["text"]):
        loaded = ask(Session(), op="load_record", record=form)["view"]
        assert loaded["game"] == "cirulla"
        assert {k: v for k, v in loaded.items() if k != "can_undo"} == {
            k: v for k, v in view.items() if k != "can_undo"}
    on_scopa = Session()
    ask(on_scopa, op="new_game", game="scopa", seed=2)
    error = refused(on_scopa, op="load_record", record=exported["text"], game="scopa")
    assert error["code"] == "bad_record" and error["reason"] == "record_is_cirulla"


def test_catalog_lists_cirulla_presets() -> None:
    answer = ask(Session(), op="catalog")
    assert set(answer["cirulla"]["presets"]) == set(PRESETS)
    assert answer["cirulla"]["presets"]["cirulla"]["target"] == 51
