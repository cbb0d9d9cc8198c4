"""One test per rule of two-player Classic Cassino, each a concrete position and its result.

Source keys (RULES.md §0): PAG = pagat "Casino"; FOS = Foster's Hoyle; BRIT = Britannica;
S000, S002, S004 = the user's seed documents; WIKI = Wikipedia. Test names carry the key.
"""

from __future__ import annotations

import random

import pytest

from cassino_core import (
    CLASSIC,
    Build,
    Card,
    IllegalMoveError,
    Match,
    Round,
    Rules,
    RulesError,
)
from cassino_core.game import TABLE, deal_order
from cassino_core.match import match_winner
from cassino_core.moves import move_from_text
from cassino_core.scoring import score_round


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def build(text: str, value: int, owner: int, multiple: bool = False) -> Build:
    """``"3C 5D"`` for a single build, ``"3C 5D | 8H"`` for the groups of a multiple one."""
    groups = tuple(tuple(cards(g)) for g in text.split("|"))
    return Build(groups=groups, value=value, multiple=multiple, owner=owner)


def position(
    hand: str,
    loose: str,
    builds: tuple[Build, ...] = (),
    other: str = "KD",
    rules: Rules = CLASSIC,
    stock: str = "",
) -> Round:
    """Seat 0 to play holding ``hand``; seat 1 holds ``other``."""
    return Round.from_position(
        rules,
        hands=[cards(hand), cards(other)],
        loose=cards(loose),
        builds=builds,
        turn=0,
        dealer=1,
        stock=cards(stock),
    )


def mv(text: str) -> str:
    """A move's canonical text (cards in display order), for writing expectations freely."""
    return move_from_text(text).text()


def texts(r: Round) -> set[str]:
    return {m.text() for m in r.legal_moves()}


def for_card(r: Round, card: str) -> set[str]:
    return {t for t in texts(r) if t.startswith(card + " ")}


# -- the deal -------------------------------------------------------------------------------


def test_deal_in_twos_table_before_dealer_PAG_FOS_S000() -> None:
    """First deal: two to the non-dealer, two to the table, two to the dealer, twice."""
    assert deal_order(CLASSIC, dealer=1, deal=1) == [(0, 2), (TABLE, 2), (1, 2)] * 2
    assert deal_order(CLASSIC, dealer=1, deal=2) == [(0, 2), (1, 2)] * 2


def test_first_deal_four_each_and_four_to_table_PAG_3_1() -> None:
    r = Round.deal(CLASSIC, dealer=1, seed=3)
    assert [len(h) for h in r.state.hands] == [4, 4]
    assert len(r.state.loose) == 4 and len(r.state.stock) == 40
    assert r.state.turn == 0  # the player on the dealer's left plays first


def test_six_deals_no_table_cards_after_first_and_last_deal_marked_PAG_3_2() -> None:
    r = Round.deal(CLASSIC, dealer=0, seed=11)
    rng = random.Random(11)
    deals_seen = [r.state.deal]
    last_flags = [r.state.last_deal]
    while not r.finished:
        table_before = len(r.state.table_cards)
        deal_before = r.state.deal
        r.play(rng.choice(r.legal_moves()))
        if r.state.deal != deal_before and not r.finished:
            deals_seen.append(r.state.deal)
            last_flags.append(r.state.last_deal)
            assert [len(h) for h in r.state.hands] == [4, 4]
            assert len(r.state.table_cards) <= table_before + 1  # nothing dealt to the table
            assert r.state.turn == 1  # the dealer's left leads every deal
    assert deals_seen == [1, 2, 3, 4, 5, 6]
    assert last_flags == [False] * 5 + [True]


def test_deal_one_at_a_time_switch_California_S003() -> None:
    rules = CLASSIC.replace(deal_packet=1)
    assert deal_order(rules, dealer=1, deal=1) == [(0, 1), (TABLE, 1), (1, 1)] * 4


