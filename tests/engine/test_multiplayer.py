"""Three to six players, partnerships and building for a partner (RULES.md §1, §3, §8, §12).

Source keys as in RULES.md §0 (PAG, FOS, S000, S003, WIKI ...), named in each test. Legal moves
are checked against the brute-force reference (tests/engine/reference.py) as well as against the
expectations written here; random rounds at every table size check the deals, the cards, the
points and the agreement with the reference at each step.
"""

from __future__ import annotations

import pytest

from cassino_core import Rules
from cassino_core.game import TABLE, deal_order
from cassino_core.scoring import RoundScore
from tests.engine.variant_helpers import (
    FULL_PACK,
    agree,
    at,
    bld,
    build,
    cap,
    expected_deals,
    expected_pack,
    expected_points,
    make,
    play,
    play_checked_round,
    run_match,
    sides_of,
    trail,
)


def four(**overrides: object) -> Rules:
    """Four players in two partnerships, partners opposite (seats 0+2 and 1+3) [PAG][S000]."""
    return make("classic", players=4, partnerships=True, **overrides)


def finish(
    rules: Rules, piles: list[list[str]], last: str, taker: int, sweeps: list[int] | None = None
) -> RoundScore:
    """Seat 0 trails ``last``, the round's final card; seat ``taker`` captured last and takes it.
    Returns the round's score."""
    n = rules.players
    r = at(
        rules,
        [last] + [""] * (n - 1),
        "",
        piles=[" ".join(p) for p in piles],
        last_capturer=taker,
        sweeps=sweeps,
    )
    play(r, trail(last))
    assert r.finished
    return r.state.score()


# -- the deal at three to six players (§3) --------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "partnerships", "deals"),
    [
        (3, False, [4, 4, 4, 4]),  # 4 + 4 x 12 = 52 [PAG §3.2]
        (4, True, [4, 4, 4]),  # 4 + 3 x 16 = 52 [PAG §3.2]
        (4, False, [4, 4, 4]),  # four playing alone [FOS]
        (5, False, [4, 5]),  # 49 cards: 4 + 20, then 25 [S003 §3.4]
        (6, False, [4, 4]),  # 4 + 2 x 24 = 52 (California [S003])
        (6, True, [4, 4]),
    ],
)
def test_deals_per_round_PAG_3_2_S003(players: int, partnerships: bool, deals: list[int]) -> None:
    rules = make("classic", players=players, partnerships=partnerships)
    assert expected_deals(rules) == deals
    for seed in (1, 2):
        log = play_checked_round(rules, seed=seed, dealer=seed % players)
        assert log.deal_sizes == [[d] * players for d in deals]


def test_five_players_drop_three_twos_S003_3_4() -> None:
    """S003: five play with the 2 of hearts, diamonds and clubs removed: 49 cards."""
    rules = make("classic", players=5, partnerships=False)
    pack = expected_pack(rules)
    assert len(pack) == 49 and "2S" in pack and not {"2H", "2D", "2C"} & pack
    from cassino_core import Round

    state = Round.deal(rules, dealer=4, seed=9).state
    dealt = {str(c) for c in [*state.stock, *state.loose, *(c for h in state.hands for c in h)]}
    assert dealt == pack
    assert [len(h) for h in state.hands] == [4] * 5 and len(state.loose) == 4
    assert state.turn == 0  # the dealer's left leads


def test_three_player_deal_order_from_the_dealers_left_table_before_dealer_PAG_3_1() -> None:
    rules = make("classic", players=3, partnerships=False)
    order = deal_order(rules, 0, 1)
    assert order == [(1, 2), (2, 2), (TABLE, 2), (0, 2)] * 2
    later = deal_order(rules, 0, 2)
    assert later == [(1, 2), (2, 2), (0, 2)] * 2


# -- scoring with more than two sides (§12) --------------------------------------------------------


def _split_pack(sizes: list[int], spades: list[int], last: str) -> list[list[str]]:
    """Deal the 52 cards (less ``last``) into piles of ``sizes`` with ``spades`` spades each;
    the big and little casino and the aces go to pile 0."""
    specials = ["TD", "2S", "AS", "AH", "AD", "AC"]
    spade_pool = [c for c in sorted(FULL_PACK) if c[1] == "S" and c not in specials and c != last]
    other_pool = [c for c in sorted(FULL_PACK) if c[1] != "S" and c not in specials and c != last]
    piles: list[list[str]] = [[] for _ in sizes]
    piles[0] += specials
    for i, want in enumerate(spades):
        while sum(c[1] == "S" for c in piles[i]) < want:
            piles[i].append(spade_pool.pop())
    for i, size in enumerate(sizes):
        while len(piles[i]) < size:
            piles[i].append(other_pool.pop())
    assert not spade_pool and not other_pool, "sizes and spades must use the whole pack"
    return piles


