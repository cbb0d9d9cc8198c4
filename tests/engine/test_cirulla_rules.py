"""Cirulla's rules, each on a concrete position from /work/shared/FAMILY.md §4.7 (sources:
Parlett's *Penguin Book of Card Games*, regoledelgioco.com, spazioinwind.libero.it) and §4.4
(the ace takes all: it.wikipedia *Scopa d'assi*, lotoflaughs)."""

from __future__ import annotations

import random

import pytest

from cassino_core.cirulla.game import (
    Declaration,
    Declare,
    cirulla_position,
    declaration_of,
    open_round,
    opening_scope,
)
from cassino_core.cirulla.match import CirullaMatch
from cassino_core.cirulla.rules import PRESETS, CirullaRules, CirullaRulesError
from cassino_core.cirulla.scoring import grande_points, piccola_points, score_cirulla
from cassino_core.moves import Capture, IllegalMoveError, Trail
from cassino_core.scopa.game import RoundState, deal_round
from tests.engine.fishing_helpers import cards

RULES = CirullaRules()


def state_of(hand: str, table: str, rules: CirullaRules = RULES, **parts: object) -> RoundState:
    """Seat 0 to play ``hand`` on ``table`` (the other hand holds one card, so no play is the
    round's last)."""
    other = [c for c in cards("KC QC JC") if c not in cards(hand) + cards(table)][:1]
    return cirulla_position(rules, hands=[cards(hand), other], table=cards(table), turn=0,
                            stock=cards("2C") if "2C" not in hand + table else (), **parts)


def taken(state: RoundState, card: str) -> list[list[str]]:
    return sorted(sorted(map(str, m.take)) for m in state.legal_moves()
                  if isinstance(m, Capture) and str(m.card) == card)


def test_position_1_simple_capture_or_fifteen_the_player_chooses() -> None:
    """FAMILY §4.7 position 1 (Parlett; regoledelgioco): table 3C 5H 6S 7D, play 7S: the 7D
    (simple capture, fewest cards) or 3C 5H (7+3+5 = 15)."""
    state = state_of("7S", "3C 5H 6S 7D")
    assert taken(state, "7S") == [["3C", "5H"], ["7D"]]


def test_simple_capture_takes_the_fewest_cards() -> None:
    """FAMILY §4.7 (Parlett): a simple capture uses the fewest cards, a single matching card
    first. 6S on 2H 4C 3S 6D: only the 6D as a simple capture (2H 4C is refused), beside the
    fifteens 3S 6D and 2H 3S 4C. QS (9) on 2H 3S 4C 5D: the sum 4C 5D, not 2H 3S 4C, beside
    the fifteen 2H 4C."""
    assert taken(state_of("6S", "2H 4C 3S 6D"), "6S") == [["2H", "3S", "4C"], ["3S", "6D"],
                                                         ["6D"]]
    assert taken(state_of("QS", "2H 3S 4C 5D"), "QS") == [["2H", "4C"], ["4C", "5D"]]
    state = state_of("QS", "2H 3S 4C 5D")
    with pytest.raises(IllegalMoveError) as refused:
        state.check(Capture(cards("QS")[0], frozenset(cards("2H 3S 4C"))))
    assert refused.value.reason == "capture_cirulla"


def test_position_2_the_ace_takes_the_whole_table() -> None:
    """FAMILY §4.7 position 2 (Parlett; §4.4 Scopa d'Assi): table 3C 5H KS, play AD: all
    three are taken."""
    state = state_of("AD", "3C 5H KS")
    assert [str(m) for m in state.legal_moves()] == [str(Capture(cards("AD")[0],
                                                                  frozenset(cards("3C 5H KS"))))]


def test_with_an_ace_on_the_table_the_ace_takes_that_ace() -> None:
    """FAMILY §4.4 position 2 (lotoflaughs), our reading for Cirulla [I]: table AH 4C 6S,
    play AD: only AH is taken, and it is no scopa."""
    state = state_of("AD", "AH 4C 6S")
    assert taken(state, "AD") == [["AH"]]
    after = state.play(Capture(cards("AD")[0], frozenset(cards("AH"))))
    assert after.sweeps == () and after.table == tuple(cards("4C 6S"))


