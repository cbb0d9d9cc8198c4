"""Nothing is ever lost: an address that names a deal never replaces a saved game unasked
(web/ui/replace.js), a resumed game keeps the address it began at (web/ui/saved.js), and the
page's messages stay readable above any open dialog (web/ui/messages.js).

Each test gets a fresh browser context, so it starts with empty storage.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

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
    # The address no longer names the other deal: a reload resumes the game, unasked.
    assert page.evaluate("location.search") == "?delay=0"
    wait_saved(page)
    page.reload()
    wait_ready(page)
    settle(page)
    assert page.evaluate(SNAPSHOT) == before
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)


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
    assert page.evaluate("location.search") == "?delay=0"


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
