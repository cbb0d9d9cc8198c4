"""Any save is found whatever address opens the page, and nothing a player saved is replaced
or changed unasked (issue 17, "The page keeps what it is given").

- ``?game=california_jack`` is the Jack form of the plain address: it resumes a California
  Jack game saved anywhere (web/jack/saved.js readJackSave); only another deal or the other
  Jack game asks first.
- Picking a Jack game on Cassino's new-game screen resumes the Jack game saved earlier behind
  the Jack new-game screen (web/jack/games.js switchGame), instead of dealing over it.
- A save naming a computer level the page does not know is resumed at the default level, the
  player is told, and the save stays as it was until they play on (web/ui/levels.js
  unknownSavedLevels, web/ui/gamestore.js Saver.keepUntilPlayed).
- Cassino's deal parameters at a Jack address are named, not silently dropped.

Each test starts with empty storage (a fresh browser context, or a pooled one reset: conftest.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import permuted
from tests.e2e.test_calijack import HAND, JACK_SAVE_KEY
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_keep import JACK_SNAPSHOT, saved_deal, start_seed_game
from tests.e2e.test_match import Ready, settle
from tests.e2e.test_resume import SAVE_KEY, SNAPSHOT, play_turns

JACK_SEED = 5
REPLACE = "dialog[data-dialog=replace]"
# The address Start gives the game begun below (web/jack/app.js addressGame), as a deal key.
STARTED_DEAL = f"game=california_jack&seed={JACK_SEED}&level=beginner"


def jack_saved_at_the_plain_address(page: Page, site_url: str,
                                    wait_ready: Ready) -> dict[str, Any]:
    """A California Jack game begun from the first visit's new-game screen (plain address),
    three cards played; answers the table as saved. Its save keeps the address Start gave it,
    which names the game, its deal and level (not only the game)."""
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    page.locator("dialog[data-dialog=new-game] label[data-game=california_jack]").click()
    dialog = page.locator("dialog[data-dialog=jack-new-game]")
    dialog.locator("select[name=level]").select_option("beginner")
    dialog.locator("input[name=seed]").fill(str(JACK_SEED))
    dialog.locator("[data-action=start-game]").click()
    rng = random.Random(JACK_SEED)
    for _ in range(3):
        jack_settle(page)
        legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
        page.locator(f".jack-hand-cards button[data-card='{rng.choice(legal)}']").click()
    jack_settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    assert saved_deal(page, JACK_SAVE_KEY) == STARTED_DEAL
    before: dict[str, Any] = page.evaluate(JACK_SNAPSHOT)
    return before


def test_the_jack_address_resumes_a_jack_game_saved_at_the_plain_address(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Failed before the fix: ``?game=california_jack`` compared the save's deal key ("")
    with its own ("game=california_jack") and took the save for another deal's."""
    before = jack_saved_at_the_plain_address(page, site_url, wait_ready)
    for address in ("game=california_jack", "game=California-Jack"):
        page.goto(f"{site_url}?{address}&delay=0")
        wait_ready(page)
        jack_settle(page)
        expect(page.locator("#announcer")).to_have_text(
            "Your game was resumed where you left it.")
        assert page.evaluate(JACK_SNAPSHOT) == before
        expect(page.locator(REPLACE)).to_have_count(0)
        page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                               timeout=20_000)
        assert saved_deal(page, JACK_SAVE_KEY) == STARTED_DEAL  # the address it began at
    raw = page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')")
    # The other Jack game has a save of its own: its address deals it, unasked, and California
    # Jack's save is not touched; California Jack's address resumes it again.
    page.goto(f"{site_url}?game=shasta_sam&delay=0")
    wait_ready(page)
    assert jack_settle(page)["game"] == "shasta_sam"
    expect(page.locator(REPLACE)).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')") == raw
    page.goto(f"{site_url}?game=california_jack&delay=0")
    wait_ready(page)
    jack_settle(page)
    assert page.evaluate(JACK_SNAPSHOT) == before


