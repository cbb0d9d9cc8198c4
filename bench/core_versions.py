"""The playout core of two commits side by side: the figures of issue 16 ("Speed") before and
after a change, measured in the same run.

    python bench/core_versions.py [--base 0c449e3] [--rounds 3] [--quick]

Extracts ``cassino_core`` of the ``--base`` commit (default: :data:`BASE`, the first commit
with the playout core) with ``git archive`` into a temporary folder, then runs
``python -m cassino_core.bench --core-only --json`` alternately there and in this tree,
``--rounds`` times each (alternating, so that a change of machine load falls on both alike).
Prints each figure of the core section (engine and core random rounds a second, the legal-move
median over positions from real play, the expert's sampled deals a second of search) for both
versions: the median over the runs, and the best. CPU time of each process (the bench's own
clock in CPython). Figures only, no assertion (shared machines).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "0c449e3"
"""The first commit of this repository's history with the playout core (the recovered work,
issue 16's speed work already in it). The core before that work (ebe2ec7: about 460 rounds a
second under load, 11 us a legal-move list) is not in the history kept, so it cannot be
extracted; docs/strength.md keeps its figures."""

FIGURES = {
    "engine_rounds_per_s": ("engine: random two-player Classic rounds/s", max),
    "core_rounds_per_s": ("core: random two-player Classic rounds/s", max),
    "core_rounds_warm_per_s": ("core: the same rounds again, caches warm", max),
    "core_rounds_steady_per_s": ("core: new rounds, caches settled", max),
    "engine_legal_median_us": ("engine: legal-move median, us", min),
    "core_legal_median_us": ("core: legal-move median, us", min),
    "engine_deals_per_s": ("expert on the engine: sampled deals/s", max),
    "core_deals_per_s": ("expert on the core: sampled deals/s", max),
}
"""Each figure of ``cassino_core.bench.core_figures``: its label, and which end is best."""


def extract(commit: str, into: Path) -> None:
    """Write ``cassino_core`` of ``commit`` under ``into``.

    Raises:
        subprocess.CalledProcessError: git does not know ``commit`` (or this is no git tree).
    """
    archive = into / "base.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", commit, "cassino_core"], cwd=ROOT, stdout=out,
                       check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")


def measure(tree: Path, quick: bool) -> dict[str, float]:
    """One run of the core section of the bench with ``cassino_core`` of ``tree``."""
    command = [sys.executable, "-m", "cassino_core.bench", "--core-only", "--json"]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> None:
    """Command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each version")
    parser.add_argument("--quick", action="store_true", help="the bench's --quick")
    args = parser.parse_args(argv)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True).stdout.strip() or "this tree"
    known = subprocess.run(["git", "cat-file", "-e", f"{args.base}^{{commit}}"], cwd=ROOT,
                           capture_output=True)
    if known.returncode:
        parser.error(f"--base {args.base}: no such commit in this repository's history")
    with tempfile.TemporaryDirectory() as folder:
        base_tree = Path(folder)
        extract(args.base, base_tree)
        runs: dict[str, list[dict[str, float]]] = {"base": [], "new": []}
        for _ in range(args.rounds):
            runs["base"].append(measure(base_tree, args.quick))
            runs["new"].append(measure(ROOT, args.quick))
    print(f"playout core, {args.base} (base) beside {head} (this tree): {args.rounds} "
          f"alternating runs each of `python -m cassino_core.bench --core-only"
          f"{' --quick' if args.quick else ''}`, CPU clock; median (best)")
    for key, (label, best) in FIGURES.items():
        if any(key not in r for r in runs["base"] + runs["new"]):
            print(f"  {label:<46} (not measured by both versions)")
            continue
        cells = []
        for name in ("base", "new"):
            values = [r[key] for r in runs[name]]
            cells.append(f"{statistics.median(values):g} ({best(values):g})")
        base_median = statistics.median(r[key] for r in runs["base"])
        new_median = statistics.median(r[key] for r in runs["new"])
        ratio = (new_median / base_median if best is max else base_median / new_median
                 if new_median else 0.0)
        print(f"  {label:<46} base {cells[0]:>16}  new {cells[1]:>16}  x{ratio:.2f}")


if __name__ == "__main__":
    main()
