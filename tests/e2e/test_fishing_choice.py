"""Play-test 17's findings on the fishing games' page (web/scopa/) in Russian on touch phones,
a choice of captures open (a played card that takes several ways):

- on its side (640x360), choosing made the page taller than the window (471 px with Escoba for
  four, seed 5, the seven of cups; 519 px with Tablić, seed 1, the king of spades) and the other
  seats' strip moved under the hand; Tablić's many ways (seed 58) did not scroll inside a box of
  their own as they do upright;
- upright (360x640), three options or more wrapped onto two rows and cut the table's row of
  cards (Escoba seed 13, the two of swords).

With the choice open the page is one window (nothing to scroll), the other seats stay where
they were, every table card is whole in the window and in the table's box, every option is
whole in the window and at least 40 px high (a finger's target), a long list of ways scrolls
inside its own box (the page does not). Helpers from tests/e2e/test_scopa.py (settle, Mirror).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_layout import CLIPPED_BY
from tests.e2e.test_scopa import STILL, Mirror, Ready, check_offer, settle

# One folder per build: the same tests on main's build and this one's, to compare.
SHOTS = Path("/tmp/shots-fishchoice") / Path(os.environ.get("CASSINO_DIST", "fresh")).name

# The page and the window, the other seats' boxes, each table card (cut by a box around it?),
# the choice's box and each option (cut by a box other than the choice's own scrolling list?).
SEEN = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height};
  };
  const choice = document.querySelector(".scopa-choice");
  const list = choice && choice.querySelector(".scopa-choices");
  const ways = choice && choice.querySelector(".scopa-ways");
  const scroller = [choice, list, ways].find((e) => e && e.scrollHeight > e.clientHeight + 1
                                         || e && e.scrollWidth > e.clientWidth + 1) || null;
  return {
    width: innerWidth, height: innerHeight, scrollY,
    page: document.documentElement.scrollHeight, pageWide: document.documentElement.scrollWidth,
    others: [...document.querySelectorAll(".scopa-others > .seat")].map(box),
    table: [...document.querySelectorAll(".felt .scopa-table-cards .card")].map((c) => ({
      ...box(c), cut: (CLIPPED_BY)(c)})),
    hand: [...document.querySelectorAll(".scopa-hand-cards .card")].map(box),
    choice: choice && box(choice),
    scroller: scroller && {...box(scroller), cls: scroller.className},
    ways: ways && {...box(ways), inner: ways.getBoundingClientRect().left + ways.clientLeft
                                   + ways.clientWidth,
                   sideways: ways.clientWidth > 0 && ways.scrollWidth > ways.clientWidth + 1
                             && /auto|scroll/.test(getComputedStyle(ways).overflowX),
                   down: ways.clientHeight > 0 && ways.scrollHeight > ways.clientHeight + 1
                         && /auto|scroll/.test(getComputedStyle(ways).overflowY),
                   innerBottom: ways.getBoundingClientRect().top + ways.clientTop
                                + ways.clientHeight},
    sign: (() => {
      const sign = choice && choice.querySelector(".scopa-ways-more");
      return sign && {shown: getComputedStyle(sign).display !== "none",
                      text: sign.textContent, axis: sign.dataset.axis, ...box(sign)};
    })(),
    options: choice ? [...choice.querySelectorAll(".scopa-option")].map((o) => ({
      ...box(o), move: o.dataset.move || o.dataset.action,
      cut: (CLIPPED_BY)(o).filter((c) => !c.startsWith("section.scopa-choice")
                                         && !c.startsWith("div.choices")
                                         && !c.startsWith("div.scopa-ways"))})) : [],
  };
}""".replace("(CLIPPED_BY)", f"({CLIPPED_BY})")

# Each option scrolled into view inside the choice (as a key's focus or a finger brings it):
# those then cut by any box or outside the window, and whether the page scrolled meanwhile.
# The choice's boxes are scrolled back to their start afterwards.
REACHED = """() => {
  const choice = document.querySelector(".scopa-choice");
  const boxes = [choice, choice.querySelector(".scopa-choices"),
                 choice.querySelector(".scopa-ways")];
  const out = [];
  for (const o of choice.querySelectorAll(".scopa-option")) {
    o.scrollIntoView({block: "nearest", inline: "nearest"});
    const r = o.getBoundingClientRect();
    const cut = (CLIPPED_BY)(o);
    if (cut.length || r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5
        || r.right > innerWidth + 0.5)
      out.push(`${o.dataset.move || o.dataset.action} ${Math.round(r.left)}..${Math.round(r.right)}`
               + ` x ${Math.round(r.top)}..${Math.round(r.bottom)} cut by ${cut.join(", ")}`);
  }
  const scrolled = scrollY;
  for (const b of boxes) b.scrollTo(0, 0);
  return {out, scrolled};
}""".replace("(CLIPPED_BY)", f"({CLIPPED_BY})")

