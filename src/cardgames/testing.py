"""The contract's checks, shipped with the library: :func:`check_game` holds a game, the
library's own or one from another distribution, to the ``Game`` protocol over seeded random
games of each of its presets.

A game's author runs it from a test of their own::

    from cardgames.testing import check_game
    import toygame

    def test_the_game_keeps_the_contract() -> None:
        check_game(toygame.GAME)

Each state of each game is held to the properties every game keeps: legal moves stable,
unique, none once over and each one playable; other and malformed moves refused with
``IllegalMoveError`` and the state unchanged; no state changed by play or queries; cards
conserved; the length within ``max_decisions``; a well-formed outcome and evaluation; exact
JSON round trips of states, views and moves, and the notation's; the states the rules make
accepted by ``check_state``, their views by ``check_view``; pickles equal; views that
resampled states show the same and leave the player to move the same moves; events of the
game's event types, told and written for every viewer, and true to the states they tell of
(:func:`check_story`); replays identical; the encodings' quick paths (``legal_actions`` of
states and views, ``observe``, ``observe_into`` a list and a memoryview) the same as the plain
ones (``move_to_action``, ``action_mask``, ``observation`` of the view). A property that does
not hold raises :class:`ConformanceError`, naming the check, the preset and the seed that
play the failing game again.
"""

from __future__ import annotations

import array
import copy
import pickle
import random
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any

import attrs

from cardgames._surface import public_dir
from cardgames.errors import (
    IllegalMoveError,
    InvalidPlayerError,
    InvalidStateError,
    SerializationError,
)
from cardgames.game import SPECTATOR, Game, Outcome
from cardgames.serialization import from_json, to_json
from cardgames.story import story_check

__all__ = ["ConformanceError", "check_game", "check_story"]

AnyGame = Game[Any, Any, Any, Any]

#: Moves that are no move of any game: each one is refused with ``IllegalMoveError``.
_NOT_MOVES: tuple[object, ...] = (None, "pass", 42, object())


class ConformanceError(AssertionError):
    """A game does not keep the contract: the message says which property failed, and the
    preset and seed of the game that shows it."""


@attrs.frozen
class _Step:
    state: Any
    snapshot: str
    legal: tuple[Any, ...]
    move: Any  # None at the end


