"""The computer player: sensible choices in concrete positions, and no peeking.

It must take point cards and many cards, avoid leaving an easy sweep, and see only its
``SeatView`` (the same view a person gets).
"""

from __future__ import annotations

import random
from dataclasses import replace

from cassino_core import CLASSIC, Card, Match, Round
from cassino_core.moves import move_from_text
from cassino_core.players import HeuristicPlayer, RandomPlayer
from cassino_core.view import seat_view


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def choice(hand: str, loose: str, other: str = "5S 8H 2D KC", stock: str = "") -> str:
    rnd = Round.from_position(CLASSIC, hands=[cards(hand), cards(other)], loose=cards(loose),
                              turn=0, dealer=1, stock=cards(stock)).state
    match = Match(CLASSIC, seed=1)
    match.state = replace(match.state, round=rnd)
    return HeuristicPlayer().choose(seat_view(match.state, 0), random.Random(0)).text()


def test_takes_big_casino() -> None:
    assert choice("TS 5C", "TD 4H") == "TS x TD"


def test_prefers_the_capture_with_more_points() -> None:
    # The 9 can take 4+5 or 2+7; 2S is little casino and a spade.
    assert choice("9C KH", "4D 5H 2S 7C QD") == move_from_text("9C x 2S 7C 4D 5H").text()


def test_trails_a_court_rather_than_leave_an_easy_sweep() -> None:
    # Trailing the 6 leaves 3+6 = 9 for a sweep; the king cannot be combined.
    assert choice("KH 6D", "3C") == "KH t"


def test_sweeps_when_it_can() -> None:
    assert choice("8C 2C", "5D 3S") == "8C x 3S 5D"


def test_the_computer_does_not_peek() -> None:
    """Its choice depends only on its view: shuffling the unseen cards between the other hand
    and the stock changes nothing (same seed)."""
    for seed in range(40):
        match = Match(CLASSIC, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 30)):
            if match.state.phase != "play":
                break
            match.play(rng.choice(match.legal_moves()))
        if match.state.phase != "play":
            continue
        rnd = match.state.round
        seat = rnd.turn
        other = 1 - seat
        hidden = list(rnd.hands[other]) + list(rnd.stock)
        random.Random(seed + 1).shuffle(hidden)
        n = len(rnd.hands[other])
        hands = list(rnd.hands)
        hands[other] = tuple(hidden[:n])
        shuffled = replace(match.state, round=replace(rnd, hands=tuple(hands),
                                                      stock=tuple(hidden[n:])))
        first = HeuristicPlayer().choose(seat_view(match.state, seat), random.Random(3))
        second = HeuristicPlayer().choose(seat_view(shuffled, seat), random.Random(3))
        assert first == second


def test_beats_a_random_player() -> None:
    """A figure, not a speed: the heuristic wins most matches against random legal play."""
    wins = 0
    for seed in range(12):
        match = Match(CLASSIC, seed=seed)
        rng = random.Random(seed)
        players = [HeuristicPlayer(), RandomPlayer()]
        if seed % 2:
            players.reverse()
        while match.state.phase != "match_over":
            if match.state.phase == "round_over":
                match.next_round()
                continue
            seat = match.state.round.turn
            match.play(players[seat].choose(seat_view(match.state, seat), rng))
        heuristic_seat = 0 if seed % 2 == 0 else 1
        wins += match.state.winner == heuristic_seat
    assert wins >= 10
