"""What the expert's playouts need on the playout core: a quick policy and an evaluation.

- :class:`CorePolicy` plays every seat of a sampled deal (:class:`~cassino_core.playout.Playout`)
  the way the intermediate level does (:class:`~cassino_core.players.HeuristicPlayer`): the gain
  of a move (the cards it takes, a sweep, a build it expects to collect) less the worst the
  opponents can take from the table it leaves, judged from the cards *that seat* has not seen
  (its own hand, the table and the piles are all it counts with: no seat looks at another's
  hand, in the sampled deal either). It computes the intermediate's estimate on the core, so
  its move is one the intermediate rates best (tests/engine/test_expert_core.py); ties go to
  the first such move instead of the intermediate's random choice.
- :func:`expected_points` is :func:`cassino_core.expert.expected_points` for a core state: the
  exact round score once it is finished; before that, the points secured and a logistic chance
  for each "most of" category.
"""

from __future__ import annotations

import math
from math import comb

from .players import INTERMEDIATE_WEIGHTS, PolicyWeights, card_worth
from .playout import BUILD, CAPTURE, CARDS, PLUCK, TRAIL, Core, CoreMove, Playout, bits
from .scoring import BIG_CASINO, LITTLE_CASINO, score_round

_SUIT_MASKS = {suit: sum(1 << c.index for c in CARDS if c.suit == suit) for suit in "SHDC"}
_ACES = sum(1 << c.index for c in CARDS if c.rank == 1)


