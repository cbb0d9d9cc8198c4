"""Game records (cassino_core.record): JSON and text forms, exact replay, and every corruption
refused with a message naming it; the API's export_record / load_record.

The property tests play random legal matches (random moves, undo now and then, several rounds)
under every preset in ``cassino_core.rules.PRESETS`` that this engine plays, so a preset added
later is covered at once.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cassino_core import CLASSIC, Match, NotSupportedError, Rules
from cassino_core.api import Session
from cassino_core.position import position_from_json, position_to_json
from cassino_core.record import VERSION, Record, RecordError, record_of, replay
from cassino_core.review import move_log
from cassino_core.rules import PRESETS
from tests.engine.strategies import example_settings, seeds

# -- helpers -----------------------------------------------------------------------------------


def preset_rules(name: str) -> Rules:
    """The preset, or skip the test when this engine does not play it yet."""
    try:
        return Rules.from_name(name)
    except NotSupportedError as exc:
        pytest.skip(f"preset {name!r} is not played yet: {exc}")


def random_match(rules: Rules, seed: int, rng: random.Random, steps: int,
                 undo_rate: float = 0.05) -> Match:
    """A match after up to ``steps`` random steps: legal moves, the next round when one ends,
    and now and then an undo."""
    match = Match(rules, seed)
    for _ in range(steps):
        phase = match.state.phase
        if phase == "match_over":
            break
        if match.can_undo and rng.random() < undo_rate:
            match.undo()
        elif phase == "round_over":
            match.next_round()
        else:
            match.play(rng.choice(match.legal_moves()))
    return match


def first_moves(count: int, seed: int = 42) -> Match:
    """A classic match after ``count`` moves, always the first legal move (deterministic)."""
    match = Match(CLASSIC, seed)
    for _ in range(count):
        match.play(match.legal_moves()[0])
    return match


def whole_round() -> Match:
    """A classic match whose first round is over (seeded random legal moves)."""
    match = Match(CLASSIC, 5)
    rng = random.Random(5)
    while match.state.phase == "play":
        match.play(rng.choice(match.legal_moves()))
    return match


def rejects(make: Any, *words: str) -> str:
    """Assert that ``make()`` raises RecordError whose message contains every word."""
    with pytest.raises(RecordError) as caught:
        make()
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    return message


# -- concrete examples -------------------------------------------------------------------------


def test_text_form_of_a_short_game() -> None:
    match = first_moves(3)
    record = record_of(match, {"Date": "2026-11-30", "Seats": "human computer"})
    text = record.to_text()
    lines = text.splitlines()
    assert lines[:7] == ['[Version "2"]', '[Variant "classic"]', '[Seed "42"]',
                         '[Players "2"]', '[Date "2026-11-30"]', '[Seats "human computer"]',
                         '[Result "*"]']
    assert lines[7:9] == ["", "Round 1"]
    turn = Match(CLASSIC, 42).state.round.turn
    seats = [turn, 1 - turn, turn]
    for k in range(3):  # seats are counted from 1 for people: "seat 1" is seat index 0
        move = match.steps[k]
        assert move is not None
        assert lines[9 + k] == f"{k + 1}. seat {seats[k] + 1}: {move.text()}"
    assert lines[-2:] == ["", "*"]
    assert text.endswith("\n")
    assert replay(Record.from_text(text)).state == match.state


# A version-1 text record (no Version tag, seats labelled from 0), as written before version 2:
# Classic, seed 42, the first legal move three times. It must load and replay exactly as then.
OLD_TEXT = """[Variant "classic"]
[Seed "42"]
[Players "2"]
[Seats "human computer"]
[Result "*"]

Round 1
1. seat {a}: {m1}
2. seat {b}: {m2}
3. seat {a}: {m3}

