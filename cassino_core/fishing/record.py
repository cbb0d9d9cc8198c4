"""Records of the fishing games: rules, seed and every move, as JSON and as text, and a replay
that plays every move through the match's own checks (a record that breaks a rule is refused
whole, never half loaded).

A game supplies a :class:`RecordFormat` (its format name, rules class and presets, the text
form's tag for each rules field, the most moves a round can hold, and how to start a match);
:class:`FishingRecord` and :func:`replay` do the rest, and the format's methods
(:meth:`RecordFormat.from_json`, :meth:`~RecordFormat.from_text`,
:meth:`~RecordFormat.record_of`, :meth:`~RecordFormat.record_text`,
:meth:`~RecordFormat.replay`) are what a game's record module exports. Scopa's
(:mod:`cassino_core.scopa.record`), Escoba's (:mod:`cassino_core.escoba.record`) and Pishti's
(:mod:`cassino_core.pishti.record`) records are all this one.

JSON form::

    {"format": "<game>-record", "version": 1, "rules": {...every rules field...},
     "seed": 42, "rounds": [["5C t", "QS x 2C 7S", ...], [...]],
     "tags": {"Seats": "human computer", "Result": "151-98"}}

Text form (blank lines free; ``seat N`` counts from 1 and is checked on replay)::

    [Format "<game>-record"]
    [Variant "pishti"]
    ... one tag per rules field a preset may change ...
    [Seed "42"]
    [Result "*"]

    Round 1
    1. seat 2: 5C t
    2. seat 1: JS x 5C

    *

Free tags (:data:`TAGS`): ``Event``, ``Site``, ``Date``, ``Names``, ``Seats``, ``Levels``,
``Comment``, ``Result`` (the side totals joined by ``-`` once the match is over, ``*``
before; checked on replay). Every number read is bounded, so no text can make the reader fail
with an error of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar, cast

from ..errors import Refusal
from ..moves import Capture, IllegalMoveError, MoveError, Trail, move_from_text
from ..numbers import MAX_SEED_TEXT

VERSION: Final = 1
MAX_SEED: Final = 2**63
MAX_ROUNDS: Final = 500
"""More rounds than any real match needs."""
MAX_MOVES: Final = 52
"""A round has at most one move per card of the pack (a 52-card pack unless the format says
less: :attr:`RecordFormat.max_moves`)."""
TAGS: Final = ("Event", "Site", "Date", "Names", "Seats", "Levels", "Comment", "Result")
UNFINISHED: Final = "*"
_FIELDS: Final = frozenset({"format", "version", "rules", "seed", "rounds", "tags"})
_MAX_TAG: Final = 4000
_TAG_LINE: Final = re.compile(r'\[(\w+) "((?:[^"\\]|\\.)*)"\]')
_ROUND_LINE: Final = re.compile(r"Round (\d{1,6})", re.IGNORECASE)
_MOVE_LINE: Final = re.compile(r"(\d{1,6})\.\s*(?:seat (\d{1,3})\s*:)?\s*(.+)", re.IGNORECASE)
_RESULT: Final = re.compile(r"\*|\d{1,6}(?:-\d{1,6}){1,3}")

FishingMove = Trail | Capture
M = TypeVar("M")


class RecordError(Refusal):
    """A record that cannot be read or replayed; ``where`` names the field, line, round or
    move, and the reason why."""


class Match(Protocol):
    """What a record needs of a match (Scopa's, Pishti's...)."""

    @property
    def rules(self) -> Any:
        """The rules in force."""

    @property
    def seed(self) -> int:
        """The match's seed."""

    @property
    def rounds(self) -> Any:
        """Every round so far (each with ``history`` and ``moves``)."""

    @property
    def state(self) -> Any:
        """The current round's state (with ``turn``)."""

    @property
    def phase(self) -> str:
        """``"play"``, ``"round_over"`` or ``"match_over"``."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Match points per side."""

    @property
    def moves(self) -> Any:
        """The moves of each round."""

    def play(self, move: Any) -> None:
        """Make a move."""

    def next_round(self) -> None:
        """Deal the next round."""


