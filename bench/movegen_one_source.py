"""Legal-move generation before and after the rules moved into one place (the specs).

    python bench/movegen_one_source.py [--before COMMIT] [--positions N]

Loads ``cassino_core/movegen.py`` as it was at ``--before`` (default ``ebe2ec7``, where
``families_for`` and ``specs_for`` each checked the rules) beside the current one, in the same
process, and times on the same positions, alternating the two so a loaded machine slows both
alike: listing families (``families_for``), listing moves (``legal_moves``), counting them
(``count_legal_moves``) and one selection (``select``). Positions: seeded random play under the
Classic, Royal and four-player presets, and the three crowded tables of
:func:`cassino_core.bench.crowded_positions`. Prints CPU milliseconds; asserts only that both
list the same moves (a benchmark, not a test).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cassino_core import movegen as after  # noqa: E402
from cassino_core.bench import crowded_positions  # noqa: E402
from cassino_core.game import Round, RoundState  # noqa: E402
from cassino_core.rules import CLASSIC, PRESETS  # noqa: E402


def load_before(commit: str) -> ModuleType:
    """``cassino_core/movegen.py`` at ``commit``, imported as a module of the package."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:cassino_core/movegen.py"],
                          check=True, capture_output=True, text=True).stdout
    path = Path("/tmp") / f"movegen_before_{commit}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("cassino_core._movegen_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def positions(count: int) -> list[RoundState]:
    """Positions of seeded random play: Classic, Royal, and four players in partnerships."""
    out: list[RoundState] = []
    for rules in (CLASSIC, PRESETS["royal"], CLASSIC.replace(players=4)):
        rng = random.Random(31)
        seed = 0
        mine: list[RoundState] = []
        while len(mine) < count:
            r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
            seed += 1
            while not r.finished and len(mine) < count:
                mine.append(r.state)
                r.play(rng.choice(r.legal_moves()))
        out += mine
    return out


def timed(job: Callable[[ModuleType, list[RoundState]], object], module: ModuleType,
          group: list[RoundState]) -> float:
    """CPU seconds of one run of ``job`` with ``module`` over ``group``."""
    start = time.process_time()
    job(module, group)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="ebe2ec7")
    parser.add_argument("--positions", type=int, default=1000, help="per ruleset")
    args = parser.parse_args()
    before = load_before(args.before)
    states = positions(args.positions)
    crowded = list(crowded_positions().values())

    def args_of(s: RoundState) -> tuple[Any, ...]:
        return (s.rules, s.hands[s.turn], s.loose, s.builds, s.turn)

    for s in states + crowded:  # same moves, and every cache warm for both
        assert before.legal_moves(*args_of(s)) == after.legal_moves(*args_of(s))
    jobs: dict[str, Callable[[ModuleType, list[RoundState]], object]] = {
        "families_for": lambda m, ss: [m.families_for(*args_of(s)) for s in ss],
        "legal_moves": lambda m, ss: [m.legal_moves(*args_of(s)) for s in ss],
        "count_legal_moves (cap 201)": lambda m, ss: [
            m.count_legal_moves(*args_of(s), 201) for s in ss],
        "select (first card)": lambda m, ss: [
            m.select(*args_of(s)[:4], s.turn, s.hands[s.turn][0], frozenset()) for s in ss
            if s.hands[s.turn]],
    }
    print(f"{len(states)} positions of play (Classic, Royal, 4 players), "
          f"{len(crowded)} crowded tables; CPU ms, best of 3, before -> after")
    for name, job in jobs.items():
        for label, group, repeat in (("play", states, 3), ("crowded", crowded, 3)):
            t_before = t_after = float("inf")
            for _ in range(repeat):  # alternate, so load drifts hit both
                t_before = min(t_before, timed(job, before, group))
                t_after = min(t_after, timed(job, after, group))
            print(f"  {name:28} {label:8} {t_before * 1000:9.1f} -> {t_after * 1000:9.1f}"
                  f"  ({t_after / t_before:5.2f}x)")


if __name__ == "__main__":
    main()
