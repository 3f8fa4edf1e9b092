"""Drafts: how a game's ``apply_move`` copies a frozen state into a writable draft, and how it
freezes the draft into the next state (engine, not rules).

A game's ``Draft`` class keeps the fields of its ``State`` in slots named like them
(:func:`draft_slots`), declares their types for the type checker, and takes the two functions
made here from the state class's own fields: :func:`draft_loader`, every field of a state
copied onto a draft, and :func:`draft_freezer`, the next state made of a draft's fields. Both
are written out as straight-line code, once, when the game is imported: a move runs through
them at every decision of a search, where a loop over the field names would cost more than the
rule itself.

Game code uses these; a program using the library never needs them (the module is private).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

import attrs

from cardgames._engine.codegen import compiled
from cardgames._engine.frozen import writable_twin

__all__ = ["draft_freezer", "draft_loader", "draft_slots"]

S = TypeVar("S")


def _field_names(state_type: type, *, init_only: bool) -> tuple[str, ...]:
    fields = attrs.fields(state_type)
    return tuple(field.name for field in fields if field.init or not init_only)


def _unknown(state_type: type, names: Collection[str], known: tuple[str, ...]) -> None:
    """Refuse, once at import, a name that is not a field of ``state_type``."""
    strangers = sorted(set(names) - set(known))
    if strangers:
        raise TypeError(f"{state_type.__name__} has no field {', '.join(strangers)}")


def draft_slots(state_type: type, *extra: str) -> tuple[str, ...]:
    """The slots of a draft of ``state_type``: the fields its ``__init__`` takes (so not the
    memo), in order, then ``extra``, the draft's own."""
    return (*_field_names(state_type, init_only=True), *extra)


def draft_loader(state_type: type[S], *, leave: Collection[str] = ()) -> Callable[[Any, S], None]:
    """A function ``load(draft, state)`` that sets each field of ``state`` that its class's
    ``__init__`` takes, but those named in ``leave``, on ``draft`` under the same name.

    What a draft's ``__init__`` does first; the fields left out are the ones the draft keeps
    in a form of its own (a combat as a draft of its own, say) and sets itself.
    """
    names = _field_names(state_type, init_only=True)
    _unknown(state_type, leave, names)
    body = "".join(f"    draft.{name} = state.{name}\n" for name in names if name not in leave)
    source = f"def load(draft, state):\n{body or '    pass'}\n"
    return compiled(source, "load", {}, what=f"draft_loader({state_type.__name__})")


def draft_freezer(
    state_type: type[S],
    *,
    given: tuple[str, ...] = (),
    fixed: Mapping[str, object] | None = None,
    doc: str | None = None,
) -> Callable[..., S]:
    """A function ``freeze(draft, *given)`` that makes a ``state_type`` of the draft's fields:
    each field from the draft's attribute of the same name, but the fields named in ``given``,
    from its further arguments in that order, and those in ``fixed``, always that value (the
    memo a state made by the rules starts with, say).

    Set as a draft class's ``finish`` method (with ``doc`` as its docstring) when the draft
    holds the state's fields as they are; a draft that keeps some in a form of its own (an
    ``Rng`` as its bare state, a combat as a draft) works them out in its ``finish`` and
    passes them as ``given``. The state is made as :func:`~cardgames._engine.frozen.slot_filler`
    makes it, without the checks of its ``__init__``: the rules' values need none.
    """
    fixed = dict(fixed or {})
    names = _field_names(state_type, init_only=False)
    _unknown(state_type, {*given, *fixed}, names)
    if set(given) & set(fixed) or len(set(given)) < len(given):
        raise TypeError("a field is given twice")
    # The state is made as slot_filler makes it (a writable twin filled by assignment, then
    # turned into a state_type), without calling it: a decision pays one call fewer. The twin
    # refuses a class whose __init__ does more than set its slots.
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": state_type}
    namespace["_twin"] = writable_twin(state_type)
    lines = []
    for name in names:
        if name in given:
            value = name
        elif name in fixed:
            namespace[f"_fixed_{name}"] = fixed[name]
            value = f"_fixed_{name}"
        else:
            value = f"_draft.{name}"
        lines.append(f"    _made.{name} = {value}\n")
    arguments = ", ".join(("_draft", *given))
    source = (
        f"def freeze({arguments}):\n    _made = _new(_twin)\n{''.join(lines)}"
        "    _made.__class__ = _cls\n    return _made\n"
    )
    freeze = compiled(source, "freeze", namespace, what=f"draft_freezer({state_type.__name__})")
    freeze.__doc__ = doc
    return freeze
