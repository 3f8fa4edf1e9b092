"""The quick road of reading an Alakazum! state from JSON, in front of the general one.

Every state read from JSON is checked in full before it is used. The general road (the hook of
:mod:`cardgames.alakazum.documents`, then :func:`cardgames.alakazum.checks.checked`) decodes
each field on its own, then looks at every card three times more: once for being the config's
own card, once for the kinds its zone may hold, once for conservation. This reader does the
three where it reads the card: a card name is looked up in a table of the config's cards that
its zone may hold, so a card that reads is both the config's own and of a kind its zone holds,
and its name is kept for counting. :func:`cardgames.alakazum.checks.vouched` then checks what
reading does not prove (the counts, ranges and types of the other fields, the final enemies, the
phase, the moves), and a state that passes is marked as checked, as ``checked`` marks it.

Whatever this reader does not take at once (a value of another type, an unknown name, a card out
of its place, a hand out of order, a state that fails a check) goes to the general road, which
reads it, or refuses it with the same message as ever: a document loads, or fails, as it always
did, and only sooner.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from cardgames._engine import ByIdentity, MoveReader, slot_filler
from cardgames.alakazum.cards import Card, Enemy, Kind, Level
from cardgames.alakazum.checks import vouched
from cardgames.alakazum.config import Config, cards_by_name
from cardgames.alakazum.shapes import config_problem
from cardgames.alakazum.state import Member, Phase, State
from cardgames.rng import Rng

__all__ = ["state_reader"]

#: Reads a field that this reader leaves to the general decoders: (name, JSON value, config).
FieldReader = Callable[[str, Any, Config], Any]

_PHASES = {phase.value: phase for phase in Phase}
_LEVELS = {int(level): level for level in Level}
_MEMBER_KEYS = frozenset({"card", "level", "broom", "cape"})
_FIELDS = [field for field in attrs.fields(State) if field.init]
_STATE_KEYS = frozenset(field.name for field in _FIELDS)
#: The fields left to the general decoders: rare, and each a small object of its own.
_GENERAL = ("combat", "pending", "spell", "failed", "result", "fought")
_RNG_STATES = 1 << 64


class _UnusualError(Exception):
    """A document that the quick reader leaves to the general one."""


class _Tables:
    """A config's cards by name, one table for each set of kinds that a zone may hold, its
    team members without a broom or cape, and its final enemies (made once per config: see
    :func:`_tables`)."""

    __slots__ = (
        "any",
        "broom",
        "cape",
        "character",
        "enemies",
        "final",
        "hand",
        "level_a",
        "market",
        "members",
        "out",
    )

    def __init__(self, config: Config) -> None:
        cards = cards_by_name(config)
        hand_kinds = {card.kind for card in cards.values() if card.kind.is_hand}
        trap_kinds = {card.kind for card in cards.values() if card.kind.is_trap}
        self.any: dict[str, Card] = dict(cards)
        self.hand = _of_kinds(cards, hand_kinds)
        self.market = _of_kinds(cards, hand_kinds - {Kind.DOLL})
        self.character = _of_kinds(cards, {Kind.CHARACTER})
        self.out = _of_kinds(cards, trap_kinds | {Kind.DOLL})
        self.broom = _of_kinds(cards, {Kind.BROOM})
        self.cape = _of_kinds(cards, {Kind.CAPE})
        #: Members without a broom or cape, by (character's name, level), and at level A by
        #: the character's name: the values their JSON objects make, shared.
        self.members = {
            (name, int(level)): Member(card, level)
            for name, card in self.character.items()
            for level in Level
        }
        self.level_a = {name: self.members[name, 0] for name in self.character}
        self.enemies: dict[str, Enemy] = {e.name: e for e in config.enemy_cards}
        #: The names of the final enemies of a game of this many players, which are all
        #: different (the config's check says so).
        self.final = frozenset(e.name for e in config.final_enemies)


def _of_kinds(cards: Mapping[str, Card], kinds: set[Kind]) -> dict[str, Card]:
    return {name: card for name, card in cards.items() if card.kind in kinds}


def _worked_out(config: Config) -> _Tables | None:
    return None if config_problem(config) is not None else _Tables(config)


#: The tables of each config met, by the config's identity (``None`` for a config that does not
#: pass its check).
_tables = ByIdentity(_worked_out)


def state_reader(
    read_config: Callable[[Any], Config], read_field: FieldReader
) -> Callable[[Any], State | None]:
    """The quick reader of a state's JSON object: the state, checked and marked as checked,
    or ``None`` for a document it leaves to the general road. ``read_config`` and
    ``read_field`` are the general decoders of the config and of the rarer fields."""
    plain_config: list[Config] = []  # the config of ``{}``, once read

    def read(data: Any) -> State | None:
        # A required field left out fails its look-up below.
        if type(data) is not dict or not _STATE_KEYS.issuperset(data):
            return None
        try:
            value = data["config"]
            if value == {} and plain_config:
                config = plain_config[0]
            else:
                config = read_config(value)
                if value == {}:
                    plain_config.append(config)
            return _read(data, config, read_field)
        except (_UnusualError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None

    return read


def _read(data: dict[str, Any], config: Config, read_field: FieldReader) -> State | None:
    """The state of ``data``, whose cards each take one look-up in the table of the kinds
    their zone may hold; ``None`` or an error for a document left to the general road."""
    if type(config) is not Config:
        return None
    tables = _tables(config)
    if tables is None:
        return None
    players = config.players
    phase, hands_value, teams_value = data["phase"], data["hands"], data["teams"]
    if type(phase) is not str or type(hands_value) is not list or len(hands_value) != players:
        return None
    if type(teams_value) is not list or len(teams_value) != players:
        return None
    # Every card's name, counted against the config's card lists once all are read.
    names: list[str] = []
    hands = []
    hand_table = tables.hand
    for value in hands_value:
        hand = _cards(value, hand_table, names)
        # Sorted by name: each name at most the next, in one pass at C speed.
        if not all(map(operator.le, value, itertools.islice(value, 1, None))):
            return None
        hands.append(hand)
    teams = []
    level_a, members = tables.level_a, tables.members
    for value in teams_value:
        if type(value) is not list:
            return None
        team = []
        for member_value in value:
            if type(member_value) is not dict:
                return None
            size = len(member_value)
            if size == 1:
                name = member_value["card"]
                member = level_a[name]
            elif size == 2 and type(member_value.get("level")) is int:
                name = member_value["card"]
                member = members[name, member_value["level"]]
            else:
                member = _member(member_value, tables, names)
                team.append(member)
                continue
            names.append(name)
            team.append(member)
        teams.append(tuple(team))
    enemies_value = data["enemies"]
    if type(enemies_value) is not list:
        return None
    enemies = tuple(map(tables.enemies.__getitem__, enemies_value))
    # The config's final enemies are all different: the same number of them, and the same
    # names, is the same final enemies.
    if len(enemies) != len(tables.final) or tables.final != set(enemies_value):
        return None
    extra = _optional_fields(data, config, tables, names, read_field)
    state = _make_state(
        config,
        _PHASES[phase],
        data["to_move"],
        data["active"],
        data["turn"],
        _cards(data["forest"], tables.any, names),
        _cards(data["market"], tables.market, names),
        tuple(hands),
        tuple(teams),
        _cards(data["cemetery"], tables.character, names),
        _cards(data["removed"], tables.out, names),
        enemies,
        _as_tuple(data["enemy_up"]),
        _known(data["known"]),
        _as_tuple(data["seen"]),
        _cards(data["start_row"], tables.character, names),
        _as_tuple(data["exchanges"]),
        _rng(data["rng"]),
        *extra,
        None,  # the memo: vouched fills it
    )
    return state if vouched(state, names) else None


#: Makes a state from all its fields (memo included), as ``State(...)`` would, by setting
#: its slots.
_make_state = slot_filler(State)
#: The fields with a default, in the class's order, and their defaults.
_DEFAULTS = tuple(
    (field.name, field.default) for field in _FIELDS if field.default is not attrs.NOTHING
)
#: The defaults of the fields with a default, in the class's order.
_DEFAULT_VALUES = tuple(default for _, default in _DEFAULTS)
#: Each field with a default, and its place among them.
_PLACES = tuple((place, name) for place, (name, _) in enumerate(_DEFAULTS))
#: The number of fields without a default: a document of that many keys, each a field, holds
#: no field with a default, or leaves out a field without one (and fails its look-up).
_REQUIRED = len(_STATE_KEYS) - len(_DEFAULTS)


def _optional_fields(
    data: dict[str, Any], config: Config, tables: _Tables, names: list[str], read: FieldReader
) -> list[Any]:
    """The values of the fields with a default, in the class's order: their defaults when
    left out, the general decoders' for the rare ones, the JSON values themselves for
    the scalars (their checks look at their types and ranges)."""
    values = list(_DEFAULT_VALUES)
    if len(data) == _REQUIRED:
        return values
    # Only the fields the document holds (most documents hold one or two of them), each put
    # in its place.
    for place, name in _PLACES:
        if name not in data:
            continue
        if name == "held":
            value = _cards(data["held"], tables.any, names)
        elif name == "last_move":  # nearly every document's: each move read once
            value = _read_move(data[name], name, config, read)
        elif name in _GENERAL:
            value = read(name, data[name], config)
        else:
            value = data[name]
        values[place] = value
    return values


#: The move that led to a state, read by the general decoder once per distinct value.
_read_move = MoveReader(lambda value, name, config, read: read(name, value, config))


def _cards(value: Any, table: dict[str, Card], names: list[str]) -> tuple[Card, ...]:
    """The cards of a list of names, each one the zone's ``table`` holds."""
    if type(value) is not list:
        raise _UnusualError
    cards = tuple(map(table.__getitem__, value))  # a name not in the table: KeyError
    names += value
    return cards


