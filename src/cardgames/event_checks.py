"""The check of an event from outside: :func:`check_event`, which :func:`cardgames.from_json`
runs on every event document it loads, as it runs ``check_state`` on a state.

An event is a small frozen attrs class of a game (its ``EVENT_TYPES``), and the same check
serves every game, by the fields of the event and the limits its game registered
(:class:`EventLimits`, given by :func:`cardgames.define.define_game`):

- a field that names players (:data:`PLAYER_FIELDS`: ``player``, ``winners``, ``side``...)
  holds player numbers below the most players any config of the game seats;
- every text (a move in notation, a card's or a character's name, a reason) has at most
  ``text`` characters and only printable ones: no line break, no terminal escape, no control
  or format character, so a loaded event can be printed or logged as it is;
- every list has at most ``items`` entries;
- the same holds inside the values an event holds (cards, cells), all the way down.

Events are types the games declare, so the check walks each value of an event once: its work
is linear in the event's size. What the fields' own validators already hold (types, counts,
enum values) they keep holding; this check adds the bounds that only the game knows.

>>> from cardgames import lerally
>>> from cardgames.event_checks import check_event
>>> event = lerally.story.Played(3, lerally.parse_card("BL-NR"))
>>> check_event(event) is event
True
>>> check_event(lerally.story.Played(9, lerally.parse_card("BL-NR")))
Traceback (most recent call last):
...
cardgames.errors.InvalidStateError: player: not a player of lerally (0-3)
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Final, TypeVar

import attrs

from cardgames._surface import public_dir
from cardgames.errors import InvalidStateError
from cardgames.game import MAX_PLAYERS

__all__ = [
    "MAX_EVENT_ITEMS",
    "MAX_EVENT_TEXT",
    "PLAYER_FIELDS",
    "EventLimits",
    "check_event",
    "check_event_data",
    "register_event_limits",
]

E = TypeVar("E")

#: The most characters of one text of an event, unless its game registers another limit: more
#: than any move's notation (Alakazum!'s, the longest, reads at most 384 characters), any
#: card's name or any reason for an outcome.
MAX_EVENT_TEXT: Final = 400
#: The most entries of one list of an event, unless its game registers another limit: no
#: game's config holds more cards than this, and no event lists more players.
MAX_EVENT_ITEMS: Final = 1000
#: The names of the fields that hold player numbers (one, or a list of them). An event's field
#: of player numbers takes one of these names, so the check knows it without being told.
PLAYER_FIELDS: Final = frozenset(
    {
        "player",
        "players",
        "winner",
        "winners",
        "loser",
        "losers",
        "side",
        "sides",
        "server",
        "leader",
        "owner",
        "attacker",
        "defender",
        "viewer",
    }
)
# Deeper than any event's values go (an event holds cards, which hold enums).
_MAX_DEPTH = 8


@attrs.frozen
class EventLimits:
    """What one game's events may hold: player numbers below ``players`` (the most players any
    config of the game seats), texts of at most ``text`` characters and lists of at most
    ``items`` entries."""

    players: int = attrs.field(validator=attrs.validators.in_(range(1, MAX_PLAYERS + 1)))
    text: int = attrs.field(default=MAX_EVENT_TEXT, validator=attrs.validators.ge(1))
    items: int = attrs.field(default=MAX_EVENT_ITEMS, validator=attrs.validators.ge(1))


# Each event class by its game's name and limits.
_LIMITS: dict[type, tuple[str, EventLimits]] = {}
# Each game's limits by its name.
_GAME_LIMITS: dict[str, EventLimits] = {}


def register_event_limits(game: str, events: tuple[type, ...], limits: EventLimits) -> None:
    """Make ``limits`` the bounds of every event of the classes ``events`` of ``game`` (done
    for each game by :func:`cardgames.serialization.register_event_types`)."""
    for cls in events:
        if not attrs.has(cls):
            raise TypeError(f"event class {cls.__name__} of {game} is not an attrs class")
        _LIMITS[cls] = (game, limits)
    _GAME_LIMITS[game] = limits


def check_event(event: E) -> E:
    """``event``, once it is an event of a registered game that keeps its game's limits (see
    the module's docstring); ``InvalidStateError`` otherwise, saying which field is wrong and
    never repeating it."""
    cls: Any = type(event)
    registered = _LIMITS.get(cls)
    if registered is None:
        raise InvalidStateError(f"a {cls.__name__[:40]} is not an event of any game")
    game, limits = registered
    for field in attrs.fields(cls):
        value = getattr(event, field.name)
        if field.name in PLAYER_FIELDS:
            _players(value, field.name, game, limits.players)
        _walk(value, field.name, limits, 0)
    return event


def check_event_data(game: str, data: object, path: str = "$.data") -> None:
    """Raise ``InvalidStateError`` (naming the place below ``path``) if the JSON data of an
    event of ``game``, as parsed and before it is made into an event, holds a text or a list
    beyond the game's limits, or is nested deeper than any event.

    :func:`cardgames.from_json` runs it first, so that a document made to be large is refused
    at once; :func:`check_event` checks the event that the data makes.
    """
    limits = _GAME_LIMITS.get(game)
    if limits is not None:
        _walk_data(data, path, limits, 0)


def _walk_data(value: Any, where: str, limits: EventLimits, depth: int) -> None:
    """Raise unless every text and list of the JSON ``value`` keeps ``limits``."""
    if depth > _MAX_DEPTH:
        raise InvalidStateError(f"{where}: nested deeper than any event")
    kind = type(value)
    if kind is str:
        _text(value, where, limits)
    elif kind is list:
        if len(value) > limits.items:
            raise InvalidStateError(f"{where}: a list of more than {limits.items} entries")
        for index, item in enumerate(value):
            _walk_data(item, f"{where}[{index}]", limits, depth + 1)
    elif kind is dict:
        if len(value) > limits.items:
            raise InvalidStateError(f"{where}: an object of more than {limits.items} keys")
        for key, item in value.items():
            _text(key, f"{where} (a key)", limits)
            shown = key if len(key) <= 32 and key.isidentifier() else "<key>"
            _walk_data(item, f"{where}.{shown}", limits, depth + 1)


def _text(value: str, where: str, limits: EventLimits) -> None:
    """Raise unless ``value`` is a text of the game's length, of printable characters only."""
    if len(value) > limits.text:
        raise InvalidStateError(f"{where}: a text of more than {limits.text} characters")
    if not value.isprintable():
        raise InvalidStateError(f"{where}: a text with control or format characters")


