"""What the play shows about the other hand in California Jack and Shasta Sam, and the expert's
sampler that keeps to it (cassino_core/calijack/infer.py).

Source of the inference: the following rule, [S001 РОЗЫГРЫШ] (follow suit when able) and
[Foster's Complete Hoyle, "California Jack"] (follow suit or trump): a reply that breaks it
shows a void. Draws: face up in California Jack [S001 СДАЧА], face down in Shasta Sam
[S001 ВАРИАНТ], so a void lasts in the first and may be broken by unseen draws in the second.
"""

from __future__ import annotations

import doctest
import random

import pytest

from cassino_core.calijack import infer, search
from cassino_core.calijack.game import DealState, position
from cassino_core.calijack.infer import Sampler, Void, trick_voids, voids
from cassino_core.calijack.players import ExpertPlayer
from cassino_core.calijack.rules import CALIFORNIA_JACK, SHASTA_SAM, JackRules
from cassino_core.calijack.tournament import tournament_player
from cassino_core.calijack.view import TrickView, deal_view
from cassino_core.cards import Card


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def c(text: str) -> Card:
    return Card.parse(text)


def trick(lead: str, answer: str, leader: int = 0) -> TrickView:
    return TrickView(plays=((leader, c(lead)), (1 - leader, c(answer))), winner=leader,
                     drew=())


def play(state: DealState, text: str) -> DealState:
    for card in cards(text):
        state = state.play(card)
    return state


def test_trick_voids_follow_suit_s001() -> None:
    """[S001 РОЗЫГРЫШ] follow suit when able: any reply of another suit (a trump or a throw)
    shows the suit led is missing; following, or leading, shows nothing."""
    assert trick_voids(trick("KH", "5S"), 1, trump="S", follow="suit") == ("H",)
    assert trick_voids(trick("KH", "5D"), 1, trump="S", follow="suit") == ("H",)
    assert trick_voids(trick("KH", "2H"), 1, trump="S", follow="suit") == ()
    assert trick_voids(trick("KH", "5D"), 0, trump="S", follow="suit") == ()  # seat 0 led


def test_trick_voids_follow_suit_or_trump_foster() -> None:
    """[Foster's Hoyle] follow suit or trump: a trump may answer anything, so it shows nothing;
    a third suit shows both the suit led and trumps missing (just trumps on a trump lead)."""
    assert trick_voids(trick("KH", "5S"), 1, trump="S", follow="suit_or_trump") == ()
    assert trick_voids(trick("KH", "5D"), 1, trump="S", follow="suit_or_trump") == ("H", "S")
    assert trick_voids(trick("KS", "5D"), 1, trump="S", follow="suit_or_trump") == ("S",)


def california_position() -> DealState:
    """Seat 0 leads KH; seat 1, holding no heart, throws 6D. Seat 0 wins and draws the face-up
    2S, seat 1 draws 9H in everyone's sight (spades trumps)."""
    state = position(CALIFORNIA_JACK, 1, [cards("KH 3D 4C"), cards("5S 6D 7C")],
                     cards("2S 9H 8D TC"), leader=0)
    return play(state, "KH 6D")


def test_void_lasts_in_california_jack() -> None:
    """California Jack: the 9H seat 1 drew is known, and its two hidden cards (from the deal)
    cannot be hearts; every sampled hidden hand keeps to that, and the known card stays."""
    view = deal_view(california_position(), 0)
    assert view.known[1] == (c("9H"),)
    assert voids(view) == [Void("H", 0)]
    sampler = Sampler(view)
    rng = random.Random(3)
    for _ in range(200):
        world = sampler.world(rng)
        hand = [search.decode(n) for n in world.hands[1]]
        assert c("9H") in hand and len(hand) == 3
        assert not [k for k in hand if k.suit == "H" and k != c("9H")]
    # without the inference, hearts do turn up among the hidden cards
    loose = Sampler(view, infer=False)
    seen = {search.decode(n).suit for _ in range(200) for n in loose.world(rng).hands[1][1:]}
    assert "H" in seen


