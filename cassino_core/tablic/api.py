"""The JSON facade of Tablić and Tablanette (docs/tablic.md has the contract; docs/api.md the
shared part).

:class:`TablicSession` is the fishing games' session (:class:`~cassino_core.fishing.session.
FishingSession`) with this game's presets, rules, match, view, computer players, hints and
records. A played move is answered as the other fishing games answer it, with ``tabla`` (the
points of the tabla it made, 0 for none; ``sweep`` is true when it made one).

Ops: ``new_game`` (``variant``: a preset of :data:`~cassino_core.tablic.rules.PRESETS`,
``overrides``: the fields of :data:`~cassino_core.tablic.rules.OVERRIDES`; ``seed``,
``seats``, ``viewer``, ``level``/``levels``, ``budget_ms``), ``view``, ``legal_moves``,
``play`` (``"KS x 4S TC KH"``, ``"5C t"`` to lay a card down, or ``{"kind", "card",
"take"?}``), ``select`` (``seat``, ``card``, ``take``: what a card may take with the chosen
table cards, the page's way through a crowded table), ``computer_move``, ``hint``, ``undo``,
``next_round``, ``score``, ``export_record``, ``load_record``, ``move_log``, ``replay``.

A view lists every legal move up to :data:`~cassino_core.tablic.game.PAGE_MOVE_LIMIT`
(``legal_moves_complete`` true); past it each card's heaviest capture and its trail
(``legal_moves_complete`` false, ``legal_moves_more_than``), and the page asks ``select``.
``legal_moves`` lists all of them up to ``LEGAL_MOVES_LIMIT`` (10,000, as Cassino's) and past
that, counted without listing, refuses with ``bad_request``/``too_many_moves``.

>>> s = TablicSession()
>>> s.dispatch({"op": "new_game", "variant": "tablanette", "seed": 4})["seed"]
4
>>> v = s.view_json()
>>> v["game"], v["players"], len(v["hand"]), len(v["table"])
('tablic', 2, 6, 4)
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, CardError, parse_cards
from ..errors import ApiError
from ..fishing.session import FishingSession, has_format
from ..moves import Move, move_to_json
from ..session import Handler, fields
from .game import select
from .hints import explain, hint
from .match import TablicMatch
from .players import make_player
from .record import FORMAT, KIND
from .rules import OVERRIDES, PRESETS, TablicRules, TablicRulesError
from .view import tablic_view

__all__ = ["TablicSession", "is_tablic_record"]


class TablicSession(FishingSession[TablicMatch]):
    """One Tablić or Tablanette match and who sits where."""

    RNG_SALT = 0x7AB1
    DEFAULT_VARIANT = "tablic"
    PRESETS = PRESETS
    OVERRIDES = OVERRIDES
    RULES = TablicRules
    RULES_ERROR = TablicRulesError
    RECORD = KIND
    MATCH = TablicMatch

    view_fn = staticmethod(tablic_view)
    hint_fn = staticmethod(hint)
    explain_fn = staticmethod(explain)
    player_fn = staticmethod(make_player)

    def extra_handlers(self) -> dict[str, Handler]:
        """The fishing games' ``move_log`` and ``replay``, and ``select``."""
        return {**super().extra_handlers(), "select": self._select}

    def _legal_moves(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every legal move's text; past ``LEGAL_MOVES_LIMIT``, counted without listing,
        refused with ``bad_request``/``too_many_moves`` (a 29-card table has 1.7 million).

        Raises:
            ApiError: as above, and the usual ``no_game``/``not_your_turn``... of a seat.
        """
        from ..api import LEGAL_MOVES_LIMIT  # the API's limit, shared with Cassino

        fields(req, {"seat"})
        match = self._need_match()
        seat = self._human_seat(req)
        view = self.view_of(match, seat)
        if view.legal_complete:
            return {"moves": [self.move_json(m) for m in view.legal]}
        moves, total = match.state.page_moves(LEGAL_MOVES_LIMIT)
        if total is None:
            raise ApiError.of("bad_request", "too_many_moves", max=LEGAL_MOVES_LIMIT)
        return {"moves": [self.move_json(m) for m in moves]}

    def _select(self, req: dict[str, Any]) -> dict[str, Any]:
        """``{"selection": {"moves", "fitting", "extendable", "count", "exact", "trail"}}``:
        what the hand card ``card`` may take with the table cards ``take`` (game.select): ``moves``
        the capture of exactly those cards when it is legal, ``fitting`` up to six captures
        that take them all (the fewest cards first), ``extendable`` the table cards some
        fitting capture also takes, ``count`` the fitting captures (up to 2001), ``exact``
        false when that count is only a lower bound (the count stopped), ``trail`` the card
        laid down. Moves as the view lists them (``{"kind", "card", "take",
        "text"}``). A seat not to play, or a card not in its hand, gets an empty answer.

        Raises:
            ApiError: ``bad_card`` for a card that cannot be read; ``bad_request`` for a
                field that is not a card's text or a list of them.
        """
        fields(req, {"seat", "card", "take"})
        match = self._need_match()
        seat = self._human_seat(req)
        raw_take = req.get("take", [])
        if not isinstance(req.get("card"), str) or not isinstance(raw_take, list):
            raise ApiError.of("bad_request", "need_text", {"field": "card"}
                              if not isinstance(req.get("card"), str) else {"field": "take"})
        try:
            card = Card.parse(req["card"])
            chosen = frozenset(parse_cards(raw_take))
        except CardError as exc:
            raise ApiError.wrap("bad_card", exc) from exc
        state = match.state
        empty = {"moves": [], "fitting": [], "extendable": [], "count": 0, "exact": True,
                 "trail": None}
        if (match.phase != "play" or state.finished or state.turn != seat
                or card not in state.hands[seat]):
            return {"selection": empty}
        found = select(card, state.table, state.rules, chosen)

        def shown(move: Move) -> dict[str, Any]:
            return {**move_to_json(move), "text": move.text()}

        exact = [m for m in found.fitting if m.take == chosen]
        return {"selection": {
            "moves": [shown(m) for m in exact], "fitting": [shown(m) for m in found.fitting],
            "extendable": [str(c) for c in state.table if c in found.extendable],
            "count": found.count, "exact": found.exact,
            "trail": None if found.trail is None else shown(found.trail)}}

    def apply(self, match: TablicMatch, move: Any) -> dict[str, Any]:
        """Play ``move``: the fishing games' answer with ``tabla`` added."""
        answer = super().apply(match, move)
        last = match.state.last
        assert last is not None
        return {**answer, "tabla": last.bonus}


def is_tablic_record(record: object) -> bool:
    """True when ``record`` (an object, or its JSON or text form) is a Tablić record."""
    return has_format(record, FORMAT)
