"""California Jack and Shasta Sam: each rule on a concrete position [source: seed 001,
"Калифорнийский Джек" (S001), sections СДАЧА, РОЗЫГРЫШ, ПОДСЧЁТ ОЧКОВ, ВАРИАНТ]."""

from __future__ import annotations

import random

import pytest

from cassino_core.calijack.bench import (
    expert_worlds,
    expert_worlds_per_cpu_second,
    random_deals_per_second,
    seconds_per_move,
)
from cassino_core.calijack.game import (
    Deal,
    DealScore,
    IllegalMoveError,
    deal,
    deal_packets,
    position,
    score_deal,
)
from cassino_core.calijack.hints import REASONS, explain, hint
from cassino_core.calijack.match import JackMatch, PhaseError, match_winner
from cassino_core.calijack.players import (
    BeginnerPlayer,
    ExpertPlayer,
    IntermediatePlayer,
    make_player,
)
from cassino_core.calijack.record import JackRecord, RecordError, record_of, replay
from cassino_core.calijack.rules import (
    CALIFORNIA_JACK,
    SHASTA_SAM,
    JackRules,
    JackRulesError,
)
from cassino_core.calijack.tournament import play_match
from cassino_core.calijack.view import deal_view, jack_view
from cassino_core.cards import Card, full_pack


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def c(text: str) -> Card:
    return Card.parse(text)


# -- rules ------------------------------------------------------------------------------------


def test_presets_and_switches_s001() -> None:
    """S001: two games, deal by one or three, play to 10."""
    assert CALIFORNIA_JACK.face_up_stock and not SHASTA_SAM.face_up_stock
    assert CALIFORNIA_JACK.target == 10 and CALIFORNIA_JACK.deal_packet == 1
    rules = JackRules.from_name("shasta_sam", deal_packet=3, target=7)
    assert JackRules.from_dict(rules.to_dict()) == rules
    for bad in ({"deal_packet": 2}, {"target": 0}, {"target": True}, {"colour": "red"},
                {"variant": "shasta_sam"}, {"follow": "trump"}, {"follow": None}):
        with pytest.raises(JackRulesError):
            JackRules.from_name("california_jack", **bad)
    for data in (None, {}, {"variant": "x", "deal_packet": 1, "target": 10},
                 {**CALIFORNIA_JACK.to_dict(), "extra": 1}):
        with pytest.raises(JackRulesError):
            JackRules.from_dict(data)
    with pytest.raises(JackRulesError):
        JackRules.from_name("whist")


# -- the deal ---------------------------------------------------------------------------------


def test_packets_start_with_dealers_opponent_s001() -> None:
    """S001 СДАЧА: six each, one or three at a time, the dealer's opponent first."""
    assert deal_packets(CALIFORNIA_JACK, 0) == [(1, 1), (0, 1)] * 6
    three = CALIFORNIA_JACK.replace(deal_packet=3)
    assert deal_packets(three, 1) == [(0, 3), (1, 3), (0, 3), (1, 3)]
    pack = list(full_pack())
    random.Random(9).shuffle(pack)
    state = deal(three, 1, random.Random(9))
    assert state.hands[0] == tuple(pack[0:3] + pack[6:9])
    assert state.hands[1] == tuple(pack[3:6] + pack[9:12])


def test_california_stock_face_up_top_names_trumps_s001() -> None:
    """S001 СДАЧА: the rest of the pack is turned face up; its top card names trumps. Our
    reading: that card stays on top, so the first trick's winner draws it."""
    state = deal(CALIFORNIA_JACK, 0, random.Random(5))
    assert len(state.stock) == 40 and len(state.hands[0]) == len(state.hands[1]) == 6
    assert state.trump_card == state.stock[0] == state.stock_top
    assert state.trump == state.stock[0].suit
    first = state.play(state.legal_plays()[0])
    after = first.play(first.legal_plays()[0])
    assert after.last_trick is not None
    winner = after.last_trick.winner
    assert state.trump_card in after.hands[winner]
    assert state.trump_card in after.public[winner]  # both saw it drawn
    view = deal_view(after, 1 - winner)
    assert state.trump_card in view.known[winner]


