"""The fishing games' move log and round replay through the JSON API (``move_log`` and
``replay``: cassino_core/fishing/review.py, docs/api.md "Move log and round replay of the
fishing games"): concrete deals and the exact entries expected, the replay refused while its
round is played, and every step equal to the position the game had."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.api import Session
from tests.engine.fishing_helpers import ask, refused


def two_humans(game: str, variant: str, seed: int) -> Session:
    s = Session()
    ask(s, op="new_game", game=game, variant=variant, seed=seed, seats=["human", "human"])
    return s


def play(s: Session, *moves: str) -> None:
    for text in moves:
        seat = ask(s, op="view")["view"]["turn"]
        ask(s, op="play", seat=seat, move=text)


def test_scopa_log_names_each_move_its_seat_deal_and_what_it_took() -> None:
    """Scopa, seed 5 (deal: seat 0 holds 2H 6D 7D, seat 1 2D 5S 7H, table JC KH KC QC)."""
    s = two_humans("scopa", "scopa", 5)
    play(s, "2H t", "2D x 2H", "7D t", "7H x 7D")
    assert ask(s, op="move_log")["log"] == [
        {"round": 1, "deal": 1, "seat": 0,
         "move": {"kind": "trail", "card": "2H", "text": "2H t", "sweep": False}},
        {"round": 1, "deal": 1, "seat": 1,
         "move": {"kind": "capture", "card": "2D", "take": ["2H"], "text": "2D x 2H",
                  "sweep": False}},
        {"round": 1, "deal": 1, "seat": 0,
         "move": {"kind": "trail", "card": "7D", "text": "7D t", "sweep": False}},
        {"round": 1, "deal": 1, "seat": 1,
         "move": {"kind": "capture", "card": "7H", "take": ["7D"], "text": "7H x 7D",
                  "sweep": False}},
    ]
    # A move taken back is not in the log.
    ask(s, op="undo", seat=0)
    assert [e["move"]["text"] for e in ask(s, op="move_log")["log"]] == ["2H t", "2D x 2H"]


def test_pishti_log_never_names_the_face_down_cards_taken_with_the_pile() -> None:
    """Pishti, seed 3 (FAMILY.md §5.1: three cards face down under 7H; seat 1 leads)."""
    s = two_humans("pishti", "pishti", 3)
    play(s, "4D t", "JS x 7H 4D")
    log = ask(s, op="move_log")["log"]
    assert log == [
        {"round": 1, "deal": 1, "seat": 1,
         "move": {"kind": "trail", "card": "4D", "text": "4D t", "sweep": False, "bonus": 0}},
        {"round": 1, "deal": 1, "seat": 0,
         "move": {"kind": "capture", "card": "JS", "take": ["4D", "7H"], "text": "JS x 4D 7H",
                  "sweep": False, "bonus": 0}},
    ]


def finished_round(game: str, variant: str, seed: int) -> tuple[Session, list[dict[str, Any]]]:
    """A round played to its end by two humans taking the first legal move, with the view
    (seat 0's, and the mover's table) after every move."""
    s = two_humans(game, variant, seed)
    views = [ask(s, op="view", seat=0)["view"]]
    while views[-1]["phase"] == "play":
        turn = views[-1]["turn"]
        move = ask(s, op="view", seat=turn)["view"]["legal_moves"][0]["text"]
        ask(s, op="play", seat=turn, move=move)
        views.append(ask(s, op="view", seat=0)["view"])
    return s, views


@pytest.mark.parametrize(("game", "variant", "seed"), [
    ("scopa", "scopa", 5), ("pishti", "pishti", 3), ("tablic", "tablic", 4),
    ("cirulla", "cirulla", 2), ("escoba", "escoba", 6)])
def test_the_replay_of_a_finished_round_shows_the_table_the_game_had(
        game: str, variant: str, seed: int) -> None:
    s, views = finished_round(game, variant, seed)
    log = ask(s, op="move_log")["log"]
    replay = ask(s, op="replay")["replay"]
    steps = replay["steps"]
    assert replay["round"] == 1 and replay["rounds"] == 1
    assert len(steps) == len(log) + 1 == len(views)
    assert replay["result"] == views[-1]["rounds"][0]
    for step, view in zip(steps, views, strict=True):
        if view["phase"] == "play":
            # The face-up table, the stock and seat 0's hand are what the game showed.
            assert (step["table"], step["stock"], step["hands"][0], step["turn"]) == (
                view["table"], view["stock"], view["hand"], view["turn"])
        assert sum(len(h) for h in step["hands"]) == sum(view["hand_counts"])
    for step, entry in zip(steps[1:], log, strict=True):
        assert (step["seat"], step["move"]) == (entry["seat"], entry["move"])
    end = steps[-1]
    assert end["turn"] is None and not any(end["hands"]) and end["stock"] == 0
    # Every card of the pack is in some pile at the end.
    assert sum(end["captured"]) == len(steps[0]["table"]) + len(steps[0]["face_down"]) + sum(
        len(h) for h in steps[0]["hands"]) + steps[0]["stock"]


def test_the_scopa_replay_starts_at_the_deal_and_steps_move_by_move() -> None:
    """Scopa, seed 5: step 0 is the deal, step 1 the trail of 2H."""
    s, _ = finished_round("scopa", "scopa", 5)
    steps = ask(s, op="replay")["replay"]["steps"]
    start, first = steps[0], steps[1]
    assert start["kind"] == "start" and start["seat"] is None and start["move"] is None
    assert start["hands"] == [["2H", "6D", "7D"], ["2D", "5S", "7H"]]
    assert start["table"] == ["JC", "KH", "KC", "QC"] and start["stock"] == 30
    assert (first["kind"], first["seat"], first["move"]["text"]) == ("move", 0, "2H t")
    assert first["table"] == ["JC", "KH", "KC", "QC", "2H"]
    assert first["hands"] == [["6D", "7D"], ["2D", "5S", "7H"]] and first["captured"] == [0, 0]


def test_pishti_replay_shows_the_face_down_cards_once_the_round_is_over() -> None:
    s, _ = finished_round("pishti", "pishti", 3)
    steps = ask(s, op="replay")["replay"]["steps"]
    assert len(steps[0]["face_down"]) == 3 and steps[0]["table"] == ["7H"]
    assert all(not step["face_down"] for step in steps[1:] if step["captured"] != [0, 0])


def test_cirulla_log_gives_a_declaration_with_the_cards_declared() -> None:
    """Cirulla, seed 5 with the computer at both seats: seat 1 knocks with 5S 7H 2D (docs/
    cirulla.md "Declarations")."""
    s = Session()
    ask(s, op="new_game", game="cirulla", variant="cirulla", seed=5,
        seats=["computer", "computer"])
    for _ in range(2):
        ask(s, op="computer_move")
    log = ask(s, op="move_log")["log"]
    assert log[1] == {"round": 1, "deal": 1, "seat": 1, "move": {
        "kind": "declare", "text": "declare", "card": None, "take": [], "sweep": False,
        "declaration": {"seat": 1, "deal": 1, "kind": "knock", "cards": ["5S", "7H", "2D"],
                        "points": 3}}}


def test_the_replay_is_refused_while_its_round_is_played() -> None:
    s = two_humans("scopa", "scopa", 5)
    play(s, "2H t")
    error = refused(s, op="replay")
    assert (error["code"], error["reason"]) == ("wrong_phase", "replay_needs_round_end")
    assert refused(s, op="replay", round=1)["reason"] == "replay_needs_round_end"
    assert refused(s, op="replay", round=2)["code"] == "bad_request"
    assert refused(s, op="replay", round="1")["reason"] == "need_whole_number"
    assert refused(s, op="move_log", round=1)["reason"] == "unexpected_fields"


def test_undo_is_closed_after_the_replay_of_the_round_just_ended_until_the_next_deal() -> None:
    s, views = finished_round("scopa", "scopa", 5)
    assert views[-1]["phase"] == "round_over"
    ask(s, op="replay")
    assert ask(s, op="view")["view"]["can_undo"] is False
    for seat in (0, 1):
        assert refused(s, op="undo", seat=seat)["code"] == "replay_shown"
    ask(s, op="next_round")
    turn = ask(s, op="view")["view"]["turn"]
    move = ask(s, op="view", seat=turn)["view"]["legal_moves"][0]["text"]
    ask(s, op="play", seat=turn, move=move)
    # Round 1 stays open to the replay in round 2, and undo within round 2 works.
    again = ask(s, op="replay")["replay"]
    assert (again["round"], again["rounds"]) == (1, 1)
    assert ask(s, op="undo", seat=turn)["undone"] == 1


def test_a_loaded_record_gives_the_same_log_and_replay() -> None:
    s, _ = finished_round("tablic", "tablic", 4)
    record = ask(s, op="export_record")["text"]
    log, replay = ask(s, op="move_log")["log"], ask(s, op="replay")["replay"]["steps"]
    t = Session()
    ask(t, op="load_record", game="tablic", record=record)
    assert ask(t, op="move_log")["log"] == log
    assert json.dumps(ask(t, op="replay")["replay"]["steps"]) == json.dumps(replay)


GAMES = {"scopa": ("scopa", "scopone", "hurricane"), "escoba": ("escoba", "escoba_four"),
         "cirulla": ("cirulla", "cirulla_three"), "pishti": ("pishti", "xeri", "basra"),
         "tablic": ("tablic", "tablanette")}
PRESET = st.sampled_from([(game, variant) for game, names in GAMES.items() for variant in names])


@settings(max_examples=20, deadline=None)
@given(PRESET, st.integers(min_value=0, max_value=2**31))
def test_log_and_replay_agree_with_the_record_and_the_round_for_every_game(
        preset: tuple[str, str], seed: int) -> None:
    """Property: the log is the record's moves in order, seat for seat; the replay of the
    round has a step a move, each the move the log gives, and every card of the round (hands,
    table, face-down, stock and the cards taken) at every step."""
    game, variant = preset
    s = Session()
    players = ask(s, op="new_game", game=game, variant=variant, seed=seed,
                  level="beginner")["view"]["players"]
    ask(s, op="new_game", game=game, variant=variant, seed=seed, level="beginner",
        seats=["computer"] * players)
    while ask(s, op="view")["view"]["phase"] == "play":
        ask(s, op="computer_move")
    log = ask(s, op="move_log")["log"]
    record = ask(s, op="export_record")["record"]
    assert [e["move"]["text"] for e in log] == record["rounds"][0]
    steps = ask(s, op="replay")["replay"]["steps"]
    assert [(st_["seat"], st_["move"]) for st_ in steps[1:]] == [(e["seat"], e["move"])
                                                                for e in log]
    total = {sum(len(h) for h in st_["hands"]) + len(st_["table"]) + len(st_["face_down"])
             + st_["stock"] + sum(st_["captured"]) for st_ in steps}
    assert len(total) == 1
