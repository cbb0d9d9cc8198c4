"""A match: rounds until the game is decided, the dealer passing on each round.

Standard ending [PAG §13][S004]: play rounds to 21; when several sides reach the target in the
same round the higher total wins; equal totals play another round. ``tie_break=
"cards_then_spades"`` settles equal totals by that round's cards, then spades [S002];
``"count_out"`` counts the round's points in the traditional order and the first side to reach
the target wins [FOS][USPC52]. Other endings (``Rules.game_end``): one deal is a game
[DICK67][S002], two deals [S000], every player dealing twice (California [S003]), and 11 points
counting double when made in two rounds and quadruple in one [USPC52][S002]. With
``Rules.double_below`` a game counts double when the loser has fewer points (Spade [BIC][S000]).
What a round adds to the totals is :func:`round_gains` (difference scoring [LONG][Bohn], the
Dominican end game [PAG-R]); :meth:`Match.claim` is claiming out [FOS][DICK94]
(``Rules.claiming``).

The whole match is a stack of immutable :class:`MatchState` values, including the state of the
match's own ``random.Random(seed)``, so undo is exact and a seed replays the same match in
CPython and in Pyodide.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Literal

from .cards import Card
from .errors import Refusal, describe
from .game import RoundState, apply_move, check_legal, new_round
from .moves import IllegalMoveError, Move
from .rules import Rules, check_supported
from .scoring import MOST_POINTS, RoundScore, SideScore, scheme_categories, score_round

Phase = Literal["play", "round_over", "match_over"]


class PhaseError(Refusal):
    """An action that does not fit the match's phase (e.g. a move after the round ended)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The step of a player claiming out (``Rules.claiming``): made by the seat to play, at its
    turn, instead of a card [FOS][DICK94]. Written ``claim`` in records and move logs."""

    def text(self) -> str:
        """``"claim"``, its text in records."""
        return "claim"


CLAIM = Claim()
"""The one claim step (it carries nothing: the seat to play makes it)."""

CLAIM_STEP = 11
"""Points the target rises by when nobody claimed and both sides passed it [RG][FOS]."""


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match at one moment.

    Attributes:
        rules: the rules in force.
        seed: the seed the match was started from.
        round: the current (or just finished) round.
        round_number: 1 for the first round.
        totals: match points per side.
        results: every finished round's score, oldest first.
        phase: ``"play"``, ``"round_over"`` (waiting for the next round) or ``"match_over"``.
        winner: the winning side once the match is over.
        rng_state: the state of the match's random generator (deals to come).
        multiplier: how many games the win counts for (1; 2 or 4 under ``eleven_doubling``,
            doubled again by ``double_below``).
    """

    rules: Rules
    seed: int
    round: RoundState
    round_number: int
    totals: tuple[int, ...]
    results: tuple[RoundScore, ...]
    phase: Phase
    winner: int | None
    rng_state: Any
    multiplier: int = 1
    claimed: int | None = None
    """The seat that claimed out, when a claim ended the match (``Rules.claiming``)."""
    claim_counts: tuple[int, ...] | None = None
    """Each side's :func:`claim_count` at the claim (what the claim was judged on), when a claim
    ended the match; the totals stay those of the rounds finished before it."""

    @property
    def target(self) -> int:
        """The points that win now: ``rules.target``, raised by 11 each time both sides passed
        it in one round with nobody claiming (``Rules.claiming`` [RG][FOS])."""
        return current_target(self.rules, self.results)


# -- scoring, deal and match switches (issue 15) ---------------------------------------------


def round_gains(rules: Rules, before: tuple[int, ...], score: RoundScore) -> tuple[int, ...]:
    """What a finished round adds to each side's match total.

    Args:
        rules: the rules in force.
        before: match totals per side before the round.
        score: the round's score.

    Returns:
        The round totals themselves, except: under ``rules.difference_scoring`` only the side
        with the strictly highest round total gains, that total less the sum of the others',
        and nothing when that is not above 0 [LONG][Bohn] (RULES.md §12); under
        ``rules.dominican_end`` a side that began the round at ``target - 3`` or more gains
        nothing [PAG-R] (RULES.md §15.1).
    """
    totals = score.totals
    if rules.difference_scoring:
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        gained = best - (sum(totals) - best)
        if len(leaders) > 1 or gained <= 0:
            return (0,) * len(totals)
        return tuple(gained if s == leaders[0] else 0 for s in range(len(totals)))
    if rules.dominican_end:
        return tuple(0 if b >= rules.target - 3 else t
                     for b, t in zip(before, totals, strict=True))
    return totals


