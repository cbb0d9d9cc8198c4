"""Tablić and Tablanette rules, each in a concrete position with its source (FAMILY.md §5.4
"Test positions" and the pages it cites: pagat's Tablić, askarte.com, extramagazin.rs,
catsatcards.com, netplaces.com, Parlett's *Penguin Book of Card Games*).
"""

from __future__ import annotations

import random

import pytest

from cassino_core.cards import JACK, Card, full_pack, parse_cards
from cassino_core.moves import Capture, IllegalMoveError, Trail
from cassino_core.tablic.game import (
    CARD_POINT_PARTS,
    CARD_POINTS,
    RoundState,
    captures,
    deal_round,
    position,
    score_round,
    values_of,
)
from cassino_core.tablic.match import TablicMatch
from cassino_core.tablic.rules import PRESETS, TablicRules, TablicRulesError

TABLIC = PRESETS["tablic"]
TABLANETTE = PRESETS["tablanette"]


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def take(card: str, table: str) -> Capture:
    return Capture(c(card), frozenset(cards(table)))


def at_table(rules: TablicRules, table: str, hand: str, *, other: str = "2D 3D",
             stock: str = "") -> RoundState:
    """Seat 0 to play ``hand`` onto ``table``; seat 1 holds ``other``."""
    return position(rules, hands=[cards(hand), cards(other)], table=cards(table),
                    stock=cards(stock))


def sets_of(state: RoundState, card: str) -> set[frozenset[Card]]:
    return {m.take for m in state.legal_moves() if m.card == c(card) and isinstance(m, Capture)}


# -- FAMILY.md §5.4 "Test positions" ------------------------------------------------------------

def test_family_5_4_position_1_match_then_match_and_sum_clearing_the_table_is_a_tabla() -> None:
    """Table 4♠ 10♣ K♥ 6♦: 6♣ takes 6♦; then K♠ (14) takes K♥ (match) and 4♠+10♣ (sum 14)
    at once, leaving the table empty: a tabla, +1."""
    state = position(TABLIC, hands=[cards("6C 2H"), cards("KS 3D")], table=cards("4S TC KH 6D"))
    assert sets_of(state, "6C") == {frozenset(cards("6D"))}
    state = state.play(take("6C", "6D"))
    assert state.table == tuple(cards("4S TC KH"))
    assert frozenset(cards("KH 4S TC")) in sets_of(state, "KS")
    state = state.play(take("KS", "KH 4S TC"))
    assert state.table == () and state.bonuses == ((1, 1),) and state.last.bonus == 1
    assert score_round(state).bonuses == (0, 1)


def test_family_5_4_position_2_the_ace_takes_an_ace_or_as_eleven_ace_and_ten() -> None:
    """Table A♥ 10♣; A♠ as 1 or 11 takes A♥, and as 11 takes A♥+10♣ (1+10), a tabla."""
    state = at_table(TABLIC, "AH TC", "AS")
    assert sets_of(state, "AS") == {frozenset(cards("AH")), frozenset(cards("AH TC"))}
    assert state.play(take("AS", "AH")).bonuses == ()
    assert state.play(take("AS", "AH TC")).bonuses == ((0, 1),)


def test_family_5_4_position_3_a_king_takes_three_groups_at_once() -> None:
    """Table Q♦ A♣ 8♥ 6♠ 9♣ 5♦; K♣ (14) takes all six as Q+A, 8+6, 9+5: a tabla (the CTE
    engine's example, FAMILY.md §5.4 "Capturing")."""
    state = at_table(TABLIC, "QD AC 8H 6S 9C 5D", "KC")
    whole = frozenset(cards("QD AC 8H 6S 9C 5D"))
    assert whole in sets_of(state, "KC")
    after = state.play(Capture(c("KC"), whole))
    assert after.table == () and after.bonuses == ((0, 1),)


def test_family_5_4_position_4_the_tablic_score() -> None:
    """A: 28 cards, 2 aces, 3 kings, 2 queens, 2 jacks, 3 tens with the 10♦, the 2♣ and 2
    tablas: 2+3+2+2+3+1+1+3+2 = 19. B has the rest: 22 - 14 = 8 card points."""
    points = cards("AS AH KS KH KD QS QH JS JH TD TS TH 2C")
    plain = [x for x in full_pack() if x not in CARD_POINTS]
    a = points + plain[:15]
    b = [x for x in full_pack() if x not in a]
    assert len(a) == 28
    state = RoundState(rules=TABLIC, dealer=0, hands=((), ()), table=(), stock=(),
                       piles=(tuple(a), tuple(b)), bonuses=((0, 1), (0, 1)), finished=True)
    score = score_round(state)
    assert score.card_points == (14, 8) and score.most_cards == 0
    assert score.points == (19, 8)


