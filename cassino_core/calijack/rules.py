"""The rule switches of California Jack and Shasta Sam, and their two presets.

Source: seed 001 ("Калифорнийский Джек", with its variant Shasta Sam). Both games use the whole
52-card pack, ace high; each player gets six cards; the deal alternates. The only difference
between the two is the stock:

- ``california_jack``: the undealt cards lie face up, so everybody sees the card a trick's winner
  will draw; that top card names trumps for the deal [S001 "СДАЧА"].
- ``shasta_sam``: the stock lies face down; trumps are fixed before the deal by turning a card
  that is then shuffled back [S001 "ВАРИАНТ"].

The seed lets the cards be dealt "one or three at a time" (``deal_packet``) and plays to ten
points (``target``). The seed makes the second player follow suit when able and trump or throw
only when void (``follow="suit"``); Foster's *Complete Hoyle* (1897) and the Bicycle rules let
that player trump instead of following, and only a player who can do neither throw another
suit (``follow="suit_or_trump"``).

>>> JackRules.from_name("shasta_sam", deal_packet=3).to_dict()["deal_packet"]
3
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from ..errors import Refusal
from ..numbers import whole_number

Variant = Literal["california_jack", "shasta_sam"]
VARIANTS: Final[tuple[str, ...]] = get_args(Variant)

Follow = Literal["suit", "suit_or_trump"]
FOLLOWS: Final[tuple[str, ...]] = get_args(Follow)

HAND_SIZE: Final = 6
"""Cards dealt to each player [S001 "СДАЧА"]."""

MAX_TARGET: Final = 100
"""Highest target accepted (the seed plays to 10; longer matches are a house choice)."""


class JackRulesError(Refusal):
    """A rules setting of the wrong type or value; the message, ``reason`` and ``params`` name
    the field."""


@dataclass(frozen=True)
class JackRules:
    """Every switch of one California Jack family game. Frozen; vary with :meth:`replace`.

    Attributes:
        variant: ``"california_jack"`` (face-up stock, its top card turns trumps) or
            ``"shasta_sam"`` (face-down stock, trumps turned before the deal) [S001].
        deal_packet: cards per packet when dealing: 1 or 3 [S001 "по одной либо по три"].
        target: match points that win, 10 by the seed [S001 "ПОДСЧЁТ ОЧКОВ"]; 1 to 100.
        follow: what the second card to a trick may be. ``"suit"`` [S001 "РОЗЫГРЫШ"]: a card of
            the suit led when the player holds one, else any card. ``"suit_or_trump"`` [Foster,
            *Complete Hoyle* 1897, "California Jack"; Bicycle's rules]: a card of the suit led
            or a trump, even when the player could follow; any card only when it holds neither.

    Raises:
        JackRulesError: a field of the wrong type or outside its range.
    """

    variant: Variant = "california_jack"
    deal_packet: int = 1
    target: int = 10
    follow: Follow = "suit"

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise JackRulesError.of("rules_choice", name="variant", text=repr(self.variant),
                                    names=list(VARIANTS))
        for name in ("deal_packet", "target"):  # bounded before repr() quotes them below
            value = getattr(self, name)
            if isinstance(value, int) and not isinstance(value, bool):
                whole_number(value, JackRulesError, {"field": name})
        if self.follow not in FOLLOWS:
            raise JackRulesError.of("rules_choice", name="follow", text=repr(self.follow),
                                    names=list(FOLLOWS))
        if isinstance(self.deal_packet, bool) or self.deal_packet not in (1, 3):
            raise JackRulesError.of("rules_choice", name="deal_packet",
                                    text=repr(self.deal_packet), names=[1, 3])
        if (isinstance(self.target, bool) or not isinstance(self.target, int)
                or not 1 <= self.target <= MAX_TARGET):
            raise JackRulesError.of("rules_range", name="target", text=repr(self.target), min=1,
                                    max=MAX_TARGET)

    @property
    def face_up_stock(self) -> bool:
        """True when the stock lies face up (California Jack), False when face down."""
        return self.variant == "california_jack"

    def replace(self, **changes: Any) -> JackRules:
        """A copy with some fields changed (validated like a new value).

        Raises:
            JackRulesError: an unknown field or a bad value.
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise JackRulesError.of("rules_unknown_field", name=", ".join(sorted(unknown)))
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_name(cls, name: str, **overrides: Any) -> JackRules:
        """A preset (``"california_jack"`` or ``"shasta_sam"``) with optional overrides of
        ``deal_packet``, ``target`` and ``follow`` (the variant itself is fixed by the name).

        Raises:
            JackRulesError: an unknown preset, an unknown or forbidden field, a bad value.
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise JackRulesError.of("unknown_game", name=str(name), names=list(PRESETS))
        if "variant" in overrides:
            raise JackRulesError.of("jack_variant_override")
        return PRESETS[name].replace(**overrides)

    def to_dict(self) -> dict[str, Any]:
        """``{"variant": str, "deal_packet": 1|3, "target": int, "follow": str}`` (JSON-ready)."""
        return {"variant": self.variant, "deal_packet": self.deal_packet, "target": self.target,
                "follow": self.follow}

    @classmethod
    def from_dict(cls, data: object) -> JackRules:
        """Read :meth:`to_dict`'s form back; every key is required and no other is allowed,
        except ``follow``, which records and saved games written before it existed lack (they
        were played under the seed's ``"suit"``).

        Raises:
            JackRulesError: not an object, a missing or unknown key, a bad value.
        """
        if not isinstance(data, dict):
            raise JackRulesError.of("need_object", {"field": "rules"})
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise JackRulesError.of("unknown_fields", {"field": "rules"},
                                    names=sorted(map(str, unknown)))
        missing = names - set(data) - {"follow"}
        if missing:
            raise JackRulesError.of("missing_fields", {"field": "rules"}, names=sorted(missing))
        return cls(**data)


CALIFORNIA_JACK: Final = JackRules("california_jack")
SHASTA_SAM: Final = JackRules("shasta_sam")
PRESETS: Final[dict[str, JackRules]] = {"california_jack": CALIFORNIA_JACK,
                                        "shasta_sam": SHASTA_SAM}
