"""AlakaSLAM for learning agents: a fixed action space per config, the mask of the legal moves,
and a view as a flat vector of numbers.

The actions are blocks, one per kind of move, in the order of ``MOVE_TYPES`` (the offsets are
tabled in ``docs/rules/alakaslam.md``, *Encodings for learning agents*). Within a block a move
is indexed by what it names, the same way in every state:

- characters in ``Character`` order, colours blue then red;
- cells of the court row by row from side 0's baseline, each row from the blue edge;
- cards by face: the faces the match is played with, in the order of the config's deck list;
- a hit or a support play by the multiset of faces it plays (1 to 3 cards, at most one
  Enchantment, no more copies of a face than the deck holds), smallest first;
- players by seat counted from the player who decides: 0 is themselves, 1 the next seat...
  so that "my partner serves" or "bind the opponent on my left" is one action in every seat.

A view is checked the way :func:`~cardgames.alakaslam.check_view` does, which deals the cards
it hides: the mask takes the legal moves of the state that check deals (the moves open to a
player depend only on what they see), and the last view checked is remembered, so that the
observation and the mask of one view cost one check.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import attrs

from cardgames import _kept
from cardgames._engine import find_move
from cardgames.alakaslam.cards import Card, CardKind, Character, Colour
from cardgames.alakaslam.config import MAX_HIT_CARDS, Config, check_config, deck_counts
from cardgames.alakaslam.court import ROWS, Cell
from cardgames.alakaslam.moves import (
    DECLINE,
    DONE,
    Call,
    Choose,
    Copy,
    Corner,
    Discard,
    DiscardStep,
    Hit,
    Keep,
    Meddle,
    Move,
    Mulligan,
    PickServer,
    Step,
    Support,
    Target,
)
from cardgames.alakaslam.notation import describe
from cardgames.alakaslam.rules import legal_moves
from cardgames.alakaslam.state import Phase, State, View
from cardgames.alakaslam.view import resample
from cardgames.alakaslam.view import view as view_of
from cardgames.defaults import copy_observation
from cardgames.errors import IllegalMoveError, excerpt
from cardgames.game import ObservationBuffer

__all__ = [
    "action_mask",
    "action_to_move",
    "legal_actions",
    "move_to_action",
    "num_actions",
    "observation",
    "observation_shape",
    "observe",
    "observe_into",
]


@attrs.frozen
class _Layout:
    """The encodings of one config, worked out once: every action's move (with seats counted
    from the player who decides) and the way back, the faces and the cells by index, and the
    observation's size (its slices are written in order by :func:`observation`)."""

    moves: tuple[Move, ...]
    actions: dict[Move, int]
    faces: dict[Card, int]
    copies: tuple[float, ...]
    cells: dict[Cell, int]
    players: int
    cards: float
    size: int


def _plays(faces: tuple[Card, ...], copies: dict[Card, int]) -> list[tuple[Card, ...]]:
    """Every multiset of 1-3 faces a hit may play, each sorted as a ``Hit`` keeps its cards."""
    found: list[tuple[Card, ...]] = []
    for size in range(1, MAX_HIT_CARDS + 1):
        for cards in itertools.combinations_with_replacement(sorted(faces), size):
            enchantments = sum(1 for card in cards if card.kind is CardKind.ENCHANT)
            if enchantments <= 1 and all(cards.count(c) <= copies[c] for c in set(cards)):
                found.append(cards)
    return found


@_kept.lru(32, owner=__name__)
def _layout(config: Config) -> _Layout:
    """The layout of ``config``, which has passed ``check_config``."""
    counts = deck_counts(config)
    faces = tuple(dict.fromkeys(e.card for e in config.deck if counts[e.card] > 0))
    players, columns = config.players, config.columns
    cells = tuple(Cell(col, row) for row in range(ROWS) for col in range(columns))
    seats = range(players)
    plays = _plays(faces, counts)
    moves: list[Move] = [
        *(Choose(c) for c in Character),
        Mulligan(),
        Keep(),
        *(Call(colour) for colour in Colour),
        *(PickServer(seat) for seat in seats),
        *(Copy(c) for c in Character),
        *(Corner(colour) for colour in Colour),
        *(Step(cell) for cell in cells),
        *(DiscardStep(face, cell) for face in faces for cell in cells),
        *(Meddle(seat, cell) for seat in seats for cell in cells),
        *(Hit(cards) for cards in plays),
        *(Support(cards) for cards in plays),
        *(Target(seat) for seat in seats),
        DECLINE,
        DONE,
        *(Discard(face) for face in faces),
    ]
    widths = _widths(players, len(faces), len(cells))
    return _Layout(
        moves=tuple(moves),
        actions={move: action for action, move in enumerate(moves)},
        faces={face: i for i, face in enumerate(faces)},
        copies=tuple(float(counts[face]) for face in faces),
        cells={cell: i for i, cell in enumerate(cells)},
        players=players,
        cards=float(sum(counts.values())),
        size=sum(widths),
    )


