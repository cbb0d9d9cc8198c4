"""Play-tests 15 and 16 (Russian, 360x640 touch): what the new-game screen says about the
match behind it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_match import Ready
from tests.e2e.test_scopa import settle as scopa_settle

UI = json.loads((Path(__file__).parents[2] / "web" / "i18n" / "ru.json")
                .read_text(encoding="utf-8"))["ui"]


def behind(name: str) -> str:
    """The new-game screen's note on the match named ``name`` waiting behind it."""
    return (UI["gameBehindNamed"].replace("{1}", UI["cancelNewGame"])
            .replace("{0}", UI["startGame"]).replace("{2}", name))


def back(name: str) -> str:
    """The new-game screen's note when no match is behind it but Cancel goes back to the
    match named ``name``, of the game the player came from."""
    return UI["gameBack"].replace("{0}", UI["cancelNewGame"]).replace("{1}", name)


def test_a_saved_match_behind_another_games_screen_is_named_and_cancel_brings_it_back(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 16: Scopa (seed 1) was begun, then Pishti started from the new-game screen;
    New game, then Scopa chosen again, opened Scopa's screen over its resumed save, and Start
    replaced that save with nothing on the screen saying it was there. The screen now says,
    beside Start, that the match in progress waits behind it: Cancel goes back to it, Start
    replaces it. With no game behind (a first visit), it says nothing of the kind. Play-test
    17 (Shasta Sam, then Pishti picked): the note did not say which match, and the one behind
    another game's screen is that game's, not the one the player came from; it names it."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?delay=0&lang=ru")
    wait_ready(page)
    first = page.locator("dialog[data-dialog=new-game]")
    expect(first).to_be_visible()
    expect(first.locator(".start-note")).to_have_count(0)  # nothing behind a first visit

    page.goto(f"{site_url}?game=scopa&seed=1&delay=0&lang=ru")
    wait_ready(page)
    data = scopa_settle(page)
    assert (data["seed"], data["phase"]) == ("1", "play"), data
    table = page.locator(".scopa-felt").get_attribute("data-table")
    expect(page.locator("#app")).to_have_attribute("data-save", "saved")

    # New game over the Scopa match: the question, then the screen says what waits behind it.
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    scopa_screen = page.locator("dialog[data-dialog=scopa-new-game]")
    expect(scopa_screen).to_be_visible()
    note = scopa_screen.locator(".start-note[data-behind='1']")
    expect(note).to_have_text(behind("Скопа"))
    # Pishti instead: Scopa's match stays saved.
    scopa_screen.locator("label[data-game=pishti]").click()
    pishti_screen = page.locator("dialog[data-dialog=scopa-new-game]")
    expect(pishti_screen.locator("input[name=game][value=pishti]")).to_be_checked()
    # No Pishti game behind it: the note says Cancel goes back to Scopa's (play-test 18).
    expect(pishti_screen.locator(".start-note[data-behind]")).to_have_count(0)
    expect(pishti_screen.locator(".start-note[data-back='1']")).to_have_text(back("Скопа"))
    pishti_screen.locator("[data-action=start-game]").click()
    expect(pishti_screen).to_be_hidden()
    assert scopa_settle(page)["phase"] == "play"

    # Back to Scopa from Pishti's screen: Scopa's save is offered (not resumed behind the
    # screen: play-test 21), and the note names it; Cancel goes back to Pishti, the match
    # left, and Continue brings Scopa's deal back.
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    expect(pishti_screen).to_be_visible()
    pishti_screen.locator("label[data-game=scopa]").click()
    expect(scopa_screen.locator("input[name=game][value=scopa]")).to_be_checked()
    note = scopa_screen.locator(".start-note[data-saved='1']")
    expect(note).to_contain_text("«Скопа»")  # Scopa's match, not Pishti's (play-test 17)
    box = note.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    scopa_screen.locator("[data-action=cancel-new-game]").click()
    expect(scopa_screen).to_be_hidden()
    expect(page.locator("#app")).to_have_attribute("data-game", "pishti")
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    pishti_screen.locator("label[data-game=scopa]").click()
    scopa_screen.locator("[data-action=continue-saved]").click()
    expect(scopa_screen).to_be_hidden()
    expect(page.locator("#app")).to_have_attribute("data-game", "scopa")
    data = scopa_settle(page)
    assert (data["seed"], data["phase"]) == ("1", "play"), data
    expect(page.locator(".scopa-felt")).to_have_attribute("data-table", table or "")


