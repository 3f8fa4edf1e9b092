"""Alethi states in JSON, read and written field by field.

The library's converter can read and write any state by walking its classes; a state of this
game is read and written often (search, storage, the network), and the walk costs several
times the work. This module gives the converter one hook each way for :class:`State`: the
writer builds the JSON form straight from the fields, the reader takes a well-formed document
straight to a state, checking it on the way (:mod:`~cardgames.alethi.loading`). Anything the
reader does not recognise at once (a wrong type anywhere, a key too many or too few, a result,
an unusual config) goes to the converter's own hook, which reads it or says exactly where it is
wrong, so a document loads, or fails, as it always did. Either way the state then gets the
full ``check_state`` of a loaded state, which a state the reader checked passes at once.
The JSON text of a checked state is written straight from its fields
(:mod:`~cardgames.alethi.quick_text`), the same text the encoder makes of the hook's form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.alethi.cards import DEFAULT_ARMY
from cardgames.alethi.config import Config
from cardgames.alethi.loading import CONFIGS, UnusualError, read
from cardgames.alethi.quick_text import state_writer
from cardgames.alethi.state import Card, Placed, State
from cardgames.rng import Rng

__all__ = ["read_state", "register", "write_state"]


def _plain(config: object) -> dict[str, int] | None:
    """The JSON form of a config that :func:`~.loading.read` reads, or ``None`` for another."""
    if (
        type(config) is not Config
        or config.army is not DEFAULT_ARMY
        or config.turn_limit is not None
    ):
        return None
    first = config.first_player
    if first is None:
        return {}
    return {"first_player": first} if type(first) is int and first in CONFIGS else None


def read_state(fallback: Callable[[Any, Any], State]) -> Callable[[Any, Any], State]:
    """The converter's hook for reading a state: :func:`~.loading.read`, or else ``fallback``
    (the converter's own hook) for a document written otherwise."""

    def structure(data: Any, cls: Any) -> State:
        try:
            return read(data)
        except UnusualError:
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
    from cardgames._converter import encode, give_text_writer
    from cardgames.serialization import converter

    global generic_reader, generic_writer  # set once, when the game loads
    generic_reader = converter.get_structure_hook(State)
    generic_writer = converter.get_unstructure_hook(State)
    converter.register_structure_hook(State, read_state(generic_reader))
    unstructure = write_state(generic_writer)
    converter.register_unstructure_hook(State, unstructure)
    give_text_writer(unstructure, state_writer(unstructure, encode, _plain))
