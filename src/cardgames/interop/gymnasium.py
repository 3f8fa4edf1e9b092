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
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
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

__all__ = [
    "ENV_IDS",
    "ILLEGAL_REWARD",
    "MAX_DEALS",
    "MAX_ENVS",
    "CardgamesEnv",
    "CardgamesVectorEnv",
    "env",
    "vector_env",
]

#: The reward of an action that the mask forbids, by default; the episode ends with it.
ILLEGAL_REWARD: Final = -1.0
#: How many games a reset starts at most to find one in which the learner has a decision.
MAX_DEALS: Final = 100
#: The most games one :func:`vector_env` steps.
MAX_ENVS: Final = 65536

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
        #: The learner's observation, written in place at each step (and copied out).
        self._flat = np.zeros(table.size, dtype=np.float32)
        self._observation = self._flat.reshape(table.shape)
        self._mask = np.zeros(table.actions, dtype=bool)

    @property
    def state_of_game(self) -> Any:
        """The library's state of the game being played (``None`` before the first reset)."""
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Start a game and let the bots play up to the learner's first decision."""
        self._start(seed)
        return self._observation.copy(), self._info()

    def _start(self, seed: int | None) -> None:
        """:meth:`reset`, leaving the observation and mask in their buffers."""
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
                return
            game_seed = None
        raise CardgamesError(f"no game of {MAX_DEALS} gave the learner a decision")

    def step(
        self, action: Any
    ) -> tuple[np.ndarray[Any, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the bots' moves up to the learner's next turn."""
        reward, terminated, truncated, illegal = self._advance(action)
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        return self._observation.copy(), reward, terminated, truncated, info

    def _advance(self, action: Any) -> tuple[float, bool, bool, bool]:
        """:meth:`step`, leaving the observation and mask in their buffers: the reward,
        whether the episode terminated or was truncated, and whether ``action`` was illegal."""
        if self._done:
            raise CardgamesError("the episode has ended: call reset() first")
        index = action_index(action, self.table.actions)
        if not self._mask[index]:
            self._done = True
            self._mask[:] = False
            return self.illegal_reward, True, False, True
        self._state = self.table.play(self._state, index)
        self._decisions += 1
        self._play_bots()
        self._encode()
        if self.render_mode == "human":
            self.render()
        terminated = self._terminated()
        return self._reward(), terminated, self._done and not terminated, False

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
        table, state = self.table, self._state
        self._flat[:] = table.observation_array(state, self.seat)
        mask = self._mask
        mask[:] = False
        if not self._done:
            mask[list(table.mask_actions(state, self.seat))] = True

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.astype(np.int8)}

    def _terminated(self) -> bool:
        return bool(self.table.game.is_over(self._state))

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


class CardgamesVectorEnv(gymnasium.vector.VectorEnv["np.ndarray[Any, Any]", Any, Any]):
    """``num_envs`` games of one learner's seat, stepped together in one call and in this
    process: what :func:`vector_env` makes. See :func:`vector_env` for what it returns."""

    def __init__(
        self,
        game: Any,
        num_envs: int,
        config: Any = None,
        opponents: Opponents = "random",
        *,
        seat: int = 0,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        max_decisions: int | None = None,
        illegal_reward: float = ILLEGAL_REWARD,
    ) -> None:
        self.num_envs = check_int("num_envs", num_envs, 1, MAX_ENVS)
        modes = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)
        found = next((m for m in modes if autoreset_mode in (m, m.value)), None)
        if found is None:
            raise InvalidConfigError("autoreset_mode must be NEXT_STEP or SAME_STEP")
        self.autoreset_mode = found
        self.envs = [
            CardgamesEnv(
                game,
                config,
                opponents,
                seat=seat,
                max_decisions=max_decisions,
                illegal_reward=illegal_reward,
            )
            for _ in range(self.num_envs)
        ]
        first = self.envs[0]
        table = first.table
        self.metadata = {"autoreset_mode": self.autoreset_mode}
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        n = self.num_envs
        self._observations = np.zeros((n, *table.shape), dtype=np.float32)
        self._masks = np.zeros((n, table.actions), dtype=bool)
        self._rewards = np.zeros(n, dtype=np.float64)
        self._terminations = np.zeros(n, dtype=bool)
        self._truncations = np.zeros(n, dtype=bool)
        #: The games that ended at the last step: reset at the next one (``NEXT_STEP``).
        self._ended = np.zeros(n, dtype=bool)
        self._started = False
        for i, env in enumerate(self.envs):
            # Each game writes its observation and mask straight into its row.
            env._observation = self._observations[i]
            env._flat = self._observations[i].reshape(-1)
            env._mask = self._masks[i]

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """Start every game: game ``i`` from ``seed + i`` for an int, from ``seed[i]`` for a
        list (one per game), each from its own generator for ``None``."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [
                None if seed is None else seed + i for i in range(self.num_envs)
            ]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise InvalidConfigError(f"seed must be an int or a list of {self.num_envs}")
        for env, its in zip(self.envs, seeds, strict=True):
            env._start(its)
        self._ended[:] = False
        self._started = True
        return self._observations.copy(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        np.ndarray[Any, Any],
        dict[str, Any],
    ]:
        """Play each game's action (one per game), and the bots' answers."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise InvalidConfigError(f"step takes one action per game: {self.num_envs} of them")
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        illegal = np.zeros(self.num_envs, dtype=bool)
        finals: list[tuple[int, np.ndarray[Any, Any], dict[str, Any]]] = []
        for i, env in enumerate(self.envs):
            if self._ended[i]:  # NEXT_STEP: the game that ended last step starts again
                env._start(None)
                self._rewards[i] = 0.0
                self._terminations[i] = self._truncations[i] = False
                self._ended[i] = False
                continue
            reward, terminated, truncated, wrong = env._advance(actions[i])
            self._rewards[i] = reward
            self._terminations[i] = terminated
            self._truncations[i] = truncated
            illegal[i] = wrong
            if terminated or truncated:
                if same_step:
                    finals.append((i, self._observations[i].copy(), {"illegal_action": wrong}))
                    env._start(None)
                else:
                    self._ended[i] = True
        infos = self._infos()
        infos["illegal_action"] = illegal
        if finals:
            final_obs = np.full(self.num_envs, None, dtype=object)
            final_info = np.full(self.num_envs, None, dtype=object)
            ended = np.zeros(self.num_envs, dtype=bool)
            for i, observation, info in finals:
                final_obs[i], final_info[i], ended[i] = observation, info, True
            infos.update(final_obs=final_obs, _final_obs=ended)
            infos.update(final_info=final_info, _final_info=ended.copy())
        return (
            self._observations.copy(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            infos,
        )

    def action_masks(self) -> np.ndarray[Any, Any]:
        """Which actions each game's learner may take now, a bool array of one row per game.
        A game that has just ended (``NEXT_STEP``) allows every action: its next action only
        starts it again, and no row is ever all ``False``."""
        masks = self._masks.copy()
        masks[self._ended] = True
        return masks

    def _infos(self) -> dict[str, Any]:
        masks = self.action_masks().astype(np.int8)
        return {"action_mask": masks, "_action_mask": np.ones(self.num_envs, dtype=bool)}


def vector_env(
    game: Any,
    num_envs: int,
    config: Any = None,
    opponents: Opponents = "random",
    *,
    seat: int = 0,
    autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
    max_decisions: int | None = None,
    illegal_reward: float = ILLEGAL_REWARD,
) -> CardgamesVectorEnv:
    """A Gymnasium ``VectorEnv`` of ``num_envs`` games in which a learner plays ``seat`` of
    ``game`` against ``opponents`` (as :func:`env`, whose arguments it takes), stepped in one
    call in this process: no subprocess per game, and the observations, masks, rewards and
    flags come stacked in numpy arrays (one row per game), written in place.

    ``autoreset_mode`` is Gymnasium's: with ``NEXT_STEP`` (the default) a game that ends
    returns its last observation, and the next step starts it again, ignoring that game's
    action (reward 0); its mask meanwhile allows every action, so a policy never meets an
    all-``False`` mask. With ``SAME_STEP`` the game starts again in the step that ended it:
    the observation and mask returned are the new game's, the reward and flags the old one's,
    and ``infos["final_obs"]`` holds the last observation of each game that ended. The masks
    are ``infos["action_mask"]`` (``int8``) and :meth:`CardgamesVectorEnv.action_masks`
    (``bool``).
    """
    return CardgamesVectorEnv(
        game,
        num_envs,
        config,
        opponents,
        seat=seat,
        autoreset_mode=autoreset_mode,
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
