"""California Jack and Shasta Sam on the page (web/jack/), played by clicking; fixtures are in
conftest.py. Rules source: seed 001 (S001) as played by cassino_core.calijack.

The tests read only what the page offers: the hand's buttons (the enabled ones are the cards
the engine listed in ``legal_moves``), the sheet at the end of a deal and the ``data-``
attributes on ``<main id="app">``. Beside the page the same match runs in CPython through
``cassino_core.calijack.api.JackSession`` (same seed, same level, the same cards for the human;
the computer chooses again with the same random stream): on every turn the page must enable
exactly the engine's legal cards, and it must show the engine's points and final score.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import Page, expect

from cassino_core.api import Session
from cassino_core.calijack.api import JackSession
from tests.e2e.conftest import (
    focused_control,
    load_record_from_menu,
    menu_item,
    permuted,
    start_by,
    tabs_to_start,
)

Ready = Callable[[Page], None]  # the wait_ready fixture
ROOT = Path(__file__).resolve().parents[2]

JACK_SAVE_KEY = "cassino.saved-jack"  # web/jack/saved.js: California Jack's (both games' before)
SHASTA_SAVE_KEY = "cassino.saved-shasta_sam"  # Shasta Sam's own
APOSTROPHE = "\u2019"  # in Ukrainian words, as web/i18n/uk.json writes them

# The page is idle and waits for the player (or shows a deal's or the match's end).
SETTLED = """() => {
  const d = document.getElementById("app").dataset;
  return d.ready === "1" && d.busy === "0" && d.flash === "0" && d.thinking === "0"
    && (d.phase !== "play" || d.turn === d.seat);
}"""

HAND = """() => [...document.querySelectorAll(".jack-hand-cards button")].map((b) => ({
  card: b.dataset.card, enabled: b.getAttribute("aria-disabled") !== "true",
  title: b.title, label: b.querySelector("[data-spoken]")?.textContent ?? "",
}))"""


def settle(page: Page) -> dict[str, str]:
    page.wait_for_function(SETTLED, timeout=30_000)
    data: dict[str, str] = page.evaluate("({...document.getElementById('app').dataset})")
    return data


class Replay:
    """The same match in CPython: the human's cards from the page, the computer's own."""

    def __init__(self, game: str, seed: int, target: int | None = None,
                 follow: str | None = None) -> None:
        self.session = JackSession()
        request: dict[str, Any] = {"op": "new_game", "game": game, "seed": seed,
                                   "level": "beginner", "seats": ["human", "computer"],
                                   "viewer": 0}
        overrides: dict[str, Any] = {"target": target, "follow": follow}
        overrides = {k: v for k, v in overrides.items() if v is not None}
        if overrides:
            request["overrides"] = overrides
        self.session.dispatch(request)
        self.advance()

    @property
    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.session.view_json()
        return view

    def advance(self) -> None:
        """Let the computer play until the human is to play or the deal is over."""
        while self.view["phase"] == "play" and self.view["turn"] != 0:
            self.session.dispatch({"op": "computer_move"})

    def play(self, card: str) -> None:
        self.session.dispatch({"op": "play", "seat": 0, "move": card})
        self.advance()

    def next_deal(self) -> None:
        self.session.dispatch({"op": "next_round"})
        self.advance()


def check_sheet(page: Page, view: dict[str, Any]) -> None:
    """The sheet shows the engine's High, Low, Jack, Game, card points and totals."""
    sheet = page.locator(".jack-sheet")
    expect(sheet).to_be_visible()
    deal = view["deals"][-1]
    for category in ("high", "low", "jack", "game"):
        row = sheet.locator(f"tr[data-category={category}]")
        for seat in (0, 1):
            expected = "1" if deal[category] == seat else "0"
            expect(row.locator(f"td[data-seat='{seat}']")).to_have_attribute("data-points",
                                                                             expected)
    for seat in (0, 1):
        expect(sheet.locator(f"tr[data-category=card_points] td[data-seat='{seat}']")
               ).to_have_text(str(deal["card_points"][seat]))
        expect(sheet.locator(f"tr[data-category=total] td[data-seat='{seat}']")
               ).to_have_text(str(deal["points"][seat]))
        expect(sheet.locator(f"tr[data-category=match] td[data-seat='{seat}']")
               ).to_have_text(str(view["scores"][seat]))


def play_match(page: Page, replay: Replay, rng: random.Random, max_turns: int = 600) -> int:
    """Click a random legal card each turn until the match is over; returns the turns."""
    turns = 0
    while True:
        data = settle(page)
        view = replay.view
        assert data["phase"] == view["phase"]
        assert json.loads(data["scores"]) == view["scores"]
        if data["phase"] == "match_over":
            check_sheet(page, view)
            return turns
        if data["phase"] == "deal_over":
            check_sheet(page, view)
            page.locator("[data-action=next-deal]").click()
            replay.next_deal()
            continue
        hand = page.evaluate(HAND)
        assert [c["card"] for c in hand] == view["hand"]
        enabled = sorted(c["card"] for c in hand if c["enabled"])
        # Only the engine's legal cards can be played (S001: follow suit when able).
        assert enabled == sorted(view["legal_moves"]), (enabled, view["legal_moves"])
        assert data["trump"] == view["trump"]
        assert data["stock"] == str(view["stock"])
        card = rng.choice(enabled)
        page.locator(f".jack-hand-cards button[data-card='{card}']").click()
        replay.play(card)
        turns += 1
        assert turns < max_turns, "the match did not end"


def final_checks(page: Page, view: dict[str, Any]) -> None:
    """The match-over screen: the engine's final score and winner, and a New match button."""
    data = settle(page)
    assert data["phase"] == "match_over"
    assert json.loads(data["scores"]) == view["scores"]
    assert data["winner"] == str(view["winner"])
    verdict = page.locator(".jack-sheet .verdict")
    names = ["You", "Computer"]
    dash = "\u2013"  # the page's en dash
    expect(verdict).to_contain_text(f"Final score {view['scores'][0]} {dash} {view['scores'][1]}")
    expect(verdict).to_contain_text(
        "You win the match!" if view["winner"] == 0 else f"{names[1]} wins the match.")
    for seat in (0, 1):
        expect(page.locator(f".scoreboard .score[data-seat='{seat}']")
               ).to_have_attribute("data-score", str(view["scores"][seat]))
    expect(page.locator("[data-action=new-match]")).to_be_focused()


