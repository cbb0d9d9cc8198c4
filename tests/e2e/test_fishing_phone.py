"""The fishing games' page on an upright phone (360x640, Russian) against two or three other
seats: Scopone (four players, ten cards each).

Play-test: Scopone's page was about 695 px tall, its prompt and buttons under the window's
edge (three other seats in panels of full size took two rows, 193 px), and the table's only
card showed as a sliver at the table box's right edge (the felt, a column too short for its
lines and cards, wrapped the cards into a second column beside them). Through a deal, at every
one of the player's turns, the page is one window tall, and the other seats, the table's cards,
the hand, the prompt and the Hint button are whole in the window and cut by no box around
them (the table's box included).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_landscape import (
    BROKEN_TEXT,
    STRIP_TEXTS,
    assert_in_window,
    assert_nothing_clipped,
)
from tests.e2e.test_match import Ready
from tests.e2e.test_scopa import STILL, settle

# What a player of Scopone needs on screen at their turn: the other seats, the table's head, its
# last-move line and cards, the hand, the prompt and the Hint button.
NEEDED = [".scopa-others .seat", ".felt .scopa-felt-head", ".felt .scopa-last",
          ".felt .scopa-table-cards .card", ".scopa-hand-cards .card", ".actions .preview",
          ".actions [data-action=hint]"]


def check_turn(page: Page, when: str, strip: list[int]) -> None:
    """At the player's turn: the page is one window, everything of NEEDED whole in it (the
    table may be empty: then it is not looked for); the other seats' panels keep the heights
    they had at the deal's start (``strip``) and none of their words breaks over two lines."""
    needed = [sel for sel in NEEDED
              if sel != ".felt .scopa-table-cards .card" or page.locator(sel).count()]
    assert_in_window(page, needed, when)
    assert_nothing_clipped(page, needed, when)
    assert page.evaluate(PANEL_HEIGHTS) == strip, when
    broken = page.evaluate(BROKEN_TEXT, STRIP_TEXTS)
    assert not broken, (when, broken)


PANEL_HEIGHTS = """() => [...document.querySelectorAll(".scopa-others .seat")]
  .map((s) => Math.round(s.getBoundingClientRect().height))"""


@pytest.mark.parametrize("seed", [7, 77])
def test_scopone_fits_an_upright_phone_through_a_deal(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready, seed: int) -> None:
    """Scopone in Russian at 360x640, seeds 7 and 77: at each of the player's turns of the
    first deal (ten cards in hand down to one, sweeps marked on the other seats), the page
    does not scroll and the other seats, every table card, the hand, the prompt and the Hint
    button lie whole in the window, none cut by the table's box (play-test: a page of 695 px,
    a table card as a sliver at the box's right edge). The other seats' panels keep their
    height and their words their line (play-test 17, seed 7: «взято: 22 карты» broke over two
    lines and the strip grew by a line)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=scopa&variant=scopone&seed={seed}&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    data = settle(page)
    strip = page.evaluate(PANEL_HEIGHTS)
    turn = 0
    while data.get("phase") == "play":
        page.wait_for_function(STILL)
        check_turn(page, f"seed {seed}, the player's turn {turn + 1}", strip)
        card = page.locator(".scopa-hand-cards button[data-legal=true]").first
        ways = int(card.get_attribute("data-moves") or "1")
        card.click()
        if ways > 1:  # the choice of its captures opens: the first is played
            page.locator(".scopa-choices [data-action=choose-capture]").first.click()
        data = settle(page)
        turn += 1
    assert turn == 10, f"seed {seed}: {turn} turns in the first deal"


# The table's box on the fishing page: which side hides cards (`data-more`), the signs shown,
# and whether some table card is cut by the box.
TABLE_SIGNS = """() => {
  const felt = document.querySelector(".felt.scopa-felt");
  const f = felt.getBoundingClientRect();
  const top = f.top + felt.clientTop, bottom = top + felt.clientHeight;
  const cut = [...felt.querySelectorAll(".scopa-table-cards .card")].some((c) => {
    const r = c.getBoundingClientRect();
    return r.top < top - 0.5 || r.bottom > bottom + 0.5;
  });
  const signs = [...felt.querySelectorAll(".more-cards")]
    .filter((s) => getComputedStyle(s).display !== "none").map((s) => s.dataset.side);
  return {more: felt.dataset.more || "", signs, cut};
}"""


def test_a_crowded_fishing_table_says_it_hides_cards_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Tablić in Russian at 360x640, seed 188: four cards laid down make a table of eight
    after the computer's captures (three left the second row one or two px short of the box
    once the choice took the player's seat line: play-test 17), and the choice of the card
    with the most ways leaves the table's box too short for its second row. The box scrolls
    inside itself (its cards no longer wrap into a second column beside the first, out of
    sight) and says so at its lower edge with "▼ ещё карты", as Cassino's
    table does; scrolled to its end, the sign is gone."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=tablic&seed=188&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    hand = page.locator(".scopa-hand-cards button")
    for _ in range(4):
        settle(page)
        held = hand.count()
        page.locator(".scopa-actions [data-action=lay-down]").click()
        page.locator(".scopa-hand-cards button[data-legal=true]").first.click()
        expect(hand).to_have_count(held - 1)
    settle(page)
    page.wait_for_function(STILL)
    ways = hand.evaluate_all(
        "(bs) => bs.map((b) => [Number(b.dataset.moves), b.dataset.card])")
    page.locator(f".scopa-hand-cards button[data-card='{max(ways)[1]}']").click()
    page.locator(".tablic-choice").wait_for()
    page.wait_for_function(STILL)
    page.wait_for_timeout(300)
    seen = page.evaluate(TABLE_SIGNS)
    assert seen["cut"] and seen["more"] == "below" and seen["signs"] == ["below"], seen
    label = page.locator(".felt .more-cards.below .more-cards-label")
    box, height = label.bounding_box(), page.viewport_size
    assert box and height and box["y"] >= 0 and box["y"] + box["height"] <= height["height"]
    page.locator(".felt").evaluate("(f) => f.scrollTo({top: f.scrollHeight, behavior: 'instant'})")
    page.wait_for_function(
        "() => !document.querySelector('.felt').dataset.more.includes('below')", timeout=5_000)


def test_an_empty_hand_in_the_strip_shows_no_lone_count(page: Page, watch: Any, site_url: str,
                                                        wait_ready: Ready) -> None:
    """Play-test 16 (Scopa for three, 360x640): a computer whose hand was played out showed
    "взято: 2 карты 0", a "0" beside no fan of backs. The strip's count (the fan's
    ``data-count``, drawn at the fan's end: play-test 17, so that it never goes to a line of
    its own) is shown for a hand of cards and left out for an empty one. The empty hand lasts
    only while the others play their last cards, so the check sets the count on a drawn fan
    and reads the style the page gives it."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=scopa&variant=scopa_three&seed=7&delay=0&lang=ru")
    wait_ready(page)
    settle(page)
    counts = page.evaluate("""() => {
      const fan = document.querySelector(".scopa-others .seat .scopa-backs");
      const shown = getComputedStyle(fan, "::after").content;
      fan.dataset.count = "0";
      const empty = getComputedStyle(fan, "::after").content;
      return {shown, empty};
    }""")
    assert counts["shown"] == '"3"', counts
    assert counts["empty"] == "none", counts
