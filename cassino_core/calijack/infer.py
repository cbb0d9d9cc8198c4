"""What the play so far tells one seat about the other hand, and deals of the hidden cards
that agree with it (the expert's sampler).

The one hard fact a trick gives away is a void: the second player to a trick plays the suit led
whenever they hold it [S001 "РОЗЫГРЫШ"], so a reply of another suit shows they held none of the
suit led at that moment. Under ``follow="suit_or_trump"`` [Foster's *Complete Hoyle*] a trump
may answer any lead, so only a reply that is neither the suit led nor a trump shows anything,
and then it shows two voids: the suit led and trumps.

A void lasts as long as the cards held then: in California Jack every card drawn is seen, so the
other hand's hidden cards are all from the deal and every void shown applies to all of them. In
Shasta Sam the draws are face down, so a card drawn after the void may be of that suit; of the
hidden cards, at most as many as the hidden draws made since can break it.

>>> from cassino_core.cards import Card
>>> from cassino_core.calijack.view import TrickView
>>> t = TrickView(plays=((0, Card(13, "H")), (1, Card(5, "S"))), winner=1, drew=())
>>> trick_voids(t, 1, trump="S", follow="suit")
('H',)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import search
from .cards import card_points, power
from .view import JackView, TrickView

SOFT_STAKE = 0.1
"""A trick is worth winning when its two cards' stake (:func:`~cassino_core.calijack.players.stake`
in match points: 1 an honour, 0.035 a card point) reaches this: a king, an ace, a ten or an
honour is in it."""
SOFT_KEEP = 0.85
"""How often a sampled slot keeps to a soft inference (:func:`ducks`): "probably", not
"surely", since a player may save a high card on purpose."""


def trick_voids(trick: TrickView, seat: int, *, trump: str, follow: str) -> tuple[str, ...]:
    """The suits ``seat`` showed it lacked by its reply in ``trick`` (empty when it led).

    Under ``follow="suit"``: the suit led, when the reply is of another suit. Under
    ``"suit_or_trump"``: the suit led and trumps, when the reply is neither.
    """
    (leader, led), (_, answer) = trick.plays
    if leader == seat or answer.suit == led.suit:
        return ()
    if follow == "suit":
        return (led.suit,)
    if answer.suit == trump:
        return ()
    return (led.suit,) if led.suit == trump else (led.suit, trump)


@dataclass(frozen=True, slots=True)
class Void:
    """A suit ``seat`` was shown to lack, and ``draws``: the cards it drew unseen since then
    (each of which may be of that suit; 0 in California Jack, where every draw is seen)."""

    suit: str
    draws: int


def voids(view: JackView, seat: int | None = None) -> list[Void]:
    """Every void the finished tricks of ``view`` show for ``seat`` (default: the viewer's
    opponent), one per suit, in suit order ``S H D C``. ``draws`` is the fewest cards that may
    break it over all its showings: the unseen draws since a showing, less the cards of that
    suit the seat played after it, the current trick included (each of those was one of the
    draws)."""
    who = view.opponent if seat is None else seat
    tricks = view.tricks
    free: dict[str, int] = {}
    for i, trick in enumerate(tricks):
        for suit in trick_voids(trick, who, trump=view.trump, follow=view.rules.follow):
            draws = sum(1 for t in tricks[i:] for s, c in t.drew if s == who and c is None)
            later = [*(p for t in tricks[i + 1:] for p in t.plays), *view.trick]
            spent = sum(1 for s, c in later if s == who and c.suit == suit)
            free[suit] = min(free.get(suit, 99), max(0, draws - spent))
    return [Void(suit, free[suit]) for suit in search.SUITS if suit in free]


@dataclass(frozen=True, slots=True)
class Duck:
    """Cards ``seat`` probably lacked when it followed a trick worth winning with a losing
    card: the cards of the suit led above the card led (``cards``, card numbers), and ``draws``,
    the cards it drew unseen since (each may be one of them; 0 in California Jack)."""

    cards: frozenset[int]
    draws: int


def ducks(view: JackView, seat: int | None = None) -> list[Duck]:
    """The soft inferences of ``view``'s finished tricks about ``seat`` (default: the viewer's
    opponent): when it answered a trick worth winning (:data:`SOFT_STAKE`) with a lower card of
    the suit led, it probably held no card of that suit able to win (a player holding one takes
    a ten or an ace led to it; every level of ours does). Only cards still unseen count."""
    who = view.opponent if seat is None else seat
    trump = view.trump
    tricks = view.tricks
    out: list[Duck] = []
    for i, trick in enumerate(tricks):
        (leader, led), (_, answer) = trick.plays
        if leader == who or answer.suit != led.suit or power(answer) > power(led):
            continue
        worth = sum((1.0 if c.suit == trump and c.rank in (1, 2, 11) else 0.0)
                    + 0.035 * card_points(c) for c in (led, answer))
        if worth < SOFT_STAKE:
            continue
        above = frozenset(search.encode(c) for c in view.unseen()
                          if c.suit == led.suit and power(c) > power(led))
        if above:
            draws = sum(1 for t in tricks[i:] for s, c in t.drew if s == who and c is None)
            out.append(Duck(above, draws))
    return out


class Sampler:
    """Deals of the cards hidden from ``view.seat`` that agree with its view and with the voids
    the play has shown (:func:`voids`), for the expert's determinized search.

    The other hand's hidden cards are slots, oldest first; a void with ``draws`` unseen draws
    since binds all but the newest ``draws`` slots. Each slot takes a card uniformly from the
    unseen cards its voids allow, the most bound slots first; the stock gets the rest under its
    visible top. When no card fits a slot (only in a hand-made view) it takes any card.

    Args:
        view: the seat's view (its ``stock`` may be empty: then the other hand is every unseen
            card and no choice is left).
        infer: False ignores the voids (every hidden placement equally likely).
        soft: also keep, :data:`SOFT_KEEP` of the time for each slot, to the soft inferences
            of :func:`ducks` (the slots they bind as for a void).
    """

    def __init__(self, view: JackView, infer: bool = True, soft: bool = False) -> None:
        self.view = view
        opp = view.opponent
        self.unseen = [search.encode(c) for c in view.unseen()]
        self.known = [search.encode(c) for c in view.known[opp]]
        self.slots = view.hand_counts[opp] - len(view.known[opp])
        shown = voids(view) if infer else []
        # barred[j]: the suits slot j (0 the oldest) cannot hold
        self.barred: list[frozenset[int]] = [
            frozenset(search.SUITS.index(v.suit) for v in shown if j < self.slots - v.draws)
            for j in range(self.slots)]
        shy = ducks(view) if infer and soft else []
        # shunned[j]: the cards slot j probably does not hold
        self.shunned: list[frozenset[int]] = [
            frozenset().union(*(d.cards for d in shy if j < self.slots - d.draws))
            for j in range(self.slots)]
        self.below = view.stock - (1 if view.stock_top is not None else 0)
        self.top = None if view.stock_top is None else search.encode(view.stock_top)
        self.mine = [search.encode(c) for c in view.hand]
        trump = view.trump
        self.points = [sum(card_points(c) for c in view.won[s]) for s in (0, 1)]
        self.honours = [0, 0]
        for s in (0, 1):
            for c in view.won[s]:
                if c.suit == trump:
                    self.honours[s] |= search.HONOUR_BITS.get(c.rank, 0)
        self.led = search.encode(view.trick[0][1]) if view.trick else search.NO_CARD

    def hidden_hand(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One draw of the other hand's hidden cards, and the unseen cards left over."""
        pool = self.unseen[:]
        rng.shuffle(pool)
        hand: list[int] = []
        for bars, shun in zip(self.barred, self.shunned, strict=True):  # oldest first
            if pool:
                at = None
                if shun and rng.random() < SOFT_KEEP:
                    at = next((i for i, c in enumerate(pool)
                               if c // 13 not in bars and c not in shun), None)
                if at is None:
                    at = next((i for i, c in enumerate(pool) if c // 13 not in bars), 0)
                hand.append(pool.pop(at))
        return hand, pool

    def world(self, rng: random.Random) -> search.World:
        """One sampled :class:`~cassino_core.calijack.search.World` (the stock drawn from the
        end of its list, the visible top last)."""
        view = self.view
        hidden, rest = self.hidden_hand(rng)
        # In a whole deal the stock takes every other hidden card; a hand-made part deal may
        # leave cards out of play, and those go nowhere.
        stock = rest[:self.below]
        if self.top is not None:
            stock.append(self.top)
        hands: list[list[int]] = [[], []]
        hands[view.seat] = self.mine[:]
        hands[view.opponent] = [*self.known, *hidden]
        return search.World(hands, stock, view.leader, self.led, self.points[:],
                            self.honours[:])

