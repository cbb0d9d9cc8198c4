"""A slow, brute-force reference for Cassino legal moves, every variant and switch.

Written from the rule text alone (RULES.md part 1 and part 2, sections 4-9 and 15, and the seeds
S000 and S003), independently of ``cassino_core.movegen``, so that the two can be checked against
each other on random positions and on the positions met in play. It favours being obviously right
over being fast: every candidate move is built by enumeration and then every rule is checked as a
separate filter.

Sources (keys as in RULES.md §0):

* Capture: a card of value v takes any set of pairwise-disjoint groups, each a build of value v
  or loose cards adding up to v; partial captures are legal [PAG §5.1, §5.2][FOS][S002][S004].
  Builds are taken only whole and only with their value [PAG][FOS][S000][S004] (§5.4).
* Court cards (Classic values) pair only with their own rank: one at a time [PAG][S002][S004],
  one or three [S000], all of them [FOS], or any number of them (Trailing-Royals [S003]) (switch
  ``court_capture``) (§5.3).
* Royal values (switch ``values="royal"``): J 11, Q 12, K 13, and courts then are ordinary
  numbers [PAG-R][BIC][S000][S004] (§15.1). An ace from hand counts 1 or 14 as its player
  chooses; an ace on the table counts 1 or 14 as the player who takes or builds with it chooses
  [S000] (``table_ace="chosen"``) or always 1 [FOS07] (``table_ace="one"``) (D16). Buckeye
  (``big_casino_eleven``): the 10 of diamonds counts 10 or 11 wherever it lies [S003] (§15.9).
* Building must use the played card [PAG][S004]; Classic courts never build (§6.1). Single and
  multiple builds, "3 on 3" gives both [PAG][S000][S002] (§6.2, §6.3). Raising a single build
  with the hand card alone, optionally gathering groups of the new value [PAG][S004] (§6.4;
  switch ``raise_own_build``, DICK67/USPC98 forbid raising your own). Adding to a build of the
  same value [PAG][FOS][S000][S004] (§6.5). A play changes at most one existing build (§6.6).
  The builder must hold a card of the announced value after the play (§6.1), which caps builds
  at 10, or 14 in Royal (an ace in hand taken as 14) (§6.8).
* Trailing-Royals (``court_builds``, Classic values): a court card played onto loose cards of its
  rank makes a multiple build "building jacks", while its player holds another card of the rank;
  a court card may be added (with more loose cards of its rank) to such a build; the build is
  taken whole by a card of that rank [S003] (§15.7). Its value is written as the rank (J 11,
  Q 12, K 13).
* Partnerships (``partners``, ``partner_building``): a player may build to a value that a partner
  has announced, without holding it, when a partner owns a build of that value on the table
  [S000][DICK94][TOWN][FOS] (§8, D10).
* Keep-card rule: the owner of a build must keep a card that takes it [PAG][S004] (§6.1, §7).
* Builder restrictions: no trail while owning a build [PAG][S002][FOS]; WIKI variants 2 and 3;
  the owner may trail; Michigan ``"penalty"``: the owner may trail and may give up the last card
  of a build's value (at a cost in points, not a matter of legality) [S003] (switch
  ``builder_restriction``) (§7). Trailing is otherwise free [PAG][S004] unless capturing is
  compulsory [BRIT] (switch ``capture_compulsory``) (§5.2, §9).
* Two builds of one value may be forbidden [WIKI variant 3] (switch ``same_value_builds``) (§6.7).
* Move switches, each off by default: ``whole_captures`` (D3: a capture with a numeral card
  must take every loose card of its rank [BRIT][PAG-R Dominican], §5.2); ``adding_only`` (D8: no
  loose groups gathered into a build beyond the played card's own group, a card equal to the
  value may still lie on one loose group of it, "building threes" [WIKI optional rule], §6.3);
  ``build_as_card`` (D7: a single build may join a capture's sum like a card of its value [PAG
  variant][DICK67], §5.4); ``table_raise`` (D6: loose cards may join the hand card in raising a
  single build [PAG variant][CATS], §6.4); ``hand_ace`` (D17, Royal: ``"capture"`` an ace from
  hand counts 14 only for capturing, 1 when built; ``"one"`` aces are always 1 [FOS 1897], §15.1);
  ``building`` (off: no builds at all, the Nordic presets, FAMILY.md §5.12); ``no_pair_trail``
  (a card that can pair a loose card, same rank and a value in common, may not be trailed,
  Dominican [PAG-R], §15.1); ``table_builds`` (a card that may be trailed may be trailed
  together with a build of two or more loose numeral cards only, split into groups each
  adding up to the value, the card staying loose beside it: PAG's "trail a card and at the
  same time build from table cards", Swazi, §6.1; the value must be held after the play or
  be a partner's, one group only with ``adding_only``, the other build rules as for any new
  build).
* Finnish values (``values="finnish"``, FAMILY.md §5.12): J 11, Q 12, K 13; from hand an ace
  counts 14, the 2 of spades 15, the 10 of diamonds 16; on the table 1, 2 and 10.
* Pluck Cassino (``pluck``): once per deal, before playing a card, a player may take one loose
  table card into their pile; never a point card (an ace, the 10 of diamonds, the 2 of spades),
  never when only one card lies on the table, never on their final turn of the round [S003]
  (§15.8). The caller says whether the mover may still pluck (``may_pluck``) and whether this is
  that final turn (``last_play``).

Cards are plain strings such as ``"AS"``, ``"TD"``, ``"QH"``. A move is a canonical tuple::

    ("trail", "5C")
    ("capture", "7H", frozenset({"3C", "4D"}))
    ("build", "3H", 8, frozenset({"5D"}))
    ("pluck", "7C")
    ("trail_build", "5C", 8, frozenset({"3D", "5H"}))

where the frozenset holds every table card the move uses (the cards of any build it touches too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import chain, combinations, permutations, product
from math import comb
from typing import Any, NamedTuple

RANK_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
COURTS = "JQK"
BUILDER_RESTRICTIONS = ("no_trail", "may_trail", "wiki2", "wiki3")
COURT_CAPTURES = ("one", "one_or_three", "all")
"""The Classic switch values drawn by tests/engine/positions.py."""
ALL_BUILDER_RESTRICTIONS = (*BUILDER_RESTRICTIONS, "penalty")
ALL_COURT_CAPTURES = (*COURT_CAPTURES, "any")


class RefBuild(NamedTuple):
    """A build on the table: its capture value, single or multiple, its owner seat, its cards."""

    value: int
    multiple: bool
    owner: int
    cards: frozenset[str]


def value(card: str) -> int | None:
    """The numeral value of a card (A=1 ... T=10), or None for a court card (J, Q, K)."""
    return RANK_VALUES.get(card[0])


def splittable_subsets(
    cards: Sequence[str], target: int, played: str | None = None
) -> list[frozenset[str]]:
    """Every subset S of ``cards`` such that S, plus the ``played`` card if one is given, splits
    into disjoint groups of numerals each adding up to ``target``. Each S is listed once; without
    ``played`` the empty set is listed too.

    Whether a set of cards splits depends only on how many cards of each value it holds, so the
    search runs on count vectors (``_splittable_counts``) and each vector found is expanded into
    every choice of actual cards with those counts.
    """
    by_value, played_value = _by_value(cards, target, played)
    values = tuple(sorted(by_value))
    available = tuple(len(by_value[v]) + (v == played_value) for v in values)
    found: list[frozenset[str]] = []
    for counts in _splittable_counts(values, available, target):
        choices = []
        for card_value, count in zip(values, counts, strict=True):
            if card_value == played_value:
                count -= 1  # one card of this value is the played card
            choices.append(combinations(by_value[card_value], count) if count >= 0 else [])
        found += [frozenset(chain.from_iterable(choice)) for choice in product(*choices)]
    return found


def count_splittable(cards: Sequence[str], target: int, played: str | None = None) -> int:
    """``len(splittable_subsets(cards, target, played))`` without listing the subsets (cheap; the
    tests use it to keep their running time bounded)."""
    by_value, played_value = _by_value(cards, target, played)
    values = tuple(sorted(by_value))
    available = tuple(len(by_value[v]) + (v == played_value) for v in values)
    total = 0
    for counts in _splittable_counts(values, available, target):
        ways = 1
        for card_value, count in zip(values, counts, strict=True):
            count -= card_value == played_value
            ways *= comb(len(by_value[card_value]), count) if count >= 0 else 0
        total += ways
    return total


def _by_value(
    cards: Sequence[str], target: int, played: str | None
) -> tuple[dict[int, list[str]], int | None]:
    """The numerals of ``cards`` worth at most ``target``, by value (the played card's value is
    always a key), and the played card's value."""
    by_value: dict[int, list[str]] = {}
    for card in cards:
        card_value = value(card)
        if card_value is not None and card_value <= target:
            by_value.setdefault(card_value, []).append(card)
    played_value = None if played is None else value(played)
    if played_value is not None:
        by_value.setdefault(played_value, [])
    return by_value, played_value


