"""One round of Cassino: the deal, the turns, applying moves, and the end of the round.

A round is a sequence of immutable :class:`RoundState` values; :class:`Round` keeps the stack of
them, so :meth:`Round.undo` restores an earlier state exactly. The deals are part of the state
changes: when every hand is empty the next deal follows from the stock at once [PAG §3.2].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from .cards import Card, sort_key
from .errors import describe
from .movegen import is_legal, legal_moves, partner_values, trail_refusal
from .moves import BuildMove, Capture, IllegalMoveError, Move, Pluck, Trail, TrailBuild
from .rules import Rules
from .scoring import RoundScore, is_point_card, score_round
from .table import Build, PositionError, Scheme, guards, held_values, scheme_for

TABLE = -1
"""Stands for the table in a deal order."""


def deal_order(rules: Rules, dealer: int, deal: int) -> list[tuple[int, int]]:
    """Where each packet of deal number ``deal`` (from 1) goes, in order: ``(seat or TABLE,
    number of cards)``.

    Each pass gives a packet to every player from the dealer's left, the table's packet just
    before the dealer's own [PAG §3.1][FOS][S000]: in twos (two passes for four cards) or singly
    (``deal_packet=1``, California [S003]); a hand size the packet does not divide (Diamond's
    three, the five players' last five) is dealt singly. Only the first deal gives the table
    its four cards, spread over the passes when they divide it, else in the first pass.
    With ``rules.deal_order="table_last"`` the table's packet comes after the dealer's own
    (opponent, dealer, table; RULES.md §3.1, D22).
    """
    n = rules.players
    size = rules.deal_sizes[deal - 1]
    packet = rules.deal_packet if size % rules.deal_packet == 0 else 1
    passes = size // packet
    table = rules.table_cards if deal == 1 else 0
    spread = table % passes == 0
    order: list[tuple[int, int]] = []
    for pass_number in range(passes):
        order += [((dealer + i) % n, packet) for i in range(1, n)]
        if rules.deal_order == "table_last":
            order.append((dealer, packet))
        if table and spread:
            order.append((TABLE, table // passes))
        elif table and pass_number == 0:
            order.append((TABLE, table))
        if rules.deal_order != "table_last":
            order.append((dealer, packet))
    return order


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
        plucked: whether each seat has plucked in this deal (Pluck Cassino [S003]).
        penalties: builder's defaults per seat (Michigan: 2 points each [S003]).
        defaulted: whether each seat's latest move was such a default.
        took_builds: the builds each seat's latest move captured, whole, as they lay (so
            that the move is told as "took the build of 6", not as loose cards); () when
            none did, or for a state loaded from a position, whose format does not carry it
            (the view reads it per seat). Not compared: two states that differ only in
            it are the same position.
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
    plucked: tuple[bool, ...] = ()
    penalties: tuple[int, ...] = ()
    defaulted: tuple[bool, ...] = ()
    # Only for telling the last move: not part of the position (not compared, not exported).
    took_builds: tuple[tuple[Build, ...], ...] = field(default=(), compare=False)
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
        """The legal moves of the seat to play (empty once the round is finished): plucks
        first (Pluck Cassino), then the plays from hand."""
        if self.finished:
            return []
        plays = legal_moves(self.rules, self.hands[self.turn], self.loose, self.builds,
                            self.turn)
        return [*self.plucks(), *plays]

    def plucks(self) -> list[Pluck]:
        """The plucks open to the seat to play (Pluck Cassino [S003 §15.8]): once per deal,
        before playing, one loose table card into the pile; never a point card (aces, big and
        little casino, or whatever scores by itself under the scoring in force), never when the
        table holds a single card, never on the player's last turn of the round (stock empty,
        one card in hand)."""
        if not self.rules.pluck or self.finished or self.plucked[self.turn]:
            return []
        on_table = len(self.loose) + sum(len(b.cards) for b in self.builds)
        last_turn = not self.stock and len(self.hands[self.turn]) == 1
        if on_table < 2 or last_turn:
            return []
        return [Pluck(c) for c in sorted(self.loose, key=sort_key)
                if not is_point_card(self.rules, c)]

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
        penalties = [0] * sides
        for seat, pile in enumerate(self.piles):
            piles[self.rules.side_of(seat)].extend(pile)
            sweeps[self.rules.side_of(seat)] += self.sweeps[seat]
            penalties[self.rules.side_of(seat)] += self.penalties[seat]
        last = None if self.last_capturer is None else self.rules.side_of(self.last_capturer)
        return score_round(self.rules, piles, sweeps, penalties, last)


def new_round(rules: Rules, dealer: int, rng: random.Random) -> RoundState:
    """Shuffle the rules' pack with ``rng`` and make the first deal of a round.

    With ``rules.initial_pairs`` every rank dealt twice or more to the table goes at once to
    the first player's pile [S003 §15.10] (not a capture: it makes nobody the last capturer).
    """
    n = rules.players
    pack = list(rules.pack_cards())
    rng.shuffle(pack)
    empty = RoundState(rules=rules, dealer=dealer, hands=((),) * n, loose=(), builds=(),
                       stock=tuple(pack), piles=((),) * n, sweeps=(0,) * n,
                       turn=(dealer + 1) % n, deal=0, last_moves=(None,) * n,
                       swept=(False,) * n, raised=(False,) * n, defaulted=(False,) * n,
                       plucked=(False,) * n,
                       penalties=(0,) * n)
    state = _deal(empty)
    if rules.initial_pairs:
        ranks = [c.rank for c in state.loose]
        paired = [c for c in state.loose if ranks.count(c.rank) >= 2]
        if paired:
            piles = list(state.piles)
            piles[state.turn] = tuple(sorted(paired, key=sort_key))
            state = replace(state, loose=tuple(c for c in state.loose if c not in paired),
                            piles=tuple(piles))
    return state


def _deal(state: RoundState) -> RoundState:
    """The next deal of the round from the stock (see :func:`deal_order`)."""
    deal = state.deal + 1
    hands = [list(h) for h in state.hands]
    loose = list(state.loose)
    stock = list(state.stock)
    for target, size in deal_order(state.rules, state.dealer, deal):
        packet, stock = stock[:size], stock[size:]
        (loose if target == TABLE else hands[target]).extend(packet)
    return replace(state, hands=tuple(tuple(h) for h in hands), loose=tuple(loose),
                   stock=tuple(stock), turn=(state.dealer + 1) % state.rules.players,
                   deal=deal, plucked=(False,) * state.rules.players)


def _split(cards: Sequence[Card], target: int, first: Card | None,
           scheme: Scheme) -> list[tuple[Card, ...]] | None:
    """One way to split ``cards`` into groups each adding up to ``target`` (``first`` in the
    first group), or None. Used only to lay out a new build's groups."""
    if not cards:
        return []
    pool = sorted(cards, key=sort_key, reverse=True)
    lead = first if first is not None else pool[0]
    pool.remove(lead)

    def fill(group: list[Card], start: int) -> list[tuple[Card, ...]] | None:
        sums = scheme.group_sums(group)
        if target in sums:
            tail = _split([c for c in pool if c not in group], target, None, scheme)
            if tail is not None:
                return [tuple(group), *tail]
        if not sums or min(sums) >= target:
            return None
        for i in range(start, len(pool)):
            found = fill([*group, pool[i]], i + 1)
            if found is not None:
                return found
        return None

    return fill([lead], 0)