# -- capturing -------------------------------------------------------------------------------


def test_pairing_several_equal_numeral_cards_at_once_PAG_5_2() -> None:
    """An 8 may capture one, two or three eights from the table [PAG]."""
    r = position("8S", "8H 8D 8C")
    captures = {t for t in texts(r) if " x " in t}
    assert captures == {
        mv("8S x 8H"),
        mv("8S x 8D"),
        mv("8S x 8C"),
        mv("8S x 8H 8D"),
        mv("8S x 8H 8C"),
        mv("8S x 8D 8C"),
        mv("8S x 8H 8D 8C"),
    }


def test_court_card_takes_one_at_a_time_PAG_USPC52_S002_S004() -> None:
    r = position("JS", "JH JD")
    assert texts(r) == {mv("JS x JH"), mv("JS x JD"), "JS t"}


def test_court_cards_never_combine_or_build_PAG_2() -> None:
    r = position("QS 3C", "JH AD 2D")
    assert not any(" b" in t for t in for_card(r, "QS"))
    assert for_card(r, "QS") == {"QS t"}


def test_combining_disjoint_sums_each_card_once_PAG_5_1() -> None:
    """PAG: with A 2 3 5 6 8 on the table an 8 takes 8 6 2 5 3 or 8 5 2 A, never all six."""
    r = position("8S", "AH 2D 3C 5H 6D 8C")
    captures = {m.take for m in r.legal_moves() if m.kind == "capture"}
    assert frozenset(cards("8C 6D 2D 5H 3C")) in captures
    assert frozenset(cards("8C 5H 2D AH")) in captures
    assert frozenset(cards("AH 2D 3C 5H 6D 8C")) not in captures


def test_pairing_and_combining_in_one_play_WIKI_S000() -> None:
    """A 7 takes a 3, a 4 and a 7 together."""
    r = position("7S", "3H 4D 7C")
    assert mv("7S x 3H 4D 7C") in texts(r)


def test_partial_capture_allowed_PAG_5_2() -> None:
    r = position("7S", "3H 4D 7C")
    assert {mv("7S x 7C"), mv("7S x 3H 4D")} <= texts(r)


def test_build_captured_only_whole_and_only_by_its_value_PAG_5_4_FOS() -> None:
    """A 9 may not take a 7-build and a loose 2; a 7 or a 2 cannot touch the build's cards."""
    r = position("9S 2C 7C", "2H", (build("3D 4D", 7, owner=1),))
    assert not any("3D" in t for t in for_card(r, "9S"))
    assert mv("7C x 3D 4D") in texts(r)
    assert not any(" x " in t and "3D" in t for t in for_card(r, "2C"))


def test_build_and_loose_cards_of_its_value_taken_together_PAG_5_4() -> None:
    r = position("9S", "5H 4C", (build("6D 3D", 9, owner=1),))
    assert mv("9S x 3D 4C 5H 6D") in texts(r)


# -- building --------------------------------------------------------------------------------


def test_single_build_needs_the_value_in_hand_PAG_6_1() -> None:
    """3 from hand on a table 5, "building 8", only while holding an 8."""
    assert mv("3C b8 5D") in texts(position("3C 8H", "5D"))
    assert not any(" b8" in t for t in texts(position("3C 9H", "5D")))


def test_build_must_contain_the_played_card_PAG_6_1() -> None:
    """No build made only of table cards: with 3 and 5 loose, an 8 from hand just captures."""
    r = position("8H 4C", "3D 5S")
    assert {t for t in texts(r) if t.startswith("8H")} == {"8H t", mv("8H x 3D 5S")}


def test_multiple_build_created_in_one_play_PAG_6_3() -> None:
    """PAG: table 3 4 5 7, hand 2 and 7: the 2 makes 5+2, 3+4 and 7 into one 7-build."""
    r = position("2S 7H", "3C 4D 5H 7C")
    move = move_from_text("2S b7 3C 4D 5H 7C")
    assert move in r.legal_moves()
    r.play(move)
    (made,) = r.state.builds
    assert made.multiple and made.value == 7 and len(made.groups) == 3 and made.owner == 0


