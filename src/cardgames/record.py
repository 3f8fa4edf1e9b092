"""Stored games: :class:`GameRecord` holds everything needed to replay a game exactly.

A record is checked against its own replay, because a record from elsewhere may be edited, cut
short or forged. :meth:`GameRecord.from_json` and :meth:`GameRecord.states` replay the game from
the recorded config and seed and refuse the record, with a :class:`~cardgames.RecordError`
naming the first point where record and replay part, unless:

- every move is legal where it is played, and there are no more moves than the game's bound on
  decisions;
- ``players`` names every seat of the config, or no seat at all (a record built by hand may
  leave the names out); in JSON, a name has at most ``MAX_PLAYER_NAME`` characters and no
  control characters;
- ``outcome`` is the outcome of the replayed final state: ``None`` exactly when the replayed
  game is not over;
- or, for a game that a player forfeited (``forfeit``, a :class:`Forfeit`), the replayed final
  state is not over, the forfeiting player is the player to move there, and ``outcome`` is the
  forfeit's (:meth:`Forfeit.outcome`).

The replay is made once per record: the states are kept (out of the record's value, so
equality, pickles, copies and JSON never see them) for :meth:`~GameRecord.states` to return.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Generic

import attrs
from typing_extensions import TypeVar

from cardgames._surface import public_dir
from cardgames.errors import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    InvalidStateError,
    RecordError,
    SerializationError,
    UnknownGameError,
    excerpt,
)
from cardgames.game import MAX_PLAYERS, Game, Outcome
from cardgames.registry import get_game
from cardgames.rng import SEED_BITS
from cardgames.serialization import (
    FORMAT_VERSION,
    brief,
    envelope,
    move_union,
    open_envelope,
    register_document,
    structure,
    unstructure,
)

__all__ = ["MAX_FORFEIT_REASON", "MAX_PLAYER_NAME", "Forfeit", "GameRecord", "RecordMoveError"]

#: The longest player name a record holds, in characters. Names are printed on every line of a
#: replay, so a record cannot make a replay print without end.
MAX_PLAYER_NAME = 100
#: The longest reason a forfeit gives, in characters: it is printed with the outcome.
MAX_FORFEIT_REASON = 200
# How much of an outcome's reason a message about a forged outcome shows.
_REASON_SHOWN = 80
# The longest list of players a record's repr spells out.
_PLAYERS_SHOWN = 60


class RecordMoveError(RecordError, IllegalMoveError):
    """A record whose move is not legal where it is played in the replay.

    It is both a :class:`~cardgames.RecordError` (the record is wrong) and an
    :class:`~cardgames.IllegalMoveError` (what replaying a bad record raised before records were
    checked), so code that catches either keeps working.
    """


def _name_problem(name: object) -> str | None:
    """Why ``name`` is not a player name a record can hold, or ``None`` if it is one."""
    if type(name) is not str:
        return f"expected a name, got {excerpt(name)}"
    if len(name) > MAX_PLAYER_NAME:
        return f"a name of {len(name)} characters, more than {MAX_PLAYER_NAME}"
    # Control characters (line breaks, terminal escapes) would garble a replay's output.
    if any(unicodedata.category(c) in ("Cc", "Cf") for c in name):
        return "a name with control characters"
    return None


def _text_problem(text: object, limit: int) -> str | None:
    """Why ``text`` is not a short line of text of at most ``limit`` characters, or ``None``."""
    if type(text) is not str:
        return f"expected text, got {excerpt(text)}"
    if len(text) > limit:
        return f"{len(text)} characters, more than {limit}"
    # Control characters (line breaks, terminal escapes) would garble a replay's output.
    if any(unicodedata.category(c) in ("Cc", "Cf") for c in text):
        return "text with control characters"
    return None


def _check_forfeiter(instance: Forfeit, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise InvalidStateError(
            f"a forfeit's player must be a player number below {MAX_PLAYERS}, not {excerpt(value)}"
        )


def _check_forfeit_reason(
    instance: Forfeit, attribute: attrs.Attribute[Any], value: object
) -> None:
    problem = _text_problem(value, MAX_FORFEIT_REASON)
    if problem is None and not str(value).strip():
        problem = "an empty reason"
    if problem is not None:
        raise InvalidStateError(f"a forfeit's reason must be a short line of text: {problem}")


@attrs.frozen
class Forfeit:
    """A game that ``player`` lost by breaking the match's rules rather than the game's: a bot
    that did not answer within its time, raised, or answered a move that is not legal.

    ``player`` is the player whose decision it was (the player to move in the game's last
    state) and ``reason`` says what happened in a few words, at most
    :data:`MAX_FORFEIT_REASON` characters without control characters (``InvalidStateError``
    otherwise). A record holds one as ``GameRecord.forfeit``; its outcome is
    :meth:`outcome`.

    >>> from cardgames import alethi
    >>> ended = Forfeit(1, "did not choose a move within 2 s").outcome(alethi.GAME, alethi.Config())
    >>> ended.winners, ended.reason
    (frozenset({0}), 'blue forfeits: did not choose a move within 2 s')
    """

    player: int = attrs.field(validator=_check_forfeiter)
    reason: str = attrs.field(validator=_check_forfeit_reason)

    def outcome(self, game: Game[Any, Any, Any, Any], config: Any) -> Outcome:
        """How a game of ``game`` with ``config`` ends when this forfeit ends it: the forfeiting
        player's side loses (in a game of teams, the player's partners with them) and every
        other player wins, 1.0 each; the reason names the seat as the game does.

        Teams are the config's ``teams`` (the players of each side, as AlakaSLAM's and Le
        Rally's configs give them); a config without them seats every player for themselves.
        ``InvalidConfigError`` for a config the game cannot play or a player it does not seat.
        """
        seats = game.seat_names(config)
        if self.player >= len(seats):
            raise InvalidConfigError(
                f"a forfeit of player {self.player} in a game of {len(seats)} players"
            )
        losers = _side(config, self.player, len(seats))
        winners = frozenset(range(len(seats))) - losers
        return Outcome.win(winners, len(seats), f"{seats[self.player]} forfeits: {self.reason}")


def _side(config: Any, player: int, seats: int) -> frozenset[int]:
    """The players on ``player``'s side: the config's team that holds the player, or the player
    alone in a config without teams."""
    teams = getattr(config, "teams", None)
    if teams is None:
        return frozenset({player})
    ok = isinstance(teams, tuple) and all(
        isinstance(team, tuple) and all(type(p) is int for p in team) for team in teams
    )
    members = [p for team in teams for p in team] if ok else []
    if sorted(members) != list(range(seats)):
        raise InvalidConfigError("the config's teams must share out the seats, each seat once")
    return next(frozenset(team) for team in teams if player in team)


def _end_words(outcome: object, forfeit: object = None) -> str:
    """How a record's game ended, in a few words."""
    if isinstance(forfeit, Forfeit) and isinstance(outcome, Outcome):
        return f"player {forfeit.player} forfeited, {_end_words(outcome)}"
    if not isinstance(outcome, Outcome):
        return "not over" if outcome is None else "a malformed outcome"
    if outcome.winners:
        return "winners " + ", ".join(str(p) for p in sorted(outcome.winners))
    return "a draw" if outcome.is_draw else "no winner"


