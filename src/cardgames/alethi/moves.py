"""The moves of Alethi: one per decision a player takes in the three phases of a turn."""

from __future__ import annotations

import attrs

from cardgames.alethi.cards import Cell, Kind

__all__ = ["MOVE_TYPES", "Move", "Pass", "Scout", "Soulcast", "Throw"]


@attrs.frozen
class Soulcast:
    """Replace the enemy card at ``target`` with a barracks card of the same kind."""

    target: Cell


@attrs.frozen
class Throw:
    """Put a barracks card of ``kind`` on the empty cell ``at``."""

    kind: Kind
    at: Cell


@attrs.frozen
class Scout:
    """Move the Scout standing on ``scout`` to the empty cell ``to``."""

    scout: Cell
    to: Cell


@attrs.frozen
class Pass:
    """Skip an optional phase (soulcasting or scouting)."""


#: Any Alethi move.
Move = Soulcast | Throw | Scout | Pass

#: Every kind of move, in the order of the union.
MOVE_TYPES: tuple[type[Move], ...] = (Soulcast, Throw, Scout, Pass)
