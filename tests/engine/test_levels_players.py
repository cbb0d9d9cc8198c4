"""Computer levels: one interface, legal choices in every variant, no peeking, the expert's
sampling and exact search.

Rule sources: the owner of a build must hold a card of its value [PAG §7] (so the expert's
samples give one to every owner); the last capturer takes the cards left on the table
[PAG §11] (what the exact search plays for at the end of a round).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import replace

import pytest
from levels_positions import state_of, view_of

from cassino_core import CLASSIC, Build, Card, Match, Round, Rules
from cassino_core.bench import crowded_positions
from cassino_core.expert import ExpertPlayer, expected_points, sample_world
from cassino_core.game import RoundState, apply_move
from cassino_core.match import MatchState
from cassino_core.moves import Capture, Trail
from cassino_core.players import (
    ALL_LEVELS,
    LEVELS,
    BeginnerPlayer,
    HeuristicPlayer,
    RandomPlayer,
    make_player,
)
from cassino_core.rules import PRESETS
from cassino_core.table import held_values, scheme_for
from cassino_core.tournament import CASSINO_LEVELS, _player, play_cassino_match
from cassino_core.view import seat_view


def test_make_player_levels() -> None:
    assert LEVELS == ("beginner", "intermediate", "expert")
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("beginner"), BeginnerPlayer)
    assert isinstance(make_player("intermediate"), HeuristicPlayer)
    expert = make_player("expert")
    assert isinstance(expert, ExpertPlayer) and expert.budget_ms == 1000
    only = make_player("expert", iterations=3)
    assert isinstance(only, ExpertPlayer) and only.budget_ms is None and only.iterations == 3
    with pytest.raises(ValueError, match="grandmaster"):
        make_player("grandmaster")
    with pytest.raises(ValueError, match="budget_ms"):
        make_player("expert", budget_ms=0)


def _positions(rules: Rules, seed: int, count: int) -> list[MatchState]:
    """Positions met in seeded random play."""
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    out = []
    while len(out) < count and match.state.phase != "match_over":
        if match.state.phase == "round_over":
            match.next_round()
            continue
        if rng.random() < 0.3:
            out.append(match.state)
        match.play(rng.choice(match.legal_moves()))
    return out


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_level_plays_legal_moves_in_every_preset(name: str) -> None:
    rules = PRESETS[name]
    players = [make_player(level, iterations=2) for level in ALL_LEVELS]
    for state in _positions(rules, seed=len(name), count=3):
        view = seat_view(state, state.round.turn)
        legal = set(view.legal_moves)
        for player in players:
            assert player.choose(view, random.Random(1)) in legal


@pytest.mark.parametrize(("players", "partnerships"), [(3, False), (4, True), (4, False),
                                                       (5, False), (6, True)])
def test_every_level_plays_legal_moves_at_crowded_tables(players: int,
                                                         partnerships: bool) -> None:
    rules = CLASSIC.replace(players=players, partnerships=partnerships)
    for state in _positions(rules, seed=players, count=2):
        view = seat_view(state, state.round.turn)
        legal = set(view.legal_moves)
        for level in ALL_LEVELS:
            assert make_player(level, iterations=2).choose(view, random.Random(2)) in legal


def test_the_expert_handles_thousands_of_moves() -> None:
    """Crowded tables (bench positions with thousands of legal moves): the expert weighs one
    move per family, so it answers quickly with a legal move."""
    for state in crowded_positions().values():
        match = Match(CLASSIC, seed=1)
        view = seat_view(replace(match.state, round=state), state.turn)
        move = ExpertPlayer(iterations=2).choose(view, random.Random(0))
        assert move.card in view.hand
        assert state.legal_moves().count(move) == 1


def _shuffled_hidden(state: MatchState, seed: int) -> MatchState:
    """The same state with the cards the seat to play cannot see (other hands and stock)
    dealt again at random, keeping every hand's size."""
    rnd = state.round
    seat = rnd.turn
    hidden = [c for s, h in enumerate(rnd.hands) if s != seat for c in h] + list(rnd.stock)
    random.Random(seed).shuffle(hidden)
    hands = list(rnd.hands)
    for s in range(len(hands)):
        if s != seat:
            n = len(hands[s])
            hands[s], hidden = tuple(hidden[:n]), hidden[n:]
    return replace(state, round=replace(rnd, hands=tuple(hands), stock=tuple(hidden)))


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_no_level_peeks(level: str) -> None:
    """With the same rng, every level chooses the same move when the hidden cards are
    redistributed among the other hands and the stock: it reads nothing but its view."""
    for rules in (CLASSIC, CLASSIC.replace(players=3), PRESETS["royal"]):
        for state in _positions(rules, seed=5, count=4):
            other = _shuffled_hidden(state, seed=9)
            seat = state.round.turn
            assert other.round != state.round or not state.round.stock
            first = make_player(level, iterations=3).choose(seat_view(state, seat),
                                                            random.Random(3))
            second = make_player(level, iterations=3).choose(seat_view(other, seat),
                                                             random.Random(3))
            assert first == second


