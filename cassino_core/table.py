"""Builds on the table, and the value a card has for capturing and building.

A build is a pile of table cards joined under one announced value [PAG §6]. A *single* build is
one group of cards adding up to its value (raisable by one card from hand); a *multiple* build
is two or more groups each adding up to the value, and its value never changes [PAG][FOS][S002].
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, sort_key


def card_value(card: Card) -> int | None:
    """The value a card has in sums and builds: ace 1, two to ten their pips [PAG §2].

    Court cards have no value in Classic Cassino: they only pair with their own rank (None).
    """
    return None if card.is_court else card.rank


class PositionError(ValueError):
    """A position or build that cannot occur in a game (the message names the fault)."""


@dataclass(frozen=True, slots=True)
class Build:
    """A build lying on the table.

    Attributes:
        groups: the cards, as groups each adding up to ``value`` (a single build has one group,
            which may add up to ``value`` with any number of cards).
        value: the announced capture value, 1 to 10 in Classic (1 only for a multiple build
            of aces, "building aces", as "building threes" [PAG §6.3]).
        multiple: True for a multiple build (never raised, only added to) [PAG §6.3].
        owner: the seat that last created, raised or added to it [PAG §6.7].
    """

    groups: tuple[tuple[Card, ...], ...]
    value: int
    multiple: bool
    owner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the build in display order."""
        return tuple(sorted((c for g in self.groups for c in g), key=sort_key))

    def check(self, players: int) -> None:
        """Raise :class:`PositionError` unless this build could stand on a table.

        Checks: numeral cards only, every group adds up to the value, a single build has one
        group of at least two cards, a multiple build at least two groups, a valid owner.
        """
        label = f"build of {self.value} ({' '.join(str(c) for c in self.cards)})"
        if not isinstance(self.value, int) or not 1 <= self.value <= 10:
            raise PositionError(f"{label}: value must be 1 to 10")
        if not isinstance(self.owner, int) or not 0 <= self.owner < players:
            raise PositionError(f"{label}: owner must be a seat from 0 to {players - 1}")
        for group in self.groups:
            values = [card_value(c) for c in group]
            if not group or None in values:
                raise PositionError(f"{label}: court cards cannot be built")
            if sum(v for v in values if v is not None) != self.value:
                raise PositionError(f"{label}: group {' '.join(map(str, group))} "
                                    f"does not add up to {self.value}")
        if self.multiple and len(self.groups) < 2:
            raise PositionError(f"{label}: a multiple build needs two or more groups")
        if not self.multiple and (len(self.groups) != 1 or len(self.groups[0]) < 2):
            raise PositionError(f"{label}: a single build is one group of two or more cards")
