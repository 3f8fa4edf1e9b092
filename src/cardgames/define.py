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
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

import attrs

from cardgames import defaults, story
from cardgames._surface import public_dir
from cardgames.event_checks import EventLimits
from cardgames.game import Bot, Game, Outcome, Playout
from cardgames.registry import declared_module
from cardgames.serialization import register_event_types, register_game_types

__all__ = ["DEFAULTED", "FUNCTIONS", "NAMES", "REQUIRED", "define_game", "turn_queries"]

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
    "legal_actions",
    "observation",
    "observe",
    "observe_into",
    "observation_shape",
)

#: The names a game module must define: its classes, move classes and presets, and the
#: functions of the protocol that no default can stand for (``apply_move`` may be left out
#: when the module defines ``effects``, see :func:`define_game`).
REQUIRED = (
    "Config",
    "State",
    "View",
    "MOVE_TYPES",
    "PRESETS",
    "new_game",
    "legal_moves",
    "view",
    "resample",
    "check_state",
    "check_view",
    "render",
    "observation",
    "observation_shape",
)

#: Every name :func:`define_game` takes from a game module when the module defines it: the
#: required ones, the functions it defaults (:data:`DEFAULTED`) and ``EVENT_TYPES``.
NAMES = (*FUNCTIONS, "Config", "State", "View", "MOVE_TYPES", "PRESETS", "EVENT_TYPES")

