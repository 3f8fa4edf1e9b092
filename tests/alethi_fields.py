"""The field an Alethi move leaves before the capture check, built card by card: the plain
reading the tests hold the rules' board steps and capture search to."""

from __future__ import annotations

from cardgames import alethi

__all__ = ["field_after"]


def field_after(state: alethi.State, move: alethi.Move) -> tuple[alethi.Placed, ...]:
    """The field of ``state`` after ``move`` changed it, before any capture."""
    me, field = state.to_move, state.field
    if isinstance(move, alethi.Throw):
        return (*field, alethi.Placed(me, move.kind, move.at))
    if isinstance(move, alethi.Soulcast):
        return tuple(alethi.Placed(me, c.kind, c.at) if c.at == move.target else c for c in field)
    if isinstance(move, alethi.Scout):
        return tuple(alethi.Placed(me, c.kind, move.to) if c.at == move.scout else c for c in field)
    return field
