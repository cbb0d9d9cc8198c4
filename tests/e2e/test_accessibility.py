"""Accessibility of the page: axe-core scans of each screen, and play by keyboard alone with a
screen reader's view of it (the polite live region); fixtures are in conftest.py.

axe-core is a test dependency only (package.json devDependencies, installed by ``npm ci``): it
is injected into the page under test from ``node_modules/axe-core/axe.min.js`` and never ships
with the site. A scan fails on any violation of impact "serious" or "critical" and names each
one (rule id, impact, the offending elements); the lesser ones are printed, not failed.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import menu_item
from tests.e2e.test_calijack import settle as jack_settle
from tests.e2e.test_match import OFFERED, SEED, Ready, api, settle

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FAILING = ("serious", "critical")

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary || ""})),
  }));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every axe-core violation on the page as it is now (axe injected on first use)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return found


def report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"    {n['target']}\n      {n['summary']}".rstrip()
                     for n in v["nodes"][:8])
    return "\n".join(lines)


def assert_accessible(page: Page, where: str) -> None:
    """Fail on serious or critical violations; print the others."""
    violations = axe_violations(page)
    bad = [v for v in violations if v["impact"] in FAILING]
    minor = [v for v in violations if v["impact"] not in FAILING]
    if minor:
        print(f"axe, {where}, minor:\n{report(minor)}")
    assert not bad, f"axe found serious problems on {where}:\n{report(bad)}"


@pytest.mark.fresh_context  # the loading screen of a first visit (the wheel held)
def test_loading_screen_passes_axe(page: Page, watch: Any, site_url: str,
                                   wait_ready: Ready) -> None:
    # Hold the engine's wheel back so the loading screen stays up while it is scanned.
    # (Both wheels download while the runtime boots: each is held, then let through.)
    held: list[Any] = []
    released: list[bool] = []

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/*.whl", hold)
    page.goto(site_url)
    expect(page.locator("#load-progress")).to_be_visible()
    assert_accessible(page, "the loading screen")
    released.append(True)
    for route in held:
        route.continue_()
    wait_ready(page)


def test_new_game_screen_passes_axe(page: Page, watch: Any, site_url: str,
                                    wait_ready: Ready) -> None:
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("dialog[data-dialog=new-game]")).to_be_visible()
    assert_accessible(page, "the new-game screen")


def test_table_with_a_card_selected_and_its_panels_pass_axe(page: Page, watch: Any,
                                                           site_url: str,
                                                           wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    card = page.locator(".hand-cards button:not([aria-disabled=true])").first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    assert_accessible(page, "the table with a card selected")
    # The hint and the last-moves panel open beside the table.
    page.keyboard.press("Escape")
    page.locator("[data-action=hint]").click()
    expect(page.locator(".advice[data-advice=shown]")).to_be_visible(timeout=30_000)
    menu_item(page, "last-moves").click()
    expect(page.locator("#last-moves")).to_be_visible()
    assert_accessible(page, "the table with the hint and the last moves shown")


def test_california_jack_table_passes_axe(page: Page, watch: Any, site_url: str,
                                          wait_ready: Ready) -> None:
    page.goto(f"{site_url}?game=california_jack&seed=8&delay=0&level=beginner")
    wait_ready(page)
    page.wait_for_function(
        "() => { const d = document.getElementById('app').dataset;"
        " return d.ready === '1' && d.busy === '0'; }", timeout=30_000)
    expect(page.locator(".jack-hand-cards button").first).to_be_visible()
    assert_accessible(page, "the California Jack table")


# ---- play by keyboard alone, as a screen reader hears it -------------------------------------

# Every message of the live region, in order (web/ui/live.js counts them in data-count).
RECORD_SAID = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const el = document.getElementById("announcer");
  new MutationObserver(() => window.__said.push(el.textContent))
    .observe(el, {attributes: true, attributeFilter: ["data-count"]});
});
"""
ACTIVE = """() => { const a = document.activeElement; return a ? {
  card: a.dataset.card || "", cards: a.dataset.cards || "", action: a.dataset.action || "",
  moveText: a.dataset.moveText || "", row: (a.closest(".hand-cards, .table-items, .choices")
  || {className: ""}).className.split(" ")[0]} : {}; }"""
CARD_TEXT = re.compile(r"(10|[A2-9JQK])([♠♥♦♣])\ufe0e?")
SUIT_CODE = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