def test_void_weakens_with_unseen_draws_in_shasta_sam() -> None:
    """Shasta Sam: after the same first trick (seat 1 throws 6D to KH) seat 1 drew an unseen
    card, which may be a heart: at most one of its hidden cards is. Then seat 0 leads the JH it
    drew and seat 1 follows with the 9H it drew: that heart was one of the draws, so after the
    second trick's draw there is again room for one heart (two unseen draws, one spent)."""
    state = position(SHASTA_SAM, 1, [cards("KH 3D 4C"), cards("5S 6D 7C")],
                     cards("JH 9H 8D TC"), trump_card=c("QS"), leader=0)
    state = play(state, "KH 6D")
    view = deal_view(state, 0)
    assert view.tricks[0].drew == ((0, c("JH")), (1, None))  # the other draw is unseen
    assert voids(view) == [Void("H", 1)]
    rng = random.Random(5)
    sampler = Sampler(view)
    counts = {sum(1 for n in sampler.world(rng).hands[1] if n // 13 == 1) for _ in range(300)}
    assert counts == {0, 1}
    state = play(state, "JH 9H")
    view = deal_view(state, 0)
    assert len(view.tricks) == 2
    assert voids(view) == [Void("H", 1)]
    assert voids(view, 0) == []  # seat 0 always followed or led


def test_a_heart_led_now_was_one_of_the_draws_shasta_sam() -> None:
    """Shasta Sam: seat 1 shows no hearts (6D to KH), wins the next trick with the AS it held
    (seat 0 leads 3S), so it has drawn two unseen cards since; it now leads the 9H it drew. That
    heart was one of the two draws, so at most one hidden card left may be a heart."""
    state = position(SHASTA_SAM, 1, [cards("KH 3S 4C 2C"), cards("AS 6D 7C 8C")],
                     cards("JD 9H 8D TC JS QH"), trump_card=c("QS"), leader=0)
    state = play(state, "KH 6D 3S AS")
    assert state.leader == 1 and c("9H") in state.hands[1]
    assert voids(deal_view(state, 0)) == [Void("H", 2)]
    state = play(state, "9H")
    assert voids(deal_view(state, 0)) == [Void("H", 1)]


def test_voids_under_follow_suit_or_trump_foster() -> None:
    """[Foster's Hoyle] seat 1 answers KH with 6D while spades are trumps: it has neither hearts
    nor spades, so the sampler deals it neither (California Jack: the void lasts)."""
    rules = JackRules.from_name("california_jack", follow="suit_or_trump")
    state = position(rules, 1, [cards("KH 3D 4C"), cards("6D 5D 7C")],
                     cards("2S 9H 8D TC"), leader=0)
    state = play(state, "KH 6D")
    view = deal_view(state, 0)
    assert voids(view) == [Void("S", 0), Void("H", 0)]
    sampler = Sampler(view)
    rng = random.Random(1)
    for _ in range(100):
        hidden = [search.decode(n) for n in sampler.world(rng).hands[1][1:]]
        assert all(k.suit in "DC" for k in hidden)


def test_expert_is_repeatable_from_a_seed() -> None:
    """Same view and same seed: the same sampled worlds, values and card. The stock is down to
    two cards here, so each sampled deal is solved exactly (players.DEEP_STOCK)."""
    view = deal_view(california_position(), 0)
    for budget in (3, 7):
        one = ExpertPlayer(iterations=budget)
        two = ExpertPlayer(iterations=budget)
        assert one.choose(view, random.Random(9)) == two.choose(view, random.Random(9))
        assert one.last_values == two.last_values and one.last_worlds == budget
    a = Sampler(view).world(random.Random(4))
    b = Sampler(view).world(random.Random(4))
    assert a.hands == b.hands and a.stock == b.stock


def test_expert_with_hidden_leads_is_repeatable_from_a_seed_shasta_sam() -> None:
    """Shasta Sam with a deep stock: the playouts guess at the other hand from generators
    seeded by the expert's own, so the same view and seed give the same values and card, and
    the guesses change the values (against the playouts that see the other hand)."""
    state = position(SHASTA_SAM, 0, [cards("TH 3C 9S KD 4H 6C"), cards("4C 7D 2H 8C JD 5S")],
                     cards("AH KH QC 2C 9D 8D 3S 7H"), trump_card=c("7S"), leader=0)
    view = deal_view(state, 0)
    one = ExpertPlayer(iterations=30)
    two = ExpertPlayer(iterations=30)
    assert one.choose(view, random.Random(3)) == two.choose(view, random.Random(3))
    assert one.last_values == two.last_values and one.last_worlds == 30
    seeing = ExpertPlayer(iterations=30, hidden_leads=False)
    seeing.choose(view, random.Random(3))
    assert seeing.last_values != one.last_values


def test_tournament_measures_the_plain_expert() -> None:
    """``expert_plain`` (for measuring the inference and near-end search against) is the expert
    with both switched off, and the playouts' hidden leads too; ``expert_seeing`` is the expert
    whose playouts lead seeing the other hand; the page's levels are unchanged and bad budgets
    are refused."""
    plain = tournament_player("expert_plain", None, 4)
    assert isinstance(plain, ExpertPlayer) and not plain.infer and not plain.deep
    assert not plain.hidden_leads
    full = tournament_player("expert", None, 4)
    assert isinstance(full, ExpertPlayer) and full.infer and full.deep and full.hidden_leads
    seeing = tournament_player("expert_seeing", None, 4)
    assert isinstance(seeing, ExpertPlayer) and seeing.infer and seeing.deep
    assert not seeing.hidden_leads
    for level in ("expert_plain", "expert_seeing"):
        with pytest.raises(ValueError):
            tournament_player(level, 0, None)
    with pytest.raises(ValueError):
        tournament_player("grandmaster", None, 4)


def test_docstring_example_holds() -> None:
    """The module docstring's example (a spade played to a heart lead shows no hearts) holds."""
    failed, attempted = doctest.testmod(infer)
    assert attempted > 0 and failed == 0


def ten_ducked(rules: JackRules, answer: str = "4H") -> DealState:
    """Spades trumps; seat 0 leads T♥ and seat 1 follows with ``answer``; both draw."""
    state = position(rules, 1, [cards("TH 3D 8C"), cards(f"{answer} 5C 9D")],
                     cards("2S 7D JC QD"), trump_card=c("6S"))
    return play(state, f"TH {answer}")


def test_a_ten_followed_low_shows_no_higher_heart_probably_s001() -> None:
    """[S001 РОЗЫГРЫШ] the follower had to play a heart; a player holding a heart above the
    ten takes a trick worth 10 card points, so 4♥ under T♥ says it probably held none of
    J♥ Q♥ K♥ A♥. In Shasta Sam [S001 ВАРИАНТ] its draw after the trick is unseen and may be one
    of them: ``draws`` 1, so the newest of its three hidden cards is free, the two older are
    shunned (kept to SOFT_KEEP of the time)."""
    state = ten_ducked(SHASTA_SAM)
    view = deal_view(state, 0)
    high = frozenset(search.encode(c(t)) for t in ("JH", "QH", "KH", "AH"))
    assert infer.ducks(view) == [infer.Duck(high, 1)]
    assert infer.ducks(view, 0) == []  # seat 0 led: nothing said about it
    sampler = Sampler(view, soft=True)
    assert sampler.shunned == [high, high, frozenset()]
    assert Sampler(view).shunned == [frozenset()] * 3  # off by default
    # the two older slots hold a high heart far less often than without the inference
    rng = random.Random(2)
    with_soft = sum(any(h in high for h in sampler.hidden_hand(rng)[0][:2]) for _ in range(400))
    plain = Sampler(view)
    without = sum(any(h in high for h in plain.hidden_hand(rng)[0][:2]) for _ in range(400))
    assert with_soft < without / 2


def test_a_cheap_trick_or_a_winning_reply_says_nothing_s001() -> None:
    """Only a trick worth winning (a king, ace, ten or honour in it) followed low says
    something: 5♥ under a led 7♥ (no card points) does not, nor does a reply that wins, nor
    a trump (a void, already counted by ``voids``). California Jack [S001 СДАЧА]: every draw is
    seen, so the inference binds every hidden slot (``draws`` 0)."""
    cheap = position(SHASTA_SAM, 1, [cards("7H 3D 8C"), cards("5H 5C 9D")],
                     cards("2S 7D JC QD"), trump_card=c("6S"))
    assert infer.ducks(deal_view(play(cheap, "7H 5H"), 0)) == []
    assert infer.ducks(deal_view(ten_ducked(SHASTA_SAM, "AH"), 0)) == []
    assert infer.ducks(deal_view(ten_ducked(SHASTA_SAM, "5S"), 0)) == []
    face_up = deal_view(ten_ducked(CALIFORNIA_JACK), 0)
    assert [d.draws for d in infer.ducks(face_up)] == [0]


def test_mirrored_expert_samples_each_deal_with_its_draws_swapped_shasta_sam(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Shasta Sam's stock is face down [S001 ВАРИАНТ]: with ``mirror`` the expert's sampled
    deals come in pairs, the second the first with every pair of draws swapped
    (search.mirrored), so 30 deals take 15 draws from the sampler; the values stay repeatable
    and differ from the unpaired expert's. In California Jack (draws seen) ``mirror`` changes
    nothing: the same worlds, values and card."""
    state = position(SHASTA_SAM, 0, [cards("TH 3C 9S KD 4H 6C"), cards("4C 7D 2H 8C JD 5S")],
                     cards("AH KH QC 2C 9D 8D 3S 7H"), trump_card=c("7S"), leader=0)
    view = deal_view(state, 0)
    calls = []
    dealt = Sampler.world

    def counted(self: Sampler, rng: random.Random) -> search.World:
        calls.append(1)
        return dealt(self, rng)

    monkeypatch.setattr(Sampler, "world", counted)
    one = ExpertPlayer(iterations=30, mirror=True)
    one.choose(view, random.Random(3))
    assert len(calls) == 15 and one.last_worlds == 30
    two = ExpertPlayer(iterations=30, mirror=True)
    assert two.choose(view, random.Random(3)) == one.choose(view, random.Random(3))
    assert one.last_values == two.last_values
    plain = ExpertPlayer(iterations=30)
    plain.choose(view, random.Random(3))
    assert plain.last_values != one.last_values
    california = deal_view(california_position(), 0)
    calls.clear()
    for mirror in (True, False):
        player = ExpertPlayer(iterations=6, mirror=mirror)
        player.choose(california, random.Random(5))
        if mirror:
            paired = player.last_values
    assert paired == player.last_values and len(calls) == 12


def test_the_cheating_expert_is_told_the_other_hand_shasta_sam() -> None:
    """Issue 16's ceiling (``expert_cheating``, tournament only): its sampler deals the other
    hand exactly as it is and shuffles only the stock [S001 ВАРИАНТ: Shasta Sam's stock is
    face down]; it refuses to choose without the hand, or with a
    hand of the wrong size or holding a card the seat holds itself; it is no page level and
    not among the levels the no-peeking test runs."""
    from cassino_core.calijack.players import LEVELS
    from cassino_core.calijack.tournament import (
        CHEATING_LEVEL,
        EXTRA_LEVELS,
        CheatingExpert,
        OpenSampler,
        play_match,
    )

    assert CHEATING_LEVEL == "expert_cheating"
    assert CHEATING_LEVEL not in EXTRA_LEVELS and CHEATING_LEVEL not in LEVELS
    hands = [cards("TH 3C 9S KD 4H 6C"), cards("4C 7D 2H 8C JD 5S")]
    stock = cards("AH KH QC 2C 9D 8D 3S 7H")
    state = position(SHASTA_SAM, 0, hands, stock, trump_card=c("7S"), leader=0)
    view = deal_view(state, 0)
    truth = state.hands[1]
    orders = set()
    for seed in range(5):
        world = OpenSampler(view, truth).world(random.Random(seed))
        assert sorted(world.hands[1]) == sorted(search.encode(x) for x in truth)
        # the stock: its size, from the cards the seat cannot see and the other seat does
        # not hold (this hand-made part deal leaves the rest of the pack out of play)
        rest = {search.encode(x) for x in view.unseen()} - {search.encode(x) for x in truth}
        assert len(world.stock) == len(state.stock) and set(world.stock) <= rest
        orders.add(tuple(world.stock))
    assert len(orders) > 1
    fair = {tuple(sorted(Sampler(view).world(random.Random(s)).hands[1])) for s in range(5)}
    assert len(fair) > 1
    cheat = tournament_player(CHEATING_LEVEL, None, 6)
    assert isinstance(cheat, CheatingExpert)
    with pytest.raises(ValueError, match="set truth"):
        cheat.choose(view, random.Random(1))
    cheat.truth = truth[:5]
    with pytest.raises(ValueError, match="not its size"):
        cheat.choose(view, random.Random(1))
    cheat.truth = (*truth[:5], c("TH"))
    with pytest.raises(ValueError, match="not its view's"):
        cheat.choose(view, random.Random(1))
    with pytest.raises(ValueError):
        tournament_player(CHEATING_LEVEL, 0, None)
    # told another hand (the hidden cards swapped with the stock's), it values the cards
    # otherwise; the fair expert cannot tell the two deals apart
    swapped = position(SHASTA_SAM, 0, [hands[0], cards("AH KH QC 2C 9D 8D")],
                       cards("4C 7D 2H 8C JD 5S 3S 7H"), trump_card=c("7S"), leader=0)
    assert deal_view(swapped, 0) == view
    values = []
    for s in (state, swapped):
        cheat = CheatingExpert(iterations=12)
        cheat.truth = s.hands[1]
        cheat.choose(view, random.Random(3))
        values.append(cheat.last_values)
    assert values[0] != values[1]
    one = play_match([CHEATING_LEVEL, "intermediate"], 4, variant="shasta_sam", iterations=2)
    two = play_match([CHEATING_LEVEL, "intermediate"], 4, variant="shasta_sam", iterations=2)
    assert one["points"] == two["points"] and one["moves"] == two["moves"]
