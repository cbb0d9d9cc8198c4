"""The page's second way of choosing a move, used on crowded tables.

When a view holds more legal moves than it lists (``legal_moves_complete`` false), the page asks
the engine about each selection (the ``select`` request) instead of matching against a list.
``?movelist=0`` makes every view take that path, so a whole round is played here by clicking
only what the page enables: hand card, then table items, Trail, a choice, Confirm.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_match import Ready, settle

SEED = 11


def wait_for_answer(page: Page) -> None:
    page.wait_for_function("document.getElementById('app').dataset.selection === 'current'",
                           timeout=20_000)


def play_one_turn(page: Page, rng: random.Random) -> str:
    """Pick a playable hand card and build up a legal move with it; return the move's text."""
    cards = page.locator(".hand-cards button:not([aria-disabled=true])")
    assert cards.count() > 0, "no hand card is playable"
    cards.nth(rng.randrange(cards.count())).click()
    wait_for_answer(page)
    trail = page.locator("[data-action=trail]")
    open_items = ".table-items button:not([aria-disabled=true])[aria-pressed=false]"
    if trail.is_enabled() and (rng.random() < 0.3 or page.locator(open_items).count() == 0):
        trail.click()
    else:
        for _ in range(30):
            preview = page.locator(".preview").get_attribute("data-preview")
            choices = page.locator(".choices button")
            if preview or choices.count():
                break
            items = page.locator(open_items)
            assert items.count() > 0, "the selection can neither grow nor be played"
            items.nth(rng.randrange(items.count())).click()
            wait_for_answer(page)
        choices = page.locator(".choices button")
        if choices.count():
            choices.nth(rng.randrange(choices.count())).click()
    text = page.locator(".preview").get_attribute("data-preview") or ""
    assert text, "no move is ready to confirm"
    page.locator("[data-action=confirm]").click()
    return text


def test_a_round_played_through_selection_requests(page: Page, watch: Any, site_url: str,
                                                   wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0&movelist=0")
    wait_ready(page)
    rng = random.Random(SEED)
    played = 0
    while True:
        data = settle(page)
        if data["phase"] != "play":
            break
        assert data["moveList"] == "asking"
        assert page.locator("#legal-move-list option").count() == 0
        play_one_turn(page, rng)
        played += 1
        assert played <= 30, "the round did not end"
    assert played == 24  # every card of the human's six deals went through the asking path
    expect(page.locator(".score-sheet")).to_be_visible()
    assert not page.locator(".messages .error").count()
