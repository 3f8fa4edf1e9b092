"""How close each witch is to the Alakazum: the guess a search makes when it stops."""

from __future__ import annotations

import math

from cardgames.alakazum.checks import checked
from cardgames.alakazum.ending import ALAKAZUM_POINTS, culture_totals
from cardgames.alakazum.state import State
from cardgames.evaluation import softmax

__all__ = ["PROGRESS_WEIGHT", "evaluate"]

#: How strongly being closer to the Alakazum than the others counts: a witch who has all the
#: points she needs against one who has none is ``e`` to this power times likelier to win.
PROGRESS_WEIGHT = 5.0


def evaluate(state: State) -> tuple[float, ...]:
    """Each player's expected return: the outcome's returns once the game is over.

    A witch's progress is her best culture's points (characters, objects and amulets) over the
    points that beat the weakest final enemy still face down, capped at one; the chance of
    winning is shared out by progress (see :data:`PROGRESS_WEIGHT`). When no enemy left face
    down can be beaten, nobody can win any more and everybody's value is 0. Raises
    ``InvalidStateError`` for anything but a playable state.
    """
    state = checked(state)
    if state.result is not None:
        return state.result.returns
    config = state.config
    players = config.players
    target = min(
        (
            max(ALAKAZUM_POINTS, value + 1)
            for enemy, up in zip(state.enemies, state.enemy_up, strict=True)
            if not up and not enemy.invincible and (value := enemy.value(players)) is not None
        ),
        default=math.inf,
    )
    if target == math.inf:
        return (0.0,) * players
    cultures = config.cultures
    progress = [
        min(1.0, max(culture_totals(team, hand, cultures).values()) / target)
        for team, hand in zip(state.teams, state.hands, strict=True)
    ]
    return softmax([PROGRESS_WEIGHT * p for p in progress])
