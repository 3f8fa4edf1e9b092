"""Alethi states in JSON, read and written field by field.

The library's converter can read and write any state by walking its classes; a state of this
game is read and written often (search, storage, the network), and the walk costs several
times the work. This module gives the converter one hook each way for :class:`State`: the
writer builds the JSON form straight from the fields, the reader takes a well-formed document
straight to a state. Anything the reader does not recognise at once (a wrong type anywhere, a
key too many or too few, a result, an unusual config) goes to the converter's own hook, which
reads it or says exactly where it is wrong, so a document loads, or fails, as it always did.
Either way the state then gets the full ``check_state`` of a loaded state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.alethi.cards import DEFAULT_ARMY, Cell, Colour, Kind
from cardgames.alethi.config import Config
from cardgames.alethi.state import Card, Phase, Placed, State, new_placed
from cardgames.rng import Rng

__all__ = ["read_state", "register", "write_state"]

_COLOURS = (Colour.RED, Colour.BLUE)
_KINDS: dict[str, Kind] = {kind.value: kind for kind in Kind}
_PHASES: dict[str, Phase] = {phase.value: phase for phase in Phase}
_DEFAULT = Config()
#: The configs of the presets but the variant army, by their JSON form, read as one object
#: each: the default (``{}``) and a fixed first player.
_CONFIGS = {0: Config(first_player=0), 1: Config(first_player=1)}
_NEW_CELL = tuple.__new__
_PLACED_KEYS = frozenset({"owner", "kind", "at"})
_CAPTURED_KEYS = frozenset({"owner", "kind", "at", "captured"})
_CARD_KEYS = frozenset({"owner", "kind"})
_STATE_KEYS = frozenset(
    {"config", "field", "barracks", "removed", "to_move", "phase", "turn", "result", "rng"}
)
#: The cards on the field met so far, by their JSON values: equal cards are one object, so a
#: document reads without making a card anew for every entry. Bounded, then started again.
_SEEN: dict[tuple[int, str, int, int, bool], Placed] = {}
_SEEN_MOST = 1 << 14
_INT_LIMIT = 1 << 64


class _UnusualError(Exception):
    """A document the quick reader leaves to the converter's own hook."""


def _colour(value: object) -> Colour:
    if type(value) is not int or not 0 <= value <= 1:
        raise _UnusualError
    return _COLOURS[value]


def _kind(value: object) -> Kind:
    if type(value) is not str:
        raise _UnusualError
    kind = _KINDS.get(value)
    if kind is None:
        raise _UnusualError
    return kind


def _placed(item: object) -> Placed:
    if type(item) is not dict:
        raise _UnusualError
    keys = item.keys()
    captured = False
    if keys != _PLACED_KEYS:
        if keys != _CAPTURED_KEYS or type(item["captured"]) is not bool:
            raise _UnusualError
        captured = item["captured"]
    at, owner, kind = item["at"], item["owner"], item["kind"]
    if type(at) is not list or len(at) != 2 or type(owner) is not int or type(kind) is not str:
        raise _UnusualError
    x, y = at
    if type(x) is not int or type(y) is not int:
        raise _UnusualError
    seen = (owner, kind, x, y, captured)
    card = _SEEN.get(seen)
    if card is None:
        if not -_INT_LIMIT < x < _INT_LIMIT or not -_INT_LIMIT < y < _INT_LIMIT:
            raise _UnusualError
        card = new_placed(_colour(owner), _kind(kind), _NEW_CELL(Cell, (x, y)), captured)
        if len(_SEEN) >= _SEEN_MOST:
            _SEEN.clear()
        _SEEN[seen] = card
    return card


def _config(data: object) -> Config:
    if type(data) is not dict:
        raise _UnusualError
    if not data:
        return _DEFAULT
    first = data.get("first_player")
    if len(data) != 1 or type(first) is not int or first not in _CONFIGS:
        raise _UnusualError
    return _CONFIGS[first]


def _plain(config: object) -> dict[str, int] | None:
    """The JSON form of a config that :func:`_config` reads, or ``None`` for another."""
    if (
        type(config) is not Config
        or config.army is not DEFAULT_ARMY
        or config.turn_limit is not None
    ):
        return None
    first = config.first_player
    if first is None:
        return {}
    return {"first_player": first} if type(first) is int and first in _CONFIGS else None