@dataclass(frozen=True)
class RecordFormat(Generic[M]):
    """One game's record format (``M`` is the game's match class).

    Attributes:
        format: the ``format`` field and ``Format`` tag (``"pishti-record"``).
        presets: the game's presets by name; rule_tags: the text tag of each rules field a
            preset may change (a field whose preset value is a bool is read as ``true`` or
            ``false``, a str as it is, for the rules to check, any other as a whole number).
        from_dict: reads the rules' JSON form; from_name: a preset with overrides.
        rules_error: the exception either raises for bad rules.
        new_match: starts a match from rules and a seed.
        phase_error: the exception the match raises for an action out of phase.
        max_moves: the most moves a round can hold (one per card of the game's pack: 40 for
            Scopa's Italian pack, 52 by default).
        read_move: reads one move's text (raising MoveError); move_kinds: the ``kind`` of
            every move a record may hold (a trail or a capture, unless a game has more:
            Cirulla's declaration).
    """

    format: str
    presets: Mapping[str, Any]
    rule_tags: Mapping[str, str]
    from_dict: Callable[[object], Any]
    from_name: Callable[..., Any]
    rules_error: type[Exception]
    new_match: Callable[[Any, int], M]
    phase_error: type[Exception]
    max_moves: int = MAX_MOVES
    read_move: Callable[[str], Any] = move_from_text
    move_kinds: tuple[str, ...] = ("trail", "capture")

    def from_json(self, data: object) -> FishingRecord:
        """Read a record's JSON form (:meth:`FishingRecord.from_json`).

        Raises:
            RecordError: naming the field and the reason.
        """
        return FishingRecord.from_json(self, data)

    def from_text(self, text: object) -> FishingRecord:
        """Read a record's text form (:meth:`FishingRecord.from_text`).

        Raises:
            RecordError: naming the line and the reason.
        """
        return FishingRecord.from_text(self, text)

    def record_of(self, match: M, tags: Mapping[str, str] | None = None) -> FishingRecord:
        """The record of ``match`` so far (:func:`record_of`); ``Result`` is set from it.

        Raises:
            RecordError: a bad tag.
        """
        return record_of(self, cast(Match, match), tags)

    def record_text(self, match: M, tags: Mapping[str, str] | None = None) -> str:
        """The text form of :meth:`record_of`, every move labelled with its seat."""
        return record_text(self, cast(Match, match), tags)

    def replay(self, record: FishingRecord) -> M:
        """Play ``record`` through a new match (:func:`replay`), checking every move.

        Raises:
            RecordError: the move, round and reason.
        """
        return cast(M, replay(record))


def _check_tags(tags: Mapping[str, str]) -> None:
    for name, value in tags.items():
        if name not in TAGS:
            raise RecordError.of("record_unknown_tag", {"field": "tags"}, name=str(name),
                                 names=list(TAGS))
        if (not isinstance(value, str) or len(value) > _MAX_TAG
                or any(ch in value for ch in "\r\n\x00")):
            raise RecordError.of("record_tag_text", {"field": "tags", "tag": name}, max=_MAX_TAG)


