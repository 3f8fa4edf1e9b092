"""What an Alakazum! move did, told as events: the decision itself, the turn begun, the traps
and Santa Claus' die, each combat fought (its dice, the points compared, the winner, the roll to
hypnotise and what came of it: :mod:`.fights`), the characters that rose, joined or left a team,
the cards that went to the cemetery, what each hand gained and lost, and the end of the game.

A player is told the cards of their own hand; of another hand only its size. A card given from
hand to hand is told to the giver and the receiver, and the cards held by Magic of the forest to
the player who holds them: the others hear that a decision was made, not which.

>>> from cardgames import alakazum
>>> before = alakazum.new_game(seed=3)
>>> move = alakazum.legal_moves(before)[0]
>>> after = alakazum.apply_move(before, move)
>>> alakazum.format_event(alakazum.events(before, move, after)[0]).startswith("Player 0: ")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import attrs
from attrs.validators import instance_of

from cardgames import story
from cardgames._engine import (
    check_viewer,
    checked_transition,
    hand_changes,
    is_count,
    is_player,
)
from cardgames.alakazum.cards import Culture, Kind
from cardgames.alakazum.checks import checked
from cardgames.alakazum.moves import Move, PassDie
from cardgames.alakazum.notation import format_move
from cardgames.alakazum.rules import apply_move
from cardgames.alakazum.state import Phase, State
from cardgames.alakazum.text.fights import (
    STAY_REASONS,
    Buried,
    CombatWon,
    HypnosisRolled,
    Joined,
    Left,
    LevelledUp,
    Met,
    PointsCompared,
    PointsRolled,
    Resisted,
    Stayed,
    TeamChanges,
    combat_events,
    combats_of,
)
from cardgames.alakazum.traps import santa_explodes
from cardgames.alakazum.view import told_move

__all__ = [
    "EVENT_TYPES",
    "AlakazumFailed",
    "Buried",
    "CombatWon",
    "Decided",
    "Event",
    "GameOver",
    "HandChanged",
    "HypnosisRolled",
    "Joined",
    "Left",
    "LevelledUp",
    "Met",
    "PointsCompared",
    "PointsRolled",
    "Resisted",
    "SantaRolled",
    "Stayed",
    "TrapSprung",
    "TurnBegan",
    "check_story",
    "events",
    "format_event",
]


#: The kinds of the trap cards, and what each does, as a sentence ends.
_TRAP_KINDS = {
    Kind.BLACK_FRIDAY: "half of their hand goes to the others",
    Kind.HALLOWEEN: "half of their hand or a character goes",
    Kind.SANTA_CLAUS: "Santa Claus' die starts rolling",
    Kind.CUPCAKES: "the turn's action is lost",
}


@attrs.frozen
class Decided(story.Decided):
    """``player`` made a decision, ``move`` in the game's notation, or ``None`` when the
    viewer may not know which (a card given to another player, the choices of a Magic of
    the forest)."""


@attrs.frozen
class TurnBegan:
    """``player``'s turn began, number ``turn`` counted from 1 (as the table's picture counts
    it): what follows it in a move's events (the draws of thrifty characters and from the
    forest, a trap, a character met) happened in that turn."""

    player: int = attrs.field(validator=is_player)
    turn: int = attrs.field(validator=is_count)


@attrs.frozen
class TrapSprung:
    """Exploring the forest, ``player`` drew the trap ``trap`` (of ``kind``); it struck and
    left the game."""

    player: int = attrs.field(validator=is_player)
    trap: str = attrs.field(validator=instance_of(str))
    kind: Kind = attrs.field(validator=attrs.validators.in_(tuple(_TRAP_KINDS)))


@attrs.frozen
class SantaRolled:
    """``player`` rolled ``roll`` with Santa Claus' die; ``exploded``: it went off, and one of
    their characters goes to the cemetery (else they hand the die on)."""

    player: int = attrs.field(validator=is_player)
    roll: int = attrs.field(validator=is_count)
    exploded: bool = attrs.field(validator=instance_of(bool))


@attrs.frozen
class AlakazumFailed:
    """``player``'s Alakazum with the characters of ``culture`` failed: they pay a sacrifice."""

    player: int = attrs.field(validator=is_player)
    culture: Culture = attrs.field(validator=instance_of(Culture))


