"""The quick road of reading an Alakazum! state from JSON, in front of the general one.

Every state read from JSON is checked in full before it is used. The general road
(:mod:`.codec`'s hook, then :func:`.checks.checked`) decodes each field on its own, then looks
at every card three times more: once for being the config's own card, once for the kinds its
zone may hold, once for conservation. This reader does the three where it reads the card: a
card name is looked up in a table of the config's cards that its zone may hold, so a card that
reads is both the config's own and of a kind its zone holds, and its name is kept for counting.
:func:`.checks.vouched` then checks what reading does not prove (the counts, ranges and types of
the other fields, the final enemies, the phase, the moves), and a state that passes is marked
as checked, holding its legal moves, which ``legal_moves`` then finds.

Whatever this reader does not take at once (a value of another type, an unknown name, a card out
of its place, a hand out of order, a state that fails a check) goes to the general road, which
reads it, or refuses it with the same message as ever: a document loads, or fails, as it always
did, and only sooner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardgames.alakazum.cards import Card, Enemy, Kind, Level
from cardgames.alakazum.checks import vouched
from cardgames.alakazum.config import Config, cards_by_name
from cardgames.alakazum.state import Member, Phase, State
from cardgames.alakazum.wellformed import config_problem
from cardgames.rng import Rng

__all__ = ["state_reader"]

#: Reads a field that this reader leaves to the general decoders: (name, JSON value, config).
FieldReader = Callable[[str, Any, Config], Any]

_PHASES = {phase.value: phase for phase in Phase}
_LEVELS = {int(level): level for level in Level}
_MEMBER_KEYS = frozenset({"card", "level", "broom", "cape"})
_FIELDS = [field for field in attrs.fields(State) if field.init]
_STATE_KEYS = frozenset(field.name for field in _FIELDS)
_REQUIRED = frozenset(field.name for field in _FIELDS if field.default is attrs.NOTHING)
#: The fields whose JSON values become the state's as they are (ints, true or false, null):
#: :func:`.checks.vouched` checks their types and ranges.
_AS_THEY_ARE = ("actions", "deja_vu", "giving", "santa", "taking", "roll")
#: The fields left to the general decoders: rare, and each a small object of its own.
_GENERAL = ("combat", "pending", "spell", "failed", "result")
_RNG_STATES = 1 << 64


class _UnusualError(Exception):
    """A document that the quick reader leaves to the general one."""


class _Tables:
    """A config's cards by name, one table for each set of kinds that a zone may hold, and the
    team members read so far (made once per config: see :func:`_tables`)."""

    __slots__ = ("any", "broom", "cape", "character", "enemies", "hand", "market", "members", "out")

    def __init__(self, config: Config) -> None:
        cards = cards_by_name(config)
        kinds = {name: card.kind for name, card in cards.items()}
        self.any: dict[str, Card] = dict(cards)
        self.hand = _of_kinds(cards, {k for k in kinds.values() if k.is_hand})
        self.market = _of_kinds(cards, {k for k in kinds.values() if k.is_hand} - {Kind.DOLL})
        self.character = _of_kinds(cards, {Kind.CHARACTER})
        self.out = _of_kinds(cards, {k for k in kinds.values() if k.is_trap} | {Kind.DOLL})
        self.broom = _of_kinds(cards, {Kind.BROOM})
        self.cape = _of_kinds(cards, {Kind.CAPE})
        self.enemies: dict[str, Enemy] = {e.name: e for e in config.enemy_cards}
        #: Members without a broom or cape by (character's name, level): at most three a
        #: character, so the table stays small.
        self.members: dict[tuple[str, int], Member] = {}


def _of_kinds(cards: Any, kinds: set[Kind]) -> dict[str, Card]:
    return {name: card for name, card in cards.items() if card.kind in kinds}


#: The most configs whose tables are kept; past it, they are let go and made anew.
_MOST_CONFIGS = 64
#: The tables of configs that passed their check, by the config's identity (each entry holds
#: its config, so no other object can take its ``id`` while it lasts).
_TABLES: dict[int, tuple[Config, _Tables]] = {}


def _tables(config: Config) -> _Tables | None:
    """The tables of ``config``, or ``None`` for a config that does not pass its check."""
    kept = _TABLES.get(id(config))
    if kept is not None and kept[0] is config:
        return kept[1]
    if config_problem(config) is not None:
        return None
    if len(_TABLES) >= _MOST_CONFIGS:
        _TABLES.clear()
    tables = _Tables(config)
    _TABLES[id(config)] = (config, tables)
    return tables


def state_reader(
    read_config: Callable[[Any], Config], read_field: FieldReader
) -> Callable[[Any], State | None]:
    """The quick reader of a state's JSON object: the state, checked and marked as checked,
    or ``None`` for a document it leaves to the general road. ``read_config`` and
    ``read_field`` are the general decoders of the config and of the rarer fields."""

    def read(data: Any) -> State | None:
        if type(data) is not dict or not _REQUIRED <= data.keys() <= _STATE_KEYS:
            return None
        try:
            state = _read(data, read_config, read_field)
        except (_UnusualError, ValueError, TypeError, KeyError, IndexError, AttributeError):
            return None
        return state

    return read


def _read(
    data: dict[str, Any], read_config: Callable[[Any], Config], read_field: FieldReader
) -> State | None:
    config = read_config(data["config"])
    if type(config) is not Config:
        return None
    tables = _tables(config)
    if tables is None:
        return None
    players = config.players
    names: list[str] = []
    phase = data["phase"]
    if type(phase) is not str:
        return None
    hands = data["hands"]
    teams = data["teams"]
    if type(hands) is not list or len(hands) != players:
        return None
    if type(teams) is not list or len(teams) != players:
        return None
    hand_table = tables.hand
    extra: dict[str, Any] = {}
    for name in _AS_THEY_ARE:
        if name in data:
            extra[name] = data[name]
    for name in _GENERAL:
        if name in data:
            extra[name] = read_field(name, data[name], config)
    if "held" in data:
        extra["held"] = _cards(data["held"], tables.any, names)
    state = State(
        config=config,
        phase=_PHASES[phase],
        to_move=data["to_move"],
        active=data["active"],
        turn=data["turn"],
        forest=_cards(data["forest"], tables.any, names),
        market=_cards(data["market"], tables.market, names),
        hands=tuple([_hand(hand, hand_table, names) for hand in hands]),
        teams=tuple([_team(team, tables, names) for team in teams]),
        cemetery=_cards(data["cemetery"], tables.character, names),
        removed=_cards(data["removed"], tables.out, names),
        enemies=_enemies(data["enemies"], tables.enemies),
        enemy_up=_as_tuple(data["enemy_up"]),
        known=_known(data["known"]),
        seen=_as_tuple(data["seen"]),
        start_row=_cards(data["start_row"], tables.character, names),
        exchanges=_as_tuple(data["exchanges"]),
        rng=_rng(data["rng"]),
        **extra,
    )
    return state if vouched(state, names) else None


def _cards(value: Any, table: dict[str, Card], names: list[str]) -> tuple[Card, ...]:
    """The cards of a list of names, each one the zone's ``table`` holds."""
    if type(value) is not list:
        raise _UnusualError
    cards = tuple(map(table.__getitem__, value))  # a name not in the table: KeyError
    names += value
    return cards


