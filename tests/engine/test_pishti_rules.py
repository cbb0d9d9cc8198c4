"""Pishti, Xeri and Basra rules, each in a concrete position with its source (FAMILY.md §5.1
"Test positions", §5.2, §5.3, and the pages they cite).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from cassino_core.cards import JACK, Card, parse_cards
from cassino_core.moves import Capture, IllegalMoveError, Trail
from cassino_core.pishti.game import (
    CARD_POINTS,
    SEVEN_OF_DIAMONDS,
    _opening,
    deal_round,
    position,
    score_round,
)
from cassino_core.pishti.match import PishtiMatch
from cassino_core.pishti.rules import PRESETS, PishtiRules, PishtiRulesError
from cassino_core.pishti.view import round_view

PISHTI = PRESETS["pishti"]
XERI = PRESETS["xeri"]
BASRA = PRESETS["basra"]


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def c(text: str) -> Card:
    return Card.parse(text)


def pile(rules: PishtiRules, table: str, hand: str, *, hidden: int = 0, other: str = "2D 3D",
         stock: str = "") -> object:
    """Seat 0 to play ``hand`` onto ``table`` (bottom first); seat 1 holds ``other``."""
    return position(rules, hands=[cards(hand), cards(other)], table=cards(table), hidden=hidden,
                    stock=cards(stock))


def moves_of(state: object, card: str) -> list:
    return [m for m in state.legal_moves() if m.card == c(card)]  # type: ignore[attr-defined]


# -- Pishti: the pile (FAMILY.md §5.1 "Capturing" [V], pagat via gambiter.com) ------------------

def test_pagat_a_card_of_the_top_rank_takes_the_whole_pile_and_is_no_pisti() -> None:
    """FAMILY.md §5.1 test 1: pile 7♠ 3♣ 9♥ (9♥ on top); 9♦ takes all four cards."""
    state = pile(PISHTI, "7S 3C 9H", "9D 4S")
    [move] = moves_of(state, "9D")
    assert move == Capture(c("9D"), frozenset(cards("7S 3C 9H")))
    after = state.play(move)
    assert sorted(after.piles[0], key=lambda x: x.index) == sorted(cards("7S 3C 9H 9D"),
                                                                   key=lambda x: x.index)
    assert after.table == () and after.bonuses == () and after.last.bonus == 0


def test_pagat_a_lone_card_taken_by_its_rank_is_a_pisti_worth_10() -> None:
    """FAMILY.md §5.1 test 2: pile 9♥ alone; 9♦ makes a pişti, +10."""
    after = pile(PISHTI, "9H", "9D 4S").play(Capture(c("9D"), frozenset(cards("9H"))))
    assert after.bonuses == ((0, 10),)
    assert score_round(after).bonuses == (10, 0)


def test_de_wikipedia_a_jack_on_a_lone_jack_is_worth_20_or_the_switch() -> None:
    """FAMILY.md §5.1 test 3: pile J♣ alone; J♦ makes a jack pişti, +20 (de.wikipedia, lodige
    [V]); the switch ``jack_pisti_points`` makes it 10."""
    move = Capture(c("JD"), frozenset(cards("JC")))
    assert pile(PISHTI, "JC", "JD 4S").play(move).bonuses == ((0, 20),)
    ten = PISHTI.replace(jack_pisti_points=10)
    assert pile(ten, "JC", "JD 4S").play(move).bonuses == ((0, 10),)


def test_pagat_a_jack_on_a_lone_other_card_takes_it_without_a_pisti() -> None:
    """FAMILY.md §5.1 test 4: pile 5♥ alone; J♠ takes it, no pişti."""
    after = pile(PISHTI, "5H", "JS 4S").play(Capture(c("JS"), frozenset(cards("5H"))))
    assert after.piles[0] == (c("5H"), c("JS")) and after.bonuses == ()


def test_pagat_only_the_top_card_counts() -> None:
    """FAMILY.md §5.1 test 5: pile K♦ 4♣ (4♣ on top); K♠ takes nothing and becomes the top."""
    state = pile(PISHTI, "KD 4C", "KS 5S")
    assert moves_of(state, "KS") == [Trail(c("KS"))]
    with pytest.raises(IllegalMoveError) as err:
        state.play(Capture(c("KS"), frozenset(cards("KD"))))
    assert err.value.reason == "pile_no_take"
    assert state.play(Trail(c("KS"))).table == tuple(cards("KD 4C KS"))


def test_pagat_a_card_that_takes_the_pile_must_take_all_of_it() -> None:
    """pagat: the whole pile is taken; naming part of it is refused, and so is adding a
    matching card without taking."""
    state = pile(PISHTI, "7S 3C 9H", "9D 4S")
    with pytest.raises(IllegalMoveError) as err:
        state.play(Capture(c("9D"), frozenset(cards("9H"))))
    assert err.value.reason == "take_whole"
    with pytest.raises(IllegalMoveError) as err:
        state.play(Trail(c("9D")))
    assert err.value.reason == "must_capture"


def test_xeri_sources_a_jack_on_an_empty_table_starts_a_new_pile() -> None:
    """ultrafoodmess / gamerules Xeri [V]: a jack takes only a pile that has cards."""
    state = pile(PISHTI, "", "JS 4S")
    assert moves_of(state, "JS") == [Trail(c("JS"))]


def test_pagat_the_first_capture_also_takes_the_face_down_middle_cards() -> None:
    """FAMILY.md §5.1 test 6: the first capturer takes the three face-down cards too, and a
    four-card pile (three of them face down) taken by a match is no pişti."""
    state = pile(PISHTI, "2H 6C TS 8D", "8S 4S", hidden=3)
    [move] = moves_of(state, "8S")
    assert move.take == frozenset(cards("8D"))  # the move names the face-up cards only
    after = state.play(move)
    assert len(after.piles[0]) == 5 and after.bonuses == ()
    assert after.secret_taker == 0 and after.last.hidden == tuple(cards("2H 6C TS"))


def test_pagat_score_of_a_round_is_card_points_most_cards_and_pisti() -> None:
    """FAMILY.md §5.1 test 7: A has 28 cards with 10♦, 2♣, 3 aces, 2 jacks and one pişti:
    3 + 3 + 2 + 3 + 2 + 10 = 23; B has 24 cards with 1 ace and 2 jacks: 3."""
    a_named = cards("TD 2C AS AH AD JS JH")
    b_named = cards("AC JD JC")
    plain = [x for x in cards(" ".join(f"{r}{s}" for s in "SHDC" for r in "23456789TQK"))
             if x not in a_named and x not in b_named]
    a = a_named + plain[:21]
    b = b_named + plain[21:42]
    state = dataclasses.replace(position(PISHTI, hands=[[], []], piles=[a, b]),
                                bonuses=((0, 10),))
    score = score_round(state)
    assert score.card_counts == (28, 24)
    assert score.points == (23, 3)
    assert sum(score.card_points) + 3 == 16  # 16 card points a round [V]


def test_pagat_a_26_26_tie_scores_nobody_the_3_for_cards() -> None:
    """FAMILY.md §5.1 / §5.2 test 2: 26-26 cards, nobody scores the 3."""
    pack = cards(" ".join(f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"))
    state = position(PISHTI, hands=[[], []], piles=[pack[:26], pack[26:]])
    assert score_round(state).most_cards is None


def test_de_wikipedia_no_pisti_on_the_last_card_in_pishti_but_one_in_xeri() -> None:
    """de.wikipedia and lodige.com [V]: the last two cards make no pişti (``last_card_pisti``
    off in Pishti); Xeri's sources void nothing, so its preset scores it."""
    for rules, bonus in ((PISHTI, ()), (XERI, ((0, 10),))):
        state = position(rules, hands=[cards("9D"), []], table=cards("9H"), last_capturer=1)
        after = state.play(Capture(c("9D"), frozenset(cards("9H"))))
        assert after.finished and after.bonuses == bonus


