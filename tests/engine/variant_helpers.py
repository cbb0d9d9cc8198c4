"""Shared helpers of tests/engine/test_variants.py and test_multiplayer.py, written from the rule
text (RULES.md) independently of the engine's scoring and dealing code.

* :func:`make` builds a preset's rules and skips the test, naming the switch, while the engine
  says ``NotSupportedError``.
* :func:`at` sets up a position; :func:`agree` checks the engine's legal moves against the
  brute-force reference (tests/engine/reference.py) and returns them as reference tuples.
* :func:`expected_points` scores a round's piles per side from RULES.md §12, §15.2, §15.4, §15.6.
* :func:`play_checked_round` plays a random round and checks every invariant on the way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

import pytest

from cassino_core import Build, Card, Match, Move, NotSupportedError, Round, Rules
from tests.engine.reference import move_tuple, state_reference_moves, tuple_text

MoveTuple = tuple[object, ...]

RANKS = "A23456789TJQK"
SUITS = "SHDC"
FULL_PACK = frozenset(r + s for r in RANKS for s in SUITS)


# -- setting up positions -------------------------------------------------------------------------


def make(name: str = "classic", **overrides: Any) -> Rules:
    """``Rules.from_name(name, **overrides)``; the test is skipped, with the engine's message,
    while a switch raises NotSupportedError (so the lead sees what is missing)."""
    try:
        return Rules.from_name(name, **overrides)
    except NotSupportedError as exc:
        pytest.skip(f"engine says not supported yet: {exc}")


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def build(text: str, value: int, owner: int, multiple: bool = False) -> Build:
    """``"3C 5D"`` for a single build, ``"3C 5D | 8H"`` for the groups of a multiple one."""
    groups = tuple(tuple(cards(g)) for g in text.split("|"))
    return Build(groups=groups, value=value, multiple=multiple, owner=owner)


def at(
    rules: Rules,
    hands: Sequence[str],
    loose: str = "",
    builds: Sequence[Build] = (),
    turn: int = 0,
    stock: str = "",
    piles: Sequence[str] | None = None,
    **extra: Any,
) -> Round:
    """A round in a given position: ``hands`` per seat as text, seat ``turn`` to play."""
    n = rules.players
    return Round.from_position(
        rules,
        hands=[cards(h) for h in hands],
        loose=cards(loose),
        builds=list(builds),
        turn=turn,
        dealer=(turn - 1) % n,
        stock=cards(stock),
        piles=None if piles is None else [cards(p) for p in piles],
        **extra,
    )


def cap(card: str, take: str) -> MoveTuple:
    return ("capture", card, frozenset(take.split()))


def bld(card: str, value: int, take: str) -> MoveTuple:
    return ("build", card, value, frozenset(take.split()))


def trail(card: str) -> MoveTuple:
    return ("trail", card)


def pluck(card: str) -> MoveTuple:
    return ("pluck", card)


def show(moves: AbstractSet[MoveTuple], limit: int = 10) -> str:
    shown = sorted(tuple_text(m) for m in moves)
    more = f" ... and {len(shown) - limit} more" if len(shown) > limit else ""
    return ", ".join(shown[:limit]) + more


def engine_moves(r: Round) -> set[MoveTuple]:
    moves = [move_tuple(m) for m in r.legal_moves()]
    assert len(set(moves)) == len(moves), "legal_moves has duplicates"
    return set(moves)


def agree(
    r: Round,
    present: AbstractSet[MoveTuple] = frozenset(),
    absent: AbstractSet[MoveTuple] = frozenset(),
) -> set[MoveTuple]:
    """Check the expectations against the reference first, then against the engine, then that
    the two agree exactly; return the moves."""
    ref = state_reference_moves(r.state)
    assert present <= ref, f"reference lacks {show(present - ref)}"
    assert not absent & ref, f"reference allows {show(absent & ref)}"
    got = engine_moves(r)
    assert present <= got, f"engine lacks {show(present - got)}"
    assert not absent & got, f"engine allows {show(absent & got)}"
    assert got == ref, (
        f"engine and reference disagree\n  only the engine: {show(got - ref)}\n"
        f"  only the reference: {show(ref - got)}"
    )
    return got


def play(r: Round, move: MoveTuple) -> None:
    """Play the engine's move that matches the reference tuple ``move``."""
    for m in r.legal_moves():
        if move_tuple(m) == move:
            r.play(m)
            return
    pytest.fail(
        f"{tuple_text(move)} is not among the engine's legal moves: {show(engine_moves(r))}"
    )


