"""The tournament tool (cassino_core.tournament) on tiny runs: seatings, mirrored seeds, the
Wilson interval, the figures it prints. Rule source for the partnerships: partners sit
alternately and pool their points [PAG][S000]."""

from __future__ import annotations

import json
import math
from unittest import mock

import pytest

from cassino_core import CLASSIC
from cassino_core.tournament import main, parser, run, seatings, tasks, wilson


def test_two_players_are_mirrored() -> None:
    assert seatings(CLASSIC, "a", "b") == [(("a", "b"), (0,)), (("b", "a"), (1,))]
    todo = tasks("cassino", CLASSIC, "a", "b", 5, 10, None, 3)
    assert [t.seed for t in todo] == [10, 10, 11, 11, 12, 12]
    assert all(t.iterations == 3 and t.budget_ms is None for t in todo)


def test_three_players_rotate_a_through_the_seats() -> None:
    rules = CLASSIC.replace(players=3)
    assert [seats for _, seats in seatings(rules, "a", "b")] == [(0,), (1,), (2,)]
    assert seatings(rules, "a", "b")[1][0] == ("b", "a", "b")


def test_four_players_play_partners_against_partners() -> None:
    rules = CLASSIC.replace(players=4)
    assert rules.sides == 2
    assert seatings(rules, "a", "b") == [(("a", "b", "a", "b"), (0, 2)),
                                         (("b", "a", "b", "a"), (1, 3))]
    solo = CLASSIC.replace(players=4, partnerships=False)
    assert len(seatings(solo, "a", "b")) == 4


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-3) and math.isclose(high, 0.5962, abs_tol=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_a_tiny_run_reports_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--a", "beginner", "--b", "random", "--matches", "4", "--seed", "3", "--jobs", "1",
          "--json"])
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["matches"] == 4 and figures["draws"] == 0
    assert 0 <= figures["a_rate"] <= 1
    low, high = figures["wilson95"]
    assert low <= figures["a_rate"] <= high
    assert figures["a"]["level"] == "beginner" and figures["b"]["level"] == "random"
    for side in ("a", "b"):
        assert figures[side]["points_per_round"] >= 0
        assert figures[side]["seconds_per_move"] >= 0
        assert figures[side]["moves"] > 0
    assert "[4/4]" in err  # progress on stderr


def test_the_same_seed_gives_the_same_figures() -> None:
    args = parser().parse_args(["--a", "expert", "--b", "beginner", "--matches", "2",
                                "--iterations", "1", "--jobs", "1", "--rules", "diamond",
                                "--players", "2"])
    first, second = run(args), run(args)
    for key in ("a_score", "rounds"):
        assert first[key] == second[key]
    assert first["a"]["points_per_round"] == second["a"]["points_per_round"]


def test_three_player_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--a", "beginner", "--b", "random", "--matches", "3", "--players", "3", "--jobs",
          "1", "--quiet"])
    out, err = capsys.readouterr()
    assert "3 players" in out and "fair share 33.3%" in out and "Wilson" in out
    assert err == ""


def test_jack_games_need_their_module() -> None:
    with mock.patch.dict("sys.modules", {"cassino_core.calijack.tournament": None}), \
            pytest.raises(SystemExit, match="play_match"):
        main(["--game", "california_jack", "--matches", "2", "--jobs", "1"])


def test_jack_games_use_play_match() -> None:
    pytest.importorskip("cassino_core.calijack.tournament")
    args = parser().parse_args(["--game", "shasta_sam", "--a", "beginner", "--b", "random",
                                "--matches", "2", "--jobs", "1"])
    figures = run(args)
    assert figures["matches"] == 2 and figures["game"] == "shasta_sam"


def test_bad_arguments() -> None:
    with pytest.raises(SystemExit):
        main(["--a", "wizard"])
    with pytest.raises(SystemExit):
        main(["--game", "shasta_sam", "--players", "3"])


def test_scopa_plays_through_the_tournament_with_partners_seated_like_cassino() -> None:
    """Scopone's four seats: A's side is seats 0 and 2, then seats 1 and 3 (as Cassino's
    partnerships), and the figures name the variant."""
    args = parser().parse_args(["--game", "scopa", "--variant", "scopone", "--a", "beginner",
                                "--b", "random", "--matches", "2", "--jobs", "1"])
    figures = run(args)
    assert figures["matches"] == 2 and figures["game"] == "scopa"
    assert figures["rules"] == "scopone" and figures["players"] == 4
    assert figures["a"]["moves"] > 0 and figures["b"]["moves"] > 0


def test_scopa_refuses_an_unknown_variant() -> None:
    with pytest.raises(SystemExit):
        main(["--game", "scopa", "--variant", "briscola", "--matches", "2", "--jobs", "1"])


def test_the_cheating_expert_plays_cassino_and_the_jack_games_only() -> None:
    """``expert_cheating`` (issue 16's ceiling: the expert told the other hands) plays through
    the tournament in Cassino and Shasta Sam, and the fishing games refuse it (they have no
    such player)."""
    for game in ("cassino", "shasta_sam"):
        args = parser().parse_args(["--game", game, "--a", "expert_cheating", "--b", "random",
                                    "--matches", "2", "--iterations", "2", "--jobs", "1"])
        figures = run(args)
        assert figures["matches"] == 2 and figures["a"]["moves"] > 0
    with pytest.raises(SystemExit):
        main(["--game", "scopa", "--a", "expert_cheating", "--matches", "2", "--jobs", "1"])
