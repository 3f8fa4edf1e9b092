"""Leading and answering, what each move does: a shot lands in its section and the next player
answers from there, a lob skips a player, an attack asks for the identical card or a pick-up of
the total, Just Out, Yours and Challenge turn the exchange, and a player who cannot play picks
up and the player on their left leads. Which moves are open is :mod:`.rules`' business."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.lerally.cards import CardKind, Section
from cardgames.lerally.draft import Draft, next_player
from cardgames.lerally.moves import Lob, Offense, PickUp, Play
from cardgames.lerally.winning import after_play

__all__ = ["APPLY", "PICK_UP"]

#: Cards picked up by a player who cannot play (unless an attack says more), and by the victim
#: of a Just Out.
PICK_UP = 3


def _apply_play(d: Draft, move: Play) -> None:
    player = d.to_move
    assert player is not None
    card = move.card
    d.take(player, card)
    d.pile = (*d.pile, card)
    kind = card.kind
    if kind is CardKind.SHOT:
        _land(d, player, card.target, next_player(d.config, player))
    elif kind is CardKind.ATTACK:
        d.attack_total = d.attack_total + card.value if d.attack is not None else card.value
        d.attack, d.ball, d.last = card, None, player
        _turn_to(d, next_player(d.config, player))
    elif kind is CardKind.JUST_OUT:
        victim = d.last
        assert victim is not None
        d.pick_up(victim, PICK_UP)
        d.end_exchange(player)
        after_play(d, player)
    elif kind is CardKind.YOURS:
        d.last = player
        _turn_to(d, next_player(d.config, player))
    else:  # CHALLENGE: the player of the card before answers the shot themselves
        challenged = d.last
        assert challenged is not None
        d.last = player
        _turn_to(d, challenged)


def _apply_lob(d: Draft, move: Lob) -> None:
    player = d.to_move
    assert player is not None
    d.take(player, move.card, move.count)
    d.pile = d.pile + (move.card,) * move.count
    _land(d, player, move.card.target, next_player(d.config, next_player(d.config, player)))


def _apply_offense(d: Draft, move: Offense) -> None:
    player = d.to_move
    assert player is not None
    card = next(c for c in d.hands[player] if c.kind is CardKind.OFFENSE)
    d.take(player, card)
    d.pile = (*d.pile, card)
    _land(d, player, move.to, next_player(d.config, player))


def _land(d: Draft, player: int, section: Section | None, answerer: int) -> None:
    """A shot by ``player`` lands in ``section``; ``answerer`` plays from there."""
    d.ball, d.attack, d.attack_total, d.last, d.leading = section, None, 0, player, False
    d.to_move = answerer  # as _turn_to does, without a call more on the commonest move
    after_play(d, player)


def _turn_to(d: Draft, answerer: int) -> None:
    player = d.to_move
    assert player is not None
    d.to_move = answerer
    d.leading = False
    after_play(d, player)


def _apply_pick_up(d: Draft, move: PickUp) -> None:
    player = d.to_move
    assert player is not None
    d.pick_up(player, d.attack_total if d.attack is not None else PICK_UP)
    d.end_exchange(next_player(d.config, player))
    after_play(d, player)


#: What each kind of move does to the draft, by the move's class.
APPLY: dict[type, Callable[[Draft, Any], None]] = {
    Play: _apply_play,
    Lob: _apply_lob,
    Offense: _apply_offense,
    PickUp: _apply_pick_up,
}