def carried(rules: Rules, results: tuple[RoundScore, ...]) -> dict[str, int]:
    """The points each "most" category carries into the next round under ``rules.tie_carry``
    (Finnish Kasino, FAMILY.md §5.12): a category no side won in a round (a tie) adds its
    points to what it carried; a category won empties it. Empty without ``tie_carry``.

    Derived from the finished rounds alone, so undo, records and saved games need nothing
    more."""
    out: dict[str, int] = {}
    if not rules.tie_carry:
        return out
    for score in results:
        for category, worth in MOST_POINTS[rules.scoring].items():
            if any(s.points.get(category, 0) for s in score.sides):
                out[category] = 0
            elif category in score.sides[0].points:
                out[category] = out.get(category, 0) + worth
    return {c: n for c, n in out.items() if n}


def match_round_score(rules: Rules, before: tuple[int, ...], results: tuple[RoundScore, ...],
                      score: RoundScore) -> RoundScore:
    """A finished round's score (:meth:`RoundState.score`) with the match's part added.

    Args:
        rules: the rules in force.
        before: match totals per side before the round.
        results: the rounds finished before it.
        score: the round's own score.

    Returns:
        ``score``, except: under ``rules.sweep_stop`` (n > 0) sweeps score nothing when a side
        began the round with n points or more (Finnish Kasino, FAMILY.md §5.12); under
        ``rules.tie_carry`` the side that wins a "most" category also takes the points it
        carried from tied rounds before (:func:`carried`).
    """
    stop = rules.sweep_stop and max(before) >= rules.sweep_stop
    carry = carried(rules, results)
    if not stop and not carry:
        return score
    sides = []
    for side in score.sides:
        points = dict(side.points)
        if stop and "sweeps" in points:
            points["sweeps"] = 0
        for category, extra in carry.items():
            if points.get(category, 0) > 0:
                points[category] += extra
        sides.append(SideScore(side.cards, side.spades, side.sweeps, points))
    return RoundScore(tuple(sides))


def dominican_winner(rules: Rules, before: tuple[int, ...], score: RoundScore) -> int | None:
    """The side that wins outright under ``rules.dominican_end`` [PAG-R] (RULES.md §15.1), or
    None: a side that began the round at ``target - 3`` wins by taking most cards, at
    ``target - 2`` the 10 of diamonds, at ``target - 1`` most spades (our reading of "at 18,
    19, 20" in a game to 21). Several: the first in counting order (cards, spades, 10 of
    diamonds) [FOS][PAG]."""
    if not rules.dominican_end:
        return None
    needs = {rules.target - 3: "cards", rules.target - 1: "spades",
             rules.target - 2: "big_casino"}
    met: list[tuple[int, int]] = []
    for side, total in enumerate(before):
        need = needs.get(min(total, rules.target - 1))
        if need is None:
            continue
        if need == "big_casino":
            took = score.sides[side].points.get("big_casino", 0) > 0
        else:
            counts = [getattr(s, need) for s in score.sides]
            took = counts[side] > max(c for o, c in enumerate(counts) if o != side)
        if took:
            met.append((("cards", "spades", "big_casino").index(need), side))
    return min(met)[1] if met else None


def current_target(rules: Rules, results: tuple[RoundScore, ...]) -> int:
    """The points that win after ``results``: ``rules.target``, raised by
    :data:`CLAIM_STEP` each time every side stood at or over it after a round under
    ``rules.claiming`` (nobody claimed, so play goes on to 32, 43, ... [RG][FOS])."""
    target = rules.target
    if not rules.claiming:
        return target
    running = [0] * rules.sides
    for score in results:
        running = [r + t for r, t in zip(running, score.totals, strict=True)]
        while min(running) >= target:
            target += CLAIM_STEP
    return target


