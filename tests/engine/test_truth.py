"""What the engine tells the page is true in every variant (issue 14, section 4)."""

from __future__ import annotations

from cassino_core.game import apply_move
from cassino_core.match import Match
from cassino_core.moves import BuildMove
from cassino_core.view import page_move, seat_view
from tests.engine.variant_helpers import at, make


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
