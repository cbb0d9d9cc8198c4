"""Scopa, Scopone and Hurricane: one test per rule, each a concrete position and its expected
result. Sources are FAMILY.md's (§4.1 Scopa, §4.2 Scopone, §4.5 Hurricane), all facts tagged
[V] there; each test names its source and FAMILY.md's test position where there is one.
"""

from __future__ import annotations

import random

import pytest

from cassino_core.cards import Card, parse_cards
from cassino_core.fishing.match import match_winner
from cassino_core.fishing.pack import capture_value, italian_pack
from cassino_core.fishing.scoring import napola, primiera, primiera_total
from cassino_core.moves import Capture, IllegalMoveError, Trail, move_from_text
from cassino_core.scopa.game import deal_round, position, score_round
from cassino_core.scopa.rules import PRESETS, ScopaRules, ScopaRulesError

SCOPA = PRESETS["scopa"]
HURRICANE = PRESETS["hurricane"]


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def takes(state, card: str) -> set[frozenset[str]]:
    """The sets the card may take, as texts."""
    return {frozenset(map(str, m.take)) for m in state.legal_moves()
            if str(m.card) == card and isinstance(m, Capture)}


def two_hands(mine: str, table: str, other: str = "AC", stock: str = "") -> object:
    return position(SCOPA, hands=[cards(mine), cards(other)], table=cards(table),
                    stock=cards(stock))


# -- the pack and values ----------------------------------------------------------------------

def test_pack_is_forty_cards_without_eights_nines_tens_family_4_1_pagat() -> None:
    pack = italian_pack()
    assert len(pack) == 40 and len(set(pack)) == 40
    assert not any(c.rank in (8, 9, 10) for c in pack)


def test_values_ace_one_courts_eight_nine_ten_family_4_1_pagat() -> None:
    assert [capture_value(Card.parse(t)) for t in ("AS", "7H", "JD", "QC", "KS")] == [
        1, 7, 8, 9, 10]


# -- capturing --------------------------------------------------------------------------------

def test_single_match_must_be_taken_before_a_sum_family_4_1_position_1_viniciocoletti() -> None:
    state = two_hands("5D", "5C 3H 2S")
    assert takes(state, "5D") == {frozenset({"5C"})}
    with pytest.raises(IllegalMoveError) as err:
        state.play(move_from_text("5D x 3H 2S"))
    assert err.value.reason == "match_before_sum"


def test_several_equal_cards_one_is_chosen_never_both_family_4_1_position_2_pagat() -> None:
    state = two_hands("5D", "5C 5H 3S")
    assert takes(state, "5D") == {frozenset({"5C"}), frozenset({"5H"})}
    with pytest.raises(IllegalMoveError) as err:
        state.play(move_from_text("5D x 5C 5H"))
    assert err.value.reason == "capture_sum"


def test_one_set_per_capture_family_4_1_position_3_pagat() -> None:
    state = two_hands("QS", "2C 5H 7S 4D")
    assert takes(state, "QS") == {frozenset({"2C", "7S"}), frozenset({"5H", "4D"})}
    with pytest.raises(IllegalMoveError):
        state.play(move_from_text("QS x 2C 7S 5H 4D"))


def test_capture_is_compulsory_family_4_1_position_4_blackjack_baccarat_piglio() -> None:
    state = two_hands("KD 3C", "AH 2S")
    assert {m.text() for m in state.legal_moves()} == {"KD t", "3C x AH 2S"}
    with pytest.raises(IllegalMoveError) as err:
        state.play(Trail(Card.parse("3C")))
    assert err.value.reason == "must_capture"


def test_clearing_the_table_is_a_scopa_family_4_1_position_4_pagat() -> None:
    state = two_hands("KD 3C", "AH 2S", other="AC 4C", stock="")
    after = state.play(move_from_text("3C x AH 2S"))
    assert after.sweeps == (0,) and after.table == ()
    assert after.last is not None and after.last.sweep


def test_no_scopa_on_the_last_play_family_4_1_position_5_viniciocoletti() -> None:
    state = position(SCOPA, hands=[cards("6S"), []], table=cards("6H"), turn=0,
                     piles=[[], cards("AS")], last_capturer=1)
    after = state.play(move_from_text("6S x 6H"))
    assert after.finished and after.sweeps == ()
    assert set(map(str, after.piles[0])) == {"6S", "6H"}


def test_the_last_capturer_takes_the_rest_never_a_scopa_family_4_1_position_5_marieganslandt(
        ) -> None:
    state = position(SCOPA, hands=[cards("4S"), []], table=cards("6H"), turn=0,
                     piles=[[], cards("AS")], last_capturer=1)
    after = state.play(move_from_text("4S t"))
    assert after.finished and after.sweeps == ()
    assert set(map(str, after.piles[1])) == {"AS", "6H", "4S"}
    assert set(map(str, after.leftover)) == {"6H", "4S"}