@cache
def _splittable_counts(
    values: tuple[int, ...], available: tuple[int, ...], target: int
) -> frozenset[tuple[int, ...]]:
    """Every count vector ``k <= available`` (``k[i]`` cards of value ``values[i]``) whose cards
    split into groups each adding up to ``target``, the zero vector included.

    Grown from nothing one group (a count vector adding up to ``target``) at a time, so each
    vector found is a sum of groups, and every sum of groups is reached.
    """
    groups: list[tuple[int, ...]] = []

    def extend(i: int, group: tuple[int, ...], total: int) -> None:
        if i == len(values):
            if total == target:
                groups.append(group)
            return
        for count in range(available[i] + 1):
            if total + count * values[i] > target:
                break
            extend(i + 1, (*group, count), total + count * values[i])

    if target > 0:
        extend(0, (), 0)
    zero = tuple(0 for _ in values)
    found = {zero}
    todo = [zero]
    while todo:
        counts = todo.pop()
        for group in groups:
            bigger = tuple(c + g for c, g in zip(counts, group, strict=True))
            if bigger not in found and all(b <= a for b, a in zip(bigger, available, strict=True)):
                found.add(bigger)
                todo.append(bigger)
    return frozenset(found)


PLUCK_FORBIDDEN = frozenset({"AS", "AH", "AD", "AC", "TD", "2S"})
"""Point cards that may never be plucked: the aces and both casinos [S003 §15.8]."""

