"""Positions for the level and hint tests: a round in a given position inside a match, with
every card not placed going to the piles, so the unseen cards are exactly the other hands and
the stock (as in real play)."""

from __future__ import annotations

from dataclasses import replace

from cassino_core import Build, Card, Match, Round, Rules
from cassino_core.match import MatchState
from cassino_core.view import SeatView, seat_view


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def state_of(rules: Rules, hands: list[str], loose: str, builds: tuple[Build, ...] = (),
             stock: str = "", turn: int = 0) -> MatchState:
    """A match state in a given position; the cards nowhere else go to the piles, so the
    unseen cards are exactly the other hands and the stock (as in real play)."""
    used = {c for h in hands for c in cards(h)} | set(cards(loose)) | set(cards(stock))
    used |= {c for b in builds for c in b.cards}
    rest = [c for c in rules.pack_cards() if c not in used]
    piles = [rest[i::rules.players] for i in range(rules.players)]
    rnd = Round.from_position(rules, hands=[cards(h) for h in hands], loose=cards(loose),
                              builds=builds, turn=turn, stock=cards(stock), piles=piles,
                              last_capturer=0, deal=_deal(rules, len(cards(stock)))).state
    match = Match(rules, seed=1)
    return replace(match.state, round=rnd)


def view_of(rules: Rules, hands: list[str], loose: str, builds: tuple[Build, ...] = (),
            stock: str = "", turn: int = 0) -> SeatView:
    return seat_view(state_of(rules, hands, loose, builds, stock, turn), turn)


def _deal(rules: Rules, stock: int) -> int:
    """The deal a stock of this size belongs to (deals still to come from it)."""
    to_come = -(-stock // (rules.players * rules.hand_size))
    return max(1, rules.deals_per_round - to_come)