def claim_count(state: MatchState, side: int) -> int:
    """A side's points as a claim counts them [PAG §13][FOS]: its match total plus what it has
    earned so far this round: sweeps as made (cancelled ones not), aces, the casinos and other
    scoring cards as taken, and most cards, most spades (most diamonds) only once no other side
    can catch up with the cards still unplayed (27 cards or 7 spades of a 52-card pack)."""
    rules = state.rules
    rnd = state.round
    piles: list[list[Card]] = [[] for _ in range(rules.sides)]
    sweeps = [0] * rules.sides
    penalties = [0] * rules.sides
    for seat, pile in enumerate(rnd.piles):
        piles[rules.side_of(seat)].extend(pile)
        sweeps[rules.side_of(seat)] += rnd.sweeps[seat]
        penalties[rules.side_of(seat)] += rnd.penalties[seat]
    points = dict(score_round(rules, piles, sweeps, penalties).sides[side].points)
    pack = rules.pack_cards()
    suits = {"cards": "SHDC", "spades": "S", "diamonds": "D"}
    for category, counted in suits.items():
        if category not in points:
            continue
        have = [sum(1 for c in p if c.suit in counted) for p in piles]
        unplayed = sum(1 for c in pack if c.suit in counted) - sum(have)
        secured = all(have[o] + unplayed < have[side] for o in range(rules.sides) if o != side)
        worth = MOST_POINTS[rules.scoring].get(category, 0)
        points[category] = worth if secured else 0
    return state.totals[side] + sum(points.values())


def _decided(rules: Rules, totals: tuple[int, ...], rounds_played: int) -> bool:
    """Whether the match may end after this many rounds with these totals (ties aside)."""
    if rules.game_end == "one_deal":
        return True
    if rules.game_end == "two_deals":
        return rounds_played >= 2
    if rules.game_end == "deals_twice":
        return rounds_played >= 2 * rules.players
    return max(totals) >= rules.target


def play_on_reason(state: MatchState) -> Literal["tie"] | None:
    """Why a finished round did not end the match, for the page to say: ``"tie"`` when the
    match's end was reached (the target, or the rounds a fixed-length game plays) but the
    leading totals are equal and the tie rule plays another round [PAG §13][S004] (D14); None
    while the round is not over, the match is, or its end is simply not reached yet (a target
    raised by claiming included: :attr:`MatchState.target`).

    >>> from cassino_core.rules import CLASSIC
    >>> play_on_reason(Match(CLASSIC, seed=1).state) is None
    True
    """
    if state.phase != "round_over" or not state.results:
        return None
    rules = state.rules
    if rules.game_end == "target" and state.target != rules.target:
        rules = replace(rules, target=state.target)
    return "tie" if _decided(rules, state.totals, len(state.results)) else None


def _count_out(rules: Rules, before: tuple[int, ...], last: RoundScore,
               rnd: RoundState) -> int | None:
    """The first side to reach the target when the round's points are counted in order:
    cards, spades, big casino, little casino, the aces of spades, clubs, hearts and diamonds,
    then the other categories [FOS][PAG][USPC52][OST][S004]."""
    running = list(before)
    aces: dict[str, int] = {}
    for seat, pile in enumerate(rnd.piles):
        for card in pile:
            if card.rank == 1:
                aces[card.suit] = rules.side_of(seat)
    order = scheme_categories(rules)
    events: list[tuple[int, int]] = []
    for category in order:
        if category == "aces" and rules.scoring != "diamond":
            events += [(aces[s], 1) for s in "SCHD" if s in aces]
            continue
        events += [(side, score.points.get(category, 0))
                   for side, score in enumerate(last.sides)]
    for side, points in events:
        running[side] += points
        if points > 0 and running[side] >= rules.target:
            return side
    return None


