"""Property tests of the engine: invariants that hold in every position reached by play.

Random seeds, random rule switches and random legal play (a uniform choice among
``legal_moves()``, and the :class:`~cassino_core.players.HeuristicPlayer` through the JSON API)
must keep these facts true after every move (RULES.md part 1 and §12):

- the 52 cards are all accounted for, once each (hands, loose, builds, stock, piles);
- every build is well formed and its owner holds a card of its value (the keep-card rule), so
  the seat to play always has a legal move; legal moves are distinct and in canonical order;
- a finished round's points total 11, or 8 when the cards tie 26-26, plus the sweep points;
  the match totals gain what :func:`~cassino_core.match.round_gains` says: the round's points,
  or under difference scoring only the leader's margin (at most one side gains, never more
  than the round's points), or nothing for a side at 18+ under the Dominican end game;
- a sweep scores unless the last-sweep switch rules it out (the round's last card, or any
  card once the stock is empty);
- a seed deals the same cards and replays the same game; undo restores states exactly;
- a seat's view (and its JSON) never shows the other hand or the stock.

Set ``CI=1`` to run a fixed (derandomized) set of examples.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cassino_core import CLASSIC, Card, CardError, Match, Round, Rules
from cassino_core.api import Session
from cassino_core.cards import full_pack
from cassino_core.game import RoundState
from cassino_core.match import MatchState, claim_count, dominican_winner, round_gains
from cassino_core.moves import BuildMove, Capture, Move, Trail, TrailBuild, move_sort_key
from cassino_core.table import card_value, held_values, scheme_for
from cassino_core.view import page_move, seat_view
from tests.engine.strategies import example_settings, rules_strategy, seeds

PACK = frozenset(full_pack())


prop_settings = example_settings


# -- invariants --------------------------------------------------------------------------------


def all_cards(rs: RoundState) -> list[Card]:
    """Every card of a round state, with repeats if the engine duplicated one."""
    return (
        [c for h in rs.hands for c in h]
        + list(rs.loose)
        + [c for b in rs.builds for c in b.cards]
        + list(rs.stock)
        + [c for p in rs.piles for c in p]
    )


def expected_sweep_points(rules: Rules, sweeps: tuple[int, ...]) -> int:
    """Sweep points of a two-sided round under ``rules.sweeps`` (RULES.md §10)."""
    made = sum(sweeps)
    return {"off": 0, "one": made, "two": 2 * made, "cancel": abs(sweeps[0] - sweeps[1])}[
        rules.sweeps
    ]


def base_points(rules: Rules, cards: list[int]) -> int:
    """A two-sided round's points without sweeps: 11, or 8 at 26-26 cards (RULES.md §12);
    Finnish 10, or 9 at 26-26 (FAMILY.md §5.12); 13 spades never tie between two."""
    tie = cards[0] == cards[1] and not rules.portuguese_tiebreak
    if rules.scoring == "finnish":
        return 9 if tie else 10
    return 8 if tie else 11


def check_score(rs: RoundState) -> None:
    """A finished round: 11 points (8 at 26-26 cards; Finnish 10 or 9) plus sweep points
    (RULES.md §12), and 1 for the last capture under ``last_capture_point`` (§5.12)."""
    score = rs.score()
    cards = [s.cards for s in score.sides]
    assert cards == [len(p) for p in rs.piles]
    assert sum(cards) == 52
    assert sum(s.spades for s in score.sides) == 13
    base = base_points(rs.rules, cards)
    sweep_points = expected_sweep_points(rs.rules, rs.sweeps)
    assert sum(s.points["sweeps"] for s in score.sides) == sweep_points
    last = int(rs.rules.last_capture_point and rs.last_capturer is not None)
    if last:
        assert score.sides[rs.rules.side_of(rs.last_capturer or 0)].points["last_capture"] == 1
    assert sum(score.totals) == base + sweep_points + last, (cards, rs.sweeps, score)


def lowest_build_value(move: BuildMove) -> int:
    """2, the lowest value of a build with other cards; 1 for "building aces" (an ace played
    on loose aces as a multiple build, like "building threes" [PAG §6.3])."""
    return 1 if move.card.rank == 1 and all(c.rank == 1 for c in move.take) else 2


def check_moves(rs: RoundState, moves: list[Move]) -> None:
    """The legal moves: non-empty, distinct, canonical order, and obeying the switches."""
    rules = rs.rules
    seat = rs.turn
    hand = rs.hands[seat]
    table = rs.table_cards
    assert moves, f"seat {seat} has no legal move in {rs}"
    assert len(set(moves)) == len(moves), "legal_moves has duplicates"
    assert moves == sorted(moves, key=move_sort_key), "legal_moves is not in canonical order"
    own = [b for b in rs.builds if b.owner == seat]
    captures = {m.card for m in moves if isinstance(m, Capture)}
    for move in moves:
        assert move.card in hand
        assert move.take <= table and move.card not in table
        for build in rs.builds:  # a build is never split
            assert set(build.cards) <= move.take or not set(build.cards) & move.take
        if isinstance(move, Trail):
            assert not (own and rules.builder_restriction != "may_trail"), move
            assert not (rules.capture_compulsory and move.card in captures), move
            # Dominican [PAG-R]: a card that pairs a loose card (same rank, a value in common;
            # a Finnish ace, 14 from hand, does not pair a table ace) must capture.
            assert not (rules.no_pair_trail and any(
                Capture(move.card, frozenset({c})) in moves for c in rs.loose
                if c.rank == move.card.rank)), move
        if isinstance(move, Capture) and move.card.is_court and rules.values == "classic":
            same = [c for c in rs.loose if c.rank == move.card.rank]
            assert all(c.rank == move.card.rank for c in move.take)
            sizes = {"one": {1}, "one_or_three": {1, 3}, "all": {len(same)}}[rules.court_capture]
            assert len(move.take) in sizes, move
        if isinstance(move, BuildMove):
            assert rules.building, move
            assert lowest_build_value(move) <= move.value <= rules.max_build_value, move
            rest = [c for c in hand if c != move.card]
            assert move.value in {card_value(c) for c in rest}, move
            raised = [b for b in own if set(b.cards) <= move.take and b.value != move.value]
            assert rules.raise_own_build or not raised, move
        if isinstance(move, TrailBuild):  # a trail beside a build of table cards only (§6.1)
            assert rules.table_builds and rules.building, move
            assert Trail(move.card) in moves, move  # the card obeys every trail rule
            assert len(move.take) >= 2 and move.take <= set(rs.loose), move
            rest = [c for c in hand if c != move.card]
            assert move.value in held_values(scheme_for(rules), rest) | {
                b.value for b in rs.builds if rules.partner_of(seat, b.owner)}, move


def check_round(rs: RoundState) -> None:
    """Invariants of every round state reached by play."""
    cards = all_cards(rs)
    assert len(cards) == 52 and set(cards) == PACK, "cards lost or duplicated"
    n = rs.rules.players
    assert len(rs.stock) % (4 * n) == 0
    assert rs.deal == 1 + (52 - 4 - 4 * n - len(rs.stock)) // (4 * n)
    for build in rs.builds:
        build.check(rs.rules)
        if build.value == 1:  # building aces: every group a single ace
            assert build.multiple and all(g == (g[0],) and g[0].rank == 1 for g in build.groups)
        held = {card_value(c) for c in rs.hands[build.owner]}
        assert build.value in held, f"seat {build.owner} owns {build} without a card to take it"
    if not rs.rules.same_value_builds:
        values = [b.value for b in rs.builds]
        assert len(values) == len(set(values)), "two builds of one value"
    if rs.finished:
        assert not any(rs.hands) and not rs.loose and not rs.builds and not rs.stock
        assert rs.legal_moves() == []
        check_score(rs)
        return
    sizes = [len(h) for h in rs.hands]
    other = (rs.turn + 1) % n
    assert sizes[rs.turn] - sizes[other] in (0, 1), sizes
    check_moves(rs, rs.legal_moves())


def check_match(ms: MatchState) -> None:
    """Invariants of every match state reached by play."""
    check_round(ms.round)
    rules = ms.rules
    totals = (0,) * rules.sides
    befores = []
    carry = {"cards": 0, "spades": 0}
    worth = {"cards": 1, "spades": 2} if rules.scoring == "finnish" else {"cards": 3, "spades": 1}
    for r in ms.results:
        # Finnish (FAMILY.md §5.12): no sweep points once a side began the round at sweep_stop;
        # a tied "most" category carries its points to the next round's winner of it.
        if rules.sweep_stop and max(totals) >= rules.sweep_stop:
            assert all(s.points["sweeps"] == 0 for s in r.sides)
        for category in carry:
            won = [s.points[category] for s in r.sides if s.points[category]]
            assert won in ([], [worth[category] + carry[category]]), (category, won, carry)
            carry[category] = 0 if won or not rules.tie_carry else carry[category] + worth[
                category]
        gains = round_gains(rules, totals, r)
        if rules.difference_scoring:  # LONG/Bohn: one side at most gains, by its margin
            assert sum(1 for g in gains if g) <= 1
            assert sum(gains) == max(0, 2 * max(r.totals) - sum(r.totals)) or sorted(
                r.totals)[-1] == sorted(r.totals)[-2]
        assert all(0 <= g <= t for g, t in zip(gains, r.totals, strict=True) if t >= 0)
        befores.append(totals)
        totals = tuple(t + g for t, g in zip(totals, gains, strict=True))
    assert ms.totals == totals
    if ms.claimed is not None:  # FOS/DICK94: a claim ends the match, right or wrong
        assert ms.phase == "match_over" and ms.winner in (0, 1)
        return
    if ms.phase == "play":
        assert not ms.round.finished and ms.winner is None
        assert len(ms.results) == ms.round_number - 1
        return
    assert ms.round.finished and len(ms.results) == ms.round_number
    best = max(ms.totals)
    leaders = [s for s, t in enumerate(ms.totals) if t == best]
    outright = rules.dominican_end and dominican_winner(rules, befores[-1], ms.results[-1])
    if ms.phase == "match_over" and outright is not None and outright is not False:
        assert ms.winner == outright  # PAG-R: the need met at 18, 19 or 20 wins outright
    elif ms.phase == "match_over":
        assert ms.winner in leaders and best >= ms.target
        assert len(leaders) == 1 or rules.tie_break == "cards_then_spades"
    else:
        assert ms.winner is None
        assert best < ms.target or (len(leaders) > 1 and rules.tie_break == "another_round")


def check_step(before: RoundState, move: Move, after: RoundState) -> None:
    """What one move does: the build it makes, the pile it fills, the sweep it scores."""
    seat = before.turn
    assert after.last_moves[seat] == move
    sweep = isinstance(move, Capture) and move.take == before.table_cards
    rule = before.rules.last_sweep
    last_card = not before.stock and sum(len(h) for h in before.hands) == 1
    if (rule == "not_last_deal" and not before.stock) or (rule == "not_last_play" and last_card):
        sweep = False  # TOWN: not with the last card; Finnish: not in the last deal
    assert after.sweeps[seat] == before.sweeps[seat] + sweep
    if isinstance(move, Capture):
        grown = after.piles[seat][len(before.piles[seat]) :]
        assert set(grown) >= move.take | {move.card}
    if isinstance(move, BuildMove):  # the mover still holds a card, so the round goes on
        made = [b for b in after.builds if move.card in b.cards]
        assert len(made) == 1
        build = made[0]
        assert set(build.cards) == move.take | {move.card}
        assert build.value == move.value and build.owner == seat
        assert build.multiple == page_move(move)["multiple"]
    if isinstance(move, TrailBuild):  # the table cards make the build, the card lies loose
        made = [b for b in after.builds if set(b.cards) == move.take]
        assert len(made) == 1 and move.card in after.loose
        assert made[0].value == move.value
        assert made[0].multiple == page_move(move)["multiple"]


# -- hidden information ------------------------------------------------------------------------


def strings(value: Any) -> Iterator[str]:
    """Every string (keys included) inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def cards_named(value: Any) -> set[Card]:
    """Every card written anywhere in a JSON value (as a card or a word of a move's text)."""
    found: set[Card] = set()
    for text in strings(value):
        for word in text.replace(",", " ").replace("+", " ").split():
            with contextlib.suppress(CardError):
                found.add(Card.parse(word))
    return found


