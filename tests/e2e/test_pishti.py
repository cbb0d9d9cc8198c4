"""Pishti's page (the fishing page, web/scopa/app.js, with Pishti's pile: web/pishti/table.js),
played in the browser; fixtures are in conftest.py. Rules source: docs/pishti.md and
/work/shared/FAMILY.md §5.1 (Pishti), §5.2 (Xeri), §5.3 (Basra), as played by
cassino_core.pishti.

The tests read only what the page offers: the hand's buttons, the pile, the score sheet and the
``data-`` attributes on ``<main id="app">``. Beside the page the same match runs in CPython
through ``cassino_core.pishti.api.PishtiSession`` (test_scopa.py's Mirror: same seed, level
and target, so the computer makes the same moves): on every turn the page must offer exactly
the engine's legal moves and show the engine's pile, and after every round the engine's points.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import permuted
from tests.e2e.test_declension import LISTEN, card
from tests.e2e.test_layout import assert_fits
from tests.e2e.test_scopa import (
    HAND,
    STILL,
    Mirror,
    Ready,
    check_counted,
    check_resumed,
    check_stats_row,
    check_undo,
    check_winner,
    open_rules,
    open_with_a_wrong_variant,
    play_match,
    saved_game,
    settle,
    start_short_match,
)
from tests.e2e.test_scopa import play_turn as scopa_turn

PISHTI_SAVE_KEY = "cassino.saved-pishti"  # web/scopa/saved.js saveKey("pishti")
SHOTS = Path("/tmp/shots-pishti")
# The pile's top card, its count and the face-down starters under it, as drawn.
PILE = """() => {
  const top = document.querySelector(".pishti-stack .pishti-top:not(.played)");
  const count = document.querySelector(".pishti-count");
  return {top: top ? top.dataset.card : null, count: count ? Number(count.dataset.count) : 0,
          hidden: document.querySelectorAll(".pishti-stack .pishti-hidden .card.back").length};
}"""


def check_pile(page: Page, view: dict[str, Any]) -> None:
    """Only the pile's top card is face up, the count under it is every card in it, and the
    face-down starters are drawn as backs [docs/pishti.md "Pishti's deal", "What a seat sees"]."""
    pile = page.evaluate(PILE)
    table = view["table"]
    assert pile["top"] == (table[-1] if table else None)
    assert pile["count"] == len(table) + view["hidden"]
    assert pile["hidden"] == view["hidden"]


def check_sheet(page: Page, view: dict[str, Any], bonus: str = "pisti") -> None:
    """The sheet after a round: card points, the 3 for most cards and the pişti bonuses of the
    engine's last round [docs/pishti.md "Score per round"], the round's and match points.
    A round that splits its card points (Tablić's `card_point_parts`) has a row per kind;
    `bonus` names the bonuses' row (Tablić's "tablas")."""
    sheet = page.locator(".scopa-sheet")
    expect(sheet).to_be_visible()
    last = view["rounds"][-1]
    most = last["most_cards"]
    parts = last.get("card_point_parts") or [{"name": "card_points",
                                               "points": last["card_points"]}]
    for side in range(view["sides"]):
        cell = f"td[data-side='{side}']"
        for part in parts:
            expect(sheet.locator(f"tr[data-category={part['name']}] {cell}")
                   ).to_have_attribute("data-points", str(part["points"][side]))
        expect(sheet.locator(f"tr[data-category={bonus}] {cell}")
               ).to_have_attribute("data-points", str(last["bonuses"][side]))
        won = last["points"][side] - last["card_points"][side] - last["bonuses"][side]
        expect(sheet.locator(f"tr[data-category=cards] {cell}")
               ).to_have_attribute("data-points", str(won if most == side else 0))
        expect(sheet.locator(f"tr[data-category=total] {cell}")
               ).to_have_text(str(last["points"][side]))
        expect(sheet.locator(f"tr[data-category=match] {cell}")
               ).to_have_text(str(view["scores"][side]))


def play_turn(page: Page, mirror: Mirror, data: dict[str, str], pick: int = 0) -> str:
    """One human turn (test_scopa.py's: the page offers exactly the engine's moves, one per
    card here: a card on the pile takes it or goes on top, as the engine says), after the pile
    is checked. Returns the move's text."""
    check_pile(page, mirror.view)
    return scopa_turn(page, mirror, data, pick)


