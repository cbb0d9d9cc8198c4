"""``load_record`` with ``"check": true``: a record read and replayed without being loaded
(play-test 8: a pasted text that is no record was refused only after "Replace the game in
progress?").

A record that would load answers ok (``checked``) and the game in progress (Cassino, a
fishing game or California Jack) stays exactly as it was: its view, its record, its move log.
A text that is no record at all (plain words, ``null``, a list, ``{}``) gets its own reason,
``not_a_record``, on every game's page rather than a reader's complaint about line 1 or "this is
a Cassino record"; JSON cut short, a text cut short, another game's record and an illegal move
each keep their own reason; and the check answers exactly the error loading would give.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cassino_core.api import Session

NOT_RECORDS = ["hello", "", "   ", "null", "[1,2]", "5", "true", '"a record"', "{}",
               '{"a": 1}', '{"format": "chess-record", "seed": 1}', '{"format": [1], "seed": 1}',
               '{"format": {}}', "Round 1\n1. 5C t\n*"]
"""Texts no game reads as a record."""

GAMES = ["cassino", "scopa", "california_jack"]


def ask(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    return answer


def game_in_progress(game: str, moves: int = 3) -> Session:
    """A session with a game of ``game`` dealt (seed 7), the player at seat 0 against the
    computer, and a few moves made."""
    session = Session()
    answer = ask(session, {"op": "new_game", "game": game, "seed": 7})
    assert answer.get("ok"), answer
    for _ in range(moves):
        view = answer["view"]
        if view["turn"] == view["seat"]:
            legal = ask(session, {"op": "legal_moves"})["moves"]
            answer = ask(session, {"op": "play", "move": legal[0]})
        else:
            answer = ask(session, {"op": "computer_move"})
        assert answer.get("ok"), answer
    return session


def state(session: Session) -> tuple[Any, ...]:
    """Everything a page sees of the game in progress: its view, its record, its move log."""
    view = ask(session, {"op": "view"})
    record = ask(session, {"op": "export_record", "forms": ["record"]})
    log = ask(session, {"op": "move_log"})
    return view, record, log


def record_of_game(game: str, form: str = "record") -> Any:
    """The record (object, or ``"text"``: its text form) of another deal of ``game``."""
    other = Session()
    ask(other, {"op": "new_game", "game": game, "seed": 11, "seats": ["computer", "computer"]})
    for _ in range(4):
        ask(other, {"op": "computer_move"})
    return ask(other, {"op": "export_record", "forms": [form]})[form]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("form", ["record", "json text", "text"])
def test_a_valid_record_checks_ok_and_the_game_in_progress_is_unchanged(game: str,
                                                                        form: str) -> None:
    if game == "california_jack" and form == "text":
        pytest.skip("a California Jack record has no text form")
    session = game_in_progress(game)
    before = state(session)
    record = record_of_game(game, "text" if form == "text" else "record")
    if form == "json text":
        record = json.dumps(record)
    answer = ask(session, {"op": "load_record", "record": record, "game": game, "check": True})
    assert answer.get("ok"), answer
    assert answer["checked"] is True
    assert answer["seed"] == 11
    assert answer["view"] == before[0]["view"]  # the view of the game in progress
    assert state(session) == before
    # Loading it for real still works, and gives the record's game.
    loaded = ask(session, {"op": "load_record", "record": record, "game": game})
    assert loaded.get("ok") and "checked" not in loaded, loaded
    assert state(session) != before


def test_checking_a_cassino_record_keeps_a_jack_game_in_play() -> None:
    """The Jack game in progress stays the game in play (not swapped for Cassino's) when a
    Cassino record is only checked."""
    session = game_in_progress("california_jack")
    before = state(session)
    answer = ask(session, {"op": "load_record", "record": record_of_game("cassino", "text"),
                           "check": True})
    assert answer.get("ok") and answer["view"]["game"] == "california_jack", answer
    assert state(session) == before


def test_checking_with_no_game_in_progress_answers_without_a_view() -> None:
    session = Session()
    answer = ask(session, {"op": "load_record", "record": record_of_game("cassino"),
                           "check": True})
    assert answer == {"ok": True, "seed": 11, "checked": True}
    assert ask(session, {"op": "view"})["error"]["code"] == "no_game"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", NOT_RECORDS)
def test_a_text_that_is_no_record_is_not_a_record_on_every_page(game: str, text: str) -> None:
    """Before: Cassino's page said "line 1: cannot read 'hello'" (or 'null'), "missing
    field(s)" for ``{}``; the other pages said "this is a Cassino record"."""
    session = game_in_progress(game)
    before = state(session)
    checked = ask(session, {"op": "load_record", "record": text, "game": game, "check": True})
    assert checked["error"]["code"] == "bad_record", checked
    assert checked["error"]["reason"] == "not_a_record", checked
    assert checked["error"]["message"].startswith("this is not a game record")
    loaded = ask(session, {"op": "load_record", "record": text, "game": game})
    assert loaded == checked
    assert state(session) == before


def cut_json(game: str) -> str:
    text = json.dumps(record_of_game(game))
    return text[: len(text) // 2]


def cut_text(game: str) -> str:
    """The text record without its last lines (its result line is gone)."""
    return "\n".join(record_of_game(game, "text").splitlines()[:-3])


def illegal_move(game: str) -> str:
    """Cassino's text record with its 4th move made by a card its seat does not hold."""
    text = record_of_game(game, "text")
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("4. "))
    third = next(line for line in lines if line.startswith("3. "))
    card = third.split(": ")[1].split()[0]  # the card seat 1 played at move 3
    lines[at] = f"4. seat 2: {card} t"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("game", "make", "reason", "where"), [
    ("cassino", cut_json, "record_not_json", None),
    ("scopa", cut_json, "record_not_json", None),
    ("california_jack", cut_json, "record_not_json", None),
    ("cassino", cut_text, "record_no_result", None),
    ("scopa", cut_text, "record_no_result", None),
    ("cassino", lambda game: record_of_game("scopa"), "record_is_scopa", None),
    ("scopa", lambda game: record_of_game("cassino", "text"), "record_is_cassino", None),
    ("california_jack", lambda game: record_of_game("scopa", "text"), "record_is_scopa", None),
    ("cassino", lambda game: record_of_game("california_jack"), "record_is_jack", None),
    ("cassino", illegal_move, "not_in_hand", {"round": 1, "move": 4}),
])
def test_each_kind_of_bad_record_gets_its_own_reason_checked_or_loaded(
        game: str, make: Any, reason: str, where: dict[str, int] | None) -> None:
    session = game_in_progress(game)
    before = state(session)
    record = make(game)
    checked = ask(session, {"op": "load_record", "record": record, "game": game, "check": True})
    assert checked["error"]["code"] == "bad_record", checked
    assert checked["error"]["reason"] == reason, checked
    if where is not None:
        assert {k: checked["error"]["where"].get(k) for k in where} == where, checked
    assert state(session) == before
    assert ask(session, {"op": "load_record", "record": record, "game": game}) == checked
    assert state(session) == before


@pytest.mark.parametrize("flag", [1, "yes", None, [True]])
def test_check_must_be_true_or_false(flag: object) -> None:
    session = game_in_progress("cassino")
    before = state(session)
    answer = ask(session, {"op": "load_record", "record": record_of_game("cassino"),
                           "check": flag})
    assert answer["error"]["reason"] == "need_flag", answer
    assert answer["error"]["where"] == {"field": "check"}
    assert state(session) == before


def test_a_check_refuses_seats_as_loading_would() -> None:
    """The seats, levels and budget are checked too: the same refusal as a load."""
    session = game_in_progress("scopa")
    request = {"op": "load_record", "record": record_of_game("scopa"), "game": "scopa",
               "seats": ["human"]}
    checked = ask(session, {**request, "check": True})
    assert checked["error"]["code"] == "bad_request", checked
    assert ask(session, request) == checked


def test_a_game_session_checks_on_its_own() -> None:
    """The shared GameSession (every registry game) honours ``check`` when asked directly."""
    from cassino_core.calijack.api import JackSession

    jack = JackSession()
    record = record_of_game("california_jack")
    answer = jack.dispatch({"op": "load_record", "record": record, "check": True})
    assert answer == {"seed": 11, "checked": True}
    assert jack.match is None
