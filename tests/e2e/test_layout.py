"""The table fits the window: the opponents' area, the table, the whole hand and the actions
are on screen together without scrolling, and nothing covers a hand card (issue 14, item 1).

Each Cassino case opens a fixed deal for one player count and checks, at every window size
(resized in place), three moments: the start of the game, with a hint open, and after the
player's move (a trail or the first move that can be built with clicks, as test_crowded.py
plays). "Nothing covers a card" is ``document.elementFromPoint`` at the card's centre and its
four corners (2 px in): each must be the card's button or something inside it.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cassino_core.api import Session
from tests.e2e.conftest import permuted
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_crowded import play_one_turn
from tests.e2e.test_display import store_display
from tests.e2e.test_match import Ready, settle
from tests.e2e.test_replay import load_record_text
from tests.e2e.test_scopa import settle as scopa_settle

VIEWPORTS = [(360, 640), (640, 360), (768, 1024), (1280, 800)]
PLAYERS = [2, 3, 4, 5, 6]

# For each selector, its boxes and whether each lies inside the window; then, for every hand
# card, the points (centre and corners, 2 px in) where something else is on top of it.
CHECK = """([hand, areas]) => {
  const vw = innerWidth, vh = innerHeight;
  const inside = (b) => b.top >= 0 && b.left >= 0 && b.bottom <= vh + 0.5 && b.right <= vw + 0.5;
  const out = {scrollY: scrollY, scrolls: document.documentElement.scrollHeight > vh + 1,
               missing: [], outside: [], covered: []};
  for (const sel of areas) {
    const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    if (!els.length) out.missing.push(sel);
    for (const e of els) {
      const b = e.getBoundingClientRect();
      if (!inside(b)) out.outside.push(`${sel} ${Math.round(b.top)}..${Math.round(b.bottom)}`);
    }
  }
  const cards = [...document.querySelectorAll(hand)];
  if (!cards.length) out.missing.push(hand);
  for (const card of cards) {
    const b = card.getBoundingClientRect();
    const at = `${Math.round(b.top)}..${Math.round(b.bottom)}`;
    if (!inside(b)) out.outside.push(`${hand} ${card.dataset.card} ${at}`);
    const l = b.left + 2, r = b.right - 2, t = b.top + 2, d = b.bottom - 2;
    const points = [[(l + r) / 2, (t + d) / 2], [l, t], [r, t], [l, d], [r, d]];
    for (const [x, y] of points) {
      const top = document.elementFromPoint(x, y);
      if (!top || !(top === card || card.contains(top))) {
        const what = top ? top.outerHTML.slice(0, 80) : "nothing";
        out.covered.push(`${card.dataset.card} at ${Math.round(x)},${Math.round(y)}: ${what}`);
      }
    }
  }
  return out;
}"""

# What must be in the window: the others' seats, the table, the player's seat and hand, the
# move's preview line and the action buttons with Hint. Every last-move line shown must be in
# it too (a phone leaves the player's own, and those of three or more others, to "Last moves").
CASSINO_AREAS = [".opponents", ".felt", ".seat.me", ".actions .preview",
                 ".actions .action-buttons", ".actions .hint-button"]
JACK_AREAS = [".jack-seat.them .hidden-hand", ".jack-felt", ".jack-actions"]


def assert_fits(page: Page, hand: str, areas: list[str], when: str,
                shown: tuple[str, ...] = (".last-move", ".advice"), scrolled: bool = False) -> None:
    """``areas`` (each must be shown) and those of ``shown`` that are shown lie inside the
    window, the page is not scrolled (unless ``scrolled``: a phone's open hint, which the
    page shows whole and scrolls into view), and nothing covers a card of ``hand``.

    Checked again every 0.1 s for up to FITS_SETTLE_S while it fails: the page may still be
    laying out or scrolling the hint into view (a loaded machine took more than 0.1 s, the
    stop-24 run); the assertion is on the layout the page settles on."""
    deadline = time.monotonic() + FITS_SETTLE_S
    while True:
        try:
            check_fits(page, hand, areas, when, shown, scrolled)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(100)


FITS_SETTLE_S = 5.0


def check_fits(page: Page, hand: str, areas: list[str], when: str, shown: tuple[str, ...],
               scrolled: bool) -> None:
    """One look at the layout for :func:`assert_fits`."""
    result: dict[str, Any] = page.evaluate(CHECK, [hand, areas])
    extra: dict[str, Any] = page.evaluate(CHECK, [hand, list(shown)])
    result["outside"] += extra["outside"]
    if not scrolled:
        assert result["scrollY"] == 0, f"{when}: the page is scrolled by {result['scrollY']}"
    assert not result["missing"], f"{when}: not shown: {result['missing']}"
    assert not result["outside"], f"{when}: out of the window: {result['outside']}"
    assert not result["covered"], f"{when}: a hand card is covered: {result['covered']}"


def seats(players: int) -> str:
    return "h" + "c" * (players - 1)


def assert_fits_everywhere(page: Page, hand: str, areas: list[str], when: str,
                           first: tuple[int, int], hint: bool = False) -> None:
    """:func:`assert_fits` at every size of VIEWPORTS, the window resized in place (as a phone
    turned or a window dragged), starting with ``first``, the size the page was loaded at,
    and back to it at the end. With ``hint`` (a hint is open) a phone-wide window (600 px or
    less) may scroll the page and leave the others' seats above it (play-test 8), and so may a
    phone on its side (500 px tall or less): the hint is shown whole there too, its button
    with it, the page longer than the window under it (play-test 10: kept to one window, the
    hint was a 37 px strip scrolling inside itself, its button out of sight). On an upright
    phone the turn's prompt, while nothing is chosen, gives its line to the open hint (its
    title says what to play: play-test 22)."""
    order = [first, *(size for size in VIEWPORTS if size != first)]
    for width, height in order:
        page.set_viewport_size({"width": width, "height": height})
        phone = hint and (width <= 600 or height <= 500)
        shown = (".advice",) if phone else (".last-move", ".advice")
        # An upright phone's idle prompt gives its line to the hint (app.css, play-test 22).
        where = [area for area in areas if area != ".opponents"
                 and not (width <= 600 and area == ".actions .preview")] if phone else areas
        assert_fits(page, hand, where, f"{when}, {width}x{height}", shown=shown, scrolled=phone)
    page.set_viewport_size({"width": first[0], "height": first[1]})


@pytest.mark.parametrize("players", PLAYERS)
def test_hand_and_actions_fit_the_window(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready, players: int) -> None:
    """Each player count is loaded at one size (the sizes taken in turn, so that every size is
    also a first layout) and checked at all four at each moment: one page boot per player
    count instead of one per size (issue 17, faster tests)."""
    first = VIEWPORTS[PLAYERS.index(players) % len(VIEWPORTS)]
    page.set_viewport_size({"width": first[0], "height": first[1]})
    page.goto(f"{site_url}?variant=classic&players={players}&seats={seats(players)}"
              "&seed=7&delay=0&level=beginner&movelist=0&think=50")  # a short hint search
    wait_ready(page)
    data = settle(page)
    assert data["phase"] == "play" and data["players"] == str(players)
    hand = ".hand-cards button.hand-card"
    assert_fits_everywhere(page, hand, CASSINO_AREAS, "at the start", first)
    if players == 2:  # the one other seat's last move is always on show
        assert_fits_everywhere(page, hand, [".opponents .last-move"], "the other's last move",
                               first)

    page.keyboard.press("h")
    page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)
    page.wait_for_timeout(100)
    # A phone shows an open hint whole (play-test 8): when one window cannot hold it (six
    # players), the page grows under it and scrolls it into view, so the others' seats may
    # leave the window's top; the table, the hand, the actions and the hint stay in it.
    assert_fits_everywhere(page, hand, [*CASSINO_AREAS, ".advice"], "with a hint open", first,
                           hint=True)

    page.locator(".hand-cards button").first.focus()
    play_one_turn(page, random.Random(players))
    data = settle(page)
    assert data["phase"] == "play"
    page.wait_for_timeout(100)
    assert_fits_everywhere(page, hand, CASSINO_AREAS, "after a move", first)


@permuted(("width", "height"), VIEWPORTS, ids=lambda v: str(v))
def test_california_jack_fits_the_window(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner")
    wait_ready(page)
    jack_settle(page)
    hand = ".jack-hand-cards button"
    assert_fits(page, hand, JACK_AREAS, "at the start")
    page.keyboard.press("h")
    page.wait_for_selector(".jack-hint", timeout=30_000)
    page.wait_for_timeout(100)
    # A phone shows an open hint whole: the page grows under it and scrolls it into view, so
    # the other seat may leave the window's top (jack.css); the table with the card to follow,
    # the hand and the hint stay in it, and the page is one window again after the move.
    phone = width <= 600
    assert_fits(page, hand, JACK_AREAS[1:] if phone else JACK_AREAS, "with a hint open",
                shown=(".jack-hint",), scrolled=phone)
    page.locator(f"{hand}:not([aria-disabled=true])").first.click()
    jack_settle(page)
    page.wait_for_timeout(100)
    assert_fits(page, hand, JACK_AREAS, "after a trick", shown=(".trick-cards .card",))
    # The other seat's name, tricks and the card it was seen to draw keep the seat's width:
    # beside its backs they were squeezed to a word a line, the line over the backs (a new
    # player's run on a Russian phone).
    expect(page.locator(".jack-seat.them .known-line")).to_be_visible()
    widths = page.evaluate("""() => {
      const seat = document.querySelector(".jack-seat.them").getBoundingClientRect();
      const won = document.querySelector(".jack-seat.them .jack-won").getBoundingClientRect();
      const line = document.querySelector(".jack-seat.them .known-line").getBoundingClientRect();
      const backs = document.querySelector(".jack-seat.them .hidden-hand").getBoundingClientRect();
      return {seat: seat.width, won: won.width, lineTop: line.top, backsBottom: backs.bottom};
    }""")
    assert widths["won"] >= 0.4 * widths["seat"], widths
    if width <= 600 or height <= 500:  # phones: the line under the backs (wider: beside them)
        assert widths["lineTop"] >= widths["backsBottom"] - 1, widths


# Every control shown, with the box it offers a finger or a mouse (CSS px).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a[href], select, input, summary, [role=button], [role=menuitem]')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && r.height > 0 && (r.width < 24 || r.height < 24))
  .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} [${e.dataset.action || ''}] `
       + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.mark.parametrize("game", ["cassino", "jack"])
def test_every_control_on_a_phone_is_big_enough_to_tap(page: Page, watch: Any, site_url: str,
                                                       wait_ready: Ready, game: str) -> None:
    """At 360x640 every control of the table, of an open hint and of the open menu is at least
    24x24 CSS px (WCAG 2.2, 2.5.8 "Target Size (Minimum)"): the hint's "Play this move" link
    was 18 px high."""
    page.set_viewport_size({"width": 360, "height": 640})
    if game == "jack":
        page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner")
        wait_ready(page)
        jack_settle(page)
        advice = ".jack-hint"
    else:
        page.goto(f"{site_url}?seed=7&delay=0&level=beginner")
        wait_ready(page)
        settle(page)
        advice = "#app[data-advice=shown]"
    assert page.evaluate(SMALL_TARGETS) == [], "at the start"
    page.keyboard.press("h")
    page.wait_for_selector(advice, timeout=30_000)
    assert page.evaluate(SMALL_TARGETS) == [], "with a hint open"
    page.locator("#app [data-action=menu]").click()
    page.wait_for_selector("#app .menu-panel button.menu-item")
    assert page.evaluate(SMALL_TARGETS) == [], "with the menu open"


# Each button of Cassino's action row: its words, and on how many lines they lie.
ACTION_LINES = """() => [...document.querySelectorAll(".actions .action-buttons > button")]
  .map((b) => {
  const range = document.createRange();
  range.selectNodeContents(b);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return [b.textContent.trim(), tops.size];
})"""


@permuted("lang", ["ru", "uk", "en"])
def test_cassinos_action_buttons_each_keep_to_one_line_on_a_phone(page: Page, watch: Any,
                                                                  site_url: str,
                                                                  wait_ready: Ready,
                                                                  lang: str) -> None:
    """Russian phone play-test (360x640): «Снять выбор» was squeezed onto two lines beside
    «Сбросить», «Подтвердить» and «Подсказка»; it became «Отмена», which a later phone
    play-test read as «Отменить ход» (undo); it is «Очистить» now, the row a little tighter.
    Every button of the row keeps its words on one line, in each language, and the four share
    one row."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    lines = page.evaluate(ACTION_LINES)
    assert len(lines) >= 4, lines
    assert all(n == 1 for _, n in lines), lines
    if lang == "ru":
        assert ["Очистить", 1] in lines, lines
    # ...and the four share one row (Hint had gone to a row of its own).
    tops = page.evaluate("""() => new Set([...document.querySelectorAll(
      ".actions .action-buttons > button")].map((b) => Math.round(b.getBoundingClientRect().top)))
      .size""")
    assert tops == 1, lines