@pytest.mark.every_browser
def test_pishti_whole_match_to_a_short_target(page: Page, watch: Any, site_url: str,
                                              wait_ready: Ready) -> None:
    """A whole two-player Pishti match against the computer, by tapping cards at 360x640,
    to a target of 15 set in the address (the engine's `target` override; one round on this
    seed): every turn offers the engine's moves and shows its pile, the match's sheet its
    points, and the match ends with the engine's winner [docs/pishti.md "Match"]. In every
    browser."""
    target = 15
    mirror = start_short_match(page, site_url, wait_ready, "pishti", 3, target)
    # The card played varies with the turn, so that both takes and plays onto the pile happen.
    data, turns, _, takes = play_match(page, mirror, play_turn, check_sheet)
    view = mirror.view
    check_winner(page, data, view, target)
    assert turns >= 24 and takes >= 1, (turns, takes)
    expect(page.locator("[data-action=new-match]")).to_be_focused()
    # Not resumed on the next visit; counted once in the statistics, in a row of its own
    # (Pishti, the target changed), with the human's piştis as its sweeps.
    check_counted(page, "pishti", view)
    check_stats_row(page, "pishti", "pishti", "Pishti")


@pytest.mark.every_browser
def test_a_pishti_game_resumes_after_reload(page: Page, watch: Any, site_url: str,
                                            wait_ready: Ready) -> None:
    """After two moves a reload shows the same hand, pile and score; the game is saved under
    Pishti's own key and leaves the other games' saves alone."""
    page.goto(f"{site_url}?game=pishti&seed=7&delay=0&level=beginner")
    wait_ready(page)
    page.evaluate("localStorage.setItem('cassino.saved-scopa', 'kept as it was')")
    mirror = Mirror(7, "pishti", "pishti")
    for _ in range(2):
        play_turn(page, mirror, settle(page))
    data = settle(page)
    saved_game(page, PISHTI_SAVE_KEY, "pishti")
    assert page.evaluate("localStorage.getItem('cassino.saved-scopa')") == "kept as it was"
    hand = [c["card"] for c in page.evaluate(HAND)]
    assert hand == mirror.view["hand"]
    check_resumed(page, wait_ready, data, hand)
    check_pile(page, mirror.view)


def test_a_wrong_variant_is_reported_in_russian(page: Page, watch: Any, site_url: str,
                                                wait_ready: Ready) -> None:
    """`variant=` naming no Pishti preset is said in the page's language, and the usual Pishti
    is dealt; the page, its pile and its rules are in Russian."""
    error = open_with_a_wrong_variant(page, site_url, wait_ready, "pishti")
    assert "указан вариант «nonesuch», которого нет в пишти" in error
    expect(page.locator("#app h1")).to_have_text("Пишти")
    expect(page.locator(".pishti-felt .trick-title")).to_have_text("Стопка")
    expect(page.locator(".scopa-actions .preview")).to_have_text("Ваш ход: сыграйте карту.")
    rules = open_rules(page)
    expect(rules).to_contain_text("Пишти")
    expect(rules).to_contain_text("валет на одинокого валета — 20")


def check_hint(page: Page, mirror: Mirror) -> None:
    """H asks the engine's hint: one of the legal moves, rung in the hand, with every reason
    code in words (none left to the general sentence "the computer rates it best")."""
    legal = {m["text"] for m in mirror.view["legal_moves"]}
    page.keyboard.press("h")
    hint = page.locator(".scopa-hint[data-hint]")
    expect(hint).to_have_attribute("data-hint", re.compile(r"\S"))
    assert hint.get_attribute("data-hint") in legal
    expect(hint.locator("li").first).to_be_visible()
    assert "rates it best" not in (hint.text_content() or "")
    expect(page.locator(".scopa-hand-cards button.hinted")).to_have_count(1)


