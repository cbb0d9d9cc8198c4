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

import math
import random
from dataclasses import dataclass

from . import search
from .cards import card_points, power
from .estimates import (
    AVERAGE_REPLY,
    holding_worth,
    lead_estimate,
    reply_value,
    spending,
    stake,
    win_chance,
)
from .view import JackView, TrickView

SOFT_STAKE = 0.1
"""A trick is worth winning when its two cards' stake
(:func:`~cassino_core.calijack.estimates.stake` in match points: 1 an honour, 0.035 a card
point) reaches this: a king, an ace, a ten or an honour is in it."""
MODEL_SHARPNESS = 8.0
"""How sure the model of play is that a player answers with the card the intermediate's
estimate ranks first (:func:`answers`): a card estimated ``d`` match points worse is taken as
``exp(-MODEL_SHARPNESS * d)`` times as likely (a tenth of a point: about half as likely)."""
MODEL_CANDIDATES = 8
"""How many deals of the hidden cards the modelled sampler draws for each one it gives the
search, keeping one in proportion to how well it explains the other seat's answers and leads."""
BROKEN = 1e6
"""An answer the deal makes illegal (a void broken) counts as this many times less likely."""

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


@dataclass(frozen=True, slots=True)
class Answer:
    """One card the other seat played to a trick this seat led, as the model of play weighs it
    against the cards a sampled deal says it held then (:func:`answers`).

    Attributes:
        suit: the suit led (index in ``search.SUITS``); ``trump`` the trumps' index.
        or_trump: the rules let a trump answer any lead (``follow="suit_or_trump"``).
        odds: for each card number, how much likelier than the card played the model finds
            playing it, had it been held and legal (1 for an equally good card).
        played: the card played (number); ``draws``: the cards it drew unseen since (as for
            :class:`Void`), so that only its hidden cards older than those were surely held.
    """

    suit: int
    trump: int
    or_trump: bool
    odds: tuple[float, ...]
    played: int
    draws: int


@dataclass(frozen=True, slots=True)
class Lead:
    """One card the other seat led this deal, with what it could count then (:func:`leads`).

    Attributes:
        played: the card led (number); ``draws``: as for :class:`Answer`.
        pool: how many cards it could not place then, its own hand aside (the cards not yet
            played, less the cards it saw this seat draw and the visible stock top).
        other: how many of those this seat held, unseen by it.
        above: for each card number, how many cards of its suit above it were among those.
        left: per suit, how many cards of it were among those.
        beaten: per card number, this seat was seen to hold a card of its suit above it.
        suits_shown: per suit, this seat was seen to hold one (so it could not trump it).
        trump_shown: this seat was seen to hold a trump.
        at_stake: per card number, its stake plus an average reply
            (:func:`~cassino_core.calijack.estimates.lead_estimate`; the draw's edge is added
            for each sampled hand); ``spend``: what leading it spends of the hand.
        trump, or_trump: as for :class:`Answer`.
        top_worth: the visible stock top's worth to hold (California Jack), else None.
        free_worth: the total worth to hold of the ``pool`` cards (for the edge's average).
    """

    played: int
    draws: int
    pool: int
    other: int
    above: tuple[int, ...]
    left: tuple[int, ...]
    beaten: tuple[bool, ...]
    suits_shown: tuple[bool, ...]
    trump_shown: bool
    at_stake: tuple[float, ...]
    spend: tuple[float, ...]
    trump: int
    or_trump: bool
    top_worth: float | None
    free_worth: float


@dataclass(frozen=True, slots=True)
class _Moment:
    """What the other seat could see as trick ``index`` began: the cards ``played`` before,
    this seat's face-up draws it still held (``shown``, California Jack), the stock's visible
    top card (number, or None) and how many cards this seat held (``held``)."""

    index: int
    trick: TrickView
    played: frozenset[int]
    shown: frozenset[int]
    top: int | None
    held: int


def _moments(view: JackView) -> list[_Moment]:
    """One :class:`_Moment` per finished trick of ``view``'s deal, in order."""
    me = view.seat
    face_up = view.rules.face_up_stock
    tricks = view.tricks
    # this seat's hand as each trick began, counted back from its hand now
    held = [0] * len(tricks)
    count = len(view.hand) + sum(1 for s, _ in view.trick if s == me)
    for i in range(len(tricks) - 1, -1, -1):
        count += 1 - sum(1 for s, _ in tricks[i].drew if s == me)
        held[i] = count
    played: set[int] = set()
    shown: set[int] = set()
    out: list[_Moment] = []
    for i, trick in enumerate(tricks):
        top = trick.drew[0][1] if trick.drew and face_up else None
        out.append(_Moment(i, trick, frozenset(played), frozenset(shown),
                           None if top is None else search.encode(top), held[i]))
        for seat, card in trick.plays:
            played.add(search.encode(card))
            if seat == me:
                shown.discard(search.encode(card))
        if face_up:
            shown.update(search.encode(c) for s, c in trick.drew if s == me and c is not None)
    return out


