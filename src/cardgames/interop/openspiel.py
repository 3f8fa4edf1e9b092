"""Every game registered with OpenSpiel: ``import cardgames.interop.openspiel``, then
``pyspiel.load_game("python_cardgames_<game>")``.

>>> import pyspiel
>>> import cardgames.interop.openspiel
>>> game = pyspiel.load_game("python_cardgames_lerally(preset=default,seeds=10)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 10)

Importing the module registers one Python game per game of the registry (:data:`GAME_NAMES`),
with three parameters: ``preset``, the name of one of the game's presets (``"default"`` unless
given), ``config``, a whole config instead (see **Parameters**), and ``seeds``, the number of
deals (:data:`DEFAULT_SEEDS` unless given).

**Chance.** Every chance event of a game comes from the seed it is started with, so the one
chance node of these games is the first: its outcomes are the seeds ``0`` to ``seeds - 1``, each
as likely, and outcome ``k`` is the library's ``new_game(config, seed=k)``. After it, the game is
deterministic: the shuffles and draws of later deals are fixed by the seed, hidden from the
players as the library hides them. The OpenSpiel game is thus the library's game restricted to
``seeds`` deals, which is what algorithms that walk the chance node can afford.

**Players, actions and returns.** OpenSpiel's players are the library's players, actions the
game's action space (``num_actions``, ``action_to_move``, ``move_to_action``) and the returns
the outcome's (1.0 for a winner, 0.0 for a loser, shares of 1.0 in a draw). Where every game of
a preset ends with returns of one sum, the game is declared ``CONSTANT_SUM`` with that
``utility_sum`` (:func:`utility_sum`), so OpenSpiel's ``exploitability`` and ``nash_conv``
accept its two-player presets: Alethi (1), Le Rally (1, or 2 in doubles: both players of the
winning side get 1.0) and AlakaSLAM in singles (1). AlakaSLAM in doubles (a win gives 2, a draw
1) and Alakazum! (every player may lose) are ``GENERAL_SUM``. The registered game type says
what holds for every preset; a loaded game's ``get_type()`` says it for its own.

**Information.** Everything a player observes is its view (``view(state, player)``), which by
the library's contract holds all the player may know. The observation is the view now: its
string is the game's ``render`` of it, its tensor the game's ``observation``. The information
state is everything the player has known on the way, with perfect recall: its string is a
SHA-256 digest of the player's view at every position since the deal and of each move it made
(``"player 0, history 5098..."``), so two positions share one exactly when the player saw the
same views and made the same moves to reach them. There is no information state tensor, since
no fixed-size array holds a whole history. :meth:`CardgamesState.resample_from_infostate`
deals the hidden cards anew with the game's ``resample``, keeping the player's history, which
is what OpenSpiel's ISMCTS asks of a state.

**Parameters.** ``preset`` names one of the game's presets; ``config`` takes a whole config
instead, as the library's JSON (``cardgames.to_json(config)``) or that JSON in URL-safe
base64, which is how the game's name carries it (OpenSpiel's game strings cannot hold JSON).
Each two-player game has a ``tiny`` preset for game theory, on which CFR and
``exploitability`` run in seconds with a few deals (``seeds=2``). Games and states pickle,
and a state serializes to the library's record of its game (never a pickle).

**Alethi is perfect information once dealt.** Its views hide nothing the state holds but the
generator, which no move draws from after the deal, so either player's view decides all of the
game's play from there. It is still declared ``IMPERFECT_INFORMATION``: OpenSpiel's perfect
information means that every player observes every chance outcome, and the chance outcome here,
the seed, is never shown (only the deal it makes); the algorithms that ask for perfect
information (``minimax``, ``value_iteration``, the minimax solver) also ask for zero-sum returns
and, for alpha-beta, no chance at all, which these games do not give; and ISMCTS refuses a game
declared perfect information. What works on information states (CFR, best responses,
``exploitability``) treats a perfect-information game declared imperfect exactly, each
information state being one position, and ``expectiminimax`` and MCTS walk the states
whatever the declaration.

Needs the extra ``cardgames[openspiel]``.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Mapping
from typing import Any, Final

from cardgames.interop._common import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # the extra is not installed
    raise ImportError(missing_extra(__name__, "openspiel")) from exc

from cardgames._match import check_int
from cardgames._surface import public_dir
from cardgames.errors import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidStateError,
    SerializationError,
)
from cardgames.game import Game
from cardgames.interop._common import SEED_LIMIT, Table, make_table
from cardgames.record import GameRecord
from cardgames.registry import loadable_games
from cardgames.serialization import from_json, to_json

__all__ = [
    "DEFAULT_SEEDS",
    "GAME_NAMES",
    "MAX_SEEDS",
    "CardgamesGame",
    "CardgamesObserver",
    "CardgamesState",
    "short_name",
    "utility_sum",
]

#: How many deals the chance node offers unless the ``seeds`` parameter says otherwise.
DEFAULT_SEEDS: Final = 1000
#: The most deals the ``seeds`` parameter may ask for.
MAX_SEEDS: Final = 1_000_000


def short_name(game: str) -> str:
    """The name OpenSpiel knows the game ``game`` by: ``python_cardgames_<game>``."""
    return f"python_cardgames_{game}"


class _Position:
    """The table and where its game stands (``state`` is ``None`` before the deal), with the
    position it came from, the move that led here and the seed it was dealt from (``seed`` is
    ``None`` for a state dealt anew by :meth:`CardgamesState.resample_from_infostate`, which
    has no game of its own to serialize).

    Immutable, but for what it works out once and keeps: the player to move, the legal moves
    by action and each player's history. OpenSpiel clones a Python state by deep-copying its
    attributes, and a position is shared by the clones instead, as the library's states are.
    """

    __slots__ = ("_actions", "_histories", "move", "parent", "player", "seed", "state", "table")

    def __init__(
        self,
        table: Table,
        state: Any,
        seed: int | None = None,
        parent: _Position | None = None,
        move: Any = None,
    ) -> None:
        self.table = table
        self.state = state
        self.seed = seed
        self.parent = parent
        self.move = move
        if state is None:
            self.player = int(pyspiel.PlayerId.CHANCE)
        else:
            player = table.game.current_player(state)
            self.player = int(pyspiel.PlayerId.TERMINAL) if player is None else int(player)
        self._actions: Mapping[int, Any] | None = None
        self._histories: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as the chain of states and moves from its first position, flat: a long
        game's chain is deeper than pickle's recursion allows."""
        chain = []
        position: _Position | None = self
        while position is not None:
            chain.append(position)
            position = position.parent
        chain.reverse()
        root = chain[0]
        steps = [(p.state, p.move) for p in chain[1:]]
        return _chained, (self.table, root.state, root.seed, dict(root._histories), steps)

    def actions(self) -> Mapping[int, Any]:
        """The legal moves of the player to move, by action (none at the chance node and
        once the game is over)."""
        found = self._actions
        if found is None:
            state = self.state
            found = {} if state is None else self.table.game.legal_actions(state)
            self._actions = found
        return found

    def moves(self) -> list[Any]:
        """The moves played since the deal, in order."""
        moves = []
        position: _Position | None = self
        while position is not None and position.parent is not None:
            moves.append(position.move)
            position = position.parent
        moves.reverse()
        return moves

    def history(self, player: int) -> str:
        """A digest of everything ``player`` has known, in order, from the deal to here: its
        view at every position and each move it made (SHA-256 over the views' JSON and the
        moves' notation, chained from one position to the next). Two positions share it only
        if the player saw the same views and made the same moves on the way to them: what
        OpenSpiel calls perfect recall."""
        trail = []
        position: _Position | None = self
        while position is not None and player not in position._histories:
            trail.append(position)
            position = position.parent
        digest = "" if position is None else position._histories[player]
        game = self.table.game
        for step in reversed(trail):
            hashed = hashlib.sha256(digest.encode())
            parent = step.parent
            if parent is not None and parent.player == player:
                hashed.update(b"\x01" + str(game.format_move(step.move)).encode())
            if step.state is not None:
                hashed.update(b"\x00" + to_json(game.view(step.state, player)).encode())
            digest = hashed.hexdigest()
            step._histories[player] = digest
        return digest


