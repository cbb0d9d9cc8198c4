"""Looking back in the fishing games: the public move log of the match, and the replay of a
finished round with every hand shown.

Every card a fishing game plays is played face up, and what it takes is seen by all
(FAMILY.md §0), so the log may be shown at any time: it names the card played, the cards taken
and who made the move, never a card still in a hand. The replay shows every hand at every step
of one round; it opens only for a round that is over, when every card of that round has been
played (the face-down cards of Pishti's opening are shown then too, as the view shows them at
the round's end). A later round is dealt from a fresh shuffle, so a finished round's hands tell
nothing about the cards still to come.

An entry of the log (:func:`fishing_log`)::

    {"round": 1, "deal": 2, "seat": 1,
     "move": {"kind": "capture", "card": "7H", "take": ["3C", "4D"], "text": "7H x 3C 4D",
              "sweep": false, ...the game's own facts (Pishti's "bonus")...}}

A step of a round's replay (:func:`round_steps`): the position after it, every card shown::

    {"step": 3, "kind": "start" | "move", "round": 1, "deal": 1, "dealer": 0,
     "seat": 1 | null, "move": <move as in the log> | null,
     "turn": 0 | null,                  # the seat to play next; null once the round is over
     "hands": [["AS", "7H"], [...]],   # every seat's hand, in card order
     "table": ["5C", "KD"],             # the face-up table, in the order the cards came
     "face_down": [],                   # face-down table cards (Pishti's opening)
     "stock": 30, "captured": [4, 0],   # cards left to deal; cards each seat has taken
     "sweeps": [1, 0],                  # sweeps (or bonuses) each seat has made
     "leftover": []}                    # at the end: the table's cards the last taker got

Step 0 is the deal ("start"); every move after it is one step.

>>> from cassino_core.scopa.match import ScopaMatch
>>> from cassino_core.scopa.rules import ScopaRules
>>> m = ScopaMatch(ScopaRules(), seed=3)
>>> m.play(m.legal_moves()[0])
>>> [(e["round"], e["seat"], e["move"]["text"]) for e in fishing_log(m, played_move)]
[(1, 1, 'KH t')]
>>> try:
...     round_steps(m, 1, played_move)
... except RoundNotOverError as exc:
...     print(exc.reason)
replay_needs_round_end
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import sort_key
from ..errors import Refusal
from ..moves import move_to_json
from .round import PhaseError

__all__ = ["NoSuchRoundError", "Played", "RoundNotOverError", "finished_rounds", "fishing_log",
           "played_move", "round_steps"]

Played = Callable[[Any, Any], dict[str, Any]]
"""How a game shows a move made: ``(state after it, move) -> the move's JSON`` (with ``text``
and ``sweep``)."""


class RoundNotOverError(PhaseError):
    """The replay of a round asked for before that round is over (it would show hidden
    cards)."""


class NoSuchRoundError(Refusal):
    """The replay of a round that is not one of the match's finished rounds."""


def played_move(after: Any, move: Any) -> dict[str, Any]:
    """A card move as the log shows it: its JSON form with ``text``, ``sweep`` (it scored a
    sweep, or a bonus in Pishti and Tablić) and, in a game whose sweeps are bonuses of some
    points, ``bonus`` (the points, 0 for none), read from the state after it (``after.last``).
    """
    last = after.last
    out = {**move_to_json(move), "text": move.text(), "sweep": bool(last.sweep)}
    bonus = getattr(last, "bonus", None)
    if bonus is not None:
        out["bonus"] = bonus
    return out


def fishing_log(match: Any, played: Played) -> list[dict[str, Any]]:
    """Every move of ``match`` from its first round to now, oldest first (moves taken back by
    undo are not in it): ``{"round", "deal", "seat", "move": played(after, move)}`` each, the
    round and deal counted from 1 (module docstring). Only public facts."""
    out: list[dict[str, Any]] = []
    for number, rnd in enumerate(match.rounds, 1):
        for k, move in enumerate(rnd.moves):
            before, after = rnd.history[k], rnd.history[k + 1]
            out.append({"round": number, "deal": before.deal_number, "seat": before.turn,
                        "move": played(after, move)})
    return out


def finished_rounds(match: Any) -> int:
    """How many of the match's rounds are over (the rounds a replay may show)."""
    return sum(1 for rnd in match.rounds if rnd.finished)


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in sorted(cards, key=sort_key)]


def _sweeps(state: Any) -> list[int]:
    """Sweeps (Scopa's ``sweeps``: a seat per sweep) or bonuses (Pishti's and Tablić's
    ``bonuses``: ``(seat, points)`` each) made by each seat so far."""
    seats = getattr(state, "sweeps", None)
    if seats is None:
        seats = [seat for seat, _ in state.bonuses]
    counts = [0] * state.rules.players
    for seat in seats:
        counts[seat] += 1
    return counts


def _position(state: Any, number: int) -> dict[str, Any]:
    hidden = getattr(state, "hidden", 0)
    return {
        "round": number, "deal": state.deal_number, "dealer": state.dealer,
        "turn": None if state.finished else state.turn,
        "hands": [_cards(hand) for hand in state.hands],
        "table": [str(c) for c in state.table[hidden:]],
        "face_down": [str(c) for c in state.table[:hidden]],
        "stock": len(state.stock), "captured": [len(pile) for pile in state.piles],
        "sweeps": _sweeps(state), "leftover": [str(c) for c in state.leftover],
    }


def round_steps(match: Any, number: int, played: Played) -> list[dict[str, Any]]:
    """Every position of round ``number`` (from 1) of ``match``, from its deal to its end,
    every hand shown (module docstring): ``len(moves) + 1`` steps.

    Raises:
        RoundNotOverError: that round is still being played (its hidden cards stay hidden).
        NoSuchRoundError: no round ``number`` in the match.
    """
    if not 1 <= number <= len(match.rounds):
        raise NoSuchRoundError.of("need_number_range", {"field": "round"}, min=1,
                                  max=max(1, finished_rounds(match)))
    rnd = match.rounds[number - 1]
    if not rnd.finished:
        raise RoundNotOverError.of("replay_needs_round_end")
    steps = [{"step": 0, "kind": "start", "seat": None, "move": None,
              **_position(rnd.history[0], number)}]
    for k, move in enumerate(rnd.moves):
        before, after = rnd.history[k], rnd.history[k + 1]
        steps.append({"step": k + 1, "kind": "move", "seat": before.turn,
                      "move": played(after, move), **_position(after, number)})
    return steps
