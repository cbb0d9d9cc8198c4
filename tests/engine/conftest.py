"""Make the project root importable, so ``tests.engine.*`` and ``cassino_core`` resolve however
pytest is started (``pytest`` or ``python -m pytest``, from any folder)."""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
