"""The JSON session of the fishing games (Scopa and its presets, Escoba): the shared
:class:`~cassino_core.session.GameSession` with the parts these games have in common.

A fishing game's move is a trail or a capture (:class:`~cassino_core.moves.Trail`,
:class:`~cassino_core.moves.Capture`), read from text (``"QS x 2C 7S"``, ``"5H"``) or JSON
(``{"kind", "card", "take"?}``); ``legal_moves`` lists their texts; a played move is answered as
``{"seat", "text", "kind", "card", "take", "sweep", "round_over"}``. ``new_game`` names a preset
in ``variant`` (with ``overrides``); records come as JSON (object or text) or as their text form
(tag lines, the first being ``[Format "<format>"]``). The hints draw from a generator of their
own (seeded from the match), so asking for a hint never changes the computer's later moves.

A game's session sets the class attributes (its presets, rules class, record format, match
class, view, players, hints) and nothing else: see :class:`cassino_core.scopa.api.ScopaSession`,
:class:`cassino_core.escoba.api.EscobaSession` and :class:`cassino_core.pishti.api.PishtiSession`.
The levels, the record's error and the phase error are the fishing games' own
(:mod:`cassino_core.fishing.players`, :mod:`~cassino_core.fishing.record`,
:mod:`~cassino_core.fishing.round`), and the records are read, written and replayed through
the game's :class:`~cassino_core.fishing.record.RecordFormat` (``RECORD``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from ..errors import ApiError
from ..moves import IllegalMoveError, Move, MoveError, move_from_json, move_from_text
from ..review_ops import move_log_answer
from ..session import GameSession, Handler, fields, read_overrides
from .players import ALL_LEVELS, DEFAULT_BUDGET_MS
from .record import RecordError, RecordFormat
from .review import (
    NoSuchRoundError,
    RoundNotOverError,
    finished_rounds,
    fishing_log,
    played_move,
    round_steps,
)
from .round import PhaseError

__all__ = ["HINT_BUDGET_MS", "FishingSession", "has_format"]

HINT_BUDGET_MS = 400
"""The most a hint thinks, in milliseconds (the session's ``budget_ms`` when lower)."""

HINT_SALT = 0x417
"""Mixed into the match's seed for the hints' own generator."""

M = TypeVar("M")


class FishingSession(GameSession[M]):
    """One fishing-game match and who sits where (module docstring)."""

    ALL_LEVELS = ALL_LEVELS
    DEFAULT_BUDGET_MS = DEFAULT_BUDGET_MS
    NEW_GAME_FIELDS = frozenset({"game", "variant", "seed", "seats", "level", "levels",
                                 "budget_ms", "overrides", "viewer"})
    DEFAULT_VARIANT: ClassVar[str] = ""
    PRESETS: ClassVar[Mapping[str, Any]] = {}
    OVERRIDES: ClassVar[frozenset[str]] = frozenset()
    RULES: ClassVar[Any] = None
    RULES_ERROR: ClassVar[type[Exception]] = ValueError
    RECORD: ClassVar[RecordFormat[Any]]
    """The game's record format: reads (``from_json``, ``from_text``), writes
    (``record_of``, ``record_text``) and replays its records."""
    RECORD_ERROR: ClassVar[Any] = RecordError
    MATCH: ClassVar[Any] = None
    PHASE_ERROR: ClassVar[type[Exception]] = PhaseError

    view_fn: ClassVar[Any]
    hint_fn: ClassVar[Any]
    explain_fn: ClassVar[Any]
    player_fn: ClassVar[Any]

    def __init__(self) -> None:
        super().__init__()
        self._hint_rng = random.Random(1)

    def rules_from(self, req: dict[str, Any]) -> Any:
        """The preset ``variant`` names, with its ``overrides``."""
        variant = req.get("variant", self.DEFAULT_VARIANT)
        if not isinstance(variant, str) or variant not in self.PRESETS:
            raise ApiError.of("bad_request", "need_one_of", {"field": "variant"},
                              names=list(self.PRESETS))
        overrides = read_overrides(req, self.OVERRIDES)
        try:
            return self.RULES.from_name(variant, **overrides)
        except (self.RULES_ERROR, TypeError) as exc:
            raise ApiError.wrap("bad_request", exc) from exc

    def new_match(self, rules: Any, seed: int) -> M:
        """A fresh match."""
        match: M = self.MATCH(rules, seed)
        return match

    def view_of(self, match: M, seat: int) -> Any:
        """What ``seat`` may know (the game's view function)."""
        return type(self).view_fn(match, seat)

    def move_json(self, move: Any) -> str:
        """A move's text."""
        return str(move.text())

    def read_move(self, raw: object) -> Move:
        """A move from its text or its JSON form."""
        try:
            if isinstance(raw, str):
                return move_from_text(raw)
            return move_from_json(raw)
        except MoveError as exc:
            raise ApiError.wrap("bad_move", exc) from exc

    def play_checked(self, match: M, move: Any) -> int:
        """Play ``move`` in ``match`` and return the seat that made it; a refusal becomes the
        API's ``illegal_move`` (or ``wrong_phase``) error."""
        seat: int = match.state.turn  # type: ignore[attr-defined]
        try:
            match.play(move)  # type: ignore[attr-defined]
        except IllegalMoveError as exc:
            raise ApiError.wrap("illegal_move", exc) from exc
        except self.PHASE_ERROR as exc:  # pragma: no cover - checked before
            raise ApiError.wrap("wrong_phase", exc) from exc
        return seat

    def apply(self, match: M, move: Any) -> dict[str, Any]:
        """Play ``move``: ``{"seat", "text", "kind", "card", "take", "sweep", "round_over"}``."""
        seat = self.play_checked(match, move)
        state = match.state  # type: ignore[attr-defined]
        last = state.last
        assert last is not None
        return {"seat": seat, "text": last.move.text(), "kind": last.move.kind,
                "card": str(last.move.card), "take": sorted(str(c) for c in last.move.take),
                "sweep": last.sweep, "round_over": state.finished}

    def played_json(self, after: Any, move: Any) -> dict[str, Any]:
        """A move of the log and the replay, from the round state after it
        (:func:`~cassino_core.fishing.review.played_move`; Cirulla adds its declaration)."""
        return played_move(after, move)

    def extra_handlers(self) -> dict[str, Handler]:
        """``move_log`` and ``replay`` (docs/api.md "Move log and round replay of the fishing
        games")."""
        return {"move_log": self._move_log, "replay": self._replay}

    def _move_log(self, req: dict[str, Any]) -> dict[str, Any]:
        """``{"log": [...]}``: every move of the match so far
        (:func:`~cassino_core.fishing.review.fishing_log`)."""
        fields(req, set())
        return move_log_answer(fishing_log(self._need_match(), self.played_json))

    def _replay(self, req: dict[str, Any]) -> dict[str, Any]:
        """``{"replay": {"round", "rounds", "steps", "seats", "levels", "result"}}``: round
        ``round`` (default: the last one that is over) step by step with every hand shown
        (:func:`~cassino_core.fishing.review.round_steps`); ``rounds`` is how many rounds are
        over and ``result`` the round's score. Refused with ``wrong_phase``
        (``replay_needs_round_end``) for a round still played, ``bad_request`` for a round
        that is not in the match. Once the round being ended is shown, undo is refused until
        the next round is dealt.

        Raises:
            ApiError: as above.
        """
        fields(req, {"round"})
        match = self._need_match()
        done = finished_rounds(match)
        number = req.get("round", done or len(match.rounds))  # type: ignore[attr-defined]
        if isinstance(number, bool) or not isinstance(number, int):
            raise ApiError.of("bad_request", "need_whole_number", {"field": "round"})
        try:
            steps = round_steps(match, number, self.played_json)
        except RoundNotOverError as exc:
            raise ApiError.wrap("wrong_phase", exc) from exc
        except NoSuchRoundError as exc:
            raise ApiError.wrap("bad_request", exc) from exc
        rnd = match.rounds[number - 1]  # type: ignore[attr-defined]
        if rnd is match.current:  # type: ignore[attr-defined]
            self.revealed = True
        return {"replay": {"round": number, "rounds": done, "steps": steps,
                           "seats": list(self.seats), "levels": list(self.levels),
                           "result": rnd.score().to_json()}}

    def explain(self, view: Any, move: Any) -> list[dict[str, Any]]:
        """The game's reasons for ``move``, as JSON."""
        return [r.to_json() for r in type(self).explain_fn(view, move)]

    def hint_json(self, match: M, seat: int, view: Any) -> dict[str, Any]:
        """The expert's move for ``seat`` (whose view is ``view``) with its reasons, from the
        hints' own generator."""
        budget = min(self.budget_ms, HINT_BUDGET_MS)
        found = type(self).hint_fn(view, self._hint_rng, budget_ms=budget)
        return found.to_json()  # type: ignore[no-any-return]

    def next_round_of(self, match: M) -> None:
        """Deal the next round."""
        try:
            match.next_round()  # type: ignore[attr-defined]
        except self.PHASE_ERROR as exc:
            raise ApiError.wrap("wrong_phase", exc) from exc
        # Undo never goes back into a finished round, so a replay of it hides nothing now.
        self.revealed = False

    def export_json(self, match: M, tags: dict[str, str], text: bool = True) -> dict[str, Any]:
        """The record object and (when ``text``) its text form."""
        try:
            record = self.RECORD.record_of(match, tags)
            answer: dict[str, Any] = {"record": record.to_json()}
            if text:
                answer["text"] = self.RECORD.record_text(match, tags)
        except self.RECORD_ERROR as exc:
            raise ApiError.wrap("bad_request", exc) from exc
        return answer

    def read_record(self, raw: object) -> tuple[Any, M]:
        """A record from an object, its JSON text or its text form, replayed."""
        try:
            if isinstance(raw, str):
                if raw.lstrip().startswith("{"):
                    try:
                        raw = json.loads(raw)
                    except (ValueError, RecursionError) as exc:
                        raise self.RECORD_ERROR.of("record_not_json") from exc
                    record = self.RECORD.from_json(raw)
                else:
                    record = self.RECORD.from_text(raw)
            else:
                record = self.RECORD.from_json(raw)
            return record, self.RECORD.replay(record)
        except self.RECORD_ERROR as exc:
            raise ApiError.wrap("bad_record", exc) from exc

    def make_player(self, level: str, budget_ms: int) -> Any:
        """The game's computer player of ``level``."""
        return type(self).player_fn(level, budget_ms=budget_ms)

    def on_install(self, match: M) -> None:
        """Seed the hints' generator from the match."""
        self._hint_rng = random.Random(match.seed ^ HINT_SALT)  # type: ignore[attr-defined]


def has_format(record: object, name: str) -> bool:
    """True when ``record`` (an object, its JSON text, or its text form) has format ``name``."""
    if isinstance(record, dict):
        return record.get("format") == name
    if not isinstance(record, str):
        return False
    if record.lstrip().startswith("{"):
        try:
            data = json.loads(record)
        except (ValueError, RecursionError):
            return False
        return isinstance(data, dict) and data.get("format") == name
    line = re.compile(r'^\s*\[Format "' + re.escape(name) + r'"\]\s*$', re.MULTILINE)
    return line.search(record) is not None
