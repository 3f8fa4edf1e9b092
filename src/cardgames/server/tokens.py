"""Seat tokens and match ids: secrets from :mod:`secrets`, stored only as hashes.

A token is the one credential of a seat. It has 256 random bits, is returned once (by the
``join`` that made it), and the store keeps its SHA-256 hash, never the token: a copy of the
database lets nobody play a seat. A token offered with a request is hashed and compared with
every seat's hash in constant time (:func:`hmac.compare_digest`), all seats each time, so the
time an answer takes does not tell how much of a guess was right, nor which seat it was near.

Match ids are random too (96 bits): they say nothing about how many matches the server holds,
in which order they were made, or anything of their seeds.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

__all__ = [
    "MATCH_ID_CHARACTERS",
    "MAX_TOKEN",
    "TOKEN_BYTES",
    "new_match_id",
    "new_secret_seed",
    "new_token",
    "seat_of",
    "token_hash",
]

#: The random bytes of a token (256 bits); its text is URL-safe base64, 43 characters.
TOKEN_BYTES = 32
#: The longest token text looked at: anything longer is no token of this server.
MAX_TOKEN = 128
#: The random bytes of a match id (96 bits), written as 16 URL-safe characters.
_MATCH_ID_BYTES = 12
#: The characters of a match id (URL-safe base64).
MATCH_ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
#: The bits of a game's seed, as ``cardgames play`` picks them.
_SEED_BITS = 64


def new_token() -> str:
    """A fresh seat token: 256 bits from the operating system's entropy."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_match_id() -> str:
    """A fresh match id: 96 random bits, 16 URL-safe characters."""
    return secrets.token_urlsafe(_MATCH_ID_BYTES)


def new_secret_seed() -> int:
    """A seed nobody chose and nobody can guess: 64 bits from the operating system."""
    return secrets.randbits(_SEED_BITS)


def token_hash(token: str) -> bytes:
    """What the store keeps of a token: its SHA-256 digest."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def seat_of(token: str, hashes: Sequence[bytes | None]) -> int | None:
    """The seat whose stored hash is ``token``'s, or ``None``; every seat is compared, each in
    constant time."""
    if len(token) > MAX_TOKEN:
        return None
    offered = token_hash(token)
    found: int | None = None
    for seat, stored in enumerate(hashes):
        # A free seat compares against a hash no token has, so every seat costs the same.
        if hmac.compare_digest(offered, stored or _NO_TOKEN) and stored is not None:
            found = seat
    return found


# Thirty-two bytes that are no SHA-256 digest anyone can invert to: a free seat's stand-in.
_NO_TOKEN = b"\x00" * 32
