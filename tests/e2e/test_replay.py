"""After the game: the replay with every hand face up, the move log, and undo with several
humans at one screen only when everyone agreed.

A finished match comes from CPython (``cassino_core.api``: one deal is a game, random moves)
as a record, loaded through the Records dialog as a player would; the replay the page shows is
checked against the engine's own steps for that record.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from cassino_core.api import Session
from tests.e2e.conftest import load_over_game, menu_item, play_the_new_deal
from tests.e2e.test_accessibility import assert_accessible
from tests.e2e.test_match import SEED, Ready, settle
from tests.e2e.test_newgame import APP, click_move, idle, new_game_dialog, offered
from tests.e2e.test_resume import play_turns

SHOTS = Path(__file__).resolve().parents[2] / "test-results"  # ignored by git
NOTATION = re.compile(r"^[2-9TJQKA][SHDC] (t|p|x( [2-9TJQKA][SHDC])+|b\d+( [2-9TJQKA][SHDC])*)$")


def ask(session: Session, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    assert "error" not in answer, (request, answer)
    return answer


def finished_record(seed: int) -> tuple[str, list[dict[str, Any]]]:
    """A finished one-deal match (you against the computer), its record text and the
    engine's replay steps."""
    session = Session()
    view = ask(session, op="new_game", seed=seed, level="random",
               overrides={"game_end": "one_deal"})["view"]
    rng = random.Random(seed)
    while view["phase"] != "match_over":
        if view["turn"] == 0:
            view = ask(session, op="play", seat=0, move=rng.choice(view["legal_moves"]))["view"]
        else:
            view = ask(session, op="computer_move")["view"]
    text = ask(session, op="export_record")["text"]
    steps = ask(session, op="replay")["replay"]["steps"]
    return text, steps


def load_record_text(page: Page, text: str) -> None:
    menu_item(page, "load-record").click()
    records = page.locator("dialog[data-dialog=records]")
    records.locator("#record-text").fill(text)
    load_over_game(page)
    expect(records).to_be_hidden()


def shown_cards(page: Page, selector: str) -> list[str]:
    raw = page.locator(selector).first.get_attribute("data-cards") or ""
    return sorted(raw.split())


