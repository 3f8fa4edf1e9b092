"""Information-set Monte Carlo tree search: a search bot that works for every game.

:class:`ISMCTSBot` searches one tree over the decisions of every player (single-observer ISMCTS,
after Cowling, Powley and Whitehouse, 2012). Each iteration:

1. **Determinize.** The game's ``resample(view, seed=...)`` deals the cards the bot's player can
   not see at random, giving one full state that the view could have come from. The seed is
   drawn from the bot's generator, so the whole search is repeatable.
2. **Select.** From the root, while every move legal in this determinization already has a
   node, it takes the move with the best UCB score. A move's exploration term counts the
   iterations in which the move was *available* (legal in that determinization), not the visits
   of its parent, since a move of another player is only possible in some deals.
3. **Expand.** One move not tried yet from the last node gets a node of its own.
4. **Play out.** The game goes on as its :class:`Playout` says: uniformly random moves, or the
   game's heuristic bot playing every seat from that seat's view of the deal, for at most
   ``limit`` decisions. The state reached is scored by the game's ``evaluate``: the outcome's
   returns if the game ended, otherwise the game's own guess at each player's return (how far
   each side is from winning). Long games are not played to the end: a random game of
   Alakazum! takes about 220 decisions, and a playout that long would spend the budget far
   from the decision being searched.
5. **Back up.** Every node on the path adds the return of the player who chose the move leading
   to it, so each player's decisions are judged by that player's results.

The move played is the most visited move of the root. Only the view and the legal moves are
used: the true state never reaches the bot.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardgames._surface import public_dir
from cardgames.errors import InvalidConfigError, InvalidStateError, excerpt
from cardgames.game import MAX_PLAYOUT_LIMIT, Bot, Playout

if TYPE_CHECKING:
    from cardgames.game import Game

__all__ = [
    "DEFAULT_ITERATIONS",
    "MAX_ITERATIONS",
    "MAX_PLAYOUT_LIMIT",
    "MAX_TIME_BUDGET",
    "ISMCTSBot",
    "Playout",
]

#: The iteration budget of ``ISMCTSBot(game)`` and of ``make_bot("ismcts", game)``.
DEFAULT_ITERATIONS: Final = 200
#: The largest iteration budget a bot takes without a time budget: hours of search for one
#: move, far more than any use needs; a larger number alone is taken for a mistake.
MAX_ITERATIONS: Final = 10_000_000
#: The largest time budget a bot takes for one move, in seconds (a day).
MAX_TIME_BUDGET: Final = 86_400.0


class _Node:
    """One decision reached by a sequence of moves from the root, shared by every deal."""

    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int | None) -> None:
        #: Who chose the move that leads here (``None`` at the root).
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        #: The sum of ``player``'s scores: returns, or the game's evaluation where a playout
        #: stopped before the end.
        self.total = 0.0
        #: Iterations in which the move leading here was legal when its parent was reached.
        self.available = 0


class ISMCTSBot:
    """Chooses by information-set Monte Carlo tree search over the game's ``resample`` deals.

    ``game`` is a :class:`~cardgames.Game` or its registry name. The search stops after
    ``iterations`` iterations or ``time_budget`` seconds, whichever comes first; at least one of
    the two must be given (``iterations=None, time_budget=...`` searches by the clock alone).
    ``exploration`` is the UCB constant: higher explores more, 0 only exploits. ``playout`` says
    how a new node is played on (:class:`Playout`); ``None`` takes the game's own
    ``game.playout``. Bad values raise ``InvalidConfigError``; the parameters are kept as
    attributes of the same names (``game`` as the game object, ``playout`` as the one used).

    All of its randomness comes from the ``rng`` passed to :meth:`choose`, so with an iteration
    budget alone a seeded match is repeatable. A time budget makes the number of iterations
    depend on the machine's speed, so games are then not repeatable. The bot keeps nothing from
    one call to the next, and it pickles (tournaments send bots to worker processes).
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any, Any, Any, Any] | str,
        *,
        iterations: int | None = DEFAULT_ITERATIONS,
        time_budget: float | None = None,
        exploration: float = 0.7,
        playout: Playout | None = None,
    ) -> None:
        if isinstance(game, str):
            # Imported here: the registry imports every game, and cardgames.bots imports this
            # module while the package is still loading.
            from cardgames.registry import get_game

            game = get_game(game)
        elif not all(
            hasattr(game, name)
            for name in ("name", "legal_moves", "apply_move", "resample", "evaluate", "playout")
        ):
            raise InvalidConfigError(
                f"ISMCTSBot needs a game or a game's name, got {type(game).__name__}"
            )
        if iterations is not None and (
            not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
        ):
            raise InvalidConfigError(
                f"ISMCTSBot iterations must be a positive int or None, got {excerpt(iterations)}"
            )
        if iterations is not None and iterations > MAX_ITERATIONS and time_budget is None:
            raise InvalidConfigError(
                f"ISMCTSBot iterations above {MAX_ITERATIONS} need a time_budget too"
            )
        if time_budget is not None and not (
            _is_real(time_budget) and 0 < time_budget <= MAX_TIME_BUDGET
        ):
            raise InvalidConfigError(
                f"ISMCTSBot time_budget must be a positive number of seconds (at most "
                f"{MAX_TIME_BUDGET:g}) or None, got {excerpt(time_budget)}"
            )
        if iterations is None and time_budget is None:
            raise InvalidConfigError("ISMCTSBot needs iterations, a time_budget, or both")
        if not (_is_real(exploration) and math.isfinite(exploration) and exploration >= 0):
            raise InvalidConfigError(
                f"ISMCTSBot exploration must be a finite number >= 0, got {excerpt(exploration)}"
            )
        self.game = game
        self.iterations = iterations
        self.time_budget = None if time_budget is None else float(time_budget)
        self.exploration = float(exploration)
        if playout is not None and not isinstance(playout, Playout):
            raise InvalidConfigError(
                f"ISMCTSBot playout must be a Playout or None, got {type(playout).__name__}"
            )
        self.playout: Playout = game.playout if playout is None else playout

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The most visited root move of a search from ``view``; one legal move needs none.

        A view that is not one of the game's raises the game's ``InvalidStateError``; legal
        moves that are not a non-empty sequence, or a generator that is not a
        ``random.Random``, raise ``InvalidStateError`` and ``InvalidConfigError``.
        """
        check_choice(legal_moves, rng)
        if len(legal_moves) == 1:
            return legal_moves[0]
        root = self._search(view, legal_moves, rng)
        best, best_key = legal_moves[0], (-1, -math.inf)
        for move in legal_moves:
            child = root.children.get(move)
            if child is None:
                continue
            # Most visits first; the better mean score breaks a tie.
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = move, key
        return best

    def _search(self, view: Any, root_moves: Sequence[Any], rng: random.Random) -> _Node:
        """The tree grown from ``view`` within the budget (at least one iteration)."""
        game = self.game
        resample = game.resample
        legal_moves = game.legal_moves
        apply_move = game.apply_move
        current_player = game.current_player
        evaluate = game.evaluate
        # One heuristic bot serves every playout of the search (a bot keeps nothing between
        # choices that changes them).
        playout_bot = game.heuristic_bot() if self.playout.policy == "heuristic" else None
        exploration = self.exploration
        log, sqrt = math.log, math.sqrt
        randrange = rng.randrange
        getrandbits = rng.getrandbits

        root = _Node(None)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        limit = self.iterations
        done = 0
        while True:
            state = resample(view, seed=getrandbits(63))
            node = root
            path = [root]
            moves: Sequence[Any] = root_moves
            # Select while every legal move has a node; then expand one that has none.
            while moves:
                children = node.children
                untried = []
                for m in moves:
                    child = children.get(m)
                    if child is None:
                        untried.append(m)
                    else:
                        child.available += 1
                if untried:
                    move = untried[randrange(len(untried))]
                    node = children[move] = _Node(current_player(state))
                    node.available = 1
                    state = apply_move(state, move)
                    path.append(node)
                    break
                best_score = -math.inf
                move = moves[0]
                for m in moves:
                    child = children[m]
                    score = child.total / child.visits + exploration * sqrt(
                        log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, move = score, m
                node = children[move]
                state = apply_move(state, move)
                path.append(node)
                moves = legal_moves(state)
            returns = evaluate(self._play_out(state, rng, playout_bot))
            for visited in path:
                visited.visits += 1
                if visited.player is not None:
                    visited.total += returns[visited.player]
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root

    def _play_out(self, state: Any, rng: random.Random, bot: Bot[Any, Any] | None) -> Any:
        """The state after at most ``playout.limit`` decisions from ``state``: uniformly random
        ones without a ``bot``, otherwise ``bot``'s choices from each deciding seat's view."""
        game = self.game
        legal_moves = game.legal_moves
        apply_move = game.apply_move
        randrange = rng.randrange
        limit = self.playout.limit
        if bot is None:
            for _ in range(limit):
                moves = legal_moves(state)
                if not moves:
                    break
                state = apply_move(state, moves[randrange(len(moves))])
            return state
        view, current_player = game.view, game.current_player
        for _ in range(limit):
            moves = legal_moves(state)
            if not moves:
                break
            player = current_player(state)
            if len(moves) == 1 or player is None:
                move = moves[0]
            else:
                move = bot.choose(view(state, player), moves, rng)
            state = apply_move(state, move)
        return state

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot({self.game.name!r}, iterations={self.iterations!r}, "
            f"time_budget={self.time_budget!r}, exploration={self.exploration!r}, "
            f"playout={self.playout!r})"
        )


def check_choice(legal_moves: object, rng: object) -> None:
    """Raise a library error unless a bot was given legal moves to choose from and its own
    generator (the arguments of every bot's ``choose`` after the view)."""
    if not isinstance(legal_moves, Sequence) or isinstance(legal_moves, str | bytes):
        raise InvalidStateError(
            f"legal moves must be a sequence of moves, got {type(legal_moves).__name__}"
        )
    if not legal_moves:
        raise InvalidStateError("no legal moves to choose from: the game is over")
    if not isinstance(rng, random.Random):
        raise InvalidConfigError(f"rng must be a random.Random, got {type(rng).__name__}")


def _is_real(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


__dir__ = public_dir(__all__)
