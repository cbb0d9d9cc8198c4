"""Card movements (web/ui/motion.js): a move makes cards fly, unless the player asked for reduced
motion; a round plays to its end with movements on; a flying copy never shows a card the board
had not shown. Fixtures are in conftest.py.

A recorder installed before the page loads notes every face the board draws and every copy put
in the movement layer, and wraps ``Element.prototype.animate`` to keep the animations made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import MOTION_ON

# Every test here watches card movements: none asks for reduced motion unless it says so.
pytestmark = MOTION_ON

Ready = Callable[[Page], None]

SEED = 11

RECORDER = """
window.__feel = {shown: new Set(), copies: [], leaked: [], animations: []};
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const animation = animate.apply(this, args);
  window.__feel.animations.push(animation);
  return animation;
};
new MutationObserver((records) => {
  const rec = window.__feel;
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.closest(".motion-layer")) {
        if (!node.classList.contains("card")) continue;
        const code = node.dataset.face || null;
        rec.copies.push(code || "back");
        if (code && !rec.shown.has(code)) rec.leaked.push(code);
      } else if (node.closest(".board")) {
        const faces = node.matches("[data-face]")
          ? [node] : [...node.querySelectorAll("[data-face]")];
        for (const face of faces) rec.shown.add(face.dataset.face);
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
"""

# The movements made so far (by id) and whether any is still running.
MOVEMENTS = """() => {
  const ours = window.__feel.animations.filter((a) => String(a.id).startsWith("feel-"));
  return {made: ours.length, running: ours.filter((a) => a.playState === "running").length,
          copies: window.__feel.copies.length, leaked: window.__feel.leaked};
}"""

SETTLED = """() => {
  const d = document.getElementById("app").dataset;
  return d.ready === "1" && d.busy === "0" && (d.phase !== "play" || d.turn === d.seat);
}"""

OFFERED = """() => [...document.querySelectorAll("#legal-move-list option")].map((o) => ({
  text: o.value, kind: o.dataset.kind}))"""

# How many of the page's card movements are running now.
RUNNING = "document.getAnimations().filter((a) => a.id.startsWith('feel-')).length"


def wait_until_still(page: Page) -> None:
    """Wait until none of the page's card movements runs (rather than a fixed time)."""
    page.wait_for_function(f"{RUNNING} === 0", timeout=30_000)


def open_game(page: Page, url: str, wait_ready: Ready) -> None:
    page.add_init_script(RECORDER)
    page.goto(url)
    wait_ready(page)


def settle(page: Page) -> dict[str, str]:
    page.wait_for_function(SETTLED, timeout=30_000)
    data: dict[str, str] = page.evaluate("({...document.getElementById('app').dataset})")
    return data


def play_text(page: Page, text: str) -> None:
    """Plays a move through the move box, as a keyboard player may."""
    page.locator("input[name=move]").fill(text)
    page.locator("[data-action=move-box]").click()


def pick(offered: list[dict[str, str]]) -> str:
    """A capture when there is one (cards then fly to a panel), else a build, else any move."""
    for kind in ("capture", "build"):
        for move in offered:
            if move["kind"] == kind:
                return move["text"]
    return offered[0]["text"]


def test_a_move_makes_cards_fly_and_shows_no_hidden_card(page: Page, watch: Any, site_url: str,
                                                         wait_ready: Ready) -> None:
    # The computer's move stays on show 1.5 s: the player's own move is seen moving first.
    open_game(page, f"{site_url}?seed={SEED}&delay=1500", wait_ready)
    settle(page)
    page.wait_for_function("() => window.__feel.animations.length > 0")  # the deal
    before = page.evaluate(MOVEMENTS)
    assert before["made"] > 0, "the deal moved no card"
    wait_until_still(page)  # the deal has landed
    play_text(page, pick(page.evaluate(OFFERED)))
    page.wait_for_function(
        "() => window.__feel.animations.filter((a) => String(a.id).startsWith('feel-')).length"
        f" > {before['made']}")
    now = page.evaluate(RUNNING)
    assert now > 0, "no card was moving right after the move"
    # The real cards are in their places already: the page's state never waits for a movement.
    assert page.locator(".motion-layer .card").count() > 0
    settle(page)
    wait_until_still(page)
    expect(page.locator("[data-flight]")).to_have_count(0)  # no card stayed transparent
    expect(page.locator(".motion-layer .card")).to_have_count(0)
    assert page.evaluate(MOVEMENTS)["leaked"] == []


def test_reduced_motion_moves_nothing(page: Page, watch: Any, site_url: str,
                                      wait_ready: Ready) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_game(page, f"{site_url}?seed={SEED}&delay=0", wait_ready)
    for _ in range(4):
        data = settle(page)
        if data["phase"] != "play":
            break
        play_text(page, pick(page.evaluate(OFFERED)))
        page.wait_for_timeout(50)
        assert page.evaluate(RUNNING) == 0
    settle(page)
    moved = page.evaluate(MOVEMENTS)
    assert moved["made"] == 0 and moved["copies"] == 0, moved
    assert page.locator("[data-flight]").count() == 0


# Each drawing of the board: when, and whether the page was waiting for the engine then (and
# since when: the root's data-busy turning "1").
WAIT_WATCH = """
window.__waits = {drawings: [], since: null};
addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("app");
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      if (r.type === "attributes" && r.attributeName === "data-busy" && r.oldValue !== "1"
          && app.dataset.busy === "1") window.__waits.since = now;
      if (r.type === "childList" && r.target.classList && r.target.classList.contains("board")) {
        const d = app.dataset;
        window.__waits.drawings.push({busy: d.busy === "1", flash: d.flash === "1",
                                      after: d.busy === "1" ? now - window.__waits.since : null});
      }
    }
  }).observe(app, {attributes: true, attributeOldValue: true, childList: true, subtree: true});
});
"""


def test_a_quick_answer_is_not_drawn_as_waiting(page: Page, watch: Any, site_url: str,
                                               wait_ready: Ready) -> None:
    """The page is busy at once when a move is sent or the computer is asked (every control
    refuses a second action), but draws the wait (controls disabled, "... is thinking") only
    when no answer came within web/shell/shell.js's WAIT_DRAWN_AFTER_MS (150 ms): a drawing
    per move saved, and no flicker of disabled controls. Before, each move drew the page
    busy in the same instant, then again with the answer. With no delay and reduced motion,
    the computer's move is not drawn on show either (it would be on show for no time)."""
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WAIT_WATCH)
    open_game(page, f"{site_url}?seed={SEED}&delay=0&level=beginner", wait_ready)
    settle(page)
    page.evaluate("window.__waits.drawings = []")  # the moves' drawings, not the game's start
    turns = 0
    for _ in range(5):
        data = settle(page)
        if data["phase"] != "play":
            break
        play_text(page, pick(page.evaluate(OFFERED)))
        turns += 1
    settle(page)
    drawings = page.evaluate("window.__waits.drawings")
    waiting = [d for d in drawings if d["busy"]]
    assert turns >= 4 and len(drawings) >= 2 * turns, drawings
    # a wait is drawn only once it has lasted (a loaded machine may make some answers slow)
    assert all(d["after"] >= 140 for d in waiting), waiting
    assert not any(d["flash"] for d in drawings), "a computer's move drawn on show for 0 ms"


@pytest.mark.parametrize("delay", [0])
def test_a_round_plays_to_its_end_with_movements_on(page: Page, watch: Any, site_url: str,
                                                     wait_ready: Ready, delay: int) -> None:
    """Moves as fast as the page takes them, each while the last one's cards still fly."""
    open_game(page, f"{site_url}?seed={SEED}&delay={delay}", wait_ready)
    for _ in range(60):
        data = settle(page)
        if data["phase"] != "play":
            break
        play_text(page, pick(page.evaluate(OFFERED)))
    else:
        pytest.fail("the round did not end")
    assert data["phase"] in ("round_over", "match_over")
    assert page.locator(".score-sheet tr[data-category]").count() > 0
    moved = page.evaluate(MOVEMENTS)
    assert moved["made"] > 20 and moved["copies"] > 20, moved
    assert moved["leaked"] == []
    wait_until_still(page)
    expect(page.locator("[data-flight]")).to_have_count(0)
    expect(page.locator(".motion-layer .card")).to_have_count(0)


JACK_SETTLED = """() => {
  const d = document.getElementById("app").dataset;
  return d.ready === "1" && d.busy === "0" && d.flash === "0" && d.thinking === "0"
    && (d.phase !== "play" || d.turn === d.seat);
}"""


@pytest.mark.parametrize("reduced", [False, True])
def test_california_jack_card_flies_to_the_trick(page: Page, watch: Any, site_url: str,
                                                 wait_ready: Ready, reduced: bool) -> None:
    """The card played goes to the trick (and a won trick to its winner), unless reduced."""
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    open_game(page, f"{site_url}?game=california_jack&seed=8&delay=600&level=beginner", wait_ready)
    for _ in range(3):
        page.wait_for_function(JACK_SETTLED, timeout=30_000)
        card = page.locator(".jack-hand-cards button:not([aria-disabled=true])").first
        played = card.get_attribute("data-card")
        card.click()
        expect_trick = f".trick [data-face='{played}']"
        page.wait_for_selector(expect_trick, state="attached")
    page.wait_for_function(JACK_SETTLED, timeout=30_000)
    moved = page.evaluate(MOVEMENTS)
    if reduced:
        assert moved["made"] == 0 and moved["copies"] == 0, moved
    else:
        assert moved["made"] > 0 and moved["copies"] > 0, moved
    assert moved["leaked"] == []
    wait_until_still(page)
    expect(page.locator("[data-flight]")).to_have_count(0)


SWEEPS = """() => [...document.querySelectorAll("#legal-move-list option")].map((o) => ({
  text: o.value, kind: o.dataset.kind, sweep: o.dataset.sweep === "true"}))"""


def test_a_sweep_is_marked_on_the_felt(page: Page, watch: Any, site_url: str,
                                       wait_ready: Ready) -> None:
    """Seed 1 against the Beginner: the player's sixth move can sweep (capturing when possible,
    else trailing)."""
    open_game(page, f"{site_url}?seed=1&delay=0&level=beginner", wait_ready)
    for _ in range(24):
        settle(page)
        offered = page.evaluate(SWEEPS)
        sweep = next((m for m in offered if m["sweep"]), None)
        if sweep:
            play_text(page, sweep["text"])
            break
        plain = ([m for m in offered if m["kind"] == "capture"]
                 or [m for m in offered if m["kind"] == "trail"])
        play_text(page, (plain or offered)[0]["text"])
    else:
        pytest.fail("no sweep was offered")
    page.wait_for_selector(".motion-layer .sweep-mark[data-sweep-seat='0']", state="attached")
    assert page.locator("#app .seat.me [data-sweep-count]").get_attribute("data-sweep-count") == "1"
    page.wait_for_selector(".motion-layer .sweep-mark", state="detached", timeout=5_000)


# Notes, on every frame and every change of the page, each flying copy drawn while a score sheet
# is on the page, and whether it lies over the sheet (a flight would be drawn above it: the
# movement layer is above the page).
SHEET_WATCH = """
window.__sheet = {frames: 0, flights: []};
const look = (when) => {
  const sheet = document.querySelector(".score-sheet");
  if (!sheet) return;
  const s = sheet.getBoundingClientRect();
  for (const copy of document.querySelectorAll(".motion-layer .card")) {
    const c = copy.getBoundingClientRect();
    const over = c.left < s.right && c.right > s.left && c.top < s.bottom && c.bottom > s.top;
    window.__sheet.flights.push({when, face: copy.dataset.face || "back", over});
  }
};
const frame = () => {
  if (document.querySelector(".score-sheet")) window.__sheet.frames += 1;
  look("frame");
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
new MutationObserver(() => look("change")).observe(document, {childList: true, subtree: true});
"""


def sheet_flights(page: Page) -> dict[str, Any]:
    seen: dict[str, Any] = page.evaluate("window.__sheet")
    return seen


def test_no_flying_card_covers_the_round_s_score_sheet(page: Page, watch: Any, site_url: str,
                                                       wait_ready: Ready) -> None:
    """The round's last move draws the score sheet above the table: the cards taken then (and
    the table's, moved down by the sheet) must not fly over it. Seed 11, movements on."""
    page.add_init_script(SHEET_WATCH)
    open_game(page, f"{site_url}?seed={SEED}&delay=0", wait_ready)
    for _ in range(60):
        data = settle(page)
        if data["phase"] != "play":
            break
        play_text(page, pick(page.evaluate(OFFERED)))
    else:
        pytest.fail("the round did not end")
    page.wait_for_timeout(600)  # longer than any flight
    seen = sheet_flights(page)
    assert seen["frames"] > 5, "the score sheet was not drawn"
    assert page.evaluate(MOVEMENTS)["made"] > 20, "no card moved during the round"
    assert seen["flights"] == [], f"cards flew while the score sheet was open: {seen['flights']}"
    assert page.locator("[data-flight]").count() == 0


def test_no_flying_card_covers_california_jack_s_deal_sheet(page: Page, watch: Any,
                                                            site_url: str,
                                                            wait_ready: Ready) -> None:
    """The deal's last trick draws the sheet: nothing of that trick flies over it."""
    page.add_init_script(SHEET_WATCH)
    open_game(page, f"{site_url}?game=california_jack&seed=8&delay=200&level=beginner",
              wait_ready)
    for _ in range(40):
        page.wait_for_function(JACK_SETTLED, timeout=30_000)
        if page.evaluate("document.getElementById('app').dataset.phase") != "play":
            break
        page.locator(".jack-hand-cards button:not([aria-disabled=true])").first.click()
    else:
        pytest.fail("the deal did not end")
    page.wait_for_timeout(600)
    seen = sheet_flights(page)
    assert seen["frames"] > 5, "the deal's sheet was not drawn"
    assert page.evaluate(MOVEMENTS)["made"] > 10, "no card moved during the deal"
    assert seen["flights"] == [], "cards flew while the deal's sheet was open"
