"""Page load figures in each browser engine: navigation to "engine ready", beside bare Pyodide.

    python bench/page_load.py [--runs 3] [--dist DIR] [--engines chromium,firefox,webkit]

Prints milliseconds (no assertions), per engine, for, alternating within one run so machine
load hits both:
- ``site cold``: a fresh browser context (empty cache) opening index.html, until
  ``body[data-engine=ready]`` (Python booted, micropip loaded, our wheel installed and imported);
  the time is the page's own ``performance.now()`` at that moment, i.e. since navigation began;
- ``site reload``: the same page reloaded in that context, service workers blocked (HTTP cache
  filled; revalidated), once the first visit has stored its engine snapshot (it does so just
  after "ready"; a reload at once would find none);
- ``site warm (SW)``: in another fresh context, a first visit, a wait until the service worker
  has cached the whole site and controls the page (``body[data-offline=ready]``), then a reload
  timed: what every visit after the first costs (no network needed);
- ``bare cold``: a tiny page, served beside the site, in the same kind of module worker, that
  only runs ``loadPyodide()`` and ``1+1`` with the runtime exactly as the npm package ships it
  (node_modules/pyodide): the floor any Pyodide site pays; the targets are against it;
- ``bare, our runtime``: the same with the site's own runtime files, whose standard library
  carries bytecode (build.py): what our boot costs before micropip and the engine.

Under each engine's table, for the site's scenarios, the median time at which each of the
engine worker's loading steps ended (``body[data-load-steps]``, web/main.js): ``start`` (the
worker runs), ``manifest``, ``snapshot`` (a saved engine snapshot was read: later visits,
web/engine-snapshot.js), ``runtime`` (Pyodide booted, or restored), ``micropip``, ``install``
(our wheel installed through micropip), ``engine`` (cassino_core.api imported).

Engines: Chromium and Firefox through Playwright (the system's browsers when installed, else
Playwright's own: see tests/browser_env.py), WebKit through Selenium and Debian's WebKitGTK
(a new browser for each cold run; it needs an X display: ``make bench`` runs this under
``xvfb-run -a``). An engine that is not installed is skipped with a note.

The bare page is written into a temporary copy of the site, never into the shipped one.
Builds the site first unless ``--dist`` (or ``$CASSINO_DIST``) names a built one.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.browser_env import (  # noqa: E402 (the repository root is on the path only now)
    WEBKIT_DRIVER,
    build_module,
    launch_options,
    system_browser,
)

TIMEOUT_MS = 120_000
ENGINES = ("chromium", "firefox", "webkit")

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="favicon.svg"><script type="module" src="bare.js"></script></head>
<body data-engine="loading"></body></html>
"""
BARE_JS = """
const runtime = new URL(location.href).searchParams.get("runtime") === "ours" ? "pyodide"
  : "bare-pyodide";
const worker = new Worker(new URL(`bare-worker.js?runtime=${runtime}`, import.meta.url),
  {type: "module"});
worker.onmessage = ({data}) => {
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.engine = data === 2 ? "ready" : "error";
};
"""
BARE_WORKER = """
const runtime = new URL(import.meta.url).searchParams.get("runtime");
const { loadPyodide } = await import(`./${runtime}/pyodide.mjs`);
const py = await loadPyodide({
  indexURL: new URL(`${runtime}/`, import.meta.url).href,
  lockFileURL: new URL(`${runtime}/pyodide-lock.json`, import.meta.url).href,
});
self.postMessage(py.runPython("1+1"));
"""


