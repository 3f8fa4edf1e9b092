"""AlakaSLAM state documents written the usual way, read and checked field by field in one pass.

Every state read from JSON gets the full ``check_state``. On the general road the converter
first turns each JSON value into its object through a hook per field, and the check then looks
at every field again: its type, its range, every card once more for being well formed, a
``Counter`` of the cards for conservation. :func:`read` does both at once for the documents
that writing produces: a card's short name is looked up in a table of the config's own faces
(so a card that reads is well formed and of the deck), the names are counted against the
config's counts, a hand is tested for order by the faces' ranks, and each number is tested
against its range where it is read. The state it makes is then recorded as having passed the
field checks (:func:`~.checks.vouch_fields`), and ``check_state`` checks only what ties the
fields together (the phase, the history, the turn, a move for the player to decide).

Whatever this reader does not take at once (a value of another type, a key too many, a name
it does not know, a number out of range, a finished match) raises :class:`UnusualError`, and
the converter's own hook reads the document, or refuses it with the same message as ever: a
document loads, or fails, as it always did, only sooner. The tests hold the reader to the
general road over random states of every preset and over mutated documents.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from cardgames import _kept
from cardgames._engine import MoveReader, slot_filler
from cardgames.alakaslam.cards import Card, Character
from cardgames.alakaslam.checks import vouch_fields
from cardgames.alakaslam.config import (
    LOSER_DISCARDS,
    MAX_HIT_CARDS,
    Config,
    config_problem,
    deck_cards,
)
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.moves import Move
from cardgames.alakaslam.quick_text import state_writer
from cardgames.alakaslam.state import Bind, Fault, Phase, Point, State
from cardgames.rng import Rng

__all__ = ["UnusualError", "read_state", "register"]


class UnusualError(Exception):
    """A document written otherwise than the usual way, left to the converter's own reader."""


_PHASES: dict[str, Phase] = {phase.value: phase for phase in Phase}
_CHARACTERS: dict[str, Character] = {character.value: character for character in Character}
#: The last point as written (``{"side": 1, "fault": "net"}``), by side and fault: one object
#: for each of the ten there are.
_POINTS: dict[tuple[int, str], Point] = {
    (side, fault.value): Point(side, fault) for side in (0, 1) for fault in Fault
}
_POINT_KEYS = frozenset({"side", "fault"})
_FIELDS = tuple(field.name for field in attrs.fields(State) if field.init)
#: The keys a usual document holds: every field but the result (a finished match is rare, and
#: goes the general way).
_USUAL_KEYS = frozenset(_FIELDS) - {"result"}
_RNG_STATES = 1 << 64
_INTS = itertools.repeat(int)
_LISTS = itertools.repeat(list)
#: A hit holds at most one Enchantment, so at most two wait for a target (see ``checks``).
_MOST_PENDING = 2
_SIMON = Character.SIMON
_CHOOSE = Phase.CHOOSE
_OVER = Phase.OVER
#: A state from all its fields (the memo last, empty), setting its slots straight.
_new_state = slot_filler(State)


class _Tables:
    """What reading a state of one config needs, worked out once per config object (see
    :data:`_tables`): its faces by short name with their ranks in hand order and their counts
    in the deck, and the cells of each half by their column and row."""

    __slots__ = ("cards", "cells", "counts", "court", "players", "rank")

    def __init__(self, config: Config) -> None:
        faces = sorted(set(deck_cards(config)))
        #: Short name -> the card.
        self.cards: dict[str, Card] = {card.code: card for card in faces}
        #: Short name -> the card's place in a sorted hand.
        self.rank: dict[str, int] = {card.code: rank for rank, card in enumerate(faces)}
        #: Short name -> how many of it the match is played with (none is zero).
        self.counts: dict[str, int] = dict(Counter(card.code for card in deck_cards(config)))
        self.players = config.players
        halves = court_for(config.columns).halves
        #: (column, row) -> the cell, for each side's half, and for the whole court.
        self.cells: tuple[dict[tuple[int, int], Cell], ...] = tuple(
            {(cell.col, cell.row): cell for cell in half} for half in halves
        )
        self.court = {**self.cells[0], **self.cells[1]}


def _work_out(config: Config) -> _Tables | None:
    """The tables of ``config``, or ``None`` for a config that cannot be played (whose states
    the general road refuses, saying why)."""
    return None if config_problem(config) is not None else _Tables(config)


#: The tables of each config met, by its identity (a loaded config is one kept object).
_tables = _kept.by_identity(_work_out, owner=__name__)