# Each case: game, variant, seed, the card whose choice is looked at; the moves before it are
# the engine's first offered move not of that card, each turn (the computer replying).
CASES = {
    # The seven of cups takes the two of clubs and the six of coins, or is laid down.
    "escoba_four-5": ("escoba", "escoba_four", 5, "7H"),
    # The king of spades (the 7th turn) takes either king or both, or is laid down.
    "tablic-1": ("tablic", "tablic", 1, "KS"),
    # The two of swords makes 15 two ways, or is laid down: three options and Back.
    "escoba-13": ("escoba", "escoba", 13, "2S"),
}


def opens_choice(game: str, moves: list[dict[str, Any]]) -> bool:
    """Does pressing a hand card with these `moves` open a choice? (Tablić's card with one
    capture takes it at once, web/tablic/table.js directMove.)"""
    if game == "tablic":
        return sum(1 for m in moves if m["kind"] == "capture") > 1
    return len(moves) > 1


def open_choice(page: Page, site_url: str, wait_ready: Ready, case: str) -> list[str]:
    """Opens `case`'s game in Russian, plays up to its card's turn and presses the card: its
    choice is open and still. Answers the card's moves (the engine's)."""
    game, variant, seed, card = CASES[case]
    page.goto(f"{site_url}?game={game}&variant={variant}&seed={seed}&delay=0&level=beginner"
              f"&lang=ru")
    wait_ready(page)
    mirror = Mirror(seed, variant, game)
    for _ in range(40):
        legal = check_offer(page, mirror, settle(page))
        mine = [m["text"] for m in legal if m["card"] == card]
        if opens_choice(game, [m for m in legal if m["card"] == card]):
            break
        move = next(m for m in legal if m["card"] != card)
        # A press plays it (no choice opens).
        assert not opens_choice(game, [m for m in legal if m["card"] == move["card"]]), move
        if move["kind"] != "capture" and game == "tablic":
            assert all(m["kind"] != "capture" for m in legal if m["card"] == move["card"]), move
        page.locator(f".scopa-hand-cards button[data-card='{move['card']}']").click()
        mirror.play(move["text"])
    else:
        raise AssertionError(f"{case}: {card} never had a choice")
    page.wait_for_function(STILL)
    page.locator(f".scopa-hand-cards button[data-card='{card}']").click()
    expect(page.locator(".scopa-choice")).to_be_visible()
    page.wait_for_function(STILL)
    page.wait_for_timeout(200)
    return mine


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def check_choice(seen: dict[str, Any], moves: list[str], when: str) -> None:
    """The page is one window; every table card whole in the window and its boxes; every
    option (the choice's moves and Back) whole in the window, none cut but by the choice's
    own scrolling box, each at least 40 px high; the choice itself in the window; Back in
    sight without scrolling, beside the options' box and not over it."""
    width, height = seen["width"], seen["height"]

    def inside(b: dict[str, float]) -> bool:
        return (b["top"] >= -0.5 and b["bottom"] <= height + 0.5 and b["left"] >= -0.5
                and b["right"] <= width + 0.5)

    assert seen["scrollY"] == 0, f"{when}: the page scrolled: {seen['scrollY']}"
    assert seen["page"] <= height, f"{when}: the page is {seen['page']} px tall"
    assert seen["pageWide"] <= width, f"{when}: the page is {seen['pageWide']} px wide"
    assert seen["table"], f"{when}: no table cards"
    cut = [c for c in seen["table"] if not inside(c) or c["cut"]]
    assert not cut, f"{when}: table cards cut: {cut}"
    assert seen["choice"] and inside(seen["choice"]), f"{when}: the choice {seen['choice']}"
    offered = [o["move"] for o in seen["options"]]
    assert sorted(offered) == sorted([*moves, "cancel-choice"]), offered
    scroller = seen["scroller"]
    for o in seen["options"]:
        assert o["height"] >= 40, f"{when}: option {o['move']} is {o['height']} px high"
        assert not o["cut"], f"{when}: option {o['move']} cut: {o['cut']}"
        if scroller is None:
            assert inside(o), f"{when}: option {o['move']} outside the window: {o}"
    assert all(c["bottom"] <= height + 0.5 for c in seen["hand"]), f"{when}: hand {seen['hand']}"
    # Back in sight before anything is scrolled (play-test 18: past two options it lay beyond
    # the window's edge at the row's far end), outside the options' scrolling box, so that it
    # never lies over an option (a Back stuck over the row's end took an option's click).
    back = next(o for o in seen["options"] if o["move"] == "cancel-choice")
    assert inside(back), f"{when}: Back out of the window: {back}"
    if scroller is not None and "scopa-ways" not in scroller["cls"]:  # the choice scrolls
        assert (back["left"] >= scroller["left"] - 0.5 and back["right"] <= scroller["right"] + 0.5
                and back["top"] >= scroller["top"] - 0.5
                and back["bottom"] <= scroller["bottom"] + 0.5), f"{when}: Back hidden: {back}"
    ways = seen["ways"]
    assert ways is not None, f"{when}: no box of options"
    # Options past the row's end are told by «ещё N ▸» beside Back (play-test 19: a third
    # option lay beyond the edge of a full row, nothing showing it was there).
    # Tablić's wrapped ways upright scroll down in their own box: «ещё N ▾».
    # An option counts as hidden when less than half of it is in the box (stop 47's
    # play-test: ways cut by a pixel were counted); one cut less than that leaves a bare arrow.
    down = not ways["sideways"] and ways["down"]
    hidden = [o for o in seen["options"] if o["move"] != "cancel-choice"
              and (o["bottom"] - ways["innerBottom"] > o["height"] / 2 if down
                   else o["right"] - ways["inner"] > (o["right"] - o["left"]) / 2)]
    sign = seen["sign"]
    if hidden:
        assert sign["shown"] and sign["text"] == f"ещё {len(hidden)}", f"{when}: {sign} {hidden}"
    if hidden or ways["sideways"] or ways["down"]:
        assert sign["shown"], f"{when}: the box scrolls and no sign says so: {sign}"
        assert inside(sign) and sign["left"] >= ways["right"] - 0.5, f"{when}: sign {sign}"
        assert sign["axis"] == ("y" if down else "x"), f"{when}: {sign}"
    else:
        assert not sign["shown"], f"{when}: a sign with nothing hidden: {sign}"
    assert (back["left"] >= ways["right"] - 0.5 or back["right"] <= ways["left"] + 0.5
            or back["top"] >= ways["bottom"] - 0.5 or back["bottom"] <= ways["top"] + 0.5), (
        f"{when}: Back {back} lies over the options' box {ways}")


