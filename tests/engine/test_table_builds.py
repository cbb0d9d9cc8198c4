"""Builds made of table cards only, with a trail (``Rules.table_builds``, issue 15).

PAG lists among its building variants "trail a card and at the same time build from table
cards"; Swazi Casino allows table-only builds (RULES.md §6.1, §6.9, §16 "yes (with a trail)").
Our readings of what the sources leave open are on :class:`cassino_core.rules.Rules`
(``table_builds``). Every position is checked against the brute-force reference too
(tests/engine/reference.py), which learnt the switch from the rule text separately.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cassino_core import CLASSIC, Match, Round
from cassino_core.api import Session
from cassino_core.game import illegal_reason
from cassino_core.hints import reasons_for
from cassino_core.movegen import select
from cassino_core.moves import (
    IllegalMoveError,
    MoveError,
    TrailBuild,
    move_from_json,
    move_from_text,
    move_to_json,
)
from cassino_core.players import make_player
from cassino_core.record import Record, record_of, replay
from cassino_core.rules import PRESETS, Rules
from cassino_core.table import Build
from tests.engine.levels_positions import view_of
from tests.engine.strategies import example_settings, seeds
from tests.engine.test_move_switches import checked
from tests.engine.test_rules_classic import build, cards, mv, position

ON = CLASSIC.replace(table_builds=True)


def table_builds(r: Round) -> set[str]:
    """The trail-and-build moves among the legal moves (engine == reference checked)."""
    return {t for t in checked(r) if " t b" in t}


def test_every_preset_keeps_table_builds_off() -> None:
    """No preset names the switch: Swazi Casino, the one game that has table-only builds, is
    not a preset (its captured piles are open to the builders), so no current game changes."""
    assert not any(rules.table_builds for rules in PRESETS.values())
    assert CLASSIC.table_builds is False


def test_off_no_build_is_made_of_table_cards_only_PAG_6_1() -> None:
    """PAG's rule: "You cannot create a build consisting entirely of cards that were already on
    the table" (RULES.md §6.1.3). Holding 9C 8H on a table 2D 6H, the 9C only trails; with the
    switch it may also be trailed while the 2D and 6H become a build of 8."""
    r = position("9C 8H", "2D 6H")
    assert table_builds(r) == set()
    assert {t for t in checked(r) if t.startswith("9C")} == {mv("9C t")}
    on = position("9C 8H", "2D 6H", rules=ON)
    assert {t for t in checked(on) if t.startswith("9C")} == {mv("9C t"), mv("9C t b8 2D 6H")}


def test_on_trail_and_build_from_table_cards_PAG_variant_Swazi() -> None:
    """PAG's variant "trail a card and at the same time build from table cards": holding 5C and
    8H on a table 3D 5H 4S 4C, the 5C is trailed and the table cards make 8: 3+5, 4+4, or
    both groups as a multiple build. The 8H, trailed, leaves only the 5C to build with, and
    no two loose cards make 5 (the trailed card is never part of the build)."""
    r = position("5C 8H", "3D 5H 4S 4C", rules=ON)
    assert table_builds(r) == {mv("5C t b8 3D 5H"), mv("5C t b8 4S 4C"),
                               mv("5C t b8 3D 5H 4S 4C")}


def test_the_builder_must_hold_the_value_PAG_6_1_2() -> None:
    """RULES.md §6.1.2, "hold a card of the announced value after making the play": holding
    5C 2S (no 8) on a table 3D 5H 2H 3C, nothing builds 8; trailing the 2S leaves the 5C, so
    the table builds 5 (3+2, with the loose 5H gathered or not); trailing the 5C leaves the 2S,
    and no two loose cards make 2."""
    r = position("5C 2S", "3D 5H 2H 3C", rules=ON)
    assert table_builds(r) == {mv("2S t b5 3D 2H"), mv("2S t b5 3C 2H"),
                               mv("2S t b5 5H 3D 2H"), mv("2S t b5 5H 3C 2H")}


def test_one_card_alone_is_no_build_and_courts_never_build() -> None:
    """A build joins two or more cards (one table 8 is a card, not a build of 8); Classic courts
    have no value, so they never join one [USPC52][WIKI] (§6.1.4)."""
    r = position("5C 8H", "8D KS QH", rules=ON)
    assert table_builds(r) == set()


def test_a_build_on_the_table_never_joins_PAG_6_4() -> None:
    """Table cards never change a build [PAG §6.4: "You can never use a card from the table to
    change the value of a single build"]: the 3D 2H build of 5 stays out of a table build of
    8 made with the loose 3C."""
    r = position("9C 8H 5S", "3C", builds=(build("3D 2H", 5, owner=1),), rules=ON)
    assert table_builds(r) == set()
    state = r.state
    move = move_from_text("9C t b8 3C 3D 2H")
    assert illegal_reason(state, move)[0] == "table_build_loose_only"


def test_the_owner_of_a_build_may_not_trail_so_may_not_table_build_PAG_7() -> None:
    """The trailed card obeys every trail rule: seat 0 owns a build of 7 and may not trail
    [PAG §7], so no table build either; with ``builder_restriction="may_trail"`` (the owner may
    trail, PAG variant, Swazi) the 5C may, while 7S and 8H both stay in hand to guard the
    build of 7 and the new one of 8 (one card per build value)."""
    own = (build("4D 3H", 7, owner=0),)
    r = position("5C 7S 8H", "3D 5H", builds=own, rules=ON)
    assert table_builds(r) == set()
    assert illegal_reason(r.state, move_from_text("5C t b8 3D 5H"))[0] == "owner_may_not_trail"
    free = position("5C 7S 8H", "3D 5H", builds=own,
                    rules=ON.replace(builder_restriction="may_trail"))
    assert table_builds(free) == {mv("5C t b8 3D 5H")}


def test_one_build_per_value_when_same_value_builds_is_off_D9() -> None:
    """WIKI variant 3 and Swazi: "There cannot be two builds of the same capture value"; a
    table build of 8 beside another build of 8 is then refused, and allowed by default."""
    other = (build("6D 2H", 8, owner=1),)
    assert table_builds(position("5C 8H", "3D 5H", builds=other, rules=ON)) == {
        mv("5C t b8 3D 5H")}
    strict = position("5C 8H", "3D 5H", builds=other, rules=ON.replace(same_value_builds=False))
    assert table_builds(strict) == set()
    assert illegal_reason(strict.state, move_from_text("5C t b8 3D 5H"))[0] == (
        "one_build_of_value")


def test_adding_only_makes_single_table_builds_WIKI_D8() -> None:
    """With ``adding_only`` (WIKI's "optional rule" of gathering left out) a table build is one
    group: 3+5 or 4+4, never both at once."""
    r = position("5C 8H", "3D 5H 4S 4C", rules=ON.replace(adding_only=True))
    assert table_builds(r) == {mv("5C t b8 3D 5H"), mv("5C t b8 4S 4C")}
    assert illegal_reason(r.state, move_from_text("5C t b8 3D 5H 4S 4C"))[0] == "no_gathering"


def test_capture_compulsory_forbids_trailing_a_capturing_card_BRIT() -> None:
    """BRIT: a card that can capture may not be trailed, so it may not be trailed with a table
    build either: the 5C takes the 5H and the 8H takes 3D+5H, so neither is trailed."""
    r = position("5C 8H", "3D 5H", rules=ON.replace(capture_compulsory=True))
    assert table_builds(r) == set()
    assert illegal_reason(r.state, move_from_text("5C t b8 3D 5H"))[0] == "must_capture"


def test_playing_it_leaves_the_card_loose_and_a_build_owned_by_the_mover_PAG_6_7() -> None:
    """After ``5C t b8 3D 5H`` the 5C lies loose, 3D+5H are a single build of 8 owned by seat 0
    (the owner is who last made or changed it [PAG §6.7]); seat 1's 8 takes it whole."""
    r = position("5C 8H", "3D 5H 4S 4C", other="8S 2C", rules=ON)
    r.play(move_from_text("5C t b8 3D 5H"))
    assert set(r.state.loose) == set(cards("4S 4C 5C"))
    assert r.state.builds == (Build(groups=(tuple(cards("5H 3D")),), value=8, multiple=False,
                                    owner=0),)
    assert mv("8S x 3D 5H") in {m.text() for m in r.legal_moves()}
    r.undo()
    r.play(move_from_text("5C t b8 3D 5H 4S 4C"))
    (made,) = r.state.builds
    assert made.multiple and made.value == 8 and set(made.cards) == set(cards("3D 5H 4S 4C"))
    assert set(r.state.loose) == set(cards("5C"))


def test_refusals_name_the_fault_and_the_switch() -> None:
    """Each refused trail-and-build gets its own reason (worded in en/ru/uk on the page)."""
    off = position("5C 8H", "3D 5H 4S")
    assert illegal_reason(off.state, move_from_text("5C t b8 3D 5H"))[0] == "no_table_builds"
    r = position("5C 8H", "3D 5H 4S 8D", rules=ON)
    assert illegal_reason(r.state, move_from_text("5C t b8 8D"))[0] == "table_build_two_cards"
    assert illegal_reason(r.state, move_from_text("5C t b8 3D 4S"))[0] == "table_build_groups"
    assert illegal_reason(r.state, move_from_text("5C t b7 3D 4S"))[0] == "build_needs_card"
    nordic = position("5C 8H", "3D 5H", rules=ON.replace(building=False))
    assert illegal_reason(nordic.state, move_from_text("5C t b8 3D 5H"))[0] == "no_building"
    with pytest.raises(IllegalMoveError, match="at least two loose cards"):
        r.play(move_from_text("5C t b8 8D"))


@pytest.mark.parametrize("text", ["5C t b8 3D 5H", "AS t b2 AH AD"])
def test_notation_and_json_round_trip(text: str) -> None:
    """``5C t b8 3D 5H``: trail the 5C, build 8 of the 3D and 5H; the JSON form's kind is
    ``"trail_build"``; both read back to the same move."""
    move = move_from_text(text.lower())
    assert isinstance(move, TrailBuild) and move.text() == mv(text)
    data = json.loads(json.dumps(move_to_json(move)))
    assert data["kind"] == "trail_build" and move_from_json(data) == move
    assert move_from_text(move.text()) == move


@pytest.mark.parametrize("text", ["5C t b8", "5C t x 3D", "5C t 3D 5H", "5C t b8 5C 3D"])
def test_malformed_trail_builds_are_refused(text: str) -> None:
    with pytest.raises(MoveError):
        move_from_text(text)


def test_the_page_selection_offers_it_for_the_chosen_cards() -> None:
    """The page's build-choice flow: the 5C with 3D and 5H chosen lists the trail-and-build
    (no capture: 5 is not 8), and the 4S and 4C stay choosable (the multiple build)."""
    r = position("5C 8H", "3D 5H 4S 4C", rules=ON)
    s = r.state
    found = select(s.rules, s.hands[0], s.loose, s.builds, 0, cards("5C")[0],
                   frozenset(cards("3D 5H")))
    assert [m.text() for m in found.moves] == [mv("5C t b8 3D 5H")]
    assert found.extendable == frozenset(cards("4S 4C"))
    assert found.trail is not None


def test_the_computer_can_choose_it_and_the_hint_says_why() -> None:
    """The beginner picks a build half the time, trail-and-builds among them; the other levels
    weigh it like any move (the expert searches with the engine: the fast playouts do not play
    the switch) and answer a legal move; the hint gives the build's reason."""
    view = view_of(ON, ["5C 8H", "9S 2C"], "3D 5H 4S 4C")
    legal = set(view.legal_moves)
    beginner = make_player("beginner")
    chosen = {beginner.choose(view, random.Random(seed)).text() for seed in range(40)}
    assert chosen & {mv("5C t b8 3D 5H"), mv("5C t b8 4S 4C"), mv("5C t b8 3D 5H 4S 4C")}
    for level in ("intermediate", "expert"):
        move = make_player(level, iterations=20).choose(view, random.Random(1))
        assert move in legal
    reasons = reasons_for(view, move_from_text("5C t b8 3D 5H"))
    assert any(r.code == "builds_for_next_turn" and r.value == 8 for r in reasons)


def test_a_trailed_card_that_only_goes_with_a_table_build_is_idle_in_the_hint() -> None:
    """Holding 9C 8C on a table 5H 3D with the switch on (the other seat holds 9S 4D, so the
    trail is not safe): the 8C captures 5H 3D; the 9C can only be trailed, alone or with the
    table's 5H 3D built to 8. Trailing the 9C keeps no capture back, so the hint says it takes
    nothing (it said "9C could capture now": the trail-and-build counted as the 9C's own)."""
    view = view_of(ON, ["9C 8C", "9S 4D"], "5H 3D")
    assert mv("9C t b8 5H 3D") in {m.text() for m in view.legal_moves}
    assert view.cards_with_plays() == {move_from_text("8C t").card}
    assert [r.code for r in reasons_for(view, move_from_text("9C t"))] == ["trails_idle_card"]


@example_settings(6)
@given(seed=seeds, play_seed=st.integers(0, 2**32), steps=st.integers(0, 90))
def test_records_with_the_switch_replay_exactly(seed: int, play_seed: int, steps: int) -> None:
    """A random match with ``table_builds`` on (trail-and-builds chosen whenever offered, half
    the time): its text and JSON records load and replay to the same state."""
    rules = Rules.from_name("classic", table_builds=True)
    rng = random.Random(play_seed)
    match = Match(rules, seed)
    for _ in range(steps):
        if match.state.phase == "match_over":
            break
        if match.state.phase == "round_over":
            match.next_round()
            continue
        moves = match.legal_moves()
        special = [m for m in moves if isinstance(m, TrailBuild)]
        match.play(rng.choice(special if special and rng.random() < 0.5 else moves))
    record = record_of(match, {"Seats": "human computer", "Date": "2026-12-03"})
    from_json = Record.from_json(json.loads(json.dumps(record.to_json())))
    from_text = Record.from_text(record.to_text())
    assert from_json == record and from_text == record
    for again in (replay(from_json), replay(from_text)):
        assert again.state == match.state


def test_a_table_build_to_a_partners_value_stays_the_partners_S000_D10() -> None:
    """Partnerships with ``partner_building`` [S000][FOS][DICK94]: seat 2 owns a build of 8;
    seat 0, holding no 8, may trail the 9C while the loose 2D and 6H become a build of 8 for
    the partner, who stays its owner (as with an ordinary build to a partner's value)."""
    rules = ON.replace(players=4, partnerships=True, partner_building=True)
    r = Round.from_position(rules, hands=[cards("9C 4H"), cards("KD"), cards("8S"), cards("QD")],
                            loose=cards("2D 6H"), builds=(build("5C 3C", 8, owner=2),), turn=0,
                            dealer=3)
    assert table_builds(r) == {mv("9C t b8 2D 6H"), mv("4H t b8 2D 6H")}
    r.play(move_from_text("9C t b8 2D 6H"))
    made = [b for b in r.state.builds if set(b.cards) == set(cards("2D 6H"))]
    assert [(b.value, b.owner) for b in made] == [(8, 2)]


def test_under_michigan_rules_an_owners_trail_and_build_is_a_default_S003() -> None:
    """Michigan (``builder_restriction="penalty"`` [S003]): the owner of a build may trail at a
    cost of 2 points; a trail with a table build is still a trail, so it costs the same."""
    rules = ON.replace(builder_restriction="penalty")
    r = position("9C 7S 8H", "2D 6H", builds=(build("4D 3H", 7, owner=0),), rules=rules)
    assert mv("9C t b8 2D 6H") in table_builds(r)
    r.play(move_from_text("9C t b8 2D 6H"))
    assert r.state.penalties[0] == 1


def _ask(session: Session, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    assert "error" not in answer, answer
    return answer


def test_a_captured_build_is_named_as_a_build_in_every_answer_PAG_5_2() -> None:
    """A build is taken whole [PAG §5.2]; the page must say "took the build of 6 (3H 3D)", so
    the engine's move says which table cards were a build: the legal move, the play answer,
    the view's last move and the move log all carry ``builds`` (play-test 5, issue 15). Seed
    34 with table builds: the player trails KH and builds 6 of 3H+3D, the other seat takes
    5D with 5C, the player takes the build with 6D; a capture of loose cards has none."""
    session = Session()
    _ask(session, op="new_game", rules="classic", overrides={"table_builds": True}, seed=34,
         seats=["human", "human"])
    _ask(session, op="play", seat=0, move="KH t b6 3H 3D")
    loose = _ask(session, op="play", seat=1, move="5C x 5D")
    assert "builds" not in loose["move"]
    view = _ask(session, op="view", seat=0)["view"]
    offered = next(m for m in view["legal_moves"] if m["text"] == "6D x 3H 3D")
    build = {"cards": sorted(["3H", "3D"]), "value": 6, "multiple": False}

    def named(move: dict[str, Any]) -> list[dict[str, Any]]:
        return [{**b, "cards": sorted(b["cards"])} for b in move["builds"]]

    assert named(offered) == [build]
    played = _ask(session, op="play", seat=0, move="6D x 3H 3D")
    assert named(played["move"]) == [build]
    assert named(played["view"]["last_moves"][0]) == [build]
    assert "builds" not in played["view"]["last_moves"][1]
    log = _ask(session, op="move_log")["log"]
    assert named(log[-1]["move"]) == [build] and "builds" not in log[-2]["move"]
    # The seat's next move takes no build: its last move says none.
    after = _ask(session, op="play", seat=1, move=next(
        m["text"] for m in _ask(session, op="view", seat=1)["view"]["legal_moves"]))
    trail = next(m for m in _ask(session, op="view", seat=0)["view"]["legal_moves"]
                 if m["kind"] == "trail")
    assert after and "builds" not in _ask(session, op="play", seat=0, move=trail["text"])[
        "view"]["last_moves"][0]