class _Checker:
    """The checks of one random game of ``game``: ``where`` says which game, in errors."""

    def __init__(self, game: AnyGame, config: Any, where: str) -> None:
        self.game = game
        self.config = config
        self.where = where
        self.players = range(game.num_players(config))
        self.viewers: tuple[int, ...] = tuple(self.players)

    def expect(self, holds: object, what: str) -> None:
        """Raise :class:`ConformanceError` saying ``what`` failed unless ``holds``."""
        if not holds:
            raise ConformanceError(f"{self.where}: {what}")

    def refused(self, state: Any, move: object, what: str) -> None:
        """``apply_move(state, move)`` raises ``IllegalMoveError``."""
        try:
            self.game.apply_move(state, move)
        except IllegalMoveError:
            return
        except Exception as error:  # anything else is the failure this check reports
            raise ConformanceError(
                f"{self.where}: {what} raised {type(error).__name__}, not IllegalMoveError"
            ) from error
        raise ConformanceError(f"{self.where}: {what} was taken")

    def play(self, seed: int, chooser: random.Random) -> list[_Step]:
        """A whole game from ``seed``, its moves picked by ``chooser``."""
        game, state = self.game, self.game.new_game(self.config, seed=seed)
        bound = game.max_decisions(self.config)
        try:
            game.view(state, SPECTATOR)
        except InvalidPlayerError:
            pass  # a game that makes no spectator's view: its players are its viewers
        else:
            self.viewers = (*self.players, SPECTATOR)
        steps: list[_Step] = []
        while not game.is_over(state):
            legal = game.legal_moves(state)
            self.expect(legal, "a game that is not over has no legal move")
            move = legal[chooser.randrange(len(legal))]
            steps.append(_Step(state, to_json(state), legal, move))
            state = game.apply_move(state, move)
            self.expect(len(steps) <= bound, f"the game went past max_decisions ({bound})")
        steps.append(_Step(state, to_json(state), game.legal_moves(state), None))
        return steps

    def states(self, steps: Sequence[_Step]) -> Iterator[Any]:
        return (step.state for step in steps)

    def check_moves(self, steps: Sequence[_Step]) -> None:
        game = self.game
        pool = {step.move for step in steps if step.move is not None}
        for step in steps:
            state, legal = step.state, step.legal
            self.expect(game.legal_moves(state) == legal, "the legal moves changed between calls")
            self.expect(len(set(legal)) == len(legal), "a legal move is listed twice")
            if game.is_over(state):
                self.expect(legal == (), "a finished game has legal moves")
                self.expect(game.current_player(state) is None, "a finished game has a player")
            else:
                self.expect(game.current_player(state) in self.players, "no player to move")
            for move in legal:
                game.apply_move(state, move)
            before = to_json(state)
            for move in (*_NOT_MOVES, *(m for m in pool if m not in legal)):
                self.refused(state, move, "a move that is not legal here")
            self.expect(to_json(state) == before, "a refused move changed the state")

    def check_outcome(self, steps: Sequence[_Step]) -> None:
        game, n = self.game, len(self.players)
        for state in self.states(steps):
            self.expect((game.outcome(state) is None) != game.is_over(state), "outcome, is_over")
            value = game.evaluate(state)
            self.expect(
                type(value) is tuple
                and len(value) == n
                and all(type(v) is float and 0.0 <= v <= 1.0 for v in value),
                "evaluate gives one float from 0 to 1 per player",
            )
        result = game.outcome(steps[-1].state)
        self.expect(isinstance(result, Outcome), "a finished game has no Outcome")
        assert isinstance(result, Outcome)
        self.expect(len(result.returns) == n and result.reason, "the outcome's returns, reason")
        self.expect(result.winners <= set(self.players), "a winner is no player")
        self.expect(game.evaluate(steps[-1].state) == result.returns, "evaluate at the end")

    def check_values(self, steps: Sequence[_Step]) -> None:
        game = self.game
        counts = dict(game.card_counts(steps[0].state))
        for step in steps:
            state = step.state
            self.expect(to_json(state) == step.snapshot, "a state changed after it was made")
            self.expect(from_json(step.snapshot, game.state_type) == state, "a state's JSON")
            self.expect(dict(game.card_counts(state)) == counts, "the cards are not conserved")
            fresh = copy.copy(state)
            self.expect(game.check_state(fresh) is fresh, "check_state refuses a rules' state")
            self.expect(pickle.loads(pickle.dumps(state)) == state, "a state's pickle")
            self.check_actions(state, step.legal)
            for move in step.legal:
                written = game.format_move(move)
                self.expect(game.parse_move(state, written) == move, "a move's notation")
            if step.move is not None:
                text = to_json(step.move)
                self.expect(from_json(text, type(step.move)) == step.move, "a move's JSON")
                self.expect(pickle.loads(pickle.dumps(step.move)) == step.move, "a move's pickle")
            for viewer in self.viewers:
                self.check_view(state, viewer)

    def check_actions(self, state: Any, legal: Sequence[Any]) -> None:
        """``legal_actions`` is the legal moves by ``move_to_action``, in order."""
        game = self.game
        numbered = game.legal_actions(state)
        actions = [game.move_to_action(state, move) for move in legal]
        self.expect(list(numbered) == sorted(actions), "legal_actions: not the moves' actions")
        self.expect(
            all(numbered[a] == move for a, move in zip(actions, legal, strict=True)),
            "legal_actions: an action's move is not the move of that action",
        )

    def check_view(self, state: Any, viewer: int) -> None:
        game = self.game
        view = game.view(state, viewer)
        mask = game.action_mask(view)
        self.expect(
            list(game.legal_actions(view)) == [a for a, allowed in enumerate(mask) if allowed],
            "legal_actions of a view: not its mask",
        )
        observed = list(game.observe(state, viewer))
        self.expect(observed == list(game.observation(view)), "observe: not the observation")
        written = [0.0] * len(observed)
        game.observe_into(state, viewer, written)
        self.expect(written == observed, "observe_into: not what observe gives")
        buffer = array.array("d", bytes(8 * len(observed)))
        game.observe_into(state, viewer, memoryview(buffer))
        self.expect(list(buffer) == observed, "observe_into a memoryview: not what observe gives")
        self.expect(game.check_view(view) is view, "check_view refuses a view the game made")
        text = to_json(view)
        self.expect(from_json(text, game.view_type) == view, "a view's JSON")
        try:
            from_json(text, game.state_type)
        except SerializationError:
            pass
        else:
            raise ConformanceError(f"{self.where}: a view's JSON loads as a state")
        try:
            game.legal_moves(view)
        except InvalidStateError:
            pass
        else:
            raise ConformanceError(f"{self.where}: legal_moves takes a view for a state")
        self.expect(pickle.loads(pickle.dumps(view)) == view, "a view's pickle")
        for seed in range(2):
            other = game.resample(view, seed=seed)
            self.expect(game.view(other, viewer) == view, "a resampled state shows another view")
            if viewer == game.current_player(state):
                self.expect(
                    game.legal_moves(other) == game.legal_moves(state),
                    "a resampled state gives the player to move other moves",
                )

    def check_events(self, steps: Sequence[_Step]) -> None:
        game = self.game
        kinds = tuple(game.event_types)
        for before, after in pairwise(steps):
            for viewer in (None, *self.viewers):
                told = game.events(before.state, before.move, after.state, viewer=viewer)
                self.expect(type(told) is tuple, "events gives a tuple")
                for event in told:
                    self.expect(type(event) in kinds, "an event is not of the game's event types")
                    self.expect(from_json(to_json(event), type(event)) == event, "an event's JSON")
                    self.expect(type(game.format_event(event)) is str, "format_event")
                check_story(game, before.state, before.move, after.state, told, viewer, self.where)

    def check_replay(self, seed: int, steps: Sequence[_Step]) -> None:
        state = self.game.new_game(self.config, seed=seed)
        for step in steps[:-1]:
            state = self.game.apply_move(state, step.move)
        self.expect(state == steps[-1].state, "the seed and the moves replay another game")


