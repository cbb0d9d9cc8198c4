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

import importlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .cards import Card, CardError, parse_cards
from .errors import ApiError, Refusal
from .match import CLAIM, Match, PhaseError, claim_count
from .movegen import select
from .moves import IllegalMoveError, Move, MoveError, move_from_json, move_from_text
from .numbers import MAX_SEED_TEXT, load_json
from .players import ALL_LEVELS, Player, make_player
from .position import position_from_json, position_to_json
from .record import FORMAT as RECORD_FORMAT
from .record import JSON_FIELDS, Record, RecordError, record_of, replay
from .review import MatchNotOverError, move_log, replay_steps
from .review_ops import move_log_answer, replay_answer
from .rules import PRESETS, NotSupportedError, Rules, RulesError
from .rules import catalog as rules_catalog
from .session import check_flag, record_forms
from .table import PositionError
from .view import PAGE_MOVE_LIMIT, page_move, seat_view

if TYPE_CHECKING:
    from .session import GameSession

# The other games (California Jack, Scopa...) and the hints (which bring the expert's search)
# are imported when first needed, not with this module: the page is ready sooner (docs/load.md).

SCOPA_RECORD_FORMAT = "scopa-record"
"""cassino_core.scopa.record.FORMAT, repeated for the same reason (a test checks it too)."""

ESCOBA_RECORD_FORMAT = "escoba-record"
"""cassino_core.escoba.record.FORMAT, repeated for the same reason (a test checks it too)."""

CIRULLA_RECORD_FORMAT = "cirulla-record"
"""cassino_core.cirulla.record.FORMAT, repeated for the same reason (a test checks it too)."""

PISHTI_RECORD_FORMAT = "pishti-record"
"""cassino_core.pishti.record.FORMAT, repeated for the same reason."""

TABLIC_RECORD_FORMAT = "tablic-record"
"""cassino_core.tablic.record.FORMAT, repeated for the same reason."""

JACK_RECORD_FORMAT = "calijack-record"
"""cassino_core.calijack.record.FORMAT, repeated here so that telling a Jack record needs no
import of the Jack package (a test checks that they agree)."""

MAX_REQUEST = 1024 * 1024
"""Longest request accepted, in characters. A record is one request when it is loaded (a saved
game resumed, a record pasted), and a legal match makes long ones: random play to Classic's
highest target (1,000 points) wrote 8,832 moves, 94 KB as JSON and 172 KB as text, which the
former 64 KB limit refused, so such a saved game could not be resumed (an independent fuzz
campaign, 2026-12-06). A mebibyte leaves six times that; reading it (the nesting check and
``json.loads``) takes milliseconds."""

MAX_DEPTH = 32
"""Deepest nesting of JSON arrays and objects accepted: real requests use 3. Checked before
parsing, because a deep enough text exhausts the JavaScript stack under Pyodide."""

SEAT_KINDS = ("human", "computer")

DEFAULT_LEVEL = "intermediate"
"""The computer's level when a request names none."""

BUDGET_MS = (50, 10000, 1000)
"""The expert's thinking time per move in milliseconds: least, most, default."""


@dataclass(frozen=True)
class GameEntry:
    """One game family played by a session of its own (:class:`~cassino_core.session.
    GameSession`), as the registry :data:`REGISTRY` lists it. Adding a game is one entry.

    Attributes:
        family: the family's short name (``"jack"``, ``"scopa"``...).
        games: the ``new_game`` ``game`` names it plays (the first is the one a record of it
            loads as).
        session: ``"module:Class"`` of its session, imported when first needed.
        record_format: the ``format`` field of its JSON records (and the ``[Format "..."]`` tag
            of their text form when ``text_records``).
        text_records: True when its records also have a text form (tag lines).
        reason: the ``bad_record`` reason when a page showing another game is given one
            of its records (cassino_core/errors.py).
        catalog: ``"module:function"`` giving its presets for ``catalog`` (under the key
            ``family``), or None.
    """

    family: str
    games: tuple[str, ...]
    session: str
    record_format: str
    text_records: bool
    reason: str
    catalog: str | None = None

    def new_session(self) -> GameSession[Any]:
        """A fresh session of this game (its module imported now)."""
        factory = _load(self.session)
        session: GameSession[Any] = factory()
        return session

    def holds_record(self, record: object) -> bool:
        """True for a record of this game: an object with its format, or (when it has a text
        form) a JSON or tag text naming it (told cheaply: its package is not imported)."""
        if isinstance(record, dict):
            return record.get("format") == self.record_format
        if (not self.text_records or not isinstance(record, str)
                or self.record_format not in record):
            return False
        from .fishing.session import has_format  # lazily: see the imports

        return has_format(record, self.record_format)


