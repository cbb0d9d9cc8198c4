"""The Display options (web/ui/display.js): large cards and the four-colour deck, chosen in a
dialog, kept in localStorage and shown as ``data-cards`` / ``data-deck`` on <html>; and the
pages on a 360x640 phone, with and without large cards: nothing scrolls sideways."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import menu_item, permuted, play_the_new_deal
from tests.e2e.test_accessibility import assert_accessible
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_i18n import load as load_language
from tests.e2e.test_match import (
    SEED,
    Ready,
    play_the_round_by_first_moves,
    settle,
)
from tests.e2e.test_scopa import settle as scopa_settle
from tests.e2e.test_stats_daily import STATS_KEY

DISPLAY_KEY = "cassino.display"
BOTH_ON = json.dumps({"largeCards": True, "fourColour": True})
PHONE = {"width": 360, "height": 640}
BLUE = "rgb(11, 79, 192)"  # --blue-suit in app.css
GREEN = "rgb(9, 112, 48)"  # --green-suit
RED = "rgb(192, 24, 43)"  # --red-suit
JACK = "?game=california_jack&seed=3&delay=0&level=beginner"

# Where an element lies: its box, and the part of the window not covered by a dialog's sticky
# head (the top of the window outside a dialog).
WHERE = """(el) => { const r = el.getBoundingClientRect();
  const head = el.closest("dialog")?.querySelector(".dialog-head");
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          from: head ? head.getBoundingClientRect().bottom : 0, to: innerHeight};
}"""

FITS = """() => [document.scrollingElement.scrollWidth, innerWidth,
  [...document.querySelectorAll("body *")].filter((el) => {
    const r = el.getBoundingClientRect(); return r.width > 0 && r.right > innerWidth + 0.5;
  }).slice(0, 6).map((el) => `${el.tagName}.${el.className}`)]"""


def store_display(page: Page, value: str) -> None:
    """Every page of this test starts with ``value`` stored as the display options."""
    page.add_init_script(f"localStorage.setItem({json.dumps(DISPLAY_KEY)}, {json.dumps(value)})")


def assert_fits(page: Page, where: str) -> None:
    """No horizontal scrolling: the page is no wider than the window."""
    scroll, width, wide = page.evaluate(FITS)
    assert scroll <= width, f"{where}: {scroll} px wide in a {width} px window; too wide: {wide}"


def assert_in_view(target: Locator, what: str) -> None:
    """``target`` is wholly in the window, from top to bottom (below a dialog's head)."""
    expect(target).to_be_visible()
    box = target.evaluate(WHERE)
    assert box["from"] <= box["top"] and box["bottom"] <= box["to"], f"{what} is out of view: {box}"


def card_width(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    return float(box["width"])


def open_display(page: Page) -> Any:
    """Opens the Display dialog from the game menu."""
    menu_item(page, "display").click()
    dialog = page.locator("dialog[data-dialog=display]")
    expect(dialog).to_be_visible()
    return dialog


def test_display_options_apply_at_once_and_are_remembered(page: Page, watch: Any, site_url: str,
                                                          wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    html = page.locator("html")
    expect(html).to_have_attribute("data-cards", "normal")
    expect(html).to_have_attribute("data-deck", "two")
    before = card_width(page, ".hand-cards .card")

    # By mouse: large cards.
    dialog = open_display(page)
    dialog.locator("label", has_text="Large cards").click()
    expect(html).to_have_attribute("data-cards", "large")
    # By keyboard: Tab to the four-colour box, Space.
    box = dialog.locator("input[data-display=fourColour]")
    for _ in range(6):
        if box.evaluate("(el) => el === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(html).to_have_attribute("data-deck", "four")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-action=menu]")).to_be_focused()

    assert card_width(page, ".hand-cards .card") > before * 1.2
    stored = json.loads(page.evaluate(f"localStorage.getItem('{DISPLAY_KEY}')"))
    assert stored == {"largeCards": True, "fourColour": True}

    # Remembered across a reload; the colours follow the suits.
    page.reload()
    wait_ready(page)
    settle(page)
    expect(html).to_have_attribute("data-cards", "large")
    expect(html).to_have_attribute("data-deck", "four")
    colours = page.evaluate("""() => Object.fromEntries(["S", "H", "D", "C"].map((s) => {
      const el = document.createElement("span");
      el.className = `card face suit-${s} ${"HD".includes(s) ? "red" : "black"}`;
      document.querySelector(".hand-cards").append(el);
      const colour = getComputedStyle(el).color; el.remove(); return [s, colour]; }))""")
    assert colours == {"S": "rgb(23, 23, 28)", "H": RED, "D": BLUE, "C": GREEN}

    # Both off again.
    dialog = open_display(page)
    dialog.locator("input[data-display=largeCards]").click()
    dialog.locator("input[data-display=fourColour]").click()
    expect(html).to_have_attribute("data-cards", "normal")
    expect(html).to_have_attribute("data-deck", "two")


@pytest.mark.parametrize("bad", ["{not json", "[1, 2]", '{"largeCards": "yes", "fourColour": 1}',
                                 '"large"', "null"])
def test_a_bad_stored_value_is_ignored(page: Page, watch: Any, site_url: str,
                                       wait_ready: Ready, bad: str) -> None:
    store_display(page, bad)
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    expect(page.locator("html")).to_have_attribute("data-cards", "normal")
    expect(page.locator("html")).to_have_attribute("data-deck", "two")


def test_four_colour_trumps_on_the_jack_page(page: Page, watch: Any, site_url: str,
                                             wait_ready: Ready) -> None:
    store_display(page, BOTH_ON)
    page.goto(site_url + JACK)
    wait_ready(page)
    jack_settle(page)
    badge = page.locator(".trump-badge")
    suit = badge.get_attribute("data-trump")
    colour = badge.locator(".trump-symbol").evaluate("(el) => getComputedStyle(el).color")
    assert colour == {"S": "rgb(23, 23, 28)", "H": RED, "D": BLUE, "C": GREEN}[suit]
    # The Jack page has the same Display dialog.
    dialog = open_display(page)
    expect(dialog.locator("input[data-display=fourColour]")).to_be_checked()


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_phone_screens_fit_without_sideways_scrolling(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready, large: bool) -> None:
    page.set_viewport_size(PHONE)
    store_display(page, json.dumps({"largeCards": large, "fourColour": large}))
    # The new-game screen: a first visit, nothing saved.
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("dialog[data-dialog=new-game]")).to_be_visible()
    assert_fits(page, "the new-game screen")
    # The table, two and four players; the rules; the main controls are 44 px tall.
    four = f"?variant=classic&players=4&seats=hccc&seed={SEED}&delay=0"
    for query in (f"?seed={SEED}&delay=0", four):
        page.goto(site_url + query)
        wait_ready(page)
        play_the_new_deal(page)
        settle(page)
        assert_fits(page, f"the table at {query}")
        for button in page.locator(".top-actions button:visible, .action-buttons button").all():
            box = button.bounding_box()
            assert box is not None and box["height"] >= 44, (button.text_content(), box)
        for card in page.locator(".hand-cards button").all():
            box = card.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    menu_item(page, "rules").click()
    expect(page.locator("dialog[data-dialog=rules]")).to_be_visible()
    assert_fits(page, "the rules")
    page.keyboard.press("Escape")
    display = open_display(page)
    assert_fits(page, "the Display dialog")
    # It fills the phone's screen like every dialog there (a desktop's width rule, later in
    # app.css, left it 24 px short of the right edge, as it did the replay: play-test 4).
    whole = display.bounding_box()
    assert whole and (whole["x"], whole["width"]) == (0, PHONE["width"]), whole
    page.keyboard.press("Escape")
    # California Jack.
    page.goto(site_url + JACK)
    wait_ready(page)
    play_the_new_deal(page)
    jack_settle(page)
    assert_fits(page, "the California Jack table")
    for button in page.locator(".top-actions button:visible, .jack-actions button").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44, (button.text_content(), box)
    for button in page.locator(".jack-hand-cards button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_phone_round_score_sheet_fits_with_large_cards(page: Page, watch: Any, site_url: str,
                                                       wait_ready: Ready) -> None:
    """A whole first round on a phone with large cards (the first move offered each turn),
    then the round's score sheet: nothing wider than the window."""
    page.set_viewport_size(PHONE)
    store_display(page, BOTH_ON)
    page.goto(f"{site_url}?seed={SEED}&delay=0&level=beginner")
    wait_ready(page)
    play_the_round_by_first_moves(page)
    expect(page.locator(".score-sheet")).to_be_visible()
    assert_fits(page, "the round's score sheet")
    assert_accessible(page, "the score sheet with large cards and four colours")


@pytest.mark.parametrize("query", [f"?seed={SEED}&delay=0", JACK], ids=["cassino", "jack"])
def test_tables_pass_axe_with_both_options(page: Page, watch: Any, site_url: str,
                                           wait_ready: Ready, query: str) -> None:
    store_display(page, BOTH_ON)
    page.goto(site_url + query)
    wait_ready(page)
    if "game=" in query:
        jack_settle(page)
    else:
        settle(page)
    assert_accessible(page, f"the table at {query} with large cards and four colours")
    open_display(page)
    assert_accessible(page, "the Display dialog")


# ---- a 360x640 phone: what must be in view --------------------------------------------------


def test_phone_new_game_screen_opens_at_its_top(page: Page, watch: Any, site_url: str,
                                                wait_ready: Ready) -> None:
    """The new-game screen on a phone, at a first visit and again from a game: its introduction
    and language switch are in view, while the focus is on the chosen variant further down."""
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}?delay=0")  # no deal asked for: the screen opens first
    wait_ready(page)
    dialog = page.locator("dialog[data-dialog=new-game]")
    for when in ("at a first visit", "from a game"):
        expect(dialog).to_be_visible()
        expect(dialog.locator("input[name=variant][value=classic]")).to_be_focused()
        assert_in_view(dialog.locator(".intro-row .intro"), f"the introduction {when}")
        assert_in_view(dialog.locator(".intro-row select[name=language]"),
                       f"the language switch {when}")
        if when == "at a first visit":
            dialog.locator("[data-action=start-game]").click()
            expect(dialog).to_be_hidden()
            settle(page)
            page.locator("[data-action=new-game]").click()
            page.locator("[data-action=new-game-yes]").click()


