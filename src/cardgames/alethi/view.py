"""What a player may see of an Alethi game, the check of a view from outside, and states
rebuilt from a view."""

from __future__ import annotations

from cardgames._engine import field_reader
from cardgames.alethi.cards import Colour
from cardgames.alethi.checks import check_state, checked, playable_board, trust, unreachable
from cardgames.alethi.config import check_seed
from cardgames.alethi.state import State, View
from cardgames.errors import (
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    excerpt,
    kind_of,
)
from cardgames.game import SPECTATOR
from cardgames.rng import Rng

__all__ = ["check_table", "check_view", "playable_state_of", "resample", "view"]

#: The generator of the state that stands for a view while it is checked (a view has none).
_CHECK_RNG = Rng.from_seed(0)

# Alethi hides nothing but the generator: a view holds the whole table, as the state has it.
_table_of_state = field_reader(State, View)
_table_of_view = field_reader(View, State)


def view(state: State, player: int) -> View:
    """All that ``player`` may know: in Alethi the whole table, without the random generator.
    A spectator (``SPECTATOR``) sees the same table."""
    state = checked(state)
    if type(player) not in (int, Colour) or player not in (0, 1, SPECTATOR):
        raise InvalidPlayerError(
            f"alethi has players 0 and 1 (and SPECTATOR), not {excerpt(player)}"
        )
    return View(SPECTATOR if player == SPECTATOR else Colour(player), **_table_of_state(state))


def _state_of(view: object, rng: Rng) -> State:
    """The state that ``view`` shows, with ``rng``, unchecked; ``InvalidViewError`` unless
    ``view`` is an alethi View of a seated player."""
    if type(view) is not View:
        raise InvalidViewError(f"expected an alethi View, got {kind_of(view)}")
    if type(view.player) is not Colour and (type(view.player) is not int or view.player != -1):
        raise InvalidViewError(
            "not a valid alethi view: player must be red, blue or SPECTATOR, "
            f"got {excerpt(view.player)}"
        )
    return State(**_table_of_view(view), rng=rng)


def _checked_state_of(view: object, rng: Rng, *, reachable: bool) -> State:
    """The state that ``view`` shows, with ``rng`` and its board ready; ``InvalidViewError``
    unless it is playable and, when ``reachable``, one the rules can reach."""
    state = _state_of(view, rng)
    board = playable_board(state)
    if isinstance(board, str):
        raise InvalidViewError(f"not a valid alethi view: {board}")
    if reachable and (problem := unreachable(state, board)) is not None:
        raise InvalidViewError(f"not an alethi view the rules can reach: {problem}")
    trust(state, board)
    return state


def check_view(view: View) -> View:
    """``view`` if it is a view of a state the rules can reach; else ``InvalidViewError``.

    The full check of a view from outside: its class, a seated player (or the spectator), and
    everything
    :func:`~cardgames.alethi.check_state` asks of the table it shows (Alethi hides no card, so
    every card of both armies must be in sight). Time linear in the size of the view.
    """
    _checked_state_of(view, _CHECK_RNG, reachable=True)
    return view


def playable_state_of(view: View) -> State:
    """The state that ``view`` shows (with a fixed generator), if it can be played from: the
    check of :func:`~cardgames.alethi.rules.checked`, so hand-made positions are welcome."""
    return _checked_state_of(view, _CHECK_RNG, reachable=False)


def check_table(table: object, *, reachable: bool) -> None:
    """Raise a library error unless ``table`` is an alethi state or view one can play from
    and, when ``reachable``, one the rules can reach (as ``check_state`` and ``check_view``
    ask)."""
    if type(table) is State:
        if reachable:
            check_state(table)
        else:
            checked(table)
    elif type(table) is View:
        _checked_state_of(table, _CHECK_RNG, reachable=reachable)
    else:
        raise InvalidStateError(f"expected an alethi State or View, got {kind_of(table)}")


def resample(view: View, *, seed: int) -> State:
    """A full state consistent with ``view``; only the random generator is new (from ``seed``).

    ``view`` must pass :func:`check_view`; ``InvalidViewError`` says why when it does not.
    """
    if type(view) is not View:
        raise InvalidViewError(f"expected an alethi View, got {kind_of(view)}")
    check_seed(seed)
    return _checked_state_of(view, Rng.from_seed(seed), reachable=True)
