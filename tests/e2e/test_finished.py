"""A finished match survives a reload (issue 15, play-test 8), in Chromium; fixtures are in
conftest.py.

The shared saver (web/ui/gamestore.js) keeps a finished match's save, marked ``over``: a
reload shows its result sheet with the same scores, and its replay. It is no game in
progress: an address naming another deal replaces it without "Replace the game in
progress?", and the statistics (web/ui/stats.js) count the match once, whatever the reloads.
One test per page: Cassino (web/app.js), a fishing game (Scopa, web/scopa/) and California
Jack (web/jack/).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import menu_item
from tests.e2e.test_calijack import JACK_SAVE_KEY, Replay
from tests.e2e.test_calijack import play_match as play_jack_match
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_match import settle
from tests.e2e.test_replay import finished_record
from tests.e2e.test_resume import SAVE_KEY
from tests.e2e.test_scopa import SCOPA_SAVE_KEY, Mirror, check_winner, play_turn
from tests.e2e.test_scopa import play_match as play_scopa_match
from tests.e2e.test_scopa import settle as scopa_settle
from tests.e2e.test_stats_daily import SHORT, play_until, stored_stats

Ready = Callable[[Page], None]  # the wait_ready fixture
SHOTS = Path("/tmp/shots-finished")

# The save under `key` once it holds the finished match (the last save runs after the view).
FINISHED = """(key) => {
  const raw = localStorage.getItem(key);
  return raw !== null && JSON.parse(raw).over === true;
}"""


def finished_save(page: Page, key: str) -> dict[str, Any]:
    """Waits until the finished match is saved under ``key``; answers the save."""
    page.wait_for_function(FINISHED, arg=key, timeout=20_000)
    saved: dict[str, Any] = json.loads(page.evaluate("(key) => localStorage.getItem(key)", key))
    return saved


def no_replace_question(page: Page) -> None:
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)


def test_a_finished_cassino_match_is_shown_again_after_a_reload_and_gives_way_unasked(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    seed = 11
    page.goto(f"{site_url}?seed={seed}&rules={SHORT}&delay=0")
    wait_ready(page)
    play_until(page, {"match_over"}, random.Random(seed))
    app = page.locator("#app")
    expect(app).to_have_attribute("data-stats", "counted")
    before = settle(page)
    stats = stored_stats(page)
    assert len(stats["counted"]) == 1
    sheet = page.locator(".score-sheet")
    match_row = [sheet.locator(f"tr.match td[data-side='{side}']").inner_text() for side in (0, 1)]
    saved = finished_save(page, SAVE_KEY)
    assert saved["settings"]["matchId"] == stats["counted"][0]
    assert "undoClosed" not in saved
    expect(page.locator("[data-action=undo]")).to_be_enabled()

    # A reload (on a phone, the move box typed in needs a wider page): the same final sheet,
    # the replay offered, nothing counted again.
    page.set_viewport_size({"width": 360, "height": 640})
    page.reload()
    wait_ready(page)
    after = settle(page)
    assert after["phase"] == "match_over"
    for name in ("scores", "winner", "seed", "round"):
        assert after[name] == before[name], name
    expect(sheet).to_be_visible()
    expect(page.locator(".verdict")).to_be_visible()
    for side in (0, 1):
        expect(sheet.locator(f"tr.match td[data-side='{side}']")).to_have_text(match_row[side])
    expect(page.locator("[data-action=new-match]")).to_be_visible()
    assert stored_stats(page) == stats
    # The sheet's line on the statistics, as after the match: already counted.
    expect(app).to_have_attribute("data-stats", "already")
    expect(page.locator(".stats-note")).to_contain_text("already in your statistics")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "cassino-reloaded-en-360x640.png"), full_page=True)
    # Undo is as it was after the match (the replay was not shown yet).
    expect(page.locator("[data-action=undo]")).to_be_enabled()
    page.locator("[data-action=open-replay]").click()
    replay = page.locator("dialog[data-dialog=replay]")
    expect(replay).to_have_attribute("data-state", "ready")
    page.keyboard.press("Escape")
    expect(replay).to_be_hidden()
    expect(page.locator("[data-action=undo]")).to_be_disabled()
    page.wait_for_function("(key) => JSON.parse(localStorage.getItem(key)).undoClosed === true",
                           arg=SAVE_KEY, timeout=20_000)

    # Every hand was shown: a reload does not reopen undo.
    page.reload()
    wait_ready(page)
    assert settle(page)["phase"] == "match_over"
    expect(page.locator("[data-action=undo]")).to_be_disabled()
    assert stored_stats(page) == stats

    # Loading a record over it asks nothing either (a record loaded finished is not counted).
    menu_item(page, "load-record").click()
    records = page.locator("dialog[data-dialog=records]")
    records.locator("#record-text").fill(finished_record(5)[0])
    records.locator("[data-action=do-load-record]").click()
    expect(records).to_be_hidden()
    no_replace_question(page)
    assert settle(page)["seed"] == "5"
    assert stored_stats(page) == stats

    # Another deal's address: no "Replace the game in progress?", that deal is dealt at once.
    page.goto(f"{site_url}?seed={seed + 1}&delay=0")
    wait_ready(page)
    data = settle(page)
    no_replace_question(page)
    assert (data["phase"], data["seed"], data["round"]) == ("play", str(seed + 1), "1")
    page.wait_for_function("""(key) => { const raw = localStorage.getItem(key);
      return raw !== null && !JSON.parse(raw).over; }""", arg=SAVE_KEY, timeout=20_000)
    assert stored_stats(page) == stats


def test_a_finished_scopa_match_is_shown_again_after_a_reload_and_gives_way_unasked(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    seed, target = 2, 1
    page.goto(f"{site_url}?game=scopa&seed={seed}&delay=0&level=beginner&target={target}")
    wait_ready(page)
    mirror = Mirror(seed, target=target)
    data, _, _, _ = play_scopa_match(page, mirror, lambda p, m, d, pick: play_turn(p, m, d, pick),
                                     lambda p, v: None)
    view = mirror.view
    check_winner(page, data, view, target)
    expect(page.locator("#app")).to_have_attribute("data-stats", "counted")
    stats = stored_stats(page)
    assert len(stats["counted"]) == 1
    saved = finished_save(page, SCOPA_SAVE_KEY)
    assert saved["game"] == "scopa" and saved["settings"]["matchId"] == stats["counted"][0]

    page.reload()
    wait_ready(page)
    again = scopa_settle(page)
    assert again["phase"] == "match_over"
    for name in ("scores", "winner", "game", "variant", "round"):
        assert again[name] == data[name], name
    check_winner(page, again, view, target)
    for side in range(view["sides"]):
        expect(page.locator(f".scopa-sheet tr[data-category=match] td[data-side='{side}']")
               ).to_have_text(str(view["scores"][side]))
    expect(page.locator("[data-action=new-match]")).to_be_visible()
    assert stored_stats(page) == stats
    # The replay is there, as right after the match.
    menu_item(page, "replay").click()
    replay = page.locator("dialog[data-dialog=replay]")
    expect(replay).to_have_attribute("data-state", "ready")
    page.keyboard.press("Escape")
    expect(replay).to_be_hidden()

    # New game: no "Abandon this match?", the new-game screen at once.
    page.locator("[data-action=new-game]").click()
    expect(page.locator("dialog[data-dialog=confirm-new]")).to_have_count(0)
    page.keyboard.press("Escape")
    # Another deal's address: dealt at once, unasked.
    page.goto(f"{site_url}?game=scopa&seed={seed + 1}&delay=0&level=beginner")
    wait_ready(page)
    data = scopa_settle(page)
    no_replace_question(page)
    assert (data["game"], data["phase"], data["seed"]) == ("scopa", "play", str(seed + 1))
    assert stored_stats(page) == stats


def test_a_finished_california_jack_match_is_shown_again_after_a_reload_and_gives_way_unasked(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    seed = 4
    page.goto(f"{site_url}?game=california_jack&seed={seed}&delay=0&level=beginner&target=1")
    wait_ready(page)
    replay = Replay("california_jack", seed, target=1)
    play_jack_match(page, replay, random.Random(seed))
    before = jack_settle(page)
    assert before["phase"] == "match_over"
    expect(page.locator("#app")).to_have_attribute("data-stats", "counted")
    stats = stored_stats(page)
    saved = finished_save(page, JACK_SAVE_KEY)
    assert saved["settings"]["matchId"] == stats["counted"][0]

    page.reload()
    wait_ready(page)
    after = jack_settle(page)
    assert after["phase"] == "match_over"
    assert json.loads(after["scores"]) == replay.view["scores"]
    assert after["winner"] == str(replay.view["winner"])
    dash = "\u2013"
    expect(page.locator(".jack-sheet .verdict")).to_contain_text(
        f"Final score {replay.view['scores'][0]} {dash} {replay.view['scores'][1]}")
    expect(page.locator("[data-action=new-match]")).to_be_visible()
    assert stored_stats(page) == stats
    menu_item(page, "replay").click()
    expect(page.locator("dialog[data-dialog=replay]")).to_have_attribute("data-state", "ready")
    page.keyboard.press("Escape")

    page.goto(f"{site_url}?game=california_jack&seed={seed + 1}&delay=0&level=beginner")
    wait_ready(page)
    data = jack_settle(page)
    no_replace_question(page)
    assert (data["game"], data["phase"], data["seed"]) == ("california_jack", "play",
                                                           str(seed + 1))
    assert stored_stats(page) == stats
