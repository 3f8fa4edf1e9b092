"""Every ``cardgames`` command that the README and the docs pages show runs as shown.

A command written ``$ cardgames ...`` in a text block is followed by what it prints: each line
shown must be a line of what the command prints now (a line with ``...`` in it stands for the
lines left out, and a line ending in ``...`` for a line cut short). A command in a shell block
must succeed. The commands of a page run in order in one empty folder, so that ``replay
game.json`` finds the record that ``play ... --out game.json`` wrote a line before; a person's
seat answers ``quit`` (then ``y``, to leave). ``bench`` and ``serve`` run for long or until
stopped: their command lines are parsed, not run (``tests/test_cli_commands.py`` and
``tests/server/`` run them). The page on adding a game shows the commands of a game that a
plug-in installs: ``tests/test_plugin_game.py`` runs them with it installed.
"""

from __future__ import annotations

import io
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardgames.cli import _Exit, _parser, main
from cardgames.cli.console import Console

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
#: Words that stand for what the reader fills in (usage lines, not commands).
PLACEHOLDER = re.compile(r"\b(GAME|FILE|NAMES?|N)\b|\[options\]")
PARSED_ONLY = frozenset({"bench", "serve"})
#: The page whose commands need a plug-in game installed (tests/test_plugin_game.py).
PLUG_IN_PAGE = ROOT / "docs" / "adding-a-game.md"


@dataclass(frozen=True)
class Shown:
    """One command line of a page, and the lines the page says it prints (if it says)."""

    line: str
    printed: tuple[str, ...] | None

    @property
    def argv(self) -> list[str]:
        words = shlex.split(self.line, comments=True)[1:]
        return words[:-1] if words[-1:] == ["&"] else words  # a command sent to the background


def commands(page: Path) -> list[Shown]:
    """The ``cardgames`` command lines of a page, in order."""
    found: list[Shown] = []
    for language, body in FENCE.findall(page.read_text(encoding="utf-8")):
        lines = body.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ cardgames "):
                printed = []
                for after in lines[i + 1 :]:
                    if after.startswith("$ "):
                        break
                    printed.append(after)
                found.append(Shown(line[2:], tuple(printed)))
            elif language in ("sh", "bash", "") and line.startswith("cardgames "):
                for part in line.split(" && "):
                    found.append(Shown(part.strip(), None))
    return [shown for shown in found if not PLACEHOLDER.search(shown.line.split("#")[0])]


PAGE_COMMANDS = [
    pytest.param(page, id=str(page.relative_to(ROOT)))
    for page in PAGES
    if commands(page) and page != PLUG_IN_PAGE
]


def agrees(shown: tuple[str, ...], printed: str) -> str | None:
    """The first line shown that the command did not print, if any."""
    lines = [line.rstrip() for line in printed.splitlines()]
    for want in shown:
        want = want.rstrip()
        if not want or want == "..." or want == "…":
            continue
        if want.endswith(("...", "…")):
            stem = want.rstrip(".…")
            if not any(line.startswith(stem) for line in lines):
                return want
        elif "..." in want:
            head, _, tail = want.partition("...")
            if not any(line.startswith(head) and line.endswith(tail) for line in lines):
                return want
        elif want not in lines:
            return want
    return None


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGE_COMMANDS)
def test_the_page_s_commands_run_as_shown(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    if page.name == "cli.md":
        (tmp_path / "frames").mkdir()  # the page's own `--svg frames` follows an earlier one
    for shown in commands(page):
        argv = shown.argv
        if argv[0] in PARSED_ONLY:
            out = io.StringIO()
            console = Console(io.StringIO(), out, out)
            try:
                _parser(console).parse_args(argv)
            except _Exit:
                pytest.fail(f"{shown.line}: {out.getvalue()[-500:]}")
            continue
        out = io.StringIO()
        status = main(argv, stdin=io.StringIO("quit\ny\n"), stdout=out, stderr=out)
        printed = out.getvalue()
        if shown.printed is None:
            assert status == 0, f"{shown.line}: exit {status}: {printed[-800:]}"
        else:
            missing = agrees(shown.printed, printed)
            assert missing is None, f"{shown.line}: not printed: {missing!r}\n{printed[-1500:]}"


@pytest.mark.slow
def test_make_demo_shows_each_game_once_briefly_and_what_to_try_next(tmp_path: Path) -> None:
    """The demo (run here from an empty folder, with this checkout's environment) plays one
    game of each kind, writes and checks their records, and says what to try next, in about
    a hundred lines."""
    venv = Path(sys.prefix)
    done = subprocess.run(
        ["make", "-s", "-f", str(ROOT / "Makefile"), "demo", f"VENV={venv}", "STAMP="],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) < 130, len(lines)
    assert sum(line.startswith("alethi: red (greedy), blue (random)") for line in lines) == 1
    for header in ("AlakaSLAM singles:", "AlakaSLAM doubles:", "Le Rally:", "Alakazum! for four:"):
        assert lines.count(header) == 1
    assert sorted(p.name for p in tmp_path.glob("demo-*.json")) == [
        "demo-alakaslam-doubles.json",
        "demo-alakaslam.json",
        "demo-alakazum.json",
        "demo-alethi.json",
        "demo-lerally.json",
    ]
    assert "Next:" in done.stdout and "cardgames play lerally" in done.stdout
