"""The family's games that are not offered (issue 15, items 6-7): a list reached from every
new-game screen, and one page per game saying what is known, naming the sources, and why the
game is not offered (web/ui/family.js; words in web/i18n/<lang>.json, section "family";
research in docs/family-unplayed.md; Russian names from /work/shared/FAMILY.md §1).

The first tests need no browser: every game of the list has its page in English, Russian and
Ukrainian, with the same facts and the same number of sources. The browser tests open the list
by mouse, touch and keyboard, open every page in English and Russian, check that closing gives
the focus back, and that a 360x640 phone shows every page without sideways scrolling.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import permuted, wait_until_ready
from tests.e2e.test_accessibility import assert_accessible
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_i18n import plain_english
from tests.e2e.test_scopa import settle as scopa_settle

ROOT = Path(__file__).resolve().parents[2]
FAMILY_JS = ROOT / "web" / "ui" / "family.js"
LANGUAGES = ["en", "ru", "uk"]
# Seed 002's games that the site does not play (FAMILY.md §1, §4.4, §5.9), and the Russian name
# each page must use (FAMILY.md §1; Тентере is the seed's own spelling, Тэнтере the brief's).
RUSSIAN_NAMES = {
    "zwicker": ["Цвикерн"],
    "karusele": ["Карусель"],
    "sbarazzina": ["Сбараццина"],
    "papillon": ["Папильон", "Бабочка"],
    "callabra": ["Каллабра"],
    "ladies_game": ["Лейдизгейм"],
    "pra": ["Пра"],
    "tamlin": ["Тамлин"],
    "tentere": ["Тентере", "Тэнтере"],
    "konchinka": ["Кончинка"],
}
NEW_GAME = "dialog[data-dialog=new-game]"
FAMILY = "dialog[data-dialog=family]"
OPEN_BUTTON = f"{NEW_GAME} [data-action=family]"


def words(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    family: dict[str, Any] = data["family"]
    return family


def js_list(name: str) -> list[str]:
    """A constant list of strings of web/ui/family.js (``export const NAME = [...]``)."""
    found = re.search(rf"export const {name} = \[([^\]]*)\]", FAMILY_JS.read_text("utf-8"))
    assert found, f"web/ui/family.js has no {name}"
    return re.findall(r'"([a-z_]+)"', found.group(1))


GAMES = js_list("FAMILY_GAMES")
TOPICS = js_list("FAMILY_TOPICS")


# ---- the words, without a browser -------------------------------------------------------------

def test_the_list_is_every_game_of_seed_002_not_offered() -> None:
    """FAMILY.md §1, §4.4 and §5.9: Zwicker, Karuselė, Sbarazzina, Papillon, Callabra, Ladies'
    Game, Pra, Tamlin, Tentere and Konchinka, each once."""
    assert sorted(GAMES) == sorted(RUSSIAN_NAMES)
    assert len(set(GAMES)) == len(GAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_in_the_list_has_its_page_in_every_language(lang: str) -> None:
    """Each game has a name, a line, at least one known fact (only the topics the page knows),
    a reason it is not offered and at least one source, in en, ru and uk alike: the same facts
    and the same number of sources as English."""
    text = words(lang)
    reference = words("en")
    assert set(text["games"]) == set(GAMES)
    assert set(text["topics"]) == set(TOPICS)
    for key in ("open", "title", "intro", "listLabel", "known", "why", "sources", "back"):
        assert isinstance(text[key], str) and text[key].strip(), f"{lang}: family.{key}"
    assert "{0}" in text["pageTitle"]
    for game in GAMES:
        page = text["games"][game]
        for key in ("name", "line", "why"):
            assert isinstance(page[key], str) and page[key].strip(), f"{lang}: {game}.{key}"
        assert page["facts"], f"{lang}: {game} says nothing known"
        assert set(page["facts"]) <= set(TOPICS), f"{lang}: {game} has an unknown topic"
        assert set(page["facts"]) == set(reference["games"][game]["facts"]), f"{lang}: {game}"
        assert all(isinstance(v, str) and v.strip() for v in page["facts"].values()), game
        assert page["sources"] and all(s.strip() for s in page["sources"]), f"{lang}: {game}"
        assert len(page["sources"]) == len(reference["games"][game]["sources"]), f"{lang}: {game}"


def test_russian_pages_use_the_names_of_family_md() -> None:
    """The Russian names of FAMILY.md §1 (Цвикерн, Карусель, Сбараццина, Папильон = Бабочка,
    Каллабра, Лейдизгейм, Пра, Тамлин, Тентере/Тэнтере, Кончинка)."""
    text = words("ru")
    for game, names in RUSSIAN_NAMES.items():
        for name in names:
            assert name in text["games"][game]["name"], f"{game}: {name}"


# ---- the pages, in a browser ------------------------------------------------------------------

def open_new_game(page: Page, site_url: str, lang: str, query: str = "") -> None:
    """A first visit: the new-game screen is open (Cassino's unless `query` names a game)."""
    page.goto(f"{site_url}?delay=0&lang={lang}{query}")
    wait_until_ready(page)


def check_page(page: Page, lang: str, game: str) -> None:
    """The open page is `game`'s: its title, every fact, the reason, and every source."""
    text = words(lang)
    entry = text["games"][game]
    dialog = page.locator(FAMILY)
    body = dialog.locator(f"[data-view={game}]")
    expect(body).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(text["pageTitle"].replace("{0}", entry["name"]))
    facts = [entry["facts"][topic] for topic in TOPICS if topic in entry["facts"]]
    expect(body.locator(".family-known dd")).to_have_text(facts)
    expect(body.locator(".family-why p")).to_have_text(entry["why"])
    expect(body.locator(".family-sources h3")).to_have_text(text["sources"])
    expect(body.locator(".family-sources li")).to_have_text(entry["sources"])


@pytest.mark.every_browser
@permuted("lang", ["ru", "en"])
def test_every_page_opens_by_mouse_and_names_its_sources(
        page: Page, watch: Any, site_url: str, lang: str) -> None:
    """The button under the games opens the list; each game opens its page (what is known,
    why it is not offered, the sources); Back returns to the list with the focus on that
    game; the close button closes it, the focus returns to the button and the new-game screen
    is still open."""
    open_new_game(page, site_url, lang)
    text = words(lang)
    opener = page.locator(OPEN_BUTTON)
    expect(opener).to_have_text(text["open"])
    opener.click()
    dialog = page.locator(FAMILY)
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(text["title"])
    expect(dialog.locator("[data-family] .family-name")).to_have_text(
        [text["games"][game]["name"] for game in GAMES])
    for game in GAMES:
        dialog.locator(f"[data-family={game}]").click()
        check_page(page, lang, game)
        expect(dialog.locator("[data-action=family-back]")).to_be_focused()
        dialog.locator("[data-action=family-back]").click()
        expect(dialog.locator("[data-view=list]")).to_be_visible()
        expect(dialog.locator(f"[data-family={game}]")).to_be_focused()
        expect(dialog.locator(f"[data-family={game}]")).to_be_in_viewport()
    dialog.locator("button.dialog-close").click()
    expect(dialog).to_be_hidden()
    expect(page.locator(NEW_GAME)).to_be_visible()
    expect(opener).to_be_focused()


@permuted("lang", ["ru", "en"])
def test_the_list_and_a_page_by_keyboard(page: Page, watch: Any, site_url: str, lang: str) -> None:
    """From the chosen variant, Shift+Tab reaches the button; Enter opens the list on its first
    game; Tab and Enter open the second game's page on Back; Enter goes back to that game;
    Escape closes the list only (the first visit's new-game screen cannot be dismissed) and
    the focus is on the button again."""
    open_new_game(page, site_url, lang)
    expect(page.locator(f"{NEW_GAME} input[name=variant]:checked")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    opener = page.locator(OPEN_BUTTON)
    expect(opener).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.locator(FAMILY)
    expect(dialog.locator(f"[data-family={GAMES[0]}]")).to_be_focused()
    page.keyboard.press("Tab")
    expect(dialog.locator(f"[data-family={GAMES[1]}]")).to_be_focused()
    page.keyboard.press("Enter")
    check_page(page, lang, GAMES[1])
    expect(dialog.locator("[data-action=family-back]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog.locator(f"[data-family={GAMES[1]}]")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator(NEW_GAME)).to_be_visible()
    expect(opener).to_be_focused()


def test_the_list_and_a_page_by_touch(browser: Browser, site_url: str) -> None:
    """On a phone by touch, in Russian: tap the button, a game, Back, and the close button."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  is_mobile=True, service_workers="block")
    try:
        page = context.new_page()
        open_new_game(page, site_url, "ru")
        opener = page.locator(OPEN_BUTTON)
        opener.tap()
        dialog = page.locator(FAMILY)
        expect(dialog.locator("[data-view=list]")).to_be_visible()
        dialog.locator("[data-family=karusele]").tap()
        check_page(page, "ru", "karusele")
        dialog.locator("[data-action=family-back]").tap()
        expect(dialog.locator("[data-view=list]")).to_be_visible()
        dialog.locator("button.dialog-close").tap()
        expect(dialog).to_be_hidden()
        expect(opener).to_be_focused()
    finally:
        context.close()


def no_sideways_scroll(page: Page) -> dict[str, int]:
    sizes: dict[str, int] = page.evaluate("""() => {
      const d = document.querySelector('dialog[data-dialog=family]');
      const body = d.querySelector('.dialog-body');
      const root = document.documentElement;
      return {page: root.scrollWidth, view: root.clientWidth,
              dialog: d.scrollWidth, dialogBox: d.clientWidth, body: body.scrollWidth,
              bodyBox: body.clientWidth, right: Math.ceil(d.getBoundingClientRect().right)};
    }""")
    return sizes


@permuted("lang", ["ru", "uk", "en"])
def test_every_page_fits_a_phone(page: Page, watch: Any, site_url: str, lang: str) -> None:
    """At 360x640 the list and every page fit the width: no sideways scroll in the page, the
    dialog or its body (a source's long address wraps). A Russian or Ukrainian page shows no
    English sentence of the section."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_new_game(page, site_url, lang)
    page.locator(OPEN_BUTTON).click()
    dialog = page.locator(FAMILY)
    english = plain_english(lang, ("family",)) if lang != "en" else []
    for game in [None, *GAMES]:
        if game:
            dialog.locator(f"[data-family={game}]").click()
            expect(dialog.locator(f"[data-view={game}]")).to_be_visible()
        sizes = no_sideways_scroll(page)
        where = f"{lang}, {game or 'the list'}: {sizes}"
        assert sizes["page"] <= sizes["view"], where
        assert sizes["dialog"] <= sizes["dialogBox"], where
        assert sizes["body"] <= sizes["bodyBox"], where
        assert sizes["right"] <= 360, where
        shown = dialog.inner_text()
        assert [sentence for sentence in english if sentence in shown] == [], where
        if game:
            dialog.locator("[data-action=family-back]").click()


@pytest.mark.parametrize("game, screen", [("scopa", "scopa-new-game"),
                                          ("california_jack", "jack-new-game")])
def test_the_other_games_new_game_screens_offer_the_list_too(
        page: Page, watch: Any, site_url: str, game: str, screen: str) -> None:
    """Scopa's and California Jack's new-game screens (New game during a deal) show the same
    button under the games, and closing the list gives the focus back to it there."""
    open_new_game(page, site_url, "en", f"&game={game}&seed=3")
    (scopa_settle if game == "scopa" else jack_settle)(page)
    page.locator("[data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    opener = page.locator(f"dialog[data-dialog={screen}] [data-action=family]")
    opener.click()
    dialog = page.locator(FAMILY)
    expect(dialog.locator("[data-view=list]")).to_be_visible()
    dialog.locator("[data-family=pra]").click()
    check_page(page, "en", "pra")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()


def test_the_list_and_a_page_pass_axe(page: Page, watch: Any, site_url: str) -> None:
    """axe-core finds no serious problem in the list or in a page (over the new-game screen)."""
    open_new_game(page, site_url, "en")
    page.locator(OPEN_BUTTON).click()
    dialog = page.locator(FAMILY)
    expect(dialog.locator("[data-view=list]")).to_be_visible()
    assert_accessible(page, "the family list")
    dialog.locator("[data-family=zwicker]").click()
    check_page(page, "en", "zwicker")
    assert_accessible(page, "Zwicker's page")