def test_undo_and_the_hint_with_its_reasons(page: Page, watch: Any, site_url: str,
                                            wait_ready: Ready) -> None:
    """H asks the engine's hint: one of the legal moves, rung in the hand, with its reasons
    in words [docs/pishti.md "Computer players", hint reason codes]; U takes back the player's
    move and the computer's answer."""
    page.goto(f"{site_url}?game=pishti&seed=3&delay=0&level=beginner")
    wait_ready(page)
    before = settle(page)
    mirror = Mirror(3, "pishti", "pishti")
    check_hint(page, mirror)
    check_undo(page, mirror, before)


def test_a_card_is_played_by_keyboard(page: Page, watch: Any, site_url: str,
                                      wait_ready: Ready) -> None:
    """Tab reaches the hand, the arrows move along it and Enter plays the card in focus."""
    page.goto(f"{site_url}?game=pishti&seed=3&delay=0&level=beginner")
    wait_ready(page)
    before = settle(page)
    mirror = Mirror(3, "pishti", "pishti")
    first = mirror.view["hand"][0]
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.card || ''"):
            break
    assert page.evaluate("document.activeElement.dataset.card") == first
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    assert second == mirror.view["hand"][1]
    page.keyboard.press("Enter")
    move = next(m for m in mirror.view["legal_moves"] if m["card"] == second)
    mirror.play(move["text"])
    after = settle(page)
    assert after["table"] != before["table"] or after["stock"] != before["stock"]
    assert after["table"] == " ".join(mirror.view["table"])


def start_from_the_game_list(page: Page, site_url: str, wait_ready: Ready, game: str,
                             presets: list[str], variant: str) -> dict[str, str]:
    """Cassino's new-game screen: `game` picked from its game list opens that game's screen
    with exactly `presets` offered; `variant` picked and Start pressed deals it. Answers the
    page's data once settled."""
    page.goto(f"{site_url}?delay=0")
    wait_ready(page)
    cassino = page.locator("dialog[data-dialog=new-game]")
    expect(cassino).to_be_visible()
    cassino.locator(f"label[for=ng-game-{game}]").click()
    screen = page.locator("dialog[data-dialog=scopa-new-game]")
    expect(screen).to_be_visible()
    expect(screen.locator(f"input[name=game][value={game}]")).to_be_checked()
    offered = screen.locator("input[name=variant]").evaluate_all("(is) => is.map((i) => i.value)")
    assert offered == presets
    screen.locator(f"label[for=sng-variant-{variant}]").click()
    screen.locator("[data-action=start-game]").click()
    return settle(page)


def test_pishti_is_on_the_new_game_screens_game_list(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready) -> None:
    """Cassino's new-game screen lists Pishti; picking it opens Pishti's screen with its
    presets (docs/pishti.md "Presets"), and Start deals Xeri."""
    presets = ["pishti", "pishti_three", "pishti_four", "xeri", "basra", "basra_four"]
    data = start_from_the_game_list(page, site_url, wait_ready, "pishti", presets, "xeri")
    assert (data["game"], data["variant"], data["target"]) == ("pishti", "xeri", "101")
    # Xeri deals six cards each and starts the pile with four face up: none face down.
    expect(page.locator(".scopa-hand-cards button")).to_have_count(6)
    expect(page.locator(".pishti-stack .pishti-hidden")).to_have_count(0)


