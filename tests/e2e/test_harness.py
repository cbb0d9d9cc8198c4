"""The browser tests' own set-up (tests/e2e/conftest.py): what it turns off to save CPU in
Chromium must be off, Playwright's own switches must survive ours, and a pooled context's
reset must work in every browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from tests import browser_env
from tests.browser_env import launch_options_for_tests
from tests.e2e.conftest import (
    NO_OMNIBOX_POPUP,
    TEST_CHROMIUM_FLAGS,
    ContextPool,
    permuted,
    playwright_disabled_features,
    split_permutations,
    time_by_file,
)


def test_chromium_opens_no_omnibox_popup_and_keeps_playwrights_switches(game_page: Page) -> None:
    """A test's page is the only page its Chromium opens: no omnibox popup WebUI (a renderer
    process for each new window), and our --disable-features still lists every feature
    Playwright turns off, since Chromium honours only the last such switch."""
    session = game_page.context.new_cdp_session(game_page)
    targets = session.send("Target.getTargets")["targetInfos"]
    popups = [target["url"] for target in targets if "omnibox" in target["url"]]
    assert popups == [], f"Chromium opened its omnibox popup: {popups}"
    switch = next(flag for flag in TEST_CHROMIUM_FLAGS if flag.startswith("--disable-features="))
    features = switch.split("=", 1)[1].split(",")
    assert {"PaintHolding", "HttpsUpgrades", "Translate"} <= set(playwright_disabled_features())
    assert set(playwright_disabled_features()) | set(NO_OMNIBOX_POPUP) <= set(features)


def test_the_time_table_adds_each_files_phases_by_browser() -> None:
    """The run's closing table (``time_by_file``): every phase of a test counts toward its
    file and browser, a test counts once however many phases it has, its engine boots are
    read from its teardown report once, and the rows come most first. No browser is
    opened."""
    def report(nodeid: str, when: str, duration: float, boots: int = 0) -> pytest.TestReport:
        # As the context fixture leaves it: the boot count on every report made after it.
        properties = [("boots", boots)] if when == "teardown" else []
        return pytest.TestReport(nodeid, ("x.py", 1, "t"), {}, "passed", None, when, [],
                                 duration=duration, user_properties=properties)
    reports = [
        report("tests/e2e/test_a.py::test_one[chromium]", "setup", 1.5),
        report("tests/e2e/test_a.py::test_one[chromium]", "call", 2.0),
        report("tests/e2e/test_a.py::test_one[chromium]", "teardown", 0.5, boots=2),
        report("tests/e2e/test_a.py::test_one[firefox]", "call", 9.0),
        report("tests/e2e/test_b.py::test_two[chromium-ru]", "call", 3.0),
        report("tests/e2e/test_b.py::test_two[chromium-ru]", "teardown", 0.0, boots=1),
        report("tests/e2e/test_b.py::test_three[chromium-en]", "call", 1.0),
        report("tests/e2e/test_b.py::test_three[chromium-en]", "teardown", 0.0, boots=3),
        report("tests/e2e/test_c.py::test_plain", "call", 0.25),
    ]
    assert time_by_file(reports) == [
        ("tests/e2e/test_a.py", "firefox", 1, 9.0, 0),
        ("tests/e2e/test_a.py", "chromium", 1, 4.0, 2),
        ("tests/e2e/test_b.py", "chromium", 2, 4.0, 4),
        ("tests/e2e/test_c.py", "-", 1, 0.25, 0),
    ]


def test_the_browser_tests_drive_chromiums_headless_shell_unless_told_otherwise(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """tests/browser_env.py ``launch_options_for_tests``: Debian's headless shell when it is
    installed (as Playwright runs its own headless Chromium; lighter on this 2-core machine),
    the full browser when it is not, and ``$CASSINO_CHROMIUM`` above both. Firefox's options
    are ``launch_options``' own. No browser is opened."""
    shell = tmp_path / "chromium-headless-shell"
    shell.write_text("", encoding="utf-8")
    monkeypatch.delenv("CASSINO_CHROMIUM", raising=False)
    monkeypatch.setattr(browser_env, "CHROMIUM_SHELL", shell)
    assert launch_options_for_tests("chromium")["executable_path"] == str(shell)
    assert launch_options_for_tests("chromium")["args"] == browser_env.CHROMIUM_FLAGS
    monkeypatch.setattr(browser_env, "CHROMIUM_SHELL", tmp_path / "none")
    assert (launch_options_for_tests("chromium").get("executable_path")
            == browser_env.launch_options("chromium").get("executable_path"))
    monkeypatch.setattr(browser_env, "CHROMIUM_SHELL", shell)
    monkeypatch.setenv("CASSINO_CHROMIUM", "/opt/chrome/chrome")
    assert launch_options_for_tests("chromium")["executable_path"] == "/opt/chrome/chrome"
    assert launch_options_for_tests("firefox") == browser_env.launch_options("firefox")