COURT_VALUES = {"J": 11, "Q": 12, "K": 13}
FINNISH_FROM_HAND = {"AS": 14, "AH": 14, "AD": 14, "AC": 14, "2S": 15, "TD": 16}
"""Finnish Kasino: an ace counts 14 played from hand, the 2 of spades 15, the 10 of diamonds
16; on the table 1, 2 and 10 (FAMILY.md §5.12)."""


class Valuer(NamedTuple):
    """The values a card may take under the value switches (§2, §15.1, §15.9)."""

    values: str = "classic"
    table_ace: str = "chosen"
    big_casino_eleven: bool = False
    hand_ace: str = "both"

    def of(self, card: str, *, from_hand: bool, building: bool = False) -> tuple[int, ...]:
        """Every value ``card`` may count as in sums and builds; ``()`` for a Classic court.
        ``building``: the card is played from hand into a build."""
        rank = card[0]
        if rank in COURTS:
            return (COURT_VALUES[rank],) if self.values != "classic" else ()
        if self.values == "finnish" and from_hand and card in FINNISH_FROM_HAND:
            return (FINNISH_FROM_HAND[card],)
        if rank == "A" and self.values == "royal" and self.hand_ace != "one":
            if from_hand and building and self.hand_ace == "capture":
                return (1,)
            if from_hand or self.table_ace == "chosen":
                return (1, 14)
        if card == "TD" and self.big_casino_eleven:
            return (10, 11)
        return (RANK_VALUES[rank],)

    @property
    def single_valued(self) -> bool:
        """True when every card has one value (Classic numbers): the count-vector search of
        :func:`splittable_subsets` applies."""
        return self.values == "classic" and not self.big_casino_eleven


