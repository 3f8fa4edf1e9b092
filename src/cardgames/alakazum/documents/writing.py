"""The quick road of writing an Alakazum! state's JSON text, in front of the general one.

The state's hook (:mod:`cardgames.alakazum.documents`) makes a dict of lists of card names,
which the encoder then walks, quoting every name anew. Here a config's cards and final enemies
are quoted once, kept by identity, and a state's text is joined from them at C speed, field by
field in the order the hook writes them, with the fields at their defaults left out as the hook
leaves them out: the text is the encoder's, character for character.

Only a state whose memo is set (the rules made it, or its check passed) is written here: its
fields are known to be well-formed. Any other state, or one holding a card that is not its
config's own object, is written by the hook and the encoder.
"""

from __future__ import annotations

import itertools
import json.encoder
import operator
from collections.abc import Callable
from typing import Any

import attrs

from cardgames._engine import ByIdentity, encode
from cardgames.alakazum.cards import Culture, Kind, Level
from cardgames.alakazum.config import Config, all_cards
from cardgames.alakazum.moves import Move, Spell
from cardgames.alakazum.state import Member, Phase, State

__all__ = [
    "fields_writer",
    "hands_text",
    "known_text",
    "names_text",
    "plain_text",
    "state_writer",
    "teams_text",
]

#: A string as the encoder writes it (``ensure_ascii=False``).
_quote: Callable[[str], str] = json.encoder.encode_basestring
#: A flag's text, found by the flag itself (``False`` is 0, ``True`` is 1).
_FLAGS = ("false", "true")
#: A number's text, as the encoder writes an int.
_NUMBER = int.__repr__
#: A card's (or a final enemy's) name: its first field (read by index, at C speed, where
#: reading it by name looks the field up on the class first).
_NAME = operator.itemgetter(0)


class _Texts:
    """A config's text, and the texts of its team members without a broom or cape by their
    character's identity and level (made once per config: see :func:`state_writer`)."""

    __slots__ = ("config", "members", "moves")

    def __init__(self, config: Config, config_text: str) -> None:
        self.config = config_text
        #: (id of a character, level) -> the text of that member without broom or cape (the
        #: config keeps its cards alive).
        self.members: dict[tuple[int, Level], str] = {
            (id(card), level): '{"card":'
            + _quote(card.name)
            + (f',"level":{int(level)}' if level else "")
            + "}"
            for card in all_cards(config)
            if card.kind is Kind.CHARACTER
            for level in Level
        }
        #: A move -> its text, as the state's hook and the encoder write it; filled as moves
        #: are met.
        self.moves: dict[Move, str] = {}


def _plain_names(config: Config) -> bool:
    """Whether the encoder writes every name of the config's cards and final enemies as it is,
    between quotes (none holds a quote, a backslash or a control character)."""
    names = [card.name for card in all_cards(config)]
    names += (enemy.name for enemy in config.enemy_cards)
    return all(_quote(name) == f'"{name}"' for name in names)


def state_writer(
    unstructure: Callable[[State], Any],
    encode: Callable[[Any], str],
    field_json: Callable[[str, Any], Any],
) -> Callable[[State], str]:
    """The writer of a state's JSON text: what ``encode(unstructure(state))`` writes.

    ``unstructure`` is the state's hook, ``encode`` the encoder of documents, and
    ``field_json(name, value)`` the hook's JSON value of one field (the config and the rarer
    fields: combat, pending, result), which ``encode`` writes.
    """

    def texts(config: Config) -> _Texts | None:
        if not _plain_names(config):
            return None
        return _Texts(config, encode(field_json("config", config)))

    texts_of = ByIdentity(texts)
    enum_texts: dict[Any, str] = {
        member: encode(member) for kind in (Phase, Spell, Culture) for member in kind
    }

    def write(state: State) -> str:
        # A state whose memo is set holds the config's own cards, or cards equal to them.
        if getattr(state, "_memo", None) is not None:
            found = texts_of(state.config)
            if found is not None:
                try:
                    return _text(state, found, enum_texts, encode, field_json)
                except KeyError:  # a member whose card is not the config's own object
                    pass
        return encode(unstructure(state))

    return write


