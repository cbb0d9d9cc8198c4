"""Records of California Jack and Shasta Sam matches: rules, seed and every card played.

The seed fixes every deal (:class:`~cassino_core.calijack.match.JackMatch`), so a record needs
only the rules, the seed and the cards played in each deal. :func:`replay` plays every card
through the match's own checks, so an edited record that breaks a rule is refused whole, never
half loaded.

JSON form::

    {"format": "calijack-record", "version": 1,
     "rules": {"variant": "california_jack", "deal_packet": 1, "target": 10, "follow": "suit"},
     "seed": 42,
     "deals": [["7H", "KH", "2S", ...], [...]],
     "tags": {"Seats": "human computer", "Result": "10-7"}}

``deals`` lists the cards of each deal in the order played (each deal after the first begins with
the deal the seed implies). Tags (:data:`TAGS`), one line of text each: ``Event``, ``Site``,
``Date``, ``Names``, ``Seats``, ``Levels``, ``Comment``, ``Result`` (the totals joined by ``-``
once the match is over, ``*`` before; checked on replay).

>>> from cassino_core.calijack.rules import JackRules
>>> m = JackMatch(JackRules(), seed=42)
>>> m.play(m.legal_plays()[0])
>>> replay(JackRecord.from_json(record_of(m).to_json())).moves == m.moves
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..cards import Card, CardError
from ..errors import Refusal
from ..numbers import MAX_SEED_TEXT
from .game import IllegalMoveError
from .match import JackMatch, PhaseError
from .rules import JackRules, JackRulesError

FORMAT: Final = "calijack-record"
VERSION: Final = 1
MAX_SEED: Final = 2**63
MAX_DEALS: Final = 500
"""More deals than any real match needs (each deal gives at least one point)."""
TAGS: Final = ("Event", "Site", "Date", "Names", "Seats", "Levels", "Comment", "Result")
_FIELDS: Final = frozenset({"format", "version", "rules", "seed", "deals", "tags"})
_MAX_TAG: Final = 4000


class RecordError(Refusal):
    """A record that cannot be read or replayed; the message names the field, or the deal and
    card number and why the card was refused."""


@dataclass(frozen=True)
class JackRecord:
    """A match as rules, seed and cards played per deal (see the module docstring).

    Raises:
        RecordError: a bad seed, no deals, an unknown tag or a tag that is not one line.
    """

    rules: JackRules
    seed: int
    deals: tuple[tuple[Card, ...], ...]
    tags: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not (
                0 <= self.seed < MAX_SEED):
            raise RecordError.of("need_number_range", {"field": "seed"}, min=0,
                                 max=MAX_SEED_TEXT)
        if not self.deals:
            raise RecordError.of("record_no_deals", {"field": "deals"})
        if len(self.deals) > MAX_DEALS:
            raise RecordError.of("record_too_many_deals", {"field": "deals"}, max=MAX_DEALS)
        for name, value in self.tags.items():
            if name not in TAGS:
                raise RecordError.of("record_unknown_tag", {"field": "tags"}, name=str(name),
                                     names=list(TAGS))
            if not isinstance(value, str) or "\n" in value or len(value) > _MAX_TAG:
                raise RecordError.of("record_tag_text", {"field": "tags", "tag": name},
                                     max=_MAX_TAG)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (module docstring)."""
        return {"format": FORMAT, "version": VERSION, "rules": self.rules.to_dict(),
                "seed": self.seed, "deals": [[str(c) for c in d] for d in self.deals],
                "tags": dict(self.tags)}

    @classmethod
    def from_json(cls, data: object) -> JackRecord:
        """Read the JSON form; every field is checked.

        Raises:
            RecordError: not an object, a wrong format or version, an unknown or missing field,
                bad rules, a bad card text.
        """
        if not isinstance(data, dict):
            raise RecordError.of("record_type")
        unknown = set(data) - _FIELDS
        if unknown:
            raise RecordError.of("unknown_fields",
                                 names=sorted(map(str, unknown)))
        if data.get("format") != FORMAT:
            raise RecordError.of("wrong_format", format=FORMAT)
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or not (
                1 <= version <= VERSION):
            raise RecordError.of("wrong_version", max=VERSION)
        missing = [name for name in ("rules", "seed", "deals") if name not in data]
        if missing:
            raise RecordError.of("missing_fields", names=missing)
        try:
            rules = JackRules.from_dict(data["rules"])
        except (JackRulesError, TypeError) as exc:
            raise RecordError.within(exc, {"field": "rules"}, reason="need_object") from exc
        raw_deals = data["deals"]
        if not isinstance(raw_deals, list):
            raise RecordError.of("need_list", {"field": "deals"})
        deals: list[tuple[Card, ...]] = []
        for d, raw in enumerate(raw_deals, 1):
            if not isinstance(raw, list):
                raise RecordError.of("need_card_list", {"field": f"deals[{d - 1}]", "deal": d})
            cards: list[Card] = []
            for i, text in enumerate(raw, 1):
                try:
                    cards.append(Card.parse(text))
                except CardError as exc:
                    raise RecordError.within(exc, {"deal": d, "card": i}) from exc
            deals.append(tuple(cards))
        tags = data.get("tags", {})
        if not isinstance(tags, dict):
            raise RecordError.of("need_object", {"field": "tags"})
        return cls(rules, data["seed"], tuple(deals), dict(tags))


def record_of(match: JackMatch, tags: Mapping[str, str] | None = None) -> JackRecord:
    """The record of ``match`` so far; ``Result`` is set from the match.

    Raises:
        RecordError: a bad tag.
    """
    result = "-".join(map(str, match.totals)) if match.phase == "match_over" else "*"
    return JackRecord(match.rules, match.seed, tuple(tuple(m) for m in match.moves),
                      {**(tags or {}), "Result": result})


def replay(record: JackRecord) -> JackMatch:
    """Play the record through a new match, checking every card.

    Raises:
        RecordError: a card that is illegal where it stands (deal and card number named), a deal
            begun before the previous one ended, a deal after the match's end, or a
            ``Result`` that differs from the replayed one.
    """
    match = JackMatch(record.rules, record.seed)
    for d, cards in enumerate(record.deals, 1):
        if d > 1:
            try:
                match.next_deal()
            except PhaseError as exc:
                raise RecordError.within(exc, {"deal": d}) from exc
        for i, card in enumerate(cards, 1):
            try:
                match.play(card)
            except (IllegalMoveError, PhaseError) as exc:
                raise RecordError.within(exc, {"deal": d, "card": i, "text": str(card)}
                                         ) from exc
    result = record.tags.get("Result")
    if result is not None:
        actual = "-".join(map(str, match.totals)) if match.phase == "match_over" else "*"
        if result != actual:
            raise RecordError.of("record_result_wrong", {"tag": "Result"}, result=result,
                                 actual=actual)
    return match
