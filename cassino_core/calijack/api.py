"""The JSON facade of California Jack and Shasta Sam (docs/calijack.md has the full contract).

:class:`JackSession` is the shared :class:`~cassino_core.session.GameSession` (fields, seats,
levels, undo, records, errors: docs/api.md) with California Jack's parts: a move is one card
(``"AS"`` or ``{"card": "AS"}``), the answer says whether the trick is done and who won it, and
the ops ``move_log`` and ``replay`` look back over the match. A refused request leaves the game
exactly as it was.

>>> s = JackSession()
>>> s.dispatch({"op": "new_game", "game": "shasta_sam", "seed": 4})["seed"]
4
>>> s.view_json()["stock_top"] is None      # Shasta Sam's stock lies face down
True
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

from ..cards import Card, CardError
from ..errors import ApiError
from ..numbers import load_json
from ..review_ops import move_log_answer, replay_answer
from ..session import (
    BUDGET_RANGE,
    DEFAULT_LEVEL,
    SEAT_KINDS,
    GameSession,
    Handler,
    fields,
    read_overrides,
)
from .game import IllegalMoveError
from .hints import HINT_BUDGET_MS, explain, hint
from .match import JackMatch, PhaseError
from .players import ALL_LEVELS, DEFAULT_BUDGET_MS, Player, make_player
from .record import JackRecord, RecordError, record_of, replay
from .review import MatchNotOverError, card_log, jack_replay_steps
from .rules import PRESETS, JackRules, JackRulesError
from .view import JackView, jack_view

__all__ = ["BUDGET_RANGE", "DEFAULT_LEVEL", "OVERRIDES", "SEAT_KINDS", "JackSession"]

OVERRIDES: Final = frozenset({"deal_packet", "target", "follow"})


class JackSession(GameSession[JackMatch]):
    """One California Jack (or Shasta Sam) match and who sits where."""

    ALL_LEVELS = ALL_LEVELS
    DEFAULT_BUDGET_MS = DEFAULT_BUDGET_MS
    RNG_SALT = 0x5EED

    def phase_refusal(self) -> ApiError:
        """A card asked for between deals or after the match."""
        return ApiError.of("wrong_phase", "deal_or_match_over")

    def undo_refusal(self, seat: int) -> ApiError:
        """No card of ``seat``'s to take back."""
        return ApiError.of("nothing_to_undo", "no_card_played", seat=seat)

    def extra_handlers(self) -> dict[str, Handler]:
        """``move_log`` and ``replay`` (docs/calijack.md)."""
        return {"move_log": self._move_log, "replay": self._replay}

    def rules_from(self, req: dict[str, Any]) -> JackRules:
        """The preset ``game`` names (default California Jack) with its overrides."""
        game = req.get("game", "california_jack")
        if not isinstance(game, str) or game not in PRESETS:
            raise ApiError.of("bad_request", "need_one_of", {"field": "game"},
                              names=list(PRESETS))
        overrides = read_overrides(req, OVERRIDES)
        try:
            return JackRules.from_name(game, **overrides)
        except JackRulesError as exc:
            raise ApiError.wrap("bad_request", exc) from exc

    def new_match(self, rules: JackRules, seed: int) -> JackMatch:
        """A fresh match."""
        return JackMatch(rules, seed)

    def seat_count(self, rules: Any) -> int:
        """Always two players."""
        return 2

    def view_of(self, match: JackMatch, seat: int) -> JackView:
        """:func:`~cassino_core.calijack.view.jack_view`."""
        return jack_view(match, seat)

    def move_json(self, move: Card) -> str:
        """A card's text."""
        return str(move)

    def read_move(self, raw: object) -> Card:
        """A card from ``"AS"`` or ``{"card": "AS"}``."""
        return _card(raw)

    def apply(self, match: JackMatch, move: Card) -> dict[str, Any]:
        """Play the card: ``{"seat", "card", "trick_done", "winner"?}``."""
        seat = match.state.turn
        try:
            match.play(move)
        except IllegalMoveError as exc:
            raise ApiError.wrap("illegal_move", exc) from exc
        except PhaseError as exc:  # pragma: no cover - checked before
            raise ApiError.wrap("wrong_phase", exc) from exc
        state = match.state
        out: dict[str, Any] = {"seat": seat, "card": str(move), "trick_done": not state.trick}
        if not state.trick and state.last_trick is not None:
            out["winner"] = state.last_trick.winner
        return out

    def explain(self, view: JackView, move: Card) -> list[dict[str, Any]]:
        """:func:`~cassino_core.calijack.hints.explain` as JSON."""
        return [r.to_json() for r in explain(view, move)]

    def hint_json(self, match: JackMatch, seat: int, view: JackView) -> dict[str, Any]:
        """The expert's card for ``seat`` (whose view is ``view``), with its reasons. Its own
        generator, seeded from the match and the cards played so far: asking never draws from
        the computer's generator, so hints cannot change the game (as Cassino's). It thinks
        :data:`~cassino_core.calijack.hints.HINT_BUDGET_MS`, or the game's thinking budget
        (``budget_ms``) when that is shorter, as the fishing games' hints do: a hint never
        thinks longer than the computer may."""
        played = sum(len(cards) for cards in match.moves) + len(match.moves)
        budget = min(self.budget_ms, HINT_BUDGET_MS)
        found = hint(view, random.Random(match.seed * 1_000_003 + played), budget_ms=budget)
        return found.to_json()

    def next_round_of(self, match: JackMatch) -> None:
        """The next deal."""
        try:
            match.next_deal()
        except PhaseError as exc:
            raise ApiError.wrap("wrong_phase", exc) from exc

    def score_json(self, match: JackMatch) -> dict[str, Any]:
        """Totals, target, each deal's score, the winner."""
        return {"totals": list(match.totals), "target": match.rules.target,
                "deals": [r.to_json() for r in match.results], "winner": match.winner}

    def export_json(self, match: JackMatch, tags: dict[str, str],
                    text: bool = True) -> dict[str, Any]:
        """The record object, and (when ``text``) its JSON text as the text form."""
        try:
            record = record_of(match, tags)
        except RecordError as exc:
            raise ApiError.wrap("bad_request", exc) from exc
        data = record.to_json()
        if not text:
            return {"record": data}
        return {"record": data, "text": json.dumps(data, indent=1)}

    def read_record(self, raw: object) -> tuple[JackRecord, JackMatch]:
        """A JSON record (object or text), replayed."""
        try:
            if isinstance(raw, str):
                try:
                    raw = load_json(raw, RecordError)
                except RecordError:
                    raise
                except (ValueError, RecursionError) as exc:
                    raise RecordError.of("record_not_json") from exc
            record = JackRecord.from_json(raw)
            return record, replay(record)
        except RecordError as exc:
            raise ApiError.wrap("bad_record", exc) from exc

    def make_player(self, level: str, budget_ms: int) -> Player:
        """:func:`~cassino_core.calijack.players.make_player`."""
        return make_player(level, budget_ms=budget_ms)

    # -- ops of its own -----------------------------------------------------------------------

    def _move_log(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every card played so far (:func:`cassino_core.calijack.review.card_log`)."""
        fields(req, set())
        return move_log_answer(card_log(self._need_match()))

    def _replay(self, req: dict[str, Any]) -> dict[str, Any]:
        """Every position of the finished match with both hands and the stock shown
        (:func:`cassino_core.calijack.review.jack_replay_steps`); ``match_not_over`` during
        play. Undo is refused afterwards."""
        fields(req, set())
        match = self._need_match()
        return replay_answer(self, lambda: jack_replay_steps(match), MatchNotOverError)


def _card(raw: object) -> Card:
    """A card from ``"AS"`` or ``{"card": "AS"}``."""
    if isinstance(raw, dict):
        if set(raw) != {"card"}:
            raise ApiError.of("bad_move", "jack_move_form")
        raw = raw["card"]
    if not isinstance(raw, str):
        raise ApiError.of("bad_move", "jack_move_form")
    try:
        return Card.parse(raw)
    except CardError as exc:
        raise ApiError.wrap("bad_card", exc) from exc