def test_california_jack_whole_match_to_ten(page: Page, watch: Any, site_url: str,
                                            wait_ready: Ready) -> None:
    """A whole match to the seed's 10 points [S001 "ПОДСЧЁТ ОЧКОВ"], by clicking."""
    # With the test's random cards this match ends after three deals (78 turns); deal 11's
    # took five (130 turns): the same checks in less time.
    seed = 7
    page.goto(f"{site_url}?game=california_jack&seed={seed}&delay=0&level=beginner")
    wait_ready(page)
    data = settle(page)
    assert data["game"] == "california_jack"
    assert data["target"] == "10"
    replay = Replay("california_jack", seed)
    # The face-up stock [S001 "переворачивают картинкой вверх"]: its top card is shown.
    stock = page.locator(".jack-stock")
    expect(stock).to_have_attribute("data-stock-top", replay.view["stock_top"])
    expect(page.locator(".trump-badge")).to_have_attribute("data-trump", replay.view["trump"])
    turns = play_match(page, replay, random.Random(seed))
    assert turns >= 26
    final_checks(page, replay.view)
    # The finished match stays saved, marked over, until another game replaces it (a reload
    # shows it again: tests/e2e/test_finished.py).
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{JACK_SAVE_KEY}') || '{{}}').over === true",
        timeout=20_000)
    # New match: the same game and level, a new deal, no points.
    page.locator("[data-action=new-match]").click()
    page.wait_for_function("(s) => document.getElementById('app').dataset.seed !== s",
                           arg=str(seed), timeout=20_000)
    data = settle(page)
    assert (data["game"], data["phase"], data["scores"]) == ("california_jack", "play", "[0,0]")


@pytest.mark.every_browser
def test_shasta_sam_whole_match_lower_target(page: Page, watch: Any, site_url: str,
                                             wait_ready: Ready) -> None:
    """Shasta Sam [S001 "ВАРИАНТ"]: the stock lies face down; a match to 3 for speed."""
    seed = 5
    page.goto(f"{site_url}?game=shasta_sam&seed={seed}&delay=0&level=beginner&target=3")
    wait_ready(page)
    data = settle(page)
    assert data["game"] == "shasta_sam"
    assert data["target"] == "3"
    expect(page.locator("#app h1")).to_have_text("Shasta Sam")
    expect(page.locator(".jack-stock")).to_have_attribute("data-stock-top", "")
    expect(page.locator(".jack-stock .card.face")).to_have_count(0)
    replay = Replay("shasta_sam", seed, target=3)
    play_match(page, replay, random.Random(seed))
    final_checks(page, replay.view)


