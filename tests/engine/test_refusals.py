"""Every refusal the engine can give has a reason code, parameters and words in every language.

The engine side: every reason a source file raises (``X.of("reason", ...)``, a returned
``("reason", {...})`` of :func:`cassino_core.game.illegal_reason`) is listed in
:data:`cassino_core.errors.REASONS`, and every listed reason is raised somewhere. The page
side: web/i18n/<lang>.json section ``ui.refusals`` words each reason in en, ru and uk with
exactly the parameters the English template names, and filling them leaves no placeholder.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cassino_core.api import Session
from cassino_core.errors import REASONS, WHERE, describe, param_names

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ru", "uk")
SOURCES = sorted((ROOT / "cassino_core").rglob("*.py"))
RAISED = re.compile(r"""\.of\((?:"\w+", )?"(\w+)" if .* else "(\w+)"[,)]"""
                    r"""|\.of\(\s*(?:"\w+",\s*)?"(\w+)"|return "(\w+)", \{|reason="(\w+)\"""")
PLACEHOLDER = re.compile(r"\{(\d+|[a-z]\w*)(\+1)?(?:\|[\w.]+)?\}")
SAMPLE = {"text": "1X", "card": "TD", "cards": ["3C", "4D"], "seat": 0, "turn": 1, "suit": "H",
          "trump": "S", "value": 7, "old": 5, "add": 3, "max": 10, "kind": "build",
          "fields": "value",
          "length": 70000, "op": "play", "names": ["classic", "royal"], "format": "cassino-record",
          "min": 0, "players": 2, "name": "sweeps", "hand": 4, "packet": 2, "game": "cassino",
          "at": 3, "want": 2, "got": 3, "result": "21-15", "tag": "*", "sides": 2,
          "example": "21-15", "actual": "*", "round": 1, "label": 1,
          "places": ["stock", "hands[0]"], "size": 52, "held": 51, "deal": 2, "sizes": [36, 28],
          "most": 4, "group_cards": ["4H", "4C"], "digits": 5000, "values": [8, 10],
          "target": 21}


def raised_reasons() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        for match in RAISED.finditer(path.read_text(encoding="utf-8")):
            found.update(g for g in match.groups() if g)
    return found


@pytest.mark.cpython_only  # reads the engine's source files, not installed inside Pyodide
def test_every_reason_the_engine_raises_is_listed_and_every_listed_one_is_raised() -> None:
    raised = raised_reasons()
    # ApiError.of(code, reason): the code is a kind, not a reason; keep only the reasons.
    kinds = {"illegal_move", "bad_move", "bad_card", "not_your_turn", "wrong_phase",
             "nothing_to_undo", "replay_shown", "match_not_over", "bad_request", "bad_record",
             "bad_json", "not_supported"}
    assert raised - kinds - set(REASONS) == set()
    assert set(REASONS) - raised == set()


@pytest.mark.cpython_only  # reads web/i18n, which the run inside Pyodide does not copy
@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_is_worded_in_every_language_with_exactly_its_parameters(lang: str) -> None:
    words = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    refusals = words["ui"]["refusals"]
    assert set(refusals) == set(REASONS)
    for reason in REASONS:
        text = refusals[reason]
        assert isinstance(text, str) and text.strip(), (lang, reason)
        named = {m.group(1) for m in PLACEHOLDER.finditer(text)}
        assert named == param_names(reason), (lang, reason, named)
        params = {k: SAMPLE[k] for k in param_names(reason)}
        filled = PLACEHOLDER.sub(lambda m, p=params: str(p[m.group(1)]), text)
        assert "{" not in filled and "}" not in filled, (lang, reason, filled)
        assert describe(reason, params), reason


def test_a_refused_move_answers_its_reason_and_parameters() -> None:
    """Seed 7: the hand is A♠ 2♥ 2♣ 9♥, the table 3♦ Q♠ Q♣ 4♥; "2H b9 3D" makes 5, not 9."""
    session = Session()
    session.handle(json.dumps({"op": "new_game", "seed": 7}))
    answer = json.loads(session.handle(json.dumps({"op": "play", "move": "2H b9 3D"})))
    assert answer["error"] == {
        "code": "illegal_move", "reason": "build_groups", "params": {"value": 9},
        "message": "2H b9 3D: those cards do not make 9: each group must add up to 9, one of "
                   "them with the card you play"}
    answer = json.loads(session.handle(json.dumps({"op": "play", "move": "2H x 1X"})))
    assert answer["error"]["reason"] == "not_a_card"
    assert answer["error"]["params"] == {"text": "1X"}
    answer = json.loads(session.handle(json.dumps({"op": "play", "seat": 1, "move": "2H t"})))
    assert answer["error"]["reason"] == "computer_seat"
    assert answer["error"]["message"] == "seat 2 is played by the computer"


@pytest.mark.cpython_only  # reads web/i18n, which the run inside Pyodide does not copy
@pytest.mark.parametrize("lang", LANGS)
def test_every_place_a_refusal_names_is_worded_in_every_language(lang: str) -> None:
    """``where`` (a record's line, round and move, a JSON field...): each of its keys has its
    words in ``ui.refusalPlaces``, a seat counted from 1, and ``ui.refusalAt`` joins the place
    and the reason."""
    words = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    places = words["ui"]["refusalPlaces"]
    assert list(places) == list(WHERE)
    for key, text in places.items():
        assert PLACEHOLDER.findall(text) == [("0", "+1" if key == "seat" else "")], (lang, key)
    assert sorted(PLACEHOLDER.findall(words["ui"]["refusalAt"])) == [("0", ""), ("1", "")]


def answer_to(session: Session, **request: object) -> dict[str, object]:
    return dict(json.loads(session.handle(json.dumps(request))))


def test_a_refused_record_answers_its_reason_parameters_and_place() -> None:
    """A text record with a move that does not parse, a rules tag with a bad value, an illegal
    move, and a JSON record with a bad seed: each names its reason, its facts and where it is,
    with no English to translate; seats in the English message count from 1."""
    session = Session()
    session.handle(json.dumps({"op": "new_game", "seed": 7}))
    text = answer_to(session, op="export_record")["text"]
    assert isinstance(text, str)
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("Round 1"))
    cases = [
        ("\n".join([*lines[:first + 1], "1. seat 1: 2H x 1X", "", "*"]),
         "bad_card", "not_a_card", {"text": "1X"},
         {"line": first + 2, "round": 1, "move": 1, "text": "2H x 1X"}),
        (text.replace('[Players "2"]', '[Players "2"]\n[Target "0"]'),
         "bad_record", "rules_range", {"name": "target", "text": "0", "min": 1, "max": 1000},
         {"line": 5, "tag": "Target"}),
        ("\n".join([*lines[:first + 1], "1. KS t", "", "*"]),
         "bad_record", "not_in_hand", {"card": "KS", "seat": 0},
         {"line": first + 2, "round": 1, "move": 1, "seat": 0, "text": "KS t"}),
    ]
    for record, code, reason, params, where in cases:
        error = answer_to(session, op="load_record", record=record)["error"]
        assert isinstance(error, dict)
        assert (error["reason"], error["params"], error["where"]) == (reason, params, where)
        assert error["code"] in (code, "bad_record")
        assert str(error["message"]).endswith(describe(reason, params))
    error = answer_to(session, op="load_record", record={"rules": {}, "seed": -1,
                                                         "rounds": [[]]})["error"]
    assert isinstance(error, dict)
    assert (error["code"], error["reason"], error["where"]) == (
        "bad_record", "need_number_range", {"field": "seed"})
    # Play-test 11: a page's JSON.parse read 2**63 - 1 as 9223372036854776000 and said so. An
    # integer past what a JavaScript number holds exactly comes as its decimal text.
    assert error["params"] == {"min": 0, "max": "9223372036854775807"}
    assert str(error["message"]).endswith(describe("need_number_range", error["params"]))