*
"""


def _version_1_text() -> tuple[str, Match]:
    match = first_moves(3)
    turn = Match(CLASSIC, 42).state.round.turn
    moves = [m.text() for m in match.steps if m is not None]
    return OLD_TEXT.format(a=turn, b=1 - turn, m1=moves[0], m2=moves[1], m3=moves[2]), match


def test_a_version_1_text_record_still_loads_and_replays_to_the_same_state() -> None:
    text, match = _version_1_text()
    assert "Version" not in text and f"1. seat {Match(CLASSIC, 42).state.round.turn}:" in text
    record = Record.from_text(text)
    again = replay(record)
    assert again.state == match.state and again.steps == match.steps
    assert record == record_of(match, {"Seats": "human computer"})
    # Written again, it is version 2: the same moves, seats counted from 1.
    new = record.to_text()
    assert new.startswith('[Version "2"]\n')
    assert replay(Record.from_text(new)).state == match.state
    # Through the API as well (a record the page kept or a player saved as a file).
    session = Session()
    answer = json.loads(session.handle(json.dumps({"op": "load_record", "record": text})))
    assert answer["ok"] and answer["view"]["hand"] == json.loads(session.handle(json.dumps(
        {"op": "load_record", "record": new})))["view"]["hand"]


def test_version_1_labels_count_from_0_and_version_2_labels_from_1() -> None:
    text, _ = _version_1_text()
    turn = Match(CLASSIC, 42).state.round.turn
    # The same labels read as version 2 name the other seat: refused, naming both seats from 1.
    as_v2 = '[Version "2"]\n' + text
    message = rejects(lambda: replay(Record.from_text(as_v2)), "round 1, move 1")
    if turn == 0:  # "seat 0" fits no seat in version 2
        assert "labelled seat 0, but seat 1 is to play" in message
    else:  # "seat 1" is the first seat in version 2
        assert "labelled seat 1, but seat 2 is to play" in message
    rejects(lambda: Record.from_text('[Version "3"]\n' + text), "line 1", "Version",
            "from 1 to 2")


def test_json_form_of_a_short_game() -> None:
    match = first_moves(2)
    data = record_of(match).to_json()
    assert data["format"] == "cassino-record" and data["version"] == 2
    data["version"] = 1  # the JSON form is the same in version 1
    assert replay(Record.from_json(data)).state == match.state
    assert data["rules"] == CLASSIC.to_dict() and data["seed"] == 42
    assert data["rounds"] == [[m.text() for m in match.steps if m is not None]]
    assert data["tags"] == {"Result": "*"}
    assert "start" not in data
    assert json.loads(json.dumps(data)) == data


def test_rules_that_differ_from_the_preset_are_tags() -> None:
    rules = Rules.from_name("classic", sweeps="off", capture_compulsory=True, target=31)
    match = Match(rules, 7)
    text = record_of(match).to_text()
    assert '[Sweeps "off"]' in text and '[CaptureCompulsory "true"]' in text
    assert '[Target "31"]' in text and "RaiseOwnBuild" not in text
    assert Record.from_text(text).rules == rules


def test_a_dealt_but_unplayed_round_is_an_empty_round() -> None:
    match = whole_round()
    if match.state.phase == "round_over":
        match.next_round()
        record = record_of(match)
        assert len(record.rounds) == 2 and record.rounds[1] == ()
        assert "Round 2\n\n*" in record.to_text()
        assert replay(Record.from_text(record.to_text())).state == match.state


def test_undone_steps_are_not_recorded() -> None:
    match = first_moves(5)
    match.undo()
    match.undo()
    record = record_of(match)
    assert len(record.rounds[0]) == 3
    assert replay(record).state == match.state


def test_the_replayed_match_keeps_its_history() -> None:
    match = first_moves(4)
    again = replay(record_of(match))
    assert again.steps == match.steps
    again.undo()
    match.undo()
    assert again.state == match.state


def test_finished_match_result() -> None:
    rng = random.Random(3)
    match = random_match(Rules.from_name("classic", target=5), 11, rng, 2000, undo_rate=0)
    assert match.state.phase == "match_over"
    record = record_of(match)
    result = "-".join(map(str, match.state.totals))
    assert record.tags["Result"] == result
    assert record.to_text().rstrip().endswith("\n" + result)
    assert replay(Record.from_text(record.to_text())).state == match.state


def test_a_match_begun_from_a_position_records_it() -> None:
    dealt = Match(CLASSIC, 99).state.round
    position = position_from_json(position_to_json(dealt))
    match = Match.from_position(position, seed=5)
    for _ in range(3):
        match.play(match.legal_moves()[-1])
    record = record_of(match)
    assert record.start == position
    assert '[Start "{' in record.to_text()
    assert replay(Record.from_json(record.to_json())).state == match.state
    assert replay(Record.from_text(record.to_text())).state == match.state


def test_moves_may_be_given_as_objects_and_in_any_case() -> None:
    match = first_moves(3)
    data = record_of(match).to_json()
    data["rounds"][0][0] = data["rounds"][0][0].lower()
    move = match.steps[1]
    assert move is not None
    data["rounds"][0][1] = {"kind": move.kind, "card": str(move.card),
                            **({"take": [str(c) for c in move.take]} if move.take else {}),
                            **({"value": move.value} if hasattr(move, "value") else {})}
    assert replay(Record.from_json(data)).state == match.state


# -- properties: random matches under every preset ------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@example_settings(4)
@given(seed=seeds, play_seed=st.integers(0, 2**32), steps=st.integers(0, 110))
def test_random_match_replays_exactly(preset: str, seed: int, play_seed: int, steps: int) -> None:
    rules = preset_rules(preset)
    match = random_match(rules, seed, random.Random(play_seed), steps)
    record = record_of(match, {"Seats": "human computer", "Date": "2026-11-30"})
    as_json = json.loads(json.dumps(record.to_json()))
    from_json = Record.from_json(as_json)
    text = record.to_text()
    from_text = Record.from_text(text)
    assert from_json == record and from_text == record
    # The text is version 2: each move is labelled with the seat that made it, counted from 1.
    assert text.startswith(f'[Version "{VERSION}"]\n') and VERSION == 2
    labels = [int(line.split(": ")[0].split(" seat ")[1]) for line in text.splitlines()
              if re.match(r"\d+\. seat \d+: ", line)]
    assert labels == [entry["seat"] + 1 for entry in move_log(match)]
    for again in (replay(from_json), replay(from_text)):
        assert again.state == match.state
        assert again.state.round == match.state.round
        assert again.state.totals == match.state.totals
        assert again.state.results == match.state.results
        assert again.steps == match.steps


# -- corruption ----------------------------------------------------------------------------------


def test_every_truncation_of_the_text_is_refused() -> None:
    text = record_of(first_moves(6)).to_text().rstrip("\n")
    for cut in range(len(text)):
        def load(cut: int = cut) -> None:
            replay(Record.from_text(text[:cut]))
        rejects(load)
    assert replay(Record.from_text(text)).state == first_moves(6).state


def test_truncation_messages_name_the_fault() -> None:
    text = record_of(first_moves(6)).to_text()
    rejects(lambda: Record.from_text(text[:text.index("[Seed") + 8]), "line 3", "tag")
    cut_lines = text.rstrip("\n").splitlines()[:-2]
    rejects(lambda: Record.from_text("\n".join(cut_lines)), "no result line", "cut short")
    rejects(lambda: Record.from_text(""), "no result line")


def test_a_move_in_a_text_record_that_cannot_be_read() -> None:
    lines = record_of(first_moves(6)).to_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("3. "))
    lines[at] = lines[at].split(":")[0] + ": 7H x 3"
    rejects(lambda: Record.from_text("\n".join(lines)), f"line {at + 1}", "round 1, move 3",
            "7H x 3")


def illegal_record(match: Match, index: int) -> tuple[dict[str, Any], str]:
    """The match's record with move ``index`` of round 1 replaced by an illegal move (a card
    the seat to play does not hold), and that move's text."""
    before = Match(CLASSIC, match.state.seed)
    for move in match.steps[:index]:
        assert move is not None
        before.play(move)
    held = {str(c) for c in before.state.round.hands[before.state.round.turn]}
    stranger = next(c for c in ("KC", "KD", "KH", "KS", "QC", "QD") if c not in held)
    data = record_of(match).to_json()
    data["rounds"][0][index] = f"{stranger} t"
    return data, f"{stranger} t"


