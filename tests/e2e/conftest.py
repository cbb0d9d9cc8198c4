"""Fixtures for the browser tests: the built site, served locally, opened in Chromium and
Firefox with pytest-playwright.

- The site is built once per run into a temporary folder with ``build.py``, one build shared by
  every pytest-xdist worker under a file lock (tests/browser_env.py ``built_site``), or taken
  from ``$CASSINO_DIST`` when set (e.g. a ``dist/`` CI already built).
- It is served by build.py's ``SiteHandler`` on 127.0.0.1, port 0, from a thread: at ``/`` for
  ``site_url`` (also pytest-playwright's ``base_url``) and at ``/cassino/`` for
  ``subpath_url``, a server that answers 404 outside that prefix, like GitHub Pages.
- The browsers are pytest-playwright's ``--browser`` (chromium by default; ``make test-e2e``
  passes ``--browser chromium --browser firefox``). Each is the system's when installed, else
  Playwright's own (``playwright install chromium firefox``), see tests/browser_env.py:
  Chromium is ``$CASSINO_CHROMIUM`` or Debian's ``/usr/bin/chromium-headless-shell`` (else
  ``/usr/bin/chromium``; ``launch_options_for_tests``); Firefox is
  ``$CASSINO_FIREFOX`` or Debian's ``/usr/bin/firefox-esr``, driven over WebDriver BiDi
  (``channel="moz-firefox"``; Playwright's own Firefox is a patched build it drives otherwise).
  Set either variable to an empty value to use Playwright's own browser even where Debian's is.
- Firefox runs the tests marked ``every_browser`` (see ``pytest_collection_modifyitems``);
  ``CASSINO_E2E_ALL=1`` runs every test in every browser given.
- A test parametrized with ``permuted`` (instead of ``pytest.mark.parametrize``) repeats one
  check in other languages or window sizes of the same page: ``make test`` runs its first
  case, ``make test-long`` the others (marked ``permutation``; selected under
  ``CASSINO_TESTS_LONG=1``). Every check runs in ``make test``; its repetitions wait for the
  long run (issue 17: an engine boot, about 1.4 s of CPU here, is half of what a browser test
  costs).
- ``game_page`` opens the site, waits for ``body[data-engine=ready]`` and, at teardown, fails
  the test if the page logged a console error or raised, or asked another origin for anything.
- Service workers are blocked in every browser context (``browser_context_args``): the site's
  worker (web/sw.js) would answer requests from its cache, past ``page.route`` and
  ``context.route``, and keep one test's build for the next page. The tests of offline play
  (test_offline.py) allow it with ``@pytest.mark.browser_context_args(service_workers="allow")``;
  blocked, ``navigator.serviceWorker.register`` does nothing and the page says
  ``body[data-offline=unavailable]``.
- Browser contexts are pooled: each pytest-xdist worker keeps one context per browser and per
  set of context options, so that the HTTP cache and the engine's memory snapshot
  (web/engine-snapshot.js, IndexedDB ``cassino-engine``) of the earlier tests make its page
  boot in about half the time. Between tests the context is reset (``ContextPool.reset``):
  listeners the test added removed, routes, cookies, permissions and offline mode cleared, and
  on every origin it visited localStorage, sessionStorage, Cache Storage and every IndexedDB
  database but the snapshot's emptied (by the test's own tab, sent to a blank path of that
  origin). The snapshot is only a cache: it is taken before any call, tagged with the build,
  and restores the same interpreter a fresh boot makes (random reseeded), so it cannot change
  a result. A context that the test closed, that failed to reset, or on which the test did
  something a reset cannot undo (an init script, an exposed function, extra headers, a
  geolocation) is closed and replaced.
- The tab is pooled with its context: the reset leaves it open on the blank reset path, its
  other pages closed, and the next test's ``page`` is that same tab. A new tab a test cost the
  browser a tab and the page a new renderer process (2026-12-05, test_i18n + test_layout, 129
  tests, one worker, cgroup CPU of everything: 229 -> 211 s). The reset also removes the
  listeners the test added to the tab and its routes, and puts back its viewport (many tests
  resize it) and its mouse (moved off the page, where a new tab's is). A tab that the test
  closed, or on which it did what no reset undoes (``emulate_media``, an init script, an
  exposed function, extra headers, default timeouts, a locator handler) is closed, and the
  next test gets a new one.
- Tests that need a first visit (the loading screen, the load's steps and progress, the
  snapshot, service workers) are marked ``fresh_context`` and get a context (and tab) of their
  own, as do tests that allow service workers; ``CASSINO_E2E_POOL=0`` gives every test a fresh
  context. A test that uses the clock (``page.clock``) must be marked ``fresh_context``: a
  reset cannot uninstall it.
- In Chromium a pooled context is a persistent one (``launch_persistent_context``, a browser
  of its own on a temporary profile; ``CASSINO_E2E_PERSIST=0``: an incognito context of the
  session's browser instead). An incognito context keeps its HTTP cache in memory, where
  Chromium stores no entry bigger than an eighth of that cache: Pyodide's 9.6 MB
  ``pyodide.asm.wasm`` was downloaded again at every boot (through the test server and the
  page's main thread). On disk it is revalidated (304) instead; measured on 9 boots
  (2026-12-03): 9 downloads -> 1, renderer CPU 29.4 -> 21.7 s, Chromium in all 41.0 -> 32.0 s.
- Chromium's contexts ask for reduced motion (``prefers-reduced-motion: reduce``), so that no
  card flies (web/ui/motion.js): a movement costs CPU on every move and checks nothing there.
  The tests of movements (test_feel.py, the thinking dots) ask for none with
  ``@pytest.mark.browser_context_args(reduced_motion="no-preference")`` (MOTION_ON), and
  Firefox, which plays a whole match of every game, keeps the movements on.
- The page's Content-Security-Policy is bypassed there too (``bypass_csp``): it refuses
  ``eval``, which ``page.wait_for_function`` uses for its predicate. test_offline.py keeps the
  policy (``bypass_csp=False``) and waits with selectors or ``page.evaluate`` polls instead,
  as ``wait_ready`` does.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    Playwright,
    Request,
    ViewportSize,
    expect,
)
from playwright.sync_api import Error as PlaywrightError

from tests.browser_env import built_site, launch_options_for_tests, serve
from tests.engine.sizes import LONG  # the long run's switch, CASSINO_TESTS_LONG=1

# The type of ``pytest.param``'s result (pytest's ParameterSet), to extend a case's marks.
PARAMETER_SET = type(pytest.param(None))


def permuted(argnames: str | Sequence[str], argvalues: Iterable[Any],
             **kwargs: Any) -> pytest.MarkDecorator:
    """``pytest.mark.parametrize(argnames, argvalues, **kwargs)`` for permutations of one
    check: the same test through the same page code in another language or window size. The
    first case is the check, run by ``make test``; every later one is marked ``permutation``
    and runs only when ``CASSINO_TESTS_LONG=1`` (``make test-long``, see
    ``split_permutations``). So put first the case most likely to fail: the players' language
    (Russian), the longest words, the smallest window. Cases that drive another path (another
    game's page or player count, another bad value, another kind of save, keyboard against
    mouse) are not permutations: they stay in ``pytest.mark.parametrize``. Stacked, a case is
    a permutation when any of its axes is not the first.

    ``argvalues`` as ``parametrize`` takes them: single values for one name, tuples for
    several, or ``pytest.param`` cases (their own marks and id kept). Raises ``ValueError``
    when it is empty (a check with no case would run nothing)."""
    names = [name.strip() for name in argnames.split(",")] if isinstance(argnames, str) \
        else list(argnames)
    cases = []
    for index, value in enumerate(argvalues):
        if isinstance(value, PARAMETER_SET):
            values, marks, case_id = tuple(value.values), list(value.marks), value.id
        else:
            values, marks, case_id = (value,) if len(names) == 1 else tuple(value), [], None
        if index:
            marks.append(pytest.mark.permutation)
        cases.append(pytest.param(*values, marks=marks, id=case_id))
    if not cases:
        raise ValueError(f"permuted({argnames!r}): no case given")
    return pytest.mark.parametrize(argnames, cases, **kwargs)


def split_permutations(items: list[pytest.Item], long: bool
                       ) -> tuple[list[pytest.Item], list[pytest.Item]]:
    """``(kept, left out)`` of ``items``: in a long run every item is kept; else the items
    marked ``permutation`` (``permuted``'s later cases) are left out."""
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        (left if not long and item.get_closest_marker("permutation") else kept).append(item)
    return kept, left


# The mark of a test of card movements: its context asks for no reduced motion (see above).
MOTION_ON = pytest.mark.browser_context_args(reduced_motion="no-preference")
# How Firefox words its policy's refusal of an eval (see PageWatch.tests_eval): the policy's
# report, or the EvalError thrown into the caller (CI91, 2026-12-07: "uncaught: call to eval()
# blocked by CSP" after a reload in test_pishti.py, under load).
TESTS_EVAL_REFUSED = ("blocked a JavaScript eval", "call to eval() blocked by CSP")
# Python boots in about 2 s here; leave room for slow CI machines.
READY_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: ``$CASSINO_DIST`` if set, else a fresh build in a temporary folder."""
    return built_site(tmp_path_factory)


@pytest.fixture(scope="session")
def site_url(dist: Path) -> Iterator[str]:
    """URL of the site served at the root, ending in ``/`` (e.g. ``http://127.0.0.1:PORT/``)."""
    yield from serve(dist, "/")


@pytest.fixture(scope="session")
def subpath_url(dist: Path) -> Iterator[str]:
    """URL of the site served only under ``/cassino/``, as GitHub Pages serves a project."""
    yield from serve(dist, "/cassino/")


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL: ``page.goto("index.html")`` goes to our site."""
    return site_url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], browser_name: str
                         ) -> dict[str, Any]:
    """pytest-playwright's context options with service workers blocked, the page's
    Content-Security-Policy bypassed and, in Chromium, reduced motion asked for (see above)."""
    motion = {"reduced_motion": "reduce"} if browser_name == "chromium" else {}
    return {**browser_context_args, "service_workers": "block", "bypass_csp": True, **motion}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any],
                             browser_name: str) -> dict[str, Any]:
    """pytest-playwright's launch options plus ours for ``browser_name``, and in Chromium
    ``TEST_CHROMIUM_FLAGS`` (see there)."""
    ours = launch_options_for_tests(browser_name)
    extra = TEST_CHROMIUM_FLAGS if browser_name == "chromium" else []
    return {**browser_type_launch_args, **ours,
            "args": [*browser_type_launch_args.get("args", []), *ours.get("args", []), *extra]}


# Chromium in the tests compiles WebAssembly with its baseline compiler only (Liftoff): a test's
# page lives seconds, and each boot spent most of its CPU compiling Pyodide's hot functions a
# second time with the optimizing compiler (TurboFan), code the page closed before it paid
# back. Measured in the same run on this 2-core machine (2026-12-03, cgroup CPU time,
# test_match + test_keep and test_scopa + test_layout): 189 -> 141 s and 293 -> 232 s of CPU,
# wall 129 -> 99 s and 200 -> 156 s. The flag changes how fast the same code runs, never what
# it does. Benchmarks (bench/, scripts/) launch with tests/browser_env.py's options alone, so
# they measure what players get; CASSINO_E2E_TIER_UP=1 runs the tests that way too. Firefox
# showed no gain from its baseline-only setting (javascript.options.wasm_optimizingjit).

# Chromium (from about version 14x) opens its omnibox popup as a WebUI page in every new window,
# also headless: a renderer process of its own for each test's page, which burned about 1.2 s of
# CPU a page there and more in the browser process (6 boots, 2026-12-03: Chromium's CPU
# 30.6 -> 21.2 s). Nobody sees an address bar in these tests, so both popups are turned off.
# Chromium honours only the last --disable-features switch, and Playwright passes its own list
# before ours: ours repeats Playwright's (read from its driver, see playwright_disabled_features).
NO_OMNIBOX_POPUP = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
# Playwright 1.64's list, used when its driver's list cannot be read.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose",
    "DialMediaRouteProvider", "GlobalMediaControls", "HttpsUpgrades", "LensOverlay",
    "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "BlockOriginHeaderModificationOnRedirect", "AvoidCorsURLLoaderRestartOnRedirect",
    "Translate", "AutoDeElevate", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled")


def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright's driver turns off in Chromium (the ``disabledFeatures`` list of
    its chromiumSwitches module, read from the installed driver's bundle), else
    ``PLAYWRIGHT_DISABLED_FEATURES``."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    try:
        text = bundle.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return PLAYWRIGHT_DISABLED_FEATURES
    start = text.find("disabledFeatures = [", text.find("chromiumSwitches.ts"))
    end = text.find("chromiumSwitches = ", start)  # the statement after the list
    if start < 0 or end < 0:
        return PLAYWRIGHT_DISABLED_FEATURES
    names = tuple(dict.fromkeys(
        re.findall(r'"([A-Za-z][A-Za-z0-9]+)"', re.sub(r"//[^\n]*", "", text[start:end]))))
    return names if "PaintHolding" in names else PLAYWRIGHT_DISABLED_FEATURES


TEST_CHROMIUM_FLAGS = [
    *([] if os.environ.get("CASSINO_E2E_TIER_UP") == "1" else ["--js-flags=--liftoff-only"]),
    "--disable-features=" + ",".join(dict.fromkeys(
        [*playwright_disabled_features(), *NO_OMNIBOX_POPUP])),
]


# The path a pooled context's reset opens on each origin it visited (answered by a route, never
# by the server), and what it runs there: storage emptied, the engine's snapshot database kept.
RESET_PATH = "/__cassino_context_reset__"
SNAPSHOT_DATABASE = "cassino-engine"
# What that path answers: a blank page whose icon is given (else Chromium asks the server for
# /favicon.ico, and the 404 comes back as a console error, in the pooled tab, during the next
# test).
RESET_PAGE = '<!doctype html><link rel="icon" href="data:,"><title>reset</title>'

CLEAR_STORAGE = """async (keep) => {
  localStorage.clear();
  sessionStorage.clear();
  if (self.caches) {
    for (const name of await caches.keys()) await caches.delete(name);
  }
  for (const {name} of await indexedDB.databases()) {
    if (name === keep) continue;
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = resolve;
      request.onblocked = resolve;
      request.onerror = () => reject(request.error);
    });
  }
  const workers = navigator.serviceWorker;
  if (workers) {
    for (const registration of await workers.getRegistrations()) await registration.unregister();
  }
}"""
# BrowserContext methods whose effect outlives the test and that no reset undoes: a test that
# calls one spoils its pooled context, which is closed after it.
SPOILING = ("add_init_script", "expose_binding", "expose_function", "set_extra_http_headers",
            "set_geolocation", "route_web_socket", "set_default_timeout",
            "set_default_navigation_timeout")
# The same for a pooled page: Page methods whose effect outlives the test in that tab.
PAGE_SPOILING = ("add_init_script", "expose_binding", "expose_function",
                 "set_extra_http_headers", "route_web_socket", "set_default_timeout",
                 "set_default_navigation_timeout", "emulate_media", "add_locator_handler")


def remembered(method: Any, into: list[tuple[str, Any]]) -> Any:
    """``method`` (an ``on`` or ``once``) that also notes each (event, handler) in ``into``,
    for the reset to remove."""
    def add(event: str, handler: Any) -> None:
        into.append((event, handler))
        method(event, handler)
    return add


def spoiling(method: Any, entry: Any, flag: str) -> Any:
    """``method`` that also sets ``entry.<flag>`` (its context or tab is not reused)."""
    def call(*args: Any, **kwargs: Any) -> Any:
        setattr(entry, flag, True)
        return method(*args, **kwargs)
    return call


@dataclass
class Pooled:
    """One pooled context with what its reset needs: the origins it visited, the listeners
    the current test added (event, handler) and whether the test spoiled it."""

    context: BrowserContext
    origins: set[str] = field(default_factory=set)
    listeners: list[tuple[str, Any]] = field(default_factory=list)
    spoiled: bool = False
    profile: str | None = None  # a persistent context's profile folder, removed with it
    # The pooled tab (see the module's docstring), the viewport it had when made, the
    # listeners the current test added to it and whether the test spoiled it.
    page: Page | None = None
    viewport: ViewportSize | None = None
    page_listeners: list[tuple[str, Any]] = field(default_factory=list)
    page_spoiled: bool = False


class ContextPool:
    """Browser contexts kept for the whole session of one pytest-xdist worker, one per
    (browser, context options); see the module's docstring."""

    def __init__(self, launch_args: dict[str, Any] | None = None) -> None:
        self.pooled: dict[tuple[int, str], Pooled] = {}
        # Chromium's launch options (``browser_type_launch_args``), for persistent contexts.
        self.launch_args = launch_args or {}

    def take(self, browser: Browser, args: dict[str, Any]) -> BrowserContext:
        """The pooled context of ``browser`` with options ``args`` (``browser.new_context``'s
        keyword arguments), made on first use; it was reset after its last test."""
        key = (id(browser), repr(sorted(args.items())))
        entry = self.pooled.get(key)
        if entry is None or entry.context.is_closed() or not browser.is_connected():
            entry = self.pooled[key] = self.open(browser, args, self.launch_args)
        return entry.context

    @staticmethod
    def open(browser: Browser, args: dict[str, Any], launch_args: dict[str, Any]) -> Pooled:
        """A new context whose ``on``/``once`` calls are remembered (to remove them in the
        reset) and whose spoiling methods mark it spoiled: in Chromium a persistent context
        on a temporary profile (see the module's docstring), else one of ``browser``."""
        profile = None
        if (browser.browser_type.name == "chromium"
                and os.environ.get("CASSINO_E2E_PERSIST") != "0"):
            profile = tempfile.mkdtemp(prefix="cassino-e2e-profile-")
            context = browser.browser_type.launch_persistent_context(
                profile, **launch_args, **args)
            for page in context.pages:  # its first blank page; every test opens its own
                page.close()
        else:
            context = browser.new_context(**args)
        entry = Pooled(context, profile=profile)
        context.on("request", lambda request: entry.origins.add(origin_of(request.url)))

        for name in ("on", "once"):
            setattr(context, name, remembered(getattr(context, name), entry.listeners))
        for name in SPOILING:
            setattr(context, name, spoiling(getattr(context, name), entry, "spoiled"))
        return entry

    def page(self, context: BrowserContext) -> Page:
        """A tab of ``context``: if it is pooled, its pooled tab while still usable, else a new
        tab made the pooled one (its ``on``/``once`` calls remembered and its spoiling methods
        marking it spoiled, as the context's are); a context not pooled gets a new tab."""
        entry = next((entry for entry in self.pooled.values() if entry.context is context),
                     None)
        if entry is None:
            return context.new_page()
        if entry.page is not None and not entry.page.is_closed():
            return entry.page
        page = context.new_page()
        entry.page, entry.viewport, entry.page_spoiled = page, page.viewport_size, False
        entry.page_listeners.clear()
        for name in ("on", "once"):
            setattr(page, name, remembered(getattr(page, name), entry.page_listeners))
        for name in PAGE_SPOILING:
            setattr(page, name, spoiling(getattr(page, name), entry, "page_spoiled"))
        return page

    def give_back(self, context: BrowserContext, failed: bool) -> None:
        """After a test: reset its context for the next test, or close it (the test failed,
        spoiled it, or the reset failed) so that the next test gets a new one."""
        key = next((key for key, entry in self.pooled.items() if entry.context is context), None)
        if key is None:
            return
        entry = self.pooled[key]
        if not failed and not entry.spoiled and not context.is_closed():
            try:
                self.reset(entry)
                return
            except Exception as error:  # any failure: this context is not reused
                print(f"pooled context not reused, its reset failed: {error}")
        del self.pooled[key]
        self.close(entry)

    @staticmethod
    def close(entry: Pooled) -> None:
        """Close ``entry``'s context (a persistent one with its browser) and its profile."""
        if not entry.context.is_closed():
            entry.context.close()
        if entry.profile:
            shutil.rmtree(entry.profile, ignore_errors=True)

    def close_all(self) -> None:
        """Close every pooled context (at the end of the session)."""
        for entry in self.pooled.values():
            with contextlib.suppress(Exception):  # its browser may be gone already
                self.close(entry)
        self.pooled.clear()

    @staticmethod
    def reset(entry: Pooled) -> None:
        """Undo what a test can leave in ``entry``'s context (see the module's docstring)."""
        context = entry.context
        # The pooled tab, if still open and unspoiled, runs the reset itself and stays open;
        # every other page is closed. Its own listeners and routes go first.
        tab = entry.page
        if tab is not None and (tab.is_closed() or entry.page_spoiled):
            if not tab.is_closed():
                tab.close()
            tab = entry.page = None
        for page in context.pages:
            if page is not tab and not page.is_closed():
                page.close()
        for event, handler in entry.listeners:
            with contextlib.suppress(KeyError):  # a ``once`` listener that already ran
                context.remove_listener(event, handler)
        entry.listeners.clear()
        if tab is not None:
            for event, handler in entry.page_listeners:
                with contextlib.suppress(KeyError):
                    tab.remove_listener(event, handler)
            entry.page_listeners.clear()
            tab.unroute_all(behavior="ignoreErrors")
            if entry.viewport and tab.viewport_size != entry.viewport:
                tab.set_viewport_size(entry.viewport)
            # Where a new tab's mouse is, so no hover is left on the next test's page: off the
            # page in Chromium; Firefox over WebDriver BiDi refuses a point outside the
            # viewport ("move target out of bounds") and starts a new tab's pointer at 0, 0.
            if context.browser is not None and context.browser.browser_type.name == "firefox":
                tab.mouse.move(0, 0)
            else:
                tab.mouse.move(-1, -1)
        context.unroute_all(behavior="ignoreErrors")
        context.clear_cookies()
        context.clear_permissions()
        context.set_offline(False)
        origins = sorted(origin for origin in entry.origins if origin.startswith("http"))
        if not origins:
            return
        context.route(f"**{RESET_PATH}", lambda route: route.fulfill(
            status=200, content_type="text/html", body=RESET_PAGE))
        page = tab or context.new_page()
        try:
            for origin in origins:
                page.goto(origin + RESET_PATH)
                page.evaluate(CLEAR_STORAGE, SNAPSHOT_DATABASE)
            entry.origins.clear()  # emptied (the next test's requests add its own again)
        finally:
            if page is not tab:
                page.close()
            context.unroute_all(behavior="ignoreErrors")


