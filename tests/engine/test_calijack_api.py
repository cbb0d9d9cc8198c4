"""The California Jack JSON facade (cassino_core.calijack.api.JackSession; docs/calijack.md):
every op, field checks, and bad input leaving the game unchanged [rules: seed 001]."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cassino_core.calijack.api import JackSession
from cassino_core.errors import ApiError


def new(**fields: Any) -> JackSession:
    session = JackSession()
    session.dispatch({"op": "new_game", "seed": 7, **fields})
    return session


def code_of(session: JackSession, req: dict[str, Any]) -> str:
    with pytest.raises(ApiError) as err:
        session.dispatch(req)
    return err.value.code


def snapshot(session: JackSession) -> str:
    return json.dumps(session.view_json(), sort_keys=True)


def to_human_turn(session: JackSession) -> None:
    while session.view_json()["phase"] == "play" and session.view_json()["turn"] != 0:
        session.dispatch({"op": "computer_move"})


def test_new_game_view_shape() -> None:
    s = new(game="california_jack", level="beginner", overrides={"deal_packet": 3})
    v = s.view_json()
    assert v["game"] == "california_jack" and v["players"] == 2
    assert v["seats"] == ["human", "computer"] and v["levels"] == [None, "beginner"]
    assert v["rules"] == {"variant": "california_jack", "deal_packet": 3, "target": 10,
                          "follow": "suit"}
    assert v["phase"] == "play" and v["deal_number"] == 1 and v["turn"] == 1 - v["dealer"]
    assert v["stock"] == 40 and v["stock_top"] == v["trump_card"] and v["trump"] in "SHDC"
    assert len(v["hand"]) == 6 and v["hand_counts"] == [6, 6] and v["known"] == [[], []]
    assert v["trick"] == [] and v["last_trick"] is None and v["won"] == [[], []]
    assert v["card_points"] == [0, 0] and v["scores"] == [0, 0] and v["target"] == 10
    assert v["deals"] == [] and v["winner"] is None
    assert v["legal_moves"] == (v["hand"] if v["turn"] == 0 else [])
    expected = {"game", "seat", "players", "seats", "levels", "rules", "phase", "dealer",
                "deal_number", "turn", "leader", "trump", "trump_card", "stock", "stock_top",
                "hand", "hand_counts", "known", "trick", "last_trick", "won", "card_points",
                "legal_moves", "scores", "target", "deals", "winner", "can_undo", "budget_ms"}
    assert set(v) == expected
    assert v["budget_ms"] == 1000
    assert new(game="shasta_sam", budget_ms=250).view_json()["budget_ms"] == 250


def test_shasta_sam_view_hides_stock() -> None:
    v = new(game="shasta_sam").view_json()
    assert v["stock_top"] is None and v["trump_card"][-1] == v["trump"]


def test_play_a_whole_match_through_the_api() -> None:
    s = new(seats=["computer", "computer"], levels=["random", "intermediate"],
            overrides={"target": 4})
    deals = 0
    while s.view_json()["phase"] != "match_over":
        if s.view_json()["phase"] == "deal_over":
            assert code_of(s, {"op": "computer_move"}) == "wrong_phase"
            s.dispatch({"op": "next_round"})
            deals += 1
            continue
        answer = s.dispatch({"op": "computer_move"})
        move = answer["move"]
        assert set(move) <= {"seat", "card", "trick_done", "winner"}
        assert ("winner" in move) == move["trick_done"]
        assert isinstance(answer["think_ms"], int) and isinstance(answer["reasons"], list)
    score = s.dispatch({"op": "score"})["score"]
    assert score["winner"] in (0, 1) and len(score["deals"]) == deals + 1
    assert max(score["totals"]) >= 4
    assert code_of(s, {"op": "next_round"}) == "wrong_phase"


def test_human_play_legal_moves_hint_and_undo() -> None:
    s = new(level="random")
    to_human_turn(s)
    v = s.view_json()
    moves = s.dispatch({"op": "legal_moves"})["moves"]
    assert moves == v["legal_moves"] and moves
    found = s.dispatch({"op": "hint"})["hint"]
    assert found["card"] in moves and all("code" in r for r in found["reasons"])
    before = snapshot(s)
    answer = s.dispatch({"op": "play", "move": {"card": moves[0]}})
    assert answer["move"]["seat"] == 0 and answer["move"]["card"] == moves[0]
    assert code_of(s, {"op": "hint"}) == "not_your_turn"
    to_human_turn(s)
    s.dispatch({"op": "undo"})
    assert snapshot(s) == before


@pytest.mark.parametrize(("budget_ms", "hint_ms"), [(None, 400), (50, 50), (300, 300),
                                                   (5000, 400)])
def test_a_hint_thinks_no_longer_than_the_games_budget(
        budget_ms: int | None, hint_ms: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's search thinks 400 ms (HINT_BUDGET_MS), or the game's thinking budget when
    that is shorter, as the fishing games' hints do (FishingSession.hint_json): it ignored the
    budget, so with 0.05 s chosen a hint still searched 0.4 s. The budget the search was
    given is read from the expert it made."""
    import cassino_core.calijack.hints as jack_hints

    given: list[int | None] = []
    real = jack_hints.ExpertPlayer

    def spy(*args: Any, **kwargs: Any) -> Any:
        given.append(kwargs.get("budget_ms"))
        return real(*args, **{**kwargs, "budget_ms": 5})  # what it was given, not its strength

    monkeypatch.setattr(jack_hints, "ExpertPlayer", spy)
    s = new(level="random", **({} if budget_ms is None else {"budget_ms": budget_ms}))
    to_human_turn(s)
    assert s.dispatch({"op": "hint"})["hint"]["card"] in s.view_json()["legal_moves"]
    assert given == [hint_ms]