@dataclass(frozen=True)
class FishingRecord:
    """A match as rules, seed and the moves of each round (module docstring).

    Raises:
        RecordError: a bad seed, no rounds or too many, an unknown tag or a tag that is not
            one line.
    """

    kind: RecordFormat[Any]
    rules: Any
    seed: int
    rounds: tuple[tuple[FishingMove, ...], ...]
    tags: Mapping[str, str] = field(default_factory=dict)
    seats: tuple[tuple[int | None, ...], ...] = ()
    """The ``seat N`` labels of a text record (0-based, None where left out), for replay."""

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not (
                0 <= self.seed < MAX_SEED):
            raise RecordError.of("need_number_range", {"field": "seed"}, min=0,
                                 max=MAX_SEED_TEXT)
        if not self.rounds:
            raise RecordError.of("record_no_rounds", {"field": "rounds"})
        if len(self.rounds) > MAX_ROUNDS:
            raise RecordError.of("record_too_many_deals", {"field": "rounds"}, max=MAX_ROUNDS)
        _check_tags(self.tags)

    # -- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON form (module docstring)."""
        return {"format": self.kind.format, "version": VERSION, "rules": self.rules.to_dict(),
                "seed": self.seed, "rounds": [[m.text() for m in r] for r in self.rounds],
                "tags": dict(self.tags)}

    @classmethod
    def from_json(cls, kind: RecordFormat[Any], data: object) -> FishingRecord:
        """Read the JSON form; every field is checked.

        Raises:
            RecordError: not an object, a wrong format or version, an unknown or missing
                field, bad rules, a move that cannot be read (round and move named).
        """
        if not isinstance(data, dict):
            raise RecordError.of("record_type")
        unknown = set(data) - _FIELDS
        if unknown:
            raise RecordError.of("unknown_fields", names=sorted(map(str, unknown)))
        if data.get("format") != kind.format:
            raise RecordError.of("wrong_format", format=kind.format)
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or not (
                1 <= version <= VERSION):
            raise RecordError.of("wrong_version", max=VERSION)
        missing = [name for name in ("rules", "seed", "rounds") if name not in data]
        if missing:
            raise RecordError.of("missing_fields", names=missing)
        try:
            rules = kind.from_dict(data["rules"])
        except (kind.rules_error, TypeError) as exc:
            raise RecordError.within(exc, {"field": "rules"}, reason="need_object") from exc
        # The text form names its variant by a preset, and writes the rules as that preset and
        # its changed switches: a name no preset has would be written and then refused (an
        # independent fuzz campaign, 2026-12-06). Refused here too, as the text reader does.
        if rules.name not in kind.presets:
            raise RecordError.of("unknown_preset", {"field": "rules.name"}, name=rules.name,
                                 names=list(kind.presets))
        raw_rounds = data["rounds"]
        if not isinstance(raw_rounds, list) or len(raw_rounds) > MAX_ROUNDS:
            raise RecordError.of("need_rounds", {"field": "rounds"})
        rounds: list[tuple[FishingMove, ...]] = []
        for r, raw in enumerate(raw_rounds, 1):
            if not isinstance(raw, list) or len(raw) > kind.max_moves:
                raise RecordError.of("need_rounds", {"field": f"rounds[{r - 1}]"})
            rounds.append(tuple(_move(kind, text, {"round": r, "move": i})
                                for i, text in enumerate(raw, 1)))
        tags = data.get("tags", {})
        if not isinstance(tags, dict):
            raise RecordError.of("need_object", {"field": "tags"})
        return cls(kind, rules, data["seed"], tuple(rounds), dict(tags))

    # -- text ----------------------------------------------------------------------------------

    def to_text(self, seats: list[list[int | None]] | None = None) -> str:
        """The text form (module docstring); ``seats`` gives the seat of every move (as
        :func:`record_of` finds them), else the labels are left out."""
        lines = [_tag("Format", self.kind.format), _tag("Variant", self.rules.name)]
        lines += [_tag(tag, _value_text(getattr(self.rules, name)))
                  for tag, name in self.kind.rule_tags.items()]
        lines.append(_tag("Seed", str(self.seed)))
        lines += [_tag(name, value) for name, value in self.tags.items()]
        for r, moves in enumerate(self.rounds):
            lines += ["", f"Round {r + 1}"]
            for k, m in enumerate(moves):
                seat = seats[r][k] if seats else None
                label = "" if seat is None else f"seat {seat + 1}: "
                lines.append(f"{k + 1}. {label}{m.text()}")
        lines += ["", self.tags.get("Result", UNFINISHED)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, kind: RecordFormat[Any], text: object) -> FishingRecord:
        """Read the text form of :meth:`to_text`.

        Raises:
            RecordError: naming the line: a malformed or repeated tag, a missing one, an
                unknown preset or a bad rules value, a round heading out of order, a move that
                cannot be read or is numbered out of order, a line after the result, no result
                line, a result line that differs from the ``Result`` tag.
        """
        if not isinstance(text, str):
            raise RecordError.of("record_type")
        tags: dict[str, tuple[int, str]] = {}
        rounds: list[list[FishingMove]] = []
        labels: list[list[int | None]] = []
        result: str | None = None
        result_line = 0
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            at = {"line": number}
            if result is not None:
                raise RecordError.of("record_after_result", at, result=result, at=result_line)
            if line.startswith("["):
                if rounds:
                    raise RecordError.of("record_tag_after_moves", at)
                found = _TAG_LINE.fullmatch(line)
                if not found:
                    raise RecordError.of("record_tag_form", at, text=line[:60])
                name = found[1]
                if name in tags:
                    raise RecordError.of("record_tag_repeated", at, name=name, at=tags[name][0])
                tags[name] = (number, re.sub(r"\\(.)", r"\1", found[2]))
            elif found := _ROUND_LINE.fullmatch(line):
                if int(found[1]) != len(rounds) + 1 or len(rounds) >= MAX_ROUNDS:
                    raise RecordError.of("record_round_order", at, want=len(rounds) + 1,
                                         text=line[:60])
                rounds.append([])
                labels.append([])
            elif _RESULT.fullmatch(line):
                result, result_line = line, number
            elif found := _MOVE_LINE.fullmatch(line):
                if not rounds:
                    raise RecordError.of("record_move_before_round", at)
                moves = rounds[-1]
                if int(found[1]) != len(moves) + 1 or len(moves) >= kind.max_moves:
                    raise RecordError.of("record_move_number", {**at, "round": len(rounds)},
                                         want=len(moves) + 1, got=int(found[1]))
                moves.append(_move(kind, found[3], {**at, "round": len(rounds),
                                                    "move": len(moves) + 1}))
                labels[-1].append(None if found[2] is None else int(found[2]) - 1)
            else:
                raise RecordError.of("record_unreadable_line", at, text=line[:60])
        if result is None:
            raise RecordError.of("record_no_result")
        if not rounds:
            raise RecordError.of("record_no_round")
        rules, seed, free = _from_tags(kind, tags)
        if free.get("Result", UNFINISHED) != result:
            raise RecordError.of("record_result_differs", {"line": result_line}, result=result,
                                 tag=free.get("Result", UNFINISHED))
        return cls(kind, rules, seed, tuple(tuple(r) for r in rounds), free,
                   tuple(tuple(s) for s in labels))