@pytest.fixture(scope="session")
def context_pool(playwright: Playwright, browser_type_launch_args: dict[str, Any]
                 ) -> Iterator[ContextPool]:
    """This worker's pool of browser contexts, closed at the end of the session (before
    Playwright stops: hence ``playwright``)."""
    pool = ContextPool(browser_type_launch_args)
    yield pool
    pool.close_all()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, Any, None]:
    """Note on the test whether its setup or call failed (``context`` reads it at teardown)."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.failed:
        item.stash[FAILED] = True


FAILED = pytest.StashKey[bool]()


def needs_fresh_context(request: pytest.FixtureRequest, args: dict[str, Any]) -> bool:
    """Whether the test gets a context of its own rather than a pooled one: marked
    ``fresh_context``, allowing service workers, or pooling turned off."""
    return (os.environ.get("CASSINO_E2E_POOL") == "0"
            or request.node.get_closest_marker("fresh_context") is not None
            or args.get("service_workers") == "allow")


@pytest.fixture
def context(new_context: Any, browser: Browser, browser_context_args: dict[str, Any],
            context_pool: ContextPool, request: pytest.FixtureRequest
            ) -> Iterator[BrowserContext]:
    """pytest-playwright's ``context``, pooled (see the module's docstring): a fresh context
    for tests that need one, else this worker's pooled context for the test's options (the
    session's ``browser_context_args`` with the test's ``browser_context_args`` marker)."""
    marker = request.node.get_closest_marker("browser_context_args")
    args = {**browser_context_args, **(marker.kwargs if marker else {})}
    if needs_fresh_context(request, args):
        fresh = new_context()
        with counting_boots(fresh, request.node):
            yield fresh
        return
    pooled = context_pool.take(browser, args)
    with counting_boots(pooled, request.node):
        yield pooled
    context_pool.give_back(pooled, failed=request.node.stash.get(FAILED, False))


# The file every boot of the engine asks for once, from a snapshot or not: Pyodide's
# WebAssembly (web/engine-worker.js; the page and the worker each ask for the manifest).
BOOT_FILE = "/pyodide/pyodide.asm.wasm"


@contextlib.contextmanager
def counting_boots(context: BrowserContext, item: pytest.Item) -> Iterator[None]:
    """Count the engine's boots in ``context`` while the test runs (its requests for
    ``BOOT_FILE``) and keep the count on the test's report (``user_properties``
    ``("boots", n)``) for the closing time table. A boot is the one cost every browser test
    pays (about 1.4 s of Chromium's CPU on this machine, 2026-12-06; issue 17). The service
    worker's copy of the site for offline play asks for the file too (a test that allows it
    counts one boot more)."""
    boots = 0

    def seen(request: Request) -> None:
        nonlocal boots
        if urlsplit(request.url).path.endswith(BOOT_FILE):
            boots += 1

    context.on("request", seen)
    try:
        yield
    finally:
        item.user_properties.append(("boots", boots))


@pytest.fixture
def page(context: BrowserContext, context_pool: ContextPool) -> Page:
    """pytest-playwright's ``page``, pooled with its context (see the module's docstring): in
    a pooled context the tab the last test left (or a new one), else a new tab."""
    return context_pool.page(context)


def browser_of(item: pytest.Item) -> str | None:
    """The browser a collected test runs in (pytest-playwright's ``browser_name``), or None."""
    callspec = getattr(item, "callspec", None)
    browser: str | None = callspec.params.get("browser_name") if callspec else None
    return browser


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run in Chromium every test; in the other browsers only those marked ``every_browser``
    (unless ``CASSINO_E2E_ALL=1``), so that CI's Firefox run stays short; the later cases of
    ``permuted`` tests only in a long run (``split_permutations``).

    The tests of the other browsers run first: each is a whole match (20-90 s, against 2-10 s
    for most Chromium tests), and one of them left for last kept a pytest-xdist worker busy
    while the other had nothing left to run (CI55: 5,273 worker-seconds, 2,762 s of wall time
    with two workers)."""
    items[:], permutations = split_permutations(items, LONG)
    if permutations:
        config.hook.pytest_deselected(items=permutations)
    if os.environ.get("CASSINO_E2E_ALL") != "1":
        keep: list[pytest.Item] = []
        dropped: list[pytest.Item] = []
        for item in items:
            if browser_of(item) in (None, "chromium") or item.get_closest_marker("every_browser"):
                keep.append(item)
            else:
                dropped.append(item)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = keep
    items.sort(key=lambda item: browser_of(item) in (None, "chromium"))  # stable: False first


# How many files the run's time table lists (pytest_terminal_summary).
TIME_TABLE_ROWS = 25


def time_by_file(reports: list[pytest.TestReport]) -> list[tuple[str, str, int, float, int]]:
    """The run's time by test file and browser, most first: rows ``(file, browser, tests,
    seconds, boots)``, seconds being the setup, call and teardown durations of every test of
    that file in that browser added up (worker seconds: with ``-n 2`` the run's wall time is
    about half the sum), boots the engine boots its tests made (``counting_boots``, read from
    the teardown reports). The browser is the test id's ``chromium``/``firefox``/``webkit``
    part, or ``-`` for a test without one."""
    seconds: dict[tuple[str, str], float] = {}
    tests: dict[tuple[str, str], set[str]] = {}
    boots: dict[tuple[str, str], int] = {}
    for report in reports:
        path = report.nodeid.split("::", 1)[0]
        found = re.search(r"\[(chromium|firefox|webkit)\b", report.nodeid)
        key = (path, found.group(1) if found else "-")
        seconds[key] = seconds.get(key, 0.0) + report.duration
        tests.setdefault(key, set()).add(report.nodeid)
        if report.when == "teardown":
            boots[key] = boots.get(key, 0) + sum(
                int(str(value)) for name, value in report.user_properties if name == "boots")
    rows = [(path, browser, len(tests[(path, browser)]), total, boots.get((path, browser), 0))
            for (path, browser), total in seconds.items()]
    return sorted(rows, key=lambda row: -row[3])


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    """After the run, print where its time went by file and browser (``time_by_file``, the
    first ``TIME_TABLE_ROWS`` rows and the rest summed): the per-test boot is the same for
    every test, so the files with many tests or long games lead (issue 17, CI's time)."""
    reports = [report for values in terminalreporter.stats.values() for report in values
               if isinstance(report, pytest.TestReport)]
    rows = time_by_file(reports)
    if len(rows) < 2:
        return
    total = sum(row[3] for row in rows)
    write = terminalreporter.write_line
    terminalreporter.section("time by file and browser (worker seconds, engine boots)")
    for path, browser, count, seconds, boots in rows[:TIME_TABLE_ROWS]:
        write(f"{seconds:8.1f} s {100 * seconds / total:5.1f}% {count:4d} tests "
              f"{seconds / count:6.1f} s/test {boots:5d} boots  {browser:<8} {path}")
    rest = rows[TIME_TABLE_ROWS:]
    if rest:
        seconds = sum(row[3] for row in rest)
        count = sum(row[2] for row in rest)
        boots = sum(row[4] for row in rest)
        write(f"{seconds:8.1f} s {100 * seconds / total:5.1f}% {count:4d} tests "
              f"{seconds / count:6.1f} s/test {boots:5d} boots  (the other {len(rest)} rows)")
    tests = sum(row[2] for row in rows)
    boots = sum(row[4] for row in rows)
    write(f"{total:8.1f} s in all, {tests} tests, {boots} engine boots ({boots / tests:.2f} "
          "a test)")


@dataclass
class PageWatch:
    """What a page did that a healthy page never does, recorded as it happens."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    expected_errors: list[str] = field(default_factory=list)
    # Firefox over WebDriver BiDi, policy meant to be bypassed: Playwright's own string
    # predicates (wait_for_function) run as an eval in the page, and the bypass does not always
    # reach a reloaded document, so Firefox reports the refusal of *Playwright's* eval. The
    # page itself never evals: test_offline.py keeps the policy on and fails on any error.
    tests_eval: bool = False

    def on_console(self, message: ConsoleMessage) -> None:
        """Record console errors, except those a test announced (substring match)."""
        if message.type == "error" and not any(part in message.text
                                               for part in self.expected_errors):
            where = message.location
            self.console_errors.append(f"{message.text} ({where.get('url')}:"
                                       f"{where.get('lineNumber')}:{where.get('columnNumber')})")

    def on_page_error(self, error: Any) -> None:
        """Record uncaught exceptions, except a policy's refusal of an eval when told to."""
        if self.tests_eval and any(words in str(error) for words in TESTS_EVAL_REFUSED):
            return
        self.console_errors.append(f"uncaught: {error}")

    def on_request(self, request: Request) -> None:
        """Record requests to any other origin (http(s); data: and blob: stay local)."""
        parts = urlsplit(request.url)
        local = f"{parts.scheme}://{parts.netloc}" == self.origin
        if parts.scheme in ("http", "https", "ws", "wss") and not local:
            self.foreign_requests.append(request.url)

    def attach(self, context: BrowserContext, page: Page) -> None:
        """Listen on the context too, so the worker's requests are seen."""
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        context.on("request", self.on_request)

    def serve_from(self, url: str) -> None:
        """Take ``url``'s origin as the page's own (for tests on another server)."""
        self.origin = origin_of(url)

    def problems(self) -> list[str]:
        """Every recorded problem as text; empty when the page behaved."""
        return ([f"console error: {text}" for text in self.console_errors]
                + [f"request to another origin: {url}" for url in self.foreign_requests])


def origin_of(url: str) -> str:
    """``http://127.0.0.1:PORT`` of a URL."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def watch(context: BrowserContext, page: Page, site_url: str,
          request: pytest.FixtureRequest) -> Iterator[PageWatch]:
    """Watch ``page`` for console errors and foreign requests; fail at teardown if any.

    Tests that expect an error add a substring of it to ``watch.expected_errors``; tests that
    serve from another URL set ``watch.origin``.
    """
    marker = request.node.get_closest_marker("browser_context_args")
    keeps_policy = bool(marker and marker.kwargs.get("bypass_csp") is False)
    firefox = context.browser is not None and context.browser.browser_type.name == "firefox"
    recorder = PageWatch(origin=origin_of(site_url), tests_eval=firefox and not keeps_policy)
    recorder.attach(context, page)
    yield recorder
    problems = recorder.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems))


# Resolves true as soon as the body's attribute ``name`` is there and is not ``unlike`` (null:
# any value; for "data-engine" a missing attribute counts too, as in the selector
# ``body:not([data-engine=loading])``), false after ``ms``; watched by a MutationObserver.
BODY_ATTRIBUTE_SET = """([name, unlike, ms]) => new Promise((resolve) => {
  const body = document.body;
  if (!body) { resolve(false); return; }
  const done = () => (unlike === null ? body.hasAttribute(name)
    : body.getAttribute(name) !== unlike);
  if (done()) { resolve(true); return; }
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(true);
  });
  observer.observe(body, { attributes: true, attributeFilter: [name] });
  const timer = setTimeout(() => { observer.disconnect(); resolve(false); }, ms);
})"""
# How long the observer waits before the selector takes over (with READY_TIMEOUT_MS).
OBSERVED_WAIT_MS = 10_000


def wait_for_body(page: Page, name: str, unlike: str | None) -> None:
    """Wait until the body has attribute ``name`` (``unlike`` None), or has it not set to
    ``unlike`` (a missing attribute counts: the selector ``body:not([name=unlike])``).

    First in the page, by a MutationObserver (``BODY_ATTRIBUTE_SET``), which answers the moment
    the attribute changes; then, if that has not answered (a navigation under way, a slow
    machine), by Playwright's selector wait. The selector alone polls at 0, 20, 70, 170 and
    270 ms, then every 500 ms: an engine ready 0.39 s after the navigation was seen at 0.89 s,
    at each of the 745 boots of a run (2026-12-07, Chromium, a quiet machine). The observer
    runs through ``page.evaluate``, as the selector does, never as an eval: it works under the
    page's policy."""
    try:
        if page.evaluate(BODY_ATTRIBUTE_SET, [name, unlike, OBSERVED_WAIT_MS]):
            return
    except PlaywrightError:
        pass  # the document went away meanwhile (a navigation): the selector waits for the next
    selector = f"body[{name}]" if unlike is None else f"body:not([{name}={unlike}])"
    page.wait_for_selector(selector, state="attached", timeout=READY_TIMEOUT_MS)