#: The functions of the protocol that :func:`define_game` supplies when a game module leaves
#: them out, each by the function of :mod:`cardgames.defaults` (or of this module) named.
DEFAULTED: Mapping[str, str] = MappingProxyType(
    {
        "apply_move": "applying, around the module's effects(state, move)",
        "current_player": "turn_queries, from the state's to_move",
        "is_over": "turn_queries, from the state's result",
        "outcome": "turn_queries, from the state's result",
        "check_config": "config_check: the Config's type and its fields' validators",
        "num_players": "seating: players=N, or the config's players field",
        "seat_names": "seating: player 0, player 1, ...",
        "max_decisions": "bounded: max_decisions=N, or the config's max_decisions field",
        "card_counts": "card_counter: the state's fields named by cards=(...)",
        "heuristic_bot": "bot=SomeBot, or RandomChoice",
        "evaluate": "evaluation_by_outcome: the returns once over, an equal share before",
        "events": "story.decision_events: the decision as each viewer's view shows it, the end",
        "format_event": "story.event_sentences",
        "format_move": "notation: the move's class name, then its fields' values",
        "parse_move": "notation",
        "render_svg": "text_picture: the text table under the seats' names",
        "num_actions": "action_table, from actions=(...)",
        "move_to_action": "action_table",
        "action_to_move": "action_table",
        "action_mask": "action_table, the view's legal moves from a state resampled from it",
        "legal_actions": "actions_by_number: move_to_action of each legal move",
        "observe": "observing: observation(view(state, player))",
        "observe_into": "observing_into: observe(state, player) copied into the buffer",
    }
)


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
    module: str,
    *,
    name: str,
    playout: Playout | None = None,
    event_limits: EventLimits | None = None,
    players: int | None = None,
    max_decisions: int | None = None,
    cards: Sequence[str] | None = None,
    actions: Sequence[Any] | Callable[[Any], Sequence[Any]] | None = None,
    bot: Callable[[], Bot[Any, Any]] | None = None,
) -> Game[Any, Any, Any, Any]:
    """The :class:`~cardgames.Game` of the game module named ``module`` (pass ``__name__``).

    Everything else comes from the module, by name (:data:`NAMES`): its functions of the
    protocol (:data:`FUNCTIONS`), so ``GAME.legal_moves is legal_moves``; ``Config``,
    ``State`` and ``View`` as ``config_type``, ``state_type`` and ``view_type``; ``MOVE_TYPES``,
    every concrete move class; ``PRESETS``, the named configs, ``"default"`` first; and
    ``EVENT_TYPES``, every class of event that the game's ``events`` returns. ``name`` is the
    registry name and ``playout`` how search bots play this game on (random moves for 20
    decisions, unless given). Call it at the end of the module, once all of those names are
    defined; it also makes the game's classes (its events' too) known to
    :func:`cardgames.to_json` and :func:`cardgames.from_json`, and gives a module with an
    ``__all__`` and no ``__dir__`` a ``dir()`` of its public names.

    A module must define the names of :data:`REQUIRED`; the other functions are supplied when
    it leaves them out, as :data:`DEFAULTED` says (the functions of :mod:`cardgames.defaults`
    make them), from what it does define and from the keywords:

    - ``apply_move``: the legal move found (the memo, the legality check, the refusal) and the
      module's ``effects(state, move)`` applied to it; ``refusal(state, move)``, if the module
      defines it, gives the reason a move is refused;
    - ``players``: how many seats, when the config has no ``players`` field;
    - ``max_decisions``: the most decisions of a game, when the config has no
      ``max_decisions`` field;
    - ``cards``: the names of the state's fields that hold cards, for ``card_counts``;
    - ``actions``: every move the game can offer (or a function giving them for a config), in
      the order of their actions, for the four encodings;
    - ``bot``: the class (or function) that makes the game's heuristic bot.

    A module that tells no events of its own gets two event classes, ``GAME.Decided`` and
    ``GAME.GameOver`` (see :func:`cardgames.story.decision_events`).

    An event read from JSON is held to ``event_limits``
    (:func:`~cardgames.event_checks.check_event`): by default, player numbers below the most
    players a preset seats, and the core's bounds on texts and lists; a game whose configs seat
    more players than its presets, or whose events hold longer texts, passes its own.

    Each game gets a class of its own, so a test may patch one game's function on
    ``type(GAME)`` without touching the others. A name the module lacks, and no default can
    stand for, raises ``TypeError``: it is a mistake in the game's code, found when the game is
    first imported. So does a name of its ``__all__`` it does not define, and a ``name`` that
    another module has defined already, or that an installed entry point declares for another
    module: a game cannot take another game's name.
    """
    namespace = vars(sys.modules[module])
    required = [n for n in REQUIRED if n not in namespace]
    if "apply_move" not in namespace and "effects" not in namespace:
        required.append("apply_move (or effects)")
    if required:
        raise TypeError(f"game module {module} does not define {', '.join(required)}")
    # ``GAME`` is what this call makes; every other name of ``__all__`` is the module's own.
    listed = [n for n in namespace.get("__all__", ()) if n not in namespace and n != "GAME"]
    if listed:
        raise TypeError(f"game module {module} lists {', '.join(listed)} but does not define it")
    presets: Mapping[str, Any] = namespace["PRESETS"]
    if not presets or next(iter(presets)) != "default":
        raise TypeError(f"game module {module}: the first preset must be 'default'")
    _claim(name, module)
    functions = {n: namespace[n] for n in FUNCTIONS if n in namespace}
    extra = _fill_defaults(
        functions,
        namespace,
        name=name,
        module=module,
        players=players,
        max_decisions=max_decisions,
        cards=cards,
        actions=actions,
        bot=bot,
    )
    body: dict[str, Any] = {n: staticmethod(functions[n]) for n in FUNCTIONS}
    body.update(extra)
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
        event_types=tuple(namespace.get("EVENT_TYPES", extra.values())),
        presets=MappingProxyType(dict(presets)),
        playout=playout or Playout(),
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
    most = max(game.num_players(config) for config in game.presets.values())
    register_event_types(name, game.event_types, limits=event_limits or EventLimits(most))
    if "__all__" in namespace and "__dir__" not in namespace:
        namespace["__dir__"] = public_dir(namespace["__all__"])
    return game


def _field_names(cls: type) -> frozenset[str]:
    return frozenset(field.name for field in attrs.fields(cls)) if attrs.has(cls) else frozenset()


