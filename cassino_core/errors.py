"""Errors shared by the JSON facades of every game the engine plays, and the refusal reasons.

:class:`ApiError` is what a session's ``dispatch`` raises for a request it refuses; the caller
turns it into ``{"error": {"code", "reason", "params", "message"}}`` (docs/api.md lists them).
``code`` is the kind of refusal (``"illegal_move"``); ``reason`` the precise one
(``"build_groups"``), one of :data:`REASONS` or, for a refusal with no reason of its own,
``code`` again; ``params`` the facts the reason names (``{"value": 7}``). A page puts
``reason`` and ``params`` in its own language; ``message`` is the same in English, for the API
and logs. It lives here, apart from :mod:`cassino_core.api`, so the Cassino session and the
California Jack session (:mod:`cassino_core.calijack.api`) raise one and the same class.

The English templates name their parameters: ``{card}`` (a card's code such as ``"TD"``),
``{cards}`` (a list of card codes, shown separated by spaces), ``{seat+1}`` (a seat, 0-based
in ``params`` and counted from 1 for people), other names as they are.

>>> err = ApiError.of("bad_card", "not_a_card", text="1X")
>>> (err.code, err.reason, err.params)
('bad_card', 'not_a_card', {'text': '1X'})
>>> err.message
"'1X' is not a card (expected e.g. 'TD', '2S', 'QH')"
>>> describe("other_turn", {"turn": 1, "seat": 0})
"it is seat 2's turn, not seat 1's"
"""

from __future__ import annotations

import re
from typing import Any

_TRY = "try '5C t', '7H x 3C 4D', '3H b8 5D' or '7C p'"

REASONS: dict[str, str] = {
    # Cards and moves as typed (bad_card, bad_move).
    "not_a_card": "{text!r} is not a card (expected e.g. 'TD', '2S', 'QH')",
    "card_not_text": "a card must be given as text",
    "cards_not_list": "expected a list of cards",
    "card_twice": "card {card} is listed twice",
    "not_a_move": "{text!r} is not a move (" + _TRY + ")",
    "move_not_text": "a move's text must be a string such as '7H x 3C 4D'",
    "move_not_object": "a move must be an object with 'kind' and 'card'",
    "move_kind": "move kind must be 'trail', 'capture', 'build' or 'pluck', not {kind!r}",
    "move_fields": "a {kind} move has unexpected or missing fields: {fields}",
    "move_card_taken": "the played card {card} cannot also be taken from the table",
    "move_takes_nothing": "a {kind} move must use at least one table card",
    "build_value_number": "a build's 'value' must be a whole number",
    # Cassino moves the rules refuse (illegal_move).
    "round_over": "the round is over: no more moves",
    "no_moves_now": "no moves now: the round or match is over",
    "not_in_hand": "{card} is not in your hand (seat {seat+1})",
    "not_on_table": "{cards} is not on the table",
    "build_split": "a build is never split: the build of {value} must be taken or built on whole",
    "keep_card_for_build": "you must keep a card of {value} to take your build of {value}",
    "keep_card_each_build": ("you must keep one card for each of your builds: one card cannot "
                             "take builds of two values"),
    "owner_must_take_build": ("under these rules the owner of a build must first take it or build "
                              "on it"),
    "owner_may_not_trail": "you own a build, so you may not trail: capture or build instead",
    "must_capture": "{card} can capture, so it may not be trailed",
    "court_no_build": "court cards cannot be built",
    "build_needs_card": ("you may build {value} only while holding another card of {value} to "
                         "take it"),
    "build_value_range": "{value} is not a build value: a build is worth 1 to {max}",
    "one_build_of_value": ("these rules allow only one build of {value} on the table: add to "
                           "that build instead"),
    "one_build_per_play": "one play may change only one build",
    "multiple_build_fixed": "a multiple build of {value} can never change its value",
    "no_raise_own_build": "these rules forbid raising your own build",
    "raise_one_card": "a build is raised by one card from hand only: {old} + {add} is not {value}",
    "build_groups": ("those cards do not make {value}: each group must add up to {value}, one of "
                     "them with the card you play"),
    "court_takes_rank": "{card} is a court card: it can take only loose cards of the same rank",
    "capture_groups": ("{card} cannot take those cards: each group must add up to {value} or be "
                       "a build of {value}"),
    "not_allowed": "that move is not allowed by these rules",
    "pluck_not_played": "plucking is played only in Pluck Cassino",
    "pluck_once": "you have already plucked in this deal",
    "pluck_not_loose": "{card} is not a loose card on the table",
    "pluck_point_card": "{card} scores points, so it may not be plucked",
    "pluck_last_card": "the only card on the table may not be plucked",
    "pluck_last_turn": "no pluck on your last turn of the round",
    # California Jack cards the rules refuse (illegal_move).
    "deal_over": "the deal is over: no card can be played",
    "must_follow_suit": "{card}: seat {seat+1} holds a card of the suit led ({suit}) and must "
                        "play one",
    # Turns, phases and undo (not_your_turn, wrong_phase, nothing_to_undo, replay_shown...).
    "other_turn": "it is seat {turn+1}'s turn, not seat {seat+1}'s",
    "computer_seat": "seat {seat+1} is played by the computer",
    "human_turn": "seat {seat+1} is a human's turn, not the computer's",
    "deal_or_match_over": "no card to play now: the deal or match is over",
    "nothing_played": "nothing to undo: seat {seat+1} has not played yet in this match",
    "no_card_played": "seat {seat+1} has played no card in this deal",
    "undo_after_replay": "no undo after the replay: every hand has been shown, so the match "
                         "cannot be played on",
    "round_not_over": "the next round can start only after a round ends",
    "deal_not_over": "the deal is still being played",
    "match_over": "the match is over",
    "deal_already_over": "the deal is over: start the next deal first",
    "replay_needs_end": "the replay shows every hand, so it opens only once the match is over",
    "no_game": "no game in progress: send 'new_game' first",
}
"""Every precise refusal reason the engine gives, with its English template."""

