"""What AlakaSLAM shows of itself: the short repr of a state and a view, and ``dir()`` of the
package listing the game's API only."""

from __future__ import annotations

import random

import attrs

from cardgames import alakaslam
from cardgames.alakaslam import Config, Phase, RallyBot, State
from cardgames.game import Outcome

#: The longest repr a state or view may have: one line a person reads at a glance.
LONGEST_REPR = 120


def _rally(config: Config, phase: Phase, seed: int = 5) -> State:
    """The first state of a match between two bots where ``phase`` is to be decided."""
    state = alakaslam.new_game(config, seed=seed)
    bot, rng = RallyBot(), random.Random(seed)
    while state.phase is not phase:
        player = alakaslam.current_player(state)
        assert player is not None, "the match ended before the phase came up"
        seen = alakaslam.view(state, player)
        state = alakaslam.apply_move(state, bot.choose(seen, alakaslam.legal_moves(state), rng))
    return state


def test_the_repr_of_a_new_match() -> None:
    state = alakaslam.new_game(seed=3)
    assert repr(state) == "<alakaslam.State 0-0, 0 shots, player 0 to move (mulligan)>"
    assert repr(alakaslam.view(state, 1)) == (
        "<alakaslam.View of player 1: 0-0, 0 shots, player 0 to move (mulligan)>"
    )


def test_the_repr_of_a_rally_names_the_ball() -> None:
    for config in (Config(), Config(players=4)):
        state = _rally(config, Phase.MOVE)
        text = repr(state)
        assert text.startswith("<alakaslam.State ")
        assert f"player {state.to_move} to move (move)" in text
        assert state.ball is not None and text.endswith(f", ball on {state.ball.name}>")
        for player in range(config.players):
            seen = repr(alakaslam.view(state, player))
            assert seen == text.replace("State", f"View of player {player}:", 1)
            assert len(seen) <= LONGEST_REPR


def test_the_repr_of_a_finished_match_says_who_won() -> None:
    state = alakaslam.new_game(Config(points_to_win=1), seed=4)
    bot, rng = RallyBot(), random.Random(4)
    while not alakaslam.is_over(state):
        player = alakaslam.current_player(state)
        assert player is not None
        move = bot.choose(alakaslam.view(state, player), alakaslam.legal_moves(state), rng)
        state = alakaslam.apply_move(state, move)
    result = alakaslam.outcome(state)
    assert result is not None
    side = "AB"[min(result.winners) % 2]
    assert repr(state).endswith(f", over, side {side} won>")
    drawn = attrs.evolve(state, result=Outcome.draw(2, "shot limit"))
    assert repr(drawn).endswith(", over, drawn>")


def test_the_repr_counts_one_shot_in_the_singular() -> None:
    state = _rally(Config(players=4), Phase.SUPPORT)
    assert state.shots == 1
    assert repr(state).startswith("<alakaslam.State 0-0, 1 shot, player ")


def test_the_repr_of_a_malformed_state_does_not_raise() -> None:
    state = attrs.evolve(alakaslam.new_game(seed=3), score="x")  # type: ignore[arg-type]
    assert repr(state) == "<alakaslam.State (malformed)>"


def test_the_repr_is_not_the_attrs_screen() -> None:
    state = _rally(Config(players=4), Phase.SUPPORT)
    for value in (state, alakaslam.view(state, 0)):
        text = repr(value)
        assert "\n" not in text and len(text) <= LONGEST_REPR
        assert "Config(" not in text and "hands=" not in text


def test_dir_shows_the_games_api() -> None:
    names = dir(alakaslam)
    assert names == sorted(alakaslam.__all__)
    for name in ("new_game", "legal_moves", "num_players", "seat_names", "heuristic_bot"):
        assert name in names
    for helper in ("Counter", "Mapping", "define_game", "Playout", "checked", "read_move"):
        assert helper not in names
    for name in alakaslam.__all__:
        assert hasattr(alakaslam, name), name
