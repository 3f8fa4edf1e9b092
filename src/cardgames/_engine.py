"""Pieces shared by the games' engines: checked resampling, cards written by short name, and a
fast way to build frozen values.

Game code uses these; a program using the library never needs them (the module is private).
"""

from __future__ import annotations

import itertools
import json.encoder
import operator
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import Any, Generic, Protocol, TypeVar

import attrs

from cardgames.errors import (
    CardgamesError,
    IllegalMoveError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    excerpt,
)
from cardgames.game import MAX_PLAYERS, SPECTATOR
from cardgames.rng import check_seed

__all__ = [
    "ByIdentity",
    "MoveReader",
    "Passed",
    "TupleChecker",
    "UnusualValueError",
    "all_cards_at_once",
    "check_observer",
    "check_player",
    "check_viewer",
    "checked_transition",
    "deal_hands",
    "field_reader",
    "find_move",
    "is_player",
    "json_list",
    "json_quote",
    "keeps_memo",
    "quick_state_writer",
    "register_card_codes",
    "remembered",
    "resample_checked",
    "restore_without_memo",
    "slot_filler",
    "state_without_memo",
    "winners_valid",
    "writable_twin",
]

S = TypeVar("S")
V = TypeVar("V")
C = TypeVar("C")
M = TypeVar("M")
T = TypeVar("T", bound=tuple[Any, ...])
K = TypeVar("K")
W = TypeVar("W")


#: The field where a state keeps what the rules worked out about it (its board, its legal
#: moves): never part of its value, so equality, hashing, repr, JSON, pickles and copies leave
#: it out.
MEMO = "_memo"


def keeps_memo(cls: type[S]) -> type[S]:
    """Class decorator, applied over ``@attrs.frozen``, of a state class with a ``_memo``
    field: its pickles and copies leave the memo out (:func:`state_without_memo`) and start
    with an empty one (:func:`restore_without_memo`)."""
    if MEMO not in attrs.fields_dict(cls):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has no {MEMO} field")
    setattr(cls, "__getstate__", state_without_memo)  # noqa: B010 - set on the class, once
    setattr(cls, "__setstate__", restore_without_memo)  # noqa: B010
    return cls


def remembered(state: S, state_type: type[S], work_out: Callable[[S], T]) -> T:
    """What the rules worked out about ``state`` and kept in its memo (a tuple: its legal
    moves, with whatever the game keeps beside them), or else ``work_out(state)``, kept there
    for the next call. ``work_out`` checks the state first; a state of another type, or a
    shell without its fields, goes straight to it, to be refused there."""
    memo = None
    if type(state) is state_type:
        try:
            memo = state._memo  # type: ignore[attr-defined]
        except AttributeError:  # a State made without its fields (State.__new__)
            memo = None
    if type(memo) is tuple:
        return memo  # type: ignore[return-value]
    found = work_out(state)
    object.__setattr__(state, MEMO, found)
    return found


def deal_hands(
    hidden: list[C], sizes: tuple[int, ...], player: int, hand: tuple[C, ...]
) -> tuple[tuple[C, ...], ...]:
    """The hands of a resampled state: ``player`` keeps ``hand``, every other player gets
    their hand's size of cards from the front of ``hidden`` (each hand sorted), and what is
    dealt is taken out of ``hidden``, which is left holding the rest."""
    hands: list[tuple[C, ...]] = []
    for p, size in enumerate(sizes):
        if p == player:
            hands.append(hand)
            continue
        hands.append(tuple(sorted(hidden[:size])))  # type: ignore[type-var]
        del hidden[:size]
    return tuple(hands)


def check_player(player: object, players: int) -> int:
    """``player`` if it is a player number of a game of ``players``; else
    ``InvalidPlayerError``."""
    if type(player) is not int or not 0 <= player < players:
        raise InvalidPlayerError(f"player must be an int 0-{players - 1}, got {excerpt(player)}")
    return player


