"""Computer players. Each sees only a :class:`~cassino_core.view.SeatView`, like a person.

One interface: ``choose(view, rng) -> Move`` picks one of ``view.legal_moves``. The levels a
person can choose (:data:`LEVELS`, made by :func:`make_player`):

- ``"beginner"`` (:class:`BeginnerPlayer`): plays like someone who has just learnt the rules:
  grabs the capture with the most cards, often overlooks builds, trails without looking at
  what the trail offers the next player, never counts cards.
- ``"intermediate"`` (:class:`HeuristicPlayer`): looks one move ahead with card counting: it
  values what a move captures (cards, spades, the casinos, aces, a sweep), what a build of its
  own is likely to bring next turn, and subtracts what the table it leaves offers the
  opponents, judged from the cards it has not seen (a value whose four cards are all
  accounted for cannot hurt it; the owner of a build surely holds a card of its value
  [PAG §7]).
- ``"expert"`` (:class:`cassino_core.expert.ExpertPlayer`): searches over the hidden cards.

``"random"`` (:class:`RandomPlayer`) is a baseline for tests and strength figures.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, fields
from math import comb
from typing import Final, Protocol

from .cards import Card
from .movegen import Counts, Family, LooseCards, expand, unions
from .movegen import _groups as groups_of
from .moves import BuildMove, Capture, Move, TrailBuild
from .rules import Rules
from .scoring import BIG_CASINO, LITTLE_CASINO, SEVEN_OF_DIAMONDS
from .table import Build, Scheme, scheme_for
from .view import SeatView


class Player(Protocol):
    """A computer player."""

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """One of ``view.legal_moves`` (which is never empty when the seat is to play)."""
        ...


LEVELS: Final = ("beginner", "intermediate", "expert")
"""The levels a person can choose, weakest first."""

ALL_LEVELS: Final = ("random", *LEVELS)
"""Every level :func:`make_player` knows (``"random"`` is a baseline, not offered on the page)."""


def make_player(level: str, *, budget_ms: int | None = None,
                iterations: int | None = None) -> Player:
    """A computer player of ``level`` (one of :data:`ALL_LEVELS`).

    Args:
        level: ``"random"``, ``"beginner"``, ``"intermediate"`` or ``"expert"``.
        budget_ms: the expert's thinking time per move in milliseconds (default 1000 when
            ``iterations`` is not given either); ignored by the other levels.
        iterations: the expert's number of sampled deals per move (deterministic for a given
            rng: for tournaments and tests); ignored by the other levels.

    Raises:
        ValueError: unknown level (named in the message), or a budget that is not positive.
    """
    if level == "random":
        return RandomPlayer()
    if level == "beginner":
        return BeginnerPlayer()
    if level == "intermediate":
        return HeuristicPlayer()
    if level == "expert":
        from .expert import ExpertPlayer  # the search module imports this one
        return ExpertPlayer(budget_ms=budget_ms, iterations=iterations)
    raise ValueError(f"unknown level {level!r}; known: {', '.join(ALL_LEVELS)}")


class RandomPlayer:
    """Plays a uniformly random legal move (a baseline for tests and strength figures)."""

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """A random legal move."""
        return rng.choice(view.legal_moves)


def card_worth(card: Card, rules: Rules | None = None) -> float:
    """Rough worth of capturing one card, in round points under ``rules.scoring`` (standard
    when None).

    Most cards (3 points) needs 27 of 52, about 0.11 a card; most spades adds a little per
    spade; big casino is 2, little casino 1 (on top of its spade), each ace 1. In Spade
    Cassino every spade is a point; in Diamond the diamonds, the 7 of diamonds and the sets of
    sevens, sixes and aces count.
    """
    scoring = "standard" if rules is None else rules.scoring
    if scoring == "diamond":
        worth = 0.05 + (0.1 if card.suit == "D" else 0.0)
        if card == SEVEN_OF_DIAMONDS:
            worth += 1
        if card.rank in (1, 6, 7):
            worth += 0.4
        return worth
    worth = 0.12
    if card.suit == "S":
        worth += 1.0 if scoring.startswith("spade") else 0.09
    if card == BIG_CASINO:
        worth += 2
    elif card == LITTLE_CASINO or card.rank == 1:
        worth += 1
    return worth


MOVES_TO_WEIGH = 3000
"""Above this many legal moves the heuristic weighs a sample (see :func:`candidate_moves`)."""

FAMILIES_PER_SPEC = 40
"""On a crowded table, the families weighed of each kind of move (card, kind, value, builds):
counting or listing them all costs seconds there (issue 17)."""

MOVES_TO_SCORE = 150
"""Above this many candidate moves the heuristic looks at the table left behind only for the
ones that gain most at once (a crowded table)."""


def _most_taken(counts: Counts, value: int, scheme: Scheme) -> int:
    """Most loose numeral cards one card of ``value`` takes from ``counts`` (exact on a small
    table; on a crowded one a greedy count of disjoint groups, largest first, a lower bound)."""
    if sum(counts) <= 10:
        return max(sum(u) for u in unions(counts, value, scheme))
    room = list(counts)
    taken = 0
    for group in sorted(groups_of(scheme, value), key=sum, reverse=True):
        while all(g <= r for g, r in zip(group, room, strict=True)):
            for i, g in enumerate(group):
                room[i] -= g
            taken += sum(group)
    return taken


def _richest_order(view: SeatView) -> LooseCards:
    """The view's loose cards by slot, the most valuable of each slot first (see
    :func:`_richest`)."""
    scheme = scheme_for(view.rules)
    return LooseCards(sorted(view.loose, key=lambda c: card_worth(c, view.rules), reverse=True),
                      scheme)


def _richest(family: Family, view: SeatView, order: LooseCards | None = None) -> Move:
    """The move of ``family`` that takes the most valuable loose cards of each value
    (``order``: :func:`_richest_order` of the view, when the caller has it)."""
    order = order or _richest_order(view)
    picked = [c for cards, n in zip(order.by_slot, family.counts, strict=True) for c in cards[:n]]
    picked += family.fixed
    return next(expand(family, LooseCards(picked, order.scheme)))


class BeginnerPlayer:
    """Someone who has just learnt the rules (see the module docstring).

    Its habits, each a mistake a new player makes: the capture with the most cards wins
    whatever the cards are worth (only the big casino catches its eye), and almost one time in
    three it takes the first capture it notices instead; a build is seen
    only half the time, and then the first one that comes to mind; a trail is any card,
    with no thought for what it leaves the next player; no card counting at all.
    """

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """A legal move chosen by the habits above, ties and slips decided by ``rng``."""
        moves = candidate_moves(view)
        captures = [m for m in moves if isinstance(m, Capture)]
        builds = [m for m in moves if isinstance(m, BuildMove | TrailBuild)]
        trails = [m for m in moves if m.kind == "trail"]
        if builds and rng.random() < 0.5:
            return rng.choice(builds)
        if captures:
            if rng.random() < 0.3:
                return rng.choice(captures)  # the first capture seen, not the best one
            return max(captures, key=lambda m: (len(m.take) + 2 * (BIG_CASINO in m.take)
                                                 + (m.card == BIG_CASINO), rng.random()))
        if trails:
            return rng.choice(trails)
        return rng.choice(moves)


def candidate_moves(view: SeatView) -> list[Move]:
    """The moves worth weighing: every legal move, or on a crowded table (more than
    :data:`MOVES_TO_WEIGH`, counted with a stop) the plucks and, for up to
    :data:`FAMILIES_PER_SPEC` families of each kind of move, the move taking the most valuable
    loose cards of each value."""
    return list(iter_candidates(view))


def iter_candidates(view: SeatView) -> Iterator[Move]:
    """:func:`candidate_moves` one at a time (a caller with a deadline may stop early)."""
    if view.count_moves(MOVES_TO_WEIGH + 1) > MOVES_TO_WEIGH:
        yield from view.plucks
        order = _richest_order(view)
        for f in view.family_sample(FAMILIES_PER_SPEC):
            yield _richest(f, view, order)
        return
    yield from view.legal_moves


class _Odds:
    """What one seat can tell about the cards its opponents hold (card counting).

    The unseen cards are those in other hands and the stock; an opponent who owns a build
    surely holds a card of its value [PAG §7] (unless Michigan's defaults let them give it up).
    Partners' cards are not a threat, so only opponents' hand sizes count.
    """

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        self.scheme = scheme_for(rules)
        self.unseen = view.unseen()
        side = rules.side_of(view.seat)
        self.opponent_cards = sum(n for s, n in enumerate(view.hand_counts)
                                  if rules.side_of(s) != side)
        self.known: set[int] = set()
        if rules.builder_restriction != "penalty":
            self.known = {b.value for b in view.builds if rules.side_of(b.owner) != side}
        self._cache: dict[int, float] = {}
        self._held: dict[int, int] | None = None
        self.top = rules.max_build_value
        self._rules = rules
        self._worth: dict[Card, float] = {}
        self._values: dict[Card, tuple[int, ...]] = {}

    def worth(self, card: Card) -> float:
        """:func:`card_worth` under the rules in force (remembered)."""
        found = self._worth.get(card)
        if found is None:
            found = self._worth[card] = card_worth(card, self._rules)
        return found

    def values_of(self, card: Card) -> tuple[int, ...]:
        """Every value ``card`` may count as (remembered)."""
        found = self._values.get(card)
        if found is None:
            found = self._values[card] = self.scheme.any_values(card)
        return found

    def value(self, value: int) -> float:
        """Chance that an opponent holds a card that takes ``value``."""
        if value not in self._cache:
            if self.opponent_cards == 0:
                chance = 0.0
            elif value in self.known:
                chance = 1.0
            else:
                if self._held is None:
                    self._held = {}
                    for c in self.unseen:
                        for v in self.scheme.values(c) or (c.rank,):
                            self._held[v] = self._held.get(v, 0) + 1
                chance = _chance_held(self.unseen, self.opponent_cards, self._held.get(value, 0))
            self._cache[value] = chance
        return self._cache[value]

    def rank(self, rank: int) -> float:
        """Chance that an opponent holds a card of ``rank`` (court cards pair by rank)."""
        return _chance_held(self.unseen, self.opponent_cards,
                            sum(1 for c in self.unseen if c.rank == rank))


@dataclass(frozen=True)
class PolicyWeights:
    """The constants of the intermediate's rating of a move (:meth:`HeuristicPlayer.evaluate`,
    and the same rating on the playout core,
    :class:`~cassino_core.playout_policy.CorePolicy`), in round points. The defaults are the
    intermediate's, which the page plays; other values are for measuring and tuning the
    expert's playouts (``bench/tune_policy.py``).

    Attributes:
        per_card: added per card a capture takes (the hand card not counted).
        sweep: multiplies the points a sweep scores under the rules (gained, or exposed).
        steal: added per other side's build a capture takes.
        late: added to every capture in the last deal (the last taker gets the table).
        build: the share of a build's haul (the card played and the cards gathered) counted
            as gained ...
        build_risk: ... times ``1 - build_risk * p``, ``p`` the chance an opponent holds a
            card that takes the build's value.
        trail: the share of a trailed card's worth counted as lost.
        exposure_card: per loose card the worst opponent reply can take, in the exposure.
        exposure: multiplies the exposure (the worst the opponents can take from the table
            a move leaves) before it is subtracted.
    """

    per_card: float = 0.05
    sweep: float = 1.0
    steal: float = 0.1
    late: float = 0.1
    build: float = 0.8
    build_risk: float = 2.0
    trail: float = 0.6
    exposure_card: float = 0.15
    exposure: float = 1.0

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if (isinstance(value, bool) or not isinstance(value, (int, float))
                    or not math.isfinite(value)):
                raise ValueError(f"PolicyWeights.{field.name} must be a finite number")
        if self.exposure < 0:
            raise ValueError("PolicyWeights.exposure must not be negative (the rating's "
                             "search stops once no move's gain can beat the best rating)")


INTERMEDIATE_WEIGHTS = PolicyWeights()
"""The intermediate's weights (:class:`PolicyWeights`' defaults)."""

TUNED_WEIGHTS = PolicyWeights(per_card=-0.05, build=1.2)
"""Weights tuned by self-play on the playout core (``python bench/tune_policy.py --rounds 3000
--passes 4``, seeds 1 and 500, two-player Classic, 2026-12-07): both runs of the coordinate
search ended here, the cards a capture takes weighed less (their worth already counts each
card toward most cards) and a build's expected haul more. Against the intermediate's weights
on the core, 10,000 fresh shuffles each played twice with the seats swapped: +0.23 points a
round (standard error 0.026; ``bench/tune_policy.py``'s ``shuffle_margins``, seed 990); better
in every preset the core plays (``--check``). The expert on them was not clearly stronger
(docs/strength.md), so they are for measuring (tournament levels ``intermediate_tuned`` and
``expert_tuned``); the page keeps the intermediate's."""


class HeuristicPlayer:
    """The intermediate level: a sensible one-move-ahead player that counts cards (see the
    module docstring).

    Args:
        sweep_points: what a sweep is worth (None: what the rules score for one).
        weights: the rating's constants (:class:`PolicyWeights`; the default is the page's
            intermediate).
    """

    def __init__(self, sweep_points: float | None = None,
                 weights: PolicyWeights = INTERMEDIATE_WEIGHTS) -> None:
        self._sweep_points = sweep_points
        self.weights = weights

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """The legal move with the best estimate; ties broken by ``rng``.

        On a crowded table with more than :data:`MOVES_TO_WEIGH` moves, each family of alike
        moves is weighed once, by its choice of the most valuable loose cards.
        """
        return self.ranked(view, rng)[0][1]

    def ranked(self, view: SeatView, rng: random.Random) -> list[tuple[float, Move]]:
        """The candidate moves (:func:`candidate_moves`) with their estimates, best first
        (ties in ``rng``'s order)."""
        odds = _Odds(view)
        moves = candidate_moves(view)
        if len(moves) > MOVES_TO_SCORE:
            # A crowded table: weigh the table left behind only for the moves that gain most.
            quick = [(self.evaluate(view, m, odds, exposure=False), rng.random(), m)
                     for m in moves]
            quick.sort(key=lambda t: (t[0], t[1]), reverse=True)
            moves = [m for _, _, m in quick[:MOVES_TO_SCORE]]
        scored = [(self.evaluate(view, m, odds), rng.random(), m) for m in moves]
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(v, m) for v, _, m in scored]

    def sweep_value(self, view: SeatView) -> float:
        """Points a sweep is worth under the rules in force."""
        if self._sweep_points is not None:
            return self.weights.sweep * self._sweep_points
        return self.weights.sweep * {"off": 0.0, "one": 1.0, "cancel": 1.0,
                                     "two": 2.0}[view.rules.sweeps]

    def evaluate(self, view: SeatView, move: Move, odds: _Odds | None = None,
                 exposure: bool = True) -> float:
        """Estimated points gained by ``move`` for this seat, minus (when ``exposure``) the
        opponents' chances on the table it leaves."""
        odds = odds or _Odds(view)
        table = set(view.loose) | {c for b in view.builds for c in b.cards}
        loose = [c for c in view.loose if c not in move.take]
        builds = [b for b in view.builds if b.cards[0] not in move.take]
        rest = [c for c in view.hand if c != move.card]
        rules = view.rules
        side = rules.side_of(view.seat)
        w = self.weights
        gain = 0.0
        if isinstance(move, Capture):
            gain += sum(odds.worth(c) for c in (move.card, *move.take))
            gain += w.per_card * len(move.take)
            if move.take == table:
                gain += self.sweep_value(view)
            # Taking an opponent's build also takes away the turn they built for.
            gain += w.steal * sum(1 for b in view.builds if b.cards[0] in move.take
                                  and rules.side_of(b.owner) != side)
        elif isinstance(move, BuildMove):
            new = Build(groups=((move.card, *move.take),), value=move.value, multiple=True,
                        owner=view.seat)
            builds.append(new)
            # We hold the value, so we expect to take the build next turn unless stolen.
            steal = odds.value(move.value)
            haul = sum(odds.worth(c) for c in (move.card, *move.take))
            # build * haul * (1 - build_risk * steal), written so that the default weights
            # compute the very floats the intermediate always has (0.8 * ... - ... * 0.8).
            gain += w.build * haul * (1 - steal) - haul * steal * w.build * (w.build_risk - 1)
        elif isinstance(move, TrailBuild):
            # The trailed card lies loose; the table cards become our build (table_builds).
            loose.append(move.card)
            builds.append(Build(groups=(tuple(move.take),), value=move.value, multiple=True,
                                owner=view.seat))
            steal = odds.value(move.value)
            haul = sum(odds.worth(c) for c in move.take)
            gain += w.build * haul * (1 - steal) - haul * steal * w.build * (w.build_risk - 1)
            gain -= w.trail * card_worth(move.card, rules)
        elif move.kind == "pluck":
            gain += card_worth(move.card, rules) + 0.05
        else:
            loose.append(move.card)
            gain -= w.trail * card_worth(move.card, rules)
            if not odds.scheme.values(move.card):
                gain += 0.02  # a court card rarely combines into anything useful for others
        if view.last_deal and view.stock == 0 and isinstance(move, Capture):
            gain += w.late  # the last capture also takes what is left on the table
            if not rest and not any(n for s, n in enumerate(view.hand_counts)
                                    if s != view.seat):
                gain += sum(card_worth(c, rules) for c in loose) + 0.12 * sum(
                    len(b.cards) for b in builds)
        if not exposure:
            return gain
        return gain - w.exposure * _exposure(view, odds, loose, builds, self.sweep_value(view),
                                             w.exposure_card)