def test_shasta_sam_stock_face_down_trump_turned_before_deal_s001() -> None:
    """S001 ВАРИАНТ: the stock lies face down; trumps come from a card turned before the deal,
    which goes back into the pack before it is shuffled again."""
    rng = random.Random(12)
    pack = list(full_pack())
    rng.shuffle(pack)
    turned = pack[0]
    state = deal(SHASTA_SAM, 0, random.Random(12))
    assert state.trump_card == turned and state.trump == turned.suit
    assert state.stock_top is None
    assert sorted(state.all_cards()) == sorted(full_pack())
    after = state.play(state.legal_plays()[0])
    after = after.play(after.legal_plays()[0])
    assert after.public == (frozenset(), frozenset())
    view = deal_view(after, 0)
    assert view.stock_top is None and view.known == ((), ())
    assert view.last_trick is not None
    drew = dict(view.last_trick.drew)
    assert drew[1] is None and drew[0] is not None  # seat 0 sees only its own draw


def test_dealers_opponent_leads_first_s001() -> None:
    """S001 РОЗЫГРЫШ: the dealer's opponent makes the first lead."""
    for dealer in (0, 1):
        state = deal(CALIFORNIA_JACK, dealer, random.Random(dealer))
        assert state.leader == state.turn == 1 - dealer


def test_dealer_alternates_s001() -> None:
    """S001 СДАЧА: "Сдают по очереди" - the deal alternates."""
    match = JackMatch(CALIFORNIA_JACK.replace(target=100), seed=4)
    rng = random.Random(0)
    dealers = []
    for _ in range(3):
        dealers.append(match.dealer)
        while match.phase == "play":
            match.play(rng.choice(match.legal_plays()))
        match.next_deal()
    assert dealers[0] != dealers[1] and dealers[1] != dealers[2]


# -- tricks -----------------------------------------------------------------------------------


def small(stock: str = "", trump: str = "2S") -> Deal:
    """Seat 1 (the dealer's opponent) leads; seat 0 is the dealer. Trumps: spades."""
    return Deal(position(CALIFORNIA_JACK, 0, [cards("KH 3S 4C"), cards("5H 9D QC")],
                         cards(stock), trump_card=c(trump)))


def test_follow_suit_enforced_s001() -> None:
    """S001 РОЗЫГРЫШ: the second player must follow suit when able."""
    d = small()
    d.play(c("5H"))
    assert d.legal_plays() == [c("KH")]
    before = d.state
    with pytest.raises(IllegalMoveError) as err:
        d.play(c("3S"))
    assert err.value.reason == "must_follow_suit"
    assert d.state is before and len(d.history) == 2
    with pytest.raises(IllegalMoveError) as err:
        d.play(c("QC"))
    assert err.value.reason == "not_in_hand"


def test_follow_or_trump_may_trump_while_holding_the_suit_led_foster_hoyle() -> None:
    """Foster's Complete Hoyle (1897) and Bicycle's California Jack: the second player must
    "follow suit or trump", so with ``follow="suit_or_trump"`` a trump may answer a heart lead
    although a heart is held; a club (neither) is refused with its own reason, and the trump
    wins the trick."""
    rules = CALIFORNIA_JACK.replace(follow="suit_or_trump")
    d = Deal(position(rules, 0, [cards("KH 3S 4C"), cards("5H 9D QC")], [],
                      trump_card=c("2S")))
    d.play(c("5H"))
    assert d.legal_plays() == [c("KH"), c("3S")]
    before = d.state
    with pytest.raises(IllegalMoveError) as err:
        d.play(c("4C"))
    assert err.value.reason == "must_follow_or_trump"
    assert err.value.params["trump"] == "S" and err.value.params["suit"] == "H"
    assert d.state is before
    d.play(c("3S"))
    assert d.state.last_trick is not None and d.state.last_trick.winner == 0


