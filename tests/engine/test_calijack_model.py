"""The expert's model of the other seat's play in California Jack and Shasta Sam
(cassino_core/calijack/infer.py: ``answers``, ``leads``, ``likelihood``, ``Sampler(model=True)``).

The model is the intermediate's own judgement (cassino_core/calijack/estimates.py): a sampled
deal in which the other seat, holding the cards the deal gives it, would have played as it did
is likelier than one in which it passed over a card it judged better. The rules it reads:
follow suit when able [S001 РОЗЫГРЫШ] or, under ``follow="suit_or_trump"``, follow or trump
[Foster's *Complete Hoyle*]; draws face up in California Jack [S001 СДАЧА], face down in
Shasta Sam [S001 ВАРИАНТ], so in Shasta Sam only the hidden cards older than the draws since a
trick were surely held at it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from cassino_core.calijack import infer, search
from cassino_core.calijack.estimates import holding_worth, reply_value
from cassino_core.calijack.game import DealState, position
from cassino_core.calijack.infer import Sampler, answers, leads, likelihood
from cassino_core.calijack.match import JackMatch
from cassino_core.calijack.players import ExpertPlayer, IntermediatePlayer
from cassino_core.calijack.rules import SHASTA_SAM, JackRules
from cassino_core.calijack.view import JackView, deal_view, jack_view, turn_views
from cassino_core.cards import Card
from tests.engine.strategies import example_settings


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def c(text: str) -> Card:
    return Card.parse(text)


def n(text: str) -> int:
    return search.encode(c(text))


def play(state: DealState, text: str) -> DealState:
    for card in cards(text):
        state = state.play(card)
    return state


def king_followed_low() -> JackView:
    """Shasta Sam, spades trumps (the turned Q♠). Seat 0 leads the K♥ with stock left; seat 1
    follows with the 3♥ and loses the king's 3 card points. Seat 1 then draws unseen."""
    state = position(SHASTA_SAM, 1, [cards("KH 4D 8C 6S"), cards("3H 5C 9D 7C")],
                     cards("2D 4H TD 8H 3S JC"), trump_card=c("QS"), leader=0)
    return deal_view(play(state, "KH 3H"), 0)


def test_a_king_followed_low_makes_a_held_ace_less_likely_s001() -> None:
    """[S001 РОЗЫГРЫШ] seat 1 had to answer the K♥ with a heart. The intermediate's estimate
    (estimates.reply_value) of taking it with the A♥ is +0.035 (the king's and the ace's 7 card
    points won, less 0.6 of the ace's worth to hold, 0.35), of giving it the 3♥ -0.1104; so a
    deal in which seat 1 held the A♥ then is exp(8 * 0.1454) times as unlikely as one in which
    it held no other heart (MODEL_SHARPNESS 8): 1 / (1 + 3.20) = 0.238. Its newest hidden card
    is the unseen draw after the trick and says nothing."""
    view = king_followed_low()
    assert math.isclose(reply_value(c("KH"), c("AH"), "S", True, 0.0), 0.105 + 0.14 - 0.6 * 0.35)
    assert math.isclose(reply_value(c("KH"), c("3H"), "S", True, 0.0),
                        -0.105 - 0.3 * 0.6 * 0.03)
    said = answers(view)
    assert len(said) == 1 and said[0].draws == 1 and said[0].played == n("3H")
    assert math.isclose(said[0].odds[n("AH")], math.exp(8 * (0.035 + 0.1104)), rel_tol=1e-9)
    slots = 4
    assert likelihood([n("5D"), n("TC"), n("2C"), n("AH")], slots, said) == 1.0  # newest: free
    assert likelihood([n("5D"), n("TC"), n("2C"), n("AS")], slots, said) == 1.0  # no heart
    held_ace = likelihood([n("AH"), n("TC"), n("2C"), n("5D")], slots, said)
    assert math.isclose(held_ace, 1 / (1 + math.exp(8 * 0.1454)), rel_tol=1e-9)
    assert round(held_ace, 3) == 0.238
    # a lower heart was as good an answer as the 3♥ or better: hardly less likely
    assert likelihood([n("2H"), n("TC"), n("2C"), n("5D")], slots, said) > 0.49