def _cell(value: Any, cells: dict[tuple[int, int], Cell]) -> Cell:
    """A cell of a half, written as ``[column, row]`` (``KeyError`` when off this half)."""
    if type(value) is not list or len(value) != 2:
        raise UnusualError
    col, row = value
    if type(col) is not int or type(row) is not int:
        raise UnusualError
    return cells[col, row]


def _is_seats(value: Any, seats: int) -> bool:
    """Whether ``value`` is a JSON list of distinct seats of ``seats`` players."""
    return (
        type(value) is list
        and all(map(operator.is_, map(type, value), _INTS))
        and (not value or (min(value) >= 0 and max(value) < seats))
        and len(set(value)) == len(value)
    )


def read(data: Any, read_config: Callable[[Any], Config]) -> State:
    """The state of a usual document's data, which passes every field check of
    :func:`~.checks.state_problem` (and is recorded as such); :class:`UnusualError` (or an
    error of a look-up) for anything else. ``read_config`` is the converter's reader of a
    config."""
    # A required key left out fails its look-up below.
    if type(data) is not dict or not _USUAL_KEYS.issuperset(data):
        raise UnusualError
    try:
        config = read_config(data["config"])
    except Exception:  # told by the general road, which reads the config again
        raise UnusualError from None
    if type(config) is not Config:
        raise UnusualError
    tables = _tables(config)
    if tables is None:
        raise UnusualError
    n = tables.players
    get = data.get
    phase = _PHASES[data["phase"]]  # KeyError, TypeError: no phase's name
    to_move, queue = data["to_move"], data["queue"]
    if (
        phase is _OVER
        or type(to_move) is not int
        or not 0 <= to_move < n
        or not _is_seats(queue, n)
        or len(queue) >= n
        or to_move in queue
    ):
        raise UnusualError
    # One character per seat, each in play once (during the choice, as many as have chosen);
    # Simon copies another character in play.
    named = data["characters"]
    if type(named) is not list:
        raise UnusualError
    characters = tuple(map(_CHARACTERS.__getitem__, named))  # KeyError, TypeError: no name
    if (
        len(set(characters)) != len(characters)
        or len(characters) > n
        or (len(characters) < n and phase is not _CHOOSE)
        or (config.characters is not None and characters != config.characters)
    ):
        raise UnusualError
    copied = data["copied"]
    if copied is not None:
        copied = _CHARACTERS[copied]
        if copied not in characters or copied is _SIMON or _SIMON not in characters:
            raise UnusualError
    # The cards: each a face of the deck (a look-up fails on any other value), hands in order,
    # every card of the deck once.
    card = tables.cards.__getitem__
    deck_names, discard_names = data["deck"], data["discard"]
    played_names = get("played", [])
    hand_names = data["hands"]
    if (
        type(deck_names) is not list
        or type(discard_names) is not list
        or type(played_names) is not list
        or type(hand_names) is not list
        or len(hand_names) != n
        or not all(map(operator.is_, map(type, hand_names), _LISTS))
    ):
        raise UnusualError
    deck = tuple(map(card, deck_names))
    discard = tuple(map(card, discard_names))
    played = tuple(map(card, played_names))
    hands = tuple([tuple(map(card, names)) for names in hand_names])
    rank = tables.rank.__getitem__
    for names in hand_names:
        if sorted(names, key=rank) != names:
            raise UnusualError
    every = Counter(itertools.chain(deck_names, discard_names, played_names, *hand_names))
    if not dict.__eq__(every, tables.counts):
        raise UnusualError
    # The court: each player on their own half, the ball on the court.
    spots, ball = data["positions"], data["ball"]
    if type(spots) is not list or len(spots) not in (0, n):
        raise UnusualError
    cells = tables.cells
    positions = tuple([_cell(spot, cells[player % 2]) for player, spot in enumerate(spots)])
    if ball is not None:
        ball = _cell(ball, tables.court)
    # The score, the seats, the flags and the counters, each within its range.
    score, server, rng = data["score"], data["server"], data["rng"]
    most = config.points_to_win
    if (
        type(score) is not list
        or len(score) != 2
        or type(score[0]) is not int
        or type(score[1]) is not int
        or not 0 <= score[0] <= most
        or not 0 <= score[1] <= most
        or (server is not None and (type(server) is not int or not 0 <= server < n))
        or type(rng) is not dict
        or len(rng) != 1
    ):
        raise UnusualError
    rng_state = rng["state"]
    serving, free_step = get("serving", False), get("free_step", False)
    meddled, locked = get("meddled", False), get("locked", False)
    moved, hitter, binds = get("moved", []), get("hitter"), get("binds", [])
    discards_left, shots = get("discards_left", 0), get("shots", 0)
    if (
        type(rng_state) is not int
        or not 0 <= rng_state < _RNG_STATES
        or type(serving) is not bool
        or type(free_step) is not bool
        or type(meddled) is not bool
        or type(locked) is not bool
        or not _is_seats(moved, n)
        or (hitter is not None and (type(hitter) is not int or not 0 <= hitter < n))
        or type(binds) is not list
        or len(binds) not in (0, n)
        or not all(map(operator.is_, map(type, binds), _INTS))
        or (binds and (min(binds) < 0 or max(binds) > MAX_HIT_CARDS))
        or type(discards_left) is not int
        or not 0 <= discards_left <= LOSER_DISCARDS
        or type(shots) is not int
        or not 0 <= shots <= config.shot_limit
    ):
        raise UnusualError
    pending = get("pending", [])
    if type(pending) is not list:  # an empty value of another type is no empty list
        raise UnusualError
    mover, move = get("last_mover"), get("last_move")
    if move is not None:
        move = read_move(move)  # ValueError, TypeError: not a move (the check tests it more)
    if mover is not None and (type(mover) is not int or not 0 <= mover < n):
        raise UnusualError
    last = get("last_point")
    point = None
    if last is not None:
        if type(last) is not dict or last.keys() != _POINT_KEYS or type(last["side"]) is not int:
            raise UnusualError
        point = _POINTS[last["side"], last["fault"]]  # KeyError, TypeError: no side or fault
    state = _new_state(
        config,
        phase,
        to_move,
        tuple(queue),
        characters,
        copied,
        deck,
        discard,
        hands,
        positions,
        ball,
        (score[0], score[1]),
        server,
        Rng(rng_state),
        serving,
        free_step,
        tuple(moved),
        meddled,
        hitter,
        played,
        tuple(binds),
        locked,
        _pending(pending, n) if pending else (),
        discards_left,
        shots,
        point,
        None,
        mover,
        move,
        None,
    )
    vouch_fields(state)
    return state


