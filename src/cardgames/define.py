"""How a game module becomes a :class:`~cardgames.Game`: :func:`define_game`, and
:func:`turn_queries` for the three questions most games answer straight from their state.

A game is a package whose top module defines the functions of the :class:`~cardgames.Game`
protocol (``new_game``, ``legal_moves``, ``apply_move``, ...) and the classes ``Config``,
``State`` and ``View``. At its end it calls :func:`define_game`, which gathers those names into
the game's ``GAME`` object and makes its classes known to :func:`cardgames.to_json` and
:func:`cardgames.from_json`. The registry then finds ``GAME`` through the package's entry point
in the ``cardgames.games`` group (see "Adding a game" in the documentation).

>>> from cardgames import alethi
>>> alethi.GAME
<cardgames game 'alethi'>
>>> alethi.GAME.legal_moves is alethi.legal_moves
True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from cardgames.event_checks import EventLimits
from cardgames.game import Game, Outcome, Playout
from cardgames.registry import declared_module
from cardgames.serialization import register_event_types, register_game_types

__all__ = ["FUNCTIONS", "NAMES", "define_game", "turn_queries"]

S = TypeVar("S")

#: The functions of the :class:`~cardgames.Game` protocol that a game module defines under
#: these names; :func:`define_game` takes each of them from the module.
FUNCTIONS = (
    "new_game",
    "current_player",
    "legal_moves",
    "apply_move",
    "is_over",
    "outcome",
    "view",
    "resample",
    "format_move",
    "parse_move",
    "render",
    "render_svg",
    "check_config",
    "check_state",
    "check_view",
    "num_players",
    "seat_names",
    "max_decisions",
    "card_counts",
    "heuristic_bot",
    "evaluate",
    "events",
    "format_event",
    "num_actions",
    "move_to_action",
    "action_to_move",
    "action_mask",
    "observation",
    "observation_shape",
)

#: Every name :func:`define_game` takes from a game module: the functions, the classes, the
#: move classes and the presets.
NAMES = (*FUNCTIONS, "Config", "State", "View", "MOVE_TYPES", "PRESETS", "EVENT_TYPES")


def _game_of(module: str) -> Game[Any, Any, Any, Any]:
    """The ``GAME`` of a game module: how a pickled game comes back as the game itself."""
    game: Game[Any, Any, Any, Any] = importlib.import_module(module).GAME
    return game


# The module that defined each game name so far.
_DEFINED: dict[str, str] = {}


def _claim(name: str, module: str) -> None:
    """Let ``module`` define the game ``name``, unless another module owns that name: one that
    defined it already, or the one the registry's entry point of the name declares.

    The JSON of a game is registered under its name, so a module of another distribution that
    defined a game called ``alethi`` would otherwise replace how Alethi's documents load.
    """
    owner = _DEFINED.get(name)
    if owner is None and module != f"{__package__}.{name}":  # this library's own game is its own
        owner = declared_module(name)
    if owner is not None and owner != module:
        raise TypeError(f"game module {module}: the game name {name!r} belongs to {owner}")
    _DEFINED[name] = module


class _Defined:
    """The base of every defined game's class: how it shows and how it pickles."""

    __slots__ = ()
    name: str
    module: str

    def __repr__(self) -> str:
        return f"<cardgames game {self.name!r}>"

    def __reduce__(self) -> tuple[Callable[[str], Game[Any, Any, Any, Any]], tuple[str]]:
        return _game_of, (self.module,)


def define_game(
    module: str, *, name: str, playout: Playout, event_limits: EventLimits | None = None
) -> Game[Any, Any, Any, Any]:
    """The :class:`~cardgames.Game` of the game module named ``module`` (pass ``__name__``).

    Everything else comes from the module, by name (:data:`NAMES`): its functions of the
    protocol (:data:`FUNCTIONS`), so ``GAME.legal_moves is legal_moves``; ``Config``,
    ``State`` and ``View`` as ``config_type``, ``state_type`` and ``view_type``; ``MOVE_TYPES``,
    every concrete move class; ``PRESETS``, the named configs, ``"default"`` first; and
    ``EVENT_TYPES``, every class of event that the game's ``events`` returns.
    ``name`` is the registry name and ``playout`` how search bots play this game on. Call it
    at the end of the module, once all of those names are defined; it also makes the game's
    classes (its events' too) known to :func:`cardgames.to_json` and :func:`cardgames.from_json`.
    An event read from JSON is held to ``event_limits``
    (:func:`~cardgames.event_checks.check_event`): by default, player numbers below the most
    players a preset seats, and the core's bounds on texts and lists; a game whose configs seat
    more players than its presets, or whose events hold longer texts, passes its own.

    Each game gets a class of its own, so a test may patch one game's function on
    ``type(GAME)`` without touching the others. A name the module lacks raises ``TypeError``:
    it is a mistake in the game's code, found when the game is first imported. So does a
    ``name`` that another module has defined already, or that an installed entry point
    declares for another module: a game cannot take another game's name.
    """
    namespace = vars(sys.modules[module])
    missing = [n for n in NAMES if n not in namespace]
    if missing:
        raise TypeError(f"game module {module} does not define {', '.join(missing)}")
    presets: Mapping[str, Any] = namespace["PRESETS"]
    if not presets or next(iter(presets)) != "default":
        raise TypeError(f"game module {module}: the first preset must be 'default'")
    _claim(name, module)
    body: dict[str, Any] = {n: staticmethod(namespace[n]) for n in FUNCTIONS}
    body.update(
        __slots__=(),
        __doc__=f"The ``cardgames.Game`` of {name}.",
        __module__=module,
        __qualname__=f"_{name.title()}Game",
        name=name,
        module=module,
        config_type=namespace["Config"],
        state_type=namespace["State"],
        view_type=namespace["View"],
        move_types=tuple(namespace["MOVE_TYPES"]),
        event_types=tuple(namespace["EVENT_TYPES"]),
        presets=MappingProxyType(dict(presets)),
        playout=playout,
    )
    game: Game[Any, Any, Any, Any] = type(body["__qualname__"], (_Defined,), body)()
    register_game_types(
        name,
        config=game.config_type,
        state=game.state_type,
        view=game.view_type,
        moves=game.move_types,
        check_config=game.check_config,
        check_state=game.check_state,
        check_view=game.check_view,
    )
    players = max(game.num_players(config) for config in game.presets.values())
    register_event_types(name, game.event_types, limits=event_limits or EventLimits(players))
    return game


class _Turns(Protocol):
    @property
    def to_move(self) -> int | None: ...
    @property
    def result(self) -> Outcome | None: ...


T = TypeVar("T", bound=_Turns)


def turn_queries(
    checked: Callable[[object], T],
) -> tuple[
    Callable[[T], int | None],
    Callable[[T], bool],
    Callable[[T], Outcome | None],
]:
    """``current_player``, ``is_over`` and ``outcome`` of a game whose states keep the player
    to decide in ``to_move`` (``None`` once over) and the outcome in ``result``.

    ``checked`` is the game's check of a state (its ``check_state``, or the quick check its
    rules use): each query checks the state first, so a malformed one is refused the same way
    by all three.
    """

    def current_player(state: T) -> int | None:
        """The player who decides now, or ``None`` once the game is over."""
        return checked(state).to_move

    def is_over(state: T) -> bool:
        """Whether the game has ended."""
        return checked(state).result is not None

    def outcome(state: T) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return checked(state).result

    for query in (current_player, is_over, outcome):
        query.__module__ = checked.__module__
        query.__qualname__ = query.__name__
    return current_player, is_over, outcome
