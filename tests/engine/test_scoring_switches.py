"""The scoring, deal and match switches of issue 15, each with a concrete position or deal:
the deal order opponent-dealer-table (D22), the last sweep not counting (D13), difference
scoring (RULES.md §12), claiming out (D15, §13) and the Dominican end game (§15.1). Sources in
each test's docstring; cassino_core/rules.py documents the readings chosen."""

from __future__ import annotations

import json
import random

import pytest

from cassino_core.api import Session
from cassino_core.cards import Card
from cassino_core.game import TABLE, Round, deal_order, new_round
from cassino_core.match import (
    CLAIM,
    Match,
    PhaseError,
    claim_count,
    current_target,
    dominican_winner,
    round_gains,
)
from cassino_core.moves import move_from_text
from cassino_core.record import Record, record_of, replay
from cassino_core.rules import CLASSIC, PRESETS, Rules, RulesError
from cassino_core.scoring import RoundScore, SideScore
from cassino_core.view import seat_view


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def round_score(*totals: int, cards_: tuple[int, ...] | None = None,
                spades: tuple[int, ...] | None = None,
                big: int | None = None) -> RoundScore:
    """A round score whose sides have these totals (put in "aces" so the sum is right), and
    these cards, spades and the 10 of diamonds' side when given."""
    n = len(totals)
    sides = []
    for s, total in enumerate(totals):
        points = {"cards": 0, "spades": 0, "big_casino": 2 if big == s else 0,
                  "little_casino": 0, "aces": total - (2 if big == s else 0), "sweeps": 0}
        sides.append(SideScore(cards=(cards_ or (26,) * n)[s], spades=(spades or (6,) * n)[s],
                               sweeps=0, points=points))
    return RoundScore(tuple(sides))


# -- every switch is off in the existing presets ---------------------------------------------


def test_new_switches_are_off_in_every_older_preset() -> None:
    """Issue 15: the presets that existed before keep their rules exactly."""
    for name, rules in PRESETS.items():
        if name in ("dominican", "finnish", "swedish"):  # the presets issue 15 brought
            continue
        assert (rules.deal_order, rules.last_sweep, rules.difference_scoring, rules.claiming,
                rules.dominican_end) == ("table_before_dealer", "counts", False, False, False)


# -- deal order (D22) --------------------------------------------------------------------------


def test_deal_order_table_last_deals_opponent_dealer_table() -> None:
    """traditionalgamerules (RULES.md §3.1, D22): opponent, dealer, then the table, in twos;
    the default gives the table its packet just before the dealer's [PAG §3.1][FOS]."""
    assert deal_order(CLASSIC, 0, 1) == [(1, 2), (TABLE, 2), (0, 2)] * 2
    rules = CLASSIC.replace(deal_order="table_last")
    assert deal_order(rules, 0, 1) == [(1, 2), (0, 2), (TABLE, 2)] * 2
    assert deal_order(rules, 0, 2) == [(1, 2), (0, 2)] * 2  # no table cards after the first


def test_deal_order_table_last_places_the_shuffled_cards() -> None:
    """The same shuffle dealt opponent-dealer-table: the table gets cards 5-6 and 11-12."""
    rules = CLASSIC.replace(deal_order="table_last")
    pack = list(rules.pack_cards())
    random.Random(7).shuffle(pack)
    state = new_round(rules, 0, random.Random(7))
    assert list(state.hands[1]) == pack[0:2] + pack[6:8]
    assert list(state.hands[0]) == pack[2:4] + pack[8:10]
    assert list(state.loose) == pack[4:6] + pack[10:12]
    classic = new_round(CLASSIC, 0, random.Random(7))
    assert list(classic.loose) == pack[2:4] + pack[8:10]


# -- last sweep (D13) -------------------------------------------------------------------------


def _last_play(rules: Rules) -> Round:
    """Last card of the round: seat 0 holds 7H, the table is 3C 4D, the stock is empty."""
    return Round.from_position(rules, hands=[cards("7H"), []], loose=cards("3C 4D"), turn=0,
                               dealer=0, deal=6, last_capturer=1)


def _last_deal(rules: Rules) -> Round:
    """Last deal, not its last card: seat 0 holds 7H 5S, seat 1 holds 9D 2C."""
    return Round.from_position(rules, hands=[cards("7H 5S"), cards("9D 2C")],
                               loose=cards("3C 4D"), turn=0, dealer=1, deal=6)