class CorePolicy:
    """The playouts' policy for one ruleset (see the module docstring).

    Args:
        core: the ruleset's :class:`~cassino_core.playout.Core`.
        weights: the constants of the rating (:data:`INTERMEDIATE_WEIGHTS`: the
            intermediate's, which the tests hold the policy to).
    """

    def __init__(self, core: Core, weights: PolicyWeights = INTERMEDIATE_WEIGHTS) -> None:
        rules = core.rules
        self.core = core
        self.weights = weights
        self.worth = [card_worth(c, rules) for c in CARDS]
        self.sweep = weights.sweep * {"off": 0.0, "one": 1.0, "cancel": 1.0,
                                      "two": 2.0}[rules.sweeps]
        self.known_builds = rules.builder_restriction != "penalty"
        self.top = core.max_build
        self.value_masks = [core.value_masks.get(v, 0) for v in range(15)]
        """Per value 0..14, the cards that take it (courts without value: by their rank)."""
        self.rank_masks = [sum(1 << c.index for c in CARDS if c.rank == r) & core.pack
                           for r in range(15)]
        """Per rank, its cards: what pairs a loose court card without value."""
        self._courts_apart = any(self.value_masks[CARDS[i].rank] != self.rank_masks[CARDS[i].rank]
                                 for i in bits(core.pack & ~core.valued))
        """Whether a card of another rank takes a court's rank as a value (the 10 of diamonds
        counting 11 beside courts without value): a loose court's odds are then its rank's."""
        self._chance: dict[tuple[int, int, int], float] = {}
        self._chance_rows: dict[int, list[float]] = {}
        self._most_matches = max(m.bit_count() for m in self.value_masks)
        self._foes = [tuple(s for s in range(core.players) if core.side[s] != side)
                      for side in range(rules.sides)]
        """Per side, the seats of the other sides."""
        self._own_bonus = [[0.1 if core.side[s] == side else 0.0 for s in range(core.players)]
                           for side in range(rules.sides)]
        """Per side, the bonus of a build by each seat (its own side's builds count more)."""
        self._pairs: dict[int, list[float]] = {}
        """Per loose mask, the worth of the loose cards each value pairs with."""
        self._mask_worth: dict[int, float] = {}
        self._zeros = (0,) * (self.top + 1)
        self._no_loot = [0.0] * 15
        self._no_count = [0] * 15

    def chance(self, unseen: int, matches: int, drawn: int) -> float:
        """Chance that ``drawn`` cards out of ``unseen`` include one of ``matches``
        (hypergeometric, remembered)."""
        key = (unseen, matches, drawn)
        found = self._chance.get(key)
        if found is None:
            if drawn <= 0 or not unseen or not matches:
                found = 0.0
            else:
                d = min(drawn, unseen)
                found = 1 - comb(unseen - matches, d) / comb(unseen, d)
            self._chance[key] = found
        return found

    def chance_row(self, unseen: int, drawn: int) -> list[float]:
        """:meth:`chance` of ``unseen`` and ``drawn`` for every number of matching cards a
        value can have among the unseen (a list indexed by that number, remembered)."""
        key = unseen << 6 | drawn
        found = self._chance_rows.get(key)
        if found is None:
            found = self._chance_rows[key] = [self.chance(unseen, k, drawn)
                                              for k in range(min(self._most_matches,
                                                                 unseen) + 1)]
        return found

    def mask_worth(self, mask: int) -> float:
        """The summed :func:`~cassino_core.players.card_worth` of the cards of ``mask``."""
        found = self._mask_worth.get(mask)
        if found is None:
            if len(self._mask_worth) > 100000:
                self._mask_worth.clear()
            worth = self.worth
            found = 0.0
            m = mask
            while m:
                low = m & -m
                found += worth[low.bit_length() - 1]
                m ^= low
            self._mask_worth[mask] = found
        return found

    def choose(self, st: Playout) -> CoreMove | None:
        """The move the seat to play makes, or None when it has none (a sampled deal that
        cannot go on)."""
        moves = st.legal()
        if len(moves) <= 1:
            return moves[0] if moves else None
        core = self.core
        seat = st.turn
        side = core.side[seat]
        builds = st.builds
        table = st.loose
        for b in builds:
            table |= b[0]
        seen = st.hands[seat] | table
        for pile in st.piles:
            seen |= pile
        unseen_mask = core.pack & ~seen
        unseen = unseen_mask.bit_count()
        hands = st.hands
        drawn = 0
        for s in self._foes[side]:
            drawn += hands[s].bit_count()
        # The chance that an opponent holds a card taking each value.
        if drawn:
            row = self.chance_row(unseen, drawn)
            odds = [row[(unseen_mask & m).bit_count()] for m in self.value_masks]
            if self.known_builds:
                for b in builds:
                    if core.side[b[3]] != side:
                        odds[b[1]] = 1.0
        else:
            odds = [0.0] * 15
        court_odds = odds
        if drawn and self._courts_apart:
            court_odds = [row[(unseen_mask & m).bit_count()] for m in self.rank_masks]
        last = st.stock_at >= len(st.stock)
        others_empty = last and not any(h for s, h in enumerate(st.hands) if s != seat)
        worth = self.worth
        mask_worth = self.mask_worth
        sweep = self.sweep
        late = core.rules.last_sweep
        if last and (late == "not_last_deal" or (
                late == "not_last_play" and others_empty and st.hands[seat].bit_count() == 1)):
            sweep = 0.0  # this clearing of the table would not score (Rules.last_sweep)
        held = core.held
        # The worth of the loose cards each value pairs with, adjusted per move (on a copy).
        base_pairs = self._pairs.get(st.loose)
        if base_pairs is None:
            if len(self._pairs) > 50000:
                self._pairs.clear()
            base_pairs = self._pairs[st.loose] = [0.0] * 15
            m = st.loose
            while m:
                low = m & -m
                i = low.bit_length() - 1
                m ^= low
                for v in held[i]:
                    base_pairs[v] += worth[i]
        own_bonus = self._own_bonus[side]
        build_loot = [(b[0], b[1], mask_worth(b[0]) + own_bonus[b[3]]) for b in builds]
        weights = self.weights
        per_card, steal, late_bonus = weights.per_card, weights.steal, weights.late
        build_share, build_risk, trail_cost = weights.build, weights.build_risk, weights.trail
        # First what each move gains; then, best gain first, less the exposure of the table
        # it leaves (never negative), stopping once no gain left can beat the best so far.
        gains = []
        for move in moves:
            kind, card, value, take = move
            if kind == CAPTURE:
                gain = worth[card] + per_card * take.bit_count() + mask_worth(take)
                if take == table:
                    gain += sweep
                if builds:
                    gain += steal * sum(1 for b in builds
                                        if b[0] & take and core.side[b[3]] != side)
                if last:
                    gain += late_bonus
                    if others_empty and st.hands[seat].bit_count() == 1:
                        gain += mask_worth(st.loose & ~take) + 0.12 * sum(
                            b[0].bit_count() for b in builds if not b[0] & take)
            elif kind == BUILD:
                haul = worth[card] + mask_worth(take)
                gain = build_share * haul * (1 - build_risk * odds[value])
            elif kind == PLUCK:
                gain = worth[card] + 0.05
            else:
                gain = -trail_cost * worth[card]
                if not core.hand_values[card]:
                    gain += 0.02
            gains.append(gain)
        if not drawn:
            best_gain = max(gains)
            return moves[gains.index(best_gain)]
        # Best gain first, the first listed first among equals (the sort is stable).
        order = sorted(range(len(moves)), key=[-g for g in gains].__getitem__)
        best = -math.inf
        best_at = 0
        exposure = weights.exposure
        for k in order:
            gain = gains[k]
            if gain < best:
                break
            kind, card, value, take = moves[k]
            loose = st.loose & ~take
            if kind == TRAIL:
                loose |= 1 << card
            pieces = 0
            if build_loot:
                in_builds = [0.0] * 15
                of_value = [0] * 15
                for b_mask, v, w in build_loot:
                    if not b_mask & take:
                        pieces += 1
                        in_builds[v] += w
                        of_value[v] += 1
            else:
                in_builds = self._no_loot
                of_value = self._no_count
            if kind == BUILD:
                if not build_loot:
                    in_builds = [0.0] * 15
                    of_value = [0] * 15
                pieces += 1
                in_builds[value] += mask_worth(take | 1 << card) + 0.1
                of_value[value] += 1
            if loose or pieces:
                pairs = base_pairs
                gone = take & st.loose
                if gone or kind == TRAIL:
                    pairs = base_pairs[:]
                    while gone:
                        low = gone & -gone
                        i = low.bit_length() - 1
                        gone ^= low
                        for v in held[i]:
                            pairs[v] -= worth[i]
                    if kind == TRAIL:
                        for v in held[card]:
                            pairs[v] += worth[card]
                gain -= exposure * self._worst(loose, pairs, in_builds, of_value, pieces, odds,
                                               court_odds)
            if gain > best or (gain == best and k < best_at):
                best, best_at = gain, k
        return moves[best_at]

    def _worst(self, loose: int, pairs: list[float], in_builds: list[float],
               of_value: list[int], builds: int, odds: list[float],
               court_odds: list[float]) -> float:
        """The intermediate's exposure (:func:`cassino_core.players._exposure`) of the table
        left: the worst, over the values an opponent may hold, of the chance of holding it
        times what it takes (the most loose cards it can take, 0.15 each, the worth of the
        cards of its value and of its builds, and the sweep when that clears the table), and
        likewise for each court card without value, by the chance of holding its rank
        (``court_odds``, per rank)."""
        core = self.core
        worst = 0.0
        sweep = self.sweep
        per_card = self.weights.exposure_card
        counts = core.counts(loose)
        numerals = (loose & core.valued).bit_count()
        courts = loose & ~core.valued
        row = core.most_row(counts) if numerals else self._zeros
        for v in range(1, self.top + 1):
            p = odds[v]
            if not p:
                continue
            taken = row[v]
            amount = per_card * taken + in_builds[v] + pairs[v]
            if taken == numerals and not courts and of_value[v] == builds:
                amount += sweep
            if p * amount > worst:
                worst = p * amount
        if courts:
            alone = numerals + courts.bit_count() + builds == 1
            worth = self.worth
            while courts:
                low = courts & -courts
                i = low.bit_length() - 1
                courts ^= low
                rank = i // 4 + 1
                p = court_odds[rank]
                amount = worth[i] + (sweep if alone else 0.0)
                if p * amount > worst:
                    worst = p * amount
        return worst