def check_views(ms: MatchState, seats: list[str] | None = None) -> None:
    """No seat's view shows another seat's hand or the stock."""
    for seat in range(ms.rules.players):
        hidden = {c for s, h in enumerate(ms.round.hands) if s != seat for c in h}
        hidden |= set(ms.round.stock)
        view = seat_view(ms, seat)
        assert view.unseen() == hidden
        data = view.to_json(seats)
        text = json.dumps(data, allow_nan=False)
        named = cards_named(json.loads(text))
        assert not named & hidden, f"seat {seat} sees {sorted(named & hidden)}"
        assert set(ms.round.hands[seat]) <= named
        assert data["hand"] == sorted(data["hand"], key=lambda t: _display(Card.parse(t)))


def _display(card: Card) -> tuple[int, int]:
    return card.rank, "SHDC".index(card.suit)


# -- drivers -----------------------------------------------------------------------------------


def play_match(
    rules: Rules, seed: int, choice_seed: int, max_rounds: int, on_step: Callable[[Match], None]
) -> Match:
    """Play random legal moves until the match ends or ``max_rounds`` rounds are finished."""
    match = Match(rules, seed)
    rng = random.Random(choice_seed)
    on_step(match)
    while match.state.phase != "match_over":
        if match.state.phase == "round_over":
            if match.state.round_number >= max_rounds:
                break
            match.next_round()
        else:
            before = match.state.round
            if rules.claiming and rng.random() < 0.05:
                # claim now and then: right when the count proves it, else wrong (FOS)
                side = rules.side_of(before.turn)
                right = claim_count(match.state, side) >= match.state.target
                assert match.claim() is right
                assert match.state.winner == (side if right else 1 - side)
                on_step(match)
                break
            move = rng.choice(match.legal_moves())
            match.play(move)
            check_step(before, move, match.state.round)
        if match.state.phase != "play":
            assert match.legal_moves() == []
        on_step(match)
    return match


