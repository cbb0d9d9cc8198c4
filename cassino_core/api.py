"""The JSON facade used by the web page's worker and by tests (contract: docs/api.md).

``handle(request)`` takes one JSON text and returns one JSON text. Every bad input (malformed
JSON, wrong types, unknown cards, an illegal move, a move for the wrong seat, a huge request)
gets ``{"error": {"code", "message"}}`` and leaves the game exactly as it was.

>>> import json
>>> json.loads(handle('{"op": "new_game", "seed": 1}'))["view"]["phase"]
'play'
>>> json.loads(handle('{"op": "dance"}'))["error"]["code"]
'unknown_op'
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from .cards import Card, CardError, parse_cards
from .match import Match, PhaseError
from .movegen import select
from .moves import IllegalMoveError, Move, MoveError, move_from_json, move_from_text
from .players import HeuristicPlayer, Player
from .position import position_from_json, position_to_json
from .record import Record, RecordError, record_of, replay
from .rules import PRESETS, NotSupportedError, Rules, RulesError
from .rules import catalog as rules_catalog
from .table import PositionError
from .view import PAGE_MOVE_LIMIT, page_move, seat_view

MAX_REQUEST = 64 * 1024
"""Longest request accepted, in characters: far above any real request."""

MAX_DEPTH = 32
"""Deepest nesting of JSON arrays and objects accepted: real requests use 3. Checked before
parsing, because a deep enough text exhausts the JavaScript stack under Pyodide."""

SEAT_KINDS = ("human", "computer")


class ApiError(Exception):
    """An error answer: ``code`` is machine-readable, ``message`` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Session:
    """One match and who sits where; the worker keeps one, tests may keep many."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.seats: list[str] = []
        self.viewer = 0
        self.players: dict[int, Player] = {}
        self._view_seat = 0
        self.page_move_limit = PAGE_MOVE_LIMIT
        self._rng = random.Random(0)

    # -- the entry point --------------------------------------------------------------------

    def handle(self, request: str) -> str:
        """Answer one JSON request with one JSON answer (never raises)."""
        try:
            answer = self._dispatch(_parse(request))
            answer = {"ok": True, **answer}
            if self.match is not None:
                answer["view"] = self.view_json()
        except ApiError as exc:
            answer = {"error": {"code": exc.code, "message": exc.message}}
        except Exception as exc:
            answer = {"error": {"code": "internal",
                                "message": f"the engine failed: {type(exc).__name__}: {exc}"}}
        return json.dumps(answer, separators=(",", ":"))

    def _dispatch(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new_game": self._new_game, "view": self._view, "legal_moves": self._legal_moves,
            "play": self._play, "computer_move": self._computer_move, "undo": self._undo,
            "next_round": self._next_round, "score": self._score, "select": self._select,
            "catalog": self._catalog,
            **self._format_handlers(),
        }
        if not isinstance(op, str) or op not in handlers:
            raise ApiError("unknown_op", f"unknown op {op!r}; known: {', '.join(handlers)}")
        self._view_seat = self.viewer
        return handlers[op](req)

    # -- ops ----------------------------------------------------------------------------------

    def _catalog(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every preset (its rules) and every rules field (type, choices, range, default):
        what a new-game screen offers. Needs no game."""
        _fields(req, set())
        return {"presets": {name: rules.to_dict() for name, rules in PRESETS.items()},
                "fields": rules_catalog()}

    def _new_game(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"rules", "overrides", "seed", "seats", "viewer", "page_move_limit"})
        name = req.get("rules", "classic")
        overrides = req.get("overrides", {})
        if not isinstance(name, str):
            raise ApiError("bad_request", "'rules' must be a preset name such as 'classic'")
        if not isinstance(overrides, dict):
            raise ApiError("bad_request", "'overrides' must be an object of rules fields")
        try:
            rules = Rules.from_name(name, **overrides)
        except NotSupportedError as exc:
            raise ApiError("not_supported", str(exc)) from exc
        except (RulesError, TypeError) as exc:
            raise ApiError("bad_request", str(exc)) from exc
        seed = req.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ApiError("bad_request", "'seed' must be a whole number from 0 to 2**63-1")
        seats = req.get("seats", ["human"] + ["computer"] * (rules.players - 1))
        if (not isinstance(seats, list) or len(seats) != rules.players
                or any(s not in SEAT_KINDS for s in seats)):
            raise ApiError("bad_request", f"'seats' must list {rules.players} entries, each "
                           "'human' or 'computer'")
        viewer = _seat(req.get("viewer", 0), rules.players, "viewer")
        if seats[viewer] != "human" and "human" in seats:
            raise ApiError("bad_request", f"the viewer (seat {viewer}) must be a human seat")
        limit = req.get("page_move_limit", PAGE_MOVE_LIMIT)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 10**6:
            raise ApiError("bad_request", "'page_move_limit' must be a whole number of moves "
                           "from 0 to 1000000")
        self.page_move_limit = limit
        self.match = Match(rules, seed)
        self.seats = list(seats)
        self.viewer = self._view_seat = viewer
        self.players = {i: HeuristicPlayer() for i, kind in enumerate(seats) if kind == "computer"}
        self._rng = random.Random(seed ^ 0x5EED)
        return {"seed": seed}

    def _view(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        self._view_seat = self._human_seat(req)
        return {}

    def _legal_moves(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        view = seat_view(match.state, seat)
        table = frozenset(view.loose).union(*(b.cards for b in view.builds))
        return {"moves": [page_move(m, table) for m in view.legal_moves]}

    def _select(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat", "card", "take"})
        match = self._need_match()
        seat = self._human_seat(req)
        try:
            card = Card.parse(req.get("card", ""))
            chosen = frozenset(parse_cards(req.get("take", [])))
        except CardError as exc:
            raise ApiError("bad_card", str(exc)) from exc
        state = match.state
        if state.phase != "play" or state.round.turn != seat:
            return {"selection": {"moves": [], "extendable": [], "count": 0, "trail": None}}
        rnd = state.round
        found = select(rnd.rules, rnd.hands[seat], rnd.loose, rnd.builds, seat, card, chosen)
        table = rnd.table_cards
        return {"selection": {
            "moves": [page_move(m, table) for m in found.moves],
            "extendable": [str(c) for c in sorted(found.extendable, key=lambda c: c.index)],
            "count": found.count,
            "trail": None if found.trail is None else page_move(found.trail)}}

    def _play(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat", "move"})
        match = self._need_match()
        seat = self._human_seat(req)
        if "move" not in req:
            raise ApiError("bad_request", "'play' needs a 'move'")
        try:
            raw = req["move"]
            move = move_from_text(raw) if isinstance(raw, str) else move_from_json(raw)
        except (MoveError, CardError) as exc:
            code = "bad_card" if isinstance(exc.__cause__ or exc, CardError) else "bad_move"
            raise ApiError(code, str(exc)) from exc
        self._check_turn(match, seat)
        return {"move": self._apply(match, move)}

    def _computer_move(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        if match.state.phase != "play":
            raise ApiError("wrong_phase", "no moves now: the round or match is over")
        seat = match.state.round.turn
        player = self.players.get(seat)
        if player is None:
            raise ApiError("not_your_turn", f"seat {seat} is a human's turn, not the computer's")
        move = player.choose(seat_view(match.state, seat), self._rng)
        return {"move": self._apply(match, move), "seat": seat}

    def _undo(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        try:
            steps = match.undo_to_turn(seat)
        except IndexError as exc:
            raise ApiError("nothing_to_undo", str(exc)) from exc
        return {"undone": steps}

    def _next_round(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        try:
            match.next_round()
        except PhaseError as exc:
            raise ApiError("wrong_phase", str(exc)) from exc
        return {}

    def _score(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        state = self._need_match().state
        return {"score": {"totals": list(state.totals), "target": state.rules.target,
                          "rounds": [r.to_json() for r in state.results],
                          "winner": state.winner}}

    # -- records and positions (cassino_core.record, cassino_core.position) -------------------
    # Loading builds the whole new game first and installs it last, so a record or position
    # that fails anywhere leaves the current game exactly as it was.

    def _format_handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"export_record": self._export_record, "load_record": self._load_record,
                "export_position": self._export_position, "load_position": self._load_position}

    def _export_record(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"tags"})
        match = self._need_match()
        tags = req.get("tags", {})
        if not isinstance(tags, dict):
            raise ApiError("bad_request", "'tags' must be an object of tag names to text")
        try:
            record = record_of(match, {"Seats": " ".join(self.seats), **tags})
            return {"record": record.to_json(), "text": record.to_text()}
        except RecordError as exc:
            raise ApiError("bad_request", str(exc)) from exc

    def _load_record(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"record", "seats", "viewer"})
        if "record" not in req:
            raise ApiError("bad_request", "'load_record' needs a 'record' (object or text)")
        raw = req["record"]
        try:
            if isinstance(raw, str) and raw.lstrip().startswith("{"):
                try:
                    raw = json.loads(raw)
                except (ValueError, RecursionError) as exc:
                    raise RecordError(f"the record is not valid JSON: {exc}") from exc
            if isinstance(raw, str):
                record = Record.from_text(raw)
            elif isinstance(raw, dict):
                record = Record.from_json(raw)
            else:
                raise ApiError("bad_request", "'record' must be a record object or its text")
            match = replay(record)
        except RecordError as exc:
            raise ApiError(_format_code(exc, "bad_record"), str(exc)) from exc
        recorded = record.tags.get("Seats", "").split()
        seats, viewer = _seating(req, match.rules.players, recorded)
        self._install(match, seats, viewer)
        return {"seed": record.seed}

    def _export_position(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        if match.state.phase != "play":
            raise ApiError("wrong_phase", "no position to export: the round or match is over")
        return {"position": position_to_json(match.state.round)}

    def _load_position(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"position", "seed", "seats", "viewer"})
        if "position" not in req:
            raise ApiError("bad_request", "'load_position' needs a 'position' object")
        seed = req.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ApiError("bad_request", "'seed' must be a whole number from 0 to 2**63-1")
        try:
            state = position_from_json(req["position"])
        except PositionError as exc:
            raise ApiError(_format_code(exc, "bad_position"), str(exc)) from exc
        seats, viewer = _seating(req, state.rules.players, [])
        self._install(Match.from_position(state, seed), seats, viewer)
        return {"seed": seed}

    def _install(self, match: Match, seats: list[str], viewer: int) -> None:
        """Make ``match`` the current game (as ``new_game`` does, keeping page_move_limit)."""
        self.match = match
        self.seats = list(seats)
        self.viewer = self._view_seat = viewer
        self.players = {i: HeuristicPlayer() for i, kind in enumerate(seats) if kind == "computer"}
        self._rng = random.Random(match.state.seed ^ 0x5EED)

    # -- helpers ------------------------------------------------------------------------------

    def _need_match(self) -> Match:
        if self.match is None:
            raise ApiError("no_game", "no game in progress: send 'new_game' first")
        return self.match

    def _human_seat(self, req: dict[str, Any]) -> int:
        """The request's ``seat`` (default: the viewer), which must be a human's: a computer's
        hand is never shown and never played from outside."""
        match = self._need_match()
        seat = _seat(req.get("seat", self.viewer), match.rules.players, "seat")
        if self.seats[seat] != "human":
            raise ApiError("not_your_turn", f"seat {seat} is played by the computer")
        return seat

    def _check_turn(self, match: Match, seat: int) -> None:
        if match.state.phase != "play":
            raise ApiError("wrong_phase", "no moves now: the round or match is over")
        if match.state.round.turn != seat:
            raise ApiError("not_your_turn", f"it is seat {match.state.round.turn}'s turn, "
                           f"not seat {seat}'s")

    def _apply(self, match: Match, move: Move) -> dict[str, Any]:
        """Play ``move``; answer it as the page shows it (with ``sweep``)."""
        seat = match.state.round.turn
        try:
            match.play(move)
        except IllegalMoveError as exc:
            raise ApiError("illegal_move", f"{move.text()}: {exc}") from exc
        after = match.state.round
        return {**page_move(move), "sweep": after.swept[seat], "raise": after.raised[seat]}

    def view_json(self) -> dict[str, Any]:
        """The view added to every successful answer: the viewer's, or the seat a ``view``
        request asked for."""
        match = self._need_match()
        view = seat_view(match.state, self._view_seat).to_json(self.seats, self.page_move_limit)
        view["can_undo"] = (self.seats[self._view_seat] == "human"
                            and match.turn_before(self._view_seat) is not None)
        return view


def _parse(request: object) -> dict[str, Any]:
    if not isinstance(request, str):
        raise ApiError("bad_request", "the request must be a JSON text")
    if len(request) > MAX_REQUEST:
        raise ApiError("bad_request", f"the request is too long ({len(request)} characters)")
    if _depth(request) > MAX_DEPTH:
        raise ApiError("bad_request", f"the request nests deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(request)
    except (ValueError, RecursionError) as exc:
        raise ApiError("bad_json", f"the request is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ApiError("bad_request", "the request must be a JSON object with an 'op'")
    return data


def _depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in a JSON text, ignoring those inside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _fields(req: dict[str, Any], allowed: set[str]) -> None:
    extra = set(req) - allowed - {"op"}
    if extra:
        raise ApiError("bad_request", f"unexpected field(s) for {req['op']!r}: "
                       f"{', '.join(sorted(map(str, extra)))}")


def _seat(value: object, players: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ApiError("bad_request", f"'{name}' must be a seat number from 0 to {players - 1}")
    return value


def _format_code(exc: Exception, code: str) -> str:
    """``not_supported`` when a rules switch not played yet caused ``exc``, else ``code``."""
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, NotSupportedError):
            return "not_supported"
        cause = cause.__cause__
    return code


def _seating(req: dict[str, Any], players: int, recorded: list[str]) -> tuple[list[str], int]:
    """The ``seats`` and ``viewer`` of a load request: as given, else the record's seat kinds
    (when they fit), else a human at seat 0 and the computer elsewhere; the viewer defaults to
    the first human seat and must be a human seat when there is one."""
    default = (recorded if len(recorded) == players and all(k in SEAT_KINDS for k in recorded)
               else ["human"] + ["computer"] * (players - 1))
    seats = req.get("seats", default)
    if (not isinstance(seats, list) or len(seats) != players
            or any(s not in SEAT_KINDS for s in seats)):
        raise ApiError("bad_request", f"'seats' must list {players} entries, each 'human' or "
                       "'computer'")
    first_human = seats.index("human") if "human" in seats else 0
    viewer = _seat(req.get("viewer", first_human), players, "viewer")
    if seats[viewer] != "human" and "human" in seats:
        raise ApiError("bad_request", f"the viewer (seat {viewer}) must be a human seat")
    return list(seats), viewer


_SESSION = Session()


def handle(request: str) -> str:
    """Answer one JSON request for the page's session (see :class:`Session`)."""
    return _SESSION.handle(request)
