"""The registry of the library's caches (``cardgames._kept``): each cache is recorded under its
owner, listed, and emptied with the others."""

from __future__ import annotations

import pytest

from cardgames import _kept
from cardgames._kept import ByIdentity


def test_caches_are_recorded_listed_and_cleared_by_owner() -> None:
    calls: list[int] = []

    @_kept.lru(8, owner="tests.kept.one")
    def double(x: int) -> int:
        calls.append(x)
        return 2 * x

    memo: ByIdentity[tuple[int, ...], int] = _kept.by_identity(len, owner="tests.kept.two")
    table = _kept.kept_dict(2, owner="tests.kept")
    assert double(3) == 6 and double(3) == 6 and calls == [3]
    key = (1, 2, 3)
    assert memo(key) == 3 and memo.kept
    table.keep_at("a", 1)
    table.keep_at("b", 2)
    table.keep_at("c", 3)  # full: emptied first
    assert dict(table) == {"c": 3}
    owners = [owner for owner, _ in _kept.caches("tests.kept")]
    assert owners == ["tests.kept.one", "tests.kept.two", "tests.kept"]
    assert _kept.caches("tests.kep") == ()  # a prefix of a name is not its module
    _kept.clear("tests.kept.two")
    assert not memo.kept and table
    _kept.clear("tests.kept")
    assert not table
    assert double(3) == 6 and calls == [3, 3]


def test_a_cache_needs_a_way_to_empty_it_and_an_owner() -> None:
    with pytest.raises(TypeError):
        _kept.keep(object(), owner="tests.kept")  # type: ignore[type-var]
    with pytest.raises(TypeError):
        _kept.keep(_kept.KeptDict(1), owner="")
