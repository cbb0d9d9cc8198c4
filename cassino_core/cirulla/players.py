"""Computer players for Cirulla: Scopa's levels (:mod:`cassino_core.scopa.players`, the
fishing experts' determinized search over worlds with Cirulla's captures, which the rules give
the search), with the declarations decided first.

- Every level but ``random`` declares whenever it may: a declaration scores at once, and what
  it costs, showing three cards that are about to be played, is small.
- The expert's sampled worlds keep the cards a declaration showed in the declaring seat's hand
  (:func:`sample_world`), so it plays with what the table was shown, and nothing else.
- ``random`` picks among the legal moves, declarations included.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..fishing.players import level_player
from ..scopa import players as scopa
from ..scopa.game import RoundState
from .game import Declare
from .view import CirullaView

__all__ = ["BeginnerPlayer", "ExpertPlayer", "IntermediatePlayer", "make_player",
           "sample_world"]


class _Declares:
    """Declares when it may, else plays as the Scopa level it is mixed with."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        """:class:`Declare` when legal, else the level's card move."""
        if any(isinstance(m, Declare) for m in view.legal):
            return Declare()
        return super().choose(view, rng)  # type: ignore[misc]


class BeginnerPlayer(_Declares, scopa.BeginnerPlayer):
    """Scopa's beginner (most cards taken, else trail low) that declares."""


class IntermediatePlayer(_Declares, scopa.IntermediatePlayer):
    """Scopa's intermediate (gain against exposure, card counting) that declares."""


def sample_world(view: CirullaView, sweeps: tuple[int, ...], rng: random.Random) -> RoundState:
    """Scopa's sampled world (:func:`cassino_core.scopa.players.sample_world`) in which each
    declared hand holds the cards it showed, the rest of it drawn from the unseen cards. The
    world is Scopa's round state over Cirulla's rules (its captures, sweeps and count): the
    search plays card moves only."""
    unseen = view.unseen()
    rng.shuffle(unseen)
    hands = []
    at = 0
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            hands.append(tuple(view.hand))
            continue
        shown = view.shown[seat] if seat < len(view.shown) else ()
        rest = count - len(shown)
        hands.append((*shown, *unseen[at:at + rest]))
        at += rest
    return RoundState(rules=view.rules, dealer=view.dealer, hands=tuple(hands),
                      table=view.table, stock=tuple(unseen[at:at + view.stock]),
                      piles=view.piles, sweeps=sweeps, turn=view.seat,
                      last_capturer=view.last_capturer, deal_number=view.deal_number)


class ExpertPlayer(_Declares, scopa.ExpertPlayer):
    """Scopa's expert over worlds that keep the shown cards (:func:`sample_world`); it
    declares first, so its search sees only card moves."""

    def plan(self, view: Any) -> tuple[Callable[[random.Random], RoundState],
                                       Callable[[RoundState, RoundState], float]]:
        """Scopa's plan with Cirulla's sampled worlds."""
        _, value = super().plan(view)
        sweeps = tuple(seat for seat, n in enumerate(view.sweeps) for _ in range(n))
        return (lambda rng: sample_world(view, sweeps, rng)), value


def make_player(level: str, *, budget_ms: int | None = None,
                iterations: int | None = None) -> Any:
    """A player of ``level`` (``"random"``, ``"beginner"``, ``"intermediate"``,
    ``"expert"``); ``budget_ms`` and ``iterations`` matter to the expert only.

    Raises:
        ValueError: an unknown level (named), or a budget below 1.
    """
    return level_player(level, budget_ms, iterations, beginner=BeginnerPlayer,
                        intermediate=IntermediatePlayer, expert=ExpertPlayer)
