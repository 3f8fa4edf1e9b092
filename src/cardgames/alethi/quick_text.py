"""The quick road of writing an Alethi state's JSON text, in front of the hook and the encoder.

The state's hook (:mod:`.codec`) makes a dict holding one small dict per card on the field,
which the encoder then walks key by key. Here each card's text is made once, kept by the
card's identity in a bounded table (cards are frozen, and one card object lives on through
all the states of a game), and a state's text is joined from those texts at C speed, in the
hook's key order: the text is the encoder's, character for character.

Only a state whose memo is its own (the rules made it, or its check passed) is written here,
and only with the fields the hook writes itself (the default army, no turn limit, no result);
a field value of a type the writer does not know for sure sends the state, whole, to the hook
and the encoder.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, cast

from cardgames._engine import ByIdentity
from cardgames.alethi._fast import Memo
from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.config import Config
from cardgames.alethi.state import Card, Phase, Placed, State
from cardgames.rng import Rng

__all__ = ["state_writer"]

#: A number's text, as the encoder writes an int (an IntEnum member as its value).
_NUMBER = int.__repr__
#: A kind's text, found by the kind (or by a string equal to it, which is written alike).
_KIND_TEXT = {kind: f'"{kind.value}"' for kind in Kind}
#: A phase's text.
_PHASE_TEXT = {phase: f'"{phase.value}"' for phase in Phase}
#: The most cards each identity table keeps before it is emptied and fills anew.
_MOST_CARDS = 4096
#: The text of a table's entry (its card, its text).
_TEXT = operator.itemgetter(1)


class _UnusualError(Exception):
    """A value the writer does not know for sure: the hook and the encoder write the state."""


def _number(value: object) -> str:
    """The text of a colour or a plain int (a bool or any other type: :class:`_UnusualError`)."""
    if type(value) is not Colour and type(value) is not int:
        raise _UnusualError
    return _NUMBER(value)


def _cell(at: object) -> str:
    """The text of a cell: a list of its two ints."""
    if (type(at) is not Cell and type(at) is not tuple) or len(at) != 2:
        raise _UnusualError
    x, y = at
    if type(x) is not int or type(y) is not int:
        raise _UnusualError
    return f"[{_NUMBER(x)},{_NUMBER(y)}]"


def _kind(kind: object) -> str:
    """The text of a kind (another value: :class:`_UnusualError`)."""
    if type(kind) is not Kind:
        raise _UnusualError
    return _KIND_TEXT[kind]


def _placed_text(card: object) -> str:
    """A card on the field as the hook writes it: ``captured`` only when it is."""
    if type(card) is not Placed or type(card.captured) is not bool:
        raise _UnusualError
    text = f'{{"owner":{_number(card.owner)},"kind":{_kind(card.kind)},"at":{_cell(card.at)}'
    return text + (',"captured":true}' if card.captured else "}")


def _card_text(card: object) -> str:
    """A card off the field as the hook writes it."""
    if type(card) is not Card:
        raise _UnusualError
    return f'{{"owner":{_number(card.owner)},"kind":{_kind(card.kind)}}}'


def _join(texts: ByIdentity[Any, str], cards: tuple[object, ...]) -> str:
    """The texts of ``cards`` joined by commas, each made once and kept in ``texts`` by the
    card's identity (each entry holds its card, so no other object takes its ``id`` while it
    lasts); when every text is kept already they are found at C speed. A card the writer
    cannot write raises ``_UnusualError``."""
    found = list(map(texts.kept.get, map(id, cards)))
    if None not in found:
        return ",".join(map(_TEXT, cast("list[tuple[object, str]]", found)))
    return ",".join(map(texts, cards))


def state_writer(
    unstructure: Callable[[State], Any],
    encode: Callable[[Any], str],
    plain: Callable[[object], dict[str, int] | None],
) -> Callable[[State], str]:
    """The writer of a state's JSON text: what ``encode(unstructure(state))`` writes.

    ``unstructure`` is the state's hook, ``encode`` the encoder of documents and ``plain`` the
    hook's JSON form of a config (``None`` for a config it leaves to the converter).
    """

    def config_text(config: Config) -> str | None:
        form = plain(config)
        return None if form is None else encode(form)

    config_of = ByIdentity(config_text)
    field_texts = ByIdentity(_placed_text, _MOST_CARDS)
    removed_texts = ByIdentity(_card_text, _MOST_CARDS)

    def write(state: State) -> str:
        memo = getattr(state, "_memo", None)
        if type(state) is State and type(memo) is Memo and memo.owner == id(state):
            try:
                return _text(state, config_of, field_texts, removed_texts)
            except _UnusualError:
                pass
        return encode(unstructure(state))

    return write


def _text(
    state: State,
    config_of: Callable[[Config], str | None],
    field_texts: ByIdentity[Any, str],
    removed_texts: ByIdentity[Any, str],
) -> str:
    """The text of a state whose memo is its own (a value the writer does not know for sure:
    :class:`_UnusualError`)."""
    config = config_of(state.config)
    field = state.field
    removed = state.removed
    barracks = state.barracks
    rng = state.rng
    phase = state.phase
    turn = state.turn
    if (
        config is None
        or state.result is not None
        or type(field) is not tuple
        or type(removed) is not tuple
        or type(barracks) is not tuple
        or len(barracks) != 2
        or type(rng) is not Rng
        or type(rng.state) is not int
        or type(phase) is not Phase
        or type(turn) is not int
    ):
        raise _UnusualError
    red, blue = barracks
    if type(red) is not tuple or type(blue) is not tuple:
        raise _UnusualError
    try:
        kinds = _KIND_TEXT.__getitem__
        barracks_text = f"[{','.join(map(kinds, red))}],[{','.join(map(kinds, blue))}]"
    except (KeyError, TypeError):  # not a kind, or not hashable
        raise _UnusualError from None
    return (
        f'{{"config":{config},"field":[{_join(field_texts, field)}],'
        f'"barracks":[{barracks_text}],"removed":[{_join(removed_texts, removed)}],'
        f'"to_move":{_number(state.to_move)},"phase":{_PHASE_TEXT[phase]},'
        f'"turn":{_NUMBER(turn)},"result":null,"rng":{{"state":{_NUMBER(rng.state)}}}}}'
    )