@pytest.mark.parametrize("level", sorted(set(CASSINO_LEVELS) - set(ALL_LEVELS)
                                         - {"expert_cheating"}))
def test_no_measuring_level_peeks(level: str) -> None:
    """The tournament's measuring levels (issue 16's passes: the deal's last plays searched,
    the tree search, the match score, the tuned weights, ...) read nothing but their view
    either: the same move
    when the hidden cards are dealt again, at positions from the whole round (its last plays
    too, where ``expert_solve`` searches)."""
    for rules in (CLASSIC, CLASSIC.replace(players=3)):
        for state in _positions(rules, seed=7, count=6):
            other = _shuffled_hidden(state, seed=9)
            seat = state.round.turn
            first = _player(level, None, 3).choose(seat_view(state, seat), random.Random(3))
            second = _player(level, None, 3).choose(seat_view(other, seat), random.Random(3))
            assert first == second


def test_samples_are_consistent_with_the_view() -> None:
    """Each sample keeps the seat's own hand and the table, gives every other hand its size,
    uses exactly the unseen cards, and gives each build owner a card of its value [PAG §7]."""
    b9 = Build(groups=((Card(4, "C"), Card(5, "C")),), value=9, multiple=False, owner=1)
    b6 = Build(groups=((Card(6, "H"),), (Card(2, "C"), Card(4, "H"))), value=6, multiple=True,
               owner=2)
    rules = CLASSIC.replace(players=3)
    view = view_of(rules, ["AS 3D 7C", "9H 2D", "6S KD QC"], "TH", (b9, b6),
                   stock="8S 8D 8C 9D 9C 6D")
    scheme = scheme_for(rules)
    for seed in range(30):
        world = sample_world(view, random.Random(seed))
        assert world.hands[0] == view.hand
        assert [len(h) for h in world.hands] == list(view.hand_counts)
        assert Counter(c for s in (1, 2) for c in world.hands[s]) + Counter(world.stock) == \
            Counter(view.unseen())
        assert 9 in held_values(scheme, list(world.hands[1]))
        assert 6 in held_values(scheme, list(world.hands[2]))
        assert world.loose == view.loose and world.builds == view.builds


def test_exact_search_plays_for_the_last_capture() -> None:
    """Last deal of two players, no stock: nothing is hidden, so the expert searches exactly
    to the end of the round (the last capturer takes the table [PAG §11]); its move keeps the
    best final margin a brute-force minimax finds."""
    state = state_of(CLASSIC, ["5C 9S", "5H 2H"], "5D 4H")
    move, how = ExpertPlayer(iterations=1).analyse(seat_view(state, 0), random.Random(0))
    assert how == "exact"

    def best(rnd: RoundState) -> float:
        if rnd.finished:
            totals = rnd.score().totals
            return float(totals[0] - totals[1])
        values = [best(apply_move(rnd, m)) for m in rnd.legal_moves()]
        return max(values) if rnd.turn == 0 else min(values)

    assert best(apply_move(state.round, move)) == best(state.round)