def check_reached(page: Page, when: str) -> None:
    """Every option, scrolled into view inside the choice, is whole in the window and cut by
    no box, and the page never scrolls for it."""
    reached: dict[str, Any] = page.evaluate(REACHED)
    assert not reached["out"], f"{when}: options out of reach: {reached['out']}"
    assert reached["scrolled"] == 0, f"{when}: reaching an option scrolled the page"


@pytest.mark.parametrize(("case", "hint"), [("escoba_four-5", False), ("tablic-1", False),
                                            ("escoba-13", False), ("escoba_four-5", True),
                                            ("escoba-13", True)])
def test_a_choice_on_a_phone_on_its_side_keeps_the_page_in_one_window(
        browser: Browser, browser_context_args: dict[str, Any], site_url: str,
        wait_ready: Ready, case: str, hint: bool) -> None:
    """Play-test 17 (Russian, a touch phone on its side, 640x360): opening the choice made the
    page 471 px tall (Escoba for four, seed 5) or 519 px (Tablić seed 1) and moved the other
    seats' strip under the hand. With the choice open the page is one window, the other seats
    are where they were, the table's cards and every option whole in the window, each option
    a finger's target; also when the hint was open first (its layout sends the seats under the
    actions)."""
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 640, "height": 360},
                                     "is_mobile": True, "has_touch": True})
    page = context.new_page()
    try:
        card = CASES[case][3]
        moves = open_choice(page, site_url, wait_ready, case)
        page.locator("[data-action=cancel-choice]").click()
        expect(page.locator(".scopa-choice")).to_have_count(0)
        page.wait_for_function(STILL)
        before = page.evaluate(SEEN)["others"]
        if hint:
            page.keyboard.press("h")
            page.locator(".scopa-hint").wait_for()
            page.wait_for_function(STILL)
        page.locator(f".scopa-hand-cards button[data-card='{card}']").click()
        expect(page.locator(".scopa-choice")).to_be_visible()
        page.wait_for_function(STILL)
        page.wait_for_timeout(200)
        shoot(page, f"side-{case}{'-hint' if hint else ''}")
        seen = page.evaluate(SEEN)
        check_choice(seen, moves, f"{case} on its side")
        check_reached(page, f"{case} on its side")
        assert seen["others"] == before, f"the other seats moved: {before} -> {seen['others']}"
    finally:
        context.close()


