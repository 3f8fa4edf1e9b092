"""Le Rally's JSON documents of states: the text written straight from a state's fields, in
front of the converter's general writer. A document is read by the converter's own hook and
checked in full by ``check_state``.

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

from collections.abc import Callable
from typing import Any

from cardgames import _kept
from cardgames._engine import UnusualValueError, json_list, json_quote, quick_state_writer
from cardgames.lerally.cards import Card, Section
from cardgames.lerally.config import Config, deck_cards
from cardgames.lerally.moves import Move
from cardgames.lerally.state import Ending, RallyWin, Score, State

__all__ = ["register", "state_writer"]

#: A number's text, as the encoder writes an int.
_NUMBER = int.__repr__
#: The text of each member of the enums a state holds, found by the member.
_MEMBER_TEXT: dict[Any, str] = {
    member: json_quote(member.value) for kind in (Section, Ending) for member in kind
}


class _Texts:
    """What writing the states of one config needs, made once per config object: the
    config's text and its cards' quoted short names, each found by the card's value (hashed
    at C speed)."""

    __slots__ = ("cards", "config", "moves")

    def __init__(self, config: Config, config_text: str) -> None:
        self.config = config_text
        #: A card -> its short name, quoted.
        self.cards: dict[Card, str] = {card: json_quote(card.code) for card in deck_cards(config)}
        #: A move -> its text, as the state's hook and the encoder write it; filled as moves
        #: are met (a match of one config meets a few hundred).
        self.moves: dict[Move, str] = {}


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

    texts_of = _kept.by_identity(texts, owner=__name__)
    return quick_state_writer(State, texts_of, _text, unstructure, encode)


def _text(state: State, texts: _Texts) -> str:
    """The text of a state whose memo is set (a finished match, or a value the writer does not
    know: ``UnusualValueError`` or ``KeyError``)."""
    score: Score = state.score
    if state.result is not None or type(score) is not Score:
        raise UnusualValueError
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
        json_list(card, state.deck),
        ',"pile":',
        json_list(card, state.pile),
        ',"cleared":',
        json_list(card, state.cleared),
        ',"hands":[',
        ",".join([json_list(card, hand) for hand in state.hands]),
        '],"server":',
        _NUMBER(state.server),
        ',"score":{"sets":',
        json_list(_NUMBER, score.sets),
        ',"games":',
        json_list(_NUMBER, score.games),
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
