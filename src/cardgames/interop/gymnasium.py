"""One seat of a game as a Gymnasium ``Env``: a learner plays it, bots play the other seats.

>>> from cardgames.interop import gymnasium
>>> env = gymnasium.env("lerally", opponents="random")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape, bool(info["action_mask"].any())
(True, True)

**Registered ids.** Importing the module registers one id per game with Gymnasium:
``cardgames/Alethi-v0``, ``cardgames/AlakaSLAM-v0``, ``cardgames/LeRally-v0`` and
``cardgames/Alakazum-v0`` (:data:`ENV_IDS`), so that

>>> import gymnasium as gym
>>> import cardgames.interop.gymnasium
>>> env = gym.make("cardgames/LeRally-v0", config="best-of-three", opponents="greedy")
>>> envs = gym.make_vec("cardgames/LeRally-v0", num_envs=2)

work, every keyword argument of :func:`env` passing through (``config``, ``opponents``,
``seat``, ``render_mode``, ``max_decisions``, ``illegal_reward``). Gymnasium has no plug-in
entry points to register ids from an installed package, so the module must be imported first;
``gym.make("cardgames.interop.gymnasium:cardgames/LeRally-v0")`` imports it and makes the
environment in one call, and ``gym.register_envs(cardgames.interop.gymnasium)`` tells linters
that the import is used.

The observation is the game's ``observation`` of the learner's view, a ``float32`` array of the
game's ``observation_shape``; an action is an index of the game's action space
(``Discrete(num_actions)``). The observation space is a ``Box`` bounded by ``[0, 1]`` for the
games whose every observation lies there (Le Rally and AlakaSLAM), and without bounds for the
others: Alethi's coordinates grow with a field that has no edges, and Alakazum!'s counts and
points have no bound the game promises. The legal actions come with every observation, as
``info["action_mask"]`` (an ``int8`` array) and from :meth:`CardgamesEnv.action_masks` (a bool
array: the method maskable PPO asks for).

After the learner's action, the other seats' bots play until it is the learner's turn again or
the game ends. The reward is 0 until the end, then the learner's return in the outcome (1.0 for
a win, 0.0 for a loss, a share of 1.0 in a draw). An action that the mask forbids is not played:
the episode ends there (``terminated``) with the reward ``illegal_reward`` (by default -1) and
``info["illegal_action"] = True``; an action outside the action space raises
``IllegalMoveError``. A game that has not ended after ``max_decisions`` decisions, counting the
bots' (by default the game's own bound, which no game reaches), is ``truncated``.

``reset(seed=s)`` plays the game ``new_game(config, seed=s)`` and hands each bot the generator
that :func:`cardgames.arena.play` would give it in that game. Without a seed, the game's seed is
drawn from the environment's ``np_random``. Should a game end before the learner has a decision
to take, reset moves on to the next seed.

Render modes: ``"ansi"``, where ``render()`` returns the game's text table, and ``"human"``,
where the table is printed to standard output after every reset and step (``render()`` prints
it too and returns ``None``). ``render()`` before the first reset raises Gymnasium's
``ResetNeeded``.

Needs the extra ``cardgames[rl]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, SupportsFloat

from cardgames.interop._common import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as exc:  # the extra is not installed
    raise ImportError(missing_extra(__name__, "rl")) from exc

from cardgames._match import check_int
from cardgames._surface import public_dir
from cardgames.errors import CardgamesError, InvalidConfigError
from cardgames.game import Bot
from cardgames.interop._common import (
    SEED_LIMIT,
    Table,
    action_index,
    bot_generators,
    check_seat,
    make_table,
    observation_bounds,
    opponent_bots,
)
from cardgames.rng import check_seed

__all__ = ["ENV_IDS", "ILLEGAL_REWARD", "MAX_DEALS", "CardgamesEnv", "env"]

#: The reward of an action that the mask forbids, by default; the episode ends with it.
ILLEGAL_REWARD: Final = -1.0
#: How many games a reset starts at most to find one in which the learner has a decision.
MAX_DEALS: Final = 100

#: Who plays the other seats: one bot or bot name for all, or one per other seat.
Opponents = Bot[Any, Any] | str | Sequence[Bot[Any, Any] | str]


class CardgamesEnv(gymnasium.Env["np.ndarray[Any, Any]", "np.int64"]):
    """One learner's seat at a game of ``cardgames``; the other seats are played by bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        game: Any,
        config: Any = None,
        opponents: Opponents = "random",
        *,
        seat: int = 0,
        render_mode: str | None = None,
        max_decisions: int | None = None,
        illegal_reward: float = ILLEGAL_REWARD,
    ) -> None:
        table = make_table(game, config)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidConfigError("render_mode must be None, 'ansi' or 'human'")
        if not isinstance(illegal_reward, int | float) or isinstance(illegal_reward, bool):
            raise InvalidConfigError("illegal_reward must be a number")
        self.table: Table = table
        self.seat: int = check_seat(table, seat)
        self.bots: dict[int, Bot[Any, Any]] = opponent_bots(table, self.seat, opponents)
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.max_decisions: int = (
            table.limit if max_decisions is None else check_int("max_decisions", max_decisions, 1)
        )
        low, high = observation_bounds(table)
        self.observation_space = spaces.Box(low=low, high=high, shape=table.shape, dtype=np.float32)
        self.action_space = spaces.Discrete(table.actions)
        self._state: Any = None
        self._rngs: dict[int, Any] = {}
        self._decisions = 0
        self._done = True
        self._observation = np.zeros(table.shape, dtype=np.float32)
        self._mask = np.zeros(table.actions, dtype=bool)

    @property
    def state_of_game(self) -> Any:
        """The library's state of the game being played (``None`` before the first reset)."""
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Start a game and let the bots play up to the learner's first decision."""
        if seed is not None:
            check_seed(seed)
        super().reset(seed=None if seed is None else seed % SEED_LIMIT)
        game_seed = seed
        for _ in range(MAX_DEALS):
            if game_seed is None:
                game_seed = int(self.np_random.integers(SEED_LIMIT))
            self._state = self.table.new_game(game_seed)
            self._rngs = bot_generators(game_seed, list(self.bots))
            self._decisions = 0
            self._done = False
            self._play_bots()
            if not self._done:
                self._encode()
                if self.render_mode == "human":
                    self.render()
                return self._observation.copy(), self._info()
            game_seed = None
        raise CardgamesError(f"no game of {MAX_DEALS} gave the learner a decision")

    def step(
        self, action: Any
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the bots' moves up to the learner's next turn."""
        if self._done:
            raise CardgamesError("the episode has ended: call reset() first")
        index = action_index(action, self.table.actions)
        if not self._mask[index]:
            self._done = True
            self._mask = np.zeros(self.table.actions, dtype=bool)
            info = self._info()
            info["illegal_action"] = True
            return self._observation.copy(), self.illegal_reward, True, False, info
        self._state = self.table.play(self._state, index)
        self._decisions += 1
        self._play_bots()
        self._encode()
        if self.render_mode == "human":
            self.render()
        return (
            self._observation.copy(),
            self._reward(),
            self._terminated(),
            self._truncated(),
            self._info(),
        )

    def action_masks(self) -> np.ndarray[Any, Any]:
        """Which actions the learner may take now, as a bool array (all False once over)."""
        return self._mask.copy()

    def render(self) -> str | None:
        """The game's ``render`` of the whole table: returned (``render_mode="ansi"``) or
        printed (``"human"``). ``ResetNeeded`` before the first reset."""
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() before render()")
        if self.render_mode is None:
            gymnasium.logger.warn("render() called on an environment made without a render_mode")
            return None
        text = str(self.table.game.render(self._state))
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def _play_bots(self) -> None:
        """The bots' moves until the learner is to move, the game ends or the cap is reached."""
        table = self.table
        game = table.game
        while True:
            player = game.current_player(self._state)
            if player is None or self._decisions >= self.max_decisions:
                self._done = True
                return
            if player == self.seat:
                return
            self._state = table.bot_move(self.bots[player], self._state, self._rngs[player])
            self._decisions += 1

    def _encode(self) -> None:
        """Encode the learner's view of the state now, once for the observation and the mask
        (all False once the episode is over)."""
        observation, mask = self.table.encode(self._state, self.seat)
        self._observation = np.asarray(observation, dtype=np.float32).reshape(self.table.shape)
        self._mask = np.asarray(mask, dtype=bool)
        if self._done:
            self._mask[:] = False

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.astype(np.int8)}

    def _terminated(self) -> bool:
        return bool(self.table.game.is_over(self._state))

    def _truncated(self) -> bool:
        return self._done and not self._terminated()

    def _reward(self) -> float:
        return float(self.table.returns(self._state)[self.seat])