def test_bad_input_leaves_the_game_unchanged() -> None:
    s = new(level="random")
    to_human_turn(s)
    v = s.view_json()
    legal = v["legal_moves"]
    not_held = next(c for c in ("AS", "KH", "2C", "TD", "7S", "9H", "QD") if c not in v["hand"])
    before = snapshot(s)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"op": "play", "move": "ZZ"}, "bad_card"),
        ({"op": "play", "move": 5}, "bad_move"),
        ({"op": "play", "move": {"card": legal[0], "x": 1}}, "bad_move"),
        ({"op": "play", "move": not_held}, "illegal_move"),
        ({"op": "play"}, "bad_request"),
        ({"op": "play", "move": legal[0], "extra": 1}, "bad_request"),
        ({"op": "play", "move": legal[0], "seat": 1}, "not_your_turn"),
        ({"op": "play", "move": legal[0], "seat": 2}, "bad_request"),
        ({"op": "next_round"}, "wrong_phase"),
        ({"op": "computer_move"}, "not_your_turn"),
        ({"op": "dance"}, "unknown_op"),
        ({"op": "view", "seat": 1}, "not_your_turn"),
        ({"op": "new_game", "game": "whist"}, "bad_request"),
        ({"op": "new_game", "overrides": {"deal_packet": 2}}, "bad_request"),
        ({"op": "new_game", "overrides": {"follow": "trump"}}, "bad_request"),
        ({"op": "new_game", "overrides": {"variant": "shasta_sam"}}, "bad_request"),
        ({"op": "new_game", "seed": -1}, "bad_request"),
        ({"op": "new_game", "seed": True}, "bad_request"),
        ({"op": "new_game", "seats": ["human"]}, "bad_request"),
        ({"op": "new_game", "levels": ["expert", "expert"]}, "bad_request"),
        ({"op": "new_game", "level": "god"}, "bad_request"),
        ({"op": "new_game", "level": "expert", "levels": [None, "expert"]}, "bad_request"),
        ({"op": "new_game", "budget_ms": 10}, "bad_request"),
        ({"op": "new_game", "viewer": 1}, "bad_request"),
        ({"op": "load_record", "record": "{not json"}, "bad_record"),
        ({"op": "load_record", "record": {"format": "calijack-record"}}, "bad_record"),
        ({"op": "load_record"}, "bad_request"),
        ({"op": "export_record", "tags": {"Colour": "red"}}, "bad_request"),
        ({"op": "score", "x": 1}, "bad_request"),
    ]
    for req, code in bad:
        assert code_of(s, req) == code, req
        assert snapshot(s) == before, req
    if len(v["hand"]) > len(legal):
        off = next(c for c in v["hand"] if c not in legal)
        assert code_of(s, {"op": "play", "move": off}) == "illegal_move"
        assert snapshot(s) == before
    assert code_of(JackSession(), {"op": "view"}) == "no_game"
    assert code_of(JackSession(), "nope") == "bad_request"  # type: ignore[arg-type]


def test_undo_needs_a_card_of_the_seat() -> None:
    s = JackSession()
    s.dispatch({"op": "new_game", "seed": 1, "seats": ["human", "human"]})
    assert code_of(s, {"op": "undo"}) == "nothing_to_undo"
    assert s.view_json()["can_undo"] is False


def test_export_and_load_record() -> None:
    s = new(level="random")
    for _ in range(5):
        to_human_turn(s)
        s.dispatch({"op": "play", "move": s.view_json()["legal_moves"][0]})
    exported = s.dispatch({"op": "export_record", "tags": {"Event": "test"}})
    record = exported["record"]
    assert json.loads(exported["text"]) == record
    assert record["format"] == "calijack-record" and record["tags"]["Seats"] == "human computer"
    assert record["tags"]["Levels"] == "- random"
    other = JackSession()
    other.dispatch({"op": "load_record", "record": json.dumps(record)})
    assert snapshot(other) == snapshot(s)
    broken = copy.deepcopy(record)
    broken["deals"][0][0] = "ZZ"
    before = snapshot(other)
    assert code_of(other, {"op": "load_record", "record": broken}) == "bad_record"
    assert snapshot(other) == before


def test_watching_a_computer_game_may_view_either_seat() -> None:
    s = new(seats=["computer", "computer"], level="beginner")
    s.dispatch({"op": "view", "seat": 1})
    assert s.view_json()["seat"] == 1
    assert code_of(s, {"op": "hint", "seat": 1}) == "not_your_turn"
    assert code_of(s, {"op": "play", "seat": 1, "move": "AS"}) == "not_your_turn"
