"""The records dialog as a phone player meets it (web/ui/records.js): the record's text shown
and copied, the file control in the page's language and a finger's size, and a gold button that
stays gold after a tap (a Russian phone play-test, 360x640, touch)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import load_over_game, menu_item
from tests.e2e.test_match import Ready, settle
from tests.e2e.test_newgame import snapshot
from tests.e2e.test_resume import play_turns

RECORDS = "dialog[data-dialog=records]"
PHONE = {"width": 360, "height": 640}
GOLD = "rgb(242, 193, 78)"  # --gold, web/app.css


def started(page: Page, site_url: str, wait_ready: Ready, lang: str = "en") -> None:
    """A two-player Classic game of deal 7, three of the human's moves played."""
    page.goto(f"{site_url}?seed=7&delay=0&level=beginner&lang={lang}")
    wait_ready(page)
    play_turns(page, 3, random.Random(7))
    settle(page)


def show_the_text(page: Page) -> str:
    """Opens the records dialog from the menu's Save record and presses Show the text: answers
    the record's text once the box holds it."""
    menu_item(page, "save-record").click()
    records = page.locator(RECORDS)
    records.locator("[data-action=show-text]").click()
    shown = records.locator("#record-shown")
    expect(shown).not_to_have_value("")
    return shown.input_value()


@pytest.mark.browser_context_args(viewport=PHONE, permissions=["clipboard-read",
                                                                "clipboard-write"])
