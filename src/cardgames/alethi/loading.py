"""Alethi state documents written the usual way, read and checked in one pass.

Loading a state checks it in full (:func:`~.checks.check_state`): the types, a field one can
play from (its board built, no card that should have been captured, a decision for the side to
move) and a position the rules can reach (every card of both armies once, the counters within
bounds). Done object by object after the document is read, that check costs several times the
reading. :func:`read` does both at once, for the documents that writing produces (a preset's
config, a game going on): while it turns each JSON card into a card it also files the card
into the board, so the board, the counts and each bound of the full check come out of that one
pass; the state then carries the board for its first ``legal_moves``, and ``check_state`` knows
it passed (:func:`~.checks.vouch`).

Only the verdict "passes" is taken from here. A state this pass cannot vouch for (a broken one,
or one it does not know well enough) is made all the same and left to the readable check,
which refuses it with the reason, or accepts it; a document of any other shape raises
:class:`UnusualError`, for the converter's own reader. The tests hold the reader to the
full check over random games and broken states.
"""

from __future__ import annotations

import operator
from itertools import chain
from typing import Any

from cardgames._engine import slot_filler
from cardgames.alethi._fast import LIMIT, STRIDE, Board, bind, counts_of
from cardgames.alethi.captures import STRICTLY_MORE, outweighs, pressure
from cardgames.alethi.cards import (
    BLUE_START,
    DEFAULT_ARMY,
    PLAYERS,
    RED_START,
    Cell,
    Colour,
    Kind,
)
from cardgames.alethi.checks import stats, vouch
from cardgames.alethi.config import MAX_CARDS, Config, check_config
from cardgames.alethi.state import Card, Phase, Placed, State, new_placed
from cardgames.alethi.turn import has_options
from cardgames.rng import Rng

__all__ = ["CONFIGS", "DEFAULT", "UnusualError", "read"]


class UnusualError(Exception):
    """A document written otherwise than the usual way, left to the converter's own reader."""


_COLOURS = (Colour.RED, Colour.BLUE)
_KINDS: dict[str, Kind] = {kind.value: kind for kind in Kind}
_PHASES: dict[str, Phase] = {phase.value: phase for phase in Phase}
_OVER = Phase.OVER
_GENERAL, _SCOUT, _SQUIRE, _KING = Kind.GENERAL, Kind.SCOUT, Kind.SQUIRE, Kind.KING
#: The config written as ``{}``: every document of it reads as this one object. It plays the
#: standard army, whose stats the cards kept below carry.
DEFAULT = Config()
#: The two configs with a fixed first player (written ``{"first_player": 0}`` or ``1``), by that
#: player: one object each, of the standard army too.
CONFIGS = {0: Config(first_player=0), 1: Config(first_player=1)}
for _usual in (DEFAULT, *CONFIGS.values()):
    check_config(_usual)
_ARMY = DEFAULT_ARMY
_ATTACK = {card.kind: card.attack for card in _ARMY}
_HEALTH = {card.kind: card.health for card in _ARMY}
_RANK = {card.kind: rank for rank, card in enumerate(_ARMY)}
#: Past its limit the field of a standard game widens by at most one cell a turn (its army has
#: a Scout), besides one a card.
_SCOUTS = any(card.kind is _SCOUT and card.count for card in _ARMY)
_LIMIT = stats(DEFAULT).turn_limit

_INT_LIMIT = 1 << 64
_OFFSET = LIMIT
_Y = STRIDE - 1
_STARTS = tuple(x * STRIDE + y + _OFFSET for x, y in (*RED_START, *BLUE_START))
_CARD = operator.itemgetter(0)
_KEY = operator.itemgetter(1)
_KEY_CARD = operator.itemgetter(1, 0)
_AROUND = operator.itemgetter(4)
_KIND = operator.itemgetter(3)
_NO_KEYS: frozenset[int] = frozenset()
_NEW_CELL = tuple.__new__
_new_object = object.__new__
_new_state = slot_filler(State)
_new_rng = slot_filler(Rng)
_set_memo = vars(State)["_memo"].__set__