def test_three_on_three_offers_build_six_and_build_threes_PAG_6_3_S002() -> None:
    r = position("3S 6H 3H", "3C")
    assert {mv("3S x 3C"), mv("3S b6 3C"), mv("3S b3 3C")} <= texts(r)
    r.play(move_from_text("3S b3 3C"))
    assert r.state.builds[0].multiple and r.state.builds[0].value == 3


def test_raise_single_build_own_or_opponent_holding_new_value_PAG_6_4_A() -> None:
    """3+3 announced 6; a 2 from hand makes "building 8" for a holder of an 8."""
    theirs = position("2C 8S", "", (build("3H 3D", 6, owner=1),))
    assert mv("2C b8 3D 3H") in texts(theirs)
    mine = position("2C 8S 6C", "", (build("3H 3D", 6, owner=0),))
    assert mv("2C b8 3D 3H") in texts(mine)
    no_eight = position("2C 9S", "", (build("3H 3D", 6, owner=1),))
    assert not any(" b8" in t for t in texts(no_eight))


def test_a_raise_is_recorded_as_one_PAG_6_4() -> None:
    """The page words a raise differently from a new build; the round records which it was."""
    r = position("2C 8S", "", (build("3H 3D", 6, owner=1),))
    r.play(move_from_text("2C b8 3D 3H"))
    assert r.state.raised == (True, False) and r.state.builds[0].owner == 0
    r = position("3C 8H", "5D")
    r.play(move_from_text("3C b8 5D"))
    assert r.state.raised == (False, False)


def test_table_cards_never_raise_a_single_build_PAG_6_4_B() -> None:
    """A+4 built as 5 and a loose 2; holding 3, 8 and 10: 3 may make 8, not 3+2 onto it as 10."""
    r = position("3C 8S TH", "2D", (build("AH 4C", 5, owner=1),))
    assert mv("3C b8 4C AH") in texts(r)
    assert mv("3C b10 2D 4C AH") not in texts(r)
    with pytest.raises(IllegalMoveError, match="raised by one card from hand"):
        r.play(move_from_text("3C b10 2D 4C AH"))


def test_raise_and_gather_becomes_multiple_PAG_6_4_C() -> None:
    """3+4 built as 7 and a loose 9; a 2 from hand makes 9 and gathers the 9."""
    r = position("2C 9S", "9D", (build("3H 4C", 7, owner=1),))
    move = move_from_text("2C b9 3H 4C 9D")
    assert move in r.legal_moves()
    r.play(move)
    assert r.state.builds[0].multiple and r.state.builds[0].value == 9


def test_multiple_build_never_changes_value_PAG_FOS_S002() -> None:
    r = position("AC 5S 4S", "", (build("4H | 4D", 4, owner=1, multiple=True),))
    assert not any(" b5" in t for t in texts(r))
    with pytest.raises(IllegalMoveError, match="never change"):
        r.play(move_from_text("AC b5 4H 4D"))


def test_adding_to_a_build_makes_it_multiple_S000_PAG_6_5() -> None:
    """Holding two 5s, add a 5 to one's own 5-build ("fives") before taking it [S000]."""
    r = position("5C 5S", "", (build("2H 3H", 5, owner=0),))
    assert mv("5C b5 2H 3H") in texts(r)
    r.play(move_from_text("5C b5 2H 3H"))
    assert r.state.builds[0].multiple and r.state.builds[0].value == 5


def test_adding_with_loose_cards_to_opponents_build_PAG_6_5_S002() -> None:
    """S002: a second 9 made of 4 + 3 + a table 2 is laid on the first 9-build (A+8)."""
    r = position("4C 9S", "2D 3D", (build("AH 8H", 9, owner=1),))
    assert mv("4C b9 2D 3D 8H AH") in texts(r)


