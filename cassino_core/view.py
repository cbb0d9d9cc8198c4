"""What one seat may know: its own hand, everything face up, and counts of the rest.

Every card played in Cassino is played face up, so the table, every move made and every
captured card are public; the other hands and the order of the stock are not. Computer players
get exactly this view, the same as a person (no peeking at hidden cards).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from .cards import Card, sort_key
from .game import build_groups, is_default
from .match import MatchState, Phase, play_on_reason
from .movegen import (
    Family,
    LooseCards,
    expand,
    families_for,
    spec_count,
    spec_families,
    specs_for,
    trail_refusal,
)
from .moves import BuildMove, Capture, Move, Pluck, TrailBuild, move_sort_key, move_to_json
from .rules import Rules
from .scoring import RoundScore
from .table import Build, scheme_for

PAGE_MOVE_LIMIT = 2000
"""Most legal moves a view sends the page in full; a crowded table can have far more."""


class LazyFamilies(Sequence[Family]):
    """The families of one seat's legal moves, listed on first use only.

    A view is made for every reply; on a crowded table listing the families costs seconds,
    and the page's view needs only what :func:`~cassino_core.movegen.specs_for` answers. The
    computer players read the families; they are listed (once) when first read.

    Attributes:
        active: whether the seat is to play (else there are no families).
    """

    def __init__(self, rules: Rules, hand: Sequence[Card], loose: Sequence[Card],
                 builds: Sequence[Build], seat: int, active: bool) -> None:
        self.rules, self.hand, self.loose, self.builds = rules, hand, loose, builds
        self.seat, self.active = seat, active
        self._listed: tuple[Family, ...] | None = None

    def __repr__(self) -> str:
        """What the families are made from, without listing them (a view's text stays the
        same for the same position: the API keys its last hint by it)."""
        return (f"LazyFamilies(seat={self.seat}, active={self.active}, hand={self.hand!r}, "
                f"loose={self.loose!r}, builds={self.builds!r})")

    def _all(self) -> tuple[Family, ...]:
        if self._listed is None:
            self._listed = (tuple(families_for(self.rules, self.hand, self.loose, self.builds,
                                               self.seat)) if self.active else ())
        return self._listed

    @overload
    def __getitem__(self, index: int) -> Family: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Family]: ...

    def __getitem__(self, index: int | slice) -> Family | Sequence[Family]:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Family]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyFamilies):
            return self._all() == other._all()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of the match. Built by :func:`seat_view`.

    Attributes:
        rules: the rules in force.
        seat: the seat this view belongs to.
        phase: the match phase.
        turn: the seat to play.
        dealer: the dealer of this round.
        round_number, deal, deals: which round, which deal of how many.
        last_deal: True during the round's final deal.
        hand: this seat's cards (display order).
        hand_counts: how many cards each seat holds.
        stock: how many cards are still to be dealt.
        loose, builds: the table.
        piles: the cards each seat has captured (all were seen face up).
        sweeps: sweeps made per seat.
        last_capturer: the seat that captured last, or None.
        last_moves: each seat's latest move this round; swept: whether it was a sweep;
            raised: whether it raised a build; took_builds: the builds it captured.
        families: this seat's legal moves when it is to play (else empty), as
            :class:`~cassino_core.movegen.Family` values (a :class:`LazyFamilies` from
            :func:`seat_view`: listed when first read); :attr:`legal_moves` lists them.
        plucks: the plucks open to this seat (Pluck Cassino), part of the legal moves.
        totals: match points per side; target: points that win.
        results: the finished rounds' scores; winner: the winning side, if decided.
        penalties: builder's defaults per seat this round (Michigan); defaulted: whether each
            seat's latest move was one (it cost 2 points); plucked: whether each
            seat has plucked in this deal (Pluck); multiplier: games the win counts for.
        can_claim: this seat may claim out now (``Rules.claiming``, its turn in a round);
        claimed: the seat whose claim ended the match, else None.
        claim_counts: each side's points as the claim counted them (match total plus the
            round's points so far, :func:`cassino_core.match.claim_count`), else None.
        play_on: why a finished round did not end the match (``"tie"``: its end was reached
            with equal leading totals, another round is played), else None
            (:func:`cassino_core.match.play_on_reason`).
    """

    rules: Rules
    seat: int
    phase: Phase
    turn: int
    dealer: int
    round_number: int
    deal: int
    deals: int
    last_deal: bool
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock: int
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    last_moves: tuple[Move | None, ...]
    swept: tuple[bool, ...]
    raised: tuple[bool, ...]
    families: Sequence[Family]
    plucks: tuple[Pluck, ...]
    totals: tuple[int, ...]
    target: int
    results: tuple[RoundScore, ...]
    winner: int | None
    penalties: tuple[int, ...]
    plucked: tuple[bool, ...]
    multiplier: int
    defaulted: tuple[bool, ...] = ()
    can_claim: bool = False
    claimed: int | None = None
    claim_counts: tuple[int, ...] | None = None
    took_builds: tuple[tuple[Build, ...], ...] = ()
    play_on: str | None = None

    def unseen(self) -> set[Card]:
        """Cards this seat has not seen: in other hands or in the stock."""
        seen = set(self.hand) | set(self.loose) | {c for b in self.builds for c in b.cards}
        seen |= {c for p in self.piles for c in p}
        return set(self.rules.pack_cards()) - seen

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move, in canonical order (may be very long on a crowded table: see
        :attr:`move_count` first)."""
        table = LooseCards(self.loose, scheme_for(self.rules))
        moves: list[Move] = [m for f in self.families for m in expand(f, table)]
        moves.sort(key=move_sort_key)
        return [*self.plucks, *moves]

    @property
    def move_count(self) -> int:
        """How many legal moves there are, counted without listing them."""
        table = LooseCards(self.loose, scheme_for(self.rules))
        return len(self.plucks) + sum(f.size(table) for f in self.families)

    def _to_play(self) -> bool:
        """Whether this seat is to play (known without listing its families)."""
        if isinstance(self.families, LazyFamilies):
            return self.families.active
        return bool(self.families) or bool(self.plucks)

    def count_moves(self, cap: int) -> int:
        """How many legal moves there are, counted up to ``cap`` without listing them (an
        answer of ``cap`` means that many or more)."""
        if not self._to_play():
            return 0
        table = LooseCards(self.loose, scheme_for(self.rules))
        total = len(self.plucks)
        for spec in specs_for(self.rules, self.hand, self.loose, self.builds, self.seat):
            if total >= cap:
                return cap
            total += spec_count(spec, table, cap=cap - total)
        return min(total, cap)

    def cards_with_plays(self) -> set[Card]:
        """The hand cards that can capture or build now (a legal move other than a trail).

        A trail with a build of table cards (``Rules.table_builds``) does not count: any card
        that may be trailed can go with that build, so it says nothing of the card itself (the
        hint would otherwise say a trailed card "could capture now")."""
        if not self._to_play():
            return set()
        table = LooseCards(self.loose, scheme_for(self.rules))
        return {spec.family.card for spec in specs_for(self.rules, self.hand, self.loose,
                                                       self.builds, self.seat)
                if spec.family.kind not in ("trail", "trail_build")
                and spec_count(spec, table, cap=1)}

    def family_sample(self, per_spec: int) -> list[Family]:
        """Some families of every kind of legal move (up to ``per_spec`` of each
        :class:`~cassino_core.movegen.Spec`): what a player weighs on a table too crowded to
        weigh every move."""
        if not self._to_play():
            return []
        table = LooseCards(self.loose, scheme_for(self.rules))
        return [f for spec in specs_for(self.rules, self.hand, self.loose, self.builds,
                                        self.seat)
                for f in spec_families(spec, table, per_spec)]

    def trail_refusals(self) -> dict[str, str]:
        """For each hand card that may not be trailed now, the reason code (when to play)."""
        if not self._to_play():
            return {}
        return {str(c): why for c in self.hand
                if (why := trail_refusal(self.rules, self.hand, self.loose, self.builds,
                                         self.seat, c)) is not None}

    def page_move(self, move: Move, table: frozenset[Card] | None = None) -> dict[str, Any]:
        """:func:`page_move` for a move this seat may play now, with ``penalty`` true for a
        builder's default that costs 2 points (Michigan [S003])."""
        out = page_move(move, table, (self.rules, self.loose, self.builds), taken=self.builds)
        if is_default(self.rules, self.hand, self.builds, self.seat, move):
            out["penalty"] = True
        return out

    def _moves_json(self, table: frozenset[Card], limit: int) -> dict[str, Any]:
        """The legal moves for the page: all of them up to ``limit``; past that none (the page
        then asks with the ``select`` request). ``playable``: the hand cards with a legal move
        (found without listing moves). When the list is complete, ``legal_moves_total`` and
        ``move_counts`` (per hand card) count it. ``legal_moves_total`` is the number of legal
        moves up to :data:`PAGE_MOVE_LIMIT` (or ``limit`` when larger); past that it is null and
        ``legal_moves_more_than`` gives that number. Counting stops there, so a view never
        costs the number of moves of a crowded table."""
        specs = (specs_for(self.rules, self.hand, self.loose, self.builds, self.seat)
                 if self._to_play() else [])
        loose = LooseCards(self.loose, scheme_for(self.rules))
        playable: set[Card] = set()
        total = len(self.plucks)
        counted = max(limit, PAGE_MOVE_LIMIT)
        for spec in specs:
            room = counted + 1 - total
            if room <= 0 and spec.family.card in playable:
                continue
            found = spec_count(spec, loose, cap=max(room, 1))
            total += found
            if found:
                playable.add(spec.family.card)
        complete = total <= limit
        per_card: dict[str, int] = {}
        if complete:
            for f in self.families:
                per_card[str(f.card)] = per_card.get(str(f.card), 0) + f.size(loose)
        return {"legal_moves": [self.page_move(m, table) for m in self.legal_moves]
                if complete else [],
                "legal_moves_total": total if total <= counted else None,
                "legal_moves_complete": complete,
                **({} if total <= counted else {"legal_moves_more_than": counted}),
                "plucks": [page_move(m) for m in self.plucks],
                "playable": [str(c) for c in self.hand if c in playable],
                "move_counts": per_card}

    def _took(self, seat: int) -> tuple[Build, ...]:
        return self.took_builds[seat] if seat < len(self.took_builds) else ()

    def to_json(self, seats: list[str] | None = None, limit: int = PAGE_MOVE_LIMIT
                ) -> dict[str, Any]:
        """The JSON view of docs/api.md; ``limit``: most legal moves listed in full."""
        table = frozenset(self.loose).union(*(b.cards for b in self.builds))
        return {
            "game": "cassino",
            "seat": self.seat, "players": self.rules.players, "preset": self.rules.name,
            "sides": self.rules.sides,
            "side_of": [self.rules.side_of(s) for s in range(self.rules.players)],
            "seats": seats, "rules": self.rules.to_dict(),
            "phase": self.phase, "turn": self.turn, "dealer": self.dealer,
            "round": self.round_number, "deal": self.deal, "deals": self.deals,
            "last_deal": self.last_deal,
            "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts), "stock": self.stock,
            "table": {"loose": [str(c) for c in self.loose],
                      "builds": [build_json(b, self.rules) for b in self.builds]},
            "captured": [{"cards": len(p), "spades": sum(1 for c in p if c.suit == "S"),
                          "diamonds": sum(1 for c in p if c.suit == "D"),
                          "sweeps": s, "penalties": pen, "plucked": pl}
                         for p, s, pen, pl in zip(self.piles, self.sweeps, self.penalties,
                                                  self.plucked, strict=True)],
            "counted_suit": "D" if self.rules.scoring == "diamond" else "S",
            "last_capturer": self.last_capturer,
            "last_moves": [None if m is None else {**page_move(m, made=self.builds,
                                                             taken=self._took(seat)),
                                                   "sweep": swept, "raise": up,
                                                   "penalty": penalty}
                           for seat, (m, swept, up, penalty) in enumerate(zip(
                               self.last_moves, self.swept, self.raised,
                               self.defaulted or (False,) * len(self.last_moves),
                               strict=True))],
            "trail_refusals": self.trail_refusals(),
            **self._moves_json(table, limit),
            "scores": list(self.totals), "target": self.target,
            "rounds": [r.to_json() for r in self.results], "winner": self.winner,
            "play_on": self.play_on,
            "multiplier": self.multiplier,
            "can_claim": self.can_claim, "claimed": self.claimed,
            "claim_counts": (list(self.claim_counts) if self.claim_counts is not None
                             else None),
        }


