"""The fishing page's "Copy link to this deal" (web/ui/deallink.js through the shell,
web/scopa/params.js fishingDealLink): the menu gives the address of the deal on the table, and
that address opened in a browser that never saw the game deals the same first hand and table.
Over a game in progress saved for another deal, such an address asks before replacing it
(web/ui/replace.js), as Cassino's page does."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import wait_until_ready
from tests.e2e.test_scopa import HAND, settle

# One non-default variant each: the link must carry the variant, not only the game.
GAMES = {"scopa": "scopa_three", "pishti": "xeri", "escoba": "escoba", "cirulla": "cirulla",
         "tablic": "tablanette"}


def the_deal(page: Page) -> dict[str, Any]:
    """The page's game, variant, deal number, table, stock and the player's hand."""
    data = settle(page)
    return {"game": data["game"], "variant": data["variant"], "seed": data.get("seed"),
            "table": data["table"], "stock": data["stock"],
            "hand": [c["card"] for c in page.evaluate(HAND)]}


def copy_link(page: Page) -> str:
    """Chooses the menu's "Copy link to this deal" and answers the link it shows."""
    page.locator("#app [data-action=menu]").click()
    page.locator("#app .game-menu [data-action=copy-link]").click()
    box = page.locator("#app .link-panel input[data-link]")
    expect(box).to_be_visible()
    expect(page.locator("#app .link-panel .link-status")).not_to_be_empty()
    return box.get_attribute("data-link") or ""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_copied_link_deals_the_same_game_elsewhere(page: Page, browser: Browser,
                                                       site_url: str, game: str) -> None:
    variant = GAMES[game]
    # No seed in the address: the engine picks the deal, which the link must then name.
    page.goto(f"{site_url}?game={game}&variant={variant}&delay=0&level=beginner&target=7")
    wait_until_ready(page)
    first = the_deal(page)
    assert (first["game"], first["variant"]) == (game, variant) and first["seed"]
    link = copy_link(page)
    query = parse_qs(urlsplit(link).query)
    assert query["game"] == [game] and query["variant"] == [variant]
    assert query["seed"] == [first["seed"]] and query["level"] == ["beginner"]
    assert query["target"] == ["7"] and query["delay"] == ["0"]  # display parameters stay
    # Escape closes the link's panel.
    page.keyboard.press("Escape")
    expect(page.locator("#app .link-panel")).to_have_count(0)

    other = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        fresh = other.new_page()
        fresh.goto(link)
        wait_until_ready(fresh)
        assert the_deal(fresh) == first
        if game in ("scopa", "pishti"):
            # Another deal's link over this game in progress (a card played: a deal with no
            # move is nothing to lose, and is replaced unasked) asks first; "back" keeps it,
            # and the address names it again (no longer the bare address: test_saves.py).
            fresh.locator(".scopa-hand-cards button:not([aria-disabled=true])").first.click()
            if fresh.evaluate("document.getElementById('app').dataset.choosing") == "1":
                fresh.locator(".scopa-option").first.click()
            played = the_deal(fresh)
            expect(fresh.locator("#app")).to_have_attribute("data-save", "saved")
            fresh.goto(link.replace(f"seed={first['seed']}", f"seed={int(first['seed']) + 1}"))
            wait_until_ready(fresh)
            back = fresh.locator("dialog [data-action=replace-back]")
            expect(back).to_be_visible()
            back.click()
            assert the_deal(fresh) == played
            assert f"game={game}" in fresh.url and f"seed={first['seed']}" in fresh.url
    finally:
        other.close()
