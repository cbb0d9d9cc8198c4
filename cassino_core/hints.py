"""Hints: the expert's suggestion for the seat to play, with the reasons behind it.

``hint(view, rng, *, budget_ms=None, iterations=None) -> Hint``. The move comes from
:class:`~cassino_core.expert.ExpertPlayer` (same view, no peeking); the reasons are facts about
that move in the position (:func:`reasons_for`), as codes the page translates:

==========================  ======================================================  ==========
code                        the move ...                                            value/card
==========================  ======================================================  ==========
``only_move``               is the only legal move
``sweep``                   takes every card on the table (sweeps score)
``secures_last_capture``    is a capture with the seat's last card of the round
                            after which no card still unseen can capture: the
                            seat takes what is left on the table [PAG §11]
``takes_big_casino``        captures the 10 of diamonds (standard and Spade scoring)   card TD
``takes_little_casino``     captures the 2 of spades                                   card 2S
``takes_aces``              captures aces (not Diamond scoring)                        value: n
``takes_spades``            captures two or more spades (one or more under Spade       value: n
                            scoring)
``takes_seven_of_diamonds`` captures the 7 of diamonds (Diamond scoring)               card 7D
``most_cards``              captures four cards or more, or brings the side past       value: n
                            half the pack (most cards is then secured), or is a        cards taken
                            capture with no other reason (it counts toward most
                            cards)
``steals_build``            captures, raises or adds to an opponent's build            value
``protects_build``          adds to the seat's own build, making it multiple, so       value
                            nobody can raise it [PAG §6.3]
``raises_build``            raises a single build to a new value [PAG §6.4]            value (new)
``builds_for_next_turn``    makes a new build, to take it next turn                    value
``leaves_no_sweep``         leaves a table no unseen card can sweep, where another
                            legal move would have left one
``safe_trail``              trails a card that no unseen card can then take            card
``keeps_pair``              keeps two cards of one rank in hand (to trail one and      value: rank
                            take it with the other later)
``must_trail``              is a trail when no card in hand can capture or build
``trails_idle_card``        trails a card that can take nothing now, while another     card
                            card in hand can capture or build
``holds_capture``           trails a card that could capture now, keeping the          card
                            capture for a later turn
==========================  ======================================================  ==========

Reasons come in the order of that table (the most telling first). Every move has at least one:
a trail with none of the others gets one of the last three, a pluck with none ``most_cards``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .expert import DEFAULT_BUDGET_MS, ExpertPlayer, round_state
from .game import RoundState, apply_move
from .movegen import Family, LooseCards, capture_families
from .moves import BuildMove, Capture, Move, TrailBuild
from .players import candidate_moves
from .scoring import BIG_CASINO, LITTLE_CASINO, SEVEN_OF_DIAMONDS
from .table import Build, scheme_for
from .view import SeatView

REASON_CODES = (
    "only_move", "sweep", "secures_last_capture", "takes_big_casino", "takes_little_casino",
    "takes_aces", "takes_spades", "takes_seven_of_diamonds", "most_cards", "steals_build",
    "protects_build", "raises_build", "builds_for_next_turn", "leaves_no_sweep", "safe_trail",
    "keeps_pair", "must_trail", "trails_idle_card", "holds_capture",
)
"""Every reason code, in the order reasons are listed."""

ALTERNATIVES = 60
"""Most legal moves compared for ``leaves_no_sweep`` (on a crowded table it is not given)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason for a suggested move: a code (:data:`REASON_CODES`), with a number or a card
    when the code needs one."""

    code: str
    value: int | None = None
    card: Card | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"code", "value"?, "card"?}``."""
        out: dict[str, Any] = {"code": self.code}
        if self.value is not None:
            out["value"] = self.value
        if self.card is not None:
            out["card"] = str(self.card)
        return out


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and its reasons."""

    move: Move
    reasons: tuple[Reason, ...]


def hint(view: SeatView, rng: random.Random, *, budget_ms: int | None = None,
         iterations: int | None = None) -> Hint:
    """The expert's move for the seat of ``view``, with :func:`reasons_for` it.

    Args:
        view: the view of the seat to play.
        rng: the search's random generator.
        budget_ms: thinking time (default :data:`~cassino_core.expert.DEFAULT_BUDGET_MS` unless
            ``iterations`` is given).
        iterations: samples instead of (or besides) a time budget (deterministic).

    Raises:
        ValueError: the seat of ``view`` is not to play.
    """
    if not view.count_moves(1):
        raise ValueError(f"seat {view.seat} is not to play now")
    if budget_ms is None and iterations is None:
        budget_ms = DEFAULT_BUDGET_MS
    move = ExpertPlayer(budget_ms=budget_ms, iterations=iterations).choose(view, rng)
    return Hint(move, reasons_for(view, move))


def _after(view: SeatView, move: Move) -> RoundState:
    """The round after ``move`` with the hidden cards left out (only the table, piles and the
    mover's hand matter to the reasons)."""
    hands = tuple(view.hand if s == view.seat else () for s in range(view.rules.players))
    state = round_state(view, hands, ())
    return apply_move(state, move)


def _threats(view: SeatView) -> list[Card]:
    """The cards an opponent might hold: every unseen card, if an opponent holds any card."""
    rules = view.rules
    side = rules.side_of(view.seat)
    if not any(n for s, n in enumerate(view.hand_counts) if rules.side_of(s) != side):
        return []
    return sorted(view.unseen(), key=lambda c: c.index)


def _captures(view: SeatView, card: Card, loose: Sequence[Card],
              builds: Sequence[Build]) -> list[Family]:
    return capture_families(card, view.rules, loose, builds,
                            LooseCards(loose, scheme_for(view.rules)))


def _table_after(view: SeatView, move: Move) -> tuple[tuple[Card, ...], tuple[Build, ...]]:
    if isinstance(move, Capture) or move.kind == "pluck":
        return (tuple(c for c in view.loose if c not in move.take),
                tuple(b for b in view.builds if b.cards[0] not in move.take))
    if move.kind == "trail":
        return (*view.loose, move.card), view.builds
    state = _after(view, move)
    if state.finished:  # a partner's build with the seat's last card: the round would end
        return (tuple(c for c in view.loose if c not in move.take),
                tuple(b for b in view.builds if b.cards[0] not in move.take))
    return state.loose, state.builds


def _sweepable(view: SeatView, threats: list[Card], loose: Sequence[Card],
               builds: Sequence[Build]) -> bool:
    """Whether one of ``threats`` can take the whole table ``loose`` + ``builds``."""
    if not loose and not builds:
        return False
    scheme = scheme_for(view.rules)
    table = LooseCards(loose, scheme)
    courts = frozenset(c for c in loose if scheme.slot(c) is None)
    seen: set[tuple[int, ...]] = set()
    for card in threats:
        key = scheme.values(card) or (-card.rank,)
        if key in seen:
            continue
        seen.add(key)
        for f in capture_families(card, view.rules, loose, builds, table):
            if f.counts == table.counts and f.fixed == courts and len(f.builds) == len(builds):
                return True
    return False


def _sweeps_scored(view: SeatView) -> bool:
    return view.rules.sweeps != "off"


def reasons_for(view: SeatView, move: Move) -> tuple[Reason, ...]:
    """The facts that speak for ``move`` in the position of ``view`` (see the module table)."""
    rules = view.rules
    scheme = scheme_for(rules)
    side = rules.side_of(view.seat)
    out: list[Reason] = []
    if view.count_moves(2) == 1:
        out.append(Reason("only_move"))
    table = frozenset(view.loose).union(*(b.cards for b in view.builds))
    threats = _threats(view)
    taken: list[Card] = []
    if isinstance(move, Capture):
        taken = [move.card, *move.take]
        if move.take == table and _sweeps_scored(view):
            out.append(Reason("sweep"))
        rest = [c for c in view.hand if c != move.card]
        if not view.stock and not rest:
            loose, builds = _table_after(view, move)
            unseen = sorted(view.unseen(), key=lambda c: c.index)
            if not any(_captures(view, c, loose, builds) for c in unseen):
                out.append(Reason("secures_last_capture"))
    elif move.kind == "pluck":
        taken = [move.card]
    scoring = rules.scoring
    if scoring != "diamond":
        if BIG_CASINO in taken:
            out.append(Reason("takes_big_casino", card=BIG_CASINO))
        if LITTLE_CASINO in taken:
            out.append(Reason("takes_little_casino", card=LITTLE_CASINO))
        aces = sum(1 for c in taken if c.rank == 1)
        if aces:
            out.append(Reason("takes_aces", value=aces))
        spades = sum(1 for c in taken if c.suit == "S")
        if spades >= (1 if scoring.startswith("spade") else 2):
            out.append(Reason("takes_spades", value=spades))
    elif SEVEN_OF_DIAMONDS in taken:
        out.append(Reason("takes_seven_of_diamonds", card=SEVEN_OF_DIAMONDS))
    if isinstance(move, Capture):
        have = sum(len(p) for s, p in enumerate(view.piles) if rules.side_of(s) == side)
        half = len(rules.pack_cards()) / 2
        if len(taken) >= 4 or (have <= half < have + len(taken)):
            out.append(Reason("most_cards", value=len(taken)))
    touched = [b for b in view.builds if b.cards[0] in move.take]
    if move.kind in ("capture", "build"):
        for b in touched:
            if rules.side_of(b.owner) != side:
                out.append(Reason("steals_build", value=b.value))
                break
    if isinstance(move, TrailBuild):  # a build of table cards beside the trailed card
        out.append(Reason("builds_for_next_turn", value=move.value))
    if isinstance(move, BuildMove):
        if not touched:
            out.append(Reason("builds_for_next_turn", value=move.value))
        else:
            old = touched[0]
            if old.value != move.value:
                out.append(Reason("raises_build", value=move.value))
            elif old.owner == view.seat:
                out.append(Reason("protects_build", value=move.value))
    loose_after, builds_after = _table_after(view, move)
    if (threats and _sweeps_scored(view) and move.take != table
            and not _sweepable(view, threats, loose_after, builds_after)
            and view.count_moves(ALTERNATIVES + 1) <= ALTERNATIVES):
        others = [m for m in candidate_moves(view) if m != move]
        if any(_sweepable(view, threats, *_table_after(view, m)) for m in others):
            out.append(Reason("leaves_no_sweep"))
    if move.kind == "trail":
        slot = scheme.slot(move.card)
        can_take = False
        for card in threats:
            for f in _captures(view, card, loose_after, builds_after):
                if move.card in f.fixed or (slot is not None and f.counts[slot] > 0):
                    can_take = True
                    break
            if can_take:
                break
        if threats and not can_take:
            out.append(Reason("safe_trail", card=move.card))
    kept = [c for c in view.hand if c != move.card]
    ranks = [c.rank for c in kept]
    pair = next((r for r in sorted(set(ranks)) if ranks.count(r) >= 2), None)
    if pair is not None and move.card.rank != pair:
        out.append(Reason("keeps_pair", value=pair))
    if (isinstance(move, Capture) or move.kind == "pluck") and not out:
        out.append(Reason("most_cards", value=len(taken)))  # every capture counts toward it
    if move.kind == "trail" and not out:
        active = view.cards_with_plays()
        if not active:
            out.append(Reason("must_trail"))
        elif move.card in active:
            out.append(Reason("holds_capture", card=move.card))
        else:
            out.append(Reason("trails_idle_card", card=move.card))
    order = {code: i for i, code in enumerate(REASON_CODES)}
    return tuple(sorted(out, key=lambda r: order[r.code]))


__all__ = ["REASON_CODES", "Hint", "Reason", "hint", "reasons_for"]
