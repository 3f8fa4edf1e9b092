"""Alakazum!'s moves as numbers, for learning agents: a fixed action space per config, and the
mask of the legal moves worked out from a view.

Every card of a config has a fixed identity: its place among the distinct names of the
config's card list (forest, then start cards), counted separately for characters, hand cards
and all cards. A move's action is its type's block, then its fields as identities, so that an
index always means the same decision: "face the forest with Moura", "drink Potion 2 as combat
points". Other players are numbered from the side to move (1 is the next seat), final enemies
by their place in the row, and a spell's hats as the multiset of hat names paid (at most four:
no spell costs more). The blocks and their sizes are in ``docs/rules/alakazum.md``.

A player's legal moves depend only on what that player sees (their hand, the table, the
enemies they know), so the mask is worked out on a stand-in state made from the view: the
hidden cards are left out, which no rule of the moves to list reads. The tests hold the mask
to the legal moves of the true state.
"""

from __future__ import annotations

import functools
import itertools

import attrs

from cardgames._engine import field_reader, find_move
from cardgames.alakazum.cards import CULTURES, Card, Culture, Kind
from cardgames.alakazum.checks import checked
from cardgames.alakazum.config import Config, all_cards, cards_by_name, check_config
from cardgames.alakazum.generate import generate
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
from cardgames.alakazum.state import Member, State, View
from cardgames.alakazum.view import view_problem
from cardgames.errors import IllegalMoveError, InvalidStateError, InvalidViewError
from cardgames.rng import Rng

__all__ = [
    "MOST_HATS",
    "Identities",
    "action_mask",
    "action_to_move",
    "check_form",
    "identities",
    "legal_from_view",
    "move_to_action",
    "num_actions",
]

#: The most hats a spell is paid with: none costs more than four, and a payment holds no hat
#: that could be left out, so every hat in it gives at least one energy.
MOST_HATS = max(SPELL_COSTS.values())
_EFFECTS = tuple(Effect)
_SPELLS = tuple(SPELL_COSTS)


