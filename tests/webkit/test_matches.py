"""A whole match of every game in WebKit (Debian's WebKitGTK, through Selenium), played by
clicking as a player would, to the end-of-match screen, whose score must be the engine's.

Each match is a short one: a seed and a small target (the engine's ``target`` override: the
Cassino page's ``&rules={"target": N}``, the fishing and California Jack pages' ``&target=N``)
with which the match ends after its first round, so that the whole suite stays short in CI
(issue 17). Beside the page the same match runs in CPython, as in tests/e2e: the Cassino page's
through ``cassino_core.api.handle`` (the human's moves replayed afterwards, the page having
offered exactly the engine's moves each turn), the fishing pages' through
tests/e2e/test_scopa.py's Mirror and California Jack's through tests/e2e/test_calijack.py's
Replay (turn by turn: the page offers the engine's moves and shows its table). Page-driving
helpers are in tests/webkit/helpers.py; fixtures and the page's watch in conftest.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest

from tests.e2e.test_calijack import HAND as JACK_HAND
from tests.e2e.test_calijack import SETTLED as JACK_SETTLED
from tests.e2e.test_calijack import Replay
from tests.e2e.test_match import play_random_match, replay_in_engine
from tests.e2e.test_scopa import SETTLED as FISHING_SETTLED
from tests.e2e.test_scopa import Mirror
from tests.webkit.helpers import (
    Watch,
    fishing_turn,
    offered,
    play_by_clicking,
    present,
    press,
    settle,
    sheet_cells,
    wait_for,
    wait_ready,
)

MAX_TURNS = 200  # each match here is one round: 18 to 26 human turns

# The Cassino page's games: (rules preset, seed, target, level). Cassino to 10 and Finnish
# Kasino to 7 end after their first round with the test's random moves on these seeds.
CASSINO_PAGE = {"cassino": ("classic", 7, 10, None), "finnish": ("finnish", 16, 7, "beginner")}
# The fishing page's games: (seed, target), one round each with the moves fishing_turn picks.
FISHING_PAGE = {"scopa": (2, 3), "escoba": (3, 4), "pishti": (3, 15), "tablic": (5, 10),
                "cirulla": (13, 15)}
# California Jack's page: Shasta Sam to 3 (seed 5: one deal).
JACK_PAGE = {"shasta_sam": (5, 3)}


def play_cassino_page(driver: Any, site_url: str, game: str) -> None:
    """Cassino (or Finnish Kasino) to a short target: random moves from those the page offers,
    every round's sheet, then the engine's replay offers the same moves and ends the same."""
    rules, seed, target, level = CASSINO_PAGE[game]
    query = f"?seed={seed}&delay=0&rules={quote(json.dumps({'target': target}))}"
    if rules != "classic":
        query += f"&variant={rules}"
    if level:
        query += f"&level={level}"
    driver.get(site_url + query)
    wait_ready(driver)
    data, turns, rounds_seen = play_random_match(
        lambda: settle(driver), lambda: offered(driver),
        lambda move, _data: play_by_clicking(driver, move),
        lambda: press(driver, "[data-action=next-round]"), seed)
    assert present(driver, ".verdict") and present(driver, "[data-action=new-match]")
    request: dict[str, Any] = {"rules": rules, "seed": seed, "overrides": {"target": target}}
    if level:
        request["level"] = level
    view = replay_in_engine(request, turns, data, rounds_seen)
    # The match's sheet: every category of the last round, its total, the match's score.
    sheet = sheet_cells(driver, ".score-sheet tr[data-category]", "side")
    for side, result in enumerate(view["rounds"][-1]["sides"]):
        for category, points in result["points"].items():
            assert sheet[category][side] == str(points), (category, side)
        assert sheet["total"][side] == str(result["total"])
        assert sheet["match"][side] == str(view["scores"][side])


@dataclass(frozen=True)
class Beside:
    """How a page shows the end of a round (a deal, on California Jack's page): its sheet's
    rows (``tr[data-category]``) with cells by ``key`` (side or seat), the view's list of
    rounds (``rounds`` or ``deals``), the button that goes on, and when the page is idle."""

    rows: str
    key: str
    rounds: str
    next: str
    settled: str


FISHING = Beside(".scopa-sheet tr[data-category]", "side", "rounds", "next-round", FISHING_SETTLED)
JACK = Beside(".jack-sheet tr[data-category]", "seat", "deals", "next-deal", JACK_SETTLED)


def play_beside(driver: Any, game: str, target: int, engine: Any, page: Beside,
                go_on: Callable[[], None],
                turn: Callable[[dict[str, str], dict[str, Any], int], None]
                ) -> tuple[dict[str, str], dict[str, Any]]:
    """Plays the page's match to its end beside ``engine`` (a Mirror or a Replay: its
    ``view``; ``go_on()`` starts its next round): at every stop the page shows the engine's
    game, target, phase and scores, each round's sheet the engine's round and match points;
    ``turn(data, view, turns)`` plays each human turn. Answers the page's last data and the
    engine's last view."""
    turns = 0
    while True:
        data = settle(driver, page.settled)
        view: dict[str, Any] = engine.view
        assert (data["game"], data["target"]) == (game, str(target))
        assert data["phase"] == view["phase"]
        assert json.loads(data["scores"]) == view["scores"]
        if data["phase"] != "play":
            sheet = sheet_cells(driver, page.rows, page.key)
            for side, score in enumerate(view["scores"]):
                assert sheet["total"][side] == str(view[page.rounds][-1]["points"][side])
                assert sheet["match"][side] == str(score)
            if data["phase"] == "match_over":
                assert max(view["scores"]) >= target
                assert data["winner"] == str(view["winner"])
                assert present(driver, "[data-action=new-match]")
                return data, view
            press(driver, f"[data-action={page.next}]")
            go_on()
            continue
        turn(data, view, turns)
        turns += 1
        assert turns < MAX_TURNS, "the match did not end"


