"""Tablić and Tablanette through the JSON API (cassino_core.api.Session, routed by the game
registry): new games under every preset played to the end against the computer, play by text
and JSON, refusals with reasons, hints that never change the game, undo, records in both
forms, the catalog, and a Tablić record refused by another game.
"""

from __future__ import annotations

import pytest

from cassino_core.api import TABLIC_RECORD_FORMAT, Session
from cassino_core.tablic.record import FORMAT
from cassino_core.tablic.rules import PRESETS
from tests.engine.fishing_helpers import (
    ask,
    assert_hint_undo_and_records,
    play_api_to_end,
    refused,
)


def test_format_name_repeated_in_the_api_agrees() -> None:
    assert TABLIC_RECORD_FORMAT == FORMAT


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_new_game_under_every_preset_plays_to_the_end_against_the_computer(variant: str) -> None:
    s = Session()
    rules = PRESETS[variant]
    view = ask(s, op="new_game", game="tablic", variant=variant, seed=11, level="beginner",
               overrides={"target": 40})["view"]
    assert view["game"] == "tablic" and view["variant"] == variant
    assert view["players"] == rules.players and len(view["hand"]) == 6
    assert len(view["table"]) == 4 and view["sides"] == rules.sides
    view = play_api_to_end(s, view)
    assert view["winner"] in range(rules.sides)
    assert max(view["scores"]) >= 40


def test_play_by_json_refusals_hint_undo_and_records() -> None:
    s = Session()
    view = ask(s, op="new_game", game="tablic", seed=3, seats=["human", "human"])["view"]
    seat = view["turn"]
    view = ask(s, op="view", seat=seat)["view"]
    # a card and a table card it cannot take alone
    texts = [m["text"] for m in view["legal_moves"]]
    card, target = next((h, t) for h in view["hand"] for t in view["table"]
                        if f"{h} x {t}" not in texts)
    error = refused(s, op="play", seat=seat, move=f"{card} x {target}")
    assert error["code"] == "illegal_move"
    assert error["reason"] in ("tablic_groups", "tablic_groups_ace")
    exported = assert_hint_undo_and_records(s, seat, "tablic", "tabla")
    pishti = Session()
    ask(pishti, op="new_game", game="pishti", seed=1)
    error = refused(pishti, op="load_record", record=exported["record"], game="pishti")
    assert error["reason"] == "record_is_tablic"


def test_catalog_lists_the_tablic_presets() -> None:
    catalog = ask(Session(), op="catalog")
    assert "tablic" in catalog["games"]
    assert set(catalog["tablic"]["presets"]) == set(PRESETS)
    assert "jack_tabla" in catalog["tablic"]["overrides"]


def test_bad_variant_and_override_are_refused_and_the_game_stays() -> None:
    s = Session()
    before = ask(s, op="new_game", game="tablic", variant="tablanette", seed=2)["view"]
    error = refused(s, op="new_game", game="tablic", variant="poker")
    assert error["code"] == "bad_request" and error["where"] == {"field": "variant"}
    error = refused(s, op="new_game", game="tablic", overrides={"players": 3})
    assert error["code"] == "bad_request" and error["reason"] == "pack_uneven"
    error = refused(s, op="new_game", game="tablic", overrides={"jack_takes_all": True})
    assert error["code"] == "bad_request"
    assert ask(s, op="view")["view"] == before