def test_a_move_changed_to_an_illegal_one_is_refused() -> None:
    match = first_moves(6)
    data, bad = illegal_record(match, 3)
    record = Record.from_json(data)
    message = rejects(lambda: replay(record), "round 1, move 4", bad, "not in your hand")
    assert "line" not in message
    text_record = Record.from_text(_text_with(record))
    rejects(lambda: replay(text_record), "line 8", "round 1, move 4", bad, "not in your hand")
    rejects(lambda: record.to_text(), "round 1, move 4", bad, "not in your hand")


def _text_with(record: Record) -> str:
    """A text record with the moves of ``record`` written by hand (to_text would replay)."""
    lines = ['[Variant "classic"]', f'[Seed "{record.seed}"]', "", "Round 1"]
    lines += [f"{k + 1}. {m.text()}" for k, m in enumerate(record.rounds[0])]
    return "\n".join([*lines, "", "*"])


def test_a_capture_of_cards_not_on_the_table_is_refused_with_the_reason() -> None:
    match = first_moves(2)
    data = record_of(match).to_json()
    state = match.state.round
    card = str(state.hands[state.turn][0])
    missing = next(c for c in ("AS", "AH", "AD", "AC", "2H") if c != card and c not in
                   {str(x) for x in state.table_cards})
    data["rounds"][0].append(f"{card} x {missing}")
    rejects(lambda: replay(Record.from_json(data)), "round 1, move 3",
            f"seat {state.turn + 1}", "not on the table")