def test_a_permuted_tests_first_case_runs_in_make_test_and_the_others_in_the_long_run() -> None:
    """``permuted`` (issue 17: CI time): the first case of each axis stays unmarked, every
    later one is marked ``permutation``, whatever form the cases take (single values, tuples
    for several names, ``pytest.param`` with its own marks and id); an empty list is refused.
    ``split_permutations`` leaves the marked ones out of a short run and keeps all in a long
    one. No browser is opened."""
    def cases(decorator: pytest.MarkDecorator) -> list[tuple[tuple[object, ...], list[str],
                                                             str | None]]:
        _names, argvalues = decorator.args
        assert decorator.name == "parametrize"
        return [(tuple(case.values), [mark.name for mark in case.marks], case.id)
                for case in argvalues]

    assert cases(permuted("lang", ["ru", "uk", "en"])) == [
        (("ru",), [], None), (("uk",), ["permutation"], None), (("en",), ["permutation"], None)]
    assert cases(permuted("size", [(360, 640), (1280, 800)], ids=["phone", "desktop"])) == [
        (((360, 640),), [], None), (((1280, 800),), ["permutation"], None)]
    assert permuted("size", [(360, 640)], ids=["phone"]).kwargs == {"ids": ["phone"]}
    assert cases(permuted(("width", "height"), [(360, 640), (640, 360)])) == [
        ((360, 640), [], None), ((640, 360), ["permutation"], None)]
    own_mark = pytest.param(1, 2, id="a", marks=pytest.mark.every_browser)
    assert cases(permuted("width, height", [own_mark, pytest.param(3, 4, id="b")])) == [
        ((1, 2), ["every_browser"], "a"), ((3, 4), ["permutation"], "b")]
    with pytest.raises(ValueError, match="no case"):
        permuted("lang", [])

    class Item:
        """What ``split_permutations`` reads of a collected test: its marks."""

        def __init__(self, name: str, *marks: str) -> None:
            self.name, self.marks = name, marks

        def get_closest_marker(self, name: str) -> str | None:
            return name if name in self.marks else None

    items: list[Any] = [Item("check"), Item("again", "permutation"), Item("other", "every_browser")]
    kept, left = split_permutations(items, long=False)
    assert [item.name for item in kept] == ["check", "other"]
    assert [item.name for item in left] == ["again"]
    assert split_permutations(items, long=True) == (items, [])


@pytest.mark.every_browser
def test_a_pooled_context_is_reset_and_its_tab_kept_for_the_next_test(
        page: Page, context: BrowserContext, context_pool: ContextPool, site_url: str) -> None:
    """The reset after a test empties the site's storage and keeps the pooled tab open for the
    next test, in every browser. Firefox over WebDriver BiDi refused the reset's move of the
    mouse off the page, so every Firefox context was closed after its first test instead of
    reused (until 2026-12-06)."""
    entry = next(e for e in context_pool.pooled.values() if e.context is context)
    assert entry.page is page
    notices = site_url + "THIRD-PARTY-NOTICES.txt"
    page.goto(notices)
    page.evaluate("localStorage.setItem('cassino-harness', 'left by a test')")
    ContextPool.reset(entry)  # raises on any step that fails
    assert entry.page is page and not page.is_closed()
    page.goto(notices)
    assert page.evaluate("localStorage.getItem('cassino-harness')") is None