REGISTRY: tuple[GameEntry, ...] = (
    GameEntry(family="jack", games=("california_jack", "shasta_sam"),
              session="cassino_core.calijack.api:JackSession", record_format=JACK_RECORD_FORMAT,
              text_records=False, reason="record_is_jack"),
    GameEntry(family="scopa", games=("scopa",), session="cassino_core.scopa.api:ScopaSession",
              record_format=SCOPA_RECORD_FORMAT, text_records=True, reason="record_is_scopa",
              catalog="cassino_core.scopa.rules:catalog"),
    GameEntry(family="escoba", games=("escoba",),
              session="cassino_core.escoba.api:EscobaSession",
              record_format=ESCOBA_RECORD_FORMAT, text_records=True, reason="record_is_escoba",
              catalog="cassino_core.escoba.rules:catalog"),
    GameEntry(family="cirulla", games=("cirulla",),
              session="cassino_core.cirulla.api:CirullaSession",
              record_format=CIRULLA_RECORD_FORMAT, text_records=True,
              reason="record_is_cirulla", catalog="cassino_core.cirulla.rules:catalog"),
    GameEntry(family="pishti", games=("pishti",),
              session="cassino_core.pishti.api:PishtiSession",
              record_format=PISHTI_RECORD_FORMAT, text_records=True, reason="record_is_pishti",
              catalog="cassino_core.pishti.rules:catalog"),
    GameEntry(family="tablic", games=("tablic",),
              session="cassino_core.tablic.api:TablicSession",
              record_format=TABLIC_RECORD_FORMAT, text_records=True, reason="record_is_tablic",
              catalog="cassino_core.tablic.rules:catalog"),
)
"""The games other than Cassino, each with its session factory and record format: California
Jack with Shasta Sam (seed 001, :mod:`cassino_core.calijack`), Scopa with its presets
Scopone and Hurricane (``variant``; :mod:`cassino_core.scopa`), Escoba with its presets
(``variant``; :mod:`cassino_core.escoba`), Cirulla with its presets (``variant``;
:mod:`cassino_core.cirulla`), Pishti with Xeri and Basra (``variant``;
:mod:`cassino_core.pishti`) and Tablić with Tablanette (``variant``;
:mod:`cassino_core.tablic`)."""

RECORD_FORMATS = frozenset({RECORD_FORMAT, *(entry.record_format for entry in REGISTRY)})
"""The ``format`` of every game's records: Cassino's, then each registry game's."""

GAMES = ("cassino", *(game for entry in REGISTRY for game in entry.games))
"""The games a session plays (``new_game``'s ``game``): Cassino with all its variants, then
every game of :data:`REGISTRY`."""


def _entry(game: str | None) -> GameEntry | None:
    """The registry entry playing ``game`` (None for Cassino or no game)."""
    return next((e for e in REGISTRY if game in e.games), None)