def checked_transition(
    game: str,
    before: object,
    move: object,
    after: object,
    *,
    checked: Callable[[object], S],
    apply_move: Callable[[S, Any], S],
) -> tuple[S, S]:
    """``before`` and ``after`` once both are playable states of ``game`` (``checked`` raises
    ``InvalidStateError`` otherwise), ``move`` is legal in ``before`` (``apply_move`` raises
    ``IllegalMoveError`` otherwise) and ``after`` is the state it leads to: the inputs of a
    game's ``events``. Nothing here is quoted from the inputs."""
    first = checked(before)
    second = checked(after)
    if apply_move(first, move) != second:
        raise IllegalMoveError(f"this {game} move does not lead from `before` to `after`")
    return first, second


def check_observer(player: object, players: int) -> int:
    """``player`` if it is a player number of a game of ``players`` or ``SPECTATOR`` (whose
    view a game makes too); else ``InvalidPlayerError``."""
    if type(player) is not int or not SPECTATOR <= player < players:
        raise InvalidPlayerError(
            f"player must be an int 0-{players - 1} or SPECTATOR, got {excerpt(player)}"
        )
    return player


def check_viewer(viewer: object, players: int) -> int | None:
    """``viewer`` if it is ``None`` (everything is shown), ``SPECTATOR`` or a player of a game
    of ``players``; else ``InvalidPlayerError``."""
    return None if viewer is None else check_observer(viewer, players)