# -- properties --------------------------------------------------------------------------------


@prop_settings(15, 40)
@given(seed=seeds, choice_seed=seeds)
def test_classic_random_play_keeps_invariants(seed: int, choice_seed: int) -> None:
    match = play_match(CLASSIC, seed, choice_seed, 3, lambda m: check_match(m.state))
    assert match.state.phase in ("round_over", "match_over")


@prop_settings(40, 150)
@given(rules=rules_strategy, seed=seeds, choice_seed=seeds)
def test_rule_switches_keep_invariants(rules: Rules, seed: int, choice_seed: int) -> None:
    match = play_match(rules, seed, choice_seed, 2, lambda m: check_match(m.state))
    assert match.state.phase in ("round_over", "match_over")


@prop_settings(12, 30)
@given(rules=rules_strategy, seed=seeds, choice_seed=seeds)
def test_views_never_leak_hidden_cards(rules: Rules, seed: int, choice_seed: int) -> None:
    play_match(rules, seed, choice_seed, 1, lambda m: check_views(m.state, ["human", "human"]))


@prop_settings(4, 25)
@given(rules=rules_strategy, seed=st.integers(min_value=0, max_value=2**31))
def test_heuristic_players_through_the_api(rules: Rules, seed: int) -> None:
    session = Session()
    request = {
        "op": "new_game",
        "seed": seed,
        "seats": ["computer", "computer"],
        "overrides": {k: v for k, v in rules.to_dict().items() if k != "name"},
    }
    answer = json.loads(session.handle(json.dumps(request)))
    assert answer["ok"], answer
    rounds = 0
    while True:
        assert session.match is not None
        check_match(session.match.state)
        state = session.match.state
        hidden = set(state.round.hands[1]) | set(state.round.stock)
        assert not cards_named(answer["view"]) & hidden
        if state.phase == "match_over" or (state.phase == "round_over" and rounds >= 1):
            break
        if state.phase == "round_over":
            rounds += 1
            answer = json.loads(session.handle('{"op": "next_round"}'))
        else:
            legal = state.round.legal_moves()
            answer = json.loads(session.handle('{"op": "computer_move"}'))
            assert answer.get("ok"), answer
            assert answer["seat"] == state.round.turn
            if answer["move"]["kind"] == "claim":  # a computer claims only when proved
                assert answer["move"]["right"] and answer["view"]["winner"] == rules.side_of(
                    answer["seat"])
                break
            shown = {k: v for k, v in answer["move"].items()
                     if k not in ("sweep", "raise", "penalty", "builds")}
            played = [m for m in legal if page_move(m) == shown]
            assert len(played) == 1, answer["move"]
        assert answer.get("ok"), answer