def _widths(players: int, faces: int, cells: int) -> tuple[int, ...]:
    """The widths of the observation's slices, in order (see :func:`observation`)."""
    characters = len(Character)
    return (
        *(1, len(Phase), players, players),  # over, phase, to move, queued
        *(players * characters, characters),  # each seat's character, Simon's copy
        *(faces, players, 1, faces, faces),  # hand, hand sizes, deck, discard, its top card
        *(players * cells, cells, 2, players),  # positions, ball, score, server
        *(4, players, players, faces, 1),  # four flags, moved, hitter, played, played count
        *(players, players, 1, 1),  # binds, pending binds, discards left, shots
    )


def _config_layout(config: Config | None) -> _Layout:
    config = Config() if config is None else config
    check_config(config)
    return _layout(config)


def num_actions(config: Config | None = None) -> int:
    """How many actions a match of ``config`` (the default one if ``None``) numbers: 446 in
    singles with the reconstructed deck. ``InvalidConfigError`` for a config it cannot play."""
    return len(_config_layout(config).moves)


def observation_shape(config: Config | None = None) -> tuple[int]:
    """The shape of :func:`observation` for ``config``: one flat vector (``(133,)`` in singles
    with the reconstructed deck)."""
    return (_config_layout(config).size,)


def _seated(move: Move, shift: int, players: int) -> Move:
    """``move`` with the seat it names moved on by ``shift`` seats (moves that name no seat
    are returned as they are): how absolute seats and seats counted from the player who
    decides are turned into each other."""
    kind = type(move)
    if kind is PickServer or kind is Target:
        return kind((move.player + shift) % players)  # type: ignore[union-attr]
    if kind is Meddle:
        return Meddle((move.player + shift) % players, move.to)  # type: ignore[union-attr]
    return move


def _moves_of_checked(view: View) -> tuple[Move, ...]:
    """The legal moves of ``view``'s player (``()`` when another player decides), once the
    view has passed the check of ``check_view`` (``InvalidViewError``)."""
    state = resample(view, seed=0)  # check_view's own check, keeping the state it deals
    return () if view.to_move != view.player else legal_moves(state)


#: The last view checked, with the legal moves of its player: ``observation`` and
#: ``action_mask`` are asked of the same view one after the other (views are frozen, so the
#: very view checked last still passes).
_seen = _kept.by_identity(_moves_of_checked, owner=__name__, most=1)


def _options(state_or_view: State | View) -> tuple[tuple[Move, ...], int]:
    """The legal moves of the player who decides, and that player (0 when nobody does)."""
    if isinstance(state_or_view, State):
        moves = legal_moves(state_or_view)  # checks the state (and refuses a subclass)
        return moves, state_or_view.to_move or 0
    return _seen(state_or_view), state_or_view.player


def move_to_action(state_or_view: State | View, move: Move) -> int:
    """The action that stands for ``move``, a legal move of the player who decides in
    ``state_or_view``; ``IllegalMoveError`` for any other move."""
    moves, me = _options(state_or_view)
    legal = find_move(moves, move)
    if legal is None:
        raise IllegalMoveError(f"{describe(move)}: not a legal move here, so it has no action")
    layout = _layout(state_or_view.config)
    return layout.actions[_seated(legal, -me, layout.players)]


def action_to_move(state_or_view: State | View, action: int) -> Move:
    """The legal move that ``action`` stands for in ``state_or_view``; ``IllegalMoveError``
    if ``action`` is not an int of the action space or its move is not legal now."""
    moves, me = _options(state_or_view)
    layout = _layout(state_or_view.config)
    if type(action) is not int or not 0 <= action < len(layout.moves):
        raise IllegalMoveError(
            f"an action must be an int 0-{len(layout.moves) - 1}, got {excerpt(action)}"
        )
    legal = find_move(moves, _seated(layout.moves[action], me, layout.players))
    if legal is None:
        raise IllegalMoveError(f"action {action} is not a legal move now")
    return legal


def action_mask(view: View) -> tuple[bool, ...]:
    """For each action, whether it is legal for ``view``'s player now: all ``False`` when
    another player decides or the match is over. ``InvalidViewError`` for a bad view."""
    moves = _seen(view)
    layout = _layout(view.config)
    mask = [False] * len(layout.moves)
    actions, me, players = layout.actions, max(view.player, 0), layout.players
    for move in moves:
        mask[actions[_seated(move, -me, players)]] = True
    return tuple(mask)


