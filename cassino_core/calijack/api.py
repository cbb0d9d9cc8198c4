"""The JSON facade of California Jack and Shasta Sam (docs/calijack.md has the full contract).

:class:`JackSession` answers one request object at a time: ``dispatch(req) -> dict`` returns the
answer's own fields, or raises :class:`~cassino_core.errors.ApiError` with a code from
docs/api.md; ``view_json()`` is the view the caller adds to every successful answer. Every
field is checked, unknown fields are refused, and a refused request leaves the game exactly as
it was (a new game or a loaded record is built whole before it replaces the old one).

>>> s = JackSession()
>>> s.dispatch({"op": "new_game", "game": "shasta_sam", "seed": 4})["seed"]
4
>>> s.view_json()["stock_top"] is None      # Shasta Sam's stock lies face down
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any, Final

from ..cards import Card, CardError
from ..errors import ApiError
from ..review_ops import move_log_answer, replay_answer
from .game import IllegalMoveError
from .hints import explain, hint
from .match import JackMatch, PhaseError
from .players import ALL_LEVELS, DEFAULT_BUDGET_MS, Player, make_player
from .record import JackRecord, RecordError, record_of, replay
from .review import MatchNotOverError, card_log, jack_replay_steps
from .rules import PRESETS, JackRules, JackRulesError
from .view import jack_view

SEAT_KINDS: Final = ("human", "computer")
DEFAULT_LEVEL: Final = "intermediate"
BUDGET_RANGE: Final = (50, 10000)
"""Allowed ``budget_ms`` (the expert's thinking time per move), as in the Cassino API."""
OVERRIDES: Final = frozenset({"deal_packet", "target"})

Handler = Callable[[dict[str, Any]], dict[str, Any]]


class JackSession:
    """One California Jack (or Shasta Sam) match and who sits where."""

    def __init__(self) -> None:
        self.match: JackMatch | None = None
        self.seats: list[str] = []
        self.levels: list[str | None] = []
        self.viewer = 0
        self.budget_ms = DEFAULT_BUDGET_MS
        self.players: dict[int, Player] = {}
        self._view_seat = 0
        self._rng = random.Random(0)
        self.revealed = False
        """True once the replay (both hands, the stock) was shown: undo is refused then."""

    # -- entry points -----------------------------------------------------------------------

    def dispatch(self, req: dict[str, Any]) -> dict[str, Any]:
        """Answer one request object (``{"op": ..., ...}``); see docs/calijack.md.

        Raises:
            ApiError: ``bad_request``, ``unknown_op``, ``no_game``, ``bad_card``, ``bad_move``,
                ``illegal_move``, ``not_your_turn``, ``wrong_phase``, ``nothing_to_undo``,
                ``bad_record``, ``match_not_over``, ``replay_shown``; the game is then
                unchanged.
        """
        if not isinstance(req, dict):
            raise ApiError("bad_request", "the request must be a JSON object with an 'op'")
        handlers: dict[str, Handler] = {
            "new_game": self._new_game, "view": self._view, "legal_moves": self._legal_moves,
            "play": self._play, "computer_move": self._computer_move, "hint": self._hint,
            "undo": self._undo, "next_round": self._next_round, "score": self._score,
            "export_record": self._export_record, "load_record": self._load_record,
            "move_log": self._move_log, "replay": self._replay,
        }
        op = req.get("op")
        if not isinstance(op, str) or op not in handlers:
            raise ApiError("unknown_op", f"unknown op {op!r}; known: {', '.join(handlers)}")
        self._view_seat = self.viewer
        return handlers[op](req)

    def view_json(self) -> dict[str, Any]:
        """The view of the viewer (or of the seat a ``view`` request named), with
        ``can_undo``.

        Raises:
            ApiError: ``no_game``.
        """
        match = self._need_match()
        view = jack_view(match, self._view_seat).to_json(self.seats, self.levels)
        view["can_undo"] = (self.seats[self._view_seat] == "human" and not self.revealed
                            and self._undo_steps(match, self._view_seat) > 0)
        view["budget_ms"] = self.budget_ms
        return view

    # -- ops ----------------------------------------------------------------------------------

    def _new_game(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"game", "seed", "seats", "level", "levels", "budget_ms", "overrides",
                      "viewer"})
        game = req.get("game", "california_jack")
        if not isinstance(game, str) or game not in PRESETS:
            raise ApiError("bad_request", f"'game' must be one of {', '.join(PRESETS)}")
        overrides = req.get("overrides", {})
        if not isinstance(overrides, dict):
            raise ApiError("bad_request", "'overrides' must be an object with deal_packet "
                           "and/or target")
        extra = set(overrides) - OVERRIDES
        if extra:
            raise ApiError("bad_request", f"unknown override(s): "
                           f"{', '.join(sorted(map(str, extra)))}; allowed: deal_packet, target")
        try:
            rules = JackRules.from_name(game, **overrides)
        except JackRulesError as exc:
            raise ApiError("bad_request", str(exc)) from exc
        seed = _seed(req.get("seed"))
        seats, viewer = _seating(req, None)
        levels = _levels(req, seats)
        budget = _budget(req)
        self._install(JackMatch(rules, seed), seats, viewer, levels, budget)
        return {"seed": seed}

    def _view(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        self._view_seat = self._human_seat(req, watching=True)
        return {}

    def _legal_moves(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        return {"moves": [str(c) for c in jack_view(match, seat).legal]}

    def _play(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat", "move"})
        match = self._need_match()
        seat = self._human_seat(req)
        if "move" not in req:
            raise ApiError("bad_request", "'play' needs a 'move' (a card such as \"AS\")")
        card = _card(req["move"])
        self._check_turn(match, seat)
        return {"move": self._apply(match, card)}

    def _computer_move(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        if match.phase != "play":
            raise ApiError.of("wrong_phase", "deal_or_match_over")
        seat = match.state.turn
        player = self.players.get(seat)
        if player is None:
            raise ApiError.of("not_your_turn", "human_turn", seat=seat)
        view = jack_view(match, seat)
        start = time.perf_counter()
        card = player.choose(view, self._rng)
        think_ms = round((time.perf_counter() - start) * 1000)
        reasons = [r.to_json() for r in explain(view, card)]
        return {"move": self._apply(match, card), "reasons": reasons, "think_ms": think_ms}

    def _hint(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        self._check_turn(match, seat)
        found = hint(jack_view(match, seat), self._rng)
        return {"hint": found.to_json()}

    def _undo(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        if self.revealed:
            raise ApiError.of("replay_shown", "undo_after_replay")
        steps = self._undo_steps(match, seat)
        if steps == 0:
            raise ApiError.of("nothing_to_undo", "no_card_played", seat=seat)
        for _ in range(steps):
            match.undo()
        return {"undone": steps}

    def _next_round(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        try:
            match.next_deal()
        except PhaseError as exc:
            raise ApiError.wrap("wrong_phase", exc) from exc
        return {}

    def _score(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        return {"score": {"totals": list(match.totals), "target": match.rules.target,
                          "deals": [r.to_json() for r in match.results],
                          "winner": match.winner}}

    def _move_log(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every card played so far (:func:`cassino_core.calijack.review.card_log`)."""
        _fields(req, set())
        return move_log_answer(card_log(self._need_match()))

    def _replay(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every position of the finished match with both hands and the stock shown
        (:func:`cassino_core.calijack.review.jack_replay_steps`); ``match_not_over`` during
        play. Undo is refused afterwards."""
        _fields(req, set())
        match = self._need_match()
        return replay_answer(self, lambda: jack_replay_steps(match), MatchNotOverError)

    def _export_record(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"tags"})
        match = self._need_match()
        tags = req.get("tags", {})
        if not isinstance(tags, dict):
            raise ApiError("bad_request", "'tags' must be an object of tag names to text")
        levels = " ".join(level or "-" for level in self.levels)
        try:
            record = record_of(match, {"Seats": " ".join(self.seats), "Levels": levels, **tags})
        except RecordError as exc:
            raise ApiError("bad_request", str(exc)) from exc
        data = record.to_json()
        return {"record": data, "text": json.dumps(data, indent=1)}

    def _load_record(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"record", "seats", "viewer", "level", "levels", "budget_ms"})
        if "record" not in req:
            raise ApiError("bad_request", "'load_record' needs a 'record' (object or JSON text)")
        raw = req["record"]
        try:
            if isinstance(raw, str):
                try:
                    raw = json.loads(raw)
                except (ValueError, RecursionError) as exc:
                    raise RecordError(f"the record is not valid JSON: {exc}") from exc
            record = JackRecord.from_json(raw)
            match = replay(record)
        except RecordError as exc:
            raise ApiError("bad_record", str(exc)) from exc
        recorded = record.tags.get("Seats", "").split()
        seats, viewer = _seating(req, recorded)
        recorded_levels = record.tags.get("Levels", "").split()
        levels = _levels(req, seats, recorded_levels)
        budget = _budget(req)
        self._install(match, seats, viewer, levels, budget)
        return {"seed": record.seed}

    # -- helpers ------------------------------------------------------------------------------

    def _install(self, match: JackMatch, seats: list[str], viewer: int,
                 levels: list[str | None], budget: int) -> None:
        self.match = match
        self.revealed = False
        self.seats = seats
        self.levels = levels
        self.viewer = self._view_seat = viewer
        self.budget_ms = budget
        self.players = {s: make_player(level, budget_ms=budget)
                        for s, level in enumerate(levels) if level is not None}
        self._rng = random.Random(match.seed ^ 0x5EED)

    def _need_match(self) -> JackMatch:
        if self.match is None:
            raise ApiError.of("no_game", "no_game")
        return self.match

    def _human_seat(self, req: dict[str, Any], *, watching: bool = False) -> int:
        """The request's ``seat`` (default: the viewer); it must be a human's seat (except to
        watch a game with no human seat: ``view`` may then show either seat)."""
        self._need_match()
        seat = _seat(req.get("seat", self.viewer), "seat")
        if self.seats[seat] != "human" and not (watching and "human" not in self.seats):
            raise ApiError.of("not_your_turn", "computer_seat", seat=seat)
        return seat

    @staticmethod
    def _check_turn(match: JackMatch, seat: int) -> None:
        if match.phase != "play":
            raise ApiError.of("wrong_phase", "deal_or_match_over")
        if match.state.turn != seat:
            raise ApiError.of("not_your_turn", "other_turn", turn=match.state.turn, seat=seat)

    @staticmethod
    def _apply(match: JackMatch, card: Card) -> dict[str, Any]:
        seat = match.state.turn
        try:
            match.play(card)
        except IllegalMoveError as exc:
            raise ApiError.wrap("illegal_move", exc) from exc
        except PhaseError as exc:  # pragma: no cover - checked before
            raise ApiError.wrap("wrong_phase", exc) from exc
        state = match.state
        out: dict[str, Any] = {"seat": seat, "card": str(card), "trick_done": not state.trick}
        if not state.trick and state.last_trick is not None:
            out["winner"] = state.last_trick.winner
        return out

    @staticmethod
    def _undo_steps(match: JackMatch, seat: int) -> int:
        """Cards to take back until it is ``seat``'s turn at an earlier point of this deal
        (0 when there is none)."""
        history = match.current.history
        for back in range(1, len(history)):
            state = history[-1 - back]
            if state.turn == seat:
                return back
        return 0


def _fields(req: dict[str, Any], allowed: set[str]) -> None:
    extra = set(req) - allowed - {"op"}
    if extra:
        raise ApiError("bad_request", f"unexpected field(s) for {req['op']!r}: "
                       f"{', '.join(sorted(map(str, extra)))}")


def _seat(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise ApiError("bad_request", f"'{name}' must be a seat number, 0 or 1")
    return value


def _seed(value: object) -> int:
    if value is None:
        return random.SystemRandom().randrange(2**31)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise ApiError("bad_request", "'seed' must be a whole number from 0 to 2**63-1")
    return value


def _card(raw: object) -> Card:
    """A card from ``"AS"`` or ``{"card": "AS"}``."""
    if isinstance(raw, dict):
        if set(raw) != {"card"}:
            raise ApiError("bad_move", "a move object has exactly one field, 'card'")
        raw = raw["card"]
    if not isinstance(raw, str):
        raise ApiError("bad_move", "a move is a card such as \"AS\" or {\"card\": \"AS\"}")
    try:
        return Card.parse(raw)
    except CardError as exc:
        raise ApiError.wrap("bad_card", exc) from exc


def _seating(req: dict[str, Any], recorded: list[str] | None) -> tuple[list[str], int]:
    """``seats`` (default: the record's when they fit, else human then computer) and
    ``viewer`` (default: the first human seat; it must be a human seat when there is one)."""
    default = (recorded if recorded and len(recorded) == 2
               and all(k in SEAT_KINDS for k in recorded) else ["human", "computer"])
    seats = req.get("seats", default)
    if not isinstance(seats, list) or len(seats) != 2 or any(
            not isinstance(s, str) or s not in SEAT_KINDS for s in seats):
        raise ApiError("bad_request", "'seats' must list 2 entries, each 'human' or 'computer'")
    first_human = seats.index("human") if "human" in seats else 0
    viewer = _seat(req.get("viewer", first_human), "viewer")
    if seats[viewer] != "human" and "human" in seats:
        raise ApiError("bad_request", f"the viewer (seat {viewer}) must be a human seat")
    return list(seats), viewer


def _levels(req: dict[str, Any], seats: list[str],
            recorded: list[str] | None = None) -> list[str | None]:
    """Each seat's level: None for a human seat; for a computer seat its entry in ``levels``,
    else ``level``, else the record's, else :data:`DEFAULT_LEVEL`."""
    if "levels" in req and "level" in req:
        raise ApiError("bad_request", "give 'level' or 'levels', not both")
    one = req.get("level")
    if one is not None and (not isinstance(one, str) or one not in ALL_LEVELS):
        raise ApiError("bad_request", f"'level' must be one of {', '.join(ALL_LEVELS)}")
    given = req.get("levels")
    if given is not None and (not isinstance(given, list) or len(given) != 2):
        raise ApiError("bad_request", "'levels' must list 2 entries (null for a human seat)")
    out: list[str | None] = []
    for s, kind in enumerate(seats):
        entry = given[s] if given is not None else None
        if entry is not None and (not isinstance(entry, str) or entry not in ALL_LEVELS):
            raise ApiError("bad_request", f"'levels'[{s}] must be null or one of "
                           f"{', '.join(ALL_LEVELS)}")
        if kind == "human":
            if entry is not None:
                raise ApiError("bad_request", f"'levels'[{s}] must be null: seat {s} is human")
            out.append(None)
            continue
        old = recorded[s] if recorded and len(recorded) == 2 else None
        level = entry or one or (old if old in ALL_LEVELS else None) or DEFAULT_LEVEL
        out.append(level)
    return out


def _budget(req: dict[str, Any]) -> int:
    value = req.get("budget_ms", DEFAULT_BUDGET_MS)
    low, high = BUDGET_RANGE
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApiError("bad_request", f"'budget_ms' must be a whole number from {low} to {high}")
    return value
