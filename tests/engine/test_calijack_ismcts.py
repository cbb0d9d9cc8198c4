"""Information-set tree search for the Shasta Sam expert (cassino_core/calijack/ismcts.py,
issue 16's fourth pass). Rules: [S001 РОЗЫГРЫШ] (follow suit; the higher card of the suit led
or a trump wins), [S001 ВАРИАНТ] (Shasta Sam: the stock face down), docs/calijack.md."""

from __future__ import annotations

import doctest
import random

import pytest

from cassino_core.calijack import ismcts, search
from cassino_core.calijack.game import DealState, position
from cassino_core.calijack.infer import Sampler
from cassino_core.calijack.match import JackMatch
from cassino_core.calijack.players import ExpertPlayer, tables
from cassino_core.calijack.rules import CALIFORNIA_JACK, SHASTA_SAM, JackRules
from cassino_core.calijack.tournament import EXTRA_LEVELS, tournament_player
from cassino_core.calijack.view import deal_view, jack_view
from cassino_core.cards import Card
from cassino_core.tournament import JACK_LEVELS


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_doctests() -> None:
    assert doctest.testmod(ismcts).failed == 0


def test_the_tournament_offers_every_measuring_level() -> None:
    """The shared tournament's command line accepts exactly the California Jack module's
    measuring levels (``expert_tree`` and the rest of the fourth pass's included)."""
    assert JACK_LEVELS == EXTRA_LEVELS
    assert {"expert_tree", "expert_tree_paired", "expert_soft"} <= set(EXTRA_LEVELS)


def reply_position() -> tuple[DealState, Card]:
    """Shasta Sam, spades trumps (the turned 7♠, back in the pack [S001 ВАРИАНТ]). Seat 0 led
    the K♥; seat 1 holds A♥ 2♥ 5♣ 9♦ and must follow with a heart [S001 РОЗЫГРЫШ]: the A♥ wins
    the king (7 card points toward game, and the lead), the 2♥ gives the king's 3 points away.
    Eight face-down stock cards, so the tree search runs (more than DEEP_STOCK)."""
    state = position(SHASTA_SAM, 1, [cards("KH 3D 8C 6S"), cards("AH 2H 5C 9D")],
                     cards("4S 5H 7D JC QD 3C 9S 8H"), trump_card=Card(7, "S"))
    state = state.play(Card(13, "H"))
    return state, Card(1, "H")


def test_the_tree_search_takes_the_king_with_the_ace_s001() -> None:
    """[S001 РОЗЫГРЫШ] the follower must play a heart; the tree puts most of its visits on the
    A♥, which wins the trick, and none on the cards the rule forbids (docs/calijack.md)."""
    state, ace = reply_position()
    view = deal_view(state, 1)
    assert sorted(map(str, view.legal)) == ["2H", "AH"]
    player = ExpertPlayer(iterations=300, tree=True)
    assert player.choose(view, random.Random(3)) == ace
    assert set(player.last_visits) == {ace, Card(2, "H")}
    assert player.last_visits[ace] > player.last_visits[Card(2, "H")]
    assert sum(player.last_visits.values()) == 600  # 300 "deals" of 2 legal cards = 600 playouts
    assert player.last_values[ace] > player.last_values[Card(2, "H")]


def check_tree(node: ismcts.Node, root: bool, done: int) -> int:
    """Every node's visits: its children's plus the one iteration that created it (the root:
    exactly its children's); availability never below visits. Returns the nodes counted."""
    below = sum(child.visits for child in node.children.values())
    if node.children:
        assert below == (done if root else node.visits - 1)
    count = 1
    for child in node.children.values():
        assert child.avail >= child.visits >= 1
        count += check_tree(child, False, done)
    return count