def play_fishing_page(driver: Any, site_url: str, game: str) -> None:
    """A fishing game to a short target beside the engine's Mirror: each turn the page offers
    the engine's moves (helpers.fishing_turn), each sheet the engine's round and match points,
    and the match ends with the engine's score and winner."""
    seed, target = FISHING_PAGE[game]
    driver.get(f"{site_url}?game={game}&seed={seed}&delay=0&level=beginner&target={target}")
    wait_ready(driver)
    mirror = Mirror(seed, game, game, target)
    _, view = play_beside(driver, game, target, mirror, FISHING, mirror.next_round,
                          lambda data, _view, turns: fishing_turn(driver, mirror, data, turns))
    assert driver.execute_script(
        "return document.querySelector('.scopa-sheet .verdict').dataset.winner;"
    ) == str(view["winner"])


def play_jack_page(driver: Any, site_url: str, game: str) -> None:
    """Shasta Sam to a short target beside the engine's Replay: each turn the page enables
    exactly the engine's legal cards and shows its trump and stock; a random one is clicked;
    the match ends with the engine's score, winner and verdict."""
    seed, target = JACK_PAGE[game]
    driver.get(f"{site_url}?game={game}&seed={seed}&delay=0&level=beginner&target={target}")
    wait_ready(driver)
    replay = Replay(game, seed, target=target)
    rng = random.Random(seed)

    def turn(data: dict[str, str], view: dict[str, Any], _turns: int) -> None:
        hand = driver.execute_script(f"return ({JACK_HAND})();")
        assert [c["card"] for c in hand] == view["hand"]
        enabled = sorted(c["card"] for c in hand if c["enabled"])
        assert enabled == sorted(view["legal_moves"]), (enabled, view["legal_moves"])
        assert (data["trump"], data["stock"]) == (view["trump"], str(view["stock"]))
        card = rng.choice(enabled)
        press(driver, f".jack-hand-cards button[data-card='{card}']")
        replay.play(card)

    _, view = play_beside(driver, game, target, replay, JACK, replay.next_deal, turn)
    verdict = wait_for(driver, "document.querySelector('.jack-sheet .verdict')?.textContent",
                       10, "the verdict")
    assert f"Final score {view['scores'][0]} \u2013 {view['scores'][1]}" in verdict


PLAYERS = {**dict.fromkeys(CASSINO_PAGE, play_cassino_page),
           **dict.fromkeys(FISHING_PAGE, play_fishing_page),
           **dict.fromkeys(JACK_PAGE, play_jack_page)}


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_whole_match_by_clicking_ends_with_the_engines_score(driver: Any, watch: Watch,
                                                               site_url: str, game: str) -> None:
    """A whole short match of ``game`` (Cassino, Finnish Kasino, Scopa, Escoba, Pishti,
    Tablić, Cirulla, Shasta Sam), clicked to the end-of-match screen, scores as the engine
    does (see the module's docstring); the watch fails the test on any console error or
    foreign request."""
    PLAYERS[game](driver, site_url, game)