def test_follow_or_trump_void_in_both_may_throw_any_card_foster_hoyle() -> None:
    """Foster / Bicycle: only a player holding neither the suit led nor a trump may throw any
    card; one void in the suit led but holding a trump must trump."""
    rules = CALIFORNIA_JACK.replace(follow="suit_or_trump")
    d = Deal(position(rules, 0, [cards("KH 3S 4C"), cards("5D 9D QC")], [],
                      trump_card=c("2S")))
    d.play(c("5D"))
    assert d.legal_plays() == [c("3S")]  # no diamond: the trump is the only answer
    d2 = Deal(position(rules, 0, [cards("KH 4C 7H"), cards("5D 9D QC")], [],
                       trump_card=c("2S")))
    d2.play(c("5D"))
    assert d2.legal_plays() == [c("KH"), c("4C"), c("7H")]


def test_rules_written_before_the_follow_switch_still_load() -> None:
    """Saved games and records from before ``follow`` existed lack the key: they were played
    under the seed's rule, and read back as ``follow="suit"``."""
    old = {"variant": "shasta_sam", "deal_packet": 3, "target": 7}
    assert JackRules.from_dict(old) == JackRules.from_name("shasta_sam", deal_packet=3, target=7)
    assert JackRules.from_dict(old).follow == "suit"
    with pytest.raises(JackRulesError):
        JackRules.from_dict({**old, "follow": "sometimes"})


def test_void_may_trump_or_discard_s001() -> None:
    """S001 РОЗЫГРЫШ: without the suit led, trump or throw any card; a trump wins, a higher
    card of another suit does not."""
    d = small()
    d.play(c("9D"))
    assert set(d.legal_plays()) == set(cards("KH 3S 4C"))
    d.play(c("3S"))
    assert d.state.last_trick is not None and d.state.last_trick.winner == 0
    d.undo()
    d.play(c("KH"))
    assert d.state.last_trick is not None and d.state.last_trick.winner == 1


def test_higher_card_of_suit_led_wins_s001() -> None:
    """S001 РОЗЫГРЫШ: the higher card of the suit led takes the trick (ace high)."""
    d = Deal(position(CALIFORNIA_JACK, 0, [cards("AH"), cards("KH")], trump_card=c("2S")))
    d.play(c("KH"))
    d.play(c("AH"))
    assert d.state.last_trick is not None and d.state.last_trick.winner == 0
    assert d.state.won[0] == (c("KH"), c("AH")) and d.finished


def test_winner_draws_top_card_loser_next_and_leads_s001() -> None:
    """S001 РОЗЫГРЫШ: the trick's winner takes the stock's top card, the loser the next, and
    the winner leads."""
    d = small(stock="7S 2D JD 8C")
    d.play(c("5H"))
    d.play(c("KH"))  # seat 0 wins
    s = d.state
    assert c("7S") in s.hands[0] and c("2D") in s.hands[1]
    assert s.stock == (c("JD"), c("8C")) and s.leader == s.turn == 0
    assert s.public == (frozenset({c("7S")}), frozenset({c("2D")}))
    assert s.stock_top == c("JD")
    d.play(c("7S"))
    assert c("7S") not in d.state.public[0]


def test_whole_deal_is_26_tricks_and_every_card_is_won_s001() -> None:
    """S001: play continues to the last card in hand; all 52 cards end in tricks."""
    rng = random.Random(3)
    d = Deal(deal(CALIFORNIA_JACK, 1, rng))
    while not d.finished:
        d.play(rng.choice(d.legal_plays()))
    assert d.state.tricks_played == 26
    assert len(d.state.won[0]) + len(d.state.won[1]) == 52
    assert sum(d.score().card_points) == 80
    assert d.legal_plays() == []
    with pytest.raises(IllegalMoveError):
        d.play(c("AS"))


