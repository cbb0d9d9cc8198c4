"""Print what each seed deals, as one JSON object.

The same file runs in CPython and inside Pyodide, so a test can check that a seed deals the
same cards in both (the engine's promise: one ``random.Random(seed)`` per game):

    python tests/pyodide/deal.py 1 2 3
    node tests/pyodide/run_in_pyodide.mjs --script tests/pyodide/deal.py -- 1 2 3

Output: ``{"python": "3.14.2", "seeds": {"1": {"random": [...], "pack": [...], "match": {...}}}}``
with, for each seed:

- ``random``: ``random.Random(seed).shuffle(list(range(52)))``, the bare generator;
- ``pack``: ``cassino_core.cards.shuffled_pack(random.Random(seed))``, the deck order;
- ``match``: the first deal of ``Match(CLASSIC, seed)``: dealer, hands, table and stock.
"""

from __future__ import annotations

import json
import platform
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path


def texts(cards: Iterable[object]) -> list[str]:
    return [str(card) for card in cards]


def deal_one(seed: int) -> dict[str, object]:
    from cassino_core import CLASSIC, Match
    from cassino_core.cards import shuffled_pack

    bare = list(range(52))
    random.Random(seed).shuffle(bare)
    first = Match(CLASSIC, seed=seed).state.round
    return {
        "random": bare,
        "pack": texts(shuffled_pack(random.Random(seed))),
        "match": {
            "dealer": first.dealer,
            "hands": [texts(hand) for hand in first.hands],
            "table": texts(first.loose),
            "stock": texts(first.stock),
        },
    }


def deal(seeds: Sequence[int]) -> dict[str, object]:
    return {
        "python": platform.python_version(),
        "seeds": {str(seed): deal_one(seed) for seed in seeds},
    }


def main(argv: Sequence[str]) -> int:
    root = Path(__file__).resolve().parents[2]
    if (root / "cassino_core").is_dir() and str(root) not in sys.path:
        sys.path.insert(0, str(root))  # run by hand from a checkout (inside Pyodide: the wheel)
    if not argv:
        print("usage: deal.py SEED [SEED...]", file=sys.stderr)
        return 2
    print(json.dumps(deal([int(arg) for arg in argv])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
