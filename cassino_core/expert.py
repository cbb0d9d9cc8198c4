"""The expert computer player: a search over the cards it cannot see.

Perfect-information Monte Carlo (PIMC, "determinization"): the expert deals the unseen cards
(the other hands and the stock) at random in a way consistent with everything it has seen,
plays each candidate move in that sampled deal, lets every seat continue with the
intermediate policy (:class:`~cassino_core.players.HeuristicPlayer`) to the end of the current
deal (a few plies), and scores the position reached by the points each side can expect
(:func:`expected_points`). The move with the best total over all samples is played.

- Consistent samples: each other hand gets its size; an opponent (or partner) who owns a build
  gets a card of its value first, because the owner must hold one [PAG §7] (not under
  Michigan's defaults); the rest of the unseen cards are shuffled into the hands and stock.
- Candidates: the intermediate evaluation ranks the legal moves (one per family on a crowded
  table: :func:`~cassino_core.players.candidate_moves`) and keeps the best few, so a table with
  thousands of legal moves costs no more than a quiet one.
- Nothing hidden (no stock, and every unseen card in one other hand, as in the last deal of a
  two-player round): exact minimax with alpha-beta to the end of the round on the exact round
  score, within a node limit; past the limit it falls back to the sampling search.
- Budgets: ``iterations`` (number of samples; deterministic for a given rng) and/or
  ``budget_ms`` (wall time per move, default 1000 when neither is given). The sampling stops
  at whichever comes first; the page runs under Pyodide, about 1.5 times slower than CPython.
  The time budget is a real limit: ranking the candidates stops at half of it (the best moves
  ranked so far are kept), the exact search and every sampled deal check the clock, so a move
  takes at most the budget and the time of one playout.
- The playouts run on the playout core (:mod:`cassino_core.playout`) with
  :class:`~cassino_core.playout_policy.CorePolicy` (the intermediate's estimate computed on the
  core) for every seat; rules the core refuses (Trailing-Royals' court builds, the WIKI
  builder variants) and ``core=False`` play them on the rules engine with the intermediate
  policy itself, as before.

The player reads nothing but its :class:`~cassino_core.view.SeatView` and its rng.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card
from .game import RoundState, apply_move
from .ismcts import TreeNode, backup, descend
from .match_odds import MatchOdds
from .match_odds import applies as match_odds_apply
from .movegen import LooseCards, capturers, count_legal_moves, expand, families_for
from .moves import Capture, Move, Trail
from .players import (
    INTERMEDIATE_WEIGHTS,
    MOVES_TO_SCORE,
    HeuristicPlayer,
    PolicyWeights,
    _Odds,
    iter_candidates,
)
from .playout import Core, CoreMove, CoreUnsupported, Playout, core_for
from .playout_policy import MAJORITY_CURVE, CorePolicy, Curve
from .playout_policy import expected_points as core_expected_points
from .rules import Rules
from .scoring import score_round
from .table import held_values, scheme_for
from .view import SeatView

DEFAULT_BUDGET_MS = 1000
"""Thinking time per move when no budget is given."""

CANDIDATES = 6
"""Most moves the sampling search compares (the intermediate's best few)."""

KEEP_WITHIN = 1.5
"""The sampling search compares the intermediate's best moves rated within this many points of
its best one (and at most ``candidates`` of them)."""

CROWDED = 14
"""A playout stops (and scores the position) at a table with more loose cards than this."""

EXACT_NODES = 4000
"""Node limit of the exact search (per iteration of budget when only iterations are given)."""

TREE_EXPLORE = 2.0
"""UCB1's weight in the information-set tree search (``ExpertPlayer(tree=True)``), in points
of round margin (a playout's margin spreads over a few points)."""

SOLVE_NODES = 3000
"""Node limit of the search of one sampled deal's last plays (``ExpertPlayer(solve=...)``);
past it that deal's candidates are played out as usual."""


INFER_KEEP = 0.1
"""The weight a sampled deal keeps when it gives a seat that just trailed a card that could
have taken something from the table it trailed onto (:func:`trail_clue`): such a deal is kept
one time in ten, not never, since a player may trail for a reason of its own (the page's
intermediate trailed so in 27 of 3,650 trails, 40 Classic matches; the beginner never)."""

CLUE_TRIES = 20
"""Most deals :func:`sample_world` draws to honour a clue before it keeps the last one."""


@dataclass(frozen=True)
class TrailClue:
    """What a trail says about the hand that made it: ``seat`` trailed where any of
    ``takers`` (cards it may hold) would have taken something, so it probably holds none."""

    seat: int
    takers: frozenset[Card]


def trail_clue(view: SeatView, unseen: Iterable[Card]) -> TrailClue | None:
    """The clue of the move just before this seat's turn, when it was a trail of this deal in a
    two-player game without drawing: the cards among ``unseen`` that could have taken
    something from the table as it was before that trail (the trailed card taken off it; the
    trailing seat's own builds left out, since it must keep a card for them [PAG §7]). A player
    who trails a card while holding one that takes a loose card or a build rarely does so
    (see :data:`INFER_KEEP`), so the expert deals such hands seldom (issue 16's inference:
    "a player who trailed instead of taking a visible 10 of diamonds probably holds no 10").
    None when nothing is known: more than two players (the table has changed since), Draw
    Cassino (a card drawn since), the first play of a deal (that trail was made with the hand
    of an earlier deal), or a latest move that was not a trail."""
    rules = view.rules
    if rules.players != 2 or rules.draw or view.turn != view.seat:
        return None
    other = 1 - view.seat
    counts = view.hand_counts
    if counts[view.seat] == counts[other] == rules.hand_size or counts[other] == 0:
        return None
    move = view.last_moves[other] if view.last_moves else None
    if not isinstance(move, Trail) or move.card not in view.loose:
        return None
    before = list(view.loose)
    before.remove(move.card)
    builds = [b for b in view.builds if b.owner != other]
    if not before and not builds:
        return None
    takers = capturers(unseen, rules, before, builds)
    return TrailClue(other, takers) if takers else None


def sample_world(view: SeatView, rng: random.Random,
                 unseen: list[Card] | None = None, clue: TrailClue | None = None) -> RoundState:
    """A round state consistent with ``view``: its own cards and everything face up as seen,
    the unseen cards dealt at random into the other hands (each of its known size) and the
    stock, every build owner holding a card of its build's value [PAG §7]. ``unseen``: the
    view's unseen cards by index, when the caller has them already. With a ``clue``
    (:func:`trail_clue`), a deal giving its seat one of its ``takers`` is kept only with
    probability :data:`INFER_KEEP` (at most :data:`CLUE_TRIES` deals are drawn; the last is
    kept), so the deals follow what the trail suggests."""
    world = _deal_hidden(view, rng, unseen)
    if clue is None:
        return world
    for _ in range(CLUE_TRIES - 1):
        if clue.takers.isdisjoint(world.hands[clue.seat]) or rng.random() < INFER_KEEP:
            break
        world = _deal_hidden(view, rng, unseen)
    return world


def _deal_hidden(view: SeatView, rng: random.Random,
                 unseen: list[Card] | None = None) -> RoundState:
    """One deal of the hidden cards for :func:`sample_world`, with no clue."""
    rules = view.rules
    scheme = scheme_for(rules)
    pool = list(unseen) if unseen is not None else sorted(view.unseen(), key=lambda c: c.index)
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    hands[view.seat] = list(view.hand)
    if rules.builder_restriction != "penalty":
        for seat in range(rules.players):
            if seat == view.seat:
                continue
            values = sorted({b.value for b in view.builds if b.owner == seat})
            for value in values[:view.hand_counts[seat]]:
                found = next((c for c in pool if value in held_values(scheme, [c])), None)
                if found is not None:
                    pool.remove(found)
                    hands[seat].append(found)
    for seat in range(rules.players):
        if seat != view.seat:
            need = view.hand_counts[seat] - len(hands[seat])
            hands[seat] += pool[:need]
            del pool[:need]
    return round_state(view, tuple(tuple(h) for h in hands), tuple(pool))


def round_state(view: SeatView, hands: tuple[tuple[Card, ...], ...],
                stock: tuple[Card, ...]) -> RoundState:
    """The round of ``view`` with the hidden cards placed as given."""
    return RoundState(rules=view.rules, dealer=view.dealer, hands=hands, loose=view.loose,
                      builds=view.builds, stock=stock, piles=view.piles, sweeps=view.sweeps,
                      turn=view.turn, deal=view.deal, last_capturer=view.last_capturer,
                      last_moves=view.last_moves, swept=view.swept, raised=view.raised,
                      plucked=view.plucked, penalties=view.penalties)


def view_of(state: RoundState, seat: int, like: SeatView) -> SeatView:
    """The view ``seat`` would have of ``state`` (a sampled round), the match facts taken from
    ``like``."""
    to_play = state.turn == seat and not state.finished
    return SeatView(
        rules=state.rules, seat=seat, phase=like.phase, turn=state.turn, dealer=state.dealer,
        round_number=like.round_number, deal=state.deal, deals=like.deals,
        last_deal=not state.stock, hand=state.hands[seat],
        hand_counts=tuple(len(h) for h in state.hands), stock=len(state.stock),
        loose=state.loose, builds=state.builds, piles=state.piles, sweeps=state.sweeps,
        last_capturer=state.last_capturer, last_moves=state.last_moves, swept=state.swept,
        raised=state.raised,
        families=tuple(families_for(state.rules, state.hands[seat], state.loose, state.builds,
                                    seat)) if to_play else (),
        plucks=tuple(state.plucks()) if to_play else (), totals=like.totals,
        target=like.target, results=like.results, winner=like.winner,
        penalties=state.penalties, plucked=state.plucked, multiplier=like.multiplier)


def _majorities(rules: Rules) -> list[tuple[str, int, str]]:
    """The "most of" categories of the scoring in force: (category, points, what is counted)."""
    if rules.scoring == "diamond":
        return [("cards", 1, "cards"), ("diamonds", 1, "D")]
    out = [("cards", 3, "cards")]
    if rules.scoring in ("standard", "spade25", "spade26"):
        out.append(("spades", 1, "S"))
    return out


def expected_points(state: RoundState) -> list[float]:
    """Round points each side can expect from ``state``: exact once the round is finished;
    before that, the points already secured by the cards taken, and for "most cards" (and
    most spades or diamonds) the chance of ending ahead, judged from the lead and the cards
    still to be taken (a logistic curve; a lead no remaining cards can overturn is certain)."""
    if state.finished:
        return [float(t) for t in state.score().totals]
    rules = state.rules
    sides = rules.sides
    piles: list[list[Card]] = [[] for _ in range(sides)]
    sweeps = [0] * sides
    penalties = [0] * sides
    for seat, pile in enumerate(state.piles):
        side = rules.side_of(seat)
        piles[side].extend(pile)
        sweeps[side] += state.sweeps[seat]
        penalties[side] += state.penalties[seat]
    score = score_round(rules, piles, sweeps, penalties)
    points = [float(s.total) for s in score.sides]
    pack = rules.pack_cards()
    for category, worth, counted in _majorities(rules):
        if counted == "cards":
            counts = [len(p) for p in piles]
            total = len(pack)
        else:
            counts = [sum(1 for c in p if c.suit == counted) for p in piles]
            total = sum(1 for c in pack if c.suit == counted)
        left = total - sum(counts)
        for side in range(sides):
            points[side] -= score.sides[side].points.get(category, 0)
            lead = counts[side] - max(counts[o] for o in range(sides) if o != side)
            if lead > left:
                chance = 1.0
            elif -lead > left:
                chance = 0.0
            else:
                chance = 1 / (1 + math.exp(-1.6 * lead / (math.sqrt(left) + 1)))
            points[side] += worth * chance
    return points


def side_value(points: list[float], side: int) -> float:
    """A side's margin: its points less the best other side's."""
    return points[side] - max(p for s, p in enumerate(points) if s != side)


@dataclass
class _Budget:
    deadline: float | None
    nodes: int
    odds: MatchOdds | None = None


class _Abort(Exception):
    """The exact search ran out of its node limit or time."""


class ExpertPlayer:
    """The expert level (see the module docstring).

    Args:
        budget_ms: wall time per move in milliseconds (None: no time limit if ``iterations``
            is given, else :data:`DEFAULT_BUDGET_MS`).
        iterations: samples per move (None: as many as the time allows).
        candidates: most moves compared by sampling.
        curves: the chances of most cards and of most spades (or diamonds) at the end of a
            playout on the core (:data:`~cassino_core.playout_policy.Curve`).
        keep_within: how far below the intermediate's best rating a move may be and still be
            compared (:data:`KEEP_WITHIN` points).
        core: play the sampled deals out on the playout core where it plays the rules.
        horizon: how far a playout goes on the core: ``"deal"`` (to the end of the current
            deal, then :func:`expected_points`), ``"lead"`` (the same and the next deal's first
            play, the table the deal leaves being open to it) or ``"round"`` (to the end of
            the round, then its exact score).
        infer: deal the other hand as the other seat's latest trail suggests
            (:func:`trail_clue`); False deals every placement of the unseen cards alike.
        match: judge positions by the chance of winning the match from the match score
            (:class:`~cassino_core.match_odds.MatchOdds`) where that models the rules, instead
            of by the round margin alone; playouts on the rules engine keep the margin.
        solve: when the deal has at most this many plays left after the move to choose (every
            seat's, counted by the cards in hand; never under the Draw rules, whose hands
            refill), each sampled deal is searched to the deal's end with alpha-beta (every
            seat seeing that deal's cards; the expert's side maximising its margin, the others
            minimising it) instead of played out by the intermediate policy; 0 never does. On
            the playout core only; a deal whose search passes :data:`SOLVE_NODES` is played out.
        replies: in a ``solve`` search, how the other sides reply: ``"best"`` (each the
            reply worst for the expert's side) or ``"policy"`` (as :class:`CorePolicy` plays;
            only the expert's side then searches its moves).
        weights: the constants of the intermediate's rating
            (:class:`~cassino_core.players.PolicyWeights`), which ranks the candidates and
            plays the playouts on the core; the default, the intermediate's own, is the
            page's.
        tree: compare the candidates by single-observer information-set tree search
            (:meth:`_tree_search`) instead of a flat playout of each in every sampled deal: as
            many playouts (``iterations`` times the candidates), but shared out by UCB1 and
            with the other seats' replies searched in the tree. On the playout core only.
    """

    def __init__(self, budget_ms: int | None = None, iterations: int | None = None,
                 candidates: int = CANDIDATES, core: bool = True,
                 horizon: str = "deal", infer: bool = False, match: bool = False,
                 keep_within: float = KEEP_WITHIN,
                 curves: tuple[Curve, Curve] = (MAJORITY_CURVE, MAJORITY_CURVE),
                 solve: int = 0, replies: str = "best", tree: bool = False,
                 weights: PolicyWeights = INTERMEDIATE_WEIGHTS) -> None:
        if budget_ms is not None and budget_ms <= 0:
            raise ValueError("budget_ms must be positive")
        if iterations is not None and iterations <= 0:
            raise ValueError("iterations must be positive")
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.candidates = candidates
        self.keep_within = keep_within
        self.curves = curves
        if horizon not in ("deal", "lead", "round"):
            raise ValueError("horizon must be 'deal', 'lead' or 'round'")
        if solve < 0:
            raise ValueError("solve must be 0 or more")
        self.solve = solve
        if replies not in ("best", "policy"):
            raise ValueError("replies must be 'best' or 'policy'")
        self.replies = replies
        self.tree = tree
        self.weights = weights
        self.core = core
        self.horizon = horizon
        self.infer = infer
        self.match = match
        self.policy = HeuristicPlayer(weights=weights)
        self.last_samples = 0
        """How many samples the latest choice weighed (for figures)."""
        self.last_core = False
        """Whether the latest choice's playouts ran on the playout core."""
        self.last_solved = 0
        """How many of the latest choice's samples were searched to the deal's end
        (``solve``)."""
        self._policies: dict[Rules, CorePolicy] = {}

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        """The move with the best total margin over the sampled deals (see the module
        docstring)."""
        return self.analyse(view, rng)[0]

    def analyse(self, view: SeatView, rng: random.Random) -> tuple[Move, str]:
        """The chosen move and how it was found: ``"only"`` (one candidate), ``"quick"`` (the
        intermediate's choice, when the budget allows no search: a crowded table), ``"exact"``
        or ``"sampled"``."""
        start = time.perf_counter()
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        self.last_samples = 0
        self.last_core = False
        self.last_solved = 0
        ranked, whole = self._ranked(view, rng, deadline, start)
        if len(ranked) == 1:
            return ranked[0][1], "only"
        if not whole or (deadline is not None
                         and time.perf_counter() > start + 0.4 * (deadline - start)):
            return ranked[0][1], "quick"  # a crowded table took the time: trust the ranking
        odds = self._odds(view)
        exact = self._exact(view, deadline, odds)
        if exact is not None:
            return exact, "exact"
        # Keep the moves the intermediate rates within reach of its best.
        best = ranked[0][0]
        keep = [m for v, m in ranked[:self.candidates] if v >= best - self.keep_within]
        if len(keep) == 1:
            return keep[0], "only"
        policy = self._core_policy(view.rules) if self.core else None
        core_moves = [policy.core.move_of(m) for m in keep] if policy is not None else []
        self.last_core = policy is not None
        totals = [0.0] * len(keep)
        side = view.rules.side_of(view.seat)
        samples = 0
        unseen = sorted(view.unseen(), key=lambda c: c.index)
        clue = trail_clue(view, unseen) if self.infer else None
        if self.tree and policy is not None:
            return self._tree_search(view, rng, policy, keep, core_moves, side, unseen, clue,
                                     deadline), "sampled"
        solving = (policy is not None and not view.rules.draw
                   and 0 < sum(view.hand_counts) - 1 <= self.solve)
        while True:
            world = self._world(view, rng, unseen, clue)
            seed = rng.randrange(2**32)
            values = []
            solved = None
            if solving:
                assert policy is not None
                solved = self._solve_deal(policy, Playout.of(world), core_moves, side,
                                          deadline)
            if solved is not None:
                values = solved
                self.last_solved += 1
            elif policy is not None:
                start_state = Playout.of(world)
                for core_move in core_moves:
                    values.append(self._core_playout(policy, start_state, core_move, side, odds))
                    if deadline is not None and time.perf_counter() > deadline:
                        break
            else:
                for move in keep:
                    values.append(self._playout(view, world, move, side, random.Random(seed)))
                    if deadline is not None and time.perf_counter() > deadline:
                        break
            if len(values) < len(keep):  # out of time within a sample: it does not count
                if samples == 0:
                    return keep[0], "quick"  # not even one sample fits the budget
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            samples += 1
            if self.iterations is not None and samples >= self.iterations:
                break
            if deadline is not None:
                now = time.perf_counter()
                per_sample = (now - start) / samples
                if now + per_sample > deadline:
                    break
        self.last_samples = samples
        # A small prior from the intermediate's order breaks near ties in its favour.
        scored = [(t / samples - 0.01 * i, i) for i, t in enumerate(totals)]
        return keep[max(scored)[1]], "sampled"

    def _world(self, view: SeatView, rng: random.Random, unseen: list[Card],
               clue: TrailClue | None) -> RoundState:
        """One deal of the hidden cards to play the candidates in (:func:`sample_world`, with
        the clue of the latest trail when inferring)."""
        return sample_world(view, rng, unseen, clue)

    def _ranked(self, view: SeatView, rng: random.Random, deadline: float | None,
                start: float) -> tuple[list[tuple[float, Move]], bool]:
        """The intermediate's ranking of the candidate moves, best first, and whether it is
        whole. With a deadline it stops at half the budget and ranks what it has weighed (on a
        crowded table weighing every move can take seconds); otherwise it is exactly
        :meth:`HeuristicPlayer.ranked <cassino_core.players.HeuristicPlayer.ranked>`."""
        if deadline is None:
            return self.policy.ranked(view, rng), True
        stop = start + 0.5 * (deadline - start)
        policy = self.policy
        odds = _Odds(view)
        moves = []
        whole = True
        for i, m in enumerate(iter_candidates(view)):
            if i % 64 == 63 and time.perf_counter() > stop:
                whole = False
                break
            moves.append(m)
        if len(moves) > MOVES_TO_SCORE:
            quick = []
            for i, m in enumerate(moves):
                if i % 32 == 31 and time.perf_counter() > stop:
                    whole = False
                    break
                quick.append((policy.evaluate(view, m, odds, exposure=False), rng.random(), m))
            quick.sort(key=lambda t: (t[0], t[1]), reverse=True)
            moves = [m for _, _, m in quick[:MOVES_TO_SCORE]]
        scored: list[tuple[float, float, Move]] = []
        for i, m in enumerate(moves):
            if whole and i % 8 == 7 and time.perf_counter() > stop:
                whole = False
            if not whole:  # rank the rest by what they gain at once
                scored.append((policy.evaluate(view, m, odds, exposure=False) - 10.0, 0.0, m))
                continue
            scored.append((policy.evaluate(view, m, odds), rng.random(), m))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(v, m) for v, _, m in scored], whole

    def _odds(self, view: SeatView) -> MatchOdds | None:
        """The match odds the evaluation uses (``match`` on, the rules modelled, the match not
        over), or None for the round margin."""
        if (not self.match or not match_odds_apply(view.rules) or view.winner is not None
                or len(view.totals) != 2):
            return None
        return MatchOdds(view.rules, view.target, view.totals, self.curves)

    def _core_policy(self, rules: Rules) -> CorePolicy | None:
        """The playout policy of ``rules`` on the core, or None when the core refuses them."""
        found = self._policies.get(rules)
        if found is None:
            try:
                core: Core = core_for(rules)
            except CoreUnsupported:
                return None
            found = self._policies[rules] = CorePolicy(core, self.weights)
        return found

    def _core_playout(self, policy: CorePolicy, world: Playout, move: CoreMove,
                      side: int, odds: MatchOdds | None = None) -> float:
        """:meth:`_playout` on the playout core: ``move`` in a copy of ``world``, then
        :class:`CorePolicy` for every seat to the end of the deal; the margin of ``side``
        there, or with ``odds`` its :meth:`MatchOdds.value
        <cassino_core.match_odds.MatchOdds.value>`."""
        state = world.copy()
        state.play(move)
        deal = world.deal if self.horizon != "round" else -1
        plies = 0
        limit = 3 * policy.core.players if policy.core.rules.draw else 64
        if deal < 0:
            limit = 60 * policy.core.players
        while not state.finished and (deal < 0 or state.deal == deal) and plies < limit:
            if state.loose.bit_count() > CROWDED:
                break  # a crowded table: score it as it is rather than list its moves
            chosen = policy.choose(state)
            if chosen is None:
                break  # an impossible sample (a position loaded by hand): score it as it is
            state.play(chosen)
            plies += 1
        if (self.horizon == "lead" and not state.finished and state.deal != deal
                and state.loose.bit_count() <= CROWDED):
            chosen = policy.choose(state)  # the next deal's first play
            if chosen is not None:
                state.play(chosen)
        if odds is not None:
            return odds.value(state, side)
        return side_value(core_expected_points(state, self.curves), side)

    def _tree_search(self, view: SeatView, rng: random.Random, policy: CorePolicy,
                     keep: list[Move], core_moves: list[CoreMove], side: int,
                     unseen: list[Card], clue: TrailClue | None,
                     deadline: float | None) -> Move:
        """Single-observer ISMCTS (:mod:`cassino_core.ismcts`) over the rest of the deal: each
        iteration deals a world as the flat search does, goes down the tree (the root's
        children are the candidates ``keep``; below them every move legal in that world, the
        one :class:`CorePolicy` would play tried first), plays on with the policy to the end
        of the deal, and backs up ``side``'s margin there (:func:`expected_points` on the
        core). ``iterations`` times the candidates iterations, or until the deadline; the
        candidate visited most wins (ties: the better mean, then the intermediate's order)."""
        root: TreeNode[CoreMove] = TreeNode()
        limit = (self.iterations * len(keep) if self.iterations is not None else 10**9)
        done = 0
        while done < limit:
            world = Playout.of(self._world(view, rng, unseen, clue))
            self._tree_iteration(root, policy, world, core_moves, side, rng)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_samples = done
        self.last_core = True
        order = {m: i for i, m in enumerate(core_moves)}

        def rank(m: CoreMove) -> tuple[int, float, int]:
            node = root.children.get(m)
            if node is None or not node.visits:
                return (0, -math.inf, -order[m])
            return (node.visits, node.total / node.visits, -order[m])

        best = max(core_moves, key=rank)
        return keep[order[best]]

    def _tree_iteration(self, root: TreeNode[CoreMove], policy: CorePolicy, state: Playout,
                        root_moves: list[CoreMove], side: int, rng: random.Random) -> None:
        """One iteration of :meth:`_tree_search` in the world ``state`` (played on in place)."""
        core = policy.core

        def pick(untried: list[CoreMove]) -> CoreMove:
            preferred = policy.choose(state)
            if preferred in untried:
                return preferred
            return untried[int(rng.random() * len(untried))]

        deal = state.deal
        path: list[tuple[TreeNode[CoreMove], bool]] = []
        move, node, expanded = descend(root, root_moves, TREE_EXPLORE, lambda u: u[0])
        path.append((node, True))
        state.play(move)
        plies = 0
        limit = 3 * core.players if core.rules.draw else 64
        while not state.finished and state.deal == deal and plies < limit:
            if state.loose.bit_count() > CROWDED:
                break
            if expanded:
                chosen = policy.choose(state)
                if chosen is None:
                    break
            else:
                legal = state.legal()
                if not legal:
                    break
                mine = core.side[state.turn] == side
                chosen, node, expanded = descend(node, legal, TREE_EXPLORE, pick)
                path.append((node, mine))
            state.play(chosen)
            plies += 1
        backup(path, side_value(core_expected_points(state, self.curves), side))

    def _solve_deal(self, policy: CorePolicy, world: Playout, moves: list[CoreMove], side: int,
                    deadline: float | None) -> list[float] | None:
        """Each of ``moves`` played in ``world`` and searched to the end of the deal
        (:func:`_deal_search`): the values of ``side`` in ``moves``' order, or None when the
        search passes :data:`SOLVE_NODES` or the deadline (the caller plays the deal out)."""
        budget = _Budget(deadline, SOLVE_NODES)
        deal = world.deal
        out = []
        try:
            for move in moves:
                state = world.copy()
                state.play(move)
                out.append(_deal_search(policy.core, state, side, deal, -math.inf, math.inf,
                                        budget, self.curves,
                                        policy if self.replies == "policy" else None))
        except _Abort:
            return None
        return out

    def _playout(self, view: SeatView, world: RoundState, move: Move, side: int,
                 rng: random.Random) -> float:
        """Play ``move`` in ``world``, then the intermediate policy for every seat to the end
        of the deal; the margin of ``side`` there."""
        state = apply_move(world, move)
        deal = world.deal
        plies = 0
        limit = 3 * view.rules.players if view.rules.draw else 64
        while not state.finished and state.deal == deal and plies < limit:
            seen = view_of(state, state.turn, view)
            if not seen.families and not seen.plucks:
                break  # an impossible sample (a position loaded by hand): score it as it is
            state = apply_move(state, self.policy.choose(seen, rng))
            plies += 1
        return side_value(expected_points(state), side)

    # -- exact search ---------------------------------------------------------------------

    def _exact(self, view: SeatView, deadline: float | None,
               odds: MatchOdds | None = None) -> Move | None:
        """The best move by exact search when nothing is hidden, or None; finished rounds are
        judged by their margin, or with ``odds`` by :meth:`MatchOdds.final_value
        <cassino_core.match_odds.MatchOdds.final_value>`."""
        if view.stock:
            return None
        holders = [s for s, n in enumerate(view.hand_counts) if n and s != view.seat]
        if len(holders) > 1:
            return None
        hands = [() if s != view.seat else view.hand for s in range(view.rules.players)]
        if holders:
            hands[holders[0]] = tuple(sorted(view.unseen(), key=lambda c: c.index))
        state = round_state(view, tuple(hands), ())
        nodes = EXACT_NODES * (self.iterations or 10) // 10
        budget = _Budget(deadline, nodes, odds)
        side = view.rules.side_of(view.seat)
        try:
            best: Move | None = None
            alpha = -math.inf
            for move in _ordered(state):
                value = _minimax(apply_move(state, move), side, alpha, math.inf, budget)
                if value > alpha:
                    alpha, best = value, move
            return best
        except _Abort:
            return None


