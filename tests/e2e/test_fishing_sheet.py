"""A play-tester's findings on the fishing games' page (web/scopa/) in Russian on a 360x640
phone: the round's score sheet with three or four seats was wider than the phone (the third
player's column cut off, the page scrolling sideways); the choice of what a card takes showed
only card pictures (its words were for screen readers alone, and laying a king on the table
showed that king, as if taking it); the round history glued a seat's number to its score
(«Компьютер 3 4»). Helpers from tests/e2e/test_scopa.py (settle, Mirror, play_turn).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_fishing_choice import check_reached
from tests.e2e.test_scopa import STILL, Mirror, Ready, play_turn, settle

# One folder per build: the same tests on main's build and this one's, to compare.
SHOTS = Path("/tmp/shots-fishsheet") / Path(os.environ.get("CASSINO_DIST", "fresh")).name

# The sheet's box, the page's width and whether the sheet's table overflows its own box.
SHEET = """() => {
  const sheet = document.querySelector(".scopa-sheet");
  const table = sheet.querySelector("table");
  const r = sheet.getBoundingClientRect();
  const t = table.getBoundingClientRect();
  return { page: document.documentElement.scrollWidth, width: innerWidth,
           left: r.left, right: r.right, tableLeft: t.left, tableRight: t.right,
           heads: [...sheet.querySelectorAll("thead th")].map((th) => th.innerText) };
}"""

GAMES = {"escoba_three": "escoba", "scopa_three": "scopa", "scopone": "scopa"}


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    page.wait_for_function(STILL)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def play_rounds(page: Page, site_url: str, wait_ready: Ready, variant: str, rounds: int,
                lang: str = "ru", seed: int = 1) -> Mirror:
    """Opens `variant` (the computer in every other seat, the beginner, no delay) and plays
    `rounds` rounds to their end, the player's first offered move each turn (checked against
    the engine's offer); leaves the last round's sheet open (the match's, when that round
    ended it). Answers the mirror."""
    game = GAMES[variant]
    page.goto(f"{site_url}?game={game}&variant={variant}&seed={seed}&delay=0&level=beginner"
              f"&lang={lang}")
    wait_ready(page)
    mirror = Mirror(seed, variant, game)
    done = 0
    while True:
        data = settle(page)
        if data["phase"] == "play":
            play_turn(page, mirror, data)
            continue
        done += 1
        if done == rounds:
            return mirror
        assert data["phase"] == "round_over", data["phase"]
        page.locator("[data-action=next-round]").click()
        mirror.next_round()


def check_sheet_fits(page: Page, width: int) -> dict[str, Any]:
    """The page is no wider than the window, and the sheet and its whole table inside it."""
    got: dict[str, Any] = page.evaluate(SHEET)
    assert got["page"] <= width, got
    assert got["left"] >= 0 and got["right"] <= width + 0.5, got
    assert got["tableLeft"] >= got["left"] - 0.5 and got["tableRight"] <= got["right"] + 0.5, got
    return got


@pytest.mark.parametrize("variant", ["escoba_three", "scopa_three", "scopone"])
def test_the_round_sheet_fits_a_phone_with_three_and_four_seats(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, variant: str) -> None:
    """At 360x640 in Russian the sheet of round 1 made the page 407 px wide (Escoba for
    three), 419 px (Scopa for three), 366 px (Scopone): the last column cut off and the page
    scrolling sideways (and left zoomed out when the phone was turned). Now the page stays
    360 px wide with the sheet and its table whole inside; on its side and on a desktop too.
    Every seat's column still names its seat."""
    page.set_viewport_size({"width": 360, "height": 640})
    play_rounds(page, site_url, wait_ready, variant, 1)
    sheet = page.locator(".scopa-sheet")
    expect(sheet.locator("h2")).to_have_text("Раунд 1 окончен")
    shoot(page, f"sheet-{variant}-360x640", full_page=True)
    got = check_sheet_fits(page, 360)
    heads = got["heads"][1:]
    assert len(heads) == (2 if variant == "scopone" else 3), heads
    assert heads[0].startswith("Вы"), heads
    assert all(re.search(r"\d", h) for h in heads[1:]), heads  # «Комп. 2», each its number
    for side in range(1, len(heads) + 1):  # the head's label names the side in full
        label = sheet.locator(f"thead th[data-side='{side - 1}']").get_attribute("aria-label")
        assert label is None or "Компьютер" in label or label.startswith("Вы"), label
    for width, height in ((640, 360), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, f"sheet-{variant}-{width}x{height}", full_page=True)
        check_sheet_fits(page, width)


# Each option's box and the words seen on it: text drawn in a box of its own size, at least
# 12 px high (a screen reader's visually hidden words sit in a 1 px box and are left out).
CHOICES = """() => [...document.querySelectorAll(".scopa-choices .scopa-option")].map((b) => {
  const r = b.getBoundingClientRect();
  const seen = [];
  const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const box = n.parentElement.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(n.parentElement).fontSize);
    if (box.width > 2 && box.height > 2 && size >= 12) seen.push(n.textContent);
  }
  return { move: b.dataset.move || "", text: seen.join(" ").replace(/\\s+/g, " ").trim(),
           left: r.left, right: r.right, top: r.top, bottom: r.bottom };
})"""


