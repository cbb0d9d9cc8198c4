"""Hypothesis helpers shared by the engine's property tests."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cassino_core.rules import Rules
from tests.engine.sizes import sized

CI = bool(os.environ.get("CI"))
"""Under CI the examples are derandomized, so a run is repeatable."""

seeds = st.integers(min_value=0, max_value=2**63 - 1)

def _with_match_end(match_end: str, **fields: object) -> Rules:
    """Rules with one of the issue 15 match switches that do not combine: difference scoring,
    claiming out, the Dominican end game (target at least 4), or none."""
    if match_end == "dominican_end":
        fields["target"] = max(4, int(fields["target"]))  # type: ignore[call-overload]
    if match_end != "none":
        fields[match_end] = True
    if fields.pop("nordic", False):  # Finnish Kasino's values and count, no building (§5.12)
        fields.update(values="finnish", scoring="finnish", building=False)
    return Rules(**fields)  # type: ignore[arg-type]


rules_strategy = st.builds(
    _with_match_end,
    match_end=st.sampled_from(["none", "difference_scoring", "claiming", "dominican_end"]),
    deal_order=st.sampled_from(["table_before_dealer", "table_last"]),
    last_sweep=st.sampled_from(["counts", "not_last_play", "not_last_deal"]),
    court_capture=st.sampled_from(["one", "one_or_three", "all"]),
    capture_compulsory=st.booleans(),
    builder_restriction=st.sampled_from(["no_trail", "may_trail", "wiki2", "wiki3"]),
    raise_own_build=st.booleans(),
    same_value_builds=st.booleans(),
    sweeps=st.sampled_from(["off", "one", "cancel", "two"]),
    portuguese_tiebreak=st.booleans(),
    deal_packet=st.sampled_from([1, 2]),
    tie_break=st.sampled_from(["another_round", "cards_then_spades"]),
    target=st.integers(min_value=1, max_value=40),
    nordic=st.booleans(),
    no_pair_trail=st.booleans(),
    last_capture_point=st.booleans(),
    tie_carry=st.booleans(),
    sweep_stop=st.sampled_from([0, 5, 10]),
    table_builds=st.booleans(),
)
"""Any combination of the rule switches the engine plays now."""


def example_settings(examples: int, full: int | None = None) -> settings:
    """Settings for one property: ``examples`` examples (each may play whole rounds), or
    ``full`` of them in the long run (tests/engine/sizes.py), no deadline (the machines are
    shared), repeatable under CI."""
    count = sized(examples, full if full is not None else examples)
    return settings(max_examples=count, deadline=None, derandomize=CI,
                    suppress_health_check=[HealthCheck.too_slow])