def _players(value: object, where: str, game: str, players: int) -> None:
    """Raise unless every plain integer of ``value`` (one, or a list) is a player number."""
    numbers = value if isinstance(value, tuple | list) else (value,)
    for index, number in enumerate(numbers):
        if type(number) is int and not 0 <= number < players:
            at = where if numbers is not value else f"{where}[{index}]"
            raise InvalidStateError(f"{at}: not a player of {game} (0-{players - 1})")


def _walk(value: Any, where: str, limits: EventLimits, depth: int) -> None:
    """Raise unless every text and list within ``value`` keeps ``limits``."""
    if depth > _MAX_DEPTH:
        raise InvalidStateError(f"{where}: nested deeper than any event")
    kind = type(value)
    if kind is str:
        _text(value, where, limits)
    elif isinstance(value, Enum) or value is None or kind in (int, float, bool):
        return
    elif attrs.has(kind):
        for field in attrs.fields(kind):
            _walk(getattr(value, field.name), f"{where}.{field.name}", limits, depth + 1)
    elif isinstance(value, tuple | list | frozenset | set):
        if len(value) > limits.items:
            raise InvalidStateError(f"{where}: a list of more than {limits.items} entries")
        for index, item in enumerate(value):
            _walk(item, f"{where}[{index}]", limits, depth + 1)
    elif isinstance(value, str):  # a str subclass that is not an enum
        _walk(str(value), where, limits, depth)


__dir__ = public_dir(__all__)