# English card names in words ("Ten of diamonds" alone, "the ten of diamonds" in a sentence),
# as the California Jack page writes them (web/i18n/en.json ui.rankNames, ui.rankForms,
# ui.cardName); matched in either case, so no hidden card escapes the check by its capitals.
RANK_WORDS = {"Ace": "A", "Two": "2", "Three": "3", "Four": "4", "Five": "5", "Six": "6",
              "Seven": "7", "Eight": "8", "Nine": "9", "Ten": "T", "Jack": "J", "Queen": "Q",
              "King": "K"}
SUIT_WORDS = {"Spades": "S", "Hearts": "H", "Diamonds": "D", "Clubs": "C"}
CARD_WORDS = re.compile(rf"\b({'|'.join(RANK_WORDS)}) of ({'|'.join(SUIT_WORDS)})\b", re.IGNORECASE)


def cards_named(text: str) -> set[str]:
    """Card codes ("TD") of every card written in ``text`` the page's way: "10♦" or, in a
    sentence, "the ten of diamonds"."""
    return {("T" if rank == "10" else rank) + SUIT_CODE[suit]
            for rank, suit in CARD_TEXT.findall(text)} | {
        RANK_WORDS[rank.capitalize()] + SUIT_WORDS[suit.capitalize()]
        for rank, suit in CARD_WORDS.findall(text)}


def card_words(code: str) -> str:
    """A card's English name in a sentence: "ten of diamonds"."""
    rank = next(word for word, r in RANK_WORDS.items() if r == code[0])
    suit = next(word for word, s in SUIT_WORDS.items() if s == code[1])
    return f"{rank} of {suit}".lower()


def active(page: Page) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(ACTIVE)
    return found


def press_until(page: Page, key: str, done: Any, what: str, limit: int = 60) -> None:
    """Press ``key`` until ``done(active element)`` holds; fail naming ``what``."""
    for _ in range(limit):
        if done(active(page)):
            return
        page.keyboard.press(key)
    pytest.fail(f"{key} never reached {what}; focus is on {active(page)}")


def play_by_keyboard(page: Page, move: dict[str, Any]) -> None:
    """Tab to the hand, arrows to the card; T then Enter on Confirm for a trail, else Enter on
    the card, Shift+Tab to the table, arrows and Enter on each item, a choice if asked, C."""
    card = move["card"]
    press_until(page, "Tab", lambda a: a.get("row") == "hand-cards", "the hand")
    press_until(page, "ArrowRight", lambda a: a.get("card") == card, f"the card {card}", 12)
    if move["kind"] == "trail":
        page.keyboard.press("t")
        expect(page.locator("[data-action=confirm]")).to_be_focused()
        expect(page.locator(".preview")).to_have_attribute("data-preview", move["text"])
        page.keyboard.press("Enter")
        return
    page.keyboard.press("Enter")
    expect(page.locator(f".hand-cards button[data-card='{card}']")).to_have_attribute(
        "aria-pressed", "true")
    chosen: set[str] = set()
    for taken in move["take"]:
        if taken in chosen:
            continue
        press_until(page, "Shift+Tab", lambda a: a.get("row") == "table-items", "the table")
        press_until(page, "ArrowRight",
                    lambda a, c=taken: c == a.get("card") or c in a.get("cards", "").split(),
                    f"the table item with {taken}", 30)
        page.keyboard.press("Enter")
        now = active(page)
        chosen.update([now["card"]] if now["card"] else now["cards"].split())
    if page.locator(".choices").count():
        press_until(page, "Tab", lambda a: a.get("row") == "choices", "the choices")
        press_until(page, "ArrowRight", lambda a: a.get("moveText") == move["text"],
                    f"the choice {move['text']}", 12)
        page.keyboard.press("Enter")
    expect(page.locator(".preview")).to_have_attribute("data-preview", move["text"])
    page.keyboard.press("c")


