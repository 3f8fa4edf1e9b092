"""The examples of docs/play-online.md run against a real server: the worked session plays a
whole match, the live connection hears its end, and the remote bot's ``decide`` plays a match
with the library's heuristic bot; the help shown is the command's."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from harness import Client, ServerProcess, running

import cardgames
from cardgames.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "play-online.md"
BLOCKS = re.compile(r"```py\n(.*?)```", re.S)
SHOWN = "127.0.0.1:8765"


def blocks() -> list[str]:
    """The page's runnable examples, in order."""
    return BLOCKS.findall(PAGE.read_text(encoding="utf-8"))


def run(code: str, server: ServerProcess, namespace: dict[str, Any]) -> str:
    """Run ``code`` against ``server`` (for the address the page shows); what it printed."""
    address = server.url.removeprefix("http://")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code.replace(SHOWN, address), str(PAGE), "exec"), namespace)
    return printed.getvalue()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One server for the page's examples."""
    with running(tmp_path_factory.mktemp("server") / "m.sqlite3") as up:
        yield up


def test_the_worked_session_plays_a_whole_match(server: ServerProcess) -> None:
    session, listening, _ = blocks()
    namespace: dict[str, Any] = {"__name__": "__example__"}
    printed = run(session, server, namespace).splitlines()
    assert printed[0] == str(list(cardgames.GAMES))
    record = namespace["record"]
    assert isinstance(record, cardgames.GameRecord)
    assert record.outcome is not None and printed[1] == record.outcome.reason
    assert printed[-1] == f"{len(record.moves)} moves by ('ann', 'greedy')"
    # The live connection of the same session hears that the match is over.
    run(listening, server, namespace)
    assert namespace["news"] == {"version": len(record.moves), "status": "over"}


def test_the_remote_bot_plays_with_the_librarys_bot(server: ServerProcess) -> None:
    namespace: dict[str, Any] = {"__name__": "__example__"}
    run(blocks()[2], server, namespace)
    decide = namespace["decide"]
    client = Client(server.url)
    try:
        match = client.create("alakazum", ["human", "bot:random"])
        seat, token = client.join(match)
        bot, rng = cardgames.get_game("alakazum").heuristic_bot(), random.Random(3)
        while (seen := client.wait_for_turn(match, token, seat))["status"] != "over":
            answer = client.move(match, token, decide(seen, bot, rng), seen["version"])
            assert answer.status_code == 200, answer.text
        assert client.record(match).players == ("human", "random")
    finally:
        client.close()


def test_the_help_shown_is_the_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps to the terminal's width
    out = io.StringIO()
    assert main(["serve", "--help"], stdout=out) == 0
    page = PAGE.read_text(encoding="utf-8")
    shown = page.split("`cardgames serve --help`:\n\n```text\n", 1)[1].split("```", 1)[0]
    assert shown == out.getvalue()
