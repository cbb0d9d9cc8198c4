"""The move switches (RULES.md D3, D6, D7, D8, D17), each on a concrete position.

Every position is checked twice: the expected moves are written out here, and the engine's whole
list must equal the brute-force reference's (tests/engine/reference.py), which learnt each switch
from the rule text separately. Source keys as in RULES.md §0; the readings chosen for the
ambiguous points are documented on :class:`cassino_core.rules.Rules`.
"""

from __future__ import annotations

import pytest

from cassino_core import CLASSIC, Round, Rules
from cassino_core.movegen import count_legal_moves
from cassino_core.rules import PRESETS
from tests.engine import reference
from tests.engine.test_rules_classic import build, mv, position, texts

ROYAL = PRESETS["royal"]
MOVE_SWITCHES = ("whole_captures", "adding_only", "build_as_card", "table_raise")


def checked(r: Round) -> set[str]:
    """The legal moves' texts, after checking that the engine and the reference agree."""
    got = {reference.move_tuple(m) for m in r.legal_moves()}
    assert got == reference.state_reference_moves(r.state)
    seat = r.state.turn
    assert count_legal_moves(r.state.rules, r.state.hands[seat], r.state.loose, r.state.builds,
                             seat, 10_000) == len(got)
    return texts(r)


def captures(r: Round) -> set[str]:
    return {t for t in checked(r) if " x " in t}


def build_moves(r: Round) -> set[str]:
    return {t for t in checked(r) if " b" in t}


def test_every_preset_keeps_the_move_switches_off() -> None:
    """Every preset but Dominican keeps the move switches off; Dominican takes every matching
    loose card with a pair ("all matching loose cards must be taken" [PAG-R])."""
    for name, rules in PRESETS.items():
        on = {s for s in MOVE_SWITCHES if getattr(rules, s)}
        assert on == ({"whole_captures"} if name == "dominican" else set()), name
        assert rules.hand_ace == "both", name


def test_partial_captures_forbidden_take_every_matching_card_BRIT_Dominican_D3() -> None:
    """Table 5D 5H 2C 3S, the 5S to play: pagat lets it take one five, both, or the sum [PAG
    §5.2]; with ``whole_captures`` both fives go in every capture [BRIT][PAG-R Dominican]."""
    loose = "5D 5H 2C 3S"
    free = captures(position("5S 9C", loose))
    assert mv("5S x 5D") in free and mv("5S x 2C 3S") in free
    whole = captures(position("5S 9C", loose, rules=CLASSIC.replace(whole_captures=True)))
    assert whole == {mv("5S x 5H 5D"), mv("5S x 2C 3S 5H 5D")}


def test_partial_captures_forbidden_a_build_capture_takes_the_pairs_too_D3() -> None:
    """Taking a 7-build with a 7 also takes the loose 7 under ``whole_captures`` (our reading:
    the matching rank is compulsory in every capture; the build, like a sum, stays optional)."""
    b7 = build("4H 3H", 7, owner=1)
    assert mv("7S x 3H 4H") in captures(position("7S 2C", "7D", (b7,)))
    r = position("7S 2C", "7D", (b7,), rules=CLASSIC.replace(whole_captures=True))
    assert captures(r) == {mv("7S x 7D"), mv("7S x 3H 4H 7D")}


def test_partial_captures_forbidden_a_royal_ace_taking_14_leaves_a_table_ace_D3() -> None:
    """Found by test_hostile_input (Dominican with Royal values): seat 0 owns a build of 14 (5S 9D)
    and holds only the ace of hearts, which counts 14 from hand [S000]; a table ace counts 1
    (``table_ace="one"``). Taking the build with the ace as 14 need not take the table ace,
    which does not match 14: before, ``whole_captures`` required it in every capture of the ace,
    the ace as 1 could not leave the build's last card unguarded, and the owner had no legal
    move at all. As 1, the ace still takes the table ace with it [BRIT][PAG-R Dominican]."""
    b14 = build("5S 9D", 14, owner=0)
    rules = ROYAL.replace(whole_captures=True, no_pair_trail=True, table_ace="one")
    r = position("AH", "AD 5C TC 7H", (b14,), rules=rules)
    assert captures(r) == {mv("AH x 5S 9D")}
    assert checked(r) == {mv("AH x 5S 9D")}
    # Not the owner of a build: the ace as 1 takes the table ace, as 14 the build.
    r = position("AH 2C", "AD 5C TC 7H", (build("5S 9D", 14, owner=1),), rules=rules)
    assert {mv("AH x AD"), mv("AH x 5S 9D")} <= captures(r)


def test_multiple_builds_only_by_adding_no_gathering_WIKI_optional_rule_D8() -> None:
    """WIKI's example: table 2 K 6 5 8, hand 3 and 8. Gathering 6+2 and the 8 into the new
    8-build is pagat's standard play [PAG §6.3]; with ``adding_only`` the 3 builds on the 5
    alone."""
    loose = "5D 2C 6H 8H KC"
    gathered = build_moves(position("8S 3C", loose))
    assert mv("3C b8 2C 5D 6H 8H") in gathered
    only = build_moves(position("8S 3C", loose, rules=CLASSIC.replace(adding_only=True)))
    assert only == {mv("3C b8 5D")}


