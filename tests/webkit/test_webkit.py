"""The site in WebKit (Debian's WebKitGTK, through Selenium): it loads, a whole round is played
through the page's buttons and scores as the engine does, the page answers while the computer
moves, and a reload resumes the game. Fixtures and the page's watch are in conftest.py.

The moves are read and played as tests/e2e/test_match.py does in Chromium and Firefox: only
from what the page offers (``#legal-move-list``, the buttons, ``data-`` attributes on
``<main id="app">``); the round is then replayed in CPython and must end with the same score.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from cassino_core.api import handle
from tests.e2e.test_match import OFFERED, SETTLED
from tests.webkit.helpers import Watch, wait_for, wait_ready

SEED = 7
APP = "document.getElementById('app').dataset"
SNAPSHOT = """(() => {
  const d = document.getElementById("app").dataset;
  return {
    hand: [...document.querySelectorAll(".hand-cards button")].map((b) => b.dataset.card),
    table: [...document.querySelectorAll(".table-items button")].map(
      (b) => b.dataset.card || b.dataset.cards),
    data: {phase: d.phase, turn: d.turn, round: d.round, deal: d.deal, stock: d.stock,
           scores: d.scores, seed: d.seed},
  };
})()"""


def api(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    assert "error" not in answer, (request, answer)
    return answer


def settle(driver: Any) -> dict[str, str]:
    """Wait until the page waits for the player (or shows a round's end); its #app data."""
    wait_for(driver, f"({SETTLED})()", 30, "the page to wait for the player")
    data: dict[str, str] = driver.execute_script(f"return {{...{APP}}};")
    return data


def on_element(driver: Any, css: str, action: Callable[[Any], Any]) -> Any:
    """``action(element)`` on the element ``css`` finds, found again if the page redrew it
    between finding and acting (the page redraws when the engine answers)."""
    for _ in range(5):
        try:
            return action(driver.find_element(By.CSS_SELECTOR, css))
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


def press(driver: Any, css: str) -> None:
    """Click the element as a player would: brought to the middle of the window first (the
    move bar sticks to the window's bottom edge and may cover the hand), then clicked."""
    def click(element: Any) -> None:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()
    on_element(driver, css, click)


def play_by_clicking(driver: Any, move: dict[str, Any]) -> None:
    """Hand card, then each table item the move uses (a build once), then Confirm."""
    press(driver, f".hand-cards button[data-card='{move['card']}']")
    if move["kind"] == "trail":
        press(driver, "[data-action=trail]")
    else:
        clicked: set[str] = set()
        for card in move["take"]:
            css = (f".table-items button[data-card='{card}'], "
                   f".table-items button[data-cards~='{card}']")
            key, disabled = on_element(driver, css, lambda item: (
                item.get_attribute("data-item"), item.get_attribute("aria-disabled")))
            key = key or card
            if key in clicked:
                continue
            assert disabled != "true", f"{card} is not selectable"
            press(driver, css)
            clicked.add(key)
        choice = f".choices button[data-move-text='{move['text']}']"
        if driver.find_elements(By.CSS_SELECTOR, choice):
            press(driver, choice)
    shown = wait_for(driver, "document.querySelector('.preview').dataset.preview", 10,
                     f"the preview of {move['text']}")
    assert shown == move["text"]
    press(driver, "[data-action=confirm]")


def offered(driver: Any) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = driver.execute_script(f"return ({OFFERED})();")
    return sorted(moves, key=lambda m: str(m["text"]))


def test_the_watch_sees_what_it_should(driver: Any, site_url: str,
                                       server_failures: list[str]) -> None:
    """The page's watch (conftest.py) catches, in WebKit, each kind of problem it is there for:
    console errors, uncaught errors and rejections, and requests to another origin, in the
    page and in a worker (WebKit reports a worker's policy violation on the page); the server
    catches a missing file."""
    server_failures.clear()
    driver.get(site_url + "watch-check.html")
    wait_for(driver, "document.body.dataset.done", 20, "the check page")
    driver.execute_script("return new Promise((resolve) => setTimeout(resolve, 300));")
    seen = "\n".join(driver.execute_script("return window.__watch.splice(0);"))
    foreign = site_url.replace("127.0.0.1", "localhost")
    for expected in ["console error: check: console error", "uncaught: ", "check: uncaught",
                     "unhandled rejection: Error: check: rejected",
                     f"request to another origin: {foreign}from-page",
                     "worker console error: check: worker console error",
                     f"request to another origin: {foreign}from-worker"]:
        assert expected in seen, f"the watch missed {expected!r}; it saw:\n{seen}"
    assert "HTTP 404 for /no-such-file.txt" in server_failures
    server_failures.clear()


def test_a_whole_round_by_clicking_scores_as_the_engine(driver: Any, watch: Watch,
                                                        site_url: str) -> None:
    driver.get(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(driver)
    rng = random.Random(SEED)
    turns: list[tuple[list[str], str]] = []  # (texts offered, text played) per human turn
    while True:
        data = settle(driver)
        if data["phase"] != "play":
            break
        moves = offered(driver)
        assert moves, "the page offered no move on the player's turn"
        move = rng.choice(moves)
        turns.append(([m["text"] for m in moves], move["text"]))
        play_by_clicking(driver, move)
        assert len(turns) <= 30, "the round did not end"
    assert data["phase"] == "round_over"
    assert len(turns) == 24  # the human's 4 cards in each of the 6 deals

    # The same round in CPython: the same offers on every turn, the same score.
    answer = api({"op": "new_game", "seed": SEED})
    played = iter(turns)
    while answer["view"]["phase"] == "play":
        view = answer["view"]
        if view["seats"][view["turn"]] == "computer":
            answer = api({"op": "computer_move"})
        else:
            offered_texts, text = next(played)
            assert sorted(offered_texts) == sorted(m["text"] for m in view["legal_moves"])
            answer = api({"op": "play", "seat": 0, "move": text})
    view = answer["view"]
    assert json.loads(data["scores"]) == view["scores"]
    sheet: dict[str, Any] = driver.execute_script("""return Object.fromEntries(
      [...document.querySelectorAll('.score-sheet tr[data-category]')].map((tr) =>
        [tr.dataset.category, [...tr.querySelectorAll('td')].map((td) => td.textContent
          .trim().split(' ')[0])]));""")
    for side, result in enumerate(view["rounds"][0]["sides"]):
        for category, points in result["points"].items():
            assert sheet[category][side] == str(points), (category, side)
        assert sheet["total"][side] == str(result["total"])
        assert sheet["match"][side] == str(view["scores"][side])


def test_the_page_answers_while_the_computer_moves_and_a_reload_resumes(
        driver: Any, watch: Watch, site_url: str) -> None:
    driver.get(f"{site_url}?seed={SEED + 1}&delay=1500")
    wait_ready(driver)
    settle(driver)
    backs = "document.querySelectorAll('.opponents .card.back').length"
    computer_cards = driver.execute_script(f"return {backs};")
    assert computer_cards in (3, 4)  # 3 when the computer led
    driver.execute_script("window.__ticks = 0; "
                          "window.__timer = setInterval(() => window.__ticks++, 50);")
    play_by_clicking(driver, offered(driver)[0])

    # The computer's turn (its move stays on show 1.5 s): the page answers the player.
    wait_for(driver, f"{APP}.turn !== {APP}.seat && {APP}.busy === '1'", 10, "the computer")
    # From the keyboard, as the Chromium test does (off turn the cards are aria-disabled).
    on_element(driver, ".hand-cards button", lambda card: card.send_keys(Keys.ENTER))
    assert wait_for(driver, "document.querySelector('.hint')?.textContent", 5,
                    "the page's answer") == "Wait for your turn."
    data = settle(driver)
    ticks = driver.execute_script("clearInterval(window.__timer); return window.__ticks;")
    assert data["turn"] == data["seat"]
    assert driver.execute_script(f"return {backs};") == computer_cards - 1
    assert "Computer" in driver.execute_script(
        "return document.querySelector('#announcer').textContent;")
    assert ticks >= 10, f"the page's timer ticked only {ticks} times: the page froze"

    # One more turn, then a reload: the same game comes back, and goes on.
    play_by_clicking(driver, offered(driver)[-1])
    settle(driver)
    wait_for(driver, f"{APP}.save === 'saved'", 20, "the game to be saved")
    before = driver.execute_script(f"return {SNAPSHOT};")
    watch.collect()
    driver.refresh()
    wait_ready(driver)
    settle(driver)
    assert driver.execute_script(f"return {SNAPSHOT};") == before
    assert driver.execute_script(
        "return document.querySelector('#announcer').textContent;"
    ) == "Your game was resumed where you left it."
    play_by_clicking(driver, offered(driver)[0])
    data = settle(driver)
    assert driver.execute_script(f"return {SNAPSHOT};") != before
    assert not driver.find_elements(By.CSS_SELECTOR, ".messages .error")