@pytest.mark.parametrize(("game", "seed", "card", "said"), [
    # Escoba seed 3: the king of clubs takes the five of cups (10 + 5) or goes on the table.
    ("escoba", 3, "KC", {"KC x 5H": "Взять пятёрку кубков",
                         "KC t": "Положить короля жезлов на стол"}),
    # Escoba seed 13: the two of spades makes 15 two ways, or goes on the table.
    ("escoba", 13, "2S", {"2S x 3H KC": "Взять тройку кубков и короля жезлов",
                          "2S x 3H KD": "Взять тройку кубков и короля монет",
                          "2S t": "Положить двойку мечей на стол"}),
])
def test_the_choice_says_each_move_in_words_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, game: str, seed: int,
        card: str, said: dict[str, str]) -> None:
    """The choice among one card's moves showed card pictures only: what each option does
    was said to screen readers alone, and the option laying the king on the table showed the
    player's own king, which looked like taking a king. Each option now shows its words
    («Взять пятёрку кубков», «Положить короля жезлов на стол»), and every option is whole in
    the 360x640 window (three options and Back on one row that scrolls sideways: on two rows
    they cut the table's cards in half, play-test 17), the table's cards whole too."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game={game}&seed={seed}&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    legal = [m["text"] for m in Mirror(seed, game, game).view["legal_moves"] if m["card"] == card]
    assert sorted(legal) == sorted(said), legal
    page.locator(f".scopa-hand-cards button[data-card='{card}']").click()
    expect(page.locator(".scopa-choice")).to_be_visible()
    shoot(page, f"choice-{game}-{seed}-360x640")
    options = page.evaluate(CHOICES)
    moves = {o["move"]: o for o in options if o["move"]}
    assert set(moves) == set(said), options
    for move, words in said.items():
        assert words.lower() in moves[move]["text"].lower(), (move, moves[move]["text"])
    # Each option whole in the window, or (three options and more, on one row that scrolls
    # sideways) once scrolled into view inside the choice, the page never scrolling.
    for option in options:
        assert option["top"] >= 0 and option["bottom"] <= 640, option
        assert option["bottom"] - option["top"] >= 40, option  # a finger's target
    check_reached(page, f"{game} seed {seed}")
    assert page.evaluate("document.documentElement.scrollHeight") <= 640
    for what in (".scopa-felt", ".scopa-choice", ".scopa-hand-cards"):
        box = page.locator(what).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640, (what, box)
    # Play-test 16: the line under the hand said «Ваш ход: сыграйте карту.» beside the choice;
    # it says the choice (once: the choice's own title is for screen readers).
    # One capture or laying down says so (play-test 19), several captures «по-разному».
    captures = sum(1 for move in said if " x " in move)
    expect(page.locator(".actions .preview")).to_contain_text(
        "может взять или лечь на стол" if captures == 1 else "может взять по-разному")
    expect(page.locator(".scopa-choice-title")).to_have_class(re.compile(r"\bsr-only\b"))
    # The options share a row (words only on a phone): the table's row of cards stays
    # whole in its box while the player chooses (play-test 16: a row an option cut the
    # cards the choice is about to a sliver under the sign; play-test 17: three options
    # and Back on two rows cut them in half, Escoba seed 13).
    cut = page.evaluate("""() => {
      const felt = document.querySelector(".scopa-felt");
      const f = felt.getBoundingClientRect();
      const top = f.top + felt.clientTop, bottom = top + felt.clientHeight;
      return [...felt.querySelectorAll(".scopa-table-cards .card")]
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.top < top - 0.5 || r.bottom > bottom + 0.5)
        .map((r) => `${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(top)}..`
                    + `${Math.round(bottom)}`);
    }""")
    assert cut == [], cut


@pytest.mark.parametrize(("variant", "lang", "line"), [
    ("scopone", "ru", r"Раунд 1: Вы и Компьютер 3 — \d+, Компьютер 2 и Компьютер 4 — \d+"),
    ("escoba_three", "ru", r"Раунд 1: Вы — \d+, Компьютер 2 — \d+, Компьютер 3 — \d+"),
    ("scopone", "en", r"Round 1: You & Computer 3 — \d+, Computer 2 & Computer 4 — \d+"),
    ("escoba_three", "uk", r"Раунд 1: Ви — \d+, Комп’ютер 2 — \d+, Комп’ютер 3 — \d+"),  # noqa: RUF001
], ids=["scopone-ru", "escoba_three-ru", "scopone-en", "escoba_three-uk"])
def test_the_round_history_sets_each_score_apart_from_its_seat(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, variant: str, lang: str,
        line: str) -> None:
    """The sheet's rounds read «Раунд 1: Вы и Компьютер 3 4, Компьютер 2 и Компьютер 4 3»:
    a seat's number ran into its score. A dash stands between each side and its points, the
    points the engine's."""
    page.set_viewport_size({"width": 360, "height": 640})
    mirror = play_rounds(page, site_url, wait_ready, variant, 2, lang=lang)
    history = page.locator(".scopa-sheet .round-history li")
    expect(history).to_have_count(2)
    text = history.first.inner_text().replace("\u00a0", " ")
    assert re.fullmatch(line, text), text
    points = [int(n) for n in re.findall(r"— (\d+)", text)]
    assert points == mirror.view["rounds"][0]["points"], (text, mirror.view["rounds"][0])
    if lang == "ru":
        shoot(page, f"history-{variant}-360x640", full_page=True)
