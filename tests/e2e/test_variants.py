"""Whole rounds of each family of variants played through the page by clicking, computers at
the other seats; fixtures are in conftest.py, helpers in test_newgame.py.

Each game is then replayed in CPython through ``cassino_core.api`` (same rules, seed and human
moves; the computers choose again, as deterministically as in the page): the page must have
offered exactly the engine's legal moves on every turn, and the score sheet the page showed after
every round must equal the engine's ``score`` answer, category by category, and the match totals.
Classic for three is played to the end of the match; the other families one round each.
Plucks (Pluck Cassino) are chosen with the page's Pluck button.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cassino_core.api import Session
from tests.e2e.test_newgame import Ready, click_move, idle, offered

SHEET = """() => {
  const sheet = document.querySelector(".score-sheet");
  const rows = {};
  for (const tr of sheet.querySelectorAll("tbody tr[data-category]")) {
    const cat = tr.dataset.category;
    if (cat === "total" || cat === "match") continue;
    rows[cat] = [...tr.querySelectorAll("td")].map((td) => Number(td.dataset.points));
  }
  const cells = (cat, attr) => [...sheet.querySelectorAll(`tr[data-category=${cat}] td`)]
    .map((td) => Number(td.dataset[attr]));
  const board = [...document.querySelectorAll(".scoreboard .score")];
  return {points: rows, totals: cells("total", "total"), match: cells("match", "score"),
          board: board.map((s) => Number(s.dataset.score))};
}"""

# (test id, preset, players, rounds to play (0: the whole match), seed)
FAMILIES = [
    # Deal 41: with the test's random choices the three-player match ends after two rounds
    # (32 human turns; deal 21 took four rounds, 64 turns).
    ("classic-3p-match", "classic", 3, 0, 41),
    ("classic-4p-partners", "classic", 4, 1, 22),
    ("royal", "royal", 2, 1, 23),
    ("spade", "spade", 2, 1, 24),
    ("draw", "draw", 2, 1, 25),
    ("diamond", "diamond", 2, 1, 26),
    ("california", "california", 2, 1, 27),
    ("pluck", "pluck", 2, 1, 28),  # the Pluck button: a table card taken, the turn goes on
]
MAX_TURNS = 400


class Engine:
    """CPython's engine, one session per test."""

    def __init__(self) -> None:
        self.session = Session()

    def __call__(self, request: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(self.session.handle(json.dumps(request)))
        assert "error" not in answer, (request, answer)
        return answer


def pick(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random offered move, preferring the few-click kinds half of the time (fast rounds)."""
    ordered = sorted(moves, key=lambda m: m["text"])
    quick = [m for m in ordered if m["kind"] in ("trail", "pluck") or len(m["take"]) <= 2]
    return rng.choice(quick if quick and rng.random() < 0.5 else ordered)


@pytest.mark.parametrize(("preset", "players", "rounds", "seed"),
                         [pytest.param(*f[1:], id=f[0]) for f in FAMILIES])
def test_rounds_by_clicking_score_as_the_engine_does(
        page: Page, watch: Any, site_url: str, wait_ready: Ready,
        preset: str, players: int, rounds: int, seed: int) -> None:
    page.goto(f"{site_url}?variant={preset}&players={players}&seed={seed}"
              "&delay=0&movelist=1000000")
    wait_ready(page)
    rng = random.Random(seed)
    turns: list[tuple[list[str], str]] = []  # (moves offered, move played) per human turn
    sheets: list[dict[str, Any]] = []  # the page's score sheet after each round
    data = idle(page)
    assert data["preset"] == preset and data["players"] == str(players)
    expect(page.locator(".seat")).to_have_count(players)

    for _ in range(MAX_TURNS):
        data = idle(page)
        if data["phase"] != "play":
            expect(page.locator(".score-sheet")).to_be_visible()
            sheets.append(page.evaluate(SHEET))
            if data["phase"] == "match_over" or (rounds and len(sheets) >= rounds):
                break
            page.locator("[data-action=next-round]").click()
            continue
        moves = offered(page)
        assert moves, "the page offered no move on the player's turn"
        move = pick(moves, rng)
        turns.append(([m["text"] for m in moves], move["text"]))
        click_move(page, move)
    else:
        pytest.fail(f"no end after {MAX_TURNS} turns")
    if preset == "pluck":
        assert any(text.endswith(" p") for _, text in turns), "no pluck was played"
    if not rounds:
        assert data["phase"] == "match_over"
        expect(page.locator(".verdict")).to_be_visible()

    # The same game in CPython: same offers, and the engine's score is the one shown.
    engine = Engine()
    overrides = {"players": players} if players != 2 else {}
    answer = engine({"op": "new_game", "rules": preset, "overrides": overrides, "seed": seed,
                     "seats": ["human"] + ["computer"] * (players - 1)})
    played = iter(turns)
    finished = 0
    while True:
        view = answer["view"]
        if view["phase"] != "play":
            finished += 1
            if view["phase"] == "match_over" or finished >= len(sheets):
                break
            answer = engine({"op": "next_round"})
        elif view["seats"][view["turn"]] == "computer":
            answer = engine({"op": "computer_move"})
        else:
            offered_texts, text = next(played)
            engine_moves = [m["text"] for m in view["legal_moves"] + view.get("plucks", [])]
            assert sorted(offered_texts) == sorted(set(engine_moves))
            answer = engine({"op": "play", "seat": 0, "move": text})
    assert next(played, None) is None, "the page's game went on longer than the engine's"

    score = engine({"op": "score"})["score"]
    assert len(score["rounds"]) == len(sheets)
    for shown, result in zip(sheets, score["rounds"], strict=True):
        for cat, values in shown["points"].items():
            assert values == [side["points"].get(cat, 0) for side in result["sides"]], cat
        expected = {k for side in result["sides"] for k in side["points"]}
        assert set(shown["points"]) == expected
        assert shown["totals"] == [side["total"] for side in result["sides"]]
    assert sheets[-1]["match"] == score["totals"]
    assert sheets[-1]["board"] == score["totals"]
    if not rounds:
        assert str(score["winner"]) == data["winner"]
