"""Scopa through the JSON API (cassino_core.api.Session, the way California Jack plugs in):
new games under every preset, legal moves, play by text and by JSON, refusals with reasons,
computer moves, hints that never change the game, undo, records in both forms, the catalog,
and a record of one game refused by another.
"""

from __future__ import annotations

import pytest

from cassino_core.api import SCOPA_RECORD_FORMAT, Session
from cassino_core.scopa.record import FORMAT
from cassino_core.scopa.rules import PRESETS
from tests.engine.fishing_helpers import ask, refused


def test_format_name_repeated_in_the_api_agrees() -> None:
    assert SCOPA_RECORD_FORMAT == FORMAT


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_new_game_under_every_preset_plays_to_the_end_against_the_computer(variant: str) -> None:
    s = Session()
    rules = PRESETS[variant]
    view = ask(s, op="new_game", game="scopa", variant=variant, seed=11, level="beginner")["view"]
    assert view["game"] == "scopa" and view["variant"] == variant
    assert view["players"] == rules.players and len(view["hand"]) == rules.hand_size
    while view["phase"] != "match_over":
        if view["phase"] == "round_over":
            view = ask(s, op="next_round")["view"]
        elif view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    assert view["winner"] in range(rules.sides)
    assert max(view["scores"]) >= rules.target


def test_play_by_json_and_refusals_with_reasons() -> None:
    s = Session()
    view = ask(s, op="new_game", game="scopa", seed=3, seats=["human", "human"])["view"]
    seat = view["turn"]
    view = ask(s, op="view", seat=seat)["view"]
    legal = view["legal_moves"]
    move = {k: v for k, v in legal[0].items() if k != "text"}
    bad_card = next(c for c in ("AS", "2S", "3S", "4S", "5S") if c not in view["hand"])
    err = refused(s, op="play", seat=seat, move=f"{bad_card} t")
    assert err["code"] == "illegal_move" and err["reason"] == "not_in_hand"
    err = refused(s, op="play", seat=seat, move="5S b8 3C")
    assert err["code"] in ("illegal_move", "bad_move")
    err = refused(s, op="play", seat=seat, move="zz")
    assert err["code"] == "bad_move"
    err = refused(s, op="play", seat=1 - seat, move=legal[0]["text"])
    assert (err["code"], err["reason"]) == ("not_your_turn", "other_turn")
    after = ask(s, op="play", seat=seat, move=move)
    assert after["move"]["text"] == legal[0]["text"]


def test_a_trail_that_could_capture_is_refused_as_must_capture() -> None:
    s = Session()
    for seed in range(200):
        view = ask(s, op="new_game", game="scopa", seed=seed, seats=["human", "human"])["view"]
        view = ask(s, op="view", seat=view["turn"])["view"]
        capturing = {m["card"] for m in view["legal_moves"] if m["kind"] == "capture"}
        if capturing:
            break
    card = sorted(capturing)[0]
    err = refused(s, op="play", seat=view["seat"], move=f"{card} t")
    assert (err["code"], err["reason"], err["params"]) == (
        "illegal_move", "must_capture", {"card": card})


def test_hint_never_changes_the_computers_moves() -> None:
    """The hints draw from their own generator (issue 17's California Jack fault): the same
    game with and without hints gets the same computer moves."""
    def computer_moves(with_hints: bool) -> list[str]:
        s = Session()
        view = ask(s, op="new_game", game="scopa", seed=21, level="intermediate",
                   budget_ms=50)["view"]
        out: list[str] = []
        for _ in range(16):
            if view["turn"] == view["seat"]:
                if with_hints:
                    found = ask(s, op="hint")["hint"]
                    assert found["move"]["text"] in {m["text"] for m in view["legal_moves"]}
                view = ask(s, op="play", move=view["legal_moves"][-1]["text"])["view"]
            else:
                answer = ask(s, op="computer_move")
                out.append(answer["move"]["text"])
                view = answer["view"]
        return out
    assert computer_moves(True) == computer_moves(False)


