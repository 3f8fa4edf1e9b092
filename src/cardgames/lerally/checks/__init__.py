"""The full check of a Le Rally state or view that came from outside the rules.

A state that the rules built is trusted; any other (hand-made, loaded from JSON, unpickled,
changed with ``attrs.evolve``) is checked once, on its first use, and refused with
``InvalidStateError`` unless the rules could reach it: the fields have the rules' own types,
the cards are exactly those of the config's card list, and every counter, seat and score lies
within what a match of its config can reach. A view gets the same check of everything it
shows, its hidden cards counted, and is refused with ``InvalidViewError``.

Every check runs in time linear in the size of what it is given and stops at the first problem;
no message repeats what it was given beyond a short excerpt.
"""

from __future__ import annotations

from cardgames.errors import InvalidStateError, InvalidViewError, kind_of
from cardgames.lerally.checks.parts import deck_counts, first_problem
from cardgames.lerally.checks.scores import score_problem
from cardgames.lerally.checks.states import state_problem
from cardgames.lerally.checks.views import view_problem
from cardgames.lerally.state import State, View

__all__ = ["TRUSTED", "check_state", "check_view", "checked", "deck_counts", "score_problem"]

#: The memo of a state that the rules built, or that has passed :func:`check_state`.
TRUSTED = object()


def check_state(state: State) -> State:
    """``state`` if it is a Le Rally state the rules can reach; ``InvalidStateError`` (saying
    what is wrong) if not.

    States made by the rules are trusted; any other is checked once, on its first use.
    """
    return checked(state)


def checked(state: object) -> State:
    """``state`` if it is a state the rules can reach (see :func:`check_state`), whatever it is
    given: the check the rules run on every state they are handed."""
    if type(state) is not State:
        hint = " (a view cannot stand for a state; resample() builds one)"
        extra = hint if isinstance(state, View) else ""
        raise InvalidStateError(f"expected a lerally State, got {kind_of(state)}{extra}")
    if getattr(state, "_memo", None) is None:
        problem = first_problem(state_problem, state)
        if problem is not None:
            raise InvalidStateError(f"not a playable lerally state: {problem}")
        object.__setattr__(state, "_memo", TRUSTED)
    return state


def check_view(view: View) -> View:
    """``view`` if some state the rules can reach shows it to its player; ``InvalidViewError``
    (saying what is wrong) if not.

    The check is that of :func:`check_state` on everything the view shows, with the hidden
    cards (the other hands and the deck) counted by their sizes.
    """
    if type(view) is not View:
        hint = " (view(state, player) makes one of a state)" if isinstance(view, State) else ""
        raise InvalidViewError(f"expected a View of lerally, got {kind_of(view)}{hint}")
    problem = first_problem(view_problem, view)
    if problem is not None:
        raise InvalidViewError(f"not a lerally view of any playable state: {problem}")
    return view
