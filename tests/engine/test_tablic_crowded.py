"""Tablić on crowded tables (issue 17): a view lists at most ``PAGE_MOVE_LIMIT`` moves, the
``select`` request answers what a card may take with some table cards chosen without listing
every capture, ``legal_moves`` refuses past 10,000, and the computer's heaviest take never
runs out of stack. A card takes any union of disjoint groups of its value [V: pagat Tablić,
FAMILY.md §5.4 "Play"]; every answer here is checked against the full list of
:func:`cassino_core.tablic.game.captures` wherever that list can be made.

Before (2026-12-07, CPython, a hot-seat game trailing every card): a view listed 23,586
moves on 20 loose cards (0.9 s), 237,336 on 26 (13 s) and 1,763,336 on 29 (179 s); a hint
on 30 cards answered ``internal`` (RecursionError in ``best_group_union``).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.api import LEGAL_MOVES_LIMIT, Session
from cassino_core.cards import Card, full_pack
from cassino_core.fishing import capture as capture_module
from cassino_core.fishing.capture import best_group_union, group_masks, splits_into_groups
from cassino_core.moves import Trail
from cassino_core.tablic.game import (
    CAPTURE_COUNT_LIMIT,
    PAGE_MOVE_LIMIT,
    SELECT_LISTED,
    captures,
    position,
    select,
    values_of,
)
from cassino_core.tablic.players import candidates, card_worth
from cassino_core.tablic.rules import PRESETS
from cassino_core.tablic.view import round_view
from tests.engine.fishing_helpers import cards

# 28 loose cards: tens of thousands of captures for most cards (a fuzz campaign's table).
CROWDED = tuple(cards("3S KD QS KH 7H TH TS 6S 6H 4S JC 9S 3H QD 4D 7D 9C KS QC AD JH 8D 5C "
                      "8H AC KC 9H 6C"))
HAND = cards("AS 7S JS QH")


def order(table: tuple[Card, ...], take: frozenset[Card]) -> tuple[int, list[int]]:
    """Fewest cards first, then by table positions (the order ``select`` lists in)."""
    return len(take), sorted(table.index(c) for c in take)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["tablic", "tablanette"]), st.integers(0, 10**6),
       st.integers(1, 11), st.integers(0, 3))
def test_select_answers_what_the_full_list_of_captures_says(
        name: str, seed: int, size: int, chosen_size: int) -> None:
    """For a card and some chosen table cards, ``select`` gives: the captures that take every
    chosen card (counted, the first six by fewest cards, then table order), the other table
    cards one of them also takes, and the trail; all as the full list of captures says
    [V: pagat Tablić; Tablanette's jack takes the whole table, Parlett via FAMILY.md §5.4]."""
    rules = PRESETS[name]
    rng = random.Random(seed)
    pack = list(full_pack())
    rng.shuffle(pack)
    table = tuple(pack[:size])
    card = pack[size]
    chosen = frozenset(rng.sample(table, min(chosen_size, size)))
    fits = [s for s in captures(card, table, rules) if chosen <= s]
    found = select(card, table, rules, chosen)
    assert found.exact and found.count == len(fits)
    assert found.trail == Trail(card)
    assert found.extendable == frozenset().union(*fits) - chosen
    expected = sorted(fits, key=lambda s: order(table, s))[:SELECT_LISTED]
    assert [m.take for m in found.fitting] == expected
    assert all(m.card == card for m in found.fitting)
    if chosen in fits:
        assert found.fitting[0].take == chosen


def test_a_chosen_card_off_the_table_fits_nothing() -> None:
    """A card that is not on the table cannot be part of a capture."""
    table = tuple(cards("AH TC 5S 6D"))
    found = select(Card.parse("AS"), table, PRESETS["tablic"], frozenset(cards("KD")))
    assert found.count == 0 and not found.fitting and not found.extendable
    assert found.trail == Trail(Card.parse("AS"))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 14), st.integers(5, 400))
def test_the_views_count_is_the_number_of_legal_moves_up_to_its_limit(
        seed: int, size: int, limit: int) -> None:
    """``page_moves(limit)`` counts every legal move without listing them: up to ``limit``
    it lists them all (the same list as ``legal_moves``), past it None and each card's trail
    and heaviest capture."""
    rng = random.Random(seed)
    pack = list(full_pack())
    rng.shuffle(pack)
    state = position(PRESETS["tablic"], hands=[pack[size:size + 6], pack[size + 6:size + 12]],
                     table=pack[:size])
    legal = state.legal_moves()
    moves, total = state.page_moves(limit)
    if len(legal) <= limit:
        assert total == len(legal) and list(moves) == legal
    else:
        assert total is None
        assert [m for m in moves if isinstance(m, Trail)] == [Trail(c) for c in state.hands[0]]
        for m in moves:
            assert m in legal


