"""AlakaSLAM's move notation.

Cells are named like a chess board: the column letter counted from the blue edge (``a``), then
the row from side A's baseline (``1``). Cards by their short names: ``R2`` a red Hit-2, ``B0`` a
blue Hit-0, ``E1`` an Enchant-1.

=======================  ======================================================
``hit R2 B1 E2``         hit (or serve) with these cards, in any order
``support R1``           doubles: the support's face-down cards
``step b2``              take the free step to b2
``step b2 E1``           discard an E1 to step to b2 (Austin: any card)
``meddle 1 b3``          Toots moves player 1's character to b3
``decline``              let the ball go (the point goes to the other side)
``done``                 stop moving, or stop discarding after a lost point
``discard R2``           discard one card of this face
``mulligan``, ``keep``   mulligan the hand, or keep it
``call red``             call the colour of the first revealed Hit card
``corner blue``          serve from the back corner on the blue edge
``server 2``             doubles: player 2 serves for the team
``target 3``             doubles: this Enchantment binds player 3
``copy toots``           Simon copies Toots for this point
``choose rich``          take Rich for the match
=======================  ======================================================

Parsing ignores case and extra spaces.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from cardgames.alakaslam import moves
from cardgames.alakaslam.cards import Card, Character, Colour, is_card, parse_card
from cardgames.alakaslam.config import MAX_HIT_CARDS
from cardgames.alakaslam.court import Cell
from cardgames.errors import InvalidMoveError, excerpt

__all__ = ["describe", "format_move", "parse_cell", "read_move"]

#: The longest notation read (spaces around it aside): the longest move, ``hit R2 B1 E2``, is
#: twelve characters, so this leaves room for any spacing a person would type.
_LONGEST_NOTATION = 100
#: The highest player number the notation writes (it reads at most two digits).
_MOST_PLAYER = 99
_CELL = re.compile(r"([a-z])([1-9])", re.ASCII)
_COLOURS = {c.label: c for c in Colour}
_CHARACTERS = {c.value: c for c in Character}
_WORDS: dict[str, moves.Move] = {
    "mulligan": moves.Mulligan(),
    "keep": moves.Keep(),
    "decline": moves.DECLINE,
    "done": moves.DONE,
}


# --- writing and reading one field ---------------------------------------------------------


def _card(value: object) -> str:
    if isinstance(value, Card) and is_card(value):
        return value.code
    raise InvalidMoveError(f"{excerpt(value)} is not a card")


def _cell(value: object) -> str:
    if isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value):
        col, row = value
        if 0 <= col < 26 and 0 <= row < 9:
            return Cell(col, row).name
    raise InvalidMoveError(f"{excerpt(value)} is not a cell")


def _player(value: object) -> str:
    if type(value) is int and 0 <= value <= _MOST_PLAYER:
        return str(value)
    raise InvalidMoveError(f"{excerpt(value)} is not a player number")


def _colour(value: object) -> str:
    if isinstance(value, str) and value in _COLOURS:
        return _COLOURS[value].label
    raise InvalidMoveError(f"{excerpt(value)} is not a colour (blue or red)")


def _character(value: object) -> str:
    if isinstance(value, str) and value in _CHARACTERS:
        return _CHARACTERS[value].value
    raise InvalidMoveError(f"{excerpt(value)} is not a character ({', '.join(_CHARACTERS)})")


def parse_cell(text: str) -> Cell:
    """The cell ``text`` names (``b2``); raises ``InvalidMoveError`` otherwise."""
    match = _CELL.fullmatch(text.lower()) if isinstance(text, str) else None
    if match is None:
        raise InvalidMoveError(f"{excerpt(text)} is not a cell; cells are written a1, b2...")
    return Cell(ord(match[1]) - ord("a"), int(match[2]) - 1)


def _parse_card(text: str) -> Card:
    try:
        return parse_card(text)
    except ValueError as exc:
        raise InvalidMoveError(str(exc)) from None


def _parse_player(text: str) -> int:
    if not text or len(text) > 2 or any(c not in "0123456789" for c in text):
        raise InvalidMoveError(f"{excerpt(text)} is not a player number")
    return int(text)


class _Field(NamedTuple):
    """One field of a move in the notation: its name, its place among the words after the
    move's own (``at``), and how it is written and read. A reader gives ``None`` for a word the
    notation does not know (a colour, a character), which makes the whole text unknown; a
    malformed card, cell or player number is named in the error instead."""

    name: str
    at: int
    write: Callable[[object], str]
    read: Callable[[str], object]


_TO = _Field("to", 0, _cell, parse_cell)
_CARD = _Field("card", 0, _card, _parse_card)
_PLAYER = _Field("player", 0, _player, _parse_player)
_CHARACTER = _Field("character", 0, _character, _CHARACTERS.get)

#: Every move with fields but the plays (``hit``, ``support``): its class, its word and its
#: fields in the order the class takes them. A move is written by the first class it is an
#: instance of, its fields in the order of ``at``; a text is read by its word and how many
#: words follow it.
_NOTATION: tuple[tuple[type[Any], str, tuple[_Field, ...]], ...] = (
    (moves.Step, "step", (_TO,)),
    (moves.DiscardStep, "step", (_CARD._replace(at=1), _TO)),
    (moves.Meddle, "meddle", (_PLAYER, _TO._replace(at=1))),
    (moves.Discard, "discard", (_CARD,)),
    (moves.Call, "call", (_Field("colour", 0, _colour, _COLOURS.get),)),
    (moves.Corner, "corner", (_Field("side", 0, _colour, _COLOURS.get),)),
    (moves.Copy, "copy", (_CHARACTER,)),
    (moves.Choose, "choose", (_CHARACTER,)),
    (moves.PickServer, "server", (_PLAYER,)),
    (moves.Target, "target", (_PLAYER,)),
)
_READ = {(word, len(fields)): (kind, fields) for kind, word, fields in _NOTATION}


def format_move(move: moves.Move) -> str:
    """The notation of ``move``, e.g. ``"hit R2 B1"``; ``InvalidMoveError`` if malformed."""
    kind = type(move)
    if kind is moves.Hit or kind is moves.Support:
        cards = move.cards  # type: ignore[union-attr]
        if not isinstance(cards, tuple) or not 1 <= len(cards) <= MAX_HIT_CARDS:
            raise InvalidMoveError(
                f"{kind.__name__}: a play is a tuple of 1 to {MAX_HIT_CARDS} cards, "
                f"got {excerpt(cards)}"
            )
        words = " ".join(_card(c) for c in cards)
        return f"{'hit' if kind is moves.Hit else 'support'} {words}".rstrip()
    for move_type, word, fields in _NOTATION:
        if isinstance(move, move_type):
            in_order = sorted(fields, key=lambda field: field.at)
            return " ".join((word, *(field.write(getattr(move, field.name)) for field in in_order)))
    for word, plain in _WORDS.items():
        if kind is type(plain):  # moves without fields: one of each kind
            return word
    raise InvalidMoveError(f"{excerpt(move)} is not an alakaslam move")


def describe(move: object) -> str:
    """The notation of a move for messages, or a short description (never the whole value)
    when it is not a well-formed move."""
    try:
        return format_move(move)  # type: ignore[arg-type]
    except InvalidMoveError:
        return excerpt(move)


def read_move(text: str) -> moves.Move:
    """The move that the notation ``text`` names; raises ``InvalidMoveError`` when it does not
    parse. (``parse_move`` checks its state or view first, then reads the text here.)"""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move notation must be a string, got {type(text).__name__}")
    if len(text.strip()) > _LONGEST_NOTATION:
        raise InvalidMoveError(
            f"{excerpt(text)} is not an alakaslam move: a move is written in at most "
            f"{_LONGEST_NOTATION} characters"
        )
    words = text.lower().split()
    if not words:
        raise InvalidMoveError("empty move notation")
    head, args = words[0], words[1:]
    if head in _WORDS and not args:
        return _WORDS[head]
    if head in ("hit", "support") and 1 <= len(args) <= MAX_HIT_CARDS:
        cards = tuple(sorted(_parse_card(a) for a in args))
        return moves.Hit(cards) if head == "hit" else moves.Support(cards)
    found = _READ.get((head, len(args)))
    if found is not None:
        kind, fields = found
        values: dict[str, Any] = {field.name: field.read(args[field.at]) for field in fields}
        if None not in values.values():
            move: moves.Move = kind(**values)
            return move
    raise InvalidMoveError(
        f"{excerpt(text)} is not an alakaslam move; write e.g. 'hit R2 B1', 'step b2', "
        "'step b2 E1', 'decline', 'done', 'discard R2', 'keep', 'call red' or 'corner blue'"
    )
