"""Helpers of the WebKit tests (Selenium): waiting on the page, the watch's findings, and
driving the Cassino, fishing and California Jack pages by clicking as a player would."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from tests.e2e.test_cirulla import DECLARE
from tests.e2e.test_match import OFFERED
from tests.e2e.test_match import SETTLED as CASSINO_SETTLED
from tests.e2e.test_scopa import HAND as FISHING_HAND

READY_TIMEOUT_S = 90  # WebKitGTK boots Pyodide in 5-15 s here; leave room for slow machines


def wait_for(driver: Any, script: str, timeout: float = 30, what: str = "") -> Any:
    """Run ``script`` (a JS expression) until it is truthy; return its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return ({script});")
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what or script}")
        time.sleep(0.05)


@dataclass
class Watch:
    """The watch's findings over one test, across reloads."""

    driver: Any
    problems: list[str] = field(default_factory=list)

    def collect(self) -> None:
        """Take the page's findings so far (call before leaving or reloading a page)."""
        found = self.driver.execute_script("return window.__watch ? window.__watch.splice(0) : [];")
        self.problems.extend(found)


def wait_ready(driver: Any) -> int:
    """Wait for ``body[data-engine=ready]``; return its ms from navigation."""
    state = wait_for(driver, "document.body && document.body.dataset.engine !== 'loading' "
                     "&& document.body.dataset.engine", READY_TIMEOUT_S, "the engine")
    if state != "ready":
        message = driver.execute_script(
            "return document.getElementById('load-error-message').textContent")
        pytest.fail(f"the engine did not load (state {state!r}): {message}")
    return int(driver.execute_script("return Number(document.body.dataset.readyMs)"))



# ---- driving the pages by clicking, as a player would ----------------------------------------
# What the pages offer is read as tests/e2e reads it in Chromium and Firefox (the same scripts,
# imported from there): the legal moves in the move box's list, the hand's buttons and the
# ``data-`` attributes on ``<main id="app">``.

APP = "document.getElementById('app').dataset"


def app_data(driver: Any) -> dict[str, str]:
    """The page's ``#app`` data attributes."""
    data: dict[str, str] = driver.execute_script(f"return {{...{APP}}};")
    return data


def settle(driver: Any, settled: str = CASSINO_SETTLED) -> dict[str, str]:
    """Wait until the page waits for the player (or shows a round's or the match's end), by
    ``settled`` (a JS function's text: the Cassino page's by default; tests/e2e/test_scopa.py's
    SETTLED for the fishing and California Jack pages); answer its ``#app`` data."""
    wait_for(driver, f"({settled})()", 30, "the page to wait for the player")
    return app_data(driver)


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


def present(driver: Any, css: str) -> bool:
    """Whether the page has an element ``css`` finds."""
    return bool(driver.find_elements(By.CSS_SELECTOR, css))


def offered(driver: Any) -> list[dict[str, Any]]:
    """The Cassino page's legal moves (``#legal-move-list``), sorted by their text."""
    moves: list[dict[str, Any]] = driver.execute_script(f"return ({OFFERED})();")
    return sorted(moves, key=lambda m: str(m["text"]))


def play_by_clicking(driver: Any, move: dict[str, Any]) -> None:
    """The Cassino page: hand card, then each table item the move uses (a build once), a
    choice when the selection allows several moves, then Confirm."""
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
        if present(driver, choice):
            press(driver, choice)
    shown = wait_for(driver, "document.querySelector('.preview').dataset.preview", 10,
                     f"the preview of {move['text']}")
    assert shown == move["text"]
    press(driver, "[data-action=confirm]")


def sheet_cells(driver: Any, rows: str, key: str) -> dict[str, list[str]]:
    """The score sheet's rows (``rows``: a selector of ``tr[data-category]``) as category ->
    the first word of each cell, in the order of the cells' ``data-<key>`` (side or seat)."""
    cells: dict[str, list[str]] = driver.execute_script("""
      return Object.fromEntries([...document.querySelectorAll(arguments[0])].map((tr) =>
        [tr.dataset.category, [...tr.querySelectorAll('td')]
          .sort((a, b) => Number(a.dataset[arguments[1]]) - Number(b.dataset[arguments[1]]))
          .map((td) => td.textContent.trim().split(' ')[0])]));""", rows, key)
    return cells


def fishing_turn(driver: Any, mirror: Any, data: dict[str, str], pick: int) -> str:
    """One human turn on the fishing page (Scopa, Escoba, Pishti, Tablić, Cirulla), beside
    ``mirror`` (tests/e2e/test_scopa.py's Mirror): the page shows the engine's table, stock
    and hand, and each card offers exactly the engine's moves for it. A declaration (Cirulla)
    is made when offered; otherwise the ``pick``-th legal move (counted round) is played as a
    player would: Tablić's trail of a card that could take through Lay down; a card with
    several moves through its line in the choice (Scopa's list or Tablić's). Answers the
    move's text."""
    view = mirror.view
    assert data["table"] == " ".join(view["table"])
    assert data["stock"] == str(view["stock"])
    hand = driver.execute_script(f"return ({FISHING_HAND})();")
    assert [c["card"] for c in hand] == view["hand"]
    legal: list[dict[str, Any]] = view["legal_moves"]
    for card in hand:
        assert card["moves"] == sum(1 for m in legal if m.get("card") == card["card"]), card
        assert card["enabled"] == (card["moves"] > 0)
    declares = [m for m in legal if m["kind"] == "declare"]
    assert present(driver, DECLARE) == bool(declares)
    if declares:
        press(driver, DECLARE)
        mirror.play("declare")
        return "declare"
    move = legal[pick % len(legal)]
    same_card = [m for m in legal if m["card"] == move["card"]]
    choice = f".scopa-choices [data-move='{move['text']}']" if len(same_card) > 1 else ""
    if data["game"] == "tablic":  # taking is optional: a card's only capture takes at once
        captures = [m for m in same_card if m["kind"] == "capture"]
        if move["kind"] != "capture" and captures:
            press(driver, "[data-action=lay-down]")
            wait_for(driver, f"{APP}.layDown === '1'", 10, "Lay down")
        choice = (f".tablic-choice [data-move='{move['text']}']"
                  if move["kind"] == "capture" and len(captures) > 1 else "")
    press(driver, f".scopa-hand-cards button[data-card='{move['card']}']")
    if choice:
        wait_for(driver, f"document.querySelector(\"{choice}\")", 10, f"the choice {choice}")
        press(driver, choice)
    mirror.play(move["text"])
    text: str = move["text"]
    return text