def test_hint_does_not_touch_the_computer_generator() -> None:
    s = Session()
    ask(s, op="new_game", game="scopa", seed=5, level="intermediate")
    scopa = s.scopa
    assert scopa is not None
    before = scopa._rng.getstate()
    view = ask(s, op="view")["view"]
    if view["turn"] != view["seat"]:
        ask(s, op="computer_move")
        before = scopa._rng.getstate()
    ask(s, op="hint")
    assert scopa._rng.getstate() == before


def test_undo_takes_back_to_the_humans_turn() -> None:
    s = Session()
    view = ask(s, op="new_game", game="scopa", seed=8, level="random")["view"]
    if view["turn"] != view["seat"]:
        view = ask(s, op="computer_move")["view"]
    hand = view["hand"]
    view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
    view = ask(s, op="computer_move")["view"]
    assert view["can_undo"]
    answer = ask(s, op="undo")
    assert answer["undone"] == 2 and answer["view"]["hand"] == hand


@pytest.mark.parametrize("form", ["record", "text"])
def test_records_export_and_load_in_both_forms(form: str) -> None:
    s = Session()
    view = ask(s, op="new_game", game="scopa", variant="scopa_four", seed=9,
               level="beginner")["view"]
    for _ in range(15):
        if view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    exported = ask(s, op="export_record")
    t = Session()
    loaded = ask(t, op="load_record", record=exported[form])["view"]
    assert loaded["hand"] == view["hand"] and loaded["table"] == view["table"]
    assert loaded["seats"] == view["seats"] and loaded["levels"] == view["levels"]
    assert loaded["variant"] == "scopa_four"


def test_a_scopa_record_is_refused_where_another_game_is_shown() -> None:
    s = Session()
    ask(s, op="new_game", game="scopa", seed=2)
    record = ask(s, op="export_record")["record"]
    err = refused(Session(), op="load_record", record=record, game="cassino")
    assert (err["code"], err["reason"]) == ("bad_record", "record_is_scopa")
    ask(Session(), op="load_record", record=record, game="scopa")


def test_a_broken_record_names_the_place() -> None:
    s = Session()
    view = ask(s, op="new_game", game="scopa", seed=2, seats=["human", "human"])["view"]
    view = ask(s, op="view", seat=view["turn"])["view"]
    ask(s, op="play", seat=view["seat"], move=view["legal_moves"][0]["text"])
    text = ask(s, op="export_record")["text"]
    broken = text.replace("1. seat", "2. seat", 1)
    err = refused(Session(), op="load_record", record=broken)
    assert err["code"] == "bad_record" and err["reason"] == "record_move_number"
    assert "line" in err["where"]
    huge = text.replace('[Seed "2"]', '[Seed "' + "9" * 5000 + '"]')
    err = refused(Session(), op="load_record", record=huge)
    assert err["code"] in ("bad_record", "bad_request")


def test_catalog_lists_the_scopa_presets_and_the_game_stays() -> None:
    s = Session()
    ask(s, op="new_game", game="scopa", variant="hurricane", seed=1)
    catalog = ask(s, op="catalog")
    assert "scopa" in catalog["games"] and set(catalog["scopa"]["presets"]) == set(PRESETS)
    assert catalog["view"]["variant"] == "hurricane"


def test_unknown_variant_and_override_are_refused_and_the_game_kept() -> None:
    s = Session()
    ask(s, op="new_game", game="scopa", seed=1)
    err = refused(s, op="new_game", game="scopa", variant="briscola")
    assert (err["code"], err["reason"]) == ("bad_request", "need_one_of")
    err = refused(s, op="new_game", game="scopa", overrides={"hand_size": 4})
    assert err["reason"] == "pack_uneven"
    assert ask(s, op="view")["view"]["variant"] == "scopa"


def test_starting_cassino_or_jack_leaves_scopa() -> None:
    s = Session()
    ask(s, op="new_game", game="scopa", seed=1)
    assert ask(s, op="new_game", seed=1)["view"].get("game") != "scopa"
    ask(s, op="new_game", game="scopa", seed=1)
    assert ask(s, op="new_game", game="shasta_sam", seed=1)["view"]["game"] == "shasta_sam"
