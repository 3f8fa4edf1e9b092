"""The action Give objects to your characters: meals, brooms and capes, and with Alakazum! 2 the
crystal ball and the recovery potion.

A meal brings every character of one of its two cultures to level C; a broom keeps its
character from leaving the team; a cape adds to its character's combat points. A crystal ball
works as Divination and a recovery potion as Resurrect (their targets are :mod:`.spells`').
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card, Culture, Kind, Level
from cardgames.alakazum.draft import Draft, Next, can_rise, new_member, with_level
from cardgames.alakazum.moves import Move, Spell, UseObject
from cardgames.alakazum.spells import aim, one_to_peek, one_to_raise
from cardgames.alakazum.state import Member, State

__all__ = [
    "hungry_cultures",
    "may_take_broom",
    "may_take_cape",
    "object_moves",
    "use_object",
    "why_not_used",
]

_CONTINUE = Next.CONTINUE

_LEVEL_C = Level.C
_MEAL, _BROOM, _CAPE = Kind.MEAL, Kind.BROOM, Kind.CAPE
_CRYSTAL_BALL, _RECOVERY_POTION = Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION
_DIVINATION, _RESURRECT = Spell.DIVINATION, Spell.RESURRECT


def hungry_cultures(team: tuple[Member, ...]) -> list[Culture | None]:
    """The cultures a meal may feed in ``team``: those of its characters below level C (a
    meal's two cultures are never multicoloured, so multicoloured characters never eat)."""
    return [member.card.culture for member in team if can_rise(member)]


def may_take_broom(member: Member) -> bool:
    """Whether a broom may be put under ``member``: it has none yet."""
    return member.broom is None


def may_take_cape(member: Member) -> bool:
    """Whether a cape may be put under ``member``: it has none yet."""
    return member.cape is None


def object_moves(
    state: State, player: int, given: Sequence[Card], found: _fast.Tables
) -> list[Move]:
    """Each use of the objects ``given`` (one card of each name that ``player``'s hand holds
    among those given as objects), each move read from the config's tables (``found``): a
    meal to each culture it may feed, a broom or a cape under each character that may take
    it, a crystal ball while Divination has an enemy to show, a recovery potion while
    Resurrect has a character to bring back."""
    team = state.teams[player]
    moves: list[Move] = []
    hungry: list[Culture | None] | None = None
    for card in given:
        kind = card.kind
        if kind is _MEAL:
            if hungry is None:
                hungry = hungry_cultures(team)
            for culture, move in found.meals[card.name]:
                if culture in hungry:
                    moves.append(move)
        elif kind is _BROOM:
            under = found.equip[card.name]
            for member in team:
                if may_take_broom(member):
                    moves.append(under[member.card.name])
        elif kind is _CAPE:
            under = found.equip[card.name]
            for member in team:
                if may_take_cape(member):
                    moves.append(under[member.card.name])
        elif kind is _CRYSTAL_BALL:
            if one_to_peek(state, player):
                moves.append(found.uses[card.name])
        elif kind is _RECOVERY_POTION and one_to_raise(state, player):
            moves.append(found.uses[card.name])
    return moves


def why_not_used(state: State, player: int, move: UseObject, card: Card) -> str | None:
    """The reason the use ``move`` of ``card`` (a card of ``player``'s hand given as an object)
    is not legal now, by the condition of its kind that fails; ``None`` when none does (the
    move is then wrong in its form: a culture the meal does not have, a character not in the
    team...)."""
    team = state.teams[player]
    kind = card.kind
    if kind is _MEAL and move.culture in card.cultures:
        culture = card.cultures[card.cultures.index(move.culture)]
        if culture not in hungry_cultures(team):
            return f"no {culture.full_name} character of the team is below level C"
        return None
    named = [m for m in team if m.card.name == move.character]
    if kind is _BROOM and named and not may_take_broom(named[0]):
        return "that character has a broom already"
    if kind is _CAPE and named and not may_take_cape(named[0]):
        return "that character has a cape already"
    if kind is _CRYSTAL_BALL and not one_to_peek(state, player):
        return f"no face-down final enemy is left that player {player} has not seen"
    if kind is _RECOVERY_POTION and not one_to_raise(state, player):
        return "the cemetery is empty"
    return None


def use_object(d: Draft, move: UseObject) -> Next:
    """The object works: a meal feeds a culture, a broom or a cape goes under a character, a
    crystal ball or a recovery potion asks for its target."""
    player = d.active
    card = d.take_from_hand(player, move.card)
    kind = card.kind
    if kind is _MEAL:
        fed = tuple(
            with_level(m, _LEVEL_C) if m.card.culture is move.culture else m
            for m in d.teams[player]
        )
        d.set_team(player, fed)
        d.to_market(card)
    elif kind is _BROOM or kind is _CAPE:
        assert move.character is not None
        index, member = d.member(player, move.character)
        if kind is _BROOM:
            member = new_member(member.card, member.level, card, member.cape)
        else:
            member = new_member(member.card, member.level, member.broom, card)
        d.set_member(player, index, member)
    else:  # a crystal ball works as Divination, a recovery potion as Resurrect
        d.to_market(card)
        return aim(d, _DIVINATION if kind is _CRYSTAL_BALL else _RESURRECT)
    return _CONTINUE