def test_choosing_jack_on_cassinos_screen_resumes_the_saved_jack_game(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Failed before the fix: the Jack new-game screen opened with nothing behind it, and its
    Start dealt over the saved Jack game. Since then the screen offers the save (Continue)
    rather than resuming it behind the screen (tests/e2e/test_saves.py): Continue takes the
    place Escape had here, Cassino having no match of its own to go back to."""
    before = jack_saved_at_the_plain_address(page, site_url, wait_ready)
    saved = game_saved(page)
    page.goto(f"{site_url}?game=cassino&delay=0")
    wait_ready(page)
    cassino = page.locator("dialog[data-dialog=new-game]")
    expect(cassino).to_be_visible()
    cassino.locator("label[data-game=california_jack]").click()
    jack = page.locator("dialog[data-dialog=jack-new-game]")
    expect(jack).to_be_visible()
    # The screen offers the saved game; Continue resumes it, as it was.
    jack.locator("[data-action=continue-saved]").click()
    expect(jack).to_be_hidden()
    expect(page.locator("#announcer")).to_have_text("Your game was resumed where you left it.")
    jack_settle(page)
    assert page.evaluate(JACK_SNAPSHOT) == before
    assert game_saved(page) == saved


def game_saved(page: Page) -> dict[str, Any]:
    """The saved Jack game, leaving out when it was saved (a resume saves it again)."""
    save: dict[str, Any] = json.loads(page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')"))
    del save["savedAt"]
    return save


APOSTROPHE = "\u2019"  # in Ukrainian words, as web/i18n/uk.json writes them
UNKNOWN_LEVEL_WORDS = {
    "en": "names a computer level this page does not know (grandmaster): the computer plays "
          "at Intermediate instead. Your save is kept as it was until you play on.",
    "ru": "указан уровень компьютера, неизвестный этой странице (grandmaster): компьютер "
          "играет на уровне «Средний».",
    "uk": f"вказано рівень комп{APOSTROPHE}ютера, якого ця сторінка не знає (grandmaster): "
          f"комп{APOSTROPHE}ютер грає "
          "на рівні «Середній».",
}


def with_unknown_level(raw: str, jack: bool) -> str:
    """The save's text with its computer's level made "grandmaster" everywhere it is named."""
    save = json.loads(raw)
    save["record"]["tags"]["Levels"] = "- grandmaster"
    if jack:
        save["settings"]["level"] = "grandmaster"
    else:
        save["levels"] = [None, "grandmaster"]
    return json.dumps(save)


def check_unknown_level_kept(page: Page, key: str, lang: str) -> str:
    """The message is shown, the save is as it was; answers the save's text."""
    error = page.locator(".messages .error[data-code=saved_level]")
    expect(error).to_contain_text(UNKNOWN_LEVEL_WORDS[lang])
    expect(page.locator("#app")).to_have_attribute("data-save", "kept")
    kept: str = page.evaluate("(key) => localStorage.getItem(key)", key)
    return kept


@permuted("lang", ["ru", "en"])
def test_a_saved_cassino_game_with_an_unknown_level_is_said_and_kept(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Failed before the fix: the unknown level silently became Intermediate and the next
    save wrote it over."""
    before = start_seed_game(page, site_url, wait_ready)
    changed = with_unknown_level(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"),
                                 jack=False)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, changed])
    page.goto(f"{site_url}?delay=0&lang={lang}")
    wait_ready(page)
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    assert check_unknown_level_kept(page, SAVE_KEY, lang) == changed
    # A reload before playing finds the same save and says it again.
    page.reload()
    wait_ready(page)
    settle(page)
    assert check_unknown_level_kept(page, SAVE_KEY, lang) == changed
    # The player plays on: saved again, at the level the computer now plays.
    play_turns(page, 1, random.Random(1))
    settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert save["levels"] == [None, "intermediate"]


def test_a_saved_jack_game_with_an_unknown_level_is_said_and_kept(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    before = jack_saved_at_the_plain_address(page, site_url, wait_ready)
    changed = with_unknown_level(page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')"),
                                 jack=True)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [JACK_SAVE_KEY, changed])
    page.goto(f"{site_url}?delay=0&lang=uk")
    wait_ready(page)
    jack_settle(page)
    assert page.evaluate(JACK_SNAPSHOT) == before
    assert check_unknown_level_kept(page, JACK_SAVE_KEY, "uk") == changed
    legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
    page.locator(f".jack-hand-cards button[data-card='{legal[0]}']").click()
    jack_settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    save = json.loads(page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')"))
    assert save["settings"]["level"] == "intermediate"
    assert save["record"]["tags"]["Levels"] == "- intermediate"


def test_cassinos_deal_parameters_at_a_jack_address_are_named(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Failed before the fix: ``variant`` and ``rules`` were dropped without a word."""
    page.goto(f"{site_url}?game=california_jack&variant=royal&rules=%7B%7D&seed=3"
              "&level=beginner&delay=0")
    wait_ready(page)
    data = jack_settle(page)
    assert (data["game"], data["seed"]) == ("california_jack", "3")
    errors = page.locator(".messages .error[data-code=jack_ignores]")
    expect(errors).to_have_count(2)
    expect(errors.first).to_contain_text("The address's parameter “variant” is Cassino's; "
                                         "California Jack has none, so it was left out.")