def wait_until_ready(page: Page) -> None:  # also a fixture: ``wait_ready``
    """Wait for ``body[data-engine=ready]`` and then for the interface's start to end
    (``body[data-app]``: started, missing or error; web/main.js); fail with the page's error
    text if the engine failed. The engine is ready before the interface has read the saved
    game: a test that changes storage and reloads must not race the page's own start."""
    # Not wait_for_function: it evals its predicate, which the page's policy refuses.
    wait_for_body(page, "data-engine", "loading")
    state = page.evaluate("document.body.dataset.engine")
    if state != "ready":
        message = page.text_content("#load-error-message")
        pytest.fail(f"the engine did not load (state {state!r}): {message}")
    wait_for_body(page, "data-app", None)


def start_by(page: Page, dialog: Locator, how: str) -> None:
    """Press Start with the mouse, or with Enter on the focused Start button."""
    start = dialog.locator("[data-action=start-game]")
    if how == "mouse":
        start.click()
    else:
        start.focus()
        page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()


# What has the focus: its data-action (or data-key, name), and whether its centre is on screen
# and not covered (the browser scrolls a focused control into view; a sticky bar could hide it).
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {what: "body", seen: false};
  const r = a.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const hit = inside ? document.elementFromPoint(x, y) : null;
  return {what: a.dataset.action || a.dataset.key || a.name || a.tagName,
          seen: Boolean(hit && (hit === a || a.contains(hit) || hit.contains(a)))};
}"""


def tabs_to_start(page: Page, limit: int = 40) -> int:
    """Press Tab from where the focus is until it reaches Start (``data-action=start-game``);
    answer how many presses that took, checking that Start is then in sight."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        focused: dict[str, Any] = page.evaluate(FOCUSED)
        if focused["what"] == "start-game":
            assert focused["seen"], "Start has the focus but is not in sight"
            return presses
    pytest.fail(f"Start not reached in {limit} Tab presses")


