"""The fishing page after a round trip through the new-game screen's game picker.

Play-test: Pishti, seed 4, on a phone on its side (640x360): the player played a card, the
computer replied, and the table said both moves («Вы положили…» above «Компьютер: …»). The
player opened New game, picked another game in the picker (the page behind switched to it) and
pressed Cancel: back on Pishti, only «Последний ход: Компьютер…» was left. The page that came
back was a new one resuming the save, and the player's own move lives only in the page, not in
the engine's view (web/scopa/app.js notesLeft).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_until_ready
from tests.e2e.test_scopa import settle

LINES = """() => [...document.querySelectorAll(".felt .scopa-mine, .felt .scopa-last")]
  .map((e) => e.className + ": " + e.textContent)"""


def test_the_last_moves_survive_a_round_trip_through_the_game_picker(page: Page,
                                                                      site_url: str) -> None:
    page.set_viewport_size({"width": 640, "height": 360})
    page.goto(f"{site_url}?game=pishti&seed=4&delay=0&lang=ru")
    wait_until_ready(page)
    settle(page)
    page.locator(".scopa-hand-cards button:not([aria-disabled=true])").first.click()
    settle(page)
    before = page.evaluate(LINES)
    assert len(before) == 2 and before[0].startswith("scopa-mine: Вы "), before

    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    page.locator("dialog[open] label[data-game=scopa]").click()
    expect(page.locator("dialog[open] [data-action=scopa-rules]")).to_contain_text("Скопа")
    page.locator("dialog[open] [data-action=cancel-new-game]").click()
    expect(page.locator("#app")).to_have_attribute("data-game", "pishti")
    settle(page)
    assert page.evaluate(LINES) == before
