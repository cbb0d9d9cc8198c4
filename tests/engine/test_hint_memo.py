"""A hint asked again in the same position gives the same advice (play-test 17: in California
Jack and Shasta Sam a second press of «Подсказка», nothing played between, named another card;
the expert searches to a time budget, so two searches may settle on different moves of nearly
the same worth). The API remembers the last hint by the seat's view: the search runs once per
position, and a new position searches afresh."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import cassino_core.calijack.api as jack_api
import cassino_core.hints as cassino_hints
from cassino_core.api import Session
from cassino_core.scopa.api import ScopaSession


def ask(session: Session, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(req)))
    assert "error" not in answer, answer
    return answer


def to_human_turn(session: Session, view: dict[str, Any]) -> dict[str, Any]:
    """Computer moves until the human seat (0) is to play."""
    while view["phase"] == "play" and view["turn"] != view["seat"]:
        view = ask(session, op="computer_move")["view"]
    return view


def counting(real: Callable[..., Any], calls: list[int]) -> Callable[..., Any]:
    """``real``, counting its calls in ``calls``."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)
    return wrapper


def first_move(view: dict[str, Any]) -> Any:
    """The first legal move in the form ``play`` takes."""
    legal = view["legal_moves"]
    first = legal[0]
    return first["text"] if isinstance(first, dict) else {"card": first} \
        if view.get("game") in ("california_jack", "shasta_sam") else first


@pytest.mark.parametrize("game", ["cassino", "california_jack", "shasta_sam", "scopa"])
def test_a_second_hint_in_the_same_position_is_the_first_one(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two presses in one position: one search, the same answer; after a move (the computer's
    replies, the player's turn again) a new search for the new position."""
    calls: list[int] = []
    if game == "cassino":
        monkeypatch.setattr(cassino_hints, "hint", counting(cassino_hints.hint, calls))
    elif game == "scopa":
        monkeypatch.setattr(ScopaSession, "hint_fn", counting(ScopaSession.hint_fn, calls))
    else:
        monkeypatch.setattr(jack_api, "hint", counting(jack_api.hint, calls))
    session = Session()
    request: dict[str, Any] = {"op": "new_game", "seed": 5, "level": "beginner",
                               "budget_ms": 50}
    if game != "cassino":
        request["game"] = game
    view = to_human_turn(session, ask(session, **request)["view"])
    first = ask(session, op="hint")["hint"]
    again = ask(session, op="hint")["hint"]
    assert again == first
    assert len(calls) == 1
    view = ask(session, op="play", move=first_move(view))["view"]
    view = to_human_turn(session, view)
    assert view["phase"] == "play"
    ask(session, op="hint")
    assert len(calls) == 2


@pytest.mark.parametrize("game", ["scopa", "pishti"])
def test_a_new_position_builds_the_seats_view_once(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint for a new position (the memo missed) builds the seat's view no more often than a
    hint asked again (the memo hit): the view that keys the memo is the one searched, not a
    second one built for the search."""
    session = Session()
    request: dict[str, Any] = {"op": "new_game", "game": game, "seed": 5, "level": "beginner",
                               "budget_ms": 50}
    to_human_turn(session, ask(session, **request)["view"])
    game_session = session.other
    built: list[int] = []
    assert game_session is not None
    real = type(game_session).view_of
    monkeypatch.setattr(type(game_session), "view_of",
                        lambda self, match, seat: counting(real, built)(self, match, seat))
    ask(session, op="hint")
    missed = len(built)
    built.clear()
    ask(session, op="hint")
    assert missed == len(built)
