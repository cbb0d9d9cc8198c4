"""The game registry of cassino_core.api and the shared session base (cassino_core.session):
every entry's record format is its package's own, adding a game is one entry, and every
registry game answers the shared ops alike (fields, seats, levels, budget, no game yet).
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from cassino_core import api
from cassino_core.api import REGISTRY, GameEntry, Session

RECORD_MODULES = {"jack": "cassino_core.calijack.record", "scopa": "cassino_core.scopa.record",
                  "escoba": "cassino_core.escoba.record",
                  "cirulla": "cassino_core.cirulla.record", "pishti": "cassino_core.pishti.record",
                  "tablic": "cassino_core.tablic.record"}


def ask(session: Session, **req: Any) -> dict[str, Any]:
    return json.loads(session.handle(json.dumps(req)))  # type: ignore[no-any-return]


def test_every_entry_names_its_packages_record_format_and_games() -> None:
    assert {e.family for e in REGISTRY} == set(RECORD_MODULES)
    for entry in REGISTRY:
        assert (
            entry.record_format) == importlib.import_module(RECORD_MODULES[entry.family]).FORMAT
        assert all(game in api.GAMES for game in entry.games)
    assert api.GAMES[0] == "cassino"


def test_adding_a_game_is_one_registry_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    extra = GameEntry(family="twin", games=("twin",),
                      session="cassino_core.escoba.api:EscobaSession",
                      record_format="escoba-record", text_records=True,
                      reason="record_is_escoba")
    monkeypatch.setattr(api, "REGISTRY", (*REGISTRY, extra))
    monkeypatch.setattr(api, "GAMES", (*api.GAMES, "twin"))
    s = Session()
    answer = ask(s, op="new_game", game="twin", seed=3)
    assert "error" not in answer and answer["view"]["game"] == "escoba"
    assert s.other_family == "twin"
    assert ask(s, op="view")["view"] == answer["view"]


@pytest.mark.parametrize("game", [g for e in REGISTRY for g in e.games])
def test_every_registry_game_answers_the_shared_ops_alike(game: str) -> None:
    s = Session()
    assert ask(s, op="new_game", game=game, seed=1, levels=["beginner"])["error"][
        "reason"] == "levels_count"
    assert ask(s, op="new_game", game=game, seed=1, budget_ms=5)["error"][
        "reason"] == "need_number_range"
    assert ask(s, op="new_game", game=game, seed=1, seats=["robot"])["error"][
        "reason"] == "seats_list"
    assert ask(s, op="new_game", game=game, seed=1, colour="red")["error"][
        "reason"] == "unexpected_fields"
    view = ask(s, op="new_game", game=game, seed=1, level="beginner")["view"]
    assert view["game"] == game
    assert ask(s, op="play", move="nonsense")["error"]["code"] in ("bad_move", "bad_card")
    assert ask(s, op="dance")["error"]["code"] == "unknown_op"
    assert ask(s, op="view")["view"] == view