def test_a_wrong_seat_label_is_refused() -> None:
    text = record_of(first_moves(4)).to_text()
    turn = Match(CLASSIC, 42).state.round.turn
    wrong = text.replace(f"1. seat {turn + 1}:", f"1. seat {2 - turn}:")
    rejects(lambda: replay(Record.from_text(wrong)), "line 8", "round 1, move 1",
            f"labelled seat {2 - turn}", f"seat {turn + 1} is to play")


@pytest.mark.parametrize("seed", ["42", 4.2, True, -1, 2**63, None, [42]])
def test_a_wrong_seed_is_refused(seed: object) -> None:
    data = record_of(first_moves(1)).to_json()
    data["seed"] = seed
    rejects(lambda: Record.from_json(data), "seed: expected a whole number from 0 to "
            f"{2**63 - 1}")


@pytest.mark.parametrize("seed", ["abc", "-3", "4.2", "", "99999999999999999999"])
def test_a_wrong_seed_tag_is_refused(seed: str) -> None:
    text = record_of(first_moves(1)).to_text().replace('[Seed "42"]', f'[Seed "{seed}"]')
    rejects(lambda: Record.from_text(text), "line 3", "Seed")


def test_an_unknown_rules_field_is_refused() -> None:
    data = record_of(first_moves(1)).to_json()
    data["rules"]["colour"] = "red"
    rejects(lambda: Record.from_json(data), "rules", "unknown rules field 'colour'")
    text = record_of(first_moves(1)).to_text().replace('[Players "2"]',
                                                        '[Players "2"]\n[Sweep "off"]')
    rejects(lambda: Record.from_text(text), "line 5", "unknown tag 'Sweep'")


def test_a_bad_rules_value_is_refused() -> None:
    data = record_of(first_moves(1)).to_json()
    data["rules"]["sweeps"] = "sometimes"
    rejects(lambda: Record.from_json(data), "rules", "sweeps", "sometimes")
    data["rules"] = "classic"
    rejects(lambda: Record.from_json(data), "rules", "object")
    text = record_of(first_moves(1)).to_text()
    rejects(lambda: Record.from_text(text.replace('[Players "2"]', '[Players "2"]\n'
                                                  '[Sweeps "sometimes"]')),
            "line 5", "Sweeps", "sometimes")
    rejects(lambda: Record.from_text(text.replace('[Players "2"]', '[Players "2"]\n'
                                                  '[RaiseOwnBuild "yes"]')),
            "line 5", "RaiseOwnBuild", "true")
    rejects(lambda: Record.from_text(text.replace("classic", "chess")), "line 2",
            "unknown variant 'chess'")


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(version=3), ("version", "from 1 to 2")),
    (lambda d: d.update(version="1"), ("version",)),
    (lambda d: d.update(format="pgn"), ("format", "cassino-record")),
    (lambda d: d.pop("rounds"), ("missing field", "rounds")),
    (lambda d: d.pop("rules"), ("missing field", "rules")),
    (lambda d: d.update(rounds=[]), ("at least one round",)),
    (lambda d: d.update(rounds="5C t"), ("rounds: expected a list",)),
    (lambda d: d.update(rounds=[["5C t", 7]]), ("rounds[0][1]", "round 1, move 2")),
    (lambda d: d.update(rounds=[["ZZ t"]]), ("rounds[0][0]", "ZZ")),
    (lambda d: d.update(extra=1), ("unknown field", "extra")),
    (lambda d: d.update(tags=["a"]), ("tags: expected a JSON object",)),
    (lambda d: d.update(tags={"Seed": "4"}), ("Seed",)),
    (lambda d: d.update(tags={"Colour": "red"}), ("unknown tag 'Colour'",)),
    (lambda d: d.update(tags={"Date": 2026}), ("Date", "text")),
    (lambda d: d.update(tags={"Event": "a\nb"}), ("Event", "one line")),
    (lambda d: d.update(tags={"Result": "21"}), ("Result", "'21'")),
    (lambda d: d.update(start={"rules": "classic"}), ("start", "missing field")),
])
def test_corrupt_json_is_refused(change: Any, words: tuple[str, ...]) -> None:
    data = record_of(first_moves(2)).to_json()
    change(data)
    rejects(lambda: Record.from_json(data), *words)


