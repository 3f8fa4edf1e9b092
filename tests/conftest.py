"""Shared test settings: Hypothesis profiles for local runs and CI, the ``slow`` marker on the
tests that ``make check`` leaves to ``make test``, and the fixture that empties a game's caches
around a test that may poison them."""

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


#: The long tests, by module and name (a name of ``None``: every test of the module). Each walks
#: many whole random games or replays long matches; ``make check`` deselects them with
#: ``-m "not slow"`` (and runs tests/test_conformance_slice.py in place of the conformance
#: suite), ``make test`` runs them all.
SLOW: dict[str, frozenset[str] | None] = {
    "test_conformance.py": None,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests listed in ``SLOW`` as ``slow``."""
    for item in items:
        if item.path.name not in SLOW:
            continue
        names = SLOW[item.path.name]
        function = getattr(item, "originalname", item.name)
        if names is None or function in names:
            item.add_marker(pytest.mark.slow)


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
