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
     "plucked": [false, false], "penalties": [0, 0], "defaulted": [false, false]}

``format``, ``version``, ``deal``, ``sweeps``, ``last_capturer``, ``last_moves``, ``swept``,
``raised``, ``plucked`` (Pluck Cassino: has the seat plucked in this deal), ``penalties``
(Michigan: builder's defaults so far) and ``defaulted`` (Michigan: was the seat's last move a
default) may be left out (defaults: the deal the stock implies, no sweeps, nobody, no moves, no
plucks, no penalties).
A build may also carry ``cards`` (then exactly the cards of its groups) and ``raisable`` (ignored),
so a build copied from a view (docs/api.md) reads back; ``multiple`` defaults to "more than one
group". The number of seats is ``rules.players``.

Loading refuses every position that play cannot reach in ways it can name: an unknown card, a
card twice, a card missing from the pack or not in it (:meth:`~cassino_core.rules.Rules.pack_cards`:
52, 49 for five players, 40 for Diamond), a build whose groups do not make its value, a wrong
number of seats, a seat number out of range, hand sizes that the turn order cannot leave, a stock
size no number of deals leaves, sweeps or a last capturer without the captures behind them, and a
seat to play without a legal move.

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
from .moves import Move, MoveError, move_from_text
from .rules import Rules, RulesError
from .table import Build, PositionError

FORMAT: Final = "cassino-position"
"""The ``format`` of a position object."""

VERSION: Final = 1
"""The version written; loading accepts this version and earlier."""

_FIELDS: Final = frozenset({
    "format", "version", "rules", "dealer", "turn", "deal", "hands", "table", "stock", "piles",
    "sweeps", "last_capturer", "last_moves", "swept", "raised", "plucked", "penalties",
    "defaulted",
})
_REQUIRED: Final = ("rules", "dealer", "turn", "hands", "table", "stock", "piles")
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
                  "builds": [{"groups": [_texts(g) for g in b.groups], "value": b.value,
                              "multiple": b.multiple, "owner": b.owner} for b in state.builds]},
        "stock": _texts(state.stock),
        "piles": [_texts(p) for p in state.piles],
        "sweeps": list(state.sweeps), "last_capturer": state.last_capturer,
        "last_moves": [None if m is None else m.text() for m in state.last_moves],
        "swept": list(state.swept), "raised": list(state.raised),
        "plucked": list(state.plucked), "penalties": list(state.penalties),
        "defaulted": list(state.defaulted or (False,) * state.rules.players),
    }


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
        raise PositionError(f"a position must be a JSON object, not {type(data).__name__}")
    unknown = sorted(str(k) for k in data if k not in _FIELDS)
    if unknown:
        raise PositionError(f"unknown field(s) in the position: {', '.join(unknown)}")
    if "format" in data and data["format"] != FORMAT:
        raise PositionError(f"'format' must be {FORMAT!r}, not {data['format']!r}")
    version = data.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
        raise PositionError(f"'version' must be a whole number from 1 to {VERSION} (this engine "
                            f"reads version {VERSION}), not {version!r}")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise PositionError(f"the position lacks field(s): {', '.join(missing)}")
    rules = _rules(data["rules"])
    n = rules.players
    hands = _per_seat(data["hands"], n, "hands", _card_list)
    table = data["table"]
    if not isinstance(table, dict):
        raise PositionError("'table' must be an object with 'loose' and 'builds'")
    extra = sorted(str(k) for k in table if k not in ("loose", "builds"))
    if extra:
        raise PositionError(f"unknown field(s) in 'table': {', '.join(extra)}")
    loose = _card_list(table.get("loose", []), "table.loose")
    raw_builds = table.get("builds", [])
    if not isinstance(raw_builds, list):
        raise PositionError("'table.builds' must be a list of builds")
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

    _check_cards(rules, hands, loose, builds, stock, piles)
    deal = _check_deal(rules, stock, data.get("deal"))
    _check_hands(rules, hands, dealer, turn, deal)
    _check_captures(rules, piles, sweeps, last_capturer)
    if not rules.same_value_builds:
        values = [b.value for b in builds]
        for value in values:
            if values.count(value) > 1:
                raise PositionError(f"table.builds: two builds of {value}, which these rules "
                                    "forbid (same_value_builds is false)")
    if any(plucked) and not rules.pluck:
        raise PositionError("'plucked' is set but these rules have no plucking (pluck is false)")
    if any(penalties) and rules.builder_restriction != "penalty":
        raise PositionError("'penalties' are counted only when builder_restriction is "
                            "'penalty' (Michigan)")
    round_ = Round.from_position(rules, hands, loose, builds, turn=turn, dealer=dealer,
                                 stock=stock, piles=piles, sweeps=sweeps,
                                 last_capturer=last_capturer, deal=deal, plucked=plucked,
                                 penalties=penalties)
    state = replace(round_.state, last_moves=tuple(last_moves), swept=tuple(swept),
                    raised=tuple(raised), defaulted=tuple(defaulted))
    if not state.legal_moves():
        raise PositionError(f"seat {turn} is to play but has no legal move")
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
        raise PositionError(f"rules: {exc}") from exc