def test_the_note_names_the_match_behind_a_screen_reached_from_another_game(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 17: during Shasta Sam, New game, then Pishti picked: Pishti's screen opened
    over the Pishti match saved earlier, and its note («Начатая партия ждёт за этим окном…»)
    read as if it meant Shasta Sam's; Start would have replaced the Pishti match. Each screen's
    note names the match behind it: Shasta Sam's on the Jack page's screen, Pishti's on
    Pishti's; the Shasta Sam match stays saved."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=pishti&seed=2&delay=0&lang=ru")
    wait_ready(page)
    assert scopa_settle(page)["phase"] == "play"
    expect(page.locator("#app")).to_have_attribute("data-save", "saved")
    page.goto(f"{site_url}?game=shasta_sam&seed=3&delay=0&lang=ru")
    wait_ready(page)
    expect(page.locator("#app")).to_have_attribute("data-save", "saved")

    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    jack_screen = page.locator("dialog[data-dialog=jack-new-game]")
    expect(jack_screen).to_be_visible()
    expect(jack_screen.locator(".start-note[data-behind='1']")).to_have_text(behind("Шаста Сэм"))
    jack_screen.locator("label[data-game=pishti]").click()
    pishti_screen = page.locator("dialog[data-dialog=scopa-new-game]")
    expect(pishti_screen.locator("input[name=game][value=pishti]")).to_be_checked()
    note = pishti_screen.locator(".start-note[data-saved='1']")
    expect(note).to_contain_text("«Пишти»")
    box = note.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    assert page.evaluate("localStorage.getItem('cassino.saved-shasta_sam')"), \
        "Shasta Sam's save is kept"


# What the player sees of Cassino's game: enough to tell one position from another.
CASSINO_SEEN = """() => {
  const d = document.getElementById("app").dataset;
  return {hand: [...document.querySelectorAll(".hand-cards button")].map((b) => b.dataset.card),
          table: [...document.querySelectorAll(".table-items button")].map(
            (b) => b.dataset.card || b.dataset.cards),
          seed: d.seed, phase: d.phase, deal: d.deal};
}"""


def ask_new_game(page: Page) -> None:
    """New game, then Yes to «Начать новую игру?»: the game's new-game screen opens."""
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()


def test_cancel_on_a_browsed_game_without_a_save_goes_back_to_the_match_left(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 18: during a match, New game, then a game with no save picked in the screen's
    list of games: the page behind switched to that game, and its screen had neither Cancel
    nor the close button, so there was no way back to the match but Escape. Now every such
    screen (a fishing game's, the Jack page's, Cassino's) has Cancel, says which match it goes
    back to, and Cancel (or Escape) brings that match back as it was, its save kept. From
    Cassino (seed 5): Pishti, then Tablić, then Cancel; from Scopa (seed 1): Cassino (its save
    behind its screen), then Shasta Sam, then Escape (play-test 19: back to Cassino's match, not
    Scopa's); Cassino with no save, then Cancel."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=5&delay=0&lang=ru")
    wait_ready(page)
    page.wait_for_function("document.getElementById('app').dataset.phase === 'play'")
    expect(page.locator("#app")).to_have_attribute("data-save", "saved")
    before = page.evaluate(CASSINO_SEEN)
    title = page.locator("#app h1").first.inner_text().strip()
    assert before["hand"] and title, (before, title)

    ask_new_game(page)
    cassino_screen = page.locator("dialog[data-dialog=new-game]")
    expect(cassino_screen).to_be_visible()
    cassino_screen.locator("label[data-game=pishti]").click()
    screen = page.locator("dialog[data-dialog=scopa-new-game]")
    expect(screen.locator("input[name=game][value=pishti]")).to_be_checked()
    screen.locator("label[data-game=tablic]").click()
    expect(screen.locator("input[name=game][value=tablic]")).to_be_checked()
    # The screen opens on the game just picked, in sight and focused (play-test 19: it opened
    # at its top, Tablić out of sight below).
    expect(screen.locator("input[name=game][value=tablic]")).to_be_focused()
    picked = screen.locator("label[data-game=tablic]").bounding_box()
    start = screen.locator("[data-action=start-game]").bounding_box()
    assert picked and start and picked["y"] >= 0 and picked["y"] + picked["height"] <= start["y"], (
        picked, start)
    # Tablić has no game of its own: Cancel is there, and says where it goes.
    expect(screen.locator(".start-note[data-back='1']")).to_have_text(back(title))
    cancel = screen.locator("[data-action=cancel-new-game]")
    expect(cancel).to_be_visible()
    cancel.click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.wait_for_function("document.getElementById('app').dataset.phase === 'play'")
    assert page.evaluate(CASSINO_SEEN) == before
    assert not page.evaluate("localStorage.getItem('cassino.saved-tablic')")

    page.goto(f"{site_url}?game=scopa&seed=1&delay=0&lang=ru")
    wait_ready(page)
    assert scopa_settle(page)["phase"] == "play"
    table = page.locator(".scopa-felt").get_attribute("data-table")
    expect(page.locator("#app")).to_have_attribute("data-save", "saved")

    def scopa_as_left() -> None:
        expect(page.locator("dialog[open]")).to_have_count(0)
        data = scopa_settle(page)
        assert (data["seed"], data["phase"]) == ("1", "play"), data
        expect(page.locator(".scopa-felt")).to_have_attribute("data-table", table or "")
        assert page.evaluate("localStorage.getItem('cassino.saved-scopa')"), "Scopa's save kept"

    ask_new_game(page)
    screen = page.locator("dialog[data-dialog=scopa-new-game]")
    expect(screen).to_be_visible()
    # Cassino's screen over Cassino's own save (its match behind it), then Shasta Sam, with no
    # save: Cancel goes back to Scopa, the match the player left, not to Cassino's (play-test
    # 19: it went to the match behind the screen browsed on the way).
    screen.locator("label[data-game=cassino]").click()
    expect(cassino_screen).to_be_visible()
    expect(cassino_screen.locator(".start-note[data-saved='1']")).to_be_visible()
    cassino_screen.locator("label[data-game=shasta_sam]").click()
    jack_screen = page.locator("dialog[data-dialog=jack-new-game]")
    expect(jack_screen.locator("input[name=game][value=shasta_sam]")).to_be_checked()
    expect(jack_screen.locator(".start-note[data-back='1']")).to_have_text(back("Скопа"))
    expect(jack_screen.locator("[data-action=cancel-new-game]")).to_be_visible()
    page.keyboard.press("Escape")
    scopa_as_left()

    # Cassino with no save of its own: its screen has Cancel too, back to Scopa.
    page.evaluate("localStorage.removeItem('cassino.saved-game')")
    ask_new_game(page)
    screen.locator("label[data-game=cassino]").click()
    expect(cassino_screen).to_be_visible()
    expect(cassino_screen.locator(".start-note[data-back='1']")).to_have_text(back("Скопа"))
    cassino_screen.locator("[data-action=cancel-new-game]").click()
    scopa_as_left()

    # A game browsed to and started becomes the one Cancel goes back to (play-test 20: Escoba,
    # then Cassino picked and started, then Escoba's screen: Cancel went to Escoba).
    ask_new_game(page)
    screen.locator("label[data-game=pishti]").click()
    expect(screen.locator("input[name=game][value=pishti]")).to_be_checked()
    screen.locator("[data-action=start-game]").click()
    expect(screen).to_be_hidden()
    pishti = scopa_settle(page)
    assert pishti["phase"] == "play", pishti
    pile = page.locator(".scopa-felt").get_attribute("data-table")
    ask_new_game(page)
    screen.locator("label[data-game=tablic]").click()
    expect(screen.locator("input[name=game][value=tablic]")).to_be_checked()
    expect(screen.locator(".start-note[data-back='1']")).to_have_text(back("Пишти"))
    screen.locator("[data-action=cancel-new-game]").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert scopa_settle(page)["phase"] == "play"
    expect(page.locator("#app")).to_have_class(re.compile(r"\bgame-pishti\b"))
    expect(page.locator(".scopa-felt")).to_have_attribute("data-table", pile or "")
