"""What a player may see of an Alethi game, the check of a view from outside, and states
rebuilt from a view."""

from __future__ import annotations

from cardgames.alethi.cards import Colour
from cardgames.alethi.config import check_seed
from cardgames.alethi.rules import checked, playable_board, unreachable
from cardgames.alethi.state import State, View
from cardgames.errors import InvalidPlayerError, InvalidViewError, excerpt
from cardgames.rng import Rng

__all__ = ["check_view", "resample", "view"]

#: The generator of the state that stands for a view while it is checked (a view has none).
_CHECK_RNG = Rng.from_seed(0)


def view(state: State, player: int) -> View:
    """All that ``player`` may know: in Alethi the whole table, without the random generator."""
    state = checked(state)
    if type(player) not in (int, Colour) or player not in (0, 1):
        raise InvalidPlayerError(f"alethi has players 0 and 1, not {excerpt(player)}")
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


def _state_of(view: object, rng: Rng) -> State:
    """The state that ``view`` shows, with ``rng``, unchecked; ``InvalidViewError`` unless
    ``view`` is an alethi View of a seated player."""
    if type(view) is not View:
        raise InvalidViewError(f"expected an alethi View, got {type(view).__name__}")
    if type(view.player) is not Colour:
        raise InvalidViewError(
            f"not a valid alethi view: player must be red or blue, got {excerpt(view.player)}"
        )
    return State(
        view.config,
        view.field,
        view.barracks,
        view.removed,
        view.to_move,
        view.phase,
        view.turn,
        view.result,
        rng,
    )


def _checked_state_of(view: object, rng: Rng, *, reachable: bool) -> State:
    """The state that ``view`` shows, with ``rng`` and its board ready; ``InvalidViewError``
    unless it is playable and, when ``reachable``, one the rules can reach."""
    state = _state_of(view, rng)
    board = playable_board(state)
    if isinstance(board, str):
        raise InvalidViewError(f"not a valid alethi view: {board}")
    if reachable and (problem := unreachable(state, board)) is not None:
        raise InvalidViewError(f"not an alethi view the rules can reach: {problem}")
    object.__setattr__(state, "_memo", board)
    return state


def check_view(view: View) -> View:
    """``view`` if it is a view of a state the rules can reach; else ``InvalidViewError``.

    The full check of a view from outside: its class, a seated player, and everything
    :func:`~cardgames.alethi.check_state` asks of the table it shows (Alethi hides no card, so
    every card of both armies must be in sight). Time linear in the size of the view.
    """
    _checked_state_of(view, _CHECK_RNG, reachable=True)
    return view


def playable_state_of(view: View) -> State:
    """The state that ``view`` shows (with a fixed generator), if it can be played from: the
    check of :func:`~cardgames.alethi.rules.checked`, so hand-made positions are welcome."""
    return _checked_state_of(view, _CHECK_RNG, reachable=False)


def resample(view: View, *, seed: int) -> State:
    """A full state consistent with ``view``; only the random generator is new (from ``seed``).

    ``view`` must pass :func:`check_view`; ``InvalidViewError`` says why when it does not.
    """
    if type(view) is not View:
        raise InvalidViewError(f"expected an alethi View, got {type(view).__name__}")
    check_seed(seed)
    return _checked_state_of(view, Rng.from_seed(seed), reachable=True)