def _unseen_draws(tricks: tuple[TrickView, ...], i: int, who: int) -> int:
    """The cards ``who`` drew unseen from trick ``i`` on (its own draw included)."""
    return sum(1 for t in tricks[i:] for s, c in t.drew if s == who and c is None)


def answers(view: JackView, sharpness: float | None = None) -> list[Answer]:
    """The other seat's answers to the tricks ``view.seat`` led this deal, each with the odds the
    model of play gives its alternatives: the intermediate's estimate of each card as the
    answer (:func:`~cassino_core.calijack.estimates.reply_value`, as things stood then) in a
    softmax of sharpness ``sharpness``. A player who answers with a card it judges worse than
    another it held is less likely, the more so the worse (``sharpness`` None:
    :data:`MODEL_SHARPNESS`). In California Jack the draw's edge
    (:func:`~cassino_core.calijack.estimates.draw_edge`) counts the other seat's hand then
    among the cards it could not see, but for the card it played."""
    sharpness = MODEL_SHARPNESS if sharpness is None else sharpness
    who = view.opponent
    trump = view.trump
    worth = [holding_worth(search.decode(n), trump) for n in range(52)]
    slots = _hidden_slots(view)
    may_hold = [search.encode(c) for c in view.unseen()]
    out: list[Answer] = []
    for moment in _moments(view):
        trick = moment.trick
        (leader, led), (_, answer) = trick.plays
        draws = _unseen_draws(view.tricks, moment.index, who)
        if leader == who or draws >= slots:
            continue  # its lead, or no hidden card it holds now surely held then
        played = search.encode(answer)
        edge = 0.0
        if moment.top is not None:
            gone = moment.played | moment.shown | {moment.top, search.encode(led), played}
            free = [worth[n] for n in range(52) if n not in gone]
            edge = worth[moment.top] - (sum(free) / len(free) if free else 0.0)
        stock = bool(trick.drew)
        mine = reply_value(led, answer, trump, stock, edge)
        odds = [0.0] * 52  # only the cards a sampled hand may hold are weighed
        for n in may_hold:
            value = reply_value(led, search.decode(n), trump, stock, edge)
            odds[n] = math.exp(min(50.0, sharpness * (value - mine)))
        out.append(Answer(search.SUITS.index(led.suit), search.SUITS.index(trump),
                          view.rules.follow == "suit_or_trump", tuple(odds), played, draws))
    return out


def _hidden_slots(view: JackView) -> int:
    """How many of the other hand's cards ``view.seat`` cannot name."""
    return view.hand_counts[view.opponent] - len(view.known[view.opponent])


