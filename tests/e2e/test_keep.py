"""Nothing is ever lost: an address that names a deal never replaces a saved game unasked
(web/ui/replace.js), a resumed game keeps the address it began at (web/ui/saved.js), and the
page's messages stay readable above any open dialog (web/ui/messages.js).

Each test starts with empty storage (a fresh browser context, or a pooled one reset: conftest.py).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cassino_core.api import Session
from tests.e2e.conftest import menu_item, permuted
from tests.e2e.test_calijack import HAND, JACK_SAVE_KEY
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_match import Ready, settle
from tests.e2e.test_resume import SAVE_KEY, SNAPSHOT, play_turns, wait_saved

SEED = 42

# The message box (one, whatever it lists): is it on top at its centre, and all on screen?
VISIBLE = """() => {
  const boxes = [...document.querySelectorAll(".messages .message")];
  if (boxes.length !== 1) return {count: boxes.length};
  const box = boxes[0];
  const r = box.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {
    count: 1,
    onTop: Boolean(hit && box.contains(hit)),
    inView: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
    inDialog: Boolean(box.closest("dialog[open]")),
    lines: [...box.querySelectorAll("li.error")].map((li) => li.dataset.code),
  };
}"""

JACK_SNAPSHOT = """() => ({hand: [...document.querySelectorAll('.jack-hand-cards button')]
  .map((b) => b.dataset.card), trick: document.querySelector('.trick').dataset.trick,
  last: document.querySelector('.last-trick').dataset.lastTrick,
  stock: document.getElementById('app').dataset.stock,
  scores: document.getElementById('app').dataset.scores})"""


def saved_deal(page: Page, key: str = SAVE_KEY) -> str:
    raw = page.evaluate("(key) => localStorage.getItem(key)", key)
    assert raw is not None, "nothing is saved"
    deal: str = json.loads(raw)["deal"]
    return deal


def start_seed_game(page: Page, site_url: str, wait_ready: Ready) -> dict[str, Any]:
    """Plays two turns of the deal ``?seed=42`` and answers the saved position."""
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    play_turns(page, 2, random.Random(SEED))
    settle(page)
    wait_saved(page)
    before: dict[str, Any] = page.evaluate(SNAPSHOT)
    assert before["data"]["seed"] == str(SEED)
    assert saved_deal(page) == f"seed={SEED}"
    return before


def test_a_game_resumed_at_the_plain_address_keeps_its_own_address(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    before = start_seed_game(page, site_url, wait_ready)
    # The plain address resumes it, and the save still says which deal it is.
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    settle(page)
    wait_saved(page)
    assert page.evaluate(SNAPSHOT) == before
    assert saved_deal(page) == f"seed={SEED}"
    # So its own address resumes it too, unasked, where it was.
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)
    expect(page.locator("#announcer")).to_have_text("Your game was resumed where you left it.")


@pytest.mark.parametrize("address,code", [
    ("seed=7", None),
    ("variant=classic&players=2&seed=5", None),  # "Copy link to this deal"
    ("daily=2026-01-02", None),
    ("seed=abc", "bad_seed"),
], ids=["seed", "copied-link", "daily", "wrong-parameter"])
def test_another_deal_asks_first_and_back_resumes_the_saved_game(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, address: str,
        code: str | None) -> None:
    before = start_seed_game(page, site_url, wait_ready)
    page.goto(f"{site_url}?{address}&delay=0")
    wait_ready(page)
    question = page.locator("dialog[data-dialog=replace]")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Replace the game in progress?")
    if code:
        # The address's problem is readable above the question, inside it.
        expect(question.locator(f".messages .error[data-code={code}]")).to_be_visible()
        seen = page.evaluate(VISIBLE)
        assert seen["onTop"] and seen["inView"] and seen["lines"] == [code], seen
    assert saved_deal(page) == f"seed={SEED}"  # nothing was replaced while asking
    question.locator("[data-action=replace-back]").click()
    expect(question).to_have_count(0)
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    # The address no longer names the other deal but the saved game's (its deal key), as it
    # began, its game named (a change: it became the bare `?delay=0`, the game's name lost):
    # a reload resumes the game, unasked.
    assert page.evaluate("location.search") == f"?delay=0&game=cassino&seed={SEED}"
    wait_saved(page)
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)


WRONG_SEED_WORDS = {
    # (while asked, once back at the saved game, once the address's deal is played)
    "en": ("If you play the new deal, its cards will be random.", "Your saved game goes on.",
           "This game uses a random deal."),
    "ru": ("Если сыграть новую сдачу, карты в ней будут случайными.",
           "Сохранённая игра продолжается.", "случайная сдача."),
}


@permuted("lang", ["ru", "en"])
def test_a_wrong_seed_over_a_saved_game_is_worded_for_what_happens(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """A wrong seed named while a game is saved: the message said "This game uses a random
    deal" above the question, and again once the player went back to the saved game, which is
    not random at all. Now it says what happens in each case."""
    asked, kept, dealt = WRONG_SEED_WORDS[lang]
    before = start_seed_game(page, site_url, wait_ready)
    error = page.locator(".messages .error[data-code=bad_seed]")
    question = page.locator("dialog[data-dialog=replace]")
    page.goto(f"{site_url}?seed=abc&delay=0&lang={lang}")
    wait_ready(page)
    expect(question.locator(".messages .error[data-code=bad_seed]")).to_contain_text(asked)
    expect(error).not_to_contain_text(dealt)
    question.locator("[data-action=replace-back]").click()
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    expect(error).to_have_count(1)
    expect(error).to_contain_text(kept)
    expect(error).not_to_contain_text(dealt)
    # Asked again, "Play the new deal": then its cards are random, as the message says.
    page.goto(f"{site_url}?seed=abc&delay=0&lang={lang}")
    wait_ready(page)
    expect(question.locator(".messages .error[data-code=bad_seed]")).to_contain_text(asked)
    question.locator("[data-action=replace-new]").click()
    data = settle(page)
    assert data["seed"] not in ("", str(SEED)) and (data["round"], data["deal"]) == ("1", "1")
    expect(error).to_have_count(1)
    expect(error).to_contain_text(dealt)


def test_another_deal_replaces_the_saved_game_when_the_player_says_so(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    start_seed_game(page, site_url, wait_ready)
    page.goto(f"{site_url}?seed=7&delay=0")
    wait_ready(page)
    question = page.locator("dialog[data-dialog=replace]")
    question.locator("[data-action=replace-new]").click()
    data = settle(page)
    assert (data["seed"], data["round"], data["deal"]) == ("7", "1", "1")
    wait_saved(page)
    assert saved_deal(page) == "seed=7"


def test_jack_another_seed_asks_first_and_back_resumes(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    url = f"{site_url}?game=california_jack&seed={SEED}&delay=0&level=beginner"
    page.goto(url)
    wait_ready(page)
    rng = random.Random(SEED)
    for _ in range(3):
        jack_settle(page)
        legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
        page.locator(f".jack-hand-cards button[data-card='{rng.choice(legal)}']").click()
    jack_settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    before = page.evaluate(JACK_SNAPSHOT)
    deal = saved_deal(page, JACK_SAVE_KEY)
    assert deal == f"game=california_jack&seed={SEED}&level=beginner"

    # The plain address resumes it and keeps its address in the save.
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    jack_settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    assert page.evaluate(JACK_SNAPSHOT) == before
    assert saved_deal(page, JACK_SAVE_KEY) == deal

    # Another seed asks; going back resumes the saved game.
    page.goto(f"{site_url}?game=california_jack&seed=7&delay=0")
    wait_ready(page)
    question = page.locator("dialog[data-dialog=replace]")
    expect(question).to_be_visible()
    assert saved_deal(page, JACK_SAVE_KEY) == deal
    question.locator("[data-action=replace-back]").click()
    jack_settle(page)
    assert page.evaluate(JACK_SNAPSHOT) == before
    # The address names the saved game (its game and deal), not the bare `?delay=0` it was.
    assert page.evaluate("location.search") == f"?delay=0&{deal}"


@pytest.mark.every_browser
def test_several_address_errors_make_one_readable_message_above_the_new_game_screen(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=poker&lang=xx&think=99999&delay=0")
    wait_ready(page)
    expect(page.locator("dialog[data-dialog=new-game]")).to_be_visible()
    box = page.locator(".messages .message")
    expect(box).to_have_count(1)
    expect(box.locator("li.error")).to_have_count(3)
    seen = page.evaluate(VISIBLE)
    assert seen == {"count": 1, "onTop": True, "inView": True, "inDialog": True,
                    "lines": ["bad_lang", "bad_think", "bad_game"]}, seen
    for words in ("“poker”", "“xx”", "“99999”"):
        expect(box).to_contain_text(words)
    # Dismissed, it is gone; the new-game screen still starts a game.
    box.locator("[data-action=dismiss]").click()
    expect(page.locator(".messages .message")).to_have_count(0)
    page.locator("[data-action=start-game]").click()
    settle(page)


REFUSED = json.dumps({"format": 1, "deal": "", "seats": ["human", "computer"], "viewer": 0,
                      "record": {"format": "cassino-record", "moves": 3}})


@pytest.mark.every_browser
@pytest.mark.parametrize("saved", ["{not json, \"seed\": 42", REFUSED],
                         ids=["not-json", "record-refused"])
def test_a_corrupted_save_is_set_aside_named_and_readable_above_the_new_game_screen(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, saved: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    expect(page.locator("[data-action=start-game]")).to_be_visible()
    asides = """(key) => Object.keys(localStorage).filter((k) => k.startsWith(key + ".set-aside-"))
      .sort()"""
    kept: list[str] = []
    for _ in range(2):  # a second bad save is set aside beside the first, never over it
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, saved])
        page.reload()
        wait_ready(page)
        expect(page.locator("dialog[data-dialog=new-game]")).to_be_visible()
        error = page.locator(".messages .error[data-code=bad_save]")
        expect(error).to_be_visible()
        assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) is None
        keys = page.evaluate(asides, SAVE_KEY)
        assert len(keys) == len(kept) + 1 and set(kept) < set(keys), keys
        new_key = next(k for k in keys if k not in kept)
        assert page.evaluate("(key) => localStorage.getItem(key)", new_key) == saved
        expect(error).to_contain_text(f"It was set aside, unchanged, under “{new_key}”")
        seen = page.evaluate(VISIBLE)
        assert seen == {"count": 1, "onTop": True, "inView": True, "inDialog": True,
                        "lines": ["bad_save"]}, seen
        kept = keys
        page.wait_for_timeout(5)  # the next key's time differs
    # A new game works, and is saved under the usual key.
    page.locator("[data-action=start-game]").click()
    settle(page)
    wait_saved(page)
    assert json.loads(page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY))["record"]
    assert page.evaluate(asides, SAVE_KEY) == kept


# ---- a record loaded over a game in progress, and New game's question on a phone ----------

WORDS = {lang: json.loads((Path(__file__).parents[2] / "web" / "i18n" / f"{lang}.json")
                          .read_text(encoding="utf-8")) for lang in ("en", "ru")}
UI = {lang: words["ui"] for lang, words in WORDS.items()}


def other_record(jack: bool) -> str:
    """A record of another deal (seed 3), made by the engine itself."""
    session = Session()  # it hands a California Jack game to its JackSession
    start: dict[str, Any] = {"op": "new_game", "seed": 3}
    if jack:
        start["game"] = "california_jack"
    session.handle(json.dumps(start))
    answer = json.loads(session.handle(json.dumps({"op": "export_record"})))
    return json.dumps(answer["record"])


def play_some(page: Page, jack: bool) -> None:
    """A few of the human's moves, so a game is in progress."""
    rng = random.Random(SEED)
    if not jack:
        play_turns(page, 2, rng)
        settle(page)
        return
    for _ in range(2):
        jack_settle(page)
        legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
        page.locator(f".jack-hand-cards button[data-card='{rng.choice(legal)}']").click()
    jack_settle(page)