def test_three_players_most_means_strictly_more_than_each_other_PAG_12() -> None:
    """Cards 20/20/12 and spades 5/5/3: nobody has most cards nor most spades, so the round
    is worth 11 - 3 - 1 = 7 [PAG §12][WIKI "tied between two or more players"]."""
    rules = make("classic", players=3, partnerships=False, sweeps="off")
    piles = _split_pack([20, 19, 12], [5, 5, 3], last="KH")  # seat 0 trails KH to seat 1
    score = finish(rules, piles, "KH", taker=1)
    assert [s.cards for s in score.sides] == [20, 20, 12]
    assert sum(score.totals) == 7
    assert score.totals == (2 + 1 + 4, 0, 0)
    assert (
        list(score.totals)
        == expected_points(rules, [piles[0], [*piles[1], "KH"], piles[2]], [0, 0, 0])[0]
    )


def test_three_players_a_strict_leader_takes_the_points_PAG_12() -> None:
    rules = make("classic", players=3, partnerships=False, sweeps="off")
    piles = _split_pack([18, 16, 17], [3, 6, 4], last="KH")
    score = finish(rules, piles, "KH", taker=1)
    assert [s.cards for s in score.sides] == [18, 17, 17]
    assert score.totals == (3 + 2 + 1 + 4, 1, 0)


def test_spades_tie_between_two_of_three_scores_ten_PAG_12() -> None:
    """The checksum with spades tied at the top (possible with three or more sides): 10
    [PAG §12]; cards 20/16/16 give side 0 the 3."""
    rules = make("classic", players=3, partnerships=False, sweeps="off")
    piles = _split_pack([20, 16, 15], [5, 5, 3], last="QH")
    score = finish(rules, piles, "QH", taker=2)
    assert [s.cards for s in score.sides] == [20, 16, 16]
    assert [s.spades for s in score.sides] == [5, 5, 3]
    assert score.totals == (3 + 2 + 1 + 4, 0, 0)


def test_partners_piles_are_pooled_S000_PAG() -> None:
    """S000: in partnership play the partners' cards and points are added. Seat 1 alone has the
    most cards (20), yet side 0 (seats 0 and 2, 14 + 14) has more than side 1 (20 + 4)."""
    rules = four(sweeps="off")
    piles = _split_pack([14, 20, 14, 3], [3, 6, 3, 1], last="KH")
    score = finish(rules, piles, "KH", taker=3)  # KH goes to seat 3: side 1 has 24
    assert len(score.sides) == 2
    assert [s.cards for s in score.sides] == [28, 24]
    assert [s.spades for s in score.sides] == [6, 7]
    assert score.totals == (3 + 2 + 1 + 4, 1)


def test_four_playing_alone_score_each_for_himself_FOS() -> None:
    rules = make("classic", players=4, partnerships=False, sweeps="off")
    piles = _split_pack([14, 20, 14, 3], [3, 6, 3, 1], last="KH")
    score = finish(rules, piles, "KH", taker=3)
    assert len(score.sides) == 4
    assert score.totals == (2 + 1 + 4, 3 + 1, 0, 0)


def test_partnership_sweeps_are_pooled_and_cancel_between_sides_FOS_DICK94() -> None:
    rules = four(sweeps="cancel")
    piles = _split_pack([14, 20, 14, 3], [3, 6, 3, 1], last="KH")
    score = finish(rules, piles, "KH", taker=3, sweeps=[1, 1, 2, 0])
    assert [s.sweeps for s in score.sides] == [3, 1]
    assert score.totals == (3 + 2 + 1 + 4 + 2, 1)


# -- building for the partner (§8, D10) ------------------------------------------------------------


def test_build_to_partners_value_without_holding_it_S000() -> None:
    """S000: "your partner builds sevens; you may build the 6 on the table up to those sevens
    with your ace, without holding a seven - your partner will take it"."""
    sevens = build("4H 3H", 7, owner=2)
    hands = ["AS 9C", "KD QD", "7D 5C", "KC QC"]
    r = at(four(), hands, "6D", [sevens])
    agree(r, present={bld("AS", 7, "6D"), bld("AS", 7, "6D 3H 4H")})
    # Not with the switch off [PAG core][CATS], nor to an opponent's value, nor without a build.
    agree(
        at(four(partner_building=False), hands, "6D", [sevens]),
        absent={bld("AS", 7, "6D"), bld("AS", 7, "6D 3H 4H")},
    )
    theirs = build("4H 3H", 7, owner=1)
    agree(
        at(four(), ["AS 9C", "7D QD", "5D 5C", "KC QC"], "6D", [theirs]),
        absent={bld("AS", 7, "6D"), bld("AS", 7, "6D 3H 4H")},
    )
    agree(at(four(), hands, "6D"), absent={bld("AS", 7, "6D")})


