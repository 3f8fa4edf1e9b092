"""The JSON form of Alakazum! states and views: cards written by name.

A state holds about a hundred cards, and a card's full JSON object is long. Within a state the
config says what every card is, so states and views write each card (and final enemy) by its
name and read it back through the config's card lists: the document is short and quick to
write and read. Fields equal to their default are left out, as everywhere in the library.
Configs, moves and outcomes keep their usual JSON.

This package is the game's one place for its documents: the forms of states and views and the
hooks that the converter uses (here), the pass that reads a usual state document and checks it
as it reads (:mod:`~cardgames.alakazum.documents.reading`), and the writer of a checked state's
text straight from its fields (:mod:`~cardgames.alakazum.documents.writing`).
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable
from enum import Enum
from typing import Any

import attrs
import cattrs

from cardgames.alakazum.cards import Card, Culture, Enemy, Level
from cardgames.alakazum.config import Config, cards_by_name
from cardgames.alakazum.documents.reading import state_reader
from cardgames.alakazum.documents.writing import (
    fields_writer,
    hands_text,
    known_text,
    names_text,
    plain_text,
    state_writer,
    teams_text,
)
from cardgames.alakazum.moves import Move, Spell
from cardgames.alakazum.state import Combat, Member, Phase, State, View
from cardgames.errors import SerializationError, excerpt
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["register"]

_Encode = Callable[[Any], Any]
_Decode = Callable[[Any, "_Lists"], Any]


class _Lists:
    """The config's cards and final enemies by name, for reading names back (made once per
    config: see :func:`_lists`)."""

    def __init__(self, config: Config) -> None:
        self.cards: dict[str, Card] = dict(cards_by_name(config))
        self.enemies = {e.name: e for e in config.enemy_cards}
        # Team members without a broom or cape, by card name and level: shared values.
        self.members: dict[tuple[str, int], Member] = {}
        # The same members and the others by their JSON objects (see _member_key).
        self.plain: dict[tuple[Any, ...], Member] = {}

    def card(self, name: object) -> Card:
        if type(name) is not str:
            raise ValueError(f"expected a card name, got {excerpt(name)}")
        card = self.cards.get(name)
        if card is None:
            raise ValueError(f"no card of the config is named {excerpt(name)}")
        return card

    def enemy(self, name: object) -> Enemy:
        if type(name) is not str or name not in self.enemies:
            raise ValueError(f"no final enemy of the config is named {excerpt(name)}")
        return self.enemies[name]


@functools.lru_cache(maxsize=64)
def _lists(config: Config) -> _Lists:
    return _Lists(config)


# --- plain values --------------------------------------------------------------------------


def _int(value: object, _: _Lists | None = None) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {excerpt(value)}")
    return value


def _bool(value: object, _: _Lists | None = None) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {excerpt(value)}")
    return value


def _list(value: object) -> list[Any]:
    if type(value) is not list:
        raise ValueError(f"expected a list, got {excerpt(value)}")
    return value


def _optional(decode: _Decode) -> _Decode:
    return lambda value, lists: None if value is None else decode(value, lists)


def _enum(cls: type[Enum]) -> _Decode:
    by_value = {member.value: member for member in cls}

    def decode(value: object, _: _Lists) -> Any:
        member = by_value.get(value) if type(value) in (int, str) else None
        if member is None or type(value) is not type(member.value):
            raise ValueError(f"{excerpt(value)} is not a {cls.__name__}")
        return member

    return decode


def _ints(value: object, _: _Lists) -> tuple[int, ...]:
    items = _list(value)
    if all(map(operator.is_, map(type, items), itertools.repeat(int))):
        return tuple(items)
    return tuple(_int(v) for v in items)  # raises, saying which


def _bools(value: object, _: _Lists) -> tuple[bool, ...]:
    items = _list(value)
    if all(map(operator.is_, map(type, items), itertools.repeat(bool))):
        return tuple(items)
    return tuple(_bool(v) for v in items)  # raises, saying which


def _via_converter(cls: Any) -> tuple[_Encode, _Decode]:
    """Values that keep their usual JSON (configs, moves, outcomes, generators)."""
    from cardgames.serialization import converter

    return (
        lambda value: converter.unstructure(value, unstructure_as=cls),
        lambda value, _: converter.structure(value, cls),
    )


def _briefly(what: str, decode: _Decode) -> _Decode:
    """``decode``, whose errors say only that ``value`` is not ``what``, with an excerpt of it
    (the general loader's messages may quote the whole value)."""

    def brief(value: object, lists: _Lists) -> Any:
        try:
            return decode(value, lists)
        except (ValueError, TypeError, KeyError, IndexError, cattrs.BaseValidationError):
            raise ValueError(f"expected {what}, got {excerpt(value)}") from None

    return brief


# --- cards, members, combats -------------------------------------------------------------------


def _name(card: Card) -> str:
    return card.name


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card.name for card in cards]


