"""Computer levels, hints, the computer's thinking, the speed setting and the last-moves panel,
in the browser; fixtures are in conftest.py.

The tests click and type as a player would. What the engine was told is read back from the
engine itself: ``data-levels`` on ``<main id="app">`` is the view's ``levels`` (docs/api.md),
and a hint's move is checked against the legal moves the page offers (one ``<option>`` per
move the engine sent). Levels and hints: contract of session 4 (cassino_core.players LEVELS,
cassino_core.hints).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import MOTION_ON, menu_item, play_the_new_deal
from tests.e2e.test_match import OFFERED, SEED, Ready, play_by_clicking, settle
from tests.e2e.test_menu import words

APP = "document.getElementById('app').dataset"
SPEED_KEY = "cassino.speed"  # web/ui/speed.js
THINK_KEY = "cassino.think"  # web/ui/think.js
GENERIC_REASON = "It scored best in the engine's look ahead."  # strings.reasonOther

SUIT_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def app_data(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.evaluate(f"({{...{APP}}})")
    return data


def engine_levels(page: Page) -> list[str | None]:
    """The levels the engine reports in its view (``view.levels``)."""
    page.wait_for_function(f"{APP}.levels !== undefined && {APP}.levels !== ''", timeout=30_000)
    levels: list[str | None] = json.loads(app_data(page)["levels"])
    return levels


# ---- levels ---------------------------------------------------------------------------------


def test_level_chosen_on_the_new_game_screen_reaches_the_engine_and_survives_a_reload(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    dialog = page.locator("dialog[data-dialog=new-game]")
    expect(dialog).to_be_visible()
    dialog.locator("select[name=players]").select_option("3")
    # Each computer seat has a level, Intermediate unless chosen, with a line saying how it plays.
    levels = dialog.locator("select[name^=level-]")
    expect(levels).to_have_count(2)
    for select in levels.all():
        expect(select).to_have_value("intermediate")
    help_1 = dialog.locator("#ng-level-1-help")
    intermediate_help = help_1.text_content()
    assert intermediate_help and "undefined" not in intermediate_help
    dialog.locator("select[name=level-1]").select_option("expert")
    expect(help_1).not_to_have_text(intermediate_help)
    dialog.locator("select[name=level-2]").select_option("beginner")
    # A human seat has no level.
    dialog.locator("input[name=seat-2][value=human]").check()
    expect(dialog.locator("select[name=level-2]")).to_have_count(0)
    dialog.locator("input[name=seat-2][value=computer]").check()
    expect(dialog.locator("select[name=level-2]")).to_have_value("beginner")
    dialog.locator("[data-action=start-game]").click()
    expect(dialog).to_be_hidden()

    assert engine_levels(page) == [None, "expert", "beginner"]
    expect(page.locator(".seat[data-seat='1'] [data-level-chip]")).to_have_text("Expert")
    expect(page.locator(".seat[data-seat='2'] [data-level-chip]")).to_have_text("Beginner")
    expect(page.locator(".seat.me [data-level-chip]")).to_have_count(0)

    # The link to this deal carries the levels, one entry per seat.
    menu_item(page, "copy-link").click()
    link = page.locator("[data-link]").get_attribute("data-link") or ""
    assert parse_qs(urlsplit(link).query)["level"] == ["-,expert,beginner"]

    # A reload resumes the saved game against the same levels.
    settle(page)
    page.wait_for_function(f"{APP}.save === 'saved'", timeout=20_000)
    page.reload()
    wait_ready(page)
    settle(page)
    assert engine_levels(page) == [None, "expert", "beginner"]
    # ... and the new-game screen opens with them.
    page.locator("[data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    expect(dialog.locator("select[name=level-1]")).to_have_value("expert")
    expect(dialog.locator("select[name=level-2]")).to_have_value("beginner")


@pytest.mark.every_browser
def test_level_in_the_address_one_for_all_or_per_seat(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready) -> None:
    page.goto(f"{site_url}?players=3&level=b&delay=0&seed={SEED}")
    wait_ready(page)
    play_the_new_deal(page)
    settle(page)
    assert engine_levels(page) == [None, "beginner", "beginner"]

    page.goto(f"{site_url}?players=3&level=-,expert,intermediate&delay=0&seed={SEED}")
    wait_ready(page)
    play_the_new_deal(page)
    settle(page)
    assert engine_levels(page) == [None, "expert", "intermediate"]
    expect(page.locator(".messages .error")).to_have_count(0)


def test_a_bad_level_in_the_address_is_reported_and_intermediate_plays(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?level=grandmaster&delay=0&seed={SEED}")
    wait_ready(page)
    play_the_new_deal(page)
    settle(page)
    error = page.locator(".messages .error[data-code=bad_level]")
    expect(error).to_contain_text("grandmaster")
    expect(error).to_contain_text("beginner, intermediate or expert")
    assert engine_levels(page) == [None, "intermediate"]

    # Per seat, a level for the human seat is refused with its own words.
    page.goto(f"{site_url}?level=expert,expert&delay=0&seed={SEED + 1}")
    wait_ready(page)
    play_the_new_deal(page)
    settle(page)
    expect(page.locator(".messages .error[data-code=bad_level]")).to_contain_text("human seat")


def test_thinking_time_in_the_address_reaches_the_engine_in_both_games(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """``?think=ms`` sets the expert's budget (the engine's ``budget_ms``, 50-10000; issue 4:
    "budget configurable"); the engine's view reports it back."""
    page.goto(f"{site_url}?level=expert&think=200&delay=0&seed={SEED}")
    wait_ready(page)
    settle(page)
    assert engine_levels(page) == [None, "expert"]
    assert app_data(page)["budgetMs"] == "200"
    expect(page.locator(".messages .error")).to_have_count(0)

    # Out of range: named, and the engine's default budget is used.
    page.goto(f"{site_url}?level=expert&think=5&delay=0&seed={SEED}")
    wait_ready(page)
    settle(page)
    error = page.locator(".messages .error[data-code=bad_think]")
    expect(error).to_contain_text("“5”")
    expect(error).to_contain_text("(parameter “think”)")
    expect(error).to_contain_text("from 50 to 10,000")
    expect(error).to_contain_text("the expert thinks 1 s a move, as set in the menu")
    assert app_data(page)["budgetMs"] == "1000"

    page.goto(f"{site_url}?game=california_jack&think=300&delay=0&seed={SEED}")
    wait_ready(page)
    page.wait_for_function(f"{APP}.jack === '1' && {APP}.ready === '1'", timeout=30_000)
    assert app_data(page)["budgetMs"] == "300"


