"""Property tests of California Jack and Shasta Sam [seed 001]: invariants of seeded random
play, and the views' secrecy.

- the 52 cards are all accounted for, once each, after every card; 80 card points per deal;
- the legal list always enforces following suit [S001 РОЗЫГРЫШ];
- a seed plays the same match twice; a record replays to the same match;
- a view (and its JSON) is the same however the hidden cards lie among their possible places,
  and so every level chooses the same card with the same generator (no level peeks).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from cassino_core.calijack.cards import card_points
from cassino_core.calijack.game import DealState
from cassino_core.calijack.match import JackMatch
from cassino_core.calijack.players import ALL_LEVELS
from cassino_core.calijack.record import JackRecord, record_of, replay
from cassino_core.calijack.rules import JackRules
from cassino_core.calijack.tournament import EXTRA_LEVELS, tournament_player
from cassino_core.calijack.view import deal_view
from cassino_core.cards import full_pack
from tests.engine.strategies import example_settings

PACK = sorted(full_pack())
seeds = st.integers(min_value=0, max_value=2**63 - 1)
variants = st.sampled_from(["california_jack", "shasta_sam"])
packets = st.sampled_from([1, 3])


def states_of_a_deal(rules: JackRules, seed: int) -> Iterator[DealState]:
    match = JackMatch(rules, seed)
    rng = random.Random(seed)
    yield match.state
    while match.phase == "play":
        match.play(rng.choice(match.legal_plays()))
        yield match.state


@given(seeds, variants, packets, st.sampled_from(["suit", "suit_or_trump"]))
@example_settings(25)
def test_cards_accounted_and_follow_suit_s001(seed: int, variant: str, packet: int,
                                              follow: str) -> None:
    """Every card once at every step; legal = the suit led when held [S001 РОЗЫГРЫШ], or
    under ``follow="suit_or_trump"`` the suit led and the trumps when either is held [Foster's
    Complete Hoyle]."""
    rules = JackRules.from_name(variant, deal_packet=packet, follow=follow)
    last = None
    for state in states_of_a_deal(rules, seed):
        assert sorted(state.all_cards()) == PACK
        assert len(state.stock) % 2 == 0
        legal = state.legal_plays()
        hand = state.hands[state.turn]
        answers = ({state.trick[0].suit} if follow == "suit"
                   else {state.trick[0].suit, state.trump}) if state.trick else set()
        if state.trick and any(c.suit in answers for c in hand):
            assert sorted(legal) == sorted(c for c in hand if c.suit in answers)
        elif not state.finished:
            assert sorted(legal) == sorted(hand)
        last = state
    assert last is not None and last.finished and last.tricks_played == 26
    assert sum(last.card_points()) == 80 == sum(card_points(c) for c in PACK)


@given(seeds, variants)
@example_settings(10)
def test_seed_determinism_and_record_replay(seed: int, variant: str) -> None:
    rules = JackRules.from_name(variant, target=3)

    def play() -> JackMatch:
        match = JackMatch(rules, seed)
        rng = random.Random(seed + 1)
        while match.phase != "match_over":
            if match.phase == "deal_over":
                match.next_deal()
            else:
                match.play(rng.choice(match.legal_plays()))
        return match

    one, two = play(), play()
    assert one.moves == two.moves and one.totals == two.totals
    assert [d.history[0] for d in one.deals] == [d.history[0] for d in two.deals]
    record = record_of(one, {"Seats": "computer computer"})
    text = json.dumps(record.to_json())
    again = replay(JackRecord.from_json(json.loads(text)))
    assert again.moves == one.moves and again.totals == one.totals
    assert [d.state for d in again.deals] == [d.state for d in one.deals]


def permute_hidden(state: DealState, seat: int, rng: random.Random) -> DealState:
    """The same state with the cards hidden from ``seat`` shuffled among their places: the
    other hand's cards that were not drawn face up, and the stock below a visible top."""
    other = 1 - seat
    hand = list(state.hands[other])
    hand_slots = [i for i, c in enumerate(hand) if c not in state.public[other]]
    stock = list(state.stock)
    keep = 1 if state.stock_top is not None else 0
    hidden = [hand[i] for i in hand_slots] + stock[keep:]
    rng.shuffle(hidden)
    for i in hand_slots:
        hand[i] = hidden.pop()
    stock[keep:] = hidden
    hands = list(state.hands)
    hands[other] = tuple(hand)
    return dataclasses.replace(state, hands=(hands[0], hands[1]), stock=tuple(stock))


@given(seeds, variants, st.integers(min_value=0, max_value=51), st.integers(0, 1),
       st.sampled_from(["suit", "suit_or_trump"]))
@example_settings(20)
def test_view_leaks_nothing_and_no_level_peeks(seed: int, variant: str, steps: int,
                                               seat: int, follow: str) -> None:
    """The hidden cards swapped among their places change neither the view (its JSON, its
    trick history) nor any level's card, the expert's void inference and deep search included,
    under either following rule."""
    rules = JackRules.from_name(variant, follow=follow)
    state = None
    for i, s in enumerate(states_of_a_deal(rules, seed)):
        state = s
        if i == steps:
            break
    assert state is not None
    view = deal_view(state, seat)
    rng = random.Random(seed)
    for _ in range(3):
        other = permute_hidden(state, seat, rng)
        assert sorted(other.all_cards()) == PACK
        twin = deal_view(other, seat)
        assert json.dumps(twin.to_json()) == json.dumps(view.to_json())
        assert twin == view
    if view.legal:
        other_view = deal_view(permute_hidden(state, seat, rng), seat)
        for level in (*ALL_LEVELS, *EXTRA_LEVELS):
            a = tournament_player(level, None, 2).choose(view, random.Random(seed))
            b = tournament_player(level, None, 2).choose(other_view, random.Random(seed))
            assert a == b, level
