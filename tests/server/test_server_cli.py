"""``cardgames serve`` on the command line: its help and defaults, the message without the
extra, a clean stop on SIGINT and SIGTERM, and one-line errors."""

from __future__ import annotations

import io
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from harness import Client, ServerProcess, running

from cardgames.cli import main, serve
from cardgames.server import Settings


def test_help_lists_the_options_and_their_defaults() -> None:
    out = io.StringIO()
    assert main(["serve", "--help"], stdout=out, stderr=io.StringIO()) == 0
    text = " ".join(out.getvalue().split())  # as one line: argparse wraps the description
    for option in ("--host", "--port", "--db", "--rate-limit", "--bot-time-limit"):
        assert option in text
    assert "serving on http://HOST:PORT" in text
    assert "pip install 'cardgames[server]'" in text
    listed = io.StringIO()
    assert main(["--help"], stdout=listed, stderr=io.StringIO()) == 0
    assert "serve" in listed.getvalue()


def test_the_command_lines_defaults_are_the_servers() -> None:
    settings = Settings()
    assert (
        settings.host,
        settings.port,
        settings.db,
    ) == (serve.DEFAULT_HOST, serve.DEFAULT_PORT, serve.DEFAULT_DB)
    assert settings.rate_limit == serve.DEFAULT_RATE_LIMIT
    assert settings.bot_time_limit == serve.DEFAULT_BOT_TIME_LIMIT
    assert settings.bot_workers == serve.DEFAULT_BOT_WORKERS
    assert settings.max_matches == serve.DEFAULT_MAX_MATCHES


def test_without_the_extra_the_command_says_what_to_install() -> None:
    """With the server's libraries hidden, ``cardgames list`` works, no server module is
    imported, and ``cardgames serve`` says to install the extra in one line, status 2."""
    script = textwrap.dedent(
        """
        import io, sys
        for name in ("starlette", "uvicorn", "httptools", "websockets", "uvloop"):
            sys.modules[name] = None
        from cardgames.cli import main
        assert main(["list"], stdout=io.StringIO()) == 0
        assert not [m for m in sys.modules if m.startswith("cardgames.server")]
        err = io.StringIO()
        status = main(["serve", "--port", "0"], stdout=io.StringIO(), stderr=err)
        print(status, err.getvalue().strip())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "2 cardgames: error: cardgames serve needs the optional extra 'server': "
        "pip install 'cardgames[server]'"
    )


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_the_server_cleanly(tmp_path: Path, sig: signal.Signals) -> None:
    server = ServerProcess(tmp_path / "m.sqlite3").start()
    client = Client(server.url)
    client.create("alethi", ["human", "human"])
    client.close()
    assert server.process is not None
    server.process.send_signal(sig)
    assert server.process.wait(timeout=60) == 0
    assert "Traceback" not in server.stderr()


def test_errors_are_one_line_with_status_2(tmp_path: Path) -> None:
    def serve_with(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "cardgames", "serve", *options],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    db = str(tmp_path / "m.sqlite3")
    done = serve_with("--db", "postgresql://localhost/cardgames", "--port", "0")
    assert done.returncode == 2 and "PostgreSQL" in done.stderr
    assert done.stderr.count("\n") == 1
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = serve_with("--port", port, "--db", db)
    assert done.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert done.stderr.count("\n") == 1
    done = serve_with("--port", "70000", "--db", db)
    assert done.returncode == 2 and "a port is 0 to 65535" in done.stderr
    folder = tmp_path / "folder"
    folder.mkdir()
    done = serve_with("--port", "0", "--db", str(folder))
    assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_the_server_listens_where_it_is_told(tmp_path: Path) -> None:
    with running(tmp_path / "m.sqlite3") as server:
        assert server.url.startswith("http://127.0.0.1:")
        port = int(server.url.rsplit(":", 1)[1])
        assert 0 < port < 65536
        assert (tmp_path / "m.sqlite3").exists()
