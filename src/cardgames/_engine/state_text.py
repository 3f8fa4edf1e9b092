"""A state's JSON text written straight from its fields, by a game's quick writer.

A game that writes its states' JSON itself (faster than cattrs' dicts and the encoder) builds
its writer with :func:`quick_state_writer`, which keeps the general road for any state the
quick one does not know for sure; :func:`json_quote` and :func:`json_list` write the pieces
as the encoder would.
"""

from __future__ import annotations

import json.encoder
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from cardgames._engine.memo import MEMO

__all__ = ["UnusualValueError", "json_list", "json_quote", "quick_state_writer"]

S = TypeVar("S")


#: A string as the JSON encoder of documents writes it (``ensure_ascii=False``).
json_quote: Callable[[str], str] = json.encoder.encode_basestring


def json_list(text_of: Callable[[Any], str], values: tuple[Any, ...]) -> str:
    """``values`` as a JSON list of the texts ``text_of`` gives them (``int.__repr__`` for
    ints, a dict's ``__getitem__`` for cards whose texts are made once)."""
    return "[" + ",".join(map(text_of, values)) + "]"


class UnusualValueError(Exception):
    """A value a quick writer of states does not know for sure: the general writer writes
    the state."""


class _Texts(Protocol):
    """What a quick writer keeps per config: at least the texts of the moves met."""

    moves: dict[Any, str]


X = TypeVar("X", bound=_Texts)


def quick_state_writer(
    state_type: type[S],
    texts_of: Callable[[Any], X | None],
    text: Callable[[S, X], str],
    unstructure: Callable[[S], Any],
    encode: Callable[[Any], str],
) -> Callable[[S], str]:
    """The writer of a state's JSON text, the encoder's own character for character.

    A state the rules made or checked (its memo set) is written by ``text(state, texts)``,
    with ``texts_of(state.config)`` the texts its config's states are written with (``None``
    for a config the quick road does not write), whose ``moves`` the move that led to a state
    is added to, written by the general road once; any other state, or one that ``text``
    refuses (``UnusualValueError``, or ``KeyError`` for a value it has no text of), is
    ``encode(unstructure(state))``.
    """

    def write(state: S) -> str:
        if type(state) is state_type and getattr(state, MEMO, None) is not None:
            texts = texts_of(state.config)  # type: ignore[attr-defined]
            if texts is not None:
                move = state.last_move  # type: ignore[attr-defined]
                if move is not None and move not in texts.moves:
                    texts.moves[move] = encode(unstructure(state)["last_move"])
                try:
                    return text(state, texts)
                except (UnusualValueError, KeyError):
                    pass
        return encode(unstructure(state))

    return write
