"""Computer players for California Jack and Shasta Sam. Each sees only a :class:`JackView`.

One interface: ``choose(view, rng) -> Card`` returns one of ``view.legal``. Levels
(:data:`LEVELS`, plus ``"random"``):

- ``random``: a uniformly random legal card (a baseline).
- ``beginner``: plays sensible-looking cards by simple rules of thumb (follow low, win a trick
  holding points cheaply, lead the lowest card) and a random legal card one time in four.
- ``intermediate``: counts cards (what is unseen, which cards the opponent is known to hold from
  the face-up stock) and weighs each card by the trick it wins or loses and by the stock card it
  brings: it fights for a valuable stock top and lets a poor one go, hoping for the card below.
- ``expert``: determinized sampling. It deals the hidden cards at random in every way consistent
  with its view (the opponent's known cards stay in its hand, the visible stock top stays on
  top), plays each legal card in every sampled world and finishes the deal with a fast playout,
  and keeps the card with the best average points (steadied, while the sample is small, by the
  intermediate's estimate). Once the stock is empty nothing is hidden
  (every card not in its hand or already played is in the opponent's), so it solves the rest of
  the deal exactly by alpha-beta search. Budget: ``iterations`` sampled worlds (repeatable, for
  tournaments) and/or ``budget_ms`` of thinking time (default 1000 ms).
"""

from __future__ import annotations

import random
import time
from math import comb
from typing import Final, Protocol

from ..cards import Card
from .cards import beats, card_points, power
from .view import JackView

LEVELS: Final = ("beginner", "intermediate", "expert")
"""The levels offered to people; ``"random"`` is accepted too."""

ALL_LEVELS: Final = ("random", *LEVELS)

DEFAULT_BUDGET_MS: Final = 1000
PRIOR_WEIGHT: Final = 4.0
"""How strongly the expert's sampled averages lean on the intermediate's estimate: the weight is
``PRIOR_WEIGHT / (PRIOR_WEIGHT + sqrt(worlds))`` (0.42 after 30 worlds, 0.11 after 1000)."""
POINT_WEIGHT: Final = 0.035
"""Match points per card point, roughly: a lead of 10 card points moves "game" noticeably."""


class Player(Protocol):
    """A computer player."""

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """One of ``view.legal`` (never empty when the seat is to play)."""
        ...


def is_honour(card: Card, trump: str) -> bool:
    """True for the ace, two and jack of trumps (each worth a point to its taker)."""
    return card.suit == trump and card.rank in (1, 2, 11)


def stake(card: Card, trump: str) -> float:
    """What winning ``card`` in a trick is worth, in match points: 1 for high, low or jack of
    trumps, plus its card points toward game."""
    return (1.0 if is_honour(card, trump) else 0.0) + POINT_WEIGHT * card_points(card)


def holding_worth(card: Card, trump: str) -> float:
    """Rough worth of holding ``card`` for the tricks to come (its power and what it brings)."""
    if card.suit == trump:
        worth = 0.25 + 0.04 * power(card)
        if card.rank == 1:
            worth += 1.0  # high can never be lost
        elif card.rank == 11:
            worth += 0.6
        elif card.rank == 2:
            worth += 0.3
        return worth
    return {14: 0.35, 13: 0.2, 12: 0.1, 10: 0.25}.get(power(card), 0.03)


def _beaters(card: Card, trump: str, cards: list[Card]) -> tuple[int, int]:
    """How many of ``cards`` beat ``card`` as a lead by suit, and how many are trumps that beat
    it by trumping (only when ``card`` is not a trump)."""
    suit = sum(1 for c in cards if c.suit == card.suit and power(c) > power(card))
    trumps = 0 if card.suit == trump else sum(1 for c in cards if c.suit == trump)
    return suit, trumps


def _chance_any(pool: int, hand: int, good: int) -> float:
    """Chance that ``hand`` cards dealt from ``pool`` include at least one of ``good``."""
    if hand <= 0 or good <= 0 or pool <= 0:
        return 0.0
    hand = min(hand, pool)
    good = min(good, pool)
    return 1.0 - comb(pool - good, hand) / comb(pool, hand)


