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
from functools import lru_cache
from typing import Any, Final, Literal, get_args

from .cards import Card, full_pack

CourtCapture = Literal["one", "one_or_three", "all", "any"]
BuilderRestriction = Literal["no_trail", "may_trail", "wiki2", "wiki3", "penalty"]
Sweeps = Literal["off", "one", "cancel", "two"]
GameEnd = Literal["target", "one_deal", "two_deals", "eleven_doubling", "deals_twice"]
TieBreak = Literal["another_round", "cards_then_spades", "count_out"]
Pack = Literal["standard", "no_courts", "no_high"]
Values = Literal["classic", "royal"]
TableAce = Literal["chosen", "one"]
Scoring = Literal["standard", "spade24", "spade25", "spade26", "diamond"]


class RulesError(ValueError):
    """A rules setting has a wrong type or value (the message names the field)."""


class NotSupportedError(RulesError):
    """A declared rule switch whose play is not implemented yet (the message names it)."""


@dataclass(frozen=True)
class Rules:
    """Every rule switch of a Cassino game. Frozen; make variants with :meth:`replace`.

    Attributes:
        name: the preset this came from (``"classic"``), for display and records.
        players: number of players, 2 to 6 [PAG §1]; 5 plays with 49 cards (the twos of hearts,
            diamonds and clubs removed, five cards each on the last deal) [S003 §3.4]; 6 as in
            California Cassino [S003].
        partnerships: with 4 (or 6) players, two sides of partners sitting alternately, so
            partners are opposite at four [PAG][S000]; their piles and points are pooled.
        deal_packet: cards per packet when dealing: 2 (in twos, [PAG][FOS][S000][S002][S004]) or
            1 (singly, California Cassino [S003]).
        hand_size: cards dealt to each player per deal: 4, or 3 in Diamond Cassino [WIKI][OST].
        pack: ``"standard"`` 52 cards; ``"no_courts"`` the 40 without court cards (Diamond,
            WIKI); ``"no_high"`` the 40 without 8s, 9s and 10s (Diamond, OST) (D21).
        values: ``"classic"`` (courts have no value) or ``"royal"`` (J 11, Q 12, K 13, an ace
            from hand 1 or 14) [PAG-R][S000][S004].
        table_ace: Royal only: ``"chosen"`` (a table ace counts 1 or 14 as whoever captures or
            builds with it chooses [S000]) or ``"one"`` (always 1 [FOS07]) (D16).
        big_casino_eleven: Buckeye: the 10 of diamonds counts 10 or 11 [S003].
        court_capture: how many matching court cards one court card takes (D1): ``"one"``
            [PAG][S002][S004]; ``"one_or_three"`` (three when you hold the fourth) [S000][S002];
            ``"all"`` (every matching loose court card) [FOS][BRIT]; ``"any"`` (any number of
            them, Trailing-Royals [S003]).
        court_builds: court cards may be built naturally, "building jacks" (Trailing-Royals
            [S003]).
        capture_compulsory: a card that can capture may not be trailed [BRIT] (D2).
        builder_restriction: what the owner of a build may do (D4): ``"no_trail"`` (may not trail;
            WIKI variant 1, [PAG]); ``"may_trail"``; ``"wiki2"`` (must take or add to the build);
            ``"wiki3"`` (must take, add to or raise it, or make another build); ``"penalty"``
            (Michigan: the owner may default, trailing or giving up the last card of the value,
            at a cost of 2 points each time [S003]).
        raise_own_build: whether a player may raise a single build they own (D5) [PAG][FOS][S000].
        same_value_builds: whether two separate builds of one value may lie on the table (D9).
        partner_building: in partnerships, build to the partner's announced value without holding
            it (D10) [S000].
        sweeps: ``"one"`` point each [FOS][S000]; ``"off"`` [USPC52]; ``"cancel"`` (opposing sweeps
            cancel one another) [FOS][DICK94]; ``"two"`` each (Michigan) [WIKI] (D11, D12).
        sudden_death: sweeps score as they are made, and a side whose match total reaches
            ``target - 1`` with a sweep wins at once [S003 §10].
        draw: Draw Cassino: no deals after the first; each player draws a card from the stock
            after every play while it lasts [FOS][S000][S003].
        pluck: Pluck Cassino: once per deal a player may take one loose table card into their
            pile [S003 §15.8]. The seed is thin; our reading: the pluck comes before the card is
            played (so "not the card just played" holds by construction), never a card that
            scores by itself (aces, the casinos; every spade under Spade scoring), never the
            only card on the table, never on the player's last turn of the round (stock empty,
            one card in hand), and it is neither a capture nor a sweep.
        initial_pairs: pairs dealt to the table go at once to the first player [S003].
        scoring: ``"standard"`` (11 a round [PAG §12]); ``"spade24"`` / ``"spade25"`` /
            ``"spade26"`` (Spade Cassino after FOS and PAG / WIKI / BIC, D19); ``"diamond"``
            (OST via SEC; the seeds only name the aces and the 7 of diamonds, so we take OST's
            count: cards 1, diamonds 1, 7 of diamonds 1, 2 for each set of four 7s, 6s or
            aces, and leave out its impossible "27 cards" threshold).
        portuguese_tiebreak: at 26 cards each, most spades takes the 3 points for cards [WIKI].
        double_below: when the loser ends the match under this many points, the winner's game
            counts double (Spade: 31 [BIC][S000]); 0 turns it off (D20).
        game_end: ``"target"`` (play rounds until a side reaches :attr:`target`); ``"one_deal"``
            (each round is a game [DICK67][S002]); ``"two_deals"`` (two rounds, each player
            dealing once [S000]); ``"eleven_doubling"`` (to 11; double in two rounds, quadruple
            in one [USPC52][S002]); ``"deals_twice"`` (every player deals twice, California
            [S003]) (D28).
        target: points that win the match (21 [PAG][S004]; 31, 61, any positive number).
        tie_break: when several sides pass the target in one round with equal totals (D14):
            ``"another_round"`` [PAG][S004]; ``"cards_then_spades"`` [S002]; ``"count_out"`` (the
            round's points are counted in order and the first to reach the target wins) [FOS].
    """

    name: str = "classic"
    players: int = 2
    partnerships: bool = True
    deal_packet: int = 2
    hand_size: int = 4
    pack: Pack = "standard"
    values: Values = "classic"
    table_ace: TableAce = "chosen"
    big_casino_eleven: bool = False
    court_capture: CourtCapture = "one"
    court_builds: bool = False
    capture_compulsory: bool = False
    builder_restriction: BuilderRestriction = "no_trail"
    raise_own_build: bool = True
    same_value_builds: bool = True
    partner_building: bool = True
    sweeps: Sweeps = "one"
    sudden_death: bool = False
    draw: bool = False
    pluck: bool = False
    initial_pairs: bool = False
    scoring: Scoring = "standard"
    portuguese_tiebreak: bool = False
    double_below: int = 0
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
        return check_supported(PRESETS[name.lower()].replace(**overrides))

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
        return check_supported(dataclasses.replace(self, **overrides))

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
        """Number of scoring sides: the players, or 2 for partnerships of four (or six)."""
        return 2 if self.partnerships and self.players in (4, 6) else self.players

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat: partners sit alternately, so at four they face each
        other [PAG][S000]."""
        return seat % self.sides

    def partner_of(self, seat: int, other: int) -> bool:
        """True when ``other`` is a different seat on ``seat``'s side."""
        return other != seat and self.side_of(other) == self.side_of(seat)

    def pack_cards(self) -> tuple[Card, ...]:
        """The cards in play, in :func:`~cassino_core.cards.full_pack` order: 52; 40 for
        Diamond (no court cards, or no 8s, 9s and 10s) [WIKI][OST]; five players drop the twos
        of hearts, diamonds and clubs [S003 §3.4]."""
        return _pack(self.pack, self.players)

    @property
    def table_cards(self) -> int:
        """Cards laid face up on the table by the first deal: 4 [PAG §3.1]."""
        return 4

    @property
    def deal_sizes(self) -> tuple[int, ...]:
        """Cards to each player on each deal of a round, first deal first.

        Four each while the pack lasts: 6 deals for two players, 4 for three, 3 for four, 2
        for six [PAG §3.2]; five players get a fifth card on the last deal [S003 §3.4]; Diamond
        deals three [WIKI]; Draw Cassino deals once and then draws [FOS].
        """
        if self.draw:
            return (self.hand_size,)
        rest = len(self.pack_cards()) - self.table_cards
        per_deal = self.hand_size * self.players
        deals, left = divmod(rest, per_deal)
        sizes = [self.hand_size] * deals
        if left:
            sizes[-1] += left // self.players
        return tuple(sizes)

    @property
    def deals_per_round(self) -> int:
        """How many deals empty the pack (see :attr:`deal_sizes`)."""
        return len(self.deal_sizes)

    @property
    def max_build_value(self) -> int:
        """Highest value a build may have: the highest value a card can take [PAG §6.8]: 10 in
        Classic (7 with no 8s, 9s or 10s), 14 in Royal (an ace from hand counts 14)."""
        if self.values == "royal":
            return 14
        return max(c.rank for c in self.pack_cards() if not c.is_court)


