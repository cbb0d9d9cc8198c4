"""A swipe that starts on the «ещё N» sign of a choice's row (web/scopa/choice.js
swipeScrolls) scrolls the row, as a swipe on the row does.

Play-test: on a touch phone (Escoba seed 13, 360x640, the two of swords: three options and
Back, one option hidden past the row's end) a swipe that began on the sign beside the row moved
nothing: the sign is not inside the scrolling row, so the browser's panning had nothing to
scroll there. The swipe is sent as real touch input (Chromium's Input.dispatchTouchEvent), in a
context with touch.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from tests.e2e.test_fishing_choice import open_choice
from tests.e2e.test_scopa import Ready

ROW = """() => {
  const ways = document.querySelector(".scopa-choice .scopa-ways");
  const sign = document.querySelector(".scopa-choice .scopa-ways-more");
  const r = sign.getBoundingClientRect();
  return {left: ways.scrollLeft, room: ways.scrollWidth - ways.clientWidth,
          shown: getComputedStyle(sign).display !== "none",
          x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
}"""


def test_a_swipe_from_the_sign_scrolls_the_row(browser: Browser,
                                               browser_context_args: dict[str, Any],
                                               site_url: str, wait_ready: Ready) -> None:
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 360, "height": 640},
                                     "is_mobile": True, "has_touch": True})
    try:
        page = context.new_page()
        open_choice(page, site_url, wait_ready, "escoba-13")
        row = page.evaluate(ROW)
        assert row["shown"] and row["room"] > 10 and row["left"] == 0, row
        touch = context.new_cdp_session(page)
        x, y = row["x"], row["y"]

        def send(kind: str, points: list[dict[str, float]]) -> None:
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        # A swipe to the left from the sign's middle, as a finger moves the row on.
        send("touchStart", [{"x": x, "y": y}])
        for step in range(1, 11):
            send("touchMove", [{"x": x - 12 * step, "y": y}])
        send("touchEnd", [])
        page.wait_for_timeout(200)
        after = page.evaluate(ROW)
        assert after["left"] >= min(row["room"], 60) - 1, (row, after)
        # The swipe chose nothing: the choice is still open.
        expect(page.locator(".scopa-choice")).to_be_visible()
    finally:
        context.close()