# The hint's "Play this move": where a finger reaches it, as the points 21.5 px above and below
# its middle and its own middle (elementFromPoint hits the button or its touch area there).
HINT_PLAY_REACH = """(sel) => {
  const b = document.querySelector(sel);
  const r = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = (r.top + r.bottom) / 2;
  return {height: r.height, bottom: r.bottom, window: innerHeight,
          hits: [y - 21.5, y, y + 21.5].map((at) => {
            const e = document.elementFromPoint(x, at);
            return Boolean(e && e.closest(sel) === b);
          })};
}"""


@pytest.mark.parametrize(("game", "size"), [
    ("cassino", (360, 640)), ("scopa", (360, 640)), ("california_jack", (360, 640)),
    ("scopa", (640, 360)),
])
def test_the_hints_play_link_is_a_44_px_target_on_a_phone(page: Page, watch: Any,
                                                          site_url: str, wait_ready: Ready,
                                                          game: str,
                                                          size: tuple[int, int]) -> None:
    """Russian phone play-test: the hint's «Сыграть этот ход» was a 24 px high link on every
    page. On a phone (upright; the fishing page on its side too, where it follows the reasons
    on their line) a finger 21.5 px above or below its middle still presses it: 44 px."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    if game == "california_jack":
        page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner&lang=ru")
        wait_ready(page)
        jack_settle(page)
        link = ".jack-hint [data-action=hint-play]"
    elif game == "scopa":
        page.goto(f"{site_url}?game=scopa&seed=2&delay=0&level=beginner&lang=ru")
        wait_ready(page)
        scopa_settle(page)
        link = ".scopa-hint [data-action=hint-play]"
    else:
        page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang=ru&think=50")
        wait_ready(page)
        settle(page)
        link = ".advice [data-action=use-hint]"
    page.locator("#app [data-action=hint]").click()
    page.locator(link).wait_for()
    expect(page.locator(link)).to_have_text("Сыграть этот ход")
    page.locator(link).scroll_into_view_if_needed()
    reach = page.evaluate(HINT_PLAY_REACH, link)
    assert reach["hits"] == [True, True, True], reach


def test_a_table_scrolling_inside_itself_shows_there_is_more(page: Page, watch: Any,
                                                             site_url: str,
                                                             wait_ready: Ready) -> None:
    """When the table is taller than its box (a short window, two rows of cards and the hint
    open), its lower edge says so (data-more="below": "▼ more cards" there) until the player
    scrolls to its end; a new player on a phone did not see the second row that the hint then
    named.
    Scrolled down, its upper edge says so too (data-more="above", or "both" in between): the
    table scrolls to the last move's cards, and a row partly hidden above must not be missed."""
    page.set_viewport_size({"width": 360, "height": 560})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    felt = page.locator(".felt")
    for _ in range(6):
        if page.evaluate("() => { const f = document.querySelector('.felt');"
                         " return f.scrollHeight > f.clientHeight + 4; }"):
            break
        page.locator(".hand-cards button").first.click()
        page.locator("[data-action=trail]").click()
        page.locator("[data-action=confirm]").click()
        settle(page)
    else:
        pytest.fail("the table never outgrew its box")
    # The card just trailed is scrolled into view (at the table's end); from the top, the sign.
    felt.evaluate("(f) => { f.scrollTop = 0; }")
    expect(felt).to_have_attribute("data-more", "below")
    felt.evaluate("(f) => { f.scrollTop = f.scrollHeight; }")
    expect(felt).to_have_attribute("data-more", "above")
    if felt.evaluate("(f) => f.scrollHeight - f.clientHeight > 12"):
        felt.evaluate("(f) => { f.scrollTop = (f.scrollHeight - f.clientHeight) / 2; }")
        expect(felt).to_have_attribute("data-more", "both")
    felt.evaluate("(f) => { f.scrollTop = 0; }")
    expect(felt).to_have_attribute("data-more", "below")


