"""The terminal the command line talks to: three streams, so tests can script a whole session."""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["Console"]


class Console:
    """Where the command line reads answers and writes text: ``stdin``, ``stdout``, ``stderr``.

    Any text streams will do (``io.StringIO`` in tests); the defaults are the process's own,
    read when the console is made.
    """

    def __init__(
        self,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr

    def say(self, text: str = "") -> None:
        """Write ``text`` and a new line to stdout."""
        self.stdout.write(text + "\n")

    def note(self, text: str) -> None:
        """Write ``text`` and a new line to stderr (progress and messages about the run)."""
        self.stderr.write(text + "\n")
        self.stderr.flush()

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line of input, stripped; ``None`` at the end of input.

        On the process's own terminal this goes through :func:`input`, so line editing works.
        """
        if self.stdin is sys.stdin and self.stdout is sys.stdout and _isatty(self.stdin):
            try:
                return input(prompt).strip()
            except EOFError:
                self.say()
                return None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            return None
        # Typed answers echo on the terminal; scripted ones are echoed here, so that the
        # output reads the same.
        if not _isatty(self.stdin):
            self.say(line.rstrip("\n"))
        return line.strip()

    @property
    def stderr_is_terminal(self) -> bool:
        """Whether stderr is a terminal (where a progress bar may redraw itself)."""
        return _isatty(self.stderr)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
