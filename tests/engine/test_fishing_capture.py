"""The shared capture modes (cassino_core.fishing.capture) on their own, including the mode the
next game (Escoba) will use, each against FAMILY.md's test positions and a brute force."""

from __future__ import annotations

import itertools
import random

from cassino_core.cards import parse_cards
from cassino_core.fishing.capture import can_capture, captures
from cassino_core.fishing.pack import capture_value, italian_pack


def texts(sets: list) -> set[frozenset[str]]:
    return {frozenset(map(str, s)) for s in sets}


def test_fifteen_mode_family_4_3_position_1_wikipedia_escoba() -> None:
    """Table 5C 3H 7S AD, play 7D: {7S, AD} or {5C, 3H}, and only those."""
    table = parse_cards(["5C", "3H", "7S", "AD"])
    found = captures(7, table, value_of=capture_value, mode="fifteen")
    assert texts(found) == {frozenset({"7S", "AD"}), frozenset({"5C", "3H"})}


def test_fifteen_mode_family_4_3_position_2_wikipedia_escoba() -> None:
    """Table 4C 2H: QS (9) takes both; JS (8) takes nothing."""
    table = parse_cards(["4C", "2H"])
    assert texts(captures(9, table, value_of=capture_value, mode="fifteen")) == {
        frozenset({"4C", "2H"})}
    assert not can_capture(8, table, value_of=capture_value, mode="fifteen")


def test_fifteen_mode_has_no_match_priority_family_4_3_wikipedia_escoba() -> None:
    """A card of equal value on the table does not block a set (Escoba has no pairing)."""
    table = parse_cards(["5C", "5H", "2S", "3D"])
    found = texts(captures(5, table, value_of=capture_value, mode="fifteen"))
    assert frozenset({"5C", "5H"}) in found and frozenset({"5C", "2S", "3D"}) in found


def test_both_modes_agree_with_a_brute_force() -> None:
    rng = random.Random(15)
    pack = list(italian_pack())
    for _ in range(300):
        rng.shuffle(pack)
        table = pack[:rng.randrange(0, 11)]
        value = rng.randrange(1, 11)
        subsets = [frozenset(s) for n in range(1, len(table) + 1)
                   for s in itertools.combinations(table, n)]
        sums = {s: sum(capture_value(c) for c in s) for s in subsets}
        fifteen = {s for s in subsets if sums[s] + value == 15}
        assert set(captures(value, table, value_of=capture_value, mode="fifteen")) == fifteen
        singles = {s for s in subsets if len(s) == 1 and sums[s] == value}
        scopa = singles or {s for s in subsets if sums[s] == value}
        assert set(captures(value, table, value_of=capture_value)) == scopa
        free = {s for s in subsets if sums[s] == value}
        assert set(captures(value, table, value_of=capture_value, match_first=False)) == free
