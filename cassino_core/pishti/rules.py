"""The rule switches of Pishti, Xeri (Harbin's "Dry Game") and Basra, and their presets.

Facts from /work/shared/FAMILY.md §5.1 (Pishti), §5.2 (Dry Game, Xeri) and §5.3 (Basra), and
the pages they cite (pagat's Pishti through its gambiter.com copy, de.wikipedia *Pişti*,
lodige.com, ultrafoodmess.com and gamerules.com for Xeri, jawaker.com and catsatcards.com for
Basra, Parlett's *Penguin Book of Card Games*). The readings we chose are listed in
:mod:`cassino_core.pishti`.

Presets (:data:`PRESETS`):

================  =======  ======  ====  ======  ============  ======  ==========  =========
name              players  table   hand  target  opening       bonus   jack bonus  last card
================  =======  ======  ====  ======  ============  ======  ==========  =========
``pishti``        2        pile    4     151     turn up       10      20          void
``pishti_three``  3        pile    4     151     turn up       10      20          void
``pishti_four``   4 (2x2)  pile    4     151     turn up       10      20          void
``xeri``          2        pile    6     101     reshuffle     10      20          counts
``basra``         2        floor   4     101     bury          10      --          counts
``basra_four``    4 (2x2)  floor   4     101     bury          10      --          counts
================  =======  ======  ====  ======  ============  ======  ==========  =========

Every preset deals the 52-card pack, 4 cards to the middle, and scores each jack and ace 1,
2♣ 2, 10♦ 3 and 3 for the most cards (16 points a round, plus the bonuses).

>>> PishtiRules.from_name("pishti", target=101).target
101
>>> PishtiRules.from_name("xeri").deals_per_round, PishtiRules.from_name("basra").deals_per_round
(4, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..errors import Refusal
from ..fishing.deal import DealError, deals_in_round
from ..fishing.rules import PresetRules, Seating
from ..fishing.rules import catalog as fishing_catalog

Layout = Literal["pile", "floor"]
LAYOUTS: Final[tuple[str, ...]] = get_args(Layout)
Opening = Literal["turn_up", "reshuffle", "bury"]
OPENINGS: Final[tuple[str, ...]] = get_args(Opening)

PACK_SIZE: Final = 52
TABLE_CARDS: Final = 4
MAX_TARGET: Final = 1000
MOST_CARDS_POINTS: Final = 3
"""Points for capturing the most cards: 3, and none on a tie [V: pagat, Parlett, jawaker
(whose app scores 30)]."""
OVERRIDES: Final = frozenset({"players", "hand_size", "target", "pisti_points",
                              "jack_pisti_points", "last_card_pisti", "show_bottom"})
"""The fields a preset may change (the layout and the opening are the game's own)."""


class PishtiRulesError(Refusal):
    """A rules setting of the wrong type or value; ``reason`` and ``params`` name the field."""


@dataclass(frozen=True)
class PishtiRules(PresetRules, Seating):
    """Every switch of one game of the Pishti group. Frozen; vary with :meth:`replace`.

    Attributes:
        name: the preset's name.
        layout: ``"pile"`` (Pishti, Xeri: only the top card of one pile counts; a card of its
            rank or a jack takes the whole pile [V]) or ``"floor"`` (Basra: the cards lie side
            by side; a card takes by rank and by sums, several groups at once, Q and K only by
            rank, a jack or the 7♦ takes the whole floor [V]).
        players: 2, 3 or 4; four play in two partnerships (seats 0+2 against 1+3) [V].
        hand_size: cards dealt to each player per deal (4; Xeri 6 [V]).
        opening: how the 4 middle cards start the round. ``"turn_up"`` (Pishti [V]): they go
            face down and the top one is turned up; a jack turned up stays up and the next is
            turned, four jacks mean a new deal; the cards never turned stay face down until
            the first capture takes them. ``"reshuffle"`` (Xeri [V]): face up as one pile; two
            of one rank among them, or a jack on top, send them back into the stock, which is
            shuffled before four more are dealt. ``"bury"`` (Basra [V]): face up side by side;
            a jack or the 7♦ among them goes back to the bottom of the stock and the next card
            takes its place.
        target: match points that win (151 in Pishti, 101 in Xeri and Basra) [V].
        pisti_points: the bonus for a pişti / xeri / basra (10) [V].
        jack_pisti_points: the bonus when a jack takes a lone jack (20 in Pishti [V: de.wikipedia,
            lodige]; in Xeri [P]); in Basra a jack never scores a basra, so it is unused there.
        last_card_pisti: a bonus made with the round's last card counts (off in Pishti, after
            de.wikipedia and lodige.com [V]; on in Xeri and Basra, whose sources void nothing).
        show_bottom: the stock's bottom card is shown to everyone until the dealer takes it
            with the last deal (Pishti [V]).

    Raises:
        PishtiRulesError: a field of the wrong type or outside its range, or a hand size with
            which the pack does not deal out.
    """

    OVERRIDES = OVERRIDES
    ERROR = PishtiRulesError

    name: str = "pishti"
    layout: Layout = "pile"
    players: int = 2
    hand_size: int = 4
    opening: Opening = "turn_up"
    target: int = 151
    pisti_points: int = 10
    jack_pisti_points: int = 20
    last_card_pisti: bool = False
    show_bottom: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise PishtiRulesError.of("rules_text", name="name", text=repr(self.name))
        for field, names in (("layout", LAYOUTS), ("opening", OPENINGS)):
            if getattr(self, field) not in names:
                raise PishtiRulesError.of("rules_choice", name=field,
                                          text=repr(getattr(self, field)), names=list(names))
        for field, low, high in (("players", 2, 4), ("hand_size", 1, 24),
                                 ("target", 1, MAX_TARGET), ("pisti_points", 0, 100),
                                 ("jack_pisti_points", 0, 100)):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise PishtiRulesError.of("rules_range", name=field, text=repr(value), min=low,
                                          max=high)
        for field in ("last_card_pisti", "show_bottom"):
            if not isinstance(getattr(self, field), bool):
                raise PishtiRulesError.of("rules_flag", name=field,
                                          text=repr(getattr(self, field)))
        try:
            deals_in_round(PACK_SIZE, self.players, self.hand_size, TABLE_CARDS)
        except DealError as exc:
            raise PishtiRulesError.of("pack_uneven", cards=PACK_SIZE - TABLE_CARDS,
                                      players=self.players, hand=self.hand_size) from exc

    # -- derived facts -------------------------------------------------------------------------

    @property
    def deals_per_round(self) -> int:
        """Deals that use up the pack after the 4 middle cards (6 for two players of 4)."""
        return deals_in_round(PACK_SIZE, self.players, self.hand_size, TABLE_CARDS)



PISHTI: Final = PishtiRules()
_XERI: Final = PishtiRules(name="xeri", hand_size=6, opening="reshuffle", target=101,
                           last_card_pisti=True, show_bottom=False)
_BASRA: Final = PishtiRules(name="basra", layout="floor", opening="bury", target=101,
                            last_card_pisti=True, show_bottom=False)
PRESETS: Final[dict[str, PishtiRules]] = {
    "pishti": PISHTI,
    "pishti_three": PISHTI.replace(name="pishti_three", players=3),
    "pishti_four": PISHTI.replace(name="pishti_four", players=4),
    "xeri": _XERI,
    "basra": _BASRA,
    "basra_four": _BASRA.replace(name="basra_four", players=4),
}
"""The presets, by name (module docstring)."""
PishtiRules.PRESETS = PRESETS


def catalog() -> dict[str, Any]:
    """What a new-game screen offers: ``{"presets": {name: rules dict}, "overrides": [...]}``."""
    return fishing_catalog(PRESETS, OVERRIDES)
