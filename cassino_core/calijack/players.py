"""Computer players for California Jack and Shasta Sam. Each sees only a :class:`JackView`.

One interface: ``choose(view, rng) -> Card`` returns one of ``view.legal``. Levels
(:data:`LEVELS`, plus ``"random"``):

- ``random``: a uniformly random legal card (a baseline).
- ``beginner``: simple rules of thumb without card counting (win a trick holding points with
  the cheapest winner, else throw the least valuable card; lead a side ace or the least
  valuable card) and a random legal card one time in fifty (:class:`BeginnerPlayer`).
- ``intermediate``: counts cards (what is unseen, which cards the opponent is known to hold from
  the face-up stock) and weighs each card by the trick it wins or loses and by the stock card it
  brings: it fights for a valuable stock top and lets a poor one go, hoping for the card below.
- ``expert``: determinized sampling. It deals the hidden cards at random in every way consistent
  with its view (the opponent's known cards stay in its hand, the visible stock top stays on
  top) and with the voids the play has shown (:mod:`~cassino_core.calijack.infer`), plays each
  legal card in every sampled world and finishes the deal with a fast playout (in Shasta Sam
  its leads guess at the other hand, which a real leader cannot see:
  :func:`~cassino_core.calijack.search.playout`), and keeps the card with the best average
  points (steadied, while the sample is small, by the
  intermediate's estimate). A sampled deal's result is valued for the match, not only by its
  points: the deal's points are counted in order toward the target, a seat reaching it
  wins, and otherwise the new totals are worth their chance of winning the match
  (:func:`~cassino_core.calijack.search.match_evaluator`): near the target it plays for the
  one point it needs. With :data:`DEEP_STOCK` stock cards or fewer it solves each sampled deal
  exactly instead of playing it out. Once the stock is empty nothing is hidden
  (every card not in its hand or already played is in the opponent's), so it solves the rest of
  the deal exactly by alpha-beta search. Budget: ``iterations`` sampled worlds (repeatable, for
  tournaments) and/or ``budget_ms`` of thinking time (default 1000 ms).
"""

from __future__ import annotations

import random
import time
from typing import Final, Protocol

from ..cards import Card
from . import ismcts, search
from .cards import beats, power
from .estimates import (
    draw_edge,
    holding_worth,
    is_honour,
    lead_value,
    lead_win_chance,
    reply_value,
    stake,
)
from .infer import Sampler
from .view import JackView

LEVELS: Final = ("beginner", "intermediate", "expert")
"""The levels offered to people; ``"random"`` is accepted too."""

ALL_LEVELS: Final = ("random", *LEVELS)

DEFAULT_BUDGET_MS: Final = 1000
PRIOR_WEIGHT: Final = 4.0
"""How strongly the expert's sampled averages lean on the intermediate's estimate: the weight is
``PRIOR_WEIGHT / (PRIOR_WEIGHT + sqrt(worlds))`` (0.42 after 30 worlds, 0.11 after 1000)."""
DEEP_STOCK: Final = 2
"""With this many stock cards or fewer, the expert solves each sampled deal exactly (alpha-beta)
instead of finishing it with a playout: the last trick with draws plus the six without."""
DEEP_WORLDS: Final = 8
"""At most this many sampled deals are solved exactly for one move (each costs about 50 ms of
CPython, some 200 times a playout); an exact solve per deal needs fewer deals to settle."""


class Player(Protocol):
    """A computer player."""

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """One of ``view.legal`` (never empty when the seat is to play)."""
        ...


class RandomPlayer:
    """A uniformly random legal card."""

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """A random legal card."""
        return rng.choice(view.legal)