def crowded_record(moves: int = 8, keep: int | None = None) -> str:
    """A Classic deal (seed 7) where both seats trail the first card they may for ``moves``
    moves, you against the beginner: after the first deal's eight, twelve loose cards lie on
    the table and it is your turn with four new cards. With ``keep``, a seat trails only while
    fewer than ``keep`` loose cards lie on the table, else it takes what its first capture
    takes: 40 moves keeping 16 reach the last deal (the stock empty) on a crowded table. The
    engine writes the record (both seats played as humans) and the seats' tags then name the
    computer."""
    session = Session()

    def ask(**request: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
        assert "error" not in answer, (request, answer)
        return answer

    view = ask(op="new_game", seed=7, seats=["human", "human"])["view"]
    for _ in range(moves):
        seat = view["turn"]
        legal = ask(op="legal_moves", seat=seat)["moves"]
        trails = [m for m in legal if m["kind"] == "trail"]
        takes = [m for m in legal if m["kind"] == "capture"]
        crowded = keep is not None and len(view["table"]["loose"]) >= keep
        move = takes[0] if takes and (crowded or not trails) else trails[0]
        view = ask(op="play", seat=seat, move=move["text"])["view"]
    assert view["turn"] == 0 and view["phase"] == "play", view
    assert keep is not None or len(view["table"]["loose"]) == 4 + moves, view["table"]
    text: str = ask(op="export_record")["text"]
    tags = ('[Seats "human human"]', '[Levels "- -"]')
    assert all(tag in text for tag in tags), text
    return (text.replace(tags[0], '[Seats "human computer"]')
            .replace(tags[1], '[Levels "- beginner"]'))


# The table's items cut by its box's upper or lower edge (their data-item), each sign's label
# ("▲"/"▼ more cards") shown or not and whether it lies inside the box, and the points of the
# items' visible parts where something outside the table is on top (the computer's panel).
TABLE_EDGES = """() => {
  const felt = document.querySelector(".felt");
  const b = felt.getBoundingClientRect();
  const top = b.top + felt.clientTop, bottom = top + felt.clientHeight;
  const items = [...felt.querySelectorAll(".table-items > li > .table-item")]
    .map((e) => [e.dataset.item, e.getBoundingClientRect()]);
  const sign = (side) => {
    const label = felt.querySelector(`.more-cards.${side} > .more-cards-label`);
    const r = label && label.getClientRects().length ? label.getBoundingClientRect() : null;
    return r && {text: label.textContent, inside: r.top >= top - 0.5 && r.bottom <= bottom + 0.5
                 && r.top >= 0 && r.bottom <= innerHeight + 0.5,
                 hidden: label.closest("[aria-hidden=true]") !== null,
                 focusable: label.tabIndex >= 0 || label.closest("[tabindex]") !== null};
  };
  const covered = [];
  for (const [item, r] of items) {
    const t = Math.max(r.top, top, 0) + 1, d = Math.min(r.bottom, bottom, innerHeight) - 1;
    if (d <= t) continue;
    for (const y of [t, (t + d) / 2, d]) {
      const x = (r.left + r.right) / 2;
      const at = document.elementFromPoint(x, y);
      if (!at || !felt.contains(at))
        covered.push(`${item} at ${Math.round(x)},${Math.round(y)}: ${at ? at.className : ""}`);
    }
  }
  return {above: items.filter(([, r]) => r.top < top - 1).map(([i]) => i),
          below: items.filter(([, r]) => r.bottom > bottom + 1).map(([i]) => i),
          inside: items.filter(([, r]) => r.top >= top - 1 && r.bottom <= bottom + 1)
            .map(([i]) => i),
          signAbove: sign("above"), signBelow: sign("below"), covered,
          scrollTop: felt.scrollTop, room: felt.clientHeight};
}"""


def table_edges(page: Page, when: str) -> dict[str, Any]:
    """The table's :data:`TABLE_EDGES` once each sign is shown exactly when items are cut on
    its side, inside the table's box, for the eye only (checked every 0.1 s for up to
    FITS_SETTLE_S: the table may still be scrolling), and nothing outside the table lies over
    its cards; fails with the last look otherwise."""
    deadline = time.monotonic() + FITS_SETTLE_S
    while True:
        seen: dict[str, Any] = page.evaluate(TABLE_EDGES)
        signs = [(seen["signAbove"], seen["above"]), (seen["signBelow"], seen["below"])]
        ok = (all(bool(sign) == bool(cut) for sign, cut in signs)
              and all(sign["inside"] and sign["hidden"] and not sign["focusable"]
                      for sign, _ in signs if sign)
              and not seen["covered"])
        if ok or time.monotonic() > deadline:
            assert ok, f"{when}: {json.dumps(seen, ensure_ascii=False)}"
            return seen
        page.wait_for_timeout(100)


@permuted("lang", ["ru", "en"])
def test_a_crowded_table_says_where_cards_are_hidden_on_a_phone(page: Page, watch: Any,
                                                                site_url: str,
                                                                wait_ready: Ready,
                                                                lang: str) -> None:
    """Play-test 10 (Russian, 360x640): a Classic table of a dozen loose cards scrolled inside
    its box with no sign of the cards out of sight: its bottom row was cut after a reload, its
    top row after a move (the box scrolled to the computer's build), under the computer's
    panel. Now "▼ ещё карты" / "▲ ещё карты" lie at the box's edge while cards are hidden
    there and only then (after loading, a reload, a move of each seat, each tap), a tap
    brings the hidden row into view, nothing outside the table lies over its cards, the
    signs are not read out nor focused (a keyboard reaches the last card, End in the table's
    row); on a desktop window the whole table fits and no sign is shown."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    load_record_text(page, crowded_record())
    settle(page)
    words = {"ru": ("▲ ещё карты", "▼ ещё карты"), "en": ("▲ more cards", "▼ more cards")}[lang]
    for when in ("loaded", "reloaded"):
        if when == "reloaded":
            # The loaded game's save is written after the page settles: a reload before it
            # lands resumes the game before the record (the CI of stop 30).
            expect(page.locator("#app")).to_have_attribute("data-save", "saved")
            page.reload()
            wait_ready(page)
            settle(page)
        expect(page.locator(".table-items > li")).to_have_count(12)  # the record's table
        seen = table_edges(page, when)
        assert len(seen["above"] + seen["below"] + seen["inside"]) == 12, seen
        assert not seen["above"] and seen["below"], (when, seen)  # the bottom row is cut
        assert seen["signBelow"]["text"] == words[1], seen

    # A tap on "▼" brings the first row cut at the bottom into view, whole.
    hidden = seen["below"]
    page.locator(".felt .more-cards.below > .more-cards-label").click()
    page.wait_for_function("document.querySelector('.felt').scrollTop > 0")
    seen = table_edges(page, "after a tap on the lower sign")
    assert set(hidden) & set(seen["inside"]), (hidden, seen)
    assert seen["above"] and seen["signAbove"]["text"] == words[0], seen
    # ...and one on "▲" the row then cut at the top.
    hidden = seen["above"]
    page.locator(".felt .more-cards.above > .more-cards-label").click()
    page.wait_for_function("document.querySelector('.felt').scrollTop === 0")
    seen = table_edges(page, "after a tap on the upper sign")
    assert set(hidden) <= set(seen["inside"]) and not seen["above"], (hidden, seen)

    # The keyboard reaches the last card: the box scrolls to it, whatever the signs say.
    page.locator(".table-items .table-item").first.focus()
    page.keyboard.press("End")
    last = page.evaluate("document.activeElement.dataset.item")
    seen = table_edges(page, "the last card focused")
    assert last in seen["inside"], (last, seen)

    # A move of each (you trail, the computer takes): the box scrolls to the computer's
    # cards; the signs follow.
    for turn in range(3):
        page.locator(".hand-cards button").first.click()
        page.locator("[data-action=trail]").click()
        page.locator("[data-action=confirm]").click()
        if settle(page)["phase"] != "play":
            break
        table_edges(page, f"after move {turn}")

    # A desktop window holds the whole table: no sign.
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = table_edges(page, "1280x800")
    assert not seen["above"] and not seen["below"], seen


# The stock's count ("Колода: 0") against the table's visible box, with the table scrolled
# inside it to each of ``tops`` (px) in turn: the count's place where it is cut or out of the
# box, and the box's scrolling range.
STOCK_COUNT_SCROLLED = """(tops) => {
  const felt = document.querySelector(".felt");
  const count = felt.querySelector(".stock .stock-count");
  const cut = [];
  for (const goal of tops) {
    felt.scrollTop = goal;
    const b = felt.getBoundingClientRect();
    const top = b.top + felt.clientTop, bottom = top + felt.clientHeight;
    const r = count.getBoundingClientRect();
    if (r.top < top - 0.5 || r.bottom > bottom + 0.5)
      cut.push(`scrolled ${felt.scrollTop}: ${Math.round(r.top)}..${Math.round(r.bottom)}`
               + ` in ${Math.round(top)}..${Math.round(bottom)}`);
  }
  return {cut, text: count.textContent, range: felt.scrollHeight - felt.clientHeight};
}"""


@permuted(("width", "height"), [(360, 640), (640, 360)], ids=lambda v: str(v))
def test_the_stock_count_stays_whole_on_a_scrolled_table_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, width: int,
        height: int) -> None:
    """Play-test (Russian, touch): on the last deal of a crowded Classic table "Колода: 0"
    beside the table's cards was cut in half by the table box's upper edge when the table was
    scrolled inside it (360x640), or scrolled out of sight (640x360). The stock stays at the
    top of the box: its count is whole inside the box at every scroll."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    load_record_text(page, crowded_record(40, keep=16))
    settle(page)
    range_ = page.evaluate("() => { const f = document.querySelector('.felt');"
                           " return f.scrollHeight - f.clientHeight; }")
    assert range_ > 20, "the last deal's table no longer scrolls inside its box"
    seen = page.evaluate(STOCK_COUNT_SCROLLED, list(range(0, range_ + 4, 4)))
    assert seen["text"] == "Колода: 0", seen
    assert not seen["cut"], seen


@pytest.mark.parametrize(("width", "height", "moves"), [(640, 360, 6), (640, 360, 8),
                                                      (360, 640, 6)], ids=str)
def test_no_sign_covers_a_hinted_card_on_a_crowded_table(page: Page, watch: Any,
                                                         site_url: str, wait_ready: Ready,
                                                         width: int, height: int,
                                                         moves: int) -> None:
    """Play-test (Russian, a phone on its side): with the hint open on a crowded table, "▲ ещё
    карты" lay over the top of the hinted cards (the table scrolled them to its very edge) and
    "▼ ещё карты" over the next row of them. The table brings the hinted cards in clear of
    the sign at that edge, and a sign that would still lie over one (a capture of more rows
    than the box holds) gives way to it: no sign shown covers a hinted card."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    load_record_text(page, crowded_record(moves))
    settle(page)
    page.keyboard.press("h")
    page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)
    assert page.locator(".table-item.hinted").count() >= 2
    deadline = time.monotonic() + FITS_SETTLE_S
    while True:  # the table may still be scrolling to the hinted cards
        page.wait_for_timeout(200)
        covered = page.evaluate(SIGNS_OVER_HINTED)
        if not covered or time.monotonic() > deadline:
            break
    assert not covered, covered


# Each hinted table item that a sign's label ("▲"/"▼ ещё карты", shown) lies over.
SIGNS_OVER_HINTED = """() => {
  const felt = document.querySelector(".felt");
  const labels = [...felt.querySelectorAll(".more-cards-label")]
    .filter((l) => l.getClientRects().length).map((l) => [l, l.getBoundingClientRect()]);
  const out = [];
  for (const item of felt.querySelectorAll(".table-item.hinted")) {
    const r = item.getBoundingClientRect();
    for (const [l, q] of labels)
      if (q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top)
        out.push(`${item.dataset.item} ${Math.round(r.top)}..${Math.round(r.bottom)} under`
                 + ` ${l.textContent} ${Math.round(q.top)}..${Math.round(q.bottom)}`);
  }
  return out;
}"""


@permuted(("width", "height"), [(360, 640), (412, 732)], ids=lambda v: str(v))
def test_a_two_row_table_shows_every_item_on_a_phone(page: Page, watch: Any, site_url: str,
                                                     wait_ready: Ready, width: int,
                                                     height: int) -> None:
    """Two players, a table grown to two rows of cards (the player and the computer trail): on a
    phone every table item is in view without scrolling the table. Before, the move box took
    the room and the table showed one row, so a new player did not see the computer's build on
    the second row (a run on a Russian phone)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    rows = """() => new Set([...document.querySelectorAll('.table-items > li')]
      .map((li) => Math.round(li.getBoundingClientRect().top))).size"""
    for _ in range(4):
        if page.evaluate(rows) >= 2:
            break
        page.locator(".hand-cards button").first.click()
        page.locator("[data-action=trail]").click()
        page.locator("[data-action=confirm]").click()
        settle(page)
        page.wait_for_timeout(100)
    felt = page.evaluate("""() => { const f = document.querySelector('.felt');
      const box = f.getBoundingClientRect();
      const rows = new Set([...f.querySelectorAll('.table-items > li')]
        .map((li) => Math.round(li.getBoundingClientRect().top)));
      const hidden = [...f.querySelectorAll('.table-items > li')].filter((li) => {
        const r = li.getBoundingClientRect();
        return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5; }).length;
      return {rows: rows.size, hidden, scrolls: f.scrollHeight > f.clientHeight + 1,
              inWindow: box.bottom <= innerHeight + 0.5}; }""")
    assert felt["rows"] == 2, felt
    assert felt["hidden"] == 0 and not felt["scrolls"] and felt["inWindow"], felt


# Each table item the last move changed (``.recent``: its card is on the table): whether it lies
# inside the table's visible box, and whether it lies beyond the box's height from the top of
# the table (so the table had to scroll to show it); the page's scroll and the hand's bottom.
MOVED_IN_VIEW = """() => {
  const felt = document.querySelector(".felt");
  const box = felt.getBoundingClientRect();
  const top = box.top + felt.clientTop, bottom = top + felt.clientHeight;
  const items = [...felt.querySelectorAll(".table-item.recent")].map((el) => {
    const r = el.getBoundingClientRect();
    return {item: el.dataset.item, build: el.classList.contains("build"),
            inside: r.top >= top - 0.5 && r.bottom <= bottom + 0.5,
            below: r.bottom - top + felt.scrollTop > felt.clientHeight + 0.5};
  });
  const hand = [...document.querySelectorAll(".hand-cards button")]
    .map((b) => b.getBoundingClientRect().bottom);
  return {items, scrollY, handBottom: Math.max(...hand), height: innerHeight,
          scrolls: felt.scrollHeight > felt.clientHeight + 1};
}"""


def test_what_the_last_move_put_on_a_crowded_table_is_in_view_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 5 (issue 15), a phone at 360x640: a table grown taller than its box scrolls
    inside it, and the computer's build added in the third row (seed 7, the player trailing)
    was below the fold, shown only by the fade at the table's lower edge. After every move the
    card it put on the table (the build holding it, or the trailed card) is inside the table's
    visible box, the page itself is not scrolled and the whole hand is in the window."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner")
    wait_ready(page)
    hidden_builds = 0  # builds the table had to scroll to show
    for turn in range(12):
        data = settle(page)
        if data["phase"] != "play":
            break
        seen = page.evaluate(MOVED_IN_VIEW)
        assert seen["scrollY"] == 0 and seen["handBottom"] <= seen["height"] + 0.5, (turn, seen)
        for item in seen["items"]:
            assert item["inside"], (turn, seen)
            hidden_builds += item["build"] and item["below"]
        page.locator(".hand-cards button").first.click()
        page.locator("[data-action=trail]").click()
        page.locator("[data-action=confirm]").click()
    assert hidden_builds >= 1, "no build fell below the table's fold: the deal no longer shows it"


