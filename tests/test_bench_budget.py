"""``cardgames bench --seconds S`` keeps to its budget: the memory is measured first, and the
playouts and the JSON figures share what is left, each phase given the time left when it
starts (a run of a "20 s" budget took 50 s when the memory came on top of it)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import cardgames
from cardgames import bench
from cardgames.bench import memory as bench_memory


def test_each_phase_is_given_what_is_left_of_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A memory phase that takes 1 s of a 5 s budget leaves the playouts and the JSON 4 s
    between them; playouts that run over leave the JSON only what remains."""
    given: dict[str, float] = {}

    def slow_memory(game: Any, preset: str, config: Any) -> bench_memory.MemoryResult:
        time.sleep(1.0)
        return bench_memory.MemoryResult(game.name, preset, 1, 1, 1.0, 1)

    def playouts(contenders: Any, seconds: float, progress: Any) -> tuple[list[Any], int]:
        given["playouts"] = seconds
        time.sleep(seconds + 0.5)  # over its share by half a second
        return [], 3

    def json(games: Any, seconds: float, progress: Any, *, chess: bool) -> list[Any]:
        given["json"] = seconds
        return []

    monkeypatch.setattr(bench, "game_memory", slow_memory)
    monkeypatch.setattr(bench, "measure_playouts", playouts)
    monkeypatch.setattr(bench, "measure_json", json)
    report = bench.measure([cardgames.get_game("lerally")], 5.0, chess=False)
    assert 3.0 < given["playouts"] / (1 - bench.JSON_SHARE) <= 4.0
    assert given["json"] <= 5.0 - 1.0 - given["playouts"] - 0.5 + 0.05
    assert [m.preset for m in report.memory] == ["default"]  # the first preset only


def test_the_json_figures_keep_to_their_share() -> None:
    """The JSON phase spreads what is left over the figures still to time, so its random
    games to mid-game and its timings together stay near its budget (the allowance is for
    that fixed work on a busy machine)."""
    games = [cardgames.get_game(name) for name in ("lerally", "alethi")]
    start = time.perf_counter()
    bench.measure_json(games, 3.0, lambda message: None)
    assert time.perf_counter() - start < 3.0 * 1.2 + 2.0


def test_all_presets_memory_on_request() -> None:
    with pytest.raises(cardgames.InvalidConfigError, match="memory must be"):
        bench.measure([cardgames.get_game("lerally")], 1.0, memory="some")