def test_expected_points_of_a_finished_round_are_its_score() -> None:
    rnd = Round.deal(CLASSIC, dealer=0, seed=4)
    rng = random.Random(4)
    while not rnd.finished:
        rnd.play(rng.choice(rnd.legal_moves()))
    assert expected_points(rnd.state) == [float(t) for t in rnd.state.score().totals]


def test_the_expert_keeps_to_its_time_budget() -> None:
    """Not a speed figure: a generous bound that catches a search ignoring its budget."""
    state = _positions(CLASSIC, seed=8, count=1)[0]
    view = seat_view(state, state.round.turn)
    start = time.perf_counter()
    ExpertPlayer(budget_ms=100).choose(view, random.Random(0))
    assert time.perf_counter() - start < 3


def test_the_beginner_beats_random_play() -> None:
    """A figure, not a speed: even the beginner wins most matches against random play."""
    wins = 0
    for seed in range(6):
        for beginner in (0, 1):
            levels = ("beginner", "random") if beginner == 0 else ("random", "beginner")
            result = play_cassino_match(CLASSIC, levels, seed)
            wins += result["winner"] == beginner
    assert wins >= 10


def test_the_cheating_expert_plays_every_hand_as_it_is_and_only_the_stock_shuffled() -> None:
    """Issue 16's ceiling (``expert_cheating``, tournament only): every deal the cheating expert
    plays its candidates in gives the other hands exactly the cards they hold, and the stock
    its own cards in a shuffled order; it refuses to choose without the true round, or with a
    round that is not its view's; and it is no page level."""
    from cassino_core.expert import CheatingExpert

    assert "expert_cheating" not in ALL_LEVELS
    with pytest.raises(ValueError, match="expert_cheating"):
        make_player("expert_cheating")
    state = _positions(CLASSIC, seed=4, count=2)[0]
    rnd = state.round
    assert rnd.stock, "a position with cards still in the stock"
    view = seat_view(state, rnd.turn)
    cheat = CheatingExpert(iterations=3)
    with pytest.raises(ValueError, match="true round"):
        cheat.choose(view, random.Random(1))
    other = _positions(CLASSIC, seed=11, count=2)[0]
    cheat.truth = other.round
    with pytest.raises(ValueError, match="not the round of its view"):
        cheat.choose(view, random.Random(1))
    cheat.truth = rnd
    unseen = sorted(view.unseen(), key=lambda c: c.index)
    orders = set()
    for seed in range(6):
        world = cheat._world(view, random.Random(seed), unseen, None)
        assert world.hands == rnd.hands
        assert sorted(world.stock, key=lambda c: c.index) == sorted(rnd.stock,
                                                                    key=lambda c: c.index)
        assert (world.loose, world.builds, world.turn) == (rnd.loose, rnd.builds, rnd.turn)
        orders.add(world.stock)
    assert len(orders) > 1, "the stock's order is still unknown to it"
    fair = [sample_world(view, random.Random(seed), unseen).hands for seed in range(6)]
    assert any(hands != rnd.hands for hands in fair), "the fair expert's samples guess"
    assert cheat.choose(view, random.Random(1)) in set(view.legal_moves)


def test_the_cheating_expert_reads_the_hidden_cards_where_the_fair_one_does_not() -> None:
    """The other side of test_no_level_peeks: with the hidden cards dealt again, the fair
    expert's choices stay the same and the cheating expert's change somewhere (it is told the
    other hands); a tournament match with it is repeatable from its seed."""
    from cassino_core.expert import CheatingExpert

    changed = 0
    for state in _positions(CLASSIC, seed=6, count=12):
        if not state.round.stock:
            continue
        other = _shuffled_hidden(state, seed=9)
        seat = state.round.turn
        choices = []
        for s in (state, other):
            cheat = CheatingExpert(iterations=8)
            cheat.truth = s.round
            choices.append(cheat.choose(seat_view(s, seat), random.Random(3)))
        changed += choices[0] != choices[1]
        fair = [ExpertPlayer(iterations=8).choose(seat_view(s, seat), random.Random(3))
                for s in (state, other)]
        assert fair[0] == fair[1]
    assert changed > 0
    one = play_cassino_match(CLASSIC.replace(target=11), ("expert_cheating", "intermediate"), 3,
                             iterations=2)
    two = play_cassino_match(CLASSIC.replace(target=11), ("expert_cheating", "intermediate"), 3,
                             iterations=2)
    assert one["points"] == two["points"] and one["moves"] == two["moves"]