Curve = tuple[float, float]
"""How a lead in a "most of" category turns into the chance of ending with the most:
``(steepness, offset)``, the chance being ``1 / (1 + exp(-steepness * lead / (sqrt(left) +
offset)))`` while the cards ``left`` can still overturn the lead (0 or 1 once they cannot)."""

MAJORITY_CURVE: Curve = (1.6, 1.0)
"""The curve the expert has used for every "most of" category since issue 4."""

CALIBRATED_CURVES: tuple[Curve, Curve] = ((1.8, 4.0), (2.2, 1.0))
"""Curves fitted to where playouts of :class:`CorePolicy` end (most cards, then most spades;
Classic, 100,000 ends of deals of 20,000 rounds, maximum likelihood over a grid): a lead in
cards weighs less than :data:`MAJORITY_CURVE` says (+4 with 44 cards left: 0.63 seen, 0.70
said), a lead in spades more."""


def _majority_chance(lead: int, left: int, curve: Curve = MAJORITY_CURVE) -> float:
    if lead > left:
        return 1.0
    if -lead > left:
        return 0.0
    return 1 / (1 + math.exp(-curve[0] * lead / (math.sqrt(left) + curve[1])))


def expected_points(st: Playout, curves: tuple[Curve, Curve] = (MAJORITY_CURVE,
                                                                 MAJORITY_CURVE)) -> list[float]:
    """Round points each side can expect from ``st`` (see the module docstring; the same
    figures as :func:`cassino_core.expert.expected_points` of the same round with the default
    ``curves``): ``curves`` are the :data:`Curve` of most cards and of the suit counted
    (spades, or diamonds in Diamond Cassino)."""
    core = st.core
    rules = core.rules
    if st.finished and rules.scoring != "standard":
        return [float(t) for t in st.score().totals]
    sides = rules.sides
    piles = st.side_piles()
    sweeps = [0] * sides
    penalties = [0] * sides
    for seat in range(core.players):
        sweeps[core.side[seat]] += st.sweeps[seat]
        penalties[core.side[seat]] += st.penalties[seat]
    if rules.scoring == "standard":
        return _standard(st, piles, sweeps, penalties, curves)
    score = score_round(rules, [[CARDS[i] for i in bits(p)] for p in piles], sweeps, penalties)
    points = [float(s.total) for s in score.sides]
    if rules.scoring == "diamond":
        majorities = [("cards", 1, core.pack, curves[0]),
                      ("diamonds", 1, _SUIT_MASKS["D"] & core.pack, curves[1])]
    else:
        majorities = [("cards", 3, core.pack, curves[0])]
        if rules.scoring in ("spade25", "spade26"):
            majorities.append(("spades", 1, _SUIT_MASKS["S"] & core.pack, curves[1]))
    for category, worth, counted, curve in majorities:
        counts = [(p & counted).bit_count() for p in piles]
        left = counted.bit_count() - sum(counts)
        for side in range(sides):
            points[side] -= score.sides[side].points.get(category, 0)
            lead = counts[side] - max(counts[o] for o in range(sides) if o != side)
            points[side] += worth * _majority_chance(lead, left, curve)
    return points


