"""What the adapters share: finding the game and its config, the encoded table of one game, and
the message of a missing extra.

Nothing here imports numpy or any of the libraries the adapters serve, so the adapters can
check for their extra before they lean on this module.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from cardgames._match import bot_rng, check_bots, config_of, resolve_game
from cardgames.bots import RandomBot, make_bot
from cardgames.errors import IllegalMoveError, InvalidConfigError, UnknownNameError
from cardgames.game import Bot, Game, Outcome

__all__ = [
    "REWARD_SCHEMES",
    "SEED_LIMIT",
    "Table",
    "action_index",
    "bot_generators",
    "check_seat",
    "make_table",
    "missing_extra",
    "observation_bounds",
    "opponent_bots",
    "reward_scheme",
    "scheme_rewards",
]

#: The game seeds an adapter draws from its own generator lie in ``range(SEED_LIMIT)``: what
#: numpy's generators give as one integer.
SEED_LIMIT: Final = 2**63

#: The ways the end of a game can be rewarded: +1 / -1 / 0, or the outcome's returns.
REWARD_SCHEMES: Final = ("win-loss", "returns")

#: The range of every number in the observations of these games, as their encodings promise:
#: Le Rally and AlakaSLAM scale every count by a bound their config gives. Alethi's coordinates
#: grow with a field that has no edges, and Alakazum!'s counts and points have no promised
#: bound, so theirs are unbounded.
_OBSERVATION_BOUNDS: Final = {"lerally": (0.0, 1.0), "alakaslam": (0.0, 1.0)}


def missing_extra(module: str, extra: str) -> str:
    """The message of the ``ImportError`` raised by an adapter whose extra is not installed."""
    return f"{module} needs the optional extra {extra!r}: pip install 'cardgames[{extra}]'"


def action_index(action: object, actions: int) -> int:
    """``action`` as a plain int, once it is an integer (numpy's included, a bool not) from 0
    to ``actions - 1``; ``IllegalMoveError`` otherwise."""
    if isinstance(action, bool):
        raise IllegalMoveError("an action is an integer, not a bool")
    try:
        index = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalMoveError("an action is an integer of the action space") from None
    if not 0 <= index < actions:
        raise IllegalMoveError(f"an action is an integer from 0 to {actions - 1}")
    return index


class Table:
    """One game with one config, seen through its encodings: what every adapter asks of it.

    The numbers (players, actions, observation shape, the cap on decisions) are worked out
    once, here; the methods take a full state, since an adapter plays the whole table. The
    legal actions of the last state asked about are kept (states are immutable, so the very
    state asked about again has the same ones): an adapter asks for them to list, to mask and
    to play one, and each pass over the legal moves is done once per state.
    """

    __slots__ = (
        "_last",
        "_scratch",
        "actions",
        "config",
        "game",
        "limit",
        "players",
        "shape",
        "size",
    )

    def __init__(self, game: Game[Any, Any, Any, Any], config: Any) -> None:
        self.game = game
        self.config = config
        self.players: int = game.num_players(config)
        self.actions: int = game.num_actions(config)
        self.shape: tuple[int, ...] = tuple(game.observation_shape(config))
        size = 1
        for extent in self.shape:
            size *= extent
        self.size = size
        #: The most decisions a game with this config can take: the adapters' safety cap.
        self.limit: int = game.max_decisions(config)
        #: The last state asked about, and the legal moves of its player to move by action.
        self._last: tuple[Any, Mapping[int, Any]] = (None, {})
        #: The buffer observations are written into, and a memoryview of it (made on first use).
        self._scratch: tuple[Any, memoryview] | None = None

    def __getstate__(self) -> dict[str, Any]:
        # A memoryview does not pickle: the copy makes its own buffer when it needs one.
        return {name: getattr(self, name) for name in self.__slots__ if name != "_scratch"}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        self._scratch = None

    def new_game(self, seed: int) -> Any:
        """A fresh game from ``seed``."""
        return self.game.new_game(self.config, seed=seed)

    def moves_by_action(self, state: Any) -> Mapping[int, Any]:
        """The legal moves of the player to move in ``state`` by action, in increasing order
        (none once the game is over)."""
        last, found = self._last
        if last is not state:
            found = self.game.legal_actions(state)
            self._last = (state, found)
        return found

    def observation(self, state: Any, player: int) -> Sequence[float]:
        """The encoded view of ``player`` (``observation(view(state, player))``)."""
        return self.game.observe(state, player)

    def observation_array(self, state: Any, player: int) -> Any:
        """The encoded view of ``player`` as a flat numpy array of float64, written by the
        game straight into the table's own buffer (``observe_into``): valid until the next
        call, so copy it (into an environment's buffer, as a new array)."""
        scratch = self._scratch
        if scratch is None:
            import numpy as np  # every adapter has numpy: the rl extra brings it

            buffer = np.zeros(self.size)
            scratch = self._scratch = (buffer, buffer.data)
        buffer, view = scratch
        buffer.fill(0.0)
        self.game.observe_into(state, player, view)
        return buffer

    def mask_actions(self, state: Any, player: int) -> Iterable[int]:
        """The actions ``player`` may take now: none when it is not that player's turn."""
        if self.game.current_player(state) != player:
            return ()
        return self.moves_by_action(state).keys()

    def legal_actions(self, state: Any) -> list[int]:
        """The actions of the player to move, in increasing order."""
        return list(self.moves_by_action(state))

    def play(self, state: Any, action: int) -> Any:
        """The state after the player to move takes ``action`` (``IllegalMoveError`` if it may
        not)."""
        move = self.moves_by_action(state).get(action)
        if move is None:
            raise IllegalMoveError("that action is not a legal move now")
        return self.game.apply_move(state, move)

    def returns(self, state: Any) -> tuple[float, ...]:
        """The outcome's returns once the game is over, zeros before."""
        outcome = self.game.outcome(state)
        return outcome.returns if outcome is not None else (0.0,) * self.players

    def bot_move(self, bot: Bot[Any, Any], state: Any, rng: random.Random) -> Any:
        """The state after ``bot`` moves for the player to move."""
        game = self.game
        player = game.current_player(state)
        if player is None:
            return state
        legal = game.legal_moves(state)
        # The random bot looks at the legal moves alone: its view is not made for it.
        view = None if type(bot) is RandomBot else game.view(state, player)
        return game.apply_move(state, bot.choose(view, legal, rng))


def observation_bounds(table: Table) -> tuple[float, float]:
    """The lowest and highest number an observation of ``table``'s game can hold
    (``-inf`` and ``inf`` for a game that promises no range)."""
    return _OBSERVATION_BOUNDS.get(table.game.name, (-float("inf"), float("inf")))


def reward_scheme(table: Table, rewards: object) -> str:
    """``rewards``, once it is one of :data:`REWARD_SCHEMES`; ``None`` gives ``"win-loss"``
    for two players and ``"returns"`` for more."""
    if rewards is None:
        return "win-loss" if table.players == 2 else "returns"
    if not isinstance(rewards, str) or rewards not in REWARD_SCHEMES:
        raise InvalidConfigError("rewards must be None, 'win-loss' or 'returns'")
    return rewards


def scheme_rewards(outcome: Outcome | None, scheme: str) -> tuple[float, ...] | None:
    """Each player's reward for a game that ended with ``outcome``: its return, or with
    ``"win-loss"`` +1 for a winner, 0 in a draw and -1 for a loser; ``None`` for no outcome."""
    if outcome is None:
        return None
    players = len(outcome.returns)
    if scheme == "returns":
        return outcome.returns
    if outcome.is_draw:
        return (0.0,) * players
    return tuple(1.0 if p in outcome.winners else -1.0 for p in range(players))


def make_table(game: object, config: object) -> Table:
    """The :class:`Table` of ``game`` (a game or its registry name) with ``config`` (a config of
    that game, one of its presets by name, or ``None`` for the default).

    ``UnknownNameError`` for a name no game or preset has, ``InvalidConfigError`` for anything
    else that is not a playable config of the game.
    """
    the_game = resolve_game(game)
    if isinstance(config, str):
        presets = the_game.presets
        if config not in presets:
            raise UnknownNameError(
                f"{the_game.name} has no preset of that name; its presets: {', '.join(presets)}"
            )
        config = presets[config]
    return Table(the_game, config_of(the_game, config))


def opponent_bots(
    table: Table, seat: int, opponents: Bot[Any, Any] | str | Sequence[Bot[Any, Any] | str]
) -> dict[int, Bot[Any, Any]]:
    """The bot of every seat but ``seat``: one bot or bot name for all of them, or a sequence
    with one entry per other seat, in seat order. Names are made with
    :func:`~cardgames.bots.make_bot`."""
    others = [p for p in range(table.players) if p != seat]
    if isinstance(opponents, str) or callable(getattr(opponents, "choose", None)):
        entries: tuple[Any, ...] = (opponents,) * len(others)
    elif isinstance(opponents, Sequence):
        entries = tuple(opponents)
    else:
        raise InvalidConfigError("opponents must be a bot, a bot name or a sequence of them")
    entries = check_bots(entries, len(others), table.game.name, names=True)
    return {
        p: make_bot(e, table.game) if isinstance(e, str) else e
        for p, e in zip(others, entries, strict=True)
    }


def check_seat(table: Table, seat: object) -> int:
    """``seat``, once it is a player number of the table."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
        raise InvalidConfigError(f"seat must be a player number from 0 to {table.players - 1}")
    return seat


def bot_generators(seed: int, seats: Sequence[int]) -> dict[int, random.Random]:
    """The generators of the bots in ``seats`` for the game played with ``seed``: the ones the
    arena would hand them."""
    return {p: bot_rng(seed, p) for p in seats}