@pytest.mark.parametrize(("rule", "last_play", "last_deal", "earlier"), [
    ("counts", 1, 1, 1), ("not_last_play", 0, 1, 1), ("not_last_deal", 0, 0, 1)])
def test_last_sweep_switch(rule: str, last_play: int, last_deal: int, earlier: int) -> None:
    """7H x 3C 4D clears the table. PAG/FOS count it anywhere; TOWN not with the round's last
    card; Finnish Kasino not in the last deal (RULES.md §10, D13)."""
    rules = CLASSIC.replace(last_sweep=rule)
    move = move_from_text("7H x 3C 4D")
    end = _last_play(rules)
    end.play(move)
    assert end.state.finished and end.state.sweeps[0] == last_play
    assert end.state.score().sides[0].points["sweeps"] == last_play
    deal = _last_deal(rules)
    deal.play(move)
    assert deal.state.sweeps[0] == last_deal
    early = Round.from_position(rules, hands=[cards("7H 5S"), cards("9D 2C")],
                                loose=cards("3C 4D"), turn=0, dealer=1, deal=1,
                                stock=cards("KS KH KD KC"))
    early.play(move)
    assert early.state.sweeps[0] == earlier


# -- difference scoring (RULES.md §12) ---------------------------------------------------------


def test_difference_scoring_two_sides_long_example() -> None:
    """LONG: "A has Seven Points and B Four, A marks Three and B none"; equal totals mark
    nothing."""
    rules = CLASSIC.replace(difference_scoring=True)
    assert round_gains(rules, (0, 0), round_score(7, 4)) == (3, 0)
    assert round_gains(rules, (0, 0), round_score(4, 7)) == (0, 3)
    assert round_gains(rules, (0, 0), round_score(4, 4)) == (0, 0)
    assert round_gains(CLASSIC, (0, 0), round_score(7, 4)) == (7, 4)


def test_difference_scoring_three_players_bohn() -> None:
    """LONG: three-handed, the two lowest together are deducted from the highest; Bohn: when
    they reach or pass it nobody scores."""
    rules = Rules(players=3, difference_scoring=True)
    assert round_gains(rules, (0, 0, 0), round_score(7, 2, 2)) == (3, 0, 0)
    assert round_gains(rules, (0, 0, 0), round_score(2, 6, 3)) == (0, 1, 0)
    assert round_gains(rules, (0, 0, 0), round_score(5, 3, 3)) == (0, 0, 0)


def test_difference_scoring_match_adds_only_the_difference() -> None:
    """A whole round of a difference-scored match: the totals gain |a - b| on one side."""
    match = Match(CLASSIC.replace(difference_scoring=True), seed=11)
    rng = random.Random(3)
    while match.state.phase == "play":
        match.play(rng.choice(match.legal_moves()))
    a, b = match.state.results[0].totals
    assert sorted(match.state.totals) == [0, abs(a - b)]
    assert match.state.totals[0 if a > b else 1] == abs(a - b) or a == b


# -- claiming out (D15) ------------------------------------------------------------------------


def _claim_match(target: int, pile: str) -> Match:
    """Seat 0 to play 5H; its pile holds ``pile``; seat 1's pile 2 cards."""
    rules = CLASSIC.replace(claiming=True, target=target)
    position = Round.from_position(rules, hands=[cards("5H 6H"), cards("9C 8C")],
                                   loose=cards("KC QC"), turn=0, dealer=1, deal=2,
                                   piles=[cards(pile), cards("3H 4H")]).state
    return Match.from_position(position, seed=5)


def test_claim_counts_points_as_taken() -> None:
    """PAG §13/FOS: aces and the casinos count as taken; cards only once 27 are won."""
    match = _claim_match(21, "AS AH AC AD TD 2S")
    assert claim_count(match.state, 0) == 7  # 4 aces, 10 of diamonds 2, 2 of spades 1
    assert claim_count(match.state, 1) == 0


def test_claim_proved_wins_and_wrong_claim_loses() -> None:
    """FOS/DICK94: a claim the count proves wins at once; a wrong claim loses the match."""
    right = _claim_match(7, "AS AH AC AD TD 2S")
    assert right.claim() is True
    assert (right.state.phase, right.state.winner, right.state.claimed) == ("match_over", 0, 0)
    wrong = _claim_match(8, "AS AH AC AD TD 2S")
    assert wrong.claim() is False
    assert (wrong.state.phase, wrong.state.winner) == ("match_over", 1)
    wrong.undo()
    assert wrong.state.phase == "play"
    assert wrong.state.claim_counts is None


