"""Stored games: :class:`GameRecord` holds everything needed to replay a game exactly."""

from __future__ import annotations

from typing import Any

import attrs

from cardgames.errors import IllegalMoveError, SerializationError, UnknownGameError
from cardgames.game import Game, Outcome
from cardgames.serialization import (
    FORMAT_VERSION,
    envelope,
    move_union,
    open_envelope,
    register_document,
    structure,
    unstructure,
)

__all__ = ["GameRecord"]


@attrs.frozen
class GameRecord:
    """A whole game: which game, its config and seed, every move in order, who played, the end.

    Replaying needs nothing else, because every chance event of a game comes from its seed.
    """

    game: str
    config: Any
    seed: int
    moves: tuple[Any, ...] = ()
    players: tuple[str, ...] = ()
    outcome: Outcome | None = None
    #: The JSON format version of the document the record came from; new records have the
    #: version this library writes, and ``to_json`` always writes that one.
    format_version: int = attrs.field(default=FORMAT_VERSION, kw_only=True, eq=False)

    def _game(self) -> Game[Any, Any, Any, Any]:
        from cardgames.registry import get_game

        return get_game(self.game)

    def states(self) -> tuple[Any, ...]:
        """Every state of the game in order, from the first to the final one.

        Raises ``IllegalMoveError`` naming the move's number if the record is not a legal game.
        """
        game = self._game()
        state = game.new_game(self.config, seed=self.seed)
        states = [state]
        for number, move in enumerate(self.moves, start=1):
            try:
                state = game.apply_move(state, move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {number} of the record: {exc}") from None
            states.append(state)
        return tuple(states)

    def final_state(self) -> Any:
        """The state after the last move."""
        return self.states()[-1]

    def to_json(self) -> str:
        """The record as JSON text (see :mod:`cardgames.serialization` for the envelope)."""
        try:
            game = self._game()
        except UnknownGameError as exc:
            raise SerializationError(f"game: {exc}") from None
        if not isinstance(self.config, game.config_type):
            raise SerializationError(f"config: expected a {self.game} Config")
        moves = game.move_types
        bad = next((i for i, m in enumerate(self.moves) if not isinstance(m, moves)), None)
        if bad is not None:
            raise SerializationError(f"moves[{bad}]: {self.moves[bad]!r} is not a {self.game} move")
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise SerializationError("outcome: expected an Outcome or None")
        if type(self.seed) is not int or not all(type(p) is str for p in self.players):
            raise SerializationError("seed must be an int and players a tuple of names")
        data = {
            "config": unstructure(self.config, game.config_type),
            "seed": self.seed,
            "moves": [unstructure(m, move_union(self.game)) for m in self.moves],
            "players": list(self.players),
            "outcome": unstructure(self.outcome, Outcome | None),
        }
        return envelope(self.game, "record", data)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Load a record written by :meth:`to_json`; raises ``SerializationError`` if invalid."""
        from cardgames.errors import UnknownGameError
        from cardgames.registry import get_game

        name, version, data = open_envelope(text, None, "record")
        try:
            game = get_game(name)
        except UnknownGameError as exc:
            raise SerializationError(f"$.game: {exc}") from None
        if not isinstance(data, dict):
            raise SerializationError("$.data: expected a JSON object")
        expected = {"config", "seed", "moves", "players", "outcome"}
        if set(data) != expected:
            missing = ", ".join(sorted(expected - set(data))) or "none"
            extra = ", ".join(sorted(set(data) - expected)) or "none"
            raise SerializationError(f"$.data: missing keys: {missing}; unexpected keys: {extra}")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SerializationError(f"$.data.seed: expected an integer, got {seed!r}")
        if not isinstance(data["moves"], list):
            raise SerializationError("$.data.moves: expected a list")
        if not isinstance(data["players"], list) or not all(
            isinstance(p, str) for p in data["players"]
        ):
            raise SerializationError("$.data.players: expected a list of names")
        union = move_union(name)
        return cls(
            game=name,
            config=structure(data["config"], game.config_type, "$.data.config"),
            seed=seed,
            moves=tuple(
                structure(m, union, f"$.data.moves[{i}]") for i, m in enumerate(data["moves"])
            ),
            players=tuple(data["players"]),
            outcome=structure(data["outcome"], Outcome | None, "$.data.outcome"),
            format_version=version,
        )


register_document(GameRecord)