_BIG = 1 << BIG_CASINO.index
_LITTLE = 1 << LITTLE_CASINO.index


def _standard(st: Playout, piles: list[int], sweeps: list[int], penalties: list[int],
              curves: tuple[Curve, Curve]) -> list[float]:
    """:func:`expected_points` under the standard count (exact when the round is over)."""
    secured, cards, spades = standard_parts(st, piles, sweeps, penalties, curves)
    return [secured[i] + 3 * cards[i] + spades[i] for i in range(len(secured))]


def standard_parts(st: Playout, piles: list[int], sweeps: list[int], penalties: list[int],
                   curves: tuple[Curve, Curve] = (MAJORITY_CURVE, MAJORITY_CURVE),
                   ) -> tuple[list[int], list[float], list[float]]:
    """A standard-count position's points in three parts, per side: the points its cards,
    sweeps and defaults have secured (big casino 2, little casino 1, aces 1, sweeps as
    ``rules.sweeps`` scores them, less 2 a default), and its chance of ending with the most
    cards (worth 3) and with the most spades (worth 1), each 0 or 1 once the round is over
    (the Portuguese tie-break applied). ``piles`` are the sides' captured cards
    (:meth:`Playout.side_piles <cassino_core.playout.Playout.side_piles>`), ``sweeps`` and
    ``penalties`` counted per side; ``curves`` as in :func:`expected_points`. Scoring after
    [PAG §12] (:mod:`cassino_core.scoring`)."""
    rules = st.core.rules
    sides = len(piles)
    secured = [0] * sides
    for side, pile in enumerate(piles):
        points = (2 * bool(pile & _BIG) + bool(pile & _LITTLE)
                  + (pile & _ACES).bit_count() - 2 * penalties[side])
        made = sweeps[side]
        if rules.sweeps == "one":
            points += made
        elif rules.sweeps == "two":
            points += 2 * made
        elif rules.sweeps == "cancel":
            points += max(0, made - max((sweeps[o] for o in range(sides) if o != side),
                                        default=0))
        secured[side] = points
    pack = st.core.pack
    cards = [p.bit_count() for p in piles]
    spades = [(p & _SUIT_MASKS["S"]).bit_count() for p in piles]
    if st.finished:
        most_cards = _leader(cards)
        most_spades = _leader(spades)
        if most_cards is None and rules.portuguese_tiebreak:
            most_cards = most_spades
        return (secured, [float(side == most_cards) for side in range(sides)],
                [float(side == most_spades) for side in range(sides)])
    cards_left = pack.bit_count() - sum(cards)
    spades_left = (pack & _SUIT_MASKS["S"]).bit_count() - sum(spades)
    cards_chance = [0.0] * sides
    spades_chance = [0.0] * sides
    for side in range(sides):
        lead = cards[side] - max(cards[o] for o in range(sides) if o != side)
        spade_lead = spades[side] - max(spades[o] for o in range(sides) if o != side)
        cards_chance[side] = _majority_chance(lead, cards_left, curves[0])
        spades_chance[side] = _majority_chance(spade_lead, spades_left, curves[1])
    return secured, cards_chance, spades_chance


def _leader(counts: list[int]) -> int | None:
    """The side with strictly the most, or None."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


__all__ = ["CALIBRATED_CURVES", "INTERMEDIATE_WEIGHTS", "MAJORITY_CURVE", "CorePolicy", "Curve",
           "PolicyWeights", "expected_points", "standard_parts"]
