"""Hitting: the plays open to a player (what a play may hold is :mod:`.plays`), the hit and
the doubles support, where the shot lands and the faults it may make, and the binds its
Enchantments put on the return.

See "Hitting" and "Doubles" on the AlakaSLAM rules page. The plays of a hand are looked up
in the speed kit (``_fast.play_options``), which many hands share.
"""

from __future__ import annotations

from cardgames.alakaslam import _fast
from cardgames.alakaslam.cards import Card, CardKind, Character
from cardgames.alakaslam.config import (
    DOUBLES_PLAYERS,
    MAX_HIT_CARDS,
    partner,
    side_of,
    team,
)
from cardgames.alakaslam.court import Landing
from cardgames.alakaslam.draft import Draft
from cardgames.alakaslam.movement import open_after
from cardgames.alakaslam.moves import Decline, Hit, Move, Support, Target
from cardgames.alakaslam.plays import Play, PlayIndex
from cardgames.alakaslam.points import finish, lose_point
from cardgames.alakaslam.state import Bind, Fault, Phase, State, match_end

__all__ = [
    "Play",
    "PlayIndex",
    "apply_decline",
    "apply_hit",
    "apply_support",
    "apply_target",
    "open_plays",
    "target_moves",
]

# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_SUPPORT, _TARGET = Phase.SUPPORT, Phase.TARGET
_ENCHANT = CardKind.ENCHANT
_RICH, _HAZEL, _STEN = Character.RICH, Character.HAZEL, Character.STEN
_LANDS_OUT, _LANDS_NET = Landing.OUT, Landing.NET
_FAULT_OUT, _FAULT_NET, _FAULT_STRAIGHT = Fault.OUT, Fault.NET, Fault.STRAIGHT
_FAULT_LET_GO, _FAULT_NO_ANSWER = Fault.LET_GO, Fault.NO_ANSWER

#: The Enchantment whose play by Rich forbids Enchantments in the return.
RICH_ENCHANT = 2


# --- the plays a hand allows ---------------------------------------------------------------


def _need(value: int, hazel: bool) -> int:
    """The card count an Enchant-``value`` asks of the return (Hazel asks one more)."""
    return min(value + 1, MAX_HIT_CARDS) if hazel else value


