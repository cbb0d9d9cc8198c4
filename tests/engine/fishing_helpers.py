"""Helpers the fishing games' engine tests share (Scopa, Escoba, Pishti): asking the JSON API
for an answer or a refusal, cards from text, a round state after random play, and the checks
that a seat's view and every level's choice stay the same when the cards it cannot see are
dealt otherwise.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from cassino_core.api import Session
from cassino_core.cards import Card, parse_cards
from cassino_core.fishing.pack import italian_pack


def ask(session: Session, **req: Any) -> dict[str, Any]:
    """The session's answer to ``req``, which must not be a refusal."""
    answer = json.loads(session.handle(json.dumps(req)))
    assert "error" not in answer, answer
    return answer  # type: ignore[no-any-return]


def refused(session: Session, **req: Any) -> dict[str, Any]:
    """The session's refusal of ``req`` (its ``error`` object)."""
    answer = json.loads(session.handle(json.dumps(req)))
    assert "error" in answer, answer
    return answer["error"]  # type: ignore[no-any-return]


def cards(text: str) -> list[Card]:
    """Cards from space-separated codes (``"7D 4H KS"``)."""
    return parse_cards(text.split())


def random_state(rules: Any, deal_round: Callable[[Any, int, random.Random], Any], seed: int,
                 steps: int) -> Any:
    """The round state after ``steps`` random moves (fewer if the round ends) of a round
    dealt by seat ``seed % players`` under ``rules``, all drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    state = deal_round(rules, seed % rules.players, rng)
    for _ in range(steps):
        if state.finished:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def assert_same_view_and_choices(view: Any, twin: Any, make_player: Callable[..., Any],
                                 levels: Iterable[str], seed: int, iterations: int = 2) -> None:
    """``view`` and ``twin`` (the same seat's view with the unseen cards dealt otherwise) are
    the same JSON, and every level chooses the same legal move from both."""
    assert json.dumps(twin.to_json()) == json.dumps(view.to_json())
    for level in levels:
        a = make_player(level, iterations=iterations).choose(view, random.Random(seed))
        b = make_player(level, iterations=iterations).choose(twin, random.Random(seed))
        assert a == b, level
        assert a in view.legal


def play_randomly(match: Any, seed: int, pack: Iterable[Card], rounds: int = 3,
                  stop: int | None = None) -> Any:
    """``match`` after random play (moves drawn from ``random.Random(seed)``) for up to
    ``rounds`` rounds, or ``stop`` moves into the first round; at every state before a move,
    the round's cards are checked to be exactly ``pack``."""
    want = sorted(pack, key=lambda c: c.index)
    rng = random.Random(seed)
    while match.phase != "match_over" and match.round_number <= rounds:
        if stop is not None and len(match.current.moves) >= stop:
            break
        if match.phase == "round_over":
            if match.round_number == rounds:
                break
            match.next_round()
            continue
        assert sorted(match.state.all_cards(), key=lambda c: c.index) == want
        match.play(rng.choice(match.legal_moves()))
    return match


def permute_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """The same state with the cards ``seat`` cannot see (other hands, the stock) dealt
    otherwise, every hand keeping its size (a game with face-down table cards deals those
    too: Pishti's test has its own)."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.stock)
    rng.shuffle(hidden)
    hands = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(hidden[:len(h)]))
            hidden = hidden[len(h):]
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(hidden))


def assert_plays_legal(state: Any, player: Any, round_view: Callable[[Any, int], Any],
                       rng: random.Random, plies: int | None = None) -> None:
    """``player`` choosing for every seat in turn from ``state`` picks a legal move each
    time, for ``plies`` moves or (None) to the end of the round."""
    done = 0
    while not state.finished and (plies is None or done < plies):
        view = round_view(state, state.turn)
        move = player.choose(view, rng)
        assert move in view.legal
        state = state.play(move)
        done += 1


def play_api_to_end(session: Session, view: dict[str, Any]) -> dict[str, Any]:
    """Play the session's match to its end from ``view`` (the first legal move for the human
    seat, the computer's for the others, the next round when one ends); the last view."""
    while view["phase"] != "match_over":
        if view["phase"] == "round_over":
            view = ask(session, op="next_round")["view"]
        elif view["turn"] == view["seat"]:
            view = ask(session, op="play", move=view["legal_moves"][0]["text"])["view"]
        else:
            view = ask(session, op="computer_move")["view"]
    return view


def assert_record_replays(match: Any, kind: Any) -> None:
    """``match``'s record (``kind``, the game's RecordFormat), through JSON and through its
    text form, replays to the same moves, totals and state."""
    as_json = kind.from_json(json.loads(json.dumps(kind.record_of(match).to_json())))
    as_text = kind.from_text(kind.record_text(match))
    for record in (as_json, as_text):
        again = kind.replay(record)
        assert again.moves == match.moves and again.totals == match.totals
        assert again.state == match.state


def assert_undo_restores(match: Any, seed: int, steps: int) -> None:
    """After ``steps`` random moves (from ``random.Random(seed)``), undoing them one by one
    gives back each earlier state exactly."""
    rng = random.Random(seed)
    seen = [match.state]
    for _ in range(steps):
        match.play(rng.choice(match.legal_moves()))
        seen.append(match.state)
    for state in reversed(seen[:-1]):
        match.undo()
        assert match.state == state


def assert_levels_repeat(new_match: Callable[[], Any], view_of: Callable[[Any, int], Any],
                         make_player: Callable[..., Any], seed: int, moves: int) -> None:
    """Each level, playing every seat of two matches from ``new_match()`` with a generator
    seeded ``seed``, makes the same ``moves`` moves in both (a seed fixes the whole game)."""
    def play(level: str) -> Any:
        match = new_match()
        players = [make_player(level, iterations=2) for _ in range(match.rules.players)]
        rng = random.Random(seed)
        for _ in range(moves):
            seat = match.state.turn
            match.play(players[seat].choose(view_of(match, seat), rng))
        return match
    for level in ("beginner", "intermediate", "expert"):
        assert play(level).moves == play(level).moves


def played_states(rules: Any, deal_round: Callable[[Any, int, random.Random], Any],
                  seed: int, rounds: int = 1) -> list[Any]:
    """Every state before a move in ``rounds`` rounds of random play under ``rules`` (dealt
    by seats ``seed % players`` on, moves from ``random.Random(seed)``)."""
    rng = random.Random(seed)
    found = []
    for r in range(rounds):
        state = deal_round(rules, (seed + r) % rules.players, rng)
        while not state.finished:
            found.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return found


def assert_seat_sees_nothing_hidden(state: Any, round_view: Callable[[Any, int], Any],
                                    make_player: Callable[..., Any], levels: Iterable[str],
                                    seed: int) -> None:
    """No peeking, for a game whose hidden cards are the other hands and the stock: the seat
    to play's view of ``state``, and every level's choice from it, stay the same when those
    cards are dealt otherwise (:func:`permute_hidden`, :func:`assert_same_view_and_choices`).
    A finished state has nothing to check."""
    if state.finished:
        return
    seat = state.turn
    other = permute_hidden(state, seat, random.Random(seed + 1))
    assert_same_view_and_choices(round_view(state, seat), round_view(other, seat), make_player,
                                 levels, seed, iterations=3)


def assert_hint_undo_and_records(session: Session, seat: int, game: str,
                                 bonus_key: str) -> dict[str, Any]:
    """In ``session`` (a two-human match of ``game``, ``seat`` to play): a hint names a legal
    move and changes nothing; a move played by JSON is answered with its seat, ``sweep`` and
    ``bonus_key``; undo takes it back; the record, exported after it is played again, loads
    (JSON and text) into a new session at the same table. Returns the export."""
    before = ask(session, op="view", seat=seat)["view"]
    hinted = ask(session, op="hint", seat=seat)["hint"]
    assert hinted["move"]["text"] in [m["text"] for m in before["legal_moves"]]
    assert ask(session, op="view", seat=seat)["view"] == before  # a hint changes nothing
    move = {k: v for k, v in before["legal_moves"][0].items() if k != "text"}
    played = ask(session, op="play", seat=seat, move=move)["move"]
    assert played["seat"] == seat and bonus_key in played and "sweep" in played
    assert ask(session, op="undo", seat=seat)["undone"] == 1
    assert ask(session, op="view", seat=seat)["view"]["hand"] == before["hand"]
    ask(session, op="play", seat=seat, move=move)
    exported = ask(session, op="export_record")
    for record in (exported["record"], exported["text"]):
        loaded = ask(Session(), op="load_record", record=record, seats=["human", "human"])
        assert loaded["view"]["game"] == game
        assert loaded["view"]["table"] == ask(session, op="view")["view"]["table"]
    return exported


def random_positions(rules: Any, count: int, seed: int,
                     deal_round: Callable[[Any, int, random.Random], Any],
                     position: Callable[..., Any]) -> list[Any]:
    """``count`` round states to check a move generator on: those of random play (every
    legal move drawn from ``random.Random(seed)``), and after each round a crowded table of
    0 to 12 random cards with seat 0 holding three more (``position(rules, hands=, table=,
    turn=0)``, the game's hand-made state)."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = deal_round(rules, rng.randrange(rules.players), rng)
        while not state.finished and len(out) < count:
            out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
        pack = list(italian_pack())
        rng.shuffle(pack)
        size = rng.randrange(0, 13)
        hands: list[list[Card]] = [[] for _ in range(rules.players)]
        hands[0] = pack[size:size + 3]
        out.append(position(rules, hands=hands, table=pack[:size], turn=0))
    return out