@prop_settings(10, 25)
@given(seed=st.integers(min_value=0, max_value=2**31), choice_seed=seeds)
def test_human_moves_from_the_api_answer_are_accepted(seed: int, choice_seed: int) -> None:
    """A human plays moves copied from the view's ``legal_moves`` (object or text)."""
    rng = random.Random(choice_seed)
    session = Session()
    answer = json.loads(session.handle(json.dumps({"op": "new_game", "seed": seed})))
    while answer["view"]["phase"] == "play":
        view = answer["view"]
        if view["turn"] == 0:
            offered = view["legal_moves"]
            assert offered
            chosen = rng.choice(offered)
            move: Any = chosen["text"] if rng.random() < 0.5 else chosen
            answer = json.loads(session.handle(json.dumps({"op": "play", "move": move})))
            assert answer.get("ok"), answer
            assert answer["move"]["text"] == chosen["text"]
        else:
            assert view["legal_moves"] == []
            answer = json.loads(session.handle('{"op": "computer_move"}'))
            assert answer.get("ok"), answer
        assert session.match is not None
        check_match(session.match.state)
    assert answer["view"]["phase"] in ("round_over", "match_over")


@prop_settings(10, 25)
@given(rules=rules_strategy, seed=seeds, choice_seed=seeds)
def test_same_seed_same_deal_and_game(rules: Rules, seed: int, choice_seed: int) -> None:
    assert Match(rules, seed).state == Match(rules, seed).state
    assert Round.deal(rules, 0, seed).state == Round.deal(rules, 0, seed).state
    first: list[MatchState] = []
    play_match(rules, seed, choice_seed, 2, lambda m: first.append(m.state))
    second: list[MatchState] = []
    play_match(rules, seed, choice_seed, 2, lambda m: second.append(m.state))
    assert first == second