@pytest.mark.parametrize("counts", [False, True])
def test_the_aces_sweep_is_a_scopa_only_under_the_switch(counts: bool) -> None:
    """FAMILY §4.4 position 1: table 3C 5H KS, play AD: a scopa under Asso pigliatutto
    (``ace_sweep_scopa``, the default, as fumettolosteriaulisse's Cirulla rules count it),
    none under the UIGC regulation."""
    rules = RULES.replace(ace_sweep_scopa=counts)
    state = state_of("AD", "3C 5H KS", rules)
    after = state.play(state.legal_moves()[0])
    assert after.table == () and after.sweeps == ((0,) if counts else ())


def test_a_fifteen_clearing_the_table_is_a_scopa() -> None:
    """FAMILY §4.7 (Parlett): a capture that clears the table scores a scopa: table 3C 5H,
    play 7S (7+3+5 = 15)."""
    state = state_of("7S", "3C 5H")
    after = state.play(Capture(cards("7S")[0], frozenset(cards("3C 5H"))))
    assert after.sweeps == (0,)


def test_capture_is_compulsory_and_a_wrong_set_is_refused() -> None:
    """FAMILY §4.7 [V]: capture is compulsory: a 7 that can take may not be trailed; 6S does
    not make 7 or 15 with the 7 played."""
    state = state_of("7S", "3C 5H 6S 7D")
    with pytest.raises(IllegalMoveError) as refused:
        state.check(Trail(cards("7S")[0]))
    assert refused.value.reason == "must_capture"
    with pytest.raises(IllegalMoveError) as wrong:
        state.check(Capture(cards("7S")[0], frozenset(cards("6S"))))
    assert wrong.value.reason == "capture_cirulla"


def test_position_3_opening_table_of_15_is_the_dealers_scopa() -> None:
    """FAMILY §4.7 position 3 (Parlett; regoledelgioco): opening table 2C 3H 4S 6D adds up to
    15: the dealer takes it and scores 1 scopa; a table of 30 scores 2."""
    base = cirulla_position(RULES, hands=[cards("5C 5D 5H"), cards("QC QD QH")],
                            table=cards("2C 3H 4S 6D"), turn=1, dealer=0)
    plain = RoundState(**{f: getattr(base, f) for f in base.__dataclass_fields__
                          if f != "declared"})
    opened = open_round(plain)
    assert opened.table == () and opened.piles[0] == tuple(cards("2C 3H 4S 6D"))
    assert opened.sweeps == (0,) and opened.last_capturer == 0
    assert opening_scope(cards("KC KH 5S 5D"), wild=False) == 2
    assert opening_scope(cards("KC KH 5S 4D"), wild=False) == 0


def test_parletts_wild_seven_of_hearts_in_the_opening_count_is_a_switch() -> None:
    """FAMILY §4.7 (Parlett): the 7♥ is wild for the opening count (``opening_wild``): 2C 3S
    7H 4D is 16 at face value, 15 with the 7♥ as a 6; KC KS 7H 4D makes 30 with it as a 6."""
    assert opening_scope(cards("2C 3S 7H 4D"), wild=False) == 0      # 16 at face value
    assert opening_scope(cards("2C 3S 7H 4D"), wild=True) == 1       # the 7H counts 6
    assert opening_scope(cards("KC KS 7H 4D"), wild=True) == 2       # the 7H counts 6: 30


