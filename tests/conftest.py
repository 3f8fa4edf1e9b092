"""Shared test settings: Hypothesis profiles for local runs and CI, the ``slow`` marker on the
tests that ``make check`` leaves to ``make test``, and the fixture that empties a game's caches
around a test that may poison them."""

from __future__ import annotations

import functools
import importlib
import json
import os
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# The server's tests' fixtures: a throw-away PostgreSQL server, the system's Chromium.
pytest_plugins = ["server_fixtures"]

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
        {"test_states_mixed_from_real_ones_are_refused_or_playable"}
    ),
    "test_lerally_boundaries.py": frozenset({"test_the_heuristic_bot_decides_in_bounded_time"}),
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
    "test_alakaslam_lockstep.py": frozenset(
        {"test_resampled_face_down_play_is_one_the_hitter_could_make"}
    ),
    "test_lerally_lockstep.py": frozenset(
        {"test_the_rules_keep_step_with_the_reference_in_every_preset"}
    ),
    "test_lerally_render.py": frozenset({"test_a_view_never_shows_another_players_cards"}),
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rule",
        action="append",
        default=[],
        metavar="GAME:RULE",
        help="run only the tests marked rule(GAME, RULE), e.g. --rule alakazum:levitation",
    )
    parser.addoption(
        "--budget",
        type=float,
        metavar="SECONDS",
        help="run the quickest tests whose measured times (tests/durations.json) add up to at "
        "most SECONDS of test time: make check's selection",
    )
    parser.addoption(
        "--record-durations",
        metavar="FILE",
        help="write each test's time (set-up, call and tear-down, in seconds) to FILE as JSON",
    )


#: Where the tests' measured times are kept for ``--budget`` (``make durations`` writes it).
DURATIONS = Path(__file__).resolve().parent / "durations.json"
#: The time assumed for a test that has not been measured yet (a new one).
UNMEASURED_SECONDS = 0.5


def _within_budget(items: list[pytest.Item], budget: float) -> list[pytest.Item]:
    """The quickest of ``items`` (by their measured times) that fit in ``budget`` seconds, in
    their order; every test module keeps its quickest test, so each is at least imported."""
    measured: dict[str, float] = {}
    if DURATIONS.exists():
        measured = json.loads(DURATIONS.read_text(encoding="utf-8"))
    cost = {item.nodeid: measured.get(item.nodeid, UNMEASURED_SECONDS) for item in items}
    chosen: set[str] = set()
    spent = 0.0
    quickest: dict[Path, pytest.Item] = {}
    for item in items:
        best = quickest.get(item.path)
        if best is None or cost[item.nodeid] < cost[best.nodeid]:
            quickest[item.path] = item
    for item in quickest.values():
        chosen.add(item.nodeid)
        spent += cost[item.nodeid]
    for item in sorted(items, key=lambda i: cost[i.nodeid]):
        if item.nodeid in chosen:
            continue
        if spent + cost[item.nodeid] > budget:
            break
        chosen.add(item.nodeid)
        spent += cost[item.nodeid]
    return [item for item in items if item.nodeid in chosen]


class _Durations:
    """Adds up each test's phases as their reports come in (from xdist's workers too)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        rounded = {node: round(took, 3) for node, took in sorted(self.seconds.items())}
        self.path.write_text(json.dumps(rounded, indent=0) + "\n", encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--record-durations")
    if path and not hasattr(config, "workerinput"):  # xdist's controller hears every report
        config.pluginmanager.register(_Durations(Path(path)), "cardgames-durations")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests listed in ``SLOW`` as ``slow``, run the conformance tests preset by
    preset, hold every ``rule`` marker to its game's rules page, and keep only the tests of
    the rules ``--rule`` names, if any."""
    for item in items:
        if item.path.name not in SLOW:
            continue
        names = SLOW[item.path.name]
        function = getattr(item, "originalname", item.name)
        if names is None or function in names:
            item.add_marker(pytest.mark.slow)
    _group_by_case(items, "test_conformance.py")
    wanted = set(config.getoption("--rule"))
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        rules = {_rule_of(item, marker) for marker in item.iter_markers("rule")}
        (kept if not wanted or rules & wanted else left).append(item)
    budget = config.getoption("--budget")
    if budget is not None:
        quick = _within_budget(kept, budget)
        chosen = {item.nodeid for item in quick}
        left += [item for item in kept if item.nodeid not in chosen]
        kept = quick
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


#: The documentation's rules pages, one per game.
RULES_PAGES = Path(__file__).resolve().parent.parent / "docs" / "rules"


def _rule_of(item: pytest.Item, marker: pytest.Mark) -> str:
    """``game:rule`` of a ``rule(game, rule)`` marker, once the rule names a section or a rule
    of the game's rules page (a heading, or a bullet that starts with its name in bold)."""
    if len(marker.args) != 2 or not all(isinstance(a, str) for a in marker.args):
        raise pytest.UsageError(f"{item.nodeid}: mark it rule(game, rule)")
    game, rule = marker.args
    if rule not in rule_names(game):
        raise pytest.UsageError(
            f"{item.nodeid}: {rule!r} is no rule on docs/rules/{game}.md (a heading's or a "
            "bold rule's name, lower case, words joined by '-')"
        )
    return f"{game}:{rule}"


@functools.cache
def rule_names(game: str) -> frozenset[str]:
    """The names of the rules of ``game``'s rules page: every heading and every bullet that
    starts with a name in bold, in lower case with its words joined by ``-``."""
    page = RULES_PAGES / f"{game}.md"
    if not page.exists():
        raise pytest.UsageError(f"no rules page docs/rules/{game}.md")
    names = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        found = re.match(r"#+\s+(.*)", line) or re.match(r"\s*[-*]\s+\*\*(.+?)\*\*", line)
        if found:
            names.add(_slug(found[1]))
    return frozenset(names)


def _slug(title: str) -> str:
    """A title as a rule's name: ``Magic of the forest.`` -> ``magic-of-the-forest``."""
    words = re.findall(r"[^\W_]+", title.lower().replace("'", ""))
    return "-".join(words)


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