def test_not_an_object_is_refused() -> None:
    rejects(lambda: Record.from_json("{}"), "a record is a record object or its text")
    rejects(lambda: Record.from_text(42), "a record is a record object or its text")


def test_text_structure_faults_are_refused() -> None:
    text = record_of(first_moves(3)).to_text()
    rejects(lambda: Record.from_text(text.replace("Round 1", "Round 2")), "line 7",
            "expected 'Round 1'")
    rejects(lambda: Record.from_text(text.replace("2. seat", "3. seat")), "line 9",
            "expected move number 2, found 3")
    rejects(lambda: Record.from_text(text + "1. 5C t\n"), "nothing may follow the result")
    rejects(lambda: Record.from_text(text.replace("Round 1\n", "")), "before the 'Round 1'")
    rejects(lambda: Record.from_text(text.replace("[Seed", "[Date \"x\"]\n[Seed").replace(
        "Round 1", "Round 1\n[Event \"late\"]")), "tags come before the first round")
    rejects(lambda: Record.from_text(text.replace('[Players "2"]', '[Players "2"]\n[Seed "1"]')),
            "line 5", "tag 'Seed' repeats line 3")
    rejects(lambda: Record.from_text(text.replace("\n*", "\nhello\n*")), "cannot read 'hello'")
    rejects(lambda: Record.from_text(text.replace('[Variant "classic"]\n', "")), "Variant")
    rejects(lambda: Record.from_text(text.replace('[Seed "42"]\n', "")), "Seed")
    rejects(lambda: Record.from_text(text.replace("\n*", "\n21-15")), "result line",
            "differs from the Result tag")


def test_a_round_that_starts_too_early_is_refused() -> None:
    data = record_of(first_moves(3)).to_json()
    data["rounds"].append([])
    rejects(lambda: replay(Record.from_json(data)), "round 2: the next round can start only "
            "after a round ends")


def test_moves_after_the_end_of_a_round_are_refused() -> None:
    match = whole_round()
    data = record_of(match).to_json()
    data["rounds"][0].append("5C t")
    rejects(lambda: replay(Record.from_json(data)),
            f"round 1, move {len(data['rounds'][0])}", "after the end of round 1")


def test_a_false_result_is_refused() -> None:
    rng = random.Random(3)
    match = random_match(Rules.from_name("classic", target=5), 11, rng, 2000, undo_rate=0)
    data = record_of(match).to_json()
    totals = match.state.totals
    data["tags"]["Result"] = f"{totals[0] + 1}-{totals[1]}"
    rejects(lambda: replay(Record.from_json(data)), "Result tag says", "end the match at")
    unfinished = record_of(first_moves(3)).to_json()
    unfinished["tags"]["Result"] = "21-0"
    rejects(lambda: replay(Record.from_json(unfinished)), "unfinished")


def test_a_start_position_with_other_rules_is_refused() -> None:
    match = Match.from_position(Match(CLASSIC, 1).state.round, seed=2)
    data = record_of(match).to_json()
    data["rules"]["sweeps"] = "off"
    rejects(lambda: Record.from_json(data), "start", "rules differ")


# -- the API ---------------------------------------------------------------------------------


def call(session: Session, **req: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(req)))
    return answer


def played_session(moves: int = 6) -> Session:
    session = Session()
    assert call(session, op="new_game", seed=8, seats=["human", "computer"])["ok"]
    for _ in range(moves):
        match = session.match
        assert match is not None
        if match.state.round.turn == 0:
            assert call(session, op="play", move=call(session, op="legal_moves")["moves"][0])["ok"]
        else:
            assert call(session, op="computer_move")["ok"]
    return session


