"""Tablić's computer levels: legal choices under every preset, no peeking (a view, and every
level's choice, stay the same when the cards it cannot see are dealt otherwise), sensible
choices in concrete positions, and hints with reasons.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import Card, full_pack
from cassino_core.fishing import capture as capture_module
from cassino_core.fishing.capture import best_group_union, splits_into_groups
from cassino_core.moves import Capture, Trail
from cassino_core.tablic.game import captures, deal_round, position, values_of
from cassino_core.tablic.hints import REASONS, _takes_and_sweeps, explain, hint
from cassino_core.tablic.players import (
    ALL_LEVELS,
    _probe,
    best_take,
    candidates,
    card_worth,
    make_player,
    search_moves,
)
from cassino_core.tablic.rules import PRESETS
from cassino_core.tablic.view import round_view
from tests.engine.fishing_helpers import (
    assert_plays_legal,
    assert_seat_sees_nothing_hidden,
    cards,
    random_state,
)

TABLIC = PRESETS["tablic"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**31), st.integers(0, 30))
def test_view_leaks_nothing_and_no_level_peeks(name: str, seed: int, steps: int) -> None:
    state = random_state(PRESETS[name], deal_round, seed, steps)
    assert_seat_sees_nothing_hidden(state, round_view, make_player, ALL_LEVELS, seed)


def test_the_view_shows_no_other_hand_and_no_stock_card() -> None:
    state = deal_round(TABLIC, 0, random.Random(3))
    text = json.dumps(round_view(state, 1).to_json())
    for card in (*state.hands[0], *state.stock):
        assert f'"{card}"' not in text


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_a_legal_move_through_a_round(name: str, level: str) -> None:
    rng = random.Random(7)
    state = deal_round(PRESETS[name], 0, rng)
    plies = None if level != "expert" or PRESETS[name].players == 2 else 12
    assert_plays_legal(state, make_player(level, iterations=2), round_view, rng, plies)


def test_candidates_keep_every_trail_and_the_heaviest_captures() -> None:
    state = position(TABLIC, hands=[cards("KS 5H"), cards("2D 3D")],
                     table=cards("QD AC 8H 6S 9C 5D 4C TC"))
    view = round_view(state, 0)
    kept = candidates(view)
    assert set(kept) <= set(view.legal) and Trail(Card.parse("KS")) in kept
    whole = max((m for m in view.legal if m.card == Card.parse("KS")), key=lambda m: len(m.take))
    assert whole in kept
    assert all(isinstance(m, Trail) or m in view.legal for m in search_moves(state))


def test_intermediate_and_expert_take_a_tabla() -> None:
    """Table 4♠ 10♣ K♥ (FAMILY.md §5.4 test 1): the K♠ takes all three, a tabla and three
    points; both levels take it."""
    state = position(TABLIC, hands=[cards("KS 3H 7C"), cards("2D 3D 5H")],
                     table=cards("4S TC KH"), stock=cards("7D 8C 8S 8H 9D 9S"))
    view = round_view(state, 0)
    for level in ("intermediate", "expert"):
        move = make_player(level, iterations=10).choose(view, random.Random(1))
        assert move == Capture(Card.parse("KS"), frozenset(cards("4S TC KH"))), level


def test_intermediate_does_not_leave_a_lone_ten_for_a_sure_tabla() -> None:
    """An empty table, a hand 10♦ 2♠: three tens are unseen, so laying the 10♦ (2 points)
    alone invites a tabla; the intermediate lays the 2♠."""
    state = position(TABLIC, hands=[cards("TD 2S"), cards("TS TH TC 3D")],
                     stock=cards("7D 8C 8S 8H"))
    move = make_player("intermediate").choose(round_view(state, 0), random.Random(2))
    assert move == Trail(Card.parse("2S"))
    reasons = [r.code for r in explain(round_view(state, 0), move)]
    assert "trails_cheap" in reasons and "tabla_risk" in reasons


def test_hints_name_their_reasons() -> None:
    state = position(TABLIC, hands=[cards("KS 3H 7C"), cards("2D 3D 5H")],
                     table=cards("4S TC KH"), stock=cards("7D 8C 8S 8H 9D 9S"))
    found = hint(round_view(state, 0), random.Random(1), iterations=5)
    assert found.move == Capture(Card.parse("KS"), frozenset(cards("4S TC KH")))
    codes = [r["code"] for r in found.to_json()["reasons"]]
    assert codes[0] == "tabla" and found.reasons[0].value == 1
    assert "takes_points" in codes and all(code in REASONS for code in codes)


def test_hint_says_when_the_ace_counts_eleven() -> None:
    state = position(TABLIC, hands=[cards("AS 3H"), cards("2D 3D")], table=cards("5H 6C 4D"))
    view = round_view(state, 0)
    codes = [r.code for r in explain(view, Capture(Card.parse("AS"), frozenset(cards("5H 6C"))))]
    assert "ace_as_eleven" in codes


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**31), st.integers(0, 12))
def test_a_hints_risks_count_takers_and_tablas_as_the_full_list_would(
        name: str, seed: int, cards_on_table: int) -> None:
    """The hint's ``tabla_risk`` and ``take_risk`` ask, for each unseen card, whether it takes
    anything and whether it takes the whole table for points; since issue 17's second fuzz
    campaign (2026-12-07: a 28-card table's hint ran out of memory listing every union of
    groups) they are answered without the list, and must agree with it [V: pagat Tablić,
    FAMILY.md §5.4] on every table small enough to list."""
    rules = PRESETS[name]
    rng = random.Random(seed)
    pack = list(full_pack())
    rng.shuffle(pack)
    table = tuple(pack[:cards_on_table])
    probe = _probe(rules, table)
    for card in pack[cards_on_table:cards_on_table + 12]:
        sets = captures(card, table, rules)
        listed = (bool(sets), any(probe.tabla_of(Capture(card, s)) for s in sets))
        assert _takes_and_sweeps(card, table, rules, probe) == listed


def test_the_heaviest_take_on_a_crowded_table_is_bounded_and_still_a_legal_take(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17's second fuzz campaign (2026-12-07): on a 28-card Tablić table the heaviest
    take (``best_group_union``, what the computer and the hint's search take) weighed states
    until memory ran out (hint and computer_move answered ``internal`` after 30-40 s). The
    states now drop the cards no later group touches, and past ``BEST_UNION_STATES`` the
    heaviest groups are packed first: the take is still a union of disjoint groups of the
    value [V: pagat Tablić, FAMILY.md §5.4], one of the card's legal captures."""
    rules = PRESETS["tablic"]
    table = tuple(cards("3S KD QS KH 7H TH TS 6S 6H 4S JC 9S 3H QD 4D 7D 9C KS QC AD JH 8D 5C "
                        "8H AC KC 9H 6C"))
    ace = Card.parse("AS")

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    exact = best_take(ace, table, rules)
    assert exact and any(splits_into_groups(v, list(exact), value) for v in (1, 11))
    monkeypatch.setattr(capture_module, "BEST_UNION_STATES", 10)
    packed = best_group_union(11, table, value, card_worth)
    assert packed and splits_into_groups(11, list(packed), value)
    assert sum(map(card_worth, packed)) <= sum(map(card_worth, exact))
    # The table has far more captures than a view lists (issue 17): each is checked alone.
    state = position(rules, hands=[[ace], [Card.parse("2C")]], table=table)
    state.check(Capture(ace, packed))
    state.check(Capture(ace, exact))
