"""Who is ahead in an AlakaSLAM match: the guess a search makes when it stops."""

from __future__ import annotations

from cardgames.alakaslam.config import side_of
from cardgames.alakaslam.rules import checked
from cardgames.alakaslam.state import State
from cardgames.evaluation import race

__all__ = ["evaluate"]


def evaluate(state: State) -> tuple[float, ...]:
    """Each player's expected return: the outcome's returns once the match is over.

    Each side's chance is a race to the points it still needs, every point a toss-up; partners
    share their side's value. ``InvalidStateError`` for anything but a playable state.
    """
    state = checked(state)
    if state.result is not None:
        return state.result.returns
    target = state.config.points_to_win
    sides = race([target - points for points in state.score])
    return tuple(sides[side_of(player)] for player in range(len(state.hands)))
