"""The site in WebKit (Debian's WebKitGTK, through Selenium): the page's watch works, the page
answers while the computer moves, and a reload resumes the game. Fixtures and the page's watch
are in conftest.py; a whole match of every game is in test_matches.py.

The moves are read and played as tests/e2e/test_match.py does in Chromium and Firefox: only
from what the page offers (``#legal-move-list``, the buttons, ``data-`` attributes on
``<main id="app">``), through tests/webkit/helpers.py.
"""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.webkit.helpers import (
    APP,
    Watch,
    offered,
    on_element,
    play_by_clicking,
    settle,
    wait_for,
    wait_ready,
)

SEED = 7
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
