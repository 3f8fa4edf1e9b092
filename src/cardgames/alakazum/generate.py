"""The legal moves of each phase: what the player to move may decide now.

A move is legal exactly when it is in the list this module makes. The moves of each chapter
come from its module (the spells' from :mod:`.spells`, the potions' from :mod:`.potions`...),
which states the conditions; this module holds the table of phases and the action phase, which
gathers the four actions, reading each card's and each character's moves from the config's
tables (:mod:`cardgames.alakazum._fast`). The plain reading of every phase, move by move, is
:func:`cardgames.alakazum.reference.legal_moves`, which the tests hold this one to.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card
from cardgames.alakazum.combat import fighter_moves, may_be_fought, support_moves
from cardgames.alakazum.draft import distinct
from cardgames.alakazum.ending import alakazum_moves, sacrifice_moves
from cardgames.alakazum.market import market_open
from cardgames.alakazum.moves import Choose, Move, Pass, Place, Take
from cardgames.alakazum.objects import object_moves
from cardgames.alakazum.potions import die_moves, potion_moves
from cardgames.alakazum.spells import casts, keep_moves, target_moves
from cardgames.alakazum.state import Combat, Phase, State
from cardgames.alakazum.traps import give_moves, santa_moves, trick_moves
from cardgames.alakazum.voodoo import doll_moves, holds_doll

__all__ = ["action_moves", "generate"]

_PASS = Pass()
_CHOOSE = _fast.interned(Choose)
_PLACE = _fast.interned(Place)
_TAKE = _fast.interned(Take)


def generate(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in a fixed order (for a state whose check is
    done, or under way)."""
    player = state.to_move
    if player is None:
        return ()
    return _MOVES_OF[state.phase](state, player)


def action_moves(state: State, _to_move: int) -> tuple[Move, ...]:
    """No action, or one of the four: a trip to the market with each card that may be shown
    (while the market deck holds cards), each use of an object, a fight against each
    character of each other player who may be fought, and each legal cast."""
    # Every move is read from the config's tables, by the name of a card of the hand or of a
    # character. Plain loops over the hand and the teams: with a handful of cards and
    # characters, a lookup by subscript and an append cost less than map() and filter().
    player = state.active
    found = _fast.tables_of(state.config)
    action = found.action if market_open(state) else found.action_without_market
    moves: list[Move] = [_PASS]
    extras: list[_fast.Extra] = []
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
    power = 0
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
                power += energy
        if given:
            moves += object_moves(state, player, given, found)
        hats = tuple(held)
    # The fights against each character of each other player who may be fought.
    fights = found.fights
    for other, theirs in enumerate(state.teams):
        if other != player and may_be_fought(theirs):
            against = fights[other]
            for member in theirs:
                moves.append(against[member.card.name])
    for member in state.teams[player]:
        power += member.card.magic
    moves += casts(state, player, hats, power)
    return tuple(moves)


def _combat_of(state: State) -> Combat:
    combat = state.combat
    assert combat is not None
    return combat


def _choose_moves(state: State, player: int) -> tuple[Move, ...]:
    """The set-up: each starting character left (one move per name)."""
    return tuple(_CHOOSE(c.name) for c in distinct(state.start_row))


def _place_moves(state: State, player: int) -> tuple[Move, ...]:
    """Magic of the forest: each card still held put back on top (one move per name)."""
    return tuple(_PLACE(c.name) for c in distinct(state.held))


def _take_moves(state: State, player: int) -> tuple[Move, ...]:
    """Miserable witch: each card of the market deck (one move per name, from the top)."""
    return tuple(_TAKE(c.name) for c in distinct(reversed(state.market)))


#: The legal moves of each phase (of the player to move).
_MOVES_OF: dict[Phase, Callable[[State, int], tuple[Move, ...]]] = {
    Phase.CHOOSE: _choose_moves,
    Phase.ACTION: action_moves,
    Phase.FIGHTER: lambda s, p: fighter_moves(s.teams[p]),
    Phase.SUPPORT: support_moves,
    Phase.POTIONS: lambda s, p: (
        *potion_moves(s, _combat_of(s), _combat_of(s).to_act),
        _PASS,
    ),
    Phase.HYPNOSIS: lambda s, p: (*die_moves(s, _combat_of(s)), _PASS),
    Phase.DOLL: lambda s, p: doll_moves(holds_doll(s.hands[p])),
    Phase.ALAKAZUM: lambda s, p: tuple(alakazum_moves(s)),
    Phase.GIVE: give_moves,
    Phase.TRICK: trick_moves,
    Phase.SACRIFICE: lambda s, p: tuple(sacrifice_moves(s, p)),
    Phase.SANTA: santa_moves,
    Phase.KEEP: keep_moves,
    Phase.PLACE: _place_moves,
    Phase.TARGET: target_moves,
    Phase.TAKE: _take_moves,
    Phase.OVER: lambda s, p: (),
}
