"""Escoba: one test per rule, each a concrete position and its expected result.

Sources: FAMILY.md §4.3 (facts tagged [V] there: en.wikipedia *Escoba*, studylib "Escoba de
quince", naipes-casino.com.ar, aprenderjuegoscartas) and the pages read for what §4.3 leaves
open (magnojuegos.com "Escoba del 15", diariopopular.com.ar, entretodos.com.uy); each test
names its source and FAMILY.md's test position where there is one. Readings: cassino_core/escoba
and docs/escoba.md.
"""

from __future__ import annotations

import random

import pytest

from cassino_core.cards import Card, parse_cards
from cassino_core.escoba.rules import PRESETS, EscobaRules, EscobaRulesError
from cassino_core.escoba.scoring import open_table, opening_escobas, score_escoba
from cassino_core.fishing.pack import capture_value, italian_pack
from cassino_core.moves import Capture, IllegalMoveError, Trail, move_from_text
from cassino_core.scopa.game import RoundState, deal_round, position, score_round
from cassino_core.scopa.match import ScopaMatch

ESCOBA = PRESETS["escoba"]


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def takes(state: RoundState, card: str) -> set[frozenset[str]]:
    """The sets ``card`` may take, as texts."""
    return {frozenset(map(str, m.take)) for m in state.legal_moves()
            if str(m.card) == card and isinstance(m, Capture)}


def two_hands(mine: str, table: str, other: str = "AC", *, rules: EscobaRules = ESCOBA,
              stock: str = "") -> RoundState:
    return position(rules, hands=[cards(mine), cards(other)], table=cards(table),
                    stock=cards(stock))


# -- capturing ----------------------------------------------------------------------------------


def test_capture_makes_fifteen_with_the_card_played_family_4_3_position_1_wikipedia() -> None:
    """Table 5C 3H 7S AD, play 7D: {7S, AD} (7+7+1) or {5C, 3H} (7+5+3), and only those."""
    state = two_hands("7D", "5C 3H 7S AD")
    assert takes(state, "7D") == {frozenset({"7S", "AD"}), frozenset({"5C", "3H"})}


def test_clearing_the_table_is_an_escoba_family_4_3_position_2_naipes_casino() -> None:
    """Table 4C 2H: QS (9) makes 9+4+2 = 15 and clears it, an escoba (1 point)."""
    state = two_hands("QS JS", "4C 2H", stock="5D 6D 7H 7C")
    after = state.play(move_from_text("QS x 4C 2H"))
    assert after.table == () and after.sweeps == (0,) and after.last is not None
    assert after.last.sweep
    assert score_round(after).sweeps == (1, 0)


def test_a_card_that_makes_no_fifteen_trails_family_4_3_position_2_wikipedia() -> None:
    """Table 4C 2H: JS (8) makes 14, 12 or 10 with it, never 15, so it can only trail."""
    state = two_hands("JS", "4C 2H")
    assert [m.text() for m in state.legal_moves()] == [Trail(Card.parse("JS")).text()]


def test_no_match_priority_family_4_3_wikipedia() -> None:
    """Unlike Scopa, a single card of equal value is not taken first: a 5 on the table is no
    capture for a 5 (5+5 = 10), while 5 with K (5+10) or with 4+6 makes 15."""
    state = two_hands("5D", "5C KH 4S 6C")
    assert takes(state, "5D") == {frozenset({"KH"}), frozenset({"4S", "6C"})}


def test_one_set_per_capture_family_4_3() -> None:
    """Two disjoint sets make 15 with the 5 (K and 4+6): taking both at once is refused, as it
    must be: the card played and all the cards taken must add up to 15 [V] (naipes-casino: one
    of your cards with one or more table cards forms 15), and 5+10+4+6 = 25. FAMILY.md's
    "only one set per play" [P] follows from that [V] rule; both sets are offered
    separately."""
    state = two_hands("5D", "KH 4S 6C")
    with pytest.raises(IllegalMoveError) as refused:
        state.play(move_from_text("5D x KH 4S 6C"))
    assert refused.value.reason == "capture_fifteen"
    assert refused.value.params["value"] == 25


def test_capture_is_optional_by_default_family_4_3_unknown_switch() -> None:
    """FAMILY.md §4.3: compulsion is not stated in any source read; default optional. 7D can
    capture {7S, AD}, and may still be trailed."""
    state = two_hands("7D", "5C 3H 7S AD")
    assert "7D t" in {m.text() for m in state.legal_moves()}
    state.play(move_from_text("7D t"))  # accepted


def test_must_capture_switch_forbids_trailing_a_card_that_captures_family_4_3() -> None:
    rules = ESCOBA.replace(must_capture=True)
    state = two_hands("7D 4H", "5C 3H 7S AD", rules=rules)
    texts = {m.text() for m in state.legal_moves()}
    # 4H makes 15 with 7S 3H AD (4+7+3+1), so neither card may trail
    assert "7D t" not in texts and "4H t" not in texts
    assert "4H x AD 3H 7S" in texts
    with pytest.raises(IllegalMoveError) as refused:
        state.play(move_from_text("7D t"))
    assert refused.value.reason == "must_capture"