@pytest.mark.parametrize("game", ["cassino", "california_jack"])
def test_a_refusal_quoting_a_non_finite_number_is_still_strict_json(game: str) -> None:
    """A refusal's params quote the request (docs/api.md): a move whose kind is ``Infinity``
    (Python's json reads and writes it, no JSON parser does) is answered with the value as
    text, so the page's JSON.parse never fails on an error answer. Found by
    test_api_fuzz.test_random_moves_are_played_only_when_legal inside Pyodide."""
    session = Session()
    started = session.handle(json.dumps({"op": "new_game", "game": game, "seed": 3}))
    assert "ok" in json.loads(started)
    raw = session.handle('{"op": "play", "move": {"kind": Infinity, "card": "AS"}}')

    def refuse_constant(name: str) -> None:
        raise AssertionError(f"the answer holds {name}, which is not JSON: {raw}")

    answer = json.loads(raw, parse_constant=refuse_constant)
    assert "error" in answer, answer
    assert "Infinity" not in raw
    # The message quotes the value as the params give it: the page (and test_api_fuzz) read
    # the message as the reason's sentence filled with the answer's params.
    error = answer["error"]
    if game == "cassino":
        assert error["params"] == {"kind": "inf"}, error
    assert error["message"].endswith(describe(error["reason"], error["params"])), error
