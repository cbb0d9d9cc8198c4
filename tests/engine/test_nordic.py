"""Nordic Kasino (FAMILY.md §5.12) and the last Cassino rule switches of issue 15.

Finnish and Swedish Kasino as presets, and the switches they brought: the Finnish card values
(``values="finnish"``), ``building``, the ``finnish`` count, ``sweep_stop``, ``tie_carry``,
``last_capture_point``; and Dominican's "a card that pairs may not be trailed"
(``no_pair_trail``, PAG-R, RULES.md §15.1). Each test states a position or a score and the
expected legal moves or points; the move tests also check the engine's list against the
brute-force reference (tests/engine/reference.py). The readings chosen are documented on
:class:`cassino_core.rules.Rules` and in docs/rules.md.
"""

from __future__ import annotations

import random

import pytest

from cassino_core import CLASSIC, Round
from cassino_core.cards import Card, full_pack
from cassino_core.errors import Refusal
from cassino_core.match import Match, carried, match_round_score
from cassino_core.movegen import trail_refusal
from cassino_core.moves import move_from_text
from cassino_core.rules import PRESETS, Rules
from cassino_core.scoring import RoundScore, SideScore, score_round
from tests.engine.test_move_switches import captures, checked
from tests.engine.test_rules_classic import cards, mv, position
from tests.engine.test_scoring_switches import check_record_round_trip

FINNISH = PRESETS["finnish"]
SWEDISH = PRESETS["swedish"]
DOMINICAN = PRESETS["dominican"]


# -- the presets -------------------------------------------------------------------------------


def test_finnish_preset_is_section_5_12() -> None:
    """FAMILY.md §5.12 [V]: hand and table values, no building, its count, a mökki 1 with
    opposing ones cancelling, none in the last deal nor from 10 points, ties carried, to 16."""
    r = FINNISH
    assert (r.values, r.building, r.scoring, r.sweeps, r.last_sweep, r.sweep_stop,
            r.tie_carry, r.target) == ("finnish", False, "finnish", "cancel", "not_last_deal",
                                       10, True, 16)
    assert not r.last_capture_point


def test_swedish_preset_is_section_5_12() -> None:
    """FAMILY.md §5.12 [V] (pagat Nordic Casino): Royal values with an ace 1 or 14, no
    building, a tabbe (sweep) 1, a point for the last capture; the rest is Classic's."""
    r = SWEDISH
    assert (r.values, r.hand_ace, r.table_ace, r.building, r.sweeps, r.last_capture_point,
            r.scoring, r.target) == ("royal", "both", "chosen", False, "one", True,
                                     "standard", 21)


def test_older_presets_keep_the_new_switches_off() -> None:
    """Only Dominican (no_pair_trail) and the Nordic presets change the new switches."""
    for name, r in PRESETS.items():
        if name in ("finnish", "swedish"):
            continue
        assert (r.building, r.sweep_stop, r.tie_carry, r.last_capture_point) == (
            True, 0, False, False), name
        assert r.no_pair_trail == (name == "dominican"), name
        assert r.values != "finnish" and r.scoring != "finnish", name


# -- Finnish card values -------------------------------------------------------------------------


def test_finnish_big_casino_counts_16_from_hand_and_10_on_the_table() -> None:
    """korttipelit.net / fandom (§5.12): the 10 of diamonds is 16 from hand: it takes 7 + 9,
    never the loose 10 by pairing; a 10 from hand pairs the table's 10 of diamonds."""
    r = position("TD 5C", "7H 9S TC", rules=FINNISH)
    assert {m for m in captures(r) if m.startswith("TD")} == {mv("TD x 7H 9S")}
    r = position("TC 5C", "TD 3H", rules=FINNISH)
    assert {m for m in captures(r) if m.startswith("TC")} == {mv("TC x TD")}


def test_finnish_ace_is_14_from_hand_and_never_pairs_a_table_ace() -> None:
    """fandom's Finnish page (§5.12): an ace from hand is 14, on the table 1, so a played ace
    does not take a single ace; here it takes 9 + 4 + the table ace (14)."""
    r = position("AS 5C", "AH 9C 4D", rules=FINNISH)
    assert {m for m in captures(r) if m.startswith("AS")} == {mv("AS x 4D 9C AH")}


def test_finnish_little_casino_counts_15_from_hand() -> None:
    """§5.12: the 2 of spades is 15 from hand (K + 2 on the table), 2 on the table (a 2 from
    hand pairs it)."""
    r = position("2S 5C", "KH 2H", rules=FINNISH)
    assert {m for m in captures(r) if m.startswith("2S")} == {mv("2S x 2H KH")}
    r = position("2D 5C", "2S 8H", rules=FINNISH)
    assert {m for m in captures(r) if m.startswith("2D")} == {mv("2D x 2S")}