def loose_unions(
    cards: Sequence[str],
    target: int,
    values_of: Mapping[str, tuple[int, ...]],
    played_values: tuple[int, ...] | None = None,
) -> list[frozenset[str]]:
    """Every subset S of ``cards`` such that S (plus a played card worth one of ``played_values``,
    when given) splits into disjoint groups each adding up to ``target``, each card counting as
    one of its ``values_of``. The played card must belong to one group (alone if it makes the
    target by itself). Without a played card the empty set is listed too.

    Plain brute force over bit masks: the sums each subset can make, the subsets that make the
    target (the groups), then every union of pairwise-disjoint groups, grown one group at a time.
    """
    items = [values_of[c] for c in cards]
    names = list(cards)
    if played_values is not None:
        items.append(played_values)
        names.append("")
    n = len(items)
    sums = _subset_sums(tuple(items))
    groups = [mask for mask in range(1, 1 << n) if target in sums[mask]]
    reached = {0}
    todo = [0]
    while todo:
        mask = todo.pop()
        for group in groups:
            if not group & mask and group | mask not in reached:
                reached.add(group | mask)
                todo.append(group | mask)
    played_bit = 0 if played_values is None else 1 << (n - 1)
    return [
        frozenset(names[i] for i in range(n) if mask >> i & 1 and 1 << i != played_bit)
        for mask in reached
        if mask & played_bit == played_bit
    ]


@lru_cache(maxsize=64)
def _subset_sums(items: tuple[tuple[int, ...], ...]) -> list[frozenset[int]]:
    """For every bit mask over ``items`` (each the values one card may count as), every total
    its cards can make."""
    if len(items) > 18:
        raise ValueError(f"the brute-force reference is for small tables, not {len(items)} cards")
    sums: list[frozenset[int]] = [frozenset({0})]
    for mask in range(1, 1 << len(items)):
        low = mask & -mask
        i = low.bit_length() - 1
        sums.append(frozenset(s + v for s in sums[mask ^ low] for v in items[i]))
    return sums