def open_plays(
    state: State | Draft, player: int, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """The hits (or support plays) ``player`` could make now, with their index."""
    need = state.binds[player] if state.binds else 0
    return _fast.play_options(state.hands[player], need, not state.locked, support)


# --- the hit, the support and the shot -----------------------------------------------------


def apply_hit(d: Draft, move: Hit) -> None:
    """The hitter plays these cards: in singles the shot is resolved at once; in doubles they
    lie face down until the support has played (or cannot)."""
    hitter = d.to_move
    assert hitter is not None
    d.take(hitter, move.cards)
    d.hitter = hitter
    d.shots += 1
    if d.config.players != DOUBLES_PLAYERS:
        _resolve(d, move.cards, ())
        return
    d.played = move.cards
    support = partner(hitter)
    d.phase, d.to_move, d.queue = _SUPPORT, support, ()
    if not d.binds[support] and not open_plays(d, support, True)[0]:
        # An unbound support who cannot play anything adds nothing to the shot.
        _resolve(d, d.played, ())


def apply_support(d: Draft, move: Support) -> None:
    """The support adds these cards face down; the shot is revealed and resolved."""
    support = d.to_move
    assert support is not None
    d.take(support, move.cards)
    _resolve(d, d.played, move.cards)


def _resolve(d: Draft, hitter_cards: tuple[Card, ...], support_cards: tuple[Card, ...]) -> None:
    """Reveal the shot, move the ball, call a fault or bind the opponents."""
    hitter = d.hitter
    assert hitter is not None
    side = side_of(hitter)
    d.played = ()
    d.to_discard(hitter_cards)
    d.to_discard(support_cards)
    fault = _land(d, hitter, hitter_cards + support_cards)
    if fault is not None:
        lose_point(d, side, fault)
        return
    pending = _enchant(d, hitter, hitter_cards, support_cards)
    result = match_end(d.config, d.score, d.shots)
    if result is not None:
        finish(d, result)
        return
    if d.config.players != DOUBLES_PLAYERS:
        for bind in pending:
            _bind(d, 1 - side, bind.cards)
        open_after(d)
        return
    d.pending = tuple(pending)
    _open_targets(d)


def _land(d: Draft, hitter: int, shot: tuple[Card, ...]) -> Fault | None:
    """Move the ball where the shot sends it, or name the fault it makes (the ball then stays):
    each card's colour pulls it a column toward its edge, each Hit card's value sends it on."""
    assert d.ball is not None
    across, distance = _fast.course(shot)
    start = d.ball
    landing, where = _fast.landing(d.config, start, side_of(hitter), across, distance)
    serving, d.serving = d.serving, False
    if where is _LANDS_OUT:
        return _FAULT_OUT
    if where is _LANDS_NET:
        return _FAULT_NET
    if serving and landing.col == start.col and not d.has(hitter, _STEN):
        return _FAULT_STRAIGHT
    d.ball = landing
    return None


def _enchant(
    d: Draft, hitter: int, hitter_cards: tuple[Card, ...], support_cards: tuple[Card, ...]
) -> list[Bind]:
    """The binds the shot's Enchantments put on the return, waiting for their targets; the
    hitting side's own binds are answered, and Rich's Enchant-2 locks the return."""
    binds = list(d.binds)
    for p in d.team(side_of(hitter)):
        binds[p] = 0
    d.binds = tuple(binds)
    d.locked = False
    support = partner(hitter) if d.config.players == DOUBLES_PLAYERS else None
    pending: list[Bind] = []
    for player, cards in ((hitter, hitter_cards), (support, support_cards)):
        if player is None:
            continue
        for card in cards:
            if card.kind is not _ENCHANT:
                continue
            if card.value == RICH_ENCHANT and d.has(player, _RICH):
                d.locked = True
            pending.append(Bind(player, _need(card.value, d.has(player, _HAZEL))))
    return pending


# --- binds and their targets ---------------------------------------------------------------


def _bind(d: Draft, player: int, cards: int) -> None:
    """``player``'s next hit must be exactly ``cards`` cards."""
    binds = list(d.binds)
    binds[player] = cards
    d.binds = tuple(binds)


def _open_targets(d: Draft) -> None:
    """Doubles: the next Enchantment's player names its target (automatic when one is left)."""
    while d.pending:
        options = _target_options(d)
        bind = d.pending[0]
        if len(options) > 1:
            d.phase, d.to_move, d.queue = _TARGET, bind.player, ()
            return
        d.pending = d.pending[1:]
        if options:
            _bind(d, options[0], bind.cards)
    open_after(d)


def apply_target(d: Draft, move: Target) -> None:
    """The Enchantment waiting first binds this opponent; the next one's player names theirs."""
    bind, d.pending = d.pending[0], d.pending[1:]
    _bind(d, move.player, bind.cards)
    _open_targets(d)


def target_moves(state: State, player: int) -> tuple[Move, ...]:
    """The opponents the first waiting Enchantment may bind."""
    return tuple(Target(p) for p in _target_options(state))


def _target_options(state: State | Draft) -> tuple[int, ...]:
    """The opponents an Enchantment of this shot may still bind."""
    hitting = side_of(state.pending[0].player)
    taken = {p for p, b in enumerate(state.binds) if b and side_of(p) != hitting}
    return tuple(p for p in team(state.config.players, 1 - hitting) if p not in taken)


# --- letting the ball go -------------------------------------------------------------------


def apply_decline(d: Draft, move: Decline) -> None:
    """The side lets the ball go (or the support cannot answer a bind): it loses the point."""
    player = d.to_move
    assert player is not None
    fault = _FAULT_NO_ANSWER if d.phase is _SUPPORT else _FAULT_LET_GO
    if d.phase is _SUPPORT:
        d.to_discard(d.played)
        d.played = ()
    lose_point(d, side_of(player), fault)
