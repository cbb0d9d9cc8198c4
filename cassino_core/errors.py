"""Errors shared by the JSON facades of every game the engine plays, and the refusal reasons.

:class:`ApiError` is what a session's ``dispatch`` raises for a request it refuses; the caller
turns it into ``{"error": {"code", "reason", "params", "message"}}`` (docs/api.md lists them).
``code`` is the kind of refusal (``"illegal_move"``); ``reason`` the precise one
(``"build_groups"``), one of :data:`REASONS` or, for a refusal with no reason of its own,
``code`` again; ``params`` the facts the reason names (``{"value": 7}``). A page puts
``reason`` and ``params`` in its own language; ``message`` is the same in English, for the API
and logs. It lives here, apart from :mod:`cassino_core.api`, so the Cassino session and the
California Jack session (:mod:`cassino_core.calijack.api`) raise one and the same class.

The English templates name their parameters: ``{card}`` (a card's code such as ``"TD"``),
``{cards}`` (a list of card codes, shown separated by spaces), ``{seat+1}`` (a seat, 0-based
in ``params`` and counted from 1 for people), other lists separated by commas, other names as
they are. A refusal found inside a record, position or request also names the place in
``where`` (:data:`WHERE`).

>>> err = ApiError.of("bad_card", "not_a_card", text="1X")
>>> (err.code, err.reason, err.params)
('bad_card', 'not_a_card', {'text': '1X'})
>>> err.message
"'1X' is not a card (expected e.g. 'TD', '2S', 'QH')"
>>> describe("other_turn", {"turn": 1, "seat": 0})
"it is seat 2's turn, not seat 1's"
"""

from __future__ import annotations

import math
import re
from typing import Any

_TRY = "try '5C t', '7H x 3C 4D', '3H b8 5D' or '7C p'"

