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

from collections.abc import Callable
from typing import Any

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
    """The action of ``move``, a legal move of player ``me`` (so its names are the config's):
    worked out by the rule of its class (:data:`_ACTION_RULES`)."""
    rule = _ACTION_RULES.get(type(move))
    if rule is None:  # a subclass of a move class: its class's rule, found by isinstance
        rule = next(r for cls, r in _ACTION_RULES.items() if isinstance(move, cls))
    return rule(ids, me, move)


def _by_character(block: str) -> Callable[[Identities, int, Any], int]:
    def rule(ids: Identities, me: int, move: Any) -> int:
        return ids.first[block] + ids.lookup["characters"][move.character]

    return rule


def _alone(block: str) -> Callable[[Identities, int, Any], int]:
    return lambda ids, me, move: ids.first[block]


def _drink(ids: Identities, me: int, move: Drink) -> int:
    hand = ids.lookup["hand"]
    return ids.first["drink"] + hand[move.card] * len(_EFFECTS) + _EFFECTS.index(move.effect)


def _market(ids: Identities, me: int, move: Market) -> int:
    return ids.first["market"] + ids.lookup["hand"][move.card]


def _use(ids: Identities, me: int, move: UseObject) -> int:
    first, lookup = ids.first, ids.lookup
    if move.culture is not None:
        meal = lookup["meals"][move.card]
        return first["use-meal"] + meal * len(CULTURES) + CULTURES.index(move.culture)
    if move.character is not None:
        equipment = lookup["equipment"][move.card]
        character = lookup["characters"][move.character]
        return first["use-on"] + equipment * len(ids.characters) + character
    return first["use"] + lookup["hand"][move.card]


def _fight(ids: Identities, me: int, move: Fight) -> int:
    return ids.first["fight"] + ids.lookup["characters"][move.target]


def _cast(ids: Identities, me: int, move: Cast) -> int:
    paid = ids.paid[move.hats]
    return ids.first["cast"] + _SPELLS.index(move.spell) * len(ids.payments) + paid


def _peek(ids: Identities, me: int, move: Peek) -> int:
    return ids.first["peek"] + move.enemy


def _swap(ids: Identities, me: int, move: Swap) -> int:
    character = ids.lookup["characters"]
    mine = character[move.character]
    return ids.first["swap"] + mine * len(ids.characters) + character[move.target]


def _alakazum(ids: Identities, me: int, move: Alakazum) -> int:
    return ids.first["alakazum"] + ids.cultures.index(move.culture) * ids.enemies + move.enemy


def _give_card(ids: Identities, me: int, move: GiveCard) -> int:
    seats = ids.players
    seat = (move.player - me) % seats - 1
    return ids.first["give-card"] + ids.lookup["hand"][move.card] * (seats - 1) + seat


def _pass_die(ids: Identities, me: int, move: PassDie) -> int:
    return ids.first["pass-die"] + (move.player - me) % ids.players - 1


def _kept_card(block: str) -> Callable[[Identities, int, Any], int]:
    return lambda ids, me, move: ids.first[block] + ids.lookup["names"][move.card]


def _take(ids: Identities, me: int, move: Take) -> int:
    return ids.first["take"] + ids.lookup["hand"][move.card]


#: Each move class, and how its action is worked out: its block's first action, then the
#: move's fields numbered by the config's identities.
_ACTION_RULES: dict[type, Callable[[Identities, int, Any], int]] = {
    **{cls: _by_character(block) for cls, block in _BY_CHARACTER.items()},
    **{cls: _alone(block) for cls, block in _ALONE.items()},
    Drink: _drink,
    Market: _market,
    UseObject: _use,
    Fight: _fight,
    Cast: _cast,
    Peek: _peek,
    Swap: _swap,
    Alakazum: _alakazum,
    GiveCard: _give_card,
    PassDie: _pass_die,
    Keep: _kept_card("keep"),
    Place: _kept_card("place"),
    Take: _take,
}


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