def test_adding_only_still_builds_threes_and_adds_one_group_PAG_S000_D8() -> None:
    """"3 on 3, building threes" stays [PAG][S000][S002]; adding a five to a build of fives
    adds the card alone, never a loose five beside it."""
    rules = CLASSIC.replace(adding_only=True)
    assert mv("3C b3 3D") in build_moves(position("3C 3S", "3D", rules=rules))
    fives = build("2H 3H | 5H", 5, owner=1, multiple=True)
    moves = build_moves(position("5C 5S", "5D", (fives,), rules=rules))
    assert mv("5C b5 2H 3H 5H") in moves
    assert mv("5C b5 2H 3H 5D 5H") not in moves
    assert mv("5C b5 2H 3H 5D 5H") in build_moves(position("5C 5S", "5D", (fives,)))


def test_single_build_taken_like_a_card_in_a_sum_PAG_variant_DICK67_D7() -> None:
    """A single 5-build (3+2) and a loose 4 make 9: with ``build_as_card`` a 9 takes them
    together [PAG §5.4 variant][DICK67]; by default the build goes only to a 5."""
    b5 = build("3H 2H", 5, owner=1)
    assert captures(position("9S 2C", "4D", (b5,))) == set()
    joined = captures(position("9S 2C", "4D", (b5,), rules=CLASSIC.replace(build_as_card=True)))
    assert joined == {mv("9S x 2H 3H 4D")}


def test_a_multiple_build_never_joins_a_sum_D7() -> None:
    """A multiple build's value is fixed [PAG][FOS]: no sum takes it, even with the switch."""
    fives = build("2H 3H | 5H", 5, owner=1, multiple=True)
    r = position("9S 2C", "4D", (fives,), rules=CLASSIC.replace(build_as_card=True))
    assert captures(r) == set()


def test_table_cards_join_a_raise_PAG_example_B_variant_D6() -> None:
    """PAG Example B: table A+4 built as 5 and a loose 2; holding 3, 8 and 10, the 3 may make
    8, but not 10 with the loose 2 [PAG §6.4]; the variant allows the 10 "provided that a card
    from your hand is also used", and the 2 joins the build's one group."""
    b5 = build("AH 4H", 5, owner=1)
    standard = build_moves(position("3C 8S TD", "2H", (b5,)))
    assert mv("3C b8 AH 4H") in standard and mv("3C b10 AH 2H 4H") not in standard
    rules = CLASSIC.replace(table_raise=True)
    r = position("3C 8S TD", "2H", (b5,), rules=rules)
    assert mv("3C b10 AH 2H 4H") in build_moves(r)
    r.play(next(m for m in r.legal_moves() if m.text() == mv("3C b10 AH 2H 4H")))
    (raised,) = r.state.builds
    assert raised.value == 10 and not raised.multiple and raised.owner == 0


@pytest.mark.parametrize(
    ("hand_ace", "present", "absent"),
    [
        # An ace from hand 1 or 14, building too [PAG-R][S000][S004].
        ("both", ["AC b14 AH", "AC x AH KD", "AC b14 KD"], []),
        # 14 only when capturing (RULES.md §16): no 14-build counting the played ace as 14;
        # holding an ace still lets the K+A build 14, the played ace counting 1.
        ("capture", ["AC x AH KD", "AC b14 KD"], ["AC b14 AH"]),
        # Aces always 1 (FOS 1897, DICK94; D17): nothing reaches 14.
        ("one", ["AC x AH", "AC b1 AH"], ["AC x AH KD", "AC b14 KD", "AC b14 AH"]),
    ],
)
def test_royal_hand_ace_switch_D17(hand_ace: str, present: list[str], absent: list[str]) -> None:
    """Royal, table KD 3H AH, holding two aces (the table ace counts 1 or 14 [S000])."""
    r = position("AS AC", "KD 3H AH", other="2D", rules=ROYAL.replace(hand_ace=hand_ace))
    moves = checked(r)
    assert {mv(t) for t in present} <= moves
    assert not {mv(t) for t in absent} & moves


def test_hand_ace_one_caps_builds_at_13_D17() -> None:
    assert ROYAL.replace(hand_ace="one").max_build_value == 13
    assert ROYAL.replace(hand_ace="capture").max_build_value == 14


def test_a_two_valued_ace_is_counted_once_per_move_PAG_R() -> None:
    """Royal, AC on KS TD 2H JS 4C: the ace as 14 takes 10+4 and trails otherwise; counting
    the moves must find both (the walk once stopped at the first value's states), and under
    ``capture_compulsory`` [BRIT] the ace may not trail."""
    r = position("AC", "KS TD 2H JS 4C", other="2D", rules=ROYAL)
    assert checked(r) == {mv("AC x 4C TD"), mv("AC t")}
    forced = position("AC", "KS TD 2H JS 4C", other="2D",
                      rules=ROYAL.replace(capture_compulsory=True))
    assert checked(forced) == {mv("AC x 4C TD")}


def test_unknown_hand_ace_is_refused_naming_the_field() -> None:
    with pytest.raises(Exception, match="hand_ace"):
        Rules().replace(hand_ace="fourteen")


def test_refusals_name_the_move_switch_D3_D8() -> None:
    """A partial capture under ``whole_captures`` and a gathering build under ``adding_only``
    are refused with their own reasons (docs/api.md), naming the cards left behind."""
    from cassino_core.game import illegal_reason
    from cassino_core.moves import move_from_text

    r = position("5S 9C", "5D 5H 2C 3S", rules=CLASSIC.replace(whole_captures=True))
    reason, params = illegal_reason(r.state, move_from_text("5S x 5D"))
    assert reason == "take_every_matching" and params["cards"] == ["5H"]
    r = position("8S 3C", "5D 2C 6H 8H", rules=CLASSIC.replace(adding_only=True))
    assert illegal_reason(r.state, move_from_text("3C b8 5D 8H")) == ("no_gathering", {})
