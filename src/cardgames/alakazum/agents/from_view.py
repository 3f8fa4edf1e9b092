"""The legal moves of an Alakazum! player worked out from their view alone, and the check of a
view's form that the encodings for learning agents ask of every view.

A player's legal moves depend only on what that player sees: their hand, the table, the final
enemies they know, the cards of their own Magic of the forest. So they are listed on a stand-in
state made from the view, whose hidden cards are left out: no rule that lists moves reads them
(the tests hold these moves to those of the true state). That costs about what listing the
moves of a state does, where dealing the hidden cards (``resample``) costs several times more.
"""

from __future__ import annotations

from cardgames._engine import field_reader, slot_filler
from cardgames.alakazum.agents.numbering import identities
from cardgames.alakazum.cards import Card
from cardgames.alakazum.generate import generate
from cardgames.alakazum.moves import Move
from cardgames.alakazum.state import Member, State, View
from cardgames.alakazum.view import view_problem
from cardgames.errors import InvalidViewError
from cardgames.rng import Rng

__all__ = ["check_form", "legal_from_view"]

#: What a stand-in state takes from the view as it is: the open part of the table.
_OPEN = field_reader(View, State, leave=("to_move", "enemies", "held"))
#: Makes the stand-in from all its fields, setting its slots (about half the cost of
#: ``State``'s ``__init__``).
_fill_state = slot_filler(State)
_NOTHING: frozenset[int] = frozenset()
#: The stand-in's generator: no move to list draws on it.
_STAND_IN_RNG = Rng.from_seed(0)
#: What a view that passes the check of its form may still hold that the rules cannot list
#: moves for (a combat phase without a combat, a name the config does not have).
_MALFORMED = (AssertionError, AttributeError, IndexError, KeyError, TypeError, ValueError)


def check_form(view: object) -> View:
    """``view`` if it is an alakazum View of a well-formed table of its config's cards; else
    ``InvalidViewError``.

    The check of every field's type and range (``view_problem``), and of every card shown
    against the config's card of that name, in time linear in the view's size. Whether some
    state has this view is ``check_view``'s question, which deals a whole state.
    """
    try:
        problem = view_problem(view)
    except AttributeError:  # a View made without its fields (by ``object.__new__``)
        problem = "it lacks fields of a View"
    if problem is not None:
        raise InvalidViewError(f"not a well-formed alakazum view: {problem}")
    assert isinstance(view, View)
    if not _cards_known(view):
        raise InvalidViewError("not an alakazum view of its config's cards")
    return view


def _cards_known(view: View) -> bool:
    """Whether every card ``view`` shows is its config's card of that name."""
    known = identities(view.config).cards
    shown: list[object] = [
        *view.hand,
        *view.market,
        *view.forest_top,
        *view.held,
        *view.cemetery,
        *view.start_row,
        *view.removed,
    ]
    for team in view.teams:
        for member in team:
            if type(member) is not Member:
                return False
            shown.append(member.card)
            if member.broom is not None:
                shown.append(member.broom)
            if member.cape is not None:
                shown.append(member.cape)
    if view.combat is not None:
        shown.append(view.combat.opponent)
        shown.extend(card for _, card, _ in view.combat.potions)
    for card in shown:
        if type(card) is not Card:
            return False
        name = card.name
        if type(name) is not str:
            return False
        mine = known.get(name)
        # The cards of a view the rules made are the config's very objects.
        if mine is not card and mine != card:
            return False
    return True


def legal_from_view(view: View) -> tuple[Move, ...]:
    """The legal moves of the view's player now (``()`` while another player decides).

    ``InvalidViewError`` for a view whose form is wrong, or whose table the rules cannot list
    moves for.
    """
    view = check_form(view)
    me = view.player
    if view.to_move != me or view.result is not None:
        return ()
    ids = identities(view.config)
    players = ids.players
    enemies = view.enemies
    stand_in = _fill_state(
        **_OPEN(view),
        to_move=me,
        forest=(ids.filler,) * view.forest_size,
        hands=tuple(view.hand if p == me else () for p in range(players)),
        enemies=tuple(ids.enemy if e is None else e for e in enemies),
        known=tuple(
            frozenset(i for i, e in enumerate(enemies) if e is not None and not view.enemy_up[i])
            if p == me
            else _NOTHING
            for p in range(players)
        ),
        seen=tuple(len(view.forest_top) if p == me else 0 for p in range(players)),
        rng=_STAND_IN_RNG,
        held=view.held,
        _memo=None,
    )
    try:
        return generate(stand_in)
    except _MALFORMED:
        raise InvalidViewError("not an alakazum view whose legal moves can be listed") from None