# The trick column (its title, the two played cards with their names, the note under them) and
# the table box holding it, and how far each part reaches down (CSS px).
TRICK_IN_TABLE = """() => {
  const felt = document.querySelector(".jack-felt").getBoundingClientRect();
  const trick = document.querySelector(".jack-felt .trick");
  const last = document.querySelector(".jack-felt .last-trick");
  const parts = [trick, ...trick.querySelectorAll(".trick-card, figcaption, .trick-note"),
                 ...(last ? [last] : [])];
  const bottom = Math.max(...parts.map((e) => e.getBoundingClientRect().bottom));
  const top = Math.min(...parts.map((e) => e.getBoundingClientRect().top));
  return {feltTop: felt.top, feltBottom: felt.bottom, top, bottom,
          card: document.querySelector(".trick-card .card, .trick-card .stock-empty")
            .getBoundingClientRect().width};
}"""


@permuted("lang", ["ru", "uk", "en"])
def test_the_trick_fits_inside_the_table_on_a_phone(page: Page, watch: Any, site_url: str,
                                                    wait_ready: Ready, lang: str) -> None:
    """California Jack at 360x640: the trick's column, the two played cards with their players'
    names and the note under them, and the last trick lie inside the table's box, before and
    after a trick and four tricks in, in
    Russian, Ukrainian and English (in Russian it stood about 11 px below the box's edge, a
    play-test); its cards keep the size the page gives a card on a phone."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    jack_settle(page)
    hand = ".jack-hand-cards button"
    # Four tricks in, both seats' lines of cards seen drawn have grown to two lines in Russian
    # and "ждём…" under the empty trick was cut by the table's edge (play-test 4).
    for when, tricks in (("at the start", 0), ("after a trick", 1), ("after four tricks", 3)):
        for _ in range(tricks):
            page.locator(f"{hand}:not([aria-disabled=true])").first.click()
            jack_settle(page)
            page.wait_for_timeout(100)
        box: dict[str, float] = page.evaluate(TRICK_IN_TABLE)
        assert box["top"] >= box["feltTop"] - 0.5, (lang, when, box)
        assert box["bottom"] <= box["feltBottom"] + 0.5, (lang, when, box)
        assert box["card"] >= 40, (lang, when, box)
        assert_fits(page, hand, JACK_AREAS, f"{lang} {when}")


@permuted("lang", ["uk", "ru", "en"])
def test_the_last_deal_badge_is_never_under_the_buttons_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 5: at 360x640 in Ukrainian, on the last deal, the top bar's deal line shrank
    to about 70 px beside the Undo, New game and Menu buttons and its "last deal" badge ran
    under the first button. The deal line now takes a line of its own when the
    badge does not fit beside the buttons. The badge is the page's own (web/app.js renders
    ``span.last-deal-badge`` with the language's ``lastDeal`` words in the deal line); it is
    put there at the first deal so as not to play six deals for it."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=34&delay=0&lang={lang}")
    wait_ready(page)
    settle(page)
    boxes = page.evaluate("""async (lang) => {
      const words = await (await fetch(`i18n/${lang}.json`)).json();
      const badge = document.createElement("span");
      badge.className = "last-deal-badge";
      badge.textContent = words.lastDeal;
      document.querySelector(".topbar .deal-info").append(badge);
      const box = (e) => { const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height}; };
      return {badge: box(badge), page: document.documentElement.scrollWidth,
              buttons: [...document.querySelectorAll(".topbar .top-actions button")]
                .filter((b) => b.offsetParent !== null).map(box)};
    }""", lang)
    badge = boxes["badge"]
    assert boxes["buttons"], boxes
    assert badge["x"] >= 0 and badge["x"] + badge["w"] <= 360 and boxes["page"] <= 360, boxes
    assert badge["h"] < 24, boxes  # one line
    for button in boxes["buttons"]:
        apart = (badge["x"] + badge["w"] <= button["x"] or button["x"] + button["w"] <= badge["x"]
                 or badge["y"] + badge["h"] <= button["y"]
                 or button["y"] + button["h"] <= badge["y"])
        assert apart, (badge, button)


@pytest.mark.parametrize("game", ["game=cassino", "game=scopa", "game=california_jack",
                                  "variant=spade_royal", "variant=sudden_death"])
@permuted("lang", ["ru", "en"])
def test_the_deal_line_is_never_broken_beside_the_buttons_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, game: str, lang: str) -> None:
    """Stop 29: at 360x640 in English the game's name on the deal line (web/shell/shell.js
    nameTheGame) left "Round 1 · Deal 1 of 6" about 130 px beside Undo, New game and Menu, and
    it broke into "Round 1 ·" / "Deal 1 of 6": three lines of small text. Each part of the line
    stays whole (one line high), inside the window, and clear of every button. Cassino's
    variants with the longest names too (play-test 17: the title names the variant)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?{game}&seed=3&delay=0&lang={lang}")
    wait_ready(page)
    expect(page.locator(".topbar .deal-info .game-name")).to_be_visible()
    boxes = page.evaluate("""() => {
      const box = (e) => { const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, lines: e.getClientRects().length,
                text: e.textContent}; };
      const line = document.querySelector(".topbar .deal-info");
      return {parts: [...line.children].filter((e) => e.offsetParent !== null).map(box),
              lineHeight: parseFloat(getComputedStyle(line).fontSize) * 1.6,
              page: document.documentElement.scrollWidth,
              buttons: [...document.querySelectorAll(".topbar .top-actions button")]
                .filter((b) => b.offsetParent !== null).map(box)};
    }""")
    parts = boxes["parts"]
    assert len(parts) >= 2 and boxes["buttons"], boxes  # the game's name, then the deal
    assert boxes["page"] <= 360, boxes
    for part in parts:
        assert part["h"] <= boxes["lineHeight"], (part, boxes["lineHeight"])  # one line
        assert part["x"] >= 0 and part["x"] + part["w"] <= 360, part
        for button in boxes["buttons"]:
            apart = (part["x"] + part["w"] <= button["x"] or button["x"] + button["w"] <= part["x"]
                     or part["y"] + part["h"] <= button["y"]
                     or button["y"] + button["h"] <= part["y"])
            assert apart, (part, button)