def test_pagat_the_last_capturer_takes_the_cards_left_without_a_bonus() -> None:
    """pagat [V]: the cards left at the end go to the last capturer; never a pişti."""
    state = position(PISHTI, hands=[cards("4S"), []], table=cards("7C"), last_capturer=1,
                     piles=[[], cards("2D")])
    after = state.play(Trail(c("4S")))
    assert after.finished and after.leftover == tuple(cards("7C 4S"))
    assert after.piles[1] == tuple(cards("2D 7C 4S")) and after.bonuses == ()


def test_pagat_a_jack_turned_up_stays_up_so_two_cards_lie_face_down() -> None:
    """Play-test 10 read "5 cards in the pile, 2 face down" at a start and expected 3. pagat
    [V] (docs/pishti.md "Pishti's deal"): of the four middle cards the top one is turned up;
    a jack turned up stays up and the next is turned. Middle cards 5♥ A♣ 6♦ J♠ (J♠ on top):
    the J♠ and then the 6♦ are turned, so 5♥ and A♣ lie face down under J♠ 6♦. The first
    player lays the 9♣ on it: the pile holds 5 cards, 2 of them face down, which is what
    the page's "in the pile: 5 cards, 2 face down" says (the view's hidden 2, table J♠ 6♦ 9♣)."""
    table, hidden, rest, again = _opening(PISHTI, cards("5H AC 6D JS 2C 3C"), random.Random(0))
    assert (table, hidden, rest, again) == (cards("5H AC JS 6D"), 2, cards("2C 3C"), 0)
    state = position(PISHTI, hands=[cards("9C KH"), cards("2D 3D")], table=table, hidden=hidden,
                     stock=cards("4S 5S 6S 7S"), turn=0)
    after = state.play(Trail(c("9C")))
    assert len(after.table) == 5 and after.hidden == 2
    assert after.visible == tuple(cards("JS 6D 9C"))
    view = round_view(after, 1).to_json()
    assert view["hidden"] == 2 and view["table"] == ["JS", "6D", "9C"]


