"""The memo of a state: one field where a state keeps what the rules worked out about it (its
board, its legal moves), never part of its value, so equality, hashing, repr, JSON, pickles and
copies leave it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["MEMO", "keeps_memo", "remembered", "restore_without_memo", "state_without_memo"]

S = TypeVar("S")
T = TypeVar("T", bound=tuple[Any, ...])

#: The field where a state keeps what the rules worked out about it (its board, its legal
#: moves): never part of its value, so equality, hashing, repr, JSON, pickles and copies leave
#: it out.
MEMO = "_memo"


def keeps_memo(cls: type[S]) -> type[S]:
    """Class decorator, applied over ``@attrs.frozen``, of a state class with a ``_memo``
    field: its pickles and copies leave the memo out (:func:`state_without_memo`) and start
    with an empty one (:func:`restore_without_memo`)."""
    if MEMO not in attrs.fields_dict(cls):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has no {MEMO} field")
    setattr(cls, "__getstate__", state_without_memo)  # noqa: B010 - set on the class, once
    setattr(cls, "__setstate__", restore_without_memo)  # noqa: B010
    return cls


def remembered(state: S, state_type: type[S], work_out: Callable[[S], T]) -> T:
    """What the rules worked out about ``state`` and kept in its memo (a tuple: its legal
    moves, with whatever the game keeps beside them), or else ``work_out(state)``, kept there
    for the next call. ``work_out`` checks the state first; a state of another type, or a
    shell without its fields, goes straight to it, to be refused there."""
    memo = None
    if type(state) is state_type:
        try:
            memo = state._memo  # type: ignore[attr-defined]
        except AttributeError:  # a State made without its fields (State.__new__)
            memo = None
    if type(memo) is tuple:
        return memo  # type: ignore[return-value]
    found = work_out(state)
    object.__setattr__(state, MEMO, found)
    return found


def state_without_memo(self: Any) -> dict[str, Any]:
    """``__getstate__`` of a state class: every field but the memo.

    A memo may hold objects compared by identity (markers), which a pickle or a deep copy
    would replace by strangers; the copy works its memo out again when it is first used.
    """
    return {a.name: getattr(self, a.name) for a in attrs.fields(type(self)) if a.name != MEMO}


def restore_without_memo(self: Any, fields: dict[str, Any]) -> None:
    """``__setstate__`` of a state class: the fields back, and an empty memo."""
    for name, value in fields.items():
        object.__setattr__(self, name, value)
    object.__setattr__(self, MEMO, None)
