"""What an Alethi move did, told as events: the card soulcast, thrown or moved, the cards it
captured, a phase passed and the end of the battle.

Alethi hides nothing but the random generator, so every player is told the same events.

>>> from cardgames import alethi
>>> before = alethi.new_game(seed=3)
>>> move = alethi.legal_moves(before)[0]
>>> after = alethi.apply_move(before, move)
>>> [alethi.format_event(e) for e in alethi.events(before, move, after)]
['Blue threw a squire at -1,1.']
"""

from __future__ import annotations

from typing import TypeAlias

import attrs
from attrs.validators import instance_of

from cardgames._engine import check_viewer, checked_transition, winners_valid
from cardgames.alethi.cards import PLAYERS, Cell, Colour, Kind
from cardgames.alethi.checks import checked
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.rules import apply_move
from cardgames.alethi.state import Phase, State
from cardgames.errors import InvalidStateError

__all__ = [
    "EVENT_TYPES",
    "Captured",
    "Event",
    "GameOver",
    "Passed",
    "Scouted",
    "Soulcasted",
    "Thrown",
    "events",
    "format_event",
]


@attrs.frozen
class Soulcasted:
    """``player`` replaced the enemy ``kind`` at ``at`` with a card of the same kind of theirs;
    the enemy card left the game."""

    player: Colour = attrs.field(validator=instance_of(Colour))
    kind: Kind = attrs.field(validator=instance_of(Kind))
    at: Cell = attrs.field(validator=instance_of(Cell))


@attrs.frozen
class Thrown:
    """``player`` threw a ``kind`` from the barracks onto ``at``."""

    player: Colour = attrs.field(validator=instance_of(Colour))
    kind: Kind = attrs.field(validator=instance_of(Kind))
    at: Cell = attrs.field(validator=instance_of(Cell))


@attrs.frozen
class Scouted:
    """``player`` moved the Scout on ``origin`` to ``to``."""

    player: Colour = attrs.field(validator=instance_of(Colour))
    origin: Cell = attrs.field(validator=instance_of(Cell))
    to: Cell = attrs.field(validator=instance_of(Cell))


@attrs.frozen
class Passed:
    """``player`` passed an optional phase (soulcasting or scouting)."""

    player: Colour = attrs.field(validator=instance_of(Colour))
    phase: Phase = attrs.field(validator=attrs.validators.in_((Phase.SOULCAST, Phase.SCOUT)))


@attrs.frozen
class Captured:
    """The ``owner``'s ``kind`` at ``at`` was outnumbered and turned face down."""

    owner: Colour = attrs.field(validator=instance_of(Colour))
    kind: Kind = attrs.field(validator=instance_of(Kind))
    at: Cell = attrs.field(validator=instance_of(Cell))


@attrs.frozen
class GameOver:
    """The battle ended: ``winners`` (empty for a draw) and the outcome's ``reason``."""

    winners: tuple[Colour, ...] = attrs.field(validator=winners_valid(Colour))
    reason: str = attrs.field(validator=instance_of(str))


#: Any Alethi event.
Event: TypeAlias = Soulcasted | Thrown | Scouted | Passed | Captured | GameOver

#: Every class of Alethi event.
EVENT_TYPES: tuple[type[Event], ...] = (Soulcasted, Thrown, Scouted, Passed, Captured, GameOver)

_PHASE_NAMES = {Phase.SOULCAST: "soulcasting", Phase.THROW: "throwing", Phase.SCOUT: "scouting"}


def _move_event(state: State, move: Move) -> Event:
    me = state.to_move
    if isinstance(move, Soulcast):
        target = next(p for p in state.field if p.at == move.target)
        return Soulcasted(me, target.kind, Cell(*move.target))
    if isinstance(move, Throw):
        return Thrown(me, Kind(move.kind), Cell(*move.at))
    if isinstance(move, Scout):
        return Scouted(me, Cell(*move.scout), Cell(*move.to))
    assert isinstance(move, Pass)
    return Passed(me, state.phase)


def events(
    before: State, move: Move, after: State, *, viewer: int | None = None
) -> tuple[Event, ...]:
    """What ``move`` did from ``before`` to ``after``: the move itself, each card it captured,
    then the end of the battle if it came. Every player sees all of it.

    ``InvalidStateError`` for a state that is not a playable Alethi state,
    ``IllegalMoveError`` unless ``after == apply_move(before, move)``,
    ``InvalidPlayerError`` for a viewer that is not a player.
    """
    # Everybody sees everything: the viewer is only checked (a Colour is a player, as in view).
    check_viewer(int(viewer) if type(viewer) is Colour else viewer, PLAYERS)
    before, after = checked_transition(
        "alethi", before, move, after, checked=checked, apply_move=apply_move
    )
    told: list[Event] = [_move_event(before, move)]
    down = {p.at for p in before.field if p.captured}
    told.extend(
        Captured(p.owner, p.kind, p.at) for p in after.field if p.captured and p.at not in down
    )
    if after.result is not None:
        winners = tuple(Colour(w) for w in sorted(after.result.winners))
        told.append(GameOver(winners, after.result.reason))
    return tuple(told)


def _name(colour: Colour) -> str:
    return colour.label.capitalize()


def format_event(event: Event) -> str:
    """The event in one short sentence, e.g. ``"Red captured blue's knight at 3,1."``."""
    if isinstance(event, Soulcasted):
        enemy = event.player.opponent.label
        return f"{_name(event.player)} soulcast {enemy}'s {event.kind} at {_cell(event.at)}."
    if isinstance(event, Thrown):
        return f"{_name(event.player)} threw a {event.kind} at {_cell(event.at)}."
    if isinstance(event, Scouted):
        origin, to = _cell(event.origin), _cell(event.to)
        return f"{_name(event.player)} moved the scout from {origin} to {to}."
    if isinstance(event, Passed):
        return f"{_name(event.player)} passed on {_PHASE_NAMES[event.phase]}."
    if isinstance(event, Captured):
        captor, owner = _name(event.owner.opponent), event.owner.label
        return f"{captor} captured {owner}'s {event.kind} at {_cell(event.at)}."
    if isinstance(event, GameOver):
        if not event.winners:
            return f"The battle ended in a draw: {event.reason}."
        return f"{' and '.join(_name(w) for w in event.winners)} won: {event.reason}."
    raise InvalidStateError(f"not an alethi event: a {type(event).__name__}")


def _cell(cell: Cell) -> str:
    return f"{cell.x},{cell.y}"