def test_family_5_4_position_4_the_card_points_split_as_the_score_sheet_shows_them() -> None:
    """The same piles as position 4, the card points split by kind (docs/tablic.md "Score per
    round"): A has 2 aces, 3 tens, 7 courts, the 10♦'s point more and the 2♣ (14); B the
    other 2 aces, 1 ten and 5 courts (8). The page's score sheet shows these rows."""
    points = cards("AS AH KS KH KD QS QH JS JH TD TS TH 2C")
    plain = [x for x in full_pack() if x not in CARD_POINTS]
    a = points + plain[:15]
    b = [x for x in full_pack() if x not in a]
    state = RoundState(rules=TABLIC, dealer=0, hands=((), ()), table=(), stock=(),
                       piles=(tuple(a), tuple(b)), bonuses=((0, 1), (0, 1)), finished=True)
    score = score_round(state)
    assert dict(score.parts) == {"aces": (2, 2), "tens": (3, 1), "courts": (7, 5),
                                 "ten_of_diamonds": (1, 0), "two_of_clubs": (1, 0)}
    assert score.to_json()["card_point_parts"][2] == {"name": "courts", "points": [7, 5]}


def test_the_card_point_parts_give_every_card_its_points() -> None:
    """CARD_POINT_PARTS adds up, card by card, to CARD_POINTS (docs/tablic.md: 22 in all)."""
    total: dict[Card, int] = {}
    for _, part in CARD_POINT_PARTS:
        for card, worth in part.items():
            total[card] = total.get(card, 0) + worth
    assert total == CARD_POINTS and sum(total.values()) == 22


def test_family_5_4_position_5_phillips_jack_takes_all_pip_total_or_netplaces_none() -> None:
    """Tablanette (Phillips via Parlett): table 5♣ 7♦ 9♥; J♠ takes all three; the tablanette
    is worth their pips, 21 (Parlett); netplaces: a jack's sweep scores nothing
    (``jack_tabla`` off)."""
    state = at_table(TABLANETTE, "5C 7D 9H", "JS")
    assert sets_of(state, "JS") == {frozenset(cards("5C 7D 9H"))}
    after = state.play(take("JS", "5C 7D 9H"))
    assert after.table == () and after.bonuses == ((0, 21),)
    netplaces = TABLANETTE.replace(jack_tabla=False)
    after = at_table(netplaces, "5C 7D 9H", "JS").play(take("JS", "5C 7D 9H"))
    assert after.table == () and after.bonuses == () and not after.last.sweep


# -- values (FAMILY.md §5.4 "Values" [V]; pagat) ----------------------------------------------

def test_pagat_values_ace_1_or_11_jack_12_queen_13_king_14() -> None:
    assert [values_of(c(x), TABLIC) for x in ("AS", "7H", "TC", "JD", "QS", "KH")] == [
        (1, 11), (7,), (10,), (12,), (13,), (14,)]
    assert values_of(c("JD"), TABLANETTE) == ()


def test_pagat_a_jack_is_worth_12_and_takes_sums_of_12() -> None:
    state = at_table(TABLIC, "5C 7D JH 3S", "JS")
    assert sets_of(state, "JS") == {frozenset(cards("5C 7D")), frozenset(cards("JH")),
                                    frozenset(cards("5C 7D JH"))}


def test_pagat_an_ace_on_the_table_counts_11_in_a_sum() -> None:
    """A king (14) takes A+3 with the ace as 11 (netplaces gives this example too)."""
    state = at_table(TABLIC, "AD 3C", "KS")
    assert sets_of(state, "KS") == {frozenset(cards("AD 3C"))}


def test_pagat_a_played_ace_as_11_takes_groups_with_the_table_ace_at_either_value() -> None:
    """pagat: the ace is 1 or 11 at the player's choice. A♠ (11) on A♥ 4♣ 5♠ 6♦ takes A♥
    alone (1 as a match, or 11), 5+6, A♥(1)+4+6, or A♥ and 5+6 together."""
    state = at_table(TABLIC, "AH 4C 5S 6D", "AS")
    assert sets_of(state, "AS") == {frozenset(cards("AH")), frozenset(cards("5S 6D")),
                                    frozenset(cards("AH 4C 6D")), frozenset(cards("AH 5S 6D"))}