def test_availability_and_visit_counts_add_up() -> None:
    """Each iteration adds one node and passes once through each node on its path; a card is
    available at a node in every iteration whose deal allows it there, so its availability is
    at least its visits (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012)."""
    state, _ = reply_position()
    view = deal_view(state, 1)
    t = tables(view.trump)
    evaluate = search.match_evaluator(view.target, view.scores)
    root, done = ismcts.search_root(Sampler(view), 1, t, evaluate, random.Random(5),
                                    iterations=150)
    assert done == 150
    assert check_tree(root, True, done) == 151  # the root and one new node per iteration
    # the observer's own two cards are legal in every deal: each is available from the
    # iteration that first tried it (the first and the second)
    assert sorted(child.avail for child in root.children.values()) == [done - 1, done]


def test_search_root_needs_a_budget() -> None:
    state, _ = reply_position()
    view = deal_view(state, 1)
    with pytest.raises(ValueError, match="iterations or a deadline"):
        ismcts.search_root(Sampler(view), 1, tables(view.trump), search.value,
                           random.Random(1))


@pytest.mark.parametrize("rules", [CALIFORNIA_JACK, SHASTA_SAM], ids=lambda r: r.variant)
def test_the_tree_search_plays_legal_cards_to_the_end_of_a_deal(rules: JackRules) -> None:
    """Both forms [S001 СДАЧА, ВАРИАНТ]: seat 0 plays every card of a whole deal by the tree
    search's most visited card (its own view only), seat 1 at random; every card is one the
    engine allows (``match.play`` refuses any other) and the deal ends with all 52 cards won."""
    match = JackMatch(rules, 11)
    rng = random.Random(11)
    face_up = rules.face_up_stock
    while match.phase == "play":
        seat = match.state.turn
        view = jack_view(match, seat)
        if seat == 1:
            match.play(rng.choice(view.legal))
            continue
        t = tables(view.trump, view.rules.follow)
        evaluate = search.match_evaluator(view.target, view.scores)
        root, _ = ismcts.search_root(Sampler(view), 0, t, evaluate, rng, iterations=30,
                                     face_up=face_up)
        code = max(root.children, key=lambda c: root.children[c].visits)
        card = search.decode(code)
        assert card in view.legal
        match.play(card)
    assert sum(len(w) for w in match.state.won) == 52


def test_expert_tree_plays_a_deal_and_is_repeatable_from_a_seed_shasta_sam() -> None:
    """The tournament's ``expert_tree`` level plays a Shasta Sam deal to its end with legal
    cards, and the same view and seed give the same card."""
    match = JackMatch(SHASTA_SAM, 4)
    player = tournament_player("expert_tree", None, 6)
    rng = random.Random(4)
    while match.phase == "play":
        view = jack_view(match, match.state.turn)
        card = player.choose(view, rng)
        assert card in view.legal
        if match.state.stock and len(view.legal) > 1:
            again = tournament_player("expert_tree", None, 6)
            assert again.choose(view, random.Random(9)) == player.choose(view, random.Random(9))
        match.play(card)
    assert match.phase in ("deal_over", "match_over")


def test_expert_tree_under_a_time_budget_stops() -> None:
    """With a time budget only (the page's way), the tree search stops and picks a legal card
    after at least one iteration (no assertion on time: the machine is shared)."""
    state, _ = reply_position()
    view = deal_view(state, 1)
    player = ExpertPlayer(budget_ms=30, tree=True)
    assert player.choose(view, random.Random(2)) in view.legal
    assert player.last_worlds >= 1


def test_paired_roots_compare_every_card_on_the_same_deals_s001() -> None:
    """``paired``: each sampled deal is tried once with every legal card at the root (the tree
    searches the play after it), so every root card gets the same number of iterations; on the
    K♥ led [S001 РОЗЫГРЫШ] the expert then takes it with the A♥ (docs/calijack.md)."""
    state, ace = reply_position()
    view = deal_view(state, 1)
    legal = [search.encode(card) for card in view.legal]
    t = tables(view.trump)
    evaluate = search.match_evaluator(view.target, view.scores)
    root, done = ismcts.search_root(Sampler(view), 1, t, evaluate, random.Random(5),
                                    iterations=40, paired=legal)
    assert done == 40
    assert sorted(root.children) == sorted(legal)
    assert [root.children[c].visits for c in legal] == [20, 20]
    player = tournament_player("expert_tree_paired", None, 100)
    assert player.choose(view, random.Random(3)) == ace
