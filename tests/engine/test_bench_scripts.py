"""The benchmark scripts' own inputs (bench/*.py, run by ``make bench``): what they compare
against must exist, and a wrong argument is refused by name rather than with a traceback."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def core_versions() -> ModuleType:
    """bench/core_versions.py as a module (bench/ is not a package)."""
    path = ROOT / "bench" / "core_versions.py"
    spec = importlib.util.spec_from_file_location("core_versions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def in_git_history(commit: str) -> bool:
    """True when this repository's history holds ``commit``."""
    return subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], cwd=ROOT,
                          capture_output=True).returncode == 0


def whole_history() -> bool:
    """True in a git tree with its whole history (not a shallow clone)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return False
    shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                             capture_output=True, text=True).stdout.strip()
    return shallow == "false"


needs_history = pytest.mark.skipif(not whole_history(),
                                   reason="needs this repository's whole git history")


@needs_history
def test_the_core_comparisons_default_base_is_a_commit_of_this_history() -> None:
    """Its default base was ebe2ec7, which this repository's history does not hold, so
    ``make bench`` stopped there with git's error (found 2026-12-07)."""
    module = core_versions()
    assert in_git_history(module.BASE)
    assert not in_git_history("ebe2ec7")


@needs_history
def test_an_unknown_base_commit_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        core_versions().main(["--base", "ebe2ec7"])
    assert stopped.value.code == 2
    assert "--base ebe2ec7: no such commit" in capsys.readouterr().err
