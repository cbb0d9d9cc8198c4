"""The player's own last move stays on screen after the computer's answer, on a phone (a
play-test at 360x640 in Russian, touch): the computer's panel said its last move, but the
player's own panel has no last-move line on a phone, and the computer answered within a moment,
so the player could not tell what their move did (which cards they captured). Fixtures are in
conftest.py."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_match import OFFERED, Ready, play_by_clicking, settle

# The deepest elements whose text holds the words, drawn (checkVisibility) and wholly inside the
# window: where a player can read them.
SHOWN_AT = """(words) => {
  const els = [...document.querySelectorAll("#app *")].filter((e) =>
    e.textContent.includes(words) && ![...e.children].some((c) => c.textContent.includes(words)));
  return els.filter((e) => e.checkVisibility({visibilityProperty: true, opacityProperty: true}))
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([, b]) => b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight + 0.5
                       && b.right <= innerWidth + 0.5)
    .map(([e]) => e.className);
}"""

# The engine's last move of every other seat, as their panels hold it.
THEIR_LAST = """() => [...document.querySelectorAll(".opponents .last-move")]
  .map((e) => e.dataset.lastMove)"""


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 360, "height": 640}, locale="ru-RU")
@pytest.mark.parametrize(("query", "size"), [
    ("seed=7", (360, 640)),
    ("variant=classic&players=4&seats=hccc&seed=7", (360, 640)),
    ("seed=7", (640, 360)),
])
def test_the_players_capture_is_on_screen_after_the_computers_answer_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, query: str,
        size: tuple[int, int]) -> None:
    """The player captures (the first capture the page offers, played by taps as on the
    phone); once the computer has answered and it is the player's turn again, the words of
    the player's move (the engine's last move of the seat, in the page's words: those of the
    panel's last-move line, which the phone does not show) are shown inside the window, and
    the page is not scrolled."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site_url}?{query}&delay=0&lang=ru")
    wait_ready(page)
    for _ in range(12):
        settle(page)
        offered = sorted(page.evaluate(OFFERED), key=lambda m: (m["kind"] != "capture", m["text"]))
        before = page.evaluate(THEIR_LAST)
        play_by_clicking(page, offered[0])
        if offered[0]["kind"] == "capture":
            break
    else:
        pytest.fail("no capture offered in 12 turns")
    move = offered[0]
    data = settle(page)
    assert data["phase"] == "play" and data["turn"] == data["seat"]
    after = page.evaluate(THEIR_LAST)
    assert after != before, "the computer has not answered"
    # The page's words for the move: the player's own panel's line, less its title.
    line = page.locator(".seat.me .last-move")
    expect(line).to_have_attribute("data-last-move", move["text"])
    words = line.inner_text() if line.is_visible() else line.text_content() or ""
    words = words.split(": ", 1)[1].strip()
    assert words.startswith("взятие"), words
    shown = page.evaluate(SHOWN_AT, words)
    assert shown, f"«{words}» is not on screen at {size}"
    assert page.evaluate("scrollY") == 0
    # Worded as the computer's panel words its own: no full stop after it (play-test 14).
    own = page.locator(".preview .own-move").inner_text().strip()
    assert own.endswith(words) and not own.endswith("."), own