def test_position_3_two_aces_on_the_opening_table_redeal() -> None:
    """FAMILY §4.7 position 3 (Parlett): opening table AC AH 5S KD: deal again. Over many
    deals no opening table shows two aces, and the redeals are counted."""
    assert RULES.redeal_needed(cards("AC AH 5S KD"))
    assert not RULES.redeal_needed(cards("AC 2H 5S KD"))
    rng = random.Random(5)
    redeals = 0
    for _ in range(300):
        state = deal_round(RULES, 0, rng)
        table = state.table or state.piles[0][:4]
        assert sum(1 for c in table if c.rank == 1) <= 1
        redeals += state.redeals
    assert redeals > 0


@pytest.mark.parametrize(("hand", "kind"), [
    ("2C 3H 4S", "knock"), ("AC 2H 6S", "knock"), ("2C 3H 5S", None),
    ("QC QD QH", "three"), ("7H QC QD", "three"), ("7H 4C 4D", "three"),
    ("7H 2C 6D", "knock"), ("7H 3C 6D", None), ("KC KD QH", None),
])
def test_position_4_declarations_of_a_hand(hand: str, kind: str | None) -> None:
    """FAMILY §4.7 position 4 (Parlett; spazioinwind): 2C 3H 4S adds up to 9: a knock. Three
    of a kind declares; the 7♥ (matta) is wild: it completes a pair, and counts 1 toward the
    total (7H 2C 6D: 1+2+6 = 9)."""
    assert declaration_of(cards(hand)) == kind


@pytest.mark.parametrize(("book", "knock", "three"), [("parlett", 3, 10),
                                                      ("spazioinwind", 1, 3), ("none", 0, 0)])
def test_declaration_values_by_book(book: str, knock: int, three: int) -> None:
    """FAMILY §4.7 position 4: a knock is 3 scope (Parlett) or 1 point (spazioinwind); three
    of a kind 10 (Parlett) or 2-3 (spazioinwind, its upper value 3)."""
    rules = RULES.replace(declarations=book)
    assert rules.declaration_points("knock") == knock
    assert rules.declaration_points("three") == three


def test_declaring_is_an_optional_move_at_the_first_turn_of_a_deal() -> None:
    """FAMILY §4.7 (spazioinwind: a player may keep quiet): seat 0 holding 2C 3H 4S is offered
    ``declare`` beside its card moves; declaring keeps the turn, shows the hand and scores
    with the round; it is offered once, and not after a card of the deal was played."""
    state = cirulla_position(RULES, hands=[cards("2C 3H 4S"), cards("JC JD KH")],
                             table=cards("KS QD"), stock=cards("5C 5D 5H 5S 6C 6D"), turn=0)
    legal = state.legal_moves()
    assert legal[0] == Declare() and any(isinstance(m, Trail) for m in legal)
    after = state.play(Declare())
    assert after.turn == 0 and after.hands == state.hands
    assert after.declared == (Declaration(0, 1, "knock", tuple(cards("2C 3H 4S")), 3),)
    assert after.shown(0) == tuple(cards("2C 3H 4S")) and after.shown(1) == ()
    assert Declare() not in after.legal_moves()
    with pytest.raises(IllegalMoveError) as again:
        after.check(Declare())
    assert again.value.reason == "no_declaration"
    played = after.play(Trail(cards("2C")[0]))
    assert played.shown(0) == tuple(cards("3H 4S"))
    assert score_cirulla(played).declared == (3, 0)
    # seat 1 holds nothing to declare; seat 0, having kept quiet and played, may not declare
    quiet = state.play(Trail(cards("2C")[0]))
    assert Declare() not in quiet.legal_moves()
    with pytest.raises(IllegalMoveError):
        quiet.play(Trail(cards("3H")[0])).check(Declare())


def test_no_declarations_under_none() -> None:
    """The ``declarations="none"`` switch: no declaration is offered."""
    rules = RULES.replace(declarations="none")
    state = cirulla_position(rules, hands=[cards("2C 3H 4S"), cards("JC JD KH")],
                             table=cards("KS QD"), turn=0)
    assert Declare() not in state.legal_moves()


