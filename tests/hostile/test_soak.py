"""A small slice of the soak (``make soak``) in every test run: the same checks, fewer games."""

from __future__ import annotations

import io

import pytest

import cardgames
import soak

#: Games of each game in the slice: both policies and every preset of each game.
SLICE = 12


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_slice_of_the_soak_finds_nothing(name: str) -> None:
    """Random and heuristic games of every preset keep every invariant the soak checks."""
    tasks = list(soak.tasks_for(name, SLICE, seed_base=10_000))
    assert {t.policy for t in tasks} == set(soak.POLICIES)
    assert {t.preset for t in tasks} == set(cardgames.get_game(name).presets)
    result = soak.run_batch(tasks, every=8)
    assert result.failures == ()
    assert result.games == SLICE and result.decisions > SLICE


def test_the_soak_reports_a_failure_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken promise is counted, reported with the seed that reproduces it, and makes the
    soak's exit status 1."""
    game = cardgames.get_game("alethi")

    def broken(state: object) -> object:
        raise AssertionError("refused")

    monkeypatch.setattr(type(game), "check_state", staticmethod(broken))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert soak.main(["--games", "3", "--jobs", "1", "--game", "alethi"]) == 1
    text = out.getvalue()
    assert "alethi" in text and "3 games" in text
    assert "FAILED alethi preset=default policy=random seed=0: AssertionError: refused" in text
