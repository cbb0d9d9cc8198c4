"""The rule switches of Tablić and of Phillips' Tablanette, and their presets.

Facts from /work/shared/FAMILY.md §5.4 and the pages it cites (pagat's Tablić through its
gambiter.com copy, askarte.com, igresakartama.com, extramagazin.rs, en.wikipedia
*Tablanette*; Parlett's *Penguin Book of Card Games* for Phillips' 1939 rules; netplaces.com
and catsatcards.com for Tablanette). The readings we chose are listed in
:mod:`cassino_core.tablic`.

Presets (:data:`PRESETS`):

=====================  =======  ========  ==========  ==============  ======  ============
name                   players  sides     jack        sweep scores    target  opening
=====================  =======  ========  ==========  ==============  ======  ============
``tablic``             2        2         12          1 (tabla)       101     as dealt
``tablic_four``        4        2 (2x2)   12          1               101     as dealt
``tablic_four_solo``   4        4         12          1               101     as dealt
``tablanette``         2        2         takes all   pip total       251     jacks buried
=====================  =======  ========  ==========  ==============  ======  ============

Every preset deals the 52-card pack: 4 cards face up to the table, 6 to each player, then 6
each again until the pack is used up. Each ace, king, queen, jack and ten is 1 point, the 10♦
one more, the 2♣ 1 (22 points a round), the most cards 3, and each sweep its points.

>>> TablicRules.from_name("tablic", target=61).target
61
>>> TablicRules.from_name("tablic").deals_per_round, PRESETS["tablic_four"].deals_per_round
(4, 2)
>>> PRESETS["tablic_four"].sides, PRESETS["tablic_four_solo"].sides
(2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..errors import Refusal
from ..fishing.deal import DealError, deals_in_round
from ..fishing.rules import PresetRules, Seating
from ..fishing.rules import catalog as fishing_catalog

TablaScoring = Literal["point", "pips"]
TABLA_SCORINGS: Final[tuple[str, ...]] = get_args(TablaScoring)
Leftover = Literal["last_capturer", "dealer"]
LEFTOVERS: Final[tuple[str, ...]] = get_args(Leftover)

PACK_SIZE: Final = 52
TABLE_CARDS: Final = 4
HAND_SIZE: Final = 6
MAX_TARGET: Final = 1000
MOST_CARDS_POINTS: Final = 3
"""Points for capturing the most cards: 3, and none on a tie (26-26) [V: pagat, FAMILY.md
§5.4]."""
OVERRIDES: Final = frozenset({"players", "partners", "target", "tabla_scoring", "jack_tabla",
                              "leftover"})
"""The fields a preset may change (the jack's power and the opening are the game's own)."""


class TablicRulesError(Refusal):
    """A rules setting of the wrong type or value; ``reason`` and ``params`` name the field."""


@dataclass(frozen=True)
class TablicRules(PresetRules, Seating):
    """Every switch of one game of Tablić or Tablanette. Frozen; vary with :meth:`replace`.

    Attributes:
        name: the preset's name.
        players: 2 or 4 (3 is refused: 48 cards do not deal out six at a time to three).
        partners: with four players, two partnerships, partners opposite (seats 0+2 against
            1+3) [V: pagat]; off, each plays for themselves [V: askarte]. Ignored with two.
        jack_takes_all: Phillips' Tablanette (via Parlett [V]): a jack takes every card on the
            table and has no value of its own; off (Tablić [V]), the jack is worth 12.
        bury_jacks: a jack dealt to the opening table goes to the bottom of the stock and the
            next card takes its place (Tablanette [V: catsatcards, netplaces]).
        tabla_scoring: what a sweep (tabla, tablanette) scores: ``"point"``, 1 (Tablić [V]),
            or ``"pips"``, the pip total of the table cards it takes (Parlett [V]; the pips are
            our reading: an ace 1, a jack 0 under ``jack_takes_all``, else the capture values).
        jack_tabla: a jack's sweep scores too (Parlett [V]); off, no bonus for it
            (netplaces [V]). Matters only with ``jack_takes_all``.
        leftover: who takes the cards left on the table at the end of the round: the
            ``"last_capturer"`` [V: FAMILY.md, extramagazin] or the ``"dealer"``'s side (pagat,
            as quoted [P]). Never a sweep.
        target: match points that win (101 in Tablić, 251 in Tablanette) [V].

    Raises:
        TablicRulesError: a field of the wrong type or outside its range, or a number of
            players to whom the pack does not deal out.
    """

    OVERRIDES = OVERRIDES
    ERROR = TablicRulesError

    name: str = "tablic"
    players: int = 2
    partners: bool = True
    jack_takes_all: bool = False
    bury_jacks: bool = False
    tabla_scoring: TablaScoring = "point"
    jack_tabla: bool = True
    leftover: Leftover = "last_capturer"
    target: int = 101

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TablicRulesError.of("rules_text", name="name", text=repr(self.name))
        for field, names in (("tabla_scoring", TABLA_SCORINGS), ("leftover", LEFTOVERS)):
            if getattr(self, field) not in names:
                raise TablicRulesError.of("rules_choice", name=field,
                                          text=repr(getattr(self, field)), names=list(names))
        for field, low, high in (("players", 2, 4), ("target", 1, MAX_TARGET)):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise TablicRulesError.of("rules_range", name=field, text=repr(value), min=low,
                                          max=high)
        for field in ("partners", "jack_takes_all", "bury_jacks", "jack_tabla"):
            if not isinstance(getattr(self, field), bool):
                raise TablicRulesError.of("rules_flag", name=field,
                                          text=repr(getattr(self, field)))
        try:
            deals_in_round(PACK_SIZE, self.players, HAND_SIZE, TABLE_CARDS)
        except DealError as exc:
            raise TablicRulesError.of("pack_uneven", cards=PACK_SIZE - TABLE_CARDS,
                                      players=self.players, hand=HAND_SIZE) from exc

    # -- derived facts -------------------------------------------------------------------------

    @property
    def partnerships(self) -> bool:
        """True with four players in two partnerships (``partners``)."""
        return self.players == 4 and self.partners

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player per deal: 6 [V]."""
        return HAND_SIZE

    @property
    def deals_per_round(self) -> int:
        """Deals that use up the pack after the 4 table cards (4 for two players, 2 for
        four)."""
        return deals_in_round(PACK_SIZE, self.players, HAND_SIZE, TABLE_CARDS)



TABLIC: Final = TablicRules()
PRESETS: Final[dict[str, TablicRules]] = {
    "tablic": TABLIC,
    "tablic_four": TABLIC.replace(name="tablic_four", players=4),
    "tablic_four_solo": TABLIC.replace(name="tablic_four_solo", players=4, partners=False),
    "tablanette": TablicRules(name="tablanette", jack_takes_all=True, bury_jacks=True,
                              tabla_scoring="pips", target=251),
}
"""The presets, by name (module docstring)."""
TablicRules.PRESETS = PRESETS


def catalog() -> dict[str, Any]:
    """What a new-game screen offers: ``{"presets": {name: rules dict}, "overrides": [...]}``."""
    return fishing_catalog(PRESETS, OVERRIDES)
