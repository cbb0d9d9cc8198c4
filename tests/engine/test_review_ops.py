"""cassino_core.review_ops: the ``move_log`` and ``replay`` answers both games' sessions share
(docs/api.md): its examples, and the Cassino answer's fields in their documented order."""

from __future__ import annotations

import doctest

from cassino_core import review_ops
from tests.engine.test_review import ask, finished_session


def test_the_module_examples_hold() -> None:
    failed, attempted = doctest.testmod(review_ops)
    assert attempted >= 4 and failed == 0


def test_cassino_replay_answer_fields_and_reveal() -> None:
    """The two-card end of a round (test_review.last_two_cards), played out: the replay has
    the shared fields, then Cassino's sides; the session is then revealed."""
    session = finished_session()
    assert not session.revealed
    answer = ask(session, op="replay")["replay"]
    assert list(answer) == ["steps", "seats", "levels", "sides", "side_of"]
    assert answer["seats"] == ["human", "computer"] and answer["side_of"] == [0, 1]
    assert session.revealed
    assert "log" in ask(session, op="move_log")
