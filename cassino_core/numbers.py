"""Whole numbers read from records, positions and requests, bounded before Python converts them.

CPython refuses to turn a text of more than 4,300 digits into an ``int`` (a bare ``ValueError``,
``sys.get_int_max_str_digits``), and a huge ``int`` costs time in every ``str()`` and sum made
of it. No number a record, position or request holds needs more than :data:`MAX_DIGITS` digits
(a seed is below 2**63, 19 digits; every other number is smaller). So every number the engine
reads from text goes through :func:`read_number`, and every JSON text through :func:`load_json`,
whose number reader is the same bounded one (up to :data:`MAX_JSON_DIGITS`, so that each
field refuses a number it cannot use with its own reason); a number a Python caller passes
already read is bounded by :func:`whole_number`. A longer number is refused with the caller's
own error class (a :class:`~cassino_core.errors.Refusal`: ``RecordError``, ``PositionError``...),
the reason ``number_too_long`` and the caller's ``where``, never with an internal error.

>>> from cassino_core.errors import Refusal
>>> read_number("042", Refusal)
42
>>> try:
...     read_number("9" * 5000, Refusal, {"line": 3})
... except Refusal as exc:
...     (exc.reason, exc.params, exc.where)
('number_too_long', {'digits': 5000, 'max': 19}, {'line': 3})
>>> load_json('{"seed": 7}', Refusal)
{'seed': 7}
"""

from __future__ import annotations

import json
from typing import Any, Final

from .errors import Refusal

MAX_SEED_TEXT: Final = str(2**63 - 1)
"""The largest seed (every game's ``new_game`` and records take 0 to 2**63 - 1), as a refusal
quotes it: as text, since a JavaScript page reading the number rounds it to
9223372036854776000 and said so (play-test 11)."""

MAX_DIGITS: Final = 19
"""The most digits a number may have (after an optional ``-``): enough for any seed."""
_LIMIT: Final = 10**MAX_DIGITS
MAX_JSON_DIGITS: Final = 1000
"""The most digits of a number in JSON text. Such a number reaches the field that holds it,
which refuses it with its own reason when it is out of range or bounds it with
:func:`whole_number`; at a quarter of CPython's 4,300 it is safe to quote in any refusal."""


def read_number(text: str, error: type[Refusal], where: dict[str, Any] | None = None, *,
                most: int = MAX_DIGITS) -> int:
    """The whole number written in ``text``: ASCII digits 0-9, at most ``most`` of them
    (:data:`MAX_DIGITS` unless told), after an optional ``-`` (no spaces, no other digits:
    ``int`` would read Arabic-Indic digits too).

    Raises:
        error: ``number_too_long`` (params ``digits``, ``max``) at ``where`` for a longer
            number; ``need_whole_number`` at ``where`` for a text that is no whole number.
    """
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit():
        raise error.of("need_whole_number", where)
    if len(digits) > most:
        raise error.of("number_too_long", where, digits=len(digits), max=most)
    return int(text)


def whole_number(value: object, error: type[Refusal],
                 where: dict[str, Any] | None = None) -> int:
    """``value`` when it is a whole number (an ``int``, not a ``bool``) of at most
    :data:`MAX_DIGITS` digits: the same bound for a number a caller passes already read (a
    position built in Python) as for one read from text.

    Raises:
        error: ``need_whole_number`` for anything else, ``number_too_long`` for a longer
            number (both at ``where``).
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise error.of("need_whole_number", where)
    if abs(value) >= _LIMIT:
        raise error.of("number_too_long", where, digits=_digits(abs(value)), max=MAX_DIGITS)
    return value


def _digits(value: int) -> int:
    """How many decimal digits ``value`` (from 0) has, without converting it to text."""
    digits = max(1, int(value.bit_length() * 0.30102999566398120))
    while 10 ** digits <= value:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > value:
        digits -= 1
    return digits


def load_json(text: str, error: type[Refusal], where: dict[str, Any] | None = None) -> Any:
    """``json.loads(text)`` with every whole number read by :func:`read_number`, up to
    :data:`MAX_JSON_DIGITS` digits (a field then refuses a number it cannot use with its own
    reason: a seed of 25 digits is out of range, a move of 25 digits is not a move).

    Raises:
        error: ``number_too_long`` at ``where`` for a number of more than
            :data:`MAX_JSON_DIGITS` digits.
        ValueError, RecursionError: ``text`` is not JSON (as ``json.loads``; the caller names
            the fault).
    """
    return json.loads(text, parse_int=lambda found: read_number(found, error, where,
                                                                most=MAX_JSON_DIGITS))


__all__ = ["MAX_DIGITS", "MAX_JSON_DIGITS", "load_json", "read_number", "whole_number"]