EXACT_BRANCHING = 200
"""The exact search gives up (for the sampling search) at a position with more moves."""


def _ordered(state: RoundState) -> list[Move]:
    """Legal moves, captures taking most first (good moves early make alpha-beta cut more).

    Raises:
        _Abort: too many moves for an exact search (a crowded table).
    """
    rules = state.rules
    table = LooseCards(state.loose, scheme_for(rules))
    hand = state.hands[state.turn]
    if count_legal_moves(rules, hand, state.loose, state.builds, state.turn,
                         EXACT_BRANCHING + 1) > EXACT_BRANCHING:
        raise _Abort  # counted with a stop: listing a crowded table's moves costs seconds
    families = families_for(rules, hand, state.loose, state.builds, state.turn)
    moves: list[Move] = [*state.plucks(), *(m for f in families for m in expand(f, table))]
    moves.sort(key=lambda m: -(len(m.take) + 1) if isinstance(m, Capture) else 0)
    return moves


def _minimax(state: RoundState, side: int, alpha: float, beta: float, budget: _Budget) -> float:
    """The exact margin of ``side`` with best play from ``state`` (the others minimising it),
    or its match value with ``budget.odds``."""
    if state.finished:
        if budget.odds is not None:
            return budget.odds.final_value(state.score().totals, side)
        return side_value([float(t) for t in state.score().totals], side)
    budget.nodes -= 1
    if budget.nodes < 0 or (budget.deadline is not None and budget.nodes % 64 == 0
                            and time.perf_counter() > budget.deadline):
        raise _Abort
    mine = state.rules.side_of(state.turn) == side
    best = -math.inf if mine else math.inf
    for move in _ordered(state):
        value = _minimax(apply_move(state, move), side, alpha, beta, budget)
        if mine:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _deal_search(core: Core, state: Playout, side: int, deal: int, alpha: float, beta: float,
                 budget: _Budget, curves: tuple[Curve, Curve],
                 policy: CorePolicy | None = None) -> float:
    """Alpha-beta over the rest of deal ``deal`` of one sampled deal, every hand known: the
    margin of ``side`` (:func:`~cassino_core.playout_policy.expected_points` where the deal
    ends, or at a crowded table, as a playout judges it), ``side`` maximising it and every
    other side minimising it, or with ``policy`` making the other sides' moves as it does.

    Raises:
        _Abort: past ``budget``'s nodes or deadline.
    """
    if state.finished or state.deal != deal or state.loose.bit_count() > CROWDED:
        return side_value(core_expected_points(state, curves), side)
    budget.nodes -= 1
    if budget.nodes < 0 or (budget.deadline is not None and budget.nodes % 64 == 0
                            and time.perf_counter() > budget.deadline):
        raise _Abort
    mine = core.side[state.turn] == side
    if policy is not None and not mine:
        reply = policy.choose(state)
        if reply is None:
            return side_value(core_expected_points(state, curves), side)
        state.play(reply)  # the state is this search's own copy
        return _deal_search(core, state, side, deal, alpha, beta, budget, curves, policy)
    moves = core.legal(state)
    if not moves:  # an impossible sample (a position loaded by hand): judge it as it is
        return side_value(core_expected_points(state, curves), side)
    moves.sort(key=_take_size, reverse=True)
    best = -math.inf if mine else math.inf
    for move in moves:
        child = state.copy()
        child.play(move)
        value = _deal_search(core, child, side, deal, alpha, beta, budget, curves, policy)
        if mine:
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
        elif value < best:
            best = value
            if value < beta:
                beta = value
        if alpha >= beta:
            break
    return best


