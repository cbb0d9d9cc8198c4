"""Fixtures for the WebKit tests: Debian's WebKitGTK driven by Selenium (Playwright can only
drive its own build of WebKit, which cannot be installed here).

    xvfb-run -a python -m pytest tests/webkit          # WebKitGTK has no headless mode

Needs ``/usr/bin/WebKitWebDriver`` (Debian: webkit2gtk-driver) or ``$CASSINO_WEBKIT_DRIVER``
and an X display. Without them the tests are skipped, unless ``CASSINO_REQUIRE_WEBKIT=1`` (as
``make test`` sets), which makes that a failure.

WebKitWebDriver offers no console log and no network events (no BiDi), so the page is watched
from inside: the tests serve a copy of the built site in which

- ``index.html`` first loads ``__watch.js``, which records console errors, uncaught errors,
  rejected promises and Content-Security-Policy violations, and listens to the engine worker;
- ``engine-worker.js`` starts with a few lines that send the same from the worker to the page;
- every answer carries ``Content-Security-Policy-Report-Only`` allowing only the page's own
  origin: it blocks nothing, but any request to another origin fires a violation event;
- the server notes every answer of 400 or more (a missing file the browser only logs).

``test_the_watch_sees_what_it_should`` checks that this watch works, on a small page.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_env import WEBKIT_DRIVER, build_module, built_site, serve, system_browser
from tests.webkit.helpers import Watch

CSP = "default-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:"

PAGE_WATCH = """// Test instrumentation (tests/webkit/conftest.py): what a healthy page never does.
(() => {
  const seen = (window.__watch = []);
  const note = (what) => seen.push(String(what));
  const text = (args) => args.map((a) => (a instanceof Error
    ? `${a.name}: ${a.message} (${(a.stack || "").split("\\n")[0]})` : String(a))).join(" ");
  const error = console.error;
  console.error = function (...args) {
    note(`console error: ${text(args)}`);
    return error.apply(this, args);
  };
  addEventListener("error", (e) => {
    const what = e.target && e.target !== window ? e.target.src || e.target.href : "";
    note(`uncaught: ${e.message || what || e.type}`);
  }, true);
  addEventListener("unhandledrejection", (e) => note(`unhandled rejection: ${text([e.reason])}`));
  addEventListener("securitypolicyviolation",
    (e) => note(`request to another origin: ${e.blockedURI}`));
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data && e.data.__watch) note(`worker ${e.data.__watch}`);
      });
      this.addEventListener("error", (e) => note(`worker uncaught: ${e.message || e.type}`));
    }
  };
})();
"""

WORKER_WATCH = """{ // Test instrumentation (tests/webkit/conftest.py): tells the page of errors.
  const tell = (what) => self.postMessage({ __watch: what });
  const text = (args) => args.map((a) => (a instanceof Error
    ? `${a.name}: ${a.message} (${(a.stack || "").split("\\n")[0]})` : String(a))).join(" ");
  const error = console.error;
  console.error = (...args) => { tell(`console error: ${text(args)}`); error(...args); };
  self.addEventListener("unhandledrejection",
    (e) => tell(`unhandled rejection: ${text([e.reason])}`));
  self.addEventListener("securitypolicyviolation",
    (e) => tell(`request to another origin: ${e.blockedURI}`));
}
"""

# A small page that does everything the watch must see (see test_the_watch_sees_what_it_should);
# FOREIGN is replaced by a URL of another origin on this machine.
CHECK_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>watch check</title>
<link rel="icon" href="favicon.svg"><script src="__watch.js"></script></head><body>
<script>
console.error("check: console error");
setTimeout(() => { throw new Error("check: uncaught"); }, 0);
Promise.reject(new Error("check: rejected"));
fetch("FOREIGN/from-page").catch(() => {});
const worker = new Worker("watch-check-worker.js", {type: "module"});
worker.addEventListener("message", (e) => {
  if (e.data === "done") document.body.dataset.done = "1";
});
fetch("no-such-file.txt");
</script></body></html>
"""
CHECK_WORKER = """
console.error("check: worker console error");
try { await fetch("FOREIGN/from-worker"); } catch {}
self.postMessage("done");
"""


