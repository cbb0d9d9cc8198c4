"""What play-test 7 (issue 15) found on a Russian phone (360x640, touch), in Ukrainian and with
the keyboard: each finding as a concrete position or message and what the page must show. The
positions come from the engine (same seed, same rules); the page decides no rule. Fixtures are
in conftest.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import permuted
from tests.e2e.test_i18n import LANGUAGES, load
from tests.e2e.test_keep import SNAPSHOT, start_seed_game
from tests.e2e.test_match import Ready, api, settle

WEB = Path(__file__).resolve().parents[2] / "web"

# Classic, seed 12, the beginner, the player first with 4♠ 5♠ 6♠ 8♥; the table 9♠ 2♦ 7♥ A♥.
# The engine's moves of 4♠: trail, build fives on A♥, build sixes on 2♦: none takes 9♠. After
# "4S b6 2D" the computer builds nines (A♣ on A♥ 7♥, beside 9♠); the player's 6♠ then takes
# the sixes, and no move of it touches the nines.
SEED = 12
# The page writes a suit with U+FE0E after it (web/ui/cards.js: a text glyph, never an emoji).
S, H, D, C = "♠\ufe0e", "♥\ufe0e", "♦\ufe0e", "♣\ufe0e"
UNUSABLE = {
    "en": f"9{S} does not go with your 4{S}.",
    "ru": f"9{S} не подходит к вашей карте 4{S}.",
    "uk": f"9{S} не підходить до вашої карти 4{S}.",
}
NINES = f"A{H} A{C} 7{H} 9{S}"
NINES_BUILT = {
    "en": "Last move: Computer built nines with A♣",
    "ru": "Последний ход: постройка до девяток",
    "uk": "Останній хід: кратна збірка на",
}
UNUSABLE_BUILD = {
    "en": f"The build {NINES} does not go with your 6{S}.",
    "ru": f"Постройка {NINES} не подходит к вашей карте 6{S}.",
    "uk": f"Збірка {NINES} не підходить до вашої карти 6{S}.",
}


@permuted("lang", ["ru", "uk", "en"])
def test_a_table_card_that_goes_with_no_move_of_the_chosen_card_is_named(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 7: tapping a table card that no legal move of the chosen hand card uses said
    "Нельзя использовать ... картой: 6♦", naming the hand card only. The notice names
    what was tapped and the card it does not go with; for a build, its cards (seed 12 above).
    On the way, the computer's own last-move line, which named it twice."""
    new_game = {"op": "new_game", "rules": "classic", "seed": SEED,
                "seats": ["human", "computer"], "levels": [None, "beginner"]}
    moves = api(new_game)["view"]["legal_moves"]
    assert sorted(m["text"] for m in moves if m["card"] == "4S") == [
        "4S b5 AH", "4S b6 2D", "4S t"]
    api({"op": "play", "seat": 0, "move": "4S b6 2D"})
    view = api({"op": "computer_move"})["view"]
    nines = [b for b in view["table"]["builds"] if b["owner"] == 1]
    assert [sorted(b["cards"]) for b in nines] == [["7H", "9S", "AC", "AH"]], view["table"]
    assert all(not set(m.get("take") or []) & set(nines[0]["cards"])
               for m in view["legal_moves"] if m["card"] == "6S")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed={SEED}&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    page.locator(".hand-cards [data-card='4S']").click()
    # aria-disabled (no move uses it), yet a tap must say why.
    page.locator(".felt [data-card='9S']").first.click(force=True)
    expect(page.locator(".actions .hint")).to_have_text(UNUSABLE[lang])
    page.locator(".felt [data-card='2D']").first.click()
    page.locator("[data-action=confirm]").click()
    settle(page)
    # The computer's panel says its last move without its name again after "Last move:"
    # (play-test 7 read "Последний ход: Компьютер: ..."); English names it in the sentence.
    expect(page.locator(".seat[data-seat='1'] .last-move")).to_have_text(
        re.compile("^" + re.escape(NINES_BUILT[lang])))
    page.locator(".hand-cards [data-card='6S']").click()
    page.locator(".felt .table-item.build[data-item*='9S']").click(force=True)
    expect(page.locator(".actions .hint")).to_have_text(UNUSABLE_BUILD[lang])


