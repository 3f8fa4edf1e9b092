"""The files the commands write and read: checked before any work, written whole or not at all,
and named in every error.

A command that writes a file (``play --out``, ``simulate --records``) checks the path before it
plays anything, so a typo costs nothing: the folder must exist, the path must not be a folder,
and a file already there must hold game records (or nothing), so that a mistyped name never
replaces a file of another kind; ``--force`` replaces it all the same. A record is written
whole or not at all (:func:`write_whole`): into a new file beside the target, flushed to the
disk, then renamed over it, so a crash or a full disk leaves the old file as it was. An error
about a file (one that cannot be read, is too long, or does not hold what it should) starts
with the file's name, cut short when the name itself is very long.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path

from cardgames.errors import CardgamesError, excerpt
from cardgames.serialization import FORMAT, MAX_DOCUMENT

__all__ = ["MAX_NAME", "check_output", "holds_records", "name", "write_whole"]

#: The longest file name quoted whole in a message, in characters.
MAX_NAME = 200


def name(path: Path) -> str:
    """How a message names ``path``: as given, or an excerpt of a very long name."""
    text = str(path)
    return text if len(text) <= MAX_NAME else excerpt(text)


def check_output(path: Path, *, force: bool = False) -> None:
    """Raise ``CardgamesError`` (naming ``path``) unless records can be written at ``path``: its
    folder is there and may be written in, it is no folder, and a file already there holds
    game records or nothing (any file, with ``force``)."""
    folder = path.parent
    if path.is_dir():
        raise CardgamesError(f"{name(path)}: is a folder, not a file")
    if not folder.is_dir():
        raise CardgamesError(f"{name(path)}: No such file or directory (no folder {name(folder)})")
    if path.exists() and not os.access(path, os.W_OK):
        raise CardgamesError(f"{name(path)}: Permission denied")
    # A regular file is replaced by renaming a new one over it, in its own folder.
    if (not path.exists() or path.is_file()) and not os.access(_real(path).parent, os.W_OK):
        raise CardgamesError(f"{name(path)}: Permission denied")
    if not force and path.is_file() and not holds_records(path):
        raise CardgamesError(
            f"{name(path)}: is there and holds no game record; --force replaces it"
        )


def holds_records(path: Path) -> bool:
    """Whether the file at ``path`` is empty or holds game records: one record document, or
    JSON lines that start with one. Only the envelope is read, not the games."""
    try:
        with path.open("rb") as file:
            head = file.read(MAX_DOCUMENT + 1)
    except OSError:
        return False
    if not head.strip():
        return True
    return any(_is_record(text) for text in (head, head.split(b"\n", 1)[0]))


def _is_record(text: bytes) -> bool:
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return (
        isinstance(document, dict)
        and document.get("format") == FORMAT
        and document.get("kind") == "record"
    )


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file holds either what it held before or all of
    ``text``, never a part: a new file in the same folder, flushed and synced to the disk, then
    renamed over ``path`` (through a symbolic link, the file it points to).

    A path that is there but is no regular file (a terminal, ``/dev/null``, a pipe) is written
    in place. ``OSError`` if the text cannot be written, and nothing is left behind.
    """
    target = _real(path)
    if target.exists() and not target.is_file():
        with target.open("w", encoding="utf-8") as file:
            file.write(text)
        return
    temporary = _new_file(target)
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(OSError):  # a file replaced keeps its permissions
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _real(path: Path) -> Path:
    """``path``, or the file its symbolic links lead to."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _new_file(target: Path) -> Path:
    """A new, empty file beside ``target`` (made with the user's usual permissions)."""
    while True:
        candidate = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            continue
        return candidate


def _sync_folder(folder: Path) -> None:
    """Ask the system to keep the folder's new entry on the disk (where folders can be synced)."""
    with contextlib.suppress(OSError, AttributeError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