def pytest_configure(config: pytest.Config) -> None:
    """Selenium 4.51 warns about its own WebKitGTK driver's way of connecting: not ours."""
    config.addinivalue_line("filterwarnings",
                            "ignore:setting remote_server_addr:DeprecationWarning")


class WatchedHandler(build_module.SiteHandler):  # type: ignore[name-defined,misc]
    """build.py's handler, adding the report-only policy and noting failed answers."""

    failures: list[str] = []  # noqa: RUF012 (shared on purpose: the tests read it)

    def end_headers(self) -> None:
        """Every answer says which origins the page may use (reporting, blocking nothing)."""
        self.send_header("Content-Security-Policy-Report-Only", CSP)
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Note answers of 400 and more."""
        if str(code).isdigit() and int(code) >= 400:
            self.failures.append(f"HTTP {code} for {self.path}")
        super().log_request(code, size)


@pytest.fixture(scope="session")
def webkit_driver_path() -> Path:
    """WebKitWebDriver, or a skip (a failure with CASSINO_REQUIRE_WEBKIT=1) when it is missing
    or there is no display."""
    required = os.environ.get("CASSINO_REQUIRE_WEBKIT") == "1"
    driver = system_browser("CASSINO_WEBKIT_DRIVER", WEBKIT_DRIVER)
    problem = ""
    if not driver or not driver.exists():
        problem = ("WebKitWebDriver is missing (Debian: apt-get install webkit2gtk-driver "
                   "xvfb xauth; elsewhere run tests/e2e with --browser webkit)")
    elif not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        problem = "no display: run under xvfb-run -a (WebKitGTK has no headless mode)"
    if problem:
        if required:
            pytest.fail(problem)
        pytest.skip(problem)
    assert driver
    return driver


@pytest.fixture(scope="session")
def watched_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the built site with the watch added (see the module docstring)."""
    site = tmp_path_factory.mktemp("webkit") / "site"
    shutil.copytree(built_site(tmp_path_factory), site)
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    head = html.index("<head>") + len("<head>")
    index.write_text(f'{html[:head]}\n<script src="__watch.js"></script>{html[head:]}',
                     encoding="utf-8")
    worker = site / "engine-worker.js"
    worker.write_text(WORKER_WATCH + worker.read_text(encoding="utf-8"), encoding="utf-8")
    (site / "__watch.js").write_text(PAGE_WATCH, encoding="utf-8")
    (site / "__blank.html").write_text('<!doctype html><html lang="en"><head><meta charset='
                                       '"utf-8"><title>blank</title><link rel="icon" '
                                       'href="favicon.svg"></head><body></body></html>',
                                       encoding="utf-8")
    return site


@pytest.fixture(scope="session")
def site_url(watched_site: Path) -> Iterator[str]:
    """The watched site, served at ``http://127.0.0.1:PORT/``."""
    for url in serve(watched_site, "/", WatchedHandler):
        # The check page needs a URL of another origin: the same server under another name.
        foreign = url.replace("127.0.0.1", "localhost").rstrip("/")
        (watched_site / "watch-check.html").write_text(CHECK_HTML.replace("FOREIGN", foreign),
                                                       encoding="utf-8")
        (watched_site / "watch-check-worker.js").write_text(
            WORKER_WATCH + CHECK_WORKER.replace("FOREIGN", foreign), encoding="utf-8")
        yield url


@pytest.fixture
def server_failures() -> list[str]:
    """The server's answers of 400 or more so far (a test may clear it)."""
    return WatchedHandler.failures


@pytest.fixture(scope="session")
def driver(webkit_driver_path: Path) -> Iterator[Any]:
    """One WebKitGTK browser for the session (its MiniBrowser, through WebKitWebDriver)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    browser = webdriver.WebKitGTK(options=Options(),
                                  service=Service(executable_path=str(webkit_driver_path)))
    try:
        browser.set_window_size(1280, 1000)
        browser.set_script_timeout(30)
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def watch(driver: Any, site_url: str) -> Iterator[Watch]:
    """Start from empty storage; at teardown fail on anything the watch or the server saw."""
    WatchedHandler.failures.clear()
    driver.get(site_url + "__blank.html")  # the site's origin, without starting the game
    driver.execute_script("localStorage.clear(); sessionStorage.clear();")
    recorder = Watch(driver)
    yield recorder
    recorder.collect()
    problems = recorder.problems + list(WatchedHandler.failures)
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems))