def prepare_site(dist: Path | None, work: Path) -> Path:
    """Copy (or build) the site into ``work/site`` and add the bare page, with a copy of the
    npm package's runtime (it must be installed: ``npm ci``); return the folder."""
    site = work / "site"
    if dist is None:
        subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(site)],
                       cwd=ROOT, check=True)
    else:
        if not (dist / "build-manifest.json").is_file():
            raise SystemExit(f"{dist} is not a built site (no build-manifest.json)")
        shutil.copytree(dist, site)
    stock = site / "bare-pyodide"
    stock.mkdir()
    for name in (*build_module.RUNTIME_FILES, "pyodide-lock.json"):
        shutil.copyfile(build_module.NODE_PYODIDE / name, stock / name)
    (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (site / "bare.js").write_text(BARE_JS, encoding="utf-8")
    (site / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    return site


# Loading steps seen per scenario: {scenario: [{step: ms from navigation}, ...]}.
STEPS: dict[str, list[dict[str, int]]] = {}


def ready_ms(page: Page, scenario: str | None = None) -> int:
    """Wait for the engine (or bare Python) and return ms since navigation; raise if it failed.
    With ``scenario``, note the page's loading steps under it (see STEPS)."""
    # A selector, not wait_for_function, whose eval the page's Content-Security-Policy refuses.
    page.wait_for_selector("body:not([data-engine=loading])", state="attached",
                           timeout=TIMEOUT_MS)
    state = page.evaluate("document.body.dataset.engine")
    if state != "ready":
        raise RuntimeError(f"page did not load: {state}")
    if scenario:
        steps = page.evaluate("document.body.dataset.loadSteps || '{}'")
        STEPS.setdefault(scenario, []).append(json.loads(steps))
    return int(page.evaluate("Number(document.body.dataset.readyMs)"))


def offline_state(page: Page) -> str:
    """Wait until the page's service worker controls it or is known absent; return the state
    (``body[data-offline]``: "ready" or "unavailable")."""
    page.wait_for_selector("body[data-offline=ready], body[data-offline=unavailable]",
                           state="attached", timeout=TIMEOUT_MS)
    return str(page.evaluate("document.body.dataset.offline"))


# Whether the site's IndexedDB holds an engine snapshot (web/engine-snapshot.js).
SNAPSHOT_STORED = """new Promise((resolve) => {
  const open = indexedDB.open("cassino-engine");
  open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    const count = db.transaction("snapshots").objectStore("snapshots").count();
    count.onsuccess = () => { db.close(); resolve(count.result > 0); };
    count.onerror = () => { db.close(); resolve(false); };
  };
})"""


def wait_for_snapshot(page: Page, seconds: float = 10.0) -> bool:
    """Wait (up to ``seconds``) until the page's engine snapshot is stored; return whether it
    was (a browser that cannot keep one, e.g. without IndexedDB, never does)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate(SNAPSHOT_STORED):
            return True
        time.sleep(0.05)
    return False


# One scenario in one engine: the site ("index.html": cold, then reloads) or the bare page
# (cold only), each in a fresh browser (context); returns ms per scenario name.
Loader = Callable[[str], dict[str, int]]
SCENARIOS = ("site cold", "site reload", "site warm (SW)", "bare cold", "bare, our runtime")
BARE_PAGES = {"bare.html": "bare cold", "bare.html?runtime=ours": "bare, our runtime"}


def bare_scenario(url: str) -> str:
    """The scenario a bare page's URL measures (see BARE_PAGES)."""
    return next(name for page, name in BARE_PAGES.items() if url.endswith("/" + page))


def run_scenarios(load: Loader, url: str, runs: int) -> dict[str, list[int]]:
    """Run each scenario ``runs`` times, interleaved; return ms per scenario."""
    results: dict[str, list[int]] = {name: [] for name in SCENARIOS}
    for index in range(runs):
        for page in ("index.html", *BARE_PAGES):
            for name, ms in load(url + page).items():
                results[name].append(ms)
        print(f"  run {index + 1}/{runs}: " + ", ".join(
            f"{name} {values[-1]} ms" for name, values in results.items() if values),
            flush=True)
    return results


@contextmanager
def playwright_loader(name: str) -> Iterator[Loader]:
    """Chromium or Firefox through Playwright: a new context (empty cache) for each cold load;
    the HTTP-cache reload with service workers blocked, the warm one with the site's worker."""
    with sync_playwright() as playwright:
        browser: Browser = getattr(playwright, name).launch(**launch_options(name))
        where = launch_options(name).get("executable_path", "Playwright's own build")
        print(f"{name}: {browser.version} (Playwright, {where})", flush=True)

        def load(url: str) -> dict[str, int]:
            if not url.endswith("index.html"):
                context = browser.new_context()
                page = context.new_page()
                page.goto(url)
                figures = {bare_scenario(url): ready_ms(page)}
                context.close()
                return figures
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(url)
            figures = {"site cold": ready_ms(page, "site cold")}
            wait_for_snapshot(page)
            page.reload()
            figures["site reload"] = ready_ms(page, "site reload")
            context.close()
            context = browser.new_context(service_workers="allow")
            page = context.new_page()
            page.goto(url)
            ready_ms(page)
            if offline_state(page) == "ready":
                page.reload()
                figures["site warm (SW)"] = ready_ms(page, "site warm (SW)")
            context.close()
            return figures

        try:
            yield load
        finally:
            browser.close()


@contextmanager
def webkit_loader() -> Iterator[Loader]:
    """Debian's WebKitGTK through Selenium: a new browser for each cold load."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    driver_path = system_browser("CASSINO_WEBKIT_DRIVER", WEBKIT_DRIVER)
    if not driver_path or not driver_path.exists():
        raise RuntimeError("WebKitWebDriver is missing (Debian: webkit2gtk-driver)")
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise RuntimeError("no display: run under xvfb-run -a")

    def ready(driver: Any) -> int:
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while time.monotonic() < deadline:
            state = driver.execute_script(
                "return document.body && document.body.dataset.engine;")
            if state == "ready":
                return int(driver.execute_script("return Number(document.body.dataset.readyMs);"))
            if state not in (None, "loading"):
                raise RuntimeError(f"page did not load: {state}")
            time.sleep(0.05)
        raise RuntimeError("page did not load in time")

    announced: list[str] = []

    def load(url: str) -> dict[str, int]:
        driver = webdriver.WebKitGTK(options=Options(),
                                     service=Service(executable_path=str(driver_path)))
        if not announced:
            announced.append(driver.capabilities.get("browserVersion"))
            print(f"webkit: WebKitGTK {announced[0]} (Selenium, {driver_path})", flush=True)
        try:
            driver.get(url)
            if not url.endswith("index.html"):
                return {bare_scenario(url): ready(driver)}
            figures = {"site cold": ready(driver)}
            # A reload once the service worker controls the page (or is known absent).
            deadline = time.monotonic() + TIMEOUT_MS / 1000
            state = None
            while state not in ("ready", "unavailable") and time.monotonic() < deadline:
                time.sleep(0.05)
                state = driver.execute_script("return document.body.dataset.offline;")
            driver.refresh()
            figures["site warm (SW)" if state == "ready" else "site reload"] = ready(driver)
            return figures
        finally:
            driver.quit()

    yield load


def report(engine: str, results: dict[str, list[int]]) -> None:
    """Print median, min and max per scenario."""
    print(f"\n{engine:<9} {'scenario':<17} {'median':>7} {'min':>6} {'max':>6}   "
          "(ms from navigation)")
    for name, values in results.items():
        if values:
            print(f"{'':<9} {name:<17} {statistics.median(values):>7.0f} {min(values):>6} "
                  f"{max(values):>6}")
    cold = statistics.median(results["site cold"])
    bare = statistics.median(results["bare cold"])
    print(f"{'':<9} cold / bare: {cold / bare:.2f} (target 1.15 or less; bare: the npm "
          "package's runtime as shipped)")
    if results["bare, our runtime"]:
        ours = statistics.median(results["bare, our runtime"])
        print(f"{'':<9} micropip, our wheel, import and page over our own runtime's bare boot: "
              f"{cold - ours:.0f} ms; the runtime's bytecode saves {bare - ours:.0f} ms")
    if results["site warm (SW)"]:
        warm = statistics.median(results["site warm (SW)"])
        print(f"{'':<9} warm with the service worker: {warm / 1000:.2f} s (target 1.0 s or less)")
    for name in SCENARIOS:
        seen = [steps for steps in STEPS.pop(name, []) if steps]
        if not seen:
            continue
        # In order of time; a step missing from some loads gets the median of those it is in.
        names = sorted(dict.fromkeys(step for steps in seen for step in steps),
                       key=lambda step: statistics.median(s[step] for s in seen if step in s))
        print(f"{'':<9} steps, {name} (median ms): " + ", ".join(
            f"{step} {statistics.median(s[step] for s in seen if step in s):.0f}"
            for step in names))
    print(flush=True)


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    env_dist = os.environ.get("CASSINO_DIST")
    parser.add_argument("--dist", type=Path, default=Path(env_dist) if env_dist else None,
                        help="a built site (default: build one)")
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="comma-separated, from: " + ", ".join(ENGINES))
    args = parser.parse_args()
    engines = [name.strip() for name in args.engines.split(",") if name.strip()]
    unknown = set(engines) - set(ENGINES)
    if unknown:
        parser.error(f"unknown engine(s): {', '.join(sorted(unknown))}")
    with tempfile.TemporaryDirectory(prefix="cassino-bench-") as work:
        site = prepare_site(args.dist, Path(work))
        server = build_module.make_server(site, port=0, quiet=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, "
              f"{args.runs} runs per engine\n", flush=True)
        cold: dict[str, float] = {}
        try:
            for engine in engines:
                loader = webkit_loader() if engine == "webkit" else playwright_loader(engine)
                with ExitStack() as stack:
                    try:
                        load = stack.enter_context(loader)
                    except Exception as error:  # an engine not installed here: a note
                        print(f"{engine}: skipped: {str(error).splitlines()[0]}\n", flush=True)
                        continue
                    results = run_scenarios(load, url, args.runs)
                report(engine, results)
                cold[engine] = statistics.median(results["site cold"])
        finally:
            server.shutdown()
            server.server_close()
        print("cold time to engine ready (median): " + ", ".join(
            f"{engine} {ms:.0f} ms" for engine, ms in cold.items()))


if __name__ == "__main__":
    main()
