"""The terminal the command line talks to: three streams, so tests can script a whole session."""

from __future__ import annotations

import sys
import unicodedata
from typing import TextIO

__all__ = ["Console", "printable"]

#: The kinds of character that never reach the terminal: control characters (ESC, BEL, CR and
#: the rest, but for the line breaks and tabs of the command's own text), format characters
#: (bidirectional overrides, zero-width ones), line and paragraph separators, lone surrogates.
_UNPRINTED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def printable(text: str) -> str:
    """``text`` as the command line writes it: every character of the kinds above that is
    not a line break or a tab replaced by ``?``, so that nothing the command prints (a
    record's names, a config's texts, an event, an error) can move the cursor, recolour the
    terminal or fake a line of its own."""
    if text.isprintable():
        return text
    return "\n".join(line if line.isprintable() else _clean(line) for line in text.split("\n"))


def _clean(line: str) -> str:
    return "".join("?" if c != "\t" and unicodedata.category(c) in _UNPRINTED else c for c in line)


class Console:
    """Where the command line reads answers and writes text: ``stdin``, ``stdout``, ``stderr``.

    Any text streams will do (``io.StringIO`` in tests); the defaults are the process's own,
    read when the console is made. Everything written goes through :func:`printable`.
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
        self.stdout.write(printable(text) + "\n")

    def note(self, text: str) -> None:
        """Write ``text`` and a new line to stderr (progress and messages about the run)."""
        self.stderr.write(printable(text) + "\n")
        self.stderr.flush()

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line of input, stripped; ``None`` at the end of input.

        On the process's own terminal this goes through :func:`input`, so line editing works.
        """
        prompt = printable(prompt)
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