def _chance_held(unseen: set[Card], hand_size: int, matches: int) -> float:
    """Chance that ``hand_size`` cards drawn from the ``unseen`` ones include at least one of
    the ``matches`` cards of some kind (hypergeometric)."""
    if hand_size <= 0 or not unseen or matches == 0:
        return 0.0
    draw = min(hand_size, len(unseen))
    return 1 - comb(len(unseen) - matches, draw) / comb(len(unseen), draw)


def _held_value(scheme: Scheme, unseen: set[Card], hand_size: int, value: int) -> float:
    """Chance that the other hands hold a card of ``value``."""
    return _chance_held(unseen, hand_size,
                        sum(1 for c in unseen if value in (scheme.values(c) or (c.rank,))))


def _exposure(view: SeatView, odds: _Odds, loose: list[Card], builds: list[Build],
              sweep: float, per_card: float) -> float:
    """Expected loss from what an opponent can take from the table we leave: the worst, over
    the values an opponent may hold, of the chance of holding it times what it takes
    (``per_card`` a loose card, besides the cards' worth)."""
    if odds.opponent_cards == 0 or not (loose or builds):
        return 0.0
    rules = view.rules
    scheme = odds.scheme
    side = rules.side_of(view.seat)
    counts = [0] * scheme.slots
    pairs: dict[int, float] = {}  # loose worth a card of each value takes
    courts: list[Card] = []
    for card in loose:
        slot = scheme.slot(card)
        if slot is None:
            courts.append(card)
            continue
        counts[slot] += 1
        for v in odds.values_of(card):
            pairs[v] = pairs.get(v, 0.0) + odds.worth(card)
    in_builds: dict[int, float] = {}
    build_values: dict[int, int] = {}
    for b in builds:
        in_builds[b.value] = in_builds.get(b.value, 0.0) + sum(odds.worth(c) for c in b.cards) + (
            0.1 if rules.side_of(b.owner) == side else 0.0)
        build_values[b.value] = build_values.get(b.value, 0) + 1
    numerals = len(loose) - len(courts)
    frozen = tuple(counts)
    worst = 0.0
    for value in range(1, odds.top + 1):
        p = odds.value(value)
        if p == 0:
            continue
        taken_loose = _most_taken(frozen, value, scheme)
        cleared = (taken_loose == numerals and not courts
                   and build_values.get(value, 0) == len(builds))
        loot = per_card * taken_loose + in_builds.get(value, 0.0) + pairs.get(value, 0.0)
        if cleared:
            loot += sweep
        worst = max(worst, p * loot)
    alone = len(loose) + sum(len(b.cards) for b in builds) == 1
    for card in courts:
        p = odds.rank(card.rank)
        worst = max(worst, p * (odds.worth(card) + (sweep if alone else 0)))
    return worst
