"""The browser tests' watch (conftest.py: ``watch``) sees, in each browser, what it is there
to catch: console errors, uncaught errors, and requests to another origin, from the page and
from a worker. Without this, a browser whose driver reported none of them would pass every test
unseen. The check page is served through Playwright's routing; no Python is loaded."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>check</title>
<link rel="icon" href="favicon.svg"></head><body><script>
console.error("check: console error");
setTimeout(() => { throw new Error("check: uncaught"); }, 0);
fetch("FOREIGN/from-page").catch(() => {});
const worker = new Worker("watch-check-worker.js", {type: "module"});
worker.onmessage = () => { document.body.dataset.done = "1"; };
</script></body></html>"""
WORKER = """console.error("check: worker console error");
try { await fetch("FOREIGN/from-worker"); } catch {}
self.postMessage("done");
"""


@pytest.mark.every_browser
def test_the_watch_sees_what_it_should(context: BrowserContext, page: Page, watch: Any,
                                       site_url: str) -> None:
    foreign = site_url.replace("127.0.0.1", "localhost").rstrip("/")

    def fulfil(body: str, kind: str) -> Callable[[Route], None]:
        return lambda route: route.fulfill(status=200, content_type=kind,
                                           body=body.replace("FOREIGN", foreign))

    context.route("**/watch-check.html", fulfil(PAGE, "text/html"))
    context.route("**/watch-check-worker.js", fulfil(WORKER, "text/javascript"))
    page.goto(site_url + "watch-check.html")
    page.wait_for_function("document.body.dataset.done === '1'")
    page.wait_for_timeout(300)
    seen = "\n".join(watch.problems())
    for expected in ["console error: check: console error", "check: uncaught",
                     f"request to another origin: {foreign}/from-page",
                     "check: worker console error",
                     f"request to another origin: {foreign}/from-worker"]:
        assert expected in seen, f"the watch missed {expected!r}; it saw:\n{seen}"
    # All seen: nothing left for the watch to fail this test on.
    watch.console_errors.clear()
    watch.foreign_requests.clear()