def _after_a_trail(rules: Rules, trailed: str = "3C") -> MatchState:
    """Seat 1 (first to play this deal) trailed ``trailed`` onto 5♦ 9♠; seat 0 (the dealer,
    four cards still) is to play; a stock of 24 cards is left."""
    stock = "5S 5H 5C 9H 9C 9D AS 2S 4S 6S 7S 8S TS JS QS KS AH 2H 3H 4H 6H 7H 8H TH"
    state = state_of(rules, ["2C 4C 6C 7C", "8C TC JC"], f"5D 9S {trailed}", stock=stock,
                     turn=0)
    rnd = replace(state.round, last_moves=(None, Trail(card=Card.parse(trailed))))
    return replace(state, round=rnd)


def test_a_trail_says_the_trailer_holds_no_card_that_could_have_taken() -> None:
    """Seat 1 trailed 3♣ onto 5♦ 9♠ (Classic: a card takes one of its rank, or loose cards
    adding up to its value [PAG §4-5]; 5+9 is 14, which no card is worth): the clue names the
    unseen fives and nines, and the expert's sampled deals then give seat 1 one of them far
    less often than the plain deals do (kept one time in ten, INFER_KEEP)."""
    from cassino_core.expert import INFER_KEEP, trail_clue

    view = seat_view(_after_a_trail(CLASSIC), 0)
    unseen = sorted(view.unseen(), key=lambda c: c.index)
    clue = trail_clue(view, unseen)
    assert clue is not None and clue.seat == 1
    assert clue.takers == {c for c in unseen if c.rank in (5, 9)}
    assert {str(c) for c in clue.takers} == {"5S", "5H", "5C", "9H", "9C", "9D"}
    shown = {False: 0, True: 0}
    for seed in range(400):
        for infer in (False, True):
            world = sample_world(view, random.Random(seed), unseen, clue if infer else None)
            assert len(world.hands[1]) == 3 and world.hands[0] == view.hand
            shown[infer] += not clue.takers.isdisjoint(world.hands[1])
    # three cards out of 27 unseen, six of them takers: about half the plain deals hold one
    assert shown[False] > 150
    assert shown[True] < shown[False] * 3 * INFER_KEEP


def test_no_trail_clue_where_the_table_has_changed_or_the_hand_is_new() -> None:
    """No clue when the trail says nothing of the hand held now: three players (others moved
    since), Draw Cassino (a card drawn since), the deal's first play (both hands full: the
    trail was made with an earlier deal's hand), a latest move that took cards."""
    from cassino_core.expert import trail_clue

    def clue(state: MatchState) -> object:
        view = seat_view(state, state.round.turn)
        return trail_clue(view, sorted(view.unseen(), key=lambda c: c.index))

    assert clue(_after_a_trail(CLASSIC)) is not None
    assert clue(_after_a_trail(PRESETS["draw"])) is None
    full = _after_a_trail(CLASSIC)
    queen = Card.parse("QS")
    rnd = replace(full.round, hands=(full.round.hands[0], (*full.round.hands[1], queen)),
                  stock=tuple(c for c in full.round.stock if c != queen))
    assert clue(replace(full, round=rnd)) is None
    took = replace(full.round, last_moves=(None, Capture(card=Card.parse("3C"),
                                                         take=frozenset())))
    assert clue(replace(full, round=took)) is None
    three = CLASSIC.replace(players=3)
    state = state_of(three, ["2C 4C 6C 7C", "8C TC JC", "QC KC 3S"], "5D 9S 3C", turn=0)
    state = replace(state, round=replace(state.round, last_moves=(None, None, Trail(
        card=Card.parse("3C")))))
    assert clue(state) is None
