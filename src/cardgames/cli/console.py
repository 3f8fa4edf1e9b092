"""The terminal the command line talks to: three streams, so tests can script a whole session.

The process's own streams may be missing (a command started with stdin or stdout closed, as
``cardgames list >&-`` does) or fail as they are used (a full disk, a terminal that went away).
The console answers for them: a closed stdin reads as the end of input, a closed stdout or one
that cannot be written raises ``OSError`` naming it (``main`` makes that one line and exit
status 2, or 1 quietly when a reader went away), messages to a stderr that cannot take them are
dropped, and a line of input that is not UTF-8 text is a ``CardgamesError`` that says so.
"""

from __future__ import annotations

import errno
import io
import os
import select
import sys
import unicodedata
from typing import TextIO

from cardgames.errors import CardgamesError

__all__ = ["Console", "printable"]

#: The kinds of character that never reach the terminal: control characters (ESC, BEL, CR and
#: the rest, but for the line breaks and tabs of the command's own text), format characters
#: (bidirectional overrides, zero-width ones), line and paragraph separators, lone surrogates.
_UNPRINTED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

#: Whether a terminal's lines are awaited with ``select`` (POSIX), so that a signal is heeded
#: while a person is asked; elsewhere ``input`` reads them.
_WAITS_WITH_SELECT = os.name == "posix"
#: How long one wait for a typed line lasts at most: the longest a signal may go unheeded.
_WAIT = 0.2
#: The most bytes taken as one typed line (a terminal in raw mode need never send a newline).
_LONGEST_LINE = 65536


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
        self.stdin = _given(stdin, sys.stdin, io.StringIO(""))
        self.stdout = _given(stdout, sys.stdout, _Closed("stdout"))
        self.stderr = _given(stderr, sys.stderr, _Closed("stderr"))
        self._typed = b""  # what was typed on the terminal beyond the last line read

    def say(self, text: str = "") -> None:
        """Write ``text`` and a new line to stdout."""
        self._out(printable(text) + "\n")

    def flush(self) -> None:
        """Write out what stdout still holds (so that a failure shows now, not at exit)."""
        try:
            self.stdout.flush()
        except OSError as exc:
            raise _named(exc) from None

    def _out(self, text: str) -> None:
        try:
            self.stdout.write(text)
        except OSError as exc:
            raise _named(exc) from None

    def note(self, text: str) -> None:
        """Write ``text`` and a new line to stderr (progress and messages about the run); a
        stderr that cannot take it loses it."""
        try:
            self.stderr.write(printable(text) + "\n")
            self.stderr.flush()
        except (OSError, ValueError):  # gone, full, or closed by someone
            pass

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` and read one line of input, stripped; ``None`` at the end of input.

        On the process's own terminal the line is awaited so that Ctrl-C, SIGTERM and SIGHUP
        stop the command at once (see ``_typed_line``).
        A line that is not UTF-8 text is a ``CardgamesError``.
        """
        prompt = printable(prompt)
        own_terminal = self.stdin is sys.stdin and _isatty(self.stdin)
        if own_terminal and not _WAITS_WITH_SELECT:
            try:
                return _text(input(prompt)).strip()
            except EOFError:
                self.say()
                return None
            except UnicodeDecodeError:
                raise _not_text() from None
        self._out(prompt)
        self.flush()
        line = self._typed_line() if own_terminal else self._line()
        if not line:
            self.say()
            return None
        # Typed answers echo on the terminal; scripted ones are echoed here, so that the
        # output reads the same.
        if not _isatty(self.stdin):
            self.say(line.rstrip("\n"))
        return line.strip()

    def _typed_line(self) -> str:
        """The next line typed on the process's own terminal ("" at its end).

        A read that blocks cannot be stopped reliably: a signal that comes after the prompt
        is shown but before the read begins only marks itself pending, and the read then
        waits for the person (a SIGTERM or Ctrl-C would go unheeded until Enter). So the
        console waits for the line with ``select`` a short while at a time, and Python runs
        the signal handlers between the waits; the terminal's own line editing still works,
        since the terminal hands over a line only once it is complete.
        """
        descriptor = self.stdin.fileno()
        while b"\n" not in self._typed and len(self._typed) < _LONGEST_LINE:
            ready, _, _ = select.select([descriptor], [], [], _WAIT)
            if not ready:
                continue
            try:
                chunk = os.read(descriptor, 4096)
            except OSError:  # the terminal has gone
                chunk = b""
            if not chunk:  # Ctrl-D, or the terminal has gone
                break
            self._typed += chunk
        line, newline, self._typed = self._typed.partition(b"\n")
        try:
            return (line + newline).decode("utf-8")
        except UnicodeDecodeError:
            raise _not_text() from None

    def _line(self) -> str:
        """The next line of stdin ("" at its end), once it is text.

        The process's own stdin is read a line of bytes at a time and each line decoded alone,
        as UTF-8: decoding the stream's text would refuse a good line for the bad bytes after
        it (or, with ``surrogateescape``, let them through).
        """
        buffer = getattr(self.stdin, "buffer", None) if self.stdin is sys.stdin else None
        if buffer is None:
            try:
                return _text(self.stdin.readline())
            except UnicodeDecodeError:
                raise _not_text() from None
        try:
            return str(buffer.readline().decode("utf-8"))
        except UnicodeDecodeError:
            raise _not_text() from None

    @property
    def stderr_is_terminal(self) -> bool:
        """Whether stderr is a terminal (where a progress bar may redraw itself)."""
        return _isatty(self.stderr)


class _Closed(io.StringIO):
    """What stands for a standard stream the process was started without."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "it is closed", self._name)

    def flush(self) -> None:
        pass


def _given(stream: TextIO | None, own: TextIO | None, missing: TextIO) -> TextIO:
    if stream is not None:
        return stream
    return own if own is not None else missing


def _named(exc: OSError) -> OSError:
    """``exc`` naming stdout, as ``main`` shows the file of an ``OSError``."""
    return type(exc)(exc.errno, exc.strerror or str(exc), "stdout")


def _text(line: str) -> str:
    """``line`` once it is text: a line read with ``surrogateescape`` holds the bytes that are
    not UTF-8 as lone surrogates, which is refused like a line that did not decode."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        raise _not_text() from None
    return line


def _not_text() -> CardgamesError:
    return CardgamesError("stdin: the input is not UTF-8 text")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False
