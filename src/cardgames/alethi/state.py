"""The state of an Alethi game, and the view a player has of it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

import attrs

from cardgames._engine import keeps_memo, slot_filler
from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.config import Config
from cardgames.errors import excerpt
from cardgames.game import Outcome
from cardgames.rng import Rng
from cardgames.svg import Pictured

__all__ = ["Card", "Phase", "Placed", "State", "View"]


class Phase(StrEnum):
    """The phase of the turn the player to move is in."""

    SOULCAST = "soulcast"
    THROW = "throw"
    SCOUT = "scout"
    OVER = "over"


@attrs.frozen
class Card:
    """A card off the field: its owner and kind."""

    owner: Colour
    kind: Kind


@attrs.frozen
class Placed:
    """A card on the field. A captured card lies face down: it blocks its cell and does nothing."""

    owner: Colour
    kind: Kind
    at: Cell
    captured: bool = False


#: Makes a ``Placed`` from its four fields by setting its slots: for the rules' own values,
#: which need no check.
new_placed = slot_filler(Placed)


@keeps_memo
@attrs.frozen
class State(Pictured):
    """A whole Alethi game at one moment.

    ``field`` lists the cards on the field in the order they arrived; ``barracks`` holds each
    colour's cards still in hand (red's first), in army order; ``removed`` the cards that
    soulcasting took out of the game.
    """

    config: Config
    field: tuple[Placed, ...]
    barracks: tuple[tuple[Kind, ...], tuple[Kind, ...]]
    removed: tuple[Card, ...]
    to_move: Colour
    phase: Phase
    turn: int
    result: Outcome | None
    rng: Rng
    # What the rules worked out about ``field``, kept so that legal_moves and apply_move do not
    # redo it. Not part of the value: never compared, hashed, shown or serialized.
    _memo: Any = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)

    def __repr__(self) -> str:
        return f"<alethi.State {_summary(self)}>"


@attrs.frozen
class View(Pictured):
    """What ``player`` knows: Alethi hides nothing but the random generator. ``player`` is
    ``SPECTATOR`` (-1) in the view of a watcher who holds no seat, who sees the same table."""

    player: Colour | Literal[-1]
    config: Config
    field: tuple[Placed, ...]
    barracks: tuple[tuple[Kind, ...], tuple[Kind, ...]]
    removed: tuple[Card, ...]
    to_move: Colour
    phase: Phase
    turn: int
    result: Outcome | None

    def __repr__(self) -> str:
        player = getattr(self, "player", None)
        player = (
            player.label
            if type(player) is Colour
            else "a spectator"
            if player == -1
            else excerpt(player)
        )
        return f"<alethi.View of {player}: {_summary(self)}>"


def _summary(table: State | View) -> str:
    """The turn, who decides in which phase (or how the game ended) and the number of cards on
    the field: the body of a state's or a view's repr, safe whatever its fields hold (even none,
    as in an object made by ``__new__``)."""
    try:
        result, mover, phase = table.result, table.to_move, table.phase
        turn, field = table.turn, table.field
    except AttributeError:
        return "without its fields"
    if result is None:
        who = mover.label if type(mover) is Colour else excerpt(mover)
        now = f"{who} to {phase}" if type(phase) is Phase else f"{who} to move"
    elif type(result) is Outcome and result.winners:
        names = (Colour(w).label if w in (0, 1) else excerpt(w) for w in sorted(result.winners))
        now = f"{' and '.join(names)} won"
    else:
        now = "a draw" if type(result) is Outcome else "over"
    cards = f"{len(field)} cards on the field" if type(field) is tuple else "no field"
    return f"turn {excerpt(turn)}, {now}, {cards}"