def reference_moves(
    hand: Sequence[str],
    loose: Sequence[str],
    builds: Sequence[RefBuild],
    mover: int,
    *,
    court_capture: str = "one",
    capture_compulsory: bool = False,
    builder_restriction: str = "no_trail",
    raise_own_build: bool = True,
    same_value_builds: bool = True,
    values: str = "classic",
    table_ace: str = "chosen",
    big_casino_eleven: bool = False,
    court_builds: bool = False,
    partners: Sequence[int] = (),
    partner_building: bool = False,
    pluck: bool = False,
    may_pluck: bool = True,
    last_play: bool = False,
    whole_captures: bool = False,
    adding_only: bool = False,
    build_as_card: bool = False,
    table_raise: bool = False,
    hand_ace: str = "both",
    building: bool = True,
    no_pair_trail: bool = False,
    table_builds: bool = False,
) -> set[tuple[object, ...]]:
    """The set of legal moves, as canonical tuples, for seat ``mover`` holding ``hand``.

    ``loose`` are the loose table cards; ``builds`` the builds on the table (a Classic court
    build "building jacks" has the rank as its value). Switch values are those of RULES.md part 1
    (Classic defaults); ``partners`` are the seats on the mover's side. ``may_pluck`` says the
    mover has not plucked yet in this deal and ``last_play`` that this is the mover's final turn
    of the round. Raises ValueError on an unknown switch value.
    """
    if court_capture not in ALL_COURT_CAPTURES:
        raise ValueError(f"court_capture={court_capture!r}")
    if builder_restriction not in ALL_BUILDER_RESTRICTIONS:
        raise ValueError(f"builder_restriction={builder_restriction!r}")
    if values not in ("classic", "royal", "finnish") or table_ace not in ("chosen", "one"):
        raise ValueError(f"values={values!r}, table_ace={table_ace!r}")
    if hand_ace not in ("both", "capture", "one"):
        raise ValueError(f"hand_ace={hand_ace!r}")
    valuer = Valuer(values, table_ace, big_casino_eleven, hand_ace)
    classic_courts = values == "classic"
    mine = [b for b in builds if b.owner == mover]
    owns_build = bool(mine)
    partner_values = {b.value for b in builds if b.owner in partners} if partner_building else set()
    numerals = [c for c in loose if valuer.of(c, from_hand=False)]
    table_values = {c: valuer.of(c, from_hand=False) for c in numerals}

    def holds(card: str) -> set[int]:
        """The build values a card in hand can take: its values, and for a Classic court in
        Trailing-Royals its rank (a court build of its rank)."""
        found = set(valuer.of(card, from_hand=True))
        if classic_courts and court_builds and card[0] in COURTS:
            found.add(COURT_VALUES[card[0]])
        return found

    held_after = {
        card: set().union(*(holds(c) for i, c in enumerate(hand) if i != hand.index(card)))
        for card in hand
    }
    # The values a build of numbers may have: in Classic a number build is worth at most 10, so a
    # held jack (which takes a jacks build, "value" 11) never lets numbers build 11 (§2, §6.8).
    numeric_values = (set(range(1, 11)) if classic_courts
                      else set(range(1, 17 if values == "finnish" else 15)))

    def unions(target: int, played: str | None = None) -> list[frozenset[str]]:
        """Loose-card sets that split into groups of ``target`` (with ``played`` in one)."""
        if valuer.single_valued:
            return splittable_subsets(numerals, target, played)
        played_values = (None if played is None
                         else valuer.of(played, from_hand=True, building=True))
        return loose_unions(numerals, target, table_values, played_values)

    def sums(cards: Sequence[str], start: tuple[int, ...] = (0,)) -> set[int]:
        """Every total ``cards`` (loose) make in one group, each total of ``start`` added."""
        totals = set(start)
        for c in cards:
            totals = {t + v for t in totals for v in table_values[c]}
        return totals

    def one_group(loose_part: frozenset[str], card: str, target: int) -> bool:
        """``adding_only``: the played card with ``loose_part`` makes one group of ``target``,
        or the card alone makes it and ``loose_part`` is one more group of it (§6.3)."""
        played = valuer.of(card, from_hand=True, building=True)
        if target in sums(sorted(loose_part), played):
            return True
        return target in played and bool(loose_part) and target in sums(sorted(loose_part))

    def keeps_cards(card: str, gone: Sequence[RefBuild], new_value: int | None = None) -> bool:
        """Keep-card rule: after playing ``card`` the rest of the hand takes every build the
        mover owns that stays on the table (``gone``: the builds the move takes or changes),
        and the build the move makes (``new_value``), one distinct card per build value: a
        card that counts two ways still guards one value only (RULES.md part 1). Under
        Michigan rules giving up that card is a default that costs points, not an illegal
        move."""
        if builder_restriction == "penalty":
            return True
        needed = sorted({b.value for b in mine if b not in gone}
                        | ({new_value} if new_value is not None else set()))
        rest = list(hand)
        rest.remove(card)
        return any(all(v in holds(c) for v, c in zip(needed, pick, strict=True))
                   for pick in permutations(rest, len(needed)))

    def restriction_allows(kind: str, touched: Sequence[RefBuild]) -> bool:
        """The builder restriction (§7), for a move of ``kind`` touching builds ``touched``."""
        if not owns_build:
            return True
        touches_own = any(b.owner == mover for b in touched)
        if builder_restriction == "no_trail":
            return kind != "trail"
        if builder_restriction in ("may_trail", "penalty"):
            return True
        if builder_restriction == "wiki2":
            return touches_own
        # wiki3: no trail; a capture must take one of the mover's builds; any build move is fine.
        return kind == "build" or (kind == "capture" and touches_own)

    def add_builds(
        card: str, target: int, gathered: list[frozenset[str]], old: RefBuild | None
    ) -> None:
        """Record Build(card, target, g + old's cards) for each g in ``gathered`` if the
        remaining rules allow a build of ``target`` with ``card`` on ``old`` (None: a new one)."""
        if target not in held_after[card] and target not in partner_values:
            return  # hold a card of the value, or build to a partner's value (§6.1, §8)
        if not same_value_builds and any(b.value == target for b in builds if b is not old):
            return
        touched = [] if old is None else [old]
        # A build to a partner's value without holding it stays the partner's (§8).
        owned_value = target if target in held_after[card] else None
        if keeps_cards(card, touched, owned_value) and restriction_allows("build", touched):
            old_cards = frozenset[str]() if old is None else old.cards
            moves.update(("build", card, target, g | old_cards) for g in gathered)

    def add_table_builds(card: str) -> None:
        """Trail ``card`` and build from loose table cards only (``table_builds``, §6.1): two
        or more loose numeral cards splitting into groups of a value held after the play (or
        a partner's), the card itself staying loose."""
        for target in sorted((held_after[card] | partner_values) & numeric_values):
            if not same_value_builds and any(b.value == target for b in builds):
                continue
            owned_value = target if target in held_after[card] else None
            if not keeps_cards(card, [], owned_value):
                continue
            for g in unions(target):
                if len(g) < 2 or (adding_only and target not in sums(sorted(g))):
                    continue
                moves.add(("trail_build", card, target, g))

    moves: set[tuple[object, ...]] = set()
    for card in hand:
        hand_values = valuer.of(card, from_hand=True)

        # Captures, each with the builds it takes.
        takes: list[tuple[frozenset[str], tuple[RefBuild, ...]]] = []
        if not hand_values:  # a Classic court card
            rank = card[0]
            same_rank = [c for c in loose if c[0] == rank]
            loose_options: list[frozenset[str]] = [frozenset()]
            if court_capture in ("one", "one_or_three"):
                loose_options += [frozenset({c}) for c in same_rank]
                if court_capture == "one_or_three" and len(same_rank) == 3:
                    loose_options.append(frozenset(same_rank))
            elif court_capture == "all":
                loose_options = [frozenset(same_rank)]
            else:  # any
                loose_options = [frozenset(s) for s in all_subsets(same_rank)]
            court_piles = [b for b in builds if b.value == COURT_VALUES[rank] and classic_courts]
            for taken in subsets(court_piles):
                pile_cards = frozenset[str]().union(*(b.cards for b in taken))
                takes += [(part | pile_cards, taken) for part in loose_options
                          if part or pile_cards]
        else:
            for capture_value in hand_values:
                at_value: list[tuple[frozenset[str], tuple[RefBuild, ...]]] = []
                capturable = [b for b in builds if b.value == capture_value]
                # build_as_card: a single build of a lower value is one more "card" of the sums.
                joinable = {f"#{i}": b for i, b in enumerate(builds) if build_as_card
                            and not b.multiple and b.value < capture_value}
                if joinable:
                    items = numerals + list(joinable)
                    item_values = {**table_values, **{k: (b.value,) for k, b in joinable.items()}}
                    loose_parts = loose_unions(items, capture_value, item_values)
                else:
                    loose_parts = unions(capture_value)
                for taken in subsets(capturable):
                    pile_cards = frozenset[str]().union(*(b.cards for b in taken))
                    for part in loose_parts:
                        joined = tuple(joinable[k] for k in part if k in joinable)
                        cards_part = frozenset(c for c in part if c not in joinable).union(
                            *(b.cards for b in joined))
                        if cards_part or pile_cards:
                            at_value.append((cards_part | pile_cards, (*taken, *joined)))
                if whole_captures:  # every loose card of its rank worth this value goes (D3)
                    matching = frozenset(c for c in loose if c[0] == card[0]
                                         and capture_value in valuer.of(c, from_hand=False))
                    at_value = [(t, b) for t, b in at_value if matching <= t]
                takes += at_value
        for take, taken in takes:
            if keeps_cards(card, taken) and restriction_allows("capture", taken):
                moves.add(("capture", card, take))

        # Trail.
        if (
            keeps_cards(card, [])
            and restriction_allows("trail", [])
            and not (capture_compulsory and takes)
            and not (no_pair_trail and any(
                c[0] == card[0] and (not hand_values or set(hand_values)
                                     & set(valuer.of(c, from_hand=False)))
                for c in loose))
        ):
            moves.add(("trail", card))
            if table_builds and building:
                add_table_builds(card)

        # Builds. Only values the mover can build to are tried (add_builds checks again).
        if not building:  # the Nordic presets: no building at all (FAMILY.md §5.12)
            continue
        targets = held_after[card] | partner_values
        if not hand_values:  # a Classic court: "building jacks" in Trailing-Royals only
            if not (classic_courts and court_builds):
                continue
            target = COURT_VALUES[card[0]]
            same_rank = [c for c in loose if c[0] == card[0]]
            gathered = [frozenset(s) for s in all_subsets(same_rank)]
            if adding_only:  # D8: each loose card of the rank is a group of its own
                new_ones = [g for g in gathered if len(g) == 1]
                added = [frozenset[str]()]
            else:
                new_ones = [g for g in gathered if g]
                added = gathered
            add_builds(card, target, new_ones, None)
            for old in builds:
                if old.value == target:
                    add_builds(card, target, added, old)
            continue
        build_values = valuer.of(card, from_hand=True, building=True)
        for target in sorted(t for t in targets & numeric_values if t >= min(build_values)):
            # Loose cards L such that L plus the played card split into groups of the target.
            with_card = unions(target, played=card)
            if adding_only:  # D8: only the played card's own group (or "building threes")
                new_ones = [g for g in with_card if one_group(g, card, target)]
                added = [g for g in with_card
                         if target in sums(sorted(g), build_values)]
            else:
                new_ones = with_card
                added = with_card
            # (a) a new build from the played card and loose cards; the played card alone would
            # be a trail, not a build.
            add_builds(card, target, [g for g in new_ones if g], None)
            for old in builds:
                # (b) adding to a build of the same value: the played card, alone or with loose
                # cards, makes the value again; further loose groups may be gathered.
                if old.value == target:
                    add_builds(card, target, added, old)
                # (c) raising a single build with the played card alone, gathering loose groups
                # of the new value; with table_raise (D6) loose cards may join the card.
                if old.multiple or old.value >= target:
                    continue
                if not raise_own_build and old.owner == mover:
                    continue
                raised: list[frozenset[str]] = []
                room = target - old.value - min(build_values)
                for joining in small_subsets(numerals, table_values, room) if table_raise else [()]:
                    if target not in sums(joining, tuple(old.value + v for v in build_values)):
                        continue
                    if adding_only:
                        gathered = [frozenset[str]()]
                    elif not joining:
                        gathered = unions(target)
                    else:
                        rest = [c for c in numerals if c not in joining]
                        gathered = loose_unions(rest, target, table_values)
                    raised += [frozenset(joining) | g for g in gathered]
                add_builds(card, target, raised, old)

    # Pluck: an extra action before playing; the turn does not pass.
    table_size = len(loose) + sum(len(b.cards) for b in builds)
    if pluck and may_pluck and not last_play and table_size > 1:
        moves.update(("pluck", c) for c in loose if c not in PLUCK_FORBIDDEN)
    return moves


