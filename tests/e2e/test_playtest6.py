"""What play-test 6 (issue 15) found on a Russian and Ukrainian phone (360x640, touch) and with
the keyboard at 1280x800 (English): each finding as a concrete position and what the page must
show there. The positions come from the engine (same seed, same rules); the page decides no rule.
Fixtures are in conftest.py.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Locator, Page, expect

from cassino_core.api import Session
from tests.e2e.conftest import menu_item, permuted
from tests.e2e.test_match import Ready, api, settle

# Classic, seed 34, the player first: 6♦ on 3♦ 3♥ may capture them or build sixes, and the page
# asks which (the engine lists both moves for that card and take).
CHOICE_SEED = 34

# Every box of the player's own seat and its hand: the "in hand / taken" line, each hand card,
# and whether two of them overlap (CSS px, element boxes as drawn, transforms included).
OVERLAPS = """() => {
  const seat = document.querySelector(".seat.me");
  const line = seat.querySelector(".captured").getBoundingClientRect();
  const cards = [...seat.querySelectorAll(".hand-cards button")];
  const meet = (a, b) => a.top < b.bottom - 0.01 && b.top < a.bottom - 0.01
    && a.left < b.right - 0.01 && b.left < a.right - 0.01;
  const out = [];
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    if (meet(box, line)) {
      out.push(`${card.dataset.card} at ${box.top.toFixed(1)}, the line ends ${line.bottom}`);
    }
  }
  const last = seat.querySelector(".last-move");
  if (last && last.getClientRects().length) {
    const below = last.getBoundingClientRect();
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (meet(box, below)) out.push(`${card.dataset.card} over the last-move line`);
    }
  }
  return {overlaps: out, choices: document.querySelectorAll(".choices .choice").length};
}"""


@permuted("lang", ["ru", "uk"])
def test_a_choice_of_moves_leaves_the_hand_clear_of_the_taken_line_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 6, 360x640: with 6♦ chosen and 3♦ 3♥ taken (capture, or build sixes: the page
    asks which), the chosen card rose 6 px out of the hand's 3 px padding and reached 1-3 px
    over the "на руке / Взято" ("на руці / Взято") line above it. No hand card's box may
    meet that line's box, nor the last-move line's, chosen or not."""
    moves = api({"op": "new_game", "rules": "classic", "seed": CHOICE_SEED,
                 "seats": ["human", "computer"]})["view"]["legal_moves"]
    both = [m for m in moves if m["card"] == "6D" and sorted(m.get("take") or []) == ["3D", "3H"]]
    assert len(both) == 2, both
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed={CHOICE_SEED}&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    page.locator(".hand-cards [data-card='6D']").click()
    assert page.evaluate(OVERLAPS)["overlaps"] == []
    page.locator(".felt [data-card='3D']").first.click()
    page.locator(".felt [data-card='3H']").first.click()
    expect(page.locator(".choices .choice")).to_have_count(2)
    seen = page.evaluate(OVERLAPS)
    assert seen["overlaps"] == [], seen
    page.locator(".choices .choice").first.click()
    assert page.evaluate(OVERLAPS)["overlaps"] == []


# Classic with compulsory capture, seed 5, the player first: 6♥ can take 4♥ 2♣ (or build on
# them), so the engine refuses its trail ("must_capture").
REFUSED_SEED = 5
COMPULSORY = {"capture_compulsory": True}