def test_a_last_play_sweep_scores_under_the_switch_family_4_2_marieganslandt() -> None:
    rules = SCOPA.replace(last_play_sweep=True)
    state = position(rules, hands=[cards("6S"), []], table=cards("6H"), turn=0)
    assert state.play(move_from_text("6S x 6H")).sweeps == (0,)


def test_after_a_sweep_the_next_player_trails_onto_the_empty_table_family_4_1_pagat() -> None:
    state = two_hands("3C", "AH 2S", other="5C", stock="")
    after = state.play(move_from_text("3C x AH 2S"))
    assert [m.text() for m in after.legal_moves()] == ["5C t"]


def test_no_builds_in_scopa_family_4_1_pagat() -> None:
    state = two_hands("3C", "5H")
    with pytest.raises(IllegalMoveError) as err:
        state.play(move_from_text("3C b8 5H"))
    assert err.value.reason == "not_allowed"


# -- dealing ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "deals", "table", "hand"), [
    ("scopa", 6, 4, 3), ("scopa_four", 3, 4, 3), ("scopone", 1, 0, 10),
    ("scopone_classico", 1, 4, 9), ("hurricane", 3, 4, 6)])
def test_deal_schedule_family_4_1_4_2_4_5_hurricane_position_3(name: str, deals: int,
                                                                table: int, hand: int) -> None:
    """Scopa: 3 each and 4 to the table, 6 deals for two, 3 for four [§4.1]; Scopone
    scientifico 10 each and none to the table, classico 9 and 4 [§4.2]; Hurricane 6 each and
    4, 3 deals [§4.5 test 3]."""
    rules = PRESETS[name]
    assert rules.deals_per_round == deals
    state = deal_round(rules, 0, random.Random(3))
    assert len(state.table) == table
    assert all(len(h) == hand for h in state.hands)
    seen_deals = {state.deal_number}
    rng = random.Random(4)
    while not state.finished:
        state = state.play(rng.choice(state.legal_moves()))
        seen_deals.add(state.deal_number)
    assert max(seen_deals) == deals


def test_three_kings_on_the_opening_table_force_a_redeal_family_4_1_position_8_linnetwoods(
        ) -> None:
    for seed in range(3000):
        state = deal_round(SCOPA, 0, random.Random(seed))
        assert sum(1 for c in state.table if c.rank == 13) <= 2
        if state.redeals:
            break
    else:
        pytest.fail("no redeal in 3000 seeds")
    # The same shuffle without the rule shows three or four kings on the table.
    raw = deal_round(SCOPA.replace(redeal_kings=False), 0, random.Random(seed))
    assert sum(1 for c in raw.table if c.rank == 13) >= 3


def test_scientifico_first_player_may_trail_any_card_family_4_2_position_1_ludopoli() -> None:
    state = deal_round(PRESETS["scopone"], 0, random.Random(1))
    assert state.table == ()
    assert sorted(m.text() for m in state.legal_moves()) == sorted(
        f"{c} t" for c in state.hands[state.turn])


def test_scopone_next_player_must_capture_the_six_family_4_2_position_2_ludopoli() -> None:
    rules = PRESETS["scopone"]
    state = position(rules, hands=[[], cards("6S 2C"), [], []], table=cards("6D"), turn=1,
                     stock=())
    assert [m.text() for m in state.legal_moves()] == ["6S x 6D", "2C t"]
    with pytest.raises(IllegalMoveError):
        state.play(move_from_text("6S t"))


# -- scoring ----------------------------------------------------------------------------------

def test_primiera_family_4_1_position_6_parlett() -> None:
    a = cards("7D 6H AS 7C")
    b = cards("6D 7H 7S 5C")
    assert primiera_total(a) == 76 and primiera_total(b) == 75
    assert primiera([a, b]) == 0
    no_clubs = cards("7D 7H 7S")
    assert primiera_total(no_clubs) is None
    assert primiera([no_clubs, cards("2D 2H 2S 2C")]) == 1


def test_primiera_tie_scores_nothing_family_4_1_parlett() -> None:
    assert primiera([cards("7D 6H AS 7C"), cards("7H 6D AC 7S")]) is None