def test_replay_of_a_finished_match_shows_every_hand_step_by_step(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    text, steps = finished_record(SEED)
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    # During play the replay is closed.
    expect(page.locator("[data-action=replay]")).to_be_disabled()

    load_record_text(page, text)
    data = settle(page)
    assert data["phase"] == "match_over"
    expect(page.locator("[data-action=undo]")).to_be_enabled()
    page.locator("[data-action=open-replay]").click()
    replay = page.locator("dialog[data-dialog=replay]")
    expect(replay).to_be_visible()
    expect(replay).to_have_attribute("data-state", "ready")
    expect(replay.locator("[data-replay-step]")).to_have_text(f"Step 1 of {len(steps)}")
    # The record's computer played at level "random": its name, not the code.
    expect(replay.locator("[data-replay-seat='1'] h3")).to_have_text("Computer · Random")

    def check(index: int) -> None:
        expect(replay).to_have_attribute("data-step", str(index))
        step = steps[index]
        for seat in (0, 1):
            # The computer's hand too: every card face up.
            assert shown_cards(page, f"[data-replay-seat='{seat}'] .replay-cards") == sorted(
                step["hands"][seat]), (index, seat)
            captured = replay.locator(f"[data-replay-seat='{seat}'] .replay-captured")
            expect(captured).to_have_attribute("data-captured",
                                               str(step["captured"][seat]["cards"]))
        if step["move"] is not None:
            expect(replay.locator("[data-replay-line]")).to_contain_text(f"({step['move']['text']})")

    check(0)
    assert len(steps[0]["hands"][1]) == 4  # the computer's first four cards, shown
    page.keyboard.press("ArrowRight")
    check(1)
    page.keyboard.press("ArrowRight")
    check(2)
    page.keyboard.press("ArrowLeft")
    check(1)
    page.keyboard.press("End")
    check(len(steps) - 1)
    expect(replay.locator("[data-action=replay-next]")).to_be_disabled()
    page.keyboard.press("Home")
    check(0)
    expect(replay.locator("[data-action=replay-back]")).to_be_disabled()
    for _ in range(5):
        replay.locator("[data-action=replay-next]").click()
    check(5)
    assert_accessible(page, "the replay")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay.png"), full_page=False)
    page.keyboard.press("Escape")
    expect(replay).to_be_hidden()
    # Every hand has been shown: the match cannot be taken back into play.
    expect(page.locator("[data-action=undo]")).to_be_disabled()


def test_the_engine_refuses_the_replay_during_play(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    expect(page.locator("[data-action=replay]")).to_be_disabled()
    answers = page.evaluate("""async () => {
      const {createEngine} = await import("./app.js");
      const engine = await createEngine();
      const game = await engine.call("new_game", {seed: 3});
      const refused = await engine.call("replay", {});
      engine.terminate();
      return {phase: game.view.phase, refused};
    }""")
    assert answers["phase"] == "play"
    assert answers["refused"]["error"]["code"] == "match_not_over"


def test_move_log_lists_the_moves_in_notation(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    play_turns(page, 3, random.Random(SEED))
    settle(page)
    page.locator("#app").press("m")
    log = page.locator("dialog[data-dialog=move-log]")
    expect(log).to_be_visible()
    expect(log).to_have_attribute("data-state", "ready")
    items = log.locator("li[data-log-move]")
    count = items.count()
    assert count >= 5  # three of yours and the computer's answers
    texts = [items.nth(k).get_attribute("data-log-move") or "" for k in range(count)]
    assert all(NOTATION.match(t) for t in texts), texts
    expect(log.locator("h3").first).to_have_text("Round 1")
    # The move in words, which name the mover once, then its notation (play-test 6).
    expect(items.first.locator(".move-log-words")).to_have_text(re.compile(r"^(You|Computer) "))
    expect(items.first.locator(".move-log-text")).to_have_text(texts[0])
    expect(items.first).to_have_text(re.compile(r"^(You|Computer) .* " + re.escape(texts[0]) + "$"))
    # Seats alternate in a two-player game.
    seats = [items.nth(k).get_attribute("data-seat") for k in range(count)]
    assert all(a != b for a, b in itertools.pairwise(seats)), seats
    assert_accessible(page, "the move log")
    page.keyboard.press("Escape")
    expect(log).to_be_hidden()
    # From the toolbar too.
    menu_item(page, "move-log").click()
    expect(log).to_have_attribute("data-state", "ready")
    assert log.locator("li[data-log-move]").count() == count


def start_hot_seat(page: Page, consent: bool, *, reopen: bool) -> None:
    """Two humans at one screen, from the new-game screen (open at first start, else opened
    by New game when ``reopen``)."""
    dialog = new_game_dialog(page)
    if reopen:
        page.locator("[data-action=new-game]").click()
        page.locator("[data-action=new-game-yes]").click()
    expect(dialog).to_be_visible()
    dialog.locator("[data-seat-row='1'] input[value=computer]").check()
    # One human: nothing to agree on.
    expect(dialog.locator("input[name=undo-consent]")).to_have_count(0)
    dialog.locator("[data-seat-row='1'] input[value=human]").check()
    box = dialog.locator("input[name=undo-consent]")
    expect(box).not_to_be_checked()  # off unless everyone agrees
    if consent:
        box.check()
    dialog.locator("[data-action=start-game]").click()
    expect(dialog).to_be_hidden()


def show_and_hand(page: Page) -> tuple[str, list[str]]:
    """Pass the device to the human whose turn it is; their seat and hand."""
    data = idle(page)
    assert data["pass"] == "1"
    page.locator("[data-action=pass-show]").click()
    data = idle(page)
    assert data["seat"] == data["turn"]
    hand = page.evaluate("[...document.querySelectorAll('.hand-cards button')]"
                         ".map((b) => b.dataset.card)")
    return data["seat"], hand


def test_hot_seat_undo_only_with_everyones_consent(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    start_hot_seat(page, consent=False, reopen=False)
    first, _ = show_and_hand(page)
    click_move(page, sorted(offered(page), key=lambda m: m["text"])[0])
    show_and_hand(page)
    undo = page.locator("[data-action=undo]")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", re.compile("several people"))

    start_hot_seat(page, consent=True, reopen=True)
    first, before = show_and_hand(page)
    click_move(page, sorted(offered(page), key=lambda m: m["text"])[0])
    second, _ = show_and_hand(page)
    assert second != first
    click_move(page, sorted(offered(page), key=lambda m: m["text"])[0])
    again, _ = show_and_hand(page)
    assert again == first
    expect(undo).to_be_enabled()
    expect(undo).to_have_attribute("title", re.compile("everyone at this screen agreed"))
    undo.click()
    # Back to this player's previous turn: their own hand as it was, no one else's on screen.
    data = idle(page)
    assert data["pass"] == "0" and data["turn"] == first and data["seat"] == first
    hand = page.evaluate("[...document.querySelectorAll('.hand-cards button')]"
                         ".map((b) => b.dataset.card)")
    assert sorted(hand) == sorted(before)
    expect(page.locator(".seat.me")).to_have_count(1)
    # The setting is kept with the game: a reload resumes it with undo still allowed.
    page.wait_for_function(f"{APP}.save === 'saved'", timeout=20_000)
    saved = json.loads(page.evaluate("localStorage.getItem('cassino.saved-game')"))
    assert saved["settings"]["undoConsent"] is True


# ---- California Jack ---------------------------------------------------------------------


def test_california_jack_replay_and_move_log(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    from cassino_core.calijack.api import JackSession
    from tests.e2e.test_calijack import settle as jack_settle

    session = JackSession()
    session.dispatch({"op": "new_game", "game": "california_jack", "seed": 4,
                      "levels": [None, "random"], "overrides": {"target": 1}})
    rng = random.Random(4)
    while session.view_json()["phase"] != "match_over":
        view = session.view_json()
        if view["phase"] == "deal_over":
            session.dispatch({"op": "next_round"})
        elif view["turn"] == 0:
            session.dispatch({"op": "play", "move": rng.choice(view["legal_moves"])})
        else:
            session.dispatch({"op": "computer_move"})
    record = session.dispatch({"op": "export_record"})["record"]
    steps = session.dispatch({"op": "replay"})["replay"]["steps"]

    page.goto(f"{site_url}?game=california_jack&seed=2&delay=0&level=beginner")
    wait_ready(page)
    jack_settle(page)
    expect(page.locator("[data-action=replay]")).to_be_disabled()
    page.keyboard.press("m")
    log = page.locator("dialog[data-dialog=move-log]")
    expect(log).to_have_attribute("data-state", "ready")
    page.keyboard.press("Escape")

    load_record_text(page, json.dumps(record))
    assert jack_settle(page)["phase"] == "match_over"
    menu_item(page, "replay").click()
    replay = page.locator("dialog[data-dialog=replay]")
    expect(replay).to_have_attribute("data-state", "ready")
    for index in (0, 1, 2):
        if index:
            page.keyboard.press("ArrowRight")
        expect(replay).to_have_attribute("data-step", str(index))
        for seat in (0, 1):
            assert shown_cards(page, f"[data-replay-seat='{seat}'] .replay-cards") == sorted(
                steps[index]["hands"][seat])
    expect(replay.locator("[data-replay-line]")).to_contain_text("trick 1")
    expect(replay.locator("[data-replay-seat='1'] h3")).to_have_text("Computer · Random")
    # The stock in its order, the next card first.
    stock = replay.locator(".replay-stock .replay-cards").get_attribute("data-cards") or ""
    assert stock.split() == steps[2]["stock"][:8]
    # Step 2 ended the first trick: its two cards stay on show, in the order played.
    trick = replay.locator(".replay-table > .replay-cards")
    expect(replay.locator(".replay-table")).to_have_attribute("data-trick-won", "true")
    expect(trick).to_have_attribute(
        "data-cards", " ".join([p["card"] for p in steps[1]["trick"]] + [steps[2]["card"]]))
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "jack-replay.png"))
    # The last step shows the last trick (not an empty felt) and the final score; Next is off
    # there, in its attribute and in its look, as Back is at the first step.
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(len(steps) - 1))
    expect(trick).to_have_attribute(
        "data-cards", " ".join([p["card"] for p in steps[-2]["trick"]] + [steps[-1]["card"]]))
    expect(replay.locator(".replay-scores")).to_contain_text(
        f"You {steps[-1]['scores'][0]} · Computer {steps[-1]['scores'][1]}")
    opacity = "(b) => Number(getComputedStyle(b).opacity)"
    nav = {name: replay.locator(f"[data-action=replay-{name}]") for name in ("back", "next")}
    expect(nav["next"]).to_have_attribute("aria-disabled", "true")
    assert nav["next"].evaluate(opacity) < 0.6 and nav["back"].evaluate(opacity) == 1
    page.keyboard.press("Home")
    expect(nav["back"]).to_have_attribute("aria-disabled", "true")
    expect(nav["next"]).to_have_attribute("aria-disabled", "false")
    assert nav["back"].evaluate(opacity) < 0.6 and nav["next"].evaluate(opacity) == 1
    page.keyboard.press("Escape")
    menu_item(page, "move-log").click()
    expect(log).to_have_attribute("data-state", "ready")
    assert log.locator("li[data-log-move]").count() == 52


def test_undo_consent_from_the_address_and_in_the_link(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{site_url}?seats=hh&seed={SEED}&undo=1&delay=0")
    wait_ready(page)
    play_the_new_deal(page)
    show_and_hand(page)
    click_move(page, sorted(offered(page), key=lambda m: m["text"])[0])
    show_and_hand(page)
    click_move(page, sorted(offered(page), key=lambda m: m["text"])[0])
    show_and_hand(page)
    expect(page.locator("[data-action=undo]")).to_be_enabled()
    menu_item(page, "copy-link").click()
    link = page.locator("[data-link]").get_attribute("data-link") or ""
    assert "undo=1" in link and "seats=hh" in link
    # A wrong value is named, and undo stays off.
    page.goto(f"{site_url}?seats=hh&seed={SEED + 1}&undo=yes&delay=0")
    wait_ready(page)
    play_the_new_deal(page)
    expect(page.locator(".messages .error[data-code=bad_undo]")).to_contain_text("undo")
    show_and_hand(page)
    expect(page.locator("[data-action=undo]")).to_be_disabled()
