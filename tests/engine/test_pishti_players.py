"""Pishti's computer levels: legal choices under every preset, no peeking (a view, and every
level's choice, stay the same when the cards it cannot see are dealt otherwise), sensible
choices in concrete positions, and hints with reasons.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassino_core.cards import Card
from cassino_core.moves import Capture, Trail
from cassino_core.pishti.game import RoundState, deal_round, position
from cassino_core.pishti.hints import REASONS, explain, hint
from cassino_core.pishti.ismcts import WORLDS_PER_ITERATION, IsmctsPlayer, rollout_move
from cassino_core.pishti.players import (
    ALL_LEVELS,
    DEFAULT_BUDGET_MS,
    EXTRA_LEVELS,
    ExpertPlayer,
    declined_ranks,
    make_player,
    sample_world,
    tournament_player,
)
from cassino_core.pishti.rules import PRESETS
from cassino_core.pishti.view import round_view
from tests.engine.fishing_helpers import (
    assert_plays_legal,
    assert_same_view_and_choices,
    cards,
    random_state,
)
from tests.engine.strategies import example_settings


def state_after(name: str, seed: int, steps: int) -> RoundState:
    state: RoundState = random_state(PRESETS[name], deal_round, seed, steps)
    return state


def permute_hidden(state: RoundState, seat: int, rng: random.Random) -> RoundState:
    """The same state with the cards ``seat`` cannot see (other hands, the face-down middle
    cards, the stock above a shown bottom card) dealt otherwise, every place keeping its
    size."""
    keep_bottom = state.bottom is not None
    stock = list(state.stock[:-1] if keep_bottom else state.stock)
    down = list(state.table[:state.hidden])
    pool = [c for s, h in enumerate(state.hands) if s != seat for c in h] + down + stock
    rng.shuffle(pool)
    hands = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(pool[:len(h)]))
            pool = pool[len(h):]
    new_down, pool = tuple(pool[:len(down)]), pool[len(down):]
    new_stock = (*pool, state.stock[-1]) if keep_bottom else tuple(pool)
    return dataclasses.replace(state, hands=tuple(hands), stock=new_stock,
                               table=new_down + state.visible, secret=new_down)


@example_settings(8, 20)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**31), st.integers(0, 30))
def test_view_leaks_nothing_and_no_level_peeks(name: str, seed: int, steps: int) -> None:
    state = state_after(name, seed, steps)
    if state.finished or state.secret_taker is not None:
        return
    seat = state.turn
    other = permute_hidden(state, seat, random.Random(seed + 1))
    view, view2 = round_view(state, seat), round_view(other, seat)
    assert_same_view_and_choices(view, view2, tournament_player, (*ALL_LEVELS, *EXTRA_LEVELS),
                                 seed, iterations=3)


def test_the_view_shows_no_face_down_card_and_no_other_hand() -> None:
    state = deal_round(PRESETS["pishti"], 0, random.Random(3))
    view = round_view(state, 1).to_json()
    text = json.dumps(view)
    for card in (*state.table[:state.hidden], *state.hands[0], *state.stock[:-1]):
        assert f'"{card}"' not in text
    assert view["hidden"] == state.hidden and view["bottom"] == str(state.stock[-1])


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", (*ALL_LEVELS, *EXTRA_LEVELS))
def test_every_level_plays_a_legal_move_through_a_round(name: str, level: str) -> None:
    """Every page level and every measuring level, in every preset (Pishti, Xeri, Basra and
    their three- and four-player forms), to the end of a round."""
    rng = random.Random(7)
    state = deal_round(PRESETS[name], 0, rng)
    assert_plays_legal(state, tournament_player(level, iterations=2), round_view, rng)


def test_intermediate_and_expert_take_a_lone_card_for_a_pisti() -> None:
    """Pile 9♥ alone, the hand 9♦ 4♠ 6♣: taking it is a pişti (+10); both levels take it."""
    state = position(PRESETS["pishti"], hands=[cards("9D 4S 6C"), cards("2D 3D 5H")],
                     table=cards("9H"), stock=cards("7C 8C 7S 8S 7H 8H TC TS"))
    view = round_view(state, 0)
    for level in ("intermediate", "expert"):
        assert make_player(level, iterations=10).choose(view, random.Random(1)) == Capture(
            Card.parse("9D"), frozenset(cards("9H")))


def test_intermediate_adds_a_card_whose_rank_is_all_seen_to_an_empty_table() -> None:
    """Empty table; the three other fours are already captured (public), so a 4 left alone
    can be taken only by a jack: the intermediate prefers it to a 7, whose rank is unseen."""
    state = position(PRESETS["pishti"], hands=[cards("4S 7C"), cards("2D 3D")],
                     piles=[cards("4H 4D 4C"), []], stock=cards("KS KD 8C 8D"))
    move = make_player("intermediate").choose(round_view(state, 0), random.Random(2))
    assert move == Trail(Card.parse("4S"))
    reasons = [r.code for r in explain(round_view(state, 0), move)]
    assert "safe_rank" in reasons


def test_intermediate_and_expert_take_with_a_match_and_keep_the_jack() -> None:
    """Pile 3♣ 5♥ (5♥ on top); the hand J♠ 5♦: both take the pile, and the 5♦ does it
    without spending the jack, which will take a later pile whatever its top card."""
    state = position(PRESETS["pishti"], hands=[cards("JS 5D"), cards("2D 3D")],
                     table=cards("3C 5H"), stock=cards("KS KD 9C 9D TC TS QS QD"))
    view = round_view(state, 0)
    for level in ("intermediate", "expert"):
        move = make_player(level, iterations=10).choose(view, random.Random(4))
        assert move == Capture(Card.parse("5D"), frozenset(cards("3C 5H"))), level


def test_hints_name_their_reasons() -> None:
    state = position(PRESETS["pishti"], hands=[cards("9D 4S 6C"), cards("2D 3D 5H")],
                     table=cards("9H"), stock=cards("7C 8C 7S 8S 7H 8H TC TS"))
    found = hint(round_view(state, 0), random.Random(1), iterations=5)
    assert found.move == Capture(Card.parse("9D"), frozenset(cards("9H")))
    codes = [r["code"] for r in found.to_json()["reasons"]]
    assert codes[0] == "bonus" and found.reasons[0].value == 10
    assert all(code in REASONS for code in codes)


def test_the_face_down_cards_stay_hidden_from_all_but_their_taker() -> None:
    """lodige.com [V]: the first capturer alone may look at the face-down middle cards; the
    other seat's view never names them, until the round is over."""
    state = position(PRESETS["pishti"], hands=[cards("8S 4S"), cards("2D 3D")],
                     table=cards("2H 6C TS 8D"), hidden=3,
                     stock=cards("KS KD 9C 9D TC TD QS QD"))
    after = state.play(Capture(Card.parse("8S"), frozenset(cards("8D"))))
    secret = cards("2H 6C TS")
    taker, other = round_view(after, 0).to_json(), json.dumps(round_view(after, 1).to_json())
    assert taker["secret"] == ["2H", "6C", "TS"]
    assert all(f'"{c}"' not in other for c in secret)
    assert json.loads(other)["pile_counts"] == [5, 0]
    assert json.loads(other)["round_score"] is None