def _fill_defaults(
    functions: dict[str, Any],
    namespace: Mapping[str, Any],
    *,
    name: str,
    module: str,
    players: int | None,
    max_decisions: int | None,
    cards: Sequence[str] | None,
    actions: Sequence[Any] | Callable[[Any], Sequence[Any]] | None,
    bot: Callable[[], Bot[Any, Any]] | None,
) -> dict[str, type]:
    """Put in ``functions`` a default for each function of the protocol the module left out
    (see :func:`define_game`); the event classes made for a game without events of its own,
    by name."""
    f = functions
    config_type, state_type = namespace["Config"], namespace["State"]
    config_fields, state_fields = _field_names(config_type), _field_names(state_type)

    def missing(what: str, how: str) -> TypeError:
        return TypeError(f"game module {module} does not define {what}: {how}")

    if "apply_move" not in f:
        f["apply_move"] = defaults.applying(
            name,
            checked=f["check_state"],
            legal_moves=f["legal_moves"],
            effects=namespace["effects"],
            move_types=tuple(namespace["MOVE_TYPES"]),
            refusal=namespace.get("refusal"),
            owner=module,
        )
    queries = ("current_player", "is_over", "outcome")
    if any(q not in f for q in queries):
        if not {"to_move", "result"} <= state_fields:
            raise missing("current_player, is_over, outcome", "or keep to_move and result")
        made = dict(zip(queries, turn_queries(f["check_state"]), strict=True))
        f.update({q: made[q] for q in queries if q not in f})
    f.setdefault("check_config", defaults.config_check(config_type, name))
    if "num_players" not in f or "seat_names" not in f:
        if players is None and "players" not in config_fields:
            raise missing("num_players", "pass players=N, or give the config a players field")
        seats = defaults.seating(f["check_config"], players=players)
        f.setdefault("num_players", seats[0])
        f.setdefault("seat_names", seats[1])
    if "max_decisions" not in f:
        if max_decisions is None and "max_decisions" not in config_fields:
            raise missing("max_decisions", "pass max_decisions=N, or give the config the field")
        f["max_decisions"] = defaults.bounded(f["check_config"], most=max_decisions)
    if "card_counts" not in f:
        if cards is None:
            raise missing("card_counts", "pass cards=(the names of the state's card fields)")
        unknown = [c for c in cards if c not in state_fields]
        if unknown:
            raise missing("card_counts", f"the state has no field {', '.join(unknown)}")
        f["card_counts"] = defaults.card_counter(cards, f["check_state"])
    if "heuristic_bot" not in f:
        make = bot or defaults.RandomChoice
        f["heuristic_bot"] = lambda: make()
    f.setdefault("evaluate", defaults.evaluation_by_outcome(f["outcome"], f["num_players"]))
    if "format_move" not in f or "parse_move" not in f:
        written = defaults.notation(name, tuple(namespace["MOVE_TYPES"]))
        f.setdefault("format_move", written[0])
        f.setdefault("parse_move", written[1])
    f.setdefault("render_svg", defaults.text_picture(name, f["render"], f["seat_names"]))
    events: dict[str, type] = {}
    if "events" not in f:
        if "EVENT_TYPES" in namespace:
            raise missing("events", "a module with EVENT_TYPES tells its own events")
        events["Decided"] = story.event_class(story.Decided, module)
        events["GameOver"] = story.event_class(story.GameOver, module)
        f["events"] = story.decision_events(
            name,
            decided=events["Decided"],
            game_over=events["GameOver"],
            checked=f["check_state"],
            apply_move=f["apply_move"],
            players=lambda state: f["num_players"](state.config),
            current_player=f["current_player"],
            outcome=f["outcome"],
            view=f["view"],
            format_move=f["format_move"],
        )
    elif "EVENT_TYPES" not in namespace:
        raise missing("EVENT_TYPES", "a module that tells its own events lists their classes")
    f.setdefault("format_event", story.event_sentences(name))
    encodings = ("num_actions", "move_to_action", "action_to_move", "action_mask")
    if any(e not in f for e in encodings):
        if actions is None:
            raise missing(", ".join(encodings), "pass actions=(every move, in order)")
        encoded: dict[str, Any] = dict(
            zip(
                encodings,
                defaults.action_table(
                    name,
                    actions,
                    config_type=config_type,
                    check_config=f["check_config"],
                    state_type=state_type,
                    check_view=f["check_view"],
                    legal_moves=f["legal_moves"],
                    resample=f["resample"],
                    current_player=f["current_player"],
                    owner=module,
                ),
                strict=True,
            )
        )
        f.update({e: encoded[e] for e in encodings if e not in f})
    if "legal_actions" not in f:
        f["legal_actions"] = defaults.actions_by_number(
            state_type=state_type,
            legal_moves=f["legal_moves"],
            current_player=f["current_player"],
            move_to_action=f["move_to_action"],
            action_to_move=f["action_to_move"],
            action_mask=f["action_mask"],
        )
    f.setdefault("observe", defaults.observing(f["view"], f["observation"]))
    f.setdefault("observe_into", defaults.observing_into(f["observe"]))
    return events


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