def test_finnish_courts_add_up_like_numbers() -> None:
    """§5.12: J 11, Q 12, K 13 (Royal values): a king takes 6 + 7 or a king."""
    r = position("KS 5C", "6H 7D KH", rules=FINNISH)
    assert {m for m in captures(r) if m.startswith("KS")} == {
        mv("KS x 6H 7D"), mv("KS x KH"), mv("KS x 6H 7D KH")}


# -- no building ---------------------------------------------------------------------------------


def test_no_building_leaves_captures_and_trails_only() -> None:
    """§5.12 "usually no building": holding 3 and 8 over a loose 5, Royal may build 8; Swedish
    (Royal values, building off) only captures or trails."""
    royal = checked(position("3C 8D", "5H", rules=PRESETS["royal"]))
    assert mv("3C b8 5H") in royal
    swedish = checked(position("3C 8D", "5H", rules=SWEDISH))
    assert swedish == {mv("3C t"), mv("8D t")}


def test_a_build_move_without_building_is_refused_by_name() -> None:
    """The refusal names the rule: these rules have no building."""
    r = position("3C 8D", "5H", rules=SWEDISH)
    with pytest.raises(Refusal) as err:
        r.play(move_from_text("3C b8 5H"))
    assert err.value.reason == "no_building"


# -- a card that pairs may not be trailed (Dominican) ---------------------------------------------


def test_dominican_pairing_card_may_not_be_trailed_PAG_R() -> None:
    """PAG-R (RULES.md §15.1): a card equal to a loose card must capture; a card that only
    makes a sum may still be trailed (which capture_compulsory would forbid)."""
    r = position("5S 9C", "5H 2C 4D", rules=DOMINICAN)
    got = checked(r)
    assert mv("5S t") not in got and mv("9C t") in got
    assert trail_refusal(DOMINICAN, r.state.hands[0], r.state.loose, (), 0,
                         Card.parse("5S")) == "must_pair"
    r = position("6S 9C", "2C 4D", rules=DOMINICAN)
    assert mv("6S t") in checked(r)  # 6 = 2 + 4 is a sum, not a pair
    with pytest.raises(Refusal) as err:
        position("5S 9C", "5H 2C 4D", rules=DOMINICAN).play(move_from_text("5S t"))
    assert err.value.reason == "must_pair"


def test_no_pair_trail_alone_on_classic() -> None:
    """The switch on its own: Classic with no_pair_trail refuses to trail the 7 over a loose
    7, and still trails the 9."""
    rules = CLASSIC.replace(no_pair_trail=True)
    got = checked(position("7S 9C", "7H 3D", rules=rules))
    assert mv("7S t") not in got and mv("9C t") in got


# -- scoring -------------------------------------------------------------------------------------


def _pack_split(first: str) -> tuple[list[Card], list[Card]]:
    mine = cards(first)
    return mine, [c for c in full_pack() if c not in mine]


def test_finnish_count_is_ten_a_round() -> None:
    """§5.12: most cards 1, most spades 2, each ace 1, the 2 of spades 1, the 10 of diamonds
    2. Side 0 takes the 13 spades, the ace of hearts and the 10 of diamonds (15 cards)."""
    spades = " ".join(f"{r}S" for r in "A23456789TJQK")
    mine, theirs = _pack_split(spades + " AH TD")
    score = score_round(FINNISH, [mine, theirs], [0, 0])
    assert score.sides[0].points == {"cards": 0, "spades": 2, "big_casino": 2,
                                     "little_casino": 1, "aces": 2, "sweeps": 0}
    assert score.sides[1].points == {"cards": 1, "spades": 0, "big_casino": 0,
                                     "little_casino": 0, "aces": 2, "sweeps": 0}
    assert score.totals == (7, 3)


def test_last_capture_point_Swedish() -> None:
    """§5.12 (pagat's Swedish Kasino): a point for the last capture, in its own category."""
    mine, theirs = _pack_split("AS 2S TD")
    score = score_round(SWEDISH, [mine, theirs], [0, 0], last_capture=1)
    assert score.sides[1].points["last_capture"] == 1
    assert score.sides[0].points["last_capture"] == 0
    assert sum(score.totals) == 11 + 1
    assert "last_capture" not in score_round(CLASSIC, [mine, theirs], [0, 0], None,
                                             1).sides[1].points


def _score(cards_: tuple[int, int], spades: tuple[int, int], sweeps: tuple[int, int],
           rules: Rules = FINNISH) -> RoundScore:
    """A Finnish round score with these cards, spades and sweep points (the rest left out)."""
    card_leader = 0 if cards_[0] > cards_[1] else 1 if cards_[1] > cards_[0] else None
    sides = []
    for s in range(2):
        points = {"cards": 1 if card_leader == s else 0,
                  "spades": 2 if spades[s] > spades[1 - s] else 0, "big_casino": 0,
                  "little_casino": 0, "aces": 0, "sweeps": sweeps[s]}
        sides.append(SideScore(cards_[s], spades[s], sweeps[s], points))
    return RoundScore(tuple(sides))


