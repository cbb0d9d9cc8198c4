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
from cassino_core.errors import REASONS, describe, param_names

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "ru", "uk")
SOURCES = sorted((ROOT / "cassino_core").rglob("*.py"))
RAISED = re.compile(r"""\.of\("(\w+)" if .* else "(\w+)"\)"""
                    r"""|\.of\(\s*(?:"\w+",\s*)?"(\w+)"|return "(\w+)", \{""")
PLACEHOLDER = re.compile(r"\{(\d+|[a-z]\w*)(\+1)?(?:\|[\w.]+)?\}")
SAMPLE = {"text": "1X", "card": "TD", "cards": ["3C", "4D"], "seat": 0, "turn": 1, "suit": "H",
          "value": 7, "old": 5, "add": 3, "max": 10, "kind": "build", "fields": "value"}


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
             "nothing_to_undo", "replay_shown", "match_not_over"}
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