def _chained(
    table: Table,
    state: Any,
    seed: int | None,
    histories: dict[int, str],
    steps: list[tuple[Any, Any]],
) -> _Position:
    """The position that :meth:`_Position.__reduce__` pickled."""
    position = _Position(table, state, seed)
    position._histories.update(histories)
    for after, move in steps:
        position = _Position(table, after, seed, position, move)
    return position


class CardgamesGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the library with one preset, as an OpenSpiel game."""

    #: The game type this class was registered with (each game has a subclass of its own).
    game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.table: Table = self._make_table(params)
        self.seeds: int = check_int("seeds", params.get("seeds", DEFAULT_SEEDS), 1, MAX_SEEDS)
        table = self.table
        total = utility_sum(table.game, table.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.actions,
            max_chance_outcomes=self.seeds,
            num_players=table.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=total,
            max_game_length=table.limit + 1,
        )
        # The registered type says what holds for every preset; this game's, for its own.
        super().__init__(_game_type(table.game, constant_sum=total is not None), info, params)

    def _make_table(self, params: dict[str, Any]) -> Table:
        """The table of the game this class was registered for, with the config ``params``
        give: a whole config as the library's JSON (``config``), or else a preset's name
        (``preset``)."""
        name = self.game_type.short_name.removeprefix("python_cardgames_")
        preset = params.get("preset", "default")
        if not isinstance(preset, str):
            raise InvalidConfigError("the preset parameter is a preset's name")
        config = params.get("config", "")
        if not isinstance(config, str):
            raise InvalidConfigError("the config parameter is a config as JSON text")
        if not config:
            return make_table(name, preset)
        if preset != "default":
            raise InvalidConfigError("give the config or a preset, not both")
        if not config.startswith("{"):
            config = _unpacked(config)
        game = loadable_games()[name]
        table = make_table(game, from_json(config, game.config_type))
        # OpenSpiel writes a game's parameters into its name, which cannot hold JSON's commas
        # and brackets: the name carries the config as URL-safe base64 of its JSON.
        packed = base64.urlsafe_b64encode(to_json(table.config).encode()).decode()
        params["config"] = packed.rstrip("=")
        return table

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its name with its parameters: ``pyspiel.load_game`` makes it again."""
        return pyspiel.load_game, (str(self),)

    def new_initial_state(self) -> CardgamesState:
        """The chance node that deals: one outcome per seed."""
        return CardgamesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardgamesObserver:
        """The observer of a player's view: for the information state (``perfect_recall``)
        and for the observation alike."""
        if params:
            raise InvalidConfigError("these games' observers take no parameters")
        return CardgamesObserver(self.table, iig_obs_type)

    def deserialize_state(self, text: str | bytes) -> CardgamesState:
        """The state that :meth:`CardgamesState.serialize` wrote as ``text``, with the same
        history: the chance node for the empty text, else the game of the record it holds,
        played again action by action.

        ``SerializationError`` for a text that is not such a record (the record's own checks
        first: :meth:`GameRecord.from_json <cardgames.GameRecord.from_json>`), or a record of
        another game, another config or a seed that is not one of this game's deals. Nothing
        in the text is ever unpickled.
        """
        state = self.new_initial_state()
        if text in ("", b""):
            return state
        record = GameRecord.from_json(text)
        table = self.table
        if record.game != table.game.name or record.config != table.config:
            raise SerializationError(
                f"$: the record is not of this game ({table.game.name} with its preset's config)"
            )
        if not 0 <= record.seed < self.seeds:
            raise SerializationError(f"$.data.seed: not one of the {self.seeds} deals of this game")
        state.apply_action(record.seed)
        encode = table.game.move_to_action
        for before, move in zip(record.states(), record.moves, strict=False):
            state.apply_action(encode(before, move))
        return state


