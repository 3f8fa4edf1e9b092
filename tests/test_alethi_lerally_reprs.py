"""The repr of an Alethi or Le Rally state or view: one short line that says where the game
stands, never the nested fields."""

from __future__ import annotations

import random
from typing import Any

import attrs

from cardgames import alethi, lerally

#: The longest repr a state or view may have.
LONGEST = 120


def _played(game: Any, state: Any, moves: int, seed: int) -> Any:
    """``state`` of ``game`` (a game module) after at most ``moves`` random moves."""
    chooser = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        legal = game.legal_moves(state)
        state = game.apply_move(state, legal[chooser.randrange(len(legal))])
    return state


def _odd(value: object) -> Any:
    """``value``, typed so that it may stand in any field (the reprs must bear it)."""
    return value


def test_alethi_reprs_name_the_turn_the_mover_and_the_field() -> None:
    state = alethi.new_game(alethi.Config(first_player=0), seed=3)
    assert repr(state) == "<alethi.State turn 1, red to throw, 4 cards on the field>"
    assert repr(alethi.view(state, 1)) == (
        "<alethi.View of blue: turn 1, red to throw, 4 cards on the field>"
    )


def test_alethi_repr_of_a_finished_game_names_the_winner() -> None:
    state = _played(alethi, alethi.new_game(seed=5), 500, seed=5)
    assert isinstance(state, alethi.State) and state.result is not None
    text = repr(state)
    assert text.startswith(f"<alethi.State turn {state.turn}, ")
    assert (" won, " in text) != state.result.is_draw
    assert len(text) <= LONGEST


def test_lerally_reprs_name_the_score_the_mover_and_the_hands() -> None:
    state = lerally.new_game(seed=3)
    assert repr(state) == "<lerally.State score 0-0, player 0 to lead, hands 6-6>"
    assert repr(lerally.view(state, 1)) == (
        "<lerally.View of player 1: score 0-0, player 0 to lead, hands 6-6>"
    )


def test_lerally_repr_of_a_won_doubles_match_names_the_winning_team() -> None:
    config = lerally.GAME.presets["one-set-doubles"]
    state = _played(lerally, lerally.new_game(config, seed=2), 100_000, seed=2)
    assert isinstance(state, lerally.State) and state.result is not None
    text = repr(state)
    winners = " and ".join(str(p) for p in sorted(state.result.winners))
    assert f"players {winners} won" in text
    assert len(text) <= LONGEST


def test_reprs_stay_short_all_through_a_game() -> None:
    games: list[tuple[Any, Any]] = [
        (alethi, alethi.new_game(seed=8)),
        (lerally, lerally.new_game(lerally.GAME.presets["fast-four-4"], seed=8)),
    ]
    for game, state in games:
        for moves in range(0, 200, 7):
            later = _played(game, state, moves, seed=moves)
            assert len(repr(later)) <= LONGEST
            player = game.current_player(later)
            seen = game.view(later, 0 if player is None else player)
            assert len(repr(seen)) <= LONGEST
            assert "\n" not in repr(later) + repr(seen)


def test_reprs_of_malformed_tables_are_short_and_never_fail() -> None:
    alethi_state = alethi.new_game(seed=1)
    lerally_state = lerally.new_game(seed=1)
    odd: list[object] = [
        attrs.evolve(alethi_state, turn=10**400, to_move=_odd("x" * 10_000), field=_odd(None)),
        attrs.evolve(alethi.view(alethi_state, 0), player=_odd(-7), phase=_odd(None)),
        attrs.evolve(
            lerally_state,
            hands=_odd((None,) * 10_000),
            score=_odd(3),
            to_move=_odd("y" * 10_000),
        ),
        attrs.evolve(lerally.view(lerally_state, 1), hand_sizes=(10**400,), player=_odd(None)),
        alethi.State.__new__(alethi.State),
        lerally.View.__new__(lerally.View),
    ]
    for table in odd:
        assert len(repr(table)) <= LONGEST