@pytest.mark.parametrize("case", ["escoba-13", "tablic-1", "escoba_four-5"])
def test_a_choice_on_an_upright_phone_keeps_the_tables_cards_whole(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, case: str) -> None:
    """Play-test 17 (Russian, 360x640): three options and Back wrapped onto two rows above the
    hand and cut the table's row of cards (Escoba seed 13). With the choice open the page is
    one window, the table's cards whole in it and in the table's box, and every option whole
    and a finger's target. A Russian phone play-test: scrolled to the end, the row left an
    empty gap where «ещё N» had been and nothing showed the options scrolled out at its start;
    now the sign stays, counts those and points back (a tap scrolls back), and the box's
    start shows a "◂"."""
    page.set_viewport_size({"width": 360, "height": 640})
    moves = open_choice(page, site_url, wait_ready, case)
    shoot(page, f"upright-{case}")
    seen = page.evaluate(SEEN)
    check_choice(seen, moves, f"{case} upright")
    if seen["sign"]["shown"]:
        # A tap on the sign scrolls the row on to the options it hid.
        spot = seen["sign"]
        sign = page.locator(".scopa-ways-more")

        def scrolled() -> float:
            offset: float = page.locator(".scopa-choice .scopa-ways").evaluate(
                "(w) => w.scrollLeft + w.scrollTop")
            return offset

        def to_the_end() -> None:
            # A tap scrolls the row (or Tablić's box) most of a box on; the sign keeps its way
            # until the row's end, then points back until its start.
            for _ in range(12):
                if page.locator(".scopa-choice .scopa-ways").evaluate(
                        "(w) => w.scrollLeft + w.clientWidth >= w.scrollWidth - 1"
                        " && w.scrollTop + w.clientHeight >= w.scrollHeight - 1"):
                    break
                sign.click()
                page.wait_for_timeout(150)  # marked at the scroll event

        to_the_end()
        # At the end the sign stays (no gap), counts the options scrolled out and points back;
        # a sideways row's start shows its "◂".
        expect(sign).to_have_attribute("data-dir", "before")
        expect(sign).to_be_visible()
        expect(sign).to_have_text(re.compile(r"^ещё \d+$"))
        if seen["sign"]["axis"] != "y":
            cue = page.locator(".scopa-choice .scopa-ways").evaluate(
                "(e) => getComputedStyle(e, '::before').content")
            assert cue == '"\u25c2"', cue
            # Play-test 22: a tap on the "◂" played the half-hidden option beneath it. It
            # scrolls the row back, and nothing is played.
            box = page.locator(".scopa-choice .scopa-ways").bounding_box()
            assert box is not None
            at = scrolled()
            page.mouse.click(box["x"] + 8, box["y"] + box["height"] / 2)
            page.wait_for_timeout(300)
            expect(page.locator(".scopa-choice")).to_be_visible()
            assert scrolled() < at - 1, "the row did not scroll back"
            assert len(page.evaluate(SEEN)["hand"]) == len(seen["hand"])
            to_the_end()
        after = page.evaluate(SEEN)
        # Scrolled to the end, Back is where it was, whole (stop 46's play-test: the whole
        # choice scrolled upright, and Back went up with the first row of ways, cut).
        back_after = next(o for o in after["options"] if o["move"] == "cancel-choice")
        back_before = next(o for o in seen["options"] if o["move"] == "cancel-choice")
        assert not back_after["cut"] and abs(back_after["top"] - back_before["top"]) < 0.5, (
            back_before, back_after)
        # The row keeps its width, so one more tap where the sign was plays nothing
        # (play-test 20: the row widened and the tap laid the card down): it scrolls back.
        assert abs(after["ways"]["right"] - seen["ways"]["right"]) < 0.5, (seen, after)
        at = scrolled()
        page.mouse.click((spot["left"] + spot["right"]) / 2, (spot["top"] + spot["bottom"]) / 2)
        page.wait_for_timeout(300)
        expect(page.locator(".scopa-choice")).to_be_visible()
        assert scrolled() < at - 1, "the tap where the sign was did not scroll back"
        last = [o for o in after["options"] if o["move"] != "cancel-choice"][-1]
        if seen["sign"]["axis"] == "y":
            assert last["bottom"] <= after["ways"]["innerBottom"] + 1, (last, after["ways"])
        else:
            assert last["right"] <= after["ways"]["inner"] + 1, (last, after["ways"])
    check_reached(page, f"{case} upright")


