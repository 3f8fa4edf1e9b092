"""Alakazum!'s encodings for learning agents: in random games of every preset (2 to 5 players,
with and without the expansion), every legal move has one action and comes back from it, the
mask worked out from the view is the legal moves of the true state exactly, the observation
comes from the view alone, and bad input gets a library error."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import attrs
import pytest

from cardgames import alakazum
from cardgames.alakazum.agents import encoding
from cardgames.alakazum.agents.numbering import identities
from cardgames.errors import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidStateError,
    InvalidViewError,
)

PRESETS = sorted(alakazum.PRESETS)
#: Moves taken per game at most: enough for many turns, combats, spells and traps (every
#: announcement asks the other players about voodoo dolls, so a turn takes several).
STEPS = 700


def _states(config: alakazum.Config, games: int, seed: int) -> list[alakazum.State]:
    """The states of ``games`` random games, each cut after ``STEPS`` moves."""
    rng = random.Random(seed)
    states = []
    for number in range(games):
        state = alakazum.new_game(config, seed=seed * 100 + number)
        for _ in range(STEPS):
            states.append(state)
            if alakazum.is_over(state):
                break
            state = alakazum.apply_move(state, rng.choice(alakazum.legal_moves(state)))
    return states


@pytest.mark.parametrize("name", PRESETS)
def test_every_legal_move_has_one_action_and_the_mask_comes_from_the_view(name: str) -> None:
    config = alakazum.PRESETS[name]
    size = encoding.num_actions(config)
    none = (False,) * size
    seen: Counter[str] = Counter()
    for state in _states(config, 3, seed=5):
        player = alakazum.current_player(state)
        others = [p for p in range(config.players) if p != player]
        for other in others:
            assert alakazum.action_mask(alakazum.view(state, other)) == none
        if player is None:
            continue
        view = alakazum.view(state, player)
        moves = alakazum.legal_moves(state)
        actions = [encoding.move_to_action(state, move) for move in moves]
        assert len(set(actions)) == len(moves)
        assert all(0 <= action < size for action in actions)
        mask = alakazum.action_mask(view)
        assert len(mask) == size
        assert set(itertools.compress(range(size), mask)) == set(actions)
        for move, action in zip(moves, actions, strict=True):
            seen[type(move).__name__] += 1
            assert encoding.move_to_action(view, move) == action
            assert encoding.action_to_move(state, action) == move
            assert encoding.action_to_move(view, action) == move
    # The games reached the common moves of every part of the rules.
    assert {"Choose", "Fighter", "Pass", "Market", "Cast", "Alakazum"} <= set(seen)


def test_all_move_types_are_reached_across_the_presets() -> None:
    # Over the presets' games above, every move type had an action; held here on two presets
    # whose games reach them all (the expansion's objects, every trap and spell).
    seen: set[str] = set()
    for name in ("default", "expansion-3"):
        for state in _states(alakazum.PRESETS[name], 3, seed=1):
            seen.update(type(move).__name__ for move in alakazum.legal_moves(state))
    assert seen == {kind.__name__ for kind in alakazum.MOVE_TYPES}


def test_sizes_stay_in_a_few_thousand() -> None:
    assert encoding.num_actions() == encoding.num_actions(alakazum.Config())
    for config in alakazum.PRESETS.values():
        ids = identities(config)
        assert 0 < ids.size <= 5000
        assert ids.size == sum(size for _, _, size in ids.blocks)
        starts = [start for _, start, _ in ids.blocks]
        assert starts == sorted(starts) and starts[0] == 0
        (length,) = alakazum.observation_shape(config)
        assert length > 0


def test_the_same_index_means_the_same_card_in_every_game() -> None:
    config = alakazum.Config()
    ids = identities(config)
    first = alakazum.new_game(config, seed=1)
    second = alakazum.new_game(config, seed=2)
    for state in (first, second):
        for move in alakazum.legal_moves(state):
            assert isinstance(move, alakazum.Choose)
            index = ids.characters.index(move.character)
            assert encoding.move_to_action(state, move) == ids.first["choose"] + index


@pytest.mark.parametrize("name", PRESETS)
def test_observation_comes_from_the_view_alone(name: str) -> None:
    config = alakazum.PRESETS[name]
    (length,) = alakazum.observation_shape(config)
    for state in _states(config, 1, seed=9)[::15]:
        for player in range(config.players):
            view = alakazum.view(state, player)
            seen = alakazum.observation(view)
            assert len(seen) == length
            assert set(map(type, seen)) <= {float}  # floats only, loop in C
            assert all(map(math.isfinite, seen))
            assert alakazum.observation(view) == seen
            for seed in (1, 2):
                again = alakazum.view(alakazum.resample(view, seed=seed), player)
                assert alakazum.observation(again) == seen
                assert alakazum.action_mask(again) == alakazum.action_mask(view)


def test_another_hand_does_not_reach_the_observation() -> None:
    # Two states that differ only in another player's hand look the same to player 0.
    state = _states(alakazum.Config(), 1, seed=2)[40]
    view = alakazum.view(state, 0)
    other = alakazum.resample(view, seed=3)
    assert other.hands[1] != state.hands[1] or other.forest != state.forest
    assert alakazum.observation(alakazum.view(other, 0)) == alakazum.observation(view)


def test_illegal_moves_and_actions_are_refused() -> None:
    state = alakazum.new_game(seed=4)
    player = alakazum.current_player(state)
    assert player is not None
    view = alakazum.view(state, player)
    other = alakazum.view(state, 1 - player)
    size = alakazum.num_actions()
    legal = alakazum.legal_moves(state)
    bad: list[object] = [
        alakazum.Pass(),
        alakazum.Choose("Nobody"),
        alakazum.Fighter(state.start_row[0].name),
        "choose Moura",
        None,
        alakazum.Choose(["Moura"]),  # type: ignore[arg-type]
    ]
    for move in bad:
        for table in (state, view):
            with pytest.raises(IllegalMoveError):
                encoding.move_to_action(table, move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        alakazum.move_to_action(other, legal[0])
    legal_actions = {alakazum.move_to_action(state, move) for move in legal}
    others = sorted(set(range(0, size, 7)) - legal_actions)
    for action in (-1, size, 10**30, True, 1.0, "0", None, *others):
        with pytest.raises(IllegalMoveError):
            alakazum.action_to_move(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        alakazum.action_to_move(other, min(legal_actions))


def test_bad_tables_and_views_get_a_library_error() -> None:
    state = alakazum.new_game(seed=1)
    player = alakazum.current_player(state)
    assert player is not None
    view = alakazum.view(state, player)
    for thing in (None, "view", 3, state):
        with pytest.raises(InvalidViewError):
            alakazum.observation(thing)  # type: ignore[arg-type]
        with pytest.raises(InvalidViewError):
            alakazum.action_mask(thing)  # type: ignore[arg-type]
    for thing in (None, "state", 3):
        with pytest.raises(InvalidStateError):
            alakazum.move_to_action(thing, alakazum.Pass())  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError):
            alakazum.action_to_move(thing, 0)  # type: ignore[arg-type]
    stranger = view.start_row[0]._replace(name="Stranger")
    broken = [
        attrs.evolve(view, player=9),
        attrs.evolve(view, phase="choose"),  # type: ignore[arg-type]
        attrs.evolve(view, start_row=(stranger, *view.start_row[1:])),
        attrs.evolve(view, hand=(stranger, *view.hand[1:])),
    ]
    for bad in broken:
        for call in (alakazum.observation, alakazum.action_mask):
            with pytest.raises(InvalidViewError) as caught:
                call(bad)
            assert "Stranger" not in str(caught.value) and len(str(caught.value)) < 300
    # Well-formed field by field, but no state has them: a combat phase without a combat, a
    # spell's target without a spell. The mask cannot list the moves and says so; the
    # observation reads the fields as they are (check_view is the full check).
    (length,) = alakazum.observation_shape(view.config)
    for phase in (alakazum.Phase.POTIONS, alakazum.Phase.TARGET, alakazum.Phase.HYPNOSIS):
        odd = attrs.evolve(view, phase=phase)
        with pytest.raises(InvalidViewError):
            alakazum.action_mask(odd)
        with pytest.raises(InvalidViewError):
            alakazum.move_to_action(odd, alakazum.Pass())
        assert len(alakazum.observation(odd)) == length
    for config in ("default", alakazum.Config(players=9)):
        with pytest.raises(InvalidConfigError):
            alakazum.num_actions(config)  # type: ignore[arg-type]
        with pytest.raises(InvalidConfigError):
            alakazum.observation_shape(config)  # type: ignore[arg-type]
