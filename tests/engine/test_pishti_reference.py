"""The fast move generator of Pishti, Xeri and Basra against a brute force written from the
rules alone (FAMILY.md §5.1-§5.3): every subset of the face-up table cards is tried with every
hand card, under every preset, in positions reached by random play, and the two lists of legal
moves must be equal. The several-group search of :func:`cassino_core.fishing.capture.
group_unions` is also checked against a brute force on random tables.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import JACK, Card, full_pack
from cassino_core.fishing.capture import group_unions
from cassino_core.moves import Capture, Trail
from cassino_core.pishti.game import RoundState, deal_round
from cassino_core.pishti.rules import PRESETS
from tests.engine.fishing_helpers import played_states

MAX_SUBSETS_OF = 10


def numeral(card: Card) -> int | None:
    return card.rank if card.rank <= 10 else None


def splits_into_groups(cards: tuple[Card, ...], value: int) -> bool:
    """True when ``cards`` split into groups each one card of ``value`` or two or more
    numerals adding up to ``value`` (brute force over the group holding the first card)."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for k in range(len(rest) + 1):
        for others in combinations(rest, k):
            group = (first, *others)
            values = [numeral(x) for x in group]
            if any(v is None for v in values):
                continue
            ok = (len(group) == 1 and values[0] == value) or (
                len(group) >= 2 and sum(v or 0 for v in values) == value)
            if ok and splits_into_groups(tuple(x for x in rest if x not in others), value):
                return True
    return False


def brute_takes(state: RoundState, card: Card, take: frozenset[Card]) -> bool:
    """May ``card`` take exactly ``take`` (a non-empty set of face-up table cards)?"""
    table = state.table
    if state.rules.layout == "pile":
        return (take == frozenset(state.visible)
                and (card.rank == table[-1].rank or card.rank == JACK))
    if card.rank == JACK or card == Card(7, "D"):
        return take == frozenset(table)
    if card.rank > 10:
        return all(x.rank == card.rank for x in take)
    return splits_into_groups(tuple(take), card.rank)


def candidate_takes(visible: tuple[Card, ...]) -> list[frozenset[Card]]:
    """Every non-empty subset of the face-up cards; on a pile longer than
    :data:`MAX_SUBSETS_OF` cards (2^n subsets would be too many), the whole pile, each single
    card and the pile less each card: every near miss of the one legal set."""
    if len(visible) <= MAX_SUBSETS_OF:
        return [frozenset(sub) for k in range(1, len(visible) + 1)
                for sub in combinations(visible, k)]
    whole = frozenset(visible)
    return [whole, *(frozenset((x,)) for x in visible), *(whole - {x} for x in visible)]


def brute_legal(state: RoundState) -> set[object]:
    out: set[object] = set()
    visible = state.visible
    for card in state.hands[state.turn]:
        caps = {Capture(card, sub) for sub in candidate_takes(visible)
                if brute_takes(state, card, sub)}
        out |= caps if caps else {Trail(card)}
    return out


def states(name: str, seed: int, rounds: int = 2) -> list[RoundState]:
    found: list[RoundState] = played_states(PRESETS[name], deal_round, seed, rounds)
    return found


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("seed", range(4))
def test_fast_generator_equals_brute_force_under_every_preset(name: str, seed: int) -> None:
    checked = 0
    for state in states(name, seed):
        legal = state.legal_moves()
        assert len(legal) == len(set(legal)), "a move is listed twice"
        assert set(legal) == brute_legal(state)
        checked += 1
    assert checked >= 48


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(full_pack()), min_size=0, max_size=10, unique=True),
       st.integers(1, 10))
def test_group_unions_equal_every_subset_that_splits_into_groups(table: list[Card],
                                                                 value: int) -> None:
    fast = group_unions(value, table, numeral)
    assert len(fast) == len(set(fast))
    brute = {frozenset(sub) for k in range(1, len(table) + 1)
             for sub in combinations(table, k) if splits_into_groups(sub, value)}
    assert set(fast) == brute