@pytest.mark.every_browser
def test_the_thinking_time_setting_reaches_the_engine_is_kept_and_the_address_wins(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Issue 16: "a setting chooses 0.2 to 5 s". The menu's thinking time is the expert's
    budget (the engine's ``budget_ms``): changed during a game, that game thinks so from its
    next move (``set_budget``); it is kept for the next visit, given to the resumed game and to
    another game's; the address's ``think`` wins over it, and the setting says so."""
    # A delay: the computer's move stays on show, so its view is taken after the change below.
    page.goto(f"{site_url}?level=expert&delay=400&seed={SEED}")
    wait_ready(page)
    settle(page)
    think = menu_item(page, "think")
    expect(think).to_have_value("1000")
    assert think.locator("option").all_inner_texts() == ["0.2 s", "0.5 s", "1 s", "2 s", "5 s"]
    assert app_data(page)["budgetMs"] == "1000"
    think.select_option("2000")
    page.wait_for_function(f"{APP}.budgetMs === '2000'", timeout=30_000)
    assert page.evaluate(f"localStorage.getItem('{THINK_KEY}')") == "2000"

    # Changed while the computer thinks: its move (asked with 2 s) comes, and the engine's time
    # is the new one from then on (the page reports the engine's latest word, not the view of
    # the move asked before the change: play-test of stop 51).
    page.locator("#app .game-menu [data-action=menu]").click()  # closed again
    offered = page.evaluate(OFFERED)
    play_by_clicking(page, next((m for m in offered if m["kind"] == "trail"), offered[0]))
    page.wait_for_function(f"{APP}.thinking === '1'", timeout=30_000)
    menu_item(page, "think").select_option("200")
    settle(page)
    assert app_data(page)["budgetMs"] == "200"
    assert page.evaluate(f"localStorage.getItem('{THINK_KEY}')") == "200"
    expect(page.locator(".messages .error")).to_have_count(0)

    page.reload()
    wait_ready(page)
    settle(page)
    expect(page.locator("select[name=think]")).to_have_value("200")
    assert app_data(page)["budgetMs"] == "200"  # the saved game, resumed

    page.goto(f"{site_url}?game=california_jack&delay=0&seed={SEED}")
    wait_ready(page)
    page.wait_for_function(f"{APP}.jack === '1' && {APP}.ready === '1'", timeout=30_000)
    assert app_data(page)["budgetMs"] == "200"

    # The address's think wins, for the game it opens; the setting is shown as fixed, and kept.
    page.goto(f"{site_url}?level=expert&think=300&delay=0&seed={SEED}")
    wait_ready(page)
    settle(page)
    assert app_data(page)["budgetMs"] == "300"
    fixed = page.locator("select[name=think]")
    expect(fixed).to_be_disabled()
    expect(fixed).to_have_value("300")
    expect(page.locator("label.think")).to_have_attribute("title", re.compile("think=300"))
    menu_item(page, "think")
    expect(page.locator("label.think .menu-item-why")).to_be_visible()  # a phone shows no title
    expect(page.locator("label.think .menu-item-why")).to_contain_text("think=300")
    assert page.evaluate(f"localStorage.getItem('{THINK_KEY}')") == "200"

    # In Russian the seconds are written as Russian writes them.
    page.goto(f"{site_url}?lang=ru&delay=0")
    wait_ready(page)
    settle(page)
    ru = words("ru")["ui"]
    options = menu_item(page, "think").locator("option").all_inner_texts()
    assert options == [ru["thinkSeconds"].replace("{0}", n) for n in ("0,2", "0,5", "1", "2", "5")]
    expect(page.locator("label.think span").first).to_have_text(ru["thinkLabel"])


def test_another_tabs_thinking_time_and_speed_are_followed(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """A thinking time or speed chosen in one tab of the site reaches its other tabs (the
    browser's storage event; play-test of stop 51): their menus show it, and the game in the
    other tab, Scopa here, thinks so from its next move."""
    page.goto(f"{site_url}?level=expert&seed={SEED}")
    wait_ready(page)
    settle(page)
    other = page.context.new_page()
    other.goto(f"{site_url}?game=scopa&level=expert&delay=0&seed=3")
    wait_ready(other)
    other.wait_for_function(f"{APP}.budgetMs === '1000'", timeout=30_000)

    menu_item(page, "think").select_option("2000")
    other.wait_for_function(f"{APP}.budgetMs === '2000'", timeout=30_000)
    expect(other.locator("select[name=think]")).to_have_value("2000")
    menu_item(page, "speed").select_option("slow")
    other.wait_for_function(f"{APP}.speed === 'slow'", timeout=30_000)
    expect(other.locator(".messages .error")).to_have_count(0)
    other.close()


# ---- hints ----------------------------------------------------------------------------------


def test_hint_shows_a_legal_move_with_reasons_and_plays_it(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    data = settle(page)
    assert data["turn"] == data["seat"] == "0"
    offered = {m["text"]: m for m in page.evaluate(OFFERED)}
    hint_button = page.locator("[data-action=hint]")
    expect(hint_button).to_be_enabled()

    page.locator(".hand-cards button").first.focus()
    page.keyboard.press("h")  # the key asks too
    advice = page.locator(".advice")
    page.wait_for_function(f"{APP}.advice === 'shown' || {APP}.advice === 'failed'",
                           timeout=30_000)
    expect(advice).to_have_attribute("data-advice", "shown")
    text = advice.get_attribute("data-move") or ""
    assert text in offered, f"the hint {text!r} is not among the legal moves {sorted(offered)}"
    move = offered[text]
    expect(advice.locator(".advice-move")).to_contain_text("Hint:")
    # The move's words go on the sentence after the colon, in lower case (play-test 9 read
    # "Совет: Сбросить 3♣"; web/ui/describe.js inSentence, every language).
    line = advice.locator(".advice-move").inner_text()
    words = line.split(": ", 1)[1]
    assert not (words[:1].isupper() and words[1:2].islower()), line

    # The hinted hand card and table cards are marked, and only those.
    if move["kind"] == "pluck":
        expect(page.locator(".hand-card.hinted")).to_have_count(0)
    else:
        expect(page.locator(".hand-card.hinted")).to_have_count(1)
        expect(page.locator(".hand-card.hinted")).to_have_attribute("data-card", move["card"])
    hinted_table = page.locator(".table-item.hinted").evaluate_all(
        "bs => bs.flatMap((b) => (b.dataset.card || b.dataset.cards).split(' '))")
    taken = [move["card"]] if move["kind"] == "pluck" else move["take"]
    assert sorted(hinted_table) == sorted(taken)

    # Every reason is an English sentence, never a bare code or "undefined".
    reasons = advice.locator(".advice-reasons li").all_text_contents()
    assert reasons, "the hint gave no reason"
    for reason in reasons:
        assert reason.strip() and "undefined" not in reason and "_" not in reason, reason
        assert reason.rstrip().endswith("."), reason
    codes = advice.locator(".advice-reasons li").evaluate_all(
        "ls => ls.map((l) => l.dataset.reason)")
    assert all(codes), codes

    # "Play this move" plays it, as on the fishing and Jack pages (a Russian phone play-test
    # read three wordings for it; Cassino's had only put the move in the selection).
    use = advice.locator("[data-action=use-hint]")
    expect(use).to_have_text("Play this move")
    use.click()
    settle(page)
    expect(page.locator(".seat.me .last-move")).to_have_attribute("data-last-move", text)
    expect(page.locator(".advice")).to_have_count(0)  # a hint is for one position only
    mine = page.locator(".seat.me").get_attribute("data-seat")
    assert mine == "0"


# The codes of cassino_core.hints.REASON_CODES (read from the engine below, so a new code
# without its sentence fails here).
CONTRACT_CODES = ["takes_big_casino", "takes_little_casino", "takes_aces", "takes_spades",
                  "takes_seven_of_diamonds", "most_cards", "sweep", "secures_last_capture",
                  "protects_build", "steals_build", "builds_for_next_turn", "raises_build",
                  "leaves_no_sweep", "safe_trail", "keeps_pair", "only_move", "must_trail",
                  "trails_idle_card", "holds_capture"]


def test_every_reason_code_has_its_sentence_and_an_unknown_one_a_generic_sentence(
        game_page: Page) -> None:
    """The page's own wording (web/ui/advice.js reasonText), loaded as the page loads it."""
    said: dict[str, str] = game_page.evaluate("""async (codes) => {
      const {reasonText} = await import(new URL("app.js", location.href).href);
      const out = {};
      for (const code of codes) out[code] = reasonText({code, value: 9, card: "TD"});
      out.unknown = reasonText({code: "no_such_code_yet", value: 3});
      out.empty = reasonText({});
      out.builds = reasonText({code: "protects_build", value: 9});
      out.aces = reasonText({code: "takes_aces", value: 2});
      out.pair = reasonText({code: "keeps_pair", value: 7});
      out.trail = reasonText({code: "safe_trail", card: "7H"});
      out.its = reasonText({code: "protects_build", value: 9}, {mine: false});
      return out;
    }""", CONTRACT_CODES)
    sentences = [said[code] for code in CONTRACT_CODES]
    assert len(set(sentences)) == len(sentences), said  # one sentence per code
    for code in CONTRACT_CODES:
        assert said[code] != GENERIC_REASON and "undefined" not in said[code], (code, said[code])
    assert said["unknown"] == said["empty"] == GENERIC_REASON
    assert said["builds"].startswith("It protects your build of 9")
    assert said["aces"] == "It takes 2 aces, a point each."
    assert "your two sevens" in said["pair"]
    assert said["its"].startswith("It protects its build of 9")  # a computer's move
    assert "7♥" in said["trail"]
    from cassino_core.hints import REASON_CODES
    assert set(REASON_CODES) <= set(CONTRACT_CODES), set(REASON_CODES) - set(CONTRACT_CODES)


# ---- thinking -------------------------------------------------------------------------------

DOTS_ANIMATION = """async () => {
  const {thinkingLine} = await import(new URL("app.js", location.href).href);
  const line = thinkingLine("Computer is thinking");
  document.getElementById("app").append(line);
  const name = getComputedStyle(line.querySelector(".dots i")).animationName;
  const text = line.innerText;
  line.remove();
  return {name, text};
}"""


@MOTION_ON
def test_thinking_dots_move_unless_reduced_motion_is_asked(game_page: Page) -> None:
    """The dots pulse unless the player asked for reduced motion; either way the line is one
    line of text as copied or read (innerText): stop 29 found "Computer is thinking" and each
    dot on a line of its own (the dots were flex items, which innerText sets apart)."""
    assert game_page.evaluate(DOTS_ANIMATION) == {"name": "think-dot",
                                                  "text": "Computer is thinking..."}
    game_page.emulate_media(reduced_motion="reduce")
    assert game_page.evaluate(DOTS_ANIMATION) == {"name": "none",
                                                  "text": "Computer is thinking..."}


# Records, as they happen, the thinking flag when the Rules dialog opens, and the animation
# frames drawn while the computer thinks (a main thread held by the search would draw none; the
# longest gap between them is kept for the failure message, never compared with a time).
RECORDER = """() => {
  const app = document.getElementById("app");
  const rec = window.__h3 = {openedWhileThinking: null, hintDisabled: null, newGameEnabled: null,
                             maxGap: 0, thinkingFrames: 0, thinkingSeen: false,
                             thinkingText: ""};
  const rules = document.querySelector("dialog[data-dialog=rules]");
  new MutationObserver(() => {
    if (rules.open && rec.openedWhileThinking === null) {
      rec.openedWhileThinking = app.dataset.thinking === "1";
      const hint = document.querySelector("[data-action=hint]");
      rec.hintDisabled = hint ? hint.disabled : null;
      const ng = document.querySelector("[data-action=new-game]");
      rec.newGameEnabled = ng ? !ng.disabled : null;
    }
  }).observe(rules, {attributes: true, attributeFilter: ["open"]});
  let last = performance.now();
  const frame = (now) => {
    if (app.dataset.thinking === "1") {
      rec.thinkingSeen = true;
      rec.maxGap = Math.max(rec.maxGap, now - last);
      rec.thinkingFrames += 1;
      const line = document.querySelector(".seat .thinking");
      if (line) rec.thinkingText = line.textContent;
    }
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def test_the_page_stays_live_while_the_expert_thinks(page: Page, watch: Any, site_url: str,
                                                     wait_ready: Ready) -> None:
    # Four seconds of thought a move: time for the checks below on a busy machine.
    page.goto(f"{site_url}?seed={SEED}&level=expert&delay=0&think=4000")
    wait_ready(page)
    data = settle(page)
    assert data["turn"] == data["seat"]
    page.evaluate(RECORDER)
    offered = page.evaluate(OFFERED)
    trail = next((m for m in offered if m["kind"] == "trail"), offered[0])
    play_by_clicking(page, trail)
    page.wait_for_function(f"{APP}.thinking === '1'", timeout=20_000)
    # The expert is thinking (in the worker): the seat says so, and the page answers clicks.
    # The seat's panel is named: its line says "thinking" (play-test 6: a short line keeps the
    # panel's height on a phone); the line over the buttons names who thinks.
    expect(page.locator(".seat[data-seat='1'] .thinking")).to_contain_text("thinking")
    expect(page.locator(".actions .preview .thinking")).to_contain_text("Computer is thinking")
    expect(page.locator(".seat[data-seat='1']")).to_have_attribute("aria-busy", "true")
    menu_item(page, "rules").click()
    rules = page.locator("dialog[data-dialog=rules]")
    expect(rules).to_be_visible()
    rec = page.evaluate("window.__h3")
    assert rec["openedWhileThinking"] is True, rec
    assert rec["hintDisabled"] is True and rec["newGameEnabled"] is True, rec
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    settle(page)
    rec = page.evaluate("window.__h3")
    assert rec["thinkingSeen"] and rec["thinkingText"].startswith("thinking"), rec
    # Frames kept coming while Python searched (four seconds of it): the main thread was not
    # held. A count, not a time: a loaded machine draws fewer frames, a frozen page none.
    assert rec["thinkingFrames"] >= 10, rec


def test_new_game_while_the_computer_thinks(page: Page, watch: Any, site_url: str,
                                            wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&level=expert&delay=0")
    wait_ready(page)
    settle(page)
    offered = page.evaluate(OFFERED)
    play_by_clicking(page, next((m for m in offered if m["kind"] == "trail"), offered[0]))
    page.wait_for_function(f"{APP}.thinking === '1'", timeout=20_000)
    page.locator("[data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    dialog = page.locator("dialog[data-dialog=new-game]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("select[name=level-1]")).to_have_value("expert")
    dialog.locator("select[name=level-1]").select_option("beginner")
    dialog.locator("[data-action=start-game]").click()
    expect(dialog).to_be_hidden()
    settle(page)
    assert engine_levels(page) == [None, "beginner"]


# ---- speed and the last moves ------------------------------------------------------------


@pytest.mark.every_browser
def test_computer_speed_is_remembered_and_the_address_delay_overrides_it(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}")
    wait_ready(page)
    settle(page)
    speed = menu_item(page, "speed")
    expect(speed).to_have_value("normal")
    assert app_data(page)["delay"] == "1200"
    speed.select_option("slow")
    assert app_data(page)["delay"] == "2500"
    assert page.evaluate(f"localStorage.getItem('{SPEED_KEY}')") == "slow"

    page.reload()
    wait_ready(page)
    settle(page)
    expect(page.locator("select[name=speed]")).to_have_value("slow")
    assert app_data(page)["delay"] == "2500"

    # The address's delay wins over the setting, which stays as chosen.
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    expect(page.locator("select[name=speed]")).to_have_value("slow")
    assert app_data(page)["delay"] == "0"
    expect(page.locator("label.speed")).to_have_attribute("title", re.compile("delay=0"))
    # Not to be chosen while the address decides (a choice would do nothing): it says why.
    expect(page.locator("select[name=speed]")).to_be_disabled()
    menu_item(page, "speed")
    expect(page.locator("label.speed .menu-item-why")).to_contain_text("delay=0")


# Times, in the page, how long the computer's move stays highlighted.
FLASH_TIMER = """() => {
  const rec = window.__flash = {start: null, end: null};
  const look = (now) => {
    const on = document.querySelector(".played-card.flash, .table-item.flash") !== null;
    if (on && rec.start === null) rec.start = now;
    if (!on && rec.start !== null && rec.end === null) rec.end = now;
    if (rec.end === null) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def test_fast_speed_shows_the_computers_move_briefly(page: Page, watch: Any, site_url: str,
                                                     wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}")
    wait_ready(page)
    settle(page)
    root = page.locator("#app")
    expect(root).to_have_attribute("data-delay", "1200")  # Normal (web/ui/speed.js)
    menu_item(page, "speed").select_option("fast")
    page.locator("#app [data-action=menu]").click()  # the menu closes again
    expect(root).to_have_attribute("data-delay", "400")  # Fast
    page.evaluate(FLASH_TIMER)
    offered = page.evaluate(OFFERED)
    play_by_clicking(page, next((m for m in offered if m["kind"] == "trail"), offered[0]))
    page.wait_for_function("window.__flash.end !== null", timeout=30_000)
    rec = page.evaluate("window.__flash")
    shown = rec["end"] - rec["start"]
    # The move stays shown for the page's delay, 400 ms at Fast: at least that (give or take a
    # frame), and more only when the machine is slow, so no upper bound here (a loaded CI machine
    # once took over a second); the delay itself is the page's data-delay, checked above.
    assert shown >= 300, shown


def test_last_moves_panel_lists_every_players_move_by_keyboard(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&players=3&delay=0")
    wait_ready(page)
    settle(page)
    page.locator(".hand-cards button").first.focus()
    page.keyboard.press("l")
    panel = page.locator("#last-moves")
    expect(panel).to_be_visible()
    expect(panel).to_be_focused()
    expect(page.locator("[data-action=last-moves]")).to_have_attribute("aria-expanded", "true")
    rows = panel.locator("li[data-seat]")
    expect(rows).to_have_count(3)

    offered = page.evaluate(OFFERED)
    move = next((m for m in offered if m["kind"] == "trail"), offered[0])
    play_by_clicking(page, move)
    settle(page)
    expect(panel).to_be_visible()
    expect(panel.locator("li[data-seat='0']")).to_have_attribute("data-last-move", move["text"])
    expect(panel.locator("li[data-seat='0'] .review-move")).to_contain_text("You ")
    for seat in ("1", "2"):
        row = panel.locator(f"li[data-seat='{seat}']")
        expect(row).not_to_have_attribute("data-last-move", "")
        # The same words as the seat's own last-move line, and the computer's level.
        same = page.locator(f".seat[data-seat='{seat}'] .last-move").text_content() or ""
        expect(row.locator(".review-move")).to_have_text(same.split(": ", 1)[1])
        expect(row.locator(".review-why")).to_contain_text("Intermediate")
    # The toolbar button closes it, and L opens it again.
    menu_item(page, "last-moves").click()
    expect(panel).to_have_count(0)
    page.locator(".hand-cards button").first.focus()
    page.keyboard.press("L")
    expect(page.locator("#last-moves")).to_be_visible()
    # Typing in the move box is not a command.
    page.locator("input[name=move]").fill("")
    page.locator("input[name=move]").press("l")
    expect(page.locator("#last-moves")).to_be_visible()
    expect(page.locator("input[name=move]")).to_have_value("l")


# ---- smaller fixes ------------------------------------------------------------------------


def test_errors_replace_one_another_and_move_box_help_fits_the_variant(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    hand = page.locator(".hand-cards button").evaluate_all("bs => bs.map((b) => b.dataset.card)")
    missing = [c for c in ("KS", "KH", "KD", "KC", "QS", "QH") if c not in hand][:2]
    box = page.locator("input[name=move]")
    for card in missing:
        box.fill(f"{card} t")
        box.press("Enter")
        # The page shows the card as its face reads (K♠), in its own words (ui.refusals).
        expect(page.locator(".messages .error")).to_contain_text(card[0] + SUIT_SIGN[card[1]])
    expect(page.locator(".messages .error")).to_have_count(1)
    expect(page.locator("#move-box-hint")).not_to_contain_text("pluck")

    page.goto(f"{site_url}?variant=pluck&seed={SEED}&delay=0")
    wait_ready(page)
    play_the_new_deal(page)
    settle(page)
    expect(page.locator("#move-box-hint")).to_contain_text("p (pluck)")


def test_undo_says_why_it_is_off_with_two_humans(page: Page, watch: Any, site_url: str,
                                                 wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seats=hh&seed={SEED}&delay=0")
    wait_ready(page)
    page.locator("[data-action=pass-show]").click()
    undo = page.locator("[data-action=undo]")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("title", re.compile("several people"))