# -- the rules, independently ----------------------------------------------------------------------


def expected_pack(rules: Rules) -> frozenset[str]:
    """52 cards; Diamond 40 without courts [WIKI] or without 8s, 9s and 10s [OST] (§15.4); five
    players drop the 2 of hearts, diamonds and clubs (§3.4) [S003]."""
    pack = set(FULL_PACK)
    if rules.pack == "no_courts":
        pack = {c for c in pack if c[0] not in "JQK"}
    elif rules.pack == "no_high":
        pack = {c for c in pack if c[0] not in "89T"}
    if rules.players == 5:
        pack -= {"2H", "2D", "2C"}
    return frozenset(pack)


def sides_of(rules: Rules) -> int:
    """Scoring sides: two partnerships at four (or six) players, else one per player (§8)."""
    return 2 if rules.partnerships and rules.players in (4, 6) else rules.players


def expected_deals(rules: Rules) -> list[int]:
    """Cards per player in each deal of a round (§3.2, §3.4, §15.3, §15.4): 4 each (3 in Diamond)
    with 4 to the table first; five players take 5 on the last deal; Draw deals once."""
    if rules.draw:
        return [rules.hand_size]
    rest = len(expected_pack(rules)) - 4
    per_deal = rules.hand_size * rules.players
    deals = [rules.hand_size] * (rest // per_deal)
    extra = rest - per_deal * len(deals)
    deals[-1] += extra // rules.players
    return deals


def strict_leader(counts: Sequence[int]) -> int | None:
    """The side with strictly more than every other side, else None (§12)."""
    best = max(counts)
    leaders = [i for i, n in enumerate(counts) if n == best]
    return leaders[0] if len(leaders) == 1 else None


SPADE_CARD_POINTS = {
    # Spade Cassino per-card points, besides cards 3 (and most spades 1 where scored) (§15.2, D19).
    # 24 [FOS][PAG][S000]: every spade 1, A, J and 2 of spades 2 each, other aces 1, 10D 2.
    "spade24": {"AS": 2, "JS": 2, "2S": 2, "AH": 1, "AD": 1, "AC": 1, "TD": 2},
    # 25 [WIKI/S003]: the normal 11 with J of spades 2 and one for every other spade: the same
    # per-card points, plus most spades.
    "spade25": {"AS": 2, "JS": 2, "2S": 2, "AH": 1, "AD": 1, "AC": 1, "TD": 2},
    # 26 [BIC]: aces 1 each, and A, J, 2 of spades 2 each on top of that for the ace.
    "spade26": {"AS": 3, "JS": 2, "2S": 2, "AH": 1, "AD": 1, "AC": 1, "TD": 2},
}


def expected_points(
    rules: Rules, piles: Sequence[Sequence[str]], sweeps: Sequence[int],
    last_capture: int | None = None,
) -> tuple[list[int], bool]:
    """Each side's points for a finished round (penalties apart) and whether the reading is sure.

    ``piles`` and ``sweeps`` are per side. Standard [PAG §12][S000]: most cards 3, most spades 1,
    10D 2, 2S 1, each ace 1, "most" strictly more than every other side; Portuguese: at 26-26 the
    side with most spades takes the cards [S003]. Spade schemes as :data:`SPADE_CARD_POINTS`.
    Diamond (OST via SEC, §15.4): most cards 1, most diamonds 1, 7D 1, 2 for all four 7s, 6s or
    aces. Finnish (FAMILY.md §5.12): most cards 1, most spades 2, 10D 2, 2S 1, each ace 1.
    Sweeps (§10): 1 or 2 each, or cancelling (the surplus over the other side). Swedish
    (FAMILY.md §5.12, ``last_capture_point``): 1 more to ``last_capture``, the side that
    captured last.

    Not sure (the second value False): cancelling sweeps between three or more sides, the
    Portuguese tie-break with three or more sides, and Diamond when two sets of four are
    complete (OST's "(or all four 6s, or all four aces)" may be a fallback or a sum).
    """
    n = len(piles)
    sure = True
    card_counts = [len(p) for p in piles]
    spades = [sum(1 for c in p if c[1] == "S") for p in piles]
    points = [0] * n
    scheme = rules.scoring
    if scheme == "diamond":
        leader = strict_leader(card_counts)
        if leader is not None:
            points[leader] += 1
        diamonds = strict_leader([sum(1 for c in p if c[1] == "D") for p in piles])
        if diamonds is not None:
            points[diamonds] += 1
        complete = 0
        for side, pile in enumerate(piles):
            if "7D" in pile:
                points[side] += 1
            for rank in "76A":
                if sum(1 for c in pile if c[0] == rank) == 4:
                    points[side] += 2
                    complete += 1
        sure = complete <= 1
    else:
        leader = strict_leader(card_counts)
        if leader is None and rules.portuguese_tiebreak:
            sure = n == 2
            leader = strict_leader(spades)
        finnish = scheme == "finnish"
        if leader is not None:
            points[leader] += 1 if finnish else 3
        if scheme in ("standard", "spade25", "spade26", "finnish"):
            spade_leader = strict_leader(spades)
            if spade_leader is not None:
                points[spade_leader] += 2 if finnish else 1
        for side, pile in enumerate(piles):
            if scheme in ("standard", "finnish"):
                points[side] += sum({"TD": 2, "2S": 1}.get(c, 0) + (c[0] == "A") for c in pile)
            else:
                table = SPADE_CARD_POINTS[scheme]
                points[side] += sum(table.get(c, 1 if c[1] == "S" else 0) for c in pile)
    for side in range(n):
        made = sweeps[side]
        if rules.sweeps == "one":
            points[side] += made
        elif rules.sweeps == "two":
            points[side] += 2 * made
        elif rules.sweeps == "cancel":
            sure = sure and n == 2
            points[side] += max(0, made - max(sweeps[o] for o in range(n) if o != side))
    if rules.last_capture_point and last_capture is not None:
        points[last_capture] += 1
    return points, sure


def base_total(rules: Rules, piles: Sequence[Sequence[str]]) -> int | None:
    """The round's points without sweeps, penalties and the last capture (§12, §15.2): standard
    11, less 3 when nobody has most cards, less 1 when nobody has most spades; Spade 24, 25, 26
    less the same; Finnish 10, less 1 and 2 (FAMILY.md §5.12); None for Diamond (it varies)."""
    full = {"standard": 11, "spade24": 24, "spade25": 25, "spade26": 26,
            "finnish": 10}.get(rules.scoring)
    if full is None:
        return None
    card_counts = [len(p) for p in piles]
    spades = [sum(1 for c in p if c[1] == "S") for p in piles]
    if strict_leader(card_counts) is None and not (
        rules.portuguese_tiebreak and strict_leader(spades) is not None
    ):
        full -= 1 if rules.scoring == "finnish" else 3
    if rules.scoring != "spade24" and strict_leader(spades) is None:
        full -= 2 if rules.scoring == "finnish" else 1
    return full


def side_piles(rules: Rules, state: Any) -> list[list[str]]:
    """The finished round's piles pooled per side (partners' piles added [S000][PAG])."""
    out: list[list[str]] = [[] for _ in range(sides_of(rules))]
    for seat, pile in enumerate(state.piles):
        out[seat % len(out)].extend(str(c) for c in pile)
    return out


def side_sweeps(rules: Rules, state: Any) -> list[int]:
    out = [0] * sides_of(rules)
    for seat, made in enumerate(state.sweeps):
        out[seat % len(out)] += made
    return out


# -- a random round with every check ---------------------------------------------------------------


def all_cards(state: Any) -> list[str]:
    return [
        str(c)
        for c in (
            [c for h in state.hands for c in h]
            + list(state.loose)
            + [c for b in state.builds for c in b.cards]
            + list(state.stock)
            + [c for p in state.piles for c in p]
        )
    ]


def is_default(state: Any, move: Any) -> bool:
    """Michigan [S003 §10]: a build owner defaults by trailing, or by playing away the last card
    that takes one of their builds without taking that build (one default per play)."""
    seat = state.turn
    own = [b for b in state.builds if b.owner == seat]
    if not own or move.kind == "pluck":
        return False
    if move.kind == "trail":
        return True
    hand = [str(c) for c in state.hands[seat]]
    rest = [c for c in hand if c != str(move.card)]
    taken = {str(c) for c in move.take}

    def takes(cards_held: list[str], value: int) -> bool:
        return any(value in holding_values(state.rules, c) for c in cards_held)

    return any(
        not {str(c) for c in b.cards} <= taken and takes(hand, b.value) and not takes(rest, b.value)
        for b in own
    )


def holding_values(rules: Rules, card: str) -> set[int]:
    """The build values a card in hand can take (§2, §15.1, §15.7, §15.9)."""
    rank = card[0]
    if rank in "JQK":
        return {11 + "JQK".index(rank)}
    if rank == "A":
        return {1, 14} if rules.values == "royal" else {1}
    value = "A23456789T".index(rank) + 1
    return {10, 11} if card == "TD" and rules.big_casino_eleven else {value}


class RoundLog:
    """What a checked random round met: positions, comparisons made, deals, defaults."""

    def __init__(self) -> None:
        self.positions = 0
        self.compared = 0
        self.deal_sizes: list[list[int]] = []
        self.defaults: list[int] = []
        self.score: Any = None


def play_checked_round(
    rules: Rules,
    seed: int,
    dealer: int = 0,
    compare_limit: int = 12,
    rng: random.Random | None = None,
) -> RoundLog:
    """Deal a round with ``seed`` and play it with random legal moves, checking at every step:

    * every card of the rules' pack is somewhere, once (hands, table, stock, piles);
    * the seat to play has a legal move until the round ends;
    * the engine's legal moves equal the reference's (positions with at most ``compare_limit``
      loose cards, to keep the brute force quick);
    * each deal gives the expected number of cards, Draw keeps hands at four;
    * the finished round's points per side (see :func:`check_round_score`).
    """
    rng = rng or random.Random(seed)
    r = Round.deal(rules, dealer=dealer, seed=seed)
    pack = expected_pack(rules)
    log = RoundLog()
    log.defaults = [0] * rules.players
    log.deal_sizes.append([len(h) for h in r.state.hands])
    assert len(r.state.loose) + len(r.state.piles[(dealer + 1) % rules.players]) == 4
    guard = 0
    while not r.finished:
        guard += 1
        assert guard < 1000, "the round does not end"
        state = r.state
        everything = all_cards(state)
        assert len(everything) == len(pack) and set(everything) == pack, "cards lost or doubled"
        moves = r.legal_moves()
        assert moves, f"seat {state.turn} has no legal move"
        got = [move_tuple(m) for m in moves]
        assert len(set(got)) == len(got), "legal_moves has duplicates"
        log.positions += 1
        if len(state.loose) <= compare_limit:
            ref = state_reference_moves(state)
            assert set(got) == ref, (
                f"engine and reference disagree (rules {rules.name}, seed {seed}, seat "
                f"{state.turn}, hand {' '.join(map(str, state.hands[state.turn]))}, table "
                f"{' '.join(map(str, state.loose))} builds "
                f"{[(b.value, b.owner, ' '.join(map(str, b.cards))) for b in state.builds]})\n"
                f"  only the engine: {show(set(got) - ref)}\n  only the reference: "
                f"{show(ref - set(got))}"
            )
            log.compared += 1
        move = rng.choice(moves)
        if is_default(state, move):
            log.defaults[state.turn] += 1
        deal = state.deal
        stock = len(state.stock)
        seat = state.turn
        r.play(move)
        after = r.state
        if after.finished:
            break
        if move.kind == "pluck":
            assert after.turn == seat, "a pluck does not pass the turn [S003]"
        if rules.draw and stock and move.kind != "pluck":
            assert len(after.hands[seat]) == len(state.hands[seat]), "Draw refills the hand"
            assert len(after.stock) == stock - 1
        if after.deal != deal:
            log.deal_sizes.append([len(h) for h in after.hands])
    final = r.state
    everything = all_cards(final)
    assert len(everything) == len(pack) and set(everything) == pack, "cards lost at the end"
    assert not final.loose and not final.builds and not any(final.hands)
    log.score = final.score()
    check_round_score(rules, final, log)
    return log


def check_round_score(rules: Rules, final: Any, log: RoundLog) -> None:
    """A finished round: per side, the points of :func:`expected_points` less 2 a default
    (Michigan); the total equals :func:`base_total` plus sweeps and penalties."""
    piles = side_piles(rules, final)
    sweeps = side_sweeps(rules, final)
    score = log.score
    assert [s.cards for s in score.sides] == [len(p) for p in piles]
    last = None if final.last_capturer is None else rules.side_of(final.last_capturer)
    expected, sure = expected_points(rules, piles, sweeps, last)
    penalties = [0] * len(piles)
    if rules.builder_restriction == "penalty":
        for seat, made in enumerate(log.defaults):
            penalties[seat % len(piles)] -= 2 * made
    got = list(score.totals)
    if sure:
        want = [e + p for e, p in zip(expected, penalties, strict=True)]
        assert got == want, (
            f"round points {got}, expected {want} (rules {rules.name}: piles "
            f"{[len(p) for p in piles]} cards, sweeps {sweeps}, defaults {log.defaults})"
        )
    base = base_total(rules, piles)
    if base is not None and rules.sweeps in ("off", "one", "two"):
        per = {"off": 0, "one": 1, "two": 2}[rules.sweeps]
        last = int(rules.last_capture_point and final.last_capturer is not None)
        assert sum(got) == base + per * sum(sweeps) + sum(penalties) + last, (got, base, sweeps)


# -- game ends (RULES.md §13), checked on random matches -----------------------------------------


def multiplier(m: Match) -> int:
    """The match result's multiplier (contract: the match result has "multiplier")."""
    state = m.state
    if hasattr(state, "multiplier"):
        return int(state.multiplier)
    result = getattr(state, "result", None)
    if isinstance(result, dict) and "multiplier" in result:
        return int(result["multiplier"])
    if result is not None and hasattr(result, "multiplier"):
        return int(result.multiplier)
    pytest.fail("the match state shows no multiplier (contract: a match result with one)")


COUNT_OUT_ACES = ("AS", "AC", "AH", "AD")


def count_out_winner(rules: Rules, before: list[int], state: object) -> set[int]:
    """Count the round's points in order onto the totals before it: cards, spades, big casino,
    little casino, the aces by suit S C H D, sweeps; the first side to reach the target wins
    [FOS][PAG variation][USPC52][OST][S004] (§12, §13). Several sides reaching it together in the
    sweeps step give a set of candidates."""
    piles = side_piles(rules, state)
    sweeps = side_sweeps(rules, state)
    running = list(before)
    steps: list[list[int]] = []
    n = len(piles)

    def award(side: int | None, points: int) -> None:
        step = [0] * n
        if side is not None:
            step[side] = points
        steps.append(step)

    award(strict_leader([len(p) for p in piles]), 3)
    award(strict_leader([sum(c[1] == "S" for c in p) for p in piles]), 1)
    award(next((s for s, p in enumerate(piles) if "TD" in p), None), 2)
    award(next((s for s, p in enumerate(piles) if "2S" in p), None), 1)
    for ace in COUNT_OUT_ACES:
        award(next((s for s, p in enumerate(piles) if ace in p), None), 1)
    per = {"off": 0, "one": 1, "two": 2}.get(rules.sweeps)
    if per is not None:
        steps.append([per * s for s in sweeps])
    for step in steps:
        running = [a + b for a, b in zip(running, step, strict=True)]
        reached = {s for s in range(n) if running[s] >= rules.target}
        if reached:
            return reached
    return set(range(n))


def expected_end(rules: Rules, m: Match, before: list[int]) -> set[object]:
    """The outcomes the rules allow after a round: ``None`` (play on) or a winning side
    (§13, D14, D28). A set of several outcomes marks a reading the sources leave open."""
    state = m.state
    totals = list(state.totals)
    rounds = state.round_number
    sides = len(totals)
    best = max(totals)
    leaders = [s for s in range(sides) if totals[s] == best]
    unique = leaders[0] if len(leaders) == 1 else None
    anything: set[object] = {None, *range(sides)}
    if rules.game_end in ("one_deal", "two_deals", "deals_twice"):
        length = {"one_deal": 1, "two_deals": 2, "deals_twice": 2 * rules.players}[rules.game_end]
        if rounds < length:
            return {None}
        return {unique} if unique is not None else anything  # a tie: the sources are silent
    target = 11 if rules.game_end == "eleven_doubling" else rules.target
    reached = [s for s in range(sides) if totals[s] >= target]
    if not reached:
        return {None}
    if len(reached) == 1:
        return {reached[0]}
    if rules.tie_break == "count_out" and rules.scoring == "standard":
        winners = count_out_winner(rules.replace(target=target), before, state.round)
        if unique is None:
            return set(winners)
        return set(winners) | {unique}  # several over the target, unequal: D14 reads both ways
    if unique is not None:
        return {unique}
    if rules.tie_break == "cards_then_spades":
        piles = side_piles(rules, state.round)
        for key in (len, lambda p: sum(c[1] == "S" for c in p)):
            top = max(key(piles[s]) for s in leaders)
            leaders = [s for s in leaders if key(piles[s]) == top]
            if len(leaders) == 1:
                return {leaders[0]}
    return {None}


def fair_moves(m: Match) -> list[Move]:
    """The legal moves, without Michigan's defaults when others exist (random defaults cost so
    much that a random match would never reach the target)."""
    moves = m.legal_moves()
    if m.rules.builder_restriction != "penalty":
        return moves
    state = m.state.round
    fair = [mv for mv in moves if not is_default(state, mv)]
    return fair or moves


def run_match(rules: Rules, seed: int, max_rounds: int = 40) -> Match:
    """Play a whole match with random legal moves, checking each round's end (§13)."""
    rng = random.Random(seed)
    m = Match(rules, seed=seed)
    dealers = [m.state.round.dealer]
    for _ in range(max_rounds):
        before = list(m.state.totals)
        while m.state.phase == "play":
            m.play(rng.choice(fair_moves(m)))
        assert sum(m.state.totals) >= sum(before) - 100
        outcome = m.state.winner if m.state.phase == "match_over" else None
        allowed = expected_end(rules, m, before)
        assert outcome in allowed, (
            f"round {m.state.round_number}: totals {before} -> {m.state.totals}, got "
            f"{m.state.phase} winner {m.state.winner}, rules allow {allowed} ({rules.game_end}, "
            f"{rules.tie_break})"
        )
        if m.state.phase == "match_over":
            return m
        m.next_round()
        dealers.append(m.state.round.dealer)
        assert dealers[-1] == (dealers[-2] + 1) % rules.players  # the deal passes left [PAG §1]
    pytest.fail(f"no winner after {max_rounds} rounds")
