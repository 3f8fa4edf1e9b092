"""How well placed each player is in a Le Rally match: the guess a search makes when it stops."""

from __future__ import annotations

from cardgames.errors import InvalidStateError
from cardgames.evaluation import mix, race, softmax
from cardgames.lerally.checks import check_state
from cardgames.lerally.config import Config
from cardgames.lerally.score import add_rally, rallies_bound, side_of_player
from cardgames.lerally.state import Score, State

__all__ = ["evaluate"]

#: Every this many more cards in hand than another side makes a side ``e`` times less likely
#: to be the first to empty a hand.
CARDS_PER_E = 2.0


def evaluate(state: State) -> tuple[float, ...]:
    """Each player's expected return: the outcome's returns once the match is over.

    The current rally goes to the side with the fewest cards in its best hand most likely (see
    :data:`CARDS_PER_E`); after it, each side's chance of the match is a race to the rallies it
    still needs, each rally a toss-up. Partners share their side's value.
    ``InvalidStateError`` for anything but a state the rules can reach.
    """
    state = check_state(state)
    if state.result is not None:
        return state.result.returns
    config = state.config
    needs = [_rallies_needed(config, state.score, side) for side in range(config.sides)]
    hands = [min(len(state.hands[p]) for p in players) for players in config.teams]
    rally = softmax([-size / CARDS_PER_E for size in hands])
    after = [
        race([need - 1 if side == winner else need for side, need in enumerate(needs)])
        for winner in range(config.sides)
    ]
    sides = mix(rally, after)
    return tuple(sides[side_of_player(config, player)] for player in range(config.players))


def _rallies_needed(config: Config, score: Score, side: int) -> int:
    """The rallies ``side`` must still win, winning every one, to take the match.

    A checked score needs at most a match's worth of rallies; the loop stops there whatever
    it is given.
    """
    for needed in range(1, rallies_bound(config) + 1):
        score, winner = add_rally(config, score, side)
        if winner is not None:
            return needed
    raise InvalidStateError("not a lerally score that a match can reach")
