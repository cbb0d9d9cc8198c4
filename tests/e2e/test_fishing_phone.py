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
from playwright.sync_api import Page

from tests.e2e.test_landscape import assert_in_window, assert_nothing_clipped
from tests.e2e.test_match import Ready
from tests.e2e.test_scopa import STILL, settle

# What a player of Scopone needs on screen at their turn: the other seats, the table's head, its
# last-move line and cards, the hand, the prompt and the Hint button.
NEEDED = [".scopa-others .seat", ".felt .scopa-felt-head", ".felt .scopa-last",
          ".felt .scopa-table-cards .card", ".scopa-hand-cards .card", ".actions .preview",
          ".actions [data-action=hint]"]


def check_turn(page: Page, when: str) -> None:
    """At the player's turn: the page is one window, everything of NEEDED whole in it (the
    table may be empty: then it is not looked for)."""
    needed = [sel for sel in NEEDED
              if sel != ".felt .scopa-table-cards .card" or page.locator(sel).count()]
    assert_in_window(page, needed, when)
    assert_nothing_clipped(page, needed, when)


@pytest.mark.parametrize("seed", [7, 77])
def test_scopone_fits_an_upright_phone_through_a_deal(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready, seed: int) -> None:
    """Scopone in Russian at 360x640, seeds 7 and 77: at each of the player's turns of the
    first deal (ten cards in hand down to one, sweeps marked on the other seats), the page
    does not scroll and the other seats, every table card, the hand, the prompt and the Hint
    button lie whole in the window, none cut by the table's box (play-test: a page of 695 px,
    a table card as a sliver at the box's right edge)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=scopa&variant=scopone&seed={seed}&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    data = settle(page)
    turn = 0
    while data.get("phase") == "play":
        page.wait_for_function(STILL)
        check_turn(page, f"seed {seed}, the player's turn {turn + 1}")
        card = page.locator(".scopa-hand-cards button[data-legal=true]").first
        ways = int(card.get_attribute("data-moves") or "1")
        card.click()
        if ways > 1:  # the choice of its captures opens: the first is played
            page.locator(".scopa-choices [data-action=choose-capture]").first.click()
        data = settle(page)
        turn += 1
    assert turn == 10, f"seed {seed}: {turn} turns in the first deal"