def test_an_answer_off_suit_while_holding_the_suit_is_all_but_impossible_s001() -> None:
    """[S001 РОЗЫГРЫШ] a seat that threw the 6♦ to the K♥ held no heart: a deal giving it a
    heart it held then counts BROKEN times less likely (the voids keep the plain sampler from
    such deals already; the model agrees with them)."""
    state = position(SHASTA_SAM, 1, [cards("KH 4D 8C 6S"), cards("6D 5C 9D 7C")],
                     cards("2D 4H TD 8H 3S JC"), trump_card=c("QS"), leader=0)
    view = deal_view(play(state, "KH 6D"), 0)
    said = answers(view)
    assert likelihood([n("AH"), n("TC"), n("2C"), n("5D")], 4, said) < 1 / infer.BROKEN
    # low cards of other suits: each about as good a throw as the 6♦
    assert likelihood([n("2C"), n("3D"), n("4C"), n("5D")], 4, said) > 0.2


def test_a_low_lead_makes_a_held_ace_of_trumps_unlikely_s001() -> None:
    """The intermediate leads the ace of trumps when it holds it (high is sure to win a point
    and a trick [S001 ПОДСЧЁТ ОЧКОВ]), so seat 1 leading the 4♣ says it probably held no A♠:
    IntermediatePlayer, given that hand, leads the A♠, and the model finds that deal far less
    likely than one without it."""
    state = position(SHASTA_SAM, 0, [cards("KH 4D 8C 6S"), cards("4C 5C 9D 7H")],
                     cards("2D 4H TD 8H 3S JC"), trump_card=c("QS"), leader=1)
    with_ace = position(SHASTA_SAM, 0, [cards("KH 4D 8C 6S"), cards("4C AS 9D 7H")],
                        cards("2D 4H TD 8H 3S JC"), trump_card=c("QS"), leader=1)
    assert IntermediatePlayer().choose(deal_view(with_ace, 1), random.Random(0)) == c("AS")
    view = deal_view(play(state, "4C 8C"), 0)
    led = leads(view)
    assert len(led) == 1 and led[0].played == n("4C") and led[0].draws == 1
    worth = [holding_worth(search.decode(k), "S") for k in range(52)]
    ace = likelihood([n("AS"), n("9H"), n("2C"), n("5D")], 4, [], led, worth)
    none = likelihood([n("3D"), n("9H"), n("2C"), n("5D")], 4, [], led, worth)
    assert ace < 0.01 and none > 0.1


def intermediate_play(rules: JackRules, seeds: range) -> Iterator[tuple[JackMatch, JackView]]:
    """Every decision of intermediate-against-intermediate matches: the match (before the
    card is played) and the view of the seat to play."""
    judge = IntermediatePlayer()
    for seed in seeds:
        match = JackMatch(rules, seed)
        rng = random.Random(seed)
        for view in turn_views(match):
            yield match, view
            match.play(judge.choose(view, rng))


def test_the_models_leads_are_the_intermediates_estimates_given_the_hand_then() -> None:
    """In every form (California Jack and Shasta Sam, follow suit [S001] or suit or trump
    [Foster]): what the model says seat 1 judged each card of its hand worth as a lead,
    counting from seat 0's view as seat 0 knows it later and the hand seat 1 really held, is
    exactly IntermediatePlayer.evaluate from seat 1's own view then (its card counting, the
    visible stock top's edge, seat 0's face-up draws)."""
    judge = IntermediatePlayer()
    checked = 0
    for variant in ("california_jack", "shasta_sam"):
        for follow in ("suit", "suit_or_trump"):
            rules = JackRules.from_name(variant, follow=follow)
            # per deal, by trick index: seat 1's hand as it led, and its estimate of each card
            asked: dict[tuple[int, int], tuple[list[int], dict[int, float]]] = {}
            for match, view in intermediate_play(rules, range(2)):
                deal = (id(match), match.deal_number)
                if view.seat == 1 and not view.trick:
                    hand = [search.encode(k) for k in match.state.hands[1]]
                    asked[(*deal, len(view.tricks))] = (
                        hand, {search.encode(k): judge.evaluate(view, k) for k in view.legal})
                if view.seat != 0:
                    continue
                worth = [holding_worth(search.decode(k), view.trump) for k in range(52)]
                for lead in leads(view):
                    index = next(i for i, t in enumerate(view.tricks)
                                 if t.plays[0] == (1, search.decode(lead.played)))
                    hand, values = asked[(*deal, index)]
                    then = [lead.played, *(k for k in hand if k != lead.played)]
                    got = infer._lead_values(lead, then, worth)
                    for card, value in zip(then, got, strict=True):
                        assert math.isclose(value, values[card], abs_tol=1e-12)
                        checked += 1
    assert checked > 1000


