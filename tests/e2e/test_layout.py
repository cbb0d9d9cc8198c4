"""The table fits the window: the opponents' area, the table, the whole hand and the actions
are on screen together without scrolling, and nothing covers a hand card (issue 14, item 1).

Each case opens a fixed deal at one window size and player count, and checks three moments:
the start of the game, with a hint open, and after the player's move (a trail or the first
move that can be built with clicks, as test_crowded.py plays). "Nothing covers a card" is
``document.elementFromPoint`` at the card's centre and its four corners (2 px in): each must
be the card's button or something inside it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_crowded import play_one_turn
from tests.e2e.test_match import Ready, settle

VIEWPORTS = [(360, 640), (640, 360), (768, 1024), (1280, 800)]
PLAYERS = [2, 3, 4, 5, 6]
# The cases that always pass; none yet: every case is issue 14's unfinished part. The others
# are marked xfail and not run (each costs a settle timeout in CI); `pytest --runxfail
# tests/e2e/test_layout.py` runs them all and names what is out of the window or covered.
FITS: set[tuple[int, int, int]] = set()

# For each selector, its boxes and whether each lies inside the window; then, for every hand
# card, the points (centre and corners, 2 px in) where something else is on top of it.
CHECK = """([hand, areas]) => {
  const vw = innerWidth, vh = innerHeight;
  const inside = (b) => b.top >= 0 && b.left >= 0 && b.bottom <= vh + 0.5 && b.right <= vw + 0.5;
  const out = {scrollY: scrollY, scrolls: document.documentElement.scrollHeight > vh + 1,
               missing: [], outside: [], covered: []};
  for (const sel of areas) {
    const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    if (!els.length) out.missing.push(sel);
    for (const e of els) {
      const b = e.getBoundingClientRect();
      if (!inside(b)) out.outside.push(`${sel} ${Math.round(b.top)}..${Math.round(b.bottom)}`);
    }
  }
  const cards = [...document.querySelectorAll(hand)];
  if (!cards.length) out.missing.push(hand);
  for (const card of cards) {
    const b = card.getBoundingClientRect();
    const at = `${Math.round(b.top)}..${Math.round(b.bottom)}`;
    if (!inside(b)) out.outside.push(`${hand} ${card.dataset.card} ${at}`);
    const l = b.left + 2, r = b.right - 2, t = b.top + 2, d = b.bottom - 2;
    const points = [[(l + r) / 2, (t + d) / 2], [l, t], [r, t], [l, d], [r, d]];
    for (const [x, y] of points) {
      const top = document.elementFromPoint(x, y);
      if (!top || !(top === card || card.contains(top))) {
        const what = top ? top.outerHTML.slice(0, 80) : "nothing";
        out.covered.push(`${card.dataset.card} at ${Math.round(x)},${Math.round(y)}: ${what}`);
      }
    }
  }
  return out;
}"""

CASSINO_AREAS = [".opponents", ".felt", ".seat.me", ".actions .action-buttons"]


def assert_fits(page: Page, hand: str, areas: list[str], when: str) -> None:
    result: dict[str, Any] = page.evaluate(CHECK, [hand, areas])
    assert result["scrollY"] == 0, f"{when}: the page is scrolled by {result['scrollY']}"
    assert not result["missing"], f"{when}: not shown: {result['missing']}"
    assert not result["outside"], f"{when}: out of the window: {result['outside']}"
    assert not result["covered"], f"{when}: a hand card is covered: {result['covered']}"


def seats(players: int) -> str:
    return "h" + "c" * (players - 1)


def cases() -> list[Any]:
    """(width, height, players) for every case, xfail and not run outside FITS."""
    todo = pytest.mark.xfail(reason="issue 14: layout not yet fitting", run=False)
    return [pytest.param(w, h, n, id=f"{w}x{h}-{n}", marks=() if (w, h, n) in FITS else todo)
            for (w, h) in VIEWPORTS for n in PLAYERS]


@pytest.mark.parametrize(("width", "height", "players"), cases())
def test_hand_and_actions_fit_the_window(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready, width: int, height: int,
                                         players: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}?variant=classic&players={players}&seats={seats(players)}"
              "&seed=7&delay=0&level=beginner")
    wait_ready(page)
    data = settle(page)
    assert data["phase"] == "play" and data["players"] == str(players)
    hand = ".hand-cards button.hand-card"
    assert_fits(page, hand, CASSINO_AREAS, "at the start")

    page.keyboard.press("h")
    page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)
    page.wait_for_timeout(100)
    assert_fits(page, hand, [*CASSINO_AREAS, ".advice"], "with a hint open")

    page.locator(".hand-cards button").first.focus()
    play_one_turn(page, random.Random(players))
    data = settle(page)
    assert data["phase"] == "play"
    page.wait_for_timeout(100)
    assert_fits(page, hand, CASSINO_AREAS, "after a move")


def test_california_jack_fits_a_phone(page: Page, watch: Any, site_url: str,
                                      wait_ready: Ready) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner")
    wait_ready(page)
    jack_settle(page)
    assert_fits(page, ".jack-hand-cards button", [".jack-felt", ".jack-opp-hand"],
                "at the start")