def _card(item: object) -> Card:
    if type(item) is not dict or item.keys() != _CARD_KEYS:
        raise _UnusualError
    return Card(_colour(item["owner"]), _kind(item["kind"]))


def _kinds(items: object) -> tuple[Kind, ...]:
    if type(items) is not list:
        raise _UnusualError
    return tuple(map(_kind, items))


def _quick(data: object) -> State:
    """The state ``data`` holds, if it is written the usual way; else ``_UnusualError``."""
    if type(data) is not dict or data.keys() != _STATE_KEYS:
        raise _UnusualError
    config, field, barracks, removed = (
        data["config"],
        data["field"],
        data["barracks"],
        data["removed"],
    )
    rng, turn, phase = data["rng"], data["turn"], data["phase"]
    if (
        data["result"] is not None
        or type(field) is not list
        or type(barracks) is not list
        or len(barracks) != 2
        or type(removed) is not list
        or type(rng) is not dict
        or rng.keys() != {"state"}
        or type(rng["state"]) is not int
        or not 0 <= rng["state"] < _INT_LIMIT
        or type(turn) is not int
        or not 0 <= turn < _INT_LIMIT
        or type(phase) is not str
        or phase not in _PHASES
    ):
        raise _UnusualError
    return State(
        _config(config),
        tuple(map(_placed, field)),
        (_kinds(barracks[0]), _kinds(barracks[1])),
        tuple(map(_card, removed)),
        _colour(data["to_move"]),
        _PHASES[phase],
        turn,
        None,
        Rng(rng["state"]),
    )


def read_state(fallback: Callable[[Any, Any], State]) -> Callable[[Any, Any], State]:
    """The converter's hook for reading a state: :func:`_quick`, or else ``fallback`` (the
    converter's own hook) for a document written otherwise."""

    def structure(data: Any, cls: Any) -> State:
        try:
            return _quick(data)
        except _UnusualError:
            return fallback(data, cls)

    return structure


def write_state(fallback: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The converter's hook for writing a state: its JSON form built field by field, the
    default config as its empty form; ``fallback`` (the converter's own hook) writes any state
    of another config or with a result, and any malformed one."""

    def unstructure(state: State) -> Any:
        config = _plain(getattr(state, "config", None))
        if (
            type(state) is not State
            or config is None
            or state.result is not None
            or type(state.field) is not tuple
            or type(state.removed) is not tuple
            or type(state.barracks) is not tuple
            or len(state.barracks) != 2
            or type(state.rng) is not Rng
        ):
            return fallback(state)
        field = []
        for card in state.field:
            if type(card) is not Placed or type(card.captured) is not bool:
                return fallback(state)
            item = {"owner": card.owner, "kind": card.kind, "at": card.at}
            if card.captured:
                item["captured"] = True
            field.append(item)
        removed = []
        for gone in state.removed:
            if type(gone) is not Card:
                return fallback(state)
            removed.append({"owner": gone.owner, "kind": gone.kind})
        red, blue = state.barracks
        if type(red) is not tuple or type(blue) is not tuple:
            return fallback(state)
        return {
            "config": config,
            "field": field,
            "barracks": [list(red), list(blue)],
            "removed": removed,
            "to_move": state.to_move,
            "phase": state.phase,
            "turn": state.turn,
            "result": None,
            "rng": {"state": state.rng.state},
        }

    return unstructure


#: The converter's own hooks for a state, which the quick ones fall back on (and the tests
#: hold them to).
generic_reader: Callable[[Any, Any], State]
generic_writer: Callable[[Any], Any]


def register() -> None:
    """Give the converter the hooks of this module (called once, when the game loads)."""
    from cardgames.serialization import converter

    global generic_reader, generic_writer  # set once, when the game loads
    generic_reader = converter.get_structure_hook(State)
    generic_writer = converter.get_unstructure_hook(State)
    converter.register_structure_hook(State, read_state(generic_reader))
    converter.register_unstructure_hook(State, write_state(generic_writer))