REASONS: dict[str, str] = {
    # Cards and moves as typed (bad_card, bad_move).
    "not_a_card": "{text!r} is not a card (expected e.g. 'TD', '2S', 'QH')",
    "card_not_text": "a card must be given as text",
    "cards_not_list": "expected a list of cards",
    "card_twice": "card {card} is listed twice",
    "not_a_move": "{text!r} is not a move (" + _TRY + ")",
    "move_not_text": "a move's text must be a string such as '7H x 3C 4D'",
    "move_not_object": "a move must be an object with 'kind' and 'card'",
    "move_kind": ("move kind must be 'trail', 'capture', 'build', 'pluck' or 'trail_build', not "
                  "{kind!r}"),
    "move_fields": "a {kind} move has unexpected or missing fields: {fields}",
    "move_card_taken": "the played card {card} cannot also be taken from the table",
    "move_takes_nothing": "a {kind} move must use at least one table card",
    "build_value_number": "a build's 'value' must be a whole number",
    # Cassino moves the rules refuse (illegal_move).
    "round_over": "the round is over: no more moves",
    "no_moves_now": "no moves now: the round or match is over",
    "not_in_hand": "{card} is not in your hand (seat {seat+1})",
    "not_on_table": "{cards} is not on the table",
    "build_split": "a build is never split: the build of {value} must be taken or built on whole",
    "keep_card_for_build": "you must keep a card of {value} to take your build of {value}",
    "keep_card_each_build": ("you must keep one card for each of your builds: one card cannot "
                             "take builds of two values"),
    "owner_must_take_build": ("under these rules the owner of a build must first take it or build "
                              "on it"),
    "owner_may_not_trail": "you own a build, so you may not trail: capture or build instead",
    "must_capture": "{card} can capture, so it may not be trailed",
    "must_pair": "{card} pairs a card on the table, so it may not be trailed",
    "no_building": "these rules have no building: capture or trail",
    "court_no_build": "court cards cannot be built",
    "build_needs_card": ("you may build {value} only while holding another card of {value} to "
                         "take it"),
    "build_value_range": "{value} is not a build value: a build is worth 1 to {max}",
    "one_build_of_value": ("these rules allow only one build of {value} on the table: add to "
                           "that build instead"),
    "one_build_per_play": "one play may change only one build",
    "multiple_build_fixed": "a multiple build of {value} can never change its value",
    "no_raise_own_build": "these rules forbid raising your own build",
    "raise_one_card": "a build is raised by one card from hand only: {old} + {add} is not {value}",
    "build_groups": ("those cards do not make {value}: each group must add up to {value}, one of "
                     "them with the card you play"),
    "no_table_builds": ("these rules have no builds of table cards only: a build uses the card "
                        "you play"),
    "table_build_loose_only": ("a build of table cards only joins loose cards: a build on the "
                               "table cannot be part of it"),
    "table_build_two_cards": "a build of table cards only joins at least two loose cards",
    "table_build_groups": ("those table cards do not make {value}: each group must add up to "
                           "{value}"),
    "court_takes_rank": "{card} is a court card: it can take only loose cards of the same rank",
    "capture_groups": ("{card} cannot take those cards: each group must add up to {value} or be "
                       "a build of {value}"),
    "take_every_matching": ("these rules make a capture take every loose card of its rank: "
                            "{cards} must go with {card}"),
    "no_gathering": ("these rules build multiple builds only by adding: a build takes only the "
                     "group your card makes"),
    "not_allowed": "that move is not allowed by these rules",
    "pile_no_take": ("{card} cannot take the pile: only a card of the top card's rank, or a "
                     "jack, takes it"),
    "take_whole": "{card} takes the whole table, {cards}, or nothing",
    "basra_groups": ("{card} cannot take those cards: each group must be one card of its rank or "
                     "numerals adding up to {value}"),
    "tablic_groups": ("{card} cannot take those cards: each group must be one card worth {value} "
                      "or cards adding up to {value}"),
    "tablic_groups_ace": ("{card} cannot take those cards: every group must add up to 1, or every "
                          "group to 11 (an ace counts 1 or 11)"),
    "pluck_not_played": "plucking is played only in Pluck Cassino",
    "pluck_once": "you have already plucked in this deal",
    "pluck_not_loose": "{card} is not a loose card on the table",
    "pluck_point_card": "{card} scores points, so it may not be plucked",
    "pluck_last_card": "the only card on the table may not be plucked",
    "pluck_last_turn": "no pluck on your last turn of the round",
    # California Jack cards the rules refuse (illegal_move).
    "deal_over": "the deal is over: no card can be played",
    "must_follow_suit": "{card}: seat {seat+1} holds a card of the suit led ({suit}) and must "
                        "play one",
    "must_follow_or_trump": ("{card}: seat {seat+1} holds a card of the suit led ({suit}) or a "
                             "trump ({trump}) and must play one"),
    # Scopa moves the rules refuse (illegal_move).
    "match_before_sum": ("{card} must take a single card of value {value} from the table: a sum "
                         "may be taken only when no single card matches"),
    "capture_sum": ("{card} cannot take those cards: take one card of value {value} or one set "
                    "of cards adding up to {value}"),
    # Escoba moves the rules refuse (illegal_move).
    "capture_fifteen": ("{card} and those cards add up to {value}: an Escoba capture must make "
                        "exactly 15 with the card played"),
    # Cirulla moves the rules refuse (illegal_move).
    "capture_cirulla": ("{card} cannot take those cards: take a single card of value {value}, "
                        "the fewest cards adding up to {value}, cards making 15 with it, or, "
                        "with an ace, the whole table"),
    "no_declaration": ("seat {seat+1} cannot declare now: only a hand of three cards adding up "
                       "to 9 or less, or three of a kind, declares, once, before its first "
                       "card of the deal"),
    # Turns, phases and undo (not_your_turn, wrong_phase, nothing_to_undo, replay_shown...).
    "other_turn": "it is seat {turn+1}'s turn, not seat {seat+1}'s",
    "computer_seat": "seat {seat+1} is played by the computer",
    "human_turn": "seat {seat+1} is a human's turn, not the computer's",
    "deal_or_match_over": "no card to play now: the deal or match is over",
    "nothing_played": "nothing to undo: seat {seat+1} has not played yet in this match",
    "no_card_played": "seat {seat+1} has played no card in this deal",
    "undo_after_replay": "no undo after the replay: every hand has been shown, so the match "
                         "cannot be played on",
    "round_not_over": "the next round can start only after a round ends",
    "claiming_off": "these rules have no claiming out",
    "claim_not_now": "a claim is made at your own turn while a round is played",
    "deal_not_over": "the deal is still being played",
    "match_over": "the match is over",
    "deal_already_over": "the deal is over: start the next deal first",
    "replay_needs_end": "the replay shows every hand, so it opens only once the match is over",
    "replay_needs_round_end": ("the replay shows every hand of a round, so it opens once the "
                               "round is over"),
    "no_game": "no game in progress: send 'new_game' first",
    "no_position": "no position to export: the round or match is over",
    # Requests, records, positions and rules that cannot be read (bad_request, bad_json,
    # unknown_op, bad_record, bad_position, not_supported). The field, tag, line, round, move
    # or deal at fault is the refusal's ``where``.
    "request_not_object": "the request must be a JSON object with an 'op'",
    "request_too_long": "the request is too long ({length} characters; at most {max})",
    "request_too_deep": "the request nests deeper than {max} levels",
    "unknown_op": "unknown op {op!r}; known: {names}",
    "unexpected_fields": "unexpected field(s) for {op!r}: {names}",
    "not_json": "this is not valid JSON",
    "need_object": "expected a JSON object",
    "need_list": "expected a list",
    "need_text": "expected text",
    "need_flag": "expected true or false",
    "need_whole_number": "expected a whole number",
    "need_count": "expected a whole number from 0",
    "number_too_long": "a number of {digits} digits is too long: at most {max} digits",
    "need_number_range": "expected a whole number from {min} to {max}",
    "need_seat": "expected a seat index from 0 to {max} (in the JSON, seats count from 0)",
    "need_per_seat": "expected a list with one entry per seat ({players})",
    "need_card_list": "expected a list of cards such as [\"7H\", \"TD\"]",
    "need_one_of": "expected one of {names}",
    "too_many_moves": ("more than {max} legal moves: too many to list at once; choose one "
                       "through 'select' (its cards) or play it by its text"),
    "need_rounds": "expected a list of rounds, each a list of moves",
    "unknown_fields": "unknown field(s): {names}",
    "missing_fields": "missing field(s): {names}",
    "wrong_format": "'format' must be {format!r}",
    "wrong_version": "the version must be a whole number from 1 to {max} (this engine reads "
                     "versions up to {max})",
    "seats_list": "'seats' must list {players} entries, each 'human' or 'computer'",
    "viewer_not_human": "the viewer (seat {seat+1}) must be a human seat",
    "levels_both": "give 'levels' (one per seat) or 'level', not both",
    "unknown_level": "unknown level {text}; known: {names}",
    "levels_count": "'levels' must list {players} entries, one per seat: null for a human seat, "
                    "else a level",
    "level_on_human": "seat {seat+1} is a human seat: its level must be null",
    "jack_move_form": "a move is a card such as \"AS\", or an object with the one field "
                      "\"card\"",
    # Rules.
    "unknown_preset": "unknown variant {name!r}; known: {names}",
    "unknown_game": "unknown game {name!r}; known: {names}",
    "rules_unknown_field": "unknown rules field {name!r}",
    "rules_choice": "rules field {name!r} must be one of {names}, not {text}",
    "rules_flag": "rules field {name!r} must be true or false, not {text}",
    "rules_number": "rules field {name!r} must be a whole number, not {text}",
    "rules_text": "rules field {name!r} must be text, not {text}",
    "rules_range": "rules field {name!r} must be from {min} to {max}, not {text}",
    "five_players_pack": "five players play with the standard pack less three twos",
    "california_players": "California Cassino is played by 2, 3, 4 or 6 players, not {players}",
    "pack_uneven": "a pack of {cards} cards does not deal out evenly to {players} players "
                   "{hand} at a time",
    "packet_size": "hands of {hand} cannot be dealt in packets of {packet}",
    "claiming_two_sides": ("claiming out is played by two sides in a match to a target score, "
                           "not {sides} sides"),
    "claiming_combination": "claiming out cannot be combined with difference scoring or the "
                            "Dominican end game",
    "dominican_end_target": ("the Dominican end game needs a match to a target of at least 4 "
                             "without difference scoring (target {target})"),
    "not_supported_yet": "rules {name}={text} is not supported yet",
    "rules_invalid": "these rules cannot be played",
    "jack_variant_override": "the variant is set by the game's name, not by an override",
    # Records.
    "record_type": "a record is a record object or its text",
    "record_not_json": "the record is not valid JSON",
    "not_a_record": ("this is not a game record: a record is the text or JSON that saving a game "
                     "writes, beginning with tag lines such as [Seed \"42\"] or a JSON object "
                     "with a \"format\""),
    "record_is_cassino": "this is a Cassino record: start a Cassino game to load it",
    "record_is_scopa": "this is a Scopa record: start Scopa, Scopone or Hurricane to load it",
    "record_is_escoba": "this is an Escoba record: start Escoba to load it",
    "record_is_cirulla": "this is a Cirulla record: start Cirulla to load it",
    "record_is_pishti": "this is a Pishti record: start Pishti, Xeri or Basra to load it",
    "record_is_tablic": "this is a Tablić record: start Tablić or Tablanette to load it",
    "record_is_jack": "this is a California Jack record: start California Jack or Shasta Sam to "
                      "load it",
    "record_no_rounds": "a record has at least one round (the first, even with no moves)",
    "record_no_deals": "a record has at least one deal (even with no card played)",
    "record_too_many_deals": "a record has at most {max} deals",
    "record_unknown_tag": "unknown tag {name!r}; a record's tags are {names}",
    "record_text_tag": "this tag belongs to the text form: a record's rules, seed and start are "
                       "fields of their own",
    "record_tag_text": "a tag is one line of text of at most {max} characters",
    "record_tag_form": "a tag is written [Name \"value\"] on one line; cannot read {text!r}",
    "record_tag_repeated": "tag {name!r} repeats line {at}",
    "record_tag_after_moves": "tags come before the first round",
    "record_no_tag": "the record has no [{name} \"...\"] tag",
    "record_round_order": "expected 'Round {want}', found {text!r}",
    "record_move_before_round": "a move before the 'Round 1' heading",
    "record_move_number": "expected move number {want}, found {got}",
    "record_unreadable_line": "cannot read {text!r} (expected a tag such as [Seed \"42\"], "
                              "'Round N', a numbered move such as '1. seat 1: 5C t', or the "
                              "result)",
    "record_no_result": "the record has no result line (the match totals such as '21-15', or "
                        "'*'): it may be cut short",
    "record_no_round": "the record has no 'Round 1' heading",
    "record_after_result": "nothing may follow the result line ({result!r}, line {at})",
    "record_result_form": "{text!r} is not a result: the totals of the {sides} sides joined by "
                          "'-' (such as {example!r}), or '*'",
    "record_result_differs": "the result line {result!r} differs from the Result tag {tag!r}",
    "record_result_wrong": "the Result tag says {result} but the moves end the match at "
                           "{actual} ('*': unfinished)",
    "record_start_rules": "the start position's rules differ from the record's rules",
    "record_after_round_end": "{text} comes after the end of round {round}",
    "record_seat_label": "{text} is labelled seat {label+1}, but seat {seat+1} is to play",
    # Positions and builds.
    "position_card_twice": "card {card} appears twice: in {places}",
    "position_card_not_in_pack": "card {card} is not in this pack of {size} cards",
    "position_cards_missing": "the position holds {held} cards but the pack has {size}: "
                              "missing {cards}",
    "position_deal_stock": "deal {deal} leaves {want} cards in the stock, not {held}",
    "position_stock_size": "no deal leaves {held} cards in the stock (after each deal: {sizes})",
    "position_hand_too_big": "the hand holds {held} cards; a deal gives {most}",
    "position_hand_size": "seat {seat+1} holds {held} cards but must hold {want}, as seat "
                          "{turn+1}, to play, holds {most}",
    "position_turn_no_card": "seat {seat+1} is to play but holds no card",
    "position_no_legal_move": "seat {seat+1} is to play but has no legal move",
    "position_build_unguarded": "seat {seat+1} owns builds of {values} but holds no card to "
                                "take each of them (one card per value)",
    "position_draw_hands": "seat {seat+1} holds {held} cards but must hold {want}: in Draw "
                           "Cassino every hand is full while the stock lasts, then the hands "
                           "shrink one by one in turn order",
    "position_no_capturer": "seat {seat+1} has captured cards, so there is a last capturer",
    "position_sweeps": "seat {seat+1} has {value} sweeps but only {held} captured cards (each "
                       "sweep takes two or more)",
    "position_capturer_empty": "the last capturer, seat {seat+1}, has captured nothing",
    "position_took_builds": ("a build seat {seat+1}'s last move took has a card that is not "
                             "in that seat's captured pile"),
    "position_two_builds": "two builds of {value}, which these rules forbid",
    "position_no_pluck": "these rules have no plucking",
    "position_no_penalties": "penalties are counted only under Michigan's builder rule",
    "build_no_groups": "a build needs groups of one or more cards",
    "build_court_rank": "a build of court cards holds cards of one rank, one per group, and its "
                        "value is that rank",
    "build_group_sum": "group {cards} does not add up to {value}",
    "build_multiple_groups": "a multiple build needs two or more groups",
    "build_single_group": "a single build is one group of two or more cards",
    "build_cards_differ": "its cards {cards} differ from the cards of its groups, {group_cards}",
}
"""Every precise refusal reason the engine gives, with its English template."""

