"""Alethi's moves as numbers, for learning agents: a fixed action space per config, and the
mask of the legal moves.

The field has no edges, so no window of absolute cells can hold every legal move: a Scout can
carry its side two cells further out with every card thrown next to it. Every cell a move
names is instead given relative to a card of the side to move: a throw or a Scout's move lands
next to one of that side's uncaptured cards (the rules ask for that), so it is "the cell in
direction d of my card in slot i". A side's cards on the field never outnumber its army, so
the slots, and with them the action space, are fixed by the config.

Slots and directions are seen from the side to move: its cards on the field, captured or not,
numbered in the order they arrived (the order of ``field``); the enemy's cards likewise; and
blue's field mirrored (``y`` becomes ``1 - y``) so that "forward" points at the enemy for
both sides. The blocks, in order (``K`` kinds in the army, ``A`` cards a side, ``S`` Scouts a
side; the tables are in ``docs/rules/alethi.md``):

- throws: ``(kind, slot, direction)``, ``K * A * 4`` actions;
- soulcasts: the enemy card's slot, ``A`` actions;
- Scout moves: ``(which of my Scouts, slot, direction)``, ``S * A * 4`` actions;
- pass: one action.

When a cell touches several of the side's cards, the move's action names the first of them
in slot order (and for a Scout's move, the first other than the Scout), so that each legal
move has exactly one action.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.checks import board_of, checked, unreachable
from cardgames.alethi.config import Config, check_config, stats
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.rules import is_legal, legal_moves
from cardgames.alethi.state import Phase, Placed, State, View
from cardgames.alethi.view import playable_state_of
from cardgames.alethi.view import view as view_of
from cardgames.defaults import copy_observation
from cardgames.errors import IllegalMoveError, InvalidStateError, InvalidViewError, kind_of
from cardgames.game import ObservationBuffer

__all__ = [
    "DIRECTIONS",
    "Layout",
    "action_mask",
    "action_to_move",
    "layout",
    "legal_actions",
    "move_to_action",
    "num_actions",
    "observation",
    "observation_shape",
    "observe",
    "observe_into",
    "state_of",
]

#: The four directions of a move, seen from the side to move: toward the enemy's side, toward
#: lower ``x``, toward higher ``x``, back toward one's own side. Each is ``(dx, dy)`` in the
#: side's frame, where blue's ``y`` is mirrored.
DIRECTIONS = ((0, 1), (-1, 0), (1, 0), (0, -1))
_SIDES = len(DIRECTIONS)


@attrs.frozen
class Layout:
    """Where each block of a config's action space starts, and its sizes."""

    #: The army's kinds, in army order (a throw's first index).
    kinds: tuple[Kind, ...]
    #: Cards a side: the slots of each side's cards on the field.
    cards: int
    #: Scouts a side.
    scouts: int
    #: Where the throws, soulcasts, Scout moves and the pass start, and the space's size.
    throw: int
    soulcast: int
    scout: int
    pass_: int
    size: int
    #: Each kind's place in ``kinds``.
    kind_index: dict[Kind, int] = attrs.field(eq=False, repr=False)


@functools.lru_cache(maxsize=64)
def layout(config: Config) -> Layout:
    """The blocks of ``config``'s action space (``config`` already checked)."""
    kinds = tuple(card.kind for card in config.army)
    cards = sum(card.count for card in config.army)
    scouts = sum(card.count for card in config.army if card.kind is Kind.SCOUT)
    soulcast = len(kinds) * cards * _SIDES
    scout = soulcast + cards
    pass_ = scout + scouts * cards * _SIDES
    index = {kind: i for i, kind in enumerate(kinds)}
    return Layout(kinds, cards, scouts, 0, soulcast, scout, pass_, pass_ + 1, index)


def num_actions(config: Config | None = None) -> int:
    """The size of the action space of a game of ``config`` (the default game: ``None``)."""
    config = Config() if config is None else config
    check_config(config)
    return layout(config).size


#: States rebuilt from views, by the view's identity: an agent asks for the mask and the
#: observation of the same view, and the check of a view costs more than either.
_REBUILT: dict[int, tuple[View, State]] = {}
_REBUILT_SIZE = 32


def state_of(table: State | View) -> State:
    """The state ``table`` is, or the state a view shows, checked as ``check_view`` checks a
    view: ``InvalidStateError`` (``InvalidViewError`` for a view) if it will not do."""
    if type(table) is State:
        return checked(table)
    if type(table) is not View:
        raise InvalidStateError(f"expected an alethi State or View, got {kind_of(table)}")
    kept = _REBUILT.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    try:
        state = playable_state_of(table)
    except AttributeError:  # a View made without its fields (by ``object.__new__``)
        raise InvalidViewError("not a valid alethi view: it lacks fields of a View") from None
    problem = unreachable(state, board_of(state))
    if problem is not None:
        raise InvalidViewError(f"not an alethi view the rules can reach: {problem}")
    if len(_REBUILT) >= _REBUILT_SIZE:
        _REBUILT.clear()
    _REBUILT[id(table)] = (table, state)
    return state