def _take_size(move: CoreMove) -> int:
    """How many cards a core move takes from the table (captures and builds first in the
    search's order)."""
    return move[3].bit_count()


class CheatingExpert(ExpertPlayer):
    """The expert that sees every other hand: a ceiling for measuring, never a page level.

    Issue 16 asks how far the fair expert is from an expert that is told what it cannot see.
    This one searches exactly as :class:`ExpertPlayer` does (the same candidates, playouts and
    exact search) but every sampled deal gives the other seats the cards they really hold;
    only the stock's order, which no player can know, is still shuffled. The gap between the
    two in a tournament is what a perfect inference of the other hands could add to this search.

    Whoever runs it must set :attr:`truth` to the round being played before each
    :meth:`choose` (``python -m cassino_core.tournament``'s ``expert_cheating`` does); the page
    and ``cassino_core.api`` never make one (it is not in
    :data:`~cassino_core.players.ALL_LEVELS`).

    Raises:
        ValueError: from :meth:`choose` when :attr:`truth` is not set, or is not the round of
            the view (another hand for the seat, other face-up cards, another seat to play).
    """

    def __init__(self, budget_ms: int | None = None, iterations: int | None = None,
                 candidates: int = CANDIDATES) -> None:
        super().__init__(budget_ms=budget_ms, iterations=iterations, candidates=candidates)
        self.truth: RoundState | None = None
        """The round as it really is (set by the caller before each choice)."""

    def analyse(self, view: SeatView, rng: random.Random) -> tuple[Move, str]:
        """As :meth:`ExpertPlayer.analyse`, after checking :attr:`truth` against ``view``."""
        truth = self.truth
        if truth is None:
            raise ValueError("the cheating expert needs the true round: set truth first")
        if (sorted(truth.hands[view.seat]) != sorted(view.hand) or truth.loose != view.loose
                or truth.builds != view.builds or truth.turn != view.turn):
            raise ValueError("the cheating expert's truth is not the round of its view")
        return super().analyse(view, rng)

    def _world(self, view: SeatView, rng: random.Random, unseen: list[Card],
               clue: TrailClue | None) -> RoundState:
        """The round with every hand as it is and the stock's cards shuffled (it needs no
        clue)."""
        truth = self.truth
        assert truth is not None  # analyse checked it
        stock = list(truth.stock)
        rng.shuffle(stock)
        return round_state(view, truth.hands, tuple(stock))