@attrs.frozen
class HandChanged(story.HandChanged):
    """``player``'s hand now holds ``size`` cards; ``gained`` and ``lost`` name the cards that
    came in and went out, or are ``None`` for a viewer who may not see that hand."""


@attrs.frozen
class GameOver(story.GameOver):
    """The game ended: ``winners`` (none when everybody lost) and the outcome's ``reason``."""


#: Any Alakazum! event.
Event: TypeAlias = (
    Decided
    | TurnBegan
    | Met
    | TrapSprung
    | SantaRolled
    | CombatWon
    | PointsRolled
    | PointsCompared
    | HypnosisRolled
    | Resisted
    | Stayed
    | AlakazumFailed
    | Joined
    | Left
    | LevelledUp
    | Buried
    | HandChanged
    | GameOver
)

#: Every class of Alakazum! event.
EVENT_TYPES: tuple[type[Event], ...] = (
    Decided,
    TurnBegan,
    Met,
    TrapSprung,
    SantaRolled,
    CombatWon,
    PointsRolled,
    PointsCompared,
    HypnosisRolled,
    Resisted,
    Stayed,
    AlakazumFailed,
    Joined,
    Left,
    LevelledUp,
    Buried,
    HandChanged,
    GameOver,
)


def _decided(before: State, after: State, viewer: int | None) -> Decided:
    """The decision as the viewer's view of ``after`` shows it (see ``view.told_move``)."""
    player = before.to_move
    assert player is not None
    told = told_move(after, viewer)
    return Decided(player, None if told is None else format_move(told))


def _forest(before: State, move: Move, after: State) -> list[Event]:
    """The traps sprung while exploring during this move, and Santa Claus' die rolled."""
    told: list[Event] = []
    old, new = before.removed, after.removed
    if new[: len(old)] == old:
        told.extend(
            TrapSprung(after.active, c.name, c.kind)
            for c in new[len(old) :]
            if c.kind in _TRAP_KINDS
        )
    santa = any(isinstance(e, TrapSprung) and e.kind is Kind.SANTA_CLAUS for e in told)
    if (santa or isinstance(move, PassDie)) and after.roll is not None:
        holder = move.player if isinstance(move, PassDie) else after.active
        exploded = santa_explodes(after.roll, after.santa)
        told.append(SantaRolled(holder, after.roll, exploded))
    return told


def _hands(before: State, after: State, viewer: int | None) -> list[Event]:
    changes = hand_changes(before.hands, after.hands, viewer, key=lambda card: card.name)
    return [HandChanged(*change) for change in changes]


def events(
    before: State, move: Move, after: State, *, viewer: int | None = None
) -> tuple[Event, ...]:
    """What ``move`` did from ``before`` to ``after``, in the order of play: the decision, each
    combat fought (dice, points, winner, hypnosis), the characters that rose, joined or left a
    team, the cards buried, the hands that changed, the next turn if one began, and the end.

    With ``viewer=p`` another player's hand is told only by its size, and a decision that
    moves hidden cards only by who made it.
    ``InvalidStateError`` for a state that is not a playable Alakazum! state,
    ``IllegalMoveError`` unless ``after == apply_move(before, move)``,
    ``InvalidPlayerError`` for a viewer that is not a player.
    """
    before, after = checked_transition(
        "alakazum", before, move, after, checked=checked, apply_move=apply_move
    )
    check_viewer(viewer, before.config.players)
    told: list[Event] = [_decided(before, after, viewer)]
    changes = TeamChanges.between(before, after)
    began = _turn_began(before, after)
    # What the move did in the turn it was made in, then what the next turn did, if one began
    # (under its player: their hand's change, the forest explored, the combats fought there).
    now: list[Event] = []
    turn: list[Event] = []
    for fought in combats_of(before, after):
        later = began and fought.prior is None and fought.combat.attacker == after.active
        (turn if later else now).extend(combat_events(before, after, fought, changes))
    forest = _forest(before, move, after)
    hands = _hands(before, after, viewer)
    if began:
        theirs = [e for e in hands if isinstance(e, HandChanged) and e.player == after.active]
        hands = [e for e in hands if isinstance(e, HandChanged) and e.player != after.active]
        turn = [TurnBegan(after.active, after.turn + 1), *theirs, *forest, *turn]
    else:
        told.extend(forest)
    told.extend(now)
    if after.failed is not None and before.failed is None:
        told.append(AlakazumFailed(after.active, after.failed))
    told.extend(changes.rose)
    told.extend(changes.left)
    told.extend(changes.joined)
    if changes.buried:
        told.append(Buried(tuple(changes.buried)))
    told.extend(hands)
    told.extend(turn)
    if after.result is not None:
        told.append(GameOver(tuple(sorted(after.result.winners)), after.result.reason))
    return tuple(told)