@pytest.mark.parametrize("seed", range(40))
def test_pagat_pishti_deal_hides_three_cards_under_a_starter_that_is_no_jack(seed: int) -> None:
    """pagat [V]: 4 cards to the middle, the top one turned up (a jack turned up stays up and
    the next is turned); 4 each; the stock's bottom card, never a jack, is shown and reaches
    the dealer with the last deal."""
    state = deal_round(PISHTI, seed % 2, random.Random(seed))
    assert len(state.table) == 4 and state.table[-1].rank != JACK
    assert all(x.rank == JACK for x in state.table[state.hidden:-1])
    assert state.hidden == 4 - len(state.visible)
    assert [len(h) for h in state.hands] == [4, 4] and len(state.stock) == 40
    bottom = state.bottom
    assert bottom is not None and bottom.rank != JACK and bottom == state.stock[-1]
    rng = random.Random(seed)
    while state.stock:
        state = state.play(rng.choice(state.legal_moves()))
    assert bottom in state.hands[state.dealer]


@pytest.mark.parametrize("seed", range(40))
def test_ultrafoodmess_xeri_deal_six_each_and_four_face_up_with_no_pair_and_no_top_jack(
        seed: int) -> None:
    """ultrafoodmess / gamerules Xeri [V]: 6 cards each, 4 face up as the pile; two of a
    rank among them or a jack on top send them back to be dealt again."""
    state = deal_round(XERI, seed % 2, random.Random(seed))
    assert [len(h) for h in state.hands] == [6, 6] and state.hidden == 0
    assert len({x.rank for x in state.table}) == 4 and state.table[-1].rank != JACK
    assert len(state.all_cards()) == len(set(state.all_cards())) == 52


def test_parlett_xeri_a_lone_card_taken_is_a_xeri_and_a_jack_on_a_pile_is_not() -> None:
    """FAMILY.md §5.2 test 3 (ultrafoodmess; Parlett's 10 a *pastra* [V]): pile 8♥ alone,
    8♠ → +10; pile 2♣ 8♥, J♠ takes it without a xeri."""
    assert pile(XERI, "8H", "8S 4S").play(
        Capture(c("8S"), frozenset(cards("8H")))).bonuses == ((0, 10),)
    after = pile(XERI, "2C 8H", "JS 4S").play(Capture(c("JS"), frozenset(cards("2C 8H"))))
    assert after.bonuses == () and len(after.piles[0]) == 3