def test_undo_is_exact() -> None:
    rng = random.Random(8)
    d = Deal(deal(SHASTA_SAM, 0, rng))
    states = [d.state]
    for _ in range(9):
        d.play(rng.choice(d.legal_plays()))
        states.append(d.state)
    for expected in reversed(states[:-1]):
        d.undo()
        assert d.state == expected
    with pytest.raises(IndexError):
        d.undo()


# -- scoring ----------------------------------------------------------------------------------


def scored(won0: str, won1: str, trump: str = "S") -> DealScore:
    state = position(CALIFORNIA_JACK, 0, [[], []], [], trump_card=Card(5, trump),
                     won=[cards(won0), cards(won1)])
    return score_deal(state)


def test_high_low_jack_and_game_s001() -> None:
    """S001 ПОДСЧЁТ ОЧКОВ: a point each for the ace, two and jack of trumps won in tricks, and
    one for game (more card points: T 10, A 4, K 3, Q 2, J 1)."""
    score = scored("AS JS TH TD", "2S 3S KH QH")
    assert (score.high, score.low, score.jack, score.game) == (0, 1, 0, 0)
    assert score.card_points == (4 + 1 + 10 + 10, 3 + 2)
    assert score.points == (3, 1)
    assert score.in_order() == [0, 1, 0, 0]


def test_game_tie_scores_nobody_s001() -> None:
    """S001: on equal card points nobody scores game."""
    score = scored("TH 2S", "TD 5S")
    assert score.card_points == (10, 10) and score.game is None
    assert score.points == (1, 0)


def test_full_deal_points_total_s001() -> None:
    """Every honour is always won; points 3 or 4 in all (4 unless game ties)."""
    rng = random.Random(21)
    for seed in range(5):
        d = Deal(deal(CALIFORNIA_JACK, seed % 2, random.Random(seed)))
        while not d.finished:
            d.play(rng.choice(d.legal_plays()))
        score = d.score()
        assert None not in (score.high, score.low, score.jack)
        assert sum(score.points) == (3 if score.game is None else 4)


def test_both_reach_target_game_point_loses_s001() -> None:
    """S001: when both reach 10 in one deal, the player whose last point came from game
    loses. Our reading: count high, low, jack, game in turn; the first to 10 wins."""
    # seat 0: 7 + high + low = 9, + game = 10; seat 1: 9 + jack = 10 first.
    assert match_winner(10, (7, 9), DealScore(0, 0, 1, 0, (50, 30))) == 1
    # seat 0 reaches 10 on low, before seat 1's jack: seat 0 wins though it also takes game.
    assert match_winner(10, (8, 9), DealScore(0, 0, 1, 0, (50, 30))) == 0
    assert match_winner(10, (9, 9), DealScore(1, 0, 0, None, (40, 40))) == 1
    assert match_winner(10, (5, 5), DealScore(1, 0, 0, 1, (20, 60))) is None


def test_match_ends_only_when_deal_is_played_out_s001() -> None:
    """S001: the deal in which somebody reaches 10 is played to the end."""
    match = JackMatch(CALIFORNIA_JACK.replace(target=3), seed=2)
    rng = random.Random(2)
    while match.phase != "match_over":
        if match.phase == "deal_over":
            match.next_deal()
            continue
        assert match.winner is None
        match.play(rng.choice(match.legal_plays()))
    assert match.current.finished and match.winner is not None
    assert max(match.totals) >= 3
    with pytest.raises(PhaseError):
        match.next_deal()
    with pytest.raises(PhaseError):
        match.play(c("AS"))


# -- records ----------------------------------------------------------------------------------


def finished_match(seed: int, variant: str = "california_jack") -> JackMatch:
    match = JackMatch(JackRules.from_name(variant, target=4), seed)
    rng = random.Random(seed)
    while match.phase != "match_over":
        if match.phase == "deal_over":
            match.next_deal()
        else:
            match.play(rng.choice(match.legal_plays()))
    return match