_PLACEHOLDER = re.compile(r"\{(\w+)(\+1)?(!r)?\}")


def describe(reason: str, params: dict[str, Any]) -> str:
    """The English sentence of ``reason`` with ``params`` put in (see the module docstring).
    Each value is quoted as the answer's JSON will give it (:func:`json_safe`), so a refused
    ``inf`` reads ``'inf'`` in the message as in ``params``."""
    def fill(found: re.Match[str]) -> str:
        value = params[found.group(1)]
        if isinstance(value, float) and not math.isfinite(value):
            value = json_safe(value)
        if found.group(2):
            value = int(value) + 1
        if isinstance(value, (list, tuple)):
            return (" " if found.group(1).endswith("cards") else ", ").join(map(str, value))
        return repr(value) if found.group(3) else str(value)
    return _PLACEHOLDER.sub(fill, REASONS[reason])


def param_names(reason: str) -> set[str]:
    """The parameters ``reason``'s template names."""
    return {m.group(1) for m in _PLACEHOLDER.finditer(REASONS[reason])}


WHERE: dict[str, str] = {
    "line": "line {}", "field": "{}", "tag": "tag {!r}", "round": "round {}", "deal": "deal {}",
    "move": "move {}", "card": "card {}", "seat": "seat {}", "text": "{}",
}
"""The places a refusal may name in ``where``, in the order they are shown, with their English
words: ``line`` (a line of a text record, from 1), ``field`` (a field of a JSON object, as a
path such as ``hands[1][2]`` or ``start.table.loose``), ``tag`` (a tag of a text record),
``round`` and ``deal`` (from 1), ``move`` (a move's number in its round, from 1), ``card``
(a card's number in a California Jack deal, from 1), ``seat`` (0-based, shown from 1),
``text`` (a move or card as written)."""


