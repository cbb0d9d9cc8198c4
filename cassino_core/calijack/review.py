"""Looking back over a California Jack or Shasta Sam match: the public card log, and the
replay with every hand and the stock shown.

Every card played to a trick is seen by both players, so the log may be shown at any time. The
replay shows both hands and the stock at every step, so it is refused until the match is over
(the same promise as Cassino's, :mod:`cassino_core.review`).

A log entry (:func:`card_log`): ``{"deal": 1, "trick": 3, "seat": 0, "card": "AS",
"winner": 0 | null}`` (``winner``: who took the trick, on its second card; ``trick`` from 1).

A replay step (:func:`jack_replay_steps`), the position after it::

    {"step": 5, "kind": "start" | "card", "deal": 1, "seat": 0 | null, "card": "AS" | null,
     "trick_number": 3 | null,             # the trick the card went to, from 1
     "winner": 0 | null,                    # the trick's winner when this card ended it
     "drew": [{"seat": 0, "card": "7H"}],   # stock cards drawn after that trick, in order
     "dealer": 1, "trump": "H", "trump_card": "5H",
     "turn": 1 | null,                      # the seat to play next; null once the deal is over
     "hands": [["AS", ...], [...]],        # both hands, trumps first, high to low
     "trick": [{"seat": 1, "card": "9C"}], # the trick on the table
     "stock": ["KD", ...],                  # the stock, next card first (hidden in play)
     "won": [12, 8], "card_points": [14, 3],   # cards and card points won per seat
     "scores": [3, 1]}                      # match points per seat at that moment
"""

from __future__ import annotations

from typing import Any

from .cards import sort_cards
from .game import DealState, score_deal
from .match import JackMatch, PhaseError


class MatchNotOverError(PhaseError):
    """The replay was asked for while the match is being played: it would show hidden cards."""


def card_log(match: JackMatch) -> list[dict[str, Any]]:
    """Every card played in ``match`` so far, oldest first, with its deal, trick number and
    seat, and the trick's winner on the card that completed it (public facts only)."""
    out: list[dict[str, Any]] = []
    for number, deal in enumerate(match.deals, 1):
        for before, after, card in zip(deal.history[:-1], deal.history[1:], deal.played,
                                       strict=True):
            ended = not after.trick
            out.append({"deal": number, "trick": before.tricks_played + 1, "seat": before.turn,
                        "card": str(card),
                        "winner": after.last_trick.winner
                        if ended and after.last_trick is not None else None})
    return out


def _texts(cards: object, trump: str | None = None) -> list[str]:
    return [str(c) for c in sort_cards(cards, trump)]


def _position(state: DealState, scores: tuple[int, int]) -> dict[str, Any]:
    leader = state.leader
    return {
        "dealer": state.dealer, "trump": state.trump, "trump_card": str(state.trump_card),
        "turn": None if state.finished else state.turn,
        "hands": [_texts(h, state.trump) for h in state.hands],
        "trick": [{"seat": (leader + i) % 2, "card": str(c)} for i, c in enumerate(state.trick)],
        "stock": [str(c) for c in state.stock],
        "won": [len(w) for w in state.won], "card_points": list(state.card_points()),
        "scores": list(scores),
    }


def jack_replay_steps(match: JackMatch) -> list[dict[str, Any]]:
    """Every position of a finished match, deal by deal, with both hands and the stock shown
    (see the module docstring for a step's shape).

    Raises:
        MatchNotOverError: the match is not over yet.
    """
    if match.phase != "match_over":
        raise MatchNotOverError.of("replay_needs_end")
    steps: list[dict[str, Any]] = []
    scores = (0, 0)
    for number, deal in enumerate(match.deals, 1):
        first = deal.history[0]
        steps.append({"step": len(steps), "kind": "start", "deal": number, "seat": None,
                      "card": None, "trick_number": None, "winner": None, "drew": [],
                      **_position(first, scores)})
        for k, card in enumerate(deal.played):
            before, after = deal.history[k], deal.history[k + 1]
            ended = not after.trick and after.last_trick is not None
            if after.finished:
                points = score_deal(after).points
                scores = (scores[0] + points[0], scores[1] + points[1])
            drew = after.last_trick.drew if ended and after.last_trick is not None else ()
            steps.append({
                "step": len(steps), "kind": "card", "deal": number, "seat": before.turn,
                "card": str(card), "trick_number": before.tricks_played + 1,
                "winner": after.last_trick.winner if ended and after.last_trick else None,
                "drew": [{"seat": s, "card": str(c)} for s, c in drew],
                **_position(after, scores)})
    return steps