def lead_win_chance(view: JackView, card: Card) -> float:
    """Estimated chance that ``card`` led now wins the trick (card counting: only cards the seat
    has not seen, or knows in the other hand, can beat it)."""
    trump = view.trump
    known = list(view.known[view.opponent])
    suit_k, trump_k = _beaters(card, trump, known)
    if suit_k:
        return 0.05
    unseen = view.unseen()
    hidden = view.hand_counts[view.opponent] - len(known)
    suit_u, trump_u = _beaters(card, trump, unseen)
    p_suit = _chance_any(len(unseen), hidden, suit_u)
    if card.suit == trump or any(c.suit == card.suit for c in known):
        p_void = 0.0
    else:
        same_suit = sum(1 for c in unseen if c.suit == card.suit)
        p_void = 1.0 - _chance_any(len(unseen), hidden, same_suit)
    p_trump = p_void * (1.0 if trump_k else _chance_any(len(unseen), hidden, trump_u))
    return max(0.0, 1.0 - p_suit - (1.0 - p_suit) * p_trump)


def _average_draw(view: JackView) -> float:
    unseen = [c for c in view.unseen() if c != view.stock_top]
    if not unseen:
        return 0.0
    return sum(holding_worth(c, view.trump) for c in unseen) / len(unseen)


def draw_edge(view: JackView) -> float:
    """What winning the current trick is worth through the stock: the visible top card against
    an average unseen card for the loser (California Jack), 0 when the stock is face down or
    empty."""
    if view.stock_top is None:
        return 0.0
    return holding_worth(view.stock_top, view.trump) - _average_draw(view)


class RandomPlayer:
    """A uniformly random legal card."""

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """A random legal card."""
        return rng.choice(view.legal)


class BeginnerPlayer:
    """Rules of thumb with mistakes (see the module docstring)."""

    def __init__(self, blunder: float = 0.25) -> None:
        self.blunder = blunder

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """A plausible card, or a random one with probability ``blunder``."""
        legal = list(view.legal)
        if len(legal) == 1 or rng.random() < self.blunder:
            return rng.choice(legal)
        trump = view.trump
        low_first = sorted(legal, key=lambda c: (c.suit == trump, card_points(c), power(c)))
        if not view.trick:
            return low_first[0]
        led = view.trick[0][1]
        winners = [c for c in legal if beats(c, led, trump)]
        if winners and (stake(led, trump) >= 0.3 or led.rank == 1):
            return min(winners, key=lambda c: (c.suit == trump, power(c)))
        return low_first[0]


class IntermediatePlayer:
    """One-trick look-ahead with card counting and the visible stock card (module docstring)."""

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """The legal card with the best estimate; ties broken by ``rng``."""
        scored = [(self.evaluate(view, c), rng.random(), c) for c in view.legal]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def evaluate(self, view: JackView, card: Card) -> float:
        """Estimated match points gained by playing ``card`` now, for this seat."""
        trump = view.trump
        edge = draw_edge(view) if view.stock else 0.0
        spend = holding_worth(card, trump) * (0.6 if view.stock else 0.3)
        if view.trick:
            led = view.trick[0][1]
            at_stake = stake(led, trump) + stake(card, trump)
            if beats(card, led, trump):
                return at_stake + edge - spend
            return -at_stake - edge - 0.3 * spend
        win = lead_win_chance(view, card)
        mine = stake(card, trump)
        reply = 0.1  # an average reply's worth
        return (win * (mine + reply + edge) - (1 - win) * (mine + reply + edge)
                - spend * (0.5 + 0.5 * (1 - win)))


# -- the expert ---------------------------------------------------------------------------------


class _World:
    """One determinized deal for search: every card placed. Cards are Card objects; the
    accumulators hold the card points and honours won so far."""

    __slots__ = ("hands", "honours", "leader", "points", "stock", "trick", "trump")

    def __init__(self, hands: list[list[Card]], stock: list[Card], leader: int,
                 trick: list[Card], trump: str, points: list[int],
                 honours: list[int]) -> None:
        self.hands = hands
        self.stock = stock
        self.leader = leader
        self.trick = trick
        self.trump = trump
        self.points = points
        self.honours = honours


def _world_value(points: list[int], honours: list[int], seat: int) -> float:
    """The deal's final point difference for ``seat`` (honours and game), with a small
    tie-break by card points."""
    diff = honours[seat] - honours[1 - seat]
    if points[seat] > points[1 - seat]:
        diff += 1
    elif points[seat] < points[1 - seat]:
        diff -= 1
    return diff + 0.002 * (points[seat] - points[1 - seat])


def _reply(hand: list[Card], lead: Card, trump: str, edge: float) -> tuple[Card, bool]:
    """The playout's reply to ``lead`` from the legal cards ``hand``, and whether it wins: win
    as cheaply as possible when the trick (with ``edge``, the stock's worth to the winner) is
    worth it, else give away the least valuable card."""
    best: Card | None = None
    best_cost = 99.0
    cheapest: Card | None = None
    cheapest_cost = 99.0
    for card in hand:
        worth = holding_worth(card, trump)
        if beats(card, lead, trump):
            if worth < best_cost:
                best, best_cost = card, worth
        else:
            cost = worth + stake(card, trump)
            if cost < cheapest_cost:
                cheapest, cheapest_cost = card, cost
    if best is not None and (cheapest is None or stake(lead, trump) + edge
                             + stake(best, trump) > 0.6 * best_cost - 0.05):
        return best, True
    assert cheapest is not None
    return cheapest, False


