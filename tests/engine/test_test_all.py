"""``make test``'s driver, ``scripts/test-all``, and the setup split it relies on.

The browsers are most of a fresh machine's setup (about 320 Debian packages), and only the
browser suites need them: ``scripts/setup --browsers-only`` installs them in the background
while the checks that start no browser run, and the browser suites wait for it. These tests run
the real ``scripts/test-all`` in a copy of the ``scripts`` folder whose ``setup``, ``python``
and ``make`` are stand-ins that write down when each step starts and ends (issue 17: CI time).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Subprocesses and bash: CPython only (the run inside Pyodide leaves this out).
pytestmark = pytest.mark.cpython_only

# A stand-in for scripts/setup: the browser step ends a while (BROWSERS_SECONDS) after the lint
# has started, or after 10 s if it never does (so the order is the same on a loaded machine), and
# fails when BROWSERS_FAIL is set; every call is written down with the time it starts and ends.
FAKE_SETUP = """#!/usr/bin/env bash
log=$(dirname "$0")/../calls
echo "setup $* start $(date +%s.%N)" >>"$log"
if [[ "${1:-}" == --browsers-only ]]; then
  for _ in $(seq 100); do
    grep -q "lint start" "$log" && break
    sleep 0.1
  done
  sleep "${BROWSERS_SECONDS:-1.5}"
  echo "setup $* end $(date +%s.%N)" >>"$log"
  [[ -z "${BROWSERS_FAIL:-}" ]] || { echo "apt-get install failed"; exit 1; }
  echo "[setup] browsers: installed"
fi
"""

# A stand-in for make and for the interpreter: writes down the part it runs, and passes.
FAKE_TOOL = """#!/usr/bin/env bash
log=$(dirname "$0")/../calls
echo "$(basename "$0") $* start $(date +%s.%N)" >>"$log"
sleep 0.2
echo "$(basename "$0") $* end $(date +%s.%N)" >>"$log"
"""


def run_test_all(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess[str],
                                                        dict[str, tuple[float, float]]]:
    """Run a copy of scripts/test-all among stand-ins; answer the process and, per call
    (``make test-e2e``, ``setup --browsers-only``, ...), when it started and ended."""
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    shutil.copy(ROOT / "scripts" / "test-all", scripts / "test-all")
    tools = {"setup": FAKE_SETUP, "python": 'echo "$(dirname "$0")/fake-python"',
             "fake-python": FAKE_TOOL, "make": FAKE_TOOL}
    for name, text in tools.items():
        (scripts / name).write_text(text)
        (scripts / name).chmod(0o755)
    result = subprocess.run(
        ["bash", str(scripts / "test-all")], capture_output=True, text=True, timeout=60,
        env={**os.environ, "MAKE": str(scripts / "make"), **env}, check=False)
    calls: dict[str, list[float]] = {}
    for line in (tmp_path / "calls").read_text().splitlines():
        mark = " start " if " start " in line else " end "
        what, _, rest = line.rpartition(mark)
        name = what.replace("--no-print-directory ", "").split(" build.py")[0]
        calls.setdefault(name, []).append(float(rest))
    return result, {name: (times[0], times[-1]) for name, times in calls.items()}


def test_the_browsers_install_beside_the_checks_and_before_the_browser_suites(
        tmp_path: Path) -> None:
    result, calls = run_test_all(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    browsers = calls["setup --browsers-only"]
    # The checks that start no browser do not wait for the browsers...
    assert calls["make lint"][0] < browsers[1]
    # ... and each browser suite starts only once they are in.
    assert calls["make test-e2e"][0] >= browsers[1]
    assert calls["make test-webkit"][0] >= browsers[1]
    # The install's output and its own time are in the report.
    assert "[setup] browsers: installed" in result.stdout
    row = next(line for line in result.stdout.splitlines() if line.strip().startswith("browsers "))
    assert int(row.split()[1]) >= 1
    assert "make test: all parts passed" in result.stdout


def test_a_failed_browser_install_is_named_and_every_part_still_runs(tmp_path: Path) -> None:
    result, calls = run_test_all(tmp_path, BROWSERS_FAIL="1", BROWSERS_SECONDS="0.3")
    assert result.returncode == 1
    assert "apt-get install failed" in result.stdout
    assert "make test: FAILED: browsers" in result.stdout
    for part in ("lint", "typecheck", "test-engine", "test-pyodide", "test-e2e", "test-webkit"):
        assert f"make {part}" in calls, part


def test_setup_refuses_an_unknown_option() -> None:
    result = subprocess.run(["bash", str(ROOT / "scripts" / "setup"), "--browser-only"],
                            capture_output=True, text=True, timeout=30, check=False)
    assert result.returncode == 2
    assert "unknown option --browser-only" in result.stderr


@pytest.mark.parametrize(("target", "setup"), [
    ("play", "scripts/setup --no-browsers"),
    ("lint", "scripts/setup --no-browsers"),
    ("typecheck", "scripts/setup --no-browsers"),
    ("test-engine", "scripts/setup --no-browsers"),
    ("test-pyodide", "scripts/setup --no-browsers"),
    ("test-e2e", "scripts/setup\n"),
    ("test-webkit", "scripts/setup\n"),
])
def test_only_the_targets_that_start_a_browser_install_the_browsers(target: str,
                                                                    setup: str) -> None:
    """``make -n`` prints each target's commands without running them (none of these recipes
    runs make again, which -n would run)."""
    env = {key: value for key, value in os.environ.items() if key != "CASSINO_SETUP_DONE"}
    result = subprocess.run(["make", "-n", "--no-print-directory", "-C", str(ROOT), target],
                            capture_output=True, text=True, timeout=30, env=env, check=True)
    first = result.stdout.splitlines()[0] + "\n"
    assert setup in first