def _card_list(value: object, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list of cards such as [\"7H\", \"TD\"], "
                            f"not {type(value).__name__}")
    cards = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise PositionError(f"{where}[{i}]: a card must be text such as \"7H\", not {text!r}")
        try:
            cards.append(Card.parse(text))
        except CardError as exc:
            raise PositionError(f"{where}[{i}]: {exc}") from exc
    return cards


def _per_seat(value: object, players: int, where: str, read: Callable[[object, str], T]
              ) -> list[T]:
    if not isinstance(value, list):
        raise PositionError(f"'{where}' must be a list with one entry per seat ({players})")
    if len(value) != players:
        raise PositionError(f"'{where}' has {len(value)} entries but the rules have {players} "
                            "seats (players)")
    return [read(item, f"{where}[{i}]") for i, item in enumerate(value)]


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PositionError(f"{where}: expected a whole number from 0, not {value!r}")
    return value


def _flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{where}: expected true or false, not {value!r}")
    return value


def _last_move(value: object, where: str) -> Move | None:
    if value is None:
        return None
    try:
        return move_from_text(value)
    except MoveError as exc:
        raise PositionError(f"{where}: {exc}") from exc


def _seat(value: object, players: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(f"'{where}' must be a seat number from 0 to {players - 1}, "
                            f"not {value!r}")
    return value


def _build(value: object, where: str, rules: Rules) -> Build:
    if not isinstance(value, dict):
        raise PositionError(f"{where}: a build must be an object with 'groups', 'value' and "
                            "'owner'")
    extra = sorted(str(k) for k in value if k not in _BUILD_FIELDS)
    if extra:
        raise PositionError(f"{where}: unknown field(s) in a build: {', '.join(extra)}")
    for key in ("groups", "value", "owner"):
        if key not in value:
            raise PositionError(f"{where}: a build needs '{key}'")
    groups_raw = value["groups"]
    if not isinstance(groups_raw, list) or not groups_raw:
        raise PositionError(f"{where}.groups: expected a list of one or more groups of cards")
    groups = [tuple(_card_list(g, f"{where}.groups[{i}]")) for i, g in enumerate(groups_raw)]
    for i, group in enumerate(groups):
        if not group:
            raise PositionError(f"{where}.groups[{i}]: a group holds at least one card")
    build_value = value["value"]
    if isinstance(build_value, bool) or not isinstance(build_value, int):
        raise PositionError(f"{where}.value: expected a whole number, not {build_value!r}")
    owner = _seat(value["owner"], rules.players, f"{where}.owner")
    multiple = value.get("multiple", len(groups) > 1)
    if not isinstance(multiple, bool):
        raise PositionError(f"{where}.multiple: expected true or false, not {multiple!r}")
    build = Build(groups=tuple(groups), value=build_value, multiple=multiple, owner=owner)
    if "cards" in value:
        listed = _card_list(value["cards"], f"{where}.cards")
        if sorted(listed, key=sort_key) != list(build.cards):
            raise PositionError(f"{where}.cards lists {' '.join(map(str, listed))} but its groups "
                                f"hold {' '.join(map(str, build.cards))}")
    try:
        build.check(rules)
    except PositionError as exc:
        raise PositionError(f"{where}: {exc}") from exc
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
                also = "" if where[card] == place else f" and {place}"
                raise PositionError(f"card {card} appears twice: in {where[card]}{also}")
            where[card] = place
    pack = rules.pack_cards()
    size = f"{len(pack)} cards"
    strangers = [c for c in sorted(where, key=sort_key) if c not in set(pack)]
    if strangers:
        card = strangers[0]
        raise PositionError(f"card {card} (in {where[card]}) is not in this pack of {size} "
                            f"(pack {rules.pack!r}, {rules.players} players)")
    absent = [c for c in pack if c not in where]
    if absent:
        shown = " ".join(map(str, absent[:8])) + (" ..." if len(absent) > 8 else "")
        raise PositionError(f"the position holds {len(where)} cards but the pack has {size}: "
                            f"missing {shown}")


def _check_deal(rules: Rules, stock: Sequence[Card], given: object) -> int:
    """The deal number the stock implies (checked against ``given`` when there is one)."""
    sizes = rules.deal_sizes
    if given is not None and (isinstance(given, bool) or not isinstance(given, int)
                              or not 1 <= given <= len(sizes)):
        raise PositionError(f"'deal' must be a whole number from 1 to {len(sizes)}, not "
                            f"{given!r}")
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
            raise PositionError(f"deal {given} leaves {want} cards in the stock, not "
                                f"{len(stock)}")
        return given
    if len(stock) not in expected:
        raise PositionError(f"no deal leaves {len(stock)} cards in the stock (after each deal: "
                            f"{', '.join(map(str, expected))})")
    return expected.index(len(stock)) + 1


def _check_hands(rules: Rules, hands: Sequence[Sequence[Card]], dealer: int, turn: int,
                 deal: int) -> None:
    """The seat to play holds a card; seats that played this deal hold one card fewer than the
    rest (play goes round from the dealer's left [PAG §3.2]); no hand holds more than a deal
    gives."""
    n = rules.players
    most = rules.deal_sizes[deal - 1] if not rules.draw else rules.hand_size
    for seat, hand in enumerate(hands):
        if len(hand) > most:
            raise PositionError(f"hands[{seat}] holds {len(hand)} cards; a deal gives {most}")
    held = len(hands[turn])
    if held == 0:
        raise PositionError(f"seat {turn} is to play but holds no card")
    if rules.draw:
        return
    order = [(dealer + i) % n for i in range(1, n + 1)]
    played = order[:order.index(turn)]
    for seat in order:
        want = held - 1 if seat in played else held
        if len(hands[seat]) != want:
            raise PositionError(
                f"hands[{seat}] holds {len(hands[seat])} cards but seat {turn} to play holds "
                f"{held}, so seat {seat} (who plays {'before' if seat in played else 'after'} "
                f"it from the dealer's left) must hold {want}")


def _check_captures(rules: Rules, piles: Sequence[Sequence[Card]], sweeps: Sequence[int],
                    last_capturer: int | None) -> None:
    """Sweeps and the last capturer need captures behind them: a capture takes two cards or
    more (the card played and one from the table); only a capture puts cards in a pile, except
    a pluck or initial pairs."""
    if last_capturer is None and not (rules.pluck or rules.initial_pairs):
        for seat, pile in enumerate(piles):
            if pile:
                raise PositionError(f"piles[{seat}] holds cards but last_capturer is null: "
                                    "someone has captured")
    for seat, (pile, made) in enumerate(zip(piles, sweeps, strict=True)):
        if made and 2 * made > len(pile):
            raise PositionError(f"sweeps[{seat}] is {made} but piles[{seat}] holds only "
                                f"{len(pile)} cards (each sweep takes two or more)")
    if last_capturer is not None and len(piles[last_capturer]) < 2:
        raise PositionError(f"last_capturer is seat {last_capturer}, whose pile holds "
                            f"{len(piles[last_capturer])} cards: it has captured nothing")


__all__ = ["FORMAT", "VERSION", "PositionError", "position_from_json", "position_to_json"]