def _after_cover() -> RoundState:
    """Seat 1 holds 2♦ 3♦ 6♥ Q♣ and covers the 8♥ with its 2♦ instead of taking the pile: a
    card of the top card's rank takes a Pishti pile (FAMILY.md §5.1, pagat), so it holds no
    eight. Two fives are already captured (public)."""
    state = position(PRESETS["pishti"], hands=[cards("8S 5C KH 9C"), cards("2D 3D 6H QC")],
                     table=cards("4S 8H"), piles=[cards("5H 5D"), []], turn=1,
                     stock=cards("7C 7D 7S 7H TC TS QS QD"))
    return state.play(Trail(Card.parse("2D")))


def test_a_seat_that_covers_the_top_card_is_read_as_lacking_its_rank() -> None:
    """FAMILY.md §5.1 (pagat): an eight would have taken the pile, so seat 1 holds none until
    the next deal; seat 1 reads nothing of its own moves, and nothing is read before a move."""
    view = round_view(_after_cover(), 0)
    assert declined_ranks(view) == {1: frozenset({8})}
    assert declined_ranks(round_view(_after_cover(), 1)) == {}
    fresh = position(PRESETS["pishti"], hands=[cards("8S"), cards("2D")], table=cards("8H"))
    assert declined_ranks(round_view(fresh, 0)) == {}


def test_what_was_declined_before_the_deal_is_not_read() -> None:
    """The pile keeps its cards across deals, but a new hand may hold the covered rank: once
    both hands are dealt again, nothing is read of the cards under the pile."""
    state = position(PRESETS["pishti"], hands=[cards("5C"), cards("2D")],
                     table=cards("4S 8H"), turn=1,
                     stock=cards("7C 7D 7S 7H TC TS QS QD"))
    state = state.play(Trail(Card.parse("2D"))).play(Trail(Card.parse("5C")))
    assert state.deal_number == 2 and len(state.visible) == 4
    assert declined_ranks(round_view(state, 1)) == {}


def test_the_flat_expert_that_reads_covers_adds_the_rank_the_other_seat_declined() -> None:
    """After seat 1 covered the 8♥ (it holds no eight), an eight on top can be taken only by a
    jack: the flat expert reading covers plays its 8♠, whatever its seed; the intermediate,
    which does not read the cover, sees every card of its hand as equally risky."""
    view = round_view(_after_cover(), 0)
    for seed in range(4):
        move = tournament_player("expert_flat_infer", iterations=20).choose(
            view, random.Random(seed))
        assert move == Trail(Card.parse("8S")), seed


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["pishti", "pishti_three", "xeri"]), st.integers(0, 2**31),
       st.integers(1, 30))
