"""The view fields every fishing game shares (cassino_core/fishing/view.py FishingView), checked
through the JSON API under every preset of every family game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cassino_core.api import Session
from tests.engine.fishing_helpers import ask

FAMILY = ["scopa", "escoba", "cirulla", "pishti", "tablic"]


def presets() -> list[tuple[str, str]]:
    catalog = json.loads(Session().handle(json.dumps({"op": "catalog"})))
    return [(game, name) for game in FAMILY for name in catalog[game]["presets"]]


@pytest.mark.parametrize(("game", "variant"), presets())
def test_deals_is_the_number_of_deals_a_round_plays(game: str, variant: str) -> None:
    """``deals`` (the header's "Deal 2 of 6") is how many deals the first round really takes:
    its ``deal_number`` runs from 1 to ``deals``, never past it, and ``deals`` stays the same
    all round. Sources: a round deals the whole pack (FAMILY.md §3, "Deal patterns"); two-player
    Scopa and Pishti have 6 deals, Scopone 1."""
    s = Session()
    view: dict[str, Any] = ask(s, op="new_game", game=game, variant=variant, seed=3,
                               level="beginner")["view"]
    deals = view["deals"]
    seen = {view["deal_number"]}
    while view["phase"] == "play":
        if view["turn"] == view["seat"]:
            view = ask(s, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(s, op="computer_move")["view"]
        assert view["deals"] == deals
        seen.add(view["deal_number"])
    assert sorted(seen) == list(range(1, deals + 1))


@pytest.mark.parametrize(("game", "variant", "deals"), [
    ("scopa", "scopa", 6), ("scopa", "scopone", 1), ("pishti", "pishti", 6),
    ("tablic", "tablic", 4), ("escoba", "escoba_three", 4),
])
def test_deals_of_known_presets(game: str, variant: str, deals: int) -> None:
    """Concrete counts: 40 cards less 4 on the table in threes to two players is 6 deals
    (Scopa, pagat); Scopone deals all 40 at once (FAMILY.md); Pishti 52 less 4 in fours to two
    is 6; Tablić 52 less 4 in sixes to two is 4; Escoba for three, 36 in threes to three is 4."""
    view = ask(Session(), op="new_game", game=game, variant=variant, seed=1)["view"]
    assert view["deals"] == deals
