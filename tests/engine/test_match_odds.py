"""The match score in the expert's evaluation (issue 16): :mod:`cassino_core.match_odds`.

Rule sources: a match is played to 21; when both sides reach it in the same round the higher
total wins, and equal totals play another round [PAG §13][S004]; the round's points are most
cards 3, most spades 1, big casino 2, little casino 1, each ace 1 [PAG §12].
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from levels_positions import cards

from cassino_core import CLASSIC, Match, Round
from cassino_core.expert import ExpertPlayer
from cassino_core.game import RoundState, apply_move
from cassino_core.match import MatchState
from cassino_core.match_odds import MARGIN_WEIGHT, MatchOdds, applies, win_chances
from cassino_core.playout import Playout
from cassino_core.rules import PRESETS, Rules
from cassino_core.view import seat_view


def test_the_higher_total_at_the_target_wins_and_equal_totals_play_on() -> None:
    """[PAG §13][S004]: from 15-18, a round ending 21-20 wins, 20-21 loses, 22-22 plays
    another round (even odds), and 20-20 has not reached the target (even odds too)."""
    odds = MatchOdds(CLASSIC, 21, (15, 18))
    assert odds.after(21, 20) == 1.0
    assert odds.after(20, 21) == 0.0
    assert odds.after(25, 24) == 1.0
    assert odds.after(22, 22) == 0.5
    assert odds.after(20, 20) == pytest.approx(0.5)
    assert odds.after(20, 10) == odds.chances[20][10] > 0.99


def test_win_chances_are_fair_and_grow_with_the_lead() -> None:
    """Equal totals are even odds, the two sides' chances add up to one, and a point more
    never lowers a side's chance."""
    chances = win_chances(21, 52, 13, 4)
    for a in range(21):
        assert chances[a][a] == pytest.approx(0.5)
        for b in range(21):
            assert chances[a][b] + chances[b][a] == pytest.approx(1.0)
            if a < 20:
                assert chances[a + 1][b] >= chances[a][b] - 1e-12
    assert chances[20][0] > 0.999
    assert 0.5 < chances[1][0] < 0.6  # a point early is a small edge


def test_a_point_early_is_worth_a_point() -> None:
    """The scale makes a one-point lead at 0-0 worth 1, plus the margin's small weight; later in
    the match the same point weighs more (6-5 after a round, worth a little more than 1)."""
    odds = MatchOdds(CLASSIC, 21, (0, 0))
    assert odds.final_value((1, 0), 0) == pytest.approx(1.0 + MARGIN_WEIGHT)
    assert odds.final_value((1, 0), 1) == pytest.approx(-1.0 - MARGIN_WEIGHT)
    assert 1.0 < odds.final_value((6, 5), 0) - MARGIN_WEIGHT < 1.5


def test_near_the_target_a_round_that_keeps_the_match_alive_beats_a_wider_margin() -> None:
    """From 10-19, winning a round 8-3 (margin 5) lets the other side reach 22 and win
    [PAG §13]; 3-1 (margin 2) keeps the match going (19 still short of 21): the odds value the
    second higher, the round margin the first."""
    odds = MatchOdds(CLASSIC, 21, (10, 19))
    assert odds.final_value((3, 1), 0) > odds.final_value((8, 3), 0)
    assert odds.after(18, 22) == 0.0 < odds.after(13, 20)


def test_the_odds_model_only_the_matches_they_describe() -> None:
    """Two sides, the standard count, rounds to a target adding their own totals; not three
    players, Spade or Finnish counts, Dominican's end game, difference scoring, the count-out
    tie-break, claiming, sudden death, carried ties, or a fixed number of deals."""
    for name in ("classic", "royal", "draw", "portuguese", "michigan", "pluck"):
        assert applies(PRESETS[name]), name
    assert applies(CLASSIC.replace(players=4))
    for rules in (CLASSIC.replace(players=3), PRESETS["spade"], PRESETS["finnish"],
                  PRESETS["dominican"], PRESETS["california"], PRESETS["sudden_death"],
                  PRESETS["swedish"], PRESETS["diamond"],
                  CLASSIC.replace(tie_break="count_out"),
                  CLASSIC.replace(difference_scoring=True), CLASSIC.replace(claiming=True)):
        assert not applies(rules), rules.name
    with pytest.raises(ValueError, match="do not model"):
        MatchOdds(PRESETS["spade"], 61, (0, 0))
    with pytest.raises(ValueError, match="two match totals"):
        MatchOdds(CLASSIC, 21, (0, 0, 0))


