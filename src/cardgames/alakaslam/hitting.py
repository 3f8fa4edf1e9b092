"""Hitting: the plays a hand allows (one to three cards, at most one Enchantment, exactly
as many as a bind asks), the hit and the doubles support, where the shot lands and the faults
it may make, and the binds its Enchantments put on the return.

See "Hitting" and "Doubles" on the AlakaSLAM rules page. The plays of a hand are cached:
many hands share what matters to a play of at most three cards.
"""

from __future__ import annotations

import functools
import itertools

from cardgames.alakaslam.cards import Card, CardKind, Character
from cardgames.alakaslam.config import (
    DOUBLES_PLAYERS,
    MAX_HIT_CARDS,
    Config,
    partner,
    side_of,
    team,
)
from cardgames.alakaslam.court import Cell, Landing, court_for
from cardgames.alakaslam.draft import Draft
from cardgames.alakaslam.movement import open_after
from cardgames.alakaslam.moves import Decline, Hit, Move, Support, Target
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
_HIT, _ENCHANT = CardKind.HIT, CardKind.ENCHANT
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


def _enchantments(cards: tuple[Card, ...]) -> int:
    """How many of ``cards`` are Enchantments."""
    return sum(1 for card in cards if card.kind is _ENCHANT)


#: A play of cards: a hit, or a doubles support.
Play = Hit | Support
#: The plays open now, each mapped to itself: ``apply_move`` finds the rules' own object
#: for a play with one lookup.
PlayIndex = dict[Play, Play]


@functools.lru_cache(maxsize=16384)
def _play_options(
    hand: tuple[Card, ...], need: int, enchant_ok: bool, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """Every play of 1-3 cards (exactly ``need`` when bound) from ``hand``, at most one of them
    an Enchantment (none when not ``enchant_ok``), as moves, with an index for lookups.

    Cached twice: by hand, and by what of the hand matters to a play of at most three cards
    with at most one Enchantment (its signature), which many hands share.
    """
    return _plays_of_signature(_signature(hand, need or MAX_HIT_CARDS, enchant_ok), need, support)


def _signature(hand: tuple[Card, ...], most: int, enchant_ok: bool) -> tuple[Card, ...]:
    """The sorted hand with each Hit face kept at most ``most`` times and each Enchantment
    face at most once (never, when Enchantments may not be played)."""
    kept: list[Card] = []
    previous = None
    run = 0
    for card in hand:
        if card == previous:
            run += 1
        else:
            previous, run = card, 1
        if card.kind is _ENCHANT:
            if enchant_ok and run == 1:
                kept.append(card)
        elif run <= most:
            kept.append(card)
    return tuple(kept)


@functools.lru_cache(maxsize=16384)
def _plays_of_signature(
    signature: tuple[Card, ...], need: int, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """The plays of :func:`_play_options` for a hand's signature."""
    sizes = (need,) if need else range(1, MAX_HIT_CARDS + 1)
    plays: list[Play] = []
    for size in sizes:
        for cards in dict.fromkeys(itertools.combinations(signature, size)):
            if _enchantments(cards) <= 1:
                plays.append(_play(cards, support))
    found = tuple(plays)
    return found, {play: play for play in found}


@functools.cache
def _play(cards: tuple[Card, ...], support: bool) -> Play:
    """The one move object for these cards (plays are few: at most three cards of a small
    set of faces), so that equal plays are one object and hash once."""
    return Support(cards) if support else Hit(cards)


def open_plays(
    state: State | Draft, player: int, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """The hits (or support plays) ``player`` could make now, with their index."""
    need = state.binds[player] if state.binds else 0
    return _play_options(state.hands[player], need, not state.locked, support)


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
    across, distance = _course(shot)
    start = d.ball
    landing, where = _landing(d.config, start, side_of(hitter), across, distance)
    serving, d.serving = d.serving, False
    if where is _LANDS_OUT:
        return _FAULT_OUT
    if where is _LANDS_NET:
        return _FAULT_NET
    if serving and landing.col == start.col and not d.has(hitter, _STEN):
        return _FAULT_STRAIGHT
    d.ball = landing
    return None


@functools.lru_cache(maxsize=4096)
def _course(shot: tuple[Card, ...]) -> tuple[int, int]:
    """How many columns across (toward red) and rows forward a shot's cards send the ball
    (see :func:`_land`), worked out once per shot."""
    across = sum(card.colour.aim for card in shot if card.colour is not None)
    distance = sum(card.value for card in shot if card.kind is _HIT)
    return across, distance


@functools.lru_cache(maxsize=4096)
def _landing(
    config: Config, start: Cell, side: int, across: int, distance: int
) -> tuple[Cell, Landing]:
    """:meth:`Court.land` on the court of ``config``, worked out once per shot's course."""
    return court_for(config.columns).land(start, side, across, distance)


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