@pytest.mark.parametrize(("stop", "before", "kept"), [
    (10, (9, 3), True), (10, (10, 3), False), (10, (2, 12), False), (11, (10, 3), True),
    (11, (11, 0), False), (0, (15, 15), True)])
def test_sweep_stop_fandom_ten_discovergadsden_more_than_ten(
        stop: int, before: tuple[int, int], kept: bool) -> None:
    """§5.12: no sweep points once anyone has 10 (fandom, ``sweep_stop=10``, the Finnish
    preset) or more than 10 (discovergadsden, ``sweep_stop=11``), counted at the round's
    start; 0 keeps them always."""
    rules = FINNISH.replace(sweep_stop=stop)
    got = match_round_score(rules, before, (), _score((30, 22), (8, 5), (1, 0), rules))
    assert got.sides[0].points["sweeps"] == (1 if kept else 0)
    assert got.sides[0].sweeps == 1  # the sweep was made; it only adds no points


def test_tied_categories_carry_over_discovergadsden() -> None:
    """§5.12 (discovergadsden, Thorium): a 26-26 tie for cards scores nothing and the point
    goes to whoever has most cards next round (2 then); two ties in a row carry 2."""
    tie = _score((26, 26), (8, 5), (0, 0))
    win1 = _score((24, 28), (6, 7), (0, 0))
    assert carried(FINNISH, (tie,)) == {"cards": 1}
    assert carried(FINNISH, (tie, tie)) == {"cards": 2}
    assert carried(FINNISH, (tie, win1)) == {}
    got = match_round_score(FINNISH, (3, 4), (tie,), win1)
    assert (got.sides[1].points["cards"], got.sides[0].points["cards"]) == (2, 0)
    got = match_round_score(FINNISH, (3, 4), (tie, tie), win1)
    assert got.sides[1].points["cards"] == 3
    off = FINNISH.replace(tie_carry=False)  # fandom: a tie simply scores nothing
    assert carried(off, (tie,)) == {}
    assert match_round_score(off, (3, 4), (tie,), win1) == win1


# -- whole matches, records --------------------------------------------------------------------


def _random_match(rules: Rules, seed: int, steps: int | None = None) -> Match:
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    done = 0
    while match.state.phase != "match_over" and (steps is None or done < steps):
        if match.state.phase == "round_over":
            match.next_round()
        else:
            match.play(rng.choice(match.legal_moves()))
        done += 1
    return match


@pytest.mark.parametrize("name", ["finnish", "swedish"])
def test_nordic_match_plays_to_its_target(name: str) -> None:
    """A whole match between random players ends with one side at the target or more
    (16 Finnish, 21 Swedish), the totals being the sum of the rounds' scores."""
    match = _random_match(PRESETS[name], seed=5)
    state = match.state
    assert state.phase == "match_over" and state.winner is not None
    assert max(state.totals) >= PRESETS[name].target
    assert state.totals == tuple(sum(r.totals[s] for r in state.results) for s in range(2))


@pytest.mark.parametrize("name", ["finnish", "swedish", "dominican"])
def test_records_round_trip_the_new_presets(name: str) -> None:
    """A record of a match under each preset (``[Variant "finnish"]``), past its first round
    so that carried ties and stopped sweeps are in play, reads back as text and as JSON to the
    same rules and replays to the same position (the single switches:
    test_scoring_switches.test_records_carry_the_switch_in_text_and_json)."""
    match = _random_match(PRESETS[name], seed=21, steps=60)
    text = check_record_round_trip(match)
    assert f'[Variant "{name}"]' in text


def test_a_played_finnish_round_uses_hand_values() -> None:
    """Played through Round: the 10 of diamonds from hand takes 7 + 9 (16) and the pile holds
    the three cards."""
    r = position("TD 5C", "7H 9S TC", rules=FINNISH, stock="")
    r.play(move_from_text("TD x 7H 9S"))
    assert set(r.state.piles[0]) == set(cards("TD 7H 9S"))
    assert isinstance(r, Round)


def test_a_finnish_card_pairs_only_by_value_under_the_dominican_switches() -> None:
    """Finnish values with no_pair_trail and whole_captures: the 10 of diamonds (16 from hand)
    does not pair a loose 10, so it may be trailed and its captures need not take the 10; an
    ace (14) likewise beside a table ace (1). A player always has a move."""
    rules = FINNISH.replace(no_pair_trail=True, whole_captures=True)
    got = checked(position("TD", "7S TS", rules=rules))
    assert got == {mv("TD t")}
    got = checked(position("TD AS", "7S 9C TS AH", rules=rules))
    assert mv("TD x 7S 9C") in got and mv("TD t") in got and mv("AS t") in got