def test_different_seeds_deal_differently() -> None:
    deals = {Match(CLASSIC, seed).state.round.stock for seed in range(50)}
    assert len(deals) == 50


@prop_settings(40)
@given(
    rules=rules_strategy,
    dealer=st.integers(0, 1),
    seed=seeds,
    choice_seed=seeds,
    plays=st.integers(min_value=1, max_value=48),
)
def test_round_undo_restores_states(
    rules: Rules, dealer: int, seed: int, choice_seed: int, plays: int
) -> None:
    rng = random.Random(choice_seed)
    rnd = Round.deal(rules, dealer, seed)
    states = [rnd.state]
    moves: list[Move] = []
    while len(moves) < plays and not rnd.finished:
        move = rng.choice(rnd.legal_moves())
        rnd.play(move)
        assert rnd.undo() == move  # play then undo: back exactly where we were
        assert rnd.state == states[-1]
        rnd.play(move)
        moves.append(move)
        states.append(rnd.state)
    for move, state in zip(reversed(moves), reversed(states[:-1]), strict=True):
        assert rnd.undo() == move
        assert rnd.state == state
    assert rnd.state == Round.deal(rules, dealer, seed).state
    try:
        rnd.undo()
    except IndexError:
        pass
    else:
        raise AssertionError("undo at the start of the round did not raise IndexError")


@prop_settings(25)
@given(rules=rules_strategy, seed=seeds, choice_seed=seeds)
def test_match_undo_restores_states(rules: Rules, seed: int, choice_seed: int) -> None:
    states: list[MatchState] = []
    match = play_match(rules, seed, choice_seed, 2, lambda m: states.append(m.state))
    assert match.can_undo
    for state in reversed(states[:-1]):
        match.undo()
        assert match.state == state
    assert match.state == Match(rules, seed).state
    assert not match.can_undo
    try:
        match.undo()
    except IndexError:
        pass
    else:
        raise AssertionError("undo at the start of the match did not raise IndexError")


@prop_settings(40)
@given(
    rules=rules_strategy,
    seed=seeds,
    choice_seed=seeds,
    seat=st.integers(0, 1),
    plays=st.integers(min_value=0, max_value=120),
)
def test_undo_to_turn_returns_to_the_latest_earlier_turn(
    rules: Rules, seed: int, choice_seed: int, seat: int, plays: int
) -> None:
    states: list[MatchState] = []
    match = Match(rules, seed)
    rng = random.Random(choice_seed)
    for _ in range(plays):
        if match.state.phase == "match_over":
            break
        states.append(match.state)
        if match.state.phase == "round_over":
            match.next_round()
        else:
            match.play(rng.choice(match.legal_moves()))
    earlier = [i for i, s in enumerate(states) if s.phase == "play" and s.round.turn == seat]
    now = match.state
    if not earlier:
        try:
            match.undo_to_turn(seat)
        except IndexError:
            assert match.state == now
            return
        raise AssertionError("undo_to_turn without an earlier turn did not raise IndexError")
    steps = match.undo_to_turn(seat)
    assert steps == len(states) - earlier[-1]
    assert match.state == states[earlier[-1]]
    for state in reversed(states[: earlier[-1]]):  # the rest of the history is intact
        match.undo()
        assert match.state == state
    assert not match.can_undo


def test_no_build_of_aces() -> None:
    """Every build that play can make is one ``Build.check`` accepts, "building aces" (a
    multiple build of value 1, like "building threes" [PAG §6.3]) included."""
    c = Card.parse
    rnd = Round.from_position(CLASSIC, hands=[[c("AS"), c("AD")], [c("5C")]], loose=[c("AH")])
    for move in rnd.legal_moves():
        if isinstance(move, BuildMove):
            rnd.play(move)
            for build in rnd.state.builds:
                build.check(CLASSIC)
            rnd.undo()