def _names(cards: tuple[Any, ...]) -> str:
    """The names of cards or final enemies whose names are plain, as a JSON list."""
    return '["' + '","'.join(map(_NAME, cards)) + '"]' if cards else "[]"


def _text(
    state: State,
    texts: _Texts,
    enum_texts: dict[Any, str],
    encode: Callable[[Any], str],
    field_json: Callable[[str, Any], Any],
) -> str:
    """The text of a state whose memo is set and whose config's names are plain (a member
    whose card is not the config's own object: ``KeyError``)."""
    members = texts.members
    to_move = state.to_move
    teams = []
    for team in state.teams:
        parts = []
        for member in team:
            if member.broom is None and member.cape is None:
                parts.append(members[id(member.card), member.level])
            else:
                parts.append(_member_text(member))
        teams.append("[" + ",".join(parts) + "]")
    text = [
        '{"config":',
        texts.config,
        ',"phase":',
        enum_texts[state.phase],
        ',"to_move":',
        "null" if to_move is None else _NUMBER(to_move),
        ',"active":',
        _NUMBER(state.active),
        ',"turn":',
        _NUMBER(state.turn),
        ',"forest":',
        _names(state.forest),
        ',"market":',
        _names(state.market),
        ',"hands":[',
        ",".join(map(_names, state.hands)),
        '],"teams":[',
        ",".join(teams),
        '],"cemetery":',
        _names(state.cemetery),
        ',"removed":',
        _names(state.removed),
        ',"enemies":',
        _names(state.enemies),
        ',"enemy_up":[',
        ",".join(map(_FLAGS.__getitem__, state.enemy_up)),
        '],"known":[',
        ",".join(["[" + ",".join(map(_NUMBER, sorted(known))) + "]" for known in state.known]),
        '],"seen":[',
        ",".join(map(_NUMBER, state.seen)),
        '],"start_row":',
        _names(state.start_row),
        ',"exchanges":[',
        ",".join(map(_NUMBER, state.exchanges)),
        '],"rng":{"state":',
        _NUMBER(state.rng.state),
        "}",
    ]
    # The fields with a default, in the class's order, each left out when at it.
    if state.actions:
        text += ',"actions":', _NUMBER(state.actions)
    if state.deja_vu:
        text.append(',"deja_vu":true')
    if state.combat is not None:
        text += ',"combat":', encode(field_json("combat", state.combat))
    if state.pending is not None:
        text += ',"pending":', encode(field_json("pending", state.pending))
    if state.giving:
        text += ',"giving":', _NUMBER(state.giving)
    if state.santa:
        text += ',"santa":', _NUMBER(state.santa)
    if state.held:
        text += ',"held":', _names(state.held)
    if state.taking:
        text += ',"taking":', _NUMBER(state.taking)
    if state.spell is not None:
        text += ',"spell":', enum_texts[state.spell]
    if state.failed is not None:
        text += ',"failed":', enum_texts[state.failed]
    if state.roll is not None:
        text += ',"roll":', _NUMBER(state.roll)
    if state.result is not None:
        text += ',"result":', encode(field_json("result", state.result))
    if state.last_mover is not None:
        text += ',"last_mover":', _NUMBER(state.last_mover)
    move = state.last_move
    if move is not None:
        moved = texts.moves.get(move)
        if moved is None:
            moved = texts.moves[move] = encode(field_json("last_move", move))
        text += ',"last_move":', moved
    if state.fought:
        text += ',"fought":', encode(field_json("fought", state.fought))
    text.append("}")
    return "".join(text)


def _member_text(member: Member) -> str:
    """A member with a broom or a cape: ``{card, level, broom, cape}``, the level left out at
    A and a missing broom or cape left out."""
    text = '{"card":"' + member.card.name + '"'
    if member.level:
        text += ',"level":' + _NUMBER(member.level)
    if member.broom is not None:
        text += ',"broom":"' + member.broom.name + '"'
    if member.cape is not None:
        text += ',"cape":"' + member.cape.name + '"'
    return text + "}"


