"""The JSON session every game other than Cassino shares: who sits where, the ops, the errors.

A game's session (California Jack's :class:`~cassino_core.calijack.api.JackSession`, Scopa's
:class:`~cassino_core.scopa.api.ScopaSession`, Escoba's
:class:`~cassino_core.escoba.api.EscobaSession`) is a subclass of :class:`GameSession` that fills
in a few hooks: how a ``new_game`` request names its rules, how a match is made, what a seat sees,
how a move is read and answered, how a record is read and written, and the computer levels. The
base class owns the rest, so every game answers alike (docs/api.md):

- ``dispatch(req) -> dict`` answers one request object with the answer's own fields, or raises
  :class:`~cassino_core.errors.ApiError` (codes in docs/api.md); ``view_json()`` is the view the
  caller adds to every successful answer.
- Every field is checked, unknown fields are refused, and a refused request leaves the game
  exactly as it was: a new game or a loaded record is built whole before it replaces the old one.
- Ops: ``new_game``, ``view``, ``legal_moves``, ``play``, ``computer_move``, ``hint``, ``undo``,
  ``next_round``, ``score``, ``export_record``, ``load_record``, and any extra ones a game adds
  (:meth:`GameSession.extra_handlers`).
- Seats are ``"human"`` or ``"computer"``; a computer seat plays at a level of the game's own
  (``levels``/``level``, else the record's ``Levels`` tag, else :data:`DEFAULT_LEVEL`); the
  expert thinks ``budget_ms`` per move (:data:`BUDGET_RANGE`).

The match object a subclass makes needs: ``rules`` (with the seat count from
:meth:`GameSession.seat_count`), ``seed``, ``phase`` (``"play"`` or not), ``state.turn``,
``current.history`` (the states of the round, each with ``turn``), ``undo()``, ``totals``,
``results`` (each with ``to_json()``) and ``winner``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

from .errors import ApiError
from .numbers import MAX_SEED_TEXT

# The forms an ``export_record`` answer can hold (see :func:`record_forms`).
RECORD_FORMS: Final = ("record", "text")


def record_forms(req: dict[str, Any]) -> frozenset[str]:
    """The forms an ``export_record`` request asks for: its ``forms`` field, a non-empty list
    drawn from ``"record"`` (the JSON object) and ``"text"`` (the text form); both when the
    field is absent. The page's autosave asks for ``["record"]`` alone: the text form replays
    the whole match to write each move, which cost ~40 ms a move in Pyodide at the end of a
    round (issue 17).

    Raises:
        ApiError: ``bad_request`` (``need_list`` when ``forms`` is not a list, ``need_one_of``
            naming the forms when it is empty or an item is not one of them).
    """
    forms = req.get("forms", list(RECORD_FORMS))
    if not isinstance(forms, list):
        raise ApiError.of("bad_request", "need_list", {"field": "forms"})
    for form in forms or [None]:
        if not isinstance(form, str) or form not in RECORD_FORMS:
            raise ApiError.of("bad_request", "need_one_of", {"field": "forms"},
                              names=list(RECORD_FORMS))
    return frozenset(forms)

SEAT_KINDS: Final = ("human", "computer")
DEFAULT_LEVEL: Final = "intermediate"
BUDGET_RANGE: Final = (50, 10000)
"""Allowed ``budget_ms`` (the expert's thinking time per move, milliseconds), as in Cassino."""

Handler = Callable[[dict[str, Any]], dict[str, Any]]


class Chooser(Protocol):
    """A computer player: picks a move from what its seat sees."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The move to play (one of ``view``'s legal moves)."""


M = TypeVar("M")


class GameSession(Generic[M]):
    """One match of a game and who sits where (module docstring). Subclasses set the class
    attributes and fill in the hooks below ``-- hooks --``.

    Attributes:
        match: the match in play, or None before the first ``new_game``/``load_record``.
        seats: ``"human"``/``"computer"`` per seat; levels: each seat's level (None: human).
        viewer: the seat whose view every answer shows; budget_ms: the expert's time per move.
        players: the computer player of each computer seat.
        revealed: True once a replay showed every hidden card (undo is refused then).
    """

    ALL_LEVELS: tuple[str, ...] = ()
    """The game's computer levels."""
    DEFAULT_BUDGET_MS: int = 1000
    RNG_SALT: int = 0x5EED
    """Mixed into the match's seed for the computer players' generator."""
    NEW_GAME_FIELDS: frozenset[str] = frozenset(
        {"game", "seed", "seats", "level", "levels", "budget_ms", "overrides", "viewer"})

    def __init__(self) -> None:
        self.match: M | None = None
        self.seats: list[str] = []
        self.levels: list[str | None] = []
        self.viewer = 0
        self.budget_ms = self.DEFAULT_BUDGET_MS
        self.players: dict[int, Chooser] = {}
        self._view_seat = 0
        self._rng = random.Random(0)
        self.revealed = False
        self._hint_memo: tuple[tuple[int, str], dict[str, Any]] | None = None
        """The last hint: (seat, that seat's view as text) and its answer (see ``_hint``)."""

    # -- entry points -----------------------------------------------------------------------

    def dispatch(self, req: dict[str, Any]) -> dict[str, Any]:
        """Answer one request object (``{"op": ..., ...}``).

        Raises:
            ApiError: ``bad_request``, ``unknown_op``, ``no_game``, ``bad_card``, ``bad_move``,
                ``illegal_move``, ``not_your_turn``, ``wrong_phase``, ``nothing_to_undo``,
                ``bad_record`` (and a game's own, such as ``match_not_over``); the game is then
                unchanged.
        """
        if not isinstance(req, dict):
            raise ApiError.of("bad_request", "request_not_object")
        handlers: dict[str, Handler] = {
            "new_game": self._new_game, "view": self._view, "legal_moves": self._legal_moves,
            "play": self._play, "computer_move": self._computer_move, "hint": self._hint,
            "undo": self._undo, "next_round": self._next_round, "score": self._score,
            "export_record": self._export_record, "load_record": self._load_record,
            "set_budget": self._set_budget, **self.extra_handlers(),
        }
        op = req.get("op")
        if not isinstance(op, str) or op not in handlers:
            raise ApiError.of("unknown_op", "unknown_op", op=str(op), names=list(handlers))
        self._view_seat = self.viewer
        return handlers[op](req)

    def view_json(self) -> dict[str, Any]:
        """The viewer's view (or the seat a ``view`` request named), with ``can_undo`` and
        ``budget_ms``.

        Raises:
            ApiError: ``no_game``.
        """
        match = self._need_match()
        view: dict[str, Any] = self.view_of(match, self._view_seat).to_json(self.seats, self.levels)
        view["can_undo"] = (self.seats[self._view_seat] == "human" and not self.revealed
                            and self._undo_steps(match, self._view_seat) > 0)
        view["budget_ms"] = self.budget_ms
        return view

    # -- hooks ------------------------------------------------------------------------------

    def phase_refusal(self) -> ApiError:
        """The ``wrong_phase`` refusal of a move asked between rounds or after the match."""
        return ApiError.of("wrong_phase", "round_over")

    def undo_refusal(self, seat: int) -> ApiError:
        """The ``nothing_to_undo`` refusal for ``seat``."""
        return ApiError.of("nothing_to_undo", "nothing_played", seat=seat)

    def extra_handlers(self) -> dict[str, Handler]:
        """Ops a game adds to the shared ones (none by default)."""
        return {}

    def rules_from(self, req: dict[str, Any]) -> Any:
        """The rules a ``new_game`` request asks for (its game or variant, its overrides).

        Raises:
            ApiError: ``bad_request`` naming the field.
        """
        raise NotImplementedError

    def new_match(self, rules: Any, seed: int) -> M:
        """A fresh match of ``rules`` dealt from ``seed``."""
        raise NotImplementedError

    def seat_count(self, rules: Any) -> int:
        """How many seats ``rules`` deal to (``rules.players`` by default)."""
        return int(rules.players)

    def view_of(self, match: M, seat: int) -> Any:
        """What ``seat`` may know: an object with ``legal`` and ``to_json(seats, levels)``."""
        raise NotImplementedError

    def move_json(self, move: Any) -> Any:
        """A legal move as ``legal_moves`` lists it."""
        raise NotImplementedError

    def read_move(self, raw: object) -> Any:
        """The move a ``play`` request gives (text or JSON).

        Raises:
            ApiError: ``bad_move`` or ``bad_card``.
        """
        raise NotImplementedError

    def apply(self, match: M, move: Any) -> dict[str, Any]:
        """Play ``move`` for the seat to play and describe it (the ``move`` answer field).

        Raises:
            ApiError: ``illegal_move`` (nothing changes).
        """
        raise NotImplementedError

    def explain(self, view: Any, move: Any) -> list[dict[str, Any]]:
        """The reasons (JSON) for a computer's ``move``."""
        raise NotImplementedError

    def hint_json(self, match: M, seat: int, view: Any) -> dict[str, Any]:
        """The expert's suggestion for ``seat`` (the ``hint`` answer field), ``view`` being
        that seat's view (``view_of``, built once by ``_hint``); it must not draw from the
        computer players' generator."""
        raise NotImplementedError

    def next_round_of(self, match: M) -> None:
        """Deal the next round (raise the game's phase error when not allowed)."""
        raise NotImplementedError

    def score_json(self, match: M) -> dict[str, Any]:
        """The ``score`` answer field."""
        played: Any = match
        return {"totals": list(played.totals), "target": played.rules.target,
                "rounds": [r.to_json() for r in played.results], "winner": played.winner}

    def export_json(self, match: M, tags: dict[str, str], text: bool = True) -> dict[str, Any]:
        """The ``export_record`` answer: ``{"record": JSON object, "text": text form}``
        (without ``"text"`` when ``text`` is false: it may cost a replay of the match).

        Raises:
            ApiError: ``bad_request`` (a bad tag).
        """
        raise NotImplementedError

    def read_record(self, raw: object) -> tuple[Any, M]:
        """``(record, replayed match)`` from a ``load_record`` request's record.

        Raises:
            ApiError: ``bad_record`` naming what was wrong.
        """
        raise NotImplementedError

    def make_player(self, level: str, budget_ms: int) -> Chooser:
        """The computer player of ``level``."""
        raise NotImplementedError

    def on_install(self, match: M) -> None:
        """Called when ``match`` becomes the game (a game seeds its own generators here)."""

    # -- ops ----------------------------------------------------------------------------------

    def _set_budget(self, req: dict[str, Any]) -> dict[str, Any]:
        """The expert's thinking time from now on (``{"op": "set_budget", "budget_ms": n}``,
        as Cassino's :meth:`cassino_core.api.Session._set_budget`): the computer seats keep
        their levels, their players are made again with the new time (as a resumed game's
        are). Answers ``{"budget_ms": n}``.

        Raises:
            ApiError: ``bad_request`` when ``budget_ms`` is missing, not a whole number, out
                of range, or another field is given; nothing changes then.
        """
        fields(req, {"budget_ms"})
        if "budget_ms" not in req:
            low, high = BUDGET_RANGE
            raise ApiError.of("bad_request", "need_number_range", {"field": "budget_ms"},
                              min=low, max=high)
        budget = self._budget(req)
        self.budget_ms = budget
        self.players = {s: self.make_player(level, budget)
                        for s, level in enumerate(self.levels) if level is not None}
        return {"budget_ms": budget}

    def _new_game(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, set(self.NEW_GAME_FIELDS))
        rules = self.rules_from(req)
        seed = read_seed(req.get("seed"))
        seats, viewer = self._seating(req, self.seat_count(rules), None)
        levels = self._levels(req, seats)
        budget = self._budget(req)
        self._install(self.new_match(rules, seed), seats, viewer, levels, budget)
        return {"seed": seed}

    def _view(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, {"seat"})
        self._view_seat = self._human_seat(req, watching=True)
        return {}

    def _legal_moves(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        return {"moves": [self.move_json(m) for m in self.view_of(match, seat).legal]}

    def _play(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, {"seat", "move"})
        match = self._need_match()
        seat = self._human_seat(req)
        if "move" not in req:
            raise ApiError.of("bad_request", "missing_fields", {"field": "play"},
                              names=["move"])
        move = self.read_move(req["move"])
        self._check_turn(match, seat)
        return {"move": self.apply(match, move)}

    def _computer_move(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, set())
        match = self._need_match()
        if match.phase != "play":  # type: ignore[attr-defined]
            raise self.phase_refusal()
        seat = match.state.turn  # type: ignore[attr-defined]
        player = self.players.get(seat)
        if player is None:
            raise ApiError.of("not_your_turn", "human_turn", seat=seat)
        view = self.view_of(match, seat)
        start = time.perf_counter()
        move = player.choose(view, self._rng)
        think_ms = round((time.perf_counter() - start) * 1000)
        reasons = self.explain(view, move)
        return {"move": self.apply(match, move), "reasons": reasons, "think_ms": think_ms}

    def _hint(self, req: dict[str, Any]) -> dict[str, Any]:
        """The expert's suggestion (``hint_json``). Asked again in the same position (the same
        seat's same view: the page asks once per press), the answer is the one given before:
        the search runs to a time budget, so a second search could settle on another card
        of nearly the same worth, and a player saw the advice change with nothing played
        (play-test 17, California Jack and Shasta Sam)."""
        fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        self._check_turn(match, seat)
        view = self.view_of(match, seat)  # built once: the memo's key and the search's input
        key = (seat, repr(view))
        if self._hint_memo is None or self._hint_memo[0] != key:
            self._hint_memo = (key, self.hint_json(match, seat, view))
        return {"hint": self._hint_memo[1]}

    def _undo(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        if self.revealed:
            raise ApiError.of("replay_shown", "undo_after_replay")
        steps = self._undo_steps(match, seat)
        if steps == 0:
            raise self.undo_refusal(seat)
        for _ in range(steps):
            match.undo()  # type: ignore[attr-defined]
        return {"undone": steps}

    def _next_round(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, set())
        self.next_round_of(self._need_match())
        return {}

    def _score(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, set())
        return {"score": self.score_json(self._need_match())}

    def _export_record(self, req: dict[str, Any]) -> dict[str, Any]:
        fields(req, {"tags", "forms"})
        match = self._need_match()
        tags = req.get("tags", {})
        if not isinstance(tags, dict):
            raise ApiError.of("bad_request", "need_object", {"field": "tags"})
        forms = record_forms(req)
        levels = " ".join(level or "-" for level in self.levels)
        answer = self.export_json(match, {"Seats": " ".join(self.seats), "Levels": levels,
                                          **tags}, text="text" in forms)
        return {form: answer[form] for form in RECORD_FORMS if form in forms}

    def _load_record(self, req: dict[str, Any]) -> dict[str, Any]:
        """Replay ``record`` and make it the game in play: ``{"seed"}``. With ``"check":
        true`` the record is read, replayed and its seats, levels and budget checked alike,
        then dropped: ``{"seed", "checked": true}``, the game in progress unchanged. Errors
        (the same either way): ``bad_record`` (with the reason and place found in the record),
        ``bad_request`` (``check`` not true or false, a bad seat, level or budget)."""
        fields(req, {"record", "seats", "viewer", "level", "levels", "budget_ms", "check"})
        check = check_flag(req)
        if "record" not in req:
            raise ApiError.of("bad_request", "missing_fields", {"field": "load_record"},
                              names=["record"])
        record, match = self.read_record(req["record"])
        players = self.seat_count(match.rules)  # type: ignore[attr-defined]
        seats, viewer = self._seating(req, players, record.tags.get("Seats", "").split())
        levels = self._levels(req, seats, record.tags.get("Levels", "").split())
        budget = self._budget(req)
        if check:
            return {"seed": record.seed, "checked": True}
        self._install(match, seats, viewer, levels, budget)
        return {"seed": record.seed}

    # -- helpers ------------------------------------------------------------------------------

    def _install(self, match: M, seats: list[str], viewer: int, levels: list[str | None],
                 budget: int) -> None:
        self.match = match
        self.revealed = False
        self.seats = seats
        self.levels = levels
        self.viewer = self._view_seat = viewer
        self.budget_ms = budget
        self.players = {s: self.make_player(level, budget)
                        for s, level in enumerate(levels) if level is not None}
        self._rng = random.Random(match.seed ^ self.RNG_SALT)  # type: ignore[attr-defined]
        self.on_install(match)

    def _need_match(self) -> M:
        if self.match is None:
            raise ApiError.of("no_game", "no_game")
        return self.match

    def _human_seat(self, req: dict[str, Any], *, watching: bool = False) -> int:
        """The request's ``seat`` (default: the viewer); it must be a human's seat (except to
        watch a game with no human seat: ``view`` may then show any seat)."""
        match = self._need_match()
        seat = read_seat(req.get("seat", self.viewer),
                         self.seat_count(match.rules), "seat")  # type: ignore[attr-defined]
        if self.seats[seat] != "human" and not (watching and "human" not in self.seats):
            raise ApiError.of("not_your_turn", "computer_seat", seat=seat)
        return seat

    def _check_turn(self, match: M, seat: int) -> None:
        if match.phase != "play":  # type: ignore[attr-defined]
            raise self.phase_refusal()
        turn = match.state.turn  # type: ignore[attr-defined]
        if turn != seat:
            raise ApiError.of("not_your_turn", "other_turn", turn=turn, seat=seat)

    @staticmethod
    def _undo_steps(match: M, seat: int) -> int:
        """Moves to take back until it is ``seat``'s turn at an earlier point of this round
        (0 when there is none)."""
        history = match.current.history  # type: ignore[attr-defined]
        for back in range(1, len(history)):
            if history[-1 - back].turn == seat:
                return back
        return 0

    @staticmethod
    def _seating(req: dict[str, Any], players: int,
                 recorded: list[str] | None) -> tuple[list[str], int]:
        """``seats`` (default: the record's when they fit, else a human then computers) and
        ``viewer`` (default: the first human seat; it must be a human seat when there is
        one)."""
        default = (recorded if recorded and len(recorded) == players
                   and all(k in SEAT_KINDS for k in recorded)
                   else ["human"] + ["computer"] * (players - 1))
        seats = req.get("seats", default)
        if not isinstance(seats, list) or len(seats) != players or any(
                not isinstance(s, str) or s not in SEAT_KINDS for s in seats):
            raise ApiError.of("bad_request", "seats_list", players=players)
        first_human = seats.index("human") if "human" in seats else 0
        viewer = read_seat(req.get("viewer", first_human), players, "viewer")
        if seats[viewer] != "human" and "human" in seats:
            raise ApiError.of("bad_request", "viewer_not_human", seat=viewer)
        return list(seats), viewer

    def _levels(self, req: dict[str, Any], seats: list[str],
                recorded: Sequence[str] | None = None) -> list[str | None]:
        """Each seat's level: None for a human seat; for a computer seat its entry in
        ``levels``, else ``level``, else the record's, else :data:`DEFAULT_LEVEL`."""
        known = self.ALL_LEVELS
        if "levels" in req and "level" in req:
            raise ApiError.of("bad_request", "levels_both")
        one = req.get("level")
        if one is not None and (not isinstance(one, str) or one not in known):
            raise ApiError.of("bad_request", "unknown_level", {"field": "level"},
                              text=repr(one), names=list(known))
        given = req.get("levels")
        if given is not None and (not isinstance(given, list) or len(given) != len(seats)):
            raise ApiError.of("bad_request", "levels_count", {"field": "levels"},
                              players=len(seats))
        out: list[str | None] = []
        for s, kind in enumerate(seats):
            entry = given[s] if given is not None else None
            if entry is not None and (not isinstance(entry, str) or entry not in known):
                raise ApiError.of("bad_request", "unknown_level",
                                  {"field": "levels", "seat": s}, text=repr(entry),
                                  names=list(known))
            if kind == "human":
                if entry is not None:
                    raise ApiError.of("bad_request", "level_on_human", {"field": "levels"},
                                      seat=s)
                out.append(None)
                continue
            old = recorded[s] if recorded and len(recorded) == len(seats) else None
            out.append(entry or one or (old if old in known else None) or DEFAULT_LEVEL)
        return out

    def _budget(self, req: dict[str, Any]) -> int:
        value = req.get("budget_ms", self.DEFAULT_BUDGET_MS)
        low, high = BUDGET_RANGE
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ApiError.of("bad_request", "need_number_range", {"field": "budget_ms"},
                              min=low, max=high)
        return value


def check_flag(req: dict[str, Any]) -> bool:
    """A ``load_record`` request's ``check`` (default false): only say whether the record
    would load.

    Raises:
        ApiError: ``bad_request`` (``need_flag``) when it is not true or false.
    """
    value = req.get("check", False)
    if not isinstance(value, bool):
        raise ApiError.of("bad_request", "need_flag", {"field": "check"})
    return value


def fields(req: dict[str, Any], allowed: set[str]) -> None:
    """Refuse a request holding a field other than ``op`` and ``allowed``.

    Raises:
        ApiError: ``bad_request`` (``unexpected_fields``, naming them).
    """
    extra = set(req) - allowed - {"op"}
    if extra:
        raise ApiError.of("bad_request", "unexpected_fields", op=str(req["op"]),
                          names=sorted(map(str, extra)))


def read_seat(value: object, players: int, name: str) -> int:
    """``value`` as a seat from 0 to ``players - 1``.

    Raises:
        ApiError: ``bad_request`` (``need_seat``) for anything else.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ApiError.of("bad_request", "need_seat", {"field": name}, max=players - 1)
    return value


def read_seed(value: object) -> int:
    """A request's ``seed``: a random one when absent or null, else an integer 0 to 2**63-1.

    Raises:
        ApiError: ``bad_request`` (``need_number_range``).
    """
    if value is None:
        return random.SystemRandom().randrange(2**31)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise ApiError.of("bad_request", "need_number_range", {"field": "seed"}, min=0,
                          max=MAX_SEED_TEXT)
    return value


def read_overrides(req: dict[str, Any], allowed: frozenset[str]) -> dict[str, Any]:
    """A ``new_game`` request's ``overrides`` object, naming only fields in ``allowed``.

    Raises:
        ApiError: ``bad_request`` (not an object, or an unknown field).
    """
    overrides = req.get("overrides", {})
    if not isinstance(overrides, dict):
        raise ApiError.of("bad_request", "need_object", {"field": "overrides"})
    extra = set(overrides) - allowed
    if extra:
        raise ApiError.of("bad_request", "unknown_fields", {"field": "overrides"},
                          names=sorted(map(str, extra)))
    return overrides
