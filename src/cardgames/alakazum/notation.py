"""Alakazum! notation: a move as a short English phrase, and back.

========================================  ============================================
move                                      notation
========================================  ============================================
``Choose("Moura")``                       ``choose Moura``
``Fighter("Moura")``                      ``fighter Moura``
``Support("Gegant")``                     ``support Gegant``
``Drink("Die potion +1", Effect.DIE)``    ``drink Die potion +1 for die``
``Pass()``                                ``pass``
``Market("Magic hat 1")``                 ``market Magic hat 1``
``UseObject("Broom", character="Moura")`` ``use Broom on Moura`` (``use Meal: ... for GAL``:
                                          a meal; ``use Crystal ball``)
``Fight(1, "Olentzero")``                 ``fight Olentzero of player 1``
``Cast(Spell.TRAINING, ("Magic hat 1",))`` ``cast training paying Magic hat 1``
``Train("Moura")``                        ``train Moura``
``Peek(2)``                               ``peek enemy 2``
``Swap("Moura", "Mari", 1)``              ``swap Moura for Mari of player 1`` (``of the
                                          cemetery``)
``Raise("Moura")``                        ``raise Moura``
``Alakazum(Culture.GAL, 2)``              ``alakazum GAL against enemy 2``
``Doll()``                                ``doll``
``GiveCard("Broom", 1)``                  ``give Broom to player 1``
``GiveHalf()``                            ``give half``
``Sacrifice("Moura")``                    ``sacrifice Moura``
``PassDie(1)``                            ``pass die to player 1``
``Keep(c)``, ``Place(c)``, ``Take(c)``    ``keep``/``place``/``take`` and the card name
========================================  ============================================

Names are matched without regard to case or accents.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from cardgames.alakazum import moves
from cardgames.alakazum.cards import MAX_NAME, Culture, plain_name
from cardgames.alakazum.checks import checked
from cardgames.alakazum.config import Config, cards_by_name
from cardgames.alakazum.state import State, View
from cardgames.alakazum.view import check_view
from cardgames.errors import InvalidMoveError, excerpt, kind_of

__all__ = ["MAX_NOTATION", "describe", "format_move", "parse_move"]

#: The longest notation read: a spell paid with four hats (a cost of 4 needs no more), or a
#: swap of two characters, with room to spare; longer text is refused before it is read.
MAX_NOTATION = 5 * MAX_NAME + 64


def format_move(move: moves.Move) -> str:
    """The move in notation, e.g. ``fight Olentzero of player 1``."""
    if not isinstance(move, moves.MOVE_TYPES):
        raise InvalidMoveError(f"not a well-formed alakazum move: {excerpt(move)}")
    if not moves.well_formed(move):
        raise InvalidMoveError(
            f"not a well-formed alakazum move: a {type(move).__name__} needs card names and "
            "numbers 0-999"
        )
    return _FORMAT[type(move)](move)


def describe(move: object) -> str:
    """The move in notation if it can be written, else what it is in a few words (for error
    messages, which never repeat what came from outside)."""
    try:
        return format_move(move)  # type: ignore[arg-type]
    except (InvalidMoveError, TypeError, AttributeError, ValueError, KeyError):
        if isinstance(move, moves.MOVE_TYPES):
            return f"a malformed {type(move).__name__}"
        return excerpt(move)


def _cast(move: moves.Cast) -> str:
    text = f"cast {move.spell.value}"
    return text + (" paying " + ", ".join(move.hats) if move.hats else "")


def _use(move: moves.UseObject) -> str:
    if move.culture is not None:
        return f"use {move.card} for {move.culture.value}"
    if move.character is not None:
        return f"use {move.card} on {move.character}"
    return f"use {move.card}"


def _swap(move: moves.Swap) -> str:
    where = "the cemetery" if move.player is None else f"player {move.player}"
    return f"swap {move.character} for {move.target} of {where}"


_FORMAT: dict[type, Callable[[Any], str]] = {
    moves.Choose: lambda m: f"choose {m.character}",
    moves.Fighter: lambda m: f"fighter {m.character}",
    moves.Support: lambda m: f"support {m.character}",
    moves.Drink: lambda m: f"drink {m.card} for {m.effect.value}",
    moves.Pass: lambda m: "pass",
    moves.Market: lambda m: f"market {m.card}",
    moves.UseObject: _use,
    moves.Fight: lambda m: f"fight {m.target} of player {m.player}",
    moves.Cast: _cast,
    moves.Train: lambda m: f"train {m.character}",
    moves.Peek: lambda m: f"peek enemy {m.enemy}",
    moves.Swap: _swap,
    moves.Raise: lambda m: f"raise {m.character}",
    moves.Alakazum: lambda m: f"alakazum {m.culture.value} against enemy {m.enemy}",
    moves.Doll: lambda m: "doll",
    moves.GiveCard: lambda m: f"give {m.card} to player {m.player}",
    moves.GiveHalf: lambda m: "give half",
    moves.Sacrifice: lambda m: f"sacrifice {m.character}",
    moves.PassDie: lambda m: f"pass die to player {m.player}",
    moves.Keep: lambda m: f"keep {m.card}",
    moves.Place: lambda m: f"place {m.card}",
    moves.Take: lambda m: f"take {m.card}",
}


@functools.lru_cache(maxsize=64)
def _plain_names(config: Config) -> Mapping[str, str]:
    """The config's card names by their plain form (read-only: shared)."""
    return MappingProxyType({plain_name(name): name for name in cards_by_name(config)})