def _pending(value: list[Any], seats: int) -> tuple[Bind, ...]:
    """Enchantments waiting for a target (a list): at most two, each ``[player, cards]``."""
    if len(value) > _MOST_PENDING:
        raise UnusualError
    binds = []
    for item in value:
        if type(item) is not list or len(item) != 2:
            raise UnusualError
        player, cards = item
        if (
            type(player) is not int
            or not 0 <= player < seats
            or type(cards) is not int
            or not 1 <= cards <= MAX_HIT_CARDS
        ):
            raise UnusualError
        binds.append(Bind(player, cards))
    return tuple(binds)


#: The errors a look-up of this reader raises on a value it does not know.
_UNUSUAL = (UnusualError, KeyError, TypeError, ValueError)


def read_state(
    fallback: Callable[[Any, Any], State], read_config: Callable[[Any], Config]
) -> Callable[[Any, Any], State]:
    """The converter's hook for reading a state: :func:`read`, or else ``fallback`` (the
    converter's own hook) for a document written otherwise."""

    def structure(data: Any, cls: Any) -> State:
        try:
            return read(data, read_config)
        except _UNUSUAL:
            return fallback(data, cls)

    return structure


#: The converter's own hook for a state, which the quick one falls back on (and the tests hold
#: it to).
generic_reader: Callable[[Any, Any], State]
#: The reader of the move that led to a state, made with the converter's hook of the moves.
read_move: MoveReader


def register() -> None:
    """Give the converter the hook of this module, and the core the writer of
    :mod:`~cardgames.alakaslam.quick_text` (called once, when the game loads)."""
    from cardgames._converter import give_state_text_writer
    from cardgames.serialization import converter

    global generic_reader, read_move  # set once, when the game loads
    generic_reader = converter.get_structure_hook(State)
    move_hook = converter.get_structure_hook(Move)
    read_move = MoveReader(lambda value: move_hook(value, Move))
    config_hook = converter.get_structure_hook(Config)

    def read_config(value: Any) -> Config:
        config: Config = config_hook(value, Config)
        return config

    converter.register_structure_hook(State, read_state(generic_reader, read_config))
    give_state_text_writer(State, Config, state_writer)