class _Frame:
    """The field as the side to move sees it: its slots, the enemy's, and who stands where."""

    __slots__ = ("anchors", "enemy", "flip", "me", "mine", "spots", "theirs")

    def __init__(self, field: Iterable[Placed], me: Colour) -> None:
        self.me = me
        self.enemy = me.opponent
        #: 1 for red, -1 for blue: the sign of a step forward along ``y``.
        self.flip = 1 if me is Colour.RED else -1
        self.mine: list[Placed] = []
        self.theirs: list[Placed] = []
        #: Every card's cell: its owner's slot for it, and the card.
        self.spots: dict[tuple[int, int], tuple[int, Placed]] = {}
        #: Anchors found so far, by cell and slot left out: a cell is thrown on by every kind.
        self.anchors: dict[tuple[tuple[int, int], int], tuple[int, int] | None] = {}
        for card in field:
            group = self.mine if card.owner is me else self.theirs
            self.spots[card.at] = (len(group), card)
            group.append(card)

    def step(self, cell: tuple[int, int], direction: int) -> Cell:
        """The cell next to ``cell`` in ``direction`` (in this side's frame)."""
        dx, dy = DIRECTIONS[direction]
        return Cell(cell[0] + dx, cell[1] + dy * self.flip)

    def anchor(self, cell: tuple[int, int], skip: int = -1) -> tuple[int, int] | None:
        """The first of this side's uncaptured cards touching ``cell`` in slot order (other
        than the one in slot ``skip``), as its slot and the direction from it to ``cell``."""
        key = (cell, skip)
        if key in self.anchors:
            return self.anchors[key]
        best: tuple[int, int] | None = None
        x, y = cell
        for direction, (dx, dy) in enumerate(DIRECTIONS):
            # The card in the opposite direction from the cell sees the cell in ``direction``.
            spot = self.spots.get((x - dx, y - dy * self.flip))
            if spot is None:
                continue
            slot, card = spot
            mine = card.owner is self.me and not card.captured and slot != skip
            if mine and (best is None or slot < best[0]):
                best = (slot, direction)
        self.anchors[key] = best
        return best

    def scout_number(self, slot: int) -> int:
        """Which of this side's Scouts (counted in slot order) stands in ``slot``."""
        return sum(1 for card in self.mine[:slot] if card.kind is Kind.SCOUT)

    def scout_slot(self, number: int) -> int | None:
        """The slot of this side's Scout number ``number``, or ``None``."""
        seen = 0
        for slot, card in enumerate(self.mine):
            if card.kind is Kind.SCOUT:
                if seen == number:
                    return slot
                seen += 1
        return None


def _action(frame: _Frame, where: Layout, move: Move) -> int:
    """The action of ``move``, a legal move of the side ``frame`` sees from."""
    if isinstance(move, Pass):
        return where.pass_
    cards = where.cards
    if isinstance(move, Soulcast):
        slot, _ = frame.spots[move.target]
        return where.soulcast + slot
    if isinstance(move, Throw):
        found = frame.anchor(move.at)
        assert found is not None  # a throw lands next to an uncaptured card of its side
        slot, direction = found
        kind = where.kind_index[move.kind]
        return where.throw + (kind * cards + slot) * _SIDES + direction
    assert isinstance(move, Scout)
    scout, _ = frame.spots[move.scout]
    found = frame.anchor(move.to, skip=scout)
    assert found is not None  # a Scout moves next to another uncaptured card of its side
    slot, direction = found
    return where.scout + (frame.scout_number(scout) * cards + slot) * _SIDES + direction


def _fits(frame: _Frame, where: Layout) -> None:
    """Raise ``InvalidStateError`` if a side has more cards on the field than its army: a
    hand-made position the slots cannot number."""
    if len(frame.mine) > where.cards or len(frame.theirs) > where.cards:
        raise InvalidStateError("a side has more cards on the field than its army holds")


def _deciding(table: State | View) -> tuple[State, bool]:
    """The state of ``table``, and whether the one it is for decides now (a view's player to
    move; always for a state, until the game is over)."""
    state = state_of(table)
    if state.phase is Phase.OVER:
        return state, False
    if isinstance(table, View):
        return state, state.to_move == table.player
    return state, True


