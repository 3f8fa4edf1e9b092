"""AlakaSLAM's move notation.

Cells are named like a chess board: the column letter counted from the blue edge (``a``), then
the row from side 0's baseline (``1``). Cards by their short names: ``R2`` a red Hit-2, ``B0`` a
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

from cardgames.alakaslam.cards import Card, Character, Colour, is_card, parse_card
from cardgames.alakaslam.config import MAX_HIT_CARDS
from cardgames.alakaslam.court import Cell
from cardgames.alakaslam.moves import (
    Call,
    Choose,
    Copy,
    Corner,
    Decline,
    Discard,
    DiscardStep,
    Done,
    Hit,
    Keep,
    Meddle,
    Move,
    Mulligan,
    PickServer,
    Step,
    Support,
    Target,
)
from cardgames.alakaslam.rules import checked
from cardgames.alakaslam.state import View
from cardgames.alakaslam.view import check_view
from cardgames.errors import InvalidMoveError, excerpt

__all__ = ["describe", "format_move", "parse_cell", "parse_move"]

#: The longest notation read (spaces around it aside): the longest move, ``hit R2 B1 E2``, is
#: twelve characters, so this leaves room for any spacing a person would type.
_LONGEST_NOTATION = 100
#: The highest player number the notation writes (it reads at most two digits).
_MOST_PLAYER = 99
_CELL = re.compile(r"([a-z])([1-9])", re.ASCII)
_COLOURS = {c.label: c for c in Colour}
_CHARACTERS = {c.value: c for c in Character}
_WORDS: dict[str, Move] = {
    "mulligan": Mulligan(),
    "keep": Keep(),
    "decline": Decline(),
    "done": Done(),
}


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


def format_move(move: Move) -> str:
    """The notation of ``move``, e.g. ``"hit R2 B1"``; ``InvalidMoveError`` if malformed."""
    kind = type(move)
    if kind is Hit or kind is Support:
        cards = move.cards  # type: ignore[union-attr]
        if not isinstance(cards, tuple) or not 1 <= len(cards) <= MAX_HIT_CARDS:
            raise InvalidMoveError(
                f"{kind.__name__}: a play is a tuple of 1 to {MAX_HIT_CARDS} cards, "
                f"got {excerpt(cards)}"
            )
        words = " ".join(_card(c) for c in cards)
        return f"{'hit' if kind is Hit else 'support'} {words}".rstrip()
    if isinstance(move, Step):
        return f"step {_cell(move.to)}"
    if isinstance(move, DiscardStep):
        return f"step {_cell(move.to)} {_card(move.card)}"
    if isinstance(move, Meddle):
        return f"meddle {_player(move.player)} {_cell(move.to)}"
    if isinstance(move, Discard):
        return f"discard {_card(move.card)}"
    if isinstance(move, Call):
        return f"call {_colour(move.colour)}"
    if isinstance(move, Corner):
        return f"corner {_colour(move.side)}"
    if isinstance(move, Copy):
        return f"copy {_character(move.character)}"
    if isinstance(move, Choose):
        return f"choose {_character(move.character)}"
    if isinstance(move, PickServer):
        return f"server {_player(move.player)}"
    if isinstance(move, Target):
        return f"target {_player(move.player)}"
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


def parse_move(state: object, text: str) -> Move:
    """The move that ``text`` names; raises ``InvalidMoveError`` when it does not parse.

    Parsing checks only the notation; whether the move is legal is ``apply_move``'s business.
    ``state`` (a state or a view) is checked like any other (``InvalidStateError``), but the
    notation does not depend on it.

    >>> from cardgames import alakaslam
    >>> alakaslam.parse_move(alakaslam.new_game(seed=1), "Hit b1 r2")
    Hit(cards=(hit(1, Colour.BLUE), hit(2, Colour.RED)))
    """
    if type(state) is View:
        check_view(state)
    else:
        checked(state)
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
    if head in ("hit", "support") and 1 <= len(args) <= 3:
        cards = tuple(sorted(_parse_card(a) for a in args))
        return Hit(cards) if head == "hit" else Support(cards)
    if head == "step" and len(args) == 1:
        return Step(parse_cell(args[0]))
    if head == "step" and len(args) == 2:
        return DiscardStep(_parse_card(args[1]), parse_cell(args[0]))
    if head == "meddle" and len(args) == 2:
        return Meddle(_parse_player(args[0]), parse_cell(args[1]))
    if head == "discard" and len(args) == 1:
        return Discard(_parse_card(args[0]))
    if head in ("call", "corner") and len(args) == 1 and args[0] in _COLOURS:
        colour = _COLOURS[args[0]]
        return Call(colour) if head == "call" else Corner(colour)
    if head in ("copy", "choose") and len(args) == 1 and args[0] in _CHARACTERS:
        character = _CHARACTERS[args[0]]
        return Copy(character) if head == "copy" else Choose(character)
    if head in ("server", "target") and len(args) == 1:
        player = _parse_player(args[0])
        return PickServer(player) if head == "server" else Target(player)
    raise InvalidMoveError(
        f"{excerpt(text)} is not an alakaslam move; write e.g. 'hit R2 B1', 'step b2', "
        "'step b2 E1', 'decline', 'done', 'discard R2', 'keep', 'call red' or 'corner blue'"
    )