def _cards(value: object, lists: _Lists) -> tuple[Card, ...]:
    try:
        return tuple(map(lists.cards.__getitem__, _list(value)))
    except (KeyError, TypeError):
        return tuple(lists.card(name) for name in _list(value))  # raises, saying which


def _member_json(member: Member) -> Any:
    out: dict[str, Any] = {"card": member.card.name}
    if member.level:
        out["level"] = int(member.level)
    if member.broom is not None:
        out["broom"] = member.broom.name
    if member.cape is not None:
        out["cape"] = member.cape.name
    return out


_LEVEL = _enum(Level)


def _member(value: object, lists: _Lists) -> Member:
    if type(value) is not dict or "card" not in value or not set(value) <= _MEMBER_KEYS:
        raise ValueError(
            f"expected a team member {{card, level, broom, cape}}, got {excerpt(value)}"
        )
    if value.keys() <= _PLAIN_MEMBER_KEYS and type(value["card"]) is str:
        level = value.get("level", 0)
        key = (value["card"], level)
        member = lists.members.get(key) if type(level) is int else None
        if member is None:
            member = Member(lists.card(value["card"]), _LEVEL(level, lists))
            lists.members[key] = member
    else:
        member = Member(
            lists.card(value["card"]),
            _LEVEL(value.get("level", 0), lists),
            None if value.get("broom") is None else lists.card(value["broom"]),
            None if value.get("cape") is None else lists.card(value["cape"]),
        )
    # The member this JSON object makes, where _team finds it next time (bounded: a document
    # may write its members in many key orders).
    if len(lists.plain) >= _MOST_MEMBERS:
        lists.plain.clear()
    lists.plain[_member_key(value)] = member
    return member


#: The most members each config's lists keep by their JSON objects.
_MOST_MEMBERS = 4096
_MEMBER_KEYS = frozenset({"card", "level", "broom", "cape"})
_PLAIN_MEMBER_KEYS = frozenset({"card", "level"})


def _teams_json(teams: tuple[tuple[Member, ...], ...]) -> Any:
    return [[_member_json(m) for m in team] for team in teams]


def _teams(value: object, lists: _Lists) -> tuple[tuple[Member, ...], ...]:
    return tuple(_team(team, lists) for team in _list(value))


def _team(value: object, lists: _Lists) -> tuple[Member, ...]:
    """A team: members whose JSON objects were read before are found by them at C speed; any
    other goes through :func:`_member`."""
    team = _list(value)
    try:
        return tuple(map(lists.plain.__getitem__, map(_member_key, team)))
    except (KeyError, TypeError, AttributeError):
        return tuple(_member(m, lists) for m in team)


def _member_key(value: dict[str, Any]) -> tuple[Any, ...]:
    """A member's JSON object as a key: its items, and the type of its level, which tells
    ``1`` from ``true`` and ``1.0`` (all three are equal). Every other value of a member that
    loads is a name, and only a string equals a string."""
    return (tuple(value.items()), type(value.get("level")))


def _hands_json(hands: tuple[tuple[Card, ...], ...]) -> Any:
    return [_names(hand) for hand in hands]


def _hands(value: object, lists: _Lists) -> tuple[tuple[Card, ...], ...]:
    return tuple(_cards(hand, lists) for hand in _list(value))


