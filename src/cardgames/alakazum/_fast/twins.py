"""The draft a move works on, made as a writable twin of the next state itself.

A :class:`~cardgames.alakazum.draft.Draft` is the readable form: a mutable object of its own,
copied from the state and frozen into the next one at the end, which copies every field twice.
:func:`twin_drafts` makes the same draft for half the work: an object of a subclass of
``State`` that adds no slot (see ``cardgames._engine.writable_twin``), carrying the Draft's
methods, which its ``finish`` turns into a plain ``State``. What a Draft keeps beside the
state's fields lives in the state's slots meanwhile: the combat's draft in ``combat`` (a twin of
a ``Combat`` that becomes one), the next player's moves in ``_memo``, and the generator in
``rng``: the state's Rng until the move draws, then the generator's state as a bare int (an
Rng is made of it once, by ``finish``, however many draws the move made).
"""

from __future__ import annotations

from collections.abc import Callable
from types import FunctionType
from typing import Any

from cardgames._draft import draft_loader
from cardgames._engine import slot_filler, writable_twin
from cardgames.alakazum.cards import DIE_SIDES
from cardgames.alakazum.moves import Move
from cardgames.alakazum.state import TRUSTED, Combat, State
from cardgames.rng import Rng, draw_below

__all__ = ["blank_combat", "twin_drafts"]

_load = draft_loader(State, leave=("combat",))
_load_combat = draft_loader(Combat)
# A generator made at the end of a move that drew, as attrs' __init__ would make it.
_rng = slot_filler(Rng)
_new = object.__new__

_StateTwin: Any = writable_twin(State)
_CombatTwin: Any = writable_twin(Combat)
_NO_SLOTS: tuple[str, ...] = ()


class _TwinCombat(_CombatTwin):  # type: ignore[misc]  # a Combat once frozen
    """A combat draft that becomes the next state's combat: the combat a move found under way
    is copied into one, changed in place, and turned into a plain Combat when the move is done,
    instead of being copied a second time."""

    __slots__ = _NO_SLOTS  # the layout of a Combat, so that it can become one

    def freeze(self) -> Combat:
        """The combat as a frozen :class:`Combat`: this very object, turned into one."""
        twin: Any = self
        twin.__class__ = Combat
        combat: Combat = twin
        return combat


def blank_combat() -> Any:
    """A combat draft with no field set yet, which the move's ``finish`` turns into the next
    state's Combat instead of copying it (the draft's ``start_combat`` fills it)."""
    return _new(_TwinCombat)


class _TwinDraft(_StateTwin):  # type: ignore[misc]  # a State once finished
    """A Draft that becomes the next state (see :func:`twin_drafts`)."""

    __slots__ = _NO_SLOTS  # the layout of a State, so that it can become one

    @property
    def rng_state(self) -> int:
        """The generator's state, as a Draft keeps it."""
        rng: Any = self.rng
        return rng if type(rng) is int else rng.state

    @rng_state.setter
    def rng_state(self, value: int) -> None:
        twin: Any = self
        twin.rng = value

    @property
    def moves(self) -> tuple[Move, ...] | None:
        """The next player's moves, when the rules worked them out (kept as the memo)."""
        memo = self._memo
        return memo if type(memo) is tuple else None

    @moves.setter
    def moves(self, moves: tuple[Move, ...] | None) -> None:
        twin: Any = self
        twin._memo = TRUSTED if moves is None else moves

    def die(self) -> int:
        """A roll of the die, 1 to 6 (the Draft's, drawn from the generator the twin keeps in
        its ``rng`` without the two calls of the ``rng_state`` property)."""
        twin: Any = self
        rng = twin.rng
        value, twin.rng = draw_below(rng if type(rng) is int else rng.state, DIE_SIDES)
        return value + 1

    def finish(self) -> State:
        """The next state: this very object, its combat frozen, turned into a State."""
        twin: Any = self  # its slots hold the draft's values until now
        if type(twin.rng) is int:  # the move drew: the generator's state as the next Rng
            twin.rng = _rng(twin.rng)
        fight: Any = twin.combat
        if fight is not None:
            if type(fight) is _TwinCombat:
                twin.combat.__class__ = Combat
            else:  # a readable combat draft
                twin.combat = fight.freeze()
        twin.__class__ = State
        state: State = twin
        return state


def twin_drafts(draft: type) -> Callable[[State], Any]:
    """``draft_of(state)`` for the draft class ``draft``: a draft of ``state`` for one move that
    works as ``draft(state)`` does and whose ``finish`` gives the same next state.

    The twin takes ``draft``'s functions but its ``__init__``, ``finish`` and ``die`` (drawn
    above from the twin's own generator)."""
    for name, function in vars(draft).items():
        if isinstance(function, FunctionType) and name not in ("__init__", "finish", "die"):
            setattr(_TwinDraft, name, function)

    def draft_of(state: State) -> Any:
        d: Any = _new(_TwinDraft)
        _load(d, state)
        combat = state.combat
        if combat is None:
            d.combat = None
        else:  # a twin of the combat, filled like a combat draft
            d.combat = fight = _new(_TwinCombat)
            _load_combat(fight, combat)
        d._memo = TRUSTED
        return d

    return draft_of
