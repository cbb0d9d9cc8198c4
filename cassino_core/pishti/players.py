"""Computer players for Pishti, Xeri and Basra. Each sees only a :class:`PishtiView`.

One interface: ``choose(view, rng) -> move``, one of ``view.legal``. Levels (:data:`LEVELS`,
plus ``"random"``):

- ``random``: a uniformly random legal move (a baseline).
- ``beginner``: takes whenever it can (the most cards first, a jack last), else adds its
  lowest card of no points; one move in four is a random legal one.
- ``intermediate``: weighs each move by what it takes now (the cards' points, a share of the
  most-cards 3, the bonus) against what it leaves the next player: from the cards it has not
  seen, the chance that the next opponent holds a card that takes the table left (a card of
  the top card's rank or a jack; in Basra any reply), times what that reply would take,
  bonus included. It keeps its jacks for piles worth taking (card counting; no peeking).
- ``expert``: information-set tree search (:class:`cassino_core.pishti.ismcts.IsmctsPlayer`):
  one tree over what the seat knows, a fresh world dealt for every iteration (the cards it has
  not seen, consistent with its view and with what the other seats declined, below), played on
  to the end of the deal. Budget: ``iterations`` worlds (repeatable, for tournaments) and/or
  ``budget_ms`` of thinking time (default 1000 ms).

What a seat declined (:func:`declined_ranks`, pile games): a seat that added a card to the pile
instead of taking it holds no card of the rank it covered, until the next deal.

:data:`EXTRA_LEVELS` (for tournaments only): ``"expert_flat"``, the expert before issue 15's
measuring pass (:class:`ExpertPlayer`): it deals the cards it has not seen at random (the other
hands, the face-down middle cards, the stock above a shown bottom card); in every sampled world
it searches each legal move and the plies after it (alpha-beta, :data:`DEPTH` plies) with every
hand known, counting the worth of what each side takes (:func:`card_worth`) and each bonus, and
keeps the move with the best average, the intermediate's estimate steadying a small sample;
``"expert_flat_infer"``, the same reading what the other seats declined (its worlds give a
seat none of the ranks it declined, its estimate counts no risk from them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, Protocol

from ..cards import JACK, Card
from ..fishing.players import (
    ALL_LEVELS,
    DEFAULT_BUDGET_MS,
    LEVELS,
    BlunderPlayer,
    EstimatePlayer,
    RandomPlayer,
    SearchExpert,
    alpha_beta,
    chance_any,
    deal_unseen_hands,
    level_player,
)
from ..moves import Capture
from .game import CARD_POINTS, PishtiMove, RoundState
from .rules import MOST_CARDS_POINTS, PACK_SIZE
from .view import PishtiView

__all__ = ["ALL_LEVELS", "DEFAULT_BUDGET_MS", "DEPTH", "EXTRA_LEVELS", "LEVELS", "WIDE_DEPTH",
           "BeginnerPlayer", "ExpertPlayer", "IntermediatePlayer", "Player", "RandomPlayer",
           "card_worth", "declined_ranks", "estimate", "exposure", "leaf_value", "make_player",
           "move_gain", "sample_world", "search", "tournament_player"]

DEPTH: Final = 8
"""Most plies the expert searches in each sampled world (never past the end of the deal)."""
WIDE_DEPTH: Final = 4
"""Plies searched where moves branch widely (Basra's several-group captures, 6-card hands)."""
CARD_SHARE: Final = MOST_CARDS_POINTS / (PACK_SIZE // 2 + 1)
"""Each captured card's rough share of the 3 points for most cards."""
LEAF_SHARE: Final = 0.3
"""The share of the table's worth that the seat to play next is counted to win, at the
search's horizon."""
AVERAGE_WORTH: Final = 13 / 52 + CARD_SHARE
"""A card's average :func:`card_worth` (13 card points among 52 cards)."""
JACK_LEAF: Final = 0.8
"""What a jack still in hand at the search's horizon is worth to its side (beyond its point,
which the search counts when it is played)."""
EXTRA_LEVELS: Final = ("expert_flat", "expert_flat_infer")
"""Levels for measuring only (:func:`tournament_player`): the flat search over sampled worlds
(:class:`ExpertPlayer`), the page's expert before issue 15's measuring pass, without and with
reading what the other seats declined (module docstring)."""
JACK_KEEP: Final = 1.4
"""What keeping a jack in hand is worth: its own point, safe in hand, and a later pile it will
take whatever the top card."""


class Player(Protocol):
    """A computer player."""

    def choose(self, view: PishtiView, rng: random.Random) -> PishtiMove:
        """One of ``view.legal`` (never empty when the seat is to play)."""
        ...


def card_worth(card: Card) -> float:
    """Roughly what taking ``card`` is worth in round points: its own points (each jack and
    ace 1, 2♣ 2, 10♦ 3) and a share of the 3 for most cards."""
    return CARD_POINTS.get(card, 0) + CARD_SHARE


_chance_any = chance_any


def _probe(view: PishtiView, table: tuple[Card, ...], hidden: int) -> RoundState:
    """A state with ``table`` in the middle, only to ask what a card would take from it."""
    rules = view.rules
    return RoundState(rules=rules, dealer=view.dealer, hands=((),) * rules.players,
                      table=table, hidden=hidden, stock=(), piles=((),) * rules.players)


def declined_ranks(view: PishtiView) -> dict[int, frozenset[int]]:
    """What the other seats showed they lack, in a pile game (Pishti, Xeri): ``{seat: ranks}``.

    Every face-up pile card played in the current deal was added, not used to take: the seat
    that added it could have taken the pile with a card of the rank it covered (FAMILY.md
    §5.1, pagat: a card of the top card's rank takes the pile), and a card of that rank takes
    it with no cost, so that seat held none then, and holds none now (a deal adds no card to
    a hand). The pile cards of this deal are the top ``min(len(table), plies)`` ones, where
    ``plies`` counts the cards played since the deal (each hand started at ``hand_size``);
    they were played by the seats before ``view.last``'s seat in turn, latest first. Jacks
    are not read (a player may keep its jack for a bigger pile), nor Basra's floor, nor the
    viewer's own seat. Empty with no move made yet.

    >>> from cassino_core.pishti.rules import PRESETS
    >>> from cassino_core.pishti.game import position
    >>> from cassino_core.pishti.view import round_view
    >>> from cassino_core.moves import Trail
    >>> from cassino_core.cards import Card
    >>> s = position(PRESETS["pishti"], hands=[[Card.parse(c) for c in "3S 9D 4S 6C".split()],
    ...              [Card.parse(c) for c in "2D 3D 5H KC".split()]],
    ...              table=[Card.parse("8H")], turn=1, stock=[])
    >>> s = s.play(Trail(Card.parse("2D")))   # seat 1 covers the 8 instead of taking it
    >>> declined_ranks(round_view(s, 0))       # so it holds no eight (rank 8)
    {1: frozenset({8})}
    """
    rules = view.rules
    if rules.layout != "pile" or view.last is None:
        return {}
    plies = sum(max(0, rules.hand_size - count) for count in view.hand_counts)
    table = view.table
    out: dict[int, set[int]] = {}
    for i in range(min(len(table), plies)):
        k = len(table) - 1 - i
        seat = (view.last[0] - i) % rules.players
        if k >= 1 and seat != view.seat:
            out.setdefault(seat, set()).add(table[k - 1].rank)
    return {seat: frozenset(ranks) for seat, ranks in out.items()}


def exposure(view: PishtiView, table: tuple[Card, ...], hidden: int, last: bool,
             lacks: frozenset[int] = frozenset()) -> float:
    """The expected loss of leaving ``table`` (``hidden`` cards face down) to the next player:
    for each card it has not seen, the chance that the next player (an opponent) holds one
    like it, times the best it would take with it, bonus included; the largest product.
    ``lacks``: ranks the next player is known not to hold (:func:`declined_ranks`; they count
    for nothing, and its hand is dealt from the other unseen cards)."""
    if not table or last:
        return 0.0
    rules = view.rules
    nxt = (view.seat + 1) % rules.players
    if rules.side_of(nxt) == view.side:
        return 0.0
    unseen = view.unseen()
    hand = view.hand_counts[nxt] or (rules.hand_size if view.stock else 0)
    if not view.hand_counts[nxt]:
        lacks = frozenset()  # a fresh deal: what it declined says nothing of its next hand
    pool = len(unseen) - sum(1 for c in unseen if c.rank in lacks)
    probe = _probe(view, table, hidden)
    hidden_worth = hidden * (sum(card_worth(c) for c in unseen) / len(unseen) if unseen else 0)
    by_rank: dict[int, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(c.rank, []).append(c)
    worst = 0.0
    for rank, cards in by_rank.items():
        if rank in lacks:
            continue
        best = 0.0
        for c in cards:
            for take in probe.captures_of(c):
                got = (sum(card_worth(t) for t in take) + hidden_worth + card_worth(c)
                       + probe.bonus_of(Capture(c, take), False))
                best = max(best, got)
        if best:
            worst = max(worst, _chance_any(pool, hand, len(cards)) * best)
    return worst


def estimate(view: PishtiView, move: PishtiMove, lacks: frozenset[int] = frozenset()) -> float:
    """The intermediate's estimate of ``move``: its gain now less the exposure it leaves,
    less the worth of a jack spent on a pile of little worth. ``lacks``: ranks the next
    player is known not to hold (:func:`exposure`; the intermediate passes none)."""
    last = view.last_card
    probe = _probe(view, view.table, view.hidden)
    unseen = view.unseen()
    if isinstance(move, Capture):
        hidden_worth = view.hidden * (sum(card_worth(c) for c in unseen) / len(unseen)
                                      if unseen else 0)
        gain = (sum(card_worth(c) for c in move.take) + card_worth(move.card) + hidden_worth
                + probe.bonus_of(move, last))
        if view.rules.layout == "pile" or len(move.take) == len(view.table):
            left: tuple[Card, ...] = ()
        else:
            left = tuple(c for c in view.table if c not in move.take)
        if move.card.rank == JACK and not last:
            gain -= JACK_KEEP
        return gain - 0.9 * exposure(view, left, 0, last, lacks)
    table = (*view.table, move.card)
    penalty = 0.3 * CARD_POINTS.get(move.card, 0) + (JACK_KEEP if move.card.rank == JACK else 0)
    return -penalty - 0.9 * exposure(view, table, view.hidden, last, lacks)


class IntermediatePlayer(EstimatePlayer):
    """Gain against exposure, with card counting (module docstring): the move with the best
    :func:`estimate`."""

    def __init__(self) -> None:
        super().__init__(estimate)


class BeginnerPlayer(BlunderPlayer):
    """Takes whenever it can, else adds a low card; a random move with probability
    ``blunder``."""

    def plausible(self, view: PishtiView, legal: list[PishtiMove],
                  rng: random.Random) -> PishtiMove:
        """The move meant (class docstring)."""
        caps = [m for m in legal if isinstance(m, Capture)]
        if caps:
            return max(caps, key=lambda m: (m.card.rank != JACK, len(m.take), rng.random()))
        return min(legal, key=lambda m: (CARD_POINTS.get(m.card, 0), m.card.rank == JACK,
                                         m.card.rank, rng.random()))


def _deal_lacking(view: PishtiView, unseen: list[Card],
                  lacks: dict[int, frozenset[int]]) -> tuple[tuple[tuple[Card, ...], ...],
                                                             list[Card]]:
    """The hands of a sampled world when some seats lack ranks: each other seat, in seat
    order, gets the first cards of ``unseen`` (shuffled) not of a rank it lacks (others when
    too few are left); and the unseen cards not dealt, in their order."""
    rest = list(unseen)
    hands: list[tuple[Card, ...]] = []
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            hands.append(tuple(view.hand))
            continue
        avoid = lacks.get(seat, frozenset())
        fits = [c for c in rest if c.rank not in avoid][:count]
        if len(fits) < count:
            fits += [c for c in rest if c.rank in avoid][:count - len(fits)]
        chosen = set(fits)
        hands.append(tuple(fits))
        rest = [c for c in rest if c not in chosen]
    return tuple(hands), rest


def sample_world(view: PishtiView, state_bonuses: tuple[tuple[int, int], ...],
                 rng: random.Random,
                 lacks: dict[int, frozenset[int]] | None = None) -> RoundState:
    """A full round state consistent with ``view``: the unseen cards dealt at random to the
    other hands and the face-down middle cards (their sizes kept) and the stock (its size
    kept, a shown bottom card last). Unseen cards left over (the face-down cards another
    seat took, or cards outside a hand-made position) are out of play in that world.
    ``lacks``: ranks a seat is known not to hold (:func:`declined_ranks`); its hand is dealt
    from the other unseen cards (a uniform draw among such worlds for one such seat)."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    if lacks:
        hands, unseen = _deal_lacking(view, unseen, lacks)
        at = 0
    else:
        hands, at = deal_unseen_hands(view, unseen)
    down = tuple(unseen[at:at + view.hidden])
    at += view.hidden
    if view.bottom is not None:
        stock = (*unseen[at:at + view.stock - 1], view.bottom)
    else:
        stock = tuple(unseen[at:at + view.stock])
    return RoundState(rules=view.rules, dealer=view.dealer, hands=tuple(hands),
                      table=down + view.table, hidden=view.hidden, secret=down,
                      stock=stock, piles=view.piles, bonuses=state_bonuses, turn=view.seat,
                      last_capturer=view.last_capturer, deal_number=view.deal_number)


def move_gain(state: RoundState, after: RoundState) -> float:
    """What the move from ``state`` to ``after`` won for the side that made it: the worth of
    the cards taken (face-down ones too), its bonus, and when it ends the round the worth of
    the cards the last capturer takes (added for that side, taken off for another)."""
    last = after.last
    assert last is not None
    gain = 0.0
    move = last.move
    if isinstance(move, Capture):
        whole = state.rules.layout == "pile" or len(move.take) == len(state.table)
        taken = state.table if whole else tuple(move.take)
        gain = card_worth(move.card) + last.bonus + sum(card_worth(c) for c in taken)
    if after.finished and after.leftover and after.last_capturer is not None:
        left = sum(card_worth(c) for c in after.leftover)
        rules = state.rules
        same = rules.side_of(after.last_capturer) == rules.side_of(state.turn)
        gain += left if same else -left
    return gain


def leaf_value(state: RoundState, side: int) -> float:
    """What the search's horizon leaves ``side``: each jack still in a hand, :data:`JACK_LEAF`
    for its holder's side (it will take a pile later); and the table, whose first chance the
    seat to play next has, so :data:`LEAF_SHARE` of its worth (face-down cards at an average
    worth) counts for that seat's side and against the other."""
    rules = state.rules
    value = 0.0
    for seat, hand in enumerate(state.hands):
        jacks = sum(1 for c in hand if c.rank == JACK)
        value += JACK_LEAF * jacks if rules.side_of(seat) == side else -JACK_LEAF * jacks
    if not state.table:
        return value
    worth = sum(card_worth(c) for c in state.visible) + state.hidden * AVERAGE_WORTH
    share = LEAF_SHARE * worth
    return value + (share if rules.side_of(state.turn) == side else -share)


def search(state: RoundState, side: int, depth: int, alpha: float = -1e9,
           beta: float = 1e9) -> float:
    """The worth ``side`` gains over the next ``depth`` plies of ``state`` (every hand known:
    one sampled world), every seat playing its best: ``side``'s seats maximise, the others
    minimise (alpha-beta). It stops at ``depth``, at the end of the deal (the next hands are
    not known) or at the end of the round."""
    return alpha_beta(state, side, depth, move_gain, leaf_value, alpha, beta)


class ExpertPlayer(SearchExpert[PishtiMove]):
    """Determinized search over sampled worlds, the flat expert of :data:`EXTRA_LEVELS`
    (module docstring).

    Attributes:
        last_values: the averaged value of each legal move at the last decision.
    """

    DEPTH = DEPTH

    def __init__(self, *, budget_ms: int | None = DEFAULT_BUDGET_MS,
                 iterations: int | None = None, depth: int | None = None,
                 infer: bool = False) -> None:
        """``infer``: read what the other seats declined (:func:`declined_ranks`); the rest
        as :class:`~cassino_core.fishing.players.SearchExpert`."""
        super().__init__(budget_ms=budget_ms, iterations=iterations, depth=depth)
        self.infer = infer

    def plan(self, view: PishtiView) -> tuple[Callable[[random.Random], RoundState],
                                              Callable[[RoundState, RoundState], float]]:
        """Worlds dealt by :func:`sample_world`; a move's value in one is what it takes now,
        then the search of the plies after it (module docstring)."""
        rules = view.rules
        wide = rules.layout == "floor" or rules.hand_size > 4 or rules.players > 2
        depth = min(self.depth, WIDE_DEPTH) if wide else self.depth
        side = view.side
        lacks = declined_ranks(view) if self.infer else {}

        def value(world: RoundState, after: RoundState) -> float:
            return move_gain(world, after) + search(after, side, depth - 1)

        return (lambda rng: sample_world(view, view.bonuses, rng, lacks)), value

    def estimate(self, view: PishtiView, move: PishtiMove) -> float:
        """The intermediate's :func:`estimate` (with the next seat's declined ranks when
        ``infer``), the prior the averages lean on."""
        if not self.infer:
            return estimate(view, move)
        nxt = (view.seat + 1) % view.rules.players
        return estimate(view, move, declined_ranks(view).get(nxt, frozenset()))


def make_player(level: str, *, budget_ms: int | None = None,
                iterations: int | None = None) -> Player:
    """A player of ``level`` (``"random"``, ``"beginner"``, ``"intermediate"``, ``"expert"``);
    ``budget_ms`` and ``iterations`` matter to the expert only (with neither, 1000 ms).

    Raises:
        ValueError: an unknown level (named), or a budget below 1.
    """
    player: Player = level_player(level, budget_ms, iterations, beginner=BeginnerPlayer,
                                  intermediate=IntermediatePlayer, expert=_tree_expert)
    return player


def _tree_expert(*, budget_ms: int | None, iterations: int | None) -> Player:
    """The page's expert (:class:`cassino_core.pishti.ismcts.IsmctsPlayer`)."""
    from .ismcts import IsmctsPlayer  # it builds on this module
    return IsmctsPlayer(budget_ms=budget_ms, iterations=iterations)


def tournament_player(level: str, *, budget_ms: int | None = None,
                      iterations: int | None = None) -> Player:
    """A player of one of the page's levels (:func:`make_player`) or of
    :data:`EXTRA_LEVELS`, for measuring.

    Raises:
        ValueError: an unknown level (named), or a budget below 1.
    """
    if level in EXTRA_LEVELS:
        make_player("expert", budget_ms=budget_ms, iterations=iterations)  # checks the budgets
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations,
                            infer=level == "expert_flat_infer")
    return make_player(level, budget_ms=budget_ms, iterations=iterations)