def build_json(build: Build, rules: Rules) -> dict[str, Any]:
    """A build for the page: cards, groups, value, multiple, owner, raisable, and ``court``
    for a natural build of court cards ("building jacks" [S003]: its value is the rank)."""
    return {"cards": [str(c) for c in build.cards],
            "groups": [[str(c) for c in sorted(g, key=sort_key)] for g in build.groups],
            "value": build.value, "multiple": build.multiple, "owner": build.owner,
            "court": build.is_court_build(scheme_for(rules)),
            "raisable": not build.multiple and build.value < rules.max_build_value}


TableBefore = tuple[Rules, Sequence[Card], Sequence[Build]]
"""The rules, loose cards and builds a move is played on."""


def page_move(move: Move, table: frozenset[Card] | None = None,
              before: TableBefore | None = None, made: Sequence[Build] = (),
              taken: Sequence[Build] = ()) -> dict[str, Any]:
    """A move's JSON with its text and derived facts for the page: ``multiple`` for a build
    move that makes a multiple build, (when ``table``, the cards on the table, is given)
    ``sweep`` for a capture that clears the table, and for a capture that takes builds
    ``builds``: each as ``{"cards": [...], "value": 6, "multiple": false}`` (those of
    ``taken``, the builds on the table before it or the ones it took, whose cards it takes),
    so that the page tells "took the build of 6 (3H 3D)" and not two loose cards.

    Whether a build is multiple depends on the values cards have under the rules (Buckeye's
    ``3C b14 TD`` is one group, 3 + 11 [S003 §15.9]), so it is the engine's own grouping of the
    build: from ``before``, the table the move is played on, or else from ``made``, the builds
    on the table after it (the one holding the played card). Without either (the build has
    since been taken) the cards' ranks decide."""
    out = move_to_json(move)
    out["text"] = move.text()
    if table is not None and isinstance(move, Capture):
        out["sweep"] = move.take == table
    if isinstance(move, Capture):
        took = [b for b in taken if b.cards[0] in move.take]
        if took:
            out["builds"] = [{"cards": [str(c) for c in sorted(b.cards, key=sort_key)],
                              "value": b.value, "multiple": b.multiple} for b in took]
    if isinstance(move, BuildMove | TrailBuild):
        own = () if isinstance(move, TrailBuild) else (move.card,)  # a trailed card stays loose
        result = next((b for b in made if set(b.cards) == {*own, *move.take}), None)
        if before is not None:
            out["multiple"] = len(build_groups(*before, move)) > 1
        elif result is not None:
            out["multiple"] = result.multiple
        else:
            out["multiple"] = sum(c.rank for c in (*own, *move.take)) != move.value
    return out



