"""Crowded tables: how long each request the page makes takes (issue 17).

    python bench/crowded.py [--budget-ms 1000] [--repeat 2] [--skip-expert]

Three legal positions (the seat to play holds its values, builds guarded): Classic with 20 and
with 30 loose cards, Royal with 24 loose cards and 2 builds. Each is loaded through the JSON
API (``cassino_core.api.Session``, in CPython) and every request the page makes is timed:
load_position, view, select (a hand card alone, then with a table card), hint, computer_move
at each level (the expert at ``--budget-ms``), export_record and load_record of a record with
that start position. Then grown fishing tables: a hot-seat game of Tablić (20 and 29 loose
cards) and of Escoba (22 and 36) in which both seats lay every card down, with the same
requests (Tablić's select too, and legal_moves). Prints the worst time of each request per
table, the worst request of each table size, and beside them the figures issue 17 measured on
the old code (commits 233afeb and 91acd02) where it gives them. Figures only, no assertion
(shared machines).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cassino_core.api import Session
from cassino_core.rules import CLASSIC, PRESETS

BEFORE: dict[str, dict[str, str]] = {
    "classic, 30 loose": {"view": "1.8 s", "select": "2.6 s", "hint": "13.6 s",
                          "computer_move beginner": "11.5 s",
                          "computer_move intermediate": "16.8 s",
                          "computer_move expert": "13.2 s", "load_position": "> 300 s",
                          "load_record": "> 300 s"},
    "royal, 24 loose + 2 builds": {"view": "2.5 s", "select": "2.7 s", "hint": "5.0 s",
                                   "computer_move beginner": "4.0 s",
                                   "computer_move intermediate": "4.6 s",
                                   "computer_move expert": "4.6 s", "load_position": "236 s",
                                   "load_record": "> 300 s"},
}
"""Issue 17's figures for the old code (CPython, 1000 ms expert budget)."""


def _pack(rules_pack: list[str], used: set[str]) -> list[str]:
    return [c for c in rules_pack if c not in used]


def positions() -> dict[str, dict[str, Any]]:
    """The crowded tables, as position objects (last deal, stock empty)."""
    out: dict[str, dict[str, Any]] = {}
    classic_pack = [str(c) for c in CLASSIC.pack_cards()]
    royal_pack = [str(c) for c in PRESETS["royal"].pack_cards()]

    def make(name: str, rules: str, pack: list[str], hands: list[str], loose: list[str],
             builds: list[dict[str, Any]]) -> None:
        used = {c for h in hands for c in h.split()} | set(loose)
        used |= {c for b in builds for g in b["groups"] for c in g}
        out[name] = {"format": "cassino-position", "rules": rules, "dealer": 1, "turn": 0,
                     "hands": [h.split() for h in hands],
                     "table": {"loose": loose, "builds": builds}, "stock": [],
                     "piles": [_pack(pack, used), []], "last_capturer": 0}

    make("classic, 20 loose", "classic", classic_pack, ["TS 9H 8D 7C", "TH 9S 9D TD"],
         [r + s for r in "A2345" for s in "SHDC"], [])
    make("classic, 30 loose", "classic", classic_pack, ["TS 9H 8D 8C", "TH 9S 9D TD"],
         [r + s for r in "A234567" for s in "SHDC"] + ["8S", "8H"], [])
    make("royal, 24 loose + 2 builds", "royal", royal_pack, ["TC 9C 8C 8D", "9D TD TS QS"],
         [r + s for r in "234567" for s in "SHDC"],
         [{"groups": [["AS", "8S"]], "value": 9, "owner": 1},
          {"groups": [["AH", "9H"]], "value": 10, "owner": 0}])
    return out


_VALUES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def _worth(card: str) -> int:
    return _VALUES.get(card[0], 0) or int(card[0])