#: What a card of the field is by its JSON values ``(owner, kind, x, y, captured)``: the card
#: (equal cards are one object), its cell's key (``None`` off the cells a check accepts), its
#: colour, kind, its cell's four neighbours, its attack and health. Bounded, then started anew.
Entry = tuple[Placed, int | None, int, Kind, tuple[int, int, int, int], int, int]
_SEEN: dict[tuple[int, str, int, int, bool], Entry] = {}
_SEEN_MOST = 1 << 14
#: Each card off the field by its JSON values ``(owner, kind)``.
_GONE = {(colour.value, kind.value): Card(colour, kind) for colour in _COLOURS for kind in Kind}
#: A barracks by its JSON list as a tuple: its kinds, and how many cards of each kind its side
#: has elsewhere (on the field or soulcast out) if the rules can reach it (in army order, no
#: kind more than the army has), else ``None``.
_BARRACKS: dict[tuple[str, ...], tuple[tuple[Kind, ...], dict[Kind, int] | None]] = {}
_BARRACKS_MOST = 1 << 12


def _entry(owner: object, kind: object, x: int, y: int, captured: bool) -> Entry:
    """The :data:`Entry` of a card not met yet (its types already checked but ``owner``'s)."""
    found = _KINDS.get(kind) if type(kind) is str else None
    if (
        found is None
        or type(owner) is not int
        or not 0 <= owner <= 1
        or not -_INT_LIMIT < x < _INT_LIMIT
        or not -_INT_LIMIT < y < _INT_LIMIT
    ):
        raise UnusualError
    card = new_placed(_COLOURS[owner], found, _NEW_CELL(Cell, (x, y)), captured)
    key = None
    if -LIMIT < x < LIMIT - 1 and -LIMIT < y < LIMIT - 1:
        key = x * STRIDE + y + _OFFSET
    around = (0, 0, 0, 0) if key is None else (key - 1, key - STRIDE, key + STRIDE, key + 1)
    entry = (card, key, owner, found, around, _ATTACK[found], _HEALTH[found])
    if len(_SEEN) >= _SEEN_MOST:
        _SEEN.clear()
    _SEEN[owner, kind, x, y, captured] = entry  # type: ignore[index]
    return entry


def _barracks(items: object) -> tuple[tuple[Kind, ...], dict[Kind, int] | None]:
    """A barracks' kinds from its JSON list, and the cards of each kind its side has elsewhere
    (``None`` if no state the rules reach holds this barracks)."""
    if type(items) is not list:
        raise UnusualError
    key = tuple(items)
    found = _BARRACKS.get(key)  # only strings equal strings: a list of others is not found
    if found is None:
        if not all(type(item) is str for item in key):
            raise UnusualError
        kinds = tuple(_KINDS[item] for item in key)  # KeyError: unusual
        ranks = [_RANK[kind] for kind in kinds]
        left = {card.kind: card.count - kinds.count(card.kind) for card in _ARMY}
        elsewhere = None
        if ranks == sorted(ranks) and len(kinds) <= MAX_CARDS and min(left.values()) >= 0:
            elsewhere = {kind: count for kind, count in left.items() if count}
        found = (kinds, elsewhere)
        if len(_BARRACKS) >= _BARRACKS_MOST:
            _BARRACKS.clear()
        _BARRACKS[key] = found
    return found


def _config(data: object) -> Config:
    if type(data) is not dict:
        raise UnusualError
    if not data:
        return DEFAULT
    first = data.get("first_player")
    if len(data) != 1 or type(first) is not int or first not in CONFIGS:
        raise UnusualError
    return CONFIGS[first]


_STATE_KEYS = frozenset(
    {"config", "field", "barracks", "removed", "to_move", "phase", "turn", "result", "rng"}
)


