"""One round of Cassino: the deal, the turns, applying moves, and the end of the round.

A round is a sequence of immutable :class:`RoundState` values; :class:`Round` keeps the stack of
them, so :meth:`Round.undo` restores an earlier state exactly. The deals are part of the state
changes: when every hand is empty the next deal follows from the stock at once [PAG §3.2].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .cards import Card, shuffled_pack, sort_key
from .movegen import is_legal, legal_moves
from .moves import BuildMove, Capture, IllegalMoveError, Move, Trail
from .rules import Rules
from .scoring import RoundScore, score_round
from .table import Build, PositionError, card_value

TABLE = -1
"""Stands for the table in a deal order."""


def deal_order(rules: Rules, dealer: int, first_deal: bool) -> list[int]:
    """Where each packet of a deal goes, in order: seats, and :data:`TABLE`.

    Each pass gives a packet to every player from the dealer's left, the table's packet just
    before the dealer's own [PAG §3.1][FOS][S000]; two passes of two cards (or four of one).
    Only the first deal of a round gives cards to the table.
    """
    n = rules.players
    one_pass = [(dealer + i) % n for i in range(1, n)]
    if first_deal:
        one_pass.append(TABLE)
    one_pass.append(dealer)
    return one_pass * (4 // rules.deal_packet)


@dataclass(frozen=True, slots=True)
class RoundState:
    """Everything about a round at one moment. Immutable: moves make new states.

    Attributes:
        rules: the rules in force.
        dealer: the dealing seat; the seat on its left plays first in every deal.
        hands: each seat's cards, in the order dealt.
        loose: loose table cards, oldest first.
        builds: builds on the table, oldest first.
        stock: undealt cards, next card first.
        piles: captured cards per seat (the capturing card included).
        sweeps: sweeps made per seat.
        turn: the seat to play (meaningless once ``finished``).
        deal: number of the current deal, from 1.
        last_capturer: the seat that captured last, or None.
        last_moves: each seat's latest move this round, or None.
        swept: whether each seat's latest move was a sweep.
        raised: whether each seat's latest move raised a single build to a new value.
        finished: True once the last card is played and the table is cleared.
    """

    rules: Rules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    turn: int
    deal: int = 1
    last_capturer: int | None = None
    last_moves: tuple[Move | None, ...] = ()
    swept: tuple[bool, ...] = ()
    raised: tuple[bool, ...] = ()
    finished: bool = False

    @property
    def last_deal(self) -> bool:
        """True during the final deal of the round (the dealer announces "last") [PAG §3.3]."""
        return not self.stock

    @property
    def table_cards(self) -> frozenset[Card]:
        """Every card on the table, loose or in builds."""
        return frozenset(self.loose).union(*(b.cards for b in self.builds))

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play (empty once the round is finished)."""
        if self.finished:
            return []
        return legal_moves(self.rules, self.hands[self.turn], self.loose, self.builds, self.turn)

    def score(self) -> RoundScore:
        """The round's score per side (piles of partners added).

        Raises:
            ValueError: the round is not finished.
        """
        if not self.finished:
            raise ValueError("the round is not finished yet")
        sides = self.rules.sides
        piles: list[list[Card]] = [[] for _ in range(sides)]
        sweeps = [0] * sides
        for seat, pile in enumerate(self.piles):
            piles[self.rules.side_of(seat)].extend(pile)
            sweeps[self.rules.side_of(seat)] += self.sweeps[seat]
        return score_round(self.rules, piles, sweeps)


def new_round(rules: Rules, dealer: int, rng: random.Random) -> RoundState:
    """Shuffle with ``rng`` and make the first deal of a round."""
    n = rules.players
    empty = RoundState(rules=rules, dealer=dealer, hands=((),) * n, loose=(), builds=(),
                       stock=tuple(shuffled_pack(rng)), piles=((),) * n, sweeps=(0,) * n,
                       turn=(dealer + 1) % n, last_moves=(None,) * n, swept=(False,) * n,
                       raised=(False,) * n)
    return _deal(empty, first_deal=True)


