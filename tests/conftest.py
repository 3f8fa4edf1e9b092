"""Shared test settings: Hypothesis profiles for local runs and CI, and the fixture that empties
a game's caches around a test that may poison them."""

from __future__ import annotations

import functools
import importlib
import os
import pkgutil
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
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


def game_caches(package: ModuleType) -> list[functools._lru_cache_wrapper[Any]]:
    """Every ``functools`` cache held at module level by a module of the game ``package``,
    wherever its rules keep them (the chapter modules, the config, the court...)."""
    found: list[functools._lru_cache_wrapper[Any]] = []
    for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, functools._lru_cache_wrapper) and value not in found:
                found.append(value)
    return found


@pytest.fixture
def fresh_caches(
    request: pytest.FixtureRequest,
) -> Iterator[list[functools._lru_cache_wrapper[Any]]]:
    """The caches of the game the test module is about (its ``CACHED_GAME``) empty before the
    test and emptied after it, so that a malformed card a test gets into them (a library bug
    those tests look for) cannot reach any other test. The test gets the caches."""
    caches = game_caches(request.module.CACHED_GAME)
    for cache in caches:
        cache.cache_clear()
    yield caches
    for cache in caches:
        cache.cache_clear()