def _playout_lead(hand: list[Card], other: list[Card], trump: str, edge: float) -> Card:
    """The playout's lead: each card against the reply the other hand would make (both hands
    are known in a sampled world), weighing the trick, the stock's worth and the card spent."""
    best = hand[0]
    best_value = -99.0
    for card in hand:
        suited = [c for c in other if c.suit == card.suit]
        reply, wins = _reply(suited or other, card, trump, edge)
        swing = stake(card, trump) + stake(reply, trump) + edge
        value = (-swing if wins else swing) - 0.5 * holding_worth(card, trump)
        if value > best_value:
            best, best_value = card, value
    return best


def _play_world(world: _World, card: Card) -> None:
    """Apply ``card`` for the seat to play in ``world`` (legal by construction)."""
    trump = world.trump
    seat = world.leader if not world.trick else 1 - world.leader
    world.hands[seat].remove(card)
    if not world.trick:
        world.trick.append(card)
        return
    led = world.trick[0]
    winner = seat if beats(card, led, trump) else world.leader
    for c in (led, card):
        world.points[winner] += card_points(c)
        if c.suit == trump and c.rank in (1, 2, 11):
            world.honours[winner] += 1
    world.trick.clear()
    world.leader = winner
    if world.stock:
        world.hands[winner].append(world.stock.pop())
        world.hands[1 - winner].append(world.stock.pop())


def _legal(hand: list[Card], trick: list[Card]) -> list[Card]:
    if trick:
        suited = [c for c in hand if c.suit == trick[0].suit]
        if suited:
            return suited
    return hand


def _playout(world: _World, face_up: bool) -> None:
    """Finish ``world``'s deal with the fast playout policy (:func:`_playout_lead`,
    :func:`_reply`); the stock's worth to a trick's winner counts only when it is face up."""
    trump = world.trump
    while world.hands[0] or world.hands[1]:
        edge = 0.0
        if face_up and world.stock:
            edge = holding_worth(world.stock[-1], trump) - holding_worth(world.stock[-2], trump)
        if not world.trick:
            seat = world.leader
            card = _playout_lead(world.hands[seat], world.hands[1 - seat], trump, edge)
        else:
            seat = 1 - world.leader
            card = _reply(_legal(world.hands[seat], world.trick), world.trick[0], trump, edge)[0]
        _play_world(world, card)


def solve_exact(world: _World, seat: int, alpha: float = -99.0, beta: float = 99.0) -> float:
    """The exact value of ``world`` for ``seat`` when the stock is empty (alpha-beta)."""
    table: dict[tuple[object, ...], float] = {}
    return _search(world, seat, alpha, beta, table)


def _search(world: _World, seat: int, alpha: float, beta: float,
            table: dict[tuple[object, ...], float]) -> float:
    if not world.hands[0] and not world.hands[1] and not world.trick:
        return _world_value(world.points, world.honours, seat)
    to_play = world.leader if not world.trick else 1 - world.leader
    key = (frozenset(world.hands[0]), frozenset(world.hands[1]), world.leader,
           world.trick[0] if world.trick else None, world.points[0] - world.points[1],
           world.honours[0] - world.honours[1])
    hit = table.get(key)
    if hit is not None:
        return hit
    moves = sorted(_legal(world.hands[to_play], world.trick),
                   key=lambda c: (-power(c), c.suit))
    maximizing = to_play == seat
    best = -99.0 if maximizing else 99.0
    a, b = alpha, beta
    for card in moves:
        saved = (world.leader, list(world.trick), list(world.points), list(world.honours))
        _play_world(world, card)
        value = _search(world, seat, a, b, table)
        # undo (the stock is empty, so nothing was drawn)
        world.leader, world.trick, world.points, world.honours = saved
        world.hands[to_play].append(card)
        if maximizing:
            best = max(best, value)
            a = max(a, value)
        else:
            best = min(best, value)
            b = min(b, value)
        if a >= b:
            break
    if alpha < best < beta:
        table[key] = best
    return best