def test_court_cards_cannot_be_built_PAG_USPC52() -> None:
    r = position("JS JC", "JH")
    assert not any(" b" in t for t in texts(r))


def test_builder_must_keep_a_card_of_the_value_PAG_7() -> None:
    """Owning a 9-build with one 9 in hand, that 9 may only take the build."""
    r = position("9S 4C", "9D", (build("5H 4H", 9, owner=0),))
    assert mv("9S x 9D") not in texts(r)
    assert {mv("9S x 4H 5H"), mv("9S x 4H 5H 9D")} <= texts(r)
    with pytest.raises(IllegalMoveError, match="keep a card of 9"):
        r.play(move_from_text("9S x 9D"))


def test_one_card_guards_one_build_value_RULES_part1() -> None:
    """Builds of two values need two cards: no new 8-build while the only card left is a 9."""
    r = position("3C 9S", "5D", (build("5H 4H", 9, owner=0),))
    assert mv("3C b8 5D") not in texts(r)


# -- trailing --------------------------------------------------------------------------------


def test_owner_of_a_build_may_not_trail_PAG_7_WIKI_variant1() -> None:
    r = position("9S 4C 2D", "KH", (build("5H 4H", 9, owner=0),))
    assert not any(t.endswith(" t") for t in texts(r))
    with pytest.raises(IllegalMoveError, match="may not trail"):
        r.play(move_from_text("4C t"))


def test_trail_allowed_even_with_a_card_that_could_capture_PAG_9_S004() -> None:
    r = position("7S", "7C")
    assert "7S t" in texts(r)


def test_after_a_sweep_the_next_player_can_only_trail_BRIT_S002() -> None:
    r = position("7S", "3C 4D", other="5C 9H")
    r.play(move_from_text("7S x 3C 4D"))
    assert texts(r) == {"5C t", "9H t"}


# -- sweeps, the end of the round, scoring ----------------------------------------------------


def test_sweep_scores_one_point_FOS_S000() -> None:
    r = position("7S 2C", "3C 4D", other="5C 9H")
    r.play(move_from_text("7S x 3C 4D"))
    assert r.state.sweeps == (1, 0)


def test_last_capturer_takes_the_rest_never_a_sweep_PAG_11_FOS() -> None:
    r = position("5C", "9D", other="5S")
    r.play(move_from_text("5C t"))
    r.play(move_from_text("5S x 5C"))
    assert r.finished
    assert r.state.sweeps == (0, 0)
    assert set(r.state.piles[1]) == set(cards("5S 5C 9D"))


def test_genuine_sweep_on_the_last_play_counts_PAG_FOS_S002() -> None:
    """The last card of the round clears the table by itself: that is a real sweep."""
    r = position("2C", "4D", other="6S")
    r.play(move_from_text("2C t"))
    r.play(move_from_text("6S x 2C 4D"))
    assert r.finished and r.state.sweeps == (0, 1)


def test_round_scoring_categories_PAG_12() -> None:
    pack = (
        cards("AS 2S 3S 4S 5S 6S 7S TD AH AD AC")
        + cards("8S 9S TS JS QS KS 2H 3H 4H 5H 6H 7H 8H 9H TH JH")
        + cards("QH KH 2D 3D")
    )
    side0 = pack[:27]
    side1 = [c for c in (Card(r, s) for s in "SHDC" for r in range(1, 14)) if c not in side0]
    score = score_round(CLASSIC, [side0, side1], [2, 0])
    p0 = score.sides[0].points
    assert p0 == {
        "cards": 3,
        "spades": 1,
        "big_casino": 2,
        "little_casino": 1,
        "aces": 4,
        "sweeps": 2,
    }
    assert score.sides[1].total == 0 and score.sides[0].total == 13


