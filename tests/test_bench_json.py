"""The benchmark's JSON table: each game's round trip beside python-chess's FEN round trip."""

from __future__ import annotations

import json

import pytest

import bench_reports
import cardgames
from cardgames import bench
from cardgames.bench import roundtrip


def test_the_playout_targets_are_the_issues() -> None:
    assert bench.RATIO_TARGETS == {
        "alethi": 3.0,
        "alakazum": 3.0,
        "alakaslam": 4.5,
        "lerally": 6.0,
    }
    assert bench.DEFAULT_RATIO_TARGET == 3.0


def test_without_chess_the_target_is_the_fixed_one() -> None:
    result = roundtrip.json_figures(cardgames.get_game("lerally"), 0.01)
    assert result.exact
    assert result.fen_round_trip_us is None
    assert result.ratio_to_fen is None
    assert result.target_us == roundtrip.ROUND_TRIP_TARGET_US
    assert result.meets_target == (result.round_trip_us < roundtrip.ROUND_TRIP_TARGET_US)
    header, row = bench.json_rows(bench_reports.report(json=[result]))
    cells = dict(zip(header, row, strict=True))
    assert cells["FEN round trip µs"] == "-"
    assert cells["ratio to FEN"] == "-"
    assert cells["target"] == "< 100 µs"


def test_against_fen_meets_the_target_at_most_the_fen_time() -> None:
    result = roundtrip.json_figures(cardgames.get_game("alakaslam"), 0.01)
    slower = roundtrip.against_fen(result, result.round_trip_us / 2)
    assert slower.target_us == slower.fen_round_trip_us == result.round_trip_us / 2
    assert slower.ratio_to_fen == pytest.approx(2.0)
    assert not slower.meets_target
    level = roundtrip.against_fen(result, result.round_trip_us)
    assert level.meets_target
    assert level.ratio_to_fen == pytest.approx(1.0)
    header, row = bench.json_rows(bench_reports.report(json=[slower]))
    cells = dict(zip(header, row, strict=True))
    assert cells["target"] == "<= FEN"
    assert cells["ratio to FEN"] == "2.00x"
    assert cells["met"] == "NO"
    assert cells["FEN round trip µs"] == f"{result.round_trip_us / 2:.1f}"


def test_the_fen_round_trip_is_timed_and_shared_by_every_game() -> None:
    pytest.importorskip("chess")
    assert roundtrip.fen_round_trip_us(0.01) > 0
    heard: list[str] = []
    games = [cardgames.get_game("lerally"), cardgames.get_game("alakaslam")]
    results = bench.measure_json(games, 0.2, heard.append, chess=True)
    assert [r.game for r in results] == ["lerally", "alakaslam"]
    fen = {r.fen_round_trip_us for r in results}
    assert len(fen) == 1
    assert all(r.target_us == r.fen_round_trip_us for r in results)
    assert all(r.ratio_to_fen == pytest.approx(r.round_trip_us / r.target_us) for r in results)
    assert "timing python-chess's FEN round trip" in heard


def test_the_json_report_and_the_markdown_carry_the_fen_figures() -> None:
    result = roundtrip.against_fen(
        roundtrip.json_figures(cardgames.get_game("lerally"), 0.01), 80.0
    )
    report = bench_reports.report(json=[result])
    row = json.loads(bench.render_json(report))["json"][0]
    assert row["fen_round_trip_us"] == 80.0
    assert row["ratio_to_fen"] == pytest.approx(result.round_trip_us / 80.0)
    assert row["target_us"] == 80.0
    table = bench.render_markdown(report)
    assert "| FEN round trip µs | ratio to FEN |" in table
    assert "| <= FEN |" in table
