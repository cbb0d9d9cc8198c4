"""build.py gives the same site for the same tree, wherever and whenever it builds.

Why it matters: the engine's memory snapshot and the service worker's cache are tagged with the
build (the hash of build-manifest.json, which lists every file's hash). A build that changed
with the folder it was written to, or with the clock, made every redeploy of the same commit a
new build: returning players fetched the wheel again and booted without the snapshot
(docs/load.md). No browser is needed; these tests sit beside the site's other tests because
they build the site.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.browser_env import ROOT, build_module


def manifest_files(site: Path) -> dict[str, str]:
    """The files of a built site and their hashes, as its build-manifest.json lists them."""
    manifest = json.loads((site / "build-manifest.json").read_text(encoding="utf-8"))
    files: dict[str, str] = manifest["files"]
    return files


def test_a_second_build_elsewhere_is_the_same_site(dist: Path, tmp_path: Path) -> None:
    """The tree built again, into a folder of another name at another depth, gives the same
    files with the same hashes (the same chunk names, the same wheel) as the run's site.
    Failed before the fix: esbuild's chunk names hashed source maps whose paths led from the
    output folder to web/, and the wheel's entries took the clock's time. (A site given by
    CASSINO_DIST must be a build of this tree.)"""
    again = tmp_path / "elsewhere" / "deeper" / "site"
    done = subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(again)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    ours, theirs = manifest_files(again), manifest_files(dist)
    assert sorted(ours) == sorted(theirs), sorted(set(ours) ^ set(theirs))
    changed = sorted(name for name in ours if ours[name] != theirs[name])
    assert not changed, changed
    assert not list(ROOT.glob(".esbuild-*")), "the bundler's staging folder was left behind"


def test_the_wheel_does_not_depend_on_the_clock(tmp_path: Path) -> None:
    """Two wheels built a few seconds apart (a zip entry's time has two-second steps) are the
    same bytes: build.py gives pip wheel SOURCE_DATE_EPOCH (WHEEL_EPOCH)."""
    first_work, second_work = tmp_path / "one", tmp_path / "two"
    first_work.mkdir()
    second_work.mkdir()
    first = build_module.build_wheel(first_work)
    time.sleep(2.5)
    second = build_module.build_wheel(second_work)
    assert first.name == second.name
    assert first.read_bytes() == second.read_bytes()
