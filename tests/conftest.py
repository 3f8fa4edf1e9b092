"""Shared test settings: Hypothesis profiles for local runs and CI."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "ci",
    parent=settings.get_profile("default"),
    derandomize=True,
    print_blob=True,
)
settings.load_profile(
    "ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "default")
)
