"""Pishti, Xeri and Basra through the JSON API (cassino_core.api.Session, routed by the game
registry): new games under every preset played to the end against the computer, play by text
and JSON, refusals with reasons, hints that never change the game, undo, records in both
forms, the catalog, and a Pishti record refused by another game.
"""

from __future__ import annotations

import pytest

from cassino_core.api import PISHTI_RECORD_FORMAT, Session
from cassino_core.pishti.record import FORMAT
from cassino_core.pishti.rules import PRESETS
from tests.engine.fishing_helpers import (
    ask,
    assert_hint_undo_and_records,
    play_api_to_end,
    refused,
)


def test_format_name_repeated_in_the_api_agrees() -> None:
    assert PISHTI_RECORD_FORMAT == FORMAT


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_new_game_under_every_preset_plays_to_the_end_against_the_computer(variant: str) -> None:
    s = Session()
    rules = PRESETS[variant]
    view = ask(s, op="new_game", game="pishti", variant=variant, seed=11, level="beginner",
               overrides={"target": 40})["view"]
    assert view["game"] == "pishti" and view["variant"] == variant
    assert view["players"] == rules.players and len(view["hand"]) == rules.hand_size
    assert len(view["table"]) + view["hidden"] == 4
    view = play_api_to_end(s, view)
    assert view["winner"] in range(rules.sides)
    assert max(view["scores"]) >= 40


def test_play_by_json_refusals_hint_undo_and_records() -> None:
    s = Session()
    view = ask(s, op="new_game", game="pishti", seed=3, seats=["human", "human"])["view"]
    seat = view["turn"]
    view = ask(s, op="view", seat=seat)["view"]
    top = view["table"][-1]
    # A card that does not match the top card (nor a jack) cannot take the pile.
    plain = next((c for c in view["hand"] if c[0] not in (top[0], "J")), None)
    if plain is not None:
        error = refused(s, op="play", seat=seat, move=f"{plain} x {top}")
        assert (error["code"], error["reason"]) == ("illegal_move", "pile_no_take")
    exported = assert_hint_undo_and_records(s, seat, "pishti", "bonus")
    cassino = Session()
    ask(cassino, op="new_game", game="cassino", seed=1)
    error = refused(cassino, op="load_record", record=exported["record"], game="cassino")
    assert error["reason"] == "record_is_pishti"


def test_catalog_lists_the_pishti_presets() -> None:
    s = Session()
    catalog = ask(s, op="catalog")
    assert "pishti" in catalog["games"]
    assert set(catalog["pishti"]["presets"]) == set(PRESETS)


def test_bad_variant_and_override_are_refused_and_the_game_stays() -> None:
    s = Session()
    before = ask(s, op="new_game", game="pishti", variant="basra", seed=2)["view"]
    error = refused(s, op="new_game", game="pishti", variant="poker")
    assert error["code"] == "bad_request" and error["where"] == {"field": "variant"}
    error = refused(s, op="new_game", game="pishti", overrides={"layout": "floor"})
    assert error["code"] == "bad_request"
    assert ask(s, op="view")["view"] == before


def test_a_round_tied_past_the_target_says_why_the_match_goes_on() -> None:
    """Play-test 9: a round that ends with the sides level at or over the target does not end
    the match (leader_at_target), and the view says why (``play_on`` "tie", the word Cassino's
    view gives), so the page need not decide it. Pishti to 5, seed 7, the first legal move for
    the player against the beginner: round 1 ends 8:8."""
    s = Session()
    view = ask(s, op="new_game", game="pishti", seed=7, level="beginner",
               overrides={"target": 5})["view"]
    assert view["play_on"] is None
    while view["phase"] == "play":
        if view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
    assert view["phase"] == "round_over" and view["scores"] == [8, 8]
    assert view["winner"] is None and view["play_on"] == "tie"
    view = ask(s, op="next_round")["view"]
    assert view["phase"] == "play" and view["round_number"] == 2 and view["play_on"] is None
