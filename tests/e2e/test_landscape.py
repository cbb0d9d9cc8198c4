"""Play-test 9: a phone on its side and the score sheet on an upright phone.

At 640x360 (a phone turned sideways) the fishing pages' table got only what the seats and an
open hint left it: Pishti's pile showed its cards' top half, "the stock's bottom card" was cut
mid-sentence. Here nothing a player needs is clipped: every card and line of the table, the
open hint and the score line lie inside every box around them that clips (a scrolling box
counts: the table must not hide half a card in itself), and inside the page's own scrollable
extent (the page may be longer than the window: it scrolls).

On a 360x640 phone the round's score sheet broke "3 (29)" (a point and its count) over two
lines; each side's figures stay on one line.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import permuted
from tests.e2e.test_crowded import play_one_turn
from tests.e2e.test_layout import CASSINO_AREAS, CLIPPED_BY, assert_fits, hint_shown_whole
from tests.e2e.test_match import (
    SEED,
    Ready,
    play_the_round_by_first_moves,
    settle,
)
from tests.e2e.test_pishti import play_the_tied_round
from tests.e2e.test_scopa import STILL
from tests.e2e.test_scopa import settle as scopa_settle

# For each selector, every shown element that something cuts: a box around it that clips
# (overflow other than visible; its client area), or the page itself (the document's
# scrollable extent, or the window when the page cannot scroll).
CLIPPED = """(sels) => {
  const out = [];
  const de = document.documentElement;
  const hid = (s) => s === "hidden" || s === "clip";
  const scrolls = !hid(getComputedStyle(de).overflowY)
    && !hid(getComputedStyle(document.body).overflowY);
  const top = scrolls ? -scrollY : 0;
  const bottom = scrolls ? de.scrollHeight - scrollY : innerHeight;
  const missing = [];
  for (const sel of sels) {
    const els = [...document.querySelectorAll(sel)].filter((e) => {
      const r = e.getBoundingClientRect();
      return e.getClientRects().length && r.width > 0 && r.height > 0;
    });
    if (!els.length) missing.push(sel);
    for (const el of els) {
      const b = el.getBoundingClientRect();
      const cut = (CLIPPED_BY)(el);
      if (b.top < top - 0.5 || b.bottom > bottom + 0.5 || b.left < -0.5
          || b.right > innerWidth + 0.5)
        cut.push(`the page ${Math.round(top)}..${Math.round(bottom)}`);
      if (cut.length)
        out.push(`${sel} ${Math.round(b.top)}..${Math.round(b.bottom)} cut by ${cut.join(", ")}`);
    }
  }
  return {missing, out};
}""".replace("(CLIPPED_BY)", f"({CLIPPED_BY})")

# What a player of a fishing game needs at hand: the table's head, its last-move line, its
# cards (Pishti's pile, its count and the stock's bottom card), the hand, the open hint and
# the score line.
NEEDED = [".felt .scopa-felt-head", ".felt .scopa-last", ".felt .card", ".scopa-hand-cards .card",
          ".scopa-hint", ".topbar .scoreboard"]
# The table may be empty (Cirulla's computer sweeps it at once on seed 7); Pishti's pile never
# is at the start, its cards are in PILE.
MAY_BE_EMPTY = {".felt .card"}
PILE = [".pishti-stack .card", ".pishti-count", ".pishti-bottom"]

GAMES = ["game=pishti&seed=7", "game=scopa&seed=7", "game=tablic&seed=7", "game=cirulla&seed=7"]


def assert_nothing_clipped(page: Page, needed: list[str], when: str) -> None:
    """Every element of ``needed`` (but those of MAY_BE_EMPTY) is shown and none is cut
    (:data:`CLIPPED`)."""
    seen: dict[str, Any] = page.evaluate(CLIPPED, needed)
    missing = [sel for sel in seen["missing"] if sel not in MAY_BE_EMPTY]
    assert not missing, f"{when}: not shown: {missing}"
    assert not seen["out"], f"{when}: clipped: {seen['out']}"


def open_on_its_side(page: Page, site_url: str, wait_ready: Ready, deal: str, *,
                     size: bool = True) -> None:
    """A fishing game's ``deal`` (address parameters) on a Russian phone on its side, 640x360
    (unless ``size`` is false: the window as the caller set it), the computer at once, its
    first turn drawn and still."""
    if size:
        page.set_viewport_size({"width": 640, "height": 360})
    page.goto(f"{site_url}?{deal}&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    scopa_settle(page)
    page.wait_for_function(STILL)


def open_the_hint_unscrolled(page: Page) -> None:
    """H opens the fishing page's hint; once it and the table are still, the page is still at
    its top (opening the hint scrolled nothing)."""
    page.keyboard.press("h")
    page.locator(".scopa-hint [data-action=hint-play]").wait_for()
    scopa_settle(page)
    page.wait_for_function(STILL)
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") == 0, "opening the hint scrolled the page"


@pytest.mark.parametrize("deal", GAMES, ids=lambda v: v.split("&")[0].split("=")[1])
def test_a_phone_on_its_side_clips_nothing_of_the_table_and_the_hint(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, deal: str) -> None:
    """Play-test 9 (Russian, 640x360): with the hint open, and after the player's move, the
    table's cards and lines, the hand, the hint and the score line are whole where the page
    can show them (the page may scroll; the table does not hide half a card in itself)."""
    open_on_its_side(page, site_url, wait_ready, deal)
    needed = NEEDED + (PILE if "pishti" in deal else [])
    page.keyboard.press("h")
    page.locator(".scopa-hint").wait_for()
    scopa_settle(page)
    page.wait_for_function(STILL)
    page.wait_for_timeout(300)
    assert_nothing_clipped(page, needed, "with the hint open")
    page.locator(".scopa-hand-cards button[data-legal=true]").first.click()
    data = scopa_settle(page)
    page.wait_for_function(STILL)
    if data.get("phase") == "play":
        after = [sel for sel in needed if sel != ".scopa-hint"]
        assert_nothing_clipped(page, after, "after a move")


# The page's height and the window's, and each shown element of `sels` that lies (even in part)
# outside the window as it is, unscrolled.
OUT_OF_WINDOW = """(sels) => {
  const out = [];
  const missing = [];
  for (const sel of sels) {
    const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    if (!els.length) missing.push(sel);
    for (const el of els) {
      const b = el.getBoundingClientRect();
      if (b.top < -0.5 || b.bottom > innerHeight + 0.5 || b.left < -0.5
          || b.right > innerWidth + 0.5)
        out.push(`${sel} ${Math.round(b.top)}..${Math.round(b.bottom)}`);
    }
  }
  return {page: document.documentElement.scrollHeight, window: innerHeight, missing, out};
}"""
# The table beside the hand: the table's head, its last-move lines and cards (Pishti's pile,
# its count and the stock's bottom card), the player's hand.
BESIDE = [".felt .scopa-felt-head", ".felt .scopa-last", ".felt .card", ".scopa-hand-cards .card"]


def assert_in_window(page: Page, needed: list[str], when: str, *, one_window: bool = True) -> None:
    """Every element of ``needed`` is shown inside the window at the page's top; with
    ``one_window``, the page is no taller than the window (nothing to scroll to)."""
    page.evaluate("window.scrollTo(0, 0)")
    seen: dict[str, Any] = page.evaluate(OUT_OF_WINDOW, needed)
    assert not seen["missing"], f"{when}: not shown: {seen['missing']}"
    assert not seen["out"], f"{when}: outside the window: {seen['out']}"
    if one_window:
        assert seen["page"] <= seen["window"], f"{when}: the page scrolls: {seen}"


@pytest.mark.parametrize("deal", ["game=pishti&seed=7", "game=pishti&seed=3", "game=scopa&seed=7",
                                  "game=tablic&seed=7"],
                         ids=["pishti-7", "pishti-3", "scopa-7", "tablic-7"])
def test_a_phone_on_its_side_shows_the_table_beside_the_hand_without_scrolling(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, deal: str) -> None:
    """Play-test 10 (Russian, 640x360): Pishti's pile lay under the window's edge (the table
    began under the player's seat; 458 px of page with the hint open). Against one other seat
    the table now takes the left column from the top, beside the other seat, the hand and the
    actions: the pile (Scopa's table) and the hand are in the window together, with nothing to
    scroll, at the start and after the player's move and the computer's reply (both said,
    two lines); with the hint open the page may grow under the hint, but its top still shows
    the pile beside the hand. Tablić's six cards lie on one row (on two, the page was 401 px
    tall, its buttons under the window's edge)."""
    open_on_its_side(page, site_url, wait_ready, deal)
    needed = BESIDE + (PILE if "pishti" in deal else [])
    assert_in_window(page, needed, "at the start")
    page.keyboard.press("h")
    page.locator(".scopa-hint").wait_for()
    scopa_settle(page)
    page.wait_for_function(STILL)
    assert_in_window(page, needed, "with the hint open", one_window=False)
    page.locator(".scopa-hand-cards button[data-legal=true]").first.click()
    scopa_settle(page)
    page.wait_for_function(STILL)
    assert_in_window(page, [*needed, ".felt .scopa-mine"], "after a move and the reply")


def test_scopas_capture_choice_leaves_the_table_whole_on_a_phone_on_its_side(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test (Scopa in Russian, 640x360): the choice between a card's captures sat over
    the table in the left column and pushed the table's cards under the window's edge, their
    lower half cut, though the choice is about them. Seed 57, two cards laid down: six cards
    on the table (two rows), the fante of swords takes the ace and the seven or the three and
    the five. With the choice open, the choice, its options, every table card and the hand lie
    in the window at the page's top."""
    open_on_its_side(page, site_url, wait_ready, "game=scopa&seed=57")
    for card in ("QC", "6C"):
        page.locator(f".scopa-hand-cards button[data-card='{card}']").click()
        scopa_settle(page)
        page.wait_for_function(STILL)
    expect(page.locator(".felt .scopa-table-cards .card")).to_have_count(6)
    page.locator(".scopa-hand-cards button[data-card='JS']").click()
    expect(page.locator(".scopa-choices [data-action=choose-capture]")).to_have_count(2)
    page.wait_for_function(STILL)
    assert_in_window(page, [".scopa-choice", ".scopa-choices [data-action=choose-capture]",
                            ".felt .scopa-table-cards .card", ".scopa-hand-cards .card"],
                     "with the choice open", one_window=False)


@pytest.mark.parametrize("deal", ["game=scopa&seed=7", "game=scopa&seed=2", "game=tablic&seed=7",
                                  "game=tablic&seed=3", "game=tablic&seed=11"],
                         ids=["scopa-7", "scopa-2", "tablic-7", "tablic-3", "tablic-11"])
def test_scopas_hint_fits_a_phone_on_its_side_without_scrolling(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, deal: str) -> None:
    """Play-test (Scopa in Russian, 640x360): opening the hint scrolled the page (63-124 px)
    to show the hint under the other seat, the player's seat and the buttons, the table left
    at the window's top edge. With the hint open the other seat waits under the actions, the
    turn's prompt gives way to the hint, whose reasons run on in smaller type: the page stays
    unscrolled, and the hint, its "Сыграть этот ход", the Hint button, the table's cards and
    the hand are all in the window.

    Tablić too (play-test, Tablić in Russian: the hint scrolled the page by 84 px): its six
    cards on two rows and its two buttons left no room; the six are one row now, and with
    the hint open the player's seat gives its head line to it. (The hint thinks for a time,
    so its words may differ from one machine to another: these seeds' hints of seven lines
    leave two lines to spare.)

    Play-test 17 (Tablić in Russian): the other seat waited under the actions, its panel cut
    at the window's bottom edge (a page of 398 px). It waits under the table in the left
    column now: the page is one window, the other seat in it too. The hint is one paragraph,
    its «Сыграть этот ход» after its reasons: seed 11's hint of ten lines fits too (it was
    6 px too tall)."""
    open_on_its_side(page, site_url, wait_ready, deal)
    open_the_hint_unscrolled(page)
    assert_in_window(page, [*BESIDE, ".scopa-hint", ".scopa-hint [data-action=hint-play]",
                            ".actions [data-action=hint]", ".scopa-others .seat"],
                     "with the hint open")


# The open hint's reasons on a phone on its side: whether they were fitted (web/ui/hintfit.js),
# what scrolling hides, their height and scroll room, and whether the last reason can be seen.
FITTED = """() => { const list = document.querySelector(".scopa-hint > ul");
  if (!list) return null;
  return {fit: "fit" in list.dataset, more: list.dataset.more || "", height: list.clientHeight,
          room: list.scrollHeight - list.clientHeight}; }"""


def test_a_hint_longer_than_a_window_on_its_side_scrolls_its_reasons_not_the_page(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """A CI run under load: Tablić seed 11's hint, found within the hint's thinking budget, came
    out longer than on a quiet machine and made the page 6 px taller than the window (640x360),
    the one window the page promises on its side. A window 30 px shorter (640x330) gives the
    same hint too little room: the page stays one window, the hint's title, its «Сыграть этот
    ход», the Hint button, the table and the hand in view; the reasons scroll inside their box
    with a gold ▼ while some are below, and scrolled to their end the ▼ goes. The window made
    taller (a phone turned back, a resize) gives the reasons their whole height again."""
    page.set_viewport_size({"width": 640, "height": 330})
    open_on_its_side(page, site_url, wait_ready, "game=tablic&seed=11", size=False)
    open_the_hint_unscrolled(page)
    assert_in_window(page, [*BESIDE, ".scopa-hint > strong", ".scopa-hint [data-action=hint-play]",
                            ".actions [data-action=hint]"], "with a long hint open")
    fitted = page.evaluate(FITTED)
    assert fitted["fit"] and fitted["more"] == "below" and fitted["room"] > 0, fitted
    reasons = page.locator(".scopa-hint > ul")
    cue = reasons.evaluate("(list) => getComputedStyle(list, '::after').content")
    assert "▼" in cue, cue
    reasons.evaluate("(list) => list.scrollTo(0, list.scrollHeight)")
    expect(reasons).to_have_attribute("data-more", "above")
    page.set_viewport_size({"width": 640, "height": 420})
    expect(reasons).not_to_have_attribute("data-fit", "")
    assert page.evaluate(FITTED)["room"] == 0, "the reasons kept a scroll box with room to spare"
    assert_in_window(page, [".scopa-hint > ul li", ".scopa-hint [data-action=hint-play]"],
                     "with the window taller")


# Presets with two or three other seats: Scopone (four players, ten cards each) and Scopa for
# three, the computer's turn played to the player's.
CROWDED = ["game=scopa&variant=scopone&seed=77", "game=scopa&variant=scopa_three&seed=7"]


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 640, "height": 360})
@pytest.mark.parametrize("deal", CROWDED, ids=["scopone-77", "scopa_three-7"])
def test_two_or_three_other_seats_leave_the_table_and_the_hand_in_the_window_on_its_side(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, deal: str) -> None:
    """Play-test 13 (Scopone in Russian, a touch phone on its side, 640x360): the three other
    seats' panels, stacked full-size in the left column, filled the window; the table and the
    player's hand lay under its edge, the right half empty felt. The other seats now share a
    compact strip under the top bar: unscrolled, every other seat, the table's cards, the
    hand's cards and the Hint button are whole in the window; with the hint open the hint,
    its "Сыграть этот ход", the table and the hand are too (the strip waits under the
    actions)."""
    open_on_its_side(page, site_url, wait_ready, deal)
    assert page.evaluate("scrollY") == 0
    assert_in_window(page, [*BESIDE, ".scopa-others .seat", ".actions [data-action=hint]"],
                     "at the start", one_window=False)
    page.locator(".actions [data-action=hint]").tap()
    page.locator(".scopa-hint [data-action=hint-play]").wait_for()
    scopa_settle(page)
    page.wait_for_function(STILL)
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") == 0, "opening the hint scrolled the page"
    assert_in_window(page, [*BESIDE, ".scopa-hint", ".scopa-hint [data-action=hint-play]"],
                     "with the hint open", one_window=False)


# How many rows the shown children of each element of `sel` take (a child starts a new row
# when its top lies below the bottom of every child of the row so far), each with its text:
# a head or a panel whose parts wrap takes more rows than it was laid out for. Zero-size
# children (an empty status) do not count; a box with `display: contents` (the strip's seat
# head) is looked through.
ROWS = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.getClientRects().length)
  .map((el) => {
    const parts = [];
    const walk = (box) => {
      for (const child of box.children) {
        if (getComputedStyle(child).display === "contents") { walk(child); continue; }
        const r = child.getBoundingClientRect();
        if (r.width >= 1 && r.height >= 1) parts.push(r);
      }
    };
    walk(el);
    parts.sort((a, b) => a.top - b.top);
    let rows = 0, bottom = -Infinity;
    for (const r of parts) {
      if (r.top >= bottom - 1) { rows += 1; bottom = r.bottom; }
      else bottom = Math.max(bottom, r.bottom);
    }
    return {rows, text: el.textContent.trim().replace(/\\s+/g, " ").slice(0, 60),
            height: Math.round(el.getBoundingClientRect().height)};
  })"""

# Each shown element of `sels` whose words the page breaks over more than one line (a line
# starts where a piece of its text starts below the previous pieces' bottom), with its text.
BROKEN_TEXT = """(sels) => sels.flatMap((sel) => [...document.querySelectorAll(sel)]
  .filter((el) => el.getClientRects().length && el.textContent.trim()).flatMap((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 2)
      .sort((a, b) => a.top - b.top);
    let lines = 0, bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) lines += 1;
      bottom = Math.max(bottom, r.bottom);
    }
    return lines > 1 ? [`${sel}: ${el.textContent.trim()} (${lines} lines)`] : [];
  }))"""
# The texts of the other seats' strip, each one line.
STRIP_TEXTS = [".scopa-others .seat-name", ".scopa-others .scopa-taken", ".scopa-others .chip",
               ".scopa-others .scopa-marks"]


# The sweep's pill on the table's head: its height and what one line of its text needs.
BADGE = """() => {
  const b = document.querySelector(".felt .scopa-sweep-badge");
  if (!b) return null;
  const s = getComputedStyle(b);
  const line = s.lineHeight === "normal" ? 1.4 * parseFloat(s.fontSize) : parseFloat(s.lineHeight);
  return {height: b.getBoundingClientRect().height, line,
          room: parseFloat(s.paddingTop) + parseFloat(s.paddingBottom)
            + parseFloat(s.borderTopWidth) + parseFloat(s.borderBottomWidth)};
}"""


def check_side_turn(page: Page, when: str, strip: list[dict[str, Any]]) -> int:
    """At the player's turn on a phone on its side (Scopone or Scopa for three): the page is one
    window with the Hint button, the other seats, the table's and the hand's cards whole in it;
    every other seat's panel keeps its two rows and its height at the deal's start (``strip``),
    the player's seat head is one row, six table cards or fewer lie on one row, and the sweep's
    pill is one line tall. Answers how many pills there were (0 or 1)."""
    needed = [*BESIDE, ".scopa-others .seat", ".actions [data-action=hint]"]
    if not page.locator(".felt .scopa-table-cards .card").count():
        needed = [sel for sel in needed if sel != ".felt .card"]
    assert_in_window(page, needed, when)
    panels: list[dict[str, Any]] = page.evaluate(ROWS, ".scopa-others .seat")
    assert all(p["rows"] == 2 for p in panels), (when, panels)
    broken = page.evaluate(BROKEN_TEXT, [*STRIP_TEXTS, ".seat.me .seat-head > *",
                                         ".felt .scopa-felt-head > *"])
    assert not broken, (when, broken)
    assert [p["height"] for p in panels] == [p["height"] for p in strip], (when, panels, strip)
    head: list[dict[str, Any]] = page.evaluate(ROWS, ".seat.me .seat-head")
    assert head[0]["rows"] == 1, (when, head)
    rows = page.evaluate("""() => new Set([...document.querySelectorAll(
      ".felt .scopa-table-cards > li")].map((c) => Math.round(c.getBoundingClientRect().top)))
      .size""")
    cards = page.locator(".felt .scopa-table-cards > li").count()
    assert cards > 6 or rows <= 1, (when, cards, rows)
    badge: dict[str, float] | None = page.evaluate(BADGE)
    if badge is None:
        return 0
    assert badge["height"] <= badge["line"] * 1.3 + badge["room"], (when, badge)
    return 1


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 640, "height": 360})
@pytest.mark.parametrize(("deal", "turns"), [(CROWDED[0], 10), (CROWDED[1], 12)],
                         ids=["scopone-77", "scopa_three-7"])
def test_two_or_three_other_seats_fit_a_phone_on_its_side_through_a_deal(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, deal: str,
        turns: int) -> None:
    """Play-test 17 (Russian, a touch phone on its side, 640x360). Scopone seed 77: once a
    computer swept, its «СКОПА» wrapped the fan of backs onto a third row of its panel, the
    strip grew and the page was 367-382 px tall, «Подсказка» cut at the window's bottom edge;
    the table's «Скопа!» stood as a tall gold blob beside «Последняя сдача раунда» on two
    lines. Scopa for three seed 7: a sixth table card went to a second row and the top bar
    took three lines (a page of 397 px). At each of the player's turns (ten, twelve), with the
    first legal card played, the page is one window with the Hint button whole in it; each
    other seat keeps its two rows (the sweeps on the name's line, the count beside its fan),
    the player's head one row, six table cards one row, the pill one line."""
    open_on_its_side(page, site_url, wait_ready, deal)
    strip: list[dict[str, Any]] = page.evaluate(ROWS, ".scopa-others .seat")
    pills = 0
    for turn in range(turns):
        data = scopa_settle(page)
        if data.get("phase") != "play":
            break
        page.wait_for_function(STILL)
        pills += check_side_turn(page, f"turn {turn + 1}", strip)
        card = page.locator(".scopa-hand-cards button[data-legal=true]").first
        ways = int(card.get_attribute("data-moves") or "1")
        card.tap()
        if ways > 1:  # the choice of its captures opens: the first is played
            page.locator(".scopa-choices [data-action=choose-capture]").first.tap()
    else:
        turn = turns
    assert turn >= turns - 1, f"{turn} turns"
    if "scopone" in deal:
        assert pills >= 1, "no sweep was said on the table"


def play_the_tabla(page: Page, site_url: str, wait_ready: Ready) -> None:
    """Tablić seed 3 in Russian (tests/e2e/test_tablic.py): the seven of spades takes the
    whole table (a tabla, «ТАБЛА» beside the player), pressed on its table cards; then the
    computer's reply, still."""
    page.goto(f"{site_url}?game=tablic&seed=3&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    scopa_settle(page)
    page.locator(".scopa-hand-cards button[data-card='7S']").click()
    for card in ("3D", "7H", "6C"):
        page.locator(f".tablic-pick[data-card='{card}']").click()
    scopa_settle(page)
    page.wait_for_function(STILL)
    expect(page.locator(".seat.me .scopa-marks")).to_have_attribute("data-sweeps", "1")


@permuted(("width", "height"), [(640, 360), (360, 640)],
                         ids=["on-its-side", "upright"])
def test_a_tabla_and_the_open_hint_fit_a_phone(page: Page, watch: Any, site_url: str,
                                               wait_ready: Ready, width: int,
                                               height: int) -> None:
    """Play-test 17 (Tablić in Russian, seed 3 after the player's tabla): «ТАБЛА» beside «Вы
    · сдающий · ходит · взято: 6 карт» went to a line of its own (a page of 366 px on its
    side), and with the hint open the page was 398-413 px on its side (the Computer's panel
    under the actions, cut at the window's edge) and 689-774 px upright. The player's head is
    one row; with the hint open the page is one window, the hint, its «Сыграть этот ход», the
    buttons, the other seat, the table's and the hand's cards all in it."""
    page.set_viewport_size({"width": width, "height": height})
    play_the_tabla(page, site_url, wait_ready)
    head: list[dict[str, Any]] = page.evaluate(ROWS, ".seat.me .seat-head")
    assert head[0]["rows"] == 1, head
    assert_in_window(page, [*BESIDE, ".scopa-others .seat", ".actions [data-action=hint]"],
                     "after the tabla")
    page.keyboard.press("h")
    page.locator(".scopa-hint [data-action=hint-play]").wait_for()
    scopa_settle(page)
    page.wait_for_function(STILL)
    page.wait_for_timeout(300)
    assert_in_window(page, [*BESIDE, ".scopa-others .seat", ".scopa-hint",
                            ".scopa-hint [data-action=hint-play]",
                            ".actions [data-action=hint]", ".actions [data-action=lay-down]"],
                     "with the hint open")


@permuted("lang", ["ru", "en"])
def test_cassinos_open_hint_and_its_button_are_whole_on_a_phone_on_its_side(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 10 (Russian, 640x360): Cassino's open hint was a 37 px strip scrolling
    inside itself under the actions, its «Сыграть этот ход» button out of sight. At each turn
    of a deal the open hint's text and its button are whole, in the window and cut by no box
    (the page grows under the hint and scrolls it into view, as on an upright phone), its
    table and hand cards in view; after the move the page is one window again."""
    page.set_viewport_size({"width": 640, "height": 360})
    # think=50: the hint's search at its shortest (any hint's layout is what is checked)
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&movelist=0&lang={lang}&think=50")
    wait_ready(page)
    rng = random.Random(1)
    for turn in range(6):
        if settle(page)["phase"] != "play":
            break
        page.keyboard.press("h")
        page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)
        hint_shown_whole(page, f"turn {turn}")
        assert_nothing_clipped(page, [".actions .advice", ".actions .advice .advice-reasons li",
                                      ".actions .advice [data-action=use-hint]"],
                               f"turn {turn}, the hint")
        page.locator(".hand-cards button").first.focus()
        play_one_turn(page, rng)
        if settle(page)["phase"] == "play":
            assert_fits(page, ".hand-cards button.hand-card", CASSINO_AREAS, f"after turn {turn}")


# Each cell of ``sel`` and the number of lines its text takes.
SHEET_LINES = """(sel) => [...document.querySelectorAll(sel)]
  .filter((td) => td.textContent.trim())
  .map((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    // A new line starts where a piece of text starts below the current line's bottom (the
    // count's smaller letters end higher on the same line).
    const rects = [...range.getClientRects()].filter((r) => r.width > 0)
      .sort((a, b) => a.top - b.top);
    let lines = 0, bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) lines += 1;
      bottom = Math.max(r.top >= bottom - 1 ? r.bottom : bottom, r.bottom);
    }
    return {row: td.parentElement.dataset.category || "", text: td.textContent.trim(), lines};
  })"""


def test_the_score_sheets_figures_are_one_line_on_a_phone(page: Page, watch: Any, site_url: str,
                                                          wait_ready: Ready) -> None:
    """Play-test 9 (Russian, 360x640): the round's sheet broke "3 (29)" in the "You" column
    over two lines. A whole first round (the first move offered each turn), then every
    figure cell of the sheet is one line, so are the totals' names, and the sheet is no wider
    than the window."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed={SEED}&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    play_the_round_by_first_moves(page)
    expect(page.locator(".score-sheet")).to_be_visible()
    cells: list[dict[str, Any]] = page.evaluate(SHEET_LINES, ".score-sheet td")
    assert any("(" in cell["text"] for cell in cells), cells
    assert all(cell["lines"] == 1 for cell in cells), [c for c in cells if c["lines"] != 1]
    # With the figures' columns no wider than they need, the totals' names have room for one
    # line ("Итого за раунд", "Итого в партии" took two).
    totals: list[dict[str, Any]] = page.evaluate(
        SHEET_LINES, ".score-sheet tr.total th, .score-sheet tr.match th")
    assert len(totals) == 2, totals
    assert all(cell["lines"] == 1 for cell in totals), totals
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


BUTTON_BOXES = """(sel) => [...document.querySelectorAll(sel)].map((b) => {
  const r = b.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
})"""


def test_the_family_sheets_buttons_keep_their_words_on_one_line_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 9 (Russian, 360x640): on Pishti's round sheet "Следующий раунд" and "Повтор
    раунда" each broke over two lines, the two buttons touching. Pishti to 5, seed 7 (round 1
    ends 8:8, tests/e2e/test_pishti.py): each of the sheet's buttons is one line, they do not
    touch, and both are inside the window."""
    play_the_tied_round(page, site_url, wait_ready, "ru")
    expect(page.locator(".scopa-sheet [data-action=replay-round]")).to_be_visible()
    where = ".scopa-sheet .sheet-actions button"
    buttons: list[dict[str, Any]] = page.evaluate(SHEET_LINES, where)
    assert len(buttons) == 2 and all(b["lines"] == 1 for b in buttons), buttons
    boxes: list[dict[str, float]] = page.evaluate(BUTTON_BOXES, where)
    first, second = boxes
    apart = second["left"] - first["right"] >= 4 or second["top"] - first["bottom"] >= 4
    assert apart, boxes
    assert all(b["left"] >= 0 and b["right"] <= 360 for b in boxes), boxes