def test_the_models_answers_are_the_intermediates_estimates_shasta_sam() -> None:
    """Shasta Sam [S001 ВАРИАНТ] (no stock card in sight, so no draw's edge): the odds the
    model gives each card seat 1 could have answered with are exp(MODEL_SHARPNESS * the
    difference of IntermediatePlayer.evaluate from seat 1's view then)."""
    judge = IntermediatePlayer()
    checked = 0
    replies: dict[tuple[int, int, int], dict[int, float]] = {}
    for match, view in intermediate_play(SHASTA_SAM, range(3)):
        deal = (id(match), match.deal_number)
        if view.seat == 1 and view.trick:
            replies[(*deal, len(view.tricks))] = {search.encode(k): judge.evaluate(view, k)
                                                  for k in view.legal}
        if view.seat != 0:
            continue
        for said in answers(view):
            index = next(i for i, t in enumerate(view.tricks)
                         if t.plays[1] == (1, search.decode(said.played)))
            values = replies[(*deal, index)]
            for card, value in values.items():
                if said.odds[card] == 0.0:
                    continue  # a card seat 0 has seen since: no sampled hand holds it
                expected = math.exp(8 * (value - values[said.played]))
                assert math.isclose(said.odds[card], expected, rel_tol=1e-9)
                checked += 1
    assert checked > 200


def test_the_modelled_sampler_gives_the_ace_less_often_s001() -> None:
    """On the king-followed-low position, the modelled sampler puts the A♥ among seat 1's
    three older hidden cards far less often than the plain one (whose every deal is equally
    likely), and never breaks a void or the cards' count: each deal holds the view's unseen
    cards once each, in the other hand and the stock."""
    view = king_followed_low()
    unseen = sorted(search.encode(k) for k in view.unseen())
    counts = {}
    for model in (False, True):
        sampler = Sampler(view, model=model)
        rng = random.Random(7)
        found = 0
        for _ in range(600):
            world = sampler.world(rng)
            hidden = world.hands[1]
            assert len(hidden) == 4 and len(world.stock) == view.stock
            assert set(hidden).isdisjoint(world.stock)
            assert set(hidden) | set(world.stock) <= set(unseen)
            found += n("AH") in hidden[:3]
        counts[model] = found
    assert counts[True] < 0.6 * counts[False]


def test_the_model_is_off_unless_asked_and_with_nothing_hidden() -> None:
    """The page's expert does not use the model (issue 16's ninth pass measures it as
    ``expert_model``); with an empty stock nothing is left to weigh."""
    view = king_followed_low()
    assert not Sampler(view).said and not Sampler(view).leads
    assert Sampler(view, model=True).said
    assert not Sampler(view, model=True, infer=False).said
    assert ExpertPlayer().model is False
    state = position(SHASTA_SAM, 1, [cards("KH 4D"), cards("3H 5C")], (),
                     trump_card=c("QS"), leader=0)
    assert not Sampler(deal_view(play(state, "KH 3H"), 0), model=True).said


@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["california_jack",
                                                                  "shasta_sam"]),
       st.integers(min_value=0, max_value=40))
@example_settings(15)
def test_the_modelled_expert_is_repeatable_and_places_every_card(seed: int, variant: str,
                                                                 plays: int) -> None:
    """After ``plays`` random cards of a deal: the modelled sampler's deals put every card the
    seat cannot see exactly once (the other hand's known cards kept in it), and the modelled
    expert chooses the same card twice from the same generator."""
    match = JackMatch(JackRules.from_name(variant), seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if match.phase != "play":
            break
        match.play(rng.choice(match.legal_plays()))
    if match.phase != "play":
        return
    view = jack_view(match, match.state.turn)
    sampler = Sampler(view, model=True)
    world = sampler.world(random.Random(seed))
    other = world.hands[view.opponent]
    placed = sorted([*(k for k in other if search.decode(k) not in view.known[view.opponent]),
                     *world.stock])
    expected = [search.encode(k) for k in view.unseen()]
    if view.stock_top is not None:
        expected.append(search.encode(view.stock_top))
    assert placed == sorted(expected)
    assert {search.encode(k) for k in view.known[view.opponent]} <= set(other)
    first = ExpertPlayer(iterations=6, model=True).choose(view, random.Random(seed))
    again = ExpertPlayer(iterations=6, model=True).choose(view, random.Random(seed))
    assert first == again and first in view.legal