def test_tie_on_cards_scores_nothing_PAG_12() -> None:
    everything = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
    score = score_round(CLASSIC, [everything[:26], everything[26:]], [0, 0])
    assert score.sides[0].points["cards"] == 0 and score.sides[1].points["cards"] == 0
    assert sum(score.totals) == 8


def test_portuguese_tiebreak_spades_decide_26_26_WIKI() -> None:
    everything = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
    rules = CLASSIC.replace(portuguese_tiebreak=True)
    score = score_round(rules, [everything[:26], everything[26:]], [0, 0])
    assert score.sides[0].points["cards"] == 3


@pytest.mark.parametrize(
    ("mode", "expected"), [("one", (2, 1)), ("two", (4, 2)), ("off", (0, 0)), ("cancel", (1, 0))]
)
def test_sweep_scoring_switches_FOS_DICK94_WIKI_Michigan(
    mode: str, expected: tuple[int, int]
) -> None:
    everything = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
    rules = CLASSIC.replace(sweeps=mode)
    score = score_round(rules, [everything[:26], everything[26:]], [2, 1])
    assert (score.sides[0].points["sweeps"], score.sides[1].points["sweeps"]) == expected


# -- the match -------------------------------------------------------------------------------


def test_match_to_21_higher_total_wins_PAG_13() -> None:
    last = score_round(CLASSIC, [[], []], [0, 0])
    assert match_winner(CLASSIC, (22, 21), last) == 0
    assert match_winner(CLASSIC, (20, 18), last) is None
    assert match_winner(CLASSIC, (15, 23), last) == 1


def test_equal_totals_play_another_round_PAG_S004() -> None:
    last = score_round(CLASSIC, [[], []], [0, 0])
    assert match_winner(CLASSIC, (22, 22), last) is None


def test_tie_broken_by_cards_then_spades_S002() -> None:
    everything = [Card(r, s) for s in "SHDC" for r in range(1, 14)]
    last = score_round(CLASSIC, [everything[:27], everything[27:]], [0, 0])
    rules = CLASSIC.replace(tie_break="cards_then_spades")
    assert match_winner(rules, (22, 22), last) == 0


def test_dealer_alternates_PAG_1() -> None:
    m = Match(CLASSIC, seed=9)
    first = m.state.round.dealer
    rng = random.Random(9)
    while m.state.phase == "play":
        m.play(rng.choice(m.legal_moves()))
    assert m.state.phase == "round_over"
    m.next_round()
    assert m.state.round.dealer == 1 - first


def test_other_target_switch_RULES_part1() -> None:
    assert CLASSIC.replace(target=61).target == 61
    with pytest.raises(RulesError):
        CLASSIC.replace(target=0)


def test_unknown_switches_and_impossible_deals_are_refused() -> None:
    with pytest.raises(RulesError, match="five players play with the standard pack"):
        CLASSIC.replace(players=5, pack="no_courts")
    with pytest.raises(RulesError, match="unknown rules field"):
        CLASSIC.replace(colour="red")
    with pytest.raises(RulesError, match="unknown rules field"):
        CLASSIC.replace(colour="red")


# -- switches --------------------------------------------------------------------------------


def test_court_capture_one_or_three_S000_S002() -> None:
    r = position("JS", "JH JD JC", rules=CLASSIC.replace(court_capture="one_or_three"))
    captures = {t for t in texts(r) if " x " in t}
    assert captures == {mv("JS x JH"), mv("JS x JD"), mv("JS x JC"), mv("JS x JH JD JC")}


def test_court_capture_all_FOS_BRIT() -> None:
    r = position("JS", "JH JD", rules=CLASSIC.replace(court_capture="all"))
    assert {t for t in texts(r) if " x " in t} == {mv("JS x JH JD")}


def test_capture_compulsory_no_trail_of_a_capturing_card_BRIT() -> None:
    r = position("7S 2C", "7C", rules=CLASSIC.replace(capture_compulsory=True))
    assert "7S t" not in texts(r) and "2C t" in texts(r)