def _base_world(view: JackView) -> tuple[list[Card], int, list[int], list[int]]:
    """The hidden cards, how many of them the opponent holds, and the points and honours won."""
    trump = view.trump
    points = [sum(card_points(c) for c in view.won[s]) for s in (0, 1)]
    honours = [sum(1 for c in view.won[s] if is_honour(c, trump)) for s in (0, 1)]
    hidden = view.unseen()
    opp_hidden = view.hand_counts[view.opponent] - len(view.known[view.opponent])
    return hidden, opp_hidden, points, honours


def sample_world(view: JackView, rng: random.Random) -> _World:
    """One placement of the hidden cards consistent with ``view``: the opponent keeps its known
    cards and gets ``hand_counts`` minus those from the unseen cards, the stock gets the rest
    under its visible top. ``_World.stock`` is drawn from its end."""
    hidden, opp_hidden, points, honours = _base_world(view)
    rng.shuffle(hidden)
    opp = [*view.known[view.opponent], *hidden[:opp_hidden]]
    # In a whole deal the stock takes every other hidden card; a hand-made part deal may leave
    # cards out of play, and those go nowhere.
    below = view.stock - (1 if view.stock_top is not None else 0)
    rest = hidden[opp_hidden:opp_hidden + below]
    if view.stock_top is not None:
        rest.append(view.stock_top)  # drawn first
    hands: list[list[Card]] = [[], []]
    hands[view.seat] = list(view.hand)
    hands[view.opponent] = opp
    return _World(hands, rest, view.leader, [c for _, c in view.trick], view.trump, points,
                  honours)


def _copy(world: _World) -> _World:
    return _World([list(world.hands[0]), list(world.hands[1])], list(world.stock), world.leader,
                  list(world.trick), world.trump, list(world.points), list(world.honours))


class ExpertPlayer:
    """Determinized sampling with playouts; exact alpha-beta once the stock is empty.

    Args:
        budget_ms: thinking time per move in milliseconds (default 1000 when ``iterations`` is
            not given either).
        iterations: sampled worlds per move; with ``iterations`` alone the choice depends only
            on the view and ``rng`` (repeatable). With both, it stops at whichever comes first.
    """

    def __init__(self, budget_ms: int | None = None, iterations: int | None = None) -> None:
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.last_values: dict[Card, float] = {}
        self.last_exact = False

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """The legal card with the best average (or exact) value for this seat."""
        values = self.values(view, rng)
        best = max(values.values())
        return next(c for c in view.legal if values[c] == best)

    def values(self, view: JackView, rng: random.Random) -> dict[Card, float]:
        """Each legal card's estimated (or, with an empty stock, exact) final point difference
        for this seat in this deal."""
        legal = list(view.legal)
        self.last_exact = False
        if len(legal) == 1:
            self.last_values = {legal[0]: 0.0}
            return self.last_values
        if view.stock == 0:
            world = sample_world(view, rng)  # nothing hidden: the only world there is
            out: dict[Card, float] = {}
            for card in legal:
                trial = _copy(world)
                _play_world(trial, card)
                out[card] = solve_exact(trial, view.seat)
            self.last_exact = True
            self.last_values = out
            return out
        totals = dict.fromkeys(legal, 0.0)
        deadline = (None if self.budget_ms is None
                    else time.perf_counter() + self.budget_ms / 1000.0)
        done = 0
        face_up = view.rules.face_up_stock
        while True:
            world = sample_world(view, rng)
            for card in legal:
                trial = _copy(world)
                _play_world(trial, card)
                _playout(trial, face_up)
                totals[card] += _world_value(trial.points, trial.honours, view.seat)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        # The intermediate's one-trick judgement steadies a small sample: its weight fades as
        # the sampled worlds grow in number.
        prior = PRIOR_WEIGHT / (PRIOR_WEIGHT + done ** 0.5)
        judge = IntermediatePlayer()
        self.last_values = {c: v / done + prior * judge.evaluate(view, c)
                            for c, v in totals.items()}
        return self.last_values


def make_player(level: str, *, budget_ms: int | None = None,
                iterations: int | None = None) -> Player:
    """A player of ``level`` (``"random"``, ``"beginner"``, ``"intermediate"``, ``"expert"``);
    ``budget_ms`` and ``iterations`` matter to the expert only.

    Raises:
        ValueError: an unknown level (named), or a budget below 1.
    """
    for name, value in (("budget_ms", budget_ms), ("iterations", iterations)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")
    if level == "random":
        return RandomPlayer()
    if level == "beginner":
        return BeginnerPlayer()
    if level == "intermediate":
        return IntermediatePlayer()
    if level == "expert":
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations)
    raise ValueError(f"unknown level {level!r}; known: {', '.join(ALL_LEVELS)}")