class BeginnerPlayer:
    """Simple, sound rules of thumb without card counting, and a random card now and then.

    Second to play: win the trick with the winning card that gains most (the points in the
    trick, a high, low or jack of trumps secured by winning with it, less what a plain winner
    is worth kept, plus in California Jack a trump, ace or ten on top of the stock, which the
    winner draws) when that gain is positive; otherwise throw the least valuable card.
    Leading: an ace (the ace of trumps first), else the least valuable card.
    With probability ``blunder`` (default 0.02) it plays a random legal card instead.
    """

    def __init__(self, blunder: float = 0.02) -> None:
        self.blunder = blunder

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """A plausible card, or a random one with probability ``blunder``."""
        legal = list(view.legal)
        if len(legal) == 1 or rng.random() < self.blunder:
            return rng.choice(legal)
        trump = view.trump

        def cost(card: Card) -> tuple[float, int]:
            """What throwing ``card`` away gives up: trumps and point cards last."""
            return (holding_worth(card, trump) + stake(card, trump), power(card))

        if not view.trick:
            high = [c for c in legal if c.rank == 1]
            if high:
                return min(high, key=lambda c: c.suit != trump)
            return min(legal, key=cost)
        led = view.trick[0][1]

        def gain(card: Card) -> float:
            """The trick's worth if ``card`` wins it (a secured honour counts whole), less
            what a non-honour winner spends."""
            spent = 0.0 if is_honour(card, trump) else 0.5 * holding_worth(card, trump)
            return stake(led, trump) + stake(card, trump) + prize - spent

        # California Jack: the winner draws the face-up top card; a good one is worth a fight.
        top = view.stock_top
        prize = 0.0
        if top is not None and (top.suit == trump or top.rank in (1, 10)):
            prize = holding_worth(top, trump) - 0.15

        winners = [c for c in legal if beats(c, led, trump)]
        if winners:
            best = max(winners, key=gain)
            if gain(best) > 0.0:
                return best
        return min(legal, key=cost)


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
        if view.trick:
            return reply_value(view.trick[0][1], card, trump, bool(view.stock), edge)
        return lead_value(card, trump, bool(view.stock), edge, lead_win_chance(view, card))


# -- the expert ---------------------------------------------------------------------------------


_TABLES: dict[tuple[str, str], search.Tables] = {}


def tables(trump: str, follow: str = "suit") -> search.Tables:
    """The search tables for ``trump`` under the rules' ``follow`` (built once, with
    :func:`holding_worth` and :func:`stake` as the playout policy's figures)."""
    found = _TABLES.get((trump, follow))
    if found is None:
        cards = [search.decode(n) for n in range(52)]
        found = search.Tables(trump, [holding_worth(c, trump) for c in cards],
                              [stake(c, trump) for c in cards], follow)
        _TABLES[(trump, follow)] = found
    return found