def _unpacked(text: str) -> str:
    """The JSON that ``text``, URL-safe base64 (its padding left out or not), encodes;
    ``InvalidConfigError`` if none."""
    try:
        padded = text + "=" * (-len(text) % 4)
        return base64.urlsafe_b64decode(padded.encode("ascii")).decode()
    except (ValueError, UnicodeError):
        raise InvalidConfigError(
            "the config parameter is a config's JSON, or that JSON in URL-safe base64"
        ) from None


class CardgamesState(pyspiel.State):  # type: ignore[misc]
    """A state of an OpenSpiel game of the library: the chance node that picks the seed, then
    the library's states."""

    def __init__(self, game: CardgamesGame) -> None:
        super().__init__(game)
        self._seeds = game.seeds
        self._position = _Position(game.table, None)

    @property
    def game_state(self) -> Any:
        """The library's state (``None`` at the chance node)."""
        return self._position.state

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` before the deal, ``TERMINAL`` once over."""
        return self._position.player

    def _legal_actions(self, player: int) -> list[int]:
        """The legal actions of ``player`` (the player to move), in increasing order."""
        position = self._position
        if player != position.player:
            return []
        return list(position.actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds, each as likely."""
        chance = 1.0 / self._seeds
        return [(seed, chance) for seed in range(self._seeds)]

    def _apply_action(self, action: int) -> None:
        """Deal from the seed ``action``, or play the move that ``action`` encodes.

        ``IllegalMoveError`` for a seed that is not one of the chance node's outcomes, or an
        action that is not legal here; the state is then unchanged.
        """
        position = self._position
        table, state = position.table, position.state
        if state is None:
            if type(action) is not int or not 0 <= action < self._seeds:
                raise IllegalMoveError(f"a deal is one of the seeds 0 to {self._seeds - 1}")
            self._position = _Position(table, table.new_game(action), action)
            return
        move = position.actions().get(action)
        if move is None:
            raise IllegalMoveError("that action is not a legal move now")
        after = table.game.apply_move(state, move)
        self._position = _Position(table, after, position.seed, position, move)

    def _action_to_string(self, player: int, action: int) -> str:
        """The seed of a deal, or the move in the game's notation."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        position = self._position
        move = position.actions().get(action) if player == position.player else None
        if move is not None:
            return str(position.table.game.format_move(move))
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        state = self._position.state
        return state is not None and bool(self._position.table.game.is_over(state))

    def returns(self) -> list[float]:
        """The outcome's returns once the game is over, zeros before."""
        table, state = self._position.table, self._position.state
        return [0.0] * table.players if state is None else list(table.returns(state))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CardgamesState:
        """A state that ``player_id`` cannot tell from this one: the game's ``resample`` of
        its view, seeded from ``probability_sampler`` (a uniform number in ``[0, 1)``). The
        clone keeps this state's history of actions, which the hidden cards it deals anew
        need not follow: it is for search, not for serializing."""
        clone: CardgamesState = self.clone()
        position = self._position
        table, state = position.table, position.state
        if state is not None:
            seed = int(probability_sampler() * SEED_LIMIT) % SEED_LIMIT
            view = table.game.view(state, player_id)
            dealt = _Position(table, table.game.resample(view, seed=seed))
            # The player cannot tell the two apart, so its history goes with the new deal.
            dealt._histories[player_id] = position.history(player_id)
            clone._position = dealt
        return clone

    def serialize(self) -> str:
        """The state as the library's JSON: the empty text at the chance node, else the
        :class:`~cardgames.GameRecord` of the game so far (its config, seed and moves, with
        the outcome once it is over). :meth:`CardgamesGame.deserialize_state` reads it back.

        ``InvalidStateError`` for a state dealt anew by :meth:`resample_from_infostate`,
        whose hidden cards no seed and moves of its own account for.
        """
        position = self._position
        table, state = position.table, position.state
        if state is None:
            return ""
        if position.seed is None:
            raise InvalidStateError("a state dealt anew for search has no game to serialize")
        record = GameRecord(
            game=table.game.name,
            config=table.config,
            seed=position.seed,
            moves=tuple(position.moves()),
            outcome=table.game.outcome(state),
        )
        return record.to_json()

    def __str__(self) -> str:
        """The game's ``render`` of the whole table."""
        if self._position.state is None:
            return f"deal: one of {self._seeds} seeds"
        return str(self._position.table.game.render(self._position.state))


class CardgamesObserver:
    """An OpenSpiel observer (the ``PyObserver`` protocol) of a player's view: its
    observation (the view now), or with ``perfect_recall`` its information state (every view
    it has had and every move it has made, as a digest)."""

    def __init__(self, table: Table, iig_obs_type: Any = None) -> None:
        self.table = table
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        # An information state has no tensor: no fixed-size array holds a whole history.
        self.tensor = np.zeros(0 if self.perfect_recall else table.size, np.float32)
        self.dict = {} if self.perfect_recall else {"observation": self.tensor.reshape(table.shape)}

    def set_from(self, state: CardgamesState, player: int) -> None:
        """Fill :attr:`tensor` with the game's ``observation`` of ``player``'s view (zeros at
        the chance node)."""
        if self.perfect_recall:
            return
        game_state = state.game_state
        if game_state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.table.observation_array(game_state, player)

    def string_from(self, state: CardgamesState, player: int) -> str:
        """``player``'s information state (the digest of its history, see
        :meth:`_Position.history`) or its observation (the game's ``render`` of its view)."""
        position = state._position
        if position.state is None:
            return f"player {player}: before the deal"
        if self.perfect_recall:
            return f"player {player}, history {position.history(player)}"
        return str(self.table.game.render(self.table.game.view(position.state, player)))


#: The returns of every game that ends sum to one number, given by the config, in these games
#: (the others, and a config for which this gives ``None``, are general-sum):
#:
#: - Alethi: one player wins (1 + 0) or the two draw (0.5 + 0.5);
#: - Le Rally: one side wins, never a draw: 1, or 2 for the two players of a doubles side;
#: - AlakaSLAM in singles: one player wins or the two draw. In doubles a side's win gives 2 and a
#:   draw 1 (a draw shares 1.0 among all four players), so doubles is general-sum;
#: - Alakazum!: every player loses when no one casts Alakazum in time, so it is general-sum.
_UTILITY_SUMS: Final[dict[str, Callable[[Any], float | None]]] = {
    "alethi": lambda config: 1.0,
    "lerally": lambda config: 2.0 if config.doubles else 1.0,
    "alakaslam": lambda config: 1.0 if config.players == 2 else None,
}


def utility_sum(game: Game[Any, Any, Any, Any], config: Any) -> float | None:
    """What the returns of every game of ``game`` with ``config`` sum to, or ``None`` if they
    do not always sum to one number (the game is then declared general-sum)."""
    rule = _UTILITY_SUMS.get(game.name)
    return None if rule is None else rule(config)


def _game_type(game: Game[Any, Any, Any, Any], *, constant_sum: bool | None = None) -> Any:
    """The OpenSpiel game type of ``game``: its player counts over every preset, constant-sum
    if ``constant_sum`` says so (by default, if every preset is)."""
    counts = [game.num_players(config) for config in game.presets.values()]
    if constant_sum is None:
        constant_sum = all(utility_sum(game, c) is not None for c in game.presets.values())
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"cardgames {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM
        if constant_sum
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "default", "seeds": DEFAULT_SEEDS, "config": ""},
    )


def _register() -> tuple[str, ...]:
    """Register every game of the registry that OpenSpiel does not know yet.

    A game that does not load (a broken plug-in) is left out, as is one whose presets cannot
    be described to OpenSpiel: asking the registry for it by name says what is wrong.
    """
    known = set(pyspiel.registered_names())
    names = []
    for name, game in loadable_games().items():
        try:
            game_type = _game_type(game)
        except Exception:  # another distribution's game, broken past loading: skip it alone
            continue
        if game_type.short_name not in known:
            # Bound in this module under its own name, so that pickle finds the class.
            title = f"{name.title()}Game"
            made = type(
                title,
                (CardgamesGame,),
                {"game_type": game_type, "__module__": __name__, "__qualname__": title},
            )
            globals()[title] = made
            pyspiel.register_game(game_type, made)
        names.append(name)
    return tuple(names)


#: The games registered with OpenSpiel, by their names in the library's registry (every game
#: that loads).
GAME_NAMES: Final = _register()


__dir__ = public_dir(__all__)