def legal_actions(state_or_view: State | View) -> dict[int, Move]:
    """The legal moves of the player who decides in ``state_or_view`` (for a view: of its
    player, none when another player decides), keyed by their actions in increasing order."""
    moves, me = _options(state_or_view)
    layout = _layout(state_or_view.config)
    actions, players = layout.actions, layout.players
    found = {actions[_seated(move, -me, players)]: move for move in moves}
    return dict(sorted(found.items()))


def observe(state: State, player: int) -> list[float]:
    """``observation(view(state, player))``, from the view made here of ``state``, which
    ``view`` checks: the view itself is not checked again (that check deals a state from it)."""
    return _observed(view_of(state, player))


def observe_into(state: State, player: int, out: ObservationBuffer) -> None:
    """``observe(state, player)`` written into ``out``, as long as the observation (the
    numbers are made as a list, then copied in one slice)."""
    copy_observation(out, observe(state, player))


def observation(view: View) -> tuple[float, ...]:
    """``view`` as a flat vector of numbers, each in ``[0, 1]``, laid out as
    ``docs/rules/alakaslam.md`` shows; seats are counted from the viewer (0 is the viewer,
    then the seats after them in turn; for a spectator's view, from seat 0).
    ``InvalidViewError`` for a bad view."""
    _seen(view)
    return tuple(_observed(view))


def _observed(view: View) -> list[float]:
    """The numbers of a view that is known to be good."""
    lay = _layout(view.config)
    out: list[float] = []
    # A spectator's view is laid out as seen from seat 0, with no hand.
    me, players, faces = max(view.player, 0), lay.players, lay.faces

    def seat_of(player: int | None) -> list[float]:
        row = [0.0] * players
        if player is not None:
            row[(player - me) % players] = 1.0
        return row

    def counts(cards: tuple[Card, ...], scale: Callable[[int], float]) -> list[float]:
        row = [0.0] * len(faces)
        for card in cards:
            row[faces[card]] += 1.0
        return [value / scale(i) for i, value in enumerate(row)]

    def one_hot(index: int | None, width: int) -> list[float]:
        row = [0.0] * width
        if index is not None:
            row[index] = 1.0
        return row

    by_copies = lay.copies.__getitem__
    characters = len(_CHARACTERS)
    out.append(float(view.result is not None))
    out += one_hot(_PHASES[view.phase], len(_PHASES))
    out += seat_of(view.to_move)
    out += _seat_flags(view.queue, me, players)
    for seat in range(players):
        player = (me + seat) % players
        own = view.characters[player] if player < len(view.characters) else None
        out += one_hot(None if own is None else _CHARACTERS[own], characters)
    copied = view.copied
    out += one_hot(None if copied is None else _CHARACTERS[copied], characters)
    out += counts(view.hand, by_copies)
    out += [view.hand_sizes[(me + seat) % players] / lay.cards for seat in range(players)]
    out.append(view.deck_size / lay.cards)
    out += counts(view.discard, by_copies)
    out += one_hot(faces[view.discard[-1]] if view.discard else None, len(faces))
    for seat in range(players):
        player = (me + seat) % players
        cell = view.positions[player] if player < len(view.positions) else None
        out += one_hot(None if cell is None else lay.cells[cell], len(lay.cells))
    out += one_hot(None if view.ball is None else lay.cells[view.ball], len(lay.cells))
    mine = me % 2
    target = view.config.points_to_win
    out += [view.score[mine] / target, view.score[1 - mine] / target]
    out += seat_of(view.server)
    out += [float(flag) for flag in (view.serving, view.free_step, view.meddled, view.locked)]
    out += _seat_flags(view.moved, me, players)
    out += seat_of(view.hitter)
    out += counts(view.played, lambda i: float(MAX_HIT_CARDS))
    out.append(view.played_count / MAX_HIT_CARDS)
    binds = [0.0] * players
    for player, need in enumerate(view.binds):
        binds[(player - me) % players] = need / MAX_HIT_CARDS
    out += binds
    pending = [0.0] * players
    for bind in view.pending:
        pending[(bind.player - me) % players] = min(bind.cards / MAX_HIT_CARDS, 1.0)
    out += pending
    out.append(view.discards_left / MAX_HIT_CARDS)
    out.append(min(view.shots / view.config.shot_limit, 1.0))
    return out


_PHASES = {phase: i for i, phase in enumerate(Phase)}
_CHARACTERS = {character: i for i, character in enumerate(Character)}


def _seat_flags(players: tuple[int, ...], me: int, count: int) -> list[float]:
    """A flag per seat, counted from ``me``: whether its player is among ``players``."""
    row = [0.0] * count
    for player in players:
        row[(player - me) % count] = 1.0
    return row
