"""The move log and the replay after the game (cassino_core.review; API ops ``move_log`` and
``replay``): a concrete end of a match, the refusal while the match is played, and a replayed
record giving the original match's positions step by step."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cassino_core import CLASSIC, Match, Rules
from cassino_core.api import Session
from cassino_core.cards import Card
from cassino_core.record import Record, record_of, replay
from cassino_core.review import MatchNotOverError, move_log, replay_steps

ONE_DEAL = Rules.from_name("classic", game_end="one_deal")


def ask(session: Session, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    return answer


def last_two_cards() -> dict[str, Any]:
    """The end of a round [PAG §3]: seat 0 holds 7H, seat 1 holds 5C, 3C and 4D are on the
    table, the stock is empty and seat 1 has taken every other card."""
    in_play = {"7H", "5C", "3C", "4D"}
    rest = [c for c in (r + s for s in "SHDC" for r in "A23456789TJQK") if c not in in_play]
    return {"format": "cassino-position", "version": 1, "rules": ONE_DEAL.to_dict(),
            "dealer": 1, "turn": 0, "hands": [["7H"], ["5C"]],
            "table": {"loose": ["3C", "4D"], "builds": []}, "stock": [],
            "piles": [[], rest], "last_capturer": 1}


def finished_session() -> Session:
    session = Session()
    assert "ok" in ask(session, op="load_position", position=last_two_cards(), seed=5,
                       seats=["human", "computer"], level="random")
    assert ask(session, op="play", seat=0, move="7H x 3C 4D")["move"]["sweep"] is True
    assert ask(session, op="computer_move")["move"]["text"] == "5C t"
    return session


def test_replay_of_a_concrete_end_shows_every_hand_at_every_step() -> None:
    # One deal is a game [DICK67][S002]: the last card played ends the match. The cards left on
    # the table go to the last capturer [PAG §3.4].
    session = finished_session()
    answer = ask(session, op="replay")
    steps = answer["replay"]["steps"]
    assert answer["view"]["phase"] == "match_over"
    assert [s["kind"] for s in steps] == ["start", "move", "move"]
    first, mine, theirs = steps
    assert first["hands"] == [["7H"], ["5C"]]
    assert first["table"]["loose"] == ["3C", "4D"]
    assert first["turn"] == 0 and first["seat"] is None and first["move"] is None
    assert mine["seat"] == 0 and mine["move"]["text"] == "7H x 3C 4D"
    assert mine["move"]["sweep"] is True
    assert mine["hands"] == [[], ["5C"]] and mine["table"]["loose"] == []
    assert [c["cards"] for c in mine["captured"]] == [3, 48]
    assert mine["turn"] == 1
    assert theirs["seat"] == 1 and theirs["move"]["text"] == "5C t"
    assert theirs["hands"] == [[], []] and theirs["table"]["loose"] == []
    assert [c["cards"] for c in theirs["captured"]] == [4, 48]
    assert theirs["phase"] == "match_over" and theirs["turn"] is None
    assert theirs["scores"] == answer["view"]["scores"]
    assert answer["replay"]["seats"] == ["human", "computer"]


def test_replay_is_refused_while_the_match_is_played_and_nothing_changes() -> None:
    session = Session()
    ask(session, op="load_position", position=last_two_cards(), seed=5,
        seats=["human", "computer"], level="random")
    before = ask(session, op="view")["view"]
    answer = ask(session, op="replay")
    assert answer["error"]["code"] == "match_not_over"
    assert ask(session, op="view")["view"] == before
    # Unknown fields are refused as for every op.
    assert ask(session, op="replay", seat=0)["error"]["code"] == "bad_request"
    with pytest.raises(MatchNotOverError):
        replay_steps(Match(CLASSIC, 1))


def test_replay_between_rounds_is_refused() -> None:
    match = Match(CLASSIC, 3)
    rng = random.Random(0)
    while match.state.phase == "play":
        match.play(rng.choice(match.legal_moves()))
    assert match.state.phase == "round_over"
    with pytest.raises(MatchNotOverError, match="only once the match is over"):
        replay_steps(match)


def test_no_undo_once_the_replay_was_shown() -> None:
    session = finished_session()
    ask(session, op="replay")
    assert ask(session, op="undo", seat=0)["error"]["code"] == "replay_shown"
    # A new game starts afresh.
    ask(session, op="new_game", seed=1)
    assert ask(session, op="undo", seat=0)["error"]["code"] == "nothing_to_undo"


def test_no_game_no_replay() -> None:
    assert ask(Session(), op="replay")["error"]["code"] == "no_game"
    assert ask(Session(), op="move_log")["error"]["code"] == "no_game"


def play_out(rules: Rules, seed: int) -> Match:
    match = Match(rules, seed)
    rng = random.Random(seed)
    while match.state.phase != "match_over":
        if match.state.phase == "round_over":
            match.next_round()
        else:
            match.play(rng.choice(match.legal_moves()))
    return match


@pytest.mark.parametrize("seed", [1, 2])
def test_replay_of_a_record_equals_the_original_games_states(seed: int) -> None:
    rules = Rules.from_name("classic", target=11)
    original = play_out(rules, seed)
    text = record_of(original).to_text()
    again = replay(Record.from_text(text))
    steps = replay_steps(again)
    states = [*original.history, original.state]
    assert len(steps) == len(states) == len(original.steps) + 1
    assert steps == replay_steps(original)
    for step, state in zip(steps, states, strict=True):
        rnd = state.round
        assert step["round"] == state.round_number
        assert [sorted(h) for h in step["hands"]] == [sorted(map(str, h)) for h in rnd.hands]
        assert step["table"]["loose"] == [str(c) for c in rnd.loose]
        assert step["stock"] == len(rnd.stock)
        assert [c["cards"] for c in step["captured"]] == [len(p) for p in rnd.piles]
        assert step["scores"] == list(state.totals)
    # Every card is somewhere at every step of a round: hands, table, stock or piles.
    for step in steps:
        held = sum(len(h) for h in step["hands"]) + len(step["table"]["loose"])
        held += sum(len(b["cards"]) for b in step["table"]["builds"])
        held += step["stock"] + sum(c["cards"] for c in step["captured"])
        assert held == 52


def test_move_log_lists_every_move_with_round_deal_and_seat() -> None:
    match = play_out(Rules.from_name("classic", target=11), 4)
    log = move_log(match)
    moves = [m for m in match.steps if m is not None]
    assert [entry["move"]["text"] for entry in log] == [m.text() for m in moves]
    rounds = [entry["round"] for entry in log]
    assert rounds == sorted(rounds) and rounds[-1] == match.state.round_number
    # The log's seats are the record's seat labels.
    text = record_of(match).to_text()
    labelled = [int(line.split(": ")[0].split("seat ")[1]) for line in text.splitlines()
                if ". seat " in line]
    assert [entry["seat"] + 1 for entry in log] == labelled  # the text counts seats from 1
    assert {entry["deal"] for entry in log if entry["round"] == 1} == {1, 2, 3, 4, 5, 6}


def test_move_log_in_play_names_no_hidden_card() -> None:
    session = Session()
    ask(session, op="new_game", seed=7, level="random")
    for _ in range(3):
        view = ask(session, op="view")["view"]
        if view["turn"] == 0:
            ask(session, op="play", seat=0, move=view["legal_moves"][0])
        else:
            ask(session, op="computer_move")
    answer = ask(session, op="move_log")
    assert len(answer["log"]) == 3
    # Only played cards and table cards appear: none of the computer's current hand.
    full = session.match
    assert full is not None
    hidden = {str(c) for c in full.state.round.hands[1]}
    named = {answer_card for entry in answer["log"]
             for answer_card in [entry["move"]["card"], *entry["move"].get("take", [])]}
    assert not hidden & named
    assert Card.parse(answer["log"][0]["move"]["card"])