# -- capturing (FAMILY.md §5.4 "Capturing" [V]; askarte; extramagazin; pagat) ------------------

def test_askarte_capture_is_optional_a_card_that_could_take_may_be_laid_down() -> None:
    """askarte.com: the player may, but need not, take with the card played."""
    state = at_table(TABLIC, "6D 4S", "6C")
    assert Trail(c("6C")) in state.legal_moves()
    after = state.play(Trail(c("6C")))
    assert after.table == tuple(cards("6D 4S 6C")) and after.piles == ((), ())


def test_pagat_not_obliged_to_take_every_group() -> None:
    """pagat: you need not capture everything you can: K♠ on K♥ 4♠ 10♣ may take K♥ alone,
    or 4♠+10♣ alone."""
    state = at_table(TABLIC, "KH 4S TC", "KS")
    assert sets_of(state, "KS") == {frozenset(cards("KH")), frozenset(cards("4S TC")),
                                    frozenset(cards("KH 4S TC"))}
    after = state.play(take("KS", "KH"))
    assert after.table == tuple(cards("4S TC")) and after.bonuses == ()


def test_pagat_no_card_in_two_groups() -> None:
    """9 on 4 5 5: the groups 4+5 share no card, so 4+5+5 (14) is no capture of a 9."""
    state = at_table(TABLIC, "4C 5D 5H", "9S")
    assert sets_of(state, "9S") == {frozenset(cards("4C 5D")), frozenset(cards("4C 5H"))}
    with pytest.raises(IllegalMoveError) as err:
        state.play(take("9S", "4C 5D 5H"))
    assert err.value.reason == "tablic_groups" and err.value.params["value"] == 9


def test_refusals_name_the_reason() -> None:
    state = at_table(TABLIC, "AH 5S 8D", "AS 7C")
    with pytest.raises(IllegalMoveError) as err:
        state.play(take("AS", "5S"))
    assert err.value.reason == "tablic_groups_ace"
    with pytest.raises(IllegalMoveError) as err:
        state.play(take("7C", "9S"))
    assert err.value.reason == "not_on_table"
    with pytest.raises(IllegalMoveError) as err:
        state.play(Trail(c("KS")))
    assert err.value.reason == "not_in_hand"
    tab = at_table(TABLANETTE, "5C 7D 9H", "JS")
    with pytest.raises(IllegalMoveError) as err:
        tab.play(take("JS", "5C"))
    assert err.value.reason == "take_whole"


def test_no_builds_in_tablic() -> None:
    """FAMILY.md §5.4 "Builds": none; every move is a trail or a capture."""
    state = deal_round(TABLIC, 0, random.Random(5))
    assert all(isinstance(m, Trail | Capture) for m in state.legal_moves())


# -- Tablanette's jack (Parlett [V], catsatcards, netplaces) -------------------------------------

def test_parlett_the_tablanette_jack_takes_every_card_and_a_laid_jack_only_a_jack_takes() -> None:
    state = at_table(TABLANETTE, "JD 3S", "QS JS")
    assert sets_of(state, "QS") == set()
    assert sets_of(state, "JS") == {frozenset(cards("JD 3S"))}
    empty = at_table(TABLANETTE, "", "JS")
    assert empty.legal_moves() == [Trail(c("JS"))]


def test_parlett_a_tablanette_scores_the_pip_total_of_the_table() -> None:
    """A king sweeping 4♠ 10♣ scores their pips, 14; an ace on the table counts 1."""
    after = at_table(TABLANETTE, "4S TC", "KS").play(take("KS", "4S TC"))
    assert after.bonuses == ((0, 14),)
    after = at_table(TABLANETTE, "AD 3C", "4S").play(take("4S", "AD 3C"))
    assert after.bonuses == ((0, 4),)


def test_catsatcards_jacks_dealt_to_the_opening_table_are_buried() -> None:
    for seed in range(60):
        state = deal_round(TABLANETTE, seed % 2, random.Random(seed))
        assert all(x.rank != JACK for x in state.table)
        assert len(state.table) == 4 and len(state.all_cards()) == 52


# -- deal (FAMILY.md §5.4 "Deal" [V]) ------------------------------------------------------------

