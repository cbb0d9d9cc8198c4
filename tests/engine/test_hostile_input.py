"""Hostile input the engine must refuse with its own typed error, never ``internal`` (issue 17).

Each test is named for the fault it holds and its kind; each failed before its fix (the commit
that added it says how).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cassino_core.api import LEGAL_MOVES_LIMIT, Session
from cassino_core.calijack.rules import JackRules, JackRulesError
from cassino_core.errors import Refusal
from cassino_core.game import Round
from cassino_core.match import Match
from cassino_core.moves import BuildMove
from cassino_core.numbers import MAX_DIGITS, load_json, read_number
from cassino_core.position import position_from_json, position_to_json
from cassino_core.record import Record, RecordError, record_of, replay
from cassino_core.rules import PRESETS, Rules, RulesError, catalog
from cassino_core.table import PositionError
from tests.engine.strategies import example_settings

HUGE = "9" * 5000  # past CPython's 4,300-digit int-conversion limit


def ask(session: Session, request: dict[str, Any] | str) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    answer: dict[str, Any] = json.loads(session.handle(text))
    return answer


def cassino_record_text(moves: int = 2) -> str:
    session = Session()
    ask(session, {"op": "new_game", "seed": 5, "seats": ["computer", "computer"]})
    for _ in range(moves):
        ask(session, {"op": "computer_move"})
    text: str = ask(session, {"op": "export_record"})["text"]
    return text


def _swap_first(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


TEXT_NUMBERS = {
    "round_heading": lambda t: _swap_first(t, "Round 1", f"Round {HUGE}"),
    "move_number": lambda t: _swap_first(t, "\n1. seat", f"\n{HUGE}. seat"),
    "seat_label": lambda t: _swap_first(t, "1. seat 1:", f"1. seat {HUGE}:"),
    "seed_tag": lambda t: _swap_first(t, '[Seed "5"]', f'[Seed "{HUGE}"]'),
    "version_tag": lambda t: _swap_first(t, '[Version "2"]', f'[Version "{HUGE}"]'),
    "rules_tag": lambda t: _swap_first(t, '[Players "2"]', f'[Players "2"]\n[Target "{HUGE}"]'),
}


@pytest.mark.parametrize("place", sorted(TEXT_NUMBERS))
def test_number_of_thousands_of_digits_in_a_record_text_is_refused_as_too_long(
        place: str) -> None:
    """Before the bounded reader, int() raised a bare ValueError: ``internal``."""
    text = TEXT_NUMBERS[place](cassino_record_text())
    with pytest.raises(RecordError) as caught:
        Record.from_text(text)
    assert caught.value.reason == "number_too_long"
    assert caught.value.params == {"digits": 5000, "max": MAX_DIGITS}
    assert "line" in caught.value.where
    error = ask(Session(), {"op": "load_record", "record": text})["error"]
    assert (error["code"], error["reason"]) == ("bad_record", "number_too_long")


def test_number_of_thousands_of_digits_in_json_is_refused_as_too_long_in_every_game() -> None:
    """A JSON number past the limit made json.loads raise: the record was called 'not JSON'
    (and the request 'not JSON'), hiding the fault; now it is named, with the record's error."""
    session = Session()
    data = ask(session, {"op": "new_game", "seed": 5})
    record = ask(session, {"op": "export_record"})["record"]
    as_text = json.dumps(record).replace('"seed": 5', f'"seed": {HUGE}')
    error = ask(session, {"op": "load_record", "record": as_text})["error"]
    assert (error["code"], error["reason"]) == ("bad_record", "number_too_long")
    request = '{"op": "new_game", "seed": ' + HUGE + "}"
    error = ask(session, request)["error"]
    assert (error["code"], error["reason"]) == ("bad_request", "number_too_long")
    assert data["view"]["phase"] == "play"
    ask(session, {"op": "new_game", "game": "california_jack", "seed": 5})
    jack = ask(session, {"op": "export_record"})["record"]
    jack_text = json.dumps(jack).replace('"seed": 5', f'"seed": {HUGE}')
    error = ask(session, {"op": "load_record", "record": jack_text,
                          "game": "california_jack"})["error"]
    assert (error["code"], error["reason"]) == ("bad_record", "number_too_long")


