"""Pieces shared by the games' engines: checked resampling, and cards written by short name.

Game code uses these; a program using the library never needs them (the module is private).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardgames.errors import CardgamesError, InvalidPlayerError, InvalidStateError
from cardgames.rng import check_seed

__all__ = ["find_move", "register_card_codes", "resample_checked"]

S = TypeVar("S")
V = TypeVar("V")
C = TypeVar("C")
M = TypeVar("M")


def find_move(moves: tuple[M, ...], move: object) -> M | None:
    """The legal move equal to ``move`` (the very object first, which is how bots answer), or
    ``None``; a move that cannot even be compared is not legal."""
    for legal in moves:
        if legal is move:
            return legal
    try:
        for legal in moves:
            if legal == move:
                return legal
    except (TypeError, ValueError):
        return None
    return None


def resample_checked(
    game: str,
    view: V,
    seed: int,
    *,
    view_type: type[V],
    deal: Callable[[V, int], S],
    check: Callable[[S], S],
    view_of: Callable[[S, int], V],
) -> S:
    """``deal(view, seed)``: a state with the cards ``view`` hides dealt at random, checked
    with ``check``, and refused with ``InvalidStateError`` unless ``view_of`` gives ``view``
    back for its player (so a malformed view, or one that no playable state has, never turns
    into a state, nor into a raw Python error)."""
    if type(view) is not view_type:
        raise InvalidStateError(f"expected a View of {game}, got {type(view).__name__}")
    check_seed(seed)
    player: Any = getattr(view, "player", None)
    try:
        state = check(deal(view, seed))
        same = view_of(state, player) == view
    except InvalidPlayerError as exc:
        raise InvalidStateError(f"not a well-formed {game} view: {exc}") from None
    except CardgamesError:
        raise
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        raise InvalidStateError(f"not a well-formed {game} view: {exc}") from None
    if not same:
        raise InvalidStateError(f"not a {game} view of any playable state")
    return state


def register_card_codes(
    card_type: type[C],
    *,
    is_card: Callable[[object], bool],
    code: Callable[[C], str],
    parse: Callable[[str], C],
    example: str,
) -> None:
    """Write cards of ``card_type`` in JSON as their short names (``code``) and read them back
    with ``parse``; a malformed card is never written, and only a string is read."""
    from cardgames.serialization import converter

    def structure(value: object, _: object) -> C:
        if type(value) is not str:
            raise ValueError(f"expected a card name such as {example!r}, got {value!r}")
        return parse(value)

    def unstructure(card: C) -> str:
        if not is_card(card):
            raise ValueError(f"{card!r} is not a well-formed card")
        return code(card)

    converter.register_unstructure_hook(card_type, unstructure)
    converter.register_structure_hook(card_type, structure)
