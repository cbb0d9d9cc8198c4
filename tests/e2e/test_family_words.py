"""Play-test 13's findings on the fishing games' page (web/scopa/: Scopa, Escoba, Cirulla, Pishti,
Tablić), in Russian on a phone (360x640): the words of Tablić's choice of captures and its strip,
the Italian and Spanish courts by the players' words, the round sheet's words as Cassino's, the
Cirulla declaration told (its kind and points, from the engine's view), and an address's
`players` told rather than ignored. Helpers from tests/e2e/test_scopa.py (settle, Mirror...).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cassino_core.cirulla.rules import PRESETS as CIRULLA_PRESETS
from cassino_core.escoba.rules import PRESETS as ESCOBA_PRESETS
from cassino_core.pishti.rules import PRESETS as PISHTI_PRESETS
from cassino_core.scopa.rules import PRESETS as SCOPA_PRESETS
from cassino_core.tablic.rules import PRESETS as TABLIC_PRESETS
from tests.e2e.conftest import permuted
from tests.e2e.test_layout import CLIPPED_BY
from tests.e2e.test_scopa import STILL, Mirror, Ready, play_match, play_turn, settle

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path("/tmp/shots-familywords")


def words(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


# ---- 1. Tablić's choice of captures --------------------------------------------------------

# Every option of the open choice: its box, and whether the strip clips it.
OPTIONS = """() => {
  const strip = document.querySelector(".tablic-choice .scopa-choices");
  const box = strip.getBoundingClientRect();
  return {
    width: innerWidth,
    clipped: strip.scrollWidth > strip.clientWidth + 1,
    options: [...strip.querySelectorAll(".scopa-option")].map((b) => {
      const r = b.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom,
               inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 };
    }),
  };
}"""


def test_tablic_choice_is_said_where_it_is_and_every_option_is_whole_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 13: the prompt under the hand said the ways were "below" («выберите ниже»)
    while they lie above the hand, and the strip of ways ran past the right edge at 360 px
    (the fourth of five half hidden). Seed 3, the 7♠ (seven captures: six listed, laying it
    down and Back): the prompt says "above" in each language, the choice is above the prompt,
    and every option is whole in the window, none clipped by the strip."""
    for lang, word in (("en", "above"), ("ru", "выше"), ("uk", "вище")):
        assert word in words(lang)["tablic"]["chooseCapture"], lang
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=tablic&seed=3&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    page.locator(".scopa-hand-cards button[data-card='7S']").click()
    choice = page.locator(".tablic-choice")
    expect(choice).to_be_visible()
    prompt = page.locator(".scopa-actions .preview")
    page.wait_for_function(STILL)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "tablic-choice-ru.png"))
    choice_box, prompt_box = choice.bounding_box(), prompt.bounding_box()
    assert choice_box and prompt_box
    assert choice_box["y"] + choice_box["height"] <= prompt_box["y"] + 0.5
    got = page.evaluate(OPTIONS)
    assert len(got["options"]) >= 5, got
    assert not got["clipped"], got
    for option in got["options"]:
        assert option["inside"] and option["left"] >= 0 and option["right"] <= got["width"], got
    expect(prompt).to_contain_text("или выберите выше")
    # Each table card says what pressing it does: «Взять … дамой пик» when some way of the
    # queen (13) takes it, «Туза червей дамой пик не взять» when none does (play-test 18: a
    # card that could not be taken read «Взять…» too).
    choice.locator("[data-action=cancel-choice]").click()
    expect(choice).to_have_count(0)
    page.locator(".scopa-hand-cards button[data-card='QS']").click()
    expect(choice).to_be_visible()
    page.wait_for_function(STILL)
    labels = page.evaluate("""() => [...document.querySelectorAll(".tablic-pick")].map((b) => (
      {off: b.getAttribute("aria-disabled") === "true",
       text: b.querySelector(".sr-only").textContent.trim()}))""")
    assert any(x["off"] for x in labels) and any(not x["off"] for x in labels), labels
    for label in labels:
        if label["off"]:
            assert label["text"] == "Туза червей дамой пик не взять", label
        else:
            assert label["text"].startswith("Взять ") and "дамой пик" in label["text"], label