def focused_control(page: Page) -> str:
    """The focused control's data-action, data-key or name."""
    what: str = page.evaluate(FOCUSED)["what"]
    return what


@pytest.fixture
def wait_ready() -> Any:
    """``wait_ready(page)``: wait until the engine is ready, failing with the page's error."""
    return wait_until_ready


@pytest.fixture
def game_page(page: Page, watch: PageWatch, site_url: str) -> Page:
    """The site's page with the engine ready, watched for errors (see ``watch``)."""
    page.goto(site_url)
    wait_until_ready(page)
    return page


# The replace question (web/ui/replace.js) is open, or the page went on without asking.
_ASKED_OR_GONE_ON = """() => !!document.querySelector("dialog[data-dialog=replace][open]")
  || (document.getElementById("app") || {dataset: {}}).dataset.ready === "1" """


def play_the_new_deal(page: Page) -> None:
    """After opening another deal's address over a saved game: answer the page's "Replace the
    game in progress?" with "Play the new deal" when it asks (web/ui/replace.js), as a player
    who wants that deal does; nothing when the page did not ask."""
    page.wait_for_function(_ASKED_OR_GONE_ON, timeout=READY_TIMEOUT_MS)
    new = page.locator("dialog[data-dialog=replace][open] [data-action=replace-new]")
    if new.count():
        new.click()


