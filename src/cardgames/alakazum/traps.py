"""Traps: the cards of the forest that strike the player who draws them while exploring.

Black Friday: give away half of one's hand. Halloween: half of one's hand or a character.
Santa Claus' Present: a die handed from player to player until it explodes (a roll below 3), and
its holder loses a character. Cupcakes: the turn's action is lost. A trap leaves the game once
it has struck.
"""

from __future__ import annotations

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card, Kind
from cardgames.alakazum.draft import Draft, Next, distinct
from cardgames.alakazum.ending import offer_sacrifice, sacrificable, sacrifice_moves
from cardgames.alakazum.moves import GiveCard, GiveHalf, Move, PassDie
from cardgames.alakazum.state import Phase, State

__all__ = [
    "SANTA_EXPLODES_BELOW",
    "SANTA_MAX_PASSES",
    "give_card",
    "give_half",
    "give_moves",
    "half_hand",
    "pass_die",
    "santa_explodes",
    "santa_moves",
    "spring",
    "trick_moves",
    "trick_offered",
]

_DECIDE, _CONTINUE = Next.DECIDE, Next.CONTINUE

#: Santa Claus' Present explodes on a roll below this.
SANTA_EXPLODES_BELOW = 3
#: After this many passes, the Santa Claus die explodes whatever it shows (see the rules doc).
SANTA_MAX_PASSES = 20

_PHASE_GIVE = Phase.GIVE
_PHASE_SANTA = Phase.SANTA
_PHASE_TRICK = Phase.TRICK
_BLACK_FRIDAY, _HALLOWEEN, _SANTA_CLAUS = Kind.BLACK_FRIDAY, Kind.HALLOWEEN, Kind.SANTA_CLAUS
_GIVE_HALF = GiveHalf()
_GIVE_CARD = _fast.interned(GiveCard)
_PASS_DIE = _fast.interned(PassDie, 64)


def half_hand(hand: tuple[Card, ...]) -> int:
    """How many cards Black Friday (or Halloween) takes of ``hand``: half, rounded down (so
    nothing of one card)."""
    return len(hand) // 2


def trick_offered(d: Draft | State, player: int) -> bool:
    """Whether Halloween offers ``player`` the choice between half the hand and a character:
    only when both are possible (half the hand is something, and a character can leave)."""
    return bool(half_hand(d.hands[player])) and bool(sacrificable(d, player))


def santa_explodes(roll: int, passes: int) -> bool:
    """Whether Santa Claus' die explodes: a roll below 3, or any roll once it has been handed on
    :data:`SANTA_MAX_PASSES` times (so that the trap always ends)."""
    return roll < SANTA_EXPLODES_BELOW or passes >= SANTA_MAX_PASSES


def spring(d: Draft, trap: Card) -> Next:
    """A trap drawn in the forest: its effect at once, then it leaves the game."""
    d.removed = (*d.removed, trap)
    player = d.active
    half = half_hand(d.hands[player])
    kind = trap.kind
    if kind is _BLACK_FRIDAY:
        return _start_giving(d, half)
    if kind is _HALLOWEEN:
        # Half the hand or a character; a player who can give neither is spared.
        if trick_offered(d, player):
            d.phase = _PHASE_TRICK
            return _DECIDE
        if half:
            return _start_giving(d, half)
        return offer_sacrifice(d, player, then=_CONTINUE)
    if kind is _SANTA_CLAUS:
        d.santa = 0
        return _santa_roll(d, player)
    # Cupcakes: the turn's action is lost
    d.actions = 0
    return _CONTINUE


# --- Black Friday and Halloween -------------------------------------------------------------


def trick_moves(state: State, player: int) -> tuple[Move, ...]:
    """Halloween: half of one's hand, or a character."""
    return (_GIVE_HALF, *sacrifice_moves(state, player))


def _start_giving(d: Draft, count: int) -> Next:
    if count <= 0:
        return _CONTINUE
    d.giving = count
    d.phase = _PHASE_GIVE
    return _DECIDE


def give_half(d: Draft, move: GiveHalf) -> Next:
    """Halloween: the player gives half of their hand rather than a character."""
    return _start_giving(d, half_hand(d.hands[d.active]))


def give_moves(state: State, player: int) -> tuple[Move, ...]:
    """Each hand card given to each other player."""
    others = [p for p in range(state.config.players) if p != player]
    return tuple(_GIVE_CARD(c.name, p) for c in distinct(state.hands[player]) for p in others)


def give_card(d: Draft, move: GiveCard) -> Next:
    """One card given away; the turn goes on once all are."""
    card = d.take_from_hand(d.active, move.card)
    d.add_to_hand(move.player, card)
    d.giving -= 1
    return _CONTINUE if d.giving == 0 else _DECIDE


# --- Santa Claus' Present ---------------------------------------------------------------------


def _santa_roll(d: Draft, holder: int) -> Next:
    """The holder of Santa Claus' die rolls: below 3 it explodes and one of their characters
    goes to the cemetery (never their last one); otherwise they hand it on."""
    d.roll = d.die()
    d.to_move = holder
    if santa_explodes(d.roll, d.santa):
        return offer_sacrifice(d, holder, then=_CONTINUE)
    d.phase = _PHASE_SANTA
    return _DECIDE


def santa_moves(state: State, player: int) -> tuple[Move, ...]:
    """The die handed to each other player."""
    return tuple(_PASS_DIE(o) for o in range(state.config.players) if o != player)


def pass_die(d: Draft, move: PassDie) -> Next:
    """The die goes to the chosen player, who rolls it."""
    d.santa += 1
    return _santa_roll(d, move.player)