def move_to_action(state_or_view: State | View, move: Move) -> int:
    """The action of ``move``, which must be legal now (for a view: legal for its player).

    ``IllegalMoveError`` for a move that is not.
    """
    state, deciding = _deciding(state_or_view)
    if not deciding or not is_legal(state, move):
        raise IllegalMoveError("not a legal alethi move here, so it has no action")
    where = layout(state.config)
    frame = _Frame(state.field, state.to_move)
    _fits(frame, where)
    return _action(frame, where, move)


def _decoded(frame: _Frame, where: Layout, action: int) -> Move | None:
    """The move that ``action`` names, if its slots hold cards; ``None`` if they do not."""
    cards = where.cards
    if action == where.pass_:
        return Pass()
    if action >= where.scout:
        index, direction = divmod(action - where.scout, _SIDES)
        number, slot = divmod(index, cards)
        scout = frame.scout_slot(number)
        if scout is None or slot >= len(frame.mine):
            return None
        to = frame.step(frame.mine[slot].at, direction)
        return Scout(frame.mine[scout].at, to)
    if action >= where.soulcast:
        slot = action - where.soulcast
        return Soulcast(frame.theirs[slot].at) if slot < len(frame.theirs) else None
    index, direction = divmod(action - where.throw, _SIDES)
    kind, slot = divmod(index, cards)
    if slot >= len(frame.mine):
        return None
    return Throw(where.kinds[kind], frame.step(frame.mine[slot].at, direction))


def action_to_move(state_or_view: State | View, action: int) -> Move:
    """The legal move that ``action`` stands for now (for a view: for its player).

    ``IllegalMoveError`` for anything but an int that is the action of a legal move now.
    """
    state, deciding = _deciding(state_or_view)
    where = layout(state.config)
    if type(action) is not int or not 0 <= action < where.size:
        raise IllegalMoveError(f"an alethi action is an int 0-{where.size - 1}")
    if not deciding:
        raise IllegalMoveError("no alethi move is legal here for this player")
    frame = _Frame(state.field, state.to_move)
    _fits(frame, where)
    move = _decoded(frame, where, action)
    if move is None or not is_legal(state, move) or _action(frame, where, move) != action:
        raise IllegalMoveError("that action is not a legal alethi move now")
    return move


def _numbered(state: State) -> dict[int, Move]:
    """The legal moves of the side to move in ``state`` (checked, not over) by action, in one
    pass: one frame for all of them."""
    where = layout(state.config)
    frame = _Frame(state.field, state.to_move)
    _fits(frame, where)
    found: dict[int, Move] = {}
    # Most moves are throws, and every kind in the barracks is thrown on each cell: the cell's
    # part of the action (its anchor's slot and direction) is worked out once per cell.
    cells: dict[tuple[int, int], int] = {}
    kind_block = where.cards * _SIDES
    kind_index = where.kind_index
    for move in legal_moves(state):
        if type(move) is Throw:
            at = move.at
            part = cells.get(at)
            if part is None:
                anchor = frame.anchor(at)
                assert anchor is not None  # a throw lands next to an uncaptured card of its side
                part = cells[at] = where.throw + anchor[0] * _SIDES + anchor[1]
            found[part + kind_index[move.kind] * kind_block] = move
        else:
            found[_action(frame, where, move)] = move
    return dict(sorted(found.items()))


def legal_actions(state_or_view: State | View) -> dict[int, Move]:
    """The legal moves of the side that decides (for a view: of its player; none when the
    other side decides or the game is over), keyed by their actions in increasing order.
    ``InvalidStateError`` / ``InvalidViewError`` for a table the game refuses."""
    state, deciding = _deciding(state_or_view)
    return _numbered(state) if deciding else {}


def action_mask(view: View) -> tuple[bool, ...]:
    """For every action, whether it is a legal move of the view's player now (all ``False``
    when another player decides, or the game is over). ``InvalidViewError`` for a view that
    ``check_view`` refuses."""
    if type(view) is not View:
        raise InvalidViewError(f"expected an alethi View, got {kind_of(view)}")
    state, deciding = _deciding(view)
    mask = [False] * layout(state.config).size
    if deciding:
        for action in _numbered(state):
            mask[action] = True
    return tuple(mask)


#: The observation's header: is it my decision, is the game over, the phase (one-hot: soulcast,
#: throw, scout, over), do I play red, and the turn over the turn limit.
_PHASES = (Phase.SOULCAST, Phase.THROW, Phase.SCOUT, Phase.OVER)
_HEADER = 4 + len(_PHASES)