def test_number_in_a_start_position_tag_is_read_bounded() -> None:
    """The Start tag's JSON is read by the same bounded reader, its place named."""
    session = Session()
    ask(session, {"op": "new_game", "seed": 5})
    position = ask(session, {"op": "export_position"})["position"]
    ask(session, {"op": "load_position", "position": position, "seed": 5})
    text = ask(session, {"op": "export_record"})["text"]
    start = _swap_first(text, '\\"dealer\\":', f'\\"dealer\\":{HUGE},\\"x\\":')
    with pytest.raises(RecordError) as caught:
        Record.from_text(start)
    assert caught.value.reason == "number_too_long"
    assert caught.value.where["tag"] == "Start"


def test_huge_count_in_a_position_is_refused_before_it_is_summed() -> None:
    """A Python caller's count of 10**4000 penalties was accepted, and scoring it later
    overflowed str(): counts are bounded by the pack."""
    session = Session()
    ask(session, {"op": "new_game", "seed": 5, "rules": "michigan"})
    position = ask(session, {"op": "export_position"})["position"]
    position["penalties"] = [10**4000, 0]
    with pytest.raises(PositionError) as caught:
        position_from_json(position)
    assert caught.value.reason == "need_number_range"
    assert caught.value.where == {"field": "penalties[0]"}
    assert position_to_json(position_from_json({**position, "penalties": [0, 0]}))


@pytest.mark.parametrize("text", ["٣", "²", "", "-", "1 2", "+3"])
def test_read_number_reads_ascii_digits_only(text: str) -> None:
    with pytest.raises(Refusal) as caught:
        read_number(text, Refusal, {"line": 1})
    assert caught.value.reason == "need_whole_number"
    assert read_number("-" + "9" * MAX_DIGITS, Refusal) == -int("9" * MAX_DIGITS)
    assert load_json('[1, -2, 3.5]', Refusal) == [1, -2, 3.5]


def _michigan_match_ending_below_zero() -> Match:
    """A one-deal Michigan match whose first seat defaults as a builder whenever it can (2
    points lost each time [S003]), so it ends below 0: seed 0 ends at -46 to 5."""
    rules = Rules.from_name("michigan", game_end="one_deal")
    match = Match(rules, seed=0)
    rng = random.Random(0)
    while match.state.phase == "play":
        state = match.state.round
        moves = state.legal_moves()
        trial = Round(state)
        defaults = []
        for move in moves:
            trial.play(move)
            if trial.state.defaulted[state.turn]:
                defaults.append(move)
            trial.undo()
        builds = [m for m in moves if isinstance(m, BuildMove)]
        choice = (defaults or builds or moves) if state.turn == 0 else moves
        match.play(rng.choice(choice))
    return match


def test_michigan_match_with_a_negative_total_exports_and_reloads_in_both_forms() -> None:
    """The Result grammar read only totals from 0, so record_of refused the record's own
    Result "-46-5" (record_result_form) and the match could not be exported."""
    match = _michigan_match_ending_below_zero()
    assert match.state.phase == "match_over"
    assert min(match.state.totals) < 0
    record = record_of(match)
    result = "-".join(map(str, match.state.totals))
    assert record.tags["Result"] == result
    text = record.to_text()
    assert text.rstrip().endswith("\n" + result)
    for loaded in (Record.from_text(text), Record.from_json(record.to_json()),
                   Record.from_json(json.loads(json.dumps(record.to_json())))):
        assert loaded == record
        assert replay(loaded).state == match.state
    session = Session()
    for form in (text, record.to_json()):
        answer = ask(session, {"op": "load_record", "record": form})
        assert "error" not in answer, answer
        assert answer["view"]["scores"] == list(match.state.totals)


@pytest.mark.parametrize("result", ["-46-5", "5--46", "-46--5", "-0-21"])
def test_result_with_negative_totals_is_read_as_one_total_per_side(result: str) -> None:
    """Negative totals are part of the grammar in the Result tag and the result line; a wrong
    number of sides, stray dashes or a total of the wrong value are still refused."""
    text = cassino_record_text(0).replace('[Result "*"]', f'[Result "{result}"]')
    text = text.rstrip()[:-1] + result + "\n"
    record = Record.from_text(text)  # read...
    assert record.tags["Result"] == result
    with pytest.raises(RecordError) as caught:
        replay(record)  # ...then checked against the replayed totals
    assert caught.value.reason == "record_result_wrong"
    for bad in ("-46-5-3", "--46-5", "46---5", "-46-", "46-5-"):
        with pytest.raises(RecordError) as caught:
            Record.from_json({**Record.from_text(cassino_record_text(0)).to_json(),
                              "tags": {"Result": bad}})
        assert caught.value.reason == "record_result_form"


# -- every record the engine writes loads, in either form -------------------------------------


