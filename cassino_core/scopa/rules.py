"""The rule switches of Scopa, Scopone and Hurricane, and their presets.

Every fact is from /work/shared/FAMILY.md §4.1 (Scopa), §4.2 (Scopone) and §4.5 (Hurricane),
all tagged [V] there (read in the source: pagat, Parlett, viniciocoletti.it, ludopoli.us,
de.wikipedia's Hurrikan...). The readings we chose are listed in :mod:`cassino_core.scopa`.

Presets (:data:`PRESETS`):

=====================  =======  ====  =====  ======  ======  ======  ==================
name                   players  hand  table  target  napola  3 kings special suit / card
=====================  =======  ====  =====  ======  ======  ======  ==================
``scopa``              2        3     4      11      no      redeal  coins ♦ / 7♦
``scopa_three``        3        3     4      11      no      redeal  coins ♦ / 7♦
``scopa_four``         4 (2x2)  3     4      11      no      redeal  coins ♦ / 7♦
``scopone``            4 (2x2)  10    0      11      yes     --      coins ♦ / 7♦
``scopone_classico``   4 (2x2)  9     4      11      yes     redeal  coins ♦ / 7♦
``hurricane``          2        6     4      16      no      no      hearts ♥ / 7♥
=====================  =======  ====  =====  ======  ======  ======  ==================

``scopone`` is the *scientifico* form (10 cards each, none to the table); four players always
play in two partnerships, partners opposite (seats 0 and 2 against 1 and 3).

>>> ScopaRules.from_name("scopa", target=21).to_dict()["target"]
21
>>> ScopaRules.from_name("scopone").deals_per_round
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, Self, get_args

from ..cards import Card
from ..errors import Refusal
from ..fishing.capture import captures, heaviest_capture
from ..fishing.deal import DealError, deals_in_round
from ..fishing.pack import capture_value
from ..fishing.rules import Seating, check_fields, check_rules_dict
from ..fishing.rules import catalog as fishing_catalog
from ..moves import IllegalMoveError

if TYPE_CHECKING:
    from .game import RoundScore, RoundState

Variant = Literal["scopa", "scopone", "hurricane"]
VARIANTS: Final[tuple[str, ...]] = get_args(Variant)

PACK_SIZE: Final = 40
MAX_KINGS: Final = 2
"""The most kings the opening table may show when ``redeal_kings`` is on."""
MAX_TARGET: Final = 100
OVERRIDES: Final = frozenset({"players", "hand_size", "table_cards", "target", "napola",
                              "redeal_kings", "last_play_sweep"})
"""The fields a preset may change (the variant, and with it the special suit, is fixed)."""


class ScopaRulesError(Refusal):
    """A rules setting of the wrong type or value; ``reason`` and ``params`` name the field."""


@dataclass(frozen=True)
class ScopaRules(Seating):
    """Every switch of one Scopa-family game. Frozen; vary with :meth:`replace`.

    Attributes:
        name: the preset's name (``"scopa"``, ``"scopone"``, ``"hurricane"``...).
        variant: ``"scopa"`` and ``"scopone"`` count coins and the settebello 7♦;
            ``"hurricane"`` counts hearts and 7♥ [FAMILY.md §4.5 [V]].
        players: 2, 3 or 4; four play in two partnerships (seats 0+2 against 1+3) [§4.1 [V]].
        hand_size: cards dealt to each player per deal (3 in Scopa, 6 in Hurricane, 9 or 10
            in Scopone) [V].
        table_cards: cards dealt face up to the table before the first deal (4, or 0 in
            Scopone scientifico) [V].
        target: points that win the match (11; 16 in Hurricane) [V].
        napola: score the napola (A-2-3 of the special suit 3, +1 per further card in
            sequence), usual in Scopone [§4.2 [V]].
        redeal_kings: deal again when three or four kings reach the opening table [§4.1 [V]].
        last_play_sweep: a sweep on the round's last play scores (some Scopone circles,
            ⚑ §4.2); off by default: never a scopa on the last play [§4.1 [V]].

    Raises:
        ScopaRulesError: a field of the wrong type or outside its range, or a hand and table
            size with which the 40-card pack does not deal out.
    """

    name: str = "scopa"
    variant: Variant = "scopa"
    players: int = 2
    hand_size: int = 3
    table_cards: int = 4
    target: int = 11
    napola: bool = False
    redeal_kings: bool = True
    last_play_sweep: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ScopaRulesError.of("rules_text", name="name", text=repr(self.name))
        if self.variant not in VARIANTS:
            raise ScopaRulesError.of("rules_choice", name="variant", text=repr(self.variant),
                                     names=list(VARIANTS))
        for field, low, high in (("players", 2, 4), ("hand_size", 1, 20),
                                 ("table_cards", 0, 8), ("target", 1, MAX_TARGET)):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ScopaRulesError.of("rules_range", name=field, text=repr(value), min=low,
                                         max=high)
        for field in ("napola", "redeal_kings", "last_play_sweep"):
            if not isinstance(getattr(self, field), bool):
                raise ScopaRulesError.of("rules_flag", name=field,
                                         text=repr(getattr(self, field)))
        try:
            deals_in_round(PACK_SIZE, self.players, self.hand_size, self.table_cards)
        except DealError as exc:
            raise ScopaRulesError.of("pack_uneven", cards=PACK_SIZE - self.table_cards,
                                     players=self.players, hand=self.hand_size) from exc

    GAME: ClassVar[str] = "scopa"
    """The ``game`` a view of these rules names (docs/api.md)."""

    # -- the rules a round asks of its game (Escoba's rules answer them otherwise) ---------------

    def capture_sets(self, value: int, table: Sequence[Card]) -> list[frozenset[Card]]:
        """The table sets a card of capture ``value`` may take (empty: none): one card of equal
        value, or, when no single card matches, one set of two or more adding up to it
        [FAMILY.md §4.1 [V]] (:func:`~cassino_core.fishing.capture.captures`,
        ``"match_or_sum"``)."""
        return captures(value, table, value_of=capture_value)

    def best_capture(self, value: int, table: Sequence[Card],
                     weight: Callable[[Card], float]) -> tuple[float, bool] | None:
        """What the heaviest of :meth:`capture_sets` weighs (``weight`` summed over its cards)
        and whether the whole table is one of them; None when none (the players' exposure,
        without listing the sets: :func:`~cassino_core.fishing.capture.heaviest_capture`)."""
        return heaviest_capture(value, table, weight, value_of=capture_value)

    @property
    def capture_compulsory(self) -> bool:
        """True: a card that can capture may not be trailed [FAMILY.md §4.1 [V]]."""
        return True

    def capture_refusal(self, card: Card, take: frozenset[Card]) -> IllegalMoveError:
        """Why playing ``card`` to take ``take`` (all on the table) is refused: a sum taken while
        a single card matches (``match_before_sum``), else a wrong total (``capture_sum``)."""
        value = capture_value(card)
        refusal: IllegalMoveError
        if sum(capture_value(c) for c in take) == value and len(take) > 1:
            refusal = IllegalMoveError.of("match_before_sum", card=str(card), value=value)
        else:
            refusal = IllegalMoveError.of("capture_sum", card=str(card), value=value)
        return refusal

    def sweep_value(self, table_total: int) -> int | None:
        """The capture value of a card that would clear a table of cards adding up to
        ``table_total`` (1 to 10), or None when no card can (a total above 10)."""
        return table_total if 1 <= table_total <= 10 else None

    def open_round(self, state: RoundState) -> RoundState:
        """The round's first state once the opening is dealt (Scopa: as dealt)."""
        return state

    def redeal_needed(self, table: Sequence[Card]) -> bool:
        """True when the opening ``table`` must be shuffled and dealt again: with
        ``redeal_kings``, three or four kings on it [FAMILY.md §4.1 [V]]."""
        return self.redeal_kings and sum(1 for c in table if c.rank == 13) > MAX_KINGS

    def sweep_scores(self, card: Card, take: frozenset[Card]) -> bool:
        """True when ``card`` taking ``take``, the whole table, scores a sweep (Scopa: always,
        but for the round's last play, which the round checks itself)."""
        return True

    def score_round(self, state: RoundState) -> RoundScore | None:
        """A game's own count of a round, or None for Scopa's (``game.score_round``)."""
        return None

    # -- derived facts -------------------------------------------------------------------------

    @property
    def special_suit(self) -> str:
        """The suit counted for "most coins": coins ``D``, or hearts ``H`` in Hurricane."""
        return "H" if self.variant == "hurricane" else "D"

    @property
    def special_card(self) -> Card:
        """The card worth a point of its own: the settebello 7♦, or 7♥ in Hurricane."""
        return Card(7, self.special_suit)

    @property
    def deals_per_round(self) -> int:
        """Deals that use up the pack (6 for two players in Scopa, 3 in Hurricane...)."""
        return deals_in_round(PACK_SIZE, self.players, self.hand_size, self.table_cards)

    # -- construction ---------------------------------------------------------------------------

    def replace(self, **changes: Any) -> ScopaRules:
        """A copy with some fields changed (validated like a new value).

        Raises:
            ScopaRulesError: an unknown field or a bad value.
        """
        check_fields(changes, {f.name for f in dataclasses.fields(self)}, ScopaRulesError)
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_name(cls, name: str, **overrides: Any) -> ScopaRules:
        """A preset with optional overrides of the fields in :data:`OVERRIDES`.

        Raises:
            ScopaRulesError: an unknown preset, an unknown or fixed field, a bad value.
        """
        presets = cls.presets()
        if not isinstance(name, str) or name not in presets:
            raise ScopaRulesError.of("unknown_preset", name=str(name), names=list(presets))
        check_fields(overrides, cls.overrides(), ScopaRulesError)
        return presets[name].replace(**overrides)

    @classmethod
    def presets(cls) -> dict[str, ScopaRules]:
        """The presets of this game, by name (:data:`PRESETS` for Scopa)."""
        return PRESETS

    @classmethod
    def overrides(cls) -> frozenset[str]:
        """The fields a preset may change (:data:`OVERRIDES` for Scopa)."""
        return OVERRIDES

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> ScopaRules:
        """Read :meth:`to_dict`'s form back; every key is required and no other is allowed.

        Raises:
            ScopaRulesError: not an object, a missing or unknown key, a bad value.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**check_rules_dict(data, names, ScopaRulesError))


@dataclass(frozen=True)
class OwnFieldsRules(ScopaRules):
    """The rules of a game played on Scopa's engine with fields of its own (Escoba's,
    Cirulla's): Scopa's switches it fixes (:attr:`FIXED`, checked on every value), the fields
    it shows and reads back (:attr:`FIELDS`), its presets (:attr:`OWN_PRESETS`, set once they
    exist) and the fields a preset may change (:attr:`OWN_OVERRIDES`).

    Raises:
        ScopaRulesError: a fixed switch changed (``rules_unknown_field``), or Scopa's errors.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()
    FIXED: ClassVar[Mapping[str, Any]] = {}
    OWN_PRESETS: ClassVar[Mapping[str, ScopaRules]] = {}
    OWN_OVERRIDES: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        super().__post_init__()
        for field, fixed in self.FIXED.items():
            if getattr(self, field) != fixed:
                raise ScopaRulesError.of("rules_unknown_field", name=field)

    @classmethod
    def presets(cls) -> dict[str, ScopaRules]:
        """:attr:`OWN_PRESETS`."""
        return dict(cls.OWN_PRESETS)

    @classmethod
    def overrides(cls) -> frozenset[str]:
        """:attr:`OWN_OVERRIDES`."""
        return cls.OWN_OVERRIDES

    def to_dict(self) -> dict[str, Any]:
        """The game's fields (:attr:`FIELDS`), JSON-ready."""
        return {name: getattr(self, name) for name in self.FIELDS}

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read :meth:`to_dict`'s form back; every key is required and no other is allowed.

        Raises:
            ScopaRulesError: not an object, a missing or unknown key, a bad value.
        """
        return cls(**check_rules_dict(data, cls.FIELDS, ScopaRulesError))

    def replace(self, **changes: Any) -> Self:
        """A copy with some of the game's fields changed (validated like a new value).

        Raises:
            ScopaRulesError: an unknown field or a bad value.
        """
        check_fields(changes, self.FIELDS, ScopaRulesError)
        return dataclasses.replace(self, **changes)


SCOPA: Final = ScopaRules()
PRESETS: Final[dict[str, ScopaRules]] = {
    "scopa": SCOPA,
    "scopa_three": ScopaRules(name="scopa_three", players=3),
    "scopa_four": ScopaRules(name="scopa_four", players=4),
    "scopone": ScopaRules(name="scopone", variant="scopone", players=4, hand_size=10,
                          table_cards=0, napola=True, redeal_kings=False),
    "scopone_classico": ScopaRules(name="scopone_classico", variant="scopone", players=4,
                                   hand_size=9, napola=True),
    "hurricane": ScopaRules(name="hurricane", variant="hurricane", hand_size=6, target=16,
                            redeal_kings=False),
}
"""The presets, by name (module docstring)."""


def catalog() -> dict[str, Any]:
    """What a new-game screen offers: ``{"presets": {name: rules dict}, "overrides": [...]}``."""
    return fishing_catalog(PRESETS, OVERRIDES)
