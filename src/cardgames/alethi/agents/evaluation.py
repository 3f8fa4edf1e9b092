"""Who is ahead in an Alethi battle: the guess a search makes when it stops."""

from __future__ import annotations

from cardgames.alethi.rules import checked
from cardgames.alethi.state import State
from cardgames.evaluation import softmax

__all__ = ["CARDS_PER_E", "evaluate"]

#: Every this many cards more that a side still has in play makes it ``e`` times likelier to
#: win.
CARDS_PER_E = 1.5


def evaluate(state: State) -> tuple[float, ...]:
    """Red's and blue's expected returns: the outcome's returns once the battle is over.

    A side counts the cards it still has in play, its uncaptured cards on the field and the
    cards waiting in its barracks: when the barracks run dry the side with more uncaptured
    cards wins, and both armies start the same size, so the side that has lost fewer is ahead
    (see :data:`CARDS_PER_E`). Anything but a playable state is an ``InvalidStateError``.
    """
    state = checked(state)
    if state.result is not None:
        return state.result.returns
    in_play = [len(barracks) for barracks in state.barracks]
    for card in state.field:
        if not card.captured:
            in_play[card.owner] += 1
    return softmax([count / CARDS_PER_E for count in in_play])
