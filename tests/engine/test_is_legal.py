"""``movegen.is_legal`` (checks one move, used by ``play``) agrees with ``legal_moves``.

Every listed move must be legal, and near misses (a card more or less, another value, another
kind, another hand card) must be legal exactly when the list has them.
"""

from __future__ import annotations

import random

import pytest

from cassino_core.cards import Card
from cassino_core.game import RoundState
from cassino_core.movegen import SELECT_COUNT_CAP, LooseCards, families_for, is_legal, select
from cassino_core.moves import BuildMove, Capture, Move, Trail
from cassino_core.table import scheme_for
from tests.engine.positions import random_position
from tests.engine.sizes import sized
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


LISTED_TO_JUDGE = 150
"""Most listed moves judged one by one per position (a sample beyond that: crowded tables list
thousands, and the near misses below are what catch a wrong refusal or acceptance)."""


def move_total(state: RoundState) -> int:
    """How many legal moves ``state`` has, counted without listing them."""
    table = LooseCards(state.loose, scheme_for(state.rules))
    families = families_for(state.rules, state.hands[state.turn], state.loose, state.builds,
                            state.turn)
    return sum(f.size(table) for f in families)


@pytest.mark.cpython_only
def test_is_legal_agrees_with_legal_moves_on_random_positions() -> None:
    rng = random.Random(20261130)
    checked = 0
    for index in range(sized(600, 2500)):
        position = random_position(rng, crowded=index % 10 == 0)
        r = engine_round(position)
        state = r.state
        hand = state.hands[state.turn]
        if move_total(state) > 5000:
            continue
        legal = set(state.legal_moves())
        table = sorted(state.table_cards, key=lambda c: c.index)

        def judge(move: Move, state: RoundState = state) -> bool:
            return is_legal(state.rules, state.hands[state.turn], state.loose, state.builds,
                            state.turn, move)

        listed = sorted(legal, key=lambda m: m.text())
        for move in rng.sample(listed, min(LISTED_TO_JUDGE, len(listed))):
            assert judge(move), f"{move.text()} listed but refused in {position!r}"
        for move in rng.sample(sorted(legal, key=lambda m: m.text()), min(4, len(legal))):
            for miss in near_misses(move, hand, table, rng):
                assert judge(miss) == (miss in legal), (
                    f"{miss.text()}: is_legal {judge(miss)}, listed {miss in legal} "
                    f"in {position!r}")
                checked += 1
    assert checked > sized(2_000, 10_000)


@pytest.mark.cpython_only
def test_select_agrees_with_the_full_list() -> None:
    """``movegen.select`` (the page's way through a crowded table) gives, for a hand card and
    chosen table items, the same exact moves, extendable cards and count as filtering the full
    list of legal moves."""
    rng = random.Random(7)
    checked = 0
    for index in range(sized(400, 1500)):
        position = random_position(rng, crowded=index % 8 == 0)
        state = engine_round(position).state
        if move_total(state) > 5000:
            continue
        legal = state.legal_moves()
        items = [frozenset([c]) for c in state.loose] + [frozenset(b.cards) for b in state.builds]
        hand = state.hands[state.turn]
        for card in hand:
            takes = [m.take for m in legal if m.card == card and not isinstance(m, Trail)]
            choices = [frozenset(), *rng.sample(takes, min(3, len(takes)))]
            choices += [frozenset().union(*rng.sample(items, min(k, len(items)))) for k in (1, 2)]
            for chosen in choices:
                found = select(state.rules, hand, state.loose, state.builds, state.turn, card,
                               chosen)
                wider = [t for t in takes if t >= chosen]
                exact = {m for m in legal if m.card == card and not isinstance(m, Trail)
                         and m.take == chosen and chosen}
                assert set(found.moves) == exact, (position, card, chosen)
                assert found.count == min(len(wider), SELECT_COUNT_CAP), (position, card, chosen)
                assert found.extendable == frozenset().union(*wider) - chosen, (
                    position, card, chosen)
                assert (found.trail is not None) == (Trail(card) in legal)
                checked += 1
    assert checked > sized(3_000, 5_000)


def test_crowded_table_view_sends_counts_not_a_huge_list() -> None:
    """On a crowded table the view sends the playable hand cards instead of every move
    (PAGE_MOVE_LIMIT), and a computer player still answers with one of the legal moves."""
    from dataclasses import replace

    from cassino_core.bench import crowded_positions
    from cassino_core.match import Match
    from cassino_core.players import HeuristicPlayer
    from cassino_core.rules import CLASSIC
    from cassino_core.view import PAGE_MOVE_LIMIT, seat_view

    crowded = next(iter(crowded_positions().values()))
    match = Match(CLASSIC, seed=1)
    match.state = replace(match.state, round=crowded)
    view = seat_view(match.state, 0)
    page = view.to_json()
    assert len(crowded.legal_moves()) > PAGE_MOVE_LIMIT
    assert page["legal_moves_total"] is None
    assert page["legal_moves_more_than"] == PAGE_MOVE_LIMIT
    assert page["legal_moves_complete"] is False and page["legal_moves"] == []
    assert page["playable"] == sorted({str(m.card) for m in crowded.legal_moves()},
                                      key=page["hand"].index)
    move = HeuristicPlayer().choose(view, random.Random(1))
    assert is_legal(CLASSIC, crowded.hands[0], crowded.loose, crowded.builds, 0, move)


@pytest.mark.cpython_only
def test_view_playable_cards_and_totals_agree_with_the_full_list() -> None:
    """The view's ``playable`` (found from specs, without listing moves) names exactly the hand
    cards that have a legal move, and a complete list's total is its length."""
    from cassino_core.view import PAGE_MOVE_LIMIT, LazyFamilies, SeatView

    rng = random.Random(17)
    checked = 0
    for index in range(600):
        position = random_position(rng, crowded=index % 6 == 0)
        state = engine_round(position).state
        if move_total(state) > 5000:
            continue
        legal = state.legal_moves()
        hand = state.hands[state.turn]
        families = LazyFamilies(state.rules, hand, state.loose, state.builds, state.turn, True)
        view = SeatView(
            rules=state.rules, seat=state.turn, phase="play", turn=state.turn,
            dealer=state.dealer, round_number=1, deal=state.deal, deals=1, last_deal=False,
            hand=tuple(hand), hand_counts=tuple(len(h) for h in state.hands), stock=0,
            loose=state.loose, builds=state.builds, piles=state.piles, sweeps=state.sweeps,
            last_capturer=None, last_moves=state.last_moves, swept=state.swept,
            raised=state.raised, families=families, plucks=(), totals=(0,) * len(state.hands),
            target=21, results=(), winner=None, penalties=state.penalties,
            plucked=state.plucked, multiplier=1)
        table = frozenset(state.table_cards)
        for limit in (3, 5000):
            page = view._moves_json(table, limit)
            assert set(page["playable"]) == {str(m.card) for m in legal}, position
            counted = max(limit, PAGE_MOVE_LIMIT)
            if len(legal) <= counted:
                assert page["legal_moves_total"] == len(legal)
            else:
                assert page["legal_moves_total"] is None
                assert page["legal_moves_more_than"] == counted
            assert page["legal_moves_complete"] is (len(legal) <= limit)
            if len(legal) > limit:
                assert page["legal_moves"] == []
            checked += 1
    assert checked > 500