_PLACEHOLDER = re.compile(r"\{(\w+)(\+1)?(!r)?\}")


def describe(reason: str, params: dict[str, Any]) -> str:
    """The English sentence of ``reason`` with ``params`` put in (see the module docstring)."""
    def fill(found: re.Match[str]) -> str:
        value = params[found.group(1)]
        if found.group(2):
            value = int(value) + 1
        if isinstance(value, (list, tuple)):
            return " ".join(map(str, value))
        return repr(value) if found.group(3) else str(value)
    return _PLACEHOLDER.sub(fill, REASONS[reason])


def param_names(reason: str) -> set[str]:
    """The parameters ``reason``'s template names."""
    return {m.group(1) for m in _PLACEHOLDER.finditer(REASONS[reason])}


class Refusal(ValueError):
    """A refusal with a reason: ``reason`` (one of :data:`REASONS`, or None for a message
    alone) and ``params``. Build one with :meth:`of`; the message is then the English
    sentence."""

    def __init__(self, message: str, *, reason: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, Any] = dict(params or {})

    @classmethod
    def of(cls, reason: str, **params: Any) -> Any:
        """The refusal ``reason`` with ``params`` (its message is :func:`describe`'s)."""
        return cls(describe(reason, params), reason=reason, params=params)


class ApiError(Exception):
    """An error answer: ``code`` is machine-readable (``"illegal_move"``), ``reason`` and
    ``params`` the precise refusal, ``message`` is for people (English; the page shows its
    own translation of the reason)."""

    def __init__(self, code: str, message: str, *, reason: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason or code
        self.params: dict[str, Any] = dict(params or {})

    @classmethod
    def of(cls, code: str, reason: str, **params: Any) -> ApiError:
        """The refusal ``reason`` of kind ``code``, its message in English."""
        return cls(code, describe(reason, params), reason=reason, params=params)

    @classmethod
    def wrap(cls, code: str, exc: BaseException, message: str | None = None) -> ApiError:
        """``exc`` answered as ``code``: its reason and params when it is a :class:`Refusal`
        with one (or is caused by one), else the reason ``code`` alone."""
        found: BaseException | None = exc
        while found is not None and not (isinstance(found, Refusal) and found.reason):
            found = found.__cause__
        text = str(exc) if message is None else message
        if isinstance(found, Refusal):
            return cls(code, text, reason=found.reason, params=found.params)
        return cls(code, text)

    def to_json(self) -> dict[str, Any]:
        """The ``error`` object of an answer."""
        return {"code": self.code, "reason": self.reason, "params": self.params,
                "message": self.message}
