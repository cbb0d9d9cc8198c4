"""A whole match played by clicking, as a player would; fixtures are in conftest.py.

The test only reads what the page offers: the legal moves listed in the move box's suggestions
(``#legal-move-list option``, one per move the engine offered), the table and hand buttons, and
the ``data-`` attributes on ``<main id="app">``. It never asks the engine for hidden state.

Afterwards the same match is replayed in CPython through ``cassino_core.api.handle`` (same seed,
same human moves, the computer choosing again): the page must have offered exactly the engine's
legal moves on every turn and must show the engine's final score.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from cassino_core.api import handle

Ready = Callable[[Page], None]  # the wait_ready fixture

SEED = 7
# The whole match by clicking: with the test's random choices this deal's match ends after two
# rounds (48 human turns; SEED takes three rounds, 72 turns), a next round and a match end all
# the same in two thirds of the time.
MATCH_SEED = 9
MAX_TURNS = 800  # a match to 21 takes about 2-5 rounds of 24 human turns

# The page is idle and waits for the player (or shows a round's or the match's end).
SETTLED = """() => {
  const d = document.getElementById("app").dataset;
  return d.ready === "1" && d.busy === "0" && (d.phase !== "play" || d.turn === d.seat);
}"""

OFFERED = """() => [...document.querySelectorAll("#legal-move-list option")].map((o) => ({
  text: o.value, kind: o.dataset.kind, card: o.dataset.card,
  take: o.dataset.take ? o.dataset.take.split(" ") : [],
}))"""

SUIT_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def api(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    assert "error" not in answer, (request, answer)
    return answer


def settle(page: Page) -> dict[str, str]:
    page.wait_for_function(SETTLED, timeout=30_000)
    data: dict[str, str] = page.evaluate("({...document.getElementById('app').dataset})")
    return data


def table_item(page: Page, card: str) -> Locator:
    """The table button holding ``card``: a loose card, or the build it belongs to."""
    return page.locator(
        f".table-items button[data-card='{card}'], .table-items button[data-cards~='{card}']")


def play_by_clicking(page: Page, move: dict[str, Any]) -> None:
    """Hand card, then each table item the move uses (a build once), a choice when the
    selection allows several moves, then Confirm; a pluck through the Pluck button."""
    if move["kind"] == "pluck":
        page.locator("[data-action=pluck]").click()
        table_item(page, move["card"]).click()
    else:
        _select_by_clicking(page, move)
    expect(page.locator(".preview")).to_have_attribute("data-preview", move["text"])
    page.locator("[data-action=confirm]").click()


def play_the_round_by_first_moves(page: Page, limit: int = 60) -> None:
    """Play the human seat's turns by clicking the first move offered (in text order) until
    the round ends; fails the test if it has not after ``limit`` turns."""
    for _ in range(limit):
        if settle(page)["phase"] != "play":
            return
        offered = sorted(page.evaluate(OFFERED), key=lambda m: m["text"])
        play_by_clicking(page, offered[0])
    pytest.fail("the round did not end")


def _select_by_clicking(page: Page, move: dict[str, Any]) -> None:
    page.locator(f".hand-cards button[data-card='{move['card']}']").click()
    if move["kind"] == "trail":
        page.locator("[data-action=trail]").click()
    else:
        clicked: set[str] = set()
        for card in move["take"]:
            item = table_item(page, card)
            key = item.get_attribute("data-item") or card
            if key in clicked:
                continue
            expect(item).not_to_have_attribute("aria-disabled", "true")
            item.click()
            clicked.add(key)
        choice = page.locator(f".choices button[data-move-text='{move['text']}']")
        if choice.count():
            choice.click()


# (texts offered, text played) per human turn of a match on the Cassino page.
Turns = list[tuple[list[str], str]]


def play_random_match(settle_page: Callable[[], dict[str, str]],
                      offered: Callable[[], list[dict[str, Any]]],
                      play: Callable[[dict[str, Any], dict[str, str]], None],
                      next_round: Callable[[], None],
                      seed: int) -> tuple[dict[str, str], Turns, int]:
    """Plays the Cassino page's match to its end with random moves, whatever drives the page
    (Playwright here, Selenium in tests/webkit): ``settle_page()`` answers the page's ``#app``
    data once it waits for the player; ``offered()`` the moves it offers (OFFERED's shape);
    ``play(move, data)`` plays one as a player would; ``next_round()`` goes on from a round's
    sheet. The move is ``random.Random(seed)``'s choice among the offered sorted by text.
    Answers the page's data at the end of the match, the turns and the rounds' sheets seen."""
    rng = random.Random(seed)
    turns: Turns = []
    rounds_seen = 0
    for _ in range(MAX_TURNS):
        data = settle_page()
        if data["phase"] == "match_over":
            return data, turns, rounds_seen
        if data["phase"] == "round_over":
            rounds_seen += 1
            next_round()
            continue
        moves = sorted(offered(), key=lambda m: str(m["text"]))
        assert moves, "the page offered no move on the player's turn"
        move = rng.choice(moves)
        turns.append(([m["text"] for m in moves], move["text"]))
        play(move, data)
    pytest.fail(f"no match end after {MAX_TURNS} turns")


def replay_in_engine(new_game: dict[str, Any], turns: Turns, data: dict[str, str],
                     rounds_seen: int) -> dict[str, Any]:
    """The same match in CPython (``new_game``: the new_game request's fields but ``op``), the
    human's moves from ``turns``, the computer choosing again: the page must have offered
    exactly the engine's moves on every turn and shown, at its end (``data``), the engine's
    final score and winner after as many rounds. Answers the engine's final view."""
    answer = api({"op": "new_game", **new_game})
    played = iter(turns)
    while answer["view"]["phase"] != "match_over":
        view = answer["view"]
        if view["phase"] == "round_over":
            answer = api({"op": "next_round"})
        elif view["seats"][view["turn"]] == "computer":
            answer = api({"op": "computer_move"})
        else:
            offered_texts, text = next(played)
            assert sorted(offered_texts) == sorted(m["text"] for m in view["legal_moves"])
            answer = api({"op": "play", "seat": 0, "move": text})
    assert next(played, None) is None, "the page's match went on longer than the engine's"
    final: dict[str, Any] = answer["view"]
    assert final["scores"] == json.loads(data["scores"])
    assert str(final["winner"]) == data["winner"]
    assert len(final["rounds"]) == rounds_seen + 1
    assert max(final["scores"]) >= final["target"]
    return final


@pytest.mark.every_browser
def test_whole_match_by_clicking_shows_the_engines_score(page: Page, watch: Any, site_url: str,
                                                         wait_ready: Ready) -> None:
    """The whole match to 21, in every browser (two rounds on MATCH_SEED: a next round and a
    match end; see the README's "Browsers")."""
    page.goto(f"{site_url}?seed={MATCH_SEED}&delay=0")
    wait_ready(page)
    app = page.locator("#app")

    def next_round() -> None:
        sheet = page.locator(".score-sheet")
        expect(sheet).to_be_visible()
        expect(sheet.locator("tr[data-category]")).to_have_count(8)
        # "Last deal" is for the deal in play (play-test 7: it stayed up after the match).
        expect(page.locator(".last-deal-badge")).to_have_count(0)
        page.locator("[data-action=next-round]").click()

    def play(move: dict[str, Any], data: dict[str, str]) -> None:
        if data["lastDeal"] == "true":
            expect(page.locator(".last-deal-badge")).to_be_visible()
        play_by_clicking(page, move)

    data, turns, rounds_seen = play_random_match(lambda: settle(page),
                                                 lambda: page.evaluate(OFFERED), play,
                                                 next_round, MATCH_SEED)

    # The page's end of the match: final score, the same figures everywhere.
    scores = json.loads(data["scores"])
    for side, score in enumerate(scores):
        expect(page.locator(f".scoreboard .score[data-side='{side}']")).to_contain_text(str(score))
        expect(page.locator(f"tr.match td[data-side='{side}']")).to_have_text(str(score))
    expect(page.locator(".verdict")).to_be_visible()
    expect(page.locator("[data-action=new-match]")).to_be_visible()
    expect(page.locator(".last-deal-badge")).to_have_count(0)
    assert app.get_attribute("data-seed") == str(MATCH_SEED)

    # The engine, in CPython, replaying the same match: same offers, same end.
    replay_in_engine({"seed": MATCH_SEED}, turns, data, rounds_seen)


def test_bad_seed_in_the_address_is_reported(page: Page, watch: Any, site_url: str,
                                             wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed=seven")
    wait_ready(page)
    error = page.locator(".messages .error[data-code=bad_seed]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("seven")
    # The game starts anyway, with a random deal, and says so.
    expect(error).to_contain_text("random deal")
    data = settle(page)
    assert data["phase"] == "play"
    expect(page.locator(".hand-cards button")).to_have_count(4)


@pytest.mark.parametrize("query", ["delay=xyz", "delay=100000", "movelist=-1"])
def test_other_bad_address_values_are_reported_and_play_goes_on(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, query: str) -> None:
    page.goto(f"{site_url}?seed={SEED}&{query}")
    wait_ready(page)
    expect(page.locator(".messages .error")).to_contain_text(query.split("=")[1])
    assert settle(page)["phase"] == "play"


@pytest.mark.every_browser
def test_page_answers_while_the_computer_moves(page: Page, watch: Any, site_url: str,
                                               wait_ready: Ready) -> None:
    """The engine runs in a Web Worker: while the computer works out its move and shows it,
    the page keeps running and answers the player; then the move arrives and the turn comes
    back. (``delay=3000`` keeps the computer's move on show long enough to click, also on a
    loaded CI machine, where 1.5 s once ran out before the key was pressed.)"""
    page.goto(f"{site_url}?seed={SEED}&delay=3000")
    wait_ready(page)
    settle(page)
    backs = page.locator(".opponents .card.back")
    computer_cards = backs.count()
    assert computer_cards == 4
    # A timer on the page's main thread: it ticks only while the page is not frozen.
    page.evaluate("window.__ticks = 0; window.__timer = setInterval(() => window.__ticks++, 50)")
    offered = page.evaluate(OFFERED)
    play_by_clicking(page, sorted(offered, key=lambda m: m["text"])[0])

    # The computer's turn: the page is busy with it, yet a click is answered at once.
    page.wait_for_function("""() => { const d = document.getElementById("app").dataset;
                                      return d.turn !== d.seat && d.busy === "1"; }""")
    # (From the keyboard: off turn the cards are aria-disabled, which Playwright's click takes
    # as not clickable; the page still answers them, and that answer is what is tested.)
    page.locator(".hand-cards button").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hint")).to_have_text("Wait for your turn.")

    data = settle(page)
    ticks = page.evaluate("clearInterval(window.__timer), window.__ticks")
    assert data["turn"] == data["seat"], "the turn did not come back to the player"
    expect(backs).to_have_count(computer_cards - 1)
    expect(page.locator("#announcer")).to_contain_text("Computer")
    # At least 3 s passed (the move on show): a live page ticked about 60 times.
    assert ticks >= 10, f"the page's timer ticked only {ticks} times: the page froze"


def test_new_game_waits_while_the_computer_moves(page: Page, watch: Any, site_url: str,
                                                 wait_ready: Ready) -> None:
    """Asking for a new game while the computer's move is on show must not leave the page
    drawing the old game over the new one (a race found by hand)."""
    page.goto(f"{site_url}?seed={SEED}&delay=1500")
    wait_ready(page)
    settle(page)
    offered = page.evaluate(OFFERED)
    trail = next((m for m in offered if m["kind"] == "trail"), offered[0])
    play_by_clicking(page, trail)
    # Mid-move (the computer's answer is on show for 1.5 s), the player asks for a new game and
    # answers the "abandon this match?" question at once: the new-game screen opens and Start
    # waits for the engine.
    page.wait_for_function("document.getElementById('app').dataset.busy === '1'")
    page.locator("[data-action=new-game]").click()
    page.locator("[data-action=new-game-yes]").click()
    dialog = page.locator("dialog[data-dialog=new-game]")
    expect(dialog).to_be_visible()
    dialog.locator("[data-action=start-game]").click()
    expect(dialog).to_be_hidden()
    data = settle(page)
    assert data["seed"] != str(SEED), "the old deal is still on the table"
    hand = page.locator(".hand-cards button").evaluate_all("bs => bs.map((b) => b.dataset.card)")
    # The page and the engine agree: a move from the shown hand is accepted.
    offered = page.evaluate(OFFERED)
    assert offered and all(m["card"] in hand for m in offered)
    play_by_clicking(page, sorted(offered, key=lambda m: m["text"])[0])
    settle(page)
    assert not page.locator(".messages .error").count()
    assert data["phase"] == "play"


def test_undo_takes_back_the_players_move(page: Page, watch: Any, site_url: str,
                                          wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    hand_before = page.locator(".hand-cards button").evaluate_all(
        "bs => bs.map((b) => b.dataset.card)")
    offered = page.evaluate(OFFERED)
    play_by_clicking(page, sorted(offered, key=lambda m: m["text"])[0])
    settle(page)
    expect(page.locator(".hand-cards button")).to_have_count(len(hand_before) - 1)
    page.locator("[data-action=undo]").click()
    settle(page)
    hand_after = page.locator(".hand-cards button").evaluate_all(
        "bs => bs.map((b) => b.dataset.card)")
    assert hand_after == hand_before


def test_engine_error_is_shown_and_the_game_stays(page: Page, watch: Any, site_url: str,
                                                  wait_ready: Ready) -> None:
    page.goto(f"{site_url}?seed={SEED}&delay=0")
    wait_ready(page)
    settle(page)
    hand = page.locator(".hand-cards button").evaluate_all("bs => bs.map((b) => b.dataset.card)")
    missing = next(c for c in ("KS", "KH", "KD", "KC", "QS") if c not in hand)
    box = page.locator("input[name=move]")
    box.fill(f"{missing} t")  # a card the player does not hold: the engine refuses it
    box.press("Enter")
    error = page.locator(".messages .error")
    expect(error).to_be_visible()
    # The page shows the card as its face reads (K♠), in its own words (ui.refusals).
    expect(error).to_contain_text(missing[0] + SUIT_SIGN[missing[1]])
    data = settle(page)
    assert data["turn"] == "0" and data["phase"] == "play"
    after = page.locator(".hand-cards button").evaluate_all("bs => bs.map((b) => b.dataset.card)")
    assert after == hand