def stats_row(variant: str, players: int, level: str, custom: bool,
              game: str = "cassino") -> dict[str, Any]:
    """A row of statistics (web/ui/stats.js) with figures of several digits."""
    return {"game": game, "variant": variant, "players": players, "custom": custom,
            "level": level, "played": 123, "won": 100, "lost": 23, "points": 2070,
            "sweeps": None if game == "jack" else 15, "streak": 12, "best": 24}


@permuted("lang", ["ru", "uk", "en"])
def test_phone_statistics_do_not_scroll_sideways(page: Page, watch: Any, site_url: str,
                                                 wait_ready: Ready, lang: str) -> None:
    """The Statistics dialog on a phone, rows with the longest level names and variants of
    several players, changed rules: neither the page nor the dialog nor its table scrolls
    sideways."""
    rows = [stats_row("classic", 2, "intermediate", True), stats_row("draw", 4, "mixed", True),
            stats_row("royal", 3, "beginner", False),
            stats_row("california_jack", 2, "expert", False, game="jack")]
    saved = {"format": 1, "rows": {f"row{i}": row for i, row in enumerate(rows)},
             "counted": ["a1"]}
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}?lang={lang}")
    wait_ready(page)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [STATS_KEY, json.dumps(saved)])
    page.reload()
    wait_ready(page)
    page.locator("dialog[data-dialog=new-game] [data-action=ng-stats]").click()
    dialog = page.locator("dialog[data-dialog=stats]")
    expect(dialog.locator("tbody tr")).to_have_count(len(rows))
    assert_fits(page, "the statistics")
    for part in (dialog, dialog.locator(".stats-scroll")):
        scroll, width = part.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
        assert scroll <= width, f"{lang}: {scroll} px of statistics in {width} px"