def leads(view: JackView) -> list[Lead]:
    """The other seat's leads this deal, each with the counts it could make then from what it
    had seen (its own hand aside, which each sampled deal supplies): the cards played before,
    this seat's face-up draws still held (California Jack) and the visible stock top."""
    who = view.opponent
    trump_s = view.trump
    trump = search.SUITS.index(trump_s)
    cards = [search.decode(n) for n in range(52)]
    worth = [holding_worth(c, trump_s) for c in cards]
    slots = _hidden_slots(view)
    out: list[Lead] = []
    for moment in _moments(view):
        trick = moment.trick
        leader, led = trick.plays[0]
        draws = _unseen_draws(view.tricks, moment.index, who)
        if leader != who or draws >= slots:
            continue  # this seat's lead, or no hidden card it holds now surely held then
        shown = moment.shown
        top = moment.top
        gone = moment.played | shown | (set() if top is None else {top})
        free = [n for n in range(52) if n not in gone]
        left = [0, 0, 0, 0]
        for n in free:
            left[n // 13] += 1
        above = [0] * 52  # the pool's cards of each card's suit above it
        beaten = [False] * 52  # a card of this seat's shown above it
        for suit in range(4):
            count, mine_above = 0, False
            for n in range(suit * 13 + 12, suit * 13 - 1, -1):  # high to low
                above[n], beaten[n] = count, mine_above
                count += n not in gone
                mine_above = mine_above or n in shown
        suits_shown = [any(m // 13 == s for m in shown) for s in range(4)]
        out.append(Lead(
            search.encode(led), draws, len(free),
            moment.held - len(shown), tuple(above), tuple(left), tuple(beaten),
            tuple(suits_shown), suits_shown[trump],
            tuple(stake(c, trump_s) + AVERAGE_REPLY for c in cards),
            tuple(spending(c, trump_s, bool(trick.drew)) for c in cards), trump,
            view.rules.follow == "suit_or_trump",
            None if top is None else worth[top], sum(worth[n] for n in free)))
    return out


def _lead_values(lead: Lead, hand: list[int], worth: list[float]) -> list[float]:
    """The intermediate's estimate of leading each card of ``hand`` (the other seat's hand
    then, as a sampled deal has it, in its order), counting from :class:`Lead`'s figures;
    ``worth``: each card's worth to hold
    (:func:`~cassino_core.calijack.estimates.holding_worth`)."""
    trump = lead.trump
    pool = lead.pool - len(hand)
    in_suit = [0, 0, 0, 0]
    for h in hand:
        in_suit[h // 13] += 1
    edge = 0.0
    if lead.top_worth is not None:
        rest = lead.free_worth - sum(worth[h] for h in hand)
        edge = lead.top_worth - (rest / pool if pool > 0 else 0.0)
    trumps = -1 if lead.trump_shown else lead.left[trump] - in_suit[trump]
    out = []
    for card in hand:
        suit = card // 13
        if lead.beaten[card]:
            win = 0.05
        else:
            higher = sum(1 for h in hand if h > card and h // 13 == suit)
            same = -1 if lead.suits_shown[suit] else lead.left[suit] - in_suit[suit]
            win = win_chance(pool, lead.other, lead.above[card] - higher,
                             0 if suit == trump else trumps, same, suit == trump, lead.or_trump)
        out.append(lead_estimate(lead.at_stake[card] + edge, lead.spend[card], win))
    return out


def likelihood(hand: list[int], slots: int, said: list[Answer], led: list[Lead] | None = None,
               worth: list[float] | None = None, sharpness: float | None = None) -> float:
    """How well the other hand's hidden cards ``hand`` (slots, oldest first, of ``slots``)
    explain its play under the model of play: the product, over its answers ``said`` and
    its leads ``led``, of the chance the model gives the card played among the legal cards the
    deal says it held then (the card played and the hidden cards older than the draws since).
    A deal that would have made an answer illegal counts :data:`BROKEN` times less likely.
    ``worth``: each card's worth to hold (needed with ``led``); ``sharpness`` for the leads as
    for :func:`answers` (the answers' odds are made with theirs)."""
    sharpness = MODEL_SHARPNESS if sharpness is None else sharpness
    chance = 1.0
    for a in said:
        held = hand[:slots - a.draws]
        if not held:
            continue
        suit = a.suit
        followed = a.played // 13 == suit
        has_suit = followed or any(c // 13 == suit for c in held)
        rest = 1.0
        for c in held:
            s = c // 13
            if not has_suit or s == suit or (a.or_trump and s == a.trump):
                rest += a.odds[c]
        if has_suit and not followed and not (a.or_trump and a.played // 13 == a.trump):
            rest += BROKEN  # it held the suit led yet answered with another
        chance /= rest
    for lead in led or ():
        assert worth is not None
        held = hand[:slots - lead.draws]
        if not held:
            continue
        values = _lead_values(lead, [lead.played, *held], worth)
        mine = values[0]
        rest = 1.0
        for value in values[1:]:
            rest += math.exp(min(50.0, sharpness * (value - mine)))
        chance /= rest
    return chance


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
        model: each deal given is one of :data:`MODEL_CANDIDATES` drawn as above, picked in
            proportion to its :func:`likelihood` under the model of play (the intermediate's
            judgement of the other seat's answers and leads: :func:`answers`, :func:`leads`;
            sampling-importance-resampling), so that deals in which its play looks sound come
            up more often. Not used with ``infer`` False or an empty stock (nothing is left to
            choose then).
    """

    def __init__(self, view: JackView, infer: bool = True, soft: bool = False,
                 model: bool = False) -> None:
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
        modelled = model and infer and view.stock > 0 and self.slots > 0
        self.said = answers(view) if modelled else []
        self.leads = leads(view) if modelled else []
        self.worth = ([holding_worth(search.decode(n), trump) for n in range(52)] if modelled
                      else [])

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

    def likely_hand(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """One of :data:`MODEL_CANDIDATES` draws of :meth:`hidden_hand`, picked in proportion
        to its :func:`likelihood` under the model of play (uniformly should every one be
        impossible, which a hand-made view alone can make)."""
        drawn = [self.hidden_hand(rng) for _ in range(MODEL_CANDIDATES)]
        weights = [likelihood(hand, self.slots, self.said, self.leads, self.worth)
                   for hand, _ in drawn]
        if sum(weights) <= 0.0:
            return drawn[rng.randrange(len(drawn))]
        return rng.choices(drawn, weights)[0]

    def world(self, rng: random.Random) -> search.World:
        """One sampled :class:`~cassino_core.calijack.search.World` (the stock drawn from the
        end of its list, the visible top last)."""
        view = self.view
        modelled = self.said or self.leads
        hidden, rest = self.likely_hand(rng) if modelled else self.hidden_hand(rng)
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

