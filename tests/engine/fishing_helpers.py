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