def test_record_round_trip_and_checks() -> None:
    match = finished_match(5, "shasta_sam")
    record = record_of(match, {"Seats": "human computer"})
    again = replay(JackRecord.from_json(record.to_json()))
    assert again.moves == match.moves and again.totals == match.totals
    assert record.tags["Result"] == "-".join(map(str, match.totals))
    data = record.to_json()
    bad_cases = [
        {**data, "deals": [["ZZ"]]},
        {**data, "deals": [[data["deals"][0][1], *data["deals"][0]]]},  # wrong card first
        {**data, "tags": {"Result": "0-0"}},
        {**data, "tags": {"Colour": "x"}},
        {**data, "format": "cassino-record"},
        {**data, "seed": -1},
        {**data, "rules": {"variant": "x"}},
        {**data, "extra": 1},
        {**data, "deals": [*data["deals"], []]},
        "not a record",
    ]
    for bad in bad_cases:
        with pytest.raises(RecordError):
            replay(JackRecord.from_json(bad))


# -- players and hints ------------------------------------------------------------------------


def test_levels_play_legal_cards() -> None:
    match = JackMatch(CALIFORNIA_JACK, seed=6)
    rng = random.Random(1)
    for level in ("random", "beginner", "intermediate", "expert"):
        player = make_player(level, iterations=4)
        view = jack_view(match, match.state.turn)
        assert player.choose(view, rng) in view.legal
    with pytest.raises(ValueError, match="grandmaster"):
        make_player("grandmaster")
    with pytest.raises(ValueError):
        make_player("expert", iterations=0)


def test_intermediate_fights_for_a_valuable_stock_top_s001() -> None:
    """S001 intro: the visible stock card decides whether to win or lose a trick. With the ace
    of trumps on top, it wins the trick; with a worthless card on top it lets the trick go."""
    player = IntermediatePlayer()
    rng = random.Random(0)
    hands = [cards("KH 4H 9C"), cards("QH 8D 7C")]
    for top, want in (("AS", c("KH")), ("3D", c("4H"))):
        state = position(CALIFORNIA_JACK, 0, hands, cards(f"{top} 6C"), trump_card=c("5S"))
        state = state.play(c("QH"))
        assert player.choose(deal_view(state, 0), rng) == want, top


def test_beginner_wins_cheaply_what_a_trick_is_worth() -> None:
    """The beginner (no random card) takes a led king with its ace, secures low by trumping a
    worthless lead with the two of trumps when void, and leads an ace it holds."""
    player = BeginnerPlayer(blunder=0.0)
    rng = random.Random(0)
    for mine, led, want in (("AH 5H 9C", "KH", "AH"), ("2S 7C 9D", "5H", "2S")):
        state = position(SHASTA_SAM, 0, [cards(mine), cards(f"{led} 8D 4D")],
                         trump_card=c("6S"))
        state = state.play(c(led))
        assert player.choose(deal_view(state, 0), rng) == c(want), mine
    state = position(SHASTA_SAM, 1, [cards("3C 9D AD"), cards("8D 4D 5H")], trump_card=c("6S"))
    assert player.choose(deal_view(state, 0), rng) == c("AD")


def test_expert_exact_endgame_finds_the_winning_line() -> None:
    """Stock empty: nothing is hidden, so the expert searches exactly. Seat 1 leads with AS 5D
    against JS 3H (spades trumps). Leading the ace pulls the jack (high and jack for seat 1);
    leading 5D lets seat 0 trump with the jack and keep it: a swing of 2 points."""
    hands = [cards("JS 3H"), cards("AS 5D")]
    rest = [k for k in full_pack() if k not in {*hands[0], *hands[1]}]
    state = position(CALIFORNIA_JACK, 0, hands, trump_card=c("2S"),
                     won=[rest[:23], rest[23:]])
    view = deal_view(state, 1)
    assert sorted(view.unseen()) == sorted(hands[0])
    expert = ExpertPlayer(iterations=1)
    assert expert.choose(view, random.Random(0)) == c("AS")
    assert expert.last_exact
    assert expert.last_values[c("AS")] > expert.last_values[c("5D")]
    swing = expert.exact_points(view, c("AS")) - expert.exact_points(view, c("5D"))
    assert abs(swing - 2) < 0.05


