"""Alakazum!'s moves as numbers, for learning agents: a fixed action space per config, and the
mask of the legal moves worked out from a view.

A move's action is its type's block, then its fields as the identities of the cards they name
(:mod:`cardgames.alakazum.agents.numbering`), so that an index always means the same decision: "face
the forest with Moura", "drink Potion 2 as combat points". Other players are numbered from the
side to move (1 is the next seat), final enemies by their place in the row, and a spell's hats
as the multiset of hat names paid. The blocks and their sizes are in
``docs/rules/alakazum.md``. The mask comes from the view alone
(:mod:`cardgames.alakazum.agents.from_view`).
"""

from __future__ import annotations

from cardgames._engine import find_move
from cardgames.alakazum.agents.from_view import legal_from_view
from cardgames.alakazum.agents.numbering import Identities, identities
from cardgames.alakazum.cards import CULTURES
from cardgames.alakazum.checks import checked
from cardgames.alakazum.config import Config, check_config
from cardgames.alakazum.moves import (
    MOVE_TYPES,
    SPELL_COSTS,
    Alakazum,
    Cast,
    Choose,
    Doll,
    Drink,
    Effect,
    Fight,
    Fighter,
    GiveCard,
    GiveHalf,
    Keep,
    Market,
    Move,
    Pass,
    PassDie,
    Peek,
    Place,
    Raise,
    Sacrifice,
    Support,
    Swap,
    Take,
    Train,
    UseObject,
)
from cardgames.alakazum.rules import legal_moves
from cardgames.alakazum.state import State, View
from cardgames.errors import IllegalMoveError, InvalidStateError, InvalidViewError, kind_of

__all__ = [
    "action_mask",
    "action_to_move",
    "legal_actions",
    "move_to_action",
    "num_actions",
]

_EFFECTS = tuple(Effect)
_SPELLS = tuple(SPELL_COSTS)


def num_actions(config: Config | None = None) -> int:
    """The size of the action space of a game of ``config`` (the default game: ``None``)."""
    config = Config() if config is None else config
    check_config(config)
    return identities(config).size


# --- moves as actions -------------------------------------------------------------------------

#: The block of each move type whose fields name one character, and of those with no field.
_BY_CHARACTER: dict[type, str] = {
    Choose: "choose",
    Fighter: "fighter",
    Support: "support",
    Train: "train",
    Raise: "raise",
    Sacrifice: "sacrifice",
}
_ALONE: dict[type, str] = {Pass: "pass", Doll: "doll", GiveHalf: "give-half"}


def _action(ids: Identities, me: int, move: Move) -> int:
    """The action of ``move``, a legal move of player ``me`` (so its names are the config's)."""
    first, lookup = ids.first, ids.lookup
    character, hand = lookup["characters"], lookup["hand"]
    if isinstance(move, Choose | Fighter | Support | Train | Raise | Sacrifice):
        return first[_BY_CHARACTER[type(move)]] + character[move.character]
    if isinstance(move, Pass | Doll | GiveHalf):
        return first[_ALONE[type(move)]]
    seats = ids.players
    if isinstance(move, Drink):
        return first["drink"] + hand[move.card] * len(_EFFECTS) + _EFFECTS.index(move.effect)
    if isinstance(move, Market):
        return first["market"] + hand[move.card]
    if isinstance(move, UseObject):
        if move.culture is not None:
            meal = lookup["meals"][move.card]
            return first["use-meal"] + meal * len(CULTURES) + CULTURES.index(move.culture)
        if move.character is not None:
            equipment = lookup["equipment"][move.card]
            return first["use-on"] + equipment * len(ids.characters) + character[move.character]
        return first["use"] + hand[move.card]
    if isinstance(move, Fight):
        return first["fight"] + character[move.target]
    if isinstance(move, Cast):
        paid = ids.paid[move.hats]
        return first["cast"] + _SPELLS.index(move.spell) * len(ids.payments) + paid
    if isinstance(move, Peek):
        return first["peek"] + move.enemy
    if isinstance(move, Swap):
        mine = character[move.character]
        return first["swap"] + mine * len(ids.characters) + character[move.target]
    if isinstance(move, Alakazum):
        return first["alakazum"] + ids.cultures.index(move.culture) * ids.enemies + move.enemy
    if isinstance(move, GiveCard):
        seat = (move.player - me) % seats - 1
        return first["give-card"] + hand[move.card] * (seats - 1) + seat
    if isinstance(move, PassDie):
        return first["pass-die"] + (move.player - me) % seats - 1
    if isinstance(move, Keep | Place):
        block = "keep" if isinstance(move, Keep) else "place"
        return first[block] + lookup["names"][move.card]
    assert isinstance(move, Take)
    return first["take"] + hand[move.card]


def _actions(ids: Identities, me: int, moves: tuple[Move, ...]) -> list[int]:
    """The action of each move listed from a view; ``InvalidViewError`` if one names a card,
    a culture or a place its config does not have (a view the rules could not have made)."""
    try:
        return [_action(ids, me, move) for move in moves]
    except (KeyError, ValueError, IndexError):
        raise InvalidViewError("not an alakazum view of its config's cards") from None


def _legal(table: State | View) -> tuple[tuple[Move, ...], list[int], Identities]:
    """The legal moves for ``table`` (for a view: its player's), their actions, and the
    identities of its config."""
    if type(table) is State:
        state = checked(table)
        ids = identities(state.config)
        moves = legal_moves(state)
        me = state.to_move
        return moves, [] if me is None else [_action(ids, me, m) for m in moves], ids
    if type(table) is not View:
        raise InvalidStateError(f"expected an alakazum State or View, got {kind_of(table)}")
    moves = legal_from_view(table)
    ids = identities(table.config)
    return moves, _actions(ids, table.player, moves), ids


def legal_actions(state_or_view: State | View) -> dict[int, Move]:
    """The legal moves of the player who decides (for a view: of its player, none while
    another player decides), keyed by their actions in increasing order: every action worked
    out in one pass."""
    moves, actions, _ = _legal(state_or_view)
    return dict(sorted(zip(actions, moves, strict=True)))


def move_to_action(state_or_view: State | View, move: Move) -> int:
    """The action of ``move``, which must be legal now (for a view: legal for its player).

    ``IllegalMoveError`` for a move that is not.
    """
    moves, actions, _ = _legal(state_or_view)
    found = find_move(moves, move) if isinstance(move, MOVE_TYPES) else None
    if found is None:
        raise IllegalMoveError("not a legal alakazum move here, so it has no action")
    return actions[moves.index(found)]


def action_to_move(state_or_view: State | View, action: int) -> Move:
    """The legal move that ``action`` stands for now (for a view: for its player).

    ``IllegalMoveError`` for anything but an int that is the action of a legal move now.
    """
    moves, actions, ids = _legal(state_or_view)
    if type(action) is not int or not 0 <= action < ids.size:
        raise IllegalMoveError(f"an alakazum action is an int 0-{ids.size - 1}")
    for move, its in zip(moves, actions, strict=True):
        if its == action:
            return move
    raise IllegalMoveError("that action is not a legal alakazum move now")


def action_mask(view: View) -> tuple[bool, ...]:
    """For every action, whether it is a legal move of the view's player now (all ``False``
    while another player decides, or once the game is over). ``InvalidViewError`` for a view
    that is not well-formed."""
    moves = legal_from_view(view)
    ids = identities(view.config)
    if not moves:
        return ids.no_moves
    mask = [False] * ids.size
    for action in _actions(ids, view.player, moves):
        mask[action] = True
    return tuple(mask)