@pytest.mark.parametrize(("query", "lang", "title"), [
    ("variant=finnish", "ru", "Финское Кассино"),
    ("variant=finnish", "en", "Finnish Kasino"),
    ("variant=sudden_death", "ru", "Кассино: Внезапная смерть"),
    ("variant=classic", "ru", "Кассино"),
    ("variant=royal", "uk", "Королівське Казино"),
])
def test_the_title_names_cassinos_variant(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready, query: str, lang: str,
                                         title: str) -> None:
    """Play-test 17: in Finnish Kasino the top bar said only «Кассино» (Escoba for three said
    «Эскоба на троих»). The title names the variant on the table; the classic game keeps the
    game's name."""
    page.goto(f"{site_url}?{query}&seed=3&delay=0&lang={lang}")
    wait_ready(page)
    expect(page.locator(".topbar h1")).to_have_text(title)


# The table's box and what lies in it, at one moment: whether the box scrolls sideways, the
# items (and the stock) reaching past its left or right edge, and the page's own width.
TABLE_ACROSS = """(sel) => {
  const felt = document.querySelector(sel.felt);
  const box = felt.getBoundingClientRect();
  const left = box.left + felt.clientLeft, right = left + felt.clientWidth;
  const out = [...felt.querySelectorAll("*")].filter((e) => e.getClientRects().length
      && !e.closest(".sr-only")).map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.left < left - 0.5 || r.right > right + 0.5))
    .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(r.left)}..`
         + `${Math.round(r.right)} in ${Math.round(left)}..${Math.round(right)}`);
  const stock = felt.querySelector(sel.stock);
  return {scrollWidth: felt.scrollWidth, clientWidth: felt.clientWidth, out,
          stock: Boolean(stock && stock.getClientRects().length),
          page: document.documentElement.scrollWidth, width: innerWidth};
}"""