def test_hint_reasons_are_known_codes() -> None:
    match = JackMatch(CALIFORNIA_JACK, seed=11)
    rng = random.Random(4)
    for _ in range(12):
        view = jack_view(match, match.state.turn)
        found = hint(view, rng, iterations=3)
        assert found.card in view.legal
        assert all(r.code in REASONS for r in found.reasons)
        match.play(found.card)
    state = position(CALIFORNIA_JACK, 0, [cards("KH"), cards("5H")], trump_card=c("2S"))
    state = state.play(c("5H"))
    codes = [r.code for r in explain(deal_view(state, 0), c("KH"))]
    assert codes == ["only_move"]


def test_a_hint_with_nothing_to_explain_says_the_search_found_it_best() -> None:
    """Play-test 22 (Shasta Sam, seed 11): a hint came with no reason at all. Leading the king
    of hearts from K♥ Q♦ 5♣ with spades trumps, no trump in hand and four cards in the stock
    (its top the 7♦, a poor card): the other hand may hold
    the ace (the trick's outcome is open), the king counts 3 card points, no jack or ten is
    kept: :func:`explain` finds nothing, and the hint says the search found the card best
    (``search_best``, module docstring of cassino_core.calijack.hints)."""
    state = position(CALIFORNIA_JACK, 1, [cards("KH QD 5C"), cards("AH 4C 5S")],
                     cards("7D 8D 9C 6C"), trump_card=c("2S"))
    view = deal_view(state, 0)
    assert view.legal and explain(view, c("KH")) == ()
    found = hint(view, random.Random(1), iterations=20)
    assert [(r.code, r.card) for r in found.reasons] == [("search_best", c("KH"))]
    # The five of clubs counts nothing: its own reason, and no search_best beside it.
    found = hint(view, random.Random(3), iterations=20)
    assert [(r.code, r.card) for r in found.reasons] == [("gives_up_worthless_card", c("5C"))]


def test_a_cheap_duck_is_explained_once() -> None:
    """Play-test 17 (California Jack, seed 3): following the ace of hearts with the seven, the
    hint said «…нарочно отдаёт взятку, и потеря невелика» and then «Семёрка червей не приносит
    очков, так что потеря невелика»: the same point twice. A card that ducks the trick cheaply
    gives ``ducks_trick`` only, not also ``gives_up_worthless_card`` (module docstring of
    cassino_core.calijack.hints); a card given away while leading keeps the latter."""
    state = position(CALIFORNIA_JACK, 0, [cards("7H TH 3D"), cards("AH 4C 5S")],
                     trump_card=c("2S"))
    state = state.play(c("AH"))
    codes = [r.code for r in explain(deal_view(state, 0), c("7H"))]
    assert "ducks_trick" in codes
    assert "gives_up_worthless_card" not in codes


def test_tournament_adapter_is_repeatable() -> None:
    one = play_match(["expert", "beginner"], 3, variant="california_jack", iterations=2)
    two = play_match(["expert", "beginner"], 3, variant="california_jack", iterations=2)
    assert one["winner"] == two["winner"] and one["points"] == two["points"]
    assert set(one) == {"winner", "points", "deals", "move_seconds", "moves"}
    assert one["winner"] in (0, 1) and max(one["points"]) >= 10
    with pytest.raises(ValueError):
        play_match(["random"], 1, variant="california_jack")


def test_bench_runs() -> None:
    assert random_deals_per_second("shasta_sam", 0.05) > 0
    assert seconds_per_move("random", moves=2) >= 0
    worlds, longest = expert_worlds(moves=1, budget_ms=50)
    assert worlds >= 1 and longest > 0
    assert expert_worlds_per_cpu_second("shasta_sam", moves=1, iterations=2) > 0