def check_story(
    game: AnyGame,
    before: Any,
    move: Any,
    after: Any,
    told: tuple[Any, ...],
    viewer: int | None = None,
    where: str | None = None,
) -> None:
    """Raise :class:`ConformanceError` unless ``told``, the events of ``move`` from ``before``
    to ``after`` told to ``viewer``, agree with the two states: the cells, cards, players,
    rolls and scores they tell are those of ``before`` and ``after``, read in order (the
    game's own check, :func:`cardgames.story.story_check`). ``where`` names the game in the
    message."""
    wrong = story_check(game.name)(game, before, move, after, told, viewer)
    if wrong:
        said = "everybody" if viewer is None else f"viewer {viewer}"
        raise ConformanceError(
            f"{where or game.name}: the story of {game.format_move(move)!r} told to {said} "
            f"is untrue: {'; '.join(wrong)}"
        )


def check_game(
    game: AnyGame, *, games: int = 5, seed: int = 0, presets: Sequence[str] | None = None
) -> int:
    """Hold ``game`` to the contract over ``games`` random games of each preset (of those
    named by ``presets``, when given), drawn from ``seed``; how many states were checked.

    A property that fails raises :class:`ConformanceError`; an error the game raises where the
    contract allows none goes up as it is. Long games take long: each state is checked in full.
    """
    if type(games) is not int or games < 1:
        raise TypeError("games must be a positive int")
    names = tuple(game.presets) if presets is None else tuple(presets)
    unknown = [name for name in names if name not in game.presets]
    if unknown:
        raise TypeError(f"{game.name} has no preset {', '.join(unknown)}")
    draw = random.Random(seed)
    checked = 0
    for name in names:
        config = game.presets[name]
        for _ in range(games):
            game_seed = draw.randrange(2**63)
            where = f"{game.name}, preset {name}, seed {game_seed}"
            checker = _Checker(game, config, where)
            steps = checker.play(game_seed, random.Random(game_seed))
            checker.check_moves(steps)
            checker.check_outcome(steps)
            checker.check_values(steps)
            checker.check_events(steps)
            checker.check_replay(game_seed, steps)
            checked += len(steps)
    return checked


__dir__ = public_dir(__all__)