@pytest.mark.parametrize("jack", [False, True], ids=["cassino", "jack"])
@permuted("lang", ["ru", "en"])
def test_load_record_over_a_game_in_progress_asks_first(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str, jack: bool) -> None:
    """Before, a valid record replaced the game on the table at once, unasked (and Undo could
    not bring it back). Now the replace question comes first; "Back to my game" keeps the
    game and the record's text, and Replace loads it."""
    ui = UI[lang]
    game = "game=california_jack&level=beginner&" if jack else ""
    page.goto(f"{site_url}?{game}seed={SEED}&delay=0&lang={lang}")
    wait_ready(page)
    play_some(page, jack)
    snap = JACK_SNAPSHOT if jack else SNAPSHOT
    before = page.evaluate(snap)
    text = other_record(jack)
    menu_item(page, "load-record").click()
    records = page.locator("dialog[data-dialog=records]")
    records.locator("#record-text").fill(text)
    records.locator("[data-action=do-load-record]").click()
    question = page.locator("dialog[data-dialog=replace]")
    expect(question).to_be_visible()
    expect(question).to_contain_text(ui["replaceTitle"])
    expect(question).to_contain_text(ui["replaceRecordText"])
    back = question.locator("[data-action=replace-back]")
    expect(back).to_have_text(ui["replaceRecordBack"])
    expect(back).to_be_focused()
    back.click()
    expect(question).to_have_count(0)
    # Everything as it was: the game on the table, the text still in the dialog.
    expect(records).to_be_visible()
    expect(records.locator("#record-text")).to_have_value(text)
    expect(records.locator("[data-action=do-load-record]")).to_be_focused()
    page.keyboard.press("Escape")
    expect(records).to_be_hidden()
    (jack_settle if jack else settle)(page)
    assert page.evaluate(snap) == before
    # Asked again, and answered Replace: the record is on the table.
    menu_item(page, "load-record").click()
    records.locator("[data-action=do-load-record]").click()
    expect(question).to_be_visible()
    question.locator("[data-action=replace-new]").click()
    expect(records).to_be_hidden()
    data = (jack_settle if jack else settle)(page)
    assert data["seed"] == "3"