# -- Basra: the floor (FAMILY.md §5.3 [V]; jawaker.com, catsatcards.com) -----------------------

def test_parlett_basra_a_numeral_takes_several_groups_at_once() -> None:
    """FAMILY.md §5.3 [V] "match and/or sum, several groups at once": floor 5♣ 2♠ 3♥ 5♦,
    5♥ may take any union of {5♣}, {5♦}, {2♠ 3♥}; taking all four clears the floor: a basra."""
    state = pile(BASRA, "5C 2S 3H 5D", "5H 4S")
    takes = {m.take for m in moves_of(state, "5H")}
    groups = [frozenset(cards("5C")), frozenset(cards("5D")), frozenset(cards("2S 3H"))]
    unions = {frozenset().union(*(g for i, g in enumerate(groups) if mask >> i & 1))
              for mask in range(1, 8)}
    assert takes == unions
    after = state.play(Capture(c("5H"), frozenset(cards("5C 2S 3H 5D"))))
    assert after.bonuses == ((0, 10),)


def test_jawaker_basra_queens_and_kings_only_pair() -> None:
    """jawaker [V]: Q and K have no number; they take only their own rank. Floor Q♠ 4♥ 8♣:
    Q♥ takes Q♠; floor 2♣ 8♥ Q♦: K♠ takes nothing."""
    assert {m.take for m in moves_of(pile(BASRA, "QS 4H 8C", "QH 4S"), "QH")} == {
        frozenset(cards("QS"))}
    state = pile(BASRA, "2C 8H QD", "KS 4S")
    assert moves_of(state, "KS") == [Trail(c("KS"))]
    with pytest.raises(IllegalMoveError) as err:
        state.play(Capture(c("KS"), frozenset(cards("2C 8H"))))
    assert err.value.reason == "court_takes_rank"


def test_jawaker_basra_a_jack_takes_the_floor_but_is_never_a_basra() -> None:
    """jawaker, catsatcards [V]: a jack takes every card on the floor, no basra."""
    state = pile(BASRA, "2C 8H QD", "JS 4S")
    [move] = moves_of(state, "JS")
    assert move.take == frozenset(cards("2C 8H QD"))
    assert state.play(move).bonuses == ()
    with pytest.raises(IllegalMoveError) as err:
        state.play(Capture(c("JS"), frozenset(cards("QD"))))
    assert err.value.reason == "take_whole"


def test_jawaker_basra_the_seven_of_diamonds_is_a_basra_only_over_numerals_up_to_10() -> None:
    """jawaker, catsatcards [V]: 7♦ takes the whole floor; a basra when the floor holds only
    numerals adding up to 10 or less (floor A♠ 2♣ 7♠: 10 → basra; 4♥ 8♣: 12 → none;
    2♣ K♦: a king → none)."""
    for floor, bonus in (("AS 2C 7S", ((0, 10),)), ("4H 8C", ()), ("2C KD", ())):
        state = pile(BASRA, floor, "7D 4S")
        [move] = moves_of(state, "7D")
        assert move.take == frozenset(cards(floor))
        assert state.play(move).bonuses == bonus, floor
    assert c("7D") == SEVEN_OF_DIAMONDS


def test_wikipedia_bastra_a_card_that_can_fish_may_not_be_added_to_the_floor() -> None:
    """en.wikipedia *Bastra* [V]: a player adds a card to the board only when it cannot fish."""
    state = pile(BASRA, "3C 9H", "3D 4S", other="2H 6D")
    with pytest.raises(IllegalMoveError) as err:
        state.play(Trail(c("3D")))
    assert err.value.reason == "must_capture"
    with pytest.raises(IllegalMoveError) as err:
        state.play(Capture(c("3D"), frozenset(cards("9H"))))
    assert err.value.reason == "basra_groups"


@pytest.mark.parametrize("seed", range(40))
def test_jawaker_basra_deal_buries_jacks_and_the_seven_of_diamonds(seed: int) -> None:
    """jawaker, wikipedia [V]: a jack or the 7♦ dealt to the floor goes back to the pack and
    another card takes its place."""
    state = deal_round(BASRA, seed % 2, random.Random(seed))
    assert len(state.table) == 4 and state.hidden == 0
    assert all(x.rank != JACK and x != SEVEN_OF_DIAMONDS for x in state.table)
    assert len(set(state.all_cards())) == 52


