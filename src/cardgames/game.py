"""The contract every game implements: the :class:`Game` protocol and :class:`Outcome`."""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from typing import Any, Final, Literal, Protocol, TypeAlias, TypeVar

import attrs

from cardgames.errors import InvalidConfigError, InvalidStateError, excerpt

__all__ = [
    "MAX_PLAYERS",
    "MAX_PLAYOUT_LIMIT",
    "SPECTATOR",
    "Bot",
    "Game",
    "ObservationBuffer",
    "Outcome",
    "Playout",
]

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
C = TypeVar("C")
V_contra = TypeVar("V_contra", contravariant=True)


#: The most players an outcome (and so any game) may have.
MAX_PLAYERS = 64

#: The viewer who holds no seat: ``view(state, SPECTATOR)`` is what anybody watching the table
#: may know (every public card, every hand's size; no hand, no deck order, no generator), and
#: ``events(..., viewer=SPECTATOR)`` tells a move as that watcher may know it. Its view's
#: ``player`` is ``SPECTATOR`` too. It is never the player to move.
SPECTATOR: Final = -1


def _winners(value: Iterable[int]) -> frozenset[int]:
    try:
        return frozenset(value)
    except TypeError:
        raise InvalidStateError(
            f"an outcome's winners must be a set of players, not {excerpt(value)}"
        ) from None


def _returns(value: Iterable[float]) -> tuple[float, ...]:
    try:
        items = tuple(value)
    except TypeError:
        raise InvalidStateError(
            f"an outcome's returns must be a sequence of numbers, not {excerpt(value)}"
        ) from None
    # A return written as a whole number (1 for 1.0) is the same return; keep them all floats
    # so that an outcome's JSON and its equality do not depend on how it was spelled.
    return tuple(float(r) if type(r) is int else r for r in items)


def _reason_is_text(instance: Outcome, attribute: attrs.Attribute[Any], value: Any) -> None:
    if type(value) is not str:
        raise InvalidStateError(f"an outcome's reason must be text, not {excerpt(value)}")


def _check_players(players: object) -> int:
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise InvalidStateError(
            f"an outcome has 1 to {MAX_PLAYERS} players, not {excerpt(players)}"
        )
    return players


def _returns_are_valid(instance: Outcome, attribute: attrs.Attribute[Any], value: Any) -> None:
    players = _check_players(len(value))
    if any(type(r) is not float for r in value):
        raise InvalidStateError("an outcome's returns must be numbers")
    if any(type(w) is not int or not 0 <= w < players for w in instance.winners):
        raise InvalidStateError(f"an outcome's winners must be players 0 to {players - 1}")
    if instance.winners:
        expected = tuple(1.0 if p in instance.winners else 0.0 for p in range(players))
        if value != expected:
            raise InvalidStateError("an outcome's returns must be 1.0 for each winner, 0.0 else")
    elif value not in ((0.0,) * players, (1.0 / players,) * players):
        raise InvalidStateError("an outcome without winners is a draw or a loss for everybody")


#: Where ``observe_into`` writes an observation: a list or array of floats, or a memoryview of
#: a buffer of floats (a numpy float64 array's ``.data``), as long as the observation.
ObservationBuffer: TypeAlias = "MutableSequence[float] | memoryview"


@attrs.frozen
class Outcome:
    """How a game ended.

    ``returns`` has one entry per player: 1.0 for each winner and 0.0 for each loser; in a draw
    the players share 1.0 equally and ``winners`` is empty. A game that every player loses has
    no winners and all returns 0.0.
    """

    winners: frozenset[int] = attrs.field(converter=_winners)
    returns: tuple[float, ...] = attrs.field(converter=_returns, validator=_returns_are_valid)
    reason: str = attrs.field(validator=_reason_is_text)

    @classmethod
    def win(cls, winners: frozenset[int] | set[int], players: int, reason: str) -> Outcome:
        """The given players win, everybody else loses."""
        players = _check_players(players)
        try:  # a player number may come as an int-like value, such as Alethi's Colour
            won = frozenset(operator.index(w) for w in winners)
        except TypeError:
            raise InvalidStateError("an outcome's winners must be player numbers") from None
        return cls(won, tuple(1.0 if p in won else 0.0 for p in range(players)), reason)

    @classmethod
    def draw(cls, players: int, reason: str) -> Outcome:
        """Nobody wins; the players share 1.0 equally."""
        players = _check_players(players)
        return cls(frozenset(), (1.0 / players,) * players, reason)

    @classmethod
    def all_lose(cls, players: int, reason: str) -> Outcome:
        """Every player loses."""
        return cls(frozenset(), (0.0,) * _check_players(players), reason)

    @property
    def is_draw(self) -> bool:
        """True when nobody won and the players share the result."""
        return not self.winners and sum(self.returns) > 0.0