@pytest.mark.parametrize("variant", ["pishti", "basra"])
def test_the_table_hand_and_actions_fit_a_phone(page: Page, watch: Any, site_url: str,
                                                wait_ready: Ready, variant: str) -> None:
    """At 360x640 the pile (or Basra's floor), the hand and the actions are in the window
    without scrolling, and nothing covers a hand card (test_layout.py's elementFromPoint
    check), at the start and after a move; with a hint open the page scrolls the whole hint
    into view and the table shows all it holds (a play-test found the empty pile's words and
    the stock's bottom card scrolled out of a 108 px table)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=pishti&variant={variant}&seed=5&delay=0&level=beginner")
    wait_ready(page)
    settle(page)
    page.wait_for_function(STILL)
    hand = ".scopa-hand-cards button.hand-card"
    table = ".pishti-pile-row" if variant == "pishti" else ".scopa-felt"
    # Basra's cards lie side by side on Scopa's table [docs/pishti.md "Basra's floor"].
    title = "Pile" if variant == "pishti" else "Table"
    expect(page.locator(".scopa-felt .trick-title")).to_have_text(title)
    areas = [".scopa-others", table, ".scopa-hand", ".scopa-actions .preview",
             ".scopa-actions [data-action=hint]", "#app [data-action=undo]"]
    assert_fits(page, hand, areas, "at the start")
    page.keyboard.press("h")
    page.locator(".scopa-hint").wait_for()
    settle(page)
    # The hint is shown whole: the page grows under it and scrolls it into view (scopa.css), so
    # the other seat and the top bar may leave the window's top; the table keeps its height
    # (its whole content shown), and the page is one window again after the move. The turn's
    # prompt gives way to the hint meanwhile (its title says what to play: play-test 17).
    with_hint = [area for area in areas[1:-1] if area != ".scopa-actions .preview"]
    assert_fits(page, hand, with_hint, "with a hint", shown=(".scopa-hint",), scrolled=True)
    assert page.evaluate("""() => {
      const felt = document.querySelector(".scopa-felt");
      return felt.scrollHeight <= felt.clientHeight + 1;
    }"""), "the table scrolls inside itself with a hint open"
    page.locator(".scopa-hand-cards button[data-legal=true]").first.click()
    settle(page)
    page.wait_for_function(STILL)
    assert_fits(page, hand, areas, "after a move")


def play_the_tied_round(page: Page, site_url: str, wait_ready: Ready,
                        lang: str) -> tuple[dict[str, str], Mirror]:
    """Pishti to 5, seed 7, on a 360x640 page in ``lang``, the first legal card each turn
    (tests/engine/test_pishti_api.py): round 1, which ends 8:8. Answers the page's last state
    and the mirror."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=pishti&seed=7&delay=0&level=beginner&target=5&lang={lang}")
    wait_ready(page)
    mirror = Mirror(7, "pishti", "pishti", 5)
    while (data := settle(page))["phase"] == "play":
        play_turn(page, mirror, data)
    return data, mirror


