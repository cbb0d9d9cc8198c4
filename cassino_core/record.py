"""Game records: the rules, the seed and every move, in JSON and in a text form like chess's PGN.

A record replays a match exactly: the seed fixes every deal (the first dealer, each round's
shuffle; see :class:`~cassino_core.match.Match`), so the moves are all a record needs besides
the rules. The moves are grouped by round; every round after the first begins with the deal the
seed implies (:meth:`~cassino_core.match.Match.next_round`), so ``[[...], []]`` is a match whose
second round has been dealt but not played. Computer moves are ordinary moves. A match that began
from a loaded position (:mod:`cassino_core.position`) keeps that position as ``start``.

JSON form (:meth:`Record.to_json`)::

    {"format": "cassino-record", "version": 2, "rules": {...Rules.to_dict()...}, "seed": 42,
     "rounds": [["5C t", "7H x 3C 4D", ...], [...]],
     "tags": {"Seats": "human computer", "Result": "23-15"}}

(with ``"start": <position>`` after a loaded position; moves are read in their text notation or
their JSON form, docs/api.md). Text form (:meth:`Record.to_text`)::

    [Version "2"]
    [Variant "classic"]
    [Seed "42"]
    [Players "2"]
    [Sweeps "off"]
    [Seats "human computer"]
    [Result "23-15"]

    Round 1
    1. seat 2: 5C t
    2. seat 1: 7H x 3C 4D
    ...

    Round 2
    ...

    23-15

Tag pairs first: ``Version`` (:data:`VERSION`; a text without it is version 1, whose seat
labels count from 0, where version 2 counts them from 1 as people do), ``Variant`` (the
preset), ``Seed``, ``Players``, then one tag per rules field that differs from the preset, named
in CamelCase (``builder_restriction`` is ``BuilderRestriction``; true/false and whole numbers as
text), ``Start`` (the start position as one line of JSON) if any, then the other tags
(:data:`TAGS`). Each round follows under its heading, one numbered move a line with the seat
that played it (counted from 1; a claim out, ``Rules.claiming``, is the step ``claim``), and
the record ends with its result line, as in PGN: the match
totals per side joined by ``-`` (``23-15``; a total below 0, which
Michigan's builder's penalties allow, keeps its sign: ``-46-5``, ``5--46``) once the match is
over, ``*`` while it is not (so a record cut short at a line break is noticed).

The other tags, one line of text each: ``Event``, ``Site``, ``Date``, ``Names``, ``Seats`` (the
seat kinds, ``human``/``computer``, space-separated), ``Levels`` (the computer seats' levels,
``-`` for a human seat, space-separated), ``Comment`` and ``Result`` (equal to the
result line; checked against the replayed totals). Any other tag is refused, so a misspelt rules
tag is never silently ignored.

Every fault raises :class:`RecordError` naming the line, round and move, the field, or the
illegal move and why. Parsing only reads; :func:`replay` plays every move through the public
:class:`~cassino_core.match.Match` API, so a record is loaded whole or not at all.

>>> from cassino_core.match import Match
>>> from cassino_core.rules import CLASSIC
>>> m = Match(CLASSIC, seed=42)
>>> m.play(m.legal_moves()[0])
>>> text = record_of(m).to_text()
>>> replay(Record.from_text(text)).state == m.state
True
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import Refusal
from .game import RoundState
from .match import CLAIM, Claim, Match, PhaseError
from .moves import IllegalMoveError, Move, MoveError, move_from_json, move_from_text
from .numbers import MAX_SEED_TEXT, load_json, read_number
from .position import position_from_json, position_to_json
from .rules import PRESETS, NotSupportedError, Rules, RulesError
from .table import PositionError

FORMAT: Final = "cassino-record"
"""The ``format`` of a record object."""

VERSION: Final = 2
"""The version written; loading accepts this version and earlier. Version 2 labels the moves of
the text form with seats counted from 1 (``1. seat 1: 5C t`` is the first seat's move); a text
with no ``Version`` tag is version 1, whose labels count from 0. The JSON form is the same in
both versions."""

MAX_SEED: Final = 2**63
"""Seeds are whole numbers from 0 to ``MAX_SEED - 1`` (as the API's ``new_game``)."""

UNFINISHED: Final = "*"
"""The result of a match that is not over (PGN's ``*``)."""

TAGS: Final = ("Event", "Site", "Date", "Names", "Seats", "Levels", "Comment", "Result")
"""The tags a record may carry besides the rules, the seed and the start, in the written order."""

JSON_FIELDS: Final = frozenset({"format", "version", "rules", "seed", "rounds", "tags", "start"})
"""The fields a record object may have (every game's records have ``format``)."""
_TAG_LINE: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_ROUND_LINE: Final = re.compile(r"round\s+(\d+)", re.IGNORECASE)
_MOVE_LINE: Final = re.compile(r"(\d+)\.\s*(?:seat\s*(\d+)\s*:\s*)?(.*)", re.IGNORECASE)
_RESULT: Final = re.compile(r"\*|-?\d+(?:--?\d+)+")
"""A result line: ``*``, or the totals joined by ``-``, each total perhaps negative (Michigan's
builder's penalties can take a side below 0: ``-46-5``, ``5--46``)."""
_TOTAL: Final = re.compile(r"(?:^|-)(-?\d+)")
"""One total of a result, after the ``-`` that joins it to the one before."""
_MAX_TAG_VALUE: Final = 4000


class RecordError(Refusal):
    """A record that cannot be read or replayed; the message names the line, round and move,
    the field, or the illegal move and why, and so do its ``reason``, ``params`` and ``where``
    (:class:`~cassino_core.errors.Refusal`). A rules switch this engine does not play yet is a
    RecordError whose ``__cause__`` is the :class:`~cassino_core.rules.NotSupportedError`."""


@dataclass(frozen=True)
class Record:
    """A match as rules, seed and moves (see the module docstring).

    Attributes:
        rules: the rules in force.
        seed: the match's seed, 0 to ``MAX_SEED - 1``.
        rounds: the moves of each round in order; at least one round (the first, perhaps with
            no moves). Every round after the first starts with the deal the seed implies.
        tags: other facts, tag name (one of :data:`TAGS`) to one line of text.
        start: the position the first round began from, or None when the seed dealt it.

    Raises:
        RecordError: a field of the wrong type, rules not named after a preset, a bad seed,
            no rounds, or an unknown tag or a tag value that is not one line of text.
    """

    rules: Rules
    seed: int
    rounds: tuple[tuple[Move | Claim, ...], ...]
    tags: Mapping[str, str] = field(default_factory=dict)
    start: RoundState | None = None
    _source: Mapping[tuple[int, int], tuple[int, int | None]] = field(
        default_factory=dict, compare=False, repr=False)
    """From the text form: (round, move) indexes to (line number, labelled seat, 0-based)."""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RecordError("rules: expected a Rules value")
        if self.rules.name not in PRESETS:
            raise RecordError(f"rules: the name {self.rules.name!r} is not a preset (the "
                              f"record names its rules by a preset: {', '.join(PRESETS)})")
        _check_seed(self.seed)
        if not self.rounds:
            raise RecordError.of("record_no_rounds")
        object.__setattr__(self, "tags", dict(self.tags))
        for name, value in self.tags.items():
            _check_tag(name, value)
        result = self.tags.get("Result")
        if result is not None:
            _check_result(self.rules, result)

    # -- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON object (moves in their text notation; see the module docstring)."""
        out: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "rules": self.rules.to_dict(),
            "seed": self.seed, "rounds": [[m.text() for m in r] for r in self.rounds],
            "tags": dict(self.tags)}
        if self.start is not None:
            out["start"] = position_to_json(self.start)
        return out

    @classmethod
    def from_json(cls, data: object) -> Record:
        """Read the JSON object of :meth:`to_json` (``format`` and ``version`` may be left out;
        moves may be text or move objects).

        Raises:
            RecordError: not an object, an unknown or missing field, a wrong type, unknown
                rules fields or values, a move that cannot be read (its round and number named),
                a bad start position.
        """
        if not isinstance(data, dict):
            raise RecordError.of("record_type")
        unknown = sorted(str(k) for k in data if k not in JSON_FIELDS)
        if unknown:
            raise RecordError.of("unknown_fields", names=unknown)
        if "format" in data and data["format"] != FORMAT:
            raise RecordError.of("wrong_format", format=FORMAT)
        version = data.get("version", VERSION)
        if (isinstance(version, bool) or not isinstance(version, int)
                or not 1 <= version <= VERSION):
            raise RecordError.of("wrong_version", max=VERSION)
        missing = [k for k in ("rules", "seed", "rounds") if k not in data]
        if missing:
            raise RecordError.of("missing_fields", names=missing)
        try:
            rules = Rules.from_dict(data["rules"])
        except (RulesError, TypeError) as exc:
            raise RecordError.within(exc, {"field": "rules"}, reason="need_object") from exc
        seed = data["seed"]
        _check_seed(seed)
        raw_rounds = data["rounds"]
        if not isinstance(raw_rounds, list) or not all(isinstance(r, list) for r in raw_rounds):
            raise RecordError.of("need_rounds", {"field": "rounds"})
        rounds = tuple(tuple(_json_move(m, r, k) for k, m in enumerate(moves))
                       for r, moves in enumerate(raw_rounds))
        tags = data.get("tags", {})
        if not isinstance(tags, dict):
            raise RecordError.of("need_object", {"field": "tags"})
        start = None
        if data.get("start") is not None:
            try:
                start = position_from_json(data["start"])
            except PositionError as exc:
                raise RecordError.within(exc, {"field": "start"}) from exc
            if start.rules != rules:
                raise RecordError.of("record_start_rules", {"field": "start"})
        return cls(rules=rules, seed=seed, rounds=rounds, tags=tags, start=start)

    # -- text -----------------------------------------------------------------------------------

    def to_text(self) -> str:
        """The text form (see the module docstring), ending with a newline.

        The seat labels come from replaying the record.

        Raises:
            RecordError: the record does not replay (see :func:`replay`).
        """
        seats = _play_through(self)[1]
        preset = PRESETS[self.rules.name]
        lines = [_tag("Version", str(VERSION)), _tag("Variant", self.rules.name),
                 _tag("Seed", str(self.seed)), _tag("Players", str(self.rules.players))]
        for name, value in self.rules.to_dict().items():
            if name not in ("name", "players") and value != getattr(preset, name):
                lines.append(_tag(_camel(name), _value_text(value)))
        if self.start is not None:
            lines.append(_tag("Start", json.dumps(position_to_json(self.start),
                                                  separators=(",", ":"))))
        lines += [_tag(n, self.tags[n]) for n in TAGS if n in self.tags]
        for r, moves in enumerate(self.rounds):
            lines += ["", f"Round {r + 1}"]
            lines += [f"{k + 1}. seat {seats[r][k] + 1}: {m.text()}" for k, m in enumerate(moves)]
        lines += ["", self.tags.get("Result", UNFINISHED)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: object) -> Record:
        """Read the text form of :meth:`to_text` (blank lines and spaces are free; ``seat N:``
        labels may be left out, and are checked by :func:`replay` when present). A text with
        no ``Version`` tag is version 1, whose seat labels count from 0: it loads as it always
        did.

        Raises:
            RecordError: naming the line: a malformed or repeated tag, an unknown variant or
                rules field, a bad value, a round heading out of order, a move that cannot be
                read or is numbered out of order, a line after the result, or no result line
                (the text is cut short).
        """
        if not isinstance(text, str):
            raise RecordError.of("record_type")
        tags: dict[str, tuple[int, str]] = {}
        rounds: list[list[Move | Claim]] = []
        source: dict[tuple[int, int], tuple[int, int | None]] = {}
        labels: list[tuple[int, int]] = []
        result: str | None = None
        result_line = 0
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            at = {"line": number}
            if result is not None:
                raise RecordError.of("record_after_result", at, result=result,
                                     at=result_line)
            if line.startswith("["):
                if rounds:
                    raise RecordError.of("record_tag_after_moves", at)
                name, value = _read_tag(line, number)
                if name in tags:
                    raise RecordError.of("record_tag_repeated", at, name=name,
                                         at=tags[name][0])
                tags[name] = (number, value)
            elif found := _ROUND_LINE.fullmatch(line):
                if read_number(found[1], RecordError, at) != len(rounds) + 1:
                    raise RecordError.of("record_round_order", at, want=len(rounds) + 1,
                                         text=line)
                rounds.append([])
            elif _RESULT.fullmatch(line):
                result, result_line = line, number
            elif found := _MOVE_LINE.fullmatch(line):
                if not rounds:
                    raise RecordError.of("record_move_before_round", at)
                moves = rounds[-1]
                where = {**at, "round": len(rounds), "move": len(moves) + 1}
                number_at = {**at, "round": len(rounds)}
                got = read_number(found[1], RecordError, number_at)
                if got != len(moves) + 1:
                    raise RecordError.of("record_move_number", number_at,
                                         want=len(moves) + 1, got=got)
                try:
                    move = _step_from_text(found[3])
                except MoveError as exc:
                    raise RecordError.within(exc, {**where, "text": found[3]}) from exc
                if found[2] is not None:
                    labels.append((len(source), read_number(found[2], RecordError, where)))
                source[(len(rounds) - 1, len(moves))] = (number, None)
                moves.append(move)
            else:
                raise RecordError.of("record_unreadable_line", at, text=line[:60])
        if result is None:
            raise RecordError.of("record_no_result")
        if not rounds:
            raise RecordError.of("record_no_round")
        version = _text_version(tags)
        keys = list(source)
        for index, label in labels:
            # Version 1 counted seats from 0; version 2 counts them from 1 (0 fits no seat).
            source[keys[index]] = (source[keys[index]][0], label if version == 1 else label - 1)
        rules, seed, start, free = _from_tags(tags)
        if free.get("Result", UNFINISHED) != result:
            raise RecordError.of("record_result_differs", {"line": result_line}, result=result,
                                 tag=free.get("Result", UNFINISHED))
        try:
            return cls(rules=rules, seed=seed, rounds=tuple(tuple(r) for r in rounds),
                       tags=free, start=start, _source=source)
        except RecordError as exc:
            raise RecordError.within(exc, {"field": "tags"}) from exc


def record_of(match: Match, tags: Mapping[str, str] | None = None) -> Record:
    """The record of ``match`` from its start to now (steps taken back by undo are not in it).

    Args:
        match: any match (its :attr:`~cassino_core.match.Match.steps`, seed and start).
        tags: tags to include (``Date``, ``Names``, ``Seats``, ...: see :data:`TAGS`);
            ``Result`` is always set from the match: its totals once it is over, ``*`` before.

    Raises:
        RecordError: a bad tag, or a seed outside 0 to ``MAX_SEED - 1``.
    """
    rounds: list[list[Move | Claim]] = [[]]
    for step in match.steps:
        if step is None:
            rounds.append([])
        else:
            rounds[-1].append(step)
    state = match.state
    result = (UNFINISHED if state.phase != "match_over"
              else "-".join(str(t) for t in state.totals))
    return Record(rules=match.rules, seed=state.seed, rounds=tuple(tuple(r) for r in rounds),
                  tags={**(tags or {}), "Result": result}, start=match.start)


def replay(record: Record) -> Match:
    """Play ``record`` through the :class:`~cassino_core.match.Match` API, every move checked.

    Returns:
        A new match in the state the record ends in, with its whole history (undo works).

    Raises:
        RecordError: naming the round, move, line (from the text form) and seat: a move the rules
            refuse now and why, a seat label that is not the seat to play, a round that starts
            before the last one is over or after the match is over, moves after a round's end,
            or a ``Result`` tag that the final totals contradict.
    """
    return _play_through(record)[0]


def _play_through(record: Record) -> tuple[Match, list[list[int]]]:
    """:func:`replay`, and the seat that made each move, by round."""
    if record.start is None:
        match = Match(record.rules, record.seed)
    else:
        match = Match.from_position(record.start, record.seed)
    seats: list[list[int]] = []
    for r, moves in enumerate(record.rounds):
        seats.append([])
        if r:
            try:
                match.next_round()
            except PhaseError as exc:
                raise RecordError.within(exc, {"round": r + 1}) from exc
        for k, move in enumerate(moves):
            line, label = record._source.get((r, k), (None, None))
            where: dict[str, Any] = {} if line is None else {"line": line}
            where |= {"round": r + 1, "move": k + 1}
            if match.state.phase != "play":
                raise RecordError.of("record_after_round_end", where, text=move.text(),
                                     round=r + 1)
            seat = match.state.round.turn
            if label is not None and label != seat:
                raise RecordError.of("record_seat_label", where, text=move.text(), label=label,
                                     seat=seat)
            try:
                if isinstance(move, Claim):
                    match.claim()
                else:
                    match.play(move)
            except (IllegalMoveError, PhaseError) as exc:
                raise RecordError.within(exc, {**where, "seat": seat, "text": move.text()}
                                         ) from exc
            seats[-1].append(seat)
    result = record.tags.get("Result", UNFINISHED)
    state = match.state
    if result != UNFINISHED:
        actual = "-".join(str(t) for t in state.totals)
        if state.phase != "match_over":
            actual = UNFINISHED
        if actual != result:
            raise RecordError.of("record_result_wrong", {"tag": "Result"}, result=result,
                                 actual=actual)
    return match, seats


# -- helpers ---------------------------------------------------------------------------------------


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise RecordError.of("need_number_range", {"field": "seed"}, min=0, max=MAX_SEED_TEXT)


def _text_version(tags: Mapping[str, tuple[int, str]]) -> int:
    """The text form's version: its ``Version`` tag, 1 when it has none."""
    if "Version" not in tags:
        return 1
    line, text = tags["Version"]
    at = {"line": line, "tag": "Version"}
    if not (text.isascii() and text.isdigit()) or not 1 <= read_number(text, RecordError,
                                                                        at) <= VERSION:
        raise RecordError.of("wrong_version", at, max=VERSION)
    return int(text)


def _step_from_text(text: str) -> Move | Claim:
    """A move's text, or ``claim`` for a claim (``Rules.claiming``)."""
    return CLAIM if text.strip().lower() == CLAIM.text() else move_from_text(text)


def _json_move(value: object, r: int, k: int) -> Move | Claim:
    if isinstance(value, str) and value.strip().lower() == CLAIM.text():
        return CLAIM
    try:
        return move_from_text(value) if isinstance(value, str) else move_from_json(value)
    except MoveError as exc:
        raise RecordError.within(exc, {"field": f"rounds[{r}][{k}]", "round": r + 1,
                                       "move": k + 1}) from exc


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


_RULE_TAGS: Final = {_camel(f.name): f.name for f in dataclasses.fields(Rules)
                     if f.name not in ("name",)}


def _check_tag(name: object, value: object) -> None:
    if name in ("Version", "Variant", "Seed", "Start", *_RULE_TAGS):
        raise RecordError.of("record_text_tag", {"tag": str(name)})
    if name not in TAGS:
        raise RecordError.of("record_unknown_tag", name=str(name), names=list(TAGS))
    if (not isinstance(value, str) or len(value) > _MAX_TAG_VALUE
            or any(ch in value for ch in "\r\n\x00")):
        raise RecordError.of("record_tag_text", {"tag": name}, max=_MAX_TAG_VALUE)


def _result_totals(result: str) -> list[str] | None:
    """The totals written in a result (``"-46-5"`` is ``["-46", "5"]``), as text; None for
    ``*`` or a text that is not a result."""
    if result == UNFINISHED or not _RESULT.fullmatch(result):
        return None
    return _TOTAL.findall(result)


def _check_result(rules: Rules, result: str) -> None:
    totals = _result_totals(result)
    if result != UNFINISHED and (totals is None or len(totals) != rules.sides):
        raise RecordError.of("record_result_form", {"tag": "Result"}, text=result,
                             sides=rules.sides,
                             example="-".join(["21"] + ["15"] * (rules.sides - 1)))


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _read_tag(line: str, number: int) -> tuple[str, str]:
    found = _TAG_LINE.fullmatch(line)
    if not found:
        raise RecordError.of("record_tag_form", {"line": number}, text=line[:60])
    return found[1], re.sub(r"\\(.)", r"\1", found[2])


def _from_tags(tags: Mapping[str, tuple[int, str]]
               ) -> tuple[Rules, int, RoundState | None, dict[str, str]]:
    """Rules, seed, start position and the free tags, from the text form's tags."""
    if "Variant" not in tags:
        raise RecordError.of("record_no_tag", name="Variant")
    line, variant = tags["Variant"]
    if variant.lower() not in PRESETS:
        raise RecordError.of("unknown_preset", {"line": line, "tag": "Variant"}, name=variant,
                             names=sorted(PRESETS))
    preset = PRESETS[variant.lower()]
    overrides: dict[str, Any] = {}
    for name, (line, value) in tags.items():
        at = {"line": line, "tag": name}
        field_name = _RULE_TAGS.get(name)
        if field_name is None:
            if name not in ("Version", "Variant", "Seed", "Start", *TAGS):
                raise RecordError.of("record_unknown_tag", {"line": line}, name=name,
                                     names=["Variant", "Seed", *TAGS])
            continue
        default = getattr(preset, field_name)
        if isinstance(default, bool):
            if value not in ("true", "false"):
                raise RecordError.of("need_flag", at)
            overrides[field_name] = value == "true"
        elif isinstance(default, int):
            overrides[field_name] = read_number(value, RecordError, at)
        else:
            overrides[field_name] = value
    # The switches are checked together, never one at a time against the preset: some depend
    # on one another (hand size 3 needs packets of 1 or 3; five players need the standard
    # pack), so a ruleset the engine wrote may be invalid with only one of its tags applied.
    # A fault of one field (its choice, type or range) still names that field's tag and line.
    try:
        rules = Rules.from_name(variant, **overrides)
    except NotSupportedError as exc:
        raise RecordError.within(exc, reason="rules_invalid") from exc
    except RulesError as exc:
        tag = _camel(str(exc.params.get("name", "")))
        if tag in tags and tag in _RULE_TAGS:
            raise RecordError.within(exc, {"line": tags[tag][0], "tag": tag}) from exc
        raise RecordError.within(exc, reason="rules_invalid") from exc
    except TypeError as exc:
        raise RecordError.within(exc, reason="rules_invalid") from exc
    if "Seed" not in tags:
        raise RecordError.of("record_no_tag", name="Seed")
    line, seed_text = tags["Seed"]
    at = {"line": line, "tag": "Seed"}
    seed = read_number(seed_text, RecordError, at)
    if not 0 <= seed < MAX_SEED:
        raise RecordError.of("need_number_range", at, min=0, max=MAX_SEED_TEXT)
    start = None
    if "Start" in tags:
        line, start_text = tags["Start"]
        try:
            start = position_from_json(load_json(start_text, PositionError))
        except PositionError as exc:
            raise RecordError.within(exc, {"line": line, "tag": "Start"}) from exc
        except (ValueError, RecursionError) as exc:  # JSON errors
            raise RecordError.of("not_json", {"line": line, "tag": "Start"}) from exc
        if start.rules != rules:
            raise RecordError.of("record_start_rules", {"line": line, "tag": "Start"})
    free = {name: value for name, (_, value) in tags.items() if name in TAGS}
    return rules, seed, start, free


__all__ = ["FORMAT", "MAX_SEED", "TAGS", "UNFINISHED", "VERSION", "Record", "RecordError",
           "record_of", "replay"]
