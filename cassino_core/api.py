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
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cards import Card, CardError, parse_cards
from .errors import ApiError
from .match import Match, PhaseError
from .movegen import select
from .moves import IllegalMoveError, Move, MoveError, move_from_json, move_from_text
from .players import ALL_LEVELS, Player, make_player
from .position import position_from_json, position_to_json
from .record import Record, RecordError, record_of, replay
from .review import MatchNotOverError, move_log, replay_steps
from .review_ops import move_log_answer, replay_answer
from .rules import PRESETS, NotSupportedError, Rules, RulesError
from .rules import catalog as rules_catalog
from .table import PositionError
from .view import PAGE_MOVE_LIMIT, page_move, seat_view

if TYPE_CHECKING:
    from .calijack.api import JackSession

# California Jack (cassino_core.calijack) and the hints (which bring the expert's search) are
# imported when first needed, not with this module: the page is ready sooner (docs/load.md).

JACK_RECORD_FORMAT = "calijack-record"
"""cassino_core.calijack.record.FORMAT, repeated here so that telling a Jack record needs no
import of the Jack package (a test checks that they agree)."""

MAX_REQUEST = 64 * 1024
"""Longest request accepted, in characters: far above any real request."""

MAX_DEPTH = 32
"""Deepest nesting of JSON arrays and objects accepted: real requests use 3. Checked before
parsing, because a deep enough text exhausts the JavaScript stack under Pyodide."""

SEAT_KINDS = ("human", "computer")

DEFAULT_LEVEL = "intermediate"
"""The computer's level when a request names none."""

BUDGET_MS = (50, 10000, 1000)
"""The expert's thinking time per move in milliseconds: least, most, default."""


GAMES = ("cassino", "california_jack", "shasta_sam")
"""The games a session plays (``new_game``'s ``game``): Cassino with all its variants, and
California Jack with Shasta Sam (seed 001, :mod:`cassino_core.calijack`)."""

JACK_GAMES = GAMES[1:]