def _deal(state: RoundState, first_deal: bool) -> RoundState:
    hands = [list(h) for h in state.hands]
    loose = list(state.loose)
    stock = list(state.stock)
    size = state.rules.deal_packet
    for target in deal_order(state.rules, state.dealer, first_deal):
        packet, stock = stock[:size], stock[size:]
        (loose if target == TABLE else hands[target]).extend(packet)
    return replace(state, hands=tuple(tuple(h) for h in hands), loose=tuple(loose),
                   stock=tuple(stock), turn=(state.dealer + 1) % state.rules.players,
                   deal=state.deal if first_deal else state.deal + 1)


def _split(cards: Sequence[Card], target: int, first: Card | None) -> list[tuple[Card, ...]] | None:
    """One way to split ``cards`` into groups each adding up to ``target`` (``first`` in the
    first group), or None. Used only to lay out a new build's groups."""
    if not cards:
        return []
    pool = sorted(cards, key=sort_key, reverse=True)
    lead = first if first is not None else pool[0]
    pool.remove(lead)

    def fill(need: int, start: int, chosen: list[Card]) -> list[tuple[Card, ...]] | None:
        if need == 0:
            rest = [c for c in pool if c not in chosen]
            tail = _split(rest, target, None)
            return None if tail is None else [(lead, *chosen), *tail]
        for i in range(start, len(pool)):
            value = card_value(pool[i])
            if value is not None and value <= need and pool[i] not in chosen:
                found = fill(need - value, i + 1, [*chosen, pool[i]])
                if found is not None:
                    return found
        return None

    lead_value = card_value(lead)
    return None if lead_value is None else fill(target - lead_value, 0, [])


def _built(state: RoundState, move: BuildMove) -> Build:
    """The build a legal build move leaves on the table."""
    old = next((b for b in state.builds if b.cards[0] in move.take), None)
    loose = [c for c in state.loose if c in move.take]
    if old is not None and old.value != move.value:  # raising a single build
        groups = [(*old.cards, move.card), *(_split(loose, move.value, None) or [])]
    else:
        kept = list(old.groups) if old is not None and old.multiple else (
            [old.cards] if old is not None else [])
        groups = kept + (_split([move.card, *loose], move.value, move.card) or [])
    return Build(groups=tuple(groups), value=move.value, multiple=len(groups) > 1,
                 owner=state.turn)


def apply_move(state: RoundState, move: Move) -> RoundState:
    """The state after the seat to play makes ``move``, with the next deal or the round's end.

    The move must be legal (see :meth:`Round.play`, which checks). After the last card of the
    last deal the last capturer takes the cards left on the table; that is never a sweep
    [PAG §11][FOS][S000]. If nobody captured in the whole round they go to the dealer, who
    played the last card (our choice: the sources are silent; compare LONG's note in WIKI).
    """
    seat = state.turn
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != move.card)
    loose = [c for c in state.loose if c not in move.take]
    builds = [b for b in state.builds if b.cards[0] not in move.take]
    piles = list(state.piles)
    sweeps = list(state.sweeps)
    last_capturer = state.last_capturer
    swept = list(state.swept)
    swept[seat] = False
    raised = list(state.raised)
    raised[seat] = False
    if isinstance(move, Trail):
        loose.append(move.card)
    elif isinstance(move, Capture):
        piles[seat] = piles[seat] + (move.card, *sorted(move.take, key=sort_key))
        last_capturer = seat
        if not loose and not builds:
            sweeps[seat] += 1
            swept[seat] = True
    else:
        new = _built(state, move)
        raised[seat] = any(b.cards[0] in move.take and b.value != move.value
                           for b in state.builds)
        at = next((i for i, b in enumerate(state.builds) if b.cards[0] in move.take), None)
        builds.insert(len(builds) if at is None else at, new)
    last_moves = list(state.last_moves)
    last_moves[seat] = move
    after = replace(state, hands=tuple(hands), loose=tuple(loose), builds=tuple(builds),
                    piles=tuple(piles), sweeps=tuple(sweeps), last_capturer=last_capturer,
                    last_moves=tuple(last_moves), swept=tuple(swept), raised=tuple(raised),
                    turn=(seat + 1) % state.rules.players)
    if any(after.hands):
        return after
    if after.stock:
        return _deal(after, first_deal=False)
    return _finish(after)