# California Cassino's tables [S003; RULES.md 15.5]: 2, 3, 4 or 6 players, never 5.
CALIFORNIA_PLAYERS = (2, 3, 4, 6)


@lru_cache(maxsize=32)
def _pack(pack: str, players: int) -> tuple[Card, ...]:
    cards = full_pack()
    if pack == "no_courts":
        cards = tuple(c for c in cards if not c.is_court)
    elif pack == "no_high":
        cards = tuple(c for c in cards if c.rank not in (8, 9, 10))
    if players == 5:
        cards = tuple(c for c in cards if not (c.rank == 2 and c.suit != "S"))
    return cards


_CHOICES: Final = {
    "court_capture": get_args(CourtCapture),
    "builder_restriction": get_args(BuilderRestriction),
    "sweeps": get_args(Sweeps),
    "game_end": get_args(GameEnd),
    "tie_break": get_args(TieBreak),
    "pack": get_args(Pack),
    "values": get_args(Values),
    "table_ace": get_args(TableAce),
    "scoring": get_args(Scoring),
}

_LIMITS: Final = {
    "players": (2, 6), "deal_packet": (1, 2), "hand_size": (3, 4), "target": (1, 1000),
    "double_below": (0, 1000),
}

_NOT_YET: Final[set[tuple[str, object]]] = set()
"""Switches declared but not played yet (none at present)."""


