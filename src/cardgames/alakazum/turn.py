"""The turn: the choice of starting characters, then each player's turn in the rulebook's order.

Thrifty characters draw from the market deck, the player explores the forest (one card per
character of their team, stopping at a character to fight, see :mod:`.combat`, or a trap to
suffer, see :mod:`.traps`), takes one optional action (two more after a Deja Vu) and may cast
the Alakazum (:mod:`.ending`). The game is lost by all when the forest deck runs out or the
turns run out.

Every step of the rules returns a :class:`~cardgames.alakazum.draft.Next`; :func:`carry_on`
goes on with the turn from there until a player has to decide.
"""

from __future__ import annotations

from cardgames.alakazum.cards import TRAP_KINDS, Kind
from cardgames.alakazum.combat import meet
from cardgames.alakazum.draft import Draft, Next, new_member
from cardgames.alakazum.ending import alakazum_open
from cardgames.alakazum.moves import Choose
from cardgames.alakazum.state import Phase
from cardgames.alakazum.traps import spring
from cardgames.game import Outcome

__all__ = ["ACTIONS", "carry_on", "choose"]

_DECIDE, _CONTINUE, _END_TURN = Next.DECIDE, Next.CONTINUE, Next.END_TURN

#: Actions of a turn.
ACTIONS = 1

_CHARACTER = Kind.CHARACTER
_TRAPS = tuple(TRAP_KINDS)  # searched by identity: an enum's hash is a Python call
_PHASE_ACTION = Phase.ACTION
_PHASE_ALAKAZUM = Phase.ALAKAZUM


def carry_on(d: Draft, step: Next) -> None:
    """Go on from a step of the rules that said ``step``, until a player decides or the game
    is over: after a step of the turn, the next action, else the Alakazum, else the next turn
    (which goes on from where its start leaves it)."""
    while step is not _DECIDE:
        # A step that said CONTINUE, worked out here rather than in a function of its own: most
        # moves go on this way, one call fewer each.
        if step is _CONTINUE:
            if d.result is not None:
                return
            player = d.active
            d.to_move = player
            if d.actions > 0:
                d.phase = _PHASE_ACTION
                return
            if alakazum_open(d, player):
                d.phase = _PHASE_ALAKAZUM
                return
        step = _end_turn(d)


def choose(d: Draft, move: Choose) -> Next:
    """Set-up: take a starting character; once everybody has one, the rest go to the
    cemetery and the first turn begins."""
    player = d.to_move
    assert player is not None
    index = next(i for i, c in enumerate(d.start_row) if c.name == move.character)
    d.join(player, new_member(d.start_row[index]))
    d.start_row = d.start_row[:index] + d.start_row[index + 1 :]
    following = (player + 1) % d.config.players
    if following != d.active:
        d.to_move = following
        return _DECIDE
    d.cemetery = d.cemetery + d.start_row
    d.start_row = ()
    return _start_turn(d)


def _start_turn(d: Draft) -> Next:
    """Thrifty characters draw from the market deck, then the player explores the forest."""
    player = d.active
    d.to_move = player
    d.actions = ACTIONS
    d.deja_vu = False
    d.roll = None
    team = d.teams[player]
    thrifty = 0
    for member in team:
        if member.card.thrifty:
            thrifty += 1
    if thrifty:
        d.draw_market(player, thrifty)
    # One card per character from the top of the forest deck, stopping at a character or a
    # trap: the cards are found first, then the deck, what is known of it and the hand change
    # once (what drawing them one by one with draw_forest and add_to_hand comes to).
    forest = d.forest
    top = len(forest)
    wanted = len(team)
    drawn = 0
    found = []
    stop = None
    while drawn < wanted and drawn < top:
        card = forest[top - 1 - drawn]
        drawn += 1
        kind = card.kind
        if kind is _CHARACTER or kind in _TRAPS:
            stop = card
            break
        found.append(card)
    if drawn:
        d.forest = forest[: top - drawn]
        seen = d.seen
        if any(seen):
            d.seen = tuple(s - drawn if s > drawn else 0 for s in seen)
        if found:
            d.add_to_hand(player, *found)
    if stop is not None:
        return meet(d, stop) if stop.kind is _CHARACTER else spring(d, stop)
    if drawn < wanted:  # the forest ran out: the game is over
        d.draw_forest()
        return _DECIDE
    return _CONTINUE


def _end_turn(d: Draft) -> Next:
    """The next player's turn, or the end of the game once the turns run out."""
    d.turn += 1
    d.failed = None
    if d.turn >= d.config.turn_limit:
        d.end(Outcome.all_lose(d.config.players, f"no Alakazum in {d.config.turn_limit} turns"))
        return _DECIDE
    d.active = (d.active + 1) % d.config.players
    return _start_turn(d)