class Bot(Protocol[V_contra, M]):
    """A player program: picks one of the legal moves from what its player can see."""

    # A protocol only declares its members: the body of each is ``...``, as in a stub file, and
    # every bot class gives its own ``choose``.

    def choose(self, view: V_contra, legal_moves: Sequence[M], rng: random.Random) -> M:
        """One of ``legal_moves``, chosen from ``view``; ``rng`` is the bot's own generator."""
        ...


#: The longest playout a bot takes, in decisions: longer than any game's bound.
MAX_PLAYOUT_LIMIT: Final = 1_000_000


def _check_policy(
    instance: Playout, attribute: attrs.Attribute[Literal["random", "heuristic"]], value: object
) -> None:
    if type(value) is not str or value not in ("random", "heuristic"):
        raise InvalidConfigError(
            f"Playout policy must be 'random' or 'heuristic', got {excerpt(value)}"
        )


def _check_limit(instance: Playout, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_PLAYOUT_LIMIT:
        raise InvalidConfigError(
            f"Playout limit must be an int >= 0, got {excerpt(value)} (the most is "
            f"{MAX_PLAYOUT_LIMIT})"
        )


@attrs.frozen
class Playout:
    """How :class:`~cardgames.bots.ISMCTSBot` plays a deal on from a node it has just added.

    ``policy`` is ``"random"`` (uniformly random moves: cheap, so many iterations fit in a
    budget) or ``"heuristic"`` (the game's heuristic bot chooses for every player, from that
    player's view of the deal: slower, but the playout looks like a real game). After at most
    ``limit`` decisions the game's ``evaluate`` scores the state reached; ``limit=0`` scores the
    new node itself. Each game recommends one as ``game.playout``; bad values raise
    ``InvalidConfigError``.

    >>> Playout("heuristic", limit=40)
    Playout(policy='heuristic', limit=40)
    """

    policy: Literal["random", "heuristic"] = attrs.field(default="random", validator=_check_policy)
    limit: int = attrs.field(default=20, validator=_check_limit)


class Game(Protocol[S, M, V, C]):
    """One game's functions bundled together; ``cardgames.<game>.GAME`` implements it.

    The functions are the same as the game subpackage's module-level functions, so code can be
    written once for every game: ``game.legal_moves(state)``.
    """

    # Declarations only: each body below is ``...``, as in a stub file; every game's module
    # defines the real functions (``cardgames.define`` bundles them into ``GAME``).

    @property
    def name(self) -> str:
        """The registry name, e.g. ``"alethi"``."""
        ...

    @property
    def config_type(self) -> type[C]:
        """The game's ``Config`` class."""
        ...

    @property
    def state_type(self) -> type[S]:
        """The game's ``State`` class."""
        ...

    @property
    def view_type(self) -> type[V]:
        """The game's ``View`` class."""
        ...

    @property
    def move_types(self) -> tuple[type[M], ...]:
        """Every concrete move class of the game (its ``Move`` union, as a tuple)."""
        ...

    @property
    def event_types(self) -> tuple[type, ...]:
        """Every class of event that :meth:`events` returns."""
        ...

    @property
    def presets(self) -> Mapping[str, C]:
        """Named configurations worth testing and offering to users; ``"default"`` is first."""
        ...

    def new_game(self, config: C | None = None, *, seed: int) -> S:
        """A fresh game; every chance event comes from ``seed``."""
        ...

    def current_player(self, state: S) -> int | None:
        """The player who decides now, or ``None`` once the game is over."""
        ...

    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal move of the player to decide, in a deterministic order; ``()`` when over."""
        ...

    def apply_move(self, state: S, move: M) -> S:
        """The state after ``move``; raises ``IllegalMoveError`` if it is not legal here."""
        ...

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def view(self, state: S, player: int) -> V:
        """All that ``player`` may know of ``state``, and nothing more; ``SPECTATOR`` for what
        a watcher who holds no seat may know."""
        ...

    def resample(self, view: V, *, seed: int) -> S:
        """A full state consistent with ``view``, hidden cards dealt at random."""
        ...

    def format_move(self, move: M) -> str:
        """The move in the game's notation."""
        ...

    def parse_move(self, state: S | V, text: str) -> M:
        """The move that ``text`` names; raises ``InvalidMoveError`` when it does not parse."""
        ...

    def render(self, state_or_view: S | V) -> str:
        """A plain-text picture of the table."""
        ...

    def render_svg(self, state_or_view: S | V, *, names: Sequence[str] | None = None) -> str:
        """An SVG picture of the table (a view shows only what its player may see); ``names``
        replaces the players' names in it, one per player."""
        ...

    def check_config(self, config: C) -> None:
        """Raise ``InvalidConfigError`` (saying why) if ``config`` cannot be played."""
        ...

    def check_state(self, state: S) -> S:
        """``state`` if it is a playable state of the game; raises ``InvalidStateError`` if not."""
        ...

    def check_view(self, view: V) -> V:
        """``view`` if some playable state shows it to its player; raises ``InvalidViewError``
        if not."""
        ...

    def num_players(self, config: C) -> int:
        """How many players a game with this config seats."""
        ...

    def seat_names(self, config: C) -> tuple[str, ...]:
        """What the rules call each seat, player 0 first (``("red", "blue")`` in Alethi)."""
        ...

    def max_decisions(self, config: C) -> int:
        """An upper bound on the number of decisions in any game with this config."""
        ...

    def card_counts(self, state: S) -> Mapping[str, int]:
        """Every card of the game wherever it is, counted by card name (for conservation checks)."""
        ...

    def heuristic_bot(self) -> Bot[V, M]:
        """A fresh instance of the game's heuristic bot."""
        ...

    def evaluate(self, state: S) -> tuple[float, ...]:
        """Each player's expected return from ``state``: the outcome's returns once the game is
        over, otherwise a quick guess on the same scale (each between 0 and 1) from how far
        each side is from winning. Search bots score the playouts they stop early with it."""
        ...

    def events(
        self, before: S, move: M, after: S, *, viewer: int | None = None
    ) -> tuple[object, ...]:
        """What ``move`` did on its way from ``before`` to ``after``, as the game's small frozen
        event objects, in the order they happened (at least one). With ``viewer=p`` the events
        tell only what player ``p`` may know (``SPECTATOR``: what a watcher may know), and
        they depend on nothing but ``p``'s views of ``before`` and ``after``. Raises
        ``InvalidStateError`` for a state that is not the game's, ``IllegalMoveError`` unless
        ``after == apply_move(before, move)``,
        ``InvalidPlayerError`` for a viewer that is neither a player nor ``SPECTATOR``."""
        ...

    def format_event(self, event: Any) -> str:
        """One short English sentence that tells ``event``."""
        ...

    def num_actions(self, config: C | None = None) -> int:
        """How many actions a game of ``config`` (the default config if ``None``) numbers:
        fixed per config and at least 1, so that a learning agent sees one ``Discrete`` space.
        ``InvalidConfigError`` for a config the game cannot play."""
        ...

    def move_to_action(self, state_or_view: S | V, move: M) -> int:
        """The action that stands for ``move``, a legal move of the player who decides in
        ``state_or_view``: distinct legal moves have distinct actions, and
        ``action_to_move`` gives the move back. ``IllegalMoveError`` for any other move."""
        ...

    def action_to_move(self, state_or_view: S | V, action: int) -> M:
        """The legal move that ``action`` stands for now; ``IllegalMoveError`` for an action
        that is not an int of the space (a bool is not) or whose move is not legal now."""
        ...

    def action_mask(self, view: V) -> tuple[bool, ...]:
        """One flag per action: exactly the actions of the legal moves of ``view``'s player,
        worked out from the view alone; all ``False`` when another player decides or the
        game is over. ``InvalidViewError`` for a view no playable state shows."""
        ...

    def legal_actions(self, state_or_view: S | V) -> Mapping[int, M]:
        """The legal moves of the player who decides in ``state_or_view`` (for a view: of its
        player, none when another player decides), keyed by their actions, in increasing
        order of action: what ``move_to_action`` gives each legal move, worked out in one
        pass over the legal moves. ``InvalidStateError`` / ``InvalidViewError`` for a state
        or view the game refuses."""
        ...

    def observe(self, state: S, player: int) -> Sequence[float]:
        """``observation(view(state, player))``, made straight from ``state``, which the caller
        holds (``player`` may be ``SPECTATOR``): the same numbers, without checking again the
        view the library makes itself. ``InvalidStateError`` for a state the game refuses,
        ``InvalidPlayerError`` for a player who is not at the table."""
        ...

    def observe_into(self, state: S, player: int, out: ObservationBuffer) -> None:
        """``observe(state, player)`` written into ``out``: a writable sequence of floats as
        long as the observation whose numbers are all 0.0 (a zeroed list, or a memoryview of
        a zeroed float64 buffer, such as a numpy array's), so that a program keeps one buffer
        and no list is made between. Only the numbers that are not zero need to be written.
        Refuses what ``observe`` refuses; ``out`` may then be partly written."""
        ...

    def observation(self, view: V) -> tuple[float, ...]:
        """``view`` as finite numbers, laid out as the game's rules page documents: made from
        the view alone, so states that show a player the same view give the same observation.
        ``InvalidViewError`` for a view no playable state shows."""
        ...

    def observation_shape(self, config: C | None = None) -> tuple[int, ...]:
        """The shape of every observation of a game of ``config``: positive sizes whose
        product is the observation's length."""
        ...

    @property
    def playout(self) -> Playout:
        """How :class:`~cardgames.bots.ISMCTSBot` plays this game on from a new node unless it
        is told otherwise: the policy and length that searched best at a modest budget."""
        ...
