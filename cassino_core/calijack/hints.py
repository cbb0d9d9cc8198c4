"""Hints: the card the expert would play, and why, as reason codes the page translates.

``hint(view, rng, *, budget_ms=None, iterations=None) -> JackHint`` asks
:class:`~cassino_core.calijack.players.ExpertPlayer` for the card (default budget
:data:`HINT_BUDGET_MS`) and explains it from what the view shows. Reason codes
(:data:`REASONS`), each with an optional ``card`` and ``value``:

- ``only_move``: the only legal card.
- ``wins_trick``: the card wins the trick (as the reply), or no card the seat has not seen can
  beat it (as the lead).
- ``ducks_trick``: the reply loses the trick on purpose, cheaply.
- ``takes_stock_card`` (card = the stock top): winning brings the visible top card, worth having.
- ``leaves_stock_card`` (card = the stock top): losing leaves a poor top card to the other seat;
  the loser draws the unknown card below.
- ``takes_high`` / ``takes_low`` / ``takes_jack`` (card): the won trick holds the ace, two or
  jack of trumps (a point each).
- ``takes_points`` (value = card points): the won trick holds 10 card points or more.
- ``saves_trump``: a non-trump played while holding trumps.
- ``gives_up_worthless_card``: the card given away counts nothing (no card points, no honour);
  not given beside ``ducks_trick``, which says as much.
- ``draws_trump``: a trump led, to pull the other seat's trumps.
- ``protects_jack``: the jack of trumps stays in hand, not risked now.
- ``protects_ten`` (card): a ten stays in hand instead of being lost in this trick.
- ``exact_endgame`` (value = the point difference with best play): the stock is empty and the
  hint comes from an exact search of the rest of the deal.
- ``search_best``: none of the above applies (a lead of a card with some points, no trump
  drawn or kept, the trick's outcome open): the card did best on average over the deals the
  expert sampled for the cards it cannot see. Given only by :func:`hint`, alone, so that a
  hint always says why (play-test 22: a Shasta Sam hint, seed 11, came with no reason at all).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from ..cards import Card
from .cards import card_points, power
from .estimates import holding_worth, is_honour, lead_win_chance
from .players import ExpertPlayer
from .view import JackView

HINT_BUDGET_MS: Final = 400

REASONS: Final = (
    "only_move", "wins_trick", "ducks_trick", "takes_stock_card", "leaves_stock_card",
    "takes_high", "takes_low", "takes_jack", "takes_points", "saves_trump",
    "gives_up_worthless_card", "draws_trump", "protects_jack", "protects_ten", "exact_endgame",
    "search_best",
)


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: ``code`` (one of :data:`REASONS`), and a card or a number when it has one."""

    code: str
    card: Card | None = None
    value: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"code": str, "card"?: "AS", "value"?: int}``."""
        out: dict[str, Any] = {"code": self.code}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass(frozen=True, slots=True)
class JackHint:
    """The suggested card and the reasons for it."""

    card: Card
    reasons: tuple[Reason, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"card": "AS", "reasons": [reason, ...]}``."""
        return {"card": str(self.card), "reasons": [r.to_json() for r in self.reasons]}


def hint(view: JackView, rng: random.Random, *, budget_ms: int | None = None,
         iterations: int | None = None) -> JackHint:
    """The expert's card for ``view`` and its reasons (:func:`explain`'s, then
    ``exact_endgame`` when the card came from the exact search; ``search_best`` alone when
    neither gave one: never empty).

    Raises:
        ValueError: the seat is not to play (``view.legal`` is empty).
    """
    if not view.legal:
        raise ValueError("the seat is not to play: no hint")
    if budget_ms is None and iterations is None:
        budget_ms = HINT_BUDGET_MS
    expert = ExpertPlayer(budget_ms=budget_ms, iterations=iterations)
    card = expert.choose(view, rng)
    reasons = explain(view, card)
    if expert.last_exact:
        reasons = (*reasons, Reason("exact_endgame", value=round(expert.exact_points(view, card))))
    if not reasons:
        reasons = (Reason("search_best", card),)
    return JackHint(card, reasons)


def _wins(view: JackView, card: Card) -> bool | None:
    """True or False when the trick's outcome is sure, None when it depends on the reply."""
    if view.trick:
        led = view.trick[0][1]
        if card.suit == led.suit:
            return power(card) > power(led)
        return card.suit == view.trump
    chance = lead_win_chance(view, card)
    return True if chance >= 0.999 else None


def explain(view: JackView, card: Card) -> tuple[Reason, ...]:
    """The reasons that apply to playing ``card`` in ``view`` (see the module docstring)."""
    if len(view.legal) == 1:
        return (Reason("only_move", card),)
    trump = view.trump
    out: list[Reason] = []
    wins = _wins(view, card)
    trick_cards = [card, *(c for _, c in view.trick)]
    if wins:
        out.append(Reason("wins_trick", card))
        if view.trick:
            for c in trick_cards:
                if is_honour(c, trump):
                    code = {1: "takes_high", 2: "takes_low", 11: "takes_jack"}[c.rank]
                    out.append(Reason(code, c))
            pts = sum(card_points(c) for c in trick_cards)
            if pts >= 10:
                out.append(Reason("takes_points", value=pts))
        if view.stock_top is not None and holding_worth(view.stock_top, trump) >= 0.3:
            out.append(Reason("takes_stock_card", view.stock_top))
    elif wins is False and view.trick:
        if card_points(card) <= 1 and not is_honour(card, trump):
            out.append(Reason("ducks_trick", card))
        if view.stock_top is not None and holding_worth(view.stock_top, trump) < 0.2:
            out.append(Reason("leaves_stock_card", view.stock_top))
    if not view.trick and card.suit == trump:
        out.append(Reason("draws_trump", card))
    if (card.suit != trump and any(c.suit == trump for c in view.hand)
            and (not view.trick or view.trick[0][1].suit != card.suit)):
        out.append(Reason("saves_trump"))
    # A duck already says that little is lost (play-test 17 read the same point twice).
    if (not wins and card_points(card) == 0 and not is_honour(card, trump)
            and not any(r.code == "ducks_trick" for r in out)):
        out.append(Reason("gives_up_worthless_card", card))
    jack = Card(11, trump)
    if jack in view.hand and card != jack:
        out.append(Reason("protects_jack", jack))
    tens = [c for c in view.hand if c.rank == 10 and c != card]
    if tens and not wins and view.trick:
        out.append(Reason("protects_ten", tens[0]))
    return tuple(out)
