"""Looking back over a match: the public move log, and the replay with every hand shown.

Moves are public in Cassino (every player sees each card played and what it takes), so the
move log may be shown at any time. The replay shows every hand, the computer's too, at every
step: it answers "did the computer cheat?" once nothing is hidden any more, so it is refused
until the match is over.

A step of the log (:func:`move_log`)::

    {"round": 1, "deal": 1, "seat": 0,
     "move": {"kind": "capture", "card": "7H", "take": ["3C", "4D"], "text": "7H x 3C 4D",
              "sweep": false, "raise": false}}

A step of the replay (:func:`replay_steps`): the position after it, every card shown::

    {"step": 3, "kind": "start" | "move" | "deal", "round": 1, "deal": 1,
     "seat": 0 | null,                 # who made the move ("move" steps only)
     "move": <move as in the log> | null,
     "turn": 1 | null,                 # the seat to play next (null when nobody is)
     "dealer": 1, "phase": "play" | "round_over" | "match_over",
     "hands": [["AS", "7H"], [...]],  # every seat's hand, in card order
     "table": {"loose": [...], "builds": [<build as in the view>]},
     "stock": 40,                      # cards left to deal
     "captured": [{"cards": 10, "spades": 3, "sweeps": 1}, ...],   # per seat
     "scores": [0, 0]}                 # match totals per side at that moment

Step 0 is the first deal ("start"); a "deal" step is the deal of a new round.
"""

from __future__ import annotations

from typing import Any

from .cards import sort_key
from .game import RoundState
from .match import Claim, Match, MatchState, PhaseError
from .moves import Move
from .view import build_json, page_move


class MatchNotOverError(PhaseError):
    """The replay was asked for while the match is still being played: it would show hidden
    cards."""


def _played(before: MatchState, after: MatchState, move: Move | Claim) -> dict[str, Any]:
    """``move`` as the log shows it, with the sweep and raise facts of the position after; a
    claim out is ``{"kind": "claim", "text": "claim", "right": bool}``."""
    seat = before.round.turn
    if isinstance(move, Claim):
        return {"kind": "claim", "text": move.text(),
                "right": after.winner == before.rules.side_of(seat)}
    return {**page_move(move, made=after.round.builds, taken=before.round.builds),
            "sweep": after.round.swept[seat],
            "raise": after.round.raised[seat], "penalty": after.round.defaulted[seat]}


def _positions(match: Match) -> list[MatchState]:
    return [*match.history, match.state]


def move_log(match: Match) -> list[dict[str, Any]]:
    """Every move of ``match`` from its start to now, oldest first (moves taken back by undo
    are not in it), each with the round and deal it was played in and the seat that made it
    (see the module docstring). Only public facts: no hidden card is named."""
    states = _positions(match)
    out: list[dict[str, Any]] = []
    for k, move in enumerate(match.steps):
        if move is None:
            continue
        before, after = states[k], states[k + 1]
        out.append({"round": before.round_number, "deal": before.round.deal,
                    "seat": before.round.turn, "move": _played(before, after, move)})
    return out


def _cards(cards: tuple[Any, ...]) -> list[str]:
    return [str(c) for c in sorted(cards, key=sort_key)]


def _position(state: MatchState) -> dict[str, Any]:
    rnd: RoundState = state.round
    playing = state.phase == "play" and not rnd.finished
    return {
        "round": state.round_number, "deal": rnd.deal, "dealer": rnd.dealer,
        "turn": rnd.turn if playing else None, "phase": state.phase,
        "hands": [_cards(h) for h in rnd.hands],
        "table": {"loose": [str(c) for c in rnd.loose],
                  "builds": [build_json(b, state.rules) for b in rnd.builds]},
        "stock": len(rnd.stock),
        "captured": [{"cards": len(p), "spades": sum(1 for c in p if c.suit == "S"),
                      "sweeps": s} for p, s in zip(rnd.piles, rnd.sweeps, strict=True)],
        "scores": list(state.totals),
    }


def replay_steps(match: Match) -> list[dict[str, Any]]:
    """Every position of a finished match, from the first deal to the end, with every hand
    shown (see the module docstring for a step's shape); ``len(match.steps) + 1`` steps.

    Raises:
        MatchNotOverError: the match is not over yet (its hidden cards stay hidden).
    """
    if match.state.phase != "match_over":
        raise MatchNotOverError.of("replay_needs_end")
    states = _positions(match)
    steps = [{"step": 0, "kind": "start", "seat": None, "move": None, **_position(states[0])}]
    for k, move in enumerate(match.steps):
        before, after = states[k], states[k + 1]
        if move is None:
            steps.append({"step": k + 1, "kind": "deal", "seat": None, "move": None,
                          **_position(after)})
        else:
            steps.append({"step": k + 1, "kind": "move", "seat": before.round.turn,
                          "move": _played(before, after, move), **_position(after)})
    return steps
