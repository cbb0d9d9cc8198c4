"""Hints: every reason code on a concrete position (facts about the move), and the hint itself.

Rule sources: captures, pairing and combining [PAG §5]; builds, multiple builds that can no
longer be raised, raising [PAG §6.3-6.4]; sweeps [PAG §12][S000]; the last capturer takes the
table [PAG §11]; Diamond scoring (7 of diamonds) [OST via SEC].
"""

from __future__ import annotations

import random

from levels_positions import state_of

from cassino_core import CLASSIC, Build, Card, Rules
from cassino_core.hints import REASON_CODES, Reason, hint, reasons_for
from cassino_core.moves import move_from_text
from cassino_core.rules import PRESETS
from cassino_core.view import SeatView, seat_view


def view(hand: str, loose: str, other: str = "6H 9S 4S QC", stock: str = "",
         builds: tuple[Build, ...] = (), rules: Rules = CLASSIC) -> SeatView:
    return seat_view(state_of(rules, [hand, other], loose, builds, stock), 0)


def codes(v: SeatView, move: str) -> dict[str, Reason]:
    found = reasons_for(v, move_from_text(move))
    assert move_from_text(move) in v.legal_moves
    return {r.code: r for r in found}


def card(text: str) -> Card:
    return Card.parse(text)


def build(groups: str, value: int, owner: int) -> Build:
    parts = tuple(tuple(Card.parse(t) for t in g.split()) for g in groups.split("|"))
    return Build(groups=parts, value=value, multiple=len(parts) > 1, owner=owner)


STOCK = "AC 4C 6C 7D 8D 9D JD QD KD JH QH 9H"


def test_only_move() -> None:
    assert "only_move" in codes(view("KH", "5D", other="5S"), "KH t")


def test_sweep() -> None:
    assert "sweep" in codes(view("8C 2C", "5D 3S", stock=STOCK), "8C x 3S 5D")
    # No sweeps scored (California): a clean table is not a reason.
    v = view("8C 2C", "5D 3S", stock=STOCK, rules=PRESETS["california"])
    assert "sweep" not in codes(v, "8C x 3S 5D")


def test_secures_last_capture() -> None:
    # Last card of the round: what is left on the table comes to the capturer [PAG §11].
    assert "secures_last_capture" in codes(view("9C", "4D 5H 7C", other=""), "9C x 4D 5H")
    # The opponent still holds a 7 that takes the 7C: not secured.
    assert "secures_last_capture" not in codes(view("9C", "4D 5H 7C", other="7H"),
                                               "9C x 4D 5H")


def test_takes_the_casinos_aces_and_spades() -> None:
    found = codes(view("TS 5C", "TD 4H", stock=STOCK), "TS x TD")
    assert found["takes_big_casino"] == Reason("takes_big_casino", card=card("TD"))
    assert "takes_little_casino" in codes(view("2H 9C", "2S", stock=STOCK), "2H x 2S")
    assert codes(view("AH 9C", "AS", stock=STOCK), "AH x AS")["takes_aces"].value == 2
    spades = codes(view("5S 9C", "3S 2S", stock=STOCK), "5S x 2S 3S")
    assert spades["takes_spades"].value == 3


def test_takes_seven_of_diamonds_under_diamond_scoring() -> None:
    rules = PRESETS["diamond"]
    v = seat_view(state_of(rules, ["7C 2C 3C", "5S 6H 2D"], "7D", stock="4D 4H 4S"), 0)
    found = codes(v, "7C x 7D")
    assert found["takes_seven_of_diamonds"].card == card("7D")
    assert "takes_big_casino" not in found


def test_most_cards() -> None:
    found = codes(view("9C KH", "4D 5H 3C 6S", stock=STOCK), "9C x 3C 4D 5H 6S")
    assert found["most_cards"].value == 5


def test_a_plain_capture_counts_toward_most_cards() -> None:
    found = codes(view("9C KH", "9S QS", other="6H 3S 4S QC", stock=STOCK), "9C x 9S")
    assert list(found) == ["most_cards"] and found["most_cards"].value == 2


def test_steals_build() -> None:
    b8 = build("5D 3C", 8, owner=1)
    found = codes(view("8C KH", "", other="8H 2D", builds=(b8,), stock=STOCK), "8C x 3C 5D")
    assert found["steals_build"].value == 8


def test_protects_build() -> None:
    b8 = build("5D 3C", 8, owner=0)
    found = codes(view("8C 8H", "", builds=(b8,), stock=STOCK), "8H b8 3C 5D")
    assert found["protects_build"].value == 8


def test_raises_build() -> None:
    b5 = build("2C 3D", 5, owner=1)
    found = codes(view("3H 8C", "", other="5H 2D", builds=(b5,), stock=STOCK), "3H b8 2C 3D")
    assert found["raises_build"].value == 8
    assert found["steals_build"].value == 5


def test_builds_for_next_turn() -> None:
    found = codes(view("3H 8C", "5D", stock=STOCK), "3H b8 5D")
    assert found["builds_for_next_turn"].value == 8


def test_leaves_no_sweep_and_safe_trail() -> None:
    # Trailing the 4 would leave 5+4 for any unseen 9; the king leaves nothing to sweep, and
    # the other three kings are all in the piles, so nobody can take it.
    v = view("KH 4C", "5D", other="9H 2D", stock="6C 7D 8D 3D")
    found = codes(v, "KH t")
    assert "leaves_no_sweep" in found
    assert found["safe_trail"] == Reason("safe_trail", card=card("KH"))
    assert "leaves_no_sweep" not in codes(v, "4C t")
    assert "safe_trail" not in codes(v, "4C t")


def test_keeps_pair() -> None:
    found = codes(view("7C 7H 2D", "KS", stock=STOCK), "2D t")
    assert found["keeps_pair"].value == 7
    assert "keeps_pair" not in codes(view("7C 7H 2D", "KS", stock=STOCK), "7C t")


def test_reasons_come_in_the_listed_order() -> None:
    found = reasons_for(view("5S 9C", "3S 2S", stock=STOCK), move_from_text("5S x 2S 3S"))
    ranks = [REASON_CODES.index(r.code) for r in found]
    assert ranks == sorted(ranks) and len(found) >= 2
    assert [r.to_json() for r in found[:2]] == [{"code": "sweep"},
                                                  {"code": "takes_little_casino", "card": "2S"}]


def test_hint_suggests_the_expert_move_with_reasons() -> None:
    v = view("TS 5C", "TD 4H", stock=STOCK)
    found = hint(v, random.Random(0), iterations=3)
    assert found.move == move_from_text("TS x TD")
    assert Reason("takes_big_casino", card=card("TD")) in found.reasons


def test_hint_needs_the_seat_to_play() -> None:
    state = state_of(CLASSIC, ["TS 5C", "5S 8H"], "TD 4H", stock=STOCK)
    try:
        hint(seat_view(state, 1), random.Random(0), iterations=1)
    except ValueError as exc:
        assert "not to play" in str(exc)
    else:
        raise AssertionError("a hint for a seat not to play")