def test_sampled_worlds_give_no_seat_a_rank_it_declined(name: str, seed: int,
                                                        steps: int) -> None:
    """Every world the expert samples keeps the view's cards where they are, deals each other
    hand its size from the unseen cards, and gives a seat no card of a rank it declined
    (when enough other cards are unseen)."""
    state = state_after(name, seed, steps)
    if state.finished:
        return
    view = round_view(state, state.turn)
    lacks = declined_ranks(view)
    world = sample_world(view, view.bonuses, random.Random(seed), lacks)
    unseen = set(view.unseen())
    assert world.hands[view.seat] == view.hand and world.visible == view.table
    for seat, hand in enumerate(world.hands):
        if seat == view.seat:
            continue
        assert len(hand) == view.hand_counts[seat] and set(hand) <= unseen
        assert not [c for c in hand if c.rank in lacks.get(seat, frozenset())]
    placed = [c for h in world.hands for c in h] + list(world.table) + list(world.stock)
    assert len(placed) == len(set(placed))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_expert_is_repeatable_from_a_seed(name: str) -> None:
    """The same view and seed give the same move, at every level including the measuring
    ones, at several points of a round."""
    for steps in (1, 5, 11):
        state = state_after(name, 40 + steps, steps)
        if state.finished:
            continue
        view = round_view(state, state.turn)
        for level in (*ALL_LEVELS, *EXTRA_LEVELS):
            a = tournament_player(level, iterations=4).choose(view, random.Random(steps))
            b = tournament_player(level, iterations=4).choose(view, random.Random(steps))
            assert a == b and a in view.legal, level


def test_measuring_levels_refuse_unknown_names_and_bad_budgets() -> None:
    with pytest.raises(ValueError, match="grandmaster"):
        tournament_player("grandmaster")
    with pytest.raises(ValueError, match="iterations"):
        tournament_player("expert_flat", iterations=0)
    flat = tournament_player("expert_flat")
    assert isinstance(flat, ExpertPlayer) and not flat.infer
    assert flat.budget_ms == DEFAULT_BUDGET_MS
    reading = tournament_player("expert_flat_infer", iterations=3)
    assert isinstance(reading, ExpertPlayer) and reading.infer
    assert isinstance(make_player("expert"), IsmctsPlayer)


def test_the_quick_rollout_takes_with_a_match_and_keeps_the_jack_for_more() -> None:
    """The ISMCTS playout policy (FAMILY.md §5.1, pagat: a match or a jack takes the pile;
    a jack on a lone jack is a 20-point pişti): it takes 3♣ 5♥ with the 5♦, not the J♠; it
    adds the 7♣ rather than spend the J♠ on a lone 4♠; it takes a lone J♥ with its J♠."""
    rules = PRESETS["pishti"]
    stock = cards("KS KD 9C 9D TC TS QS QD")
    match = position(rules, hands=[cards("JS 5D"), cards("2D 3D")], table=cards("3C 5H"),
                     stock=stock)
    assert rollout_move(match, random.Random(1)) == Capture(Card.parse("5D"),
                                                            frozenset(cards("3C 5H")))
    lone = position(rules, hands=[cards("JS 7C"), cards("2D 3D")], table=cards("4S"),
                    stock=stock)
    assert rollout_move(lone, random.Random(1)) == Trail(Card.parse("7C"))
    jacks = position(rules, hands=[cards("JS 7C"), cards("2D 3D")], table=cards("JH"),
                     stock=stock)
    assert rollout_move(jacks, random.Random(1)) == Capture(Card.parse("JS"),
                                                            frozenset(cards("JH")))
    over = position(rules, hands=[cards("7C"), cards("2D")], table=cards("4S"))
    over = over.play(Trail(Card.parse("7C"))).play(Trail(Card.parse("2D")))
    with pytest.raises(ValueError, match="round is over"):
        rollout_move(over, random.Random(1))


def test_the_tree_search_takes_a_lone_card_for_a_pisti() -> None:
    """Pile 9♥ alone, the hand 9♦ 4♠ 6♣: taking it is a pişti (+10, FAMILY.md §5.1); the
    information-set tree search visits that move most."""
    state = position(PRESETS["pishti"], hands=[cards("9D 4S 6C"), cards("2D 3D 5H")],
                     table=cards("9H"), stock=cards("7C 8C 7S 8S 7H 8H TC TS"))
    player = IsmctsPlayer(iterations=5)
    move = player.choose(round_view(state, 0), random.Random(1))
    assert move == Capture(Card.parse("9D"), frozenset(cards("9H")))
    assert max(player.last_visits.values()) == player.last_visits[move]
    assert sum(player.last_visits.values()) == 5 * WORLDS_PER_ITERATION
