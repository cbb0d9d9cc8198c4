"""The rule switches of a game and the named presets.

Every point where the sources disagree and a player could meet it at a real table is a field of
:class:`Rules` (RULES.md part 1). The defaults are the ``classic`` preset: pagat's "Casino" [PAG]
where the user's seeds are silent, the seeds (S000, S002, S004) where they speak.

Some switches are declared but not played yet; choosing them raises :class:`NotSupportedError`
naming the switch, so a saved setting never silently means something else.

>>> Rules.from_name("classic", sweeps="off").sweeps
'off'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

CourtCapture = Literal["one", "one_or_three", "all"]
BuilderRestriction = Literal["no_trail", "may_trail", "wiki2", "wiki3"]
Sweeps = Literal["off", "one", "cancel", "two"]
GameEnd = Literal["target", "one_deal", "two_deals", "eleven_doubling"]
TieBreak = Literal["another_round", "cards_then_spades", "count_out"]


class RulesError(ValueError):
    """A rules setting has a wrong type or value (the message names the field)."""


class NotSupportedError(RulesError):
    """A declared rule switch whose play is not implemented yet (the message names it)."""


@dataclass(frozen=True)
class Rules:
    """Every rule switch of a Cassino game. Frozen; make variants with :meth:`replace`.

    Attributes:
        name: the preset this came from (``"classic"``), for display and records.
        players: number of players (2 now; 3, 4 and 5 come with the next release).
        partnerships: with 4 players, two partnerships with partners opposite [PAG][S000].
        deal_packet: cards per packet when dealing: 2 (in twos, [PAG][FOS][S000][S002][S004]) or
            1 (singly, California Cassino [S003]).
        court_capture: how many matching court cards one court card takes (D1): ``"one"``
            [PAG][S002][S004]; ``"one_or_three"`` (three when you hold the fourth) [S000][S002];
            ``"all"`` (every matching loose court card) [FOS][BRIT].
        capture_compulsory: a card that can capture may not be trailed [BRIT] (D2).
        builder_restriction: what the owner of a build may do (D4): ``"no_trail"`` (may not trail;
            WIKI variant 1, [PAG]); ``"may_trail"``; ``"wiki2"`` (must take or add to the build);
            ``"wiki3"`` (must take, add to or raise it, or make another build).
        raise_own_build: whether a player may raise a single build they own (D5) [PAG][FOS][S000].
        same_value_builds: whether two separate builds of one value may lie on the table (D9).
        partner_building: in partnerships, build to the partner's announced value without holding
            it (D10) [S000].
        sweeps: ``"one"`` point each [FOS][S000]; ``"off"`` [USPC52]; ``"cancel"`` (opposing sweeps
            cancel one another) [FOS][DICK94]; ``"two"`` each (Michigan) [WIKI] (D11, D12).
        portuguese_tiebreak: at 26 cards each, most spades takes the 3 points for cards [WIKI].
        game_end: ``"target"`` (play rounds until a side reaches :attr:`target`); ``"one_deal"``,
            ``"two_deals"`` [S000], ``"eleven_doubling"`` [S002] (D28).
        target: points that win the match (21 [PAG][S004]; 31, 61, any positive number).
        tie_break: when several sides pass the target in one round with equal totals (D14):
            ``"another_round"`` [PAG][S004]; ``"cards_then_spades"`` [S002]; ``"count_out"`` [FOS].
    """

    name: str = "classic"
    players: int = 2
    partnerships: bool = True
    deal_packet: int = 2
    court_capture: CourtCapture = "one"
    capture_compulsory: bool = False
    builder_restriction: BuilderRestriction = "no_trail"
    raise_own_build: bool = True
    same_value_builds: bool = True
    partner_building: bool = True
    sweeps: Sweeps = "one"
    portuguese_tiebreak: bool = False
    game_end: GameEnd = "target"
    target: int = 21
    tie_break: TieBreak = "another_round"

    def __post_init__(self) -> None:
        _check_fields(self)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_name(cls, name: str, **overrides: Any) -> Rules:
        """The preset called ``name`` (see :data:`PRESETS`), with fields overridden.

        Raises:
            RulesError: unknown preset or field, or a value of the wrong type.
            NotSupportedError: a switch that is declared but not played yet.
        """
        if not isinstance(name, str) or name.lower() not in PRESETS:
            raise RulesError(f"unknown rules preset {name!r}; known: {', '.join(sorted(PRESETS))}")
        return PRESETS[name.lower()].replace(**overrides)

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some fields changed (checked like a new object).

        Raises:
            RulesError: an unknown field name or a bad value.
            NotSupportedError: a switch that is declared but not played yet.
        """
        names = {f.name for f in dataclasses.fields(self)}
        for key in overrides:
            if key not in names:
                raise RulesError(f"unknown rules field {key!r}")
        return dataclasses.replace(self, **overrides)

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from :meth:`to_dict` output; ``name`` picks the preset the other fields change.

        Raises:
            RulesError: not an object, unknown preset or field, or a bad value.
            NotSupportedError: a switch that is declared but not played yet.
        """
        if not isinstance(data, dict):
            raise RulesError("rules must be an object of fields")
        fields = dict(data)
        name = fields.pop("name", "classic")
        return cls.from_name(name, **fields)

    # -- derived facts ------------------------------------------------------------------------

    @property
    def sides(self) -> int:
        """Number of scoring sides: players, or 2 for four players in partnerships."""
        return 2 if self.players == 4 and self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat (partners opposite share a side)."""
        return seat % self.sides

    @property
    def deals_per_round(self) -> int:
        """How many deals empty the pack: 6 for two players [PAG §3.2]."""
        return (52 - 4) // (4 * self.players)

    @property
    def max_build_value(self) -> int:
        """Highest value a build may have: the highest card value (10 in Classic) [PAG §6.8]."""
        return 10