# The game menu of the top bar (web/shell/menu.js): its settings are <select>s, its other
# items buttons.
MENU_SETTINGS = ("speed", "think", "language")


def menu_item(page: Page, action: str) -> Locator:
    """The game menu's item ``action`` (its ``data-action``; ``speed``, ``think`` or
    ``language``: that setting's <select>), the menu opened first (by its button) when it is
    closed. Clicking a button item closes the menu again, as a player choosing it does."""
    button = page.locator("#app .game-menu [data-action=menu]")
    if button.get_attribute("aria-expanded") != "true":
        button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    if action in MENU_SETTINGS:
        return page.locator(f"#app .game-menu select[name={action}]")
    return page.locator(f"#app .game-menu [data-action={action}]")


def load_record_from_menu(page: Page, record: object) -> None:
    """Loads ``record`` (an object, sent as its JSON text) as a player would: the menu's Load
    record, the text pasted, Load (load_over_game), and the dialog closed."""
    menu_item(page, "load-record").click()
    records = page.locator("dialog[data-dialog=records]")
    records.locator("#record-text").fill(json.dumps(record))
    load_over_game(page)
    expect(records).to_be_hidden()


def load_over_game(page: Page) -> None:
    """Presses Load in the records dialog. The engine checks the text first (web/ui/records.js):
    a text it refuses is told in the dialog at once, with no question; a record it would load
    over a game in progress (not a finished match) makes the page ask "Replace the game in
    progress?": answer Replace."""
    phase = page.locator("#app").get_attribute("data-phase")
    page.locator("dialog[data-dialog=records] [data-action=do-load-record]").click()
    if phase and phase != "match_over":
        replace = page.locator("dialog[data-dialog=replace] [data-action=replace-new]")
        refused = page.locator("dialog[data-dialog=records] .records-error[data-error='1']")
        expect(replace.or_(refused)).to_be_visible()
        if replace.is_visible():
            replace.click()