def test_illegal_cards_are_dimmed_with_the_reason(page: Page, watch: Any, site_url: str,
                                                  wait_ready: Ready) -> None:
    """Follow suit when able [S001 "РОЗЫГРЫШ"]: other cards are dimmed and say why; clicking
    one plays nothing."""
    for seed in range(1, 40):
        replay = Replay("california_jack", seed)
        view = replay.view
        if view["trick"] and len(view["legal_moves"]) < len(view["hand"]):
            break
    else:
        pytest.fail("no seed where the computer leads a suit the human holds")
    led = view["trick"][0]["card"][1]
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[led]
    page.goto(f"{site_url}?game=california_jack&seed={seed}&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    hand = page.evaluate(HAND)
    illegal = [c for c in hand if not c["enabled"]]
    assert sorted(c["card"] for c in hand if c["enabled"]) == sorted(view["legal_moves"])
    assert illegal
    for c in illegal:
        assert c["title"].startswith(f"must follow suit {symbol}"), c
        assert "must follow suit" in c["label"]
    # aria-disabled: Playwright counts it as not enabled, a person can still click it.
    page.locator(f".jack-hand-cards button[data-card='{illegal[0]['card']}']").click(force=True)
    expect(page.locator(".jack-hint")).to_contain_text("must follow suit")
    assert settle(page)["stock"] == str(view["stock"])
    assert len(page.evaluate(HAND)) == len(view["hand"])


def test_follow_or_trump_lets_a_trump_answer_while_holding_the_suit_led(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Foster's Hoyle / Bicycle ("follow suit or trump"), chosen with ``follow=trump`` in the
    address: holding the suit led, the trumps are playable too, a third suit is dimmed with
    that reason, the prompt says so, the rules dialog lists the rule; then the match (to 2) is
    played to its end with the page enabling exactly the engine's cards every turn."""
    # The page's suit symbols, drawn as text (U+FE0E), as web/ui/cards.js writes them.
    symbols = {s: f"{c}\ufe0e" for s, c in {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.items()}
    for seed in range(1, 200):
        replay = Replay("california_jack", seed, target=2, follow="suit_or_trump")
        view = replay.view
        if not view["trick"]:
            continue
        led, trump = view["trick"][0]["card"][1], view["trump"]
        suits = {card[1] for card in view["hand"]}
        if led != trump and {led, trump} <= suits and len(suits) > 2:
            break
    else:
        pytest.fail("no seed where the computer leads a suit the human holds with a trump")
    page.goto(f"{site_url}?game=california_jack&seed={seed}&delay=0&level=beginner"
              "&target=2&follow=trump")
    wait_ready(page)
    settle(page)
    hand = page.evaluate(HAND)
    enabled = sorted(c["card"] for c in hand if c["enabled"])
    assert enabled == sorted(view["legal_moves"])
    assert {card[1] for card in enabled} == {led, trump}
    expect(page.locator("[data-prompt]")).to_contain_text(
        f"follow suit {symbols[led]} or play a trump {symbols[trump]}")
    for c in hand:
        if not c["enabled"]:
            assert c["title"].startswith(
                f"must follow suit {symbols[led]} or trump {symbols[trump]}"), c
    menu_item(page, "rules").click()
    rules = page.locator("dialog[data-dialog=jack-rules]")
    expect(rules.locator(".rules-in-force")).to_contain_text("Following suit: follow suit or trump")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    play_match(page, replay, random.Random(seed))
    final_checks(page, replay.view)


def test_keyboard_hint_and_play(page: Page, watch: Any, site_url: str,
                                wait_ready: Ready) -> None:
    """H asks for a hint (a legal card, with reasons in words), its title a sentence in
    sentence case ("Hint: play the ten of diamonds.", not "play Ten of Diamonds": issue 15);
    arrows move over the hand and Enter plays the focused card."""
    page.goto(f"{site_url}?game=california_jack&seed=8&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
    page.locator("body").press("h")
    hint = page.locator(".jack-hint")
    expect(hint).to_contain_text("Hint: play")
    suggested = hint.get_attribute("data-hint")
    assert suggested in legal
    assert hint.locator("li").count() >= 1
    ranks = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
             "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen",
             "K": "king"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert suggested
    expect(hint.locator("strong")).to_have_text(
        f"Hint: play the {ranks[suggested[0]]} of {suits[suggested[1]]}.")
    expect(page.locator(f".jack-hand-cards button[data-card='{suggested}']")).to_be_focused()
    hand = page.evaluate(HAND)
    first = hand[0]["card"]
    page.locator(f".jack-hand-cards button[data-card='{first}']").focus()
    page.keyboard.press("ArrowRight")
    second = hand[1]["card"]
    expect(page.locator(f".jack-hand-cards button[data-card='{second}']")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    target = next(c["card"] for c in hand if c["enabled"])
    page.locator(f".jack-hand-cards button[data-card='{target}']").focus()
    before = settle(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(s) => document.getElementById('app').dataset.stock !== s "
        "|| document.querySelectorAll('.jack-hand-cards button').length !== 6",
        arg=before["stock"], timeout=20_000)
    settle(page)
    assert target not in [c["card"] for c in page.evaluate(HAND)]
    # Undo takes the card back (and the computer's answer with it).
    page.locator("[data-action=undo]").click()
    data = settle(page)
    assert [c["card"] for c in page.evaluate(HAND)] == [c["card"] for c in hand]
    assert data["stock"] == before["stock"]


def test_reload_resumes_the_jack_game(page: Page, watch: Any, site_url: str,
                                      wait_ready: Ready) -> None:
    seed = 21
    url = f"{site_url}?game=california_jack&seed={seed}&delay=0&level=beginner"
    page.goto(url)
    wait_ready(page)
    rng = random.Random(seed)
    for _ in range(4):
        settle(page)
        legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
        page.locator(f".jack-hand-cards button[data-card='{rng.choice(legal)}']").click()
    settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    snapshot = "() => ({hand: [...document.querySelectorAll('.jack-hand-cards button')]" \
               ".map((b) => b.dataset.card), trick: document.querySelector('.trick')" \
               ".dataset.trick, last: document.querySelector('.last-trick').dataset.lastTrick," \
               " stock: document.getElementById('app').dataset.stock})"
    before = page.evaluate(snapshot)
    assert before["last"], "no trick was played"
    saved = json.loads(page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')"))
    assert saved["game"] == "california_jack"

    # The same address resumes it; so does the plain address (the Jack game was saved last).
    for address in (url, site_url):
        page.goto(address)
        wait_ready(page)
        settle(page)
        assert page.evaluate(snapshot) == before
        expect(page.locator("#announcer")).to_have_text(
            "Your game was resumed where you left it.")
        assert not page.locator(".messages .error").count()
    # Play goes on.
    legal = [c["card"] for c in page.evaluate(HAND) if c["enabled"]]
    page.locator(f".jack-hand-cards button[data-card='{legal[0]}']").click()
    settle(page)
    assert page.evaluate(snapshot) != before


# What the player sees of a Jack game: enough to tell one position from another.
TABLE = """() => ({game: document.getElementById("app").dataset.game,
  seed: document.getElementById("app").dataset.seed,
  hand: [...document.querySelectorAll(".jack-hand-cards button")].map((b) => b.dataset.card),
  trick: document.querySelector(".trick").dataset.trick,
  last: document.querySelector(".last-trick").dataset.lastTrick,
  stock: document.getElementById("app").dataset.stock})"""
REPLACE = "dialog[data-dialog=replace]"


def play_cards_and_save(page: Page, count: int) -> dict[str, Any]:
    """Plays the first card the player may play `count` times; answers the table once saved."""
    for _ in range(count):
        settle(page)
        page.locator(".jack-hand-cards button:not([aria-disabled=true])").first.click()
    settle(page)
    page.wait_for_function("document.getElementById('app').dataset.save === 'saved'",
                           timeout=20_000)
    table: dict[str, Any] = page.evaluate(TABLE)
    return table


def reload_resumes_unasked(page: Page, wait_ready: Ready) -> None:
    """Plays a card, waits for the save, reloads: the same table comes back without the
    replace question (the address names the game saved)."""
    table = play_cards_and_save(page, 1)
    page.reload()
    wait_ready(page)
    settle(page)
    expect(page.locator(REPLACE)).to_have_count(0)
    assert page.evaluate(TABLE) == table


def saved_game_of(page: Page, key: str) -> str | None:
    """The game named by the save under `key` (None when there is none)."""
    raw = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if raw is None else str(json.loads(raw)["game"])


def test_each_jack_game_keeps_a_save_of_its_own(page: Page, watch: Any, site_url: str,
                                                 wait_ready: Ready) -> None:
    """Play-test (Russian phone): California Jack and Shasta Sam shared one save, so starting
    Shasta Sam replaced a California Jack match in progress (the new-game question warned of
    it). Each keeps its own now, as every game of the site: a match of each is saved, each
    address resumes its own, unasked, and so does picking it on the other's new-game screen;
    the question before a new game says what every page says."""
    page.goto(f"{site_url}?game=california_jack&seed=21&delay=0&level=beginner")
    wait_ready(page)
    jack = play_cards_and_save(page, 2)
    page.goto(f"{site_url}?game=shasta_sam&seed=5&delay=0&level=beginner")
    wait_ready(page)
    expect(page.locator(REPLACE)).to_have_count(0)
    shasta = play_cards_and_save(page, 1)
    assert shasta["game"] == "shasta_sam" and jack["game"] == "california_jack"
    assert saved_game_of(page, JACK_SAVE_KEY) == "california_jack"
    assert saved_game_of(page, SHASTA_SAVE_KEY) == "shasta_sam"

    for game, table in (("california_jack", jack), ("shasta_sam", shasta)):
        page.goto(f"{site_url}?game={game}&delay=0")
        wait_ready(page)
        settle(page)
        expect(page.locator("#announcer")).to_have_text(
            "Your game was resumed where you left it.")
        assert page.evaluate(TABLE) == table, game
        expect(page.locator(REPLACE)).to_have_count(0)

    # On Shasta Sam's table: New game says nothing of the other game any more; picking
    # California Jack offers its match (Continue) without resuming it behind the screen, and
    # Cancel goes back to Shasta Sam's, the match left (a change: Cancel stayed in California
    # Jack, resumed behind the screen; tests/e2e/test_saves.py).
    page.locator("#app [data-action=new-game]").click()
    question = page.locator("dialog[data-dialog=confirm-new]")
    expect(question).to_contain_text("A new match of this same game will replace this one")
    expect(question).not_to_contain_text("California Jack")
    page.locator("[data-action=new-game-yes]").click()
    screen = page.locator("dialog[data-dialog=jack-new-game]")
    screen.locator("label[data-game=california_jack]").click()
    expect(screen.locator("input[name=game][value=california_jack]")).to_be_checked()
    expect(screen.locator(".start-note[data-saved='1']")).to_contain_text("California Jack")
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    settle(page)
    assert page.evaluate(TABLE) == shasta
    # ...Continue resumes California Jack's match as it was...
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    screen.locator("label[data-game=california_jack]").click()
    screen.locator("[data-action=continue-saved]").click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    settle(page)
    assert page.evaluate(TABLE) == jack
    # ...and picking Shasta Sam there offers its own match; Cancel goes back to California Jack.
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    screen.locator("label[data-game=shasta_sam]").click()
    expect(screen.locator(".start-note[data-saved='1']")).to_contain_text("Shasta Sam")
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    settle(page)
    assert page.evaluate(TABLE) == jack
    assert saved_game_of(page, JACK_SAVE_KEY) == "california_jack"
    assert saved_game_of(page, SHASTA_SAVE_KEY) == "shasta_sam"


def test_a_shasta_sam_match_saved_under_the_shared_key_still_resumes(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Saves made before each game had its own key: a Shasta Sam match kept under the key both
    shared resumes at Shasta Sam's address and moves to its own key (the old copy leaves once
    the new one is written); California Jack's address then deals its own game, unasked. (A
    California Jack match there is already under its own key: test_reload_resumes_the_jack_game.)
    With Shasta Sam's key already taken, the old copy is set aside, unchanged, never lost."""
    page.goto(f"{site_url}?game=shasta_sam&seed=5&delay=0&level=beginner")
    wait_ready(page)
    shasta = play_cards_and_save(page, 2)
    old = page.evaluate(f"""() => {{ const raw = localStorage.getItem('{SHASTA_SAVE_KEY}');
      localStorage.setItem('{JACK_SAVE_KEY}', raw); localStorage.removeItem('{SHASTA_SAVE_KEY}');
      return raw; }}""")
    for address in ("?game=shasta_sam&delay=0", "?delay=0"):
        page.goto(f"{site_url}{address}")
        wait_ready(page)
        settle(page)
        assert page.evaluate(TABLE) == shasta, address
        expect(page.locator(REPLACE)).to_have_count(0)
        assert page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')") is None
        assert saved_game_of(page, SHASTA_SAVE_KEY) == "shasta_sam"
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0")
    wait_ready(page)
    expect(page.locator(REPLACE)).to_have_count(0)
    assert settle(page)["game"] == "california_jack"

    # Both keys full (an older page wrote the shared key again): nothing is thrown away.
    # Written from Scopa's page: California Jack's own page saves its new deal a moment later,
    # which could land over what the test writes.
    page.goto(f"{site_url}?game=scopa&delay=0")
    wait_ready(page)
    page.evaluate(f"localStorage.setItem('{JACK_SAVE_KEY}', {json.dumps(old)})")
    page.goto(f"{site_url}?game=shasta_sam&delay=0")
    wait_ready(page)
    assert settle(page)["game"] == "shasta_sam"
    aside = page.evaluate(f"""Object.keys(localStorage).filter(
        (k) => k.startsWith('{JACK_SAVE_KEY}.set-aside-'))""")
    assert len(aside) == 1, aside
    assert page.evaluate(f"localStorage.getItem('{aside[0]}')") == old


def test_start_on_the_jack_screen_puts_its_game_in_the_address(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test (Russian phone): after Start on the Jack page's own new-game screen the
    address still said `?game=california_jack&seed=7`, the game opened with, not the one
    played. It names the game started now (its game, the deal number and the settings chosen,
    display parameters kept), and a reload resumes that game, unasked."""
    page.goto(f"{site_url}?game=california_jack&seed=7&delay=0")
    wait_ready(page)
    settle(page)
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    screen = page.locator("dialog[data-dialog=jack-new-game]")
    screen.locator("select[name=level]").select_option("beginner")
    screen.locator("input[name=seed]").fill("12")
    screen.locator("[data-action=start-game]").click()
    expect(screen).to_be_hidden()
    assert settle(page)["seed"] == "12"
    query = dict(parse_qsl(urlsplit(page.url).query))
    assert query == {"delay": "0", "game": "california_jack", "seed": "12",
                     "level": "beginner"}, page.url
    reload_resumes_unasked(page, wait_ready)

    # Shasta Sam (its screen keeps the level set), a random deal: no deal number in the address.
    page.locator("#app [data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    screen.locator("label[data-game=shasta_sam]").click()
    expect(screen.locator("input[name=game][value=shasta_sam]")).to_be_checked()
    screen.locator("[data-action=start-game]").click()
    expect(screen).to_be_hidden()
    assert settle(page)["game"] == "shasta_sam"
    query = dict(parse_qsl(urlsplit(page.url).query))
    assert query == {"delay": "0", "game": "shasta_sam", "level": "beginner"}, page.url
    reload_resumes_unasked(page, wait_ready)


def test_corrupted_save_is_reported_and_set_aside(page: Page, watch: Any, site_url: str,
                                                  wait_ready: Ready) -> None:
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    page.evaluate(f"localStorage.setItem('{JACK_SAVE_KEY}', '{{not json')")
    page.reload()
    wait_ready(page)
    # Never a blank page: a new-game screen opens (the page may take a while on a busy machine).
    expect(page.locator("dialog[open]")).to_be_visible(timeout=20_000)
    error = page.locator(".messages .error[data-code=bad_save]")
    expect(error).to_contain_text(
        "California Jack game could not be resumed (the text cannot be read as JSON)",
        timeout=20_000)
    assert page.evaluate(f"localStorage.getItem('{JACK_SAVE_KEY}')") is None
    # Its exact text is kept under a key of its own, which the message names.
    aside = page.evaluate(f"""Object.keys(localStorage).filter(
        (k) => k.startsWith('{JACK_SAVE_KEY}.set-aside-'))""")
    assert len(aside) == 1
    assert page.evaluate(f"localStorage.getItem('{aside[0]}')") == "{not json"
    expect(error).to_contain_text(f"“{aside[0]}”")
    # A game can start from it.
    dialog = page.locator("dialog[open]")
    dialog.locator("[data-action=start-game]").click()
    page.wait_for_function("document.getElementById('app').dataset.ready === '1'",
                           timeout=30_000)


def test_bad_game_parameter_is_explained(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready) -> None:
    page.goto(f"{site_url}?game=poker&delay=0")
    wait_ready(page)
    error = page.locator(".messages .error[data-code=bad_game]")
    # Every game the page plays is named (Scopa and Escoba were left out of a fixed list),
    # with its title where the language names it otherwise than its value (play-test 9).
    expect(error).to_contain_text("The game “poker” in the address (parameter “game”) is not "
                                  "known; use one of cassino, california_jack, shasta_sam, "
                                  "scopa, escoba, cirulla, pishti, tablic (Tablić).")
    # The page still works: the (Cassino) new-game screen offers every game.
    dialog = page.locator("dialog[data-dialog=new-game]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("input[name=game][value=cassino]")).to_be_checked()
def test_bad_game_parameter_names_the_games_in_russian(page: Page, watch: Any, site_url: str,
                                                        wait_ready: Ready) -> None:
    """Play-test 9: the Russian message listed only the address's values ("scopa, escoba,
    ..."); each now has the game's Russian title beside it."""
    page.goto(f"{site_url}?game=poker&delay=0&lang=ru")
    wait_ready(page)
    error = page.locator(".messages .error[data-code=bad_game]")
    expect(error).to_contain_text("«poker»")
    for value, title in [("cassino", "Кассино"), ("california_jack", "Калифорнийский Джек"),
                         ("scopa", "Скопа"), ("pishti", "Пишти"), ("tablic", "Таблич")]:
        expect(error).to_contain_text(f"{value} ({title})")




def test_new_game_screen_switches_between_the_games(page: Page, watch: Any, site_url: str,
                                                    wait_ready: Ready) -> None:
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    cassino = page.locator("dialog[data-dialog=new-game]")
    expect(cassino).to_be_visible()
    cassino.locator("label[data-game=shasta_sam]").click()
    jack = page.locator("dialog[data-dialog=jack-new-game]")
    expect(jack).to_be_visible()
    expect(jack.locator("input[name=game][value=shasta_sam]")).to_be_checked()
    jack.locator("label[data-game=california_jack]").click()
    expect(jack.locator("input[name=game][value=california_jack]")).to_be_checked()
    jack.locator("select[name=level]").select_option("beginner")
    # Hoyle's following rule (Foster, Bicycle), with its one-line explanation.
    jack.locator("select[name=follow]").select_option("suit_or_trump")
    expect(jack.locator("#jng-follow-help")).to_contain_text("Hoyle's rule")
    jack.locator("input[name=seed]").fill("3")
    jack.locator("[data-action=start-game]").click()
    expect(jack).to_be_hidden()
    data = settle(page)
    assert (data["game"], data["seed"]) == ("california_jack", "3")
    expect(page.locator("#app h1")).to_have_text("California Jack")

    # The rules of the Jack games, in the page's own words, with the rules in force.
    menu_item(page, "rules").click()
    rules = page.locator("dialog[data-dialog=jack-rules]")
    expect(rules).to_contain_text("10 is worth 10, each ace 4, each king 3, each queen 2")
    expect(rules).to_contain_text("follow suit")
    expect(rules.locator(".rules-in-force")).to_contain_text("Following suit: follow suit or trump")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()

    # Back to Cassino: New game, confirm, pick Cassino.
    page.locator("[data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    expect(jack).to_be_visible()
    jack.locator("label[data-game=cassino]").click()
    expect(page.locator("dialog[data-dialog=new-game]")).to_be_visible()
    page.locator("dialog[data-dialog=new-game] [data-action=start-game]").click()
    page.wait_for_function("document.getElementById('app').dataset.preset === 'classic'",
                           timeout=30_000)
    assert page.locator(".jack-felt").count() == 0


@pytest.mark.parametrize("how", ["keyboard", "mouse"])
def test_a_new_game_puts_the_focus_on_the_hand(page: Page, watch: Any, site_url: str,
                                               wait_ready: Ready, how: str) -> None:
    """Start on the first visit's new-game screen (California Jack chosen on Cassino's), the
    human leading (seed 5): the keyboard player lands on the first card of their hand, not on
    the page's body (the card used to be focused while the modal screen was still open).
    Again from New game during the match, started the other way (seed 9); and with the
    computer leading (seed 3), on the first card the player may play once it is their turn."""
    other = "mouse" if how == "keyboard" else "keyboard"
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    page.locator("dialog[data-dialog=new-game] label[data-game=california_jack]").click()
    dialog = page.locator("dialog[data-dialog=jack-new-game]")
    for seed, starter in ((5, how), (9, other), (3, how)):
        if seed != 5:
            page.locator("[data-action=new-game]").click()
            page.locator("[data-action=new-game-yes]").click()
        expect(dialog).to_be_visible()
        dialog.locator("select[name=level]").select_option("beginner")
        dialog.locator("input[name=seed]").fill(str(seed))
        start_by(page, dialog, starter)
        data = settle(page)
        assert (data["seed"], data["phase"]) == (str(seed), "play")
        hand = page.evaluate(HAND)
        first = next(c["card"] for c in hand if c["enabled"])
        if seed != 3:  # leading: every card may be played
            assert len(hand) == 6 and all(c["enabled"] for c in hand) and first == hand[0]["card"]
        else:  # the computer led: its card is on the trick
            trick = page.locator(".trick[data-trick]").get_attribute("data-trick") or ""
            assert len(trick.split()) == 1, trick
        expect(page.locator(f".jack-hand-cards button[data-card='{first}']"),
               f"seed {seed}, Start by {starter}").to_be_focused()


@permuted("lang", ["ru", "en"])
@permuted("size", [(360, 640), (1280, 800)], ids=["phone", "desktop"])
def test_start_is_three_tabs_away_and_enter_on_the_game_starts_on_the_hand(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, size: tuple[int, int],
        lang: str) -> None:
    """The California Jack screen opens on the chosen game; Start is at most three Tab
    presses on (it was six, after the level, dealing, points and deal number), in sight, and
    the settings come after it. Enter on a game starts it, with the focus on the first card
    of the hand: on the first visit and from New game during a match."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site_url}?delay=0&lang={lang}")
    wait_ready(page)
    page.locator("dialog[data-dialog=new-game] label[data-game=california_jack]").click()
    dialog = page.locator("dialog[data-dialog=jack-new-game]")
    for seed, visit, key, game in ((5, "first visit", "ArrowRight", "shasta_sam"),
                                   (9, "during a match", "ArrowLeft", "california_jack")):
        if visit != "first visit":
            page.locator("[data-action=new-game]").click()
            page.locator("[data-action=new-game-yes]").click()
        expect(dialog).to_be_visible()
        chosen = dialog.locator("input[name=game]:checked")
        expect(chosen).to_be_focused()
        presses = tabs_to_start(page)
        assert presses <= 3, f"{visit}: Start is {presses} Tab presses away"
        page.keyboard.press("Tab")
        if visit != "first visit":
            assert focused_control(page) == "cancel-new-game"
            page.keyboard.press("Tab")
        assert focused_control(page) == "level", visit
        dialog.locator("select[name=level]").select_option("beginner")
        dialog.locator("input[name=seed]").fill(str(seed))
        chosen.focus()
        page.keyboard.press(key)  # Shasta Sam, the next game; back to California Jack
        expect(dialog.locator(f"input[name=game][value={game}]")).to_be_focused()
        page.keyboard.press("Enter")
        expect(dialog).to_be_hidden()
        data = settle(page)
        assert (data["game"], data["seed"], data["phase"]) == (game, str(seed), "play")
        first = next(c["card"] for c in page.evaluate(HAND) if c["enabled"])
        expect(page.locator(f".jack-hand-cards button[data-card='{first}']"),
               f"{visit}, Enter on a game, {size}, {lang}").to_be_focused()


@permuted("size", [(390, 844), (1280, 800)])
def test_jack_table_fits_the_screen(page: Page, watch: Any, site_url: str, wait_ready: Ready,
                                    size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    widths = page.evaluate("[document.documentElement.scrollWidth, "
                           "document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    # The whole hand is on screen without scrolling sideways; its buttons are labelled.
    for button in page.locator(".jack-hand-cards button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        assert button.locator("[data-spoken]").text_content()


# Each card of the trick: whether the point at its middle shows that card (not a panel drawn
# over it, not scrolled out of the table's box).
TRICK_SHOWN = """() => [...document.querySelectorAll(".trick .card")].map((card) => {
  const box = card.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return Boolean(top && card.contains(top)) || top === card;
})"""


HINT_SHOWN = """() => {
  const box = document.querySelector(".jack-hint");
  const rect = box.getBoundingClientRect();
  return {
    text: box.innerText,
    clipped: box.scrollHeight > box.clientHeight + 0.5,
    inWindow: rect.top >= -0.5 && rect.bottom <= innerHeight + 0.5,
  };
}"""


def test_an_open_hint_is_read_whole_with_the_card_to_follow_in_view_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """On a 360x640 phone in Russian an open hint shows whole: its title and every reason
    inside the window, its box not cut (a play-test found 42 px left for 117 px of text, the
    reasons hidden even with the page scrolled), and the card the computer led, the one to
    follow, still in view (an earlier play-test found it under the hand once the hint opened).
    The words on a card that may not be played show whole in the window too (the same
    play-test saw nothing change when it tapped one)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    expect(page.locator(".trick .card")).to_have_count(1)  # the computer led (seed 3)
    assert page.evaluate(TRICK_SHOWN) == [True]
    page.locator("[data-action=hint]").click()
    expect(page.locator(".jack-hint li").first).to_be_visible()
    shown = page.evaluate(HINT_SHOWN)
    assert shown["inWindow"] and not shown["clipped"], shown
    assert shown["text"].startswith("Подсказка: сыграйте "), shown
    assert page.evaluate(TRICK_SHOWN) == [True]
    # The hinted card, in the hand, is in the window too.
    hinted = page.locator(".jack-hand-cards button.hinted")
    expect(hinted).to_have_count(1)
    box = hinted.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    # A card that does not follow suit: its words say why, whole and in the window.
    page.keyboard.press("Escape")
    illegal = page.locator(".jack-hand-cards button[data-legal=false]").first
    illegal.click(force=True)
    expect(page.locator(".jack-hint")).to_contain_text("нужно ходить в масть")
    shown = page.evaluate(HINT_SHOWN)
    assert shown["inWindow"] and not shown["clipped"], shown


@permuted("size", [(360, 640), (640, 360), (1280, 800)],
                         ids=["phone", "phone-on-its-side", "desktop"])
def test_the_hints_button_plays_its_card(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready, size: tuple[int, int]) -> None:
    """Play-test 16: Cassino's and the fishing pages' hints have a button that plays the move
    they suggest; the Jack page's had none (only the raised card). «Сыграть этот ход» (the
    words of every page's hint since a Russian phone play-test found three), after the hint's
    title, lies whole in the window and in the hint's box (which scrolls in a short window)
    with the hint open, and one press plays the hinted card: it leaves the hand (California
    Jack, seed 3, Russian: the computer led, so the trick ends)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    page.locator("[data-action=hint]").click()
    button = page.locator(".jack-hint [data-action=hint-play]")
    expect(button).to_have_text("Сыграть этот ход")
    suggested = page.locator(".jack-hint").get_attribute("data-hint")
    assert suggested
    box = button.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size[1], box
    inside = page.evaluate("""() => {
      const hint = document.querySelector(".jack-hint").getBoundingClientRect();
      const button = document.querySelector(".jack-hint [data-action=hint-play]")
        .getBoundingClientRect();
      return button.top >= hint.top - 0.5 && button.bottom <= hint.bottom + 0.5;
    }""")
    assert inside
    before = len(page.evaluate(HAND))
    button.click()
    expect(page.locator(f".jack-hand-cards button[data-card='{suggested}']")).to_have_count(0)
    settle(page)
    assert len(page.evaluate(HAND)) == before  # the trick ended and each seat drew a card


def test_load_record_replays_the_game(page: Page, watch: Any, site_url: str,
                                      wait_ready: Ready) -> None:
    """A record written by the engine (CPython) loads on the page and shows the same game; a
    Cassino record is refused on the Jack page and the game stays."""
    replay = Replay("shasta_sam", 9)
    for _ in range(3):
        replay.play(replay.view["legal_moves"][0])
    record = replay.session.dispatch({"op": "export_record"})["record"]
    page.goto(f"{site_url}?game=california_jack&seed=2&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    menu_item(page, "load-record").click()
    records = page.locator("dialog[data-dialog=records]")
    hand_before = page.evaluate(HAND)
    cassino = Session()
    cassino.handle(json.dumps({"op": "new_game", "seed": 3}))
    cassino_record = json.loads(cassino.handle(json.dumps({"op": "export_record"})))["record"]
    records.locator("#record-text").fill(json.dumps(cassino_record))
    # Refused by the page before any question: nothing would replace the game.
    records.locator("[data-action=do-load-record]").click()
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)
    expect(records.locator(".records-error")).to_contain_text("Cassino record")
    # Refused, not loaded: the engine still holds the Jack game the page shows, and plays it.
    page.keyboard.press("Escape")
    expect(records).to_be_hidden()
    assert page.evaluate(HAND) == hand_before
    card = next(c["card"] for c in hand_before if c["enabled"])
    page.locator(f".jack-hand-cards button[data-card='{card}']").click()
    assert settle(page)["game"] == "california_jack"
    assert card not in [c["card"] for c in page.evaluate(HAND)]
    menu_item(page, "load-record").click()
    records.locator("#record-text").fill(json.dumps(record))
    # A Shasta Sam record goes under Shasta Sam's save, which holds no match here: nothing is
    # asked (the California Jack match stays saved under its own key: a change, it asked as if
    # that match were lost; a Shasta Sam match there is asked about: test_saves.py).
    records.locator("[data-action=do-load-record]").click()
    expect(page.locator("dialog[data-dialog=replace]")).to_have_count(0)
    expect(records).to_be_hidden()
    data = settle(page)
    assert data["game"] == "shasta_sam"
    assert page.evaluate("JSON.parse(localStorage.getItem('cassino.saved-jack')).game") == (
        "california_jack")
    assert [c["card"] for c in page.evaluate(HAND)] == replay.view["hand"]
    assert data["stock"] == str(replay.view["stock"])


def computers_record(seed: int) -> dict[str, Any]:
    """A finished one-point California Jack match the computer played on both seats (random
    level), as the engine writes its record."""
    session = JackSession()
    session.dispatch({"op": "new_game", "game": "california_jack", "seed": seed,
                      "seats": ["computer", "computer"], "levels": ["random", "random"],
                      "overrides": {"target": 1}})
    while session.view_json()["phase"] != "match_over":
        if session.view_json()["phase"] == "deal_over":
            session.dispatch({"op": "next_round"})
        else:
            session.dispatch({"op": "computer_move"})
    record: dict[str, Any] = session.dispatch({"op": "export_record"})["record"]
    return record


def test_a_match_between_two_computers_names_them_computer_1_and_2(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """A record of the computer against itself, loaded on the Ukrainian page: nobody there is
    "you": the seats are "Computer 1" and "Computer 2" in Ukrainian, as the Cassino page names
    two computers, on the sheet, the scoreboard and in the replay (with their level's name,
    not the code "random")."""
    page.goto(f"{site_url}?game=california_jack&seed=2&delay=0&level=beginner&lang=uk")
    wait_ready(page)
    settle(page)
    load_record_from_menu(page, computers_record(4))
    assert settle(page)["phase"] == "match_over"
    with (ROOT / "web" / "i18n" / "uk.json").open(encoding="utf-8") as f:
        uk = json.load(f)["jack"]
    names = [uk["computerSeat"].replace("{0+1}", str(n)) for n in (1, 2)]
    sheet = page.locator(".jack-sheet")
    expect(sheet).to_contain_text(names[0])
    expect(sheet).to_contain_text(names[1])
    board = page.locator(".scoreboard").inner_text()
    assert names[0] in board and names[1] in board and uk["you"] not in board, board
    menu_item(page, "replay").click()
    replay = page.locator("dialog[data-dialog=replay]")
    expect(replay).to_have_attribute("data-state", "ready")
    for seat in (0, 1):
        expect(replay.locator(f"[data-replay-seat='{seat}'] h3")).to_have_text(
            f"{names[seat]} · {uk['levelNames']['random']}")
    # Nobody at this table is "you": nothing to take back, by the button or by U.
    undo = page.locator("[data-action=undo]")
    expect(undo).to_be_disabled()
    page.keyboard.press("u")
    assert settle(page)["phase"] == "match_over"


def computers_record_with_a_card_seen(seed: int) -> dict[str, Any]:
    """California Jack between two computers, stopped as soon as the second computer is to
    lead while the first holds a card it drew from the face-up stock (the engine's ``known``)."""
    session = JackSession()
    session.dispatch({"op": "new_game", "game": "california_jack", "seed": seed,
                      "seats": ["computer", "computer"], "levels": ["random", "random"]})
    while True:
        view = session.view_json()
        assert view["phase"] == "play", "no card seen drawn before the deal's end"
        if view["turn"] == 1 and not view["trick"] and view["known"][0]:
            break
        session.dispatch({"op": "computer_move"})
    record: dict[str, Any] = session.dispatch({"op": "export_record"})["record"]
    return record


@permuted("lang", ["uk", "en"])
def test_two_computers_mid_match_are_not_spoken_to_as_you(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """A record of the computer against itself, loaded mid-deal: the hand on screen is
    Computer 1's. Its label, the line of its cards the other computer saw drawn and their
    notes name Computer 1 or nobody ("Ваші карти", "Суперник бачив, як ви взяли …" addressed
    the player before); Undo is off. The other computer's card stays on show for the page's
    longest delay (10 s), which holds the hand still while this is read."""
    record = computers_record_with_a_card_seen(4)
    page.goto(f"{site_url}?game=california_jack&seed=5&delay=10000&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    load_record_from_menu(page, record)
    expect(page.locator("#app")).to_have_attribute("data-seed", "4")
    with (ROOT / "web" / "i18n" / f"{lang}.json").open(encoding="utf-8") as f:
        words = json.load(f)["jack"]
    name = words["computerSeat"].replace("{0+1}", "1")
    hand = page.locator("section.jack-hand")
    expect(hand).to_have_attribute("aria-label", words["yourHand"]["$other"].replace("{0}", name))
    expect(page.locator(".jack-hand-cards")).to_have_attribute("aria-label",
                                                               hand.get_attribute("aria-label"))
    line = page.locator(".known-line.mine")
    cards = (line.get_attribute("data-seen-by-them") or "").split()
    assert cards, "no card seen drawn on screen"
    expect(line).to_contain_text(
        words["seenByThemLine"]["$other"].split("{1")[0].replace("{0}", name).strip())
    note = words["seenByThem"]["$other"]
    for card in cards:
        expect(page.locator(f".jack-hand-cards button[data-card='{card}']")).to_have_attribute(
            "title", note)
    mine = page.locator(".seat.me")
    for you in (words["seenByThem"]["$you"], words["seenByThemLine"]["$you"].split("{1")[0],
                words["yourHand"]["$you"]):
        assert you not in mine.inner_text() and you not in (hand.get_attribute(
            "aria-label") or ""), you
    expect(page.locator(".jack-actions")).not_to_have_attribute("aria-label", words["yourTurn"])
    expect(page.locator("[data-action=undo]")).to_be_disabled()


# The last trick's line as a phone shows it, measured: its text, whether it is cut in its own
# box, whether it lies inside the table's visible box and the window, and whether the page or
# the table scrolls sideways.
LAST_TRICK_SHOWN = """() => {
  const shown = [...document.querySelectorAll(".last-trick p")]
    .filter((p) => getComputedStyle(p).display !== "none" && p.getBoundingClientRect().width > 1);
  const felt = document.querySelector(".jack-felt").getBoundingClientRect();
  const inside = (b, box) => b.left >= box.left - 0.5 && b.right <= box.right + 0.5
    && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5;
  const win = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const table = document.querySelector(".jack-felt");
  return {
    lines: shown.map((p) => ({text: p.innerText, cut: p.scrollWidth > p.clientWidth + 0.5
      || p.scrollHeight > p.clientHeight + 0.5, inTable: inside(p.getBoundingClientRect(), felt),
      inWindow: inside(p.getBoundingClientRect(), win)})),
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth
      || table.scrollWidth > table.clientWidth,
    whole: document.querySelector(".last-trick-text").textContent,
  };
}"""


@permuted("lang", ["ru", "uk"])
def test_the_last_trick_is_shown_whole_on_a_phone(page: Page, watch: Any, site_url: str,
                                                   wait_ready: Ready, lang: str) -> None:
    """At 360x640 in Russian and Ukrainian the last trick's line was cut at the table's edge
    (a play-test): its cards by name and who drew what took eight lines of half the width. The
    phone shows the trick's faces (the winner's ringed) and who took it, whole, inside the
    table's visible box and the window, with no sideways scrolling; the hand and the hint
    button stay in the window, and the whole line (with the draws) is still there for a screen
    reader. Seed 3: the computer leads the ace of hearts and takes the trick."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=california_jack&seed=3&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    page.locator(".jack-hand-cards button[data-card='7H']").click()
    replay = Replay("california_jack", 3)
    replay.play("7H")
    settle(page)
    assert replay.view["last_trick"]["winner"] == 1
    shown: dict[str, Any] = page.evaluate(LAST_TRICK_SHOWN)
    took = {"ru": "Взятку забирает Компьютер.", "uk": f"Взятку забирає Комп{APOSTROPHE}ютер."}[lang]
    assert [line["text"] for line in shown["lines"]] == [took], shown
    assert all(line["inTable"] and line["inWindow"] and not line["cut"]
               for line in shown["lines"]), shown
    assert not shown["sideways"], shown
    expect(page.locator(".last-trick .last-card")).to_have_count(2)
    draw = {"ru": "вы берёте из колоды", "uk": "ви берете з колоди"}[lang]
    assert draw in shown["whole"], shown
    for control in [*page.locator(".jack-hand-cards button").all(),
                    page.locator("[data-action=hint]")]:
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640
