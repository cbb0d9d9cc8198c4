"""California Jack and Shasta Sam looking back (cassino_core.calijack.review; JackSession ops
``move_log`` and ``replay``): the replay's steps against the deals they come from, the refusal
during play, no undo after it, and a replayed record giving the same steps."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cassino_core.api import Session
from cassino_core.calijack.api import JackSession
from cassino_core.calijack.record import JackRecord, record_of, replay
from cassino_core.calijack.review import MatchNotOverError, card_log, jack_replay_steps
from cassino_core.errors import ApiError


def finished(game: str, seed: int) -> JackSession:
    """A match to 3 points between two random computers, played to its end."""
    s = JackSession()
    s.dispatch({"op": "new_game", "game": game, "seed": seed, "seats": ["human", "computer"],
                "levels": [None, "random"], "overrides": {"target": 3}})
    match = s.match
    assert match is not None
    while match.phase != "match_over":
        if match.phase == "deal_over":
            s.dispatch({"op": "next_round"})
        elif match.state.turn == 0:
            s.dispatch({"op": "play", "move": {"card": s.view_json()["legal_moves"][0]}})
        else:
            s.dispatch({"op": "computer_move"})
    return s


@pytest.mark.parametrize("game", ["california_jack", "shasta_sam"])
def test_replay_steps_show_both_hands_and_follow_the_cards_played(game: str) -> None:
    # Six cards each are dealt; the dealer's opponent leads [S001 "СДАЧА", "РОЗЫГРЫШ"].
    s = finished(game, 11)
    match = s.match
    assert match is not None
    steps = s.dispatch({"op": "replay"})["replay"]["steps"]
    first_deal = match.deals[0]
    start = steps[0]
    assert start["kind"] == "start" and start["deal"] == 1
    assert sorted(start["hands"][0] + start["hands"][1]) == sorted(
        str(c) for h in first_deal.history[0].hands for c in h)
    assert len(start["hands"][0]) == len(start["hands"][1]) == 6
    assert len(start["stock"]) == 40 and start["turn"] == 1 - start["dealer"]
    one = steps[1]
    assert one["kind"] == "card" and one["seat"] == start["turn"] and one["trick_number"] == 1
    assert one["card"] == str(first_deal.played[0])
    assert one["card"] not in one["hands"][one["seat"]]
    assert one["trick"] == [{"seat": one["seat"], "card": one["card"]}]
    two = steps[2]
    # The trick ends: its winner draws the stock's top card, the loser the next [S001].
    assert two["winner"] in (0, 1) and two["trick"] == []
    assert [d["card"] for d in two["drew"]] == start["stock"][:2]
    assert two["drew"][0]["seat"] == two["winner"]
    assert sum(two["won"]) == 2 and len(two["stock"]) == 38
    # One step per card plus a start per deal; the last shows the final totals.
    assert len(steps) == sum(len(d.played) + 1 for d in match.deals)
    assert steps[-1]["scores"] == list(match.totals) and steps[-1]["turn"] is None
    for step in steps:
        held = sum(len(h) for h in step["hands"]) + len(step["trick"]) + len(step["stock"])
        assert held + sum(step["won"]) == 52


def test_replay_is_refused_during_play_and_undo_after_it() -> None:
    s = JackSession()
    s.dispatch({"op": "new_game", "seed": 3, "level": "random"})
    before = json.dumps(s.view_json(), sort_keys=True)
    with pytest.raises(ApiError) as err:
        s.dispatch({"op": "replay"})
    assert err.value.code == "match_not_over"
    assert json.dumps(s.view_json(), sort_keys=True) == before
    done = finished("california_jack", 5)
    assert done.view_json()["can_undo"] is True
    done.dispatch({"op": "replay"})
    assert done.view_json()["can_undo"] is False
    with pytest.raises(ApiError) as err:
        done.dispatch({"op": "undo"})
    assert err.value.code == "replay_shown"


def test_replay_of_a_record_gives_the_same_steps() -> None:
    s = finished("california_jack", 8)
    assert s.match is not None
    again = replay(JackRecord.from_json(record_of(s.match).to_json()))
    assert jack_replay_steps(again) == jack_replay_steps(s.match)
    with pytest.raises(MatchNotOverError):
        again.undo()
        jack_replay_steps(again)


def test_card_log_lists_every_card_with_deal_trick_and_seat() -> None:
    s = finished("shasta_sam", 2)
    match = s.match
    assert match is not None
    log = s.dispatch({"op": "move_log"})["log"]
    assert [e["card"] for e in log] == [str(c) for d in match.deals for c in d.played]
    assert log == card_log(match)
    assert log[0] == {"deal": 1, "trick": 1, "seat": log[0]["seat"], "card": log[0]["card"],
                      "winner": None}
    assert log[1]["trick"] == 1 and log[1]["winner"] in (0, 1) and log[2]["trick"] == 2
    assert log[2]["seat"] == log[1]["winner"]  # the winner leads the next trick


def test_the_session_sends_jack_ops_to_the_jack_game() -> None:
    session = Session()

    def ask(**req: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(session.handle(json.dumps(req)))
        return answer

    ask(op="new_game", game="california_jack", seed=1)
    assert ask(op="replay")["error"]["code"] == "match_not_over"
    assert ask(op="move_log")["log"] == []
