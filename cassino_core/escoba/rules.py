"""The rule switches of Escoba (Escoba de 15), and its presets.

Escoba is played on Scopa's engine (:mod:`cassino_core.scopa`): the same 40-card pack, deals,
turns, last capture and match, with its own answers to what a round asks of its rules (the
hooks of :class:`~cassino_core.scopa.rules.ScopaRules`): a capture makes 15 with the card played,
capture may be optional, the opening table may be an escoba, and the round is counted in
Escoba's categories (:mod:`cassino_core.escoba.scoring`). Facts: /work/shared/FAMILY.md §4.3
and the sources read for it (module :mod:`cassino_core.escoba` lists our readings).

Presets (:data:`PRESETS`), every one to 15 points:

====================  =========  ====  =====  =========================  ================
name                  players    hand  table  fourth point               capture
====================  =========  ====  =====  =========================  ================
``escoba``            2          3     4      most sevens (6s, As, 5s)   optional
``escoba_three``      3          3     4      most sevens                optional
``escoba_four``       4 (2x2)    3     4      most sevens                optional
``escoba_setenta``    2          3     4      setenta (primiera count)   optional
====================  =========  ====  =====  =========================  ================

>>> EscobaRules.from_name("escoba", target=21).to_dict()["target"]
21
>>> table = [Card.parse(c) for c in ("5C", "3H", "7S", "AD")]
>>> sorted(sorted(map(str, s)) for s in EscobaRules().capture_sets(7, table))
[['3H', '5C'], ['7S', 'AD']]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, get_args

from ..cards import Card
from ..fishing.capture import captures, heaviest_capture
from ..fishing.pack import capture_value
from ..fishing.rules import catalog as fishing_catalog
from ..moves import IllegalMoveError
from ..scopa.rules import OwnFieldsRules, ScopaRulesError

if TYPE_CHECKING:
    from ..scopa.game import RoundScore, RoundState

__all__ = ["FIELDS", "OVERRIDES", "PRESETS", "TOTAL", "EscobaRules", "EscobaRulesError",
           "catalog"]

EscobaRulesError = ScopaRulesError
"""A rules setting of the wrong type or value (the family's rules error)."""

Opening = Literal["dealer", "first"]
OPENINGS: Final[tuple[str, ...]] = get_args(Opening)
Sevens = Literal["sevens", "setenta"]
SEVENS: Final[tuple[str, ...]] = get_args(Sevens)

TOTAL: Final = 15
"""What a capture adds up to, the card played included [FAMILY.md §4.3 [V]]."""

FIELDS: Final = ("name", "players", "hand_size", "table_cards", "target", "must_capture",
                 "opening", "sevens")
"""Escoba's rules fields, as :meth:`EscobaRules.to_dict` gives them."""

OVERRIDES: Final = frozenset({"players", "target", "must_capture", "opening", "sevens"})
"""The fields a preset may change."""

_FIXED: Final = {"variant": "scopa", "napola": False, "redeal_kings": False,
                 "last_play_sweep": False}
"""Scopa's switches, fixed in Escoba: coins (oros) are the counted suit and the 7 of coins the
named card; no napola; no three-king redeal; a last-play sweep cannot happen (the pack adds up
to 220, 10 more than a multiple of 15, so the last table never empties)."""


@dataclass(frozen=True)
class EscobaRules(OwnFieldsRules):
    """Every switch of one Escoba game. Frozen; vary with :meth:`replace`.

    Attributes (besides Scopa's ``players``, ``hand_size`` 3, ``table_cards`` 4):
        name: the preset's name.
        target: points that win the match: 15 (or 21, 31 as agreed) [FAMILY.md §4.3 [V]].
        must_capture: a card that can make 15 may not be trailed. Off by default: no source
            read makes capture compulsory (FAMILY.md §4.3 "Compulsory capture?"; the Spanish
            sources say only that a player who cannot make 15 leaves a card).
        opening: who takes an opening table of 15 (one escoba) or of two 15s (two escobas):
            ``"dealer"`` (en.wikipedia *Escoba*; diariopopular: the cards the dealer turned up)
            or ``"first"``, the player on the dealer's right who leads (magnojuegos,
            aprenderjuegoscartas: *escoba de mano*).
        sevens: the fourth point: ``"sevens"``, most sevens, a tie going to most sixes, then
            aces, then fives (entretodos.com.uy), or ``"setenta"``, the primiera count of
            Scopa (studylib "Escoba de quince" names *setenta*; its count is read as Scopa's
            primiera, FAMILY.md §4.1).

    Raises:
        ScopaRulesError: a field of the wrong type or outside its range, a Scopa-only switch
            changed, a hand and table size with which the pack does not deal out.
    """

    GAME: ClassVar[str] = "escoba"
    FIELDS = FIELDS
    FIXED = _FIXED
    OWN_OVERRIDES = OVERRIDES

    name: str = "escoba"
    target: int = 15
    redeal_kings: bool = False
    must_capture: bool = False
    opening: Opening = "dealer"
    sevens: Sevens = "sevens"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.must_capture, bool):
            raise ScopaRulesError.of("rules_flag", name="must_capture",
                                     text=repr(self.must_capture))
        if self.opening not in OPENINGS:
            raise ScopaRulesError.of("rules_choice", name="opening", text=repr(self.opening),
                                     names=list(OPENINGS))
        if self.sevens not in SEVENS:
            raise ScopaRulesError.of("rules_choice", name="sevens", text=repr(self.sevens),
                                     names=list(SEVENS))

    # -- what a round asks of its rules ------------------------------------------------------

    def capture_sets(self, value: int, table: Sequence[Card]) -> list[frozenset[Card]]:
        """The table sets of one or more cards that make :data:`TOTAL` with a card of
        ``value``; no match priority, one set per play [FAMILY.md §4.3 [V]]."""
        return captures(value, table, value_of=capture_value, mode="fifteen", total=TOTAL)

    def best_capture(self, value: int, table: Sequence[Card],
                     weight: Callable[[Card], float]) -> tuple[float, bool] | None:
        """:meth:`ScopaRules.best_capture` for fifteens
        (:func:`~cassino_core.fishing.capture.heaviest_capture`)."""
        return heaviest_capture(value, table, weight, value_of=capture_value, mode="fifteen",
                                total=TOTAL)

    @property
    def capture_compulsory(self) -> bool:
        """:attr:`must_capture`."""
        return self.must_capture

    def capture_refusal(self, card: Card, take: frozenset[Card]) -> IllegalMoveError:
        """``capture_fifteen``: the card and the cards taken do not add up to 15."""
        total = capture_value(card) + sum(capture_value(c) for c in take)
        refusal: IllegalMoveError = IllegalMoveError.of("capture_fifteen", card=str(card),
                                                        value=total)
        return refusal

    def sweep_value(self, table_total: int) -> int | None:
        """The card value that clears a table adding up to ``table_total``: 15 less it, when
        that is a card's value (1 to 10)."""
        need = TOTAL - table_total
        return need if 1 <= need <= 10 else None

    def open_round(self, state: RoundState) -> RoundState:
        """The opening escobas (:func:`cassino_core.escoba.scoring.open_table`)."""
        from .scoring import open_table

        return open_table(state)

    def score_round(self, state: RoundState) -> RoundScore | None:
        """Escoba's count (:func:`cassino_core.escoba.scoring.score_escoba`)."""
        from .scoring import score_escoba

        return score_escoba(state)


ESCOBA: Final = EscobaRules()
PRESETS: Final[dict[str, EscobaRules]] = {
    "escoba": ESCOBA,
    "escoba_three": EscobaRules(name="escoba_three", players=3),
    "escoba_four": EscobaRules(name="escoba_four", players=4),
    "escoba_setenta": EscobaRules(name="escoba_setenta", sevens="setenta"),
}
"""The presets, by name (module docstring)."""
EscobaRules.OWN_PRESETS = PRESETS


def catalog() -> dict[str, Any]:
    """What a new-game screen offers: ``{"presets": {name: rules dict}, "overrides": [...]}``."""
    return fishing_catalog(PRESETS, OVERRIDES)
