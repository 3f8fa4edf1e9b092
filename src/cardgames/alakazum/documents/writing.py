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

import json.encoder
import operator
from collections.abc import Callable
from typing import Any

from cardgames._engine import ByIdentity
from cardgames.alakazum.cards import Culture, Kind, Level
from cardgames.alakazum.config import Config, all_cards
from cardgames.alakazum.moves import Move, Spell
from cardgames.alakazum.state import Member, Phase, State

__all__ = ["state_writer"]

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
