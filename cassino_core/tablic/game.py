"""One round of Tablić or Tablanette: the deal, legal moves, captures, sweeps (tablas), the
cards left at the end and the round's score.

A round uses the whole 52-card pack. Its state is an immutable :class:`RoundState`;
:class:`Round` keeps every state, so :meth:`Round.undo` restores the earlier one exactly.

Rules played (FAMILY.md §5.4; sources and readings in :mod:`cassino_core.tablic`):

- Values (:func:`values_of`): 2-10 at face value, an ace 1 or 11 as the player wishes, J 12,
  Q 13, K 14 [V]. Under ``jack_takes_all`` (Tablanette) the jack has no value.
- Deal: 4 cards face up to the table (``bury_jacks``: a jack among them goes to the bottom of
  the stock and the next card replaces it), then 6 to each player from the dealer's next seat;
  later deals give 6 each and nothing to the table, until the pack is used up [V].
- A move plays one card. A capture takes any non-empty set of table cards that splits into
  disjoint groups, each one card worth the played card's value or several cards adding up to
  it (an ace in a group counts 1 or 11; the played ace too, the same for every group)
  [V: pagat, FAMILY.md §5.4 test 3]. The player need not take every group there is, and may
  always lay the card on the table instead (a trail): capture is never compulsory
  [V: askarte, extramagazin]. There are no builds.
- Under ``jack_takes_all`` a jack takes every card on the table (on an empty table it is
  laid there, and only another jack can take it) [V: Parlett].
- A capture that leaves the table empty is a tabla (sweep): 1 point, or the pip total of the
  table cards it took (``tabla_scoring``); a jack's sweep scores nothing without
  ``jack_tabla``. A tabla made with the round's last card counts; the cards left on the table
  at the end (to the last capturer, or the dealer) never make one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..cards import JACK, Card, full_pack
from ..fishing.capture import (
    best_group_union,
    fitting_unions,
    group_masks,
    group_unions_of,
    splits_into_groups,
)
from ..fishing.deal import deal_hands, shuffled
from ..fishing.round import (
    BonusMove,
    FishingRound,
    FishingState,
    check_dealer,
    check_position,
)
from ..fishing.scoring import CountedScore, counted_score
from ..moves import Capture, IllegalMoveError, Move, Trail
from .rules import MOST_CARDS_POINTS, TABLE_CARDS, TablicRules

__all__ = ["CAPTURE_COUNT_LIMIT", "CARD_POINTS", "CARD_POINT_PARTS", "PAGE_MOVE_LIMIT",
           "SELECT_LISTED",
           "IllegalMoveError", "LastMove", "Round", "RoundScore", "RoundState", "Selection",
           "TablicMove", "captures", "deal_round", "pips", "position", "score_round", "select",
           "take_then_trail", "values_of"]

TablicMove = Trail | Capture
"""A move of Tablić: a trail or a capture."""

ACE: Final = 1
CARD_POINTS: Final[dict[Card, int]] = {
    **{Card(rank, s): 1 for rank in (ACE, 10, JACK, JACK + 1, JACK + 2) for s in "SHDC"},
    Card(10, "D"): 2, Card(2, "C"): 1}
"""Points the captured cards carry: each ace, king, queen, jack and ten 1, the 10♦ 2, the 2♣
1 (22 in all) [V: pagat, askarte, Parlett]."""

CARD_POINT_PARTS: Final[tuple[tuple[str, dict[Card, int]], ...]] = (
    ("aces", {Card(ACE, s): 1 for s in "SHDC"}),
    ("tens", {Card(10, s): 1 for s in "SHDC"}),
    ("courts", {Card(rank, s): 1 for rank in (JACK, JACK + 1, JACK + 2) for s in "SHDC"}),
    ("ten_of_diamonds", {Card(10, "D"): 1}),
    ("two_of_clubs", {Card(2, "C"): 1}),
)
""":data:`CARD_POINTS` split as a score sheet shows it: the aces (4), the tens (4), the
kings, queens and jacks (12), the 10♦'s point more (1) and the 2♣ (1); together they give
each card its :data:`CARD_POINTS`."""


def values_of(card: Card, rules: TablicRules) -> tuple[int, ...]:
    """The values ``card`` may count for in a capture: an ace ``(1, 11)``, a jack ``(12,)``
    or, under ``jack_takes_all``, ``()`` (no value), a queen ``(13,)``, a king ``(14,)``,
    any other card its rank [V: FAMILY.md §5.4 "Values"].

    >>> values_of(Card.parse("AS"), TablicRules()), values_of(Card.parse("KD"), TablicRules())
    ((1, 11), (14,))
    """
    if card.rank == ACE:
        return (1, 11)
    if card.rank == JACK:
        return () if rules.jack_takes_all else (12,)
    if card.rank > JACK:
        return (card.rank + 1,)
    return (card.rank,)


def pips(card: Card, rules: TablicRules) -> int:
    """A card's pips in a Tablanette sweep's total (our reading): an ace 1, a jack 0 when it
    has no value, any other card its lowest capture value."""
    return min(values_of(card, rules), default=0)


def captures(card: Card, table: Sequence[Card], rules: TablicRules) -> list[frozenset[Card]]:
    """Every set of ``table`` cards ``card`` may take (empty: none), each once, in a fixed
    order: under ``jack_takes_all`` a jack takes the whole table; otherwise every union of
    disjoint groups worth one of the card's values (:func:`~cassino_core.fishing.capture.
    group_unions_of`).

    >>> table = [Card.parse("AH"), Card.parse("TC")]
    >>> [sorted(map(str, s)) for s in captures(Card.parse("AS"), table, TablicRules())]
    [['AH'], ['AH', 'TC']]
    """
    if not table:
        return []
    if card.rank == JACK and rules.jack_takes_all:
        return [frozenset(table)]
    out: list[frozenset[Card]] = []
    seen: set[frozenset[Card]] = set()

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    for v in values_of(card, rules):
        for s in group_unions_of(v, table, value):
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


PAGE_MOVE_LIMIT: Final = 2000
"""The most legal moves a seat's view lists (Cassino's page limit too). Past it the view
lists each card's trail and heaviest capture only, and the page asks :func:`select` what the
cards it picks allow (issue 17: a 29-card table has 1.7 million captures, listed in 179 s)."""

CAPTURE_COUNT_LIMIT: Final = 100
"""How far a crowded table's view counts each hand card's captures (:meth:`RoundState.
capture_counts`)."""

SELECT_LISTED: Final = 6
"""How many fitting captures :func:`select` gives (the page's choice shows six)."""


@dataclass(frozen=True, slots=True)
class Selection:
    """What one hand card may take with some table cards chosen (:func:`select`).

    Attributes:
        fitting: up to :data:`SELECT_LISTED` captures that take every chosen card, the fewest
            cards first (the capture of exactly the chosen cards leads when it is legal).
        extendable: the table cards outside the choice that some fitting capture also takes.
        count: the fitting captures, counted each once up to ``cap + 1``.
        exact: ``count`` is their number (not cut short).
        trail: the card laid on the table (always legal in Tablić), or None for a card not
            in the hand.
    """

    fitting: tuple[Capture, ...]
    extendable: frozenset[Card]
    count: int
    exact: bool
    trail: Trail | None


def _group_lists(card: Card, table: Sequence[Card], rules: TablicRules) -> list[list[int]]:
    """The groups (masks of table positions) ``card`` may take, one list per value it may
    count; a Tablanette jack's one "group" is the whole table."""
    if not table:
        return []
    if card.rank == JACK and rules.jack_takes_all:
        return [[(1 << len(table)) - 1]]

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    return [group_masks(v, table, value) for v in values_of(card, rules)]


def take_then_trail(hand: Sequence[Card], take: Callable[[Card], frozenset[Card]]
                    ) -> list[TablicMove]:
    """For each card of ``hand`` in order: its capture of ``take(card)`` (none when that is
    empty), then its trail. One capture a card: what a crowded table's view lists and what
    the expert's search plays."""
    out: list[TablicMove] = []
    for card in hand:
        taken = take(card)
        if taken:
            out.append(Capture(card, taken))
        out.append(Trail(card))
    return out


def _heaviest(card: Card, table: Sequence[Card], rules: TablicRules) -> frozenset[Card]:
    """The capture of ``card`` with the most cards, then the most points (empty: none)."""
    if not table:
        return frozenset()
    if card.rank == JACK and rules.jack_takes_all:
        return frozenset(table)

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    def weight(c: Card) -> float:
        return 1.0 + CARD_POINTS.get(c, 0) / 100

    best: frozenset[Card] = frozenset()
    for v in values_of(card, rules):
        take = best_group_union(v, table, value, weight)
        if sum(map(weight, take)) > sum(map(weight, best)):
            best = take
    return best


def select(card: Card, table: Sequence[Card], rules: TablicRules, chosen: frozenset[Card],
           cap: int = PAGE_MOVE_LIMIT, listed: int = SELECT_LISTED) -> Selection:
    """What ``card`` may take from ``table`` together with the ``chosen`` table cards,
    without listing every capture (:func:`~cassino_core.fishing.capture.fitting_unions`):
    the page's way through a crowded table. A chosen card that is not on the table fits no
    capture. Groups as in :func:`captures` [V: pagat; FAMILY.md §5.4].

    >>> t = [Card.parse(c) for c in ("AH", "TC", "5S", "6D")]
    >>> s = select(Card.parse("AS"), t, TablicRules(), frozenset({Card.parse("AH")}))
    >>> [m.text() for m in s.fitting], sorted(map(str, s.extendable)), s.count
    (['AS x AH', 'AS x AH TC', 'AS x AH 5S 6D', 'AS x AH 5S 6D TC'], ['5S', '6D', 'TC'], 4)
    """
    where = {c: i for i, c in enumerate(table)}
    if not chosen <= where.keys():
        return Selection((), frozenset(), 0, True, Trail(card))
    picked = sum(1 << where[c] for c in chosen)
    fitting, more, count, exact = fitting_unions(_group_lists(card, table, rules), picked,
                                                 cap, listed)

    def cards(mask: int) -> frozenset[Card]:
        return frozenset(c for i, c in enumerate(table) if mask >> i & 1)

    return Selection(tuple(Capture(card, cards(m)) for m in fitting), cards(more), count,
                     exact, Trail(card))


LastMove = BonusMove
"""The move played most recently: ``seat``, ``move`` and the points of the tabla it made (0:
none; ``sweep`` is true when it made one)."""


@dataclass(frozen=True, slots=True)
class RoundState(FishingState):
    """The state of a round (immutable: :meth:`play` returns a new one).

    Attributes:
        rules: the rules in force; dealer: the dealing seat.
        hands: each seat's cards.
        table: the face-up table cards, in the order they were laid.
        stock: the undealt cards, the next one to be dealt first.
        piles: the cards each seat has captured, in order.
        bonuses: ``(seat, points)`` of each tabla that scores, in play order.
        turn: the seat to play (meaningless once ``finished``).
        last_capturer: the seat that captured most recently, or None.
        deal_number: the deal within the round, from 1.
        last: the move played most recently, or None.
        leftover: the cards taken from the table at the end of the round.
        finished: True once every card has been played and the table cleared.
    """

    rules: TablicRules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    bonuses: tuple[tuple[int, int], ...] = ()
    turn: int = 0
    last_capturer: int | None = None
    deal_number: int = 1
    last: LastMove | None = None
    leftover: tuple[Card, ...] = ()
    finished: bool = False

    # -- moves ---------------------------------------------------------------------------------

    def captures_of(self, card: Card) -> list[frozenset[Card]]:
        """The sets of table cards ``card`` may take now (:func:`captures`)."""
        return captures(card, self.table, self.rules)

    def legal_moves(self) -> list[TablicMove]:
        """Every legal move of the seat to play, in hand order: for each card its captures,
        then its trail (always allowed). Empty once the round is over."""
        if self.finished:
            return []
        out: list[TablicMove] = []
        for card in self.hands[self.turn]:
            out.extend(Capture(card, s) for s in self.captures_of(card))
            out.append(Trail(card))
        return out

    def page_moves(self, limit: int = PAGE_MOVE_LIMIT) -> tuple[tuple[TablicMove, ...], int | None]:
        """The moves a view lists, and how many legal moves there are (None: more than
        ``limit``, counted no further). Up to ``limit`` moves, :meth:`legal_moves`; past it,
        for each card its heaviest capture by card count (the most cards, then the most
        points) and its trail, so a view never costs the number of captures of a crowded
        table (issue 17). Empty once the round is over."""
        if self.finished:
            return (), 0
        total = 0
        for card in self.hands[self.turn]:
            lists = _group_lists(card, self.table, self.rules)
            _, _, count, exact = fitting_unions(lists, 0, limit - total, 0)
            # Counting cut short by its steps says nothing of the number: take it as many.
            total += 1 + (count if exact or count > limit - total else limit + 1)
            if total > limit:
                break
        if total <= limit:
            return tuple(self.legal_moves()), total
        return tuple(take_then_trail(self.hands[self.turn],
                                     lambda c: _heaviest(c, self.table, self.rules))), None

    def capture_counts(self, cap: int = CAPTURE_COUNT_LIMIT) -> dict[Card, int | None]:
        """How many captures each card of the seat to play has, counted without listing up
        to ``cap`` (None: more than ``cap``): what a crowded table's hand cards say (the view
        lists only the heaviest capture of each)."""
        out: dict[Card, int | None] = {}
        for card in () if self.finished else self.hands[self.turn]:
            _, _, count, exact = fitting_unions(_group_lists(card, self.table, self.rules), 0,
                                                cap, 0)
            out[card] = count if exact and count <= cap else None
        return out

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` with the reason unless ``move`` is legal now.

        Reasons: ``round_over``, ``not_allowed`` (a build or a pluck), ``not_in_hand``,
        ``not_on_table``, ``take_whole`` (a Tablanette jack taking less than the table),
        ``tablic_groups`` (cards that do not split into groups of the card's value),
        ``tablic_groups_ace`` (the same for an ace, worth 1 or 11).
        """
        card = self._card_to_play(move)
        if isinstance(move, Trail):
            return
        missing = [str(c) for c in move.take if c not in self.table]
        if missing:
            raise IllegalMoveError.of("not_on_table", cards=sorted(missing))
        rules = self.rules
        if card.rank == JACK and rules.jack_takes_all:
            if move.take != frozenset(self.table):
                raise IllegalMoveError.of("take_whole", card=str(card),
                                          cards=[str(c) for c in self.table])
            return
        take = sorted(move.take, key=self.table.index)

        def value(c: Card) -> tuple[int, ...]:
            return values_of(c, rules)

        if any(splits_into_groups(v, take, value) for v in values_of(card, rules)):
            return
        if card.rank == ACE:
            raise IllegalMoveError.of("tablic_groups_ace", card=str(card))
        raise IllegalMoveError.of("tablic_groups", card=str(card), value=value(card)[0])

    def tabla_of(self, move: TablicMove) -> int:
        """The points of the tabla ``move`` makes now (0: none): a capture that clears the
        table scores 1, or its pip total; a Tablanette jack's sweep nothing without
        ``jack_tabla`` (module docstring)."""
        if not isinstance(move, Capture) or len(move.take) != len(self.table):
            return 0
        rules = self.rules
        if move.card.rank == JACK and rules.jack_takes_all and not rules.jack_tabla:
            return 0
        if rules.tabla_scoring == "point":
            return 1
        return sum(pips(c, rules) for c in self.table)

    def _apply(self, move: TablicMove) -> RoundState:
        seat = self.turn
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        piles = self.piles
        bonuses = self.bonuses
        last_capturer = self.last_capturer
        points = 0
        if isinstance(move, Capture):
            points = self.tabla_of(move)
            taken = tuple(c for c in self.table if c in move.take)
            table = tuple(c for c in self.table if c not in move.take)
            pile = piles[seat] + taken + (move.card,)
            piles = (*piles[:seat], pile, *piles[seat + 1:])
            last_capturer = seat
            if points:
                bonuses = (*bonuses, (seat, points))
        else:
            table = (*self.table, move.card)
        state = replace(self, hands=tuple(hands), table=table, piles=piles, bonuses=bonuses,
                        last_capturer=last_capturer, turn=(seat + 1) % self.rules.players,
                        last=LastMove(seat, move, points))
        taker = self.dealer if self.rules.leftover == "dealer" else last_capturer
        return self._after_move(state, taker)

    # -- facts ---------------------------------------------------------------------------------

    last_card = FishingState.last_card_now
    """True when the seat to play holds the round's last card."""


def _opening(rules: TablicRules, pack: list[Card]) -> tuple[list[Card], list[Card]]:
    """The 4 table cards and the rest of the pack: the first 4 cards, or with ``bury_jacks``
    the first 4 that are not jacks, each jack met on the way put at the bottom of the rest
    [V: catsatcards, netplaces]."""
    if not rules.bury_jacks:
        return pack[:TABLE_CARDS], pack[TABLE_CARDS:]
    table: list[Card] = []
    rest = list(pack)
    while len(table) < TABLE_CARDS:
        card = rest.pop(0)
        if card.rank == JACK:
            rest.append(card)
        else:
            table.append(card)
    return table, rest


def deal_round(rules: TablicRules, dealer: int, rng: random.Random) -> RoundState:
    """Shuffle with ``rng`` (the match's own generator) and deal the round's first deal: 4 cards
    face up to the table, then 6 to each player from the dealer's next seat on (:mod:`.rules`,
    FAMILY.md §5.4 "Deal" [V]).

    Raises:
        ValueError: ``dealer`` is not a seat.
    """
    check_dealer(rules.players, dealer)
    first = (dealer + 1) % rules.players
    table, rest = _opening(rules, shuffled(full_pack(), rng))
    hands, stock = deal_hands(rest, rules.players, rules.hand_size, first)
    return RoundState(rules=rules, dealer=dealer, hands=hands, table=tuple(table), stock=stock,
                      piles=((),) * rules.players, turn=first)


RoundScore = CountedScore
"""A finished round's points per side [FAMILY.md §5.4 "Scoring" [V]]: the card points
(:data:`CARD_POINTS`, 22), 3 for strictly the most cards (a tie for the most, such as 26-26,
scores nothing [V: pagat]) and the tablas as ``bonuses``
(:class:`~cassino_core.fishing.scoring.CountedScore`)."""


def score_round(state: RoundState) -> RoundScore:
    """Score the cards captured so far (a finished round, or a hand-made part round)."""
    return counted_score(state.rules, state.side_piles(), state.bonuses, CARD_POINTS,
                         MOST_CARDS_POINTS, CARD_POINT_PARTS)


class Round(FishingRound[RoundState, TablicMove, RoundScore]):
    """A round in progress: the current :class:`RoundState` and every earlier one (for undo;
    :class:`~cassino_core.fishing.round.FishingRound`).

    >>> r = Round(deal_round(TablicRules(), 0, random.Random(1)))
    >>> r.state.turn, len(r.state.table), [len(h) for h in r.state.hands], len(r.state.stock)
    (1, 4, [6, 6], 36)
    """

    def score(self) -> RoundScore:
        """The score of the cards captured so far (the round's score once finished)."""
        return score_round(self.state)


def position(rules: TablicRules, *, hands: Sequence[Sequence[Card]],
             table: Sequence[Card] = (), stock: Sequence[Card] = (),
             piles: Sequence[Sequence[Card]] | None = None, turn: int = 0,
             dealer: int | None = None, last_capturer: int | None = None) -> RoundState:
    """A hand-made state (tests, puzzles). Cards need not make the whole pack, but none may
    appear twice.

    Raises:
        ValueError: a repeated card, the wrong number of hands or piles, a bad seat.
    """
    n = rules.players
    piles = check_position(n, hands=hands, table=table, stock=stock, piles=piles, turn=turn)
    return RoundState(rules=rules, dealer=(turn - 1) % n if dealer is None else dealer,
                      hands=tuple(tuple(h) for h in hands), table=tuple(table),
                      stock=tuple(stock), piles=tuple(tuple(p) for p in piles), turn=turn,
                      last_capturer=last_capturer)
