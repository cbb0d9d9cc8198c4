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


def bench_script(name: str) -> ModuleType:
    """bench/``name``.py as a module (bench/ is not a package)."""
    path = ROOT / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def core_versions() -> ModuleType:
    """bench/core_versions.py as a module."""
    return bench_script("core_versions")


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


def tune_policy() -> ModuleType:
    """bench/tune_policy.py as a module."""
    return bench_script("tune_policy")


def test_the_tuning_margin_is_zero_against_itself_and_reads_a_worse_policy() -> None:
    """The tuning's comparison plays each shuffle twice with the seats swapped, so a policy
    against itself is level to the point; a policy that ignores what its move leaves on the
    table (exposure 0) loses points a round to the intermediate's weights on the same
    shuffles."""
    module = tune_policy()
    from cassino_core.players import INTERMEDIATE_WEIGHTS, PolicyWeights
    from cassino_core.rules import CLASSIC

    assert module.margin(INTERMEDIATE_WEIGHTS, INTERMEDIATE_WEIGHTS, 20, 3) == 0.0
    for players in (3, 4):  # every seat (and partnership) in turn: level too
        rules = CLASSIC.replace(players=players)
        assert module.margin(INTERMEDIATE_WEIGHTS, INTERMEDIATE_WEIGHTS, 4, 3, rules) == 0.0
    careless = PolicyWeights(exposure=0.0)
    assert module.margin(careless, INTERMEDIATE_WEIGHTS, 150, 3) < 0


def test_the_tuning_runs_a_pass_and_prints_its_weights(capsys: pytest.CaptureFixture[str]) -> None:
    """A one-pass run over one weight, on few shuffles, prints each comparison and the final
    weights (every field of PolicyWeights)."""
    tune_policy().main(["--rounds", "3", "--passes", "1", "--only", "trail"])
    out = capsys.readouterr().out
    assert "pass 1 trail=0.8:" in out
    assert "final: {'per_card': 0.05" in out and "'exposure': 1.0}" in out


def test_the_tuning_refuses_rules_the_core_does_not_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        tune_policy().main(["--rules", "finnish", "--rounds", "1"])
    assert stopped.value.code == 2
    assert "--rules finnish: the playout core does not play these rules" in capsys.readouterr().err


def test_the_tuning_check_measures_every_preset_the_core_plays(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` prints one line per preset the playout core plays, and Classic with three
    and four players, each with a standard error; rules the core refuses are left out."""
    tune_policy().main(["--check", "--rounds", "2"])
    lines = capsys.readouterr().out.splitlines()
    names = [line.split(":")[0] for line in lines]
    assert names[0] == "classic" and names[-2:] == ["classic, 3 players", "classic, 4 players"]
    assert "royal" in names and "finnish" not in names
    assert all("points a round (standard error" in line for line in lines)