def _member(value: dict[str, Any], tables: _Tables, names: list[str]) -> Member:
    """A team member ``{card, level, broom, cape}`` other than a character alone at a level
    (which :func:`_read` finds in its table): a character at a level (``0`` to ``2``, ``0``
    left out), with a broom, a cape (``null`` or left out: none) or both."""
    level = value.get("level", 0)
    if type(level) is not int or not value.keys() <= _MEMBER_KEYS:
        raise _UnusualError
    card = tables.character[value["card"]]
    names.append(card.name)
    broom, cape = value.get("broom"), value.get("cape")
    if broom is not None:
        broom = tables.broom[broom]
        names.append(broom.name)
    if cape is not None:
        cape = tables.cape[cape]
        names.append(cape.name)
    return Member(card, _LEVELS[level], broom, cape)


def _as_tuple(value: Any) -> tuple[Any, ...]:
    """A list of scalars, as they are (their checks look at every item)."""
    if type(value) is not list:
        raise _UnusualError
    return tuple(value)


def _known(value: Any) -> tuple[frozenset[int], ...]:
    if type(value) is not list:
        raise _UnusualError
    known = []
    for places in value:
        if type(places) is not list:
            raise _UnusualError
        known.append(frozenset(places))
    return tuple(known)


def _rng(value: Any) -> Rng:
    if type(value) is not dict or len(value) != 1:
        raise _UnusualError
    state = value["state"]
    if type(state) is not int or not 0 <= state < _RNG_STATES:
        raise _UnusualError
    return _make_rng(state)


#: Makes a generator from its state, as ``Rng(state)`` would, by setting its slot.
_make_rng = slot_filler(Rng)
