"""Le Rally for learning agents: a fixed action space per config, the mask of the legal moves,
and a view as a flat vector of numbers.

Actions are numbered in blocks, the same for every state of a config:

- ``0``: pick up;
- ``1 .. 4``: the offense card landing in ``BL``, ``BR``, ``NL``, ``NR`` (``Section`` order);
- ``5 ..``: play one card, one action per face of the config's card list, in list order;
- then the lobs: for each shot face of the list with two copies or more, in list order, one
  action for each count from 2 to the face's number of copies.

A card is named by its face, not by where it sits in a hand: "play a Baseline Winner" means the
same thing in every state, which is what a policy can learn. The observation is laid out in
``docs/rules/lerally.md`` (*Encodings for learning agents*); everything in it is a count, a
flag or a number scaled by a bound the config gives, so each value lies in ``[0, 1]``.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import cast

import attrs

from cardgames import _kept
from cardgames._engine import find_move
from cardgames.errors import IllegalMoveError, excerpt
from cardgames.game import ObservationBuffer
from cardgames.lerally.cards import Card, CardKind, Section
from cardgames.lerally.checks import check_view
from cardgames.lerally.config import Config, check_config
from cardgames.lerally.moves import MIN_LOB, Lob, Move, Offense, PickUp, Play
from cardgames.lerally.notation import describe
from cardgames.lerally.rules import legal_moves, view_moves
from cardgames.lerally.score import side_of_player
from cardgames.lerally.state import Score, State, View
from cardgames.lerally.view import view as view_of

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

#: The most games a side can hold in a set of each format, the finished match's last set
#: included (Shot Gun counts none: its bound is 1 only so that nothing is divided by 0).
_GAMES_BOUND = {"shot-gun": 1, "one-game": 3, "fast-four": 4, "one-set": 7}


@attrs.frozen
class _Layout:
    """What the encodings of one config work from, worked out once per config.

    ``moves`` is every action's move, by action; ``actions`` the way back. ``faces`` numbers
    the faces of the card list and ``copies`` holds each face's number of copies (at least 1,
    to scale counts by). The observation's slices start at the offsets named after them.
    """

    moves: tuple[Move, ...]
    actions: dict[Move, int]
    faces: dict[Card, int]
    copies: tuple[float, ...]
    players: int
    sides: int
    cards: float
    attack_bound: float
    games_bound: float
    sets_bound: float
    to_move: int
    last: int
    server: int
    ball: int
    attack: int
    totals: int
    hand: int
    pile: int
    cleared: int
    hand_sizes: int
    sets: int
    games: int
    size: int


@_kept.lru(32, owner=__name__)
def _layout(config: Config) -> _Layout:
    """The layout of ``config``, which has passed ``check_config``."""
    entries = config.cards
    moves: list[Move] = [PickUp(), *(Offense(section) for section in Section)]
    moves.extend(Play(entry.card) for entry in entries)
    for entry in entries:
        if entry.card.kind is CardKind.SHOT:
            moves.extend(Lob(entry.card, n) for n in range(MIN_LOB, entry.count + 1))
    faces = len(entries)
    players, sides = config.players, config.sides
    offsets: list[int] = []
    at = 2  # the two flags: the match is over, the player to move leads
    for width in (players, players, players, len(Section), faces, 1, faces, faces, faces):
        offsets.append(at)
        at += width
    to_move, last, server, ball, attack, totals, hand, pile, cleared = offsets
    hand_sizes = at
    sets = hand_sizes + players + 1  # the deck's size follows the hands' sizes
    games = sets + sides
    size = games + sides + 2  # then the to-seven flag and the rally's decisions
    # Only identical attack cards add up (Hot Shots), so no total passes a face's copies.
    attack_cards = max(
        (e.card.value * e.count for e in entries if e.card.kind is CardKind.ATTACK), default=1
    )
    return _Layout(
        moves=tuple(moves),
        actions={move: action for action, move in enumerate(moves)},
        faces={entry.card: i for i, entry in enumerate(entries)},
        copies=tuple(float(max(entry.count, 1)) for entry in entries),
        players=players,
        sides=sides,
        cards=float(max(sum(entry.count for entry in entries), 1)),
        attack_bound=float(max(attack_cards, 1)),
        games_bound=float(_GAMES_BOUND[config.format.value]),
        sets_bound=float(config.sets_to_win),
        to_move=to_move,
        last=last,
        server=server,
        ball=ball,
        attack=attack,
        totals=totals,
        hand=hand,
        pile=pile,
        cleared=cleared,
        hand_sizes=hand_sizes,
        sets=sets,
        games=games,
        size=size,
    )


def _config_layout(config: Config | None) -> _Layout:
    config = Config() if config is None else config
    check_config(config)
    return _layout(config)


def num_actions(config: Config | None = None) -> int:
    """How many actions a match of ``config`` (the default one if ``None``) numbers: 75 for
    the reconstructed card list. ``InvalidConfigError`` for a config it cannot play."""
    return len(_config_layout(config).moves)


def observation_shape(config: Config | None = None) -> tuple[int]:
    """The shape of :func:`observation` for ``config``: one flat vector, ``(110,)`` for two
    players and the reconstructed card list."""
    return (_config_layout(config).size,)


def _moves_of_checked(view: View) -> tuple[Move, ...]:
    """The legal moves of ``view``'s player, once ``check_view`` has passed the view."""
    return view_moves(check_view(view))  # refuses anything but a playable view


