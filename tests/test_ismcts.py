"""ISMCTSBot: legal, repeatable, picklable, view-only search on every game and preset.

Budgets are kept tiny: these tests check behaviour, not strength (``benchmarks/bots.py``
measures that, and ``docs/bots.md`` records the figures).
"""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Sequence
from typing import Any

import pytest

import cardgames
from cardgames import Game, InvalidConfigError, InvalidStateError, UnknownBotError, alethi, arena
from cardgames.bots import BOT_NAMES, ISMCTSBot, RandomBot, make_bot
from cardgames.ismcts import DEFAULT_ITERATIONS, Playout

AnyGame = Game[Any, Any, Any, Any]

PRESETS = [
    pytest.param(game, config, id=f"{name}-{preset}")
    for name, game in cardgames.GAMES.items()
    for preset, config in game.presets.items()
]


def _positions(game: AnyGame, config: Any, seed: int, count: int) -> list[Any]:
    """``count`` states with a choice to make, spread along seeded random games: the next
    seed's game when one ends first (a tiny preset's game can be over in a few moves)."""
    rng = random.Random(seed)
    found: list[Any] = []
    for game_seed in range(seed, seed + 20):
        state = game.new_game(config, seed=game_seed)
        while len(found) < count and not game.is_over(state):
            moves = game.legal_moves(state)
            if len(moves) > 1 and rng.random() < 0.3:
                found.append(state)
            state = game.apply_move(state, moves[rng.randrange(len(moves))])
        if len(found) == count:
            break
    return found


def _decide(bot: ISMCTSBot, game: AnyGame, state: Any, seed: int) -> Any:
    """The bot's move in ``state``, from the view of the player to decide."""
    player = game.current_player(state)
    assert player is not None
    return bot.choose(game.view(state, player), game.legal_moves(state), random.Random(seed))


@pytest.mark.parametrize(("game", "config"), PRESETS)
def test_chooses_a_legal_move_in_every_preset(game: AnyGame, config: Any) -> None:
    """Positions along a random game of every preset, each player deciding in turn."""
    bot = ISMCTSBot(game, iterations=8)
    positions = _positions(game, config, seed=5, count=4)
    assert positions
    for number, state in enumerate(positions):
        move = _decide(bot, game, state, seed=number)
        assert move in game.legal_moves(state)


@pytest.mark.parametrize("name", ["alethi", "alakaslam"])
def test_plays_whole_games_against_every_seat(name: str) -> None:
    """Short games to the end: the arena refuses any illegal move, so reaching the end is the
    check; ISMCTSBot sits in every seat of doubles too."""
    game = cardgames.get_game(name)
    for config in game.presets.values():
        seats = game.num_players(config)
        bots: list[Any] = [ISMCTSBot(game, iterations=4) for _ in range(seats)]
        record = arena.play(game, bots, config=config, seed=3)
        assert record.outcome is not None
        assert record.players == ("ismcts",) * seats


def test_a_single_legal_move_is_answered_without_searching() -> None:
    class NoResample:
        """Alethi, except that searching is an error."""

        def __getattr__(self, name: str) -> Any:
            return getattr(alethi.GAME, name)

        def resample(self, view: Any, *, seed: int) -> Any:
            raise AssertionError("searched with a single legal move")

    bot = ISMCTSBot(NoResample(), iterations=50)
    state = alethi.new_game(seed=1)
    only = alethi.legal_moves(state)[:1]
    assert bot.choose(alethi.view(state, 0), only, random.Random(0)) == only[0]


def test_same_seed_same_choices() -> None:
    """With an iteration budget, the search depends only on the generator it is given."""
    for name in ("alethi", "lerally", "alakazum"):
        game = cardgames.get_game(name)
        bot = ISMCTSBot(game, iterations=30)
        for state in _positions(game, game.presets["default"], seed=11, count=3):
            assert _decide(bot, game, state, seed=4) == _decide(bot, game, state, seed=4)


def test_a_seeded_match_is_repeatable() -> None:
    bots: list[Any] = [ISMCTSBot(alethi.GAME, iterations=10), RandomBot()]
    assert arena.play(alethi.GAME, bots, seed=8) == arena.play(alethi.GAME, bots, seed=8)


def test_searches_by_the_clock() -> None:
    """A time budget alone ends the search; with both budgets the first one reached does."""
    state = _positions(alethi.GAME, alethi.Config(), seed=2, count=1)[0]
    for bot in (
        ISMCTSBot("alethi", iterations=None, time_budget=0.02),
        ISMCTSBot("alethi", iterations=5, time_budget=30.0),
        ISMCTSBot("alethi", iterations=10**9, time_budget=0.02),
    ):
        assert _decide(bot, alethi.GAME, state, seed=0) in alethi.legal_moves(state)