def random_positions(count: int, seed: int = 17) -> dict[str, dict[str, Any]]:
    """``count`` random legal crowded tables of each kind: Classic with 20 and with 30 loose
    cards, Royal with 24 loose cards and up to 4 builds (last deal, every build guarded by
    its owner, the seat to play holding cards)."""
    rng = random.Random(seed)
    out: dict[str, dict[str, Any]] = {}
    kinds = [("classic", 20, 0), ("classic", 30, 0), ("royal", 24, 4)]
    for rules_name, loose_n, most_builds in kinds:
        rules = PRESETS[rules_name]
        for index in range(count):
            while True:
                pack = [str(c) for c in rules.pack_cards()]
                rng.shuffle(pack)
                small = sorted((c for c in pack if c[0] in "A23456789T"),
                               key=lambda c: "A23456789T".index(c[0]) + rng.random() * 4)
                values = _VALUES
                builds: list[dict[str, Any]] = []
                for _ in range(rng.randint(0, most_builds)):
                    value = rng.randint(7, 10)
                    pair = next(([a, b] for a in small[:12] for b in small
                                 if a != b and _worth(a) + _worth(b) == value), [])
                    if not pair or any(b["value"] == value for b in builds):
                        break
                    for card in pair:
                        small.remove(card)
                    builds.append({"groups": [pair], "value": value, "owner": rng.randrange(2)})
                loose = small[:loose_n]
                used = set(loose) | {c for b in builds for c in b["groups"][0]}
                rest = [c for c in pack if c not in used]
                hands: list[list[str]] = [[], []]
                for b in builds:
                    guard = next((c for c in rest if values.get(c[0], 0) == b["value"]
                                  or (c[0].isdigit() and int(c[0]) == b["value"])), None)
                    if guard is None or len(hands[b["owner"]]) >= 4:
                        break
                    rest.remove(guard)
                    hands[b["owner"]].append(guard)
                for hand in hands:
                    while len(hand) < 4:
                        hand.append(rest.pop())
                position = {"format": "cassino-position", "rules": rules_name, "dealer": 1,
                            "turn": 0, "hands": hands,
                            "table": {"loose": loose, "builds": builds}, "stock": [],
                            "piles": [rest, []], "last_capturer": 0}
                answer = json.loads(Session().handle(json.dumps(
                    {"op": "load_position", "position": position, "seed": 1})))
                if "error" not in answer:
                    break
            out[f"{rules_name}, {loose_n} loose, {len(builds)} builds #{index + 1}"] = position
    return out


