"""Scopa's fast legal-move generator against a brute-force reference, under every preset.

The reference reads FAMILY.md §4.1's rules [V] literally over every subset of the table: a
card takes a non-empty set of table cards adding up to its value; when a single table card
has its value, only single cards may be taken; a card with no capture is trailed, and only
then (compulsory capture). The fast generator (:func:`cassino_core.fishing.capture.captures`
via :meth:`RoundState.legal_moves`) must give exactly the same moves, and :meth:`check` must
accept each of them and refuse every other subset.
"""

from __future__ import annotations

import itertools

import pytest

from cassino_core.fishing.pack import capture_value
from cassino_core.moves import Capture, IllegalMoveError, Trail
from cassino_core.scopa.game import RoundState, deal_round, position
from cassino_core.scopa.rules import PRESETS
from tests.engine.fishing_helpers import random_positions


def reference_moves(state: RoundState) -> set[str]:
    """Every legal move's text, by brute force (module docstring)."""
    out: set[str] = set()
    if state.finished:
        return out
    table = state.table
    for card in state.hands[state.turn]:
        value = capture_value(card)
        sets = [frozenset(s) for n in range(1, len(table) + 1)
                for s in itertools.combinations(table, n)
                if sum(capture_value(c) for c in s) == value]
        if any(len(s) == 1 for s in sets):
            sets = [s for s in sets if len(s) == 1]
        if sets:
            out.update(Capture(card, s).text() for s in sets)
        else:
            out.add(Trail(card).text())
    return out


def positions(name: str, count: int, seed: int) -> list[RoundState]:
    """States from random play, and crowded tables of random cards."""
    found: list[RoundState] = random_positions(PRESETS[name], count, seed, deal_round, position)
    return found


@pytest.mark.parametrize("name", list(PRESETS))
def test_fast_generator_agrees_with_the_brute_force_reference(name: str) -> None:
    for state in positions(name, 400, seed=len(name)):
        fast = [m.text() for m in state.legal_moves()]
        assert len(fast) == len(set(fast)), fast
        assert set(fast) == reference_moves(state), (state.hands[state.turn], state.table)


@pytest.mark.parametrize("name", list(PRESETS))
def test_check_accepts_exactly_the_legal_moves(name: str) -> None:
    for state in positions(name, 60, seed=7 + len(name)):
        legal = {m.text() for m in state.legal_moves()}
        for card in state.hands[state.turn]:
            subsets = [frozenset(s) for n in range(1, len(state.table) + 1)
                       for s in itertools.combinations(state.table, n)][:200]
            candidates = [Trail(card), *(Capture(card, s) for s in subsets)]
            for move in candidates:
                try:
                    state.check(move)
                    accepted = True
                except IllegalMoveError as exc:
                    assert exc.reason in ("must_capture", "match_before_sum", "capture_sum")
                    accepted = False
                assert accepted == (move.text() in legal), move.text()
