"""What an Alethi move did, told as events: the card soulcast, thrown or moved, the cards it
captured and why (the attackers and their attack against the card's health), a phase passed
and the end of the battle.

Alethi hides nothing but the random generator, so every player is told the same events.

>>> from cardgames import alethi
>>> before = alethi.new_game(seed=3)
>>> move = alethi.legal_moves(before)[0]
>>> after = alethi.apply_move(before, move)
>>> [alethi.format_event(e) for e in alethi.events(before, move, after)]
['Blue threw a squire at -1,1.']
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs
from attrs.validators import instance_of

from cardgames import story
from cardgames._engine import check_viewer, checked_transition, is_count, winners_valid
from cardgames.alethi._fast import Board, around_of, cell_of, key_of
from cardgames.alethi.captures import outweighs, pressing
from cardgames.alethi.cards import PLAYERS, Cell, Colour, Kind
from cardgames.alethi.checks import checked, stats
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.rules import apply_move
from cardgames.alethi.state import Phase, State
from cardgames.errors import InvalidStateError

__all__ = [
    "EVENT_TYPES",
    "Attacker",
    "Captured",
    "Event",
    "GameOver",
    "Passed",
    "Scouted",
    "Soulcasted",
    "Thrown",
    "check_story",
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
class Attacker:
    """An enemy card that pressed a captured card: its ``kind`` on ``at``, with its ``attack``
    and the ``bonus`` its General gave it."""

    kind: Kind = attrs.field(validator=instance_of(Kind))
    at: Cell = attrs.field(validator=instance_of(Cell))
    attack: int = attrs.field(validator=is_count)
    bonus: int = attrs.field(validator=is_count)


def _attackers(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not tuple or any(type(a) is not Attacker for a in value):
        raise ValueError(f"{attribute.name} must be attackers")


@attrs.frozen
class Captured:
    """The ``owner``'s ``kind`` at ``at`` was outnumbered and turned face down: the
    ``attackers`` pressing it had more attack together than its ``health``."""

    owner: Colour = attrs.field(validator=instance_of(Colour))
    kind: Kind = attrs.field(validator=instance_of(Kind))
    at: Cell = attrs.field(validator=instance_of(Cell))
    attackers: tuple[Attacker, ...] = attrs.field(default=(), validator=_attackers)
    health: int = attrs.field(default=0, validator=is_count)


@attrs.frozen
class GameOver(story.GameOver):
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
    told.extend(_captures(before, after))
    if after.result is not None:
        winners = tuple(Colour(w) for w in sorted(after.result.winners))
        told.append(GameOver(winners, after.result.reason))
    return tuple(told)


def _captures(before: State, after: State) -> list[Captured]:
    """The cards the move's capture check turned down, each with the attack that took it, as
    the check judged it: on the field after the move with those cards still face up."""
    down = {p.at for p in before.field if p.captured}
    fallen = [p for p in after.field if p.captured and p.at not in down]
    if not fallen:
        return []
    judged = Board.build(
        attrs.evolve(p, captured=False) if p.captured and p.at not in down else p
        for p in after.field
    )
    table = stats(after.config)
    told: list[Captured] = []
    for card in fallen:
        pressed = pressing(judged, key_of(card.at), table.attack)
        attackers = tuple(
            Attacker(judged.cards[n].kind, cell_of(n), attack, bonus)
            for n, attack, bonus in pressed
        )
        told.append(Captured(card.owner, card.kind, card.at, attackers, table.health[card.kind]))
    return told


def _name(colour: Colour) -> str:
    return colour.label.capitalize()


def format_event(event: Event) -> str:
    """The event in one short sentence, e.g. ``"Red captured blue's knight at 3,1: king 5 +
    squire 1 > health 5."``."""
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
        took = f"{captor} captured {owner}'s {event.kind} at {_cell(event.at)}"
        if not event.attackers:
            return f"{took}."
        return f"{took}: {_attack(event.attackers)} > health {event.health}."
    if isinstance(event, GameOver):
        if not event.winners:
            return f"The battle ended in a draw: {event.reason}."
        return f"{' and '.join(_name(w) for w in event.winners)} won: {event.reason}."
    raise InvalidStateError(f"not an alethi event: a {type(event).__name__}")