def test_owner_may_trail_switch_PAG_variant() -> None:
    r = position(
        "9S 4C",
        "KH",
        (build("5H 4H", 9, owner=0),),
        rules=CLASSIC.replace(builder_restriction="may_trail"),
    )
    assert "4C t" in texts(r) and "9S t" not in texts(r)  # the 9 must still be kept


def test_wiki_variant2_owner_must_take_or_add_to_the_build_WIKI() -> None:
    r = position(
        "9S 4C 5C",
        "3D 6H",
        (build("5H 4H", 9, owner=0),),
        rules=CLASSIC.replace(builder_restriction="wiki2"),
    )
    assert texts(r) and all("4H" in t for t in texts(r))


def test_wiki_variant3_owner_may_start_another_build_WIKI() -> None:
    r = position(
        "9S 2C 5C",
        "3D 5D",
        (build("5H 4H", 9, owner=0),),
        rules=CLASSIC.replace(builder_restriction="wiki3"),
    )
    assert mv("2C b5 3D") in texts(r)  # a new build defers
    assert mv("5C x 5D") not in texts(r)  # a capture that leaves the own build is not allowed


def test_raise_own_build_forbidden_switch_DICK67_USPC98() -> None:
    r = position(
        "2C 8S",
        "",
        (build("3H 3D", 6, owner=0),),
        other="KD",
        rules=CLASSIC.replace(raise_own_build=False),
    )
    assert mv("2C b8 3D 3H") not in texts(r)


def test_two_builds_of_one_value_forbidden_switch_WIKI_variant3() -> None:
    rules = CLASSIC.replace(same_value_builds=False)
    r = position("3C 8S", "5D", (build("6H 2H", 8, owner=1),), rules=rules)
    assert mv("3C b8 5D") not in texts(r)
    assert mv("3C b8 5D") in texts(position("3C 8S", "5D", (build("6H 2H", 8, owner=1),)))


# -- errors ----------------------------------------------------------------------------------


def test_illegal_move_names_the_fault_and_changes_nothing() -> None:
    r = position("7S", "3C 5D")
    before = r.state
    with pytest.raises(IllegalMoveError, match="cannot take"):
        r.play(move_from_text("7S x 3C 5D"))
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        r.play(move_from_text("8S t"))
    with pytest.raises(IllegalMoveError, match="not on the table"):
        r.play(move_from_text("7S x 7C"))
    assert r.state == before


def test_trail_refusal_codes_name_the_rule_PAG_7_BRIT() -> None:
    from cassino_core.movegen import trail_refusal

    owner = position("9S 4C", "KH", (build("5H 4H", 9, owner=0),))
    s = owner.state
    assert trail_refusal(CLASSIC, s.hands[0], s.loose, s.builds, 0, Card.parse("4C")) == (
        "owner_may_not_trail")
    may = CLASSIC.replace(builder_restriction="may_trail")
    assert trail_refusal(may, s.hands[0], s.loose, s.builds, 0, Card.parse("9S")) == "keep_card"
    assert trail_refusal(may, s.hands[0], s.loose, s.builds, 0, Card.parse("4C")) is None
    forced = CLASSIC.replace(capture_compulsory=True)
    assert trail_refusal(forced, cards("7S"), cards("7C"), (), 0, Card.parse("7S")) == (
        "must_capture")


def test_california_cassino_is_for_two_three_four_or_six_players_S003_RULES_15_5() -> None:
    """California Cassino [S003; RULES.md 15.5] is played by 2, 3, 4 or 6: five are refused,
    with the counts it allows named; the other counts deal."""
    california = Rules.from_name("california")
    with pytest.raises(RulesError, match="2, 3, 4 or 6 players, not 5"):
        california.replace(players=5)
    for players in (2, 3, 4, 6):
        assert california.replace(players=players).players == players
    assert CLASSIC.replace(players=5).players == 5  # other variants still seat five
