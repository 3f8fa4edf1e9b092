"""The quick road of writing a Le Rally state's JSON text, in front of the general one.

The general road writes a state field by field through the core's writers: a call and a join
per value. Here the text is joined straight from the state, in the order the state's hook
writes its fields and with the fields at their defaults left out as the hook leaves them out:
the text is the encoder's, character for character. A config's text and its cards' quoted
short names are made once per config, so a pile of cards is joined at C speed.

Only a state whose memo is set (the rules made it, or its check passed) is written here: its
fields are then known to be of their types and ranges. Any other state, a finished match (its
result is written by the converter), or a value the writer does not know for sure is written
by the hook and the encoder.
"""

from __future__ import annotations

import json.encoder
from collections.abc import Callable
from typing import Any

from cardgames._engine import ByIdentity
from cardgames.lerally.cards import Card, Section
from cardgames.lerally.config import Config, deck_cards
from cardgames.lerally.moves import Move
from cardgames.lerally.state import Ending, RallyWin, Score, State

__all__ = ["register", "state_writer"]

#: A string as the encoder writes it (``ensure_ascii=False``).
_quote: Callable[[str], str] = json.encoder.encode_basestring
#: A number's text, as the encoder writes an int.
_NUMBER = int.__repr__
#: The text of each member of the enums a state holds, found by the member.
_MEMBER_TEXT: dict[Any, str] = {
    member: _quote(member.value) for kind in (Section, Ending) for member in kind
}


class _UnusualError(Exception):
    """A value the writer does not know for sure: the hook and the encoder write the state."""


class _Texts:
    """What writing the states of one config needs, made once per config object: the
    config's text and its cards' quoted short names, each found by the card's value (hashed
    at C speed)."""

    __slots__ = ("cards", "config", "moves")

    def __init__(self, config: Config, config_text: str) -> None:
        self.config = config_text
        #: A card -> its short name, quoted.
        self.cards: dict[Card, str] = {card: _quote(card.code) for card in deck_cards(config)}
        #: A move -> its text, as the state's hook and the encoder write it; filled as moves
        #: are met (a match of one config meets a few hundred).
        self.moves: dict[Move, str] = {}


def _cards(text_of: Callable[[Card], str], cards: tuple[Card, ...]) -> str:
    """A tuple of cards as a JSON list of their quoted short names (``text_of`` gives one)."""
    return "[" + ",".join(map(text_of, cards)) + "]"


def _ints(values: tuple[int, ...]) -> str:
    """A tuple of ints as a JSON list."""
    return "[" + ",".join(map(_NUMBER, values)) + "]"


def state_writer(
    unstructure: Callable[[State], Any],
    encode: Callable[[Any], str],
    config_text: Callable[[Config], str],
) -> Callable[[State], str]:
    """The writer of a state's JSON text: what ``encode(unstructure(state))`` writes.

    ``unstructure`` is the state's hook, ``encode`` the encoder of documents and
    ``config_text`` the text of a config as the state's hook and the encoder write it.
    """

    def texts(config: Config) -> _Texts:
        return _Texts(config, config_text(config))

    texts_of = ByIdentity(texts)

    def write(state: State) -> str:
        if type(state) is State and getattr(state, "_memo", None) is not None:
            texts = texts_of(state.config)
            move = state.last_move
            if move is not None and move not in texts.moves:
                texts.moves[move] = encode(unstructure(state)["last_move"])
            try:
                return _text(state, texts)
            except (_UnusualError, KeyError):
                pass
        return encode(unstructure(state))

    return write


def _text(state: State, texts: _Texts) -> str:
    """The text of a state whose memo is set (a finished match, or a value the writer does not
    know: :class:`_UnusualError` or ``KeyError``)."""
    score: Score = state.score
    if state.result is not None or type(score) is not Score:
        raise _UnusualError
    card = texts.cards.__getitem__
    to_move, ball, attack, last = state.to_move, state.ball, state.attack, state.last
    text = [
        '{"config":',
        texts.config,
        ',"to_move":',
        "null" if to_move is None else _NUMBER(to_move),
        ',"leading":',
        "true" if state.leading else "false",
        ',"ball":',
        "null" if ball is None else _MEMBER_TEXT[ball],
        ',"attack":',
        "null" if attack is None else card(attack),
        ',"attack_total":',
        _NUMBER(state.attack_total),
        ',"last":',
        "null" if last is None else _NUMBER(last),
        ',"deck":',
        _cards(card, state.deck),
        ',"pile":',
        _cards(card, state.pile),
        ',"cleared":',
        _cards(card, state.cleared),
        ',"hands":[',
        ",".join([_cards(card, hand) for hand in state.hands]),
        '],"server":',
        _NUMBER(state.server),
        ',"score":{"sets":',
        _ints(score.sets),
        ',"games":',
        _ints(score.games),
        ',"to_seven":true}' if score.to_seven else "}",
        ',"rng":{"state":',
        _NUMBER(state.rng.state),
        "}",
    ]
    # The fields with a default, in the class's order, each left out when at it.
    if state.plays:
        text += ',"plays":', _NUMBER(state.plays)
    won: RallyWin | None = state.last_rally
    if won is not None:
        text += ',"last_rally":{"side":', _NUMBER(won.side), ',"player":', _NUMBER(won.player)
        text += ',"ending":', _MEMBER_TEXT[won.ending], "}"
    mover = state.last_mover
    if mover is not None:
        text += ',"last_mover":', _NUMBER(mover)
    move = state.last_move
    if move is not None:
        text += ',"last_move":', texts.moves[move]
    text.append("}")
    return "".join(text)


def register() -> None:
    """Give the core this module's writer of states (called once, when the game loads)."""
    from cardgames._converter import give_state_text_writer

    give_state_text_writer(State, Config, state_writer)
