"""Alethi's move notation.

====================  ==============================================
``throw knight 3,1``  throw a Knight from the barracks onto cell (3, 1)
``soulcast 2,1``      soulcast the enemy card on (2, 1)
``scout 0,1 to 0,2``  move the Scout on (0, 1) to (0, 2)
``pass``              skip soulcasting or scouting
====================  ==============================================

Parsing ignores case and extra spaces, accepts parentheses around cells, and two-letter kind
abbreviations (``throw kn (3, 1)``).
"""

from __future__ import annotations

import re

from cardgames.alethi.cards import Cell, Kind
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.state import State, View
from cardgames.alethi.view import check_table
from cardgames.errors import InvalidMoveError, excerpt

__all__ = ["describe", "format_move", "parse_move", "where"]

_NUMBER = r"(-?[0-9]{1,6})"
_CELL = rf"\(?\s*{_NUMBER}\s*,\s*{_NUMBER}\s*\)?"
_THROW = re.compile(rf"throw\s+([a-z]+)\s*@?\s*{_CELL}", re.ASCII)
_SOULCAST = re.compile(rf"soulcast\s+{_CELL}", re.ASCII)
_SCOUT = re.compile(rf"scout\s+{_CELL}\s*(?:to|->|>)\s*{_CELL}", re.ASCII)
_KINDS = {kind.value: kind for kind in Kind} | {kind.abbreviation.lower(): kind for kind in Kind}
#: The longest notation read: the longest move written with generous spaces is far shorter, and
#: a longer text is refused before any work is spent on it.
MAX_NOTATION = 200


#: The most bits a coordinate of a written cell may have (far past the rules' field limits;
#: writing a longer integer would cost time quadratic in its digits).
_MAX_BITS = 64


def _cell(value: object) -> str:
    if isinstance(value, tuple) and len(value) == 2:
        x, y = value
        if type(x) is int and type(y) is int and x.bit_length() <= _MAX_BITS >= y.bit_length():
            return f"{x},{y}"
    raise InvalidMoveError(f"{excerpt(value)} is not a cell")


#: The name each kind is written with (a kind's value finds its kind too: the kinds are strings).
_WRITTEN = {kind: kind.value for kind in Kind}


def format_move(move: Move) -> str:
    """The notation of ``move``, e.g. ``"throw knight 3,1"``; ``InvalidMoveError`` if malformed."""
    if isinstance(move, Throw):
        try:
            written = _WRITTEN.get(move.kind)
        except TypeError:  # not hashable, so not a kind
            written = None
        if written is None:
            raise InvalidMoveError(f"{excerpt(move.kind)} is not a kind")
        return f"throw {written} {_cell(move.at)}"
    if isinstance(move, Soulcast):
        return f"soulcast {_cell(move.target)}"
    if isinstance(move, Scout):
        return f"scout {_cell(move.scout)} to {_cell(move.to)}"
    if isinstance(move, Pass):
        return "pass"
    raise InvalidMoveError(f"{excerpt(move)} is not an alethi move")


def describe(move: object) -> str:
    """The notation of a move for messages, or a short description when it is not a
    well-formed move (never the values it holds: they may come from outside)."""
    try:
        return format_move(move)  # type: ignore[arg-type]
    except InvalidMoveError:
        if isinstance(move, (Throw, Soulcast, Scout)):
            return f"a malformed {type(move).__name__}"
        return excerpt(move)


def parse_move(state: State | View, text: str) -> Move:
    """The move that ``text`` names; raises ``InvalidMoveError`` when it does not parse.

    Parsing checks only the notation; whether the move is legal is ``apply_move``'s business.
    ``state`` must be a playable state or view; messages quote at most a few characters of
    ``text``, and a text longer than :data:`MAX_NOTATION` is refused at once.

    >>> from cardgames import alethi
    >>> alethi.parse_move(alethi.new_game(seed=1), "Throw Knight (3, 1)")
    Throw(kind=<Kind.KNIGHT: 'knight'>, at=Cell(x=3, y=1))
    """
    check_table(state, reachable=False)
    if not isinstance(text, str):
        raise InvalidMoveError(f"move notation must be a string, got {type(text).__name__}")
    if len(text) > MAX_NOTATION:
        raise InvalidMoveError(
            f"{excerpt(text)} is not an alethi move: notation is at most {MAX_NOTATION} characters"
        )
    words = " ".join(text.lower().split())
    if words == "pass":
        return Pass()
    if match := _THROW.fullmatch(words):
        kind = _KINDS.get(match[1])
        if kind is None:
            known = ", ".join(k.value for k in Kind)
            raise InvalidMoveError(
                f"{excerpt(text)}: unknown kind {excerpt(match[1])}; kinds are {known}"
            )
        return Throw(kind, Cell(int(match[2]), int(match[3])))
    if match := _SOULCAST.fullmatch(words):
        return Soulcast(Cell(int(match[1]), int(match[2])))
    if match := _SCOUT.fullmatch(words):
        return Scout(Cell(int(match[1]), int(match[2])), Cell(int(match[3]), int(match[4])))
    raise InvalidMoveError(
        f"{excerpt(text)} is not an alethi move; write e.g. 'throw knight 3,1', 'soulcast 2,1', "
        "'scout 0,1 to 0,2' or 'pass'"
    )


def where(cell: object) -> str:
    """A cell of a move for a message: ``(3,1)``, or a short description of a malformed one."""
    if isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell):
        return f"({excerpt(cell[0])},{excerpt(cell[1])})"
    return excerpt(cell)
