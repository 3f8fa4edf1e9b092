"""Every game as a PettingZoo ``AECEnv``, in the convention of PettingZoo's classic games.

>>> from cardgames.interop import pettingzoo
>>> env = pettingzoo.env("lerally")
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> sorted(observation), observation["action_mask"].dtype.name
(['action_mask', 'observation'], 'int8')

The agents are ``player_0`` to ``player_<n-1>``, seat 0 first. Each agent observes a dict:
``"observation"``, the game's ``observation`` of its view (a ``float32`` array of the game's
``observation_shape``), and ``"action_mask"``, the game's ``action_mask`` of its view (an
``int8`` array of ``num_actions`` entries, all 0 for an agent whose turn it is not). An action is
an index of the game's action space (``action_to_move``). Rewards are 0 until the game ends,
then, as ``rewards`` says:

- ``"win-loss"`` (the default for two players, as in PettingZoo's classic games): +1 for a
  winner, -1 for a loser, 0 for everybody in a draw (a game that every player loses gives
  all of them -1);
- ``"returns"`` (the default for more players): the outcome's return, 1.0 for a winner, 0.0
  for a loser, shares of 1.0 in a draw.

An illegal action ends the episode, as in PettingZoo's classic games: the agent that took it
gets -1 and the others 0.

The observation space is a ``Box`` bounded by ``[0, 1]`` for the games whose every observation
lies there (Le Rally, AlakaSLAM), and without bounds for the others: Alethi's coordinates grow
with a field that has no edges, and Alakazum!'s counts and points have no bound the game
promises.

Render modes: ``"ansi"``, where ``render()`` returns the game's text table, and ``"human"``,
where the table is printed to standard output after every reset and step (``render()`` prints
it too and returns ``None``). ``render()`` before the first reset raises Gymnasium's
``ResetNeeded``.

``reset(seed=s)`` starts the game ``new_game(config, seed=s)``, so an episode can be replayed
with the library; a reset without a seed draws the next game's seed from a generator seeded by
the last seed given (or by the system before any). A game that has not ended after
``max_decisions`` decisions (by default the game's own bound, which no game reaches) ends by
truncation, with rewards of 0.

Needs the extra ``cardgames[rl]``.
"""

from __future__ import annotations

import random
from typing import Any, Final

from cardgames.interop._common import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import AgentSelector, wrappers
except ImportError as exc:  # the extra is not installed
    raise ImportError(missing_extra(__name__, "rl")) from exc

from cardgames._match import check_int
from cardgames._surface import public_dir
from cardgames.errors import InvalidConfigError
from cardgames.interop._common import (
    SEED_LIMIT,
    Table,
    action_index,
    make_table,
    observation_bounds,
    reward_scheme,
    scheme_rewards,
)
from cardgames.rng import check_seed

__all__ = ["ILLEGAL_REWARD", "CardgamesAECEnv", "env", "raw_env"]

#: What an agent that takes an illegal action gets, the episode ending there.
ILLEGAL_REWARD: Final = -1.0

#: What an agent observes: its encoded view and its action mask, by name.
Observation = dict[str, Any]


class CardgamesAECEnv(AECEnv[str, Observation, Any]):
    """One game of ``cardgames`` as an unwrapped PettingZoo ``AECEnv``; :func:`env` wraps it
    the way PettingZoo's classic games are wrapped, which is what most users want."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "cardgames_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Any,
        config: Any = None,
        render_mode: str | None = None,
        *,
        max_decisions: int | None = None,
        rewards: str | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        table = make_table(game, config)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidConfigError("render_mode must be None, 'ansi' or 'human'")
        self.table: Table = table
        #: How the end of a game is rewarded: ``"win-loss"`` or ``"returns"``.
        self.reward_scheme: str = reward_scheme(table, rewards)
        self.render_mode = render_mode
        self.max_decisions: int = (
            table.limit if max_decisions is None else check_int("max_decisions", max_decisions, 1)
        )
        self.metadata = {**self.metadata, "name": f"cardgames_{table.game.name}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(table.players)]
        self._seats = {agent: p for p, agent in enumerate(self.possible_agents)}
        low, high = observation_bounds(table)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=low, high=high, shape=table.shape, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(table.actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(table.actions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self._state: Any = None
        self._decisions = 0
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions (the same object every time)."""
        return self.action_spaces[agent]

    @property
    def state_of_game(self) -> Any:
        """The library's state of the game being played (``None`` before the first reset)."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: ``new_game(config, seed=seed)``, or the next seed drawn when
        ``seed`` is ``None``."""
        if seed is not None:
            check_seed(seed)
            self._rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._rng.randrange(SEED_LIMIT)
        self._state = self.table.new_game(game_seed)
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._selector = AgentSelector(self.agents)
        self._select_mover()
        if self.render_mode == "human":
            self.render()

    def _select_mover(self) -> None:
        player = self.table.game.current_player(self._state)
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation of the game now: its encoded view and its action mask."""
        table, seat = self.table, self._seats[agent]
        mask = np.zeros(table.actions, dtype=np.int8)
        mask[list(table.mask_actions(self._state, seat))] = 1
        observation = table.observation_array(self._state, seat).astype(np.float32)
        return {"observation": observation.reshape(table.shape), "action_mask": mask}

    def step(self, action: Any) -> None:
        """The agent selected takes ``action``; an agent whose episode has ended steps with
        ``None`` to leave. An action that is not legal raises ``IllegalMoveError`` here (the
        wrapped :func:`env` ends the episode instead)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        after = table.play(self._state, action_index(action, table.actions))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._state = after
        self._decisions += 1
        ends = scheme_rewards(table.game.outcome(self._state), self.reward_scheme)
        if ends is not None:
            self.rewards = dict(zip(self.agents, ends, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select_mover()
        if self.render_mode == "human":
            self.render()

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

    def close(self) -> None:
        """Nothing to release: the game is plain Python data."""


def raw_env(
    game: Any,
    config: Any = None,
    render_mode: str | None = None,
    *,
    max_decisions: int | None = None,
    rewards: str | None = None,
) -> CardgamesAECEnv:
    """The unwrapped environment: illegal actions raise ``IllegalMoveError``."""
    return CardgamesAECEnv(game, config, render_mode, max_decisions=max_decisions, rewards=rewards)


def env(
    game: Any,
    config: Any = None,
    render_mode: str | None = None,
    *,
    max_decisions: int | None = None,
    rewards: str | None = None,
) -> AECEnv[str, Observation, Any]:
    """A PettingZoo ``AECEnv`` of ``game`` (a game or its registry name) with ``config`` (a
    config, a preset name, or ``None`` for the default).

    Wrapped like PettingZoo's classic games: an illegal action ends the episode with
    :data:`ILLEGAL_REWARD` for its agent, an action out of the space fails an assertion, and
    calls out of order are refused. ``rewards`` is ``"win-loss"`` (+1 / -1 / 0, the default
    for two players) or ``"returns"`` (the outcome's 0 to 1 returns, the default for more).
    Bad arguments raise the library's errors.
    """
    wrapped: Any = raw_env(game, config, render_mode, max_decisions=max_decisions, rewards=rewards)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    result: AECEnv[str, Observation, Any] = wrappers.OrderEnforcingWrapper(wrapped)
    return result


__dir__ = public_dir(__all__)