def test_must_capture_still_lets_a_card_with_no_fifteen_trail() -> None:
    rules = ESCOBA.replace(must_capture=True)
    state = two_hands("JS", "4C 2H", rules=rules)
    assert [m.text() for m in state.legal_moves()] == ["JS t"]


def test_after_an_escoba_the_next_player_can_only_trail_naipes_casino() -> None:
    """naipes-casino: after an escoba the next player can only lay down a card."""
    state = two_hands("QS", "4C 2H", other="KD 5S", stock="2C 3C")
    after = state.play(move_from_text("QS x 4C 2H"))
    assert all(isinstance(m, Trail) for m in after.legal_moves())


# -- the opening table ----------------------------------------------------------------------


def _dealt_with_table(table: str, opening: str = "dealer") -> RoundState:
    rules = ESCOBA.replace(opening=opening)
    pack = [c for c in italian_pack() if c not in cards(table)]
    state = RoundState(rules=rules, dealer=0, hands=(tuple(pack[:3]), tuple(pack[3:6])),
                       table=tuple(cards(table)), stock=tuple(pack[6:]), piles=((), ()),
                       turn=1)
    return open_table(state)


def test_an_opening_table_of_fifteen_is_one_escoba_for_the_dealer_family_4_3_position_3() -> None:
    """7C 5H 2S AD = 15: taken before play, one escoba (en.wikipedia: by the dealer)."""
    state = _dealt_with_table("7C 5H 2S AD")
    assert state.table == () and state.sweeps == (0,) and state.last_capturer == 0
    assert set(state.piles[0]) == set(cards("7C 5H 2S AD"))


def test_an_opening_table_of_two_fifteens_is_two_escobas_family_4_3_position_3() -> None:
    """KC KH 5S 5D = 30, two 15s (K+5, K+5): two escobas."""
    state = _dealt_with_table("KC KH 5S 5D")
    assert state.table == () and state.sweeps == (0, 0)


def test_thirty_with_no_fifteen_in_it_is_no_escoba_our_reading() -> None:
    """7C 7H 7S QD = 30 but holds no set of 15 (7+7 = 14, 7+9 = 16): no escoba; the sources
    speak of two 15s (magnojuegos: two pairs adding up to 15 each)."""
    assert opening_escobas(cards("7C 7H 7S QD")) == 0
    state = _dealt_with_table("7C 7H 7S QD")
    assert len(state.table) == 4 and state.sweeps == ()


def test_opening_first_gives_the_opening_escoba_to_the_player_who_leads_magnojuegos() -> None:
    """magnojuegos / aprenderjuegoscartas: the *escoba de mano* goes to the player who leads."""
    state = _dealt_with_table("7C 5H 2S AD", opening="first")
    assert state.sweeps == (1,) and state.last_capturer == 1 and state.turn == 1


def test_deal_round_takes_opening_escobas_wikipedia() -> None:
    """Whole deals: whenever the four table cards add up to 15, they are in the dealer's pile."""
    seen = 0
    for seed in range(400):
        state = deal_round(ESCOBA, seed % 2, random.Random(seed))
        if state.sweeps:
            seen += 1
            assert state.table == () and set(state.sweeps) == {state.dealer}
            assert sum(capture_value(c) for c in state.piles[state.dealer]) in (15, 30)
        else:
            assert opening_escobas(state.table) == 0
    assert seen > 0


# -- the pack total: the last table is never empty ---------------------------------------------


def test_pack_adds_up_to_220_so_the_last_table_adds_up_to_10_mod_15_family_4_3_position_4() -> None:
    """220 = 14 * 15 + 10, and each capture (opening escobas too) takes a multiple of 15, so the
    cards left when the round ends add up to 10, 25, 40...: never an empty table."""
    assert sum(capture_value(c) for c in italian_pack()) == 220
    for seed in range(30):
        match = ScopaMatch(ESCOBA, seed)
        rng = random.Random(seed)
        while match.phase == "play":
            match.play(rng.choice(match.legal_moves()))
        state = match.state
        assert state.leftover and sum(capture_value(c) for c in state.leftover) % 15 == 10


# -- the count ----------------------------------------------------------------------------------


def _piles_family_4_3_position_5() -> tuple[list[Card], list[Card]]:
    """A: 24 cards, 6 oros with the 7 of oros, 3 sevens; B: 16 cards, 4 oros, 1 seven."""
    pack = list(italian_pack())
    a = [*cards("7D AD 2D 3D 4D 5D"), *cards("7H 7S")]
    rest = [c for c in pack if c not in a and c.suit != "D" and c.rank != 7]
    a += rest[:24 - len(a)]
    b = [c for c in pack if c not in a]
    return a, b