def test_a_crowded_view_lists_each_cards_trail_and_heaviest_take_and_says_so() -> None:
    """On 28 loose cards the view lists each card's trail and one capture (its heaviest by
    card count, packed greedily past ``BEST_UNION_GROUPS`` groups) and says the list is not
    complete (``legal_moves_complete`` false, more than ``PAGE_MOVE_LIMIT``); the levels
    weigh each card's trail and its heaviest capture by worth. Every such move is legal."""
    rules = PRESETS["tablic"]
    state = position(rules, hands=[HAND, cards("2D 3D")], table=CROWDED)
    view = round_view(state, 0)
    data = view.to_json()
    assert data["legal_moves_complete"] is False and data["legal_moves_total"] is None
    assert data["legal_moves_more_than"] == PAGE_MOVE_LIMIT
    for card in HAND:
        mine = [m for m in view.legal if m.card == card]
        assert Trail(card) in mine and len(mine) <= 2
        for m in mine:
            state.check(m)
    # Each hand card's captures, counted up to CAPTURE_COUNT_LIMIT (None: more), for the
    # page to say "takes 9 ways" where only one capture is listed.
    counts = data["capture_counts"]
    assert set(counts) == {str(c) for c in HAND}
    assert data["capture_counts_more_than"] == CAPTURE_COUNT_LIMIT
    for card in HAND:
        found = select(card, CROWDED, rules, frozenset())
        n = counts[str(card)]
        assert n == (found.count if found.count <= CAPTURE_COUNT_LIMIT else None)
    weighed = candidates(view)
    assert {m for m in weighed if isinstance(m, Trail)} == {Trail(c) for c in HAND}
    for m in weighed:
        state.check(m)
    # The seat not to play lists nothing, and says its (empty) list is complete.
    assert round_view(state, 1).to_json()["legal_moves_complete"] is True


def test_legal_moves_refuses_a_crowded_table_and_select_plays_through_it() -> None:
    """Through the API: the view is bounded, ``legal_moves`` refuses past
    ``LEGAL_MOVES_LIMIT`` with ``too_many_moves`` (counted, not listed) and changes nothing,
    ``select`` narrows a card's captures as cards are chosen, and the capture it gives is
    played."""
    rules = PRESETS["tablic"]
    state = position(rules, hands=[HAND, cards("2D 3D")], table=CROWDED)
    session = Session()
    other = session_with(session, state)
    before = other.view_json()
    answer = json.loads(session.handle(json.dumps({"op": "legal_moves", "seat": 0})))
    assert answer["error"]["code"] == "bad_request"
    assert answer["error"]["reason"] == "too_many_moves"
    assert str(LEGAL_MOVES_LIMIT) in answer["error"]["message"].replace(",", "")
    assert other.view_json() == before
    take: list[str] = []
    for _ in range(len(CROWDED)):
        got = json.loads(session.handle(json.dumps(
            {"op": "select", "seat": 0, "card": "7S", "take": take})))["selection"]
        assert got["trail"]["text"] == "7S t"
        # A count that reached its cap is only "at least" (the page then says "more than").
        assert isinstance(got["exact"], bool)
        if got["count"] > PAGE_MOVE_LIMIT:
            assert got["exact"] is False
        if got["count"] == 1 and take:
            break
        assert got["extendable"], take
        take.append(got["extendable"][0])
    move = got["fitting"][0]   # the one capture left that takes every chosen card
    assert set(take) <= set(move["take"])
    assert splits_into_groups(7, cards(" ".join(move["take"])), lambda c: values_of(c, rules))
    played = json.loads(session.handle(json.dumps({"op": "play", "seat": 0,
                                                   "move": move["text"]})))
    assert "error" not in played, played
    assert sorted(played["move"]["take"]) == sorted(move["take"])


def session_with(session: Session, state: object) -> object:
    """``session`` holding a hot-seat Tablić match whose round is ``state``."""
    json.loads(session.handle(json.dumps({"op": "new_game", "game": "tablic", "seed": 1,
                                          "seats": ["human", "human"]})))
    other = session.other
    assert other is not None
    match = other._need_match()
    match.current.history[-1] = state
    return other


def test_the_heaviest_take_of_many_groups_does_not_run_out_of_stack() -> None:
    """On crowded tables a king (14) has hundreds of groups, over a thousand on the fuzz
    campaign's 30-card table; the exact search went one call deeper per group and the hint
    answered ``internal`` (RecursionError). Past ``BEST_UNION_GROUPS`` the heaviest groups
    are packed first: still a legal take."""
    table = (*CROWDED, *cards("2H 4H 2S 5H 3C 4C"))
    rules = PRESETS["tablic"]

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    assert len(group_masks(14, table, value)) > capture_module.BEST_UNION_GROUPS
    take = best_group_union(14, table, value, card_worth)
    assert take and splits_into_groups(14, list(take), value)


@pytest.mark.parametrize("limit", [0, 1])
def test_counting_stops_at_its_cap(limit: int) -> None:
    """``fitting_unions`` stops at ``cap + 1`` and says its count is not exact."""
    groups = [[0b001, 0b010, 0b100]]
    _, _, count, exact = capture_module.fitting_unions(groups, 0, limit, 0)
    assert count == limit + 1 and not exact