def snapshot(session: Session) -> tuple[Any, ...]:
    match = session.match
    assert match is not None
    return (match, match.state, match.steps, list(session.seats), session.viewer,
            session.handle('{"op": "view"}'))


def test_api_export_and_load_record() -> None:
    session = played_session()
    exported = call(session, op="export_record", tags={"Date": "2026-11-30"})
    assert exported["ok"] and exported["record"]["seed"] == 8
    assert exported["record"]["tags"] == {"Seats": "human computer", "Levels": "- intermediate",
                                          "Date": "2026-11-30", "Result": "*"}
    assert exported["text"].startswith('[Version "2"]\n[Variant "classic"]\n[Seed "8"]')
    for form in (exported["record"], exported["text"], json.dumps(exported["record"])):
        other = Session()
        loaded = call(other, op="load_record", record=form)
        assert loaded["ok"] and loaded["seed"] == 8
        assert other.match is not None and session.match is not None
        assert other.match.state == session.match.state
        assert loaded["view"] == exported["view"]
        assert other.seats == ["human", "computer"] and other.viewer == 0
        assert other.levels == session.levels
    assert call(other, op="undo")["ok"]


def test_api_load_record_seats_from_the_request_or_the_record() -> None:
    session = played_session(2)
    record = call(session, op="export_record")["record"]
    record["tags"]["Seats"] = "computer human"
    other = Session()
    assert call(other, op="load_record", record=record)["ok"]
    assert other.seats == ["computer", "human"] and other.viewer == 1
    assert call(other, op="load_record", record=record, seats=["human", "human"], viewer=1)["ok"]
    assert other.seats == ["human", "human"] and other.viewer == 1


@pytest.mark.parametrize(("change", "code", "words"), [
    (lambda r: r.update(seed="8"), "bad_record", "seed: expected a whole number"),
    (lambda r: r["rounds"][0].__setitem__(0, "KS x AH"), "bad_record", "round 1, move 1"),
    (lambda r: r["rules"].update(colour="red"), "bad_record", "colour"),
    (lambda r: r.update(rounds=[[], []]), "bad_record", "round 2: the next round can start"),
])
def test_api_bad_record_leaves_the_game_as_it_was(change: Any, code: str, words: str) -> None:
    session = played_session()
    record = call(session, op="export_record")["record"]
    change(record)
    before = snapshot(session)
    answer = call(session, op="load_record", record=record)
    assert answer["error"]["code"] == code and words in answer["error"]["message"]
    assert snapshot(session) == before


@pytest.mark.parametrize(("req", "code"), [
    ({"record": "[Variant \"classic\"]\n[Seed \"8\"]\n\nRound 1\n1. seat 1: "}, "bad_record"),
    ({"record": "{\"seed\": 8,"}, "bad_record"),
    ({"record": 42}, "bad_request"),
    ({}, "bad_request"),
    ({"record": {"rules": {}, "seed": 8, "rounds": [[]]}, "seats": ["human"]}, "bad_request"),
    ({"record": {"rules": {}, "seed": 8, "rounds": [[]]}, "viewer": 1}, "bad_request"),
    ({"record": {"rules": {}, "seed": 8, "rounds": [[]]}, "extra": 1}, "bad_request"),
])
def test_api_bad_load_requests_leave_the_game_as_it_was(req: dict[str, Any], code: str) -> None:
    session = played_session()
    before = snapshot(session)
    answer = call(session, op="load_record", **req)
    assert answer["error"]["code"] == code, answer
    assert snapshot(session) == before


def test_api_load_record_without_a_game_fails_cleanly() -> None:
    session = Session()
    answer = call(session, op="load_record", record={"rules": {}, "seed": "x", "rounds": [[]]})
    assert answer["error"]["code"] == "bad_record"
    assert session.match is None
    assert call(session, op="export_record")["error"]["code"] == "no_game"


def test_api_export_record_with_a_bad_tag() -> None:
    session = played_session(1)
    answer = call(session, op="export_record", tags={"Colour": "red"})
    assert answer["error"]["code"] == "bad_request" and "Colour" in answer["error"]["message"]


def test_rules_must_be_named_after_a_preset() -> None:
    rejects(lambda: Record(rules=Rules(name="house"), seed=1, rounds=((),)), "'house'",
            "not a preset")
