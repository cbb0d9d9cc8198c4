"""Escoba's opening escobas and its count of a round [FAMILY.md §4.3].

- :func:`open_table`: when the four cards dealt face up add up to 15, they are taken at once
  and score one escoba; when they add up to 30 as two sets of 15, two escobas [V]. Who takes
  them is the rules' ``opening`` switch (the dealer, or the player who leads).
- :func:`score_escoba`: 1 point each for most cards, most oros (coins ``D``), the 7 of oros
  (*velo*), the fourth point (most sevens with the tie going to most sixes, then aces, then
  fives; or *setenta*, Scopa's primiera count), and 1 per escoba [V]. "Most" is strictly more
  than every other side: a tie scores nothing (with two sides, 21 of 40 cards, 6 of 10 oros).

>>> from cassino_core.cards import parse_cards
>>> sevens_key(parse_cards(["7D", "7S", "6C", "AH"]))
(2, 1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card
from ..fishing.capture import subsets_making
from ..fishing.pack import capture_value
from ..fishing.scoring import holder_of, most, primiera, primiera_total
from ..scopa.game import RoundScore, RoundState
from .rules import TOTAL, EscobaRules

__all__ = ["EscobaScore", "open_table", "opening_escobas", "score_escoba", "sevens_key"]

SEVENS_ORDER = (7, 6, 1, 5)
"""The ranks counted for the sevens point, in tie-break order (entretodos.com.uy [V])."""


def opening_escobas(table: Sequence[Card]) -> int:
    """How many escobas an opening table makes: 1 when it adds up to 15, 2 when it adds up to
    30 and holds a set of 15 (the rest then makes the other 15), else 0."""
    total = sum(capture_value(c) for c in table)
    if total == TOTAL:
        return 1
    if total == 2 * TOTAL and subsets_making(TOTAL, table, capture_value):
        return 2
    return 0


def open_table(state: RoundState) -> RoundState:
    """``state`` (a round just dealt) with the opening escobas taken: the table goes to the
    dealer (or, under ``opening="first"``, to the player who leads), who scores one escoba for
    each 15 and is the last capturer so far. Unchanged when the table makes no 15."""
    rules = state.rules
    assert isinstance(rules, EscobaRules)
    count = opening_escobas(state.table)
    if count == 0:
        return state
    taker = state.dealer if rules.opening == "dealer" else state.turn
    piles = list(state.piles)
    piles[taker] = piles[taker] + state.table
    return replace(state, table=(), piles=tuple(piles), sweeps=(*state.sweeps,
                   *(taker,) * count), last_capturer=taker)


def sevens_key(pile: Sequence[Card]) -> tuple[int, ...]:
    """How many sevens, sixes, aces and fives ``pile`` holds (the sevens point compares these
    in turn)."""
    return tuple(sum(1 for c in pile if c.rank == rank) for rank in SEVENS_ORDER)


@dataclass(frozen=True, slots=True)
class EscobaScore(RoundScore):
    """A finished round's points per side, in Escoba's names.

    The fields are Scopa's (:class:`~cassino_core.scopa.game.RoundScore`) read as: ``coins``
    the oros point, ``settebello`` the 7 of oros (*velo*), ``primiera`` the fourth point (most
    sevens, or setenta), ``primiera_totals`` each side's count for it (sevens, or the setenta
    total, None when a suit is missing), ``sweeps`` the escobas; ``napola`` is never scored.
    Counting order for the match's tie-break: cards, oros, velo, sevens, escobas.

    Attributes:
        sevens_mode: ``"sevens"`` or ``"setenta"`` (the rules' ``sevens``).
        sevens_keys: in ``"sevens"`` mode, each side's sevens, sixes, aces and fives
            (:func:`sevens_key`), so that a page can say which count decided a point the
            sevens alone left level; ``()`` under setenta.
    """

    sevens_mode: str = "sevens"
    sevens_keys: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"cards", "oros", "velo", "sevens": side|null, "sevens_mode", "escobas": [..],
        "card_counts", "oro_counts", "sevens_counts": [..], "sevens_keys": [[7s, 6s, aces,
        5s], ..] (empty under setenta), "points": [..]}``."""
        return {"cards": self.cards, "oros": self.coins, "velo": self.settebello,
                "sevens": self.primiera, "sevens_mode": self.sevens_mode,
                "escobas": list(self.sweeps), "card_counts": list(self.card_counts),
                "oro_counts": list(self.coin_counts),
                "sevens_counts": list(self.primiera_totals),
                "sevens_keys": [list(k) for k in self.sevens_keys], "points": list(self.points)}


def score_escoba(state: RoundState) -> EscobaScore:
    """Score the cards captured so far (a finished round, or a hand-made part round)."""
    rules = state.rules
    assert isinstance(rules, EscobaRules)
    piles = state.side_piles()
    coin_counts = tuple(sum(1 for c in p if c.suit == rules.special_suit) for p in piles)
    fourth: int | None
    counts: tuple[int | None, ...]
    keys: list[tuple[int, ...]] = []
    if rules.sevens == "sevens":
        keys = [sevens_key(p) for p in piles]
        # four counts of at most 4 each, compared in turn: one number in base 10
        fourth = most([int("".join(map(str, k))) for k in keys])
        counts = tuple(k[0] for k in keys)
    else:
        fourth = primiera(piles)
        counts = tuple(primiera_total(p) for p in piles)
    return EscobaScore(
        cards=most([len(p) for p in piles]), coins=most(coin_counts),
        settebello=holder_of(piles, rules.special_card), primiera=fourth, napola=(None, 0),
        sweeps=tuple(state.side_sweeps()),
        sweep_order=tuple(rules.side_of(s) for s in state.sweeps),
        card_counts=tuple(len(p) for p in piles), coin_counts=coin_counts,
        primiera_totals=counts, sevens_mode=rules.sevens, sevens_keys=tuple(keys))