def test_the_records_text_is_shown_copied_and_loads_back_to_the_same_game(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test: the dialog only downloaded the record, which a phone files where its player
    may not find it. "Show the text" puts the record's text in a read-only box, selected;
    "Copy" puts it on the clipboard; pasted back into the load box it gives the same game."""
    started(page, site_url, wait_ready)
    before = snapshot(page)
    menu_item(page, "save-record").click()
    records = page.locator(RECORDS)
    shown = records.locator("#record-shown")
    expect(shown).to_be_hidden()
    records.locator("[data-action=show-text]").click()
    expect(shown).to_be_visible()
    expect(shown).to_be_focused()
    expect(shown).not_to_have_value("")
    text = shown.input_value()
    assert '[Seed "7"]' in text, text
    assert shown.evaluate("(e) => [e.selectionStart, e.selectionEnd]") == [0, len(text)]
    assert shown.get_attribute("readonly") is not None
    records.locator("[data-action=copy-text]").click()
    note = records.locator(".records-copy-note")
    expect(note).to_have_text("The record's text is copied.")
    expect(note).to_be_in_viewport()  # beside Copy: the dialog's status line is off a phone
    assert page.evaluate("navigator.clipboard.readText()") == text

    # Another move, then the copied text loaded over the game: the game as it was.
    page.keyboard.press("Escape")
    expect(records).to_be_hidden()
    play_turns(page, 1, random.Random(8))
    settle(page)
    assert snapshot(page) != before
    menu_item(page, "load-record").click()
    expect(shown).to_be_hidden()  # a text shown earlier is of an earlier move
    records.locator("#record-text").fill(text)
    load_over_game(page)
    expect(records).to_be_hidden()
    settle(page)
    assert snapshot(page) == before


@pytest.mark.browser_context_args(viewport=PHONE)
def test_where_the_browser_refuses_to_copy_the_text_stays_selected_and_it_says_so(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """No clipboard permission (the context grants none and the write is refused by a stub):
    the error says to copy by hand, in Russian, and the text is selected in its box."""
    page.add_init_script("""Object.defineProperty(navigator, "clipboard", {value: {
      writeText: () => Promise.reject(new DOMException("refused", "NotAllowedError"))}});""")
    started(page, site_url, wait_ready, "ru")
    text = show_the_text(page)
    records = page.locator(RECORDS)
    shown = records.locator("#record-shown")
    records.locator("[data-action=copy-text]").click()
    note = records.locator(".records-copy-note[data-failed='1']")
    expect(note).to_have_text(
        "Браузер не дал странице скопировать: текст выделен, скопируйте его сами.")  # noqa: RUF001
    expect(note).to_be_in_viewport()  # a play-test found it at 836 px of 640
    expect(shown).to_be_focused()
    assert shown.evaluate("(e) => [e.selectionStart, e.selectionEnd]") == [0, len(text)]


@pytest.mark.browser_context_args(viewport=PHONE)
def test_the_file_control_speaks_russian_and_every_control_is_a_fingers_height(
        page: Page, watch: Any, site_url: str, wait_ready: Ready, tmp_path: Any) -> None:
    """Play-test (Russian phone): the browser's file control said "Choose File" and "No file
    chosen" in English and was 21 px high; the dialog's buttons were 40 px. Now a label in the
    page's language opens the (hidden, focusable) file control, shows the chosen file's name,
    and every control is at least 44 px high (WCAG 2.5.5)."""
    started(page, site_url, wait_ready, "ru")
    menu_item(page, "load-record").click()
    records = page.locator(RECORDS)
    expect(records.locator(".records-file-button")).to_have_text("Выбрать файл…")
    expect(records.locator(".records-file-name")).to_have_text("Файл не выбран")
    expect(records.locator("#record-file")).to_be_focused()  # opened to load: the file first
    records.locator("[data-action=show-text]").click()  # its Copy button too
    expect(records.locator("[data-action=copy-text]")).to_be_visible()
    records.locator("#record-file").focus()
    heights = records.locator("button:visible, .records-file-button").evaluate_all(
        "(els) => els.map((e) => [e.textContent.trim(), e.getBoundingClientRect().height])")
    assert heights and all(height >= 44 for _, height in heights), heights
    # Keyboard: the hidden control has the focus and its label shows the focus ring.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(records.locator("#record-file")).to_be_focused()
    assert records.locator(".records-file-button").evaluate(
        "(e) => getComputedStyle(e).outlineStyle") == "solid"
    # The picker opens from the label; the chosen file is named and its text read in.
    record = tmp_path / "партия.txt"
    record.write_text('[Seed "7"]\n', encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        records.locator(".records-file-button").click()
    chooser.value.set_files(str(record))
    expect(records.locator(".records-file-name")).to_have_text("партия.txt")
    expect(records.locator("#record-text")).to_have_value('[Seed "7"]\n')
    # Choosing a file does not load it: the next step is said, and Load has the focus.
    expect(records.locator(".records-status")).to_have_text(
        "Файл партия.txt прочитан: нажмите «Загрузить».")
    expect(records.locator("[data-action=do-load-record]")).to_be_focused()
    # A picture is no record: said at once, and the paste box keeps what it held (a
    # play-test's photo filled it with 136,000 characters of garbage).
    photo = tmp_path / "фото.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    records.locator("#record-file").set_input_files(str(photo))
    expect(records.locator(".records-error")).to_have_text(
        "фото.png — не текстовый файл, а запись — это файл .txt или .json. Ничего не загружено.")  # noqa: RUF001
    expect(records.locator("#record-text")).to_have_value('[Seed "7"]\n')


@pytest.mark.browser_context_args(viewport={"width": 640, "height": 360}, has_touch=True)
def test_on_a_phone_on_its_side_the_dialogs_buttons_are_a_fingers_height(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Play-test at 640x360: the records dialog's close button, the replace question's and its two
    answers were 40 px high; 44 px (WCAG 2.5.5), as upright."""
    started(page, site_url, wait_ready, "ru")
    text = show_the_text(page)
    records = page.locator(RECORDS)
    records.locator("#record-text").fill(text)
    records.locator("[data-action=do-load-record]").click()
    question = page.locator("dialog[data-dialog=replace]")
    expect(question).to_be_visible()
    heights = page.locator(f"{RECORDS} button:visible, dialog[data-dialog=replace] button"
                           ).evaluate_all("""(els) => els.map((e) => [
                             e.dataset.action || e.textContent.trim(),
                             e.getBoundingClientRect().height])""")
    assert len(heights) >= 8 and all(height >= 44 for _, height in heights), heights
    question.locator("[data-action=replace-back]").click()


@pytest.mark.browser_context_args(viewport=PHONE, has_touch=True, is_mobile=True)
def test_a_tapped_gold_button_stays_gold(page: Page, watch: Any, site_url: str,
                                         wait_ready: Ready) -> None:
    """Play-test: after a tap on "Load" that the page refused (nothing pasted), the gold button
    turned white: on a touch screen :hover sticks to the button last tapped, and the hover
    style was white. Hover styles now hold only where a pointer hovers. (Playwright's tap
    leaves no :hover: the pointer is put over the button as a phone leaves it.)"""
    started(page, site_url, wait_ready, "ru")
    assert page.evaluate("matchMedia('(hover: hover)').matches") is False
    menu_item(page, "load-record").click()
    load = page.locator(f"{RECORDS} [data-action=do-load-record]")
    load.tap()
    expect(page.locator(f"{RECORDS} .records-error")).to_be_visible()
    load.hover()
    assert load.evaluate("(e) => e.matches(':hover')"), "no hover: the test proves nothing"
    assert load.evaluate("(e) => getComputedStyle(e).backgroundColor") == GOLD


def test_a_gold_button_under_a_mouse_lightens_and_stays_gold(
        page: Page, watch: Any, site_url: str, wait_ready: Ready) -> None:
    """Where a pointer hovers, a gold button under it lightens (it was white, like any
    button); a plain button still turns white."""
    started(page, site_url, wait_ready)
    assert page.evaluate("matchMedia('(hover: hover)').matches") is True
    menu_item(page, "load-record").click()
    load = page.locator(f"{RECORDS} [data-action=do-load-record]")
    load.hover()
    assert load.evaluate("(e) => getComputedStyle(e).backgroundColor") == "rgb(247, 210, 127)"
    show = page.locator(f"{RECORDS} [data-action=show-text]")
    show.hover()
    assert show.evaluate("(e) => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