def _played(rules: Rules, seed: int, moves: int, choice_seed: int) -> Match:
    """A match under ``rules`` after up to ``moves`` random moves (rounds dealt as they end)."""
    match = Match(rules, seed)
    rng = random.Random(choice_seed)
    for _ in range(moves):
        if match.state.phase == "round_over":
            match.next_round()
        elif match.state.phase == "play":
            match.play(rng.choice(match.legal_moves()))
        else:
            break
    return match


def _assert_both_forms_load(match: Match) -> None:
    record = record_of(match, {"Seats": "human computer"} if match.rules.players == 2 else {})
    from_text = Record.from_text(record.to_text())
    from_json = Record.from_json(json.loads(json.dumps(record.to_json())))
    for loaded in (from_text, from_json):
        assert loaded == record
        assert replay(loaded).state == match.state


DEPENDENT_SWITCHES = {
    "hand_3_packets_of_1": Rules.from_name("classic", hand_size=3, deal_packet=1),
    "diamond_5_players_standard_pack": Rules.from_name("diamond", players=5, pack="standard"),
    "diamond_hand_4_packets_of_2": Rules.from_name("diamond", hand_size=4, deal_packet=2),
}


@pytest.mark.parametrize("name", sorted(DEPENDENT_SWITCHES))
def test_text_record_with_dependent_switches_loads_like_its_json_form(name: str) -> None:
    """The text form applied its rules tags one at a time to the preset, so a switch that is
    valid only with another (hand size 3 needs packets of 1 or 3) was refused alone
    (packet_size, five_players_pack) though the JSON form, read whole, loaded."""
    _assert_both_forms_load(_played(DEPENDENT_SWITCHES[name], seed=11, moves=12, choice_seed=3))


def test_text_record_still_names_the_tag_of_a_bad_rules_value() -> None:
    text = cassino_record_text(0).replace('[Players "2"]', '[Players "2"]\n[Sweeps "many"]')
    with pytest.raises(RecordError) as caught:
        Record.from_text(text)
    assert caught.value.reason == "rules_choice"
    assert caught.value.where == {"line": 5, "tag": "Sweeps"}
    text = cassino_record_text(0).replace('[Players "2"]', '[Players "2"]\n[HandSize "3"]')
    with pytest.raises(RecordError) as caught:
        Record.from_text(text)  # classic deals in packets of 2: the pair is refused as a whole
    assert caught.value.reason == "packet_size"


def _switch_values(entry: dict[str, Any]) -> st.SearchStrategy[Any]:
    if entry["type"] == "bool":
        return st.booleans()
    if entry["type"] == "choice":
        return st.sampled_from(entry["choices"])
    return st.integers(entry["min"], min(entry["max"], 60))


SWITCHES = {name: entry for name, entry in catalog().items() if name != "name"}
DEPENDENT = ("players", "pack", "hand_size", "deal_packet")


