"""Hypothesis helpers shared by the engine's property tests."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from cassino_core.rules import Rules

CI = bool(os.environ.get("CI"))
"""Under CI the examples are derandomized, so a run is repeatable."""

seeds = st.integers(min_value=0, max_value=2**63 - 1)

rules_strategy = st.builds(
    Rules,
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
)
"""Any combination of the rule switches the engine plays now."""


def example_settings(examples: int) -> settings:
    """Settings for one property: ``examples`` examples (each may play whole rounds), no
    deadline (the machines are shared), repeatable under CI."""
    return settings(max_examples=examples, deadline=None, derandomize=CI,
                    suppress_health_check=[HealthCheck.too_slow])