def _hand(value: Any, table: dict[str, Card], names: list[str]) -> tuple[Card, ...]:
    """A hand: hand cards, sorted by name."""
    cards = _cards(value, table, names)
    if value != sorted(value):
        raise _UnusualError
    return cards


def _team(value: Any, tables: _Tables, names: list[str]) -> tuple[Member, ...]:
    if type(value) is not list:
        raise _UnusualError
    return tuple([_member(member, tables, names) for member in value])


def _member(value: Any, tables: _Tables, names: list[str]) -> Member:
    """A team member ``{card, level, broom, cape}``: a character at a level (``0`` to ``2``,
    ``0`` left out), with a broom, a cape (``null`` or left out: none) or both."""
    if type(value) is not dict:
        raise _UnusualError
    level = value.get("level", 0)
    if type(level) is not int:
        raise _UnusualError
    size = len(value)
    if size == 1 or (size == 2 and "level" in value):
        # A member without a broom or cape, made once per character and level.
        name = value["card"]
        member = tables.members.get((name, level))
        if member is None:
            member = Member(tables.character[name], _LEVELS[level])
            tables.members[name, level] = member
        names.append(name)
        return member
    if not value.keys() <= _MEMBER_KEYS:
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


def _enemies(value: Any, table: dict[str, Enemy]) -> tuple[Enemy, ...]:
    if type(value) is not list:
        raise _UnusualError
    return tuple(map(table.__getitem__, value))


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
    return Rng(state)
