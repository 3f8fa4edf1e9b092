"""The characters of a team as the rules make them: a :class:`~cardgames.alakazum.state.Member`
made without the work of attrs' ``__init__``, at a new level or as it first joins.

The move path makes a member at every level gained and every character won; attrs' ``__init__``
of a frozen class with a cached hash sets each field through ``object.__setattr__``, which
costs about three times as much as filling a writable twin and turning it into a Member.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardgames.alakazum.cards import Card, Level
from cardgames.alakazum.state import Member

__all__ = ["new_member", "with_level"]

_new = object.__new__


def _check_member_layout() -> None:
    """Refuse, once at import, a Member that :func:`new_member` would not make as attrs does:
    other fields, a field its ``__init__`` checks or converts, or no cached hash slot."""
    fields = attrs.fields(Member)
    if (
        tuple(field.name for field in fields) != ("card", "level", "broom", "cape")
        or any(field.validator or field.converter for field in fields)
        or "_attrs_cached_hash" not in vars(Member)["__slots__"]
        or hasattr(Member, "__attrs_post_init__")
    ):
        raise TypeError("Member does more on __init__ than new_member does")


_check_member_layout()


class _WritableMember(Member):
    """A writable twin of :class:`Member` (see ``cardgames._engine.writable_twin``, which
    refuses a class with a cached hash): filled by assignment, then turned into a Member."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def new_member(
    card: Card, level: Level = Level.A, broom: Card | None = None, cape: Card | None = None
) -> Member:
    """``Member(card, level, broom, cape)``, made for about a third of the work of attrs'
    ``__init__``: the rules make a member at every level gained and character won."""
    made: Any = _new(_WritableMember)
    made.card = card
    made.level = level
    made.broom = broom
    made.cape = cape
    made._attrs_cached_hash = None  # what attrs' __init__ sets: the hash is worked out once
    made.__class__ = Member
    member: Member = made
    return member


def with_level(member: Member, level: Level) -> Member:
    """``member`` at ``level``, with its broom and cape."""
    return new_member(member.card, level, member.broom, member.cape)