def seat_view(state: MatchState, seat: int) -> SeatView:
    """The view of ``seat`` in ``state``."""
    rnd = state.round
    to_play = state.phase == "play" and rnd.turn == seat and not rnd.finished
    return SeatView(
        rules=state.rules, seat=seat, phase=state.phase, turn=rnd.turn, dealer=rnd.dealer,
        round_number=state.round_number, deal=rnd.deal, deals=state.rules.deals_per_round,
        last_deal=rnd.last_deal, hand=tuple(sorted(rnd.hands[seat], key=sort_key)),
        hand_counts=tuple(len(h) for h in rnd.hands), stock=len(rnd.stock), loose=rnd.loose,
        builds=rnd.builds, piles=rnd.piles, sweeps=rnd.sweeps,
        last_capturer=rnd.last_capturer, last_moves=rnd.last_moves, swept=rnd.swept,
        raised=rnd.raised,
        families=LazyFamilies(state.rules, rnd.hands[seat], rnd.loose, rnd.builds, seat,
                              to_play), plucks=tuple(rnd.plucks()) if to_play else (),
        totals=state.totals,
        target=state.target, results=state.results, winner=state.winner,
        penalties=rnd.penalties, plucked=rnd.plucked, multiplier=state.multiplier,
        defaulted=rnd.defaulted, took_builds=rnd.took_builds,
        can_claim=to_play and state.rules.claiming,
        claimed=state.claimed, claim_counts=state.claim_counts,
        play_on=play_on_reason(state))