@st.composite
def valid_rules(draw: st.DrawFn) -> Rules:
    """A preset with a random handful of its switches changed, kept only when valid. The
    switches that depend on one another (seats, pack, hand and packet sizes) are each changed
    half the time, so mixtures of them are common; a
    switch drawn always differs from the preset's (the text form writes only those)."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    names = [name for name in DEPENDENT if draw(st.booleans())]
    names += draw(st.lists(st.sampled_from(sorted(set(SWITCHES) - set(DEPENDENT))),
                           max_size=4, unique=True))
    overrides = {name: draw(_switch_values(SWITCHES[name]).filter(
        lambda value, name=name: value != getattr(PRESETS[preset], name))) for name in names}
    try:
        return Rules.from_name(preset, **overrides)
    except RulesError:
        assume(False)
        raise  # pragma: no cover - assume(False) never returns


@given(rules=valid_rules(), seed=st.integers(0, 2**63 - 1), moves=st.integers(0, 60),
       choice_seed=st.integers(0, 2**32))
@example_settings(40)
def test_every_record_the_engine_writes_loads_in_either_form_and_replays_equal(
        rules: Rules, seed: int, moves: int, choice_seed: int) -> None:
    _assert_both_forms_load(_played(rules, seed, moves, choice_seed))


# -- a record's game is decided by its parsed format ------------------------------------------


def _jack_record() -> dict[str, Any]:
    session = Session()
    ask(session, {"op": "new_game", "game": "california_jack", "seed": 9,
                  "seats": ["computer", "computer"]})
    for _ in range(5):
        ask(session, {"op": "computer_move"})
    record: dict[str, Any] = ask(session, {"op": "export_record"})["record"]
    return record


def _format_last(record: dict[str, Any]) -> str:
    rest = {k: v for k, v in record.items() if k != "format"}
    return json.dumps({**rest, "format": record["format"]})


JACK_TEXTS = {
    "sorted_keys": lambda r: json.dumps(r, sort_keys=True),
    "format_last": _format_last,
    "leading_white_space": lambda r: "\n" * 300 + " " * 50 + json.dumps(r),
    "long_tag_first": lambda r: json.dumps({"tags": {**r["tags"], "Comment": "x" * 900},
                                            **{k: v for k, v in r.items() if k != "tags"}}),
}


@pytest.mark.parametrize("form", sorted(JACK_TEXTS))
@pytest.mark.parametrize("game", [None, "california_jack"])
def test_jack_record_as_json_text_is_recognised_wherever_its_format_stands(
        form: str, game: str | None) -> None:
    """The game was told by searching the first 200 characters for the format's name, so
    sorted keys, the format last or leading white space sent a valid California Jack record
    to the Cassino reader (or refused it as a Cassino record when the page named the game)."""
    record = _jack_record()
    request: dict[str, Any] = {"op": "load_record", "record": JACK_TEXTS[form](record)}
    if game is not None:
        request["game"] = game
    answer = ask(Session(), request)
    assert "error" not in answer, answer
    assert answer["view"]["game"] == "california_jack"
    assert answer["seed"] == record["seed"]


def test_cassino_record_naming_the_jack_format_in_a_tag_is_still_cassinos() -> None:
    """The search for the format's name found it in a Cassino record's own tag (the text
    form's Event here) and sent the record to the California Jack reader."""
    text = cassino_record_text(2).replace('[Seats', '[Event "calijack-record"]\n[Seats')
    session = Session()
    answer = ask(session, {"op": "load_record", "record": text})
    assert "error" not in answer, answer
    assert answer["view"]["game"] == "cassino"
    record = ask(session, {"op": "export_record"})["record"]
    record["tags"]["Comment"] = "calijack-record"
    answer = ask(session, {"op": "load_record", "record": " " + json.dumps(record)})
    assert "error" not in answer, answer
    broken = ask(session, {"op": "load_record", "record": "{\"format\": \"calijack-record\",",
                           "game": "california_jack"})["error"]
    assert (broken["code"], broken["reason"]) == ("bad_record", "record_not_json")


# -- a hint never changes the game ------------------------------------------------------------


def _jack_match(game: str, level: str, *, hints: bool) -> tuple[list[Any], dict[str, Any]]:
    """A whole match of ``game`` to 4 points: seat 1 (a human) plays its first legal card,
    asking for a hint first when ``hints``; seat 2 is the computer at ``level``. Every answer
    of a move, and the final record."""
    session = Session()
    view = ask(session, {"op": "new_game", "game": game, "seed": 21, "level": level,
                         "overrides": {"target": 4}})["view"]
    moves: list[Any] = []
    while view["phase"] != "match_over":
        if view["phase"] != "play":
            view = ask(session, {"op": "next_round"})["view"]
            continue
        if view["turn"] == 0:
            if hints:
                assert "hint" in ask(session, {"op": "hint"})
            answer = ask(session, {"op": "play", "move": view["legal_moves"][0]})
        else:
            answer = ask(session, {"op": "computer_move"})
        assert "error" not in answer, answer
        moves.append(answer["move"])
        view = answer["view"]
    return moves, ask(session, {"op": "export_record"})["record"]


@pytest.mark.parametrize("game", ["california_jack", "shasta_sam"])
@pytest.mark.parametrize("level", ["random", "beginner"])
def test_jack_hints_asked_at_every_turn_leave_the_game_unchanged(
        game: str, level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hint`` drew from the generator the computer plays with, so asking for hints changed
    the computer's later cards (about one computer move in five in the campaign)."""
    import cassino_core.calijack.api as jack_api

    monkeypatch.setattr(jack_api, "HINT_BUDGET_MS", 5)  # the hint's draws, not its strength
    plain = _jack_match(game, level, hints=False)
    hinted = _jack_match(game, level, hints=True)
    assert hinted[0] == plain[0]
    assert hinted[1] == plain[1]


def test_huge_build_value_given_in_python_is_refused_as_too_long() -> None:
    """A position built in Python with a build worth 10**5000 reached build.check, whose
    refusal put the value in its message: str() of it raised CPython's bare ValueError."""
    session = Session()
    ask(session, {"op": "new_game", "seed": 5})
    position = ask(session, {"op": "export_position"})["position"]
    loose = position["table"]["loose"]
    position["table"] = {"loose": loose[2:], "builds": [
        {"groups": [loose[:2]], "value": 10**5000, "owner": 0}]}
    with pytest.raises(PositionError) as caught:
        position_from_json(position)
    assert caught.value.reason == "number_too_long"
    assert caught.value.params == {"digits": 5001, "max": MAX_DIGITS}
    assert caught.value.where == {"field": "table.builds[0].value"}


def test_huge_rules_number_given_in_python_is_refused_as_too_long_in_every_game() -> None:
    """Rules quoted a bad number with repr() in their refusal: 10**5000 raised CPython's bare
    ValueError instead."""
    with pytest.raises(RulesError) as caught:
        Rules.from_name("classic", target=10**5000)
    assert (caught.value.reason, caught.value.where) == ("number_too_long", {"field": "target"})
    for name in ("target", "deal_packet"):
        with pytest.raises(JackRulesError) as jack:
            JackRules.from_name("california_jack", **{name: -10**5000})
        assert (jack.value.reason, jack.value.where) == ("number_too_long", {"field": name})


def test_the_record_of_a_long_legal_match_loads_in_both_forms() -> None:
    """Every record the engine writes must load: a match to a high target (the catalog allows
    1,000) makes thousands of moves, and a saved game is resumed by loading its record in one
    request. The request limit was 64 KB; random play to 450 points writes a text form past
    it (an independent fuzz campaign found 94 KB of JSON and 172 KB of text at 1,000 points),
    so the game could not be resumed."""
    rules = PRESETS["classic"].replace(target=450)
    match = Match(rules, seed=5)
    rng = random.Random(5)
    while match.state.phase != "match_over":
        if match.state.phase == "play":
            match.play(rng.choice(match.legal_moves()))
        else:
            match.next_round()
    record = record_of(match)
    text = record.to_text()
    assert len(text) > 64 * 1024
    for form in (record.to_json(), text):
        session = Session()
        answer = ask(session, {"op": "load_record", "record": form})
        assert "error" not in answer, answer.get("error")
        assert answer["view"]["phase"] == "match_over"
        again = ask(session, {"op": "export_record"})
        reloaded = Record.from_text(again["text"])
        assert reloaded.rounds == record.rounds and reloaded.rules == record.rules
        assert reloaded.tags["Result"] == record.tags["Result"]


def _crowded(loose: int) -> tuple[Session, int]:
    """A two-human Classic game whose table holds ``loose`` loose cards (the stock's cards
    moved there, a multiple of eight at a time: what one more deal would leave), and the seat
    to play."""
    s = Session()
    s.handle(json.dumps({"op": "new_game", "seed": 3, "seats": ["human", "human"]}))
    position = json.loads(s.handle(json.dumps({"op": "export_position"})))["position"]
    keep = 40 - 8 * ((loose - len(position["table"]["loose"])) // 8)
    position["table"]["loose"] += position["stock"][keep:]
    position["stock"] = position["stock"][:keep]
    position.pop("deal", None)
    crowded = Session()
    answer = json.loads(crowded.handle(json.dumps(
        {"op": "load_position", "position": position, "seats": ["human", "human"]})))
    assert answer.get("ok"), answer
    assert len(answer["view"]["table"]["loose"]) == loose
    return crowded, answer["view"]["turn"]


def test_legal_moves_on_a_crowded_table_is_refused_by_count_not_listed() -> None:
    """Issue 17 (a second fuzz campaign, 2026-12-07): the ``legal_moves`` op listed every
    move, 46,831 of them on 28 loose cards (8 s) and, on 36, ran out of memory after 49 s and
    answered ``internal``. Past ``LEGAL_MOVES_LIMIT`` it is now refused, counted without
    listing, and the game is unchanged; on 20 loose cards it lists all 1,987."""
    s, turn = _crowded(20)
    moves = json.loads(s.handle(json.dumps({"op": "legal_moves", "seat": turn})))
    assert len(moves["moves"]) == 1987
    for loose in (28, 36):
        s, turn = _crowded(loose)
        before = s.handle(json.dumps({"op": "view", "seat": turn}))
        answer = json.loads(s.handle(json.dumps({"op": "legal_moves", "seat": turn})))
        assert answer["error"]["code"] == "bad_request"
        assert answer["error"]["reason"] == "too_many_moves"
        assert answer["error"]["params"] == {"max": LEGAL_MOVES_LIMIT}
        assert s.handle(json.dumps({"op": "view", "seat": turn})) == before
        view = json.loads(before)["view"]
        assert view["legal_moves_more_than"] == 2000
