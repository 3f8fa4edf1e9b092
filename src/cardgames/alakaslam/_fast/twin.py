"""The draft a move works on: a writable twin of the next state, with the functions of the
readable :class:`~cardgames.alakaslam.draft.Draft`, which becomes that state when the move is
done (each field copied once, where the readable draft copies it in and out)."""

from __future__ import annotations

from types import FunctionType
from typing import Any

from cardgames._engine import writable_twin
from cardgames.alakaslam.config import Config, deck_cards
from cardgames.alakaslam.draft import TRUSTED, Draft, load_state
from cardgames.alakaslam.state import Phase, State
from cardgames.rng import Rng

__all__ = ["blank_draft", "draft_of"]

_MULLIGAN = Phase.MULLIGAN

_new = object.__new__
_StateTwin: Any = writable_twin(State)
_NO_SLOTS: tuple[str, ...] = ()


class _TwinDraft(_StateTwin):  # type: ignore[misc]  # a State once finished
    """A :class:`Draft` that becomes the next state: see :func:`draft_of`."""

    __slots__ = _NO_SLOTS  # the layout of a State, so that it can become one

    def finish(self) -> State:
        """The next state: this very object, trusted by the rules, turned into a State."""
        twin: Any = self
        twin._memo = TRUSTED
        twin.__class__ = State
        state: State = twin
        return state

    def draw(self, player: int, count: int, from_discard: int = 0) -> None:
        """:meth:`Draft.draw`, looked up on the Draft at each call: whatever stands for it
        there (a test's card-by-card reading) stands for it here too."""
        Draft.draw(self, player, count, from_discard)


def _share_methods(twin: type, draft: type) -> None:
    """Give ``twin`` the functions and properties of ``draft`` that it does not define
    itself, but its special methods (``__init__``: a twin is made by :func:`draft_of`)."""
    own = vars(twin)
    for name, member in vars(draft).items():
        special = name.startswith("__")
        if isinstance(member, FunctionType | property) and name not in own and not special:
            setattr(twin, name, member)


# The rules' operations on a draft are the Draft's own functions and properties.
_share_methods(_TwinDraft, Draft)


def draft_of(state: State) -> Draft:
    """A draft of ``state`` for one move: it works as ``Draft(state)`` does and its ``finish``
    gives the same next state, copying each field once instead of twice."""
    d: Any = _new(_TwinDraft)
    load_state(d, state)
    draft: Draft = d
    return draft


def blank_draft(config: Config, rng: Rng) -> Draft:
    """:meth:`Draft.blank` as :func:`draft_of` makes a draft: a match before anything is
    dealt, the whole deck in order."""
    d: Any = _new(_TwinDraft)
    d.config, d.phase, d.to_move, d.queue = config, _MULLIGAN, 0, ()
    d.characters, d.copied, d.deck, d.discard = (), None, deck_cards(config), ()
    d.hands, d.positions, d.ball = ((),) * config.players, (), None
    d.score, d.server, d.rng = (0, 0), None, rng
    d.serving, d.free_step, d.moved, d.meddled = False, False, (), False
    d.hitter, d.played, d.binds, d.locked, d.pending = None, (), (), False, ()
    d.discards_left, d.shots, d.last_point, d.result = 0, 0, None, None
    d.last_mover, d.last_move = None, None
    draft: Draft = d
    return draft
