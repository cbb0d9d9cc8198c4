"""The JSON position format: any round position, every card in its place, written and read back.

A position is one :class:`~cassino_core.game.RoundState` as a JSON object (all cards as text,
see :mod:`cassino_core.cards`; seats numbered from 0)::

    {"format": "cassino-position", "version": 1,
     "rules": {...Rules.to_dict()...},          # or a preset name such as "classic"
     "dealer": 1, "turn": 0, "deal": 1,
     "hands": [["AS", "TD", "7H", "KC"], ["2C", "5H", "9S", "JD"]],   # one list per seat
     "table": {"loose": ["5D", "3C"],
               "builds": [{"groups": [["3H", "5S"]], "value": 8, "multiple": false,
                           "owner": 0}]},
     "stock": ["4S", ...],                      # undealt cards, next card first
     "piles": [[...], [...]],                   # captured cards per seat
     "sweeps": [0, 0], "last_capturer": null,
     "last_moves": [null, "5C t"], "swept": [false, false], "raised": [false, false],
     "plucked": [false, false], "penalties": [0, 0], "defaulted": [false, false],
     "took_builds": [[], []]}                   # the builds each seat's last move took

``format``, ``version``, ``deal``, ``sweeps``, ``last_capturer``, ``last_moves``, ``swept``,
``raised``, ``plucked`` (Pluck Cassino: has the seat plucked in this deal), ``penalties``
(Michigan: builder's defaults so far), ``defaulted`` (Michigan: was the seat's last move a
default) and ``took_builds`` (the builds, whole, that each seat's last move captured: a move's
text does not say which taken cards lay as a build, and the page says "took the build of 6";
each taken build's cards are in that seat's pile, ``position_took_builds``) may be left out
(defaults: the deal the stock implies, no sweeps, nobody, no moves, no plucks, no penalties,
no builds taken).
A build may also carry ``cards`` (then exactly the cards of its groups) and ``raisable`` (ignored),
so a build copied from a view (docs/api.md) reads back; ``multiple`` defaults to "more than one
group". The number of seats is ``rules.players``.

Loading refuses every position that play cannot reach, and every position from which the rules
could not go on to the end of the round, each with a typed reason code (the ``position_*`` and
``build_*`` codes of :mod:`cassino_core.errors`). The invariants checked, in order:

1. Form: known fields, cards, seats in range, one entry per seat, counts not negative.
2. Cards: every card of the pack exactly once (:meth:`~cassino_core.rules.Rules.pack_cards`: 52,
   49 for five players, 40 for Diamond) and no other (``position_card_twice``,
   ``position_card_not_in_pack``, ``position_cards_missing``); each build's groups make its value
   (``build_*``); two builds of one value only where the rules allow (``position_two_builds``).
3. Deal schedule: the stock holds what some deal leaves (``position_stock_size``,
   ``position_deal_stock``); no hand holds more than the deal gives (``position_hand_too_big``);
   the seat to play holds a card (``position_turn_no_card``); the seats that have played this
   deal hold one card fewer than the others, in turn order from the dealer's left
   (``position_hand_size``). Draw Cassino: while the stock holds cards every hand is full,
   because each play is followed by a draw; once it is empty the hands, read in turn order from
   the seat to play, hold h cards and then h - 1 (``position_draw_hands``).
4. Captures: sweeps and a last capturer have captured cards behind them
   (``position_no_capturer``, ``position_sweeps``, ``position_capturer_empty``); plucks and
   penalties only under their rules.
5. Builds are guarded: every seat that owns builds holds, for each build value, a card to take
   it (one card per value, :func:`~cassino_core.table.guards`), since no move may leave an owner
   without one [PAG §7] (``position_build_unguarded``; not under Michigan's penalty rule, where
   an owner may default). This is what keeps every later seat able to move: a seat holding cards
   may trail, or owns a build and holds the card that takes it.
6. The seat to play has a legal move (``position_no_legal_move``), found without listing the
   moves (:func:`~cassino_core.movegen.has_legal_move`), so a crowded table loads at once.

Together these make every accepted position play on to the end of the round under any legal
moves (tests/engine/test_position_dead.py checks it with generated positions).

>>> from cassino_core.game import Round
>>> from cassino_core.rules import CLASSIC
>>> state = Round.deal(CLASSIC, dealer=1, seed=7).state
>>> position_from_json(position_to_json(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Final, TypeVar

from .cards import Card, CardError, sort_key
from .game import Round, RoundState
from .movegen import has_legal_move
from .moves import Move, MoveError, move_from_text
from .numbers import whole_number
from .rules import Rules, RulesError
from .table import Build, PositionError, guards, scheme_for

FORMAT: Final = "cassino-position"
"""The ``format`` of a position object."""

VERSION: Final = 1
"""The version written; loading accepts this version and earlier."""

_FIELDS: Final = frozenset({
    "format", "version", "rules", "dealer", "turn", "deal", "hands", "table", "stock", "piles",
    "sweeps", "last_capturer", "last_moves", "swept", "raised", "plucked", "penalties",
    "defaulted", "took_builds",
})
_REQUIRED: Final = ("rules", "dealer", "turn", "hands", "table", "stock", "piles")
_MOST_EVENTS: Final = 52
"""The most sweeps or penalties a seat can make in one round: one per card of the pack."""
_BUILD_FIELDS: Final = frozenset({"groups", "value", "multiple", "owner", "cards", "raisable"})

T = TypeVar("T")


def position_to_json(state: RoundState) -> dict[str, Any]:
    """The JSON object of a round in play (see the module docstring); read back by
    :func:`position_from_json` to an equal :class:`RoundState`.

    Raises:
        PositionError: the round is finished (a finished round is scored, not played on).
    """
    if state.finished:
        raise PositionError("the round is over: a finished round has no position to play on")
    return {
        "format": FORMAT, "version": VERSION, "rules": state.rules.to_dict(),
        "dealer": state.dealer, "turn": state.turn, "deal": state.deal,
        "hands": [_texts(h) for h in state.hands],
        "table": {"loose": _texts(state.loose),
                  "builds": [_build_json(b) for b in state.builds]},
        "stock": _texts(state.stock),
        "piles": [_texts(p) for p in state.piles],
        "sweeps": list(state.sweeps), "last_capturer": state.last_capturer,
        "last_moves": [None if m is None else m.text() for m in state.last_moves],
        "swept": list(state.swept), "raised": list(state.raised),
        "plucked": list(state.plucked), "penalties": list(state.penalties),
        "defaulted": list(state.defaulted or (False,) * state.rules.players),
        "took_builds": [[_build_json(b) for b in taken]
                        for taken in state.took_builds or ((),) * state.rules.players],
    }


def _build_json(b: Build) -> dict[str, Any]:
    return {"groups": [_texts(g) for g in b.groups], "value": b.value,
            "multiple": b.multiple, "owner": b.owner}


def position_from_json(data: object) -> RoundState:
    """Read a position written by :func:`position_to_json` (or by hand), checking that play
    could reach it.

    Returns:
        The round state; ``Round(state)`` or ``Match.from_position(state, seed)`` plays on.

    Raises:
        PositionError: the object is not a position, or the position is impossible; the message
            names the field and the fault (``"hands[1][2]: 'ZZ' is not a card"``, ``"card 7H
            appears twice: in hands[0] and table.loose"``). A rules switch this engine does not
            play yet raises PositionError too, with the
            :class:`~cassino_core.rules.NotSupportedError` as its ``__cause__``.
    """
    if not isinstance(data, dict):
        raise PositionError.of("need_object", {"field": "position"})
    unknown = sorted(str(k) for k in data if k not in _FIELDS)
    if unknown:
        raise PositionError.of("unknown_fields", {"field": "position"}, names=unknown)
    if "format" in data and data["format"] != FORMAT:
        raise PositionError.of("wrong_format", format=FORMAT)
    version = data.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        raise PositionError.of("wrong_version", max=VERSION)
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise PositionError.of("missing_fields", {"field": "position"}, names=missing)
    rules = _rules(data["rules"])
    n = rules.players
    hands = _per_seat(data["hands"], n, "hands", _card_list)
    table = data["table"]
    if not isinstance(table, dict):
        raise PositionError.of("need_object", {"field": "table"})
    extra = sorted(str(k) for k in table if k not in ("loose", "builds"))
    if extra:
        raise PositionError.of("unknown_fields", {"field": "table"}, names=extra)
    loose = _card_list(table.get("loose", []), "table.loose")
    raw_builds = table.get("builds", [])
    if not isinstance(raw_builds, list):
        raise PositionError.of("need_list", {"field": "table.builds"})
    builds = [_build(b, f"table.builds[{i}]", rules) for i, b in enumerate(raw_builds)]
    stock = _card_list(data["stock"], "stock")
    piles = _per_seat(data["piles"], n, "piles", _card_list)
    sweeps = _per_seat(data.get("sweeps", [0] * n), n, "sweeps", _count)
    turn = _seat(data["turn"], n, "turn")
    dealer = _seat(data["dealer"], n, "dealer")
    last_capturer = (None if data.get("last_capturer") is None
                     else _seat(data["last_capturer"], n, "last_capturer"))
    last_moves = _per_seat(data.get("last_moves", [None] * n), n, "last_moves", _last_move)
    swept = _per_seat(data.get("swept", [False] * n), n, "swept", _flag)
    raised = _per_seat(data.get("raised", [False] * n), n, "raised", _flag)
    plucked = _per_seat(data.get("plucked", [False] * n), n, "plucked", _flag)
    penalties = _per_seat(data.get("penalties", [0] * n), n, "penalties", _count)
    defaulted = _per_seat(data.get("defaulted", [False] * n), n, "defaulted", _flag)

    def taken(value: object, where: str) -> list[Build]:
        if not isinstance(value, list):
            raise PositionError.of("need_list", {"field": where})
        return [_build(b, f"{where}[{i}]", rules) for i, b in enumerate(value)]

    took_builds = _per_seat(data.get("took_builds", [[]] * n), n, "took_builds", taken)

    _check_cards(rules, hands, loose, builds, stock, piles)
    deal = _check_deal(rules, stock, data.get("deal"))
    _check_hands(rules, hands, dealer, turn, deal, bool(stock))
    _check_captures(rules, piles, sweeps, last_capturer)
    if not rules.same_value_builds:
        values = [b.value for b in builds]
        for value in values:
            if values.count(value) > 1:
                raise PositionError.of("position_two_builds", {"field": "table.builds"},
                                       value=value)
    if any(plucked) and not rules.pluck:
        raise PositionError.of("position_no_pluck", {"field": "plucked"})
    if any(penalties) and rules.builder_restriction != "penalty":
        raise PositionError.of("position_no_penalties", {"field": "penalties"})
    _check_guarded(rules, hands, builds)
    for seat, (took, pile) in enumerate(zip(took_builds, piles, strict=True)):
        if any(not set(b.cards) <= set(pile) for b in took):
            raise PositionError.of("position_took_builds", {"field": f"took_builds[{seat}]"},
                                   seat=seat)
    round_ = Round.from_position(rules, hands, loose, builds, turn=turn, dealer=dealer,
                                 stock=stock, piles=piles, sweeps=sweeps,
                                 last_capturer=last_capturer, deal=deal, plucked=plucked,
                                 penalties=penalties)
    state = replace(round_.state, last_moves=tuple(last_moves), swept=tuple(swept),
                    raised=tuple(raised), defaulted=tuple(defaulted),
                    took_builds=tuple(tuple(t) for t in took_builds))
    if not (has_legal_move(rules, hands[turn], loose, builds, turn) or state.plucks()):
        raise PositionError.of("position_no_legal_move", seat=turn)
    return state


# -- reading the parts ---------------------------------------------------------------------------


def _texts(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _rules(value: object) -> Rules:
    try:
        if isinstance(value, str):
            return Rules.from_name(value)
        return Rules.from_dict(value)
    except (RulesError, TypeError) as exc:
        raise PositionError.within(exc, {"field": "rules"}, reason="need_object") from exc


def _card_list(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise PositionError.of("need_card_list", {"field": where})
    cards = []
    for i, text in enumerate(value):
        try:
            cards.append(Card.parse(text))
        except CardError as exc:
            raise PositionError.within(exc, {"field": f"{where}[{i}]"}) from exc
    return cards


def _per_seat(value: object, players: int, where: str, read: Callable[[object, str], T]
              ) -> list[T]:
    if not isinstance(value, list) or len(value) != players:
        raise PositionError.of("need_per_seat", {"field": where}, players=players)
    return [read(item, f"{where}[{i}]") for i, item in enumerate(value)]


def _count(value: object, where: str) -> int:
    """A count of a seat's sweeps or penalties this round: no more than the cards of a pack
    (each is one move), so a caller's huge number is refused before any sum is made of it."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PositionError.of("need_count", {"field": where})
    if value > _MOST_EVENTS:
        raise PositionError.of("need_number_range", {"field": where}, min=0, max=_MOST_EVENTS)
    return value


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError.of("need_flag", {"field": where})
    return value


def _last_move(value: object, where: str) -> Move | None:
    if value is None:
        return None
    try:
        return move_from_text(value)
    except MoveError as exc:
        raise PositionError.within(exc, {"field": where}) from exc


def _seat(value: object, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError.of("need_seat", {"field": where}, max=players - 1)
    return value


def _build(value: object, where: str, rules: Rules) -> Build:
    if not isinstance(value, dict):
        raise PositionError.of("need_object", {"field": where})
    extra = sorted(str(k) for k in value if k not in _BUILD_FIELDS)
    if extra:
        raise PositionError.of("unknown_fields", {"field": where}, names=extra)
    missing = [key for key in ("groups", "value", "owner") if key not in value]
    if missing:
        raise PositionError.of("missing_fields", {"field": where}, names=missing)
    groups_raw = value["groups"]
    if not isinstance(groups_raw, list) or not groups_raw:
        raise PositionError.of("build_no_groups", {"field": f"{where}.groups"})
    groups = [tuple(_card_list(g, f"{where}.groups[{i}]")) for i, g in enumerate(groups_raw)]
    for i, group in enumerate(groups):
        if not group:
            raise PositionError.of("build_no_groups", {"field": f"{where}.groups[{i}]"})
    build_value = whole_number(value["value"], PositionError, {"field": f"{where}.value"})
    owner = _seat(value["owner"], rules.players, f"{where}.owner")
    multiple = value.get("multiple", len(groups) > 1)
    if not isinstance(multiple, bool):
        raise PositionError.of("need_flag", {"field": f"{where}.multiple"})
    build = Build(groups=tuple(groups), value=build_value, multiple=multiple, owner=owner)
    if "cards" in value:
        listed = _card_list(value["cards"], f"{where}.cards")
        if sorted(listed, key=sort_key) != list(build.cards):
            raise PositionError.of("build_cards_differ", {"field": f"{where}.cards"},
                                   cards=_texts(listed), group_cards=_texts(build.cards))
    try:
        build.check(rules)
    except PositionError as exc:
        raise PositionError.within(exc, {"field": where}) from exc
    return build


# -- checks that need the whole position ---------------------------------------------------------


def _check_cards(rules: Rules, hands: Sequence[Sequence[Card]], loose: Sequence[Card],
                 builds: Sequence[Build], stock: Sequence[Card],
                 piles: Sequence[Sequence[Card]]) -> None:
    """Every card of the pack exactly once, and no other card."""
    places: list[tuple[str, Sequence[Card]]] = [
        *((f"hands[{i}]", h) for i, h in enumerate(hands)), ("table.loose", loose),
        *((f"table.builds[{i}]", b.cards) for i, b in enumerate(builds)), ("stock", stock),
        *((f"piles[{i}]", p) for i, p in enumerate(piles))]
    where: dict[Card, str] = {}
    for place, cards in places:
        for card in cards:
            if card in where:
                twice = [where[card]] if where[card] == place else [where[card], place]
                raise PositionError.of("position_card_twice", card=str(card), places=twice)
            where[card] = place
    pack = rules.pack_cards()
    strangers = [c for c in sorted(where, key=sort_key) if c not in set(pack)]
    if strangers:
        card = strangers[0]
        raise PositionError.of("position_card_not_in_pack", {"field": where[card]},
                               card=str(card), size=len(pack))
    absent = [c for c in pack if c not in where]
    if absent:
        raise PositionError.of("position_cards_missing", held=len(where), size=len(pack),
                               cards=_texts(absent[:8]))


def _check_deal(rules: Rules, stock: Sequence[Card], given: object) -> int:
    """The deal number the stock implies (checked against ``given`` when there is one)."""
    sizes = rules.deal_sizes
    if given is not None and (isinstance(given, bool) or not isinstance(given, int)
                              or not 1 <= given <= len(sizes)):
        raise PositionError.of("need_number_range", {"field": "deal"}, min=1, max=len(sizes))
    if rules.draw:  # one deal, then the stock shrinks one card at a time
        return 1
    left = len(rules.pack_cards()) - rules.table_cards
    expected = []
    for size in sizes:
        left -= size * rules.players
        expected.append(left)
    if isinstance(given, int):
        want = expected[given - 1]
        if len(stock) != want:
            raise PositionError.of("position_deal_stock", {"field": "stock"}, deal=given,
                                   want=want, held=len(stock))
        return given
    if len(stock) not in expected:
        raise PositionError.of("position_stock_size", {"field": "stock"}, held=len(stock),
                               sizes=expected)
    return expected.index(len(stock)) + 1


def _check_hands(rules: Rules, hands: Sequence[Sequence[Card]], dealer: int, turn: int,
                 deal: int, stock_left: bool) -> None:
    """The seat to play holds a card; seats that played this deal hold one card fewer than the
    rest (play goes round from the dealer's left [PAG §3.2]); no hand holds more than a deal
    gives. Draw Cassino: every hand full while the stock lasts (each play is followed by a draw
    [FOS][S000]); after, from the seat to play round the table, h cards then h - 1."""
    n = rules.players
    most = rules.deal_sizes[deal - 1] if not rules.draw else rules.hand_size
    for seat, hand in enumerate(hands):
        if len(hand) > most:
            raise PositionError.of("position_hand_too_big", {"field": f"hands[{seat}]"},
                                   held=len(hand), most=most)
    held = len(hands[turn])
    if held == 0:
        raise PositionError.of("position_turn_no_card", seat=turn)
    if rules.draw:
        from_turn = [(turn + i) % n for i in range(n)]
        sizes = [len(hands[s]) for s in from_turn]
        drop = next((i for i, size in enumerate(sizes) if size != held), n)
        for seat, size in zip(from_turn, sizes, strict=True):
            want = held if from_turn.index(seat) < drop else held - 1
            if size != want or (stock_left and size != rules.hand_size):
                raise PositionError.of("position_draw_hands", {"field": f"hands[{seat}]"},
                                       seat=seat, held=size,
                                       want=rules.hand_size if stock_left else want)
        return
    order = [(dealer + i) % n for i in range(1, n + 1)]
    played = order[:order.index(turn)]
    for seat in order:
        want = held - 1 if seat in played else held
        if len(hands[seat]) != want:
            raise PositionError.of("position_hand_size", {"field": f"hands[{seat}]"},
                                   seat=seat, held=len(hands[seat]), want=want, turn=turn,
                                   most=held)


def _check_guarded(rules: Rules, hands: Sequence[Sequence[Card]],
                   builds: Sequence[Build]) -> None:
    """Every build owner holds a card for each of their build values, one card per value
    [PAG §7]: the keep-card rule leaves no owner without one (not under Michigan's penalty
    rule, where an owner may default [S003])."""
    if rules.builder_restriction == "penalty":
        return
    scheme = scheme_for(rules)
    for seat, hand in enumerate(hands):
        values = {b.value for b in builds if b.owner == seat}
        if values and not guards(scheme, hand, values):
            raise PositionError.of("position_build_unguarded", {"field": f"hands[{seat}]"},
                                   seat=seat, values=sorted(values))


def _check_captures(rules: Rules, piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
                    last_capturer: int | None) -> None:
    """Sweeps and the last capturer need captures behind them: a capture takes two cards or
    more (the card played and one from the table); only a capture puts cards in a pile, except
    a pluck or initial pairs."""
    if last_capturer is None and not (rules.pluck or rules.initial_pairs):
        for seat, pile in enumerate(piles):
            if pile:
                raise PositionError.of("position_no_capturer", {"field": "last_capturer"},
                                       seat=seat)
    for seat, (pile, made) in enumerate(zip(piles, sweeps, strict=True)):
        if made and 2 * made > len(pile):
            raise PositionError.of("position_sweeps", {"field": f"sweeps[{seat}]"}, seat=seat,
                                   value=made, held=len(pile))
    if last_capturer is not None and len(piles[last_capturer]) < 2:
        raise PositionError.of("position_capturer_empty", {"field": "last_capturer"},
                               seat=last_capturer)


__all__ = ["FORMAT", "VERSION", "PositionError", "position_from_json", "position_to_json"]