def build_groups(rules: Rules, loose_cards: Sequence[Card], builds: Sequence[Build],
                 move: BuildMove | TrailBuild) -> list[tuple[Card, ...]]:
    """The groups of the build a legal build move (or trail-and-build) leaves, on a table of
    ``loose_cards`` and ``builds``: more than one group makes it a multiple build [PAG §6.3]."""
    scheme = scheme_for(rules)
    if isinstance(move, TrailBuild):  # table cards only: the trailed card stays loose
        cards = [c for c in loose_cards if c in move.take]
        return _split(cards, move.value, None, scheme) or [tuple(cards)]
    old = next((b for b in builds if b.cards[0] in move.take), None)
    loose = [c for c in loose_cards if c in move.take]
    court = not scheme.values(move.card)
    if court or (old is not None and old.is_court_build(scheme)):
        kept = list(old.groups) if old is not None else []
        return kept + [(c,) for c in [move.card, *loose]]
    if old is not None and old.value != move.value:  # raising a single build
        return _raised_groups(old, move, loose, scheme)
    kept = list(old.groups) if old is not None and old.multiple else (
        [old.cards] if old is not None else [])
    return kept + (_split([move.card, *loose], move.value, move.card, scheme) or [])


def _raised_groups(old: Build, move: BuildMove, loose: Sequence[Card],
                   scheme: Scheme) -> list[tuple[Card, ...]]:
    """The groups after ``move`` raises the single build ``old``: the build's group with the
    played card, and with the fewest loose cards that bring it to the new value (none unless
    ``table_raise`` [PAG variant] allowed them), then the gathered loose groups of the new
    value [PAG §6.4]."""
    need = move.value - old.value
    for size in range(len(loose) + 1):
        for extra in combinations(loose, size):
            if need not in scheme.group_sums([move.card, *extra]):
                continue
            tail = _split([c for c in loose if c not in extra], move.value, None, scheme)
            if tail is not None:
                return [(*old.cards, move.card, *extra), *tail]
    return [(*old.cards, move.card), *(_split(loose, move.value, None, scheme) or [])]