@pytest.mark.parametrize("seed", range(6))
def test_a_finished_round_is_valued_by_the_match_it_decides(seed: int) -> None:
    """Once the round is over the chance is exact: the totals after it, the rule of the target
    applied [PAG §13]."""
    rng = random.Random(seed)
    st = Playout.new(CLASSIC, seed % 2, rng)
    while not st.finished:
        st.play(rng.choice(st.legal()))
    totals = st.score().totals
    before = (rng.randrange(21), rng.randrange(21))
    odds = MatchOdds(CLASSIC, 21, before)
    assert odds.chance(st) == pytest.approx(odds.after(before[0] + totals[0],
                                                       before[1] + totals[1]))
    for side in (0, 1):
        assert odds.value(st, side) == pytest.approx(odds.final_value(totals, side))


def test_an_untaken_big_casino_is_worth_a_share_of_the_chances() -> None:
    """Before the round ends an untaken point card is shared out with even odds: from 19-19,
    with everything taken but the 10 of diamonds and the cards and spades settled level, the
    side that takes it reaches 21 first, so each side's chance is one half; the same round
    with the 10 of diamonds in side 0's pile is a sure win for it."""
    rules = CLASSIC
    ten = cards("TD")[0]
    rest = [c for c in rules.pack_cards() if c != ten]
    state = Round.from_position(rules, hands=[[ten], []], loose=[], builds=(), turn=0,
                                stock=[], piles=[rest[0::2], rest[1::2]], last_capturer=0,
                                deal=6).state
    odds = MatchOdds(rules, 21, (19, 19))
    st = Playout.of(state)
    assert not st.finished
    base = odds.chance(st)
    assert 0.0 < base < 1.0
    taken = Playout.of(replace(state, piles=((*rest[0::2], ten), tuple(rest[1::2])),
                               hands=((), ())))
    assert odds.chance(taken) > base


def _with_totals(rules: Rules, state: RoundState, totals: tuple[int, int]) -> MatchState:
    return replace(Match(rules, seed=1).state, round=state, totals=totals)


@pytest.mark.parametrize("totals", [(0, 0), (12, 19), (19, 12), (17, 17)])
def test_the_exact_search_plays_for_the_match(totals: tuple[int, int]) -> None:
    """Last deal of two players, nothing hidden: with the match odds on, the expert's exact
    search keeps the best match value a brute-force minimax over the finished rounds finds
    (the higher total at 21 wins [PAG §13]; the last capturer takes the table [PAG §11])."""
    rules = CLASSIC
    hands = [cards("5C 9S TD"), cards("5H 2H AS")]
    loose = cards("5D 4H 2S")
    used = {*hands[0], *hands[1], *loose}
    rest = [c for c in rules.pack_cards() if c not in used]
    state = Round.from_position(rules, hands=hands, loose=loose, builds=(), turn=0, stock=[],
                                piles=[rest[:20], rest[20:]], last_capturer=1, deal=6).state
    match = _with_totals(rules, state, totals)
    odds = MatchOdds(rules, 21, totals)
    move, how = ExpertPlayer(iterations=1, match=True).analyse(seat_view(match, 0),
                                                               random.Random(0))
    assert how == "exact"

    def best(rnd: RoundState) -> float:
        if rnd.finished:
            return odds.final_value(rnd.score().totals, 0)
        values = [best(apply_move(rnd, m)) for m in rnd.legal_moves()]
        return max(values) if rnd.turn == 0 else min(values)

    assert best(apply_move(state, move)) == pytest.approx(best(state))


def test_the_expert_weighs_the_match_only_when_asked_and_modelled() -> None:
    """``match=True`` judges by the odds where :func:`applies` holds; otherwise (and by
    default) the round margin, so a page level changes only when it is switched on."""
    expert = ExpertPlayer(iterations=2, match=True)
    view = seat_view(Match(CLASSIC, seed=3).state, Match(CLASSIC, seed=3).state.round.turn)
    assert isinstance(expert._odds(view), MatchOdds)
    assert ExpertPlayer(iterations=2)._odds(view) is None
    spade = Match(PRESETS["spade"], seed=3).state
    assert expert._odds(seat_view(spade, spade.round.turn)) is None
