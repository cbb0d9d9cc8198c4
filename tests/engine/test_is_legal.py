"""``movegen.is_legal`` (checks one move, used by ``play``) agrees with ``legal_moves``.

Every listed move must be legal, and near misses (a card more or less, another value, another
kind, another hand card) must be legal exactly when the list has them.
"""

from __future__ import annotations

import random

from cassino_core.cards import Card
from cassino_core.game import RoundState
from cassino_core.movegen import is_legal
from cassino_core.moves import BuildMove, Capture, Move, Trail
from tests.engine.positions import random_position
from tests.engine.test_reference_agreement import engine_round


def near_misses(move: Move, hand: tuple[Card, ...], table: list[Card], rng: random.Random
                ) -> list[Move]:
    out: list[Move] = []
    take = set(move.take)
    for _ in range(3):
        changed = set(take)
        if table:
            changed ^= {rng.choice(table)}
        if changed:
            out.append(Capture(move.card, frozenset(changed)))
            out.append(BuildMove(move.card, rng.randint(1, 11), frozenset(changed)))
    other = rng.choice(hand)
    out.append(Trail(other))
    if take:
        out.append(Capture(other, frozenset(take)))
        out.append(BuildMove(other, rng.randint(1, 10), frozenset(take)))
    if isinstance(move, BuildMove):
        out.append(BuildMove(move.card, move.value + rng.choice((-1, 1)), move.take))
        out.append(Capture(move.card, move.take))
    return out


def test_is_legal_agrees_with_legal_moves_on_random_positions() -> None:
    rng = random.Random(20261130)
    checked = 0
    for index in range(2500):
        position = random_position(rng, crowded=index % 10 == 0)
        r = engine_round(position)
        state = r.state
        hand = state.hands[state.turn]
        legal = set(state.legal_moves())
        if len(legal) > 5000:
            continue
        table = sorted(state.table_cards, key=lambda c: c.index)

        def judge(move: Move, state: RoundState = state) -> bool:
            return is_legal(state.rules, state.hands[state.turn], state.loose, state.builds,
                            state.turn, move)

        for move in legal:
            assert judge(move), f"{move.text()} listed but refused in {position!r}"
        for move in rng.sample(sorted(legal, key=lambda m: m.text()), min(4, len(legal))):
            for miss in near_misses(move, hand, table, rng):
                assert judge(miss) == (miss in legal), (
                    f"{miss.text()}: is_legal {judge(miss)}, listed {miss in legal} "
                    f"in {position!r}")
                checked += 1
    assert checked > 10_000