def test_a_small_search_beats_random_play() -> None:
    """Over a few seeded Alethi games a small search beats random play clearly."""
    score = 0.0
    for seed in range(4):
        seat = seed % 2
        bots: list[Any] = [RandomBot(), RandomBot()]
        bots[seat] = ISMCTSBot(alethi.GAME, iterations=40)
        outcome = arena.play(alethi.GAME, bots, seed=seed).outcome
        assert outcome is not None
        score += outcome.returns[seat]
    assert score >= 3


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"iterations": 0}, "iterations must be a positive int"),
        ({"iterations": -5}, "iterations must be a positive int"),
        ({"iterations": 2.5}, "iterations must be a positive int"),
        ({"iterations": True}, "iterations must be a positive int"),
        ({"iterations": "100"}, "iterations must be a positive int"),
        ({"time_budget": 0}, "time_budget must be a positive number"),
        ({"time_budget": -1.0}, "time_budget must be a positive number"),
        ({"time_budget": math.nan}, "time_budget must be a positive number"),
        ({"time_budget": math.inf}, "time_budget must be a positive number"),
        ({"time_budget": "1"}, "time_budget must be a positive number"),
        ({"iterations": None}, "needs iterations, a time_budget, or both"),
        ({"iterations": None, "time_budget": None}, "needs iterations, a time_budget, or both"),
        ({"exploration": -0.1}, "exploration must be a finite number >= 0"),
        ({"exploration": math.nan}, "exploration must be a finite number >= 0"),
        ({"exploration": None}, "exploration must be a finite number >= 0"),
        ({"playout": "heuristic"}, "playout must be a Playout or None, got str"),
        ({"playout": (("random", 5),)}, "playout must be a Playout or None, got tuple"),
    ],
)
def test_invalid_parameters_are_config_errors(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        ISMCTSBot(alethi.GAME, **arguments)


def test_an_unknown_game_name_is_refused() -> None:
    with pytest.raises(cardgames.UnknownGameError, match="unknown game 'chess'"):
        ISMCTSBot("chess")


@pytest.mark.parametrize("game", [None, 3, object()])
def test_something_not_a_game_is_refused(game: object) -> None:
    with pytest.raises(InvalidConfigError, match="needs a game or a game's name"):
        ISMCTSBot(game)  # type: ignore[arg-type]


def test_parameters_are_kept_and_shown() -> None:
    bot = ISMCTSBot("lerally", iterations=None, time_budget=1, exploration=2)
    assert bot.game is cardgames.get_game("lerally")
    assert (bot.iterations, bot.time_budget, bot.exploration) == (None, 1.0, 2.0)
    assert bot.playout == Playout("random", limit=20)
    assert repr(bot) == (
        "ISMCTSBot('lerally', iterations=None, time_budget=1.0, exploration=2.0, "
        "playout=Playout(policy='random', limit=20))"
    )
    assert ISMCTSBot(alethi.GAME).iterations == DEFAULT_ITERATIONS


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_the_game_recommends_the_playout(name: str) -> None:
    game = cardgames.get_game(name)
    assert ISMCTSBot(game).playout == game.playout
    chosen = Playout("heuristic", limit=3)
    assert ISMCTSBot(game, playout=chosen).playout is chosen


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"policy": "greedy"}, "policy must be 'random' or 'heuristic', got 'greedy'"),
        ({"policy": None}, "policy must be 'random' or 'heuristic', got None"),
        ({"limit": -1}, "limit must be an int >= 0, got -1"),
        ({"limit": 2.0}, "limit must be an int >= 0, got 2.0"),
        ({"limit": True}, "limit must be an int >= 0, got True"),
    ],
)
def test_a_bad_playout_is_a_config_error(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidConfigError, match=message):
        Playout(**arguments)


