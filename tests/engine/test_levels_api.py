"""The JSON API of computer levels and hints (docs/api.md): ``levels``/``level``/``budget_ms``
on new_game, load_record and load_position; the view's ``levels``; the ``hint`` op;
``computer_move``'s ``reasons`` and ``think_ms``; the record tag ``Levels``. Every bad input is
refused with ``bad_request`` naming it, and leaves the game as it was."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from levels_positions import state_of

from cassino_core import CLASSIC
from cassino_core.api import Session
from cassino_core.expert import ExpertPlayer
from cassino_core.hints import REASON_CODES
from cassino_core.players import BeginnerPlayer, HeuristicPlayer
from cassino_core.position import position_to_json


def ask(session: Session, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(req)))
    return answer


def error(session: Session, **req: Any) -> tuple[str, str]:
    before = session.handle('{"op": "view"}') if session.match is not None else None
    answer = ask(session, **req)
    assert "error" in answer, answer
    if before is not None:
        assert session.handle('{"op": "view"}') == before
    return answer["error"]["code"], answer["error"]["message"]


def test_default_level_is_intermediate() -> None:
    s = Session()
    view = ask(s, op="new_game", seed=1)["view"]
    assert view["levels"] == [None, "intermediate"]
    assert isinstance(s.players[1], HeuristicPlayer)


def test_levels_per_seat_and_one_level_for_all() -> None:
    s = Session()
    view = ask(s, op="new_game", seed=1, rules="classic", overrides={"players": 3},
               seats=["human", "computer", "computer"],
               levels=[None, "beginner", "expert"], budget_ms=200)["view"]
    assert view["levels"] == [None, "beginner", "expert"]
    assert view["budget_ms"] == 200
    assert isinstance(s.players[1], BeginnerPlayer)
    expert = s.players[2]
    assert isinstance(expert, ExpertPlayer) and expert.budget_ms == 200
    view = ask(s, op="new_game", seed=1, level="beginner")["view"]
    assert view["levels"] == [None, "beginner"] and view["budget_ms"] == 1000


@pytest.mark.parametrize(("fields", "named"), [
    ({"level": "grandmaster"}, "grandmaster"),
    ({"levels": [None, "godlike"]}, "godlike"),
    ({"levels": [None]}, "levels"),
    ({"levels": "expert"}, "levels"),
    ({"levels": ["expert", "expert"]}, "seat 1 is a human seat"),  # seats counted from 1
    ({"level": "expert", "levels": [None, "expert"]}, "not both"),
    ({"level": 3}, "level"),
    ({"budget_ms": 10}, "budget_ms"),
    ({"budget_ms": 20000}, "budget_ms"),
    ({"budget_ms": True}, "budget_ms"),
    ({"budget_ms": "fast"}, "budget_ms"),
])
def test_bad_levels_and_budgets_are_refused(fields: dict[str, Any], named: str) -> None:
    s = Session()
    ask(s, op="new_game", seed=5, level="beginner")
    code, message = error(s, op="new_game", seed=1, **fields)
    assert code == "bad_request" and named in message
    assert s.levels == [None, "beginner"]


def test_computer_move_reports_reasons_and_time() -> None:
    s = Session()
    ask(s, op="new_game", seed=3, seats=["computer", "human"], viewer=1, level="expert",
        budget_ms=50)
    view = ask(s, op="view")["view"]
    if view["turn"] != 0:
        first = view["legal_moves"][0]
        ask(s, op="play", move=first["text"])
    answer = ask(s, op="computer_move")
    assert answer["ok"] and answer["seat"] == 0
    assert isinstance(answer["think_ms"], int) and answer["think_ms"] >= 0
    for reason in answer["reasons"]:
        assert reason["code"] in REASON_CODES
        assert set(reason) <= {"code", "value", "card"}


def test_hint_op() -> None:
    s = Session()
    view = ask(s, op="new_game", seed=2, budget_ms=50)["view"]
    if view["turn"] != 0:
        ask(s, op="computer_move")
    before = ask(s, op="view")["view"]
    answer = ask(s, op="hint")
    move = answer["hint"]["move"]
    assert move["text"] in {m["text"] for m in before["legal_moves"]}
    assert all(r["code"] in REASON_CODES for r in answer["hint"]["reasons"])
    assert answer["view"] == before  # a hint changes nothing


def test_hint_errors() -> None:
    s = Session()
    code, _ = error(s, op="hint")
    assert code == "no_game"
    view = ask(s, op="new_game", seed=2, budget_ms=50)["view"]
    if view["turn"] == 0:
        ask(s, op="play", move=view["legal_moves"][0]["text"])
    assert error(s, op="hint")[0] == "not_your_turn"
    assert error(s, op="hint", seat=1)[0] == "not_your_turn"  # a computer seat
    assert error(s, op="hint", extra=1)[0] == "bad_request"
    # The human's last card of the round; after it the round (and this one-deal game) is over.
    state = replace(state_of(CLASSIC.replace(game_end="one_deal"), ["9C", ""], "4D 5H").round,
                    dealer=0)
    s2 = Session()
    ask(s2, op="load_position", position=position_to_json(state), seed=1)
    assert ask(s2, op="play", move="9C x 4D 5H")["view"]["phase"] != "play"
    assert error(s2, op="hint")[0] == "wrong_phase"


def test_levels_go_into_records_and_come_back() -> None:
    s = Session()
    ask(s, op="new_game", seed=7, level="beginner")
    if ask(s, op="view")["view"]["turn"] == 1:
        ask(s, op="computer_move")
    record = ask(s, op="export_record")
    assert record["record"]["tags"]["Levels"] == "- beginner"
    assert '[Levels "- beginner"]' in record["text"]
    s2 = Session()
    view = ask(s2, op="load_record", record=record["text"])["view"]
    assert view["levels"] == [None, "beginner"]
    view = ask(s2, op="load_record", record=record["record"], level="expert",
               budget_ms=100)["view"]
    assert view["levels"] == [None, "expert"]
    code, message = error(s2, op="load_record", record=record["record"], level="wizard")
    assert code == "bad_request" and "wizard" in message
    assert s2.levels == [None, "expert"]


def test_load_position_takes_levels() -> None:
    s = Session()
    ask(s, op="new_game", seed=9)
    position = ask(s, op="export_position")["position"]
    view = ask(s, op="load_position", position=position, levels=[None, "beginner"])["view"]
    assert view["levels"] == [None, "beginner"]
    code, message = error(s, op="load_position", position=position, levels=[None, "x"])
    assert code == "bad_request" and "'x'" in message


@pytest.mark.parametrize("game", ["cassino", "scopa", "california_jack", "pishti"])
def test_set_budget_changes_the_thinking_time_and_nothing_else(game: str) -> None:
    """The page's thinking-time setting, changed during a game (issue 16: "a setting chooses
    0.2 to 5 s"): the expert's time a move becomes the new one, the computer seats keep their
    levels and the table is as it was; a bad value is refused and changes nothing; the next
    new game takes its own budget again."""
    s = Session()
    before = ask(s, op="new_game", game=game, seed=3, level="expert", budget_ms=1000)["view"]
    answer = ask(s, op="set_budget", budget_ms=200)
    assert answer["budget_ms"] == 200 and answer["view"]["budget_ms"] == 200
    assert {k: v for k, v in answer["view"].items() if k != "budget_ms"} == \
        {k: v for k, v in before.items() if k != "budget_ms"}
    session = s.other if s.other is not None else s
    experts = list(session.players.values())
    assert experts and all(p.budget_ms == 200 for p in experts)
    assert session.levels == before["levels"]
    for bad in ({"budget_ms": 10}, {"budget_ms": 20000}, {"budget_ms": "fast"}, {},
                {"budget_ms": 300, "level": "beginner"}):
        code, message = error(s, op="set_budget", **bad)
        assert code == "bad_request" and ("budget_ms" in message or "level" in message)
        assert ask(s, op="view")["view"]["budget_ms"] == 200
    assert ask(s, op="new_game", game=game, seed=4, level="expert")["view"]["budget_ms"] == 1000