def test_t_on_a_card_that_may_not_trail_says_why_once(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 6, the keyboard at 1280x800: with 6♥ chosen, T (trail) is refused because the
    card can capture (rules capture_compulsory [BRIT], the engine's trail_refusals). The
    sentence was shown twice, under the Trail button and again as the line under the buttons:
    it is shown once, and still read out."""
    view = api({"op": "new_game", "rules": "classic", "overrides": COMPULSORY,
                "seed": REFUSED_SEED, "seats": ["human", "computer"]})["view"]
    assert view["turn"] == 0 and view["trail_refusals"]["6H"] == "must_capture"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}?seed={REFUSED_SEED}&rules={quote(json.dumps(COMPULSORY))}"
              "&delay=0&level=beginner&lang=en")
    wait_ready(page)
    settle(page)
    card = page.locator(".hand-cards [data-card='6H']")
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_class(re.compile(r"\bselected\b"))
    page.keyboard.press("t")
    sentence = "This card can capture, so it may not be trailed."
    expect(page.locator("#trail-why")).to_have_text(sentence)
    expect(page.locator("#announcer")).to_contain_text(sentence)
    shown = page.locator(".actions").inner_text()
    assert shown.count(sentence) == 1, shown
    expect(page.locator("[data-action=trail]")).to_be_disabled()


@permuted("lang", ["ru", "uk", "en"])
def test_the_move_log_leads_with_words_and_keeps_the_notation_after_them(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 6: the move log (key M) began each line with the notation ("KH t b6 3H 3D
    — ..."), cryptic to a new player. Each line now begins with the words, and the notation
    follows in a smaller span after them (still there for those who type moves)."""
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    page.locator(".hand-cards button").first.click()
    page.locator("[data-action=trail]").click()
    page.locator("[data-action=confirm]").click()
    settle(page)
    page.locator("#app").press("m")
    log = page.locator("dialog[data-dialog=move-log]")
    expect(log).to_have_attribute("data-state", "ready")
    first = log.locator("li[data-log-move]").first
    notation = first.get_attribute("data-log-move") or ""
    assert notation.endswith(" t"), notation
    line = first.inner_text().strip()
    assert not line.startswith(notation), line
    assert line.endswith(notation), line
    sizes = first.evaluate("""(li) => {
      const words = li.querySelector(".move-log-words"), code = li.querySelector(".move-log-text");
      const size = (e) => parseFloat(getComputedStyle(e).fontSize);
      return {words: size(words), code: size(code),
              after: words.getBoundingClientRect().left < code.getBoundingClientRect().left,
              title: code.title};
    }""")
    assert sizes["after"] and sizes["code"] < sizes["words"], sizes
    assert sizes["title"], sizes


# Classic as a one-round game, seed 168, the computer at Beginner and the player's moves drawn
# from random.Random(TIE_SEED * 100 + cards in hand): the round ends 6:6 (11 points and one
# sweep), and the engine plays another round (tie_break another_round [PAG §13][S004]).
TIE_SEED = 168
ONE_DEAL = {"game_end": "one_deal"}


def tied_one_deal_moves(overrides: dict[str, Any] | None = None) -> list[str]:
    """The player's moves of that round, from the same match in CPython (under ``overrides``,
    the one-round game's by default); checks it ends 6:6 and that the engine's view says why it
    goes on (play_on "tie")."""
    overrides = ONE_DEAL if overrides is None else overrides
    session = Session()

    def call(request: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
        assert "error" not in answer, (request, answer)
        return answer

    call({"op": "new_game", "rules": "classic", "overrides": overrides, "seed": TIE_SEED,
          "seats": ["human", "computer"], "levels": [None, "beginner"]})
    moves = []
    while (view := session.view_json())["phase"] == "play":
        if view["turn"] == 0:
            rng = random.Random(TIE_SEED * 100 + len(view["hand"]))
            moves.append(rng.choice(view["legal_moves"])["text"])
            call({"op": "play", "seat": 0, "move": moves[-1]})
        else:
            call({"op": "computer_move"})
    assert view["phase"] == "round_over" and view["scores"] == [6, 6], view["scores"]
    assert view["play_on"] == "tie"
    return moves


# The sheet's sentence for a tie (the engine's play_on "tie"), in the page's words.
LEVEL_SAID = {"en": "The scores are level, so another round is played.",
              "ru": "Счёт равный, поэтому играется ещё один раунд."}


def play_the_tied_round(page: Page, site_url: str, wait_ready: Ready, rules: dict[str, Any],
                        lang: str) -> Locator:
    """Open TIE_SEED under ``rules`` in ``lang``, type the first round's moves that tie it
    (:func:`tied_one_deal_moves`) into the move box and answer the round's score sheet."""
    moves = tied_one_deal_moves(rules)
    page.goto(f"{site_url}?seed={TIE_SEED}&rules={quote(json.dumps(rules))}"
              f"&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    box = page.locator("input[data-key=move-box]")
    for move in moves:
        assert settle(page)["phase"] == "play"
        box.fill(move)
        box.press("Enter")
    settle(page)
    sheet = page.locator(".score-sheet")
    expect(sheet).to_have_attribute("data-phase", "round_over")
    return sheet


@permuted("lang", ["ru", "en"])
def test_a_tied_one_round_game_says_why_a_second_round_is_played(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 6: a one-round game ended 6:6 and round 2 began without a word. The score
    sheet (and what is read out) says the leaders are level so another round is played, from
    the engine's view (play_on), the page deciding nothing."""
    sheet = play_the_tied_round(page, site_url, wait_ready, ONE_DEAL, lang)
    said = LEVEL_SAID[lang]
    expect(sheet.locator("[data-play-on=tie]")).to_have_text(said)
    expect(page.locator("#announcer")).to_contain_text(said)


@pytest.mark.parametrize(("lang", "rules", "says", "not_says"), [
    ("ru", {"game_end": "one_deal"}, "После одного раунда", "21"),
    ("uk", {"game_end": "one_deal"}, "Після одного раунду", "21"),
    ("en", {"target": 31, "tie_break": "cards_then_spades"},
     "until someone has 31 points or more", "21"),
    ("ru", {"target": 11}, "не наберёт 11 очков или больше", "21"),
    ("ru", {}, "не наберёт 21 очко или больше", "31"),
])
def test_the_rules_page_states_the_win_condition_the_rules_set(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str,
        rules: dict[str, Any], says: str, not_says: str) -> None:
    """Play-test 6: in a one-round game (Rules.game_end "one_deal" [DICK67][S002]) the rules
    page's "Победа в партии" / "Перемога в партії" still said the match is played to 21. The
    section is worded from the rules in force: a fixed length says when the match ends, a
    target names its number (declined: "21 очко", "11 очков"), the tie rule is the one set."""
    page.goto(f"{site_url}?seed=3&delay=0&level=beginner&lang={lang}"
              f"&rules={quote(json.dumps(rules))}")
    wait_ready(page)
    settle(page)
    menu_item(page, "rules").click()
    section = page.locator("dialog[data-dialog=rules] .rules-section[data-section=winning]")
    expect(section).to_have_count(1)
    expect(section).to_contain_text(says)
    assert not_says not in section.inner_text()


# Records, at every frame, the table box's height and whether the computer is thinking or its
# move is on show (the page's data-thinking and the .flash items), until stopped.
WATCH_FELT = """() => {
  window.__felt = [];
  const app = document.getElementById("app");
  const look = () => {
    const felt = document.querySelector(".felt");
    const tall = (sel) => {
      const e = document.querySelector(sel);
      return e ? Math.round(e.getBoundingClientRect().height) : null;
    };
    if (felt) window.__felt.push({h: felt.getBoundingClientRect().height,
                                  thinking: app.dataset.thinking === "1",
                                  parts: [".opponents", ".seat.me", ".actions"].map(tall),
                                  preview: document.querySelector(".preview")?.textContent});
    if (!window.__feltStop) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


@permuted("lang", ["ru", "uk"])
def test_the_table_box_keeps_its_height_while_the_computer_thinks_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 6, 360x640: while the computer thought, its panel grew to 3-4 lines ("ходит",
    "Компьютер думает...") and the table's box under it shrank (210 to 108-137 px), cutting
    off the card just played. The box keeps the height it had on the player's turn at every
    frame of the computer's turn: thinking, and its move on show."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed=7&level=expert&think=1500&delay=600&lang={lang}")
    wait_ready(page)
    settle(page)
    page.locator(".hand-cards button").first.click()
    page.locator("[data-action=trail]").click()
    before = page.locator(".felt").bounding_box()
    assert before is not None
    page.evaluate(WATCH_FELT)
    page.locator("[data-action=confirm]").click()
    settle(page)
    frames = page.evaluate("() => { window.__feltStop = true; return window.__felt; }")
    assert any(f["thinking"] for f in frames), "no frame while the computer thought"
    heights = sorted({round(f["h"]) for f in frames})
    seen = sorted({(round(f["h"]), f["thinking"], tuple(f["parts"]), (f["preview"] or "")[:50])
                   for f in frames})  # the box, and the opponents', own seat's, actions' heights
    assert all(abs(h - before["height"]) <= 1 for h in heights), (before["height"], seen)


# The opponent's status text: for each character, whether its box is wholly inside the status
# element's box (shown), wholly outside it (hidden), or across its edge (cut mid-letter).
STATUS_CUT = """() => {
  const status = document.querySelector(".opponents .seat-status");
  const box = status.getBoundingClientRect();
  const text = [...status.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
  const out = {text: status.textContent, width: box.width, shown: "", cut: []};
  if (!text) return out;
  const range = document.createRange();
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const r = range.getBoundingClientRect();
    if (!r.width || !text.data[i].trim()) continue;
    const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    const outside = r.right <= box.left || r.left >= box.right || r.bottom <= box.top
      || r.top >= box.bottom;
    if (inside) out.shown += text.data[i];
    else if (!outside) out.cut.push(text.data[i]);
  }
  return out;
}"""


def play_first_card_until_the_computers_move_shows(page: Page) -> None:
    """On a Russian page whose computer's move stays on show (a long ``delay``): the player's
    first hand card is trailed, or makes its first offered capture, and the computer's
    answer is on show (its status names it)."""
    page.locator(".hand-cards button").first.click()
    trail = page.locator("[data-action=trail]")
    if trail.get_attribute("aria-disabled") != "true":
        trail.click()
    else:  # the first card must capture: its first offered move
        page.locator(".table-items button[aria-disabled='false']").first.click()
    page.locator("[data-action=confirm]").click()
    status = page.locator(".opponents .seat-status")
    expect(status).to_contain_text("Компьютер: ", timeout=20_000)


@pytest.mark.parametrize("seed", [11, 3])
def test_the_opponents_status_is_cut_at_a_word_never_mid_letter_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, seed: int) -> None:
    """Play-test 7, 360x640, Russian: with the computer's level and dealer chips on its name's
    line, its move on show ("Компьютер: постройка до 9 — 7♣ на 2♦", seed 11) had 3 px left and
    showed as a gold sliver after the chips (the status cut with an ellipsis inside a letter).
    Each character of the status is now either wholly shown or wholly hidden: what is shown
    is whole words from its start, or nothing (the actions' line says the move in full)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?seed={seed}&delay=8000&lang=ru")
    wait_ready(page)
    settle(page)
    play_first_card_until_the_computers_move_shows(page)
    seen = page.evaluate(STATUS_CUT)
    assert not seen["cut"], seen
    words = seen["text"].split()
    shown = seen["shown"].replace(" ", "")
    assert any(shown == "".join(words[:k]) for k in range(len(words) + 1)), seen


# The same seed and moves in a match to 6 (the target's rule): round 1 ends 6:6, both at the
# target with equal totals, so another round is played [PAG §13][S004] (D14).
TO_SIX = {"target": 6}


@permuted("lang", ["ru", "en"])
def test_a_match_tied_at_the_target_says_why_beside_the_next_round_button(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 9: after round 4 of a match to 21 both players had 23, and the sheet, read to
    its end on a phone, showed the totals and "Next round" with no word why. The sentence from
    the engine's view (play_on "tie") stands right above the button, so it is in sight with it
    at 360x640 (above the table it was scrolled away)."""
    sheet = play_the_tied_round(page, site_url, wait_ready, TO_SIX, lang)
    # Read on a phone (the move box, which plays the moves, is for wider screens).
    page.set_viewport_size({"width": 360, "height": 640})
    expect(sheet.locator("tr[data-category=match] td")).to_have_text(["6", "6"])
    said = LEVEL_SAID[lang]
    play_on = sheet.locator("[data-play-on=tie]")
    expect(play_on).to_have_text(said)
    # Right before the button's row, and in sight when the button is.
    assert play_on.evaluate("(p) => p.nextElementSibling.classList.contains('sheet-actions')")
    page.locator("[data-action=next-round]").scroll_into_view_if_needed()
    expect(play_on).to_be_in_viewport()