def _built(state: RoundState, move: BuildMove) -> Build:
    """The build a legal build move leaves on the table.

    The owner is the mover [PAG §6.7], except when the mover builds to a partner's announced
    value without holding it (partner building, [S000] D10): the build then stays the
    partner's, who holds the card to take it (our decision; the sources are silent).
    """
    groups = build_groups(state.rules, state.loose, state.builds, move)
    old = next((b for b in state.builds if b.cards[0] in move.take), None)
    return Build(groups=tuple(groups), value=move.value, multiple=len(groups) > 1,
                 owner=_builder(state, move, old))


def _builder(state: RoundState, move: BuildMove | TrailBuild, old: Build | None) -> int:
    """The owner of the build ``move`` leaves: the mover, or the partner whose announced value
    the mover built to without holding it (see :func:`_built`)."""
    seat = state.turn
    rest = [c for c in state.hands[seat] if c != move.card]
    if move.value in held_values(scheme_for(state.rules), rest):
        return seat
    partners = [b.owner for b in state.builds
                if b.value == move.value and state.rules.partner_of(seat, b.owner)]
    if old is not None and old.owner in partners:
        return old.owner
    return partners[0] if partners else seat


def _table_built(state: RoundState, move: TrailBuild) -> Build:
    """The build a legal trail-and-build (``Rules.table_builds``) leaves: its loose table cards
    split into groups of the value (one group: single; several: multiple [PAG §6.3]), owned
    like any new build [PAG §6.7]."""
    groups = build_groups(state.rules, state.loose, state.builds, move)
    return Build(groups=tuple(groups), value=move.value, multiple=len(groups) > 1,
                 owner=_builder(state, move, None))


def _defaults(state: RoundState, move: Move) -> bool:
    """Whether ``move`` is a builder's default (see :func:`is_default`)."""
    return is_default(state.rules, state.hands[state.turn], state.builds, state.turn, move)


def is_default(rules: Rules, hand: Sequence[Card], builds: Sequence[Build], seat: int,
               move: Move) -> bool:
    """Whether ``move`` by ``seat``, holding ``hand``, is a builder's default that costs 2
    points under Michigan rules (``builder_restriction="penalty"`` [S003]): a trail while
    owning a build, or giving up the last card of the value of an own build that the move
    leaves standing. Always False under other rules."""
    if rules.builder_restriction != "penalty" or isinstance(move, Pluck):
        return False
    own = [b for b in builds if b.owner == seat and b.cards[0] not in move.take]
    if not own and not any(b.owner == seat for b in builds):
        return False
    if isinstance(move, Trail | TrailBuild):  # a trail with a table build is still a trail
        return True
    scheme = scheme_for(rules)
    before = held_values(scheme, list(hand))
    after = held_values(scheme, [c for c in hand if c != move.card])
    return any(b.value in before and b.value not in after for b in own)


def _took(state: RoundState, seat: int, taken: tuple[Build, ...]) -> tuple[tuple[Build, ...], ...]:
    """``state.took_builds`` with ``seat``'s entry now ``taken``."""
    took = list(state.took_builds or ((),) * state.rules.players)
    took[seat] = taken
    return tuple(took)


