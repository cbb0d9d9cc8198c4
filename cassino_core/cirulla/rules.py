"""The rule switches of Cirulla, the Genoese fishing game of fifteens, and its presets.

Cirulla is played on Scopa's engine (:mod:`cassino_core.scopa`): the same 40-card pack, deals,
turns, last capture and match, with its own answers to what a round asks of its rules (the
hooks of :class:`~cassino_core.scopa.rules.ScopaRules`): three kinds of capture, the opening
redeal and the opening scope, the ace's sweep, and the round counted with grande, piccola and
the declarations (:mod:`cassino_core.cirulla.scoring`). The declarations themselves are moves
of Cirulla's own round state (:mod:`cassino_core.cirulla.game`). Facts: /work/shared/FAMILY.md
§4.7 (Parlett, regoledelgioco, spazioinwind) and §4.4 (the ace takes all).

Presets (:data:`PRESETS`), every one to 51 points:

=========================  =========  ====  =====  ===============================
name                       players    hand  table  declarations
=========================  =========  ====  =====  ===============================
``cirulla``                2          3     4      Parlett: knock 3, three 10
``cirulla_three``          3          3     4      Parlett
``cirulla_four``           4 (2x2)    3     4      Parlett
``cirulla_spazioinwind``   2          3     4      spazioinwind: knock 1, three 3
=========================  =========  ====  =====  ===============================

>>> CirullaRules.from_name("cirulla", target=31).to_dict()["target"]
31
>>> table = [Card.parse(c) for c in ("3C", "5H", "6S", "7D")]
>>> sorted(sorted(map(str, s)) for s in CirullaRules().capture_sets(7, table))
[['3C', '5H'], ['7D']]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, get_args

from ..cards import Card
from ..fishing.capture import captures, heaviest_listed, subsets_making
from ..fishing.pack import capture_value
from ..fishing.rules import catalog as fishing_catalog
from ..moves import IllegalMoveError
from ..scopa.rules import OwnFieldsRules, ScopaRulesError

if TYPE_CHECKING:
    from ..scopa.game import RoundScore, RoundState

__all__ = ["DECLARATION_POINTS", "FIELDS", "OVERRIDES", "PRESETS", "TOTAL", "WILD",
           "CirullaRules", "CirullaRulesError", "catalog"]

CirullaRulesError = ScopaRulesError
"""A rules setting of the wrong type or value (the family's rules error)."""

Declarations = Literal["parlett", "spazioinwind", "none"]
DECLARATION_BOOKS: Final[tuple[str, ...]] = get_args(Declarations)

TOTAL: Final = 15
"""What a capture by fifteen adds up to, the card played included [FAMILY.md §4.7 [V]]."""

WILD: Final = Card(7, "H")
"""The *matta*, 7♥: wild in the declarations [V], and in the opening count under Parlett."""

MAX_ACES: Final = 1
"""The most aces the opening table may show: two or more, and the cards are dealt again [V]."""

DECLARATION_POINTS: Final[dict[str, dict[str, int]]] = {
    "parlett": {"knock": 3, "three": 10},
    "spazioinwind": {"knock": 1, "three": 3},
    "none": {},
}
"""What each declaration scores under each book [FAMILY.md §4.7 [V], values disputed]:
Parlett counts a knock as 3 scope and three of a kind 10; spazioinwind counts a knock 1 point
and three of a kind 2 to 3 (we take the upper value, 3)."""

FIELDS: Final = ("name", "players", "hand_size", "table_cards", "target", "declarations",
                 "ace_sweep_scopa", "opening_wild")
"""Cirulla's rules fields, as :meth:`CirullaRules.to_dict` gives them."""

OVERRIDES: Final = frozenset({"players", "target", "declarations", "ace_sweep_scopa",
                              "opening_wild"})
"""The fields a preset may change."""

_FIXED: Final = {"variant": "scopa", "napola": False, "redeal_kings": False,
                 "last_play_sweep": False}
"""Scopa's switches, fixed in Cirulla: diamonds are the counted suit and 7♦ the settebello;
no napola (grande and piccola take its place); no three-king redeal (two aces instead); never
a scopa on the last play."""


@dataclass(frozen=True)
class CirullaRules(OwnFieldsRules):
    """Every switch of one Cirulla game. Frozen; vary with :meth:`replace`.

    Attributes (besides Scopa's ``players`` 2, 3 or 4 in pairs, ``hand_size`` 3,
    ``table_cards`` 4):
        name: the preset's name.
        target: points that win the match: 51 [FAMILY.md §4.7 [V]].
        declarations: the book whose values the declarations after each deal score:
            ``"parlett"`` (Parlett, *Penguin Book of Card Games*: a hand of 9 or less, a
            knock, is worth 3 scope; three of a kind 10 points), ``"spazioinwind"``
            (spazioinwind.libero.it: a knock 1 point; three of a kind 3, the upper value of
            its 2 to 3) or ``"none"`` (no declarations). Default Parlett.
        ace_sweep_scopa: the ace taking the whole table (no ace on it) scores a scopa. On by
            default: a Cirulla page read (fumettolosteriaulisse.blogspot.com, describing the
            game's rules) counts it as a scopa, as *Asso pigliatutto* usually does; off is the
            UIGC regulation of Scopa d'Assi (FAMILY.md §4.4 [V]).
        opening_wild: Parlett's reading that the 7♥ is wild in the opening count (it makes a
            table of 15 or 30 whatever value it needs). Off by default: the other sources
            read count the opening table at face value.

    Raises:
        ScopaRulesError: a field of the wrong type or outside its range, a Scopa-only switch
            changed, a player count with which the pack does not deal out.
    """

    GAME: ClassVar[str] = "cirulla"
    FIELDS = FIELDS
    FIXED = _FIXED
    OWN_OVERRIDES = OVERRIDES

    name: str = "cirulla"
    target: int = 51
    redeal_kings: bool = False
    declarations: Declarations = "parlett"
    ace_sweep_scopa: bool = True
    opening_wild: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.declarations not in DECLARATION_BOOKS:
            raise ScopaRulesError.of("rules_choice", name="declarations",
                                     text=repr(self.declarations),
                                     names=list(DECLARATION_BOOKS))
        for field in ("ace_sweep_scopa", "opening_wild"):
            if not isinstance(getattr(self, field), bool):
                raise ScopaRulesError.of("rules_flag", name=field,
                                         text=repr(getattr(self, field)))

    # -- what a round asks of its rules ------------------------------------------------------

    def capture_sets(self, value: int, table: Sequence[Card]) -> list[frozenset[Card]]:
        """The table sets a card of ``value`` may take [FAMILY.md §4.7 [V]]; the player
        chooses among them (position 1 of §4.7):

        - an ace (value 1) with no ace on the table takes the whole table (*asso piglia
          tutto*); with an ace on the table it takes one of them, and nothing else
          (§4.4 [V], lotoflaughs; for Cirulla our reading [I]);
        - a simple capture as in Scopa: one card of equal value, or, when none lies on the
          table, a set adding up to the value with the fewest cards possible;
        - a capture by fifteen: any set making 15 with the card played.
        """
        if value == 1:
            aces = [frozenset((c,)) for c in table if c.rank == 1]
            if aces:
                return aces
            return [frozenset(table)] if table else []
        simple = captures(value, table, value_of=capture_value)
        if simple:
            fewest = min(len(s) for s in simple)
            simple = [s for s in simple if len(s) == fewest]
        fifteen = subsets_making(TOTAL - value, table, capture_value)
        return simple + [s for s in fifteen if s not in simple]

    def best_capture(self, value: int, table: Sequence[Card],
                     weight: Callable[[Card], float]) -> tuple[float, bool] | None:
        """:meth:`ScopaRules.best_capture` from the sets :meth:`capture_sets` lists."""
        return heaviest_listed(self.capture_sets(value, table), table, weight)

    def capture_refusal(self, card: Card, take: frozenset[Card]) -> IllegalMoveError:
        """``capture_cirulla``: the cards taken are none of the three captures."""
        refusal: IllegalMoveError = IllegalMoveError.of("capture_cirulla", card=str(card),
                                                        value=capture_value(card))
        return refusal

    def sweep_value(self, table_total: int) -> int | None:
        """A card value that clears a table adding up to ``table_total``: 15 less it when that
        is a card's value, else the total itself (1 to 10); None when neither. (An ace clears
        any table without an ace as well; the players' exposure counts only this value.)"""
        need = TOTAL - table_total
        if 1 <= need <= 10:
            return need
        return table_total if 1 <= table_total <= 10 else None

    def redeal_needed(self, table: Sequence[Card]) -> bool:
        """Two or more aces on the opening table: deal again [FAMILY.md §4.7 [V]]."""
        return sum(1 for c in table if c.rank == 1) > MAX_ACES

    def sweep_scores(self, card: Card, take: frozenset[Card]) -> bool:
        """A capture clearing the table is a scopa, but the ace's sweep of a table without an
        ace only under ``ace_sweep_scopa``."""
        ace_sweep = card.rank == 1 and not any(c.rank == 1 for c in take)
        return self.ace_sweep_scopa or not ace_sweep

    def open_round(self, state: RoundState) -> RoundState:
        """Cirulla's round state, with the opening scope taken
        (:func:`cassino_core.cirulla.game.open_round`)."""
        from .game import open_round

        return open_round(state)

    def score_round(self, state: RoundState) -> RoundScore | None:
        """Cirulla's count (:func:`cassino_core.cirulla.scoring.score_cirulla`)."""
        from .scoring import score_cirulla

        return score_cirulla(state)

    def declaration_points(self, kind: str) -> int:
        """What a declaration of ``kind`` (``"knock"`` or ``"three"``) scores under
        :attr:`declarations` (0 under ``"none"``)."""
        return DECLARATION_POINTS[self.declarations].get(kind, 0)


CIRULLA: Final = CirullaRules()
PRESETS: Final[dict[str, CirullaRules]] = {
    "cirulla": CIRULLA,
    "cirulla_three": CirullaRules(name="cirulla_three", players=3),
    "cirulla_four": CirullaRules(name="cirulla_four", players=4),
    "cirulla_spazioinwind": CirullaRules(name="cirulla_spazioinwind",
                                         declarations="spazioinwind"),
}
"""The presets, by name (module docstring)."""
CirullaRules.OWN_PRESETS = PRESETS


def catalog() -> dict[str, Any]:
    """What a new-game screen offers: ``{"presets": {name: rules dict}, "overrides": [...]}``."""
    return fishing_catalog(PRESETS, OVERRIDES)