def test_the_claim_keeps_the_counts_it_was_judged_on() -> None:
    """FOS/DICK94: a claim is judged on the claimant's count at that moment (match total plus
    the round's points so far); the match totals stay those of the finished rounds, so the
    view gives the counts (``claim_counts``) for the page to show beside the verdict."""
    match = _claim_match(7, "AS AH AC AD TD 2S")
    totals = match.state.totals
    assert match.claim() is True
    assert match.state.claim_counts == (7, 0) and match.state.totals == totals
    view = seat_view(match.state, 0).to_json()
    assert view["claim_counts"] == [7, 0] and view["claimed"] == 0 and view["winner"] == 0


def test_claim_counts_cards_once_secured() -> None:
    """PAG §13: most spades counts once 7 of the 13 are won, most cards once 27 of 52 are."""
    taken = [c for c in CLASSIC.pack_cards() if 3 <= c.rank <= 9
             and str(c) not in ("5H", "6H", "9C", "8C", "3H", "4H")]
    pile = " ".join(str(c) for c in taken)
    assert len(taken) == 22 and sum(1 for c in taken if c.suit == "S") == 7
    assert claim_count(_claim_match(21, pile).state, 0) == 1  # spades only: 22 cards < 27
    six = [c for c in taken if c.suit == "S"][:1]
    fewer = " ".join(str(c) for c in taken if c not in six)
    assert claim_count(_claim_match(21, fewer).state, 0) == 0  # 6 spades: not yet sure
    more = pile + " TS TH TC JS JH"
    assert claim_count(_claim_match(21, more).state, 0) == 3 + 1  # 27 cards, 9 spades


def test_claim_refused_without_the_switch_or_between_rounds() -> None:
    """Claims exist only under ``claiming``, at the claimant's turn in a round."""
    with pytest.raises(PhaseError):
        Match(CLASSIC, seed=1).claim()
    with pytest.raises(RulesError):
        Rules(players=3, claiming=True)


def test_nobody_claimed_both_over_raises_target_by_eleven() -> None:
    """RG/FOS: if nobody claims and both sides end a round over 21, play goes on to 32."""
    rules = CLASSIC.replace(claiming=True)
    assert current_target(rules, (round_score(11, 0), round_score(11, 22))) == 32
    assert current_target(rules, (round_score(11, 0), round_score(0, 11))) == 21
    assert current_target(CLASSIC, (round_score(11, 22),)) == 21


def test_claim_is_kept_in_records_text_and_json() -> None:
    """A claim is the record step ``claim``; both forms replay to the same end."""
    match = Match(CLASSIC.replace(claiming=True), seed=9)
    for _ in range(2):
        match.play(match.legal_moves()[0])
    seat = match.state.round.turn
    assert match.claim() is False  # nobody has 21 two cards into a match
    record = record_of(match)
    text = record.to_text()
    assert f"3. seat {seat + 1}: claim" in text and "[Claiming \"true\"]" in text
    assert replay(Record.from_text(text)).state == match.state
    data = json.loads(json.dumps(record.to_json()))
    assert data["rounds"][0][-1] == "claim"
    assert replay(Record.from_json(data)).state == match.state
    assert CLAIM.text() == "claim"


def test_claim_through_the_json_api() -> None:
    """The API's "claim" request: a wrong claim at the start of a match loses it."""
    session = Session()
    answer = json.loads(session.handle(json.dumps(
        {"op": "new_game", "seed": 4, "seats": ["human", "human"],
         "overrides": {"claiming": True}})))
    assert answer["ok"], answer
    assert answer["view"]["can_claim"] == (answer["view"]["turn"] == 0)
    seat = answer["view"]["turn"]
    claimed = json.loads(session.handle(json.dumps({"op": "claim", "seat": seat})))
    assert claimed["ok"], claimed
    assert claimed["move"] == {"kind": "claim", "text": "claim", "right": False}
    assert claimed["view"]["winner"] == 1 - seat and claimed["view"]["claimed"] == seat
    off = Session()
    off.handle(json.dumps({"op": "new_game", "seed": 4, "seats": ["human", "human"]}))
    refused = json.loads(off.handle(json.dumps({"op": "claim", "seat": 0})))
    assert refused["error"]["reason"] == "claiming_off", refused