def apply_move(state: RoundState, move: Move) -> RoundState:
    """The state after the seat to play makes ``move``, with the next deal or the round's end.

    The move must be legal (see :meth:`Round.play`, which checks). After the last card of the
    last deal the last capturer takes the cards left on the table; that is never a sweep
    [PAG §11][FOS][S000]. If nobody captured in the whole round they go to the dealer, who
    played the last card (our choice: the sources are silent; compare LONG's note in WIKI).

    A pluck takes its card into the pile and the same seat plays on [S003]. In Draw Cassino the
    player then draws the stock's top card [FOS][S000]. A builder's default under Michigan
    rules is counted in ``penalties`` [S003].
    """
    seat = state.turn
    if isinstance(move, Pluck):
        piles = list(state.piles)
        piles[seat] = piles[seat] + (move.card,)
        plucked = list(state.plucked)
        plucked[seat] = True
        last_moves = list(state.last_moves)
        last_moves[seat] = move
        return replace(state, loose=tuple(c for c in state.loose if c != move.card),
                       piles=tuple(piles), plucked=tuple(plucked), last_moves=tuple(last_moves),
                       swept=tuple(False if i == seat else v for i, v in enumerate(state.swept)),
                       raised=tuple(False if i == seat else v
                                    for i, v in enumerate(state.raised)),
                       defaulted=tuple(False if i == seat else v
                                       for i, v in enumerate(state.defaulted)),
                       took_builds=_took(state, seat, ()))
    penalties = list(state.penalties)
    defaulted = list(state.defaulted or (False,) * state.rules.players)
    defaulted[seat] = _defaults(state, move)
    if defaulted[seat]:
        penalties[seat] += 1
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
    took: tuple[Build, ...] = ()
    if isinstance(move, Capture):
        took = tuple(b for b in state.builds if b.cards[0] in move.take)
    if isinstance(move, Trail):
        loose.append(move.card)
    elif isinstance(move, TrailBuild):
        loose.append(move.card)
        builds.append(_table_built(state, move))
    elif isinstance(move, Capture):
        piles[seat] = piles[seat] + (move.card, *sorted(move.take, key=sort_key))
        last_capturer = seat
        if not loose and not builds and _sweep_scores(state, seat):
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
    stock = state.stock
    if state.rules.draw and stock:
        hands[seat] = (*hands[seat], stock[0])
        stock = stock[1:]
    after = replace(state, hands=tuple(hands), loose=tuple(loose), builds=tuple(builds),
                    piles=tuple(piles), sweeps=tuple(sweeps), last_capturer=last_capturer,
                    last_moves=tuple(last_moves), swept=tuple(swept), raised=tuple(raised),
                    stock=stock, penalties=tuple(penalties), defaulted=tuple(defaulted),
                    took_builds=_took(state, seat, took), turn=(seat + 1) % state.rules.players)
    if any(after.hands):
        return after
    if after.stock:
        return _deal(after)
    return _finish(after)


def _sweep_scores(state: RoundState, seat: int) -> bool:
    """Whether clearing the table with the seat's card now scores a sweep under
    ``rules.last_sweep`` (D13): always (``"counts"`` [PAG][FOS]); not with the round's very
    last card (``"not_last_play"`` [TOWN]); not once the stock is empty (``"not_last_deal"``,
    Finnish Kasino). ``state`` is the position before the card is played."""
    rule = state.rules.last_sweep
    if rule == "counts" or state.stock:
        return True
    if rule == "not_last_deal":
        return False
    others_empty = all(not hand for s, hand in enumerate(state.hands) if s != seat)
    return not (others_empty and len(state.hands[seat]) == 1)


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
                      last_capturer: int | None = None, deal: int = 1,
                      plucked: Sequence[bool] | None = None,
                      penalties: Sequence[int] | None = None) -> Round:
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
            deal: which deal of the round this is, from 1.
            plucked: whether each seat has plucked in this deal (Pluck Cassino).
            penalties: builder's defaults per seat so far (Michigan).

        Raises:
            PositionError: a card appears twice or is not in the rules' pack, a build is
                malformed, a seat number is out of range, or every hand is empty.
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
        plucked = tuple(plucked) if plucked is not None else (False,) * n
        penalties = tuple(penalties) if penalties is not None else (0,) * n
        if len(plucked) != n or len(penalties) != n:
            raise PositionError(f"plucked and penalties must have one entry per seat ({n})")
        if not 1 <= deal <= rules.deals_per_round:
            raise PositionError(f"deal must be from 1 to {rules.deals_per_round}")
        for build in builds:
            build.check(rules)
        everything = [c for h in hands for c in h] + list(loose) + list(stock)
        everything += [c for b in builds for c in b.cards] + [c for p in piles for c in p]
        seen: set[Card] = set()
        for card in everything:
            if card in seen:
                raise PositionError(f"card {card} appears twice in the position")
            seen.add(card)
        foreign = seen - set(rules.pack_cards())
        if foreign:
            raise PositionError(f"card {min(foreign, key=sort_key)} is not in the pack of "
                                "these rules")
        if not any(hands):
            raise PositionError("every hand is empty: the round would be over")
        state = RoundState(
            rules=rules, dealer=(turn - 1) % n if dealer is None else dealer,
            hands=tuple(tuple(h) for h in hands), loose=tuple(loose), builds=tuple(builds),
            stock=tuple(stock), piles=tuple(tuple(p) for p in piles), sweeps=tuple(sweeps),
            turn=turn, deal=deal, last_capturer=last_capturer, last_moves=(None,) * n,
            swept=(False,) * n, raised=(False,) * n, plucked=plucked, penalties=penalties,
            defaulted=(False,) * n)
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
        raise IllegalMoveError.of("round_over")
    seat = state.turn
    if isinstance(move, Pluck):
        if move in state.plucks():
            return
        reason, params = _explain_pluck(state, move)
        raise IllegalMoveError.of(reason, **params)
    if move.card not in state.hands[seat]:
        raise IllegalMoveError.of("not_in_hand", card=str(move.card), seat=seat)
    if is_legal(state.rules, state.hands[seat], state.loose, state.builds, seat, move):
        return
    reason, params = illegal_reason(state, move)
    raise IllegalMoveError.of(reason, **params)


