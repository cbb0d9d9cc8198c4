"""Hints: the move the expert would make, and why, as reason codes the page translates.

``hint(view, rng, *, budget_ms=None, iterations=None) -> TablicHint`` asks
:class:`~cassino_core.tablic.players.ExpertPlayer` for the move (default budget
:data:`HINT_BUDGET_MS`) and explains it from what the view shows. Reason codes
(:data:`REASONS`), each with an optional ``card`` and ``value``:

- ``only_move``: the only legal move.
- ``tabla`` (value): the capture clears the table, a tabla of that many points.
- ``jack_takes`` (value): a Tablanette jack takes the whole table, that many cards.
- ``takes_points`` (value): the capture takes cards carrying that many points (aces, courts,
  tens, 2♣; the 10♦ 2), the played card included.
- ``takes_cards`` (value): the capture takes that many cards (three or more with the card
  played), toward the most cards.
- ``ace_as_eleven``: the played ace counts 11 for this capture.
- ``tabla_risk`` (value, a percentage): the chance, counted from the unseen cards, that the
  next opponent holds a card that clears the table left.
- ``take_risk`` (value, a percentage): the chance that the next opponent can take something
  from the table left.
- ``trails_cheap`` (card): the card laid down carries no points.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import JACK, Card
from ..fishing.capture import group_masks, splits_into_groups
from ..fishing.hints import HINT_BUDGET_MS, FishingHint, Reason, expert_hint
from ..fishing.players import chance_any, next_opponent
from ..moves import Capture
from .game import ACE, CARD_POINTS, RoundState, TablicMove, values_of
from .players import ExpertPlayer, _probe
from .rules import TablicRules
from .view import TablicView

__all__ = ["HINT_BUDGET_MS", "REASONS", "Reason", "TablicHint", "explain", "hint"]

REASONS: Final = ("only_move", "tabla", "jack_takes", "takes_points", "takes_cards",
                  "ace_as_eleven", "tabla_risk", "take_risk", "trails_cheap")

TablicHint = FishingHint
"""The suggested move and its reasons."""


def hint(view: TablicView, rng: random.Random, *, budget_ms: int | None = None,
         iterations: int | None = None) -> TablicHint:
    """The expert's move for ``view`` and its reasons
    (:func:`~cassino_core.fishing.hints.expert_hint`).

    Raises:
        ValueError: the seat is not to play (``view.legal`` is empty).
    """
    return expert_hint(view, rng, ExpertPlayer, explain, budget_ms=budget_ms,
                       iterations=iterations)


def _takes_and_sweeps(card: Card, table: tuple[Card, ...], rules: TablicRules,
                      probe: RoundState) -> tuple[bool, bool]:
    """Whether ``card`` could take something from ``table``, and whether it could make a
    tabla there (take it all, for points), as :func:`~cassino_core.tablic.game.captures`
    would list, without listing every union of groups: on a crowded table those run to
    millions (issue 17, a second fuzz campaign: a 28-card table's hint ran out of memory)."""
    if not table:
        return False, False
    whole = Capture(card, frozenset(table))
    if card.rank == JACK and rules.jack_takes_all:
        return True, bool(probe.tabla_of(whole))

    def value(c: Card) -> tuple[int, ...]:
        return values_of(c, rules)

    options = values_of(card, rules)
    if not any(group_masks(v, table, value) for v in options):
        return False, False
    return True, (bool(probe.tabla_of(whole))
                  and any(splits_into_groups(v, table, value) for v in options))


def _risks(view: TablicView, table: tuple[Card, ...]) -> list[Reason]:
    """``tabla_risk`` and ``take_risk`` of leaving ``table`` to the next player."""
    known = None if not table or view.last_card else next_opponent(view)
    if known is None:
        return []
    unseen, hand = known
    rules = view.rules
    probe = _probe(rules, table)
    takers = sweepers = 0
    for card in unseen:
        takes, sweeps = _takes_and_sweeps(card, table, rules, probe)
        takers += takes
        sweepers += sweeps
    out = []
    for code, good in (("tabla_risk", sweepers), ("take_risk", takers)):
        chance = chance_any(len(unseen), hand, good)
        if chance > 0:
            out.append(Reason(code, value=round(100 * chance)))
    return out


def explain(view: TablicView, move: TablicMove) -> tuple[Reason, ...]:
    """The reasons that apply to ``move`` in ``view`` (module docstring)."""
    if len(view.legal) == 1:
        return (Reason("only_move"),)
    out: list[Reason] = []
    rules = view.rules
    if isinstance(move, Capture):
        tabla = _probe(rules, view.table).tabla_of(move)
        if tabla:
            out.append(Reason("tabla", value=tabla))
        if move.card.rank == JACK and rules.jack_takes_all:
            out.append(Reason("jack_takes", value=len(move.take)))
        taken = [*move.take, move.card]
        points = sum(CARD_POINTS.get(c, 0) for c in taken)
        if points:
            out.append(Reason("takes_points", value=points))
        if len(taken) >= 3:
            out.append(Reason("takes_cards", value=len(taken)))
        if move.card.rank == ACE and not all(c.rank == ACE for c in move.take):
            out.append(Reason("ace_as_eleven"))  # as 1 an ace takes only aces
        left = tuple(c for c in view.table if c not in move.take)
        return (*out, *_risks(view, left))
    if not CARD_POINTS.get(move.card):
        out.append(Reason("trails_cheap", move.card))
    return (*out, *_risks(view, (*view.table, move.card)))
