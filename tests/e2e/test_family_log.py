"""The fishing page's move log and round replay (issue 15; web/scopa/review.js in the shared
dialogs web/ui/movelog.js and web/ui/replay.js, the engine's ``move_log`` and ``replay``:
cassino_core/fishing/review.py). Fixtures are in conftest.py.

The log's words are checked by hand, whole, in English and Russian for Scopa, Pishti, Tablić
and Cirulla: each line is the page's sentence for the move (the Last move line's), cards named
in the case the sentence needs. The replay of a round played on the page steps through it and
shows, at every step where the player was to play, the table the game had then. Beside the
page the same match runs in CPython (test_scopa.py's Mirror), which tells how many moves were
made before each of the player's turns.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import axe_violations, report
from tests.e2e.test_scopa import Mirror, Ready, play_turn, review_shot, settle

SHOTS = Path("/tmp/fishlog-shots")
LOG = "dialog[data-dialog=move-log]"
REPLAY = "dialog[data-dialog=replay]"
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}


def open_game(page: Page, site_url: str, wait_ready: Ready, game: str, seed: int, lang: str,
              size: dict[str, int]) -> Mirror:
    """`game` with this seed, the beginner and a target of 30 (so round 1 ends with a sheet,
    not the match), in `lang`, at `size`; the same match in CPython."""
    page.set_viewport_size(size)
    page.goto(f"{site_url}?game={game}&seed={seed}&delay=0&level=beginner&target=30&lang={lang}")
    wait_ready(page)
    settle(page)
    return Mirror(seed, game, game, 30)


def play_card(page: Page, mirror: Mirror, text: str) -> None:
    """Plays the move `text`, whose card has that one move, by pressing the card."""
    page.locator(f".scopa-hand-cards button[data-card='{text.split()[0]}']").click()
    mirror.play(text)
    settle(page)


def open_log_by_key(page: Page) -> list[str]:
    """M opens the log; answers its lines, once drawn."""
    page.keyboard.press("m")
    expect(page.locator(LOG)).to_have_attribute("data-state", "ready")
    return page.locator(f"{LOG} .move-log li").all_inner_texts()


def newest_in_view(page: Page) -> None:
    """The log's newest line is inside both the log's scrolled box and the window."""
    last = page.locator(f"{LOG} .move-log li").last
    box = last.bounding_box()
    frame = page.locator(f"{LOG} .move-log").bounding_box()
    size = page.viewport_size
    assert box and frame and size
    assert frame["y"] - 1 <= box["y"]
    assert box["y"] + box["height"] <= frame["y"] + frame["height"] + 1
    assert box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]


def test_the_scopa_log_in_english_by_key_and_by_the_menu(page: Page, watch: Any, site_url: str,
                                                         wait_ready: Ready) -> None:
    """Scopa, seed 5 (Italian pack: H cups, D coins): the player trails the two of cups, the
    computer takes it with the two of coins [FAMILY.md §4.1: a card takes one of equal value]."""
    mirror = open_game(page, site_url, wait_ready, "scopa", 5, "en", PHONE)
    play_card(page, mirror, "2H t")
    lines = open_log_by_key(page)
    assert lines == ["You put the two of cups on the table",
                     "Computer played the two of coins and took the two of cups"]
    expect(page.locator(f"{LOG} .move-log h3")).to_have_text(["Round 1"])
    newest_in_view(page)
    assert not (found := axe_violations(page)), report(found)
    page.keyboard.press("Escape")
    expect(page.locator(LOG)).not_to_be_visible()
    # By the menu (a tap or a click), the same lines; the hand is still there after it closes.
    page.locator("#app .game-menu [data-action=menu]").click()
    page.locator("#app .game-menu [data-action=move-log]").click()
    expect(page.locator(f"{LOG} .move-log li")).to_have_count(2)
    review_shot(page, SHOTS / "scopa-log-360-en.png")
    page.locator(f"{LOG} [data-action=close-move-log]").click()
    expect(page.locator(".scopa-hand-cards button")).to_have_count(2)


def test_the_pishti_log_in_russian_names_the_pile_it_took(page: Page, watch: Any, site_url: str,
                                                          wait_ready: Ready) -> None:
    """Pishti, seed 3 [FAMILY.md §5.1]: the computer leads, the player adds the six of clubs,
    the computer the four of diamonds, the player's jack of spades takes the pile (the three
    face-down starters are not named), and the computer leads the ace of diamonds."""
    mirror = open_game(page, site_url, wait_ready, "pishti", 3, "ru", PHONE)
    play_card(page, mirror, "6C t")
    play_card(page, mirror, "JS x 3H 4D 6C 7H")
    lines = open_log_by_key(page)
    assert lines == [
        "Компьютер: тройка червей на стопку",
        "Вы положили шестёрку треф на стопку",
        "Компьютер: четвёрка бубен на стопку",
        "Вы сыграли валета пик и забрали стопку "
        "(в стопке: тройка червей, четвёрка бубен, шестёрка треф, семёрка червей)",
        "Компьютер: туз бубен на стопку",
    ]
    expect(page.locator(f"{LOG} .move-log h3")).to_have_text(["Раунд 1"])
    newest_in_view(page)
    review_shot(page, SHOTS / "pishti-log-360-ru.png")


def test_the_tablic_log_in_english_and_the_cirulla_log_in_russian(page: Page, watch: Any,
                                                                  site_url: str,
                                                                  wait_ready: Ready) -> None:
    """Tablić, seed 4 [docs/tablic.md]: the computer's king takes a king, the player lays down
    the eight of spades, the computer the three of hearts. Cirulla, seed 2 [docs/cirulla.md]:
    the computer's five of spades takes four and six (a sum), the player trails the king of
    spades, the computer's jack takes the seven of diamonds (8 + 7 = 15), the player's queen of
    diamonds takes the six of hearts (9 + 6 = 15)."""
    mirror = open_game(page, site_url, wait_ready, "tablic", 4, "en", DESKTOP)
    page.locator("[data-action=lay-down]").click()
    play_card(page, mirror, "8S t")
    assert open_log_by_key(page) == [
        "Computer played the king of clubs and took the king of diamonds",
        "You put the eight of spades on the table",
        "Computer put the three of hearts on the table"]
    review_shot(page, SHOTS / "tablic-log-1280-en.png")
    mirror = open_game(page, site_url, wait_ready, "cirulla", 2, "ru", PHONE)
    play_card(page, mirror, "KS t")
    play_card(page, mirror, "QD x 6H")
    assert open_log_by_key(page) == [
        "Компьютер: пятёрка пик берёт четвёрку пик и шестёрку треф",
        "Вы положили на стол короля пик",
        "Компьютер: валет пик берёт семёрку бубен",
        "Вы сыграли даму бубен и взяли шестёрку червей",
        "Компьютер: дама треф на стол",
    ]


def play_round(page: Page, mirror: Mirror) -> dict[int, str]:
    """Plays round 1 to its end (the player's first offered move each turn, checked against
    the engine's offer); answers the table the page showed at each of the player's turns, by
    the number of moves made before it."""
    tables: dict[int, str] = {}
    turns = 0
    while True:
        data = settle(page)
        if data["phase"] != "play":
            return tables
        made = len(mirror.session.dispatch({"op": "move_log"})["log"])
        tables[made] = data["table"]
        play_turn(page, mirror, data, pick=turns)
        turns += 1
        assert turns < 60, "the round did not end"


def step_to(page: Page, step: int, at: int) -> int:
    """From replay step `at` to `step` by the arrow keys; answers `step`."""
    key = "ArrowRight" if step > at else "ArrowLeft"
    for _ in range(abs(step - at)):
        page.keyboard.press(key)
    expect(page.locator(REPLAY)).to_have_attribute("data-step", str(step))
    return step


def check_replay(page: Page, mirror: Mirror, tables: dict[int, str]) -> list[str]:
    """The replay of round 1 (opened from the round's sheet) steps through every move: at each
    step where the player was to play it shows the table the game had; the last step gives the
    round's points. Answers the lines of its steps."""
    log = mirror.session.dispatch({"op": "move_log"})["log"]
    page.locator(".scopa-sheet [data-action=replay-round]").click()
    dialog = page.locator(REPLAY)
    expect(dialog).to_have_attribute("data-state", "ready")
    expect(dialog.locator("[data-replay-step]")).to_contain_text("1 ")
    at = 0
    lines = []
    for made, table in sorted(tables.items()):
        at = step_to(page, made, at)
        assert dialog.locator(".replay-table").get_attribute("data-replay-table") == table
        expect(dialog.locator(".replay-table .replay-cards, .replay-table p").first).to_be_visible()
        lines.append(dialog.locator("[data-replay-line]").inner_text())
    page.keyboard.press("End")
    expect(dialog).to_have_attribute("data-step", str(len(log)))
    points = mirror.view["rounds"][0]["points"]
    expect(dialog.locator(".replay-scores")).to_contain_text(str(points[0]))
    expect(dialog.locator(".replay-seat .replay-cards .card")).to_have_count(0)
    page.keyboard.press("Home")
    expect(dialog).to_have_attribute("data-step", "0")
    return lines


def test_the_scopa_replay_steps_through_the_round_with_the_games_tables(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Scopa, seed 5, on a desktop in English: the menu's replay is off while round 1 is
    played, saying why; after it, the sheet's Replay the round steps through the round."""
    mirror = open_game(page, site_url, wait_ready, "scopa", 5, "en", DESKTOP)
    page.locator("#app .game-menu [data-action=menu]").click()
    item = page.locator("#app .game-menu [data-action=replay]")
    expect(item).to_be_disabled()
    expect(item).to_have_attribute(
        "title", "The replay opens once a round is over: it shows every hand.")
    page.keyboard.press("Escape")
    tables = play_round(page, mirror)
    lines = check_replay(page, mirror, tables)
    assert lines[0] == "Round 1: the cards are dealt"
    assert lines[1].startswith("Deal 1: Computer played the two of coins and took the two of cups")
    page.keyboard.press("ArrowRight")
    expect(page.locator(f"{REPLAY} [data-replay-line]")).to_have_text(
        "Deal 1: You put the two of cups on the table")
    expect(page.locator(f"{REPLAY} .replay-view")).not_to_contain_text("null")
    expect(page.locator(f"{REPLAY} select[data-replay-round]")).to_be_hidden()  # one round over
    review_shot(page, SHOTS / "scopa-replay-1280-en.png")
    assert not (found := axe_violations(page)), report(found)
    page.keyboard.press("Escape")
    # The replay showed the round just ended: no undo into it.
    expect(page.locator("#app [data-action=undo]")).to_be_disabled()
    # In round 2 the menu's replay is still round 1, and undo works again within round 2.
    page.locator("[data-action=next-round]").click()
    mirror.next_round()
    data = settle(page)
    page.locator("#app .game-menu [data-action=menu]").click()
    page.locator("#app .game-menu [data-action=replay]").click()
    expect(page.locator(REPLAY)).to_have_attribute("data-state", "ready")
    expect(page.locator(f"{REPLAY} [data-replay-line]")).to_have_text(
        "Round 1: the cards are dealt")
    page.keyboard.press("Escape")
    assert settle(page)["phase"] == "play"
    play_turn(page, mirror, data)
    settle(page)
    expect(page.locator("#app [data-action=undo]")).to_be_enabled()
    # Round 2 played to its end: the replay opens at round 2 with a list of the rounds over,
    # and round 1 is chosen from it, from its deal (the engine's own first table).
    play_round(page, mirror)
    page.locator(".scopa-sheet [data-action=replay-round]").click()
    dialog = page.locator(REPLAY)
    expect(dialog).to_have_attribute("data-state", "ready")
    expect(dialog.locator("[data-replay-line]")).to_have_text("Round 2: the cards are dealt")
    picker = dialog.locator("select[data-replay-round]")
    expect(picker).to_be_visible()
    assert picker.locator("option").all_inner_texts() == ["Round 1", "Round 2"]
    expect(picker).to_have_value("2")
    picker.select_option("1")
    expect(dialog.locator("[data-replay-line]")).to_have_text("Round 1: the cards are dealt")
    first = mirror.session.dispatch({"op": "replay", "round": 1})["replay"]["steps"][0]
    expect(dialog.locator(".replay-table")).to_have_attribute("data-replay-table",
                                                              " ".join(first["table"]))
    expect(picker).to_have_value("1")
    review_shot(page, SHOTS / "scopa-replay-pick-1280-en.png")
    page.keyboard.press("End")
    expect(dialog.locator(".replay-scores")).to_contain_text(
        str(mirror.view["rounds"][0]["points"][0]))


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True,
                                  viewport={"width": 360, "height": 640})
def test_the_pishti_replay_in_russian_on_a_phone_shows_the_face_down_starters(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Pishti, seed 3, on a touch phone: the replay's deal shows the three starters face down
    under the seven of hearts [FAMILY.md §5.1], and every step the player was to play shows
    the game's pile."""
    mirror = open_game(page, site_url, wait_ready, "pishti", 3, "ru", PHONE)
    tables = play_round(page, mirror)
    review_shot(page, SHOTS / "pishti-sheet-360-ru.png")
    # A whole round's log: its newest line is scrolled into view on the phone.
    lines = open_log_by_key(page)
    assert len(lines) == len(mirror.session.dispatch({"op": "move_log"})["log"]) == 48
    newest_in_view(page)
    page.keyboard.press("Escape")
    check_replay(page, mirror, tables)
    dialog = page.locator(REPLAY)
    expect(dialog.locator("[data-replay-line]")).to_have_text(
        "Раунд 1: карты розданы")
    expect(dialog.locator(".replay-face-down .card")).to_have_count(3)
    expect(dialog.locator(".replay-table")).to_have_attribute("data-replay-table", "7H")
    page.keyboard.press("ArrowRight")
    expect(dialog.locator("[data-replay-line]")).to_have_text(
        "Сдача 1: Компьютер: тройка червей на стопку")
    review_shot(page, SHOTS / "pishti-replay-360-ru.png")
    # On a phone the replay fills the screen like every dialog there (it stood 24 px short of
    # the right edge, the game showing beside it: play-test 4), and its step buttons are in it.
    whole = dialog.bounding_box()
    assert whole and (whole["x"], whole["width"]) == (0, PHONE["width"]), whole
    # A touch screen has no arrow keys: the words on keys are left out there.
    expect(dialog.locator(".keys-help")).to_be_hidden()
    for action in ("first", "back", "next", "last"):
        box = dialog.locator(f"[data-action=replay-{action}]").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
