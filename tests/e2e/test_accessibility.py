"""Accessibility of the page: axe-core scans of each screen, and play by keyboard alone with a
screen reader's view of it (the polite live region); fixtures are in conftest.py.

axe-core is a test dependency only (package.json devDependencies, installed by ``npm ci``): it
is injected into the page under test from ``node_modules/axe-core/axe.min.js`` and never ships
with the site. A scan fails on any violation of impact "serious" or "critical" and names each
one (rule id, impact, the offending elements); the lesser ones are printed, not failed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_match import SEED, Ready, settle

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


def test_loading_screen_passes_axe(page: Page, watch: Any, site_url: str,
                                   wait_ready: Ready) -> None:
    # Hold the engine's wheel back so the loading screen stays up while it is scanned.
    release: list[Any] = []
    page.route("**/*.whl", lambda route: release.append(route))
    page.goto(site_url)
    expect(page.locator("#load-progress")).to_be_visible()
    assert_accessible(page, "the loading screen")
    page.unroute("**/*.whl")
    for route in release:
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
    page.locator("[data-action=last-moves]").click()
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
