"""The files the commands write and read: checked before any work, and named in every error.

A command that writes a file (``play --out``, ``simulate --records``) checks the path before it
plays anything, so a typo costs nothing: the folder must exist and the path must not be a folder.
An error about a file (one that cannot be read, is too long, or does not hold what it should)
starts with the file's name, cut short when the name itself is very long.
"""

from __future__ import annotations

import os
from pathlib import Path

from cardgames.errors import CardgamesError, excerpt

__all__ = ["MAX_NAME", "check_output", "name"]

#: The longest file name quoted whole in a message, in characters.
MAX_NAME = 200


def name(path: Path) -> str:
    """How a message names ``path``: as given, or an excerpt of a very long name."""
    text = str(path)
    return text if len(text) <= MAX_NAME else excerpt(text)


def check_output(path: Path) -> None:
    """Raise ``CardgamesError`` (naming ``path``) unless a file can be written at ``path``."""
    folder = path.parent
    if path.is_dir():
        raise CardgamesError(f"{name(path)}: is a folder, not a file")
    if not folder.is_dir():
        raise CardgamesError(f"{name(path)}: No such file or directory (no folder {name(folder)})")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CardgamesError(f"{name(path)}: Permission denied")
