"""The examples in the docstrings of Tablić's modules (and the fishing parts they added) run
and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [*(f"cassino_core.tablic.{m}" for m in ("rules", "game", "match", "record", "api")),
           "cassino_core.fishing.capture"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0 and failed == 0
