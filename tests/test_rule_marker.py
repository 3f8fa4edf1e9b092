"""The ``rule(game, rule)`` marker: a test names the rule of its game's rules page it checks,
and ``pytest --rule game:rule`` runs every test of that rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import _rule_of, rule_names

TESTS = Path(__file__).resolve().parent


def test_rule_names_are_the_headings_and_bold_rules_of_the_page() -> None:
    names = rule_names("alakazum")
    assert {"voodoo-dolls", "who-is-asked", "levitation", "interpretations"} <= names
    assert "voodoo dolls" not in names


def test_one_command_lists_every_test_of_a_rule() -> None:
    listed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "--rule",
            "alakazum:who-is-asked",
            str(TESTS / "test_alakazum_rules.py"),
        ],
        capture_output=True,
        text=True,
        cwd=TESTS.parent,
        check=False,
    )
    tests = [line for line in listed.stdout.splitlines() if "::" in line]
    assert tests and all("voodoo_doll" in line for line in tests), listed.stdout[-2000:]
    assert len(tests) == 3


def test_a_rule_the_page_does_not_have_is_refused() -> None:
    class Item:
        nodeid = "tests/test_x.py::test_y"

    for marker in (
        pytest.mark.rule("alakazum", "no-such-rule").mark,
        pytest.mark.rule("levitation").mark,
        pytest.mark.rule("nogame", "levitation").mark,
    ):
        with pytest.raises(pytest.UsageError):
            _rule_of(Item(), marker)  # type: ignore[arg-type]