def worded(page: Page, lang: str, message: Any, n: int) -> str:
    """``message`` of web/i18n (plain, or a plural choice) for the number ``n``."""
    if isinstance(message, dict):
        category = page.evaluate("([lang, n]) => new Intl.PluralRules(lang).select(n)", [lang, n])
        message = message.get(f"${category}", message["$other"])
    return str(message).replace("{0}", str(n))


@permuted("lang", ["ru", "uk", "en"])
def test_phone_seats_show_their_captured_counts_labelled(page: Page, watch: Any, site_url: str,
                                                         wait_ready: Ready, lang: str) -> None:
    """Every seat on a phone, two and four players, the computers' too: "Captured:" and the
    captured cards, spades and sweeps (none yet counts too) are on screen, in the seat's box
    and in the window, in the page's language."""
    ui = load_language(lang)["ui"]
    page.set_viewport_size(PHONE)
    four = f"?variant=classic&players=4&seats=hccc&seed={SEED}&delay=0&lang={lang}"
    for query in (f"?seed={SEED}&delay=0&lang={lang}", four):
        page.goto(site_url + query)
        wait_ready(page)
        play_the_new_deal(page)
        settle(page)
        seats = page.locator("section.seat")
        expect(seats).to_have_count(4 if query == four else 2)
        for seat in seats.all():
            name = seat.get_attribute("aria-label")
            counts = {key: int(seat.get_attribute(f"data-{key}") or "-1")
                      for key in ("captured", "spades", "sweeps")}
            shown = {
                "title": (seat.locator(".captured .cap-title"), f"{ui['captured']}:"),
                "cards": (seat.locator(".captured [data-captured-count]"),
                          worded(page, lang, ui["nCards"], counts["captured"])),
                "spades": (seat.locator(".captured .chip", has_text="♠"),
                           worded(page, lang, ui["capturedSpades"], counts["spades"])),
                "sweeps": (seat.locator(".captured [data-sweep-count]"),
                           worded(page, lang, ui["nSweeps"], counts["sweeps"])),
            }
            room = seat.bounding_box()
            assert room is not None
            for what, (chip, words) in shown.items():
                where = f"{lang}, {query}: {name}'s {what}"
                expect(chip, where).to_be_visible()
                expect(chip, where).to_have_text(words if what != "sweeps" else
                                                 re.compile(rf"^{re.escape(words)}\s*★*\+?$"))
                box = chip.bounding_box()
                assert box is not None
                right, bottom = box["x"] + box["width"], box["y"] + box["height"]
                assert (room["x"] <= box["x"] and right <= room["x"] + room["width"]
                        and right <= PHONE["width"] and room["y"] <= box["y"]
                        and bottom <= room["y"] + room["height"]), (where, box, room)