def test_tablics_many_ways_scroll_in_their_own_box_on_a_phone_on_its_side(
        browser: Browser, browser_context_args: dict[str, Any], site_url: str,
        wait_ready: Ready) -> None:
    """Play-test 17 (Tablić in Russian, 640x360, seed 58: the jack of spades laid down, then the
    jack of hearts, fifteen ways): the ways made the page taller than the window where upright
    they scroll in a box of their own. On its side too: unscrolled, the page is one window, the
    table's cards whole, the box of ways in the window and the first ways in it, Back in the
    window beside the box (play-test 18); the last way comes into view by scrolling the box
    alone, and every way is a finger's target."""
    context = browser.new_context(**{**browser_context_args,
                                     "viewport": {"width": 640, "height": 360},
                                     "is_mobile": True, "has_touch": True})
    page = context.new_page()
    try:
        page.goto(f"{site_url}?game=tablic&seed=58&delay=0&level=beginner&lang=ru")
        wait_ready(page)
        settle(page)
        page.locator(".scopa-actions [data-action=lay-down]").click()
        page.locator(".scopa-hand-cards button[data-card='JS']").click()
        settle(page)
        page.wait_for_function(STILL)
        hearts = page.locator(".scopa-hand-cards button[data-card='JH']")
        assert int(hearts.get_attribute("data-moves") or "0") >= 8
        # Just before the choice: the other seat's panel follows its hand (fewer backs since
        # the deal began), not the choice.
        before = page.evaluate(SEEN)["others"]
        hearts.click()
        expect(page.locator(".tablic-choice")).to_be_visible()
        page.wait_for_function(STILL)
        page.wait_for_timeout(300)
        shoot(page, "side-tablic-58")
        seen = page.evaluate(SEEN)
        height = seen["height"]
        assert seen["scrollY"] == 0 and seen["page"] <= height, seen
        # Not wider than the window either (stop 47's play-test: the ways' words for screen
        # readers lay outside the scrolling row, and the page was 686 px wide).
        assert seen["width"] == 640 and seen["pageWide"] <= 640, seen
        assert seen["others"] == before, f"the other seat moved: {before} -> {seen['others']}"
        assert seen["table"] and all(c["bottom"] <= height + 0.5 and not c["cut"]
                                     for c in seen["table"]), seen["table"]
        assert seen["choice"]["top"] >= 0 and seen["choice"]["bottom"] <= height + 0.5, seen
        assert seen["scroller"] is not None, "the ways do not scroll: all of them fit?"
        box = seen["scroller"]
        first = seen["options"][0]
        assert box["top"] - 0.5 <= first["top"] and first["bottom"] <= box["bottom"] + 0.5, seen
        assert all(o["height"] >= 40 and not o["cut"] for o in seen["options"]), seen["options"]
        back = next(o for o in seen["options"] if o["move"] == "cancel-choice")
        assert (back["top"] >= -0.5 and back["bottom"] <= height + 0.5 and back["left"] >= -0.5
                and back["right"] <= seen["width"] + 0.5), f"Back out of sight: {back}"
        ways = seen["ways"]
        assert back["left"] >= ways["right"] - 0.5, f"Back {back} over the ways' box {ways}"
        check_reached(page, "tablic-58 on its side")
        ways = page.locator(".tablic-choice .scopa-ways > .scopa-option")
        ways.last.evaluate("(b) => b.scrollIntoView({block: 'nearest', inline: 'nearest'})")
        after = page.evaluate(SEEN)
        assert after["scrollY"] == 0, "scrolling the ways scrolled the page"
        last = next(o for o in reversed(after["options"]) if o["move"] != "cancel-choice")
        box = after["scroller"]
        assert box["top"] - 0.5 <= last["top"] and last["bottom"] <= box["bottom"] + 0.5, after
        assert box["left"] - 0.5 <= last["left"] and last["right"] <= box["right"] + 0.5, after
    finally:
        context.close()
