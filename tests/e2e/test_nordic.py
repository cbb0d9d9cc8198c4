"""The Nordic presets on the page (FAMILY.md §5.12): offered on the new-game screen in every
language, and a whole (short) match of Finnish Kasino played to its end by the keyboard."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import play_by_keyboard
from tests.e2e.test_match import OFFERED, Ready, play_random_match, replay_in_engine, settle
from tests.e2e.test_newgame import new_game_dialog, open_site

SEED = 16
# Finnish Kasino plays to 16; to 7 (the engine's `target` through ``&rules=``) this seed's match
# ends after its first round, with the test's random choices.
TARGET = 7


@pytest.mark.every_browser
def test_a_finnish_match_by_keyboard_ends_with_the_engines_score(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """``?variant=finnish`` with ``&rules={"target": 7}``: every move offered is a capture or
    a trail (no building), the whole match is played to its end with the keyboard alone, the
    score sheet counts Finnish points (most cards 1, or nothing at 26-26; most spades 2), and
    the same match replayed in CPython (same seed, level and moves) offers the same moves on
    every turn and ends with the page's score and winner [FAMILY.md §5.12]. In every browser."""
    rules = quote(json.dumps({"target": TARGET}))
    open_site(page, site_url,
              f"?variant=finnish&seed={SEED}&delay=0&level=beginner&rules={rules}", wait_ready)

    def play(move: dict[str, Any], data: dict[str, str]) -> None:
        moves = page.evaluate(OFFERED)
        assert all(m["kind"] in ("capture", "trail") for m in moves), moves
        play_by_keyboard(page, move)

    data, turns, rounds_seen = play_random_match(
        lambda: settle(page), lambda: page.evaluate(OFFERED), play,
        lambda: page.locator("[data-action=next-round]").click(), SEED)
    sheet = page.locator(".score-sheet")
    expect(sheet).to_be_visible()
    cards = [sheet.locator(f"tr[data-category=cards] td[data-side='{s}']").get_attribute(
        "data-points") for s in (0, 1)]
    spades = [sheet.locator(f"tr[data-category=spades] td[data-side='{s}']").get_attribute(
        "data-points") for s in (0, 1)]
    assert sorted(cards) in (["0", "1"], ["0", "0"]), cards
    assert sorted(spades) == ["0", "2"], spades
    expect(page.locator(".verdict")).to_be_visible()
    for side, score in enumerate(json.loads(data["scores"])):
        expect(page.locator(f"tr.match td[data-side='{side}']")).to_have_text(str(score))
    # The same match in CPython: the same offers on every turn, the same end.
    replay_in_engine({"rules": "finnish", "overrides": {"target": TARGET}, "seed": SEED,
                      "level": "beginner"}, turns, data, rounds_seen)


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