def is_player(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is a player number (an ``int``, not a ``bool``, below
    :data:`~cardgames.game.MAX_PLAYERS`)."""
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise ValueError(f"{attribute.name} must be a player number")


def winners_valid(kind: type) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: a tuple of distinct players of type ``kind`` (``int`` or an
    ``IntEnum`` of the seats), in increasing order."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        players: tuple[Any, ...] = value if type(value) is tuple else (None,)
        if (
            len(players) > MAX_PLAYERS
            or any(type(w) is not kind or w not in range(MAX_PLAYERS) for w in players)
            or any(a >= b for a, b in pairwise(players))
        ):
            raise ValueError(f"{attribute.name} must be players in increasing order")

    return check


#: Counts that events carry (cards, points, games, sets) lie below this.
MOST_COUNT = 2**32


def is_count(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is a count (an ``int`` from 0 below :data:`MOST_COUNT`)."""
    if type(value) is not int or value not in range(MOST_COUNT):
        raise ValueError(f"{attribute.name} must be a count")


def is_optional_text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is a ``str`` or ``None``."""
    if value is not None and type(value) is not str:
        raise ValueError(f"{attribute.name} must be text or null")


def plural(count: int, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def told_end(winners: tuple[int, ...], reason: str, *, nobody: str) -> str:
    """The sentence of a game's end: ``Player 1 won: <reason>.``, ``Players 0 and 2 won: ...``
    (``Player 1 won the match.`` for a reason that starts with "won"), or ``nobody`` (``"The
    match ended in a draw"``) followed by the reason."""
    if not winners:
        return f"{nobody}: {reason}."
    names = " and ".join(str(int(w)) for w in winners)
    who = "Player" if len(winners) == 1 else "Players"
    if reason.startswith("won "):  # "won the match 6-4": the reason says it already
        return f"{who} {names} {reason}."
    return f"{who} {names} won: {reason}."


def told_hand(player: int, size: int, gained: list[str] | None, lost: list[str] | None) -> str:
    """The sentence of a hand that changed: ``Player 1 gained R2 and lost B1; now holds 5
    cards.``, or only ``Player 1 now holds 5 cards.`` when its cards are not told."""
    holds = f"now holds {plural(size, 'card')}"
    changes = []
    if gained:
        changes.append(f"gained {', '.join(gained)}")
    if lost:
        changes.append(f"lost {', '.join(lost)}")
    if not changes:
        return f"Player {player} {holds}."
    return f"Player {player} {' and '.join(changes)}; {holds}."


def hand_changes(
    before: tuple[tuple[C, ...], ...],
    after: tuple[tuple[C, ...], ...],
    viewer: int | None,
    key: Callable[[C], Any],
) -> list[tuple[int, int, tuple[Any, ...] | None, tuple[Any, ...] | None]]:
    """How each hand changed from ``before`` to ``after``, as ``(player, size, gained, lost)``
    (the cards by ``key``, sorted). A ``viewer`` other than the hand's player (``None``: every
    hand is told) is told only a change of its size, with ``gained`` and ``lost`` ``None``."""
    told: list[tuple[int, int, tuple[Any, ...] | None, tuple[Any, ...] | None]] = []
    for player, (old, new) in enumerate(zip(before, after, strict=True)):
        if viewer is not None and viewer != player:
            if len(old) != len(new):
                told.append((player, len(new), None, None))
            continue
        change = Counter(key(card) for card in new)
        change.subtract(key(card) for card in old)
        gained = tuple(sorted((+change).elements()))
        lost = tuple(sorted((-change).elements()))
        if gained or lost:
            told.append((player, len(new), gained, lost))
    return told


def state_without_memo(self: Any) -> dict[str, Any]:
    """``__getstate__`` of a state class: every field but the memo.

    A memo may hold objects compared by identity (markers), which a pickle or a deep copy
    would replace by strangers; the copy works its memo out again when it is first used.
    """
    return {a.name: getattr(self, a.name) for a in attrs.fields(type(self)) if a.name != MEMO}


def restore_without_memo(self: Any, fields: dict[str, Any]) -> None:
    """``__setstate__`` of a state class: the fields back, and an empty memo."""
    for name, value in fields.items():
        object.__setattr__(self, name, value)
    object.__setattr__(self, MEMO, None)


def field_reader(
    source: type, target: type, *, leave: tuple[str, ...] = ()
) -> Callable[[Any], dict[str, Any]]:
    """A function that reads, from a ``source`` instance, every field that the attrs class
    ``target`` takes under the same name, but those in ``leave``, as keyword arguments.

    How a view takes what it shows as it is in the state (``View(**read(state), hand=...)``),
    and a resampled state takes it back from the view: the fields both have by name are the
    open part of the table, and only the hidden part is written out by hand.
    """
    have = {field.name for field in attrs.fields(source)}
    names = tuple(
        field.name
        for field in attrs.fields(target)
        if field.init and field.name in have and field.name not in leave
    )
    if len(names) < 2:
        raise TypeError(f"{target.__name__} shares fewer than two fields with {source.__name__}")
    # One dict display, written out from the field names as slot_filler writes its function:
    # about three times as fast as attrgetter and zip, and a view is made at every search step.
    items = ", ".join(f"{name!r}: obj.{name}" for name in names)
    namespace: dict[str, Any] = {}
    exec(f"def read(obj):\n    return {{{items}}}\n", namespace)  # names of attrs fields
    read: Callable[[Any], dict[str, Any]] = namespace["read"]
    read.__qualname__ = f"field_reader({source.__name__}, {target.__name__})"
    return read


def find_move(moves: tuple[M, ...], move: object) -> M | None:
    """The legal move equal to ``move`` (the very object first, which is how bots answer), or
    ``None``; a move that cannot even be compared is not legal."""
    for legal in moves:
        if legal is move:
            return legal
    try:
        for legal in moves:
            if legal == move:
                return legal
    except (TypeError, ValueError):
        return None
    return None


def resample_checked(
    game: str,
    view: V,
    seed: int,
    *,
    view_type: type[V],
    deal: Callable[[V, int], S],
    check: Callable[[S], S],
    view_of: Callable[[S, int], V],
) -> S:
    """``deal(view, seed)``: a state with the cards ``view`` hides dealt at random, checked
    with ``check``, and refused with ``InvalidViewError`` unless ``view_of`` gives ``view``
    back for its player (so a malformed view, or one that no playable state has, never turns
    into a state, nor into a raw Python error)."""
    if type(view) is not view_type:
        raise InvalidViewError(f"expected a View of {game}, got {type(view).__name__}")
    check_seed(seed)
    player: Any = getattr(view, "player", None)
    try:
        state = check(deal(view, seed))
        same = view_of(state, player) == view
    except (InvalidPlayerError, InvalidStateError) as exc:
        if isinstance(exc, InvalidViewError):
            raise
        raise InvalidViewError(f"not a {game} view of any playable state: {exc}") from None
    except CardgamesError:
        raise
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        # Python's own message may quote the view's values: name only the kind of failure.
        raise InvalidViewError(f"not a well-formed {game} view ({type(exc).__name__})") from None
    if not same:
        raise InvalidViewError(f"not a {game} view of any playable state")
    return state


def register_card_codes(
    card_type: type[C],
    *,
    is_card: Callable[[object], bool],
    code: Callable[[C], str],
    parse: Callable[[str], C],
    example: str,
) -> None:
    """Write cards of ``card_type`` in JSON as their short names (``code``) and read them back
    with ``parse``; a malformed card is never written, and only a string is read."""
    from cardgames.serialization import converter

    def structure(value: object, _: object) -> C:
        if type(value) is not str:
            raise ValueError(f"expected a card name such as {example!r}, got {excerpt(value)}")
        return parse(value)

    def unstructure(card: C) -> str:
        if not is_card(card):
            raise ValueError(f"{excerpt(card)} is not a well-formed card")
        return code(card)

    converter.register_unstructure_hook(card_type, unstructure)
    converter.register_structure_hook(card_type, structure)


def _refuse_unless_plain(cls: type) -> tuple[str, ...]:
    """The field names of ``cls``, in order, if its ``__init__`` does nothing but set its
    slots (see :func:`slot_filler`); else ``TypeError``."""
    fields = attrs.fields(cls)
    plain = all(
        field.validator is None
        and field.converter is None
        and not field.inherited
        and not isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        for field in fields
    )
    own_slots = vars(cls).get("__slots__", ())
    names = tuple(field.name for field in fields)
    if (
        not plain
        or hasattr(cls, "__attrs_post_init__")
        or "_attrs_cached_hash" in own_slots
        or not all(name in own_slots for name in names)
    ):
        raise TypeError(f"{cls.__name__} does more on __init__ than set its slots")
    return names


def writable_twin(cls: type) -> type:
    """A subclass of the frozen, slotted attrs class ``cls`` that adds no slot and lets its
    fields be set by plain assignment.

    Python sets a slot of an instance whose class keeps the default ``__setattr__`` with one
    quick instruction; a frozen class's ``__setattr__`` refuses, and going round it (through
    ``object.__setattr__`` or the slot's descriptor) is a call per field. So a value is made
    as a twin, filled by assignment, and turned into a ``cls`` by setting its ``__class__``,
    which Python allows between classes of the same layout: from then on it is a plain,
    frozen ``cls``, equal to the one ``__init__`` would make. A twin never leaves the module
    that makes it. ``__delattr__`` is reset with ``__setattr__``: Python takes the quick path
    only when both are the default ones.
    """
    _refuse_unless_plain(cls)
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__doc__": f"A writable twin of {cls.__qualname__}, turned into one once filled.",
    }
    return type(f"_Writable{cls.__name__}", (cls,), namespace)


def slot_filler(cls: type[S]) -> Callable[..., S]:
    """A function that makes a ``cls`` from all its fields, in order, by setting its slots.

    attrs' ``__init__`` of a frozen class sets every field through ``object.__setattr__``; an
    engine that makes a state of thirty fields at every decision spends a good part of the
    decision there. Filling a :func:`writable_twin` by assignment and turning it into a
    ``cls`` costs about a quarter as much and gives an equal value. It only stands for
    ``__init__`` when that does nothing more, so ``cls`` must be a slotted attrs class with
    its own fields only (no base class's), without defaults made by factories, validators,
    converters, a cached hash or ``__attrs_post_init__``: checked here, once. Fields left out
    of ``__init__`` are given like the others.
    """
    names = _refuse_unless_plain(cls)
    # Straight-line code, as attrs itself writes its __init__: a loop over the slots would cost
    # more than it saves.
    arguments = ", ".join(names)
    body = "".join(f"    new.{name} = {name}\n" for name in names)
    source = (
        f"def fill({arguments}):\n    new = _new(_twin)\n{body}"
        "    new.__class__ = _cls\n    return new\n"
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": writable_twin(cls)}
    exec(source, namespace)  # the source is made above from the class's own field names
    fill: Callable[..., S] = namespace["fill"]
    fill.__qualname__ = f"slot_filler({cls.__name__})"
    return fill


class Passed:
    """Frozen objects that passed a check, by identity: an object that passed once passes for
    good, while an object merely equal to it may not (``True`` equals 1, ``2.0`` equals 2).
    Each entry holds its object, so no other object can take its ``id`` while it lasts; past
    ``most`` entries the memo is emptied and fills anew.
    """

    __slots__ = ("kept", "most")

    def __init__(self, most: int = 64) -> None:
        self.most = most
        #: id -> the object of that id.
        self.kept: dict[int, object] = {}

    def __contains__(self, obj: object) -> bool:
        return self.kept.get(id(obj), _ABSENT) is obj

    def check(self, obj: K, full_check: Callable[[K], object]) -> None:
        """``full_check(obj)``, unless ``obj`` passed it before; remembered once it passes
        (``full_check`` raises for an object that does not)."""
        if self.kept.get(id(obj), _ABSENT) is not obj:
            full_check(obj)
            self.add(obj)

    def add(self, obj: object) -> None:
        """Remember ``obj``, which passed."""
        kept = self.kept
        if len(kept) >= self.most:
            kept.clear()
        kept[id(obj)] = obj

    def cache_clear(self) -> None:
        """Forget every object met so far."""
        self.kept.clear()


def all_cards_at_once(
    piles: tuple[Any, ...],
    hands: Any,
    players: int,
    is_cards: Callable[[tuple[Any, ...]], bool],
) -> tuple[Any, ...] | None:
    """Every card of a state's ``piles`` and ``hands`` in one tuple, checked by ``is_cards`` in
    one pass (a :class:`TupleChecker` knows the cards it met before by identity), when the piles
    are tuples, ``hands`` a tuple of ``players`` tuples and every card is well formed; else
    ``None``, and the caller finds which field is wrong field by field."""
    if (
        type(hands) is not tuple
        or len(hands) != players
        or not all(map(operator.is_, map(type, hands), itertools.repeat(tuple)))
        or not all(map(operator.is_, map(type, piles), itertools.repeat(tuple)))
    ):
        return None
    every = tuple(itertools.chain(*piles, *hands))
    return every if is_cards(every) else None


#: What no entry of a :class:`Passed` is: ``None`` may be checked too.
_ABSENT = object()


class ByIdentity(Generic[K, W]):
    """What ``work_out`` gives for a frozen object (a config), kept by the object's identity:
    a config loaded from JSON or carried by the states of a game is one reused object, and
    finding it by ``id`` is one dict lookup where its own hash would walk all its fields. Each
    entry holds its object, so no other object can take its ``id`` while it lasts; past
    ``most`` entries the memo is emptied and fills anew.
    """

    __slots__ = ("kept", "most", "work_out")

    def __init__(self, work_out: Callable[[K], W], most: int = 64) -> None:
        self.work_out = work_out
        self.most = most
        #: id -> the object of that id, and what was worked out for it.
        self.kept: dict[int, tuple[K, W]] = {}

    def __call__(self, obj: K) -> W:
        kept = self.kept.get(id(obj))
        if kept is not None and kept[0] is obj:
            return kept[1]
        found = self.work_out(obj)
        if len(self.kept) >= self.most:
            self.kept.clear()
        self.kept[id(obj)] = (obj, found)
        return found

    def cache_clear(self) -> None:
        """Forget every object met so far."""
        self.kept.clear()


class TupleChecker:
    """A check that a value is a tuple whose every item passes ``is_item``, for immutable items
    (cards): the items that passed are remembered in a :class:`Passed`, so that the next tuples
    made of known items pass in one pass at C speed; any other item is checked in full.
    """

    __slots__ = ("is_item", "known")

    def __init__(self, is_item: Callable[[object], bool], most: int = 4096) -> None:
        self.is_item = is_item
        self.known = Passed(most)

    def __call__(self, value: object) -> bool:
        if type(value) is not tuple:
            return False
        return all(map(self.known.kept.__contains__, map(id, value))) or self._learn(value)

    def _learn(self, items: tuple[object, ...]) -> bool:
        for item in items:
            if not self.is_item(item):
                return False
            self.known.add(item)
        return True

    def cache_clear(self) -> None:
        """Forget every item met so far."""
        self.known.cache_clear()


class MoveReader:
    """A game's moves read from their JSON values, each distinct value structured once.

    The quick readers of the games' states meet the move that led to a state in nearly every
    document, and a match meets few distinct moves: ``structure`` (the converter's hook of the
    game's move union, which refuses a value that is not a move) runs once per value; the
    moves made are kept, up to :attr:`MOST_KEPT` of them. A value's scalars are kept with
    their types, so ``true`` never finds the move of ``1``.
    """

    #: The most moves kept: more than a match meets, few enough for hostile documents.
    MOST_KEPT = 4096

    __slots__ = ("_kept", "_structure")

    def __init__(self, structure: Callable[..., Any]) -> None:
        self._structure = structure
        self._kept: dict[Any, Any] = {}

    def __call__(self, value: Any, *context: Any) -> Any:
        """The move ``value`` (a JSON object) stands for; the hook's error for any other.
        ``context`` goes to ``structure`` after the value, the first time it is read."""
        key = _frozen(value)
        kept = self._kept
        move = kept.get(key)
        if move is None:
            move = self._structure(value, *context)
            if len(kept) < self.MOST_KEPT:
                kept[key] = move
        return move


def _frozen(value: Any) -> Any:
    """A JSON value as a hashable key that tells apart values of different types."""
    kind = type(value)
    if kind is dict:
        return (dict, *((k, _frozen(v)) for k, v in value.items()))
    if kind is list:
        return (list, *map(_frozen, value))
    return kind, value


# --- a state's JSON text written straight from its fields --------------------------------


#: A string as the JSON encoder of documents writes it (``ensure_ascii=False``).
json_quote: Callable[[str], str] = json.encoder.encode_basestring


def json_list(text_of: Callable[[Any], str], values: tuple[Any, ...]) -> str:
    """``values`` as a JSON list of the texts ``text_of`` gives them (``int.__repr__`` for
    ints, a dict's ``__getitem__`` for cards whose texts are made once)."""
    return "[" + ",".join(map(text_of, values)) + "]"


class UnusualValueError(Exception):
    """A value a quick writer of states does not know for sure: the general writer writes
    the state."""


class _Texts(Protocol):
    """What a quick writer keeps per config: at least the texts of the moves met."""

    moves: dict[Any, str]


X = TypeVar("X", bound=_Texts)


def quick_state_writer(
    state_type: type[S],
    texts_of: Callable[[Any], X | None],
    text: Callable[[S, X], str],
    unstructure: Callable[[S], Any],
    encode: Callable[[Any], str],
) -> Callable[[S], str]:
    """The writer of a state's JSON text, the encoder's own character for character.

    A state the rules made or checked (its memo set) is written by ``text(state, texts)``,
    with ``texts_of(state.config)`` the texts its config's states are written with (``None``
    for a config the quick road does not write), whose ``moves`` the move that led to a state
    is added to, written by the general road once; any other state, or one that ``text``
    refuses (``UnusualValueError``, or ``KeyError`` for a value it has no text of), is
    ``encode(unstructure(state))``.
    """

    def write(state: S) -> str:
        if type(state) is state_type and getattr(state, MEMO, None) is not None:
            texts = texts_of(state.config)  # type: ignore[attr-defined]
            if texts is not None:
                move = state.last_move  # type: ignore[attr-defined]
                if move is not None and move not in texts.moves:
                    texts.moves[move] = encode(unstructure(state)["last_move"])
                try:
                    return text(state, texts)
                except (UnusualValueError, KeyError):
                    pass
        return encode(unstructure(state))

    return write