def test_a_round_by_keyboard_alone_is_read_out_without_hidden_cards(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """A whole round against the computer with the keyboard only. The live region reads out
    every move, the computer's included, then the round's result, and never names a card the
    computer still holds: the engine in CPython follows the same game (same seed, both seats
    played through ``play``), and its ``export_position`` gives the computer's hidden hand at
    every moment. The score sheet at the end passes axe too."""
    page.add_init_script(RECORD_SAID)
    page.goto(f"{site_url}?seed={SEED}&delay=0&level=beginner")
    wait_ready(page)
    mirror = api({"op": "new_game", "seed": SEED, "seats": ["human", "human"]})["view"]
    rng = random.Random(SEED)
    heard = 0
    computer_moves = 0
    mine = 0

    def follow_computer() -> None:
        """The computer's moves since the last look, played in the mirror too; each was read
        out; no message so far named a card it holds now."""
        nonlocal heard, computer_moves, mirror
        said: list[str] = page.evaluate("window.__said")
        fresh = said[heard:]
        heard = len(said)
        seat_moves = [m for m in mirror.get("last_moves", [None, None])]
        text = page.locator(".seat[data-seat='1'] .last-move").get_attribute("data-last-move")
        if mirror["phase"] == "play" and mirror["turn"] == 1 and text and (
                not seat_moves[1] or seat_moves[1]["text"] != text):
            card = text.split()[0]
            assert any(line.startswith("Computer") and card_short(card) in line
                       for line in fresh), (text, fresh)
            mirror = api({"op": "play", "seat": 1, "move": text})["view"]
            computer_moves += 1
        if mirror["phase"] == "play":
            hidden = set(api({"op": "export_position"})["position"]["hands"][1])
            for line in fresh:
                assert not cards_named(line) & hidden, (line, sorted(hidden))

    for _ in range(60):
        data = settle(page)
        follow_computer()
        if data["phase"] != "play":
            break
        assert mirror["turn"] == 0 and sorted(mirror["hand"]) == sorted(
            page.evaluate("[...document.querySelectorAll('.hand-cards button')]"
                          ".map((b) => b.dataset.card)"))
        move = rng.choice(sorted(page.evaluate(OFFERED), key=lambda m: m["text"]))
        play_by_keyboard(page, move)
        page.wait_for_function(
            "(n) => window.__said.slice(n).some((s) => s.startsWith('You '))", arg=heard)
        mirror = api({"op": "play", "seat": 0, "move": move["text"]})["view"]
        mine += 1
    assert mirror["phase"] == "round_over" and data["phase"] == "round_over"
    assert mine == 24 and computer_moves == 24  # Classic for two: 24 cards each a round
    said = page.evaluate("window.__said")
    # Each deal is read out with the number of cards each holds, never which.
    for deal in range(1, 7):
        counts = f"Round 1, deal {deal}: you have 4 cards, Computer has 4; {48 - 8 * deal} left"
        assert any(counts in s for s in said), (counts, said)
    scores = mirror["scores"]
    assert any("Round 1 is over" in s and f"Match score: You {scores[0]}, Computer {scores[1]}"
               in s for s in said[-2:]), said[-2:]
    expect(page.locator("[data-action=next-round]")).to_be_focused()
    assert_accessible(page, "the round's score sheet")


def card_short(code: str) -> str:
    """The page's short form of a card: "10♦" (with the text presentation selector)."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[1]] + "\ufe0e"


def mirror_of_page(page: Page) -> dict[str, Any]:
    """The engine in CPython at the page's position: the same deal, and the computer's first
    move (when it leads) read from the page and played for seat 1. Answers the view of seat 0."""
    seats = ["human", "human"]
    view: dict[str, Any] = api({"op": "new_game", "seed": SEED, "seats": seats})["view"]
    if view["turn"] == 1:
        text = page.locator(".seat[data-seat='1'] .last-move").get_attribute("data-last-move")
        view = api({"op": "play", "seat": 1, "move": text})["view"]
        view = api({"op": "view", "seat": 0})["view"]
    return view


def test_move_box_suggests_exactly_the_legal_moves_for_a_prefix(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.add_init_script(RECORD_SAID)
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    legal = sorted(m["text"] for m in mirror_of_page(page)["legal_moves"])
    assert sorted(m["text"] for m in page.evaluate(OFFERED)) == legal
    box = page.locator("input[name=move]")
    expect(box).to_have_attribute("list", "legal-move-list")
    for prefix in (legal[0].split()[0], legal[-1][:4].lower(), "x"):
        box.fill("")
        box.press_sequentially(prefix)
        wanted = [t for t in legal if t.lower().startswith(prefix.lower())]
        suggested = page.evaluate(
            "(p) => [...document.querySelectorAll('#legal-move-list option')]"
            ".map((o) => o.value).filter((v) => v.toLowerCase().startsWith(p.toLowerCase()))",
            prefix)
        assert sorted(suggested) == wanted
        expect(page.locator("#move-box-matches")).to_have_attribute("data-matches",
                                                                   str(len(wanted)))
        expect(page.locator("#move-box-matches")).to_contain_text(f"“{prefix}”")
    # Each suggestion also says the move in words; a typed move is played.
    option = page.locator("#legal-move-list option").first
    assert (option.text_content() or "").strip()
    box.fill(legal[0])
    box.press("Enter")
    page.wait_for_function("() => window.__said.some((s) => s.startsWith('You '))")


def test_move_box_says_when_the_table_has_more_moves_than_it_lists(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0&movelist=0")
    wait_ready(page)
    settle(page)
    total = len(mirror_of_page(page)["legal_moves"])
    expect(page.locator("#legal-move-list option")).to_have_count(0)
    note = page.locator("#move-box-partial")
    expect(note).to_contain_text(f"allows {total} moves")
    described = page.locator("input[name=move]").get_attribute("aria-describedby") or ""
    assert "move-box-partial" in described.split()


def test_keys_dialog_undo_and_escape_from_the_keyboard(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    # ? lists the keys; Escape closes the list.
    page.keyboard.press("?")
    dialog = page.locator("dialog[data-dialog=keys]")
    expect(dialog).to_be_visible()
    for key in ("T", "C", "U, Ctrl+Z", "H", "Escape"):
        expect(dialog.locator("th kbd", has_text=key).first).to_be_visible()
    assert_accessible(page, "the Keys dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    hand = page.evaluate("[...document.querySelectorAll('.hand-cards button')]"
                         ".map((b) => b.dataset.card)")
    # One Tab stop for the hand: the arrows move within it, Home and End to its ends.
    press_until(page, "Tab", lambda a: a.get("row") == "hand-cards", "the hand")
    assert page.locator(".hand-cards button[tabindex='0']").count() == 1
    page.keyboard.press("End")
    assert active(page)["card"] == hand[-1]
    page.keyboard.press("Home")
    assert active(page)["card"] == hand[0]
    # Enter chooses the card, Escape clears the choice.
    page.keyboard.press("Enter")
    first = page.locator(f".hand-cards button[data-card='{hand[0]}']")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(first).to_have_attribute("aria-pressed", "false")
    # A move, then U takes it back (with the computer's answer); then again with Ctrl+Z.
    for undo_key in ("u", "Control+z"):
        before = settle(page)
        move = sorted(page.evaluate(OFFERED), key=lambda m: m["text"])[0]
        play_by_keyboard(page, move)
        page.wait_for_function(
            "(s) => document.getElementById('app').dataset.stock !== s"
            " || document.querySelectorAll('.hand-cards button').length < 4",
            arg=before["stock"])
        settle(page)
        expect(page.locator("[data-action=undo]")).to_be_enabled()
        page.locator("body").press(undo_key)
        expect(page.locator(".hand-cards button")).to_have_count(len(hand))
        assert settle(page)["stock"] == before["stock"]


def test_california_jack_plays_by_keyboard_are_read_out(page: Page, watch: Any, site_url: str,
                                                        wait_ready: Ready) -> None:
    """On the California Jack table the same live region reads out both cards of each trick and
    who won it; the hand is one Tab stop with arrows inside."""
    page.add_init_script(RECORD_SAID)
    page.goto(f"{site_url}?game=california_jack&seed=8&delay=0&level=beginner")
    wait_ready(page)
    heard = 0  # messages up to the end of the last trick
    for _ in range(3):
        jack_settle(page)
        press_until(page, "Tab", lambda a: bool(page.evaluate(
            "!!document.activeElement.closest('.jack-hand-cards')")), "the Jack hand")
        assert page.locator(".jack-hand-cards button[tabindex='0']").count() == 1
        legal = page.locator(".jack-hand-cards button[data-legal=true]").first
        card = legal.get_attribute("data-card") or ""
        for _ in range(12):
            if page.evaluate("document.activeElement.dataset.card") == card:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(n) => window.__said.slice(n).join(' ').includes('the trick')", arg=heard)
        messages = page.evaluate("window.__said")
        end = max(i for i, m in enumerate(messages) if "the trick" in m) + 1
        said = " ".join(messages[heard:end])
        # The computer may already have led the next trick: that is the next round's news.
        heard = end
        assert f"You played the {card_words(card)}" in said, said
        assert card in cards_named(said), said
        assert "Computer played " in said and ("You win the trick" in said
                                               or "Computer wins the trick" in said), said
        hidden = jack_hidden_cards(page)
        for line in messages:
            assert not cards_named(line) & hidden, (line, sorted(hidden))
    # Its keys are listed too (key ?), and U takes the last card back.
    page.keyboard.press("?")
    dialog = page.locator("dialog[data-dialog=keys]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("th kbd", has_text="U, Ctrl+Z")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    before = jack_settle(page)
    page.locator("body").press("u")
    page.wait_for_function("(s) => document.getElementById('app').dataset.stock !== s",
                           arg=before["stock"])


def jack_hidden_cards(page: Page) -> set[str]:
    """The cards in the computer's California Jack hand that the player has not seen: the
    page's saved record (localStorage, web/jack/saved.js) replayed by the engine in CPython with
    both seats human, whose view of seat 1 is the computer's hand; ``known`` are the cards both
    saw drawn face up."""
    saved_game = """() => { const d = document.getElementById("app").dataset;
      const s = JSON.parse(localStorage.getItem("cassino.saved-jack") || "null");
      const them = document.querySelector(".jack-seat.them");
      return s && {record: s.record, stock: d.stock, turn: d.turn,
                   count: them ? them.dataset.handCount : ""}; }"""
    for _ in range(50):
        jack_settle(page)
        saved = page.evaluate(saved_game)
        if saved:
            api({"op": "load_record", "record": saved["record"], "seats": ["human", "human"]})
            view = api({"op": "view", "seat": 1})["view"]
            now = [str(view["stock"]), str(view["turn"]), str(view["hand_counts"][1])]
            if now == [saved["stock"], saved["turn"], saved["count"]]:  # the save caught up
                return set(view["hand"]) - set(view["known"][1])
        page.wait_for_timeout(100)
    pytest.fail("the page's saved game never matched the table")


# Where the focus is at each drawing of the page from the key C on: a MutationObserver on
# #app's data attributes (render() sets them first; its callback runs once the drawing and what
# follows it in the same task, the focus put back included, are done) notes the focused
# control's data-key.
RECORD_FOCUS = """() => {
  window.__focus = null;
  document.addEventListener("keydown", (e) => { if (e.key === "c") window.__focus = []; },
                            {capture: true});
  const note = () => { const a = document.activeElement; if (!window.__focus) return;
    window.__focus.push(a === document.body || !a ? "BODY" : a.dataset.key || a.tagName); };
  new MutationObserver(note).observe(document.getElementById("app"), {attributes: true});
}"""


@pytest.mark.parametrize("table_builds", [True, False], ids=["table-builds", "classic"])
def test_after_c_confirms_a_move_the_focus_stays_in_the_hand(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, table_builds: bool) -> None:
    """Play-test 5 (issue 15), desktop keyboard: after C confirmed a move the focus fell to
    <body> (the table card or choice it was on went, Confirm was disabled) and stayed there
    until the player's next turn, with or without table builds. Now at every drawing from C on
    (the player's move, the computer's) it is on a card of the hand, and the next move is made
    by the keyboard alone from there (seed 34: the 6D captures 3H+3D, or trails and builds 6
    from them; then a trail, or the first move offered)."""
    rules = f"&rules={quote(json.dumps({'table_builds': True}))}" if table_builds else ""
    page.goto(f"{site_url}?seed=34{rules}&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    first = {"kind": "trail_build", "card": "6D", "take": ["3D", "3H"], "text": "6D t b6 3H 3D"}
    if not table_builds:
        first = {"kind": "capture", "card": "6D", "take": ["3D", "3H"], "text": "6D x 3H 3D"}
    page.evaluate(RECORD_FOCUS)
    play_by_keyboard(page, first)  # ends with C
    settle(page)
    seen = page.evaluate("window.__focus")
    assert seen and all(key.startswith("H:") for key in seen), seen
    expect(page.locator(".seat[data-seat='0'] .last-move")).to_have_attribute(
        "data-last-move", first["text"])
    assert active(page)["row"] == "hand-cards"
    moves: list[dict[str, Any]] = page.evaluate(OFFERED)
    trail = next((m for m in moves if m["kind"] == "trail"), moves[0])  # an owner may not trail
    play_by_keyboard(page, trail)
    settle(page)
    expect(page.locator(".seat[data-seat='0'] .last-move")).to_have_attribute(
        "data-last-move", trail["text"])
    assert active(page)["row"] == "hand-cards"
