"""Cirulla's fast legal-move generator against a brute-force reference, under every preset.

The reference reads FAMILY.md §4.7's capture rules [V] literally over every subset of the
table: an ace with no ace on the table takes the whole table (§4.4), with one it takes one of
them; any other card takes a single table card of its value, or, with none, a set adding up to
its value with the fewest cards any such set has; or any set making 15 with it. A card with a
capture may not be trailed. A declaration is offered at the seat's first turn of a deal when
its three cards add up to 9 or less (7♥ counted 1) or are three of a kind (7♥ wild).
"""

from __future__ import annotations

import itertools

import pytest

from cassino_core.cirulla.game import CirullaState, Declare, cirulla_position
from cassino_core.cirulla.rules import PRESETS, CirullaRules
from cassino_core.fishing.pack import capture_value
from cassino_core.moves import Capture, IllegalMoveError, Trail
from cassino_core.scopa.game import deal_round
from tests.engine.fishing_helpers import random_positions


def reference_sets(value: int, table: tuple) -> list[frozenset]:
    subsets = [frozenset(s) for n in range(1, len(table) + 1)
               for s in itertools.combinations(table, n)]
    if value == 1:
        aces = [s for s in subsets if len(s) == 1 and next(iter(s)).rank == 1]
        return aces or ([frozenset(table)] if table else [])
    singles = [s for s in subsets if len(s) == 1 and capture_value(next(iter(s))) == value]
    sums = [s for s in subsets if sum(capture_value(c) for c in s) == value]
    simple = singles or [s for s in sums if len(s) == min(len(t) for t in sums)]
    fifteen = [s for s in subsets if value + sum(capture_value(c) for c in s) == 15]
    return simple + [s for s in fifteen if s not in simple]


def reference_declares(state: CirullaState) -> bool:
    rules = state.rules
    assert isinstance(rules, CirullaRules)
    hand = state.hands[state.turn]
    if rules.declarations == "none" or len(hand) != 3:
        return False
    if any(d.seat == state.turn and d.deal == state.deal_number for d in state.declared):
        return False
    wild = [c for c in hand if str(c) == "7H"]
    rest = [c for c in hand if str(c) != "7H"]
    total = sum(capture_value(c) for c in rest) + len(wild)
    return total <= 9 or len({c.rank for c in rest}) == 1


def reference_moves(state: CirullaState) -> set[str]:
    out: set[str] = set()
    if state.finished:
        return out
    for card in state.hands[state.turn]:
        sets = reference_sets(capture_value(card), state.table)
        out.update(Capture(card, s).text() for s in sets)
        if not sets:
            out.add(Trail(card).text())
    if reference_declares(state):
        out.add("declare")
    return out


def positions(rules: CirullaRules, count: int, seed: int) -> list[CirullaState]:
    """States from random play (declarations included), and crowded tables of random cards."""
    found: list[CirullaState] = random_positions(rules, count, seed, deal_round,
                                                 cirulla_position)
    return found


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_fast_generator_agrees_with_the_brute_force_reference(rules: CirullaRules) -> None:
    for state in positions(rules, 300, seed=len(rules.name)):
        fast = [m.text() for m in state.legal_moves()]
        assert len(fast) == len(set(fast)), fast
        assert set(fast) == reference_moves(state), (state.hands[state.turn], state.table)


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_check_accepts_exactly_the_legal_moves(rules: CirullaRules) -> None:
    for state in positions(rules, 50, seed=7 + len(rules.name)):
        legal = {m.text() for m in state.legal_moves()}
        for card in state.hands[state.turn]:
            subsets = [frozenset(s) for n in range(1, len(state.table) + 1)
                       for s in itertools.combinations(state.table, n)][:200]
            for move in [Trail(card), Declare(), *(Capture(card, s) for s in subsets)]:
                try:
                    state.check(move)
                    accepted = True
                except IllegalMoveError as exc:
                    assert exc.reason in ("must_capture", "capture_cirulla", "no_declaration")
                    accepted = False
                assert accepted == (move.text() in legal), move.text()
