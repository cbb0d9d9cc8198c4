"""The engine inside real Pyodide (Python 3.14 under Node), driven from CPython's pytest.

- ``test_engine_tests_pass_in_pyodide``: the part of ``tests/engine`` that can differ between
  CPython and Pyodide (run_in_pyodide.mjs ``PYODIDE_SUBSET``: the engine's edge with text, JSON
  and numbers, the API of both games, every preset's rules, seeded play) runs with pytest
  inside Pyodide against our freshly built wheel; ``CASSINO_PYODIDE_ALL=1`` (``make
  test-long``) runs all of ``tests/engine`` there; ``$CASSINO_PYODIDE_PYTEST_ARGS`` adds pytest
  arguments.
- ``test_seed_deals_same_cards_in_pyodide_and_cpython``: tests/pyodide/deal.py gives the same
  bare ``random.Random`` shuffle, deck order and first deal of a match for each seed in both.

Skipped when node or node_modules/pyodide is missing, except under CI=true or
CASSINO_REQUIRE_PYODIDE=1 (``make test`` sets it), where that is a failure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RUNNER = HERE / "run_in_pyodide.mjs"
DEAL = HERE / "deal.py"
SEEDS = [0, 1, 7, 42, 2024, 2**31 - 1, 2**64 + 5]
TIMEOUT = 60 * 60  # seconds for the engine tests inside Pyodide (all of them: test-long)


def node_or_skip() -> str:
    """The node executable, skipping (or failing where Pyodide is required) without one."""
    required = os.environ.get("CI") == "true" or os.environ.get("CASSINO_REQUIRE_PYODIDE") == "1"
    node = shutil.which("node")
    if node is None:
        reason = "node is not installed (scripts/setup installs it on Debian)"
    elif not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        reason = "node_modules/pyodide is missing: run `npm ci` (or scripts/setup)"
    else:
        return node
    if required:
        pytest.fail(f"{reason}; CI and `make test` need it", pytrace=False)
    pytest.skip(reason)


def run_pyodide(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    node = node_or_skip()
    env = {**os.environ, "PYTHON": sys.executable}
    result = subprocess.run(
        [node, str(RUNNER), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    # Shown by pytest when the test fails (and always with -s).
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    return result


def test_engine_tests_pass_in_pyodide() -> None:
    result = run_pyodide(timeout=TIMEOUT)
    version = re.search(r"^Pyodide (\S+), Python (3\.\d+\.\d+)", result.stdout, re.MULTILINE)
    assert version, "the runner did not print the Python version inside Pyodide"
    code = result.returncode
    assert code == 0, (
        f"pytest tests/engine failed inside Pyodide {version[1]} (Python {version[2]}), "
        f"exit code {code}; its output is above"
    )


def load_deal_script() -> object:
    spec = importlib.util.spec_from_file_location("pyodide_deal_script", DEAL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seed_deals_same_cards_in_pyodide_and_cpython() -> None:
    result = run_pyodide("--script", str(DEAL), "--", *map(str, SEEDS), timeout=300)
    code = result.returncode
    assert code == 0, f"deal.py failed inside Pyodide: exit {code}; its output is above"
    inside = json.loads(result.stdout.strip().splitlines()[-1])
    here = load_deal_script().deal(SEEDS)  # type: ignore[attr-defined]
    assert inside["python"] != here["python"], "expected two different Pythons"
    assert set(inside["seeds"]) == {str(seed) for seed in SEEDS}
    for seed, dealt in here["seeds"].items():
        assert sorted(dealt["random"]) == list(range(52))
        assert len(dealt["pack"]) == len(set(dealt["pack"])) == 52
        for part in ("random", "pack", "match"):
            assert inside["seeds"][seed][part] == dealt[part], f"seed {seed}: {part} differs"