def timed(session: Session, request: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    answer: dict[str, Any] = json.loads(session.handle(json.dumps(request)))
    return time.perf_counter() - start, answer


def measure(position: dict[str, Any], budget_ms: int, repeat: int, levels: list[str]
            ) -> dict[str, float]:
    """Worst seconds per request kind on one table."""
    worst: dict[str, float] = {}

    def note(kind: str, seconds: float, answer: dict[str, Any]) -> None:
        if "error" in answer:
            raise SystemExit(f"{kind}: {answer['error']}")
        worst[kind] = max(worst.get(kind, 0.0), seconds)

    for _ in range(repeat):
        session = Session()
        t, answer = timed(session, {"op": "load_position", "position": position, "seed": 1,
                                    "seats": ["human", "computer"], "budget_ms": budget_ms})
        note("load_position", t, answer)
        view = answer["view"]
        note("view", *timed(session, {"op": "view", "seat": 0}))
        for card in view["hand"]:
            note("select", *timed(session, {"op": "select", "seat": 0, "card": card,
                                            "take": []}))
            note("select", *timed(session, {"op": "select", "seat": 0, "card": card,
                                            "take": view["table"]["loose"][:1]}))
        note("hint", *timed(session, {"op": "hint", "seat": 0}))
        t, answer = timed(session, {"op": "export_record"})
        note("export_record", t, answer)
        record = answer["record"]
        t, answer = timed(Session(), {"op": "load_record", "record": record})
        note("load_record", t, answer)
        for level in levels:
            session = Session()
            timed(session, {"op": "load_position", "position": {**position, "turn": 0},
                            "seed": 1, "seats": ["computer", "human"], "level": level,
                            "budget_ms": budget_ms})
            note(f"computer_move {level}", *timed(session, {"op": "computer_move"}))
    return worst


FISHING_BEFORE: dict[str, dict[str, str]] = {
    "tablic, 20 loose": {"view": "0.91 s"},
    "tablic, 29 loose": {"view": "179 s", "hint": "internal (RecursionError) at 30"},
    "escoba, 36 loose": {"hint": "4.68 s"},
}
"""The same tables' figures before issue 17's third pass (2026-12-07, CPython, commit
91acd02): a view listed every legal move (Tablić: 23,586 on 20 loose cards, 1,763,336 on
29), and an Escoba hint weighed each of 6,086 moves."""


def grown_record(game: str, variant: str, seed: int, loose: int) -> tuple[Any, int]:
    """The record of a hot-seat game of a fishing game in which both seats lay every card
    down (a trail, chosen at random from ``seed``) until ``loose`` cards or more lie on the
    table with the seat to play holding cards; and the table's size then."""
    rng = random.Random(seed)
    session = Session()
    session.handle(json.dumps({"op": "new_game", "game": game, "variant": variant,
                               "seed": seed, "seats": ["human", "human"]}))
    while True:
        view = json.loads(session.handle(json.dumps({"op": "view", "seat": 0})))["view"]
        if view["phase"] != "play":
            raise SystemExit(f"{game} seed {seed}: the round ended before {loose} cards")
        seat = view["turn"]
        mine = json.loads(session.handle(json.dumps({"op": "view", "seat": seat})))["view"]
        if len(mine["table"]) >= loose:
            record = json.loads(session.handle(json.dumps({"op": "export_record"})))["record"]
            return record, len(mine["table"])
        trails = [m["text"] for m in mine["legal_moves"] if m["kind"] == "trail"]
        session.handle(json.dumps({"op": "play", "seat": seat, "move": rng.choice(trails)}))


FISHING_TABLES = [("tablic", "tablic", 5, 20), ("tablic", "tablic", 5, 29),
                  ("escoba", "escoba", 3, 22), ("escoba", "escoba", 3, 36)]
"""(game, variant, seed, loose cards) of the grown fishing tables."""


def measure_fishing(record: Any, budget_ms: int, levels: list[str]) -> dict[str, float]:
    """Worst seconds per request kind on one grown fishing table: the record loaded, the
    view, Tablić's select (each hand card alone, then with one table card it lights),
    legal_moves (Tablić refuses past 10,000), the hint, and each level's computer move."""
    worst: dict[str, float] = {}

    def note(kind: str, seconds: float, answer: dict[str, Any], refusal: str = "") -> None:
        if "error" in answer and answer["error"].get("reason") != refusal:
            raise SystemExit(f"{kind}: {answer['error']}")
        worst[kind] = max(worst.get(kind, 0.0), seconds)

    session = Session()
    t, answer = timed(session, {"op": "load_record", "record": record,
                                "seats": ["human", "human"], "budget_ms": budget_ms})
    note("load_record", t, answer)
    seat = answer["view"]["turn"]
    t, answer = timed(session, {"op": "view", "seat": seat})
    note("view", t, answer)
    view = answer["view"]
    if view["game"] == "tablic":
        for card in view["hand"]:
            t, answer = timed(session, {"op": "select", "seat": seat, "card": card,
                                        "take": []})
            note("select", t, answer)
            lit = answer["selection"]["extendable"][:1]
            note("select", *timed(session, {"op": "select", "seat": seat, "card": card,
                                            "take": lit}))
    note("legal_moves", *timed(session, {"op": "legal_moves", "seat": seat}),
         refusal="too_many_moves")
    note("hint", *timed(session, {"op": "hint", "seat": seat}))
    for level in levels:
        session = Session()
        timed(session, {"op": "load_record", "record": record, "seats": ["computer"] * 2,
                        "level": level, "budget_ms": budget_ms})
        note(f"computer_move {level}", *timed(session, {"op": "computer_move"}))
    return worst


def main(argv: list[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--random", type=int, default=3,
                        help="random tables of each kind besides the fixed ones")
    parser.add_argument("--skip-expert", action="store_true")
    args = parser.parse_args(argv)
    levels = ["beginner", "intermediate"] + ([] if args.skip_expert else ["expert"])
    budget = args.budget_ms / 1000
    thinking = {"hint", "computer_move expert"}
    print(f"crowded tables (CPython, expert and hint budget {args.budget_ms} ms; 'before': "
          "issue 17's figures for commit 233afeb)")
    worst_of_all: dict[str, tuple[float, str, str]] = {}
    tables = {**positions(), **random_positions(args.random)}
    for name, position in tables.items():
        worst = measure(position, args.budget_ms, args.repeat, levels)
        before = BEFORE.get(name, {})
        print(f"  {name}:")
        for kind, seconds in worst.items():
            old = f"   (before: {before[kind]})" if kind in before else ""
            extra = f", {seconds - budget:+.3f} s beyond the budget" if kind in thinking else ""
            print(f"    {kind:<28} {seconds:7.3f} s{extra}{old}")
        size = "30" if " 30 loose" in name or "royal" in name else "20"
        for kind, seconds in worst.items():
            beyond = seconds - budget if kind in thinking else seconds
            if beyond > worst_of_all.get(size, (-1.0, "", ""))[0]:
                worst_of_all[size] = (beyond, kind, name)
    print("crowded fishing tables (a hot-seat game laying every card down; 'before': "
          "commit 91acd02)")
    for game, variant, seed, loose in FISHING_TABLES:
        record, size_now = grown_record(game, variant, seed, loose)
        name = f"{variant}, {size_now} loose"
        worst = measure_fishing(record, args.budget_ms, levels)
        before = FISHING_BEFORE.get(f"{variant}, {loose} loose", {})
        print(f"  {name}:")
        for kind, seconds in worst.items():
            old = f"   (before: {before[kind]})" if kind in before else ""
            extra = f", {seconds - budget:+.3f} s beyond the budget" if kind in thinking else ""
            print(f"    {kind:<28} {seconds:7.3f} s{extra}{old}")
        size = "20" if size_now <= 20 else "30" if size_now <= 30 else "more than 30"
        for kind, seconds in worst.items():
            beyond = seconds - budget if kind in thinking else seconds
            if beyond > worst_of_all.get(size, (-1.0, "", ""))[0]:
                worst_of_all[size] = (beyond, kind, name)
    for size, (beyond, kind, name) in sorted(worst_of_all.items()):
        goal = {"20": "target 0.3 s", "30": "target 2 s"}.get(size, "no target")
        where = f"up to {size}" if size in ("20", "30") else size
        print(f"  worst, tables of {where} loose cards: {kind} on '{name}', {beyond:.3f} s "
              f"beyond the thinking budget ({goal})")


if __name__ == "__main__":
    main()