def _load(path: str) -> Any:
    """The object ``"package.module:name"`` names, its module imported now."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


LEGAL_MOVES_LIMIT: Final = 10_000
"""The most moves the ``legal_moves`` op lists; past that it refuses (``too_many_moves``),
counting without listing, so a crowded table (36 loose cards: the list took 49 s and ran out
of memory, issue 17) answers at once. ``view`` and ``select`` serve any table."""


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
        self._hint_memo: tuple[tuple[int, str], dict[str, Any]] | None = None
        """The last hint: (seat, that seat's view as text) and its answer (see ``_hint``)."""
        self.other: GameSession[Any] | None = None
        """The session of the registry game in play, if any (then ``match`` waits)."""
        self.other_family: str | None = None
        """Its :attr:`GameEntry.family`."""

    @property
    def jack(self) -> GameSession[Any] | None:
        """The California Jack session when that game is in play."""
        return self.other if self.other_family == "jack" else None

    @property
    def scopa(self) -> GameSession[Any] | None:
        """The Scopa session when that game is in play."""
        return self.other if self.other_family == "scopa" else None

    # -- the entry point --------------------------------------------------------------------

    def handle(self, request: str) -> str:
        """Answer one JSON request with one JSON answer (never raises)."""
        try:
            answer = self._dispatch(_parse(request))
            answer = {"ok": True, **answer}
            if self.other is not None:
                answer["view"] = self.other.view_json()
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
        check = False
        if op == "load_record":
            check = check_flag(req)
            if "record" in req:
                req = {**req, "record": _record_object(req["record"])}
                _refuse_non_record(req["record"])
        game = _game_of(req)
        if op == "load_record":
            req = {k: v for k, v in req.items() if k != "game"}
        entry = _entry(game)
        if entry is not None:
            # A new game or record of a registry game: built whole in a fresh session first,
            # so a refused request leaves the game in progress (of any kind) as it was; a
            # record only checked is never installed.
            other = entry.new_session()
            answer = other.dispatch(req)
            if not check:
                self.other, self.other_family = other, entry.family
            return answer
        if self.other is not None and game is None and op != "catalog":
            return self.other.dispatch(req)
        if game == "cassino" and op == "new_game":
            req = {k: v for k, v in req.items() if k != "game"}
        answer = self._dispatch_cassino(req)
        if game == "cassino" and not check:
            self.other = self.other_family = None
        return answer

    def _dispatch_cassino(self, req: dict[str, Any]) -> dict[str, Any]:
        op = req.get("op")
        handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new_game": self._new_game, "view": self._view, "legal_moves": self._legal_moves,
            "play": self._play, "computer_move": self._computer_move, "undo": self._undo,
            "next_round": self._next_round, "score": self._score, "select": self._select,
            "catalog": self._catalog, "hint": self._hint, "move_log": self._move_log,
            "replay": self._replay, "claim": self._claim, "set_budget": self._set_budget,
            **self._format_handlers(),
        }
        if not isinstance(op, str) or op not in handlers:
            raise ApiError.of("unknown_op", "unknown_op", op=str(op), names=list(handlers))
        self._view_seat = self.viewer
        return handlers[op](req)

    # -- ops ----------------------------------------------------------------------------------

    def _catalog(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every preset (its rules) and every rules field (type, choices, range, default):
        what a new-game screen offers. Needs no game."""
        _fields(req, set())
        answer = {"presets": {name: rules.to_dict() for name, rules in PRESETS.items()},
                  "fields": rules_catalog(), "games": list(GAMES)}
        for entry in REGISTRY:
            if entry.catalog is not None:
                answer[entry.family] = _load(entry.catalog)()  # lazily: see the imports
        return answer

    def _set_budget(self, req: dict[str, Any]) -> dict[str, Any]:
        """The expert's thinking time from now on: ``{"op": "set_budget", "budget_ms": n}``,
        ``n`` in :data:`BUDGET_MS`'s range (the page's thinking-time setting, changed during a
        game). The computer seats keep their levels; only their time a move changes, and the
        next ``new_game`` or ``load_record`` takes its own ``budget_ms`` again. Answers
        ``{"budget_ms": n}`` (and the view, when a game is in play).

        Raises:
            ApiError: ``bad_request`` when ``budget_ms`` is missing, not a whole number, out
                of range, or another field is given; nothing changes then.
        """
        _fields(req, {"budget_ms"})
        if "budget_ms" not in req:
            low, high, _ = BUDGET_MS
            raise ApiError.of("bad_request", "need_number_range", {"field": "budget_ms"},
                              min=low, max=high)
        budget = _budget(req)
        self.budget_ms = budget
        self.players = {i: make_player(level, budget_ms=budget)
                        for i, level in enumerate(self.levels) if level is not None}
        return {"budget_ms": budget}

    def _new_game(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"rules", "overrides", "seed", "seats", "viewer", "page_move_limit",
                      "levels", "level", "budget_ms"})
        name = req.get("rules", "classic")
        overrides = req.get("overrides", {})
        if not isinstance(name, str):
            raise ApiError.of("bad_request", "need_text", {"field": "rules"})
        if not isinstance(overrides, dict):
            raise ApiError.of("bad_request", "need_object", {"field": "overrides"})
        try:
            rules = Rules.from_name(name, **overrides)
        except NotSupportedError as exc:
            raise ApiError.wrap("not_supported", exc) from exc
        except RulesError as exc:
            raise ApiError.wrap("bad_request", exc) from exc
        except TypeError as exc:
            raise ApiError.of("bad_request", "need_object", {"field": "overrides"}) from exc
        seed = req.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        _check_seed(seed)
        seats = req.get("seats", ["human"] + ["computer"] * (rules.players - 1))
        if (not isinstance(seats, list) or len(seats) != rules.players
                or any(s not in SEAT_KINDS for s in seats)):
            raise ApiError.of("bad_request", "seats_list", players=rules.players)
        first_human = seats.index("human") if "human" in seats else 0
        viewer = _seat(req.get("viewer", first_human), rules.players, "viewer")
        if seats[viewer] != "human" and "human" in seats:
            raise ApiError.of("bad_request", "viewer_not_human", seat=viewer)
        limit = req.get("page_move_limit", PAGE_MOVE_LIMIT)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 10**6:
            raise ApiError.of("bad_request", "need_number_range", {"field": "page_move_limit"},
                              min=0, max=10**6)
        levels = _levels(req, seats, [])
        budget = _budget(req)
        self.page_move_limit = limit
        self._install(Match(rules, seed), seats, viewer, levels, budget)
        return {"seed": seed}

    def _view(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        self._view_seat = self._human_seat(req, watching=True)
        return {}

    def _legal_moves(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        view = seat_view(match.state, seat)
        # Counted first, without listing: a crowded table has millions (issue 17).
        if view.count_moves(LEGAL_MOVES_LIMIT + 1) > LEGAL_MOVES_LIMIT:
            raise ApiError.of("bad_request", "too_many_moves", max=LEGAL_MOVES_LIMIT)
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
            raise ApiError.of("bad_request", "missing_fields", {"field": "play"},
                              names=["move"])
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
        if (match.rules.claiming and claim_count(match.state, match.rules.side_of(seat))
                >= match.state.target):
            # A computer claims out as soon as the count proves it (it never claims wrongly).
            return {"move": self._claimed(match), "seat": seat, "reasons": [], "think_ms": 0}
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
        # Asked again in the same position, the same answer: the search runs to a time budget
        # and could settle on another move of nearly the same worth (play-test 17).
        key = (seat, repr(view))
        if self._hint_memo is not None and self._hint_memo[0] == key:
            return {"hint": self._hint_memo[1]}
        # Its own generator, seeded from the game and the step, so asking twice gives the same
        # answer with an iteration budget and the computer's own choices are not disturbed.
        rng = random.Random(match.state.seed * 1_000_003 + len(match.steps))
        from .hints import hint  # lazily: see the imports

        found = hint(view, rng, budget_ms=self.budget_ms)
        table = frozenset(view.loose).union(*(b.cards for b in view.builds))
        answer = {"move": view.page_move(found.move, table),
                  "reasons": [r.to_json() for r in found.reasons]}
        self._hint_memo = (key, answer)
        return {"hint": answer}

    def _claim(self, req: dict[str, Any]) -> dict[str, Any]:
        """A human seat claims out at its turn (``Rules.claiming``): ``{"move": {"kind":
        "claim", "text": "claim", "right": bool}}``; the match is over either way (won if the
        count proves the target, lost if not [FOS][DICK94])."""
        _fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        if not match.rules.claiming:
            raise ApiError.of("wrong_phase", "claiming_off")
        self._check_turn(match, seat)
        return {"move": self._claimed(match)}

    def _claimed(self, match: Match) -> dict[str, Any]:
        right = match.claim()
        return {"kind": "claim", "text": CLAIM.text(), "right": right}

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
        _fields(req, {"tags", "forms"})
        match = self._need_match()
        tags = req.get("tags", {})
        if not isinstance(tags, dict):
            raise ApiError.of("bad_request", "need_object", {"field": "tags"})
        forms = record_forms(req)
        try:
            levels = " ".join(level or "-" for level in self.levels)
            record = record_of(match, {"Seats": " ".join(self.seats), "Levels": levels, **tags})
            answer: dict[str, Any] = {}
            if "record" in forms:
                answer["record"] = record.to_json()
            if "text" in forms:
                answer["text"] = record.to_text()
            return answer
        except RecordError as exc:
            raise ApiError.wrap("bad_request", exc) from exc

    def _load_record(self, req: dict[str, Any]) -> dict[str, Any]:
        """Replay a record and make it the game in play, or with ``"check": true`` only say
        whether it would load.

        Request: ``{"op": "load_record", "record": <record object | its JSON text | its text
        form>, "game"?: <the game the page shows>, "check"?: bool, "seats"?, "viewer"?,
        "levels"? | "level"?, "budget_ms"?}``.

        Answer: ``{"seed": <the record's seed>}`` with the loaded game's view; with ``check``,
        ``{"seed", "checked": true}`` and the view of the game in progress (if any), which is
        left exactly as it was: the record is read, replayed move by move and its seats and
        levels checked as for a load, then dropped.

        Errors (the same whether checked or loaded; the game in progress is unchanged):
        ``bad_record`` with reason ``not_a_record`` (a text or JSON value that is no record
        at all: plain words, ``null``, a list, an object with no record field),
        ``record_not_json`` (JSON cut short), ``record_is_<game>`` (another game's record
        when ``game`` is given), or the reason found inside the record with its place in
        ``where`` (a malformed tag, a missing result line, an illegal move at round R move
        M...); ``not_supported``; ``bad_request`` (``check`` not a flag, a bad seat or level).
        """
        _fields(req, {"record", "seats", "viewer", "levels", "level", "budget_ms", "check"})
        check = check_flag(req)
        if "record" not in req:
            raise ApiError.of("bad_request", "missing_fields", {"field": "load_record"},
                              names=["record"])
        raw = req["record"]
        try:
            if isinstance(raw, str) and raw.lstrip().startswith("{"):
                try:
                    raw = load_json(raw, RecordError)
                except RecordError:
                    raise
                except (ValueError, RecursionError) as exc:
                    raise RecordError.of("record_not_json") from exc
            if isinstance(raw, str):
                record = Record.from_text(raw)
            elif isinstance(raw, dict):
                record = Record.from_json(raw)
            else:
                raise ApiError.of("bad_request", "record_type")
            match = replay(record)
        except RecordError as exc:
            raise ApiError.wrap(_format_code(exc, "bad_record"), exc) from exc
        recorded = record.tags.get("Seats", "").split()
        seats, viewer = _seating(req, match.rules.players, recorded)
        levels = _levels(req, seats, record.tags.get("Levels", "").split())
        budget = _budget(req)
        if check:
            return {"seed": record.seed, "checked": True}
        self._install(match, seats, viewer, levels, budget)
        return {"seed": record.seed}

    def _export_position(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, set())
        match = self._need_match()
        if match.state.phase != "play":
            raise ApiError.of("wrong_phase", "no_position")
        return {"position": position_to_json(match.state.round)}

    def _load_position(self, req: dict[str, Any]) -> dict[str, Any]:
        _fields(req, {"position", "seed", "seats", "viewer", "levels", "level", "budget_ms"})
        if "position" not in req:
            raise ApiError.of("bad_request", "missing_fields", {"field": "load_position"},
                              names=["position"])
        seed = req.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        _check_seed(seed)
        try:
            state = position_from_json(req["position"])
        except PositionError as exc:
            raise ApiError.wrap(_format_code(exc, "bad_position"), exc) from exc
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

    def _human_seat(self, req: dict[str, Any], *, watching: bool = False) -> int:
        """The request's ``seat`` (default: the viewer), which must be a human's: a computer's
        hand is never shown to a player and never played from outside. To watch a game with
        no human seat (``watching``: the ``view`` op), any seat may be shown, as in the other
        games (:meth:`cassino_core.session.GameSession._human_seat`)."""
        match = self._need_match()
        seat = _seat(req.get("seat", self.viewer), match.rules.players, "seat")
        if self.seats[seat] != "human" and not (watching and "human" not in self.seats):
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
        builds = match.state.round.builds  # a capture's builds, as they lay before it
        try:
            match.play(move)
        except IllegalMoveError as exc:
            raise ApiError.wrap("illegal_move", exc, f"{move.text()}: {exc}") from exc
        after = match.state.round
        return {**page_move(move, made=after.builds, taken=builds),
                "sweep": after.swept[seat],
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
    ``load_record`` by the ``format`` of the record object (a JSON text is parsed first, by
    :func:`_record_object`; a text form is Cassino's; JSON that does not parse goes to the
    game the request names, whose loader says why); ``load_position`` is Cassino's. None for any
    other request (it goes to the game in play).

    Raises:
        ApiError: ``bad_request`` for an unknown ``game``.
    """
    op = req.get("op")
    if op == "new_game":
        game = req.get("game", "cassino")
        if not isinstance(game, str) or game not in GAMES:
            raise ApiError.of("bad_request", "need_one_of", {"field": "game"}, names=list(GAMES))
        return game
    if op == "load_record":
        record = req.get("record")
        owner = next((e for e in REGISTRY if e.holds_record(record)), None)
        found = owner.games[0] if owner is not None else "cassino"
        unread = isinstance(record, str) and record.lstrip().startswith("{")
        wanted_game = req.get("game")
        if (unread and isinstance(wanted_game, str) and wanted_game in GAMES
                and _family(wanted_game) != "cassino"):
            # JSON that does not parse: the game the page shows says why (record_not_json...).
            return wanted_game
        if "game" in req:
            # The page names the game it shows: a record of another game is refused, not
            # loaded behind the page's back.
            wanted = req["game"]
            if not isinstance(wanted, str) or wanted not in GAMES:
                raise ApiError.of("bad_request", "need_one_of", {"field": "game"},
                                  names=list(GAMES))
            if _family(wanted) != _family(found):
                if owner is None:
                    raise ApiError.of("bad_record", "record_is_cassino")
                raise ApiError.of("bad_record", owner.reason)
        return found
    if op == "load_position":
        return "cassino"
    return None


def _record_object(record: object) -> object:
    """A ``load_record`` request's record as the object it is when it is JSON text (leading
    white space, any key order, the ``format`` anywhere: it is parsed, not searched), so its
    ``format`` decides which game reads it; anything else as given (a record's text form, or
    JSON that does not parse, which the game's loader refuses and names)."""
    if isinstance(record, str) and record.lstrip().startswith("{"):
        try:
            return load_json(record, Refusal)
        except (ValueError, RecursionError):  # a Refusal is a ValueError too
            return record
    return record


def _refuse_non_record(record: object) -> None:
    """Refuse a ``load_record`` record that no game could read as one, before any game is
    asked, so the player hears "not a record" rather than a reader's complaint about line 1
    (or "this is a Cassino record" on another game's page).

    Not a record: an object with none of a record's fields (:data:`~cassino_core.record.
    JSON_FIELDS`, ``format`` among them, which every game's records have) or with a ``format``
    no game here reads (:data:`RECORD_FORMATS`); a text that is a
    JSON value other than an object (``null``, ``[1, 2]``, ``5``); a text whose first line that
    is not blank does not begin with ``[`` (every text form begins with its tags). JSON text
    that does not parse (``{...`` cut short) is left to the loader (``record_not_json``).

    Raises:
        ApiError: ``bad_record`` with reason ``not_a_record``; ``bad_request`` with reason
            ``record_type`` for a value neither text nor an object.
    """
    if isinstance(record, dict):
        named = record.get("format", RECORD_FORMAT)
        known = isinstance(named, str) and named in RECORD_FORMATS
        if not known or not set(record) & JSON_FIELDS:
            raise ApiError.of("bad_record", "not_a_record")
        return
    if not isinstance(record, str):
        raise ApiError.of("bad_request", "record_type")
    text = record.strip()
    if text.startswith("{"):
        return
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        pass
    else:
        raise ApiError.of("bad_record", "not_a_record")
    if not text.startswith("["):
        raise ApiError.of("bad_record", "not_a_record")


def _family(game: str) -> str:
    """The session that plays ``game``: its registry family (``"jack"``, ``"scopa"``...), or
    ``"cassino"``."""
    entry = _entry(game)
    return "cassino" if entry is None else entry.family


def _parse(request: object) -> dict[str, Any]:
    if not isinstance(request, str):
        raise ApiError.of("bad_request", "need_text", {"field": "request"})
    if len(request) > MAX_REQUEST:
        raise ApiError.of("bad_request", "request_too_long", length=len(request),
                          max=MAX_REQUEST)
    if _depth(request) > MAX_DEPTH:
        raise ApiError.of("bad_request", "request_too_deep", max=MAX_DEPTH)
    try:
        data = load_json(request, Refusal, {"field": "request"})
    except Refusal as exc:  # valid JSON holding a number too long to read
        raise ApiError.wrap("bad_request", exc) from exc
    except (ValueError, RecursionError) as exc:
        raise ApiError.of("bad_json", "not_json", {"field": "request"}) from exc
    if not isinstance(data, dict):
        raise ApiError.of("bad_request", "request_not_object")
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
        raise ApiError.of("bad_request", "unexpected_fields", op=str(req["op"]),
                          names=sorted(map(str, extra)))


def _seat(value: object, players: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ApiError.of("bad_request", "need_seat", {"field": name}, max=players - 1)
    return value


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ApiError.of("bad_request", "need_number_range", {"field": "seed"}, min=0,
                          max=MAX_SEED_TEXT)


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
        raise ApiError.of("bad_request", "seats_list", players=players)
    first_human = seats.index("human") if "human" in seats else 0
    viewer = _seat(req.get("viewer", first_human), players, "viewer")
    if seats[viewer] != "human" and "human" in seats:
        raise ApiError.of("bad_request", "viewer_not_human", seat=viewer)
    return list(seats), viewer


def _levels(req: dict[str, Any], seats: list[str], recorded: list[str]) -> list[str | None]:
    """The level of each seat (None for a human seat) from a request's ``levels`` (one entry
    per seat: null for a human seat, else a level; null on a computer seat means the default)
    or ``level`` (every computer seat); else the record's ``Levels`` tag when it fits; else
    :data:`DEFAULT_LEVEL`."""
    known = list(ALL_LEVELS)
    if "levels" in req and "level" in req:
        raise ApiError.of("bad_request", "levels_both")
    if "level" in req:
        level = req["level"]
        if not isinstance(level, str) or level not in ALL_LEVELS:
            raise ApiError.of("bad_request", "unknown_level", {"field": "level"},
                              text=repr(level), names=known)
        return [level if kind == "computer" else None for kind in seats]
    if "levels" in req:
        given = req["levels"]
        if not isinstance(given, list) or len(given) != len(seats):
            raise ApiError.of("bad_request", "levels_count", {"field": "levels"},
                              players=len(seats))
        out: list[str | None] = []
        for seat, (kind, level) in enumerate(zip(seats, given, strict=True)):
            if level is not None and (not isinstance(level, str) or level not in ALL_LEVELS):
                raise ApiError.of("bad_request", "unknown_level", {"field": "levels",
                                  "seat": seat}, text=repr(level), names=known)
            if kind == "human" and level is not None:
                raise ApiError.of("bad_request", "level_on_human", {"field": "levels"},
                                  seat=seat)
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
        raise ApiError.of("bad_request", "need_number_range", {"field": "budget_ms"}, min=low,
                          max=high)
    return value


_SESSION = Session()


def handle(request: str) -> str:
    """Answer one JSON request for the page's session (see :class:`Session`)."""
    return _SESSION.handle(request)