# -- Dominican end game (RULES.md §15.1) ----------------------------------------------------


def test_dominican_preset() -> None:
    """PAG-R: Royal values, no raising your own build, no building for partner, sweeps
    cancel, the end game at 18-20."""
    rules = Rules.from_name("dominican")
    assert (rules.values, rules.raise_own_build, rules.partner_building, rules.sweeps,
            rules.dominican_end) == ("royal", False, False, "cancel", True)


def test_dominican_side_at_eighteen_scores_nothing() -> None:
    """PAG-R: from 18 a side's points stop; the other side scores as usual."""
    rules = Rules.from_name("dominican")
    assert round_gains(rules, (18, 10), round_score(4, 7)) == (0, 7)
    assert round_gains(rules, (17, 10), round_score(4, 7)) == (4, 7)


def test_dominican_outright_wins() -> None:
    """PAG-R: at 18 most cards wins, at 19 the 10 of diamonds, at 20 most spades."""
    rules = Rules.from_name("dominican")
    assert dominican_winner(rules, (18, 5), round_score(3, 8, cards_=(27, 25))) == 0
    assert dominican_winner(rules, (18, 5), round_score(3, 8, cards_=(26, 26))) is None
    assert dominican_winner(rules, (19, 5), round_score(2, 9, big=0)) == 0
    assert dominican_winner(rules, (19, 5), round_score(2, 9, big=1)) is None
    assert dominican_winner(rules, (5, 20), round_score(2, 9, spades=(5, 8))) == 1
    # both meet their need: cards are counted before spades
    assert dominican_winner(rules, (18, 20), round_score(3, 3, cards_=(27, 25),
                                                         spades=(5, 8))) == 0
    assert dominican_winner(CLASSIC, (18, 5), round_score(3, 8, cards_=(27, 25))) is None


# -- records carry every new switch ----------------------------------------------------------


def check_record_round_trip(match: Match) -> str:
    """The match's record, as text and as JSON, reads back to the same rules and replays to
    the same position; returns the text."""
    record = record_of(match)
    text = record.to_text()
    from_text = Record.from_text(text)
    from_json = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert from_text.rules == from_json.rules == match.rules
    assert replay(from_text).state == replay(from_json).state == match.state
    return text


@pytest.mark.parametrize("overrides", [
    {"deal_order": "table_last"}, {"last_sweep": "not_last_play"},
    {"last_sweep": "not_last_deal"}, {"difference_scoring": True}, {"claiming": True},
    {"dominican_end": True}, {"no_pair_trail": True}, {"building": False},
    {"sweep_stop": 11}, {"tie_carry": True}, {"last_capture_point": True},
    {"values": "finnish"}, {"scoring": "finnish"}])
def test_records_carry_the_switch_in_text_and_json(overrides: dict[str, object]) -> None:
    """A record names a switch that differs from its preset as a tag (``[DealOrder
    "table_last"]``) and as a rules field in JSON; both read back to the same rules and
    replay to the same position."""
    rules = CLASSIC.replace(**overrides)
    match = Match(rules, seed=21)
    rng = random.Random(2)
    for _ in range(10):
        match.play(rng.choice(match.legal_moves()))
    text = check_record_round_trip(match)
    (field, value), = overrides.items()
    tag = "".join(part.capitalize() for part in field.split("_"))
    shown = str(value).lower() if isinstance(value, bool) else value
    assert f'[{tag} "{shown}"]' in text


def test_dominican_match_plays_to_its_end() -> None:
    """A whole Dominican match between random players ends with a winner, every round's gains
    following :func:`round_gains` (PAG-R)."""
    rules = Rules.from_name("dominican")
    match = Match(rules, seed=3)
    rng = random.Random(3)
    totals = (0, 0)
    while match.state.phase != "match_over":
        if match.state.phase == "round_over":
            totals = match.state.totals
            match.next_round()
            continue
        match.play(rng.choice(match.legal_moves()))
        if match.state.phase != "play":
            score = match.state.results[-1]
            gained = tuple(a + b for a, b in zip(totals, round_gains(rules, totals, score),
                                                  strict=True))
            assert match.state.totals == gained
    winner = match.state.winner
    assert winner is not None
    outright = dominican_winner(rules, totals, match.state.results[-1])
    assert winner == outright or match.state.totals[winner] >= rules.target
