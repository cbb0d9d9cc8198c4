"""Positions that play cannot go on from are refused; every accepted one plays to the round's end.

Issue 17: the loader accepted positions no play reaches (a seat other than the one to play owning
a build it holds no card for; in Draw Cassino a seat without cards while the stock lasts), and one
move later the seat to play had no legal move and ``hint`` / ``computer_move`` answered
``internal``. Here positions are generated near the reachable ones, some hostile (a build's owner
without its card, a hand a card short or long, a Draw Cassino hand emptied), under the presets and
player counts; each is loaded through the JSON API. A refused one must be refused with a position
error; an accepted one must play to the end of the round by random legal moves (asking for a hint
before each, and exporting the position, which must load again) and by the computer levels.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cassino_core.api import Session
from cassino_core.cards import Card
from cassino_core.position import position_from_json
from cassino_core.rules import PRESETS, Rules, RulesError
from cassino_core.table import PositionError
from tests.engine.strategies import example_settings

HOSTILE_KINDS = ("none", "unguarded", "short_hand", "long_hand", "draw_empty")


def _rules(name: str, players: int) -> Rules:
    rules = PRESETS[name]
    if players == rules.players:
        return rules
    try:
        return rules.replace(players=players)
    except RulesError:
        return rules


def make_position(rng: random.Random, rules: Rules, hostile: str) -> dict[str, Any]:
    """A position near the reachable ones; ``hostile`` names the fault put in (or "none")."""
    n = rules.players
    pack = list(rules.pack_cards())
    rng.shuffle(pack)
    turn, dealer = rng.randrange(n), rng.randrange(n)
    left = len(pack) - rules.table_cards
    if rules.draw:
        deal = 1
        stock_size = rng.choice([0, 0, rng.randint(0, max(0, left - n * rules.hand_size))])
        top = rules.hand_size if stock_size else rng.randint(1, rules.hand_size)
        from_turn = [(turn + i) % n for i in range(n)]
        drop = n if stock_size else rng.randint(1, n)
        sizes = {seat: top if i < drop else top - 1 for i, seat in enumerate(from_turn)}
    else:
        deal = rng.randint(1, len(rules.deal_sizes))
        stock_size = left - n * sum(rules.deal_sizes[:deal])
        top = rng.randint(1, rules.deal_sizes[deal - 1])
        order = [(dealer + i) % n for i in range(1, n + 1)]
        played = order[:order.index(turn)]
        sizes = {seat: top - 1 if seat in played else top for seat in range(n)}
    other = rng.choice([s for s in range(n) if s != turn])
    if hostile == "short_hand" and sizes[other] > 0:
        sizes[other] -= 1
    elif hostile == "long_hand":
        sizes[other] += 1
    elif hostile == "draw_empty":
        sizes[other] = 0
    hands = [[pack.pop() for _ in range(sizes[s])] for s in range(n)]
    stock = [pack.pop() for _ in range(min(stock_size, len(pack)))]
    numerals = [c for c in pack if c.rank <= 10]
    loose = [pack.pop(pack.index(c)) for c in numerals[:rng.randint(0, 10)]]
    builds: list[dict[str, Any]] = []
    for _ in range(rng.randint(0, 2)):
        small = [c for c in loose if c.rank <= 5]
        if len(small) < 2:
            break
        group = rng.sample(small, 2)
        value = sum(c.rank for c in group)
        if any(b["value"] == value for b in builds):
            continue
        for c in group:
            loose.remove(c)
        owner = rng.randrange(n)
        builds.append({"groups": [[str(c) for c in group]], "value": value,
                       "multiple": False, "owner": owner})
        guard = next((c for c in pack if c.rank == value), None)
        if hostile != "unguarded" and guard is not None and hands[owner]:
            pack.remove(guard)
            pack.append(hands[owner].pop())
            hands[owner].append(guard)
    if len(pack) == 1:
        loose.append(pack.pop())
    capturer = rng.randrange(n) if pack else None
    piles: list[list[Card]] = [[] for _ in range(n)]
    if capturer is not None:
        piles[capturer] = pack
    return {"format": "cassino-position", "rules": rules.to_dict(), "dealer": dealer,
            "turn": turn, "hands": [[str(c) for c in h] for h in hands],
            "table": {"loose": [str(c) for c in loose], "builds": builds},
            "stock": [str(c) for c in stock], "piles": [[str(c) for c in p] for p in piles],
            "last_capturer": capturer}


def ask(session: Session, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    assert "error" not in answer, (request["op"], answer.get("error"))
    return answer


def play_out_by_hand(position: dict[str, Any], rng: random.Random) -> None:
    """Random legal moves, a hint before each and the exported position reloaded each time."""
    session = Session()
    n = len(position["hands"])
    view = ask(session, op="load_position", position=position, seed=1, seats=["human"] * n,
               budget_ms=50)["view"]
    for _ in range(300):
        if view["phase"] != "play":
            break
        seat = view["turn"]
        ask(session, op="view", seat=seat)
        ask(session, op="hint", seat=seat)
        exported = ask(session, op="export_position")["position"]
        position_from_json(exported)
        moves = ask(session, op="legal_moves", seat=seat)["moves"]
        assert moves, f"seat {seat} has no legal move"
        view = ask(session, op="play", seat=seat, move=rng.choice(moves)["text"])["view"]
    assert view["phase"] in ("round_over", "match_over")


def play_out_by_computer(position: dict[str, Any], level: str) -> None:
    session = Session()
    n = len(position["hands"])
    view = ask(session, op="load_position", position=position, seed=2,
               seats=["computer"] * n, level=level, budget_ms=50)["view"]
    for _ in range(300):
        if view["phase"] != "play":
            break
        view = ask(session, op="computer_move")["view"]
    assert view["phase"] in ("round_over", "match_over")


@example_settings(15, 40)
@given(name=st.sampled_from(sorted(PRESETS)), players=st.sampled_from([2, 2, 3, 4]),
       hostile=st.sampled_from(HOSTILE_KINDS), seed=st.integers(0, 2**32 - 1),
       level=st.sampled_from(["beginner", "intermediate", "expert"]))
def test_every_accepted_position_plays_to_the_end_of_the_round(
        name: str, players: int, hostile: str, seed: int, level: str) -> None:
    rng = random.Random(seed)
    rules = _rules(name, players)
    position = make_position(rng, rules, hostile)
    try:
        position_from_json(position)
    except PositionError:
        answer = json.loads(Session().handle(json.dumps({"op": "load_position",
                                                         "position": position})))
        assert answer["error"]["code"] == "bad_position", answer
        return
    play_out_by_hand(position, rng)
    play_out_by_computer(position, level)


def _draw_position(hands: list[str], stock: int, turn: int = 0) -> dict[str, Any]:
    rules = PRESETS["draw"]
    pack = [str(c) for c in rules.pack_cards()]
    used = {c for h in hands for c in h.split()}
    rest = [c for c in pack if c not in used]
    return {"rules": "draw", "dealer": 1, "turn": turn,
            "hands": [h.split() for h in hands], "table": {"loose": rest[:4], "builds": []},
            "stock": rest[4:4 + stock], "piles": [rest[4 + stock:], []],
            "last_capturer": 0}


def test_a_build_owner_without_its_card_is_refused() -> None:
    """Seat 1 owns a build of 8 but holds no 8: refused (it was accepted, and after seat 0's
    trail seat 1 had no legal move)."""
    rules = PRESETS["classic"]
    hands = [["2C", "3C", "4C", "5C"], ["6C", "7C", "9C", "TC"]]
    used = {c for h in hands for c in h} | {"5H", "3H"}
    rest = [str(c) for c in rules.pack_cards() if str(c) not in used]
    position = {"rules": "classic", "dealer": 1, "turn": 0, "hands": hands,
                "table": {"loose": rest[:2],
                          "builds": [{"groups": [["5H", "3H"]], "value": 8, "owner": 1}]},
                "stock": rest[2:42], "piles": [[], []], "last_capturer": None}
    try:
        position_from_json(position)
    except PositionError as exc:
        assert exc.reason == "position_build_unguarded"
        assert exc.params["seat"] == 1 and exc.params["values"] == [8]
    else:
        raise AssertionError("a build owner without its card was accepted")


def test_a_draw_cassino_hand_short_while_the_stock_lasts_is_refused() -> None:
    position = _draw_position(["AS 2S 3S 4S", "5S 6S 7S"], stock=10)
    try:
        position_from_json(position)
    except PositionError as exc:
        assert exc.reason == "position_draw_hands" and exc.params["seat"] == 1
    else:
        raise AssertionError("a short Draw Cassino hand was accepted with a stock")
    emptied = _draw_position(["AS 2S 3S 4S", ""], stock=10)
    try:
        position_from_json(emptied)
    except PositionError as exc:
        assert exc.reason == "position_draw_hands"
    else:
        raise AssertionError("an empty Draw Cassino hand was accepted with a stock")


def test_draw_cassino_hands_after_the_stock_shrink_in_turn_order() -> None:
    position_from_json(_draw_position(["AS 2S 3S", "5S 6S"], stock=0))
    position_from_json(_draw_position(["AS 2S 3S", "5S 6S 7S"], stock=0))
    try:
        position_from_json(_draw_position(["AS 2S", "5S 6S 7S"], stock=0))
    except PositionError as exc:
        assert exc.reason in ("position_draw_hands", "position_hand_size")
    else:
        raise AssertionError("the seat to play holds fewer cards than the seat after it")
