"""Helpers of the WebKit tests (Selenium): waiting on the page, and the watch's findings."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pytest

READY_TIMEOUT_S = 90  # WebKitGTK boots Pyodide in 5-15 s here; leave room for slow machines


def wait_for(driver: Any, script: str, timeout: float = 30, what: str = "") -> Any:
    """Run ``script`` (a JS expression) until it is truthy; return its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return ({script});")
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what or script}")
        time.sleep(0.05)


@dataclass
class Watch:
    """The watch's findings over one test, across reloads."""

    driver: Any
    problems: list[str] = field(default_factory=list)

    def collect(self) -> None:
        """Take the page's findings so far (call before leaving or reloading a page)."""
        found = self.driver.execute_script("return window.__watch ? window.__watch.splice(0) : [];")
        self.problems.extend(found)


def wait_ready(driver: Any) -> int:
    """Wait for ``body[data-engine=ready]``; return its ms from navigation."""
    state = wait_for(driver, "document.body && document.body.dataset.engine !== 'loading' "
                     "&& document.body.dataset.engine", READY_TIMEOUT_S, "the engine")
    if state != "ready":
        message = driver.execute_script(
            "return document.getElementById('load-error-message').textContent")
        pytest.fail(f"the engine did not load (state {state!r}): {message}")
    return int(driver.execute_script("return Number(document.body.dataset.readyMs)"))