@permuted("lang", ["uk", "en"])
def test_phone_game_starts_with_the_score_bar_in_view(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready, lang: str) -> None:
    """A game starting on a 640 px tall phone: the score bar is in view and the focus waits on
    the first hand card; the first key pressed brings the hand into view (Ukrainian's longer
    words push it wholly below the window at first)."""
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}?seed={SEED}&delay=0&lang={lang}")
    wait_ready(page)
    settle(page)
    first = page.locator(".hand-cards button").first
    expect(first).to_be_focused()
    assert_in_view(page.locator(".scoreboard"), f"{lang}: the score bar at the start")
    page.keyboard.press("ArrowRight")
    second = page.locator(".hand-cards button").nth(1)
    expect(second).to_be_focused()
    # Above the actions panel stuck to the bottom of the window, not under it.
    panel_top = page.locator(".actions").evaluate("(el) => el.getBoundingClientRect().top")
    assert second.evaluate(WHERE)["bottom"] <= panel_top, "the hand stays out of view"
    # Enter at once chooses the focused card, and shows it.
    page.goto(f"{site_url}?seed={SEED}&delay=0&lang={lang}")
    wait_ready(page)
    settle(page)
    assert_in_view(page.locator(".scoreboard"), f"{lang}: the score bar at the start again")
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(first).to_be_focused()
    panel_top = page.locator(".actions").evaluate("(el) => el.getBoundingClientRect().top")
    assert first.evaluate(WHERE)["bottom"] <= panel_top, "the chosen card stays out of view"


def test_phone_jack_game_starts_with_the_score_bar_in_view(page: Page, watch: Any,
                                                           site_url: str,
                                                           wait_ready: Ready) -> None:
    """California Jack starting on a 640 px tall phone: the score bar is in view and the
    focus waits on a hand card below; the first key pressed brings the focus into view."""
    page.set_viewport_size(PHONE)
    page.goto(site_url + JACK)
    wait_ready(page)
    jack_settle(page)
    focused = page.locator(".jack-hand-cards button:focus")
    expect(focused).to_have_count(1)
    assert_in_view(page.locator(".scoreboard"), "the score bar at the start")
    page.keyboard.press("ArrowRight")
    expect(focused).to_have_count(1)
    assert_in_view(focused, "the focused card after a key")


@pytest.mark.parametrize(("game", "lang", "pack", "words"), [
    ("escoba", "ru", "spanish", "Испанская колода всегда четырёхцветная"),
    ("scopa", "en", "italian", "The Italian pack is always drawn in four colours"),
])
def test_the_display_dialog_shows_the_pack_the_game_draws(page: Page, watch: Any,
                                                          site_url: str, wait_ready: Ready,
                                                          game: str, lang: str, pack: str,
                                                          words: str) -> None:
    """Russian phone play-test: on Escoba's and Scopa's pages the Display dialog's sample was
    four French cards and its four-colour option named spades, hearts, diamonds and clubs,
    though the table shows the 40-card Spanish or Italian pack (web/scopa/cards.js). The
    sample is the game's pack and the words say that pack always has four colours; with the
    French faces chosen (the menu's Cards) the dialog shows and names the French pack."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game={game}&seed=2&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    scopa_settle(page)
    dialog = open_display(page)
    sample = dialog.locator(".display-sample")
    expect(sample.locator(f".card.scopa-face.pack-{pack}")).to_have_count(4)
    expect(sample.locator(".card")).to_have_count(4)
    help_text = dialog.locator("[data-help=fourColour]")
    expect(help_text).to_contain_text(words)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    menu_item(page, "pack")  # the menu open
    page.locator("#app .game-menu select[name=pack]").select_option("french")
    expect(page.locator("#app")).to_have_attribute("data-pack", "french")
    dialog = open_display(page)
    expect(sample.locator(".scopa-face")).to_have_count(0)
    expect(sample.locator(".card.face:has(.corner)")).to_have_count(4)
    french = load_language(lang)["ui"]["displayFourColourHelp"]
    expect(help_text).to_have_text(french)
