"""The quick road of writing an AlakaSLAM state's JSON text, in front of the general one.

The general road writes a state field by field through the core's writers: a call and a join
per value, about thirty of them. Here the text is joined straight from the state, in the order
the state's hook writes its fields and with the fields at their defaults left out as the hook
leaves them out: the text is the encoder's, character for character. A config's text, its
cards' quoted short names and its cells' texts are made once per config, so a pile of cards or
the players' cells are joined at C speed.

Only a state whose memo is set (the rules made it, or its check passed) is written here: its
fields are then known to be of their types and ranges. Any other state, a finished match (its
result is written by the converter), or a value the writer does not know for sure is written
by the hook and the encoder.
"""

from __future__ import annotations

import json.encoder
from collections.abc import Callable
from typing import Any

from cardgames import _kept
from cardgames.alakaslam.cards import Card, Character
from cardgames.alakaslam.config import Config, config_problem, deck_cards
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.moves import Move
from cardgames.alakaslam.state import Bind, Fault, Phase, Point, State

__all__ = ["state_writer"]

#: A string as the encoder writes it (``ensure_ascii=False``).
_quote: Callable[[str], str] = json.encoder.encode_basestring
#: A number's text, as the encoder writes an int.
_NUMBER = int.__repr__
#: The text of each member of the enums a state holds, found by the member.
_MEMBER_TEXT: dict[Any, str] = {
    member: _quote(member.value) for kind in (Phase, Character, Fault) for member in kind
}


class _UnusualError(Exception):
    """A value the writer does not know for sure: the hook and the encoder write the state."""


class _Texts:
    """What writing the states of one config needs, made once per config object: the
    config's text, and the texts of its cards and of its cells, each found by its value (a
    card's value is hashed at C speed, where a table by identity would probe its way past the
    ids, which all end alike)."""

    __slots__ = ("cards", "cells", "config", "moves")

    def __init__(self, config: Config, config_text: str) -> None:
        self.config = config_text
        #: A card -> its short name, quoted.
        self.cards: dict[Card, str] = {card: _quote(card.code) for card in deck_cards(config)}
        #: A cell of the court -> ``[column, row]``.
        self.cells: dict[Cell, str] = {
            cell: f"[{_NUMBER(cell.col)},{_NUMBER(cell.row)}]"
            for half in court_for(config.columns).halves
            for cell in half
        }
        #: A move -> its text, as the state's hook and the encoder write it; filled as moves
        #: are met.
        self.moves: dict[Move, str] = {}


def _cards(text_of: Callable[[Card], str], cards: tuple[Card, ...]) -> str:
    """A tuple of cards as a JSON list of their quoted short names (``text_of`` gives one)."""
    return "[" + ",".join(map(text_of, cards)) + "]"


def _ints(values: tuple[int, ...]) -> str:
    """A tuple of ints as a JSON list."""
    return "[" + ",".join(map(_NUMBER, values)) + "]"


def _bind(bind: Bind) -> str:
    """An Enchantment waiting for a target: ``[player, cards]``."""
    return "[" + _NUMBER(bind[0]) + "," + _NUMBER(bind[1]) + "]"


def state_writer(
    unstructure: Callable[[State], Any],
    encode: Callable[[Any], str],
    config_text: Callable[[Config], str],
) -> Callable[[State], str]:
    """The writer of a state's JSON text: what ``encode(unstructure(state))`` writes.

    ``unstructure`` is the state's hook, ``encode`` the encoder of documents and
    ``config_text`` the text of a config as the state's hook and the encoder write it.
    """

    def texts(config: Config) -> _Texts | None:
        return None if config_problem(config) is not None else _Texts(config, config_text(config))

    texts_of = _kept.by_identity(texts, owner=__name__)

    def write(state: State) -> str:
        if type(state) is State and getattr(state, "_memo", None) is not None:
            found = texts_of(state.config)
            if found is not None:
                move = state.last_move
                if move is not None and move not in found.moves:
                    found.moves[move] = encode(unstructure(state)["last_move"])
                try:
                    return _text(state, found)
                except (_UnusualError, KeyError):
                    pass
        return encode(unstructure(state))

    return write


def _text(state: State, texts: _Texts) -> str:
    """The text of a state whose memo is set (a finished match, or a value the writer does not
    know: :class:`_UnusualError` or ``KeyError``)."""
    if state.result is not None:
        raise _UnusualError
    members = _MEMBER_TEXT
    card = texts.cards.__getitem__
    cells = texts.cells
    to_move, copied, ball, server = state.to_move, state.copied, state.ball, state.server
    score = state.score
    text = [
        '{"config":',
        texts.config,
        ',"phase":',
        members[state.phase],
        ',"to_move":',
        "null" if to_move is None else _NUMBER(to_move),
        ',"queue":',
        _ints(state.queue),
        ',"characters":[',
        ",".join(map(members.__getitem__, state.characters)),
        '],"copied":',
        "null" if copied is None else members[copied],
        ',"deck":',
        _cards(card, state.deck),
        ',"discard":',
        _cards(card, state.discard),
        ',"hands":[',
        ",".join([_cards(card, hand) for hand in state.hands]),
        '],"positions":[',
        ",".join(map(cells.__getitem__, state.positions)),
        '],"ball":',
        "null" if ball is None else cells[ball],
        ',"score":[',
        _NUMBER(score[0]),
        ",",
        _NUMBER(score[1]),
        '],"server":',
        "null" if server is None else _NUMBER(server),
        ',"rng":{"state":',
        _NUMBER(state.rng.state),
        "}",
    ]
    # The fields with a default, in the class's order, each left out when at it.
    if state.serving:
        text.append(',"serving":true')
    if state.free_step:
        text.append(',"free_step":true')
    if state.moved:
        text += ',"moved":', _ints(state.moved)
    if state.meddled:
        text.append(',"meddled":true')
    if state.hitter is not None:
        text += ',"hitter":', _NUMBER(state.hitter)
    if state.played:
        text += ',"played":', _cards(card, state.played)
    if state.binds:
        text += ',"binds":', _ints(state.binds)
    if state.locked:
        text.append(',"locked":true')
    if state.pending:
        text += ',"pending":[', ",".join(map(_bind, state.pending)), "]"
    if state.discards_left:
        text += ',"discards_left":', _NUMBER(state.discards_left)
    if state.shots:
        text += ',"shots":', _NUMBER(state.shots)
    point: Point | None = state.last_point
    if point is not None:
        text += ',"last_point":{"side":', _NUMBER(point.side), ',"fault":', members[point.fault]
        text.append("}")
    if state.last_mover is not None:
        text += ',"last_mover":', _NUMBER(state.last_mover)
    if state.last_move is not None:
        text += ',"last_move":', texts.moves[state.last_move]
    text.append("}")
    return "".join(text)