def small_subsets(items: Sequence[str], values_of: Mapping[str, tuple[int, ...]],
                  room: int) -> list[tuple[str, ...]]:
    """Every subset of ``items`` whose least total (each card at its lowest value) is at most
    ``room``, the empty one included."""
    found: list[tuple[str, ...]] = []

    def grow(start: int, chosen: tuple[str, ...], total: int) -> None:
        found.append(chosen)
        for i in range(start, len(items)):
            low = min(values_of[items[i]])
            if total + low <= room:
                grow(i + 1, (*chosen, items[i]), total + low)

    grow(0, (), 0)
    return found


def all_subsets(items: Sequence[str]) -> list[tuple[str, ...]]:
    """Every subset of ``items`` (as tuples), the empty one included."""
    return [s for size in range(len(items) + 1) for s in combinations(items, size)]


def subsets(items: Sequence[RefBuild]) -> list[tuple[RefBuild, ...]]:
    """All subsets of ``items`` (as tuples), the empty one included."""
    result: list[tuple[RefBuild, ...]] = [()]
    for item in items:
        result += [(*s, item) for s in result]
    return result


# -- the engine's positions in the reference's terms (test glue, duck-typed) ----------------------


def partner_seats(rules: Any, seat: int) -> list[int]:
    """The other seats on ``seat``'s side: with four (or six) players in partnerships, partners
    sit alternately, so at four they face each other [PAG][S000] (§1, §8)."""
    if not (rules.partnerships and rules.players in (4, 6)):
        return []
    return [s for s in range(rules.players) if s != seat and s % 2 == seat % 2]