# Each game that draws its stock on the table (Cassino's .stock beside the table's cards,
# California Jack's and Shasta Sam's beside the trick) and the fishing games, whose table head
# counts the stock. In both Draw Cassino deals (seed 7 with large cards, seed 2 with the usual
# ones) a multiple build pushed the stock past the table's right edge at 360 px (play-test 8).
STOCK_GAMES = [("variant=draw&seed=7&movelist=0", True), ("variant=draw&seed=2&movelist=0", False),
               ("variant=classic&seed=7&movelist=0", False), ("game=california_jack&seed=3", False),
               ("game=shasta_sam&seed=3", False), ("game=scopa&seed=7", True),
               ("game=pishti&seed=7", True), ("game=tablic&seed=7", True)]


@pytest.mark.parametrize(("deal", "large"), STOCK_GAMES, ids=lambda v: str(v))
def test_the_stock_stays_inside_the_table_on_a_phone(page: Page, watch: Any, site_url: str,
                                                     wait_ready: Ready, deal: str,
                                                     large: bool) -> None:
    """Play-test 8 (Russian, 360x640): with a multiple build on the table the stock stood past
    the table's right edge and the table scrolled sideways (393 px of content in a 344 px
    box). In every game with a stock on the table, for the first turns (builds made, cards
    taken), nothing on the table reaches past its box's sides and the table and the page do
    not scroll sideways; the stock is shown the while."""
    page.set_viewport_size({"width": 360, "height": 640})
    if large:
        store_display(page, json.dumps({"largeCards": True}))
    page.goto(f"{site_url}?{deal}&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    if large:
        expect(page.locator("html")).to_have_attribute("data-cards", "large")
    cassino = "game=" not in deal
    jack = "jack" in deal or "shasta" in deal
    selectors = {"felt": ".jack-felt" if jack else ".felt",
                 "stock": ".stock" if cassino or jack else ".scopa-stock"}
    rng = random.Random(1)
    for turn in range(8):
        data = settle(page) if cassino else jack_settle(page) if jack else scopa_settle(page)
        if data.get("phase") != "play":
            break
        page.wait_for_timeout(100)
        seen = page.evaluate(TABLE_ACROSS, selectors)
        assert seen["stock"], (turn, seen)
        assert seen["scrollWidth"] <= seen["clientWidth"], (turn, seen)
        assert not seen["out"], (turn, seen)
        assert seen["page"] <= seen["width"], (turn, seen)
        if cassino:
            page.locator(".hand-cards button").first.focus()
            play_one_turn(page, rng)
        elif jack:
            page.locator(".jack-hand-cards button:not([aria-disabled=true])").first.click()
        else:
            cards = page.locator(".scopa-hand-cards button:not([aria-disabled=true])")
            cards.nth(rng.randrange(cards.count())).click()
            choice = page.locator(".scopa-choices [data-action=choose-capture]")
            page.wait_for_timeout(200)
            if choice.count():
                choice.first.click()


# An open hint on the page: whether its box scrolls inside itself, its "Use this move" button's
# place against the window and every scrolling box around it, the hinted cards' places (the
# hand's against the window, the table's against the table's visible box), how far the page
# is scrolled and whether it is longer than the window.
# The boxes around an element that cut it (overflow other than visible, the element not
# inside the box's client area), each as "tag.class.es top..bottom"; the page itself is not
# one of them (test_landscape.py CLIPPED checks it apart).
CLIPPED_BY = """(el) => {
  const b = el.getBoundingClientRect();
  const de = document.documentElement;
  const cut = [];
  for (let e = el.parentElement; e && e !== document.body && e !== de; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const r = e.getBoundingClientRect();
    const t = r.top + e.clientTop, l = r.left + e.clientLeft;
    if (b.top < t - 0.5 || b.bottom > t + e.clientHeight + 0.5 || b.left < l - 0.5
        || b.right > l + e.clientWidth + 0.5)
      cut.push(`${e.tagName.toLowerCase()}.${[...e.classList].join(".")} `
               + `${Math.round(t)}..${Math.round(t + e.clientHeight)}`);
  }
  return cut;
}"""

HINT_SHOWN = """() => {
  const advice = document.querySelector(".actions .advice[data-advice=shown]");
  const button = advice && advice.querySelector("[data-action=use-hint]");
  if (!button) return null;
  const vw = innerWidth, vh = innerHeight;
  const inWindow = (r) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5
    && r.right <= vw + 0.5;
  const b = button.getBoundingClientRect();
  const clipped = (CLIPPED_BY)(button);
  const felt = document.querySelector(".felt");
  const f = felt.getBoundingClientRect();
  const fTop = f.top + felt.clientTop, fBottom = fTop + felt.clientHeight;
  const table = [...felt.querySelectorAll(".table-item.hinted")].map((e) => {
    const r = e.getBoundingClientRect();
    return {item: e.dataset.item, seen: r.top >= fTop - 0.5 && r.bottom <= fBottom + 0.5
            && inWindow(r)};
  });
  const hand = document.querySelector(".hand-cards .hand-card.hinted");
  return {advice: advice.dataset.move, button: inWindow(b), clipped,
          scrolls: advice.scrollHeight > advice.clientHeight + 1,
          whole: inWindow(advice.getBoundingClientRect()), table,
          hand: hand ? inWindow(hand.getBoundingClientRect()) : null,
          reasons: advice.querySelectorAll(".advice-reasons li").length,
          fit: Boolean(advice.querySelector(".advice-reasons[data-fit]")),
          grown: document.documentElement.scrollHeight > vh + 1, scrollY};
}""".replace("(CLIPPED_BY)", f"({CLIPPED_BY})")


def hint_shown_whole(page: Page, when: str) -> dict[str, Any]:
    """The open hint's :data:`HINT_SHOWN`, once it is shown whole (checked every 0.1 s for up
    to FITS_SETTLE_S, as :func:`assert_fits`: the page may still be scrolling it into view);
    fails with the last look otherwise."""
    deadline = time.monotonic() + FITS_SETTLE_S
    while True:
        seen: dict[str, Any] = page.evaluate(HINT_SHOWN)
        ok = (seen is not None and seen["button"] and not seen["clipped"] and not seen["scrolls"]
              and seen["whole"] and seen["hand"] is not False
              and all(item["seen"] for item in seen["table"]))
        if ok or time.monotonic() > deadline:
            assert ok, f"{when}: {json.dumps(seen)}"
            return seen
        page.wait_for_timeout(100)


@pytest.mark.parametrize("players", [2, 5])
def test_an_open_hint_and_its_button_are_whole_on_a_phone(page: Page, watch: Any,
                                                          site_url: str, wait_ready: Ready,
                                                          players: int) -> None:
    """Play-test 8 (Russian, 360x640): an open hint squeezed the table and its "Выбрать этот
    ход" button ended inside the hint's own scrolling box, under its reasons. At every turn of
    a deal, the open hint does not scroll inside itself, its button lies in the window and in
    every scrolling box around it, and the hinted cards are in view (the hand's in the window,
    the table's in the table's visible box). A hint that one window cannot hold makes the page
    longer, scrolled into view; play-test 22 found the page scrolling for a hint's reasons
    alone (seed 5, 42 px): when two lines of them or more can stay in view, they scroll in a
    box of their own, the move and the button above and below them, and the page stays one
    window (one turn of this deal, seed 7 with two players). Where the table needs the room
    (all it holds kept in view) the page still grows under the hint. After the move the page
    is one window again."""
    page.set_viewport_size({"width": 360, "height": 640})
    # think=50: the hint's search at its shortest (any hint's layout is what is checked)
    page.goto(f"{site_url}?variant=draw&players={players}&seats={seats(players)}&seed=7"
              "&delay=0&level=beginner&movelist=0&lang=ru&think=50")
    wait_ready(page)
    rng = random.Random(1)
    looks = []
    for turn in range(8):
        data = settle(page)
        if data["phase"] != "play":
            break
        page.keyboard.press("h")
        page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)
        looks.append(hint_shown_whole(page, f"turn {turn}"))
        page.locator(".hand-cards button").first.focus()
        play_one_turn(page, rng)
        data = settle(page)
        if data["phase"] == "play":
            assert_fits(page, ".hand-cards button.hand-card", CASSINO_AREAS, f"after turn {turn}")
    # The deal has hints that one window cannot hold whole (two or three reasons in Russian):
    # their reasons scroll in a box of their own, the page one window (play-test 22: the
    # page scrolled 42 px, web/ui/hintfit.js).
    # (Five players: the others' four seats take the room; the page grows under every hint
    # of this deal, as before.)
    if players == 2:
        assert any(look["fit"] for look in looks), looks
    assert not any(look["grown"] for look in looks if look["fit"]), looks


