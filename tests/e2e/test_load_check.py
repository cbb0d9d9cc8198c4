"""Play-test 8: with a game in progress, a pasted text that is not a record ("hello", "null",
"{}", half a record) asked "Replace the game in progress?" and only then failed, once with the
bare word "null". The page now has the engine check the text first (load_record with "check":
true, web/ui/records.js): such a text is told at once in the page's language, nothing is asked,
and the game on the table and its save stay as they were; a valid record still asks, then loads.
Cassino's page and Scopa's (a fishing game, web/scopa/), in English and Russian.
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page, expect

from cassino_core.api import Session
from tests.e2e.conftest import menu_item, permuted
from tests.e2e.test_i18n import load
from tests.e2e.test_match import Ready, settle
from tests.e2e.test_resume import SAVE_KEY, SNAPSHOT, play_turns, wait_saved
from tests.e2e.test_scopa import HAND, SCOPA_SAVE_KEY, Mirror, play_turn, saved_game
from tests.e2e.test_scopa import settle as scopa_settle

RECORDS = "dialog[data-dialog=records]"
REPLACE = "dialog[data-dialog=replace]"


def engine(request: dict[str, Any], session: Session) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    return answer


def a_record(game: str, seed: int) -> tuple[str, str]:
    """Another deal of ``game`` (the computer on both seats, three moves) as the engine
    writes it: its text form and its JSON."""
    session = Session()
    engine({"op": "new_game", "game": game, "seed": seed, "seats": ["computer", "computer"]},
           session)
    for _ in range(3):
        engine({"op": "computer_move"}, session)
    answer = engine({"op": "export_record", "forms": ["record", "text"]}, session)
    return answer["text"], json.dumps(answer["record"], indent=2)


def bad_texts(game: str) -> list[str]:
    """What play-test 8 pasted: plain words, null, an empty object, and a record cut in half
    (its text form and its JSON)."""
    text, as_json = a_record(game, 5)
    return ["hello", "null", "{}", text[: len(text) // 2], as_json[: len(as_json) // 2]]


def expected_words(lang: str, game: str, text: str) -> str:
    """The start of the sentence the page must show for ``text``: the page's "Nothing was
    loaded: ..." around the engine's reason in ``lang`` (read from web/i18n), up to its first
    parameter."""
    ui = load(lang)["ui"]
    refusal = engine({"op": "load_record", "record": text, "game": game, "check": True},
                     Session())["error"]
    words = ui["refusals"][refusal["reason"]].split("{")[0]
    if "where" in refusal:  # the place comes first ("Line 5: ..."): check the reason alone
        return words
    return ui["loadFailed"].split("{0}")[0] + words


def refuse_each(page: Page, lang: str, game: str) -> None:
    """Pastes each bad text into Load record and checks: no question, the reason at once in the
    page's language (never null, undefined or an engine code), the dialog still open."""
    menu_item(page, "load-record").click()
    records = page.locator(RECORDS)
    expect(records).to_be_visible()
    error = records.locator(".records-error")
    for text in bad_texts(game):
        records.locator("#record-text").fill(text)
        records.locator("[data-action=do-load-record]").click()
        expect(error).to_have_attribute("data-error", "1")
        expect(page.locator(REPLACE)).to_have_count(0)
        shown = error.inner_text()
        assert expected_words(lang, game, text) in shown, (text, shown)
        for word in ("null", "undefined", "not_a_record", "bad_record", "[object"):
            assert word not in shown, (text, shown)
        if lang == "ru":
            assert "This" not in shown and "record" not in shown, shown
        expect(records).to_be_visible()
    page.keyboard.press("Escape")
    expect(records).to_be_hidden()


def load_valid(page: Page, record: str) -> None:
    """A valid record over the game in progress: the question comes; "Back to my game" keeps
    the game; asked again, "Load the record" loads it."""
    menu_item(page, "load-record").click()
    records = page.locator(RECORDS)
    records.locator("#record-text").fill(record)
    records.locator("[data-action=do-load-record]").click()
    # Play-test 11: the question's first line said "null" (no address game to name).
    question = page.locator(REPLACE)
    expect(question).to_be_visible()
    words = question.locator("p").all_inner_texts()
    assert words and not any(w in " ".join(words) for w in ("null", "undefined")), words
    page.locator(f"{REPLACE} [data-action=replace-back]").click()
    expect(records).to_be_visible()
    records.locator("[data-action=do-load-record]").click()
    page.locator(f"{REPLACE} [data-action=replace-new]").click()
    expect(records).to_be_hidden()


@permuted("lang", ["ru", "en"])
def test_cassino_refuses_a_text_that_is_no_record_before_asking(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    page.goto(f"{site_url}?seed=42&delay=0&lang={lang}")
    wait_ready(page)
    play_turns(page, 2, random.Random(42))
    settle(page)
    wait_saved(page)
    before = page.evaluate(SNAPSHOT)
    saved = page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY)
    assert saved and before["data"]["seed"] == "42"

    refuse_each(page, lang, "cassino")
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) == saved

    text, _ = a_record("cassino", 9)
    load_valid(page, text)
    data = settle(page)
    assert data["seed"] == "9"
    wait_saved(page)
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE_KEY) != saved


@permuted("lang", ["ru", "en"])
def test_scopa_refuses_a_text_that_is_no_record_before_asking(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    page.goto(f"{site_url}?game=scopa&seed=7&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    mirror = Mirror(7)
    for _ in range(2):
        play_turn(page, mirror, scopa_settle(page))
    data = scopa_settle(page)
    saved_game(page, SCOPA_SAVE_KEY, "scopa")
    saved = page.evaluate("(key) => localStorage.getItem(key)", SCOPA_SAVE_KEY)
    hand = page.evaluate(HAND)

    refuse_each(page, lang, "scopa")
    # A Cassino record on Scopa's page: refused at once too, naming the game it belongs to.
    cassino, _ = a_record("cassino", 9)
    menu_item(page, "load-record").click()
    records = page.locator(RECORDS)
    records.locator("#record-text").fill(cassino)
    records.locator("[data-action=do-load-record]").click()
    expect(records.locator(".records-error")).to_contain_text(
        load(lang)["ui"]["refusals"]["record_is_cassino"])
    expect(page.locator(REPLACE)).to_have_count(0)
    page.keyboard.press("Escape")

    assert scopa_settle(page) == data
    assert page.evaluate(HAND) == hand
    assert page.evaluate("(key) => localStorage.getItem(key)", SCOPA_SAVE_KEY) == saved

    _, record = a_record("scopa", 9)
    load_valid(page, record)
    assert scopa_settle(page)["seed"] == "9"