def state_switches(rules: Any) -> dict[str, Any]:
    """The reference's keyword switches for an engine ``Rules``."""
    return {
        "court_capture": rules.court_capture,
        "capture_compulsory": rules.capture_compulsory,
        "builder_restriction": rules.builder_restriction,
        "raise_own_build": rules.raise_own_build,
        "same_value_builds": rules.same_value_builds,
        "values": rules.values,
        "table_ace": rules.table_ace,
        "big_casino_eleven": rules.big_casino_eleven,
        "court_builds": rules.court_builds,
        "partner_building": rules.partner_building,
        "pluck": rules.pluck,
        "whole_captures": rules.whole_captures,
        "adding_only": rules.adding_only,
        "build_as_card": rules.build_as_card,
        "table_raise": rules.table_raise,
        "hand_ace": rules.hand_ace,
        "building": rules.building,
        "no_pair_trail": rules.no_pair_trail,
        "table_builds": rules.table_builds,
    }


def state_reference_moves(state: Any) -> set[tuple[object, ...]]:
    """The reference's legal moves for the seat to play in an engine ``RoundState``.

    A seat may still pluck unless the state says it has plucked in this deal; a seat's final
    turn of the round is when the stock is empty and it holds a single card [S003 §15.8] (the
    lead's reading of "not to win the last trick of the round after the stock is exhausted").
    """
    seat = state.turn
    builds = [
        RefBuild(b.value, b.multiple, b.owner, frozenset(str(c) for c in b.cards))
        for b in state.builds
    ]
    plucked = tuple(getattr(state, "plucked", ()) or ())
    last_play = not state.stock and len(state.hands[seat]) == 1
    return reference_moves(
        [str(c) for c in state.hands[seat]],
        [str(c) for c in state.loose],
        builds,
        seat,
        partners=partner_seats(state.rules, seat),
        may_pluck=not (plucked and plucked[seat]),
        last_play=last_play,
        **state_switches(state.rules),
    )


def move_tuple(move: Any) -> tuple[object, ...]:
    """An engine move as the reference's canonical tuple."""
    card = str(move.card)
    if move.kind in ("trail", "pluck"):
        return (move.kind, card)
    take = frozenset(str(c) for c in move.take)
    if move.kind in ("build", "trail_build"):
        return (move.kind, card, move.value, take)
    return ("capture", card, take)


def tuple_text(move: tuple[object, ...]) -> str:
    """A reference tuple in the engine's notation: ``5C t``, ``7H x 3C 4D``, ``3H b8 5D``,
    ``7C p``."""
    kind, card, *rest = move
    if kind in ("trail", "pluck"):
        return f"{card} {str(kind)[0]}"
    take = " ".join(sorted(rest[-1]))  # type: ignore[call-overload]
    mark = "x" if kind == "capture" else f"b{rest[0]}"
    if kind == "trail_build":
        mark = f"t {mark}"
    return f"{card} {mark} {take}"
