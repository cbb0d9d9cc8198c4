"""Moves: trail, capture and build, with a text notation and a JSON form that round-trip.

A move is one card from hand plus the set of table cards it uses (``take``). Builds are never
split [PAG §6.6], so a build's cards identify it. Two ways of grouping the same cards are the
same move: the result is the same.

Text notation (case-insensitive on input; ``10``/``♦`` accepted for cards):

=========  ==================  =====================================================
kind       text                meaning
=========  ==================  =====================================================
trail      ``5C t``            lay the 5♣ on the table
capture    ``7H x 3C 4D``      take 3♣ and 4♦ (here 3 + 4 = 7) with the 7♥
build      ``3H b8 5D``        play 3♥ onto the 5♦ and announce "building 8"
=========  ==================  =====================================================

>>> move_from_text("7h x 4d 3c").text()
'7H x 3C 4D'
>>> move_from_json({"kind": "build", "card": "3H", "value": 8, "take": ["5D"]}).text()
'3H b8 5D'
>>> move_from_text("5c t b8 5h 3d").text()
'5C t b8 3D 5H'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from .cards import Card, CardError, parse_cards, sort_key
from .errors import Refusal
from .numbers import read_number


class MoveError(Refusal):
    """A move's text or JSON cannot be read (the message names the fault)."""


class IllegalMoveError(Refusal):
    """A well-formed move that the rules do not allow now (the message says why)."""


def _take_text(take: frozenset[Card]) -> str:
    return " ".join(str(c) for c in sorted(take, key=sort_key))


@dataclass(frozen=True, slots=True)
class Trail:
    """Lay ``card`` face up on the table [PAG §9]."""

    card: Card
    kind: Literal["trail"] = "trail"

    @property
    def take(self) -> frozenset[Card]:
        """A trail uses no table card."""
        return frozenset()

    def text(self) -> str:
        """Notation ``"5C t"``."""
        return f"{self.card} t"


@dataclass(frozen=True, slots=True)
class Capture:
    """Take the table cards ``take`` with ``card`` by pairing and combining [PAG §5]."""

    card: Card
    take: frozenset[Card]
    kind: Literal["capture"] = "capture"

    def text(self) -> str:
        """Notation ``"7H x 3C 4D"``."""
        return f"{self.card} x {_take_text(self.take)}"


@dataclass(frozen=True, slots=True)
class _Announcing:
    """A move that announces a build of ``value`` over the table cards ``take`` (the fields
    and notation :class:`BuildMove` and :class:`TrailBuild` share; ``_MARK`` tells them apart
    in the text)."""

    _MARK: ClassVar[str] = ""
    card: Card
    value: int
    take: frozenset[Card]

    def text(self) -> str:
        """Notation ``"3H b8 5D"`` (``"5C t b8 3D 5H"`` for a trail with a table build)."""
        return f"{self.card}{self._MARK} b{self.value} {_take_text(self.take)}"


@dataclass(frozen=True, slots=True)
class BuildMove(_Announcing):
    """Play ``card`` onto the table cards ``take`` and announce ``value`` [PAG §6].

    Covers making a single or multiple build, raising a single build and adding to a build.
    The result is single when the cards add up to ``value``, multiple otherwise. Notation
    ``"3H b8 5D"``.
    """

    kind: Literal["build"] = "build"


@dataclass(frozen=True, slots=True)
class Pluck:
    """Pluck Cassino: take the TABLE card ``card`` into your pile before playing [S003 §15.8].

    Not a play from hand: the turn does not pass. Once per deal, never a point card, never the
    only card on the table, never on the last turn of the round (see ``cassino_core.game``).
    """

    card: Card
    kind: Literal["pluck"] = "pluck"

    @property
    def take(self) -> frozenset[Card]:
        """The plucked card."""
        return frozenset((self.card,))

    def text(self) -> str:
        """Notation ``"7C p"``."""
        return f"{self.card} p"


@dataclass(frozen=True, slots=True)
class TrailBuild(_Announcing):
    """Trail ``card`` and, in the same play, join the loose table cards ``take`` into a build
    of ``value`` (``Rules.table_builds``: PAG's variant "trail a card and at the same time
    build from table cards", Swazi Casino's table-only builds; RULES.md §6.1).

    The trailed card stays loose beside the build; ``take`` holds table cards only, grouped
    like any build's cards (one group of ``value``: single; several: multiple). Notation
    ``"5C t b8 3D 5H"``.
    """

    _MARK: ClassVar[str] = " t"
    kind: Literal["trail_build"] = "trail_build"


