"""The OpenSpiel adapter: every game registered and loadable, OpenSpiel's own
``random_sim_test`` on every game and preset, the chance node, the strings and tensors built
from views, and OpenSpiel's ISMCTS bot playing a whole game through the adapter."""

from __future__ import annotations

import doctest
import pickle
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts

import cardgames.interop.openspiel as spiel
from cardgames import GAMES, GameRecord, alethi, get_game, to_json
from cardgames.errors import InvalidConfigError, UnknownNameError

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]


def load(name: str, preset: str = "default", seeds: int = 20) -> Any:
    """The registered OpenSpiel game of ``name`` with ``preset`` and ``seeds`` deals."""
    return pyspiel.load_game(f"{spiel.short_name(name)}(preset={preset},seeds={seeds})")


def test_every_game_of_the_registry_is_registered() -> None:
    """Importing the module registered python_cardgames_<game> for each game."""
    assert tuple(GAMES) == spiel.GAME_NAMES
    registered = set(pyspiel.registered_names())
    assert {spiel.short_name(name) for name in GAMES} <= registered
    game = pyspiel.load_game("python_cardgames_alethi")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == get_game("alethi").num_actions(None)
    assert game.max_chance_outcomes() == spiel.DEFAULT_SEEDS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_sim_test_passes_with_serialization(name: str) -> None:
    """OpenSpiel's consistency checks over random games, states serialized and restored."""
    pyspiel.random_sim_test(load(name), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_random_sim_test_passes_for_every_preset(name: str, preset: str) -> None:
    """The same checks on one random game of every preset."""
    pyspiel.random_sim_test(load(name, preset), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chance_node_deals_the_library_game_of_a_seed(name: str) -> None:
    """Outcome k of the first node, each as likely, is new_game(config, seed=k)."""
    game = get_game(name)
    state = load(name, seeds=7).new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, pytest.approx(1 / 7)) for k in range(7)]
    state.apply_action(4)
    assert state.game_state == game.new_game(seed=4)
    assert state.current_player() == game.current_player(state.game_state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_observations_come_from_the_views(name: str) -> None:
    """Observation: the game's render of the view, its tensor the game's observation; the
    information state is a history, with no tensor; the actions are the mask of the player
    to move."""
    game = get_game(name)
    state = load(name).new_initial_state()
    state.apply_action(3)
    assert not state.get_game().get_type().provides_information_state_tensor
    rng = np.random.default_rng(0)
    for _ in range(15):
        if state.is_terminal():
            break
        for player in range(state.num_players()):
            view = game.view(state.game_state, player)
            assert state.observation_string(player) == game.render(view)
            expected = np.asarray(game.observation(view), dtype=np.float32)
            assert np.array_equal(np.asarray(state.observation_tensor(player)), expected)
            assert state.information_state_string(player).startswith(f"player {player}, history ")
        mover = state.current_player()
        mask = game.action_mask(game.view(state.game_state, mover))
        assert state.legal_actions() == [a for a, allowed in enumerate(mask) if allowed]
        state.apply_action(int(rng.choice(state.legal_actions())))


def _own_history(game: Any, seed: int, moves: list[Any], player: int) -> tuple[str, ...]:
    """What ``player`` has known after ``moves`` from the deal of ``seed``, worked out apart
    from the adapter: its view at every position and each move it made, in order."""
    state = game.new_game(seed=seed)
    known = [to_json(game.view(state, player))]
    for move in moves:
        if game.current_player(state) == player:
            known.append(game.format_move(move))
        state = game.apply_move(state, move)
        known.append(to_json(game.view(state, player)))
    return tuple(known)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_information_states_have_perfect_recall(name: str) -> None:
    """From one deal, many random playouts: two positions share an information state exactly
    when the player has had the same views and made the same moves on the way to them."""
    game = get_game(name)
    spiel_game = load(name, seeds=1)
    rng = np.random.default_rng(5)
    seen: dict[tuple[int, str], tuple[str, ...]] = {}
    histories: dict[tuple[int, tuple[str, ...]], str] = {}
    for _ in range(40):
        state = spiel_game.new_initial_state()
        state.apply_action(0)
        moves: list[Any] = []
        for _ in range(int(rng.integers(1, 12))):
            if state.is_terminal():
                break
            for player in range(state.num_players()):
                info = state.information_state_string(player)
                history = _own_history(game, 0, moves, player)
                assert seen.setdefault((player, info), history) == history
                assert histories.setdefault((player, history), info) == info
            action = int(rng.choice(state.legal_actions()))
            moves.append(game.action_to_move(state.game_state, action))
            state.apply_action(action)
    assert len(seen) > 40


def test_returns_are_the_outcome() -> None:
    """At the end, the returns are the library's outcome's returns; before, zeros."""
    game = get_game("alakaslam")
    state = load("alakaslam").new_initial_state()
    assert state.returns() == [0.0, 0.0]
    state.apply_action(0)
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        state.apply_action(int(rng.choice(state.legal_actions())))
    outcome = game.outcome(state.game_state)
    assert outcome is not None
    assert state.returns() == list(outcome.returns)


def test_a_resample_keeps_the_information_state() -> None:
    """resample_from_infostate gives a state its player cannot tell from this one."""
    state = load("lerally").new_initial_state()
    state.apply_action(2)
    player = state.current_player()
    before = state.game_state
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    dealt = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for again in dealt:
        assert again.information_state_string(player) == state.information_state_string(player)
        assert again.legal_actions() == state.legal_actions()
    assert state.game_state is before
    assert any(again.game_state != before for again in dealt)


def test_openspiel_ismcts_plays_a_whole_game() -> None:
    """OpenSpiel's own ISMCTS bot, with a random-rollout evaluator, plays Alethi against
    random moves to the end, choosing only legal actions."""
    game = load("alethi")
    generator = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8, random_state=generator
    )
    state = game.new_initial_state()
    state.apply_action(5)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = int(bot.step(state))
            searched += 1
        else:
            action = int(generator.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


@pytest.mark.parametrize(
    ("parameters", "error"),
    [
        ("preset=nothing", UnknownNameError),
        ("seeds=0", InvalidConfigError),
        (f"seeds={spiel.MAX_SEEDS + 1}", InvalidConfigError),
    ],
)
def test_bad_parameters_get_the_library_errors(parameters: str, error: type[Exception]) -> None:
    """A preset the game lacks or a number of deals out of range is refused."""
    with pytest.raises(error):
        pyspiel.load_game(f"python_cardgames_lerally({parameters})")


def test_the_module_example_runs() -> None:
    """The example at the top of the adapter's docstring gives what it shows."""
    assert doctest.testmod(spiel, report=False).failed == 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_games_and_states_pickle(name: str) -> None:
    """A registered game and a state in the middle of a game come back from pickle whole:
    the same game, the same history, the same information states."""
    game = load(name, seeds=5)
    assert pickle.loads(pickle.dumps(game)).get_type().short_name == spiel.short_name(name)
    state = game.new_initial_state()
    state.apply_action(2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    back = pickle.loads(pickle.dumps(state))
    assert back.serialize() == state.serialize()
    assert back.information_state_string(0) == state.information_state_string(0)
    assert back.legal_actions() == state.legal_actions()


def test_serialize_writes_the_library_record() -> None:
    """A state serializes to the library's JSON record of its game, and reads back."""
    game = load("lerally", seeds=5)
    state = game.new_initial_state()
    state.apply_action(4)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    record = GameRecord.from_json(text)
    assert record.seed == 4 and len(record.moves) == 6
    assert game.deserialize_state(text).serialize() == text


def test_a_whole_config_is_a_parameter() -> None:
    """The config parameter takes a config's JSON; the game's name carries it (as base64)
    and loads again to the same game."""
    config = alethi.Config(first_player=0)
    game = pyspiel.load_game(spiel.short_name("alethi"), {"config": to_json(config)})
    assert game.table.config == config
    again = pyspiel.load_game(str(game))
    assert again.table.config == config
    with pytest.raises(InvalidConfigError):
        pyspiel.load_game(spiel.short_name("alethi"), {"config": "not base64 !"})
    with pytest.raises(InvalidConfigError):
        pyspiel.load_game(
            spiel.short_name("alethi"), {"config": to_json(config), "preset": "specials"}
        )


@pytest.mark.parametrize("name", ["alethi", "lerally", "alakaslam"])
def test_cfr_lowers_the_exploitability_of_the_tiny_preset(name: str) -> None:
    """The tiny preset of every two-player game is small enough for OpenSpiel's CFR, and its
    NashConv falls as CFR runs: OpenSpiel's game theory works on these games."""
    game = load(name, "tiny", seeds=2)
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    solver = cfr.CFRSolver(game)
    start = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(10):
        solver.evaluate_and_update_policy()
    after = exploitability.nash_conv(game, solver.average_policy())
    assert start > 0.1
    assert after < start / 4
