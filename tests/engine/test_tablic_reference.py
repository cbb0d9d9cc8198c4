"""The fast move generator of Tablić and Tablanette against a brute force written from the
rules alone (FAMILY.md §5.4; pagat): every subset of the table is tried with every hand card,
under every preset, in positions reached by random play, and the two lists of legal moves
must be equal. The several-group search of :func:`cassino_core.fishing.capture.
group_unions_of`, the check :func:`~cassino_core.fishing.capture.splits_into_groups` and the
heaviest union :func:`~cassino_core.fishing.capture.best_group_union` are checked against
brute forces on random tables with aces worth 1 or 11.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import Card, full_pack
from cassino_core.fishing.capture import best_group_union, group_unions_of, splits_into_groups
from cassino_core.moves import Capture, Trail
from cassino_core.tablic.game import RoundState, deal_round
from cassino_core.tablic.rules import PRESETS, TablicRules
from tests.engine.fishing_helpers import played_states

MAX_SUBSETS_OF = 10


def worth(card: Card, rules: TablicRules) -> tuple[int, ...]:
    """The capture values, written again from FAMILY.md §5.4: A 1 or 11, J 12 (none when
    the jack takes all), Q 13, K 14, others their number."""
    named = {1: (1, 11), 11: () if rules.jack_takes_all else (12,), 12: (13,), 13: (14,)}
    return named.get(card.rank, (card.rank,))


def splits(cards: tuple[Card, ...], value: int, rules: TablicRules) -> bool:
    """True when ``cards`` split into groups each adding up to ``value`` (one value chosen
    per card): brute force over the group holding the first card and its values."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for k in range(len(rest) + 1):
        for others in combinations(rest, k):
            group = (first, *others)
            for values in product(*(worth(x, rules) for x in group)):
                if sum(values) == value and splits(
                        tuple(x for x in rest if x not in others), value, rules):
                    return True
    return False


def brute_takes(state: RoundState, card: Card, take: tuple[Card, ...]) -> bool:
    rules = state.rules
    if card.rank == 11 and rules.jack_takes_all:
        return set(take) == set(state.table)
    return any(splits(take, v, rules) for v in worth(card, rules))


def candidate_takes(table: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every non-empty subset of the table; past :data:`MAX_SUBSETS_OF` cards, the whole
    table, each single card, each pair and the table less each card."""
    if len(table) <= MAX_SUBSETS_OF:
        return [sub for k in range(1, len(table) + 1) for sub in combinations(table, k)]
    return [table, *combinations(table, 1), *combinations(table, 2),
            *(tuple(x for x in table if x != y) for y in table)]


def brute_legal(state: RoundState) -> set[object]:
    out: set[object] = set()
    for card in state.hands[state.turn]:
        out.add(Trail(card))
        out |= {Capture(card, frozenset(sub)) for sub in candidate_takes(state.table)
                if brute_takes(state, card, sub)}
    return out


def states(name: str, seed: int) -> list[RoundState]:
    found: list[RoundState] = played_states(PRESETS[name], deal_round, seed)
    return found


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", range(3))
def test_fast_generator_equals_brute_force_under_every_preset(name: str, seed: int) -> None:
    checked = 0
    for state in states(name, seed):
        legal = state.legal_moves()
        assert len(legal) == len(set(legal)), "a move is listed twice"
        fast = set(legal)
        if len(state.table) > MAX_SUBSETS_OF:
            # only the near misses are tried: each must be in the fast list exactly when legal
            brute = brute_legal(state)
            assert brute <= fast
            assert {m for m in fast if isinstance(m, Trail)} <= brute
        else:
            assert fast == brute_legal(state)
        for move in legal[:20]:
            state.check(move)  # every listed move passes the move check
        checked += 1
    assert checked >= 48


def ace(card: Card) -> tuple[int, ...]:
    return worth(card, PRESETS["tablic"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(full_pack()), min_size=0, max_size=9, unique=True),
       st.integers(1, 14))
def test_group_unions_of_equal_every_subset_that_splits(table: list[Card], value: int) -> None:
    rules = PRESETS["tablic"]
    fast = group_unions_of(value, table, ace)
    assert len(fast) == len(set(fast))
    brute = {frozenset(sub) for k in range(1, len(table) + 1)
             for sub in combinations(table, k) if splits(sub, value, rules)}
    assert set(fast) == brute
    for k in range(1, min(len(table), 4) + 1):
        for sub in combinations(table, k):
            assert splits_into_groups(value, sub, ace) == (frozenset(sub) in brute)
    heaviest = best_group_union(value, table, ace, lambda x: 1.0 + (x.rank == 1))
    if brute:
        assert heaviest in brute
        assert sum(1.0 + (x.rank == 1) for x in heaviest) == max(
            sum(1.0 + (x.rank == 1) for x in s) for s in brute)
    else:
        assert heaviest == frozenset()
