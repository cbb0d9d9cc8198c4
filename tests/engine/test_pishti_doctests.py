"""The examples in the docstrings of Pishti's modules (and the fishing parts they added) run
and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [f"cassino_core.pishti.{m}" for m in ("rules", "game", "match", "record", "api")]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0 and failed == 0
