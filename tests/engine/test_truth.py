"""What the engine tells the page is true in every variant (issue 14, section 4)."""

from __future__ import annotations

import pytest
from levels_positions import view_of

from cassino_core.game import apply_move
from cassino_core.hints import reasons_for
from cassino_core.match import Match
from cassino_core.moves import BuildMove, IllegalMoveError, move_from_text
from cassino_core.table import Build
from cassino_core.view import page_move, seat_view
from tests.engine.variant_helpers import at, make
from tests.engine.variant_helpers import build as vbuild


def test_buckeye_build_with_big_casino_as_eleven_is_single_S003() -> None:
    """S003 §15.9 (RULES.md): Buckeye is Royal with the 10 of diamonds counting 10 or 11.
    Seat 0 holds 3C AH (the ace from hand takes 14), the table has TD: 3C b14 TD is one group,
    3 + 11, a single build, and the move list the page gets says so (it said multiple)."""
    rules = make("buckeye")
    r = at(rules, ["3C AH", "5D 6D"], "TD")
    moves = [m for m in r.legal_moves() if isinstance(m, BuildMove) and m.value == 14]
    assert [m.text() for m in moves] == ["3C b14 TD"]
    listed = seat_view(Match.from_position(r.state, 1).state, 0).to_json()["legal_moves"]
    assert [m["multiple"] for m in listed if m["text"] == "3C b14 TD"] == [False]
    built = apply_move(r.state, moves[0]).builds
    assert [(b.value, b.multiple) for b in built] == [(14, False)]


def test_every_build_move_flag_matches_the_build_it_makes() -> None:
    """The page's ``multiple`` flag agrees with the build the engine leaves, for each build
    move in a Buckeye and a Royal position with aces and the 10 of diamonds [S003][PAG-R]."""
    for name in ("buckeye", "royal"):
        rules = make(name)
        r = at(rules, ["3C AH TH 4S", "5D 6D 7D 8D"], "TD AS 7C 7H 4D")
        for move in r.legal_moves():
            if isinstance(move, BuildMove):
                made = [b for b in apply_move(r.state, move).builds if b.value == move.value]
                flag = page_move(move, None, (rules, r.state.loose, r.state.builds))["multiple"]
                assert flag is made[0].multiple, (name, move.text())


# -- the move box's refusals and the hints' reasons (issue 14, section 4, item 6) ------------------


def _refusal(rules_name: str, hands: list[str], loose: str, move: str,
             builds: tuple[Build, ...] = (), **overrides: object) -> str:
    r = at(make(rules_name, **overrides), hands, loose, builds)
    with pytest.raises(IllegalMoveError) as err:
        r.play(move_from_text(move))
    return str(err.value)


def test_a_value_past_the_top_is_not_a_build_value_PAG() -> None:
    """PAG §6: a Classic build is worth 1 to 10. Seat 0 holds 7H 2C, the table has 3D:
    7H b99 3D is refused because 99 is no build value (it said "only while holding 99")."""
    assert _refusal("classic", ["7H 2C", "5D"], "3D", "7H b99 3D") == (
        "99 is not a build value: a build is worth 1 to 10")


def test_a_second_build_of_one_value_names_the_rule_D9() -> None:
    """D9 (WIKI variant 3, Swazi): with ``same_value_builds`` off, seat 0 may not make a second
    build of 8 beside the opponent's 3C 5D; it said "those cards do not make 8"."""
    text = _refusal("classic", ["2H 8S 6C", "5S 9D"], "6H", "2H b8 6H",
                    builds=(vbuild("3C 5D", 8, 1),), same_value_builds=False)
    assert text == "these rules allow only one build of 8 on the table: add to that build instead"


def test_a_court_card_capture_refusal_reads_plainly_PAG() -> None:
    """PAG §5.3: a court card takes only a loose card of its rank. QS on 4D 8H is refused
    with a plain sentence (it said "a QS takes only loose cards ...")."""
    assert _refusal("classic", ["QS 2C", "5D"], "4D 8H", "QS x 4D 8H") == (
        "QS is a court card: it can take only loose cards of the same rank")


def _reasons(hand: str, loose: str, other: str, move: str) -> list[str]:
    v = view_of(make("classic"), [hand, other], loose)
    assert move_from_text(move) in v.legal_moves
    return [r.code for r in reasons_for(v, move_from_text(move))]


def test_every_trail_has_a_reason() -> None:
    """A trail that is neither safe nor keeps a pair had no reason at all, and the hint box
    showed none. The opponent holds 5S 9S 4S QC (9S takes a trailed 9C, 5S a trailed 5D)."""
    other = "5S 9S 4S QC"
    assert _reasons("9C KD", "5H", other, "9C t") == ["must_trail"]
    assert _reasons("9C 5D", "5H 8D", other, "9C t") == ["trails_idle_card"]
    assert _reasons("9C 5D", "5H 8D", other, "5D t") == ["holds_capture"]


def test_michigan_default_is_flagged_in_the_move_list_and_the_last_move_S003() -> None:
    """S003 (RULES.md §15.10): under Michigan a builder's default costs 2 points. Seat 0 owns
    the build 3C 5D of 8 and holds 8S 2H: trailing either card is a default (``penalty``),
    taking the build is not; after 2H t the last move says so and the seat has 1 penalty."""
    r = at(make("michigan"), ["8S 2H", "5S 9D"], "4C", (vbuild("3C 5D", 8, 0),))
    match = Match.from_position(r.state, 1)
    listed = seat_view(match.state, 0).to_json()["legal_moves"]
    assert {m["text"]: m.get("penalty", False) for m in listed} == {
        "2H t": True, "8S t": True, "8S x 3C 5D": False}
    match.play(move_from_text("2H t"))
    after = seat_view(match.state, 0).to_json()
    assert after["last_moves"][0]["penalty"] is True
    assert after["captured"][0]["penalties"] == 1
