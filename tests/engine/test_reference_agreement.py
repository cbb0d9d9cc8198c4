"""The fast move generator agrees with the brute-force reference (tests/engine/reference.py).

* Worked examples from the rule texts pin both generators [PAG][S000][S002][S004].
* 2,500 random positions of up to 12 table items, plus 60 crowded ones (20 to 26 loose cards
  and two to four builds), all from fixed seeds (10,000 and 200 under ``CASSINO_TESTS_LONG=1``,
  tests/engine/sizes.py): the engine's moves are distinct and, as a set,
  equal to the reference's. Each failure names the position as code, so it can be replayed.
* Every move the engine offers is accepted by ``Round.play`` and taken back by ``undo``.
* The reference itself is checked against an even simpler enumeration on small tables.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from cassino_core.cards import Card
from cassino_core.game import Round
from cassino_core.moves import BuildMove, Move, TrailBuild
from cassino_core.rules import CLASSIC
from cassino_core.table import Build
from tests.engine import reference
from tests.engine.positions import (
    PosBuild,
    Position,
    Switches,
    move_count_estimate,
    position_strategy,
    random_position,
)
from tests.engine.reference import value
from tests.engine.sizes import sized

CHUNKS = 10
PER_CHUNK = sized(250, 1000)  # CHUNKS * PER_CHUNK: 2,500 random positions (long run 10,000)
CROWDED = sized(60, 200)
CROWDED_ESTIMATE_LIMIT = 5000  # skip the rare crowded table with a huge move list (slow to list)
PLAY_ALL_BUDGET = sized(1500, 4000)  # moves played in positions where every offered move is played
SEED = 20_240_601

MoveTuple = tuple[object, ...]


# -- adapter: Position -> engine ------------------------------------------------------------------


def _cards(texts: Sequence[str]) -> list[Card]:
    return [Card.parse(text) for text in texts]


def engine_round(position: Position) -> Round:
    """The engine's Round in ``position`` (empty stock, empty piles)."""
    rules = CLASSIC.replace(**asdict(position.switches))
    builds = [
        Build(
            groups=tuple(tuple(_cards(group)) for group in b.groups),
            value=b.value,
            multiple=b.multiple,
            owner=b.owner,
        )
        for b in position.builds
    ]
    return Round.from_position(
        rules,
        hands=[_cards(hand) for hand in position.hands],
        loose=_cards(position.loose),
        builds=builds,
        turn=position.mover,
        dealer=position.dealer,
    )


def canonical(move: Move) -> MoveTuple:
    """An engine move as the reference's tuple."""
    card = str(move.card)
    if move.kind == "trail":
        return ("trail", card)
    take = frozenset(str(c) for c in move.take)
    if isinstance(move, BuildMove | TrailBuild):
        return (move.kind, card, move.value, take)
    assert move.kind == "capture", move
    return ("capture", card, take)


def _text(move: MoveTuple) -> str:
    """A reference tuple in the engine's notation: ``5C t``, ``7H x 3C 4D``, ``3H b8 5D``."""
    kind, card, *rest = move
    take = " ".join(sorted(rest[-1])) if rest else ""  # type: ignore[call-overload]
    mark = {"trail": "t", "capture": "x"}.get(str(kind), f"b{rest[0]}")
    if kind == "trail_build":
        mark = f"t b{rest[0]}"
    return f"{card} {mark} {take}".strip()


def _show(moves: set[MoveTuple], limit: int = 8) -> str:
    shown = sorted(_text(m) for m in moves)
    more = f" ... and {len(shown) - limit} more" if len(shown) > limit else ""
    return ", ".join(shown[:limit]) + more


def check_agreement(position: Position) -> list[Move]:
    """Assert the engine's legal moves are distinct and equal the reference's; return them."""
    moves = engine_round(position).legal_moves()
    got = [canonical(m) for m in moves]
    where = f"\n  {position.describe()}\n  {position!r}"
    assert len(set(got)) == len(got), f"duplicate moves from the engine{where}"
    expected = position.reference_moves()
    extra, missing = set(got) - expected, expected - set(got)
    assert not extra and not missing, (
        f"engine and reference disagree{where}\n"
        f"  only the engine: {_show(extra)}\n  only the reference: {_show(missing)}"
    )
    return moves


