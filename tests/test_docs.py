"""The documentation's examples run: every ```python block of the README and the docs pages.

Fragments that are not meant to run on their own are fenced as ```py instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doc_blocks import PAGES, ROOT, python_blocks

EXAMPLES = [
    pytest.param(page, code, id=f"{page.relative_to(ROOT)}-{i}")
    for page in PAGES
    for i, code in enumerate(python_blocks(page))
]


@pytest.mark.parametrize(("page", "code"), EXAMPLES)
def test_example_runs(
    page: Path, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each example runs as written, in a fresh namespace and an empty working folder."""
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(page), "exec"), {"__name__": "__example__"})


def test_readme_starts_with_the_two_set_up_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = text.split("```")[1]
    assert first_block.split("\n", 1)[1].split() == ["make", "demo", "make", "test"]


def test_the_worked_bot_beats_random_bot_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot that docs/writing-a-bot.md builds wins a seeded 40-game match against
    ``RandomBot`` clearly, with each bot in each seat for half the games."""
    page = ROOT / "docs" / "writing-a-bot.md"
    (code,) = [c for c in python_blocks(page) if "class MaterialBot" in c]
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__example__"}
    exec(compile(code, str(page), "exec"), namespace)
    tally = namespace["tally"]
    assert isinstance(tally, dict)
    assert sum(tally.values()) == 40
    assert tally["material"] >= 30, tally
    assert tally["random"] <= 5, tally
