"""Escoba's fast legal-move generator against a brute-force reference, under every preset and
both settings of ``must_capture``.

The reference reads FAMILY.md §4.3's rule [V] literally over every subset of the table: a card
takes any non-empty set of table cards whose values make 15 together with its own (no match
priority, one set per play); a trail is always legal unless ``must_capture`` is on and the card
has a capture. The fast generator (:func:`cassino_core.fishing.capture.captures`, mode
``"fifteen"``, via :meth:`RoundState.legal_moves`) must give exactly the same moves, and
:meth:`RoundState.check` must accept each of them and refuse every other subset.
"""

from __future__ import annotations

import itertools

import pytest

from cassino_core.escoba.rules import PRESETS, EscobaRules
from cassino_core.fishing.pack import capture_value
from cassino_core.moves import Capture, IllegalMoveError, Trail
from cassino_core.scopa.game import RoundState, deal_round, position
from tests.engine.fishing_helpers import random_positions

RULES = [rules.replace(must_capture=flag) for rules in PRESETS.values()
         for flag in (False, True)]
IDS = [f"{r.name}-{'must' if r.must_capture else 'may'}" for r in RULES]


def reference_moves(state: RoundState) -> set[str]:
    """Every legal move's text, by brute force (module docstring)."""
    out: set[str] = set()
    if state.finished:
        return out
    table = state.table
    rules = state.rules
    assert isinstance(rules, EscobaRules)
    for card in state.hands[state.turn]:
        sets = [frozenset(s) for n in range(1, len(table) + 1)
                for s in itertools.combinations(table, n)
                if capture_value(card) + sum(capture_value(c) for c in s) == 15]
        out.update(Capture(card, s).text() for s in sets)
        if not sets or not rules.must_capture:
            out.add(Trail(card).text())
    return out


def positions(rules: EscobaRules, count: int, seed: int) -> list[RoundState]:
    """States from random play, and crowded tables of random cards."""
    found: list[RoundState] = random_positions(rules, count, seed, deal_round, position)
    return found


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_fast_generator_agrees_with_the_brute_force_reference(rules: EscobaRules) -> None:
    for state in positions(rules, 300, seed=len(rules.name) + rules.must_capture):
        fast = [m.text() for m in state.legal_moves()]
        assert len(fast) == len(set(fast)), fast
        assert set(fast) == reference_moves(state), (state.hands[state.turn], state.table)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_check_accepts_exactly_the_legal_moves(rules: EscobaRules) -> None:
    for state in positions(rules, 50, seed=7 + len(rules.name)):
        legal = {m.text() for m in state.legal_moves()}
        for card in state.hands[state.turn]:
            subsets = [frozenset(s) for n in range(1, len(state.table) + 1)
                       for s in itertools.combinations(state.table, n)][:200]
            for move in [Trail(card), *(Capture(card, s) for s in subsets)]:
                try:
                    state.check(move)
                    accepted = True
                except IllegalMoveError as exc:
                    assert exc.reason in ("must_capture", "capture_fifteen")
                    accepted = False
                assert accepted == (move.text() in legal), move.text()