class _Count:
    """A game that counts the heuristic bots' decisions and the states evaluated."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.heuristic_choices = 0
        self.evaluated: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def heuristic_bot(self) -> Any:
        inner = self.game.heuristic_bot()
        counter = self

        class Counted:
            def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
                counter.heuristic_choices += 1
                return inner.choose(view, legal, rng)

        return Counted()

    def evaluate(self, state: Any) -> tuple[float, ...]:
        self.evaluated.append(state)
        return self.game.evaluate(state)


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_heuristic_playouts_ask_the_heuristic_bot(name: str) -> None:
    game = cardgames.get_game(name)
    state = _positions(game, game.presets["default"], seed=3, count=1)[0]
    counted = _Count(game)
    bot = ISMCTSBot(counted, iterations=5, playout=Playout("heuristic", limit=10))
    assert _decide(bot, game, state, seed=2) in game.legal_moves(state)
    assert counted.heuristic_choices > 0
    assert len(counted.evaluated) == 5
    random_playouts = _Count(game)
    bot = ISMCTSBot(random_playouts, iterations=5, playout=Playout("random", limit=10))
    _decide(bot, game, state, seed=2)
    assert random_playouts.heuristic_choices == 0


def test_a_playout_stops_at_its_limit_and_is_evaluated_there() -> None:
    """With limit 0 the node just added is evaluated: one move past the root, no playout."""
    game = cardgames.get_game("alakazum")
    state = _positions(game, game.presets["default"], seed=3, count=1)[0]
    counted = _Count(game)
    bot = ISMCTSBot(counted, iterations=1, playout=Playout("random", limit=0))
    move = _decide(bot, game, state, seed=2)
    (evaluated,) = counted.evaluated
    player = game.current_player(state)
    assert player is not None
    assert game.view(evaluated, player) == game.view(game.apply_move(state, move), player)


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_pickles_and_chooses_the_same_after(name: str) -> None:
    game = cardgames.get_game(name)
    bot = ISMCTSBot(game, iterations=12, exploration=1.1)
    copy = pickle.loads(pickle.dumps(bot))
    assert repr(copy) == repr(bot)
    state = _positions(game, game.presets["default"], seed=1, count=1)[0]
    assert _decide(copy, game, state, seed=9) == _decide(bot, game, state, seed=9)


def test_make_bot_knows_ismcts() -> None:
    assert BOT_NAMES == ("random", "greedy", "ismcts")
    default = make_bot("ismcts", alethi.GAME)
    assert isinstance(default, ISMCTSBot)
    assert default.iterations == DEFAULT_ITERATIONS
    assert default.game is alethi.GAME
    sized = make_bot("ismcts:50", alethi.GAME)
    assert isinstance(sized, ISMCTSBot)
    assert sized.iterations == 50
    assert arena.bot_name(sized) == "ismcts"


@pytest.mark.parametrize("name", ["ismcts:x", "ismcts:0", "ismcts:", "ismcts:-3", "ismcts:1.5"])
def test_make_bot_refuses_a_bad_budget(name: str) -> None:
    with pytest.raises(UnknownBotError, match="positive number of iterations"):
        make_bot(name, alethi.GAME)


@pytest.mark.parametrize("name", ["ISMCTS", "mcts", "greedy:5", "ismcts 50"])
def test_make_bot_refuses_unknown_names(name: str) -> None:
    with pytest.raises(UnknownBotError, match="unknown bot"):
        make_bot(name, alethi.GAME)


class _Watch:
    """A game whose state functions accept only states the bot made itself with ``resample``
    (and ``apply_move`` from those), and whose ``new_game`` may not be called."""

    def __init__(self, game: AnyGame, view: Any) -> None:
        self.game = game
        self.expected_view = view
        self.made: dict[int, Any] = {}  # id -> state, kept alive so ids stay unique
        self.resamples = 0

    def __getattr__(self, name: str) -> Any:
        if name in ("new_game", "check_state"):
            raise AssertionError(f"the bot called {name}")
        return getattr(self.game, name)

    def _own(self, state: Any) -> Any:
        assert id(state) in self.made, "the bot used a state it did not make"
        return state

    def _made(self, state: Any) -> Any:
        self.made[id(state)] = state
        return state

    def resample(self, view: Any, *, seed: int) -> Any:
        assert view is self.expected_view
        self.resamples += 1
        return self._made(self.game.resample(view, seed=seed))

    def apply_move(self, state: Any, move: Any) -> Any:
        return self._made(self.game.apply_move(self._own(state), move))

    def legal_moves(self, state: Any) -> Any:
        return self.game.legal_moves(self._own(state))

    def current_player(self, state: Any) -> Any:
        return self.game.current_player(self._own(state))

    def is_over(self, state: Any) -> Any:
        return self.game.is_over(self._own(state))

    def outcome(self, state: Any) -> Any:
        return self.game.outcome(self._own(state))

    def evaluate(self, state: Any) -> Any:
        return self.game.evaluate(self._own(state))

    def view(self, state: Any, player: int) -> Any:
        # Heuristic playouts show each seat its view of the imagined deal.
        return self.game.view(self._own(state), player)


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_searches_only_states_dealt_from_the_view(name: str, policy: Any) -> None:
    """Every state the search looks at comes from ``resample`` of the view it was given."""
    game = cardgames.get_game(name)
    state = _positions(game, game.presets["default"], seed=6, count=1)[0]
    player = game.current_player(state)
    assert player is not None
    view = game.view(state, player)
    watch = _Watch(game, view)
    bot = ISMCTSBot(watch, iterations=6, playout=Playout(policy, limit=15))
    legal: Sequence[Any] = game.legal_moves(state)
    assert bot.choose(view, legal, random.Random(1)) in legal
    assert watch.resamples == 6


def test_a_state_in_place_of_a_view_is_refused() -> None:
    state = _positions(alethi.GAME, alethi.Config(), seed=2, count=1)[0]
    bot = ISMCTSBot(alethi.GAME, iterations=5)
    with pytest.raises(InvalidStateError):
        bot.choose(state, alethi.legal_moves(state), random.Random(0))