def test_a_hint_whose_reasons_alone_overflow_an_upright_phone_leaves_the_page_one_window(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 22 (Russian, 360x640, Draw Cassino seed 5): the first hint (take A♣ 2♣ 4♥
    with the 7♣, three reasons) scrolled the page 42 px. Two causes: the table kept the
    height it had stretched to (150 px for one row of four cards: web/app.js tableRoom
    measured the box, not what it holds), and the reasons took six lines. Now the table keeps
    the room of its one row, the idle prompt gives its line to the hint, and the reasons
    scroll in a box of their own (a gold ▼ below) with the move above and «Сыграть этот ход»
    below: the page is unscrolled and one window, every table card and hinted card whole.
    Choosing the hinted card brings the prompt back (four lines on what to do with the card):
    the page grows under the hint then and shows it whole, its button, the hand and the
    hinted cards in the window, as before."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?variant=draw&players=2&seats=hc&seed=5&delay=0&level=beginner"
              "&movelist=0&lang=ru&think=50")
    wait_ready(page)
    settle(page)
    page.keyboard.press("h")
    page.wait_for_selector("#app[data-advice=shown]", timeout=30_000)
    seen = hint_shown_whole(page, "the hint open")
    assert seen["fit"] and not seen["grown"] and seen["scrollY"] == 0, seen
    assert seen["reasons"] == 3, seen
    expect(page.locator(".actions .preview")).to_be_hidden()
    reasons = page.locator(".advice-reasons")
    expect(reasons).to_have_attribute("data-more", "below")
    whole = page.evaluate("""() => { const felt = document.querySelector(".felt");
      const f = felt.getBoundingClientRect();
      return [...felt.querySelectorAll(".table-item")].every((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5; }); }""")
    assert whole, "a table card is cut with the hint open"
    page.locator(".hand-cards button[data-card='7C']").click()
    expect(page.locator(".actions .preview")).to_be_visible()
    hint_shown_whole(page, "the hinted card chosen")


