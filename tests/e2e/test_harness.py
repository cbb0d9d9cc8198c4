"""The browser tests' own set-up in Chromium (tests/e2e/conftest.py): what it turns off to
save CPU must be off, and Playwright's own switches must survive ours."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.conftest import NO_OMNIBOX_POPUP, TEST_CHROMIUM_FLAGS, playwright_disabled_features


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