PHONE_CHECK = """() => {
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.top >= 0
      && r.right <= innerWidth && r.bottom <= innerHeight;
  };
  const q = document.querySelector("dialog[data-dialog=confirm-new] .confirm-new-text");
  return {
    scroll: document.documentElement.scrollWidth,
    text: Boolean(q) && inView(q),
    width: q ? q.getBoundingClientRect().width : 0,
    yes: inView(document.querySelector("[data-action=new-game-yes]")),
    no: inView(document.querySelector("[data-action=new-game-no]")),
    menu: inView(document.querySelector("#app .game-menu [data-action=menu]")),
  };
}"""


@pytest.mark.parametrize("jack", [False, True], ids=["cassino", "jack"])
def test_new_game_question_fits_a_russian_phone_and_cancel_returns_focus(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, jack: bool) -> None:
    """Before, at 360x640 in Russian the question squeezed into the top bar one word a line,
    pushed the menu off the screen and made the page 413 px wide; Cancel dropped the focus
    on <body>. Now it is a small dialog: nothing scrolls sideways, the question, its buttons
    and the menu button are in the window, and Cancel gives the focus back to New game."""
    ui = UI["ru"]
    page.set_viewport_size({"width": 360, "height": 640})
    game = "game=california_jack&level=beginner&" if jack else ""
    page.goto(f"{site_url}?{game}seed={SEED}&delay=0&lang=ru")
    wait_ready(page)
    play_some(page, jack)
    new_game = page.locator("#app [data-action=new-game]")
    expect(new_game).to_have_text(ui["newGame"])
    new_game.click()
    question = page.locator("dialog[data-dialog=confirm-new]")
    expect(question).to_be_visible()
    # It says what becomes of this match (play-test 15: "Abandon this match?" came back). The
    # Jack page says it as every page does: its two games have a save each now (they shared
    # one, and its words warned that either replaced the other).
    expect(question).to_contain_text(ui["confirmNewGame"])
    expect(question).to_contain_text("останется сохранённой")
    expect(question).not_to_contain_text("Шаста Сэм")
    expect(question.locator("[data-action=new-game-yes]")).to_be_focused()
    seen = page.evaluate(PHONE_CHECK)
    assert seen["scroll"] <= 360, seen
    assert seen["text"] and seen["yes"] and seen["no"] and seen["menu"], seen
    assert seen["width"] >= 240, seen  # not squeezed one word a line
    question.locator("[data-action=new-game-no]").click()
    expect(question).to_have_count(0)
    expect(page.locator("#app [data-action=new-game]")).to_be_focused()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Escape cancels too, with the focus back on New game.
    page.locator("#app [data-action=new-game]").click()
    expect(question).to_be_visible()
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    expect(page.locator("#app [data-action=new-game]")).to_be_focused()