def match_winner(rules: Rules, totals: tuple[int, ...], last: RoundScore,
                 rounds_played: int = 1, before: tuple[int, ...] | None = None,
                 rnd: RoundState | None = None, target: int | None = None) -> int | None:
    """The winning side after a round, or None to play on.

    Args:
        rules: the rules in force (``game_end``, ``target``, ``tie_break``).
        totals: match points per side after the round.
        last: the round's score.
        rounds_played: rounds finished in the match, this one included.
        before: totals before the round (needed by ``tie_break="count_out"``).
        rnd: the finished round (``count_out`` needs who took which ace).

    With ``game_end="target"`` a side wins when it has reached ``rules.target`` with a total
    higher than every other side; the other endings decide on the totals once their rounds
    are played. Equal leading totals go to the ``tie_break`` rule [PAG §13][S002] (D14): play
    another round, or the round's cards then spades. Under ``"count_out"`` [FOS] whenever two
    or more sides reach the target in the same round, the first to reach it in counting order
    wins. ``target`` is the target now (:func:`current_target`; ``rules.target`` when None).
    """
    if target is not None and target != rules.target and rules.game_end == "target":
        rules = replace(rules, target=target)
    if not _decided(rules, totals, rounds_played):
        return None
    best = max(totals)
    if (rules.tie_break == "count_out" and rules.game_end in ("target", "eleven_doubling")
            and before is not None and rnd is not None
            and sum(1 for t in totals if t >= rules.target) >= 2):
        found = _count_out(rules, before, last, rnd)
        if found is not None:
            return found
    leaders = [side for side, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        return leaders[0]
    if rules.tie_break == "cards_then_spades":
        for key in ("cards", "spades"):
            top = max(getattr(last.sides[s], key) for s in leaders)
            leaders = [s for s in leaders if getattr(last.sides[s], key) == top]
            if len(leaders) == 1:
                return leaders[0]
    return None


def game_multiplier(rules: Rules, totals: tuple[int, ...], winner: int,
                    rounds_played: int) -> int:
    """How many games a win counts for: under ``eleven_doubling`` 4 when won in one round and
    2 in two [USPC52][S002]; doubled when every loser has fewer than ``rules.double_below``
    points (Spade Cassino, 31 [BIC][S000])."""
    value = 1
    if rules.game_end == "eleven_doubling":
        value = {1: 4, 2: 2}.get(rounds_played, 1)
    if rules.double_below and all(t < rules.double_below
                                  for side, t in enumerate(totals) if side != winner):
        value *= 2
    return value


def _sweep_points(rules: Rules) -> int:
    return {"off": 0, "one": 1, "cancel": 1, "two": 2}[rules.sweeps]


class Match:
    """A match in progress, with undo back to its start.

    >>> from cassino_core.rules import CLASSIC
    >>> m = Match(CLASSIC, seed=42)
    >>> m.state.phase, m.state.round_number
    ('play', 1)
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        check_supported(rules)
        rng = random.Random(seed)
        dealer = rng.randrange(rules.players)  # the first dealer is chosen by lot [PAG §1]
        first = new_round(rules, dealer, rng)
        self.state = MatchState(rules=rules, seed=seed, round=first, round_number=1,
                                totals=(0,) * rules.sides, results=(), phase="play",
                                winner=None, rng_state=rng.getstate())
        self._history: list[MatchState] = []
        self._steps: list[Move | Claim | None] = []  # parallel to _history (see `steps`)
        self.start: RoundState | None = None
        """The loaded position the match began from (:meth:`from_position`), or None when
        its first round was dealt from the seed."""

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.state.rules

    def legal_moves(self) -> list[Move]:
        """The legal moves of the seat to play; empty between rounds and after the match."""
        return self.state.round.legal_moves() if self.state.phase == "play" else []

    def play(self, move: Move) -> None:
        """Make a move for the seat to play; score the round when it ends.

        Raises:
            IllegalMoveError: the move is not legal (the state is unchanged).
        """
        if self.state.phase != "play":
            raise IllegalMoveError.of("no_moves_now")
        check_legal(self.state.round, move)
        rules = self.rules
        after = apply_move(self.state.round, move)
        new = replace(self.state, round=after)
        seat = self.state.round.turn
        if after.finished:
            score = match_round_score(rules, self.state.totals, self.state.results,
                                      after.score())
            gains = round_gains(rules, self.state.totals, score)
            totals = tuple(t + s for t, s in zip(self.state.totals, gains, strict=True))
            played = len(self.state.results) + 1
            results = (*self.state.results, score)
            winner = dominican_winner(rules, self.state.totals, score)
            if winner is None:
                winner = match_winner(rules, totals, score, played, self.state.totals, after,
                                      current_target(rules, results))
            new = replace(new, totals=totals, results=results,
                          phase="round_over" if winner is None else "match_over", winner=winner,
                          multiplier=1 if winner is None else game_multiplier(
                              rules, totals, winner, played))
        elif rules.sudden_death and after.swept[seat] and not (
                rules.sweep_stop and max(self.state.totals) >= rules.sweep_stop):
            # Sweeps count as they are made; one that brings its side to target - 1 ends the
            # match at once [S003 §10].
            side = rules.side_of(seat)
            made = sum(after.sweeps[s] for s in range(rules.players) if rules.side_of(s) == side)
            if self.state.totals[side] + made * _sweep_points(rules) >= rules.target - 1:
                raised = list(self.state.totals)
                raised[side] += made * _sweep_points(rules)
                new = replace(new, totals=tuple(raised), phase="match_over", winner=side,
                              multiplier=game_multiplier(rules, tuple(raised), side,
                                                         len(self.state.results) + 1))
        self._history.append(self.state)
        self._steps.append(move)
        self.state = new

    def claim(self) -> bool:
        """The seat to play claims out (``Rules.claiming``) instead of playing a card: its side
        wins the match if :func:`claim_count` reaches the target now (:attr:`MatchState.target`),
        and loses it if not [FOS][DICK94]. Either way the match is over; the totals stay as
        they were at the claim. Returns whether the claim was right.

        Raises:
            PhaseError: the rules have no claiming, or no round is being played.
        """
        if not self.rules.claiming:
            raise PhaseError.of("claiming_off")
        if self.state.phase != "play":
            raise PhaseError.of("claim_not_now")
        seat = self.state.round.turn
        side = self.rules.side_of(seat)
        counts = tuple(claim_count(self.state, s) for s in range(self.rules.sides))
        right = counts[side] >= self.state.target
        winner = side if right else 1 - side  # two sides only (Rules checks it)
        self._history.append(self.state)
        self._steps.append(CLAIM)
        self.state = replace(self.state, phase="match_over", winner=winner, claimed=seat,
                             claim_counts=counts)
        return right

    def next_round(self) -> None:
        """Deal the next round, the deal passing to the left [PAG §1].

        Raises:
            PhaseError: the current round is not over, or the match is.
        """
        if self.state.phase != "round_over":
            raise PhaseError.of("round_not_over")
        rng = random.Random()
        rng.setstate(self.state.rng_state)
        dealer = (self.state.round.dealer + 1) % self.rules.players
        fresh = new_round(self.rules, dealer, rng)
        self._history.append(self.state)
        self._steps.append(None)
        self.state = replace(self.state, round=fresh, round_number=self.state.round_number + 1,
                             phase="play", rng_state=rng.getstate())

    def undo(self) -> None:
        """Go back one step (a move, or the start of a round).

        Raises:
            IndexError: already at the start of the match.
        """
        if not self._history:
            raise IndexError("nothing to undo: this is the start of the match")
        self.state = self._history.pop()
        self._steps.pop()

    def turn_before(self, seat: int) -> int | None:
        """How many steps back ``seat`` was last to play (see :meth:`undo_to_turn`), or None."""
        for steps in range(1, len(self._history) + 1):
            earlier = self._history[-steps]
            if earlier.phase == "play" and earlier.round.turn == seat:
                return steps
        return None

    def undo_to_turn(self, seat: int) -> int:
        """Undo back to the latest earlier position where ``seat`` was to play; return how many
        steps were taken back (the other seats' moves after it are taken back too).

        Raises:
            IndexError: ``seat`` has no earlier turn in the match (nothing is undone).
        """
        steps = self.turn_before(seat)
        if steps is None:
            raise IndexError(describe("nothing_played", {"seat": seat}))
        self.state = self._history[-steps]
        del self._history[-steps:]
        del self._steps[-steps:]
        return steps

    @property
    def can_undo(self) -> bool:
        """True when there is a step to take back."""
        return bool(self._history)

    # -- records (cassino_core.record) ----------------------------------------------------------

    @property
    def steps(self) -> tuple[Move | Claim | None, ...]:
        """Every step from the start of the match, oldest first: a move (:meth:`play`), a
        :data:`CLAIM` (:meth:`claim`), or None for the deal of the next round
        (:meth:`next_round`). Undo takes steps back. With the
        seed (and :attr:`start`) they replay the match exactly (:mod:`cassino_core.record`)."""
        return tuple(self._steps)

    @property
    def history(self) -> tuple[MatchState, ...]:
        """The state before each of :attr:`steps`, oldest first (parallel to it); with
        :attr:`state` they are every position of the match (:mod:`cassino_core.review`)."""
        return tuple(self._history)

    @classmethod
    def from_position(cls, position: RoundState, seed: int) -> Match:
        """A match whose first round starts from ``position`` (a loaded position; see
        :mod:`cassino_core.position`), as round 1 with no points yet; later rounds are dealt from
        ``random.Random(seed)`` as in a match started with that seed.

        ``position`` must be a round in play (checked by ``Round.from_position``).
        """
        match = cls(position.rules, seed)
        match.state = replace(match.state, round=position)
        match.start = position
        return match