def describe_where(where: dict[str, Any]) -> str:
    """The English words of a ``where`` (``"line 8, round 1, move 4"``); empty for none."""
    return ", ".join(WHERE[key].format(where[key] + 1 if key == "seat" else where[key])
                     for key in WHERE if key in where)


def _within(where: dict[str, Any], inner: dict[str, Any]) -> dict[str, Any]:
    """``where`` (the outer place) with ``inner`` (a place inside it): a field path is joined
    (``start`` and ``hands[0]`` make ``start.hands[0]``), other keys taken from either."""
    out = {**where, **inner}
    if "field" in where and "field" in inner:
        out["field"] = f"{where['field']}.{inner['field']}"
    return out


class Refusal(ValueError):
    """A refusal with a reason: ``reason`` (one of :data:`REASONS`, or None for a message
    alone), ``params`` and ``where`` (the place in a record, position or request it names;
    :data:`WHERE`). Build one with :meth:`of`, or :meth:`within` for a refusal found inside a
    larger whole; the message is then the English sentence."""

    def __init__(self, message: str, *, reason: str | None = None,
                 params: dict[str, Any] | None = None,
                 where: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, Any] = dict(params or {})
        self.where: dict[str, Any] = dict(where or {})

    @classmethod
    def of(cls, reason: str, where: dict[str, Any] | None = None, **params: Any) -> Any:
        """The refusal ``reason`` with ``params`` at ``where`` (its message is
        :func:`describe`'s, after the place's words)."""
        return cls(_placed(describe(reason, params), where or {}), reason=reason,
                   params=params, where=where)

    @classmethod
    def within(cls, exc: BaseException, where: dict[str, Any] | None = None,
               reason: str | None = None, **params: Any) -> Any:
        """``exc`` (a refusal, or an error caused by one) found at ``where``: its reason,
        params and place (inside ``where``), the message its own after the place's words.
        ``reason`` and ``params`` stand in when ``exc`` carries no reason."""
        found = _refusal_in(exc)
        where = where or {}
        if found is None:
            if reason is None:
                raise ValueError(f"no reason for {exc!r}") from exc
            return cls.of(reason, where, **params)
        return cls(_placed(describe(found.reason or "", found.params), _within(where, found.where)),
                   reason=found.reason, params=found.params, where=_within(where, found.where))


