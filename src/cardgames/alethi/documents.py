"""Alethi's JSON documents of states: one writer, and one pass that reads and checks.

A state of this game is read and written often (search, storage, the network), and the
converter's walk of its classes costs several times the work; this module gives the converter
one hook each way for :class:`State`, and the text writer in front of the encoder.

:func:`read` reads a document written the usual way and runs the full check of a loaded state
(:func:`~.checks.check_state`) in the same pass: while it turns each JSON card into a card it
files the card into the board, so the board, the counts and every bound of the check come out
of that one pass, and the state carries the board for its first ``legal_moves``
(:func:`~.checks.vouch`). Only the verdict "passes" is taken from here: a state it cannot vouch
for is made all the same and left to the readable check, which gives the reason. A document of
another shape raises :class:`UnusualError`, for the converter's own hook.

:func:`write_state` builds the JSON form straight from the fields; :func:`state_writer` joins
the same text without the form, each card's text made once and kept by the card's identity
(cards are frozen and live on through a game's states). Only a state whose memo is its own is
written that way, and either writer takes only the default army, no turn limit, no result and
fields of known types: any other state goes, whole, to the converter's hook and the encoder.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from itertools import chain
from typing import Any, cast

from cardgames._engine import ByIdentity, slot_filler
from cardgames.alethi._fast import LIMIT, STRIDE, Board, Memo, bind, counts_of
from cardgames.alethi.captures import STRICTLY_MORE, outweighs, pressure
from cardgames.alethi.cards import BLUE_START, DEFAULT_ARMY, PLAYERS, RED_START, Cell, Colour, Kind
from cardgames.alethi.checks import stats, vouch
from cardgames.alethi.config import MAX_CARDS, Config, check_config
from cardgames.alethi.state import Card, Phase, Placed, State, new_placed
from cardgames.alethi.turn import has_options
from cardgames.rng import Rng

__all__ = [
    "CONFIGS",
    "DEFAULT",
    "UnusualError",
    "read",
    "read_state",
    "register",
    "state_writer",
    "write_state",
]


class UnusualError(Exception):
    """A document, or a state, of another shape than the usual one: the converter's own hook
    reads or writes it."""


# Reading: the document's values taken to a state and checked in the same pass.

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
_PARTS: tuple[str, ...] = ("_targets", "cards", "generals", "held", "moves", "owner", "scouts")
_PARTS += ("standing", "table", "throwable")
_OWN_BUILD = tuple(sorted(Board.__slots__)) == _PARTS


# Writing: the state's hook, and its text without the hook.


def _plain(config: object) -> dict[str, int] | None:
    """The JSON form of a config that :func:`read` reads, or ``None`` for another."""
    if (
        type(config) is not Config
        or config.army is not DEFAULT_ARMY
        or config.turn_limit is not None
    ):
        return None
    first = config.first_player
    if first is None:
        return {}
    return {"first_player": first} if type(first) is int and first in CONFIGS else None


def read_state(fallback: Callable[[Any, Any], State]) -> Callable[[Any, Any], State]:
    """The converter's hook for reading a state: :func:`read`, or else ``fallback``
    (the converter's own hook) for a document written otherwise."""

    def structure(data: Any, cls: Any) -> State:
        try:
            return read(data)
        except UnusualError:
            return fallback(data, cls)

    return structure


def _parts(
    state: State,
) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """The field, the cards soulcast out and the two barracks of a state that the writers of
    this module write themselves: no result, and its parts of the types the rules give them
    (:class:`UnusualError` for any other, which the converter's hook writes)."""
    field, removed, barracks, rng = state.field, state.removed, state.barracks, state.rng
    if (
        state.result is not None
        or type(field) is not tuple
        or type(removed) is not tuple
        or type(barracks) is not tuple
        or len(barracks) != 2
        or type(rng) is not Rng
        or type(rng.state) is not int
        or type(state.phase) is not Phase
        or type(state.turn) is not int
    ):
        raise UnusualError
    red, blue = barracks
    if type(red) is not tuple or type(blue) is not tuple:
        raise UnusualError
    return field, removed, red, blue


def write_state(fallback: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The converter's hook for writing a state: its JSON form built field by field, the
    default config as its empty form; ``fallback`` (the converter's own hook) writes any state
    of another config or with a result, and any malformed one."""

    def unstructure(state: State) -> Any:
        config = _plain(getattr(state, "config", None))
        if type(state) is not State or config is None:
            return fallback(state)
        try:
            field, removed, red, blue = _parts(state)
        except UnusualError:
            return fallback(state)
        items = []
        for card in field:
            if type(card) is not Placed or type(card.captured) is not bool:
                return fallback(state)
            item = {"owner": card.owner, "kind": card.kind, "at": card.at}
            if card.captured:
                item["captured"] = True
            items.append(item)
        if any(type(gone) is not Card for gone in removed):
            return fallback(state)
        return {
            "config": config,
            "field": items,
            "barracks": [list(red), list(blue)],
            "removed": [{"owner": gone.owner, "kind": gone.kind} for gone in removed],
            "to_move": state.to_move,
            "phase": state.phase,
            "turn": state.turn,
            "result": None,
            "rng": {"state": state.rng.state},
        }

    return unstructure


#: A number's text, as the encoder writes an int (an IntEnum member as its value).
_NUMBER = int.__repr__
#: A kind's text, found by the kind (or by a string equal to it, which is written alike).
_KIND_TEXT = {kind: f'"{kind.value}"' for kind in Kind}
#: A phase's text.
_PHASE_TEXT = {phase: f'"{phase.value}"' for phase in Phase}
#: The most cards each identity table keeps before it is emptied and fills anew.
_MOST_CARDS = 4096
#: The text of a table's entry (its card, its text).
_TEXT = operator.itemgetter(1)


def _number(value: object) -> str:
    """The text of a colour or a plain int (a bool or any other type: :class:`UnusualError`)."""
    if type(value) is not Colour and type(value) is not int:
        raise UnusualError
    return _NUMBER(value)


def _cell(at: object) -> str:
    """The text of a cell: a list of its two ints."""
    if (type(at) is not Cell and type(at) is not tuple) or len(at) != 2:
        raise UnusualError
    x, y = at
    if type(x) is not int or type(y) is not int:
        raise UnusualError
    return f"[{_NUMBER(x)},{_NUMBER(y)}]"


def _kind(kind: object) -> str:
    """The text of a kind (another value: :class:`UnusualError`)."""
    if type(kind) is not Kind:
        raise UnusualError
    return _KIND_TEXT[kind]


def _placed_text(card: object) -> str:
    """A card on the field as the hook writes it: ``captured`` only when it is."""
    if type(card) is not Placed or type(card.captured) is not bool:
        raise UnusualError
    text = f'{{"owner":{_number(card.owner)},"kind":{_kind(card.kind)},"at":{_cell(card.at)}'
    return text + (',"captured":true}' if card.captured else "}")


def _card_text(card: object) -> str:
    """A card off the field as the hook writes it."""
    if type(card) is not Card:
        raise UnusualError
    return f'{{"owner":{_number(card.owner)},"kind":{_kind(card.kind)}}}'


def _join(texts: ByIdentity[Any, str], cards: tuple[object, ...]) -> str:
    """The texts of ``cards`` joined by commas, each made once and kept in ``texts`` by the
    card's identity (each entry holds its card, so no other object takes its ``id`` while it
    lasts); when every text is kept already they are found at C speed. A card the writer
    cannot write raises ``UnusualError``."""
    found = list(map(texts.kept.get, map(id, cards)))
    if None not in found:
        return ",".join(map(_TEXT, cast("list[tuple[object, str]]", found)))
    return ",".join(map(texts, cards))


def state_writer(
    unstructure: Callable[[State], Any], encode: Callable[[Any], str]
) -> Callable[[State], str]:
    """The writer of a state's JSON text: what ``encode(unstructure(state))`` writes, given
    the state's hook and the encoder of documents."""

    def config_text(config: Config) -> str | None:
        form = _plain(config)
        return None if form is None else encode(form)

    config_of = ByIdentity(config_text)
    field_texts = ByIdentity(_placed_text, _MOST_CARDS)
    removed_texts = ByIdentity(_card_text, _MOST_CARDS)

    def write(state: State) -> str:
        memo = getattr(state, "_memo", None)
        if type(state) is State and type(memo) is Memo and memo.owner == id(state):
            try:
                return _text(state, config_of, field_texts, removed_texts)
            except UnusualError:
                pass
        return encode(unstructure(state))

    return write


def _text(
    state: State,
    config_of: Callable[[Config], str | None],
    field_texts: ByIdentity[Any, str],
    removed_texts: ByIdentity[Any, str],
) -> str:
    """The text of a state whose memo is its own (a value the writer does not know for sure:
    :class:`UnusualError`)."""
    config = config_of(state.config)
    if config is None:
        raise UnusualError
    field, removed, red, blue = _parts(state)
    try:
        kinds = _KIND_TEXT.__getitem__
        barracks_text = f"[{','.join(map(kinds, red))}],[{','.join(map(kinds, blue))}]"
    except (KeyError, TypeError):  # not a kind, or not hashable
        raise UnusualError from None
    return (
        f'{{"config":{config},"field":[{_join(field_texts, field)}],'
        f'"barracks":[{barracks_text}],"removed":[{_join(removed_texts, removed)}],'
        f'"to_move":{_number(state.to_move)},"phase":{_PHASE_TEXT[state.phase]},'
        f'"turn":{_NUMBER(state.turn)},"result":null,"rng":{{"state":{_NUMBER(state.rng.state)}}}}}'
    )


#: The converter's own hooks for a state, which the quick ones fall back on (and the tests
#: hold them to).
generic_reader: Callable[[Any, Any], State]
generic_writer: Callable[[Any], Any]


def register() -> None:
    """Give the converter the hooks of this module (called once, when the game loads)."""
    from cardgames._converter import encode, give_text_writer
    from cardgames.serialization import converter

    global generic_reader, generic_writer  # set once, when the game loads
    generic_reader = converter.get_structure_hook(State)
    generic_writer = converter.get_unstructure_hook(State)
    converter.register_structure_hook(State, read_state(generic_reader))
    unstructure = write_state(generic_writer)
    converter.register_unstructure_hook(State, unstructure)
    give_text_writer(unstructure, state_writer(unstructure, encode))