def read(data: Any) -> State:
    """The state ``data`` holds, if it is written the usual way (else :class:`UnusualError`); with
    its board and vouched for, if it passes the full check."""
    try:
        return _read(data)
    except (KeyError, TypeError, ValueError):
        raise UnusualError from None


def _read(data: Any) -> State:
    if type(data) is not dict or data.keys() != _STATE_KEYS:
        raise UnusualError
    config = _config(data["config"])
    field, removed, rng, turn = data["field"], data["removed"], data["rng"], data["turn"]
    mover, phase = data["to_move"], _PHASES[data["phase"]]  # KeyError: unusual
    red_barracks, blue_barracks = data["barracks"]  # ValueError: not a pair
    if (
        data["result"] is not None
        or type(field) is not list
        or type(removed) is not list
        or type(data["barracks"]) is not list
        or type(rng) is not dict
        or rng.keys() != {"state"}
        or type(rng["state"]) is not int
        or not 0 <= rng["state"] < _INT_LIMIT
        or type(turn) is not int
        or not 0 <= turn < _INT_LIMIT
        or type(mover) is not int
        or not 0 <= mover <= 1
    ):
        raise UnusualError
    # The field, each card sorted by its side and whether it is captured on the way.
    seen = _SEEN.get
    entries: list[Entry] = []
    ups: tuple[list[Entry], list[Entry]] = ([], [])
    down: list[Entry] = []
    for item in field:
        if type(item) is not dict:
            raise UnusualError
        if len(item) == 3:
            captured = False
        else:
            captured = item["captured"]
            if type(captured) is not bool or len(item) != 4:
                raise UnusualError
        owner, at = item["owner"], item["at"]
        if type(at) is not list or type(owner) is not int:
            raise UnusualError
        x, y = at
        if type(x) is not int or type(y) is not int:
            raise UnusualError
        entry = seen((owner, item["kind"], x, y, captured))
        if entry is None:
            entry = _entry(owner, item["kind"], x, y, captured)
        entries.append(entry)
        if captured:
            down.append(entry)
        else:
            ups[owner].append(entry)
    gone = []
    for item in removed:
        if type(item) is not dict or len(item) != 2 or type(item["owner"]) is not int:
            raise UnusualError
        gone.append(_GONE[item["owner"], item["kind"]])  # KeyError: unusual
    red, red_elsewhere = _barracks(red_barracks)
    blue, blue_elsewhere = _barracks(blue_barracks)
    barracks = (red, blue)
    colour = _COLOURS[mover]
    state: State = _new_state(
        config,
        tuple(map(_CARD, entries)),
        barracks,
        tuple(gone),
        colour,
        phase,
        turn,
        None,
        _new_rng(rng["state"]),
        None,
    )
    board = _checked_board(state, entries, ups, down, red_elsewhere, blue_elsewhere)
    if board is not None:
        _set_memo(state, bind(board, stats(config), id(state)))
        vouch(state)
    return state