def _placed(text: str, where: dict[str, Any]) -> str:
    place = describe_where(where)
    return f"{place}: {text}" if place else text


def _refusal_in(exc: BaseException | None) -> Refusal | None:
    """The first :class:`Refusal` with a reason in ``exc`` and its causes."""
    while exc is not None and not (isinstance(exc, Refusal) and exc.reason):
        exc = exc.__cause__
    return exc if isinstance(exc, Refusal) else None


class ApiError(Exception):
    """An error answer: ``code`` is machine-readable (``"illegal_move"``), ``reason`` and
    ``params`` the precise refusal, ``message`` is for people (English; the page shows its
    own translation of the reason)."""

    def __init__(self, code: str, message: str, *, reason: str | None = None,
                 params: dict[str, Any] | None = None,
                 where: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason or code
        self.params: dict[str, Any] = dict(params or {})
        self.where: dict[str, Any] = dict(where or {})

    @classmethod
    def of(cls, code: str, reason: str, where: dict[str, Any] | None = None,
           **params: Any) -> ApiError:
        """The refusal ``reason`` of kind ``code`` at ``where``, its message in English."""
        return cls(code, _placed(describe(reason, params), where or {}), reason=reason,
                   params=params, where=where)

    @classmethod
    def wrap(cls, code: str, exc: BaseException, message: str | None = None) -> ApiError:
        """``exc`` answered as ``code``: its reason, params and place when it is a
        :class:`Refusal` with one (or is caused by one), else the reason ``code`` alone."""
        found = _refusal_in(exc)
        text = str(exc) if message is None else message
        if found is not None:
            return cls(code, text, reason=found.reason, params=found.params, where=found.where)
        return cls(code, text)

    def to_json(self) -> dict[str, Any]:
        """The ``error`` object of an answer (``where`` only when the refusal names a place).
        Params and places may quote what a request held (a move's ``kind``...): each value is
        made plain JSON by :func:`json_safe`, so a refused ``Infinity`` is answered as text."""
        out = {"code": self.code, "reason": self.reason, "params": json_safe(self.params),
               "message": self.message}
        if self.where:
            out["where"] = json_safe(self.where)
        return out


def json_safe(value: Any) -> Any:
    """``value`` as strict JSON data (RFC 8259): strings, booleans, None, integers and finite
    floats as they are; lists, tuples and dicts (keys as strings) value by value; anything else
    (``inf``, ``nan``, other objects) as its ``repr`` text. A refusal's params quote a request's
    own values, and ``json.dumps`` would write ``Infinity``, which no JSON parser reads."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {str(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    return repr(value)