def test_a_build_made_for_partner_stays_the_partners_lead_decision_S000() -> None:
    """Ownership (the sources are silent, RULES.md §8): a build made or added to for the partner
    without holding its value stays the partner's; a player holding the value owns as usual."""
    hands = ["AS 9C", "KD QD", "7D 5C", "KC QC"]
    r = at(four(), hands, "6D", [build("4H 3H", 7, owner=2)])
    play(r, bld("AS", 7, "6D 3H 4H"))
    (made,) = r.state.builds
    assert made.value == 7 and made.multiple and made.owner == 2
    r = at(four(), hands, "6D", [build("4H 3H", 7, owner=2)])
    play(r, bld("AS", 7, "6D"))
    owners = {b.owner for b in r.state.builds}
    assert owners == {2}
    # Seat 0 owns nothing, so after the opponents' turn seat 0 may trail [PAG §7].
    r = at(four(), ["AS 9C", "KD QD", "7D 7H", "KC QC"], "6D", [build("4H 3H", 7, owner=2)])
    play(r, bld("AS", 7, "6D"))
    play(r, trail("KD"))
    play(r, cap("7D", "3H 4H"))  # seat 2 keeps the 7H for the build made for it
    play(r, trail("KC"))
    agree(r, present={trail("9C")})
    # Holding a seven: the builder owns it.
    r = at(four(), ["AS 7C", "KD QD", "7D 5C", "KC QC"], "6D", [build("4H 3H", 7, owner=2)])
    play(r, bld("AS", 7, "6D 3H 4H"))
    assert r.state.builds[0].owner == 0


def test_raise_to_partners_value_without_holding_it_S000_DICK94() -> None:
    """Building to a value the partner has announced includes raising a single build to it."""
    hands = ["2S 5C", "7D QD", "9D KC", "KS QC"]
    builds = [build("4H 3H", 7, owner=1), build("5H 4D", 9, owner=2)]
    agree(at(four(), hands, "", builds), present={bld("2S", 9, "3H 4H")})
    agree(at(four(partner_building=False), hands, "", builds), absent={bld("2S", 9, "3H 4H")})


def test_opponents_may_not_build_to_our_value_without_holding_it_S000() -> None:
    hands = ["KD QD", "AS 9C", "7D 5C", "KC QC"]
    r = at(four(), hands, "6D", [build("4H 3H", 7, owner=2)], turn=1)
    agree(r, absent={bld("AS", 7, "6D"), bld("AS", 7, "6D 3H 4H")})


def test_four_alone_have_no_partners_FOS() -> None:
    rules = make("classic", players=4, partnerships=False)
    hands = ["AS 9C", "KD QD", "7D 5C", "KC QC"]
    agree(at(rules, hands, "6D", [build("4H 3H", 7, owner=2)]), absent={bld("AS", 7, "6D")})


def test_partner_owning_a_build_does_not_stop_my_trail_PAG_7() -> None:
    """The no-trail rule binds the owner only, not the owner's partner."""
    hands = ["AS 9C", "KD QD", "7D 5C", "KC QC"]
    agree(at(four(), hands, "6D", [build("4H 3H", 7, owner=2)]), present={trail("AS"), trail("9C")})
    agree(
        at(four(), hands, "6D", [build("4H 3H", 7, owner=2)], turn=2),
        absent={trail("7D"), trail("5C")},
        present={cap("7D", "3H 4H")},
    )


# -- random rounds at every table size, under several presets --------------------------------------


@pytest.mark.parametrize(
    ("name", "players", "partnerships"),
    [
        ("classic", 3, False),
        ("classic", 4, True),
        ("classic", 5, False),
        ("classic", 6, True),
        ("royal", 3, False),
        ("royal", 4, True),
        ("buckeye", 4, True),
        ("california", 3, False),
        ("california", 6, False),
        ("diamond", 3, False),
        ("diamond", 4, True),
        ("trailing_royals", 4, True),
        ("pluck", 3, False),
        ("pluck", 4, True),
        ("michigan", 4, True),
        ("spade", 3, False),
        ("draw", 4, True),
        ("initial_pairs", 3, False),
    ],
)
def test_random_rounds_at_many_tables(name: str, players: int, partnerships: bool) -> None:
    """Cards accounted for, deals, points per side, a legal move always, and the engine's legal
    moves equal to the reference's, at 3 to 6 players [PAG §3][S003]."""
    rules = make(name, players=players, partnerships=partnerships)
    for seed in (3, 4):
        log = play_checked_round(rules, seed=seed * 7 + players, dealer=seed % players)
        assert log.deal_sizes == [[d] * players for d in expected_deals(rules)]
        assert len(log.score.sides) == sides_of(rules)


def test_california_three_players_deal_twice_each_six_rounds_S003() -> None:
    """S003: "if there are 3 players there are 6 rounds"; the highest total then wins."""
    rules = make("california", players=3, partnerships=False)
    m = run_match(rules, seed=5)
    totals6 = [sum(r.totals[s] for r in m.state.results[:6]) for s in range(3)]
    if totals6.count(max(totals6)) == 1:
        assert m.state.round_number == 6
        assert m.state.winner == totals6.index(max(totals6))


@pytest.mark.parametrize(("players", "partnerships"), [(3, False), (4, True), (4, False)])
def test_multiplayer_match_to_21_PAG_13(players: int, partnerships: bool) -> None:
    rules = make("classic", players=players, partnerships=partnerships)
    m = run_match(rules, seed=players)
    assert len(m.state.totals) == sides_of(rules)