def _explain_pluck(state: RoundState, move: Pluck) -> tuple[str, dict[str, Any]]:
    if not state.rules.pluck:
        return "pluck_not_played", {}
    if state.plucked[state.turn]:
        return "pluck_once", {}
    if move.card not in state.loose:
        return "pluck_not_loose", {"card": str(move.card)}
    if is_point_card(state.rules, move.card):
        return "pluck_point_card", {"card": str(move.card)}
    if len(state.table_cards) < 2:
        return "pluck_last_card", {}
    return "pluck_last_turn", {}


def explain_illegal(state: RoundState, move: Move) -> str:
    """A sentence saying why a move that is not legal is refused (for players and tests)."""
    reason, params = illegal_reason(state, move)
    return describe(reason, params)


def illegal_reason(state: RoundState, move: Move) -> tuple[str, dict[str, Any]]:
    """Why a move that is not legal is refused: a reason of :data:`cassino_core.errors.REASONS`
    and its parameters."""
    seat = state.turn
    scheme = scheme_for(state.rules)
    table = state.table_cards
    missing = move.take - table
    if missing:
        return "not_on_table", {"cards": [str(c) for c in sorted(missing, key=sort_key)]}
    split = [b for b in state.builds if b.cards[0] in move.take or set(b.cards) & move.take]
    for build in split:
        if not set(build.cards) <= move.take:
            return "build_split", {"value": build.value}
    own = [b for b in state.builds if b.owner == seat]
    rest = [c for c in state.hands[seat] if c != move.card]
    standing = {b.value for b in own if b.cards[0] not in move.take}
    if state.rules.builder_restriction != "penalty" and not guards(scheme, rest, standing):
        unguarded = sorted(v for v in standing if v not in held_values(scheme, rest))
        if unguarded:
            return "keep_card_for_build", {"value": unguarded[0]}
        return "keep_card_each_build", {}
    touches_own = any(b.cards[0] in move.take for b in own)
    restriction = state.rules.builder_restriction
    if own and not touches_own and (
            restriction == "wiki2" or (restriction == "wiki3" and isinstance(move, Capture))):
        return "owner_must_take_build", {}
    if isinstance(move, TrailBuild):
        return _trail_build_reason(state, move, standing)
    if isinstance(move, Trail):
        if own and state.rules.builder_restriction not in ("may_trail", "penalty"):
            return "owner_may_not_trail", {}
        if state.rules.capture_compulsory:
            return "must_capture", {"card": str(move.card)}
        if state.rules.no_pair_trail:
            return "must_pair", {"card": str(move.card)}
    values = scheme.values(move.card)
    value = values[0] if values else None
    if isinstance(move, BuildMove):
        if not state.rules.building:
            return "no_building", {}
        if value is None and not state.rules.court_builds:
            return "court_no_build", {}
        if value is None and move.value != move.card.rank:
            return "build_court_rank", {}
        if value is not None and not 1 <= move.value <= state.rules.max_build_value:
            return "build_value_range", {"value": move.value, "max": state.rules.max_build_value}
        if (move.value not in held_values(scheme, rest)
                and move.value not in partner_values(state.rules, state.builds, seat)):
            return "build_needs_card", {"value": move.value}
        if (state.rules.builder_restriction != "penalty"
                and move.value in held_values(scheme, rest)
                and not guards(scheme, rest, standing | {move.value})):
            return "keep_card_each_build", {}
        olds = [b for b in state.builds if b.cards[0] in move.take]
        if len(olds) > 1:
            return "one_build_per_play", {}
        if not state.rules.same_value_builds and any(
                b.value == move.value and b not in olds for b in state.builds):
            return "one_build_of_value", {"value": move.value}
        if olds and olds[0].multiple and olds[0].value != move.value:
            return "multiple_build_fixed", {"value": olds[0].value}
        if olds and olds[0].owner == seat and olds[0].value != move.value and (
                not state.rules.raise_own_build):
            return "no_raise_own_build", {}
        if state.rules.adding_only and is_legal(
                state.rules.replace(adding_only=False), state.hands[seat], state.loose,
                state.builds, seat, move):
            return "no_gathering", {}
        if olds and olds[0].value != move.value and not state.rules.table_raise and all(
                olds[0].value + v != move.value for v in values):
            return "raise_one_card", {"old": olds[0].value, "add": value, "value": move.value}
        if any(scheme.slot(c) is None for c in state.loose if c in move.take):
            return "court_no_build", {}
        return "build_groups", {"value": move.value}
    if isinstance(move, Capture):
        if value is None:
            return "court_takes_rank", {"card": str(move.card)}
        left = [c for c in state.loose if c.rank == move.card.rank and c not in move.take]
        if state.rules.whole_captures and left:
            return "take_every_matching", {"card": str(move.card),
                                           "cards": [str(c) for c in left]}
        return "capture_groups", {"card": str(move.card), "value": value}
    return "not_allowed", {}


