"""The legal moves of each phase: what the player to move may decide now.

A move is legal exactly when it is in the list this module makes. The moves of each chapter
come from its module (the spells' from :mod:`.spells`, the potions' from :mod:`.potions`...);
this module holds the table of phases and the action phase, which gathers the four actions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardgames.alakazum.cards import Card
from cardgames.alakazum.combat import fight_moves, fighter_moves, fights, support_moves
from cardgames.alakazum.draft import distinct, faces
from cardgames.alakazum.ending import alakazum_moves, sacrifice_moves
from cardgames.alakazum.market import market_moves
from cardgames.alakazum.moves import Choose, Doll, Move, Pass, Place, Take
from cardgames.alakazum.objects import object_moves
from cardgames.alakazum.potions import die_moves, potion_moves
from cardgames.alakazum.spells import casts_with, keep_moves, spell_moves, target_moves
from cardgames.alakazum.state import Combat, Phase, State
from cardgames.alakazum.tables import card_name, tables
from cardgames.alakazum.traps import give_moves, santa_moves, trick_moves

__all__ = ["generate"]

_PASS = Pass()
_DOLL = Doll()
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
    """:func:`_action_moves`, with what the hand offers by itself read by its cards' names from
    the config's tables (the active player's moves, as there)."""
    player = state.active
    config = state.config
    kept = tables.kept.get(id(config))  # tables_of(config), written out
    found = kept[1] if kept is not None and kept[0] is config else tables(config)
    names = tuple(map(card_name, state.hands[player]))
    moves: list[Move] = [_PASS]
    if state.market:  # each name once, in the hand's order
        moves += filter(None, map(found.market.get, dict.fromkeys(names)))
    # The objects, hats and cauldrons in one pass over the names (most hands hold few or none):
    # objects once per name, hats and cauldrons with their copies.
    extras = [*filter(None, map(found.extras.get, names))]
    given: list[Card] = []
    hats: tuple[tuple[str, int], ...] = ()
    cauldrons = 0
    if extras:
        held: list[tuple[str, int]] = []
        for card, hat, energy in extras:
            if card is not None:
                if card not in given:
                    given.append(card)
            elif hat is not None:
                held.append(hat)
            else:
                cauldrons += energy
        if given:
            moves += object_moves(state, player, given)
        hats = tuple(held)
    for other, theirs in enumerate(state.teams):
        if other != player and len(theirs) > 1:  # never a player's last one
            moves += fights(other, theirs)
    moves += casts_with(state, player, hats, cauldrons)
    return tuple(moves)


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
    Phase.DOLL: lambda s, p: (_DOLL, _PASS),
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
