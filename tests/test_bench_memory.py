"""The benchmark's memory table: what the states of one recorded game hold, per state."""

from __future__ import annotations

import tracemalloc

import pytest

import bench_reports
import cardgames
from cardgames import bench
from cardgames.bench import memory


def test_states_of_a_game_share_what_did_not_change() -> None:
    game = cardgames.get_game("alakaslam")
    result = memory.game_memory(game, "default", game.presets["default"])
    states, moves = memory.random_game(game, game.presets["default"])
    assert result.states == len(states) == len(moves) + 1
    assert result.total_bytes == pytest.approx(result.per_state_bytes * result.states)
    assert 0 < result.per_state_bytes < result.alone_bytes
    assert not tracemalloc.is_tracing()


def test_bytes_held_counts_what_the_list_keeps_and_leaves_tracing_as_it_was() -> None:
    held, length = memory.bytes_held(lambda: [bytearray(100_000), None])
    assert length == 2
    assert 100_000 <= held < 101_000
    assert not tracemalloc.is_tracing()
    tracemalloc.start()
    try:
        assert memory.bytes_held(lambda: [bytearray(50_000)])[0] >= 50_000
        assert tracemalloc.is_tracing()
    finally:
        tracemalloc.stop()


def test_a_list_of_chess_boards_shares_nothing() -> None:
    pytest.importorskip("chess")
    result = memory.chess_memory()
    assert result.game == memory.CHESS
    assert result.states > 1
    assert result.per_state_bytes == pytest.approx(result.alone_bytes, rel=0.25)


def test_every_report_has_the_memory_table() -> None:
    row = memory.MemoryResult("alakaslam", "default", 21, 15_708, 748.0, 2_280)
    report = bench_reports.report(memory_rows=[row])
    text = bench.render_text(report).split("Memory of the states of one random game\n")[1]
    assert text.splitlines()[2].split() == [
        "alakaslam",
        "default",
        "21",
        "15,708",
        "748",
        "2,280",
        "3.0x",
    ]
    assert "| alakaslam | default | 21 | 15,708 | 748 | 2,280 | 3.0x |" in bench.render_markdown(
        report
    )
    assert '"per_state_bytes": 748.0' in bench.render_json(report)
