"""Page load figures in headless Chromium: navigation to "engine ready", beside bare Pyodide.

    python bench/page_load.py [--runs 5] [--dist DIR]

Prints milliseconds (no assertions) for, alternating within one run so machine load hits both:
- ``site cold``: a fresh browser context (empty cache) opening index.html, until
  ``body[data-engine=ready]`` (Python booted, micropip loaded, our wheel installed and imported);
  the time is the page's own ``performance.now()`` at that moment, i.e. since navigation began;
- ``site warm``: the same page reloaded in that context (HTTP cache filled; revalidated);
- ``bare cold``: a tiny page, in the same dist and the same kind of module worker, that only
  runs ``loadPyodide()`` and ``1+1``: the floor any Pyodide site pays.

The bare page is written into a temporary copy of the site, never into the shipped one.
Builds the site first unless ``--dist`` (or ``$CASSINO_DIST``) names a built one.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 120_000

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="favicon.svg"><script type="module" src="bare.js"></script></head>
<body data-engine="loading"></body></html>
"""
BARE_JS = """
const worker = new Worker(new URL("bare-worker.js", import.meta.url), {type: "module"});
worker.onmessage = ({data}) => {
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.engine = data === 2 ? "ready" : "error";
};
"""
BARE_WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({
  indexURL: new URL("pyodide/", import.meta.url).href,
  lockFileURL: new URL("pyodide/pyodide-lock.json", import.meta.url).href,
});
self.postMessage(py.runPython("1+1"));
"""


def load_build_module() -> ModuleType:
    """Import the repo's build.py as ``cassino_build`` (``build`` is also PyPA's package)."""
    spec = importlib.util.spec_from_file_location("cassino_build", ROOT / "build.py")
    if spec is None or spec.loader is None:
        raise RuntimeError("cannot load build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prepare_site(dist: Path | None, work: Path) -> Path:
    """Copy (or build) the site into ``work/site`` and add the bare page; return the folder."""
    site = work / "site"
    if dist is None:
        subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(site)],
                       cwd=ROOT, check=True)
    else:
        if not (dist / "build-manifest.json").is_file():
            raise SystemExit(f"{dist} is not a built site (no build-manifest.json)")
        shutil.copytree(dist, site)
    (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (site / "bare.js").write_text(BARE_JS, encoding="utf-8")
    (site / "bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    return site


def ready_ms(page: Page) -> int:
    """Wait for the engine (or bare Python) and return ms since navigation; raise if it failed."""
    page.wait_for_function("document.body.dataset.engine !== 'loading'", timeout=TIMEOUT_MS)
    state = page.evaluate("document.body.dataset.engine")
    if state != "ready":
        raise RuntimeError(f"page did not load: {state}")
    return int(page.evaluate("Number(document.body.dataset.readyMs)"))


def measure(browser: Browser, url: str, runs: int) -> dict[str, list[int]]:
    """Run each scenario ``runs`` times, interleaved; return ms per scenario."""
    results: dict[str, list[int]] = {"site cold": [], "site warm": [], "bare cold": []}

    def site(_: int) -> None:
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "index.html")
        results["site cold"].append(ready_ms(page))
        page.reload()
        results["site warm"].append(ready_ms(page))
        context.close()

    def bare(_: int) -> None:
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "bare.html")
        results["bare cold"].append(ready_ms(page))
        context.close()

    scenarios: list[Callable[[int], None]] = [site, bare]
    for index in range(runs):
        for scenario in scenarios:
            scenario(index)
        print(f"run {index + 1}/{runs}: " + ", ".join(
            f"{name} {values[-1]} ms" for name, values in results.items()), flush=True)
    return results


def report(results: dict[str, list[int]]) -> None:
    """Print median, min and max per scenario."""
    print(f"\n{'scenario':<11} {'median':>7} {'min':>6} {'max':>6}   (ms from navigation)")
    for name, values in results.items():
        print(f"{name:<11} {statistics.median(values):>7.0f} {min(values):>6} {max(values):>6}")
    overhead = statistics.median(results["site cold"]) - statistics.median(results["bare cold"])
    print(f"\nour cost over bare Pyodide (cold medians): {overhead:.0f} ms "
          "(manifest, micropip, wheel install, import, page)")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    env_dist = os.environ.get("CASSINO_DIST")
    parser.add_argument("--dist", type=Path, default=Path(env_dist) if env_dist else None,
                        help="a built site (default: build one)")
    args = parser.parse_args()
    builder = load_build_module()
    with tempfile.TemporaryDirectory(prefix="cassino-bench-") as work:
        site = prepare_site(args.dist, Path(work))
        server = builder.make_server(site, port=0, quiet=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with sync_playwright() as playwright:
                executable = str(CHROMIUM) if CHROMIUM.exists() else None
                browser = playwright.chromium.launch(executable_path=executable, args=FLAGS)
                print(f"Chromium {browser.version}, {os.cpu_count()} cores, "
                      f"load average {os.getloadavg()[0]:.1f}", flush=True)
                try:
                    report(measure(browser, url, args.runs))
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