def _finish(state: RoundState) -> RoundState:
    taker = state.dealer if state.last_capturer is None else state.last_capturer
    piles = list(state.piles)
    residue = sorted(state.table_cards, key=sort_key)
    piles[taker] = piles[taker] + tuple(residue)
    return replace(state, loose=(), builds=(), piles=tuple(piles), finished=True)


class Round:
    """A round being played: the current :class:`RoundState` and the states before it.

    >>> from cassino_core.rules import CLASSIC
    >>> r = Round.deal(CLASSIC, dealer=1, seed=7)
    >>> len(r.state.hands[0]), len(r.state.loose), len(r.state.stock)
    (4, 4, 40)
    """

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self._history: list[RoundState] = []

    @classmethod
    def deal(cls, rules: Rules, dealer: int, seed: int) -> Round:
        """A new round dealt from ``random.Random(seed)``."""
        return cls(new_round(rules, dealer, random.Random(seed)))

    @classmethod
    def from_position(cls, rules: Rules, hands: Sequence[Sequence[Card]],
                      loose: Sequence[Card], builds: Sequence[Build] = (), turn: int = 0,
                      dealer: int | None = None, stock: Sequence[Card] = (),
                      piles: Sequence[Sequence[Card]] | None = None,
                      sweeps: Sequence[int] | None = None,
                      last_capturer: int | None = None) -> Round:
        """A round in a given position (for tests, puzzles and analysis).

        Args:
            rules: the rules in force.
            hands: each seat's cards.
            loose: loose table cards.
            builds: builds on the table.
            turn: the seat to play.
            dealer: the dealer (default: the seat before ``turn``).
            stock: undealt cards, next first.
            piles: captured cards per seat (default empty).
            sweeps: sweeps per seat (default 0).
            last_capturer: the seat that captured last, if any.

        Raises:
            PositionError: a card appears twice, a build is malformed, a seat number is out of
                range, or every hand is empty.
        """
        n = rules.players
        piles = piles if piles is not None else [[] for _ in range(n)]
        sweeps = sweeps if sweeps is not None else [0] * n
        if len(hands) != n or len(piles) != n or len(sweeps) != n:
            raise PositionError(f"hands, piles and sweeps must have one entry per seat ({n})")
        if not 0 <= turn < n or (dealer is not None and not 0 <= dealer < n):
            raise PositionError(f"turn and dealer must be seats from 0 to {n - 1}")
        if last_capturer is not None and not 0 <= last_capturer < n:
            raise PositionError(f"last_capturer must be a seat from 0 to {n - 1}")
        for build in builds:
            build.check(n)
        everything = [c for h in hands for c in h] + list(loose) + list(stock)
        everything += [c for b in builds for c in b.cards] + [c for p in piles for c in p]
        seen: set[Card] = set()
        for card in everything:
            if card in seen:
                raise PositionError(f"card {card} appears twice in the position")
            seen.add(card)
        if not any(hands):
            raise PositionError("every hand is empty: the round would be over")
        state = RoundState(
            rules=rules, dealer=(turn - 1) % n if dealer is None else dealer,
            hands=tuple(tuple(h) for h in hands), loose=tuple(loose), builds=tuple(builds),
            stock=tuple(stock), piles=tuple(tuple(p) for p in piles), sweeps=tuple(sweeps),
            turn=turn, last_capturer=last_capturer, last_moves=(None,) * n,
            swept=(False,) * n, raised=(False,) * n)
        return cls(state)

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play, canonical and distinct."""
        return self.state.legal_moves()

    def play(self, move: Move) -> None:
        """Make ``move`` for the seat to play.

        Raises:
            IllegalMoveError: the move is not legal now; the message says why, and the state is
                unchanged.
        """
        check_legal(self.state, move)
        self._history.append(self.state)
        self.state = apply_move(self.state, move)

    def undo(self) -> Move:
        """Take back the latest move and return it.

        Raises:
            IndexError: nothing to undo.
        """
        if not self._history:
            raise IndexError("no move to undo")
        before = self.state
        self.state = self._history.pop()
        move = before.last_moves[self.state.turn]
        assert move is not None
        return move

    @property
    def finished(self) -> bool:
        """True once the last card is played."""
        return self.state.finished


def check_legal(state: RoundState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` with the reason unless ``move`` is legal in ``state``."""
    if state.finished:
        raise IllegalMoveError("the round is over: no more moves")
    seat = state.turn
    if move.card not in state.hands[seat]:
        raise IllegalMoveError(f"{move.card} is not in your hand (seat {seat})")
    if is_legal(state.rules, state.hands[seat], state.loose, state.builds, seat, move):
        return
    raise IllegalMoveError(explain_illegal(state, move))