def env(
    game: Any,
    config: Any = None,
    opponents: Opponents = "random",
    *,
    seat: int = 0,
    render_mode: str | None = None,
    max_decisions: int | None = None,
    illegal_reward: float = ILLEGAL_REWARD,
) -> CardgamesEnv:
    """A Gymnasium ``Env`` in which a learner plays ``seat`` of ``game`` (a game or its registry
    name) with ``config`` (a config, a preset name, or ``None`` for the default).

    ``opponents`` plays the other seats: a bot or a bot name (``"random"``, ``"greedy"``,
    ``"ismcts"``, ``"ismcts:N"``) for all of them, or a sequence of them, one per other seat
    in seat order. Bad arguments raise the library's errors.
    """
    return CardgamesEnv(
        game,
        config,
        opponents,
        seat=seat,
        render_mode=render_mode,
        max_decisions=max_decisions,
        illegal_reward=illegal_reward,
    )


#: The Gymnasium id of each game of the library, by its registry name.
ENV_IDS: Final = {
    "alethi": "cardgames/Alethi-v0",
    "alakaslam": "cardgames/AlakaSLAM-v0",
    "lerally": "cardgames/LeRally-v0",
    "alakazum": "cardgames/Alakazum-v0",
}


def _register() -> None:
    """Register :data:`ENV_IDS` with Gymnasium, once (importing the module again, or after
    another registration of the same ids, changes nothing)."""
    known = gymnasium.envs.registry
    for name, env_id in ENV_IDS.items():
        if env_id not in known:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:env", kwargs={"game": name})


_register()

__dir__ = public_dir(__all__)
