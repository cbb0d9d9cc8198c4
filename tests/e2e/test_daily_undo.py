"""Undo and the daily deal's end (web/ui/daily.js undoReopensDaily, web/app.js canUndo).

Play-test: once the daily deal's round was scored (its first result kept, the share line on the
sheet), Undo took the player back into that round, to play its end again with the cards seen.
The result stays the first one (web/ui/dailyrecord.js), but the round looked open again. Now
Undo is off at the round's end, and in the next round until the player's own first move of it
(an undo then goes back into the daily round); pressing U says why. Undo in the next round,
once the player has moved in it, works as in any game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageWatch
from tests.e2e.test_match import OFFERED, settle
from tests.e2e.test_stats_daily import Ready, begin_todays_daily, play_until

ROOT = Path(__file__).resolve().parents[2]
OVER = json.loads((ROOT / "web" / "i18n" / "en.json").read_text("utf-8"))["ui"]["undoDailyOver"]


def test_undo_does_not_reopen_the_daily_deals_scored_round(
        page: Page, watch: PageWatch, site_url: str, wait_ready: Ready) -> None:
    begin_todays_daily(page, site_url, wait_ready)
    play_until(page, {"round_over"}, random.Random(5))
    undo = page.locator("#app [data-action=undo]")
    expect(page.locator(".daily-share")).to_be_visible()
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", OVER)
    page.keyboard.press("u")
    expect(page.locator("#app li.error[data-code=daily_undo]")).to_contain_text(OVER)
    assert settle(page)["phase"] == "round_over"

    page.locator("[data-action=next-round]").click()
    data = settle(page)
    assert data["phase"] == "play" and data["round"] == "2", data
    # The player's first turn of round 2: an undo would go back into the daily round.
    expect(undo).to_be_disabled()
    play_one = page.locator("input[name=move]")
    play_one.fill(sorted(m["text"] for m in page.evaluate(OFFERED))[0])
    play_one.press("Enter")
    settle(page)
    # Once the player has moved in round 2, Undo takes that move back as in any game.
    expect(undo).to_be_enabled()
    undo.click()
    again = settle(page)
    assert again["round"] == "2" and again["phase"] == "play"
