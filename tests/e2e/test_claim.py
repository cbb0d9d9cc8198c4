"""Claiming out on the Cassino page (rules switch ``claiming``, D15 [FOS][DICK94]): the Claim
button is there only under that switch and at the player's own turn; a claim made before the
target is reached loses the match at once, and the score sheet says so. The engine's side of
the claim is held by tests/engine/test_scoring_switches.py."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, expect

from tests.e2e.test_newgame import Ready, idle


def _open(page: Page, site_url: str, wait_ready: Ready, rules: dict[str, Any]) -> None:
    page.goto(f"{site_url}?variant=classic&seed=31&delay=0&rules={quote(json.dumps(rules))}")
    wait_ready(page)
    idle(page)


def test_claim_button_only_under_claiming(page: Page, watch: Any, site_url: str,
                                          wait_ready: Ready) -> None:
    """Classic has no claim: no Claim button at the player's turn."""
    _open(page, site_url, wait_ready, {})
    expect(page.locator("[data-action=confirm]")).to_be_visible()
    expect(page.locator("[data-action=claim]")).to_have_count(0)


def test_a_claim_before_the_target_loses_the_match(page: Page, watch: Any, site_url: str,
                                                   wait_ready: Ready) -> None:
    """FOS/DICK94: a wrong claim loses; at the start of a match to 21 nobody has 21."""
    _open(page, site_url, wait_ready, {"claiming": True})
    claim = page.locator("[data-action=claim]")
    expect(claim).to_be_visible()
    # The button asks first (a wrong claim loses the match): "Keep playing" keeps the game.
    claim.click()
    expect(page.locator(".claim-question")).to_be_visible()
    expect(page.locator("[data-action=claim-no]")).to_be_focused()
    page.locator("[data-action=claim-no]").click()
    expect(claim).to_be_focused()
    expect(page.locator(".score-sheet")).to_have_count(0)
    claim.click()
    page.keyboard.press("Escape")
    expect(page.locator(".claim-question")).to_have_count(0)
    claim.click()
    page.locator("[data-action=claim-yes]").click()
    sheet = page.locator(".score-sheet[data-phase=match_over]")
    expect(sheet).to_be_visible()
    verdict = sheet.locator(".claim-verdict")
    expect(verdict).to_have_attribute("data-right", "false")
    expect(verdict).to_have_attribute("data-claimed", "0")
    expect(sheet.locator(".verdict")).to_have_attribute("data-winner", "1")
    # The sheet gives the counts the claim was judged on (the engine's claim_counts, held by
    # test_scoring_switches.py), not the finished rounds' totals ("Final score 0 - 0").
    counted = re.compile(r"Counted at the claim: You \d+, Computer \d+")
    expect(sheet.locator(".verdict")).to_contain_text(counted)
    # The sheet's rows: the claim's counts per side (no empty round rows), then the match.
    claim_row = sheet.locator("tr[data-category=claim] td")
    expect(claim_row).to_have_count(2)
    verdict = sheet.locator(".verdict").text_content() or ""
    shown = [claim_row.nth(i).text_content() for i in range(2)]
    assert f"You {shown[0]}, Computer {shown[1]}" in verdict, (shown, verdict)
    expect(sheet.locator("tr[data-category=total]")).to_have_count(0)
    expect(sheet.locator(".verdict")).not_to_contain_text("Final score")
