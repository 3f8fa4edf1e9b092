"""The legal moves of each phase: what the player to move may decide now.

A move is legal exactly when it is in the list this module makes. The moves of each chapter
come from its module (the spells' from :mod:`.spells`, the potions' from :mod:`.potions`...);
this module holds the table of phases and the action phase, which gathers the four actions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardgames.alakazum.cards import Card, Kind
from cardgames.alakazum.combat import fight_moves, fighter_moves, support_moves
from cardgames.alakazum.draft import distinct, faces
from cardgames.alakazum.ending import alakazum_moves, sacrifice_moves
from cardgames.alakazum.market import market_moves
from cardgames.alakazum.moves import Choose, Doll, Move, Pass, Place, Take
from cardgames.alakazum.objects import object_moves, quick_object_moves
from cardgames.alakazum.potions import die_moves, potion_moves
from cardgames.alakazum.spells import (
    casts_of,
    keep_moves,
    poorer_than,
    spell_moves,
    target_moves,
)
from cardgames.alakazum.state import Combat, Phase, State
from cardgames.alakazum.tables import Extra, tables
from cardgames.alakazum.traps import give_moves, santa_moves, trick_moves

__all__ = ["generate"]

_PASS = Pass()
_DOLL = Doll()
_DOLL_KIND = Kind.DOLL
# Moves are small values shared by every state that offers them: each is made once.
_CHOOSE = functools.lru_cache(maxsize=4096)(Choose)
_PLACE = functools.lru_cache(maxsize=4096)(Place)
_TAKE = functools.lru_cache(maxsize=4096)(Take)


def generate(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in a fixed order (for a state whose check is
    done, or under way)."""
    player = state.to_move
    if player is None:
        return ()
    return _MOVES_OF[state.phase](state, player)


def _action_moves(state: State) -> list[Move]:
    """No action, or one of the four: the market, an object, a fight, a spell (the plain
    reading, card by card; :func:`_quick_action_moves` lists the same from the hand's table)."""
    player = state.active
    moves: list[Move] = [_PASS]
    hand_faces = faces(state.hands[player])
    if state.market:
        moves.extend(market_moves(hand_faces))
    moves.extend(object_moves(state, player, hand_faces))
    for other, theirs in enumerate(state.teams):
        if other == player or len(theirs) < 2:  # never a player's last one
            continue
        moves.extend(fight_moves(other, theirs))
    moves.extend(spell_moves(state, player))
    return moves


def _quick_action_moves(state: State, _to_move: int) -> tuple[Move, ...]:
    """:func:`_action_moves`, with every move read from the config's tables: what each card of
    the hand offers by its name, the objects' uses, the fights by player and character (the
    active player's moves, as there)."""
    # Plain loops over the hand and the teams: with a handful of cards and characters, a
    # lookup by subscript and an append cost less than the calls of map() and filter().
    player = state.active
    config = state.config
    kept = tables.kept.get(id(config))  # tables_of(config), written out
    found = kept[1] if kept is not None and kept[0] is config else tables(config)
    action = found.action if state.market else found.action_without_market
    moves: list[Move] = [_PASS]
    extras: list[Extra] = []
    last = None
    for card in state.hands[player]:  # sorted by name: each name's trip once
        name = card.name
        trip, extra = action[name]
        if extra is not None:
            extras.append(extra)
        if name != last:
            last = name
            if trip is not None:
                moves.append(trip)
    # The objects (once per name), hats and cauldrons (with their copies).
    hats: tuple[tuple[str, int], ...] = ()
    cauldrons = 0
    if extras:
        given: list[Card] = []
        held: list[tuple[str, int]] = []
        for thing, hat, energy in extras:
            if thing is not None:
                if thing not in given:
                    given.append(thing)
            elif hat is not None:
                held.append(hat)
            else:
                cauldrons += energy
        if given:
            moves += quick_object_moves(state, player, given, found)
        hats = tuple(held)
    # The fights against each other team's characters, and how many teams are bigger than the
    # player's (for the Miserable witch).
    teams = state.teams
    mine = len(teams[player])
    richer = 0
    fights = found.fights
    for other, theirs in enumerate(teams):
        size = len(theirs)
        if size > mine:
            richer += 1
        if size > 1 and other != player:  # never a player's last one
            against = fights[other]
            for member in theirs:
                moves.append(against[member.card.name])
    moves += casts_of(state, player, hats, cauldrons, poorer_than(richer, len(teams)))
    return tuple(moves)


def _doll_moves(hand: tuple[Card, ...]) -> tuple[Move, ...]:
    """The moves of a player asked about an announcement: cancel it with a voodoo doll, if
    ``hand`` holds one, or let it be."""
    if any(card.kind is _DOLL_KIND for card in hand):
        return _DOLL, _PASS
    return (_PASS,)


def _combat_of(state: State) -> Combat:
    combat = state.combat
    assert combat is not None
    return combat


#: The legal moves of each phase (of the player to move).
_MOVES_OF: dict[Phase, Callable[[State, int], tuple[Move, ...]]] = {
    Phase.CHOOSE: lambda s, p: tuple(_CHOOSE(c.name) for c in distinct(s.start_row)),
    Phase.ACTION: _quick_action_moves,
    Phase.FIGHTER: lambda s, p: fighter_moves(s.teams[p]),
    Phase.SUPPORT: support_moves,
    Phase.POTIONS: lambda s, p: (
        *potion_moves(s, _combat_of(s), _combat_of(s).to_act),
        _PASS,
    ),
    Phase.HYPNOSIS: lambda s, p: (*die_moves(s, _combat_of(s)), _PASS),
    Phase.DOLL: lambda s, p: _doll_moves(s.hands[p]),
    Phase.ALAKAZUM: lambda s, p: tuple(alakazum_moves(s)),
    Phase.GIVE: give_moves,
    Phase.TRICK: trick_moves,
    Phase.SACRIFICE: lambda s, p: tuple(sacrifice_moves(s, p)),
    Phase.SANTA: santa_moves,
    Phase.KEEP: keep_moves,
    Phase.PLACE: lambda s, p: tuple(_PLACE(c.name) for c in distinct(s.held)),
    Phase.TARGET: target_moves,
    Phase.TAKE: lambda s, p: tuple(_TAKE(c.name) for c in distinct(reversed(s.market))),
    Phase.OVER: lambda s, p: (),
}