_CHOICES: Final = {
    "court_capture": get_args(CourtCapture),
    "builder_restriction": get_args(BuilderRestriction),
    "sweeps": get_args(Sweeps),
    "game_end": get_args(GameEnd),
    "tie_break": get_args(TieBreak),
}

_NOT_YET: Final = {
    ("game_end", "one_deal"), ("game_end", "two_deals"), ("game_end", "eleven_doubling"),
    ("tie_break", "count_out"),
}


def _check_fields(rules: Rules) -> None:
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name in _CHOICES:
            if value not in _CHOICES[f.name]:
                options = ", ".join(repr(c) for c in _CHOICES[f.name])
                raise RulesError(f"rules field {f.name!r} must be one of {options}, not {value!r}")
            if (f.name, value) in _NOT_YET:
                raise NotSupportedError(f"rules {f.name}={value!r} is not supported yet")
        elif f.type in ("bool",) and not isinstance(value, bool):
            raise RulesError(f"rules field {f.name!r} must be true or false, not {value!r}")
        elif f.type in ("int",) and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"rules field {f.name!r} must be a whole number, not {value!r}")
        elif f.type == "str" and not isinstance(value, str):
            raise RulesError(f"rules field {f.name!r} must be text, not {value!r}")
    if rules.players not in (2, 3, 4, 5):
        raise RulesError(f"players must be 2, 3, 4 or 5, not {rules.players}")
    if rules.players != 2:
        raise NotSupportedError(f"{rules.players} players is not supported yet (two players only)")
    if rules.deal_packet not in (1, 2):
        raise RulesError(f"deal_packet must be 1 or 2, not {rules.deal_packet}")
    if not 1 <= rules.target <= 1000:
        raise RulesError(f"target must be between 1 and 1000 points, not {rules.target}")


CLASSIC: Final = Rules()
"""Two-player Classic Cassino: our defaults (RULES.md part 1; [PAG] with the seeds' choices)."""

PRESETS: Final[dict[str, Rules]] = {"classic": CLASSIC}
"""Named presets; more variants (Royal, Spade, Draw, ...) join with the next release."""