# The open choice of ways on a phone: the window's height, the page's scroll, the boxes of the
# prompt, the buttons under it, the hand's and the table's cards, and of every option (whether
# some box around it other than the choice itself cuts it), and the choice's own scrolling box.
CHOICE_IN_WINDOW = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom};
  };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  const choice = document.querySelector(".tablic-choice");
  return {
    height: innerHeight, scrollY, page: document.documentElement.scrollHeight,
    prompt: all(".scopa-actions .preview"), buttons: all(".scopa-actions .action-buttons button"),
    hand: all(".scopa-hand-cards .card"), choice: box(choice),
    options: [...choice.querySelectorAll(".scopa-option")].map((o) => ({...box(o),
      move: o.dataset.action,
      cut: (CLIPPED_BY)(o).filter((c) => !c.startsWith("div.scopa-ways")
                                         && !c.startsWith("section.scopa-choice"))})),
    table: [...document.querySelectorAll(".felt .scopa-table-cards .card")].map((c) => ({...box(c),
      cut: (CLIPPED_BY)(c)})),
  };
}""".replace("(CLIPPED_BY)", f"({CLIPPED_BY})")


def test_tablics_many_ways_leave_the_prompt_and_the_hand_in_the_window_on_a_phone(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test (Tablić in Russian, 360x640): a card with many ways (eight and more) laid
    them out in rows above the hand, and the prompt that says what to do («нажмите карты
    стола... или выберите выше») and the buttons fell under the window's edge (seed 58, the
    jack of spades laid down, then the jack of hearts: fifteen ways, a page of 705 px; the
    table's cards were wrapped into a sliver beside it too). The ways now scroll in a box of
    their own: unscrolled, the page is one window; the prompt, the buttons, the hand, every
    table card (whole in the table's box) and the first row of ways are in the window; every
    way lies whole inside the box's width, and the last of them comes into view by scrolling
    the box alone. Back lies outside that box, whole and in the same place before and after
    (stop 46's play-test: the whole choice scrolled, and Back went up with the first row)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=tablic&seed=58&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    page.locator(".scopa-actions [data-action=lay-down]").click()
    page.locator(".scopa-hand-cards button[data-card='JS']").click()
    settle(page)
    page.wait_for_function(STILL)
    hearts = page.locator(".scopa-hand-cards button[data-card='JH']")
    assert int(hearts.get_attribute("data-moves") or "0") >= 8
    hearts.click()
    choice = page.locator(".tablic-choice")
    expect(choice).to_be_visible()
    page.wait_for_function(STILL)
    page.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "tablic-many-ways-ru.png"))
    seen: dict[str, Any] = page.evaluate(CHOICE_IN_WINDOW)
    height = seen["height"]

    def inside(b: dict[str, float]) -> bool:
        return b["top"] >= -0.5 and b["bottom"] <= height + 0.5

    assert seen["scrollY"] == 0 and seen["page"] <= height, seen
    for part in ("prompt", "buttons", "hand"):
        assert seen[part] and all(inside(b) for b in seen[part]), (part, seen)
    assert seen["table"] and all(inside(c) and not c["cut"] for c in seen["table"]), seen
    first_row = [o for o in seen["options"] if abs(o["top"] - seen["options"][0]["top"]) < 1]
    assert all(inside(o) and o["bottom"] <= seen["choice"]["bottom"] + 0.5 for o in first_row), seen
    assert all(not o["cut"] for o in seen["options"]), seen
    expect(page.locator(".scopa-actions .preview")).to_contain_text("или выберите выше")
    ways = [o for o in seen["options"] if o["move"] != "cancel-choice"]
    back = next(o for o in seen["options"] if o["move"] == "cancel-choice")
    assert inside(back) and not back["cut"], seen
    choice.locator(".scopa-ways > .scopa-option").last.evaluate(
        "(b) => b.scrollIntoView({block: 'nearest'})")
    after: dict[str, Any] = page.evaluate(CHOICE_IN_WINDOW)
    assert after["scrollY"] == 0, "scrolling the ways scrolled the page"
    last, box = [o for o in after["options"] if o["move"] != "cancel-choice"][-1], after["choice"]
    assert box["top"] - 0.5 <= last["top"] and last["bottom"] <= box["bottom"] + 0.5, after
    assert last["top"] < ways[-1]["top"] - 1, "the ways did not scroll"
    back_after = next(o for o in after["options"] if o["move"] == "cancel-choice")
    assert back_after == back, (back, back_after)


# ---- 2. The Italian and Spanish courts -----------------------------------------------------

COURTS = {
    "ru": {"nom": ("валет", "конь", "король"), "acc": ("валета", "коня", "короля"),
           "gen": ("валета", "коня", "короля"), "ins": ("валетом", "конём", "королём")},
    "uk": {"nom": ("валет", "кінь", "король"), "acc": ("валета", "коня", "короля"),
           "gen": ("валета", "коня", "короля"), "ins": ("валетом", "конем", "королем")},
    # Play-test 15: "The re of swords can take..." on the English page.
    "en": {case: ("jack", "knight", "king") for case in ("nom", "acc", "gen", "ins")},
}
# The rules pages keep the Italian and Spanish names once, in brackets.
BRACKETS = {
    ("ru", "scopaRules"): ("валет (фанте", "конь (кавалло", "король (ре"),  # noqa: RUF001
    ("ru", "escobaRules"): ("валет (сота", "конь (кабальо", "король (рей"),
    ("uk", "scopaRules"): ("валет (фанте", "кінь (кавало", "король (ре"),  # noqa: RUF001
    ("uk", "escobaRules"): ("валет (сота", "кінь (кабальо", "король (рей"),
    ("en", "scopaRules"): ("jack (fante", "knight (cavallo", "king (re"),
    ("en", "escobaRules"): ("jack (sota", "knight (caballo", "king (rey"),
}


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_italian_and_spanish_courts_are_named_by_the_players_words(lang: str) -> None:
    """Play-test 13: Scopa's king was the Italian "re" in Russian (put the re of cups), Escoba's
    courts "sota / caballo / rey": in Russian and Ukrainian the Italian and Spanish courts are
    the valet, the horse and the king in every case (the forms a sentence puts them in); the
    rules keep the Italian and Spanish names in brackets."""
    data = words(lang)
    for section in ("scopa", "escoba"):
        forms = data[section]["rankForms"]
        for case, (jack, horse, king) in COURTS[lang].items():
            assert (forms[case]["J"], forms[case]["Q"], forms[case]["K"]) == (jack, horse, king)
        names = data[section]["rankNames"]
        assert [names[r] for r in "JQK"] == [w.capitalize() for w in COURTS[lang]["nom"]]
    for (where, rules), said in BRACKETS.items():
        if where == lang:
            text = json.dumps(data[rules], ensure_ascii=False)
            for words_ in said:
                assert words_ in text, (rules, words_)


@pytest.mark.parametrize("game", ["scopa", "escoba"])
def test_the_courts_in_a_russian_hand_and_its_hint(page: Page, watch: Any, site_url: str,
                                                   wait_ready: Ready, game: str) -> None:
    """Seed 1 deals 2♠ J♦ Q♣ to the player: the hand's cards are named «валет» and «конь» (no
    «фанте», «кавалло», «сота», «кабальо»), and the hint's sentence declines them."""
    page.goto(f"{site_url}?game={game}&seed=1&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    assert Mirror(1, game, game).view["hand"] == ["2S", "JD", "QC"]
    hand = page.locator(".scopa-hand-cards")
    expect(hand.locator("button[data-card='JD']")).to_contain_text("Валет")
    expect(hand.locator("button[data-card='QC']")).to_contain_text("Конь")
    text = (hand.text_content() or "").lower()
    for italian in ("фанте", "кавалло", "сота", "кабальо", "рей"):
        assert italian not in text, (italian, text)
    page.keyboard.press("h")
    hint = page.locator(".scopa-hint[data-hint]:not([data-hint=''])")
    expect(hint).to_be_visible()
    said = (hint.text_content() or "").lower()
    for italian in ("фанте", "кавалло", "сота", "кабальо", " ре ", "рея"):  # noqa: RUF001
        assert italian not in said, (italian, said)


# ---- 3. The sheet's words as Cassino's ------------------------------------------------------

def test_the_team_sheet_in_russian_speaks_as_cassinos(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready) -> None:
    """Play-test 13: the fishing sheets headed their first column «Очко» (Cassino's:
    «Категория»), joined partners with «&» («Вы & Компьютер 3»; Cassino's: «и») and said
    «Партию выиграл Компьютер» where Cassino's page says «Партию выигрывает». Scopa for four,
    seed 1, to 1 point: the sheet at the match's end says it Cassino's way."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=scopa&variant=scopa_four&seed=1&delay=0&level=beginner"
              f"&target=1&lang=ru")
    wait_ready(page)
    settle(page)
    mirror = Mirror(1, "scopa_four", "scopa", 1)
    play_match(page, mirror, play_turn, lambda page, view: None)
    view = mirror.view
    assert view["phase"] == "match_over"
    sheet = page.locator(".scopa-sheet")
    expect(sheet.locator("thead th").first).to_have_text("Категория")
    # A phone's heads are short («Комп. 2 и Комп. 4»); each head's label is the side's name.
    heads = [sheet.locator(f"thead th[data-side='{s}']") for s in (0, 1)]
    sides = [head.get_attribute("aria-label") or head.inner_text() for head in heads]
    for name in sides:
        assert "&" not in name and re.fullmatch(r"\S.* и \S.*", name), sides
    ui = words("ru")["ui"]
    winner = sides[view["winner"]]
    expected = (ui["winnerSideYou"] if view["winner"] == 0 else ui["winnerSideMany"])
    expect(sheet.locator(".verdict")).to_have_text(expected.replace("{0}", winner))
    page.wait_for_function(STILL)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "team-sheet-ru.png"), full_page=True)


def test_one_tense_for_the_match_winner_on_every_page() -> None:
    """Play-test 13: «Партию выигрывает Компьютер» (California Jack) and «Партию выиграл
    Компьютер» (Tablić): every page says the other side's win in Cassino's tense (the
    present), and the fishing page has no verdict of its own (it uses Cassino's); the first
    column of its sheet is Cassino's word."""
    for lang, present in (("ru", "выигрыва"), ("uk", "вигра")):
        data = words(lang)
        assert "winnerLine" not in data["scopa"]
        assert data["scopa"]["category"] == data["ui"]["category"]
        for said in (data["ui"]["winnerSideOne"], data["ui"]["winnerSideMany"],
                     data["ui"]["winner"]["$other"], data["jack"]["winnerLine"]["$other"]):
            assert present in said, (lang, said)


# ---- 4. Cirulla's declaration told ----------------------------------------------------------

DECLARE = ".scopa-actions [data-action=declare]"
HELP = {
    "en": "Declare shows your hand to the table: a knock, 3 points at the round's end.",
    "ru": "Объявить — показать руку столу: стук, 3 очка в конце раунда.",
    "uk": "Оголосити — показати руку столу: стук, 3 очки наприкінці раунду.",
}
SAID = {
    "en": "Last move: You declared a knock (3 points at the round's end): ace of hearts, "
          "seven of hearts and two of spades.",
    "ru": "Последний ход: Вы: объявление — стук (3 очка в конце раунда): туз червей, "
          "семёрка червей и двойка пик.",
    "uk": "Останній хід: Ви: оголошення — стук (3 очки наприкінці раунду): туз чирв, "
          "сімка чирв \u0456 двійка пік.",
}


@permuted("lang", ["ru", "en", "uk"])
def test_the_declare_button_says_what_it_declares_and_the_log_its_kind_and_points(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, lang: str) -> None:
    """Play-test 13, seed 13 of Cirulla: «Объявить» said nothing of what it does, and after it
    the log named the cards but not the declaration's kind or points while the score stayed
    0:0. The button has a help line from the engine's view (`declarable`: a knock, 3 points,
    scored at the round's end), and the Last move line and the move log say the kind and the
    points."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{site_url}?game=cirulla&seed=13&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    settle(page)
    mirror = Mirror(13, "cirulla", "cirulla")
    assert mirror.view["declarable"] == {"kind": "knock", "points": 3}
    help_line = page.locator(".scopa-actions .scopa-declare-help")
    expect(help_line).to_have_text(HELP[lang])
    expect(page.locator(DECLARE)).to_have_attribute("aria-describedby", "scopa-declare-help")
    if lang == "ru":
        page.wait_for_function(STILL)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "cirulla-declare-ru.png"))
    page.locator(DECLARE).click()
    mirror.play("declare")
    settle(page)
    expect(help_line).to_have_count(0)
    expect(page.locator(".scopa-last")).to_have_text(SAID[lang])
    if lang == "ru":
        page.wait_for_function(STILL)
        page.screenshot(path=str(SHOTS / "cirulla-declared-ru.png"))
    page.keyboard.press("m")
    log = page.locator("[data-log-move='declare']")
    expect(log).to_have_text(SAID[lang].split(": ", 1)[1])


# ---- 5. `players` on the fishing page ------------------------------------------------------

def test_the_preset_players_of_the_page_are_the_engines() -> None:
    """web/scopa/params.js PRESET_PLAYERS (which names the presets for an address's
    `players`) says what the engine's PRESETS seat."""
    text = (ROOT / "web" / "scopa" / "params.js").read_text("utf-8")
    block = text.split("export const PRESET_PLAYERS = {", 1)[1].split("};", 1)[0]
    page_says = {name: int(n) for name, n in re.findall(r"(\w+): (\d+)", block)}
    engine = {name: rules.players for presets in (SCOPA_PRESETS, ESCOBA_PRESETS,
                                                  CIRULLA_PRESETS, PISHTI_PRESETS,
                                                  TABLIC_PRESETS)
              for name, rules in presets.items()}
    assert page_says == engine


@pytest.mark.parametrize(("game", "players", "said"), [
    ("escoba", "4", ("escoba_four", "«Эскоба на четверых»", "«Эскоба»")),
    ("tablic", "3", ("для 3 игроков у этой игры нет", "«Таблич»")),  # noqa: RUF001
])
def test_players_in_the_address_is_told_and_leaves_it(page: Page, watch: Any, site_url: str,
                                                      wait_ready: Ready, game: str,
                                                      players: str,
                                                      said: tuple[str, ...]) -> None:
    """Play-test 13: `?game=escoba&players=4` dealt a game for two with no word. The page says
    that the variant sets the players, names the preset that seats that many (or that none
    does), and the parameter leaves the address once told."""
    page.goto(f"{site_url}?game={game}&players={players}&seed=1&delay=0&level=beginner"
              f"&lang=ru")
    wait_ready(page)
    data = settle(page)
    assert data["variant"] == game
    error = page.locator(".messages .error[data-code=fishing_players]")
    expect(error).to_be_visible()
    text = error.inner_text()
    assert "players" in text, text
    for part in said:
        assert part in text, (part, text)
    assert "players=" not in page.url, page.url


def test_players_that_the_dealt_preset_seats_says_nothing(page: Page, watch: Any, site_url: str,
                                                          wait_ready: Ready) -> None:
    """`players=4` with `variant=escoba_four` asks for what is dealt: no word."""
    page.goto(f"{site_url}?game=escoba&variant=escoba_four&players=4&seed=1&delay=0"
              f"&level=beginner&lang=ru")
    wait_ready(page)
    assert settle(page)["variant"] == "escoba_four"
    expect(page.locator(".messages .error[data-code=fishing_players]")).to_have_count(0)


def test_a_choice_of_one_capture_or_laying_down_says_so(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 19 (Escoba for four, seed 5): a card with one capture and laying it down (a
    capture is not compulsory in Escoba, FAMILY.md §4.2) opened a choice whose prompt said it
    «может взять по-разному», as if it took several ways. Escoba seed 2, the queen of coins
    (one capture, or laid down): the prompt and the choice's title say it can take or go on
    the table; seed 13's two of swords (two captures, or laid down) still says «по-разному»."""
    page.set_viewport_size({"width": 360, "height": 640})
    for seed, card, words in ((2, "QD", "может взять или лечь на стол: выберите, что сделать."),
                              (13, "2S", "может взять по-разному: выберите, что взять.")):
        page.goto(f"{site_url}?game=escoba&seed={seed}&delay=0&level=beginner&lang=ru")
        wait_ready(page)
        settle(page)
        page.locator(f".scopa-hand-cards button[data-card='{card}']").click()
        choice = page.locator(".scopa-choice")
        expect(choice).to_be_visible()
        prompt = page.locator(".scopa-actions .preview")
        expect(prompt).to_contain_text(words)
        title = choice.locator(".scopa-choice-title")
        assert title.text_content() == prompt.text_content(), (title.text_content(), words)
        assert (title.text_content() or "")[0].isupper()
        page.evaluate("localStorage.clear()")  # the next address asks nothing of this save


def test_the_hint_names_an_option_of_the_open_choice_and_the_table_lights_its_cards(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 19 (Escoba seed 13, the two of swords' choice open, then the hint): the hint
    named one way («возьмите тройку кубков и короля монет») while the table lit the cards of
    the first option, which has the focus. The option the hint names is marked and takes the
    focus, and the table lights its cards, the ones the engine's move takes."""
    page.goto(f"{site_url}?game=escoba&seed=13&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    page.locator(".scopa-hand-cards button[data-card='2S']").click()
    expect(page.locator(".scopa-choice")).to_be_visible()
    page.keyboard.press("h")
    hint = page.locator(".scopa-hint[data-hint]:not([data-hint=''])")
    expect(hint).to_be_visible()
    text = hint.get_attribute("data-hint")
    move = next(m for m in Mirror(13, "escoba", "escoba").view["legal_moves"] if m["text"] == text)
    assert move["card"] == "2S", move
    hinted = page.locator(".scopa-choice .scopa-option.hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("data-move", text or "")
    expect(hinted).to_be_focused()
    lit = page.evaluate("""() => [...document.querySelectorAll(
      ".scopa-table-card.preview[data-card]")].map((e) => e.dataset.card)""")
    assert sorted(lit) == sorted(move.get("take") or []), (lit, move)


def test_a_hand_card_says_it_may_also_go_to_the_table_where_a_capture_is_optional(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test 19: in Escoba (a capture is not compulsory, FAMILY.md §4.2) a hand card's
    words said only what it takes, not that it may be laid down; in Tablić with «Положить»
    pressed the cards still said what they take. Escoba seed 2: every card with a capture and
    a trail among the engine's moves says «берёт … или ложится на стол»; Tablić seed 58 with
    «Положить» pressed: every card says «ложится на стол»."""
    page.goto(f"{site_url}?game=escoba&seed=2&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    legal = Mirror(2, "escoba", "escoba").view["legal_moves"]
    checked = 0
    for code in sorted({m["card"] for m in legal}):
        kinds = [m["kind"] for m in legal if m["card"] == code]
        if "capture" not in kinds or len(kinds) == kinds.count("capture"):
            continue
        said = page.locator(f".scopa-hand-cards button[data-card='{code}'] .sr-only")
        expect(said).to_contain_text(", берёт ")
        expect(said).to_have_text(re.compile(r" или ложится на стол$"))
        checked += 1
    assert checked, "seed 2's first hand has a card that takes or goes to the table"

    page.evaluate("localStorage.clear()")
    page.goto(f"{site_url}?game=tablic&seed=58&delay=0&level=beginner&lang=ru")
    wait_ready(page)
    settle(page)
    page.locator(".scopa-actions [data-action=lay-down]").click()
    words = page.locator(".scopa-hand-cards button[data-legal=true] .sr-only").all_text_contents()
    assert words and all(w.endswith(", ложится на стол") for w in words), words