def test_round_score_family_4_1_position_7_parlett() -> None:
    """A: 23 cards, 6 coins with 7♦, primiera, 2 scope → 6; B: 17 cards, 4 coins, 1 scopa →
    1."""
    pack = list(italian_pack())
    coins = [c for c in pack if c.suit == "D"]
    a = [*[c for c in coins if c.rank in (7, 1, 2, 3, 4, 5)],
         *[Card(r, s) for s in "HSC" for r in (7, 6)]]
    rest = [c for c in pack if c not in a]
    a += [c for c in rest if c.suit != "D"][:23 - len(a)]
    b = [c for c in pack if c not in a]
    assert len(a) == 23 and len(b) == 17
    state = position(SCOPA, hands=[[], []], piles=[a, b], sweeps=(0, 1, 0))
    score = score_round(state)
    assert (score.cards, score.coins, score.settebello, score.primiera) == (0, 0, 0, 0)
    assert score.points == (6, 1)


def test_ties_for_cards_and_coins_score_nothing_family_4_1_position_7_parlett() -> None:
    pack = list(italian_pack())
    a = [c for c in pack if c.suit in "DH" and c.rank <= 5] + [
        c for c in pack if c.suit == "S"]
    b = [c for c in pack if c not in a]
    assert len(a) == len(b) == 20
    score = score_round(position(SCOPA, hands=[[], []], piles=[a, b]))
    assert score.cards is None and score.coins is None and score.coin_counts == (5, 5)


def test_hurricane_counts_hearts_and_seven_of_hearts_family_4_5_position_4_de_wikipedia(
        ) -> None:
    """A has 22 cards, 6 hearts, 7♥ and the better four-suit holding → 4; B → 0."""
    pack = list(italian_pack())
    a = [c for c in pack if c.suit == "H" and c.rank in (7, 6, 1, 2, 3, 4)]
    a += [Card(7, s) for s in "DSC"]
    a += [c for c in pack if c not in a and c.suit != "H"][:22 - len(a)]
    b = [c for c in pack if c not in a]
    score = score_round(position(HURRICANE, hands=[[], []], piles=[a, b]))
    assert score.points == (4, 0)
    assert HURRICANE.target == 16 and HURRICANE.special_card == Card.parse("7H")


def test_hurricane_single_match_first_family_4_5_position_1_de_wikipedia() -> None:
    state = position(HURRICANE, hands=[cards("QD"), cards("AC")], table=cards("QS 7C 2H"))
    assert takes(state, "QD") == {frozenset({"QS"})}
    state = position(HURRICANE, hands=[cards("QD"), cards("AC")], table=cards("7C 2H"))
    after = state.play(move_from_text("QD x 7C 2H"))
    assert after.sweeps == (0,)


def test_napola_family_4_2_position_3_parlett() -> None:
    assert napola([cards("AD 2D 3D 4D 5D"), []], "D") == (0, 5)
    assert napola([cards("AD 2D 3D 5D"), []], "D") == (0, 3)
    assert napola([cards("AD 2D 4D"), cards("3D")], "D") == (None, 0)


def test_napola_scores_in_scopone_only_family_4_2_parlett() -> None:
    piles = [cards("AD 2D 3D 4D"), []]
    scopone = position(PRESETS["scopone"], hands=[[], [], [], []], piles=[*piles, [], []])
    assert score_round(scopone).napola == (0, 4)
    assert score_round(position(SCOPA, hands=[[], []], piles=piles)).napola == (None, 0)


def test_partners_pool_their_cards_family_4_2_ludopoli() -> None:
    rules = PRESETS["scopa_four"]
    state = position(rules, hands=[[], [], [], []],
                     piles=[cards("7D"), cards("AS"), cards("2S 3S"), []], sweeps=(0, 2, 1))
    score = score_round(state)
    assert score.card_counts == (3, 1) and score.sweeps == (2, 1) and score.settebello == 0


# -- the match --------------------------------------------------------------------------------

def test_game_to_eleven_higher_total_wins_family_4_1_parlett() -> None:
    assert SCOPA.target == 11
    assert match_winner(11, (9, 10), [0, 0, 0, 0, 1]) == 0   # 13 against 11
    assert match_winner(11, (8, 10), [0, 0, 1, 1]) == 1      # 10 against 12
    assert match_winner(11, (5, 6), [0, 0, 1, 1]) is None    # 7 against 8: play on


def test_equal_totals_go_to_the_first_to_reach_the_target_in_counting_order_parlett() -> None:
    # Both end on 12; side 1 reaches 11 on the first point counted (cards).
    assert match_winner(11, (9, 10), [1, 0, 0, 0, 1]) == 1


def test_rules_refuse_a_pack_that_does_not_deal_out() -> None:
    with pytest.raises(ScopaRulesError) as err:
        ScopaRules(players=4, hand_size=4)
    assert err.value.reason == "pack_uneven"
    with pytest.raises(ScopaRulesError):
        ScopaRules.from_name("scopa", variant="hurricane")