def _turn_began(before: State, after: State) -> bool:
    """Whether a turn began during the move: the turn passed to the next player, or the
    choice of starting characters ended and the first turn began (not the end of the last
    turn, which begins no other)."""
    if after.start_row or after.turn >= after.config.turn_limit:
        return False
    return after.turn != before.turn or bool(before.start_row)


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(names) or "nothing"


def _told_santa(event: SantaRolled) -> str:
    then = "it exploded" if event.exploded else "they hand it on"
    return f"Player {event.player} rolled {event.roll} with Santa Claus' die: {then}."


def _side(player: int | None) -> str:
    return "the forest" if player is None else f"player {player}"


def _told_rolled(event: PointsRolled) -> str:
    whose = "The forest's" if event.player is None else f"Player {event.player}'s"
    return f"{whose} {event.character} rolled {event.roll} for its combat points."


def _told_compared(event: PointsCompared) -> str:
    attack, defence = event.points
    tie = f" (a tie goes to {_side(event.defender)})" if attack == defence else ""
    other = _side(event.defender)
    return f"Combat points: {attack} for player {event.attacker}, {defence} for {other}{tie}."


def _told_hypnosis(event: HypnosisRolled) -> str:
    return (
        f"Player {event.player} rolled {event.roll} to hypnotise {event.character} "
        f"(it takes more than {event.resistance})."
    )


def _told_combat(event: CombatWon) -> str:
    if event.winner is None:
        return f"The forest's {event.opponent} won the combat."
    return f"Player {event.winner} won the combat against {event.opponent}."


#: The sentence of each of the game's own events; the kit tells the decision (a hidden one as
#: a hidden choice), a hand's change and the end.
_SENTENCES: dict[type, Callable[[Any], str]] = {
    TurnBegan: lambda e: f"Turn {e.turn}: player {e.player}'s turn begins.",
    Met: lambda e: f"Player {e.player} met {e.character} in the forest.",
    TrapSprung: lambda e: f"Player {e.player} fell into the trap {e.trap}: {_TRAP_KINDS[e.kind]}.",
    SantaRolled: _told_santa,
    AlakazumFailed: lambda e: f"Player {e.player}'s Alakazum with {e.culture.value} failed.",
    CombatWon: _told_combat,
    PointsRolled: _told_rolled,
    PointsCompared: _told_compared,
    HypnosisRolled: _told_hypnosis,
    Resisted: lambda e: (
        f"{e.character} resisted the hypnosis: {e.total} is not more than {e.resistance}."
    ),
    Stayed: lambda e: f"{e.character} stays in player {e.player}'s team: {STAY_REASONS[e.reason]}.",
    LevelledUp: lambda e: f"Player {e.player}'s {e.character} rose to level {e.level.name}.",
    Joined: lambda e: f"{e.character} joined player {e.player}'s team.",
    Left: lambda e: f"{e.character} left player {e.player}'s team.",
    Buried: lambda e: f"To the cemetery: {_listed(e.cards)}.",
}