def _check_fields(rules: Rules) -> None:
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name in _CHOICES:
            if value not in _CHOICES[f.name]:
                options = ", ".join(repr(c) for c in _CHOICES[f.name])
                raise RulesError(f"rules field {f.name!r} must be one of {options}, not {value!r}")
        elif f.type in ("bool",) and not isinstance(value, bool):
            raise RulesError(f"rules field {f.name!r} must be true or false, not {value!r}")
        elif f.type in ("int",) and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"rules field {f.name!r} must be a whole number, not {value!r}")
        elif f.type == "str" and not isinstance(value, str):
            raise RulesError(f"rules field {f.name!r} must be text, not {value!r}")
        if f.name in _LIMITS:
            low, high = _LIMITS[f.name]
            if not low <= value <= high:
                raise RulesError(f"rules field {f.name!r} must be from {low} to {high}, "
                                 f"not {value}")
    if rules.players == 5 and rules.pack != "standard":
        raise RulesError("five players play with the standard pack less three twos")
    if rules.name == "california" and rules.players not in CALIFORNIA_PLAYERS:
        raise RulesError(f"California Cassino is played by 2, 3, 4 or 6 players, not "
                         f"{rules.players}")
    rest = len(rules.pack_cards()) - rules.table_cards
    per_deal = rules.hand_size * rules.players
    if not rules.draw and (rest < per_deal or rest % per_deal % rules.players):
        raise RulesError(f"a pack of {rest + rules.table_cards} cards does not deal out evenly "
                         f"to {rules.players} players {rules.hand_size} at a time")
    if rules.hand_size % rules.deal_packet and rules.deal_packet != 1:
        raise RulesError(f"hands of {rules.hand_size} cannot be dealt in packets of "
                         f"{rules.deal_packet}")


