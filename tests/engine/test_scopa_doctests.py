"""The examples in the docstrings of the fishing parts, of Scopa's, Escoba's and Cirulla's
modules and of the shared sessions run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [f"cassino_core.fishing.{m}" for m in ("pack", "deal", "capture", "scoring", "match",
                                                  "round", "players", "hints", "rules",
                                                  "review")]
MODULES += [f"cassino_core.scopa.{m}" for m in ("rules", "game", "match", "record", "api",
                                                "tournament")]
MODULES += [f"cassino_core.escoba.{m}" for m in ("rules", "scoring", "record", "api",
                                                 "tournament")]
MODULES += [f"cassino_core.cirulla.{m}" for m in ("rules", "game", "scoring", "match", "record",
                                                  "api")]
MODULES += ["cassino_core.api", "cassino_core.calijack.api"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0 and failed == 0
