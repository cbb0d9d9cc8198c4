"""Errors shared by the JSON facades of every game the engine plays.

:class:`ApiError` is what a session's ``dispatch`` raises for a request it refuses; the caller
turns it into ``{"error": {"code", "message"}}`` (docs/api.md lists the codes). It lives here,
apart from :mod:`cassino_core.api`, so the Cassino session and the California Jack session
(:mod:`cassino_core.calijack.api`) raise one and the same class.

>>> err = ApiError("bad_card", "'1X' is not a card")
>>> (err.code, err.message)
('bad_card', "'1X' is not a card")
"""

from __future__ import annotations


class ApiError(Exception):
    """An error answer: ``code`` is machine-readable (``"illegal_move"``), ``message`` is for
    people (English; the page shows its own translation of the code)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