def _index(names: tuple[str, ...]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


@attrs.frozen
class Identities:
    """The identities of a config's cards and the blocks of its action space."""

    players: int
    #: Every card name, then the characters', the hand cards', the meals', the brooms' and
    #: capes', in the order of the config's card list; the hats' sorted by name.
    names: tuple[str, ...]
    characters: tuple[str, ...]
    hand: tuple[str, ...]
    meals: tuple[str, ...]
    equipment: tuple[str, ...]
    hats: tuple[str, ...]
    #: Every payment in hats, as the sorted names a ``Cast`` holds, from ``()`` on.
    payments: tuple[tuple[str, ...], ...]
    cultures: tuple[Culture, ...]
    enemies: int
    #: Each block's name, first action and size, in the order of the move types.
    blocks: tuple[tuple[str, int, int], ...]
    size: int
    lookup: dict[str, dict[str, int]] = attrs.field(eq=False, repr=False)
    first: dict[str, int] = attrs.field(eq=False, repr=False)


@functools.lru_cache(maxsize=64)
def identities(config: Config) -> Identities:
    """The identities and blocks of ``config`` (already checked)."""
    cards: dict[str, Card] = {}
    for card in all_cards(config):
        cards.setdefault(card.name, card)
    names = tuple(cards)
    characters = tuple(n for n, c in cards.items() if c.kind is Kind.CHARACTER)
    hand = tuple(n for n, c in cards.items() if c.kind.is_hand)
    meals = tuple(n for n, c in cards.items() if c.kind is Kind.MEAL)
    equipment = tuple(n for n, c in cards.items() if c.kind in (Kind.BROOM, Kind.CAPE))
    hats = tuple(sorted(n for n, c in cards.items() if c.kind is Kind.HAT))
    payments = tuple(
        paid
        for count in range(MOST_HATS + 1)
        for paid in itertools.combinations_with_replacement(hats, count)
    )
    players, enemies, cultures = config.players, len(config.final_enemies), config.cultures
    c, h, others = len(characters), len(hand), players - 1
    sizes = (
        ("choose", c),
        ("fighter", c),
        ("support", c),
        ("drink", h * len(_EFFECTS)),
        ("pass", 1),
        ("market", h),
        ("use", h),
        ("use-meal", len(meals) * len(CULTURES)),
        ("use-on", len(equipment) * c),
        ("fight", c),
        ("cast", len(_SPELLS) * len(payments)),
        ("train", c),
        ("peek", enemies),
        ("swap", c * c),
        ("raise", c),
        ("alakazum", len(cultures) * enemies),
        ("doll", 1),
        ("give-card", h * others),
        ("give-half", 1),
        ("sacrifice", c),
        ("pass-die", others),
        ("keep", len(names)),
        ("place", len(names)),
        ("take", h),
    )
    blocks, start = [], 0
    for name, size in sizes:
        blocks.append((name, start, size))
        start += size
    lookup = {
        "names": _index(names),
        "characters": _index(characters),
        "hand": _index(hand),
        "meals": _index(meals),
        "equipment": _index(equipment),
    }
    return Identities(
        players=players,
        names=names,
        characters=characters,
        hand=hand,
        meals=meals,
        equipment=equipment,
        hats=hats,
        payments=payments,
        cultures=cultures,
        enemies=enemies,
        blocks=tuple(blocks),
        size=start,
        lookup=lookup,
        first={name: start for name, start, _ in blocks},
    )


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


@functools.lru_cache(maxsize=64)
def _payment_index(ids: Identities) -> dict[tuple[str, ...], int]:
    return {paid: i for i, paid in enumerate(ids.payments)}


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
        paid = _payment_index(ids)[move.hats]
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


# --- legal moves from a view ------------------------------------------------------------------

#: What a stand-in state takes from the view as it is: the open part of the table.
_OPEN = field_reader(View, State, leave=("to_move", "enemies", "held"))
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
    known = cards_by_name(view.config)
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
            shown.extend(c for c in (member.broom, member.cape) if c is not None)
    if view.combat is not None:
        shown.append(view.combat.opponent)
        shown.extend(card for _, card, _ in view.combat.potions)
    return all(
        type(card) is Card and type(card.name) is str and known.get(card.name) == card
        for card in shown
    )


def legal_from_view(view: View) -> tuple[Move, ...]:
    """The legal moves of the view's player now (``()`` while another player decides).

    ``InvalidViewError`` for a view whose form is wrong, or whose table the rules cannot list
    moves for.
    """
    view = check_form(view)
    me = view.player
    if view.to_move != me or view.result is not None:
        return ()
    config = view.config
    filler = all_cards(config)[0]
    enemy = config.final_enemies[0]
    players = config.players
    stand_in = State(
        **_OPEN(view),
        to_move=me,
        forest=(filler,) * view.forest_size,
        hands=tuple(view.hand if p == me else () for p in range(players)),
        enemies=tuple(enemy if e is None else e for e in view.enemies),
        known=tuple(
            frozenset(
                i for i, e in enumerate(view.enemies) if e is not None and not view.enemy_up[i]
            )
            if p == me
            else frozenset()
            for p in range(players)
        ),
        seen=tuple(len(view.forest_top) if p == me else 0 for p in range(players)),
        rng=_STAND_IN_RNG,
        held=view.held,
    )
    try:
        return generate(stand_in)
    except _MALFORMED:
        raise InvalidViewError("not an alakazum view whose legal moves can be listed") from None


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
        raise InvalidStateError(f"expected an alakazum State or View, got {type(table).__name__}")
    moves = legal_from_view(table)
    ids = identities(table.config)
    return moves, _actions(ids, table.player, moves), ids


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
    raise IllegalMoveError(f"action {action} is not a legal alakazum move now")


def action_mask(view: View) -> tuple[bool, ...]:
    """For every action, whether it is a legal move of the view's player now (all ``False``
    while another player decides, or once the game is over). ``InvalidViewError`` for a view
    that is not well-formed."""
    moves = legal_from_view(view)
    ids = identities(view.config)
    mask = [False] * ids.size
    for action in _actions(ids, view.player, moves):
        mask[action] = True
    return tuple(mask)