_plain = plain_name


_INT = r"([0-9]{1,3})"
_NAME = r"(.+?)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^pass die to player {_INT}$"), "pass die"),
    (re.compile(r"^pass$"), "pass"),
    (re.compile(r"^doll$"), "doll"),
    (re.compile(r"^give half$"), "give half"),
    (re.compile(rf"^give {_NAME} to player {_INT}$"), "give"),
    (re.compile(rf"^(choose|fighter|support|sacrifice|train|raise) {_NAME}$"), "character"),
    (re.compile(rf"^peek enemy {_INT}$"), "peek"),
    (re.compile(rf"^swap {_NAME} for {_NAME} of the cemetery$"), "swap cemetery"),
    (re.compile(rf"^swap {_NAME} for {_NAME} of player {_INT}$"), "swap"),
    (re.compile(rf"^(market|keep|place|take) {_NAME}$"), "card"),
    (re.compile(rf"^drink {_NAME} for (combat|die|robbery)$"), "drink"),
    (re.compile(rf"^use {_NAME} for ([a-z]+)$"), "use culture"),
    (re.compile(rf"^use {_NAME} on {_NAME}$"), "use character"),
    (re.compile(rf"^use {_NAME}$"), "use"),
    (re.compile(rf"^fight {_NAME} of player {_INT}$"), "fight"),
    (re.compile(rf"^alakazum ([a-z]+) against enemy {_INT}$"), "alakazum"),
    (re.compile(r"^cast (.+)$"), "cast"),
]
_SIMPLE: dict[
    str,
    type[
        moves.Choose | moves.Fighter | moves.Support | moves.Sacrifice | moves.Train | moves.Raise
    ],
] = {
    "choose": moves.Choose,
    "fighter": moves.Fighter,
    "support": moves.Support,
    "sacrifice": moves.Sacrifice,
    "train": moves.Train,
    "raise": moves.Raise,
}
_CARD_MOVES: dict[str, type[moves.Market | moves.Keep | moves.Place | moves.Take]] = {
    "market": moves.Market,
    "keep": moves.Keep,
    "place": moves.Place,
    "take": moves.Take,
}


