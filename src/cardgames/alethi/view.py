"""What a player may see of an Alethi game, and states rebuilt from it."""

from __future__ import annotations

from cardgames.alethi.cards import Colour
from cardgames.alethi.config import check_seed
from cardgames.alethi.rules import checked
from cardgames.alethi.state import State, View
from cardgames.errors import InvalidPlayerError, InvalidStateError
from cardgames.rng import Rng

__all__ = ["resample", "view"]


def view(state: State, player: int) -> View:
    """All that ``player`` may know: in Alethi the whole table, without the random generator."""
    state = checked(state)
    if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
        raise InvalidPlayerError(f"alethi has players 0 and 1, not {player!r}")
    return View(
        Colour(player),
        state.config,
        state.field,
        state.barracks,
        state.removed,
        state.to_move,
        state.phase,
        state.turn,
        state.result,
    )


def resample(view: View, *, seed: int) -> State:
    """A full state consistent with ``view``; only the random generator is new (from ``seed``)."""
    if type(view) is not View:
        raise InvalidStateError(f"expected an alethi View, got {type(view).__name__}")
    check_seed(seed)
    return State(
        view.config,
        view.field,
        view.barracks,
        view.removed,
        view.to_move,
        view.phase,
        view.turn,
        view.result,
        Rng.from_seed(seed),
    )