def check_supported(rules: Rules) -> Rules:
    """Return ``rules`` if every switch in it is played by this engine.

    Raises:
        NotSupportedError: a switch declared but not played yet (named in the message).
    """
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if (f.name, value) in _NOT_YET:
            raise NotSupportedError(f"rules {f.name}={value!r} is not supported yet")
    return rules


def catalog() -> dict[str, Any]:
    """Every rules field for a settings screen: ``{field: {"type": "bool"|"int"|"choice"|"text",
    "default", "choices"?, "min"?, "max"?}}`` (the page words them; see web/ui/strings.js)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(Rules):
        entry: dict[str, Any] = {"default": getattr(CLASSIC, f.name)}
        if f.name in _CHOICES:
            entry.update(type="choice", choices=list(_CHOICES[f.name]))
        elif f.type == "bool":
            entry["type"] = "bool"
        elif f.type == "int":
            entry["type"] = "int"
            if f.name in _LIMITS:
                entry["min"], entry["max"] = _LIMITS[f.name]
        else:
            entry["type"] = "text"
        out[f.name] = entry
    return out


CLASSIC: Final = Rules()
"""Two-player Classic Cassino: our defaults (RULES.md part 1; [PAG] with the seeds' choices)."""

_ROYAL: Final = Rules(name="royal", values="royal")

PRESETS: Final[dict[str, Rules]] = {
    "classic": CLASSIC,
    # Royal Cassino [PAG-R][BIC][S000][S004]: courts 11-13, an ace 1 or 14; sweeps kept as in
    # S004 (D18).
    "royal": _ROYAL,
    # Buckeye [S003]: Royal, and the 10 of diamonds counts 10 or 11.
    "buckeye": dataclasses.replace(_ROYAL, name="buckeye", big_casino_eleven=True),
    # Spade Cassino [FOS][PAG][S000]: every spade scores, 24 a round, game 61, double under 31.
    "spade": Rules(name="spade", scoring="spade24", target=61, double_below=31),
    # Spade Royal [OST][S000]: Royal values with Spade scoring.
    "spade_royal": Rules(name="spade_royal", values="royal", scoring="spade24", target=61,
                         double_below=31),
    # Draw Cassino [FOS 1909][S000][S003]: one deal, then draw after every play.
    "draw": Rules(name="draw", draw=True),
    # Diamond Cassino [S003][OST]: 40 cards without courts, three each, its own scoring, to 11.
    "diamond": Rules(name="diamond", pack="no_courts", hand_size=3, deal_packet=1,
                     scoring="diamond", target=11),
    # California Cassino [S003]: dealt singly, courts taken together, no sweeps, each deals twice.
    "california": Rules(name="california", deal_packet=1, court_capture="all", sweeps="off",
                        game_end="deals_twice"),
    # Portuguese Cassino [S003]: to 31, spades decide a 26-26 tie for cards.
    "portuguese": Rules(name="portuguese", target=31, portuguese_tiebreak=True),
    # Trailing-Royals [S003]: courts built naturally and taken several at once.
    "trailing_royals": Rules(name="trailing_royals", court_capture="any", court_builds=True),
    # Pluck Cassino [S003]: one pluck of a table card per deal.
    "pluck": Rules(name="pluck", pluck=True),
    # Initial pairs [S003]: pairs dealt to the table go to the first player.
    "initial_pairs": Rules(name="initial_pairs", initial_pairs=True),
    # Sudden death [S003 §10]: sweeps scored at once; reaching 20 with one wins.
    "sudden_death": Rules(name="sudden_death", sudden_death=True),
    # Michigan [S003]: sweeps 2, a builder's default costs 2 points.
    "michigan": Rules(name="michigan", sweeps="two", builder_restriction="penalty"),
}
"""Named presets, each a whole ruleset; overrides change single switches."""
