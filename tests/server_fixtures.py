"""Fixtures of the server's tests (a plugin of ``tests/conftest.py``): a throw-away PostgreSQL
server (one per test process) and a fresh database on it for each test that asks; the
system's Chromium driven by Playwright, and the console of the pages, which must show no
error.

Without PostgreSQL's server, psycopg, Chromium or Playwright the tests that need them fail,
each saying what is missing and how to install it: they are part of the suite, never skipped
quietly. ``make test`` and ``.ci/run`` install the system's packages first when they can.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from pgcluster import Cluster, missing_reason


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL server for this test process, stopped at its end."""
    reason = missing_reason()
    if reason is not None:
        pytest.fail(reason, pytrace=False)
    cluster = Cluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres: Cluster) -> str:
    """The address of a new, empty database of its own."""
    return postgres.create_database("t_" + secrets.token_hex(6))


# --- the browser ---------------------------------------------------------------------------

#: Where Debian's Chromium is.
CHROMIUM = "/usr/bin/chromium"
#: Chromium's options here: no sandbox for root, and nothing that reaches for the network.
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
]


def chromium() -> str | None:
    """The system's Chromium, or ``None``."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    return CHROMIUM if os.access(CHROMIUM, os.X_OK) else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's Chromium, driven by Playwright, for the tests of one module. Playwright's
    synchronous API keeps an event loop running in the thread while it is started, so it is
    stopped once the module's tests are done: the tests that run after them in the same
    process call ``asyncio.run``."""
    executable = chromium()
    if executable is None:
        pytest.fail(
            "Chromium is not installed (Debian: apt-get install chromium; make test and "
            ".ci/run install it when they can)",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is not installed (pip install playwright)", pytrace=False)
    args = [*CHROMIUM_ARGS, *(["--no-sandbox"] if os.geteuid() == 0 else [])]
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=args)
        try:
            yield launched
        finally:
            launched.close()


class Console:
    """What the pages of one test wrote to the browser's console as errors, and the
    exceptions their scripts raised."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        """Note the errors of ``page``; the page."""

        def console_message(message: Any) -> None:
            if message.type == "error":
                self.errors.append(message.text)

        def script_error(error: Any) -> None:
            self.errors.append(f"script: {error}")

        page.on("console", console_message)
        page.on("pageerror", script_error)
        return page


@pytest.fixture
def console() -> Iterator[Console]:
    """The console of the test's pages, which must stay free of errors."""
    watched = Console()
    yield watched
    assert watched.errors == [], watched.errors
