"""Where the browser tests (tests/e2e, tests/webkit) and bench/page_load.py find their browsers
and their site.

Browsers: the system's when installed, else Playwright's own build (``python -m playwright
install chromium firefox webkit``), so that the same tests run on Debian, on macOS or on a CI
runner that installs Playwright's browsers:

- Chromium: ``$CASSINO_CHROMIUM``, else Debian's ``/usr/bin/chromium`` if present; the
  browser tests (``launch_options_for_tests``) prefer Debian's
  ``/usr/bin/chromium-headless-shell`` when it is installed, as Playwright runs its own
  headless Chromium;
- Firefox: ``$CASSINO_FIREFOX``, else Debian's ``/usr/bin/firefox-esr`` if present, driven over
  WebDriver BiDi (``channel="moz-firefox"``; needs Playwright 1.64.1 for Firefox ESR 153);
- WebKit (tests/webkit, Selenium): ``$CASSINO_WEBKIT_DRIVER``, else Debian's
  ``/usr/bin/WebKitWebDriver`` (package webkit2gtk-driver).

Set a variable to an empty value to use Playwright's own browser even where Debian's is.

The site: built once per run into a temporary folder with ``build.py``, shared by all the
pytest-xdist workers (or taken from ``$CASSINO_DIST``), served on 127.0.0.1 from a thread by
build.py's ``SiteHandler``."""

from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

try:
    import fcntl
except ImportError:  # not POSIX (Windows): each pytest-xdist worker builds its own copy
    fcntl = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
# Chromium's headless shell (package chromium-headless-shell, the same Chromium version): the
# browser without its windowing layer, what Playwright itself launches for headless Chromium.
CHROMIUM_SHELL = Path("/usr/bin/chromium-headless-shell")
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
# Quiet flags so that Chromium calls no Google service; no sandbox (CI runs as root).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


def system_browser(variable: str, default: Path) -> Path | None:
    """The system browser to drive: ``$variable`` when set (empty: none), else ``default`` if it
    exists; None means Playwright's own build of that browser."""
    given = os.environ.get(variable)
    if given is not None:
        return Path(given) if given else None
    return default if default.exists() else None


def launch_options(browser_name: str) -> dict[str, Any]:
    """Playwright launch options for ``browser_name``: the system's binary when there is one,
    with flags that keep it from calling any outside service."""
    if browser_name == "chromium":
        options: dict[str, Any] = {"args": CHROMIUM_FLAGS}
        chromium = system_browser("CASSINO_CHROMIUM", CHROMIUM)
        if chromium:
            options["executable_path"] = str(chromium)
        return options
    if browser_name == "firefox":
        firefox = system_browser("CASSINO_FIREFOX", FIREFOX)
        # Playwright makes a fresh profile for each launch, with prefs that already turn off
        # updates, telemetry, safe browsing and the like; nothing more is needed headless.
        if firefox:
            return {"channel": "moz-firefox", "executable_path": str(firefox)}
        return {}
    return {}  # webkit: Playwright's own build only (Debian's WebKitGTK: tests/webkit)


def launch_options_for_tests(browser_name: str) -> dict[str, Any]:
    """``launch_options`` for the browser tests (tests/e2e): the same, except that Chromium is
    Debian's headless shell (``CHROMIUM_SHELL``) when it is installed and
    ``$CASSINO_CHROMIUM`` is not set. The shell renders and runs the page with the same
    Chromium (Blink, V8, the same version) without the full browser's window layer, as
    Playwright's own headless Chromium does; measured here (2026-12-06, test_layout +
    test_i18n, 142 tests, two workers, alternating runs): 123.2 and 121.8 s with the full
    browser, 111.5 and 113.0 s with the shell, its browser process using half the CPU a page
    boot (0.12 against 0.24 s). Benchmarks and screenshots keep ``launch_options``: the
    browser players use."""
    options = launch_options(browser_name)
    if (browser_name == "chromium" and os.environ.get("CASSINO_CHROMIUM") is None
            and CHROMIUM_SHELL.exists()):
        options["executable_path"] = str(CHROMIUM_SHELL)
    return options


def load_build_module() -> ModuleType:
    """Import the repo's build.py under another name (``build`` is also PyPA's package)."""
    spec = importlib.util.spec_from_file_location("cassino_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_module = load_build_module()


def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``$CASSINO_DIST`` if set, else a fresh build in a temporary folder: one for the whole
    run, shared by every pytest-xdist worker (the first worker to get here builds it while
    the others wait on a file lock, then they all serve the same folder)."""
    given = os.environ.get("CASSINO_DIST")
    if given:
        path = Path(given).resolve()
        if not (path / "build-manifest.json").is_file():
            pytest.fail(f"CASSINO_DIST={given} holds no build-manifest.json: build it first")
        return path
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        # The workers' temporary folders share this parent, new for each run.
        shared = tmp_path_factory.getbasetemp().parent / "site"
        shared.mkdir(exist_ok=True)
        out = shared / "dist"
        with open(shared / "build.lock", "w", encoding="utf-8") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if not (out / "build-manifest.json").is_file():
                build_into(out)
        return out
    out = tmp_path_factory.mktemp("site") / "dist"
    build_into(out)
    return out


def build_into(out: Path) -> None:
    """Runs build.py into ``out``; a failure fails the test that needed the site."""
    done = subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.fail(f"build.py failed:\n{done.stdout}{done.stderr}")


def serve(site: Path, prefix: str = "/", handler: type[Any] | None = None) -> Iterator[str]:
    """Serve ``site`` under ``prefix`` from a thread; yield its URL; stop it afterwards.

    ``handler``: a subclass of build.py's ``SiteHandler`` to use instead of it.
    """
    base = handler or build_module.SiteHandler
    bound = type("BoundSiteHandler", (base,), {"prefix": prefix, "quiet": True})
    server = build_module.SiteServer(("127.0.0.1", 0),
                                     functools.partial(bound, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, name=f"site{prefix}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