@permuted("lang", ["ru", "en"])
def test_a_round_tied_at_the_target_says_why_another_is_played(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 9 on the fishing page: Pishti to 5, seed 7, the first legal card each turn
    (tests/engine/test_pishti_api.py): round 1 ends 8:8, both past the target, and the match
    goes on. The sheet says why from the engine's view (play_on "tie", Cassino's sentence),
    beside the "Next round" button."""
    data, mirror = play_the_tied_round(page, site_url, wait_ready, lang)
    assert data["phase"] == "round_over" and mirror.view["play_on"] == "tie"
    sheet = page.locator(".scopa-sheet")
    expect(sheet.locator("tr[data-category=match] td")).to_have_text(["8", "8"])
    said = {"en": "The scores are level, so another round is played.",
            "ru": "Счёт равный, поэтому играется ещё один раунд."}[lang]
    play_on = sheet.locator("[data-play-on=tie]")
    expect(play_on).to_have_text(said)
    page.locator("[data-action=next-round]").scroll_into_view_if_needed()
    expect(play_on).to_be_in_viewport()
    expect(page.locator("#announcer")).to_contain_text(said)


def test_the_players_own_move_stays_said_beside_the_computers_reply(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 10 (Russian, no delay): the computer answers within a moment and its move
    replaced the player's on the "Last move" line before it could be read. Pishti, seed 7: the
    player lays the 2♣ on the queen; once the computer has answered (its 4♥ on the pile), the
    felt says both moves, each naming its mover, the player's first; the live region says both
    in one message. Undo takes the player's line away with the move."""
    page.goto(f"{site_url}?game=pishti&seed=7&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    mirror = Mirror(7, "pishti", "pishti")
    expect(page.locator(".scopa-felt .scopa-mine")).to_have_count(0)
    page.evaluate(LISTEN)
    page.locator(".scopa-hand-cards button[data-card='2C']").click()
    mirror.play("2C t")
    settle(page)
    reply = mirror.view["last"]
    assert reply["seat"] == 1 and reply["move"]["text"] == "4H t"
    mine = page.locator(".scopa-felt .scopa-mine")
    expect(mine).to_have_attribute("data-mine", "2C t")
    expect(mine).to_have_text(f"Вы положили {card('ru', 'french', '2C', 'acc')} на стопку")
    last = page.locator(".scopa-felt .scopa-last")
    expect(last).to_have_text(f"Компьютер: {card('ru', 'french', '4H', 'nom')} на стопку")
    # The player's line comes first, above the reply.
    assert page.evaluate("""() => {
      const [a, b] = [".scopa-mine", ".scopa-last"].map((s) => document.querySelector(s));
      return a.getBoundingClientRect().bottom <= b.getBoundingClientRect().top + 1;
    }""")
    # The live region says the player's move and the reply as one message (the reply replaced
    # the player's words within 150 ms, before a screen reader had read them).
    said = page.evaluate("window.__said")
    both = (f"Вы положили {card('ru', 'french', '2C', 'acc')} на стопку. "
            f"Компьютер: {card('ru', 'french', '4H', 'nom')} на стопку.")
    assert any(s.strip() == both for s in said), said
    page.keyboard.press("u")
    page.wait_for_function("() => document.getElementById('app').dataset.table === 'QS'")
    expect(mine).to_have_count(0)


def test_a_jack_turned_up_at_the_start_leaves_two_cards_face_down(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 10 read "в стопке 5 карт, из них рубашкой вверх: 2" at a start where three
    face-down cards were expected. Seed 14 is such a start, and the label is right: of the
    four middle cards the top one turned up was the J♥, which stays face up, and the K♠
    under it was turned next [docs/pishti.md "Pishti's deal", pagat]; so two lie face down.
    The computer leads and lays the 2♣: the player finds five cards, two face down, the 2♣
    on top (the engine's view: hidden 2, face up J♥ K♠ 2♣)."""
    page.goto(f"{site_url}?game=pishti&seed=14&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    view = Mirror(14, "pishti", "pishti").view
    assert view["hidden"] == 2 and view["table"] == ["JH", "KS", "2C"]
    check_pile(page, view)
    expect(page.locator(".pishti-count")).to_have_text("в стопке 5 карт, из них рубашкой вверх: 2")


def test_the_pile_is_named_a_pile_in_the_hand_and_on_the_sheet(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 11 (Russian): Pishti's hand cards said they go "to the table" (and a jack
    listed the face-up cards it would take, not the pile with its face-down ones), an empty
    pile was "the table is empty" and the sheet gave "the last cards from the table". Seed 7
    to 5: every playable card says it goes on the pile or takes the pile; round 1's leftover
    is the pile's."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=pishti&seed=7&delay=0&level=beginner&target=5&lang=ru")
    wait_ready(page)
    settle(page)
    titles = page.locator(".scopa-hand-cards button[data-legal=true]").evaluate_all(
        "(bs) => bs.map((b) => b.title)")
    assert titles and set(titles) <= {"ложится на стопку", "забирает стопку"}, titles
    play_the_tied_round(page, site_url, wait_ready, "ru")
    expect(page.locator(".scopa-sheet .scopa-leftover")).to_contain_text(
        "Оставшиеся в стопке карты")