_format_event = story.event_sentences("alakazum", _SENTENCES)


def format_event(event: Event) -> str:
    """The event in one short sentence, e.g. ``"Player 1 won the combat against Merlin."``."""
    return _format_event(event)


# --- the story held to the states ------------------------------------------------------------


def _santa_facts(move: Move, after: State, told: tuple[Any, ...]) -> list[str]:
    """What is untrue in the rolls of Santa Claus' die: the roll is the one ``after`` keeps,
    it explodes as the rule says, and it is told of the player who holds the die (the one it
    was handed to; the one who must hand it on, when it did not go off)."""
    rolls = [e for e in told if isinstance(e, SantaRolled)]
    if isinstance(move, PassDie) and len(rolls) != 1:
        return ["the roll of the die handed on is not told once"]
    for event in rolls:
        if event.roll != after.roll:
            return ["Santa Claus' die is told to roll another number"]
        if event.exploded != santa_explodes(event.roll, after.santa):
            return ["Santa Claus' die is told to explode otherwise than it did"]
        if isinstance(move, PassDie) and event.player != move.player:
            return ["Santa Claus' roll is told of a player the die was not handed to"]
        if not event.exploded and (after.phase is not Phase.SANTA or after.to_move != event.player):
            return ["Santa Claus' roll is told of a player who does not hold the die"]
    return []


def _combat_facts(before: State, after: State, told: tuple[Any, ...]) -> list[str]:
    """What is untrue in the story of the combats: the dice rolled for combat points and to
    hypnotise, and the points compared, are those of the combats the move fought (under way,
    or decided: ``after.fought``), and each winner is the side the points made win."""
    fought = combats_of(before, after)
    dice = sorted(
        roll for f in fought for roll in f.combat.rolls[len(f.prior.rolls) if f.prior else 0 :]
    )
    if sorted(e.roll for e in told if isinstance(e, PointsRolled)) != dice:
        return ["the dice rolled for combat points are told otherwise than they fell"]
    hypnosis = sorted(
        f.combat.roll for f in fought if f.combat.roll and (f.prior is None or not f.prior.roll)
    )
    if sorted(e.roll for e in told if isinstance(e, HypnosisRolled)) != hypnosis:
        return ["the rolls to hypnotise are told otherwise than they fell"]
    compared = [
        (f.combat.attacker, f.combat.defender, f.combat.points)
        for f in fought
        if (f.decided or f.combat.roller is not None)
        and (f.prior is None or f.prior.roller is None)
    ]
    said = [(e.attacker, e.defender, e.points) for e in told if isinstance(e, PointsCompared)]
    if said != compared:
        return ["the combat points are told otherwise than they were compared"]
    winners = [e.winner for e in told if isinstance(e, CombatWon)]
    expected = [a if p[0] > p[1] else d for a, d, p in compared]
    if winners != expected:
        return ["a combat is told to be won by a side the points did not make win"]
    return []


def _hand_names(state: State) -> list[list[str]]:
    return [[card.name for card in hand] for hand in state.hands]


def check_story(
    game: Any, before: State, move: Move, after: State, told: tuple[Any, ...], viewer: int | None
) -> list[str]:
    """What is untrue in ``told`` (see :func:`cardgames.story.register_story_check`): the
    decision, the hands, the rolls of Santa Claus' die, the combats' dice, points and
    winners, the turn begun and the end."""
    wrong = story.shared_facts(game, before, move, after, told, viewer, hands=_hand_names)
    wrong.extend(_santa_facts(move, after, told))
    wrong.extend(_combat_facts(before, after, told))
    began = [e for e in told if isinstance(e, TurnBegan)]
    if began != ([TurnBegan(after.active, after.turn + 1)] if _turn_began(before, after) else []):
        wrong.append("a turn is told to begin otherwise than it began")
    return wrong


story.register_story_check("alakazum", check_story)
