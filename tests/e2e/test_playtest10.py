"""Findings of play-test 10 (a fresh player on a Russian phone, 360x640, touch) on Cassino's
page, each with the position that showed it; fixtures are in conftest.py."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_declension import LISTEN
from tests.e2e.test_match import OFFERED, Ready, play_by_clicking, settle
from tests.e2e.test_playtest6 import play_first_card_until_the_computers_move_shows
from tests.e2e.test_scopa import settle as scopa_settle


def test_the_computers_move_on_show_is_already_its_last_move(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """While the computer's first move of the round was on show (its cards flying, the view
    still the one before it), its panel said "Последний ход: в этом раунде ещё не было ходов"
    beside its own status naming that move. Seed 11, the move on show for 8 s: the panel's
    last-move line names the move on show, then the same move once it is played."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=11&delay=8000&lang=ru")
    wait_ready(page)
    settle(page)
    line = page.locator(".seat[data-seat='1'] .last-move")
    expect(line).to_contain_text("ещё не было ходов")
    play_first_card_until_the_computers_move_shows(page)
    shown = line.get_attribute("data-last-move")
    assert shown, "the move on show is not the panel's last move"
    expect(line).not_to_contain_text("ещё не было ходов")
    # The card on show has left the computer's hand: its count says so with the hidden hand.
    hidden = page.locator(".seat[data-seat='1'] .hidden-hand .card").count()
    expect(page.locator(".seat[data-seat='1'] [data-hand-count]")).to_have_attribute(
        "data-hand-count", str(hidden))
    data = settle(page)
    assert data["phase"] == "play"
    expect(line).to_have_attribute("data-last-move", shown)


FOCUS_RING = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {card: el.dataset.card || "", outline: style.outlineColor, style: style.outlineStyle};
}"""


@pytest.mark.parametrize("game", ["cassino", "scopa"])
def test_the_hand_focus_the_page_gives_shows_no_ring_until_a_key(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, game: str) -> None:
    """On a phone just loaded, the first hand card wore the focus ring the page had put there
    for keyboard players, and looked selected. The focus is still there (a keyboard player
    starts on the hand), its ring transparent; the first key press shows it."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game={game}&seed=2&delay=0&lang=ru")
    wait_ready(page)
    hand = ".scopa-hand-cards button" if game == "scopa" else ".hand-cards button"
    expect(page.locator(hand).first).to_be_focused()
    quiet = page.evaluate(FOCUS_RING)
    assert quiet["card"] and quiet["outline"] == "rgba(0, 0, 0, 0)", quiet
    page.keyboard.press("ArrowRight")
    shown = page.evaluate(FOCUS_RING)
    assert shown["card"] and shown["outline"] != "rgba(0, 0, 0, 0)", shown
    assert shown["style"] != "none", shown


def tap_first_cards_move(page: Page) -> None:
    """On Cassino's page, by touch: the first hand card, then Trail, or (a card that must
    capture) its first table item; the move is then ready for Confirm."""
    page.locator(".hand-cards button").first.tap()
    trail = page.locator("[data-action=trail]")
    if trail.get_attribute("aria-disabled") != "true":
        trail.tap()
    else:  # the card must capture: its first offered move
        page.locator(".table-items button[aria-disabled='false']").first.tap()


def ring_shown(page: Page) -> bool:
    """Whether the focused element draws a focus ring (an outline that is not transparent)."""
    ring = page.evaluate(FOCUS_RING)
    return bool(ring["style"] != "none" and ring["outline"] != "rgba(0, 0, 0, 0)")


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 360, "height": 640})
@pytest.mark.parametrize("game", ["cassino", "scopa"])
def test_after_a_tapped_move_the_hand_focus_shows_no_ring(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, game: str) -> None:
    """Play-test 11 (a touch phone, Russian): after each tapped move the hand card the page
    focused for the next turn wore the keyboard's ring and looked selected. After a tapped
    move the focus is on the hand with no ring; a key press shows it."""
    page.goto(f"{site_url}?game={game}&seed=2&delay=0&lang=ru")
    wait_ready(page)
    if game == "scopa":
        scopa_settle(page)
        page.locator(".scopa-hand-cards button[data-legal=true]").first.tap()
        scopa_settle(page)
        hand = page.locator(".scopa-hand-cards button")
    else:
        settle(page)
        tap_first_cards_move(page)
        page.locator("[data-action=confirm]").tap()
        settle(page)
        hand = page.locator(".hand-cards button")
    expect(hand.first).to_be_focused()
    assert not ring_shown(page), page.evaluate(FOCUS_RING)
    page.keyboard.press("ArrowRight")
    assert ring_shown(page), page.evaluate(FOCUS_RING)


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 360, "height": 640})
def test_a_ready_move_is_announced_without_keys_on_a_touch_screen(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 11 (a touch phone, Russian): a ready move was read out as "Нажмите C или
    «Подтвердить»", a key a phone has not. On a touch screen it says the button only."""
    page.goto(f"{site_url}?seed=11&delay=0&lang=ru")
    wait_ready(page)
    settle(page)
    page.evaluate(LISTEN)
    tap_first_cards_move(page)
    page.wait_for_function("window.__said.some((s) => s.includes('«Подтвердить»'))")
    said = [s for s in page.evaluate("window.__said") if "«Подтвердить»" in s]
    assert said and all("Нажмите «Подтвердить»" in s and " C " not in s for s in said), said


def test_a_wrong_seed_is_told_once_and_leaves_the_address(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 11: ``?seed=-1`` was reported, a random deal played, and the address kept the
    wrong seed, so every reload reported it again. It leaves the address once told: a reload
    resumes the same game with no message (the other parameters stay)."""
    page.goto(f"{site_url}?seed=-1&delay=0&lang=ru")
    wait_ready(page)
    settle(page)
    expect(page.locator(".messages .error[data-code=bad_seed]")).to_be_visible()
    assert "seed=" not in page.url and "delay=0" in page.url, page.url
    expect(page.locator("#app")).to_have_attribute("data-save", "saved")
    hand = page.locator(".hand-cards button").all_inner_texts()
    page.reload()
    wait_ready(page)
    settle(page)
    expect(page.locator(".messages .error")).to_have_count(0)
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)
    assert page.locator(".hand-cards button").all_inner_texts() == hand


def test_the_daily_deals_last_deal_keeps_the_top_bar_inside_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 12 (Russian, 360x640): on the daily deal's last deal the top bar held the
    round and deal, the last deal's badge and the daily's date badge on one line, wider than
    the phone: the page moved sideways. The daily of 2026-12-04 played (the first offered move
    each turn) to its last deal: nothing is wider than the window, both badges shown."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?daily=2026-12-04&delay=0&lang=ru")
    wait_ready(page)
    for _ in range(40):
        data = settle(page)
        if page.locator("#app").get_attribute("data-last-deal") == "true":
            break
        assert data["phase"] == "play", data
        play_by_clicking(page, page.evaluate(OFFERED)[0])
    expect(page.locator(".topbar .last-deal-badge")).to_be_visible()
    expect(page.locator(".topbar .daily-badge")).to_be_visible()
    wide = page.evaluate("""() => ({page: document.documentElement.scrollWidth, window: innerWidth,
        right: Math.max(...[...document.querySelectorAll('.topbar *')].map(
            (e) => e.getBoundingClientRect().right))})""")
    assert wide["page"] <= wide["window"] and wide["right"] <= wide["window"] + 0.5, wide
