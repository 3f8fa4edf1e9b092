"""A benchmark report made by hand, for the tests of its tables: fixed run facts around the
rows a test gives."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames import bench
from cardgames.bench import memory, roundtrip

__all__ = ["report"]


def report(
    *,
    json: Sequence[roundtrip.JsonResult] = (),
    memory_rows: Sequence[memory.MemoryResult] = (),
) -> bench.Report:
    """A report of one made-up run holding ``json`` and ``memory_rows``, and no playouts."""
    return bench.Report(
        date="2026-11-25",
        python="3.11",
        platform="Linux x86_64",
        cores=2,
        seconds_budget=1.0,
        seconds_taken=1.0,
        rounds=3,
        statistic="best",
        chess_version=None,
        playouts=[],
        json=list(json),
        memory=list(memory_rows),
    )
