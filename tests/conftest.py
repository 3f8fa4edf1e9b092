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
    "test_docs_site.py": frozenset({"test_site_builds_strictly_without_warnings"}),
    "test_cli_commands.py": frozenset(
        {"test_bench_without_chess_says_so_and_measures_the_games", "test_bench_json_is_a_report"}
    ),
    "test_alethi_bots.py": frozenset({"test_greedy_beats_random_clearly_over_200_seeded_games"}),
    "test_lerally_bots.py": frozenset({"test_bot_beats_random_clearly_over_200_seeded_matches"}),
    "test_alakazum_bots.py": frozenset({"test_bot_beats_random_clearly_over_200_seeded_games"}),
    "test_soak.py": frozenset({"test_a_slice_of_the_soak_finds_nothing"}),
    "test_alethi_boundaries.py": frozenset(
        {
            "test_finding_4_8_10_every_state_and_view_of_any_army_passes",
            "test_finding_10_every_view_of_random_games_passes_check_view",
        }
    ),
    "test_alakazum_boundaries.py": frozenset(
        {
            "test_finding_3_states_views_moves_and_configs_survive_copies",
            "test_mutated_documents_load_and_work_or_are_refused_briefly",
        }
    ),
    "test_alakaslam_boundaries.py": frozenset(
        {"test_finding_9_states_mixed_from_real_ones_are_refused_or_playable"}
    ),
    "test_lerally_boundaries.py": frozenset(
        {"test_finding_5_the_heuristic_bot_decides_in_bounded_time"}
    ),
    "test_bench_memory.py": None,
    "test_alethi_rules.py": frozenset(
        {"test_whole_games_follow_the_rule_book", "test_find_captures_agrees_with_apply_move"}
    ),
    "test_tournament.py": frozenset(
        {
            "test_a_dask_cluster_gives_the_serial_results",
            "test_a_dask_cluster_streams_the_records_in_order",
            "test_a_failing_game_on_dask_names_the_game",
        }
    ),
    "test_plugin_game.py": frozenset({"test_the_toy_game_is_listed_played_and_replayed"}),
    "test_mutations.py": frozenset({"test_mutated_records_are_refused_or_fully_usable"}),
    "test_ismcts.py": frozenset({"test_a_small_search_beats_random_play"}),
    "test_alethi_reference.py": frozenset(
        {"test_incremental_board_and_captures_match_the_full_computation"}
    ),
    "test_alakaslam_reference.py": frozenset(
        {"test_resampled_face_down_play_is_one_the_hitter_could_make"}
    ),
    "test_lerally_reference.py": frozenset(
        {"test_legal_moves_are_the_reference_moves_through_random_matches"}
    ),
    "test_lerally_render.py": frozenset({"test_a_view_never_shows_another_players_cards"}),
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests listed in ``SLOW`` as ``slow``, and run the conformance tests preset by
    preset."""
    for item in items:
        if item.path.name not in SLOW:
            continue
        names = SLOW[item.path.name]
        function = getattr(item, "originalname", item.name)
        if names is None or function in names:
            item.add_marker(pytest.mark.slow)
    _group_by_case(items, "test_conformance.py")


def _case(item: pytest.Item) -> str:
    """The parameters' id of a parametrized test (``alakazum-four``), or ``""``."""
    callspec = getattr(item, "callspec", None)
    return callspec.id if callspec is not None else ""


def _group_by_case(items: list[pytest.Item], module: str) -> None:
    """Put the tests of ``module`` that share their parameters one after the other, in their
    places among ``items`` and otherwise in the order they were collected. The conformance
    tests of a preset check the same games (tests/test_conformance.py): run together, they
    play each game once, and the games of one preset at a time are kept."""
    places = [i for i, item in enumerate(items) if item.path.name == module]
    chosen = [items[i] for i in places]
    first: dict[str, int] = {}
    for position, item in enumerate(chosen):
        first.setdefault(_case(item), position)
    chosen.sort(key=lambda item: first[_case(item)])
    for place, item in zip(places, chosen, strict=True):
        items[place] = item


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