class Session:
    """One match and who sits where; the worker keeps one, tests may keep many."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.seats: list[str] = []
        self.viewer = 0
        self.players: dict[int, Player] = {}
        self.levels: list[str | None] = []
        self.budget_ms = BUDGET_MS[2]
        self._view_seat = 0
        self.page_move_limit = PAGE_MOVE_LIMIT
        self._rng = random.Random(0)
        self.revealed = False
        """True once the replay (every hand) was shown for this match: undo is refused then,
        so nobody plays on knowing the hidden cards."""
        self.jack: JackSession | None = None
        """The California Jack match when that game is in play (then ``match`` waits)."""

    # -- the entry point --------------------------------------------------------------------

    def handle(self, request: str) -> str:
        """Answer one JSON request with one JSON answer (never raises)."""
        try:
            answer = self._dispatch(_parse(request))
            answer = {"ok": True, **answer}
            if self.jack is not None:
                answer["view"] = self.jack.view_json()
            elif self.match is not None:
                answer["view"] = self.view_json()
        except ApiError as exc:
            answer = {"error": exc.to_json()}
        except Exception as exc:
            answer = {"error": {"code": "internal",
                                "message": f"the engine failed: {type(exc).__name__}: {exc}"}}
        return json.dumps(answer, separators=(",", ":"))

    def _dispatch(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        game = _game_of(req)
        if op == "load_record":
            req = {k: v for k, v in req.items() if k != "game"}
        if game in JACK_GAMES:
            # A new California Jack game or record: built whole in a fresh session first, so
            # a refused request leaves the game in progress (of either kind) as it was.
            from .calijack.api import JackSession  # lazily: see the imports

            jack = JackSession()
            answer = jack.dispatch(req)
            self.jack = jack
            return answer
        if self.jack is not None and game is None and op != "catalog":
            return self.jack.dispatch(req)
        if game == "cassino" and op == "new_game":
            req = {k: v for k, v in req.items() if k != "game"}
        answer = self._dispatch_cassino(req)
        if game == "cassino":
            self.jack = None
        return answer

    def _dispatch_cassino(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new_game": self._new_game, "view": self._view, "legal_moves": self._legal_moves,
            "play": self._play, "computer_move": self._computer_move, "undo": self._undo,
            "next_round": self._next_round, "score": self._score, "select": self._select,
            "catalog": self._catalog, "hint": self._hint, "move_log": self._move_log,
            "replay": self._replay,
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
        _fields(req, {"rules", "overrides", "seed", "seats", "viewer", "page_move_limit",
                      "levels", "level", "budget_ms"})
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
        levels = _levels(req, seats, [])
        budget = _budget(req)
        self.page_move_limit = limit
        self._install(Match(rules, seed), seats, viewer, levels, budget)
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
        return {"moves": [view.page_move(m, table) for m in view.legal_moves]}

    def _select(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat", "card", "take"})
        match = self._need_match()
        seat = self._human_seat(req)
        try:
            card = Card.parse(req.get("card", ""))
            chosen = frozenset(parse_cards(req.get("take", [])))
        except CardError as exc:
            raise ApiError.wrap("bad_card", exc) from exc
        state = match.state
        if state.phase != "play" or state.round.turn != seat:
            return {"selection": {"moves": [], "extendable": [], "count": 0, "trail": None}}
        rnd = state.round
        found = select(rnd.rules, rnd.hands[seat], rnd.loose, rnd.builds, seat, card, chosen)
        table = rnd.table_cards
        view = seat_view(state, seat)
        return {"selection": {
            "moves": [view.page_move(m, table) for m in found.moves],
            "extendable": [str(c) for c in sorted(found.extendable, key=lambda c: c.index)],
            "count": found.count,
            "trail": None if found.trail is None else view.page_move(found.trail)}}

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
            raise ApiError.wrap(code, exc) from exc
        self._check_turn(match, seat)
        return {"move": self._apply(match, move)}

    def _computer_move(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        if match.state.phase != "play":
            raise ApiError.of("wrong_phase", "no_moves_now")
        seat = match.state.round.turn
        player = self.players.get(seat)
        if player is None:
            raise ApiError.of("not_your_turn", "human_turn", seat=seat)
        view = seat_view(match.state, seat)
        start = time.perf_counter()
        move = player.choose(view, self._rng)
        think_ms = round((time.perf_counter() - start) * 1000)
        from .hints import reasons_for  # lazily: see the imports

        reasons = [r.to_json() for r in reasons_for(view, move)]
        return {"move": self._apply(match, move), "seat": seat, "reasons": reasons,
                "think_ms": think_ms}

    def _hint(self, req: dict[str, Any]) -> dict[str, Any]:
        """The expert's suggestion for a human seat to play, with reason codes
        (:mod:`cassino_core.hints`); the game is unchanged."""
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        self._check_turn(match, seat)
        view = seat_view(match.state, seat)
        # Its own generator, seeded from the game and the step, so asking twice gives the same
        # answer with an iteration budget and the computer's own choices are not disturbed.
        rng = random.Random(match.state.seed * 1_000_003 + len(match.steps))
        from .hints import hint  # lazily: see the imports

        found = hint(view, rng, budget_ms=self.budget_ms)
        table = frozenset(view.loose).union(*(b.cards for b in view.builds))
        return {"hint": {"move": view.page_move(found.move, table),
                         "reasons": [r.to_json() for r in found.reasons]}}

    def _undo(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        if self.revealed:
            raise ApiError.of("replay_shown", "undo_after_replay")
        if match.turn_before(seat) is None:
            raise ApiError.of("nothing_to_undo", "nothing_played", seat=seat)
        steps = match.undo_to_turn(seat)
        return {"undone": steps}

    def _next_round(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        try:
            match.next_round()
        except PhaseError as exc:
            raise ApiError.wrap("wrong_phase", exc) from exc
        return {}

    def _score(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        state = self._need_match().state
        return {"score": {"totals": list(state.totals), "target": state.rules.target,
                          "rounds": [r.to_json() for r in state.results],
                          "winner": state.winner}}

    def _move_log(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every move of the match so far with its round, deal and seat (public facts only;
        :func:`cassino_core.review.move_log`)."""
        _fields(req, set())
        return move_log_answer(move_log(self._need_match()))

    def _replay(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every position of the finished match with every hand shown
        (:func:`cassino_core.review.replay_steps`); refused with ``match_not_over`` during
        play, so the page cannot see a hidden card. Undo is refused afterwards."""
        _fields(req, set())
        match = self._need_match()
        return replay_answer(self, lambda: replay_steps(match), MatchNotOverError,
                             sides=match.rules.sides,
                             side_of=[match.rules.side_of(s) for s in range(match.rules.players)])

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
            levels = " ".join(level or "-" for level in self.levels)
            record = record_of(match, {"Seats": " ".join(self.seats), "Levels": levels, **tags})
            return {"record": record.to_json(), "text": record.to_text()}
        except RecordError as exc:
            raise ApiError("bad_request", str(exc)) from exc

    def _load_record(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"record", "seats", "viewer", "levels", "level", "budget_ms"})
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
        levels = _levels(req, seats, record.tags.get("Levels", "").split())
        self._install(match, seats, viewer, levels, _budget(req))
        return {"seed": record.seed}

    def _export_position(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        if match.state.phase != "play":
            raise ApiError("wrong_phase", "no position to export: the round or match is over")
        return {"position": position_to_json(match.state.round)}

    def _load_position(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"position", "seed", "seats", "viewer", "levels", "level", "budget_ms"})
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
        levels = _levels(req, seats, [])
        self._install(Match.from_position(state, seed), seats, viewer, levels, _budget(req))
        return {"seed": seed}

    def _install(self, match: Match, seats: list[str], viewer: int,
                 levels: list[str | None], budget_ms: int) -> None:
        """Make ``match`` the current game, its computer seats played at ``levels`` (the expert
        thinking ``budget_ms`` per move); ``page_move_limit`` is kept."""
        self.match = match
        self.revealed = False
        self.seats = list(seats)
        self.levels = list(levels)
        self.budget_ms = budget_ms
        self.viewer = self._view_seat = viewer
        self.players = {i: make_player(level, budget_ms=budget_ms)
                        for i, level in enumerate(levels) if level is not None}
        self._rng = random.Random(match.state.seed ^ 0x5EED)

    # -- helpers ------------------------------------------------------------------------------

    def _need_match(self) -> Match:
        if self.match is None:
            raise ApiError.of("no_game", "no_game")
        return self.match

    def _human_seat(self, req: dict[str, Any]) -> int:
        """The request's ``seat`` (default: the viewer), which must be a human's: a computer's
        hand is never shown and never played from outside."""
        match = self._need_match()
        seat = _seat(req.get("seat", self.viewer), match.rules.players, "seat")
        if self.seats[seat] != "human":
            raise ApiError.of("not_your_turn", "computer_seat", seat=seat)
        return seat

    def _check_turn(self, match: Match, seat: int) -> None:
        if match.state.phase != "play":
            raise ApiError.of("wrong_phase", "no_moves_now")
        if match.state.round.turn != seat:
            raise ApiError.of("not_your_turn", "other_turn", turn=match.state.round.turn,
                              seat=seat)

    def _apply(self, match: Match, move: Move) -> dict[str, Any]:
        """Play ``move``; answer it as the page shows it (with ``sweep``)."""
        seat = match.state.round.turn
        try:
            match.play(move)
        except IllegalMoveError as exc:
            raise ApiError.wrap("illegal_move", exc, f"{move.text()}: {exc}") from exc
        after = match.state.round
        return {**page_move(move, made=after.builds), "sweep": after.swept[seat],
                "raise": after.raised[seat], "penalty": after.defaulted[seat]}

    def view_json(self) -> dict[str, Any]:
        """The view added to every successful answer: the viewer's, or the seat a ``view``
        request asked for."""
        match = self._need_match()
        view = seat_view(match.state, self._view_seat).to_json(self.seats, self.page_move_limit)
        view["can_undo"] = (self.seats[self._view_seat] == "human" and not self.revealed
                            and match.turn_before(self._view_seat) is not None)
        view["levels"] = list(self.levels)
        view["budget_ms"] = self.budget_ms
        return view


def _game_of(req: dict[str, Any]) -> str | None:
    """Which game a request starts: ``new_game`` names it in ``game`` (default Cassino);
    ``load_record`` by the record's format; ``load_position`` is Cassino's. None for any
    other request (it goes to the game in play).

    Raises:
        ApiError: ``bad_request`` for an unknown ``game``.
    """
    op = req.get("op")
    if op == "new_game":
        game = req.get("game", "cassino")
        if not isinstance(game, str) or game not in GAMES:
            raise ApiError("bad_request", f"'game' must be one of {', '.join(GAMES)}, "
                           f"not {game!r}")
        return game
    if op == "load_record":
        record = req.get("record")
        if isinstance(record, dict):
            jack = record.get("format") == JACK_RECORD_FORMAT
        else:
            jack = isinstance(record, str) and f'"{JACK_RECORD_FORMAT}"' in record[:200]
        found = "california_jack" if jack else "cassino"
        if "game" in req:
            # The page names the game it shows: a record of the other game is refused, not
            # loaded behind the page's back.
            wanted = req["game"]
            if not isinstance(wanted, str) or wanted not in GAMES:
                raise ApiError("bad_request", f"'game' must be one of {', '.join(GAMES)}, "
                               f"not {wanted!r}")
            if (wanted in JACK_GAMES) != jack:
                kind = "a California Jack" if jack else "a Cassino"
                raise ApiError("bad_record", f"this is {kind} record, but the game asked "
                               f"for is {wanted}: start that game to load it")
        return found
    if op == "load_position":
        return "cassino"
    return None


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


def _levels(req: dict[str, Any], seats: list[str], recorded: list[str]) -> list[str | None]:
    """The level of each seat (None for a human seat) from a request's ``levels`` (one entry
    per seat: null for a human seat, else a level; null on a computer seat means the default)
    or ``level`` (every computer seat); else the record's ``Levels`` tag when it fits; else
    :data:`DEFAULT_LEVEL`."""
    known = ", ".join(ALL_LEVELS)
    if "levels" in req and "level" in req:
        raise ApiError("bad_request", "give 'levels' (one per seat) or 'level', not both")
    if "level" in req:
        level = req["level"]
        if not isinstance(level, str) or level not in ALL_LEVELS:
            raise ApiError("bad_request", f"unknown level {level!r}; known: {known}")
        return [level if kind == "computer" else None for kind in seats]
    if "levels" in req:
        given = req["levels"]
        if not isinstance(given, list) or len(given) != len(seats):
            raise ApiError("bad_request", f"'levels' must list {len(seats)} entries, one per "
                           "seat: null for a human seat, else a level")
        out: list[str | None] = []
        for seat, (kind, level) in enumerate(zip(seats, given, strict=True)):
            if level is not None and (not isinstance(level, str) or level not in ALL_LEVELS):
                raise ApiError("bad_request", f"unknown level {level!r} for seat {seat}; "
                               f"known: {known}")
            if kind == "human" and level is not None:
                raise ApiError("bad_request", f"seat {seat} is a human seat: its level must be "
                               "null")
            out.append(None if kind == "human" else level or DEFAULT_LEVEL)
        return out
    fits = (len(recorded) == len(seats)
            and all(r in ALL_LEVELS or r == "-" for r in recorded))
    return [None if kind == "human" else
            (recorded[seat] if fits and recorded[seat] != "-" else DEFAULT_LEVEL)
            for seat, kind in enumerate(seats)]


def _budget(req: dict[str, Any]) -> int:
    """The request's ``budget_ms`` (the expert's time per move), checked; the default if
    absent."""
    low, high, default = BUDGET_MS
    value = req.get("budget_ms", default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError("bad_request", f"'budget_ms' must be a whole number of milliseconds "
                       f"from {low} to {high}")
    return value


_SESSION = Session()


def handle(request: str) -> str:
    """Answer one JSON request for the page's session (see :class:`Session`)."""
    return _SESSION.handle(request)
