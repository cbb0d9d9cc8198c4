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
from .errors import Refusal
from .numbers import whole_number

CourtCapture = Literal["one", "one_or_three", "all", "any"]
BuilderRestriction = Literal["no_trail", "may_trail", "wiki2", "wiki3", "penalty"]
Sweeps = Literal["off", "one", "cancel", "two"]
GameEnd = Literal["target", "one_deal", "two_deals", "eleven_doubling", "deals_twice"]
TieBreak = Literal["another_round", "cards_then_spades", "count_out"]
Pack = Literal["standard", "no_courts", "no_high"]
Values = Literal["classic", "royal", "finnish"]
TableAce = Literal["chosen", "one"]
Scoring = Literal["standard", "spade24", "spade25", "spade26", "diamond", "finnish"]
HandAce = Literal["both", "capture", "one"]
# -- scoring, deal and match switches (issue 15) --
DealOrder = Literal["table_before_dealer", "table_last"]
LastSweep = Literal["counts", "not_last_play", "not_last_deal"]


class RulesError(Refusal):
    """A rules setting has a wrong type or value (the message, ``reason`` and ``params`` name
    the field)."""


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
        values: ``"classic"`` (courts have no value), ``"royal"`` (J 11, Q 12, K 13, an ace
            from hand 1 or 14) [PAG-R][S000][S004], or ``"finnish"`` (Finnish Kasino,
            FAMILY.md §5.12 after pagat's Nordic Casino, korttipelit.net and fandom: J 11, Q 12,
            K 13; three cards count more from hand than on the table: an ace 14 from hand and
            1 on the table, the 2 of spades 15 and 2, the 10 of diamonds 16 and 10; so a played
            ace never pairs a table ace). Builds, when ``building`` is on, then reach 16.
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
        no_pair_trail: a card that can pair a loose table card may not be trailed (Dominican
            Royal [PAG-R], RULES.md §15.1: a card that pairs must capture, and
            ``whole_captures`` makes it take every loose card of the rank). Pairing: a loose
            card of the same rank that the card takes by value (so a Finnish ace, 14 from hand,
            does not pair a table ace). Weaker than ``capture_compulsory``: a card that only
            makes a sum may still be trailed.
        building: whether builds may be made at all; off in the Nordic presets ("usually no
            building", FAMILY.md §5.12 after pagat's Nordic Casino). Off, the only moves are
            captures and trails, so the builder switches have nothing to act on.
        builder_restriction: what the owner of a build may do (D4): ``"no_trail"`` (may not trail;
            WIKI variant 1, [PAG]); ``"may_trail"``; ``"wiki2"`` (must take or add to the build);
            ``"wiki3"`` (must take, add to or raise it, or make another build); ``"penalty"``
            (Michigan: the owner may default, trailing or giving up the last card of the value,
            at a cost of 2 points each time [S003]).
        raise_own_build: whether a player may raise a single build they own (D5) [PAG][FOS][S000].
        same_value_builds: whether two separate builds of one value may lie on the table (D9).
        partner_building: in partnerships, build to the partner's announced value without holding
            it (D10) [S000].
        whole_captures: partial captures forbidden (D3, RULES.md §5.2 and §16 "must take all
            pairs"): every capture with a numeral card takes every loose card of that card's
            rank that is worth the value it captures at (a Royal ace taking 14 leaves a table
            ace worth 1 alone) [BRIT: pairing takes "all other table cards of the same rank";
            Dominican Royal, PAG-R: "all matching loose cards must be taken"]. Our reading of
            the ambiguous point: only the matching rank is compulsory (sums and builds stay
            optional, as Dominican says), it holds whether or not the capture also takes sums
            or builds, and court cards without value keep to ``court_capture`` (D1 is its own
            switch). Under Finnish values only the loose cards of the rank the card takes by
            value count (a 10 of diamonds, 16 from hand, leaves a loose 10 alone).
        adding_only: multiple builds only by adding (D8, RULES.md §6.3: WIKI calls gathering
            loose groups into a new multiple build an "optional rule"; PAG has it as standard).
            Our reading: no play gathers loose groups of the value besides the one the played
            card makes; so a new build is the card with loose cards making one group, or the
            card alone beside one loose group of its own value ("building threes", which every
            source allows [PAG][S000][S002]); adding to a build adds the card's one group; a
            raise takes no loose card. A multiple build then grows only by adding [PAG §6.5].
        build_as_card: a single build taken like a card of its value (D7, RULES.md §5.4 and
            §6.9: "some players treat a single build exactly like a single card", PAG variant,
            DICK67): a capture may take a single build as part of a sum (a 9 takes a single
            build of 5 with a loose 4). Our reading: for capturing only (raising it with table
            cards is ``table_raise``); multiple builds never, as their value is fixed.
        table_raise: table cards joining a raise (D6, RULES.md §6.4: PAG variant, CATS): a
            single build may be raised by the hand card together with loose cards, "provided
            that a card from your hand is also used"; the card and those loose cards join the
            build's group. Loose groups of the new value may be gathered as in any raise.
        table_builds: builds made of table cards only, with a trail (RULES.md §6.1 and §6.9:
            PAG's variant "trail a card and at the same time build from table cards"; Swazi
            Casino allows table-only builds; §16 "yes (with a trail)"). The sources give the
            move one line; our readings, each the one closest to ordinary building where they
            are silent: the played card is trailed and stays loose, apart from the build (else
            it would be an ordinary build); the build is made of loose numeral cards only (two
            or more), never of a build (table cards never change a build [PAG §6.4]), split
            into one or more groups each adding up exactly to the announced value (one group: a
            single build; several: a multiple one [PAG §6.3]; with ``adding_only`` one group
            only); the mover must hold a card of that value after the move, or build to a
            partner's value under ``partner_building``, and owns the build like any other
            [PAG §6.1, §6.7]; ``same_value_builds`` and the keep-card rule apply as to any
            build; and the trailed card obeys every rule a trail obeys (so the owner of a build
            may not make it under ``builder_restriction="no_trail"``, and under Michigan's
            ``"penalty"`` it is a default like a trail). Notation ``5C t b8 3D 5H``.
        hand_ace: Royal only (D17, RULES.md §15.1 and §16): ``"both"`` (an ace from hand counts
            1 or 14, for capturing and building [PAG-R][S000][S004]); ``"capture"`` (it counts
            14 only when capturing, and builds as 1: §16's "1/14 when capturing from hand";
            holding an ace still lets a player build 14, as the ace takes it [PAG §6.8]);
            ``"one"`` (aces are 1 everywhere, courts alone get values: FOS 1897, DICK94; builds
            then reach 13 at most).
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
        sweep_stop: sweeps score nothing in a round that begins with any side at this many
            match points or more; 0 turns it off. Finnish Kasino: 10 (fandom's "once a player
            has 10 points or more", our reading); 11 plays discovergadsden's "more than ten"
            (FAMILY.md §5.12). Made sweeps still count for a table clearing (and for
            ``sudden_death``) but add no points.
        tie_carry: a "most" category that no side wins alone (most cards, most spades, most
            diamonds) carries its points over to the next round, where the side that wins it
            takes them besides that round's own; further ties keep adding (Finnish Kasino,
            discovergadsden and Thorium's README, FAMILY.md §5.12). Points still carried when
            the match ends go to nobody. Off: a tie scores nothing [PAG §12] (fandom's Finnish
            reading too).
        last_capture_point: 1 point to the side that made the round's last capture (Swedish
            Kasino, FAMILY.md §5.12 after pagat's Nordic Casino); nobody when nobody captured.
        scoring: ``"standard"`` (11 a round [PAG §12]); ``"spade24"`` / ``"spade25"`` /
            ``"spade26"`` (Spade Cassino after FOS and PAG / WIKI / BIC, D19); ``"diamond"``
            (OST via SEC; the seeds only name the aces and the 7 of diamonds, so we take OST's
            count: cards 1, diamonds 1, 7 of diamonds 1, 2 for each set of four 7s, 6s or
            aces, and leave out its impossible "27 cards" threshold); ``"finnish"`` (Finnish
            Kasino, FAMILY.md §5.12: most cards 1, most spades 2, each ace 1, the 2 of spades 1,
            the 10 of diamonds 2: 10 a round).
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

        The scoring, deal and match switches of issue 15 (all off in every preset but
        ``dominican``):

        deal_order: where the table's cards come in each pass of the first deal (D22):
            ``"table_before_dealer"`` (the other players, the table, then the dealer [PAG §3.1]
            [FOS][S000]) or ``"table_last"`` (the other players, the dealer, then the table,
            as traditionalgamerules deals, RULES.md §3.1). Only which cards land where changes.
        last_sweep: which sweeps score (D13): ``"counts"`` (any play that clears the table,
            the last one too [PAG][FOS][S002]); ``"not_last_play"`` (clearing the table with
            the round's very last card scores nothing: TOWN's "except to the winner of the last
            cards"); ``"not_last_deal"`` (no sweep scores once the stock is empty: Finnish
            Kasino, RULES.md §10). In Draw Cassino the "last deal" starts when the stock runs
            out.
        difference_scoring: the old English count [LONG][Bohn] (RULES.md §12, the "11 with
            difference scoring" of §13 that Foster's Hoyle still describes): only the side with
            the highest round total adds points to the match, its total less the others'
            together (LONG: 7 against 4 marks 3); when the others together have as much or more,
            nobody scores (Bohn). Two sides: the difference of the two totals.
        claiming: claiming out (D15) [FOS][DICK94][WIKI two-handed form]: at its turn, instead
            of playing a card, a player may claim to have reached the target; points count as
            earned (see :func:`cassino_core.match.claim_count`). A claim the count proves wins
            at once, even if the other side is over the target too; a wrong claim loses the
            match [FOS][DICK94]. If nobody claims and both sides are over the target at the end
            of a round, the match goes on to 11 more (32, 43, ...) [RG][FOS]. Two sides only,
            played to a target (the sources describe the two-handed game).
        dominican_end: the Dominican end game [PAG-R] (RULES.md §15.1): a side that starts a
            round at ``target - 3`` (18 of 21) adds no points; it wins the match outright by
            taking most cards if at ``target - 3``, the 10 of diamonds at ``target - 2``, most
            spades at ``target - 1``. Our reading of the digest: the side's points stop at 18
            or more (so its own sweeps score nothing, while under ``sweeps="cancel"`` they still
            cancel the other side's), and an outright win goes before a side reaching the target
            by points in the same round; two outright wins in one round go to the first in the
            counting order (cards, spades, 10 of diamonds).
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
    no_pair_trail: bool = False
    building: bool = True
    builder_restriction: BuilderRestriction = "no_trail"
    raise_own_build: bool = True
    same_value_builds: bool = True
    partner_building: bool = True
    # -- move switches (RULES.md D3, D6, D7, D8, D17); all off in every preset ------------------
    whole_captures: bool = False
    adding_only: bool = False
    build_as_card: bool = False
    table_raise: bool = False
    table_builds: bool = False
    hand_ace: HandAce = "both"
    # -- end of the move switches ----------------------------------------------------------------
    sweeps: Sweeps = "one"
    sudden_death: bool = False
    draw: bool = False
    pluck: bool = False
    initial_pairs: bool = False
    sweep_stop: int = 0
    tie_carry: bool = False
    last_capture_point: bool = False
    scoring: Scoring = "standard"
    portuguese_tiebreak: bool = False
    double_below: int = 0
    game_end: GameEnd = "target"
    target: int = 21
    tie_break: TieBreak = "another_round"
    # -- scoring, deal and match switches (issue 15) --
    deal_order: DealOrder = "table_before_dealer"
    last_sweep: LastSweep = "counts"
    difference_scoring: bool = False
    claiming: bool = False
    dominican_end: bool = False

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
            raise RulesError.of("unknown_preset", name=str(name), names=sorted(PRESETS))
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
                raise RulesError.of("rules_unknown_field", name=str(key))
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
            raise RulesError.of("need_object", {"field": "rules"})
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
        if self.values == "finnish":
            return 16
        if self.values == "royal":
            return 13 if self.hand_ace == "one" else 14
        return _top_number(self.pack, self.players)


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


@lru_cache(maxsize=32)
def _top_number(pack: str, players: int) -> int:
    """The highest numeral rank in the pack (remembered: move generation asks often)."""
    return max(c.rank for c in _pack(pack, players) if not c.is_court)


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
    "hand_ace": get_args(HandAce),
    "deal_order": get_args(DealOrder),
    "last_sweep": get_args(LastSweep),
}

_LIMITS: Final = {
    "players": (2, 6), "deal_packet": (1, 2), "hand_size": (3, 4), "target": (1, 1000),
    "double_below": (0, 1000), "sweep_stop": (0, 1000),
}

_NOT_YET: Final[set[tuple[str, object]]] = set()
"""Switches declared but not played yet (none at present)."""


def _check_fields(rules: Rules) -> None:
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name in _CHOICES:
            if value not in _CHOICES[f.name]:
                raise RulesError.of("rules_choice", name=f.name, text=repr(value),
                                    names=list(_CHOICES[f.name]))
        elif f.type in ("bool",) and not isinstance(value, bool):
            raise RulesError.of("rules_flag", name=f.name, text=repr(value))
        elif f.type in ("int",):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError.of("rules_number", name=f.name, text=repr(value))
            whole_number(value, RulesError, {"field": f.name})  # bounded before repr()
        elif f.type == "str" and not isinstance(value, str):
            raise RulesError.of("rules_text", name=f.name, text=repr(value))
        if f.name in _LIMITS:
            low, high = _LIMITS[f.name]
            if not low <= value <= high:
                raise RulesError.of("rules_range", name=f.name, text=repr(value), min=low,
                                    max=high)
    if rules.players == 5 and rules.pack != "standard":
        raise RulesError.of("five_players_pack")
    if rules.name == "california" and rules.players not in CALIFORNIA_PLAYERS:
        raise RulesError.of("california_players", players=rules.players)
    rest = len(rules.pack_cards()) - rules.table_cards
    per_deal = rules.hand_size * rules.players
    if not rules.draw and (rest < per_deal or rest % per_deal % rules.players):
        raise RulesError.of("pack_uneven", cards=rest + rules.table_cards,
                            players=rules.players, hand=rules.hand_size)
    if rules.hand_size % rules.deal_packet and rules.deal_packet != 1:
        raise RulesError.of("packet_size", hand=rules.hand_size, packet=rules.deal_packet)
    _check_match_switches(rules)


def _check_match_switches(rules: Rules) -> None:
    """The combinations of the issue 15 match switches that have no meaning."""
    if rules.claiming and (rules.sides != 2 or rules.game_end != "target"):
        raise RulesError.of("claiming_two_sides", sides=rules.sides)
    if rules.claiming and (rules.difference_scoring or rules.dominican_end):
        raise RulesError.of("claiming_combination")
    if rules.dominican_end and (rules.game_end != "target" or rules.target < 4
                                or rules.difference_scoring):
        raise RulesError.of("dominican_end_target", target=rules.target)


def check_supported(rules: Rules) -> Rules:
    """Return ``rules`` if every switch in it is played by this engine.

    Raises:
        NotSupportedError: a switch declared but not played yet (named in the message).
    """
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if (f.name, value) in _NOT_YET:
            raise NotSupportedError.of("not_supported_yet", name=f.name, text=repr(value))
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
    # -- issue 15 --
    # Dominican Cassino [PAG-R] (RULES.md §15.1): Royal values, no raising your own build, no
    # building for partner, opposing sweeps cancel, every matching loose card taken with a
    # pair (whole_captures, D3), a card that pairs may not be trailed (no_pair_trail), and the
    # end game at 18, 19 and 20. Counter-clockwise play is not a switch: on our table it only
    # renumbers the seats.
    "dominican": dataclasses.replace(_ROYAL, name="dominican", raise_own_build=False,
                                     partner_building=False, sweeps="cancel",
                                     whole_captures=True, dominican_end=True,
                                     no_pair_trail=True),
    # Finnish Kasino (FAMILY.md §5.12 [V]: pagat Nordic Casino, korttipelit.net, fandom,
    # discovergadsden, Thorium): hand and table values, no building, its own count, a mökki
    # (sweep) 1 but opposing ones cancel, none in the last deal nor once a side has 10, tied
    # categories carried over, first to 16.
    "finnish": Rules(name="finnish", values="finnish", building=False, scoring="finnish",
                     sweeps="cancel", last_sweep="not_last_deal", sweep_stop=10,
                     tie_carry=True, target=16),
    # Swedish Kasino (FAMILY.md §5.12 [V], pagat Nordic Casino): Royal values with an ace 1 or
    # 14, no building, a tabbe (sweep) 1, a point for the last capture. The section gives no
    # point values nor target: Classic's count and 21 are kept (docs/rules.md).
    "swedish": dataclasses.replace(_ROYAL, name="swedish", building=False,
                                   last_capture_point=True),
}
"""Named presets, each a whole ruleset; overrides change single switches."""