def check_play(position: Position, move: Move) -> None:
    """``play(move)`` is accepted and does what the move says; ``undo`` gives it back."""
    r = engine_round(position)
    before = r.state
    where = f"{canonical(move)} in\n  {position.describe()}\n  {position!r}"
    r.play(move)
    after = r.state
    card = move.card
    assert card not in after.hands[position.mover], f"card still in hand after {where}"
    if not after.finished and any(after.hands):
        take = set(move.take)
        if move.kind == "capture":
            assert after.table_cards == before.table_cards - take, f"table after {where}"
        else:
            assert after.table_cards == before.table_cards | {card}, f"table after {where}"
        if isinstance(move, BuildMove):
            made = [b for b in after.builds if set(b.cards) == take | {card}]
            assert len(made) == 1, f"no build of the played cards after {where}"
            total = sum(value(str(c)) or 0 for c in take | {card})
            assert made[0].value == move.value, f"build value after {where}"
            assert made[0].owner == position.mover, f"build owner after {where}"
            assert made[0].multiple == (total > made[0].value), f"single/multiple after {where}"
    assert r.undo() == move, f"undo did not return {where}"
    assert r.state == before, f"undo did not restore the state after {where}"


# -- worked examples from the rule texts ----------------------------------------------------------


def _b(groups: str, build_value: int, owner: int, multiple: bool = False) -> PosBuild:
    return PosBuild(
        tuple(tuple(g.split("+")) for g in groups.split()), build_value, multiple, owner
    )


def _pos(hand: str, loose: str, builds: Sequence[PosBuild] = (), **switches: Any) -> Position:
    """Seat 0 to play holding ``hand``; seat 1 holds the value of each of its builds."""
    taken = set(hand.split()) | set(loose.split()) | {c for b in builds for c in b.cards}
    other: list[str] = []
    for b in builds:
        if b.owner == 1 and all(value(c) != b.value for c in other):
            other.append(
                next(
                    r + s
                    for r in "A23456789T"[b.value - 1]
                    for s in "SHDC"
                    if r + s not in taken and r + s not in other
                )
            )
    return Position(
        hands=(tuple(hand.split()), tuple(other)),
        loose=tuple(loose.split()),
        builds=tuple(builds),
        mover=0,
        dealer=1,
        switches=Switches(**switches),
    )


def _f(cards: str) -> frozenset[str]:
    return frozenset(cards.split())


EXAMPLES: list[tuple[str, Position, set[MoveTuple], set[MoveTuple]]] = [
    (
        "3 on 3 gives a single 6, a multiple of threes and the capture [PAG][S000][S002]",
        _pos("3H 6C 3S", "3D"),
        {
            ("build", "3H", 6, _f("3D")),
            ("build", "3H", 3, _f("3D")),
            ("capture", "3H", _f("3D")),
            ("trail", "6C"),
        },
        set(),
    ),
    (
        "an 8 takes 8 6+2 5+3 or 8 5+2+A, never all six [PAG §5.1]",
        _pos("8H", "AS 2S 3S 5S 6S 8S"),
        {("capture", "8H", _f("8S 6S 2S 5S 3S")), ("capture", "8H", _f("8S 5S 2S AS"))},
        {("capture", "8H", _f("AS 2S 3S 5S 6S 8S"))},
    ),
    (
        "a table card never helps raise a single build [PAG §6.4 example B]",
        _pos("3H 8H TH", "2C", [_b("AS+4S", 5, 1)]),
        {("build", "3H", 8, _f("AS 4S")), ("build", "8H", 10, _f("2C"))},
        {("build", "3H", 10, _f("AS 4S 2C"))},
    ),
    (
        "raise and gather makes a multiple build [PAG §6.4 example C]",
        _pos("2H 9H", "9C", [_b("3S+4S", 7, 1)]),
        {("build", "2H", 9, _f("3S 4S")), ("build", "2H", 9, _f("3S 4S 9C"))},
        set(),
    ),
    (
        "one play makes a five-card multiple build [PAG §6.3]",
        _pos("2H 7H", "3C 4C 5C 7C"),
        {("build", "2H", 7, _f("3C 4C 5C 7C")), ("build", "2H", 7, _f("5C"))},
        set(),
    ),
    (
        "the owner keeps a card of the value and may not trail [PAG §7][S004]",
        _pos("7H 2C", "7D", [_b("3S+4S", 7, 0)]),
        {("capture", "7H", _f("3S 4S")), ("capture", "7H", _f("3S 4S 7D"))},
        {("capture", "7H", _f("7D")), ("trail", "7H"), ("trail", "2C")},
    ),
    (
        "court cards one at a time [PAG][S002][S004]",
        _pos("JH", "JS JD JC"),
        {("capture", "JH", _f("JS"))},
        {("capture", "JH", _f("JS JD")), ("capture", "JH", _f("JS JD JC"))},
    ),
    (
        "court cards one or three, never two [S000]",
        _pos("JH", "JS JD JC", court_capture="one_or_three"),
        {("capture", "JH", _f("JS")), ("capture", "JH", _f("JS JD JC"))},
        {("capture", "JH", _f("JS JD"))},
    ),
    (
        "a multiple build is added to, never raised [PAG §6.3, §6.5]",
        _pos("4H 8D 9D", "4C", [_b("4S+AS 5D", 5, 1, multiple=True)]),
        {("build", "4H", 8, _f("4C"))},
        {("build", "4H", 9, _f("4S AS 5D"))},
    ),
    (
        "raising your own build may be forbidden [DICK67][USPC98]",
        _pos("2H 5H 7H", "", [_b("3S+2S", 5, 0)], raise_own_build=False),
        {("capture", "5H", _f("3S 2S"))},
        {("build", "2H", 7, _f("3S 2S"))},
    ),
]