def _combat_json(combat: Combat) -> Any:
    out: dict[str, Any] = {"attacker": combat.attacker, "opponent": combat.opponent.name}
    for field in attrs.fields(Combat):
        name = field.name
        if name in ("attacker", "opponent"):
            continue
        value = getattr(combat, name)
        if value == field.default:
            continue
        if name == "potions":
            value = [[side, card.name, points] for side, card, points in value]
        elif type(value) is tuple:
            value = list(value)
        out[name] = value
    return out


_COMBAT_KEYS = frozenset(field.name for field in attrs.fields(Combat))


def _combat(value: object, lists: _Lists) -> Combat:
    if type(value) is not dict or not set(value) <= _COMBAT_KEYS:
        raise ValueError(f"expected a combat object, got {excerpt(value)}")
    if "attacker" not in value or "opponent" not in value:
        raise ValueError("a combat needs an attacker and an opponent")
    supports = _list(value.get("supports", [None, None]))
    points = _list(value.get("points", [0, 0]))
    if len(supports) != 2 or len(points) != 2:
        raise ValueError("a combat has two sides")
    potions = tuple(_potion(entry, lists) for entry in _list(value.get("potions", [])))
    fighter, defender = value.get("fighter"), value.get("defender")
    return Combat(
        attacker=_int(value["attacker"]),
        fighter=None if fighter is None else lists.card(fighter).name,
        defender=None if defender is None else _int(defender),
        opponent=lists.card(value["opponent"]),
        supports=(_support(supports[0], lists), _support(supports[1], lists)),
        points=(_int(points[0]), _int(points[1])),
        rolls=tuple(_int(r) for r in _list(value.get("rolls", []))),
        potions=potions,
        to_act=_int(value.get("to_act", 0)),
        passes=_int(value.get("passes", 0)),
        roller=_optional(_int)(value.get("roller"), lists),
        roll=_int(value.get("roll", 0)),
        bonus=_int(value.get("bonus", 0)),
    )


def _fought_json(fought: tuple[Combat, ...]) -> Any:
    return [_combat_json(combat) for combat in fought]


def _fought(value: object, lists: _Lists) -> tuple[Combat, ...]:
    """The combats decided by the last move: a list of combat objects."""
    return tuple(_combat(combat, lists) for combat in _list(value))


def _potion(entry: object, lists: _Lists) -> tuple[int, Card, int]:
    """A potion played in a combat: ``[side, card name, combat points added]``."""
    items = _list(entry)
    if len(items) != 3:
        raise ValueError(f"expected a potion [side, card, points], got {excerpt(entry)}")
    side, name, added = items
    return _int(side), lists.card(name), _int(added)


def _support(value: object, lists: _Lists) -> str | None:
    return None if value is None else lists.card(value).name


def _known_json(known: tuple[frozenset[int], ...]) -> Any:
    return [sorted(k) for k in known]


def _known(value: object, _: _Lists) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(_int(i) for i in _list(k)) for k in _list(value))


def _enemies(value: object, lists: _Lists) -> tuple[Enemy, ...]:
    return tuple(lists.enemy(name) for name in _list(value))


def _seen_enemies(value: object, lists: _Lists) -> tuple[Enemy | None, ...]:
    return tuple(None if name is None else lists.enemy(name) for name in _list(value))


# --- the field tables --------------------------------------------------------------------------


def _as_list(value: Any) -> Any:
    """A value as the encoder takes it: a tuple as a list."""
    return list(value) if type(value) is tuple else value


def _plain(decode: _Decode) -> tuple[_Encode, _Decode]:
    return _as_list, decode


def _briefly_via(what: str, cls: Any) -> tuple[_Encode, _Decode]:
    encode, decode = _via_converter(cls)
    return encode, _briefly(what, decode)