def test_position_5_grande_and_piccola() -> None:
    """FAMILY §4.7 position 5 (Parlett; regoledelgioco): JD QD KD 6D is grande 6; AD 2D 3D 5D
    piccola 3 (the sequence breaks at 4); with the next cards 7 and 5."""
    assert grande_points(cards("JD QD KD")) == 5
    assert grande_points(cards("JD QD KD 6D")) == 6
    assert grande_points(cards("JD QD KD 6D 7D")) == 7
    assert grande_points(cards("JD QD KD 7D")) == 5
    assert grande_points(cards("JD QD 6D 7D")) == 0
    assert piccola_points(cards("AD 2D 3D 5D")) == 3
    assert piccola_points(cards("AD 2D 3D 4D")) == 4
    assert piccola_points(cards("AD 2D 3D 4D 5D")) == 5
    assert piccola_points(cards("AD 2D 4D 5D")) == 0


def test_round_score_counts_scopa_categories_grande_piccola_and_declarations() -> None:
    """FAMILY §4.7 scoring [V]: Scopa's cards, coins (diamonds), settebello, primiera and
    scope, with grande and piccola, and the declarations made."""
    pack = [c for c in cards("AS 2S 3S 4S 5S 6S 7S JS QS KS AH 2H 3H 4H 5H 6H 7H JH QH KH "
                             "AC 2C 3C 4C 5C 6C 7C JC QC KC")]
    a = [*cards("JD QD KD 6D 7D"), *pack[:18]]           # 23 cards, 5 diamonds, grande 7
    b = [*cards("AD 2D 3D 4D 5D"), *pack[18:]]           # 17 cards, 5 diamonds, piccola 5
    state = cirulla_position(RULES, hands=[(), ()], piles=[a, b], turn=0, sweeps=[0, 1, 1],
                             declared=[Declaration(1, 1, "three", tuple(cards("QC QD QH")),
                                                   10)])
    score = score_cirulla(state)
    assert score.cards == 0 and score.coins is None and score.settebello == 0
    assert score.grande == (0, 7) and score.piccola == (1, 5)
    assert score.sweeps == (1, 2) and score.declared == (0, 10)
    assert score.points == (1 + 1 + (1 if score.primiera == 0 else 0) + 7 + 1,
                            5 + 2 + 10 + (1 if score.primiera == 1 else 0))
    assert score.cappotto is None
    assert score.to_json()["grande"] == {"side": 0, "points": 7}


def test_all_ten_diamonds_win_the_match_outright() -> None:
    """FAMILY §4.7 [V]: a side taking all the diamonds (cappotto) wins the match, whatever the
    totals: a match whose first round ends with seat 1 holding every diamond."""
    match = CirullaMatch(RULES, seed=1)
    state = match.state
    diamonds = [c for c in state.all_cards() if c.suit == "D"]
    rest = [c for c in state.all_cards() if c.suit != "D"]
    finished = cirulla_position(RULES, hands=[(), ()], piles=[rest, diamonds], turn=0)
    assert score_cirulla(finished).cappotto == 1
    match.current.history.append(type(state)(**{**{f: getattr(finished, f) for f in
                                                   finished.__dataclass_fields__},
                                                "finished": True}))
    assert match.phase == "match_over" and match.winner == 1


def test_presets_and_rules_errors() -> None:
    """Presets: two, three and four (pairs) players to 51; bad switches are refused by name."""
    assert {r.players for r in PRESETS.values()} == {2, 3, 4}
    assert all(r.target == 51 and r.hand_size == 3 for r in PRESETS.values())
    assert CirullaRules.from_dict(RULES.to_dict()) == RULES
    with pytest.raises(CirullaRulesError) as bad:
        RULES.replace(declarations="hoyle")
    assert bad.value.reason == "rules_choice"
    with pytest.raises(CirullaRulesError) as flag:
        CirullaRules(ace_sweep_scopa="yes")  # type: ignore[arg-type]
    assert flag.value.reason == "rules_flag"
    with pytest.raises(CirullaRulesError):
        CirullaRules.from_name("cirulla", napola=True)
