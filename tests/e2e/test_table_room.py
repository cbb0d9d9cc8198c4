"""Cassino's table on a phone has the room for the cards it holds (play-test 17, Russian, touch).

With large cards at 360x640 the stock stood beside the table's cards: its pile covered its
count (of "Колода: 40" only two letters showed) and the fourth card of the first deal went to a
second row, hidden under «▼ ещё карты», so a new player saw three of the four cards dealt (the
daily deal too). With the hint open the table gave its room down to one row, and a table of
five cards hid its fifth. Here every table card is whole, inside the table's visible box and
inside the window, with the usual and the large cards, the hint open or not, for the four cards
dealt and (the usual cards) tables of five and six; and the stock's cards never cover its count.
On a phone on its side the large cards fit the window too.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_display import store_display
from tests.e2e.test_layout import FITS_SETTLE_S, crowded_record, hint_shown_whole
from tests.e2e.test_match import Ready, settle
from tests.e2e.test_replay import load_record_text

# Each table item outside the table's visible box (its client area) or the window, the stock's
# cards over its count, the stock reaching past the table's sides, how many items there are.
TABLE_SEEN = """() => {
  const felt = document.querySelector(".felt");
  const box = felt.getBoundingClientRect();
  const top = box.top + felt.clientTop, left = box.left + felt.clientLeft;
  const bottom = top + felt.clientHeight, right = left + felt.clientWidth;
  const at = (r) => `${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},`
    + `${Math.round(r.bottom)}`;
  const where = `box ${Math.round(left)},${Math.round(top)}..${Math.round(right)},`
    + `${Math.round(bottom)} window ${innerWidth}x${innerHeight}`;
  const cut = [];
  const items = [...felt.querySelectorAll(".table-items > li")];
  for (const li of items) {
    const r = li.getBoundingClientRect();
    const inBox = r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.left >= left - 0.5
      && r.right <= right + 0.5;
    const inWindow = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
      && r.right <= innerWidth + 0.5;
    if (!inBox || !inWindow) {
      const item = li.querySelector("[data-item]");
      cut.push(`${item ? item.dataset.item : "?"} ${at(r)} in ${where}`);
    }
  }
  const count = felt.querySelector(".stock .stock-count").getBoundingClientRect();
  const covered = [...felt.querySelectorAll(".stock .stock-pile .card")]
    .map((c) => c.getBoundingClientRect())
    .filter((c) => c.left < count.right - 0.5 && c.right > count.left + 0.5
      && c.top < count.bottom - 0.5 && c.bottom > count.top + 0.5)
    .map((c) => `card ${at(c)} over the count ${at(count)}`);
  const stock = felt.querySelector(".stock").getBoundingClientRect();
  const outside = stock.left < left - 0.5 || stock.right > right + 0.5
    ? [`stock ${at(stock)} in ${where}`] : [];
  return {items: items.length, cut, covered, outside,
          count: felt.querySelector(".stock .stock-count").textContent};
}"""


def table_seen(page: Page, when: str) -> dict[str, Any]:
    """:data:`TABLE_SEEN` once nothing is cut or covered (looked at every 0.1 s for up to
    FITS_SETTLE_S: the page may still be laying out, or scrolling an open hint into view);
    fails with the last look otherwise."""
    deadline = time.monotonic() + FITS_SETTLE_S
    while True:
        seen: dict[str, Any] = page.evaluate(TABLE_SEEN)
        ok = not seen["cut"] and not seen["covered"] and not seen["outside"]
        if ok or time.monotonic() > deadline:
            assert ok, f"{when}: {json.dumps(seen, ensure_ascii=False)}"
            return seen
        page.wait_for_timeout(100)


def open_hint(page: Page) -> None:
    page.keyboard.press("h")
    page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)


# (the deal: a query, or a number of trails loaded as a record on seed 7, or "&trail": the
# player trails a card and the computer builds, four cards and a build on two rows, which the
# hint, naming the build, cut to one row on main; the large cards;
# the table's items then; the hint open). Not asked for: six large cards, on two rows, which
# the one window of 640 px does not hold beside the seats and the hand, nor above a hint of
# three reasons shown whole (the table then scrolls to the hint's cards, test_layout).
CASES = [(deal, large, items, hint) for deal, large, items in [
    ("seed=7", False, 4), ("seed=7", True, 4), ("daily=2026-12-05", True, 4), (2, False, 6),
    ("seed=7&trail", False, 5),
] for hint in (False, True)]


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 360, "height": 640}, locale="ru-RU")
@pytest.mark.parametrize(("deal", "large", "items", "hint"), CASES, ids=lambda v: str(v))
def test_every_table_card_is_whole_on_an_upright_phone(page: Page, watch: Any, site_url: str,
                                                       wait_ready: Ready, deal: str | int,
                                                       large: bool, items: int,
                                                       hint: bool) -> None:
    """Play-test 17 at 360x640 (fails on main with large cards, and with six cards and the
    hint open): each table card lies whole inside the table's visible box and the window, the
    stock inside the table's sides, its cards clear of its count. With the hint open, the
    hint is whole in the window too (as test_layout asks), the page longer than the window."""
    if large:
        store_display(page, json.dumps({"largeCards": True}))
    query = deal.removesuffix("&trail") if isinstance(deal, str) else "seed=7"
    level = "" if query.startswith("daily") else "&level=beginner"
    page.goto(f"{site_url}?{query}&delay=0{level}&lang=ru")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-cards", "large" if large else "normal")
    settle(page)
    if isinstance(deal, int):
        load_record_text(page, crowded_record(deal))
        settle(page)
    elif deal.endswith("&trail"):
        page.locator(".hand-cards button").first.click()
        page.locator("[data-action=trail]").click()
        page.locator("[data-action=confirm]").click()
        expect(page.locator(".hand-cards .hand-card")).to_have_count(3)
        expect(page.locator(".opponents .last-move")).to_contain_text("постройка")
        settle(page)
    expect(page.locator(".table-items > li")).to_have_count(items)
    if not large and not hint and items == 6:
        # Five of the usual size in one row, beside nothing: the stock is a line above them.
        rows = page.evaluate("""() => new Set([...document.querySelectorAll(
          '.table-items > li')].map((li) => Math.round(li.getBoundingClientRect().top))).size""")
        assert rows == 2, rows
    if hint:
        open_hint(page)
        hint_shown_whole(page, f"{deal}, large cards {large}")
    seen = table_seen(page, f"{deal}, large cards {large}, hint {hint}")
    assert seen["count"].startswith("Колода: "), seen


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 640, "height": 360}, locale="ru-RU")
def test_large_cards_fit_a_phone_on_its_side(page: Page, watch: Any, site_url: str,
                                             wait_ready: Ready) -> None:
    """Play-test 17 at 640x360 (fails on main): the large cards took the desktop's size there
    (6rem; the display option's rule outweighed the phone's), the table's cards and the hand
    ran out of the window. The four cards dealt are whole in the table's box and the window,
    the stock clear of its count, and the hand in the window."""
    store_display(page, json.dumps({"largeCards": True}))
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-cards", "large")
    settle(page)
    table_seen(page, "640x360, large cards")
    hand = page.evaluate("""() => [...document.querySelectorAll('.hand-cards .hand-card')]
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5).length""")
    assert hand == 0, f"{hand} hand cards out of the window"