# --- any state or view, field by field ---------------------------------------------------------


def fields_writer(
    table: list[tuple[str, Any, Callable[[Any], Any]]],
    encode: Callable[[Any], str],
    texts: dict[Callable[[Any], Any], Callable[[Any], str]],
) -> Callable[[Any], str]:
    """The writer of the JSON text that the general hook of ``table`` (each field's name, its
    default and its JSON value's maker) makes and ``encode`` writes: the fields at their
    defaults left out, the others in order, each by the text writer that ``texts`` gives for
    its maker, or else encoded. A text writer writes what the encoder would, or raises (and
    the caller falls back to the hook and the encoder)."""
    parts = [
        (name, default, _quote(name) + ":", texts.get(make) or _encoded(make, encode))
        for name, default, make in table
    ]
    nothing = attrs.NOTHING

    def write(obj: Any) -> str:
        out = []
        for name, default, key, text in parts:
            value = getattr(obj, name)
            if value is default or (default is not nothing and value == default):
                continue
            out.append(key + text(value))
        return "{" + ",".join(out) + "}"

    return write


def _encoded(make: Callable[[Any], Any], encode: Callable[[Any], str]) -> Callable[[Any], str]:
    return lambda value: encode(make(value))


def plain_text(value: Any) -> str:
    """A number, a flag, nothing, a tuple of numbers, or else what the encoder writes of the
    value (a tuple as a list)."""
    kind = type(value)
    if kind is int:
        return _NUMBER(value)
    if value is None:
        return "null"
    if kind is bool:
        return _FLAGS[value]
    if kind is tuple:
        if all(map(operator.is_, map(type, value), itertools.repeat(int))):
            return "[" + ",".join(map(_NUMBER, value)) + "]"
        if all(map(operator.is_, map(type, value), itertools.repeat(bool))):
            return "[" + ",".join(map(_FLAGS.__getitem__, value)) + "]"
        return encode(list(value))
    member = _MEMBER_TEXTS.get(value) if kind in _ENUMS else None
    return encode(value) if member is None else member


def names_text(cards: tuple[Any, ...]) -> str:
    """Cards or final enemies by their names, each quoted (a name that is not a string
    raises)."""
    return "[" + ",".join(map(_quote, map(_NAME_OF, cards))) + "]"


def hands_text(hands: tuple[tuple[Any, ...], ...]) -> str:
    """Every hand, each by its cards' names."""
    return "[" + ",".join(map(names_text, hands)) + "]"


def teams_text(teams: tuple[tuple[Member, ...], ...]) -> str:
    """Every team, each member as :func:`_member_text` writes it (names quoted)."""
    return "[" + ",".join(["[" + ",".join(map(_quoted_member, team)) + "]" for team in teams]) + "]"


def known_text(known: tuple[frozenset[int], ...]) -> str:
    """Each player's known set of numbers, in order."""
    return "[" + ",".join(["[" + ",".join(map(_NUMBER, sorted(k))) + "]" for k in known]) + "]"


def _quoted_member(member: Member) -> str:
    text = '{"card":' + _quote(member.card.name)
    if member.level:
        text += _LEVEL_TEXTS[member.level]
    if member.broom is not None:
        text += ',"broom":' + _quote(member.broom.name)
    if member.cape is not None:
        text += ',"cape":' + _quote(member.cape.name)
    return text + "}"


#: The enums a state's or view's plain fields hold, and each member's text.
_ENUMS = frozenset({Phase, Spell, Culture})
_MEMBER_TEXTS = {member: encode(member) for kind in _ENUMS for member in kind}
#: A member's level as its JSON object holds it, after its card.
_LEVEL_TEXTS = {level: f',"level":{int(level)}' for level in Level}
#: A card's (or a final enemy's) name, by its attribute.
_NAME_OF = operator.attrgetter("name")