#: The last view checked, with its player's legal moves: an agent asks for the observation
#: and the mask of one view in a row, and the view's check is most of what either costs (views
#: are frozen, so the very view checked last still passes).
_seen = _kept.by_identity(_moves_of_checked, owner=__name__, most=1)


def _legal(state_or_view: State | View) -> tuple[Move, ...]:
    """The legal moves of a checked state, or of a view's player (``()`` if not to move)."""
    if isinstance(state_or_view, State):
        return legal_moves(state_or_view)  # refuses a subclass
    return _seen(state_or_view)


def move_to_action(state_or_view: State | View, move: Move) -> int:
    """The action that stands for ``move``, a legal move of the player to move in
    ``state_or_view``; ``IllegalMoveError`` for any other move."""
    legal = find_move(_legal(state_or_view), move)
    if legal is None:
        raise IllegalMoveError(f"{describe(move)}: not a legal move here, so it has no action")
    return _layout(state_or_view.config).actions[legal]


def action_to_move(state_or_view: State | View, action: int) -> Move:
    """The legal move that ``action`` stands for in ``state_or_view``; ``IllegalMoveError``
    if ``action`` is not an int of the action space or its move is not legal now."""
    moves = _legal(state_or_view)
    table = _layout(state_or_view.config).moves
    if type(action) is not int or not 0 <= action < len(table):
        raise IllegalMoveError(
            f"an action must be an int 0-{len(table) - 1}, got {excerpt(action)}"
        )
    legal = find_move(moves, table[action])
    if legal is None:
        raise IllegalMoveError(f"action {action} ({describe(table[action])}) is not legal now")
    return legal


def action_mask(view: View) -> tuple[bool, ...]:
    """For each action, whether it is legal for ``view``'s player now: all ``False`` when
    another player is to move or the match is over. ``InvalidViewError`` for a bad view."""
    moves = _seen(view)
    layout = _layout(view.config)
    mask = [False] * len(layout.moves)
    for move in moves:
        mask[layout.actions[move]] = True
    return tuple(mask)


def legal_actions(state_or_view: State | View) -> dict[int, Move]:
    """The legal moves of the player to move in ``state_or_view`` (for a view: of its player,
    none when another player is to move), keyed by their actions in increasing order."""
    actions = _layout(state_or_view.config).actions
    found = {actions[move]: move for move in _legal(state_or_view)}
    return dict(sorted(found.items()))


def observation(view: View) -> tuple[float, ...]:
    """``view`` as a flat vector of numbers, each in ``[0, 1]``, laid out as
    ``docs/rules/lerally.md`` shows; seats are counted from the viewer (0 is the viewer, then
    the players after them in turn; for a spectator's view, from seat 0). ``InvalidViewError``
    for a bad view."""
    _seen(view)
    return tuple(_observed(view))


def observe(state: State, player: int) -> list[float]:
    """``observation(view(state, player))``, from the view made here of ``state``, which
    ``view`` checks: the view itself is not checked again."""
    return _observed(view_of(state, player))


def observe_into(state: State, player: int, out: ObservationBuffer) -> None:
    """``observe(state, player)`` written into ``out``, as long as the observation and all
    zeros: only the numbers that are not zero are written."""
    _fill(cast("MutableSequence[float]", out), view_of(state, player))


def _observed(view: View) -> list[float]:
    """The numbers of a view that is known to be good."""
    out = [0.0] * _layout(view.config).size
    _fill(out, view)
    return out


def _fill(out: MutableSequence[float], view: View) -> None:
    """Write the numbers of a view that is known to be good into ``out``, all zeros."""
    config = view.config
    lay = _layout(config)
    # A spectator's view is laid out as seen from seat 0, with no hand.
    me, players = max(view.player, 0), lay.players
    out[0] = float(view.result is not None)
    out[1] = float(view.leading)
    for start, seat in ((lay.to_move, view.to_move), (lay.last, view.last)):
        if seat is not None:
            out[start + (seat - me) % players] = 1.0
    out[lay.server + (view.server - me) % players] = 1.0
    if view.ball is not None:
        out[lay.ball + _SECTIONS[view.ball]] = 1.0
    faces, copies = lay.faces, lay.copies
    if view.attack is not None:
        out[lay.attack + faces[view.attack]] = 1.0
    out[lay.totals] = view.attack_total / lay.attack_bound
    for start, cards in ((lay.hand, view.hand), (lay.pile, view.pile), (lay.cleared, view.cleared)):
        for card in cards:
            i = faces[card]
            out[start + i] += 1.0 / copies[i]
    for p, size in enumerate(view.hand_sizes):
        out[lay.hand_sizes + (p - me) % players] = size / lay.cards
    out[lay.hand_sizes + players] = view.deck_size / lay.cards
    _score(out, lay, view.score, side_of_player(config, me))
    out[lay.size - 1] = min(view.plays / config.rally_limit, 1.0)


def _score(out: MutableSequence[float], lay: _Layout, score: Score, mine: int) -> None:
    """The score's slices of the observation, sides counted from the viewer's."""
    for side in range(lay.sides):
        at = (side - mine) % lay.sides
        out[lay.sets + at] = score.sets[side] / lay.sets_bound
        out[lay.games + at] = score.games[side] / lay.games_bound
    out[lay.size - 2] = float(score.to_seven)


_SECTIONS = {section: i for i, section in enumerate(Section)}