def _codecs() -> dict[str, tuple[_Encode, _Decode]]:
    cards = (_names, _cards)
    return {
        "config": _via_converter(Config),
        "phase": _plain(_enum(Phase)),
        "to_move": _plain(_optional(_int)),
        "active": _plain(_int),
        "turn": _plain(_int),
        "player": _plain(_int),
        "forest": cards,
        "forest_size": _plain(_int),
        "forest_top": cards,
        "market": cards,
        "hands": (_hands_json, _hands),
        "hand": cards,
        "hand_sizes": _plain(_ints),
        "teams": (_teams_json, _teams),
        "cemetery": cards,
        "removed": cards,
        "enemies": (lambda es: [None if e is None else e.name for e in es], _seen_enemies),
        "enemy_up": _plain(_bools),
        "known": (_known_json, _known),
        "seen": _plain(_ints),
        "start_row": cards,
        "exchanges": _plain(_ints),
        "rng": _briefly_via("a generator {state: 64-bit int}", Rng),
        "actions": _plain(_int),
        "deja_vu": _plain(_bool),
        "combat": (_combat_json, _combat),
        "pending": _briefly_via("an alakazum move {type, fields} or null", Move | None),
        "giving": _plain(_int),
        "santa": _plain(_int),
        "held": cards,
        "held_size": _plain(_int),
        "taking": _plain(_int),
        "spell": _plain(_optional(_enum(Spell))),
        "failed": _plain(_optional(_enum(Culture))),
        "roll": _plain(_optional(_int)),
        "result": _briefly_via("an outcome {winners, returns, reason} or null", Outcome | None),
        "last_mover": _plain(_optional(_int)),
        "last_move": _briefly_via("an alakazum move {type, fields} or null", Move | None),
        "fought": (_fought_json, _fought),
    }


def _hooks(cls: type[Any], codecs: dict[str, tuple[_Encode, _Decode]]) -> tuple[Any, Any]:
    fields = [field for field in attrs.fields(cls) if field.init]
    required = {field.name for field in fields if field.default is attrs.NOTHING}
    known = {field.name for field in fields}
    table = [(field.name, field.default, codecs[field.name]) for field in fields]
    enemies_field = "enemies"

    def unstructure(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, default, (encode, _) in table:
            value = getattr(obj, name)
            if value is default or (default is not attrs.NOTHING and value == default):
                continue
            out[name] = encode(value)
        return out

    def structure(data: object, _: object) -> Any:
        if type(data) is not dict:
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        if not data.keys() <= known:
            raise ValueError(f"unexpected fields {', '.join(sorted(set(data) - known))}")
        if not required <= data.keys():
            raise ValueError(f"missing fields {', '.join(sorted(required - set(data)))}")
        try:
            config = codecs["config"][1](data["config"], None)  # type: ignore[arg-type]
        except SerializationError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, cattrs.BaseValidationError) as exc:
            raise SerializationError(
                f"$.data.config: {'; '.join(cattrs.transform_error(exc))}"
                if isinstance(exc, cattrs.BaseValidationError)
                else f"$.data.config: {exc}"
            ) from None
        lists = _lists(config)
        values: dict[str, Any] = {"config": config}
        for name, value in data.items():
            if name == "config":
                continue
            try:
                decoded = codecs[name][1](value, lists)
                if cls is State and name == enemies_field and None in decoded:
                    raise ValueError("a state knows every final enemy")
            except SerializationError:
                raise
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                # States and views are whole documents: their fields sit under $.data.
                raise SerializationError(f"$.data.{name}: {exc}") from None
            values[name] = decoded
        return cls(**values)

    return unstructure, structure


def _state_reader(codecs: dict[str, tuple[_Encode, _Decode]]) -> Callable[[Any], State | None]:
    """The quick reader of states, reading a config and the rarer fields with ``codecs``."""
    read_config = codecs["config"][1]
    return state_reader(
        lambda value: read_config(value, None),  # type: ignore[arg-type]
        lambda name, value, config: codecs[name][1](value, _lists(config)),
    )


