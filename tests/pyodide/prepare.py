"""Gather the wheels that tests/pyodide/run_in_pyodide.mjs installs inside Pyodide.

Runs in CPython. Prints one JSON object on stdout:

    {"python": "3.14.2", "micropip": "<path>", "deps": ["<path>", ...], "project": "<path>"}

- micropip: pinned to the version in node_modules/pyodide/pyodide-lock.json (the npm package
  ships no wheel), downloaded from PyPI once into .cache/wheels/pyodide-test/.
- deps: the pure wheels pinned in tests/pyodide/requirements.txt (pytest, hypothesis and their
  dependencies), downloaded once into the same folder. Only ``*-none-any.whl`` are accepted.
- project: our own wheel, rebuilt on every call with ``pip wheel --no-deps`` (never
  ``python -m build`` from the repo root: the local build.py would shadow the package).

Usage: python tests/pyodide/prepare.py [--project DIR] [--no-build] [--no-test-deps]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
WHEELS = ROOT / ".cache" / "wheels" / "pyodide-test"
DIST = ROOT / ".cache" / "pyodide-test" / "dist"
REQUIREMENTS = HERE / "requirements.txt"


def log(message: str) -> None:
    print(f"[prepare] {message}", file=sys.stderr, flush=True)


def normalize(name: str) -> str:
    """A distribution name as it appears at the start of a wheel's file name."""
    return re.sub(r"[-_.]+", "_", name).lower()


def read_lock() -> tuple[str, str]:
    """(Python version inside Pyodide, micropip version) from the pinned pyodide-lock.json."""
    if not LOCK.is_file():
        sys.exit(f"{LOCK.relative_to(ROOT)} is missing: run `npm ci` (or scripts/setup) first")
    lock = json.loads(LOCK.read_text(encoding="utf-8"))
    python = str(lock["info"]["python"])
    micropip = str(lock["packages"]["micropip"]["version"])
    return python, micropip


def read_pins(path: Path) -> list[tuple[str, str]]:
    pins: list[tuple[str, str]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        if not sep or not version.strip():
            sys.exit(f"{path}: every line must pin one exact version (name==version): {raw!r}")
        pins.append((name.strip(), version.strip()))
    return pins


def find_wheel(name: str, version: str) -> Path | None:
    prefix = f"{normalize(name)}-{version}-"
    for wheel in sorted(WHEELS.glob("*.whl")):
        if wheel.name.lower().startswith(prefix):
            return wheel
    return None


def ensure_wheels(pins: list[tuple[str, str]], python: str) -> list[Path]:
    """The pinned wheels, downloading those not yet in the cache (one pip call)."""
    missing = [f"{name}=={version}" for name, version in pins if not find_wheel(name, version)]
    if missing:
        WHEELS.mkdir(parents=True, exist_ok=True)
        major_minor = ".".join(python.split(".")[:2])
        log(f"downloading {' '.join(missing)} (pure wheels for Python {major_minor})")
        subprocess.run(
            [
                sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--python-version", major_minor,
                "--platform", "any", "--dest", str(WHEELS), *missing,
            ],
            check=True,
        )
    wheels: list[Path] = []
    for name, version in pins:
        wheel = find_wheel(name, version)
        if wheel is None:
            sys.exit(f"pip did not leave a wheel for {name}=={version} in {WHEELS}")
        if not wheel.name.endswith("-none-any.whl"):
            sys.exit(f"{wheel.name} is not a pure-Python wheel: Pyodide cannot install it")
        wheels.append(wheel)
    return wheels


def build_project(project: Path) -> Path:
    """Build our wheel afresh into .cache/pyodide-test/dist/ and return its path."""
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir(parents=True)
    log(f"building the wheel of {project}")
    subprocess.run(
        [
            sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
            "--no-deps", "--wheel-dir", str(DIST), str(project),
        ],
        check=True,
        stdout=sys.stderr,
    )
    built = sorted(DIST.glob("*.whl"))
    if len(built) != 1 or not built[0].name.endswith("-none-any.whl"):
        sys.exit(f"expected one pure wheel in {DIST}, found {[w.name for w in built]}")
    return built[0]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", type=Path, default=ROOT, help="folder with pyproject.toml")
    parser.add_argument("--no-build", action="store_true", help="download only; build no wheel")
    parser.add_argument("--no-test-deps", action="store_true", help="skip pytest and hypothesis")
    args = parser.parse_args(argv)

    python, micropip_version = read_lock()
    (micropip,) = ensure_wheels([("micropip", micropip_version)], python)
    deps = [] if args.no_test_deps else ensure_wheels(read_pins(REQUIREMENTS), python)
    project = None if args.no_build else build_project(args.project.resolve())
    result = {
        "python": python,
        "micropip": str(micropip),
        "deps": [str(wheel) for wheel in deps],
        "project": None if project is None else str(project),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