def test_pagat_deal_four_to_the_table_six_each_then_six_each_until_the_pack_is_used() -> None:
    state = deal_round(TABLIC, 0, random.Random(2))
    assert len(state.table) == 4 and [len(h) for h in state.hands] == [6, 6]
    assert len(state.stock) == 36 and state.turn == 1 and state.deal_number == 1
    for _ in range(12):
        state = state.play(Trail(state.hands[state.turn][0]))
    assert [len(h) for h in state.hands] == [6, 6] and len(state.stock) == 24
    assert len(state.table) == 16 and state.deal_number == 2 and state.turn == 1
    four = deal_round(PRESETS["tablic_four"], 3, random.Random(2))
    assert [len(h) for h in four.hands] == [6] * 4 and len(four.stock) == 24
    assert PRESETS["tablic_four"].deals_per_round == 2 and TABLIC.deals_per_round == 4


def test_pagat_four_play_as_partners_opposite_askarte_or_each_for_themselves() -> None:
    pairs, solo = PRESETS["tablic_four"], PRESETS["tablic_four_solo"]
    assert pairs.sides == 2 and [pairs.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert solo.sides == 4 and [solo.side_of(s) for s in range(4)] == [0, 1, 2, 3]


def test_three_players_are_refused_the_pack_does_not_deal_out() -> None:
    with pytest.raises(TablicRulesError) as err:
        TABLIC.replace(players=3)
    assert err.value.reason == "pack_uneven"


# -- end of the round and scoring (FAMILY.md §5.4 "Last capture", "Scoring" [V]) -----------------

def test_extramagazin_the_last_capturer_takes_the_rest_which_is_no_tabla() -> None:
    state = position(TABLIC, hands=[cards("5C"), cards("KD")], table=cards("5H 9S"),
                     last_capturer=None)
    state = state.play(take("5C", "5H"))
    end = state.play(Trail(c("KD")))
    assert end.finished and end.leftover == tuple(cards("9S KD"))
    assert end.piles[0] == (*cards("5H 5C 9S KD"),) and end.bonuses == ()


def test_pagat_as_quoted_the_dealer_takes_the_rest_switch() -> None:
    dealer = TABLIC.replace(leftover="dealer")
    state = position(dealer, hands=[cards("5C"), cards("KD")], table=cards("5H 9S"), dealer=1)
    end = state.play(take("5C", "5H")).play(Trail(c("KD")))
    assert end.finished and end.piles[1] == (*cards("9S KD"),)


def test_a_tabla_with_the_last_card_counts() -> None:
    """Our reading (cassino_core.tablic, 4): no source voids it."""
    state = position(TABLIC, hands=[[], cards("KD")], table=cards("4S TC"), turn=1,
                     last_capturer=0)
    end = state.play(take("KD", "4S TC"))
    assert end.finished and end.bonuses == ((1, 1),)


def test_pagat_a_26_26_tie_for_most_cards_scores_nothing_and_card_points_are_22() -> None:
    pack = sorted(full_pack(), key=lambda x: x.index)
    state = RoundState(rules=TABLIC, dealer=0, hands=((), ()), table=(), stock=(),
                       piles=(tuple(pack[:26]), tuple(pack[26:])), finished=True)
    score = score_round(state)
    assert score.most_cards is None and sum(score.card_points) == 22
    assert sum(score.points) == 22
    assert sum(CARD_POINTS.values()) == 22 and CARD_POINTS[c("TD")] == 2


def test_the_match_goes_to_101_or_251_and_the_strict_leader_wins() -> None:
    assert TABLIC.target == 101 and TABLANETTE.target == 251
    rules = TABLIC.replace(target=30)
    match = TablicMatch(rules, 4)
    rng = random.Random(4)
    while match.phase != "match_over":
        if match.phase == "round_over":
            match.next_round()
        else:
            match.play(rng.choice(match.legal_moves()))
    totals = match.totals
    assert max(totals) >= 30 and match.winner == totals.index(max(totals))
    assert totals.count(max(totals)) == 1


# -- rules objects ------------------------------------------------------------------------------

def test_presets_overrides_and_json_round_trip() -> None:
    assert TablicRules.from_name("tablanette", jack_tabla=False).jack_tabla is False
    with pytest.raises(TablicRulesError) as err:
        TablicRules.from_name("tablic", jack_takes_all=True)
    assert err.value.reason == "rules_unknown_field"
    with pytest.raises(TablicRulesError) as err:
        TablicRules.from_name("poker")
    assert err.value.reason == "unknown_preset"
    with pytest.raises(TablicRulesError) as err:
        TABLIC.replace(tabla_scoring="double")
    assert err.value.reason == "rules_choice"
    for rules in PRESETS.values():
        assert TablicRules.from_dict(rules.to_dict()) == rules


def test_captures_on_an_empty_table_are_none() -> None:
    assert captures(c("KS"), (), TABLIC) == []
