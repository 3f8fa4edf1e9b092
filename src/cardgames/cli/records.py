"""Reading the record files that ``replay`` shows (one game, or many in JSON lines), and writing
the record that ``play`` saves.

``play --out`` writes one record, a JSON document; ``simulate --records`` writes one record a
line (JSON lines), in game order. :func:`read_records` reads either: a file whose first line is a
whole JSON document by itself holds one game a line (a file of a single game is the same file
with one line), and any other file is one document, pretty-printed, say. Games are numbered from
1 in file order; blank lines are skipped.

Every document, and every line of a JSON-lines file, is held to the library's
:data:`~cardgames.serialization.MAX_DOCUMENT` bytes, and the file is read once, line by line,
so the time spent is linear in its size. Every error names the file (and the game, in a file of
many).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from cardgames.cli.paths import name, write_whole
from cardgames.cli.text import count
from cardgames.errors import CardgamesError, SerializationError
from cardgames.game import Game
from cardgames.record import GameRecord
from cardgames.serialization import MAX_DOCUMENT

__all__ = ["free_path", "read_records", "replayed", "save_so_far", "write_record"]


def read_records(path: Path, game: int | None = None) -> list[tuple[int, GameRecord]]:
    """The records in ``path`` with their numbers: all of them, or only game number ``game``.

    Raises ``CardgamesError`` naming the file (and game) when a record cannot be read or does
    not replay, or when there is no game ``game``; ``OSError`` when the file cannot be opened.
    """
    with path.open("rb") as file:
        first = _line(file, path, None)
        if not _is_document(first):
            return [(1, _one(path, first + _rest(file, path, len(first)), game))]
        found: list[tuple[int, GameRecord]] = []
        total = 0
        for number, line in _lines(file, path, first):
            total = number
            if game is None or game == number:
                found.append((number, _load(path, line, number)))
    if not found:
        raise CardgamesError(
            f"{name(path)}: no game {game}; the file holds {count(total, 'game')}"
            + (f" (choose 1-{total})" if total > 1 else "")
        )
    return found


def _lines(file: BinaryIO, path: Path, first: bytes) -> Iterator[tuple[int, bytes]]:
    """The file's non-blank lines, numbered from 1, starting with ``first``."""
    number, line = 0, first
    while line:
        if line.strip():
            number += 1
            yield number, line
        line = _line(file, path, number + 1)


def _line(file: BinaryIO, path: Path, number: int | None) -> bytes:
    """The next line (the first when ``number`` is ``None``), refused when no record is as long."""
    line = file.readline(MAX_DOCUMENT + 1)
    if len(line) > MAX_DOCUMENT:
        where = "" if number is None else f", game {number}"
        raise SerializationError(
            f"{name(path)}{where}: longer than the {MAX_DOCUMENT} bytes of a document"
        )
    return line


def _rest(file: BinaryIO, path: Path, read: int) -> bytes:
    rest = file.read(MAX_DOCUMENT + 1 - read)
    if read + len(rest) > MAX_DOCUMENT or file.read(1):
        raise SerializationError(
            f"{name(path)}: longer than the {MAX_DOCUMENT} bytes of a document"
        )
    return rest


def _is_document(line: bytes) -> bool:
    """Whether ``line`` is a whole JSON object by itself (the first line of JSON lines)."""
    if not line.strip().startswith(b"{"):
        return False
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def _one(path: Path, document: bytes, game: int | None) -> GameRecord:
    if game is not None and game != 1:
        raise CardgamesError(f"{name(path)}: no game {game}; the file holds 1 game")
    try:
        return GameRecord.from_json(document)
    except CardgamesError as exc:
        raise CardgamesError(f"{name(path)}: {exc}") from None


def _load(path: Path, line: bytes, number: int) -> GameRecord:
    try:
        return GameRecord.from_json(line)
    except CardgamesError as exc:
        raise CardgamesError(f"{name(path)}, game {number}: {exc}") from None


def replayed(game: Game[Any, Any, Any, Any], config: Any, seed: int, moves: Sequence[Any]) -> Any:
    """The state of the game after ``moves`` (moves of a record already checked)."""
    state = game.new_game(config, seed=seed)
    for move in moves:
        state = game.apply_move(state, move)
    return state


def free_path(stem: str, suffix: str) -> Path:
    """``stem + suffix`` in the current directory, numbered (``-2``, ``-3``...) if taken."""
    path = Path(stem + suffix)
    number = 2
    while path.exists():
        path = Path(f"{stem}-{number}{suffix}")
        number += 1
    return path


def write_record(record: GameRecord, path: Path) -> None:
    """Write ``record`` to ``path``, whole; a ``CardgamesError`` that names the file and tells
    the game's seed if it cannot be written (the seed and the same players replay the game)."""
    try:
        write_whole(path, record.to_json() + "\n")
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise CardgamesError(
            f"{name(path)}: cannot write the record: {why}; the game's seed is {record.seed}"
        ) from None


def save_so_far(record: GameRecord, path: Path) -> str:
    """Save the game so far at ``path``, and say where it is (or that it could not be)."""
    try:
        write_record(record, path)
    except CardgamesError as exc:
        return str(exc)
    return f"the game so far is saved in {name(path)}"