class ExpertPlayer:
    """Determinized sampling with playouts; exact alpha-beta once the stock is empty.

    The hidden cards are dealt by :class:`~cassino_core.calijack.infer.Sampler` (consistent with
    the voids the play has shown). Every finished deal, sampled or solved, is valued for the
    match (:func:`~cassino_core.calijack.search.match_evaluator`). With :data:`DEEP_STOCK` stock
    cards or fewer each sampled deal is solved exactly rather than played out (at most
    :data:`DEEP_WORLDS` deals for one move).

    Args:
        budget_ms: thinking time per move in milliseconds (default 1000 when ``iterations`` is
            not given either). Checked after each sampled deal, so a move may overrun it by one
            deal's search (under 2 ms with playouts); before an exact solve near the end of the
            stock it stops when one more solve as long as the longest so far would overrun.
        iterations: sampled worlds per move; with ``iterations`` alone the choice depends only
            on the view and ``rng`` (repeatable). With both, it stops at whichever comes first.
        infer: False deals the hidden cards without the voids (for measuring the inference).
        deep: False plays out every sampled deal, even near the end of the stock (likewise).
        hidden_leads: with a face-down stock (Shasta Sam) and ``counted`` False, the
            playouts' leads are weighed against a guess at the other hand, not the hand itself
            (:func:`~cassino_core.calijack.search.playout`'s ``guess``); False lets them see
            it. The counted playouts never see it.
        tree: with a face-down stock (Shasta Sam) and more than :data:`DEEP_STOCK` cards in it,
            search one information-set tree (:mod:`~cassino_core.calijack.ismcts`) instead of
            playing each card in each sampled deal; ``iterations`` then counts as many
            playouts as the flat search would make (``iterations`` times the legal cards).
        paired: with ``tree``, every legal card is tried on each sampled deal and the tree
            searches only the play after it (``search_root(..., paired=...)``); the card with
            the best mean (steadied by the intermediate's estimate, as in the flat search)
            is chosen.
        soft: the sampler also keeps to the soft inferences of
            :func:`~cassino_core.calijack.infer.ducks` (a trick worth winning followed low).
        mirror: with a face-down stock (Shasta Sam), every second sampled deal is the one
            before with each pair of draws swapped (:func:`~cassino_core.calijack.search.mirrored`,
            just as likely, since neither player sees those cards), so that which of a
            draw's two cards the trick's winner gets cancels out of the comparison of a card
            that wins the trick with one that loses it (antithetic pairs; issue 16's fifth
            pass, for measuring: the tournament's ``expert_mirror``). No effect with a face-up
            stock.
        model: the sampler weighs its deals by how well they explain the other seat's answers
            to this seat's leads under the intermediate's judgement
            (:class:`~cassino_core.calijack.infer.Sampler`'s ``model``; issue 16's ninth pass).
        counted: with a face-down stock (Shasta Sam), the playouts play both seats as the
            intermediate would (:func:`~cassino_core.calijack.search.playout`'s ``counted``:
            its card counting over the cards a leader cannot see, so ``hidden_leads`` has no
            further effect there). True by default since issue 16's tenth pass: played as a
            player, the earlier policy won 27.5% of 400 matches against the intermediate, and
            the expert on counted playouts won 65.0% against it at 20 sampled deals where it
            had won 54.0% (docs/strength.md). False keeps the earlier playouts (for measuring:
            the tournament's ``expert_guessing``). No effect with a face-up stock.
    """

    def __init__(self, budget_ms: int | None = None, iterations: int | None = None,
                 infer: bool = True, deep: bool = True, hidden_leads: bool = True,
                 tree: bool = False, soft: bool = False, paired: bool = False,
                 mirror: bool = False, model: bool = False, counted: bool = True) -> None:
        if budget_ms is None and iterations is None:
            budget_ms = DEFAULT_BUDGET_MS
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.infer = infer
        self.deep = deep
        self.hidden_leads = hidden_leads
        self.tree = tree
        self.soft = soft
        self.paired = paired
        self.mirror = mirror
        self.model = model
        self.counted = counted
        self.last_values: dict[Card, float] = {}
        self.last_visits: dict[Card, int] = {}
        self.last_exact = False
        self.last_worlds = 0

    def choose(self, view: JackView, rng: random.Random) -> Card:
        """The legal card with the best average (or exact) value for this seat."""
        values = self.values(view, rng)
        if self.last_visits:  # the tree's choice: the most visited card, then the best mean
            visits = self.last_visits
            return max(view.legal, key=lambda c: (visits[c], values[c]))
        best = max(values.values())
        return next(c for c in view.legal if values[c] == best)

    def values(self, view: JackView, rng: random.Random) -> dict[Card, float]:
        """Each legal card's estimated (or, with an empty stock, exact) value for this seat:
        the deal's outcome valued for the match, about 1 per point early in a match."""
        legal = list(view.legal)
        self.last_exact = False
        self.last_worlds = 0
        self.last_visits = {}
        if len(legal) == 1:
            self.last_values = {legal[0]: 0.0}
            return self.last_values
        t = tables(view.trump, view.rules.follow)
        codes = [search.encode(c) for c in legal]
        sampler = self.sampler(view)
        evaluate = search.match_evaluator(view.target, view.scores)
        if view.stock == 0:
            world = sampler.world(rng)  # nothing hidden: the only world there is
            exact = search.solve_moves(world, codes, view.seat, t, evaluate)
            out = dict(zip(legal, exact, strict=True))
            self.last_exact = True
            self.last_values = out
            return out
        totals = [0.0] * len(legal)
        deadline = (None if self.budget_ms is None
                    else time.perf_counter() + self.budget_ms / 1000.0)
        done = 0
        face_up = view.rules.face_up_stock
        seat = view.seat
        deep = self.deep and view.stock <= DEEP_STOCK
        hide = self.hidden_leads and not face_up
        guessing = hide and not self.counted  # playouts whose leads guess the other hand
        if self.tree and hide and not deep:
            return self._tree_values(view, sampler, t, evaluate, rng, deadline)
        solved = search.match_evaluator(view.target, view.scores, tie=0.0)
        longest = 0.0  # the longest sampled deal so far, in seconds
        mirror = self.mirror and not face_up
        world = sampler.world(rng)
        seed = 0
        while True:
            started = time.perf_counter()
            if mirror and done % 2:
                # the previous deal with every pair of draws swapped (search.mirrored)
                world = search.mirrored(world)
            else:
                world = sampler.world(rng) if done else world
                # with hidden leads, every card's playout guesses from the same seed
                seed = rng.getrandbits(32) if hide and not deep else 0
            if deep:
                for i, v in enumerate(search.solve_moves(world, codes, seat, t, solved)):
                    totals[i] += v
            else:
                for i, code in enumerate(codes):
                    trial = world.copy()
                    search.play(trial, code, t)
                    # counted playouts never guess: no generator is built for them (the seed
                    # is still drawn above, so the choices stay those measured)
                    search.playout(trial, t, face_up, random.Random(seed) if guessing else None,
                                   self.counted)
                    totals[i] += evaluate(trial.points, trial.honours, seat)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deep and done >= DEEP_WORLDS:
                break
            now = time.perf_counter()
            longest = max(longest, now - started)
            # stop when one more deal like the longest so far would end past the budget
            if deadline is not None and now + (longest if deep else 0.0) >= deadline:
                break
        self.last_worlds = done
        # The intermediate's one-trick judgement steadies a small sample: its weight fades as
        # the sampled worlds grow in number.
        prior = PRIOR_WEIGHT / (PRIOR_WEIGHT + done ** 0.5)
        judge = IntermediatePlayer()
        self.last_values = {c: totals[i] / done + prior * judge.evaluate(view, c)
                            for i, c in enumerate(legal)}
        return self.last_values

    def sampler(self, view: JackView) -> Sampler:
        """What deals the cards hidden from ``view.seat`` for the search."""
        return Sampler(view, self.infer, self.soft, self.model)

    def _tree_values(self, view: JackView, sampler: Sampler, t: search.Tables,
                     evaluate: search.Evaluator, rng: random.Random,
                     deadline: float | None) -> dict[Card, float]:
        """Each legal card's mean value at the root of an information-set tree
        (:func:`~cassino_core.calijack.ismcts.search_root`); ``last_visits`` keeps the root's
        visit counts, by which :meth:`choose` picks."""
        legal = list(view.legal)
        budget = None if self.iterations is None else self.iterations * len(legal)
        codes = [search.encode(c) for c in legal]
        root, done = ismcts.search_root(sampler, view.seat, t, evaluate, rng,
                                        iterations=budget, deadline=deadline,
                                        paired=codes if self.paired else None)
        self.last_worlds = done
        values: dict[Card, float] = {}
        visits: dict[Card, int] = {}
        for card in legal:
            node = root.children.get(search.encode(card))
            visits[card] = 0 if node is None else node.visits
            values[card] = -1e9 if node is None else node.total / node.visits
        if self.paired:  # compared on the same deals: by the mean, as the flat search
            prior = PRIOR_WEIGHT / (PRIOR_WEIGHT + (done / len(legal)) ** 0.5)
            judge = IntermediatePlayer()
            values = {c: v + prior * judge.evaluate(view, c) for c, v in values.items()}
            self.last_values = values
            return values
        self.last_visits = visits
        self.last_values = values
        return values

    @staticmethod
    def exact_points(view: JackView, card: Card) -> float:
        """With an empty stock: the deal's point difference for this seat after ``card`` with
        best play by both (for the hint's ``exact_endgame`` value).

        Raises:
            ValueError: the stock is not empty, or ``card`` is not legal.
        """
        if view.stock or card not in view.legal:
            raise ValueError(f"exact_points needs an empty stock and a legal card, not {card}")
        world = Sampler(view).world(random.Random(0))  # nothing hidden: one world
        t = tables(view.trump, view.rules.follow)
        return search.solve_moves(world, [search.encode(card)], view.seat, t)[0]


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