def thinking_keys() -> set[str]:
    """The keys of the `ui` messages the Cassino page shows through web/ui/advice.js's
    thinkingLine (the line with three moving dots), read from the page's modules."""
    found: set[str] = set()
    for module in WEB.rglob("*.js"):
        found |= set(re.findall(r"thinkingLine\(strings\.(\w+)", module.read_text("utf-8")))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_line_followed_by_moving_dots_has_no_dots_of_its_own(lang: str) -> None:
    """Play-test 7 read "Думаю……" on the hint button: the message ended with an ellipsis and
    thinkingLine added its three moving dots. A message shown that way ends with a letter."""
    keys = thinking_keys()
    assert {"hintThinking", "hintSearching", "thinking", "thinkingShort"} <= keys, keys
    ui = load(lang)["ui"]
    for key in keys:
        assert re.search(r"\w$", ui[key]), (lang, key, ui[key])


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_match_winner_you_is_said_subject_first(lang: str) -> None:
    """Play-test 7: "Партию выиграли Вы!" put the player's name, capitalised, after the verb;
    the sentence for the player's own side starts with it ("Вы выиграли партию!", the same
    order as the two-player sentence `winner`'s $you)."""
    ui = load(lang)["ui"]
    assert ui["winnerSideYou"].startswith("{0} "), ui["winnerSideYou"]
    assert ui["winner"]["$you"].startswith(ui["you"] + " "), ui["winner"]["$you"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_says_no_one_saw_other_cards_whatever_the_seats(lang: str) -> None:
    """Play-test 7: the replay's introduction said "каждый компьютер видел..." with one
    computer, and a replay of a game of humans only has none: one sentence fits every mix of
    seats (Cassino's and the fishing games' replays)."""
    words = load(lang)
    intros = [words["ui"]["replayIntro"]] + [
        section["replayIntro"] for section in words.values()
        if isinstance(section, dict) and section is not words["ui"] and "replayIntro" in section]
    assert len(intros) >= 2, intros
    each = {"en": "each computer", "ru": "каждый компьютер",
            "uk": "кожен комп’ютер"}[lang]  # noqa: RUF001
    for intro in intros:
        assert each not in intro, intro


UNKNOWN_VARIANT_WORDS = {
    # (while asked, once back at the saved game)
    "en": ("The variant “nonsense” in the address (parameter “variant”) is not known",
           "The value “nonsense” of the address's parameter “variant” is not valid; your "
           "saved game goes on."),
    "ru": ("Вариант «nonsense» в адресе (параметр «variant») неизвестен",
           "Значение «nonsense» параметра «variant» в адресе недопустимо; сохранённая игра "
           "продолжается."),
}


@permuted("lang", ["ru", "en"])
def test_an_unknown_variant_over_a_saved_game_is_told_while_asking_and_after_going_back(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 7: ``?variant=nonsense&seed=7`` with a game saved: the question "Replace the
    game in progress?" did not say the variant was unknown (a wrong seed is told), and going
    back dropped the address without a word. It is told above the question, and after going
    back in words for the saved game, which goes on unchanged."""
    asked, kept = UNKNOWN_VARIANT_WORDS[lang]
    before = start_seed_game(page, site_url, wait_ready)
    question = page.locator("dialog[data-dialog=replace]")
    error = page.locator(".messages .error[data-code=bad_variant]")
    page.goto(f"{site_url}?variant=nonsense&seed=7&delay=0&lang={lang}")
    wait_ready(page)
    expect(question.locator(".messages .error[data-code=bad_variant]")).to_contain_text(asked)
    question.locator("[data-action=replace-back]").click()
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    expect(error).to_have_count(1)
    expect(error).to_have_text(re.compile(re.escape(kept) + "$"))
    assert "variant" not in page.evaluate("location.search")
