"""The Nordic presets on the page (FAMILY.md §5.12): offered on the new-game screen in every
language, and a round of Finnish Kasino played to its end by the keyboard."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import play_by_keyboard
from tests.e2e.test_match import OFFERED, Ready, settle
from tests.e2e.test_newgame import new_game_dialog, open_site

SEED = 16


def test_a_finnish_round_by_keyboard_reaches_its_score_sheet(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """``?variant=finnish``: every move offered is a capture or a trail (no building), the
    round is played to its end with the keyboard alone, and the score sheet counts Finnish
    points: most cards 1 (or nothing at 26-26), most spades 2."""
    open_site(page, site_url, f"?variant=finnish&seed={SEED}&delay=0&level=beginner",
              wait_ready)
    rng = random.Random(SEED)
    for _ in range(40):
        data = settle(page)
        if data["phase"] != "play":
            break
        moves = sorted(page.evaluate(OFFERED), key=lambda m: m["text"])
        assert moves and all(m["kind"] in ("capture", "trail") for m in moves), moves
        play_by_keyboard(page, rng.choice(moves))
    else:
        pytest.fail("the Finnish round did not end")
    assert data["phase"] == "round_over", data["phase"]
    sheet = page.locator(".score-sheet")
    expect(sheet).to_be_visible()
    cards = [sheet.locator(f"tr[data-category=cards] td[data-side='{s}']").get_attribute(
        "data-points") for s in (0, 1)]
    spades = [sheet.locator(f"tr[data-category=spades] td[data-side='{s}']").get_attribute(
        "data-points") for s in (0, 1)]
    assert sorted(cards) in (["0", "1"], ["0", "0"]), cards
    assert sorted(spades) == ["0", "2"], spades
    scores = json.loads(data["scores"])
    assert max(scores) < 16 or data["phase"] == "match_over"


@pytest.mark.parametrize(("lang", "finnish", "swedish"), [
    ("en", "Finnish Kasino", "Swedish Kasino"),
    ("ru", "Финское Кассино", "Шведское Кассино"),
    ("uk", "Фінське Казино", "Шведське Казино")])
def test_new_game_screen_offers_the_nordic_presets_in_every_language(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str, finnish: str,
        swedish: str) -> None:
    """Both presets come from the engine's catalog with their names and one-line summaries;
    choosing Finnish shows its switches (no building, sweeps stop at 10)."""
    open_site(page, site_url, f"?lang={lang}&delay=0", wait_ready)
    dialog = new_game_dialog(page)
    expect(dialog).to_be_visible()
    for name, title in (("finnish", finnish), ("swedish", swedish)):
        variant = dialog.locator(f".variant[data-variant={name}]")
        expect(variant).to_contain_text(title)
        expect(variant.locator(".variant-summary")).not_to_be_empty()