def explain_illegal(state: RoundState, move: Move) -> str:
    """A sentence saying why a move that is not legal is refused (for players and tests)."""
    seat = state.turn
    table = state.table_cards
    missing = move.take - table
    if missing:
        return f"{' '.join(map(str, sorted(missing, key=sort_key)))} is not on the table"
    split = [b for b in state.builds if b.cards[0] in move.take or set(b.cards) & move.take]
    for build in split:
        if not set(build.cards) <= move.take:
            return (f"a build is never split: the build of {build.value} must be taken or "
                    "built on whole")
    own = [b for b in state.builds if b.owner == seat]
    rest = [c for c in state.hands[seat] if c != move.card]
    for build in own:
        if build.cards[0] not in move.take and build.value not in {card_value(c) for c in rest}:
            return (f"you must keep a card of {build.value} to take your build of "
                    f"{build.value}")
    touches_own = any(b.cards[0] in move.take for b in own)
    restriction = state.rules.builder_restriction
    if own and not touches_own and (
            restriction == "wiki2" or (restriction == "wiki3" and isinstance(move, Capture))):
        return "under these rules the owner of a build must first take it or build on it"
    if isinstance(move, Trail):
        if own and state.rules.builder_restriction != "may_trail":
            return "you own a build, so you may not trail: capture or build instead"
        if state.rules.capture_compulsory:
            return f"{move.card} can capture, so it may not be trailed"
    value = card_value(move.card)
    if isinstance(move, BuildMove):
        if value is None:
            return "court cards cannot be built"
        if move.value not in {card_value(c) for c in rest}:
            return (f"you may build {move.value} only while holding another card of "
                    f"{move.value} to take it")
        if not 1 <= move.value <= state.rules.max_build_value:
            return f"a build's value must be between 1 and {state.rules.max_build_value}"
        olds = [b for b in state.builds if b.cards[0] in move.take]
        if len(olds) > 1:
            return "one play may change only one build"
        if olds and olds[0].multiple and olds[0].value != move.value:
            return f"a multiple build of {olds[0].value} can never change its value"
        if olds and olds[0].owner == seat and olds[0].value != move.value and (
                not state.rules.raise_own_build):
            return "these rules forbid raising your own build"
        if olds and olds[0].value != move.value and olds[0].value + value != move.value:
            return (f"a build is raised by one card from hand only: {olds[0].value} + "
                    f"{value} is not {move.value}")
        loose_values = [card_value(c) for c in state.loose if c in move.take]
        if None in loose_values:
            return "court cards cannot be built"
        return (f"those cards do not make {move.value}: each group must add up to "
                f"{move.value}, one of them with the card you play")
    if isinstance(move, Capture):
        if value is None:
            return f"a {move.card} takes only loose cards of its own rank, as the rules allow"
        return (f"{move.card} cannot take those cards: each group must add up to {value} or "
                f"be a build of {value}")
    return "that move is not allowed by these rules"


__all__ = ["Round", "RoundState", "apply_move", "check_legal", "deal_order", "new_round"]