def parse_move(state: State | View, text: str) -> moves.Move:
    """The move that ``text`` names in this game; raises ``InvalidMoveError`` if it does not
    read as a move or names a card the game does not have, and ``InvalidStateError`` (or
    ``InvalidViewError``) if ``state`` is not a playable state (or a view of one)."""
    if type(state) is not State and type(state) is not View:
        raise InvalidMoveError(f"expected an alakazum State or View, got {kind_of(state)}")
    if not isinstance(text, str):
        raise InvalidMoveError(f"expected notation text, got {type(text).__name__}")
    if len(text) > MAX_NOTATION:
        raise InvalidMoveError(
            f"notation of {len(text)} characters: no alakazum move is longer than {MAX_NOTATION}"
        )
    if isinstance(state, State):
        checked(state)
    else:
        check_view(state)
    names = _plain_names(state.config)
    where = excerpt(text)

    def name(raw: str) -> str:
        found = names.get(_plain(raw))
        if found is None:
            raise InvalidMoveError(f"{where}: no card is named {excerpt(raw.strip())}")
        return found

    if any(ch.isdigit() and not ch.isascii() for ch in text):
        raise InvalidMoveError(f"{where}: numbers are written with the digits 0-9")
    plain = _plain(text)
    for pattern, kind in _PATTERNS:
        match = pattern.match(plain)
        if match is not None:
            # Names are looked up by their plain form, so the groups are read from it too.
            return _build(kind, match.groups(), name, where)
    raise InvalidMoveError(
        f"{where} is not an alakazum move (see 'Moves and notation' on the Alakazum! rules page)"
    )


def _culture(raw: str, where: str) -> Culture:
    for culture in Culture:
        if culture.value.casefold() == raw.casefold() and culture is not Culture.MULTI:
            return culture
    raise InvalidMoveError(
        f"{where}: {excerpt(raw)} is not a culture (VAL, CAT, GAL, EUS, AND, CAS)"
    )


def _build(kind: str, g: tuple[str, ...], name: Callable[[str], str], where: str) -> moves.Move:
    if kind == "pass die":
        return moves.PassDie(int(g[0]))
    if kind == "pass":
        return moves.Pass()
    if kind == "doll":
        return moves.Doll()
    if kind == "give half":
        return moves.GiveHalf()
    if kind == "give":
        return moves.GiveCard(name(g[0]), int(g[1]))
    if kind == "character":
        return _SIMPLE[g[0].casefold()](name(g[1]))
    if kind == "card":
        return _CARD_MOVES[g[0].casefold()](name(g[1]))
    if kind == "drink":
        return moves.Drink(name(g[0]), moves.Effect(g[1].casefold()))
    if kind == "use culture":
        return moves.UseObject(name(g[0]), culture=_culture(g[1], where))
    if kind == "peek":
        return moves.Peek(int(g[0]))
    if kind == "swap cemetery":
        return moves.Swap(name(g[0]), name(g[1]), None)
    if kind == "swap":
        return moves.Swap(name(g[0]), name(g[1]), int(g[2]))
    if kind == "use character":
        return moves.UseObject(name(g[0]), character=name(g[1]))
    if kind == "use":
        return moves.UseObject(name(g[0]))
    if kind == "fight":
        return moves.Fight(int(g[1]), name(g[0]))
    if kind == "alakazum":
        return moves.Alakazum(_culture(g[0], where), int(g[1]))
    return _parse_cast(g[0], name, where)


def _parse_cast(rest: str, name: Callable[[str], str], where: str) -> moves.Cast:
    head, *paid = re.split(r" paying ", rest, maxsplit=1, flags=re.IGNORECASE)
    hats = tuple(name(h) for h in paid[0].split(",")) if paid else ()
    spell = next((s for s in moves.Spell if s.value == _plain(head)), None)
    if spell is None:
        raise InvalidMoveError(f"{where}: no spell is named {excerpt(head.strip())}")
    return moves.Cast(spell, hats)
