"""Views and resampling: the players a view may be made for, the hands of a resampled state,
and a resample that never turns a malformed view into a state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardgames.errors import (
    CardgamesError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    excerpt,
    kind_of,
)
from cardgames.rng import check_seed
from cardgames.story import check_viewer

__all__ = ["check_observer", "check_player", "deal_hands", "resample_checked"]

S = TypeVar("S")
V = TypeVar("V")
C = TypeVar("C")


def check_player(player: object, players: int) -> int:
    """``player`` if it is a player number of a game of ``players``; else
    ``InvalidPlayerError``."""
    if type(player) is not int or not 0 <= player < players:
        raise InvalidPlayerError(f"player must be an int 0-{players - 1}, got {excerpt(player)}")
    return player


def check_observer(player: object, players: int) -> int:
    """``player`` if it is a player number of a game of ``players`` or ``SPECTATOR`` (whose
    view a game makes too); else ``InvalidPlayerError``."""
    seen = check_viewer(player, players) if player is not None else None
    if seen is None:
        raise InvalidPlayerError(f"player must be an int 0-{players - 1} or SPECTATOR, got None")
    return seen


def deal_hands(
    hidden: list[C], sizes: tuple[int, ...], player: int, hand: tuple[C, ...]
) -> tuple[tuple[C, ...], ...]:
    """The hands of a resampled state: ``player`` keeps ``hand``, every other player gets
    their hand's size of cards from the front of ``hidden`` (each hand sorted), and what is
    dealt is taken out of ``hidden``, which is left holding the rest."""
    hands: list[tuple[C, ...]] = []
    for p, size in enumerate(sizes):
        if p == player:
            hands.append(hand)
            continue
        hands.append(tuple(sorted(hidden[:size])))  # type: ignore[type-var]
        del hidden[:size]
    return tuple(hands)


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
    with ``check``, and refused with ``InvalidViewError`` unless ``view_of`` gives ``view``
    back for its player (so a malformed view, or one that no playable state has, never turns
    into a state, nor into a raw Python error)."""
    if type(view) is not view_type:
        raise InvalidViewError(f"expected a View of {game}, got {kind_of(view)}")
    check_seed(seed)
    player: Any = getattr(view, "player", None)
    try:
        state = check(deal(view, seed))
        same = view_of(state, player) == view
    except (InvalidPlayerError, InvalidStateError) as exc:
        if isinstance(exc, InvalidViewError):
            raise
        raise InvalidViewError(f"not a {game} view of any playable state: {exc}") from None
    except CardgamesError:
        raise
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        # Python's own message may quote the view's values: name only the kind of failure.
        raise InvalidViewError(f"not a well-formed {game} view ({type(exc).__name__})") from None
    if not same:
        raise InvalidViewError(f"not a {game} view of any playable state")
    return state