def _quick_state_hooks(
    general: tuple[Any, Any], codecs: dict[str, tuple[_Encode, _Decode]]
) -> tuple[Any, Any]:
    """The hooks of states: the quick reader of :mod:`~cardgames.alakazum.documents.reading`
    and a writer straight from the fields, each in front of the general hook (``general``),
    which takes whatever they leave."""
    general_unstructure, general_structure = general
    read = _state_reader(codecs)

    def structure(data: object, cls: object) -> Any:
        state = read(data)
        return general_structure(data, cls) if state is None else state

    write_config, write_pending, write_result = (
        codecs[name][0] for name in ("config", "pending", "result")
    )

    def unstructure(state: State) -> dict[str, Any]:
        # A state the rules made or a check passed (its memo says so) has well-formed fields,
        # each of which the lines below write as the general hook would; any other state is
        # written by the general hook, whatever it holds.
        if getattr(state, "_memo", None) is None:
            return general_unstructure(state)  # type: ignore[no-any-return]
        out: dict[str, Any] = {
            "config": write_config(state.config),
            "phase": state.phase,
            "to_move": state.to_move,
            "active": state.active,
            "turn": state.turn,
            "forest": list(map(_NAME, state.forest)),
            "market": list(map(_NAME, state.market)),
            "hands": [list(map(_NAME, hand)) for hand in state.hands],
            "teams": _teams_json(state.teams),
            "cemetery": list(map(_NAME, state.cemetery)),
            "removed": list(map(_NAME, state.removed)),
            "enemies": list(map(_NAME, state.enemies)),
            "enemy_up": list(state.enemy_up),
            "known": _known_json(state.known),
            "seen": list(state.seen),
            "start_row": list(map(_NAME, state.start_row)),
            "exchanges": list(state.exchanges),
            "rng": {"state": state.rng.state},
        }
        # The fields with a default, in the class's order, each left out when at it.
        if state.actions:
            out["actions"] = state.actions
        if state.deja_vu:
            out["deja_vu"] = True
        if state.combat is not None:
            out["combat"] = _combat_json(state.combat)
        if state.pending is not None:
            out["pending"] = write_pending(state.pending)
        if state.giving:
            out["giving"] = state.giving
        if state.santa:
            out["santa"] = state.santa
        if state.held:
            out["held"] = list(map(_NAME, state.held))
        if state.taking:
            out["taking"] = state.taking
        if state.spell is not None:
            out["spell"] = state.spell
        if state.failed is not None:
            out["failed"] = state.failed
        if state.roll is not None:
            out["roll"] = state.roll
        if state.result is not None:
            out["result"] = write_result(state.result)
        if state.last_mover is not None:
            out["last_mover"] = state.last_mover
        if state.last_move is not None:
            out["last_move"] = write_pending(state.last_move)
        if state.fought:
            out["fought"] = _fought_json(state.fought)
        return out

    return unstructure, structure


#: A card's (or a final enemy's) name.
_NAME = operator.attrgetter("name")


def _fields_writer(
    cls: type[Any], codecs: dict[str, tuple[_Encode, _Decode]], encode: Callable[[Any], str]
) -> Callable[[Any], str]:
    """The writer of the text that :func:`_hooks`' hook of ``cls`` makes and ``encode``
    writes, the usual fields written straight from their values."""
    table = [
        (field.name, field.default, codecs[field.name][0])
        for field in attrs.fields(cls)
        if field.init
    ]
    texts: dict[Callable[[Any], Any], Callable[[Any], str]] = {
        _as_list: plain_text,
        _names: names_text,
        _hands_json: hands_text,
        _teams_json: teams_text,
        _known_json: known_text,
    }
    return fields_writer(table, encode, texts)


def register() -> None:
    """Give states and views their JSON form (called once, when the package loads)."""
    from cardgames._converter import encode, give_text_writer
    from cardgames.serialization import converter

    codecs = _codecs()
    for cls in (State, View):
        unstructure, structure = _hooks(cls, codecs)
        if cls is State:
            unstructure, structure = _quick_state_hooks((unstructure, structure), codecs)
        converter.register_unstructure_hook(cls, unstructure)
        converter.register_structure_hook(cls, structure)
        if cls is View:
            give_text_writer(unstructure, _fields_writer(cls, codecs, encode))
        if cls is State:
            give_text_writer(
                unstructure,
                state_writer(unstructure, encode, lambda name, value: codecs[name][0](value)),
            )