def _move(kind: RecordFormat[Any], text: object, where: dict[str, Any]) -> FishingMove:
    if not isinstance(text, str):
        raise RecordError.of("move_not_text", where)
    try:
        move = kind.read_move(text)
    except MoveError as exc:
        raise RecordError.within(exc, {**where, "text": text[:60]}) from exc
    if move.kind not in kind.move_kinds:
        raise RecordError.of("not_allowed", {**where, "text": text[:60]})
    return cast(FishingMove, move)


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _from_tags(kind: RecordFormat[Any],
               tags: Mapping[str, tuple[int, str]]) -> tuple[Any, int, dict[str, str]]:
    """Rules, seed and the free tags, from the text form's tags."""
    if tags.get("Format", (0, ""))[1] != kind.format:
        raise RecordError.of("wrong_format", {"tag": "Format"}, format=kind.format)
    presets = kind.presets
    rule_tags = kind.rule_tags
    if "Variant" not in tags:
        raise RecordError.of("record_no_tag", name="Variant")
    line, variant = tags["Variant"]
    if variant not in presets:
        raise RecordError.of("unknown_preset", {"line": line, "tag": "Variant"}, name=variant,
                             names=list(presets))
    overrides: dict[str, Any] = {}
    free: dict[str, str] = {}
    for name, (line, value) in tags.items():
        at = {"line": line, "tag": name}
        if name in ("Format", "Variant", "Seed"):
            continue
        field_name = rule_tags.get(name)
        if field_name is None:
            if name not in TAGS:
                raise RecordError.of("record_unknown_tag", {"line": line}, name=name,
                                     names=["Format", "Variant", "Seed", *rule_tags, *TAGS])
            free[name] = value
            continue
        if isinstance(getattr(presets[variant], field_name), bool):
            if value not in ("true", "false"):
                raise RecordError.of("need_flag", at)
            overrides[field_name] = value == "true"
        elif isinstance(getattr(presets[variant], field_name), str):
            overrides[field_name] = value  # a choice: the rules check it
        else:
            if not re.fullmatch(r"\d{1,6}", value):
                raise RecordError.of("need_whole_number", at)
            overrides[field_name] = int(value)
    try:
        rules = kind.from_name(variant, **overrides)
    except kind.rules_error as exc:
        raise RecordError.within(exc, reason="rules_invalid") from exc
    if "Seed" not in tags:
        raise RecordError.of("record_no_tag", name="Seed")
    line, seed_text = tags["Seed"]
    if not re.fullmatch(r"\d{1,19}", seed_text) or int(seed_text) >= MAX_SEED:
        raise RecordError.of("need_number_range", {"line": line, "tag": "Seed"}, min=0,
                             max=MAX_SEED_TEXT)
    try:
        _check_tags(free)
    except RecordError as exc:
        raise RecordError.within(exc) from exc
    return rules, int(seed_text), free