@pytest.mark.parametrize(
    ("title", "position", "present", "absent"), EXAMPLES, ids=[e[0][:40] for e in EXAMPLES]
)
def test_worked_examples(
    title: str, position: Position, present: set[MoveTuple], absent: set[MoveTuple]
) -> None:
    expected = position.reference_moves()
    assert present <= expected, f"reference lacks {present - expected}: {title}"
    assert not absent & expected, f"reference allows {absent & expected}: {title}"
    check_agreement(position)


# -- the reference against an even simpler enumeration ------------------------------------------


def _splits(cards: Sequence[str], target: int) -> bool:
    """Whether ``cards`` split into groups each adding up to ``target``: try every group for the
    first card, then split the rest."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(len(rest) + 1):
        for others in itertools.combinations(rest, size):
            if (value(first) or 99) + sum(value(c) or 99 for c in others) == target and _splits(
                [c for c in rest if c not in others], target
            ):
                return True
    return False


def naive_splittable_subsets(
    cards: Sequence[str], target: int, played: str | None = None
) -> list[frozenset[str]]:
    """Every subset of ``cards`` (all of them tried) that splits with ``played`` added."""
    extra = [] if played is None else [played]
    return [
        frozenset(subset)
        for size in range(len(cards) + 1)
        for subset in itertools.combinations(cards, size)
        if _splits([*subset, *extra], target)
    ]


def test_reference_matches_naive_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(SEED - 1)
    positions = [random_position(rng, max_items=9) for _ in range(sized(300, 1000))]
    fast = [p.reference_moves() for p in positions]
    monkeypatch.setattr(reference, "splittable_subsets", naive_splittable_subsets)
    for position, moves in zip(positions, fast, strict=True):
        assert position.reference_moves() == moves, repr(position)


# -- random positions ----------------------------------------------------------------------------


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_agreement_on_random_positions(chunk: int) -> None:
    rng = random.Random(SEED + chunk)
    for _ in range(PER_CHUNK):
        position = random_position(rng)
        moves = check_agreement(position)
        check_play(position, rng.choice(moves))


@pytest.mark.cpython_only
def test_agreement_on_crowded_tables() -> None:
    rng = random.Random(SEED + 1000)
    checked = skipped = 0
    while checked < CROWDED:
        position = random_position(rng, crowded=True)
        if move_count_estimate(position) > CROWDED_ESTIMATE_LIMIT:
            skipped += 1
            continue
        moves = check_agreement(position)
        check_play(position, rng.choice(moves))
        checked += 1
    assert skipped < CROWDED // 2, "the crowded-table filter skips too much"


def test_every_offered_move_is_playable() -> None:
    rng = random.Random(SEED + 2000)
    played = 0
    while played < PLAY_ALL_BUDGET:
        position = random_position(rng, max_items=10)
        for move in engine_round(position).legal_moves():
            check_play(position, move)
            played += 1


@settings(max_examples=sized(100, 300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position_strategy())
def test_agreement_hypothesis(position: Position) -> None:
    check_agreement(position)