def _cell(cell: Cell) -> str:
    return f"{cell.x},{cell.y}"


def _attack(attackers: tuple[Attacker, ...]) -> str:
    """``king 5 + squire 1+1``: each attacker's attack, and the bonus its General gave it."""
    return " + ".join(
        f"{a.kind} {a.attack}" + (f"+{a.bonus}" if a.bonus else "") for a in attackers
    )


# --- the story held to the states ------------------------------------------------------------


def _at(state: State, cell: Cell) -> Any:
    return next((p for p in state.field if p.at == cell), None)


def _move_facts(
    before: State, after: State, event: Soulcasted | Thrown | Scouted | Passed
) -> list[str]:
    """What is untrue in the event of the move itself."""
    if event.player != before.to_move:
        return ["the move is told of a player who was not to move"]
    if isinstance(event, Soulcasted):
        old, new = _at(before, event.at), _at(after, event.at)
        if old is None or (old.owner, old.kind) != (event.player.opponent, event.kind):
            return ["the soulcast is told of a cell without that enemy card"]
        if new is None or (new.owner, new.kind) != (event.player, event.kind):
            return ["the soulcast is told of a cell the player's card did not take"]
    elif isinstance(event, Thrown):
        new = _at(after, event.at)
        if _at(before, event.at) is not None or new is None:
            return ["the throw is told of a cell that was not empty before or after"]
        if (new.owner, new.kind) != (event.player, event.kind):
            return ["the throw is told of another card"]
    elif isinstance(event, Scouted):
        old, new = _at(before, event.origin), _at(after, event.to)
        if old is None or (old.owner, old.kind) != (event.player, Kind.SCOUT):
            return ["the scout is told to leave a cell where the player had no scout"]
        if _at(after, event.origin) is not None:
            return ["the scout is told to leave a cell it still holds"]
        if new is None or (new.owner, new.kind) != (event.player, Kind.SCOUT):
            return ["the scout is told to go to a cell it did not reach"]
    elif isinstance(event, Passed) and event.phase != before.phase:
        return ["a pass is told of another phase"]
    return []


def _capture_facts(before: State, after: State, told: list[Captured]) -> list[str]:
    """What is untrue in the captures told: they must be the cards turned down, each taken by
    more attack than its health, from enemy cards that stood by it."""
    down = {p.at for p in before.field if p.captured}
    fallen = {(p.owner, p.kind, p.at) for p in after.field if p.captured and p.at not in down}
    if {(e.owner, e.kind, e.at) for e in told} != fallen or len(told) != len(fallen):
        return ["the captures told are not the cards turned down"]
    health = stats(after.config).health
    for event in told:
        total = sum(a.attack + a.bonus for a in event.attackers)
        if event.health != health[event.kind] or not outweighs(total, event.health):
            return ["a capture is told with an attack that does not outweigh the health"]
        for a in event.attackers:
            card = _at(after, a.at)
            if card is None or (card.owner, card.kind) != (event.owner.opponent, a.kind):
                return ["a capture is told of an attacker that is not there"]
            if key_of(a.at) not in around_of(key_of(event.at)):
                return ["a capture is told of an attacker that does not touch the card"]
    return []


def check_story(
    game: Any, before: State, move: Move, after: State, told: tuple[Any, ...], viewer: int | None
) -> list[str]:
    """What is untrue in ``told`` (see :func:`cardgames.story.register_story_check`): the
    move's cards and cells, the cards captured and the attack that took them, the end."""
    wrong = story.shared_facts(game, before, move, after, told, viewer)
    first = told[0] if told else None
    if not isinstance(first, Soulcasted | Thrown | Scouted | Passed):
        return [*wrong, "the move itself is not told first"]
    wrong.extend(_move_facts(before, after, first))
    wrong.extend(_capture_facts(before, after, [e for e in told if isinstance(e, Captured)]))
    return wrong


story.register_story_check("alethi", check_story)
