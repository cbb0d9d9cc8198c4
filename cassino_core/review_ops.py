"""The ``move_log`` and ``replay`` requests, shared by every game's JSON session.

The Cassino session (:mod:`cassino_core.api`) and the California Jack one
(:mod:`cassino_core.calijack.api`) answer both requests alike (docs/api.md); each passes its
own game's log or replay steps (``cassino_core.review``, ``cassino_core.calijack.review``), and
this module makes the answer: ``{"log": [...]}``, and ``{"replay": {"steps", "seats",
"levels", ...}}`` with ``match_not_over`` while the match is played (the replay shows every
hidden card) and the session marked ``revealed`` once shown (undo is refused then).

>>> class Session:
...     seats, levels, revealed = ["human", "computer"], [None, "expert"], False
>>> session = Session()
>>> replay_answer(session, lambda: [{"step": 0}], ValueError)
{'replay': {'steps': [{'step': 0}], 'seats': ['human', 'computer'], 'levels': [None, 'expert']}}
>>> session.revealed
True
>>> def playing() -> list[dict[str, object]]:
...     raise ValueError("the match is not over")
>>> replay_answer(Session(), playing, ValueError)
Traceback (most recent call last):
    ...
cassino_core.errors.ApiError: the match is not over
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .errors import ApiError


class ReviewSession(Protocol):
    """What the replay answer reads and sets on a game's session."""

    seats: list[str]
    levels: list[str | None]
    revealed: bool


def move_log_answer(log: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``move_log`` answer: the game's public log of the match so far."""
    return {"log": log}


def replay_answer(session: ReviewSession, steps: Callable[[], list[dict[str, Any]]],
                  not_over: type[Exception], **extra: Any) -> dict[str, Any]:
    """The ``replay`` answer: ``steps()`` (which raises ``not_over`` during play, answered
    as ``match_not_over``), the session's seats and levels, then the game's ``extra`` fields.
    Marks the session ``revealed``."""
    try:
        shown = steps()
    except not_over as exc:
        raise ApiError.wrap("match_not_over", exc) from exc
    session.revealed = True
    return {"replay": {"steps": shown, "seats": list(session.seats),
                       "levels": list(session.levels), **extra}}
