"""The conformance suite shares its games between the tests of a preset
(tests/test_conformance.py): a game taken from the ones played before must be exactly the game
its picks play, step for step, including when the picks part from a known game midway."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
import test_conformance as conformance

__all__: list[str] = []


class PartingPicks(random.Random):
    """The picks of ``random.Random(first)`` for ``turns`` moves, then those of another."""

    def __init__(self, first: int, turns: int, then: int) -> None:
        super().__init__(first)
        self.turns = turns
        self.then = random.Random(then)

    def randrange(self, stop: int) -> int:  # type: ignore[override]
        self.turns -= 1
        return super().randrange(stop) if self.turns >= 0 else self.then.randrange(stop)


def _played_afresh(game: Any, config: Any, seed: int, picks: random.Random) -> list[Any]:
    """The JSON of each state and the move played from it, for a game played from nothing."""
    state = game.new_game(config, seed=seed)
    steps = []
    while not game.is_over(state):
        moves = game.legal_moves(state)
        move = moves[picks.randrange(len(moves))]
        steps.append((cardgames.to_json(state), move))
        state = game.apply_move(state, move)
    return [*steps, (cardgames.to_json(state), None)]


#: Seeds and picks: the same picks for ever, or parting from them after a few moves, or other
#: picks from the first move on.
PICKS = [
    (seed, first, turns, then)
    for seed in (0, 1)
    for first, turns, then in ((0, 10**6, 0), (0, 4, 1), (0, 11, 2), (1, 0, 3))
]


@pytest.mark.parametrize("name", ["alethi", "alakaslam"])
def test_a_shared_game_is_the_game_its_picks_play(name: str) -> None:
    game: Any = cardgames.get_game(name)
    config = game.presets["default"]
    conformance._PLAYED.clear()
    for again in (False, True):
        for seed, first, turns, then in PICKS:
            known = len(conformance._PLAYED.get((name, config), []))
            picks = PartingPicks(first, turns, then)
            played = conformance.play_random(game, config, seed, picks)
            # The second time round, every game is one played before.
            assert (len(conformance._PLAYED[(name, config)]) == known) == again
            afresh = _played_afresh(game, config, seed, PartingPicks(first, turns, then))
            assert [(step.snapshot, step.move) for step in played.steps] == afresh
            for step in played.steps:
                assert cardgames.to_json(step.state) == step.snapshot
                assert step.legal == game.legal_moves(step.state)
    conformance._PLAYED.clear()
