"""The action Give objects to your characters: meals, brooms and capes, and with Alakazum! 2 the
crystal ball and the recovery potion.

A meal brings every character of one of its two cultures to level C; a broom keeps its
character from leaving the team; a cape adds to its character's combat points. A crystal ball
works as Divination and a recovery potion as Resurrect (their targets are :mod:`.spells`').
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardgames.alakazum.cards import Card, Culture, Kind, Level
from cardgames.alakazum.draft import Draft, Next, new_member, with_level
from cardgames.alakazum.ending import face_down
from cardgames.alakazum.moves import Move, Spell, UseObject
from cardgames.alakazum.spells import aim, one_to_peek
from cardgames.alakazum.state import Member, State
from cardgames.alakazum.tables import Tables

__all__ = ["object_moves", "quick_object_moves", "use_object"]

_CONTINUE = Next.CONTINUE

_LEVEL_C = Level.C
_MEAL, _BROOM, _CAPE = Kind.MEAL, Kind.BROOM, Kind.CAPE
_CRYSTAL_BALL, _RECOVERY_POTION = Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION
_DIVINATION, _RESURRECT = Spell.DIVINATION, Spell.RESURRECT

# Moves are small values shared by every state that offers them: each is made once.
_USE_OBJECT = functools.lru_cache(maxsize=4096)(UseObject)


def object_moves(state: State, player: int, faces: Sequence[Card]) -> list[Move]:
    """Each use of the objects among ``faces`` (one card of each name in the hand)."""
    team = state.teams[player]
    moves: list[Move] = []
    hungry: set[Culture | None] | None = None  # the cultures with a character below level C
    for card in faces:
        kind = card.kind
        if kind is _MEAL:
            if hungry is None:
                hungry = {m.card.culture for m in team if m.level < _LEVEL_C}
            for culture in card.cultures:
                if culture in hungry:
                    moves.append(_USE_OBJECT(card.name, culture))
        elif kind is _BROOM or kind is _CAPE:
            moves.extend(_equip_moves(card, team))
        elif kind is _CRYSTAL_BALL:
            if face_down(state, player, unknown=True):
                moves.append(_USE_OBJECT(card.name))
        elif kind is _RECOVERY_POTION and state.cemetery:
            moves.append(_USE_OBJECT(card.name))
    return moves


def quick_object_moves(
    state: State, player: int, given: Sequence[Card], found: Tables
) -> list[Move]:
    """:func:`object_moves`, with each move read from the config's tables (``found``)."""
    # Plain loops rather than comprehensions, each a call: a team holds a few characters.
    team = state.teams[player]
    moves: list[Move] = []
    hungry: list[Culture | None] | None = None  # as object_moves' set, searched by identity
    for card in given:
        kind = card.kind
        if kind is _MEAL:
            if hungry is None:
                hungry = []
                for member in team:  # the cultures with a character below level C
                    if member.level < _LEVEL_C:
                        hungry.append(member.card.culture)
            for culture, move in found.meals[card.name]:
                if culture in hungry:
                    moves.append(move)
        elif kind is _BROOM:
            under = found.equip[card.name]
            for member in team:
                if member.broom is None:
                    moves.append(under[member.card.name])
        elif kind is _CAPE:
            under = found.equip[card.name]
            for member in team:
                if member.cape is None:
                    moves.append(under[member.card.name])
        elif kind is _CRYSTAL_BALL:
            if one_to_peek(state.enemy_up, state.known[player]):
                moves.append(found.uses[card.name])
        elif kind is _RECOVERY_POTION and state.cemetery:
            moves.append(found.uses[card.name])
    return moves


def _equip_moves(card: Card, team: tuple[Member, ...]) -> list[Move]:
    """A broom or a cape put under each character of the team that has none yet."""
    name = card.name
    if card.kind is _BROOM:
        return [_USE_OBJECT(name, None, m.card.name) for m in team if m.broom is None]
    return [_USE_OBJECT(name, None, m.card.name) for m in team if m.cape is None]


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