@pytest.mark.parametrize(("name", "players", "hand_size"),
                         [("basra", 2, 24), ("basra_four", 4, 12), ("xeri", 2, 24),
                          ("xeri", 4, 12), ("pishti", 2, 24)])
def test_hands_that_leave_too_few_cards_for_the_middle_are_dealt_again(
        name: str, players: int, hand_size: int) -> None:
    """Issue 17 (fuzz campaign, seed 47: a new Basra game with 24 cards a hand never
    answered): the 4 cards left after the hands hold a jack or the 7♦, which Basra buries
    [V: jawaker], or two of a rank, which Xeri's middle may not show [V: ultrafoodmess]; no
    shuffle of those cards makes a middle, and the deal went round for ever. Such a deal is
    a misdeal, dealt again [I]: every seed deals a round the rules accept."""
    rules = PRESETS[name].replace(players=players, hand_size=hand_size)
    redealt = 0
    for seed in range(60):
        state = deal_round(rules, seed % players, random.Random(seed))
        assert [len(h) for h in state.hands] == [hand_size] * players
        assert len(state.table) == 4 and len(set(state.all_cards())) == 52
        if name == "basra":
            assert all(x.rank != JACK and x != SEVEN_OF_DIAMONDS for x in state.table)
        if name == "xeri":
            assert len({x.rank for x in state.table}) == 4 and state.table[-1].rank != JACK
        redealt += state.redeals > 0
    assert name == "pishti" or redealt > 0  # the misdeal was met, not dodged


def test_a_middle_the_cards_left_cannot_make_is_a_misdeal() -> None:
    """The four cards left hold the 7♦ (Basra) or a pair (Xeri): no middle, None (the round
    is dealt again); four that can make it are the middle."""
    rng = random.Random(1)
    assert _opening(BASRA, parse_cards("7D 5C 6C 8C"), rng) is None
    assert _opening(BASRA, parse_cards("JD 5C 6C 7D 9C"), rng) is None
    assert _opening(XERI, parse_cards("5D 5C 6C 8C"), rng) is None
    table, _, rest, _ = _opening(BASRA, parse_cards("4D 5C 6C 8C"), rng) or ((), 0, [], 0)
    assert sorted(table) == sorted(parse_cards("4D 5C 6C 8C")) and rest == []


# -- scoring values, match and rules ---------------------------------------------------------

def test_pagat_card_points_are_jacks_aces_two_of_clubs_and_ten_of_diamonds() -> None:
    """pagat, Parlett, jawaker [V]: each J and A 1, 2♣ 2, 10♦ 3: 13, with 3 for cards 16."""
    assert CARD_POINTS[c("2C")] == 2 and CARD_POINTS[c("TD")] == 3
    assert sum(CARD_POINTS.values()) == 13 and len(CARD_POINTS) == 10


def test_pagat_the_match_is_won_at_151_by_the_higher_total() -> None:
    """pagat [V] game to 151 (101 in Xeri and Basra, Parlett): a round that takes a side past
    the target ends the match; level leaders play on (our reading)."""
    match = PishtiMatch(PISHTI.replace(target=1), seed=5)
    rng = random.Random(5)
    while match.phase == "play":
        match.play(rng.choice(match.legal_moves()))
    totals = match.totals
    if totals[0] == totals[1]:
        assert match.phase == "round_over"
    else:
        assert match.phase == "match_over" and match.winner == totals.index(max(totals))
    assert (PRESETS["pishti"].target, XERI.target, BASRA.target) == (151, 101, 101)


def test_rules_refuse_a_hand_size_the_pack_does_not_deal_out() -> None:
    """48 cards after the middle four: 5 each to two players does not divide them."""
    with pytest.raises(PishtiRulesError) as err:
        PishtiRules(hand_size=5)
    assert err.value.reason == "pack_uneven"
    with pytest.raises(PishtiRulesError) as err:
        PishtiRules.from_name("pishti", layout="floor")
    assert err.value.reason == "rules_unknown_field"
