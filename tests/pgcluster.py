"""A throw-away PostgreSQL server: a cluster made with ``initdb`` in a temporary folder, serving
on a free loopback port, stopped and removed after use.

The server refuses to run as root, so a root process runs ``initdb`` and ``postgres`` as the
``postgres`` user that Debian's package makes (or ``nobody``), in a folder handed to that user.
Everything listens on 127.0.0.1 only, and the socket file stays in the temporary folder.

:func:`binaries` finds the server's programs (Debian keeps them in
``/usr/lib/postgresql/<version>/bin``); :func:`missing_reason` says why there are none, for a
test to fail with. The load benchmark uses the same cluster.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: How long a cluster may take to be made and to start on a loaded machine, in seconds.
START_TIMEOUT = 120.0
#: Where Debian's package puts the server's programs.
DEBIAN_BINARIES = "/usr/lib/postgresql"
#: What to install when the server is missing.
INSTALL_HINT = (
    "PostgreSQL's server is not installed (Debian: apt-get install postgresql; make test "
    "and .ci/run install it when they can)"
)


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``postgres``, newest version first; ``None`` if none."""
    found = sorted(
        Path(DEBIAN_BINARIES).glob("*/bin/initdb"),
        key=lambda path: [int(part) for part in path.parts[-3].split(".") if part.isdigit()],
    )
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing_reason() -> str | None:
    """Why no throw-away cluster can be made here, or ``None`` if one can."""
    if binaries() is None:
        return INSTALL_HINT
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install 'cardgames[postgresql]')"
    if os.geteuid() == 0 and _unprivileged() is None:
        return "running as root with no postgres or nobody user to run PostgreSQL as"
    return None


def _unprivileged() -> pwd.struct_passwd | None:
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    return None


def free_port() -> int:
    """A port that is free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """One PostgreSQL server on 127.0.0.1, its data in a temporary folder.

    ``fsync`` off makes the tests quicker where durability against a crash of the machine is
    not what they test (the server's own kills are); the benchmark keeps it on.
    """

    def __init__(self, *, fsync: bool = False) -> None:
        self.fsync = fsync
        self.folder = Path(tempfile.mkdtemp(prefix="cardgames-pg-"))
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self._user: dict[str, Any] = {}
        if os.geteuid() == 0:
            account = _unprivileged()
            assert account is not None, missing_reason()
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self._user = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.folder / "postgres.log"

    def url(self, database: str = "postgres") -> str:
        """The address of ``database`` on this server."""
        return f"postgresql://cardgames@127.0.0.1:{self.port}/{database}"

    def start(self) -> Cluster:
        """Make the cluster and start its server; raises with the log if it does not start."""
        found = binaries()
        assert found is not None, INSTALL_HINT
        data = self.folder / "data"
        subprocess.run(
            [
                *(str(found / "initdb"), "-D", str(data), "-U", "cardgames", "--auth=trust"),
                *("-E", "UTF8", "--locale=C", "--no-sync"),
            ],
            check=True,
            capture_output=True,
            cwd=self.folder,
            timeout=START_TIMEOUT,
            **self._user,
        )
        for _ in range(5):  # another process may take the free port first
            self.port = free_port()
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(
                    [
                        *(str(found / "postgres"), "-D", str(data), "-p", str(self.port)),
                        *("-c", "listen_addresses=127.0.0.1"),
                        *("-c", f"unix_socket_directories={self.folder}"),
                        *("-c", f"fsync={'on' if self.fsync else 'off'}"),
                        *("-c", "max_connections=200", "-c", "shared_buffers=64MB"),
                    ],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=self.folder,
                    **self._user,
                )
            if self._wait():
                return self
        self.stop()
        raise AssertionError(f"PostgreSQL did not start:\n{self.log.read_text(errors='replace')}")

    def _wait(self) -> bool:
        import psycopg

        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                with psycopg.connect(self.url(), connect_timeout=5):
                    return True
            except psycopg.OperationalError:
                time.sleep(0.1)
        return False

    def create_database(self, name: str) -> str:
        """A new, empty database on this server; its address."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (a fast shutdown) and remove its folder."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def cluster(*, fsync: bool = False) -> Iterator[Cluster]:
    """A started cluster for the length of the ``with`` block."""
    made = Cluster(fsync=fsync)
    try:
        yield made.start()
    finally:
        made.stop()