def _slot_size(kinds: int) -> int:
    """Numbers per slot: present, uncaptured, the kind (one-hot), ``x`` and ``y`` (mirrored
    for blue, scaled), then for each direction whether an uncaptured card of mine, an
    uncaptured card of the enemy, or any card stands next to it there."""
    return 2 + kinds + 2 + 3 * _SIDES


def observation_shape(config: Config | None = None) -> tuple[int, ...]:
    """The length of an observation of a game of ``config``, as a one-element tuple."""
    config = Config() if config is None else config
    check_config(config)
    where = layout(config)
    kinds = len(where.kinds)
    return (_HEADER + 4 * kinds + 2 * where.cards * _slot_size(kinds),)


def observation(view: View) -> tuple[float, ...]:
    """What the view's player sees, as numbers (layout in ``docs/rules/alethi.md``).

    Everything is seen from the viewer: my cards first, the field mirrored for blue. Counts are
    scaled by the army's, coordinates by twice the cards a side, so that the numbers stay near
    ``[-1, 1]``. ``InvalidViewError`` for a view that ``check_view`` refuses.
    """
    if type(view) is not View:
        raise InvalidViewError(f"expected an alethi View, got {kind_of(view)}")
    return tuple(_observed(state_of(view), view.player))


def observe(state: State, player: int) -> list[float]:
    """``observation(view(state, player))``, straight from ``state``: an Alethi view is the
    table without the generator, so the state's table is the view's, and the view made here
    only stands for who looks. ``InvalidStateError`` for a state the rules refuse,
    ``InvalidPlayerError`` for a player who is not at the table."""
    return _observed(state, view_of(state, player).player)


def observe_into(state: State, player: int, out: ObservationBuffer) -> None:
    """``observe(state, player)`` written into ``out``, as long as the observation (the
    numbers are made as a list, then copied in one slice)."""
    copy_observation(out, observe(state, player))


def _observed(state: State, viewer: Colour | int) -> list[float]:
    """The observation of ``state`` (checked) as ``viewer`` (a colour or ``SPECTATOR``) sees
    it."""
    config = state.config
    where = layout(config)
    # A spectator's view is encoded as seen from red's chair, by a watcher who never decides.
    me = viewer if type(viewer) is Colour else Colour.RED
    frame = _Frame(state.field, me)
    _fits(frame, where)
    limit = stats(config).turn_limit
    out: list[float] = [
        float(state.phase is not Phase.OVER and state.to_move == viewer),
        float(state.phase is Phase.OVER),
        *(float(state.phase is phase) for phase in _PHASES),
        float(me is Colour.RED),
        state.turn / limit,
    ]
    army = {card.kind: card.count for card in config.army}
    for kinds in (state.barracks[me], state.barracks[frame.enemy]):
        out += _counts(kinds, where.kinds, army)
    for owner in (me, frame.enemy):
        out += _counts((c.kind for c in state.removed if c.owner is owner), where.kinds, army)
    scale = 2.0 * where.cards
    size = _slot_size(len(where.kinds))
    for group in (frame.mine, frame.theirs):
        for card in group:
            out += _slot(frame, card, where.kinds, scale)
        out += [0.0] * (size * (where.cards - len(group)))
    return out


def _counts(kinds: Iterable[Kind], order: tuple[Kind, ...], army: dict[Kind, int]) -> list[float]:
    """How many cards of each kind of the army ``kinds`` holds, over the army's count."""
    found = dict.fromkeys(order, 0)
    for kind in kinds:
        found[kind] += 1
    return [found[kind] / army[kind] if army[kind] else 0.0 for kind in order]


#: What a neighbouring cell holds, as the three numbers of a slot for it: nothing; an
#: uncaptured card of the viewer's; an uncaptured enemy card; a captured card.
_EMPTY, _MINE, _THEIRS, _DOWN = (0.0, 0.0, 0.0), (1.0, 0.0, 1.0), (0.0, 1.0, 1.0), (0.0, 0.0, 1.0)


def _slot(frame: _Frame, card: Placed, kinds: tuple[Kind, ...], scale: float) -> list[float]:
    """The numbers of one card's slot (see :func:`_slot_size`)."""
    x, y = card.at
    flip, spots, me = frame.flip, frame.spots, frame.me
    out = [1.0, 0.0 if card.captured else 1.0]
    out += [1.0 if card.kind is kind else 0.0 for kind in kinds]
    out += (x / scale, (y if flip == 1 else 1 - y) / scale)
    for dx, dy in DIRECTIONS:
        spot = spots.get((x + dx, y + dy * flip))
        if spot is None:
            out += _EMPTY
        else:
            other = spot[1]
            out += _DOWN if other.captured else _MINE if other.owner is me else _THEIRS
    return out
