"""The top bar and its game menu (web/shell/menu.js), on Cassino's and California Jack's page
(issue 14, sections 1 and 5).

In view at every size: only what a player uses every turn, Undo and New game in the top bar
(and Hint by the hand), with one Menu button; everything else is in the menu, which works by
mouse, touch and keyboard and speaks the page's language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import menu_item, permuted, wait_until_ready
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_match import settle

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
CASSINO = "?seed=7&delay=0"
JACK = "?game=california_jack&seed=3&delay=0&level=beginner"
# The menu's buttons on each page, in order (the settings, speed and language, follow them).
# A game's own items come first, then the shell's (web/shell/shell.js sharedMenuItems).
CASSINO_ITEMS = ["rules", "copy-link", "last-moves", "save-record", "load-record", "stats",
                 "move-log", "replay", "keys", "display"]
JACK_ITEMS = ["rules", "save-record", "load-record", "stats", "move-log", "replay", "keys",
              "display"]
PAGES = {"cassino": (CASSINO, CASSINO_ITEMS), "jack": (JACK, JACK_ITEMS)}
MENU = "#app [data-action=menu]"


def words(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def open_page(page: Page, url: str, game: str) -> None:
    page.goto(url)
    wait_until_ready(page)
    if game == "cassino":
        settle(page)
    else:
        jack_settle(page)


def focused_action(page: Page) -> str | None:
    value: str | None = page.evaluate(
        "document.activeElement && document.activeElement.dataset.action")
    return value


def in_view(page: Page, locator: Locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    assert size is not None
    return bool(box and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"]
                and box["y"] + box["height"] <= size["height"])


@permuted("size", ["phone", "desktop"])  # the phone first
@pytest.mark.parametrize("game", sorted(PAGES))
def test_only_undo_new_game_and_the_menu_are_in_view_and_everything_else_is_in_the_menu(
        page: Page, watch: Any, site_url: str, game: str, size: str) -> None:
    query, items = PAGES[game]
    page.set_viewport_size(SIZES[size])
    open_page(page, site_url + query, game)
    shown = page.locator("#app .topbar button:visible").evaluate_all(
        "bs => bs.map((b) => b.dataset.action)")
    assert shown == ["undo", "new-game", "menu"]
    for action in shown:
        assert in_view(page, page.locator(f"#app .topbar [data-action={action}]")), action
    # Hint stays with the actions by the hand; no other control is on show.
    expect(page.locator("#app .actions [data-action=hint]")).to_be_visible()
    expect(page.locator("#app .toolbar")).to_have_count(0)
    for action in items:
        expect(page.locator(f"#app .game-menu [data-action={action}]")).to_be_hidden()
    for setting in ("speed", "think", "language"):
        expect(page.locator(f"#app .game-menu select[name={setting}]")).to_be_hidden()

    menu = page.locator(MENU)
    expect(menu).to_have_attribute("aria-expanded", "false")
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    panel = page.locator("#" + (menu.get_attribute("aria-controls") or "none"))
    expect(panel).to_be_visible()
    listed = panel.locator("button.menu-item").evaluate_all("bs => bs.map((b) => b.dataset.action)")
    assert listed == items
    for setting in ("speed", "think", "language"):
        expect(panel.locator(f"select[name={setting}]")).to_be_visible()
    # A dropdown inside the window's width, under its button.
    box = panel.bounding_box()
    button = menu.bounding_box()
    viewport = page.viewport_size
    assert box and button and viewport
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert box["y"] >= button["y"] + button["height"] - 1, (box, button)
    # A tall menu scrolls inside itself rather than running past the window.
    assert box["y"] + box["height"] <= viewport["height"] + 1, box
    # The replay is there but disabled until the match is over, saying why.
    replay = panel.locator("[data-action=replay]")
    expect(replay).to_be_disabled()
    expect(replay).to_have_attribute("title", words("en")["ui"]["replayNotOver"])


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_menu_by_mouse_a_click_outside_closes_it_and_each_item_works(
        page: Page, watch: Any, site_url: str, game: str) -> None:
    query, _ = PAGES[game]
    open_page(page, site_url + query, game)
    menu = page.locator(MENU)
    menu.click()
    expect(page.locator("#app .game-menu [data-action=rules]")).to_be_focused()
    # A click outside closes it and gives the focus back to its button.
    page.locator("#app h1").click()
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()
    # Clicking the button again closes it too.
    menu.click()
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "false")

    dialogs = {"rules": "jack-rules" if game == "jack" else "rules", "save-record": "records",
               "load-record": "records", "stats": "stats", "move-log": "move-log",
               "keys": "keys", "display": "display"}
    for action, name in dialogs.items():
        menu_item(page, action).click()
        dialog = page.locator(f"dialog[data-dialog={name}]")
        expect(dialog).to_be_visible()
        expect(menu).to_have_attribute("aria-expanded", "false")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(menu).to_be_focused()
    if game == "cassino":
        menu_item(page, "last-moves").click()
        expect(page.locator("#last-moves")).to_be_visible()
        expect(page.locator("#app .game-menu [data-action=last-moves]")).to_have_attribute(
            "aria-expanded", "true")
        menu_item(page, "copy-link").click()
        link = page.locator("#app .link-panel input[data-link]")
        expect(link).to_be_visible()
        assert "seed=7" in (link.get_attribute("data-link") or "")
    # A setting changes in place: the menu stays open. (The speed is the address's here,
    # delay=0, so its choice is disabled; the thinking time is the player's.)
    expect(menu_item(page, "speed")).to_be_disabled()
    think = menu_item(page, "think")
    think.select_option("500")
    expect(think).to_have_attribute("data-think", "500")
    expect(menu).to_have_attribute("aria-expanded", "true")


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_menu_by_touch(browser: Browser, site_url: str, game: str) -> None:
    query, items = PAGES[game]
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True,
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + query)
        wait_until_ready(page)
        (settle if game == "cassino" else jack_settle)(page)
        menu = page.locator(MENU)
        menu.tap()
        expect(menu).to_have_attribute("aria-expanded", "true")
        # No key help for a player with no keyboard (play-test 12: "Клавиши" on a phone).
        touch_items = [item for item in items if item != "keys"]
        expect(page.locator("#app .menu-panel button.menu-item")).to_have_count(len(touch_items))
        expect(page.locator("#app .game-menu [data-action=keys]")).to_have_count(0)
        # A tap outside closes it: on the top bar's edge, away from its buttons (the h1 is only
        # for screen readers on a phone, so it cannot be tapped).
        page.locator("#app .topbar").tap(position={"x": 2, "y": 2})
        expect(menu).to_have_attribute("aria-expanded", "false")
        menu.tap()
        page.locator("#app .game-menu [data-action=rules]").tap()
        rules = "jack-rules" if game == "jack" else "rules"
        expect(page.locator(f"dialog[data-dialog={rules}]")).to_be_visible()
        expect(menu).to_have_attribute("aria-expanded", "false")
        # A keyboard plugged in (a key pressed): the menu offers the key help again.
        page.keyboard.press("Escape")  # the dialog's own key: it stays inside the dialog
        expect(page.locator(f"dialog[data-dialog={rules}]")).to_be_hidden()
        page.keyboard.press("Shift")
        menu.tap()
        expect(page.locator("#app .menu-panel button.menu-item")).to_have_count(len(items))
        expect(page.locator("#app .game-menu [data-action=keys]")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("game", sorted(PAGES))
def test_a_greyed_item_says_why_on_a_phone_too(browser: Browser, site_url: str, game: str) -> None:
    """Replay before the match is over: greyed, and its reason is a line under it in the menu
    (a phone shows no tooltip), in the page's language; it goes once the item can be chosen."""
    query, _ = PAGES[game]
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True,
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + query + "&lang=ru")
        wait_until_ready(page)
        (settle if game == "cassino" else jack_settle)(page)
        page.locator(MENU).tap()
        replay = page.locator("#app .game-menu [data-action=replay]")
        expect(replay).to_be_disabled()
        why = page.locator("#app .game-menu [data-why=replay]")
        expect(why).to_be_visible()
        expect(why).to_have_text(words("ru")["ui"]["replayNotOver"])
        expect(why).to_be_in_viewport()
        # An item that can be chosen has no such line.
        expect(page.locator("#app .game-menu [data-why=rules]")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_menu_by_keyboard_and_the_shortcuts_still_work(
        page: Page, watch: Any, site_url: str, game: str) -> None:
    query, items = PAGES[game]
    open_page(page, site_url + query, game)
    menu = page.locator(MENU)
    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    assert focused_action(page) == items[0]
    page.keyboard.press("ArrowDown")
    assert focused_action(page) == items[1]
    page.keyboard.press("End")
    assert focused_action(page) == "display"  # the last button (replay before it is disabled)
    page.keyboard.press("ArrowDown")
    assert focused_action(page) == items[0]  # round again
    page.keyboard.press("ArrowUp")
    assert focused_action(page) == "display"
    page.keyboard.press("Home")
    assert focused_action(page) == items[0]
    # Escape closes it, and the focus is back on its button.
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()
    # Arrow down on the button opens it too; Enter on an item chooses it.
    page.keyboard.press("ArrowDown")
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    expect(page.locator("dialog[data-dialog=display]")).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(menu).to_be_focused()
    # Tab leaving the menu closes it.
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(menu).to_have_attribute("aria-expanded", "false")

    # The shortcut keys work with the menu closed: ? the keys, M the move log.
    menu.focus()
    page.keyboard.press("?")
    keys = page.locator("dialog[data-dialog=keys]")
    expect(keys).to_be_visible()
    page.keyboard.press("Escape")
    expect(keys).to_be_hidden()
    page.keyboard.press("m")
    log = page.locator("dialog[data-dialog=move-log]")
    expect(log).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_be_focused()  # the dialog gave the focus back
    if game == "cassino":
        page.locator(".hand-cards button").first.focus()
        page.keyboard.press("l")
        expect(page.locator("#last-moves")).to_be_visible()
        expect(page.locator("#last-moves")).to_be_focused()


def test_a_closing_dialog_leaves_the_focus_the_player_moved_on(
        page: Page, watch: Any, site_url: str) -> None:
    """A dialog gives the focus back to what opened it in its "close" event, a task after it
    closed; a control the player focused in between keeps the focus (CI, under load: L pressed
    on a hand card just after the move log closed opened the last-moves panel, and the late
    "close" event took the focus back to the menu)."""
    query, _ = PAGES["cassino"]
    open_page(page, site_url + query, "cassino")
    page.locator(MENU).focus()
    page.keyboard.press("m")
    expect(page.locator("dialog[data-dialog=move-log]")).to_be_visible()
    # Close it and move the focus in the same task, before the "close" event can run.
    page.evaluate("""() => {
      document.querySelector("dialog[data-dialog=move-log]").close();
      document.querySelector(".hand-cards button").focus();
    }""")
    page.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # the "close" event ran
    assert page.evaluate("() => document.activeElement.matches('.hand-cards button')")


@pytest.mark.browser_context_args(locale="ru-RU")
@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_menu_speaks_russian(page: Page, watch: Any, site_url: str, game: str) -> None:
    query, items = PAGES[game]
    ru = words("ru")
    open_page(page, site_url + query, game)
    menu = page.locator(MENU)
    expect(menu).to_have_text(ru["ui"]["menuButton"])
    menu.click()
    panel = page.locator("#app .menu-panel")
    expect(panel).to_have_attribute("aria-label", ru["ui"]["menuTitle"])
    ui, jack = ru["ui"], ru["jack"]
    own = jack if game == "jack" else ui  # the Jack page words its rules and records itself
    expected = {"rules": own["rulesButton"], "copy-link": ui["copyLink"],
                "save-record": own["saveRecord"], "load-record": own["loadRecord"],
                "stats": ui["statsButton"], "last-moves": ui["lastMovesButton"],
                "move-log": ui["moveLogButton"], "replay": ui["replayButton"],
                "keys": ui["keysButton"], "display": ui["displayButton"]}
    for action in items:
        expect(panel.locator(f"[data-action={action}]")).to_have_text(expected[action])
    expect(panel.locator("label.speed")).to_contain_text(ui["speedLabel"])
    expect(panel.locator("label.language")).to_contain_text(ui["languageLabel"])
    expect(panel.locator("[data-action=replay]")).to_have_attribute("title", ui["replayNotOver"])


def test_a_hint_arriving_leaves_the_open_menu_open(page: Page, watch: Any, site_url: str) -> None:
    """California Jack: the player asks for a hint and opens the menu before the answer comes;
    the answer marks the card but must not take the focus out of the menu, which closed it (the
    hint put the focus on its card, and a menu closes when the focus leaves it)."""
    open_page(page, site_url + JACK, "jack")
    # The hint's request and the menu's opening in one go: the engine's answer can only come
    # after the menu is open.
    page.evaluate("""() => {
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown',
        {key: 'h', code: 'KeyH', bubbles: true}));
      document.querySelector('#app [data-action=menu]').click();
    }""")
    expect(page.locator(".jack-hint[data-hint]:not([data-hint=''])")).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.locator(MENU)).to_have_attribute("aria-expanded", "true")
    assert page.evaluate("document.activeElement.closest('.game-menu') !== null")
