"""The adapters follow their libraries' conventions: OpenSpiel's constant-sum games and
perfect information."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import exploitability

import cardgames.interop.openspiel as spiel
from cardgames import GAMES, get_game
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config as AlethiConfig
from cardgames.interop._common import Table

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]

#: What the returns of each preset's games sum to; absent: general-sum.
SUMS = {("alethi", preset): 1.0 for preset in get_game("alethi").presets} | {
    ("lerally", "default"): 1.0,
    ("lerally", "shot-gun-3"): 1.0,
    ("lerally", "fast-four-4"): 1.0,
    ("lerally", "one-set-3"): 1.0,
    ("lerally", "one-set-doubles"): 2.0,
    ("lerally", "best-of-three"): 1.0,
    ("lerally", "best-of-five-doubles"): 2.0,
    ("alakaslam", "default"): 1.0,
    ("alakaslam", "chosen"): 1.0,
}


def load(name: str, preset: str = "default", seeds: int = 2) -> Any:
    """The registered OpenSpiel game of ``name`` with ``preset`` and ``seeds`` deals."""
    return pyspiel.load_game(f"{spiel.short_name(name)}(preset={preset},seeds={seeds})")


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_constant_sum_presets_declare_their_sum(name: str, preset: str) -> None:
    """What exploitability checks (two players aside): the utility is constant-sum and the
    game info holds the sum, for the presets whose returns always sum to one number; every
    other preset is general-sum."""
    game = load(name, preset)
    utility = game.get_type().utility
    expected = SUMS.get((name, preset))
    assert spiel.utility_sum(get_game(name), get_game(name).presets[preset]) == expected
    if expected is None:
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
    else:
        assert utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == expected


@pytest.mark.parametrize(("name", "preset"), sorted(SUMS))
def test_returns_of_random_playouts_sum_to_the_utility_sum(name: str, preset: str) -> None:
    """Random games through OpenSpiel of every constant-sum preset end with returns that sum
    to the declared utility_sum."""
    game = load(name, preset)
    rng = random.Random(f"{name}-{preset}")
    for deal in range(2):
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(game.utility_sum())


def test_the_registered_types_say_what_holds_for_every_preset() -> None:
    """The registered type of a game is constant-sum only if every preset is."""
    utility = {t.short_name: t.utility for t in pyspiel.registered_games()}
    constant, general = pyspiel.GameType.Utility.CONSTANT_SUM, pyspiel.GameType.Utility.GENERAL_SUM
    assert utility[spiel.short_name("alethi")] == constant
    assert utility[spiel.short_name("lerally")] == constant
    assert utility[spiel.short_name("alakaslam")] == general
    assert utility[spiel.short_name("alakazum")] == general


class _TinyAlethi(spiel.CardgamesGame):
    """Alethi with three Squires and a King a side: small enough for exploitability."""

    game_type = spiel._game_type(get_game("alethi"))

    def _make_table(self, params: dict[str, Any]) -> Table:
        army = (
            CardType(Kind.SQUIRE, attack=1, health=3, count=3),
            CardType(Kind.KING, attack=5, health=5, count=1),
        )
        return Table(get_game("alethi"), AlethiConfig(army=army))


def test_exploitability_runs_on_a_small_two_player_game() -> None:
    """OpenSpiel's exploitability accepts the adapter's two-player constant-sum game and
    walks it whole: a uniform random policy is exploitable, by no more than the sum."""
    game = _TinyAlethi({"seeds": 1})
    value = exploitability.exploitability(game, spiel_policy.UniformRandomPolicy(game))
    assert 0.0 < value <= game.utility_sum()


def test_exploitability_refuses_a_general_sum_game() -> None:
    """Alakazum!, where every player may lose, stays general-sum, and exploitability says so
    before it walks anything."""
    game = load("alakazum")
    assert game.num_players() == 2
    with pytest.raises(ValueError, match="constant- or zero-sum"):
        exploitability.exploitability(game, spiel_policy.UniformRandomPolicy(game))


@pytest.mark.parametrize("preset", sorted(get_game("alethi").presets))
def test_alethi_views_decide_the_play(preset: str) -> None:
    """Alethi is perfect information once dealt: both players see the same table, and a state
    rebuilt from either player's view (with any generator) has the same legal moves and the
    same views after each of them, along random games. It is still declared imperfect
    information to OpenSpiel (the seed is never observed; see the adapter's docstring)."""
    game = get_game("alethi")
    config = game.presets[preset]
    assert load("alethi", preset).get_type().information == (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    rng = random.Random(preset)
    for seed in range(2):
        state = game.new_game(config, seed=seed)
        while True:
            views = [game.view(state, p) for p in (0, 1)]
            assert (
                views[0].__class__(**{**vars_of(views[1]), "player": views[0].player}) == (views[0])
            )
            legal = game.legal_moves(state)
            for p, view in enumerate(views):
                rebuilt = game.resample(view, seed=rng.randrange(2**32))
                assert game.view(rebuilt, p) == view
                assert game.legal_moves(rebuilt) == legal
                for move in legal[:3]:
                    after = [game.apply_move(s, move) for s in (state, rebuilt)]
                    assert game.view(after[0], p) == game.view(after[1], p)
            if game.is_over(state):
                break
            state = game.apply_move(state, rng.choice(list(legal)))


def vars_of(view: Any) -> dict[str, Any]:
    """The fields of an attrs view, by name."""
    import attrs

    return attrs.asdict(view, recurse=False)