def result_text(match: Match) -> str:
    """The ``Result`` of ``match``: the side totals joined by ``-`` once over, else ``*``."""
    return "-".join(map(str, match.totals)) if match.phase == "match_over" else UNFINISHED


def record_of(kind: RecordFormat[Any], match: Match,
              tags: Mapping[str, str] | None = None) -> FishingRecord:
    """The record of ``match`` so far; ``Result`` is set from the match.

    Raises:
        RecordError: a bad tag.
    """
    seats = tuple(tuple(s.turn for s in r.history[:-1]) for r in match.rounds)
    return FishingRecord(kind, match.rules, match.seed, tuple(tuple(m) for m in match.moves),
                       {**(tags or {}), "Result": result_text(match)}, seats)


def record_text(kind: RecordFormat[Any], match: Match,
                tags: Mapping[str, str] | None = None) -> str:
    """The text form of :func:`record_of`, every move labelled with its seat."""
    record = record_of(kind, match, tags)
    return record.to_text([list(s) for s in record.seats])


def replay(record: FishingRecord) -> Any:
    """Play the record through a new match, checking every move (and every seat label).

    Raises:
        RecordError: a move illegal where it stands (round and move named), a seat label that
            is not the seat to play, a round begun before the previous one ended or after the
            match's end, a ``Result`` that differs from the replayed one.
    """
    kind = record.kind
    match: Match = kind.new_match(record.rules, record.seed)
    for r, moves in enumerate(record.rounds, 1):
        if r > 1:
            try:
                match.next_round()
            except kind.phase_error as exc:
                raise RecordError.within(exc, {"round": r}) from exc
        labels = record.seats[r - 1] if r - 1 < len(record.seats) else ()
        for i, move in enumerate(moves, 1):
            where = {"round": r, "move": i, "text": move.text()}
            if match.phase != "play":
                raise RecordError.of("record_after_round_end", where, text=move.text(), round=r)
            label = labels[i - 1] if i - 1 < len(labels) else None
            if label is not None and label != match.state.turn:
                raise RecordError.of("record_seat_label", where, text=move.text(), label=label,
                                     seat=match.state.turn)
            try:
                match.play(move)
            except (IllegalMoveError, kind.phase_error) as exc:
                raise RecordError.within(exc, where) from exc
    result = record.tags.get("Result")
    if result is not None and result != result_text(match):
        raise RecordError.of("record_result_wrong", {"tag": "Result"}, result=result,
                             actual=result_text(match))
    return match