Move = Trail | Capture | BuildMove | Pluck | TrailBuild
"""Any move."""

_KIND_ORDER = {"pluck": -1, "trail": 0, "capture": 1, "build": 2, "trail_build": 3}


def move_sort_key(move: Move) -> tuple[Any, ...]:
    """Canonical order: by hand card, then trail, captures, builds, trail-and-builds, then value
    and cards."""
    value = move.value if isinstance(move, BuildMove | TrailBuild) else 0
    return (move.card.index, _KIND_ORDER[move.kind], value, sorted(c.index for c in move.take))


def move_to_json(move: Move) -> dict[str, Any]:
    """The JSON form: ``{"kind", "card", "take"?, "value"?}`` with cards as text (``kind`` one
    of ``"trail"``, ``"capture"``, ``"build"``, ``"pluck"``, ``"trail_build"``)."""
    out: dict[str, Any] = {"kind": move.kind, "card": str(move.card)}
    if isinstance(move, BuildMove | TrailBuild):
        out["value"] = move.value
    if not isinstance(move, Trail | Pluck):
        out["take"] = [str(c) for c in sorted(move.take, key=sort_key)]
    return out


def move_from_json(data: object) -> Move:
    """Read the JSON form written by :func:`move_to_json`.

    Raises:
        MoveError: not an object, unknown kind, missing or extra fields, bad cards.
    """
    if not isinstance(data, dict):
        raise MoveError.of("move_not_object")
    kind = data.get("kind")
    allowed = {"trail": {"kind", "card"}, "capture": {"kind", "card", "take"},
               "build": {"kind", "card", "take", "value"}, "pluck": {"kind", "card"},
               "trail_build": {"kind", "card", "take", "value"}}
    if not isinstance(kind, str) or kind not in allowed:
        raise MoveError.of("move_kind", kind=kind)
    # Derived facts the engine adds for the page may come back; they are not part of the move
    # (``penalty``: a Michigan builder's default, SeatView.page_move).
    extra = set(data) - allowed[kind] - {"text", "multiple", "sweep", "raise", "builds", "penalty"}
    if kind == "pluck":
        extra -= {"take"}
    if extra:
        raise MoveError.of("move_fields", kind=kind, fields=", ".join(sorted(extra)))
    missing = allowed[kind] - set(data)
    if missing:
        raise MoveError.of("move_fields", kind=kind, fields=", ".join(sorted(missing)))
    try:
        card = Card.parse(data["card"]) if isinstance(data["card"], str) else None
        if card is None:
            raise MoveError.of("card_not_text")
        if kind == "trail":
            return Trail(card)
        if kind == "pluck":
            return Pluck(card)
        take = frozenset(parse_cards(data["take"]))
    except CardError as exc:
        raise MoveError(str(exc)) from exc
    if card in take:
        raise MoveError.of("move_card_taken", card=str(card))
    if not take:
        raise MoveError.of("move_takes_nothing", kind=kind)
    if kind == "capture":
        return Capture(card, take)
    value = data["value"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoveError.of("build_value_number")
    if kind == "trail_build":
        return TrailBuild(card, value, take)
    return BuildMove(card, value, take)


def move_from_text(text: object) -> Move:
    """Read the text notation (see the module docstring).

    Raises:
        MoveError: the text is not a move.
    """
    if not isinstance(text, str):
        raise MoveError.of("move_not_text")
    words = text.replace(",", " ").replace("+", " ").split()
    if len(words) < 2 or len(words) > 60:
        raise MoveError.of("not_a_move", text=text)
    try:
        card = Card.parse(words[0])
        op = words[1].lower()
        if op in ("t", "trail") and len(words) == 2:
            return Trail(card)
        if op in ("p", "pluck") and len(words) == 2:
            return Pluck(card)
        # A trail with a build of table cards, "5C t b8 3D 5H": the build part follows the "t".
        trailed = op in ("t", "trail") and len(words) > 2
        if trailed:
            words = words[1:]
            op = words[1].lower()
        take = frozenset(parse_cards(words[2:]))
    except CardError as exc:
        raise MoveError(f"{text!r}: {exc}") from exc
    if not take or card in take:
        raise MoveError.of("not_a_move", text=text)
    if op == "x" and not trailed:
        return Capture(card, take)
    if op.startswith("b") and op[1:].isascii() and op[1:].isdigit() and len(op) <= 3:
        value = read_number(op[1:], MoveError)
        return TrailBuild(card, value, take) if trailed else BuildMove(card, value, take)
    raise MoveError.of("not_a_move", text=text)