def _outcome_words(outcome: Outcome | None) -> str:
    if outcome is None:
        return "the game not over"
    winners = ", ".join(str(p) for p in sorted(outcome.winners)) or "none"
    reason = brief(outcome.reason) if type(outcome.reason) is str else ""
    if len(reason) > _REASON_SHOWN:
        reason = reason[: _REASON_SHOWN - 1] + "…"
    return f"{reason!r} (winners: {winners})"


#: The types of a record's game: its states, moves and configs (``Any`` unless a type says).
StateT = TypeVar("StateT", default=Any)
MoveT = TypeVar("MoveT", default=Any)
ConfigT = TypeVar("ConfigT", default=Any)


@attrs.frozen(repr=False)
class GameRecord(Generic[StateT, MoveT, ConfigT]):
    """A whole game: which game, its config and seed, every move in order, who played, the end.

    Replaying needs nothing else, because every chance event of a game comes from its seed.
    ``players`` has one name per seat, or none at all. ``forfeit`` is ``None`` unless a player
    forfeited the game (see :class:`Forfeit`): the moves then stop at that player's decision
    and ``outcome`` is the forfeit's.

    Generic in its game's state, move and config types, so that a type checker knows what
    ``states()``, ``moves`` and ``config`` hold: :func:`cardgames.arena.play` of
    ``alethi.GAME`` is a ``GameRecord[alethi.State, alethi.Move, alethi.Config]``, and a
    record loaded from JSON, whose game is known only once it is read, a ``GameRecord`` of
    ``Any`` (annotate it as ``GameRecord[alethi.State, alethi.Move, alethi.Config]`` once
    ``record.game`` says it).
    """

    game: str
    config: ConfigT
    seed: int
    moves: tuple[MoveT, ...] = ()
    players: tuple[str, ...] = ()
    outcome: Outcome | None = None
    forfeit: Forfeit | None = attrs.field(default=None, kw_only=True)
    #: The JSON format version of the document the record came from; new records have the
    #: version this library writes, and ``to_json`` always writes that one.
    format_version: int = attrs.field(default=FORMAT_VERSION, kw_only=True, eq=False)
    #: The states of the replay, once the record has been checked against it. Not part of the
    #: record's value; ``attrs.evolve`` makes a record without it, which replays anew.
    _replay: tuple[Any, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    def __repr__(self) -> str:
        """One line: ``<GameRecord alethi, seed 7: 52 moves by random, greedy; winners 1>``."""
        players = self.players if isinstance(self.players, tuple) else ()
        who = ", ".join(map(str, players))
        if len(who) > _PLAYERS_SHOWN:
            who = f"{len(players)} player{'s' if len(players) > 1 else ''}"
        moves = len(self.moves) if isinstance(self.moves, tuple) else "?"
        game = self.game if isinstance(self.game, str) and len(self.game) <= 20 else "?"
        return (
            f"<GameRecord {game}, seed {excerpt(self.seed)}: {moves} moves"
            f"{f' by {who}' if who else ''}; {_end_words(self.outcome, self.forfeit)}>"
        )

    def __getstate__(self) -> dict[str, Any]:
        # The replay is worked out again by a copy, never carried along by a pickle.
        return {a.name: getattr(self, a.name) for a in attrs.fields(GameRecord) if a.init}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        object.__setattr__(self, "forfeit", None)  # a pickle from before forfeits were kept
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_replay", None)

    def _game(self, error: type[CardgamesError], at: str = "") -> Game[Any, Any, Any, Any]:
        """The record's game, once its config is one of that game's; ``error`` (with ``at``
        before the name of the part at fault) if the game is not installed or the config is
        another game's."""
        try:
            game = get_game(self.game)
        except UnknownGameError as exc:
            raise error(f"{at}game: {exc}") from None
        if not isinstance(self.config, game.config_type):
            raise error(f"{at}config: expected a {self.game} Config")
        return game

    def states(self) -> tuple[StateT, ...]:
        """Every state of the game in order, from the first to the final one.

        Raises :class:`RecordMoveError` (an ``IllegalMoveError`` and a ``RecordError``) naming
        the move's number if a move is not legal, and ``RecordError`` if the players or the
        outcome disagree with the replay (see the module's docstring).
        """
        if self._replay is None:
            object.__setattr__(self, "_replay", self._check_replay(""))
        assert self._replay is not None
        return self._replay

    def final_state(self) -> StateT:
        """The state after the last move."""
        return self.states()[-1]

    def _check_replay(self, at: str) -> tuple[Any, ...]:
        """The replay's states, once the record agrees with them; ``RecordError`` if not.

        ``at`` comes before the name of the part that disagrees (``$.data.`` for a document).
        """
        game = self._game(RecordError, at)
        if type(self.moves) is not tuple or type(self.players) is not tuple:
            raise RecordError(f"{at}moves, {at}players: expected tuples")
        # A record built in code (not loaded) reaches here unchecked: hold it to what a loaded
        # one must be, so that every record that replays can also be written.
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise RecordError(
                f"{at}outcome: expected an Outcome or None, got {excerpt(self.outcome)}"
            )
        if self.forfeit is not None and not isinstance(self.forfeit, Forfeit):
            raise RecordError(
                f"{at}forfeit: expected a Forfeit or None, got {excerpt(self.forfeit)}"
            )
        for index, player in enumerate(self.players):
            problem = _name_problem(player)
            if problem is not None:
                raise RecordError(f"{at}players[{index}]: {problem}")
        try:
            game.check_config(self.config)
            seats = game.num_players(self.config)
            bound = game.max_decisions(self.config)
            state = game.new_game(self.config, seed=self.seed)
        except CardgamesError as exc:
            raise RecordError(
                f"{at}config: the recorded setup does not start a game: {brief(str(exc))}"
            ) from None
        if self.players and len(self.players) != seats:
            raise RecordError(
                f"{at}players: {len(self.players)} names for the {seats} seats of this config"
            )
        if len(self.moves) > bound:
            raise RecordError(
                f"{at}moves: {len(self.moves)} moves, more than the {bound} this config allows"
            )
        apply_move = game.apply_move
        states = [state]
        for number, move in enumerate(self.moves, start=1):
            try:
                state = apply_move(state, move)
            except IllegalMoveError as exc:
                raise RecordMoveError(
                    f"{at}moves[{number - 1}]: move {number} of the record: {brief(str(exc))}"
                ) from None
            except CardgamesError as exc:
                raise RecordError(
                    f"{at}moves[{number - 1}]: move {number} of the record: {brief(str(exc))}"
                ) from None
            states.append(state)
        replayed = game.outcome(state)
        if self.forfeit is not None:
            forfeited = self._forfeit_outcome(game, state, replayed, at)
            if forfeited != self.outcome:
                raise RecordError(
                    f"{at}outcome: the forfeit ends the game with {_outcome_words(forfeited)} "
                    f"but the record says {_outcome_words(self.outcome)}"
                )
        elif replayed != self.outcome:
            raise RecordError(
                f"{at}outcome: the replay ends with {_outcome_words(replayed)} but the record "
                f"says {_outcome_words(self.outcome)}"
            )
        return tuple(states)

    def _forfeit_outcome(
        self, game: Game[Any, Any, Any, Any], final: Any, replayed: Outcome | None, at: str
    ) -> Outcome:
        """The outcome that the record's forfeit gives, once the replay's final state is one
        that the forfeiting player could forfeit; ``RecordError`` if not."""
        assert self.forfeit is not None
        player = self.forfeit.player
        if replayed is not None:
            raise RecordError(
                f"{at}forfeit: the replay ends with {_outcome_words(replayed)}, which no forfeit "
                "can end"
            )
        to_move = game.current_player(final)
        if player != to_move:
            raise RecordError(
                f"{at}forfeit: player {player} forfeits, but the replay ends with player "
                f"{to_move} to move"
            )
        try:
            return self.forfeit.outcome(game, self.config)
        except CardgamesError as exc:
            raise RecordError(f"{at}forfeit: {brief(str(exc))}") from None

    def to_json(self) -> str:
        """The record as JSON text (see :mod:`cardgames.serialization` for the envelope)."""
        game = self._game(SerializationError)
        if type(self.moves) is not tuple or type(self.players) is not tuple:
            raise SerializationError("moves and players must be tuples")
        moves = game.move_types
        bad = next((i for i, m in enumerate(self.moves) if not isinstance(m, moves)), None)
        if bad is not None:
            raise SerializationError(
                f"moves[{bad}]: {excerpt(self.moves[bad])} is not a {self.game} move"
            )
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise SerializationError("outcome: expected an Outcome or None")
        if self.forfeit is not None and not isinstance(self.forfeit, Forfeit):
            raise SerializationError("forfeit: expected a Forfeit or None")
        if type(self.seed) is not int or self.seed.bit_length() > SEED_BITS:
            raise SerializationError(f"seed: expected an integer of at most {SEED_BITS} bits")
        bad_name = next((p for p in map(_name_problem, self.players) if p is not None), None)
        if bad_name is not None:
            raise SerializationError(f"players: {bad_name}")
        try:
            data = {
                "config": unstructure(self.config, game.config_type),
                "seed": self.seed,
                "moves": [unstructure(m, move_union(self.game)) for m in self.moves],
                "players": list(self.players),
                "outcome": unstructure(self.outcome, Outcome | None),
            }
            if self.forfeit is not None:  # a record of a game played out keeps its five keys
                data["forfeit"] = unstructure(self.forfeit, Forfeit)
            return envelope(self.game, "record", data)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
            raise SerializationError(
                f"cannot write this record: {type(exc).__name__}: {excerpt(str(exc))}"
            ) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord[Any, Any, Any]:
        """Load a record written by :meth:`to_json`, checked against its replay.

        Raises ``SerializationError`` naming the place if the document is not a record, and
        ``RecordError`` (a ``SerializationError``) if it does not replay (see the module's
        docstring).
        """
        name, version, data = open_envelope(text, None, "record")
        try:
            game = get_game(name)
        except UnknownGameError as exc:
            raise SerializationError(f"$.game: {exc}") from None
        if type(data) is not dict:
            raise SerializationError(f"$.data: expected a JSON object, got {excerpt(data)}")
        expected = ("config", "seed", "moves", "players", "outcome")
        missing = [key for key in expected if key not in data]
        known = len(expected) - len(missing) + ("forfeit" in data)
        if missing or len(data) != known:
            extra = len(data) - known
            raise SerializationError(
                f"$.data: missing keys: {', '.join(missing) or 'none'}; unexpected keys: {extra}"
            )
        seed = data["seed"]
        if type(seed) is not int or seed.bit_length() > SEED_BITS:
            raise SerializationError(
                f"$.data.seed: expected an integer of at most {SEED_BITS} bits, got {excerpt(seed)}"
            )
        moves, players = data["moves"], data["players"]
        if type(moves) is not list:
            raise SerializationError(f"$.data.moves: expected a list, got {excerpt(moves)}")
        if type(players) is not list:
            raise SerializationError(f"$.data.players: expected a list, got {excerpt(players)}")
        for index, player in enumerate(players):
            problem = _name_problem(player)
            if problem is not None:
                raise SerializationError(f"$.data.players[{index}]: {problem}")
        config: Any = structure(data["config"], game.config_type, "$.data.config")
        try:
            game.check_config(config)
        except CardgamesError as exc:
            raise RecordError(
                f"$.data.config: the recorded setup does not start a game: {brief(str(exc))}"
            ) from None
        bound = game.max_decisions(config)
        if len(moves) > bound:
            raise RecordError(
                f"$.data.moves: {len(moves)} moves, more than the {bound} this config allows"
            )
        union = move_union(name)
        record = cls(
            game=name,
            config=config,
            seed=seed,
            moves=tuple(structure(m, union, f"$.data.moves[{i}]") for i, m in enumerate(moves)),
            players=tuple(players),
            outcome=structure(data["outcome"], Outcome | None, "$.data.outcome"),
            forfeit=structure(data.get("forfeit"), Forfeit | None, "$.data.forfeit"),
            format_version=version,
        )
        object.__setattr__(record, "_replay", record._check_replay("$.data."))
        return record


register_document(GameRecord)


__dir__ = public_dir(__all__)