def _trail_build_reason(state: RoundState, move: TrailBuild,
                        standing: set[int]) -> tuple[str, dict[str, Any]]:
    """Why a trail-and-build (``Rules.table_builds``) that is not legal is refused: the
    switch is off, a trail of the card is refused, or the table cards do not make the build
    (see :func:`cassino_core.movegen._table_build_specs` for the rules)."""
    rules = state.rules
    seat = state.turn
    scheme = scheme_for(rules)
    rest = [c for c in state.hands[seat] if c != move.card]
    if not rules.building:
        return "no_building", {}
    if not rules.table_builds:
        return "no_table_builds", {}
    refused = trail_refusal(rules, state.hands[seat], state.loose, state.builds, seat,
                            move.card)
    if refused == "owner_may_not_trail":
        return refused, {}
    if refused in ("must_capture", "must_pair"):
        return refused, {"card": str(move.card)}
    if any(b.cards[0] in move.take for b in state.builds):
        return "table_build_loose_only", {}
    if not 1 <= move.value <= rules.max_build_value:
        return "build_value_range", {"value": move.value, "max": rules.max_build_value}
    held = held_values(scheme, rest)
    if move.value not in held and not any(
            b.value == move.value and rules.partner_building and rules.partner_of(seat, b.owner)
            for b in state.builds):
        return "build_needs_card", {"value": move.value}
    if (rules.builder_restriction != "penalty" and move.value in held
            and not guards(scheme, rest, standing | {move.value})):
        return "keep_card_each_build", {}
    if not rules.same_value_builds and any(b.value == move.value for b in state.builds):
        return "one_build_of_value", {"value": move.value}
    if any(scheme.slot(c) is None for c in move.take):
        return "court_no_build", {}
    if len(move.take) < 2:
        return "table_build_two_cards", {}
    if rules.adding_only and is_legal(rules.replace(adding_only=False), state.hands[seat],
                                      state.loose, state.builds, seat, move):
        return "no_gathering", {}
    return "table_build_groups", {"value": move.value}


__all__ = ["Round", "RoundState", "apply_move", "check_legal", "deal_order", "is_default",
           "new_round"]