def test_round_score_family_4_3_position_5_studylib() -> None:
    """A scores cards, oros, velo, sevens and 2 escobas: 6; B: 0."""
    a, b = _piles_family_4_3_position_5()
    assert len(a) == 24 and len(b) == 16
    assert sum(c.suit == "D" for c in b) == 4 and sum(c.rank == 7 for c in b) == 1
    score = score_escoba(position(ESCOBA, hands=[[], []], piles=[a, b], sweeps=(0, 0)))
    assert (score.cards, score.coins, score.settebello, score.primiera) == (0, 0, 0, 0)
    assert score.points == (6, 0)
    assert score.to_json()["escobas"] == [2, 0]


def test_twenty_cards_each_and_five_oros_each_score_nothing_studylib() -> None:
    """studylib: 21 of 40 cards wins the cards point and 6 of 10 oros the oros point."""
    pack = list(italian_pack())
    a = [c for c in pack if c.suit in "DH" and c.rank <= 5] + [c for c in pack if c.suit == "S"]
    b = [c for c in pack if c not in a]
    score = score_escoba(position(ESCOBA, hands=[[], []], piles=[a, b]))
    assert score.cards is None and score.coins is None and score.coin_counts == (5, 5)


def test_sevens_tie_goes_to_most_sixes_then_aces_then_fives_entretodos() -> None:
    """Two sevens each: three sixes beat one; with sixes tied too, aces decide; then fives."""
    a = cards("7D 7H 6C 6S 6H")
    b = cards("7S 7C 6D AH AS")
    score = score_escoba(position(ESCOBA, hands=[[], []], piles=[a, b]))
    assert score.primiera == 0
    a2 = cards("7D 7H 6C AH 5C")
    b2 = cards("7S 7C 6D AS 5D 5H")
    assert score_escoba(position(ESCOBA, hands=[[], []], piles=[a2, b2])).primiera == 1
    a3 = cards("7D 7H 6C AH")
    b3 = cards("7S 7C 6D AS")
    assert score_escoba(position(ESCOBA, hands=[[], []], piles=[a3, b3])).primiera is None


def test_the_score_says_the_counts_behind_a_sevens_point_entretodos() -> None:
    """Play-test 11: the sheet gave the sevens point at "(2) - (2)" with no reason. The round
    score carries each side's sevens, sixes, aces and fives (``sevens_keys``), from which the
    page says that sixes decided: 2 sevens each, 3 sixes against 1."""
    a = cards("7D 7H 6C 6S 6H")
    b = cards("7S 7C 6D AH AS")
    out = score_escoba(position(ESCOBA, hands=[[], []], piles=[a, b])).to_json()
    assert out["sevens"] == 0 and out["sevens_counts"] == [2, 2]
    assert out["sevens_keys"] == [[2, 3, 0, 0], [2, 1, 2, 0]]
    setenta = score_escoba(position(PRESETS["escoba_setenta"], hands=[[], []], piles=[a, b]))
    assert setenta.to_json()["sevens_keys"] == []


def test_setenta_counts_as_primiera_studylib() -> None:
    """``sevens="setenta"``: the primiera count (7 21, 6 18, A 16...): A's 7-7-7-6 (81) beats
    B's 7-6-A-5 (70) though B holds as many sevens... and a side missing a suit cannot win."""
    rules = PRESETS["escoba_setenta"]
    a = cards("7D 7H 7S 6C")
    b = cards("7C 6D AH 5S")
    score = score_escoba(position(rules, hands=[[], []], piles=[a, b]))
    assert score.primiera_totals == (81, 70) and score.primiera == 0
    assert score_escoba(position(rules, hands=[[], []],
                                 piles=[cards("7D 7H 7S"), b])).primiera == 1


def test_game_to_fifteen_wikipedia() -> None:
    assert ESCOBA.target == 15
    assert EscobaRules.from_name("escoba", target=21).target == 21


def test_match_is_won_by_reaching_fifteen() -> None:
    match = ScopaMatch(ESCOBA, 11)
    rng = random.Random(11)
    while match.phase != "match_over":
        if match.phase == "round_over":
            match.next_round()
            continue
        match.play(rng.choice(match.legal_moves()))
    winner = match.winner
    assert winner is not None and match.totals[winner] >= 15
    assert match.totals[winner] == max(match.totals)


# -- rules values -------------------------------------------------------------------------------


@pytest.mark.parametrize("field, value, reason", [
    ("opening", "left", "rules_choice"), ("sevens", "most", "rules_choice"),
    ("must_capture", "yes", "rules_flag"), ("players", 5, "rules_range"),
    ("napola", True, "unknown_fields")])
def test_bad_rules_are_refused_with_a_reason(field: str, value: object, reason: str) -> None:
    with pytest.raises(EscobaRulesError) as refused:
        EscobaRules.from_dict({**ESCOBA.to_dict(), field: value})
    assert refused.value.reason == reason


def test_scopa_only_switches_stay_fixed_in_escoba() -> None:
    with pytest.raises(EscobaRulesError) as refused:
        EscobaRules(napola=True)
    assert refused.value.reason == "rules_unknown_field"


def test_presets_round_trip_through_their_dict() -> None:
    for rules in PRESETS.values():
        assert EscobaRules.from_dict(rules.to_dict()) == rules
        assert rules.deals_per_round == {2: 6, 3: 4, 4: 3}[rules.players]