# How far inside the table's rounded top-right corner (its clipping curve) the top right corner
# of each card of the stock's small pile lies, in px (negative: cut off).
STOCK_CORNER_CLEARANCE = """() => {
  const felt = document.querySelector(".felt");
  const style = getComputedStyle(felt);
  const box = felt.getBoundingClientRect();
  const right = box.right - parseFloat(style.borderRightWidth);
  const top = box.top + parseFloat(style.borderTopWidth);
  const radius = Math.max(0, parseFloat(style.borderTopRightRadius)
    - parseFloat(style.borderRightWidth));
  const cx = right - radius, cy = top + radius;
  return [...felt.querySelectorAll(".stock-pile .card")].map((card) => {
    const r = card.getBoundingClientRect();
    if (r.right <= cx || r.top >= cy) return right - r.right;
    return radius - Math.hypot(r.right - cx, r.top - cy);
  });
}"""


def test_the_stocks_small_pile_clears_the_tables_corner_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Russian phone play-test (360x640): the stock's small pile on its line at the table's top
    («Колода: 40 ▮») lay in the table's rounded corner, its card cut 1-2 px at the right by the
    corner's curve. Each of its cards lies at least 2 px inside it."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    clear = page.evaluate(STOCK_CORNER_CLEARANCE)
    assert len(clear) == 2 and min(clear) >= 2, clear