def _checked_board(
    state: State,
    entries: list[Entry],
    ups: tuple[list[Entry], list[Entry]],
    down: list[Entry],
    red_elsewhere: dict[Kind, int] | None,
    blue_elsewhere: dict[Kind, int] | None,
) -> Board | None:
    """The board of ``state`` (just read, of a config of :data:`CONFIGS` or the default, with
    no result) if it passes the full check, else ``None``: ``check_state``'s bounds one by
    one (see :mod:`~.checks` for why each holds), from the cards as :func:`_read` sorted them."""
    turn, gone, mover = state.turn, state.removed, state.to_move
    first = state.config.first_player
    fields = len(entries)
    cards: dict[int | None, Placed] = dict(map(_KEY_CARD, entries))
    red_up, blue_up = ups
    if (
        state.phase is _OVER
        or not 1 <= turn <= _LIMIT
        or red_elsewhere is None
        or blue_elsewhere is None
        or not red_up
        or not blue_up
        or fields > PLAYERS * MAX_CARDS
        or len(gone) > PLAYERS * MAX_CARDS
        or len(cards) != fields
        or None in cards
        or fields - len(_STARTS) + len(gone) > 2 * turn
        or (first is not None and mover != (first + turn - 1) % PLAYERS)
    ):
        return None
    for key in _STARTS:
        start = cards.get(key)
        if start is None or start.kind is not _SQUIRE:
            return None
    # Every card of both armies once: each side's cards on the field and soulcast out are the
    # ones its barracks leaves (kinds counted as the board counts its standing cards).
    red_kinds: dict[Kind, int] = {}
    for entry in red_up:
        kind = entry[3]
        red_kinds[kind] = red_kinds.get(kind, 0) + 1
    blue_kinds: dict[Kind, int] = {}
    for entry in blue_up:
        kind = entry[3]
        blue_kinds[kind] = blue_kinds.get(kind, 0) + 1
    if down or gone:
        red_all, blue_all = dict(red_kinds), dict(blue_kinds)
        for card in chain(map(_CARD, down), gone):
            if card.kind is _KING:
                return None  # a King captured (the game would be over) or soulcast
            counts = blue_all if card.owner else red_all
            counts[card.kind] = counts.get(card.kind, 0) + 1
        if red_all != red_elsewhere or blue_all != blue_elsewhere:
            return None
    elif red_kinds != red_elsewhere or blue_kinds != blue_elsewhere:
        return None
    keys: Any = cards
    ys = [key & _Y for key in keys]
    span = (max(keys) // STRIDE - min(keys) // STRIDE + 1) + (max(ys) - min(ys) + 1)
    if span > fields + (turn if _SCOUTS else 0):
        return None
    # The board's parts, then the pressure on every uncaptured card that an enemy touches.
    red_keys = frozenset(map(_KEY, red_up))
    blue_keys = frozenset(map(_KEY, blue_up))
    red_near = set(chain.from_iterable(map(_AROUND, red_up)))
    blue_near = set(chain.from_iterable(map(_AROUND, blue_up)))
    board: Board
    if _OWN_BUILD:
        board = _new_object(Board)
        board.cards = cards  # type: ignore[assignment]
        board._targets = None
        board.held = (counts_of(map(_KIND, red_up)), counts_of(map(_KIND, blue_up)))
        board.standing = (red_keys, blue_keys)
        board.generals = (
            _of_kind(red_kinds, red_up, _GENERAL),
            _of_kind(blue_kinds, blue_up, _GENERAL),
        )
        board.scouts = (
            _of_kind(red_kinds, red_up, _SCOUT),
            _of_kind(blue_kinds, blue_up, _SCOUT),
        )
        board.throwable = (
            tuple(sorted(red_near.difference(cards))),
            tuple(sorted(blue_near.difference(cards))),
        )
    else:
        board = Board.build(state.field)
    # Only the cards an enemy card touches are judged: the others are pressed by nothing.
    assert not outweighs(0, 0), STRICTLY_MORE
    for key in chain(red_keys.intersection(blue_near), blue_keys.intersection(red_near)):
        if outweighs(pressure(board, key, _ATTACK), _HEALTH[cards[key].kind]):
            return None
    if not has_options(board, state.barracks, mover, state.phase):
        return None
    return board


def _of_kind(kinds: dict[Kind, int], up: list[Entry], kind: Kind) -> frozenset[int]:
    """The keys of the uncaptured cards of one side (``up``, whose kinds ``kinds`` counts)
    that are of ``kind``."""
    if not kinds.get(kind):
        return _NO_KEYS
    return frozenset([entry[1] for entry in up if entry[3] is kind])  # type: ignore[misc]


#: The parts of a board, as :meth:`Board.build` sets them: this module fills them itself while
#: it checks, and leaves the board to ``Board.build`` should it ever hold other parts.
_PARTS = (
    "_targets",
    "cards",
    "generals",
    "held",
    "moves",
    "owner",
    "scouts",
    "standing",
    "table",
    "throwable",
)
_OWN_BUILD = tuple(sorted(Board.__slots__)) == _PARTS
