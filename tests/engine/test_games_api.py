"""One session, two games: ``cassino_core.api`` routes requests to Cassino or to California
Jack / Shasta Sam (seed 001) by ``new_game``'s ``game`` and by a record's format, and a refused
request leaves whichever game is in progress as it was (docs/api.md, "Games")."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from cassino_core.api import Session


def ask(session: Session, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    return answer


def test_new_game_names_the_game_and_later_requests_follow_it() -> None:
    s = Session()
    assert ask(s, op="new_game", seed=1)["view"]["game"] == "cassino"
    jack = ask(s, op="new_game", game="california_jack", seed=1)["view"]
    assert jack["game"] == "california_jack" and len(jack["hand"]) == 6
    card = jack["legal_moves"][0] if jack["turn"] == jack["seat"] else None
    if card is None:
        ask(s, op="computer_move")
        card = ask(s, op="view")["view"]["legal_moves"][0]
    played = ask(s, op="play", move=card)
    assert played["move"]["card"] == card and played["view"]["game"] == "california_jack"
    # The catalog is Cassino's whatever game is in play; the Jack game stays.
    assert "classic" in ask(s, op="catalog")["presets"]
    assert ask(s, op="view")["view"]["game"] == "california_jack"
    assert ask(s, op="new_game", game="cassino", seed=2)["view"]["preset"] == "classic"


def test_unknown_game_is_refused_and_the_game_in_progress_stays() -> None:
    s = Session()
    before = ask(s, op="new_game", game="shasta_sam", seed=5)["view"]
    answer = ask(s, op="new_game", game="poker")
    assert answer["error"]["code"] == "bad_request"
    assert answer["error"]["message"] == ("game: expected one of cassino, california_jack, "
                                          "shasta_sam, scopa, escoba, cirulla, pishti, tablic")
    assert answer["error"]["where"] == {"field": "game"}
    assert ask(s, op="view")["view"] == before


def test_load_record_goes_to_the_records_game() -> None:
    s = Session()
    ask(s, op="new_game", seed=3)
    cassino = ask(s, op="export_record")["record"]
    ask(s, op="new_game", game="shasta_sam", seed=4)
    jack = ask(s, op="export_record")["record"]
    assert ask(s, op="load_record", record=cassino)["view"]["game"] == "cassino"
    assert ask(s, op="load_record", record=json.dumps(jack))["view"]["game"] == "shasta_sam"


def test_load_record_of_the_other_game_is_refused_when_the_page_names_its_game() -> None:
    s = Session()
    ask(s, op="new_game", seed=3)
    cassino = ask(s, op="export_record")["record"]
    before = ask(s, op="new_game", game="california_jack", seed=4)["view"]
    refused = ask(s, op="load_record", record=cassino, game="california_jack")
    assert refused["error"]["code"] == "bad_record"
    assert "Cassino record" in refused["error"]["message"]
    assert ask(s, op="view")["view"] == before
    jack = ask(s, op="export_record")["record"]
    on_cassino = Session()
    start = ask(on_cassino, op="new_game", seed=8)["view"]
    refused = ask(on_cassino, op="load_record", record=jack, game="cassino")
    assert refused["error"]["code"] == "bad_record"
    assert "California Jack record" in refused["error"]["message"]
    assert ask(on_cassino, op="view")["view"] == start
    bad = ask(on_cassino, op="load_record", record=jack, game=7)
    assert bad["error"]["code"] == "bad_request"


@pytest.mark.skipif(sys.platform == "emscripten", reason="needs a fresh interpreter process")
def test_api_import_leaves_california_jack_and_hints_for_later() -> None:
    # A fresh interpreter: the page's engine import pulls neither (docs/load.md), and the
    # record format api.py repeats is the Jack package's own.
    code = ("import sys, cassino_core.api as api\n"
            "assert not [m for m in sys.modules if m.startswith(('cassino_core.calijack',"
            " 'cassino_core.hints', 'cassino_core.expert', 'cassino_core.scopa'))],"
            " sorted(sys.modules)\n"
            "from cassino_core.calijack.record import FORMAT\n"
            "assert api.JACK_RECORD_FORMAT == FORMAT\n")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("game", ["cassino", "california_jack", "shasta_sam", "scopa", "escoba",
                                  "cirulla", "pishti", "tablic"])
def test_export_record_gives_the_forms_asked_for_and_the_same_record(game: str) -> None:
    """``export_record`` with ``forms`` (docs/api.md; issue 17: the page's autosave asks for
    the JSON record alone, because the text form replays the whole match): ``["record"]``
    answers the same record as the default, ``["text"]`` the same text, and a bad ``forms``
    is refused naming the field, the game unchanged."""
    s = Session()
    ask(s, op="new_game", game=game, seed=11)
    for _ in range(6):  # a few moves, so the record has some
        if "error" in ask(s, op="computer_move"):
            break
    both = ask(s, op="export_record")
    assert set(both) >= {"record", "text"}
    only_record = ask(s, op="export_record", forms=["record"])
    assert only_record["record"] == both["record"] and "text" not in only_record
    only_text = ask(s, op="export_record", forms=["text"])
    assert only_text["text"] == both["text"] and "record" not in only_text
    before = ask(s, op="view")["view"]
    for bad, reason in (("record", "need_list"), ([], "need_one_of"),
                        (["json"], "need_one_of"), ([1], "need_one_of")):
        refused = ask(s, op="export_record", forms=bad)["error"]
        assert (refused["code"], refused["reason"], refused["where"]) == (
            "bad_request", reason, {"field": "forms"}), bad
    assert ask(s, op="view")["view"] == before


@pytest.mark.parametrize("game", ["scopa", "escoba", "cirulla", "pishti", "tablic"])
def test_a_json_record_whose_rules_name_no_variant_is_refused_as_its_text_would_be(
        game: str) -> None:
    """Every record the engine writes must load again (issue 17). A fishing game's JSON record
    whose rules named no variant ("nonsense") loaded, and its export then wrote
    ``[Variant "nonsense"]``, which the text reader refuses (an independent fuzz campaign,
    2026-12-06). The JSON reader now refuses it too, with the text reader's reason, and a
    record that loads exports a text that loads."""
    session = Session()
    ask(session, op="new_game", game=game, seed=4, seats=["computer", "computer"],
        level="random")
    ask(session, op="computer_move")
    exported = ask(session, op="export_record")
    again = Session()
    assert "error" not in ask(again, op="load_record", record=exported["record"])
    text = ask(again, op="export_record")["text"]
    assert "error" not in ask(Session(), op="load_record", record=text)
    record = json.loads(json.dumps(exported["record"]))
    record["rules"]["name"] = "nonsense"
    refused = json.loads(Session().handle(json.dumps({"op": "load_record", "record": record})))
    assert refused["error"]["reason"] == "unknown_preset"
    assert refused["error"]["where"] == {"field": "rules.name"}


def test_cassino_seats_its_viewer_and_lets_a_computer_game_be_watched_as_the_others_do() -> None:
    """Cassino's session as the other games' (cassino_core.session): ``new_game`` with no
    ``viewer`` shows the first human seat (as its own load_record and load_position did); a
    table with no human seat may be watched from any seat with ``view``, while a table with a
    human still never shows a computer's hand and no one plays for a computer."""
    s = Session()
    answer = ask(s, op="new_game", seed=5, seats=["computer", "human"])
    assert answer["ok"] and answer["view"]["seat"] == 1
    refused = ask(s, op="view", seat=0)
    assert refused["error"]["reason"] == "computer_seat"
    watched = Session()
    answer = ask(watched, op="new_game", seed=5, seats=["computer", "computer"])
    assert answer["ok"] and answer["view"]["seat"] == 0
    hand = answer["view"]["hand"]
    seen = ask(watched, op="view", seat=1)
    assert seen["ok"] and seen["view"]["seat"] == 1 and seen["view"]["hand"] != hand
    assert ask(watched, op="view")["view"]["seat"] == 0  # the next request: the viewer again
    assert ask(watched, op="play", seat=1, move="AS t")["error"]["reason"] == "computer_seat"
    assert ask(watched, op="hint", seat=1)["error"]["reason"] == "computer_seat"
