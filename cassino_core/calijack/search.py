"""A compact deal state for the expert's search: cards as small integers, no object per move.

A card is ``suit * 13 + power - 2`` (suits in the order ``S H D C``, power 2..14 with the ace
high, :func:`~cassino_core.calijack.cards.power`), so within a suit a higher number is a higher
card. :class:`Tables` holds, for one trump suit, every per-card figure the playout policy and
the scoring need (card points, honours, the players' worth estimates), computed once.

A sampled world (:class:`World`) places every card: both hands, the stock (drawn from the end
of its list, winner first), the trick's led card, and the card points and honours won so far.
:func:`play` applies one card under the rules of :mod:`cassino_core.calijack.game` (follow
suit when able, the higher card of the suit led or the higher trump wins, both draw while the
stock lasts); tests replay every move of :func:`playout` through ``DealState.play`` and check
the same legality, winners, draws and points.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from ..cards import Card
from .cards import card_points, power
from .estimates import AVERAGE_REPLY, win_chance

SUITS: Final = "SHDC"
NO_CARD: Final = -1
HONOUR_BITS: Final = {1: 1, 2: 2, 11: 4}
"""The bit of each honour of the trump suit by rank: high (ace), low (two), jack."""
_COUNT: Final = [bin(n).count("1") for n in range(8)]

Evaluator = Callable[[list[int], list[int], int], float]
"""``(points, honours, seat) -> value``: what a finished world is worth to ``seat``."""

RANK_ABOVE: Final = tuple(((1 << 13) - 1) & ~((2 << (n % 13)) - 1) for n in range(52))
"""Per card number, the bits (of a suit's mask, :func:`suit_masks`) of the cards of its suit
that beat it."""
_WIN_ROWS: dict[int, list[float | None]] = {}
""":func:`~cassino_core.calijack.estimates.win_chance` remembered: per pool size, hidden count,
trumps in the pool and follow rule, a row by (beaters in the suit, cards of the suit,
trump or not), filled as asked (a playout asks the same few counts again and again)."""


def suit_masks(cards: list[int]) -> list[int]:
    """The cards of ``cards`` as four small masks, one per suit index, bit ``n % 13`` for
    card number ``n`` (small integers keep the bit operations cheap in Pyodide too)."""
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[c // 13] |= 1 << c % 13
    return masks


def encode(card: Card) -> int:
    """The card's number (see the module docstring)."""
    return SUITS.index(card.suit) * 13 + power(card) - 2


def decode(number: int) -> Card:
    """The card of a number made by :func:`encode`."""
    suit, offset = divmod(number, 13)
    rank = 1 if offset == 12 else offset + 2
    return Card(rank, SUITS[suit])


class Tables:
    """Per-card figures for one trump suit (lists indexed by card number).

    Attributes:
        trump: the trump suit's index in ``SUITS``.
        suit: each card's suit index.
        points: card points toward game (T 10, A 4, K 3, Q 2, J 1).
        honour: a bit for each honour: 1 the ace of trumps (high), 2 the two (low), 4 the jack;
            0 for every other card. A seat's honours won are the OR of these bits.
        stake: what winning the card in a trick is worth in match points (estimates.stake).
        worth: what holding the card is worth for the tricks to come (estimates.holding_worth).
        or_trump: the rules' ``follow`` is ``"suit_or_trump"`` (a trump may answer a trick
            instead of the suit led).
    """

    __slots__ = ("honour", "or_trump", "points", "stake", "suit", "trump", "worth")

    def __init__(self, trump: str, worth: list[float], stake: list[float],
                 follow: str = "suit") -> None:
        cards = [decode(n) for n in range(52)]
        self.trump = SUITS.index(trump)
        self.suit = [n // 13 for n in range(52)]
        self.points = [card_points(c) for c in cards]
        self.honour = [HONOUR_BITS.get(c.rank, 0) if c.suit == trump else 0 for c in cards]
        self.worth = worth
        self.stake = stake
        self.or_trump = follow == "suit_or_trump"


class World:
    """One determinized deal: every card placed (see the module docstring).

    Attributes:
        hands: the two hands (lists of card numbers).
        stock: the stock, next card drawn last in the list.
        leader: the seat leading the current trick.
        led: the card led to the current trick, or ``NO_CARD``.
        points: card points won by each seat.
        honours: per seat, the bits (:data:`HONOUR_BITS`) of the honours it has won.
    """

    __slots__ = ("hands", "honours", "leader", "led", "points", "stock")

    def __init__(self, hands: list[list[int]], stock: list[int], leader: int, led: int,
                 points: list[int], honours: list[int]) -> None:
        self.hands = hands
        self.stock = stock
        self.leader = leader
        self.led = led
        self.points = points
        self.honours = honours

    def copy(self) -> World:
        """An independent copy."""
        return World([self.hands[0][:], self.hands[1][:]], self.stock[:], self.leader,
                     self.led, self.points[:], self.honours[:])

    @property
    def turn(self) -> int:
        """The seat to play."""
        return self.leader if self.led == NO_CARD else 1 - self.leader

    @property
    def finished(self) -> bool:
        """True once every card is played."""
        return not self.hands[0] and not self.hands[1] and self.led == NO_CARD

    def value(self, seat: int) -> float:
        """The deal's point difference for ``seat`` (honours won, plus or minus one for game)
        with a small tie-break by card points; meaningful once the deal is finished."""
        return value(self.points, self.honours, seat)


def mirrored(world: World) -> World:
    """A copy of ``world`` with the two cards of every draw swapped: what the winner of a
    trick would draw there, the loser draws, and the other way round (a stock of odd length
    keeps its last card in place). With a face-down stock both cards of a draw are equally
    likely to be either, so this deal is exactly as likely as ``world``; the expert pairs the two
    so that the winner's luck of the draw cancels out of its comparison of a winning card with
    a losing one."""
    out = world.copy()
    stock = out.stock
    for i in range(len(stock) - 1, 0, -2):
        stock[i], stock[i - 1] = stock[i - 1], stock[i]
    return out


def value(points: list[int], honours: list[int], seat: int) -> float:
    """See :meth:`World.value` (an :data:`Evaluator`)."""
    diff = _COUNT[honours[seat]] - _COUNT[honours[1 - seat]]
    if points[seat] > points[1 - seat]:
        diff += 1
    elif points[seat] < points[1 - seat]:
        diff -= 1
    return diff + 0.002 * (points[seat] - points[1 - seat])


def beats(card: int, led: int, t: Tables) -> bool:
    """True when ``card`` played second wins a trick led with ``led``."""
    s = t.suit[card]
    if s == t.suit[led]:
        return card > led
    return s == t.trump


def legal(hand: list[int], led: int, t: Tables) -> list[int]:
    """The cards of ``hand`` that may be played: the suit led when held (with the trumps too
    when ``t.or_trump``), else any (:func:`cassino_core.calijack.game.may_answer`)."""
    if led != NO_CARD:
        s = t.suit[led]
        if t.or_trump:
            trump = t.trump
            suited = [c for c in hand if t.suit[c] == s or t.suit[c] == trump]
        else:
            suited = [c for c in hand if t.suit[c] == s]
        if suited:
            return suited
    return hand


def play(world: World, card: int, t: Tables) -> None:
    """Play ``card`` (legal) for the seat to play; a finished trick is scored and both draw."""
    if world.led == NO_CARD:
        world.hands[world.leader].remove(card)
        world.led = card
        return
    seat = 1 - world.leader
    world.hands[seat].remove(card)
    led = world.led
    winner = seat if beats(card, led, t) else world.leader
    world.points[winner] += t.points[led] + t.points[card]
    world.honours[winner] |= t.honour[led] | t.honour[card]
    world.led = NO_CARD
    world.leader = winner
    stock = world.stock
    if stock:
        world.hands[winner].append(stock.pop())
        world.hands[1 - winner].append(stock.pop())


def reply(hand: list[int], led: int, t: Tables, edge: float) -> tuple[int, bool]:
    """The playout's reply to ``led`` from the legal cards ``hand``, and whether it wins: the
    cheapest winner when the trick (with ``edge``, the stock's worth to its winner) is worth
    it, else the card whose loss costs least."""
    worth = t.worth
    stake = t.stake
    suit = t.suit
    led_suit = suit[led]
    trump = t.trump
    best = NO_CARD
    best_cost = 99.0
    cheapest = NO_CARD
    cheapest_cost = 99.0
    for card in hand:
        w = worth[card]
        s = suit[card]
        if (card > led) if s == led_suit else s == trump:
            if w < best_cost:
                best, best_cost = card, w
        else:
            cost = w + stake[card]
            if cost < cheapest_cost:
                cheapest, cheapest_cost = card, cost
    if best != NO_CARD and (cheapest == NO_CARD or stake[led] + edge + stake[best]
                            > 0.6 * best_cost - 0.05):
        return best, True
    return cheapest, False


def lead(hand: list[int], other: list[int], t: Tables, edge: float) -> int:
    """The playout's lead: each card against the reply the other hand would make (both are
    known in a sampled world), weighing the trick, the stock's worth and the card spent."""
    suit = t.suit
    stake = t.stake
    worth = t.worth
    trump = t.trump
    by_suit: list[list[int]] = [[], [], [], []]
    for c in other:
        by_suit[suit[c]].append(c)
    trumps = by_suit[trump]
    best = hand[0]
    best_value = -99.0
    for card in hand:
        s = suit[card]
        answers = by_suit[s] or other
        # reply() inlined: the cheapest winner, else the cheapest loser
        win = NO_CARD
        win_cost = 99.0
        lose = NO_CARD
        lose_cost = 99.0
        if by_suit[s]:
            for c in answers:
                w = worth[c]
                if c > card:
                    if w < win_cost:
                        win, win_cost = c, w
                else:
                    w += stake[c]
                    if w < lose_cost:
                        lose, lose_cost = c, w
        else:
            for c in answers:
                w = worth[c]
                if trumps and suit[c] == trump:
                    if w < win_cost:
                        win, win_cost = c, w
                else:
                    w += stake[c]
                    if w < lose_cost:
                        lose, lose_cost = c, w
        sc = stake[card]
        if win != NO_CARD and (lose == NO_CARD or sc + edge + stake[win]
                               > 0.6 * win_cost - 0.05):
            v = -(sc + stake[win] + edge)
        else:
            v = sc + stake[lose] + edge
        v -= 0.5 * worth[card]
        if v > best_value:
            best, best_value = card, v
    return best


def counted_reply(hand: list[int], led: int, t: Tables, edge: float, stock: bool) -> int:
    """The intermediate's answer to ``led`` from the legal cards ``hand``: the card with the
    best :func:`~cassino_core.calijack.estimates.reply_value` (the trick's stake and ``edge``
    won or lost, less what the card spends of the hand: its worth times 0.6 while the
    ``stock`` lasts, else 0.3, and a losing card's spending counted 0.3). The first of equals."""
    spend_factor = 0.6 if stock else 0.3
    worth = t.worth
    stake = t.stake
    suit = t.suit
    trump = t.trump
    led_suit = suit[led]
    led_stake = stake[led]
    best = hand[0]
    best_value = -99.0
    for card in hand:
        s = suit[card]
        spend = worth[card] * spend_factor
        if (card > led) if s == led_suit else s == trump:
            v = led_stake + stake[card] + edge - spend
        else:
            v = -led_stake - stake[card] - edge - 0.3 * spend
        if v > best_value:
            best, best_value = card, v
    return best


def counted_lead(hand: list[int], pool: list[int], hidden: int, t: Tables, edge: float,
                 stock: bool) -> int:
    """The intermediate's lead from ``hand``: the card with the best
    :func:`~cassino_core.calijack.estimates.lead_value`, its chance of winning counted as
    :func:`~cassino_core.calijack.estimates.win_chance` counts it, over ``pool`` (the cards the
    leader cannot see: the other hand and the stock, as :func:`suit_masks`), ``hidden`` of
    which are in the other hand. The first of equals."""
    spend_factor = 0.6 if stock else 0.3
    worth = t.worth
    stake = t.stake
    suit = t.suit
    trump = t.trump
    counts = [pool[0].bit_count(), pool[1].bit_count(), pool[2].bit_count(),
              pool[3].bit_count()]
    size = counts[0] + counts[1] + counts[2] + counts[3]
    trumps = counts[trump]
    key = ((size << 6 | hidden) << 5 | trumps) << 1 | t.or_trump
    row = _WIN_ROWS.get(key)
    if row is None:
        if len(_WIN_ROWS) > 20000:
            _WIN_ROWS.clear()
        row = _WIN_ROWS[key] = [None] * 512
    best = hand[0]
    best_value = -99.0
    for card in hand:
        s = suit[card]
        above = (pool[s] & RANK_ABOVE[card]).bit_count()
        same = counts[s]
        is_trump = s == trump
        at = (above << 4 | same) << 1 | is_trump
        win = row[at]
        if win is None:
            win = row[at] = win_chance(size, hidden, above, 0 if is_trump else trumps, same,
                                       is_trump, t.or_trump)
        at_stake = stake[card] + AVERAGE_REPLY + edge
        spend = worth[card] * spend_factor
        v = win * at_stake - (1 - win) * at_stake - spend * (0.5 + 0.5 * (1 - win))
        if v > best_value:
            best, best_value = card, v
    return best


def playout(world: World, t: Tables, face_up: bool,
            guess: random.Random | None = None, counted: bool = False) -> list[int]:
    """Finish ``world``'s deal with the playout policy (:func:`lead`, :func:`reply`); the
    stock's worth to a trick's winner counts only when it is face up. Returns the cards
    played, in order.

    ``guess``: with a face-down stock (Shasta Sam), each lead made while the stock lasts is
    weighed against a guess at the other hand instead of the hand itself: as many cards drawn
    by ``guess`` from the other hand and the stock together (the cards the leader cannot
    see), so the playout's leader does not know what a real one cannot. Once the stock is
    empty the other hand is every unseen card, and the lead sees it. ``None`` (the default)
    weighs every lead against the other hand as it is.

    ``counted``: with a face-down stock, both seats play as the intermediate would
    (:func:`counted_lead`, counting the other hand and the stock as unseen, and
    :func:`counted_reply`) instead, and ``guess`` is not used. The intermediate beats the
    default policy played as a player (issue 16's tenth pass, docs/strength.md)."""
    played: list[int] = []
    hands = world.hands
    worth = t.worth
    hide = guess is not None and not face_up
    if counted and not face_up:
        # The cards not played yet, per suit: a leader cannot see those outside its own hand.
        alive = suit_masks(hands[0] + hands[1] + world.stock)
        while hands[0] or hands[1] or world.led != NO_CARD:
            stock = world.stock
            if world.led == NO_CARD:
                mine = suit_masks(hands[world.leader])
                pool = [alive[0] & ~mine[0], alive[1] & ~mine[1], alive[2] & ~mine[2],
                        alive[3] & ~mine[3]]
                card = counted_lead(hands[world.leader], pool, len(hands[1 - world.leader]),
                                    t, 0.0, bool(stock))
            else:
                card = counted_reply(legal(hands[1 - world.leader], world.led, t), world.led,
                                     t, 0.0, bool(stock))
            alive[card // 13] &= ~(1 << card % 13)
            play(world, card, t)
            played.append(card)
        return played
    while hands[0] or hands[1] or world.led != NO_CARD:
        edge = 0.0
        stock = world.stock
        if face_up and stock:
            edge = worth[stock[-1]] - worth[stock[-2]]
        if world.led == NO_CARD:
            seat = world.leader
            other = hands[1 - seat]
            if hide and stock and guess is not None:
                other = guess.sample(other + stock, len(other))
            card = lead(hands[seat], other, t, edge)
        else:
            card = reply(legal(hands[1 - world.leader], world.led, t), world.led, t, edge)[0]
        play(world, card, t)
        played.append(card)
    return played


def solve(world: World, seat: int, t: Tables, evaluate: Evaluator = value) -> float:
    """The exact value of ``world`` for ``seat`` under best play by both seats (alpha-beta
    with a transposition table), finished worlds valued by ``evaluate`` (by default
    :func:`value`, the deal's point difference). Any stock in the world is drawn in its
    order, so this is exact for the world as given; it is meant for small endings."""
    return _search(world, seat, t, -1e9, 1e9, {}, evaluate)


def solve_moves(world: World, moves: list[int], seat: int, t: Tables,
                evaluate: Evaluator = value) -> list[float]:
    """The exact value for ``seat`` of each of ``moves`` (legal cards for the seat to play in
    ``world``), as :func:`solve` would give after playing it; one transposition table serves
    them all (it keeps exact values only, so sharing it changes no answer)."""
    table: dict[tuple[object, ...], float] = {}
    out = []
    for card in moves:
        child = world.copy()
        play(child, card, t)
        out.append(_search(child, seat, t, -1e9, 1e9, table, evaluate))
    return out


def _search(world: World, seat: int, t: Tables, alpha: float, beta: float,
            table: dict[tuple[object, ...], float], evaluate: Evaluator) -> float:
    hands = world.hands
    if not hands[0] and not hands[1] and world.led == NO_CARD:
        return evaluate(world.points, world.honours, seat)
    to_play = world.turn
    key = (frozenset(hands[0]), frozenset(hands[1]), len(world.stock), world.leader, world.led,
           world.points[0] - world.points[1], world.honours[0], world.honours[1])
    hit = table.get(key)
    if hit is not None:
        return hit
    moves = sorted(legal(hands[to_play], world.led, t), key=lambda c: -(c % 13))
    maximizing = to_play == seat
    best = -1e9 if maximizing else 1e9
    a, b = alpha, beta
    for card in moves:
        child = world.copy()
        play(child, card, t)
        v = _search(child, seat, t, a, b, table, evaluate)
        if maximizing:
            if v > best:
                best = v
            if v > a:
                a = v
        else:
            if v < best:
                best = v
            if v < b:
                b = v
        if a >= b:
            break
    if alpha < best < beta:
        table[key] = best
    return best


@lru_cache(maxsize=128)
def win_chances(target: int) -> tuple[tuple[float, ...], ...]:
    """``chances[a][b]``: the chance that seat 0 wins a match to ``target`` from totals ``a``
    to ``b`` (both below ``target``) if each of a deal's four points (high, low, jack, game,
    counted in that order) went to either seat with even odds. A model for the search's
    evaluation, not a forecast."""
    memo: dict[tuple[int, int], float] = {}

    def chance(a: int, b: int) -> float:
        found = memo.get((a, b))
        if found is not None:
            return found
        total = 0.0
        for outcome in range(16):
            run = [a, b]
            decided = None
            for bit in range(4):
                who = (outcome >> bit) & 1
                run[who] += 1
                if run[who] >= target:
                    decided = who
                    break
            total += (1.0 if decided == 0 else 0.0) if decided is not None else chance(*run)
        memo[(a, b)] = total / 16
        return memo[(a, b)]

    return tuple(tuple(chance(a, b) for b in range(target)) for a in range(target))


def match_evaluator(target: int, before: tuple[int, int], tie: float = 0.002) -> Evaluator:
    """An :data:`Evaluator` for a match to ``target`` with the totals ``before`` this deal:
    the deal's points are counted in order (high, low, jack, game, :func:`match_winner
    <cassino_core.calijack.match.match_winner>`); a seat that reaches the target wins
    outright (worth ``+-scale``), otherwise the value is the :func:`win_chances` of the new
    totals. ``scale`` makes one point early in a match worth about 1, as in :func:`value`;
    card points break ties (``tie`` each, 0.002 by default; 0 gives fewer distinct values, so
    an exact search cuts off more and runs about a third faster)."""
    chances = win_chances(target)
    scale = 1.0
    if target > 1:
        scale = 1.0 / max(1e-6, chances[1][0] - chances[0][1])

    def evaluate(points: list[int], honours: list[int], seat: int) -> float:
        run = list(before)
        edge = tie * (points[seat] - points[1 - seat])
        for bit in (1, 2, 4):
            who = 0 if honours[0] & bit else (1 if honours[1] & bit else -1)
            if who >= 0:
                run[who] += 1
                if run[who] >= target:
                    return (scale if who == seat else -scale) + edge
        if points[0] != points[1]:
            who = 0 if points[0] > points[1] else 1
            run[who] += 1
            if run[who] >= target:
                return (scale if who == seat else -scale) + edge
        p = chances[run[0]][run[1]]
        if seat == 1:
            p = 1.0 - p
        return scale * (2.0 * p - 1.0) + edge

    return evaluate
