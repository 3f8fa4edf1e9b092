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

from collections.abc import Callable
from typing import Any

from cardgames import _kept
from cardgames._engine import UnusualValueError, json_list, json_quote, quick_state_writer
from cardgames.alakaslam.cards import Card, Character
from cardgames.alakaslam.config import Config, config_problem, deck_cards
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.moves import Move
from cardgames.alakaslam.state import Bind, Fault, Phase, Point, State

__all__ = ["state_writer"]

#: A number's text, as the encoder writes an int.
_NUMBER = int.__repr__
#: The text of each member of the enums a state holds, found by the member.
_MEMBER_TEXT: dict[Any, str] = {
    member: json_quote(member.value) for kind in (Phase, Character, Fault) for member in kind
}


class _Texts:
    """What writing the states of one config needs, made once per config object: the
    config's text, and the texts of its cards and of its cells, each found by its value (a
    card's value is hashed at C speed, where a table by identity would probe its way past the
    ids, which all end alike)."""

    __slots__ = ("cards", "cells", "config", "moves")

    def __init__(self, config: Config, config_text: str) -> None:
        self.config = config_text
        #: A card -> its short name, quoted.
        self.cards: dict[Card, str] = {card: json_quote(card.code) for card in deck_cards(config)}
        #: A cell of the court -> ``[column, row]``.
        self.cells: dict[Cell, str] = {
            cell: f"[{_NUMBER(cell.col)},{_NUMBER(cell.row)}]"
            for half in court_for(config.columns).halves
            for cell in half
        }
        #: A move -> its text, as the state's hook and the encoder write it; filled as moves
        #: are met.
        self.moves: dict[Move, str] = {}


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
    return quick_state_writer(State, texts_of, _text, unstructure, encode)


def _text(state: State, texts: _Texts) -> str:
    """The text of a state whose memo is set (a finished match, or a value the writer does not
    know: ``UnusualValueError`` or ``KeyError``)."""
    if state.result is not None:
        raise UnusualValueError
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
        json_list(_NUMBER, state.queue),
        ',"characters":[',
        ",".join(map(members.__getitem__, state.characters)),
        '],"copied":',
        "null" if copied is None else members[copied],
        ',"deck":',
        json_list(card, state.deck),
        ',"discard":',
        json_list(card, state.discard),
        ',"hands":[',
        ",".join([json_list(card, hand) for hand in state.hands]),
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
        text += ',"moved":', json_list(_NUMBER, state.moved)
    if state.meddled:
        text.append(',"meddled":true')
    if state.hitter is not None:
        text += ',"hitter":', _NUMBER(state.hitter)
    if state.played:
        text += ',"played":', json_list(card, state.played)
    if state.binds:
        text += ',"binds":', json_list(_NUMBER, state.binds)
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
