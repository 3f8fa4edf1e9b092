"""The rules of Alethi: the set-up, the three phases of a turn, captures and the end.

Every check that decides legality lives in one helper that both :func:`legal_moves` and
:func:`apply_move` use, so the list of legal moves and the reason in an ``IllegalMoveError``
never disagree.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from cardgames.alethi.cards import BLUE_START, GENERAL_BONUS, RED_START, Cell, Colour, Kind
from cardgames.alethi.config import Config, Stats, check_config, stats
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.notation import describe
from cardgames.alethi.state import Card, Phase, Placed, State, View
from cardgames.errors import IllegalMoveError, InvalidConfigError, InvalidStateError
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = [
    "apply_move",
    "current_player",
    "find_captures",
    "is_legal",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
]

PLAYERS = 2
_PASS = Pass()
Barracks = tuple[tuple[Kind, ...], tuple[Kind, ...]]

# The hot loops below walk neighbours as plain ``(x, y)`` tuples: they hash and compare equal to
# ``Cell``s and cost far less to build. ``Cell``s are made only for cells that end up in moves.
Point = tuple[int, int]


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        hint = (
            " (a view cannot stand for a state; resample() builds one)"
            if isinstance(state, View)
            else ""
        )
        raise InvalidStateError(f"expected an alethi State, got {type(state).__name__}{hint}")
    return state


# --- the field --------------------------------------------------------------------------------


def _around(cell: Point) -> tuple[Point, Point, Point, Point]:
    """The four orthogonal neighbours of a cell (diagonals never count), as plain tuples."""
    x, y = cell
    return ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))


#: Offsets of the cells at most two orthogonal steps away, the cell itself included.
_WITHIN_TWO = tuple(
    (dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if abs(dx) + abs(dy) <= 2
)


class _Board:
    """What the rules ask of one field, worked out once and kept with the state."""

    __slots__ = ("_free", "_special", "cards", "field")

    def __init__(self, field: tuple[Placed, ...], cards: dict[Point, Placed] | None = None) -> None:
        self.field = field
        #: Every card on the field by cell, captured ones included (their cells are blocked).
        self.cards: dict[Point, Placed] = {c.at: c for c in field} if cards is None else cards
        self._free: list[frozenset[Point] | None] = [None, None]
        self._special: dict[tuple[Colour, Kind], list[Cell]] | None = None

    def free_next_to(self, colour: Colour) -> frozenset[Point]:
        """The empty cells next to one of ``colour``'s uncaptured cards: where it may throw."""
        free = self._free[colour]
        if free is None:
            free = self._free[colour] = frozenset(self._free_cells(colour, None))
        return free

    def after_quiet_throw(
        self, field: tuple[Placed, ...], cards: dict[Point, Placed], placed: Placed
    ) -> _Board:
        """The board after ``placed`` was thrown and captured nothing, updated rather than redone:
        its cell is no longer free for anyone, and its empty neighbours are now free for its side.
        """
        board = _Board(field, cards)
        at = placed.at
        mine, theirs = placed.owner, placed.owner.opponent
        board._free[theirs] = self.free_next_to(theirs) - {at}
        x, y = at
        around = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
        board._free[mine] = (self.free_next_to(mine) - {at}) | {n for n in around if n not in cards}
        if placed.kind is not Kind.SCOUT and placed.kind is not Kind.SOULCASTER:
            board._special = self._special
        return board

    def free_next_to_other_than(self, colour: Colour, skip: Point) -> set[Point]:
        """Like :meth:`free_next_to`, ignoring the card on ``skip`` (a Scout about to move)."""
        return self._free_cells(colour, skip)

    def _free_cells(self, colour: Colour, skip: Point | None) -> set[Point]:
        cards = self.cards
        free: set[Point] = set()
        for card in self.field:
            if card.owner == colour and not card.captured and card.at != skip:
                x, y = card.at
                for n in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
                    if n not in cards:
                        free.add(n)
        return free

    def standing(self, colour: Colour, kind: Kind) -> list[Cell]:
        """Cells of ``colour``'s uncaptured Scouts or Soulcasters, in cell order."""
        if self._special is None:
            special: dict[tuple[Colour, Kind], list[Cell]] = {}
            for c in self.field:
                if (c.kind is Kind.SCOUT or c.kind is Kind.SOULCASTER) and not c.captured:
                    special.setdefault((c.owner, c.kind), []).append(c.at)
            for cells in special.values():
                cells.sort()
            self._special = special
        return self._special.get((colour, kind), [])


def _board(state: State) -> _Board:
    board: _Board | None = state._memo
    if board is None:
        board = _Board(state.field)
        object.__setattr__(state, "_memo", board)
    return board


def _cells(points: Iterable[Point]) -> list[Cell]:
    return [Cell(x, y) for x, y in sorted(points)]


@functools.lru_cache(maxsize=1 << 16)
def _throw(kind: Kind, point: Point) -> Throw:
    """The move that throws ``kind`` on ``point``. Moves are immutable values, so the same one can
    serve every state; keeping them saves building a dozen per decision."""
    return Throw(kind, Cell(*point))


def _falls(card: Placed, cards: dict[Point, Placed], table: Stats, generals: bool) -> bool:
    """Whether the uncaptured enemy cards touching ``card`` have more attack than its health.

    An enemy's attack gains one while it touches an uncaptured General of its own side;
    ``generals`` says whether any General stands on the field at all, to skip that search.
    """
    attack = table.attack
    total = 0
    x, y = card.at
    for n in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)):
        enemy = cards.get(n)
        if enemy is None or enemy.owner == card.owner or enemy.captured:
            continue
        total += attack[enemy.kind]
        if generals:
            for m in _around(n):
                ally = cards.get(m)
                if (
                    ally is not None
                    and ally.kind is Kind.GENERAL
                    and ally.owner == enemy.owner
                    and not ally.captured
                ):
                    total += GENERAL_BONUS
                    break
    return total > table.health[card.kind]


def _generals_standing(cards: dict[Point, Placed]) -> bool:
    return any(c.kind is Kind.GENERAL and not c.captured for c in cards.values())


def find_captures(field: tuple[Placed, ...], config: Config) -> list[Cell]:
    """Cells of the uncaptured cards that the capture check turns face down, judging every card.

    A card falls when the attack of the uncaptured enemy cards touching it adds up to more than
    its health. Every card is judged against the same field, so all captures happen at once.
    """
    cards: dict[Point, Placed] = {c.at: c for c in field}
    table = stats(config)
    generals = _generals_standing(cards)
    return sorted(c.at for c in field if not c.captured and _falls(c, cards, table, generals))


def _captures_near(
    cards: dict[Point, Placed], config: Config, changed: Iterable[Point]
) -> list[Point]:
    """What :func:`find_captures` finds, judging only the cards a change can have reached.

    The check ran after every earlier change, so a card stands as it did unless an enemy card
    next to it changed (the changed cells and their neighbours) or, when a General changed, the
    bonus of such an enemy did (one ring further). The tests hold this to ``find_captures``.
    """
    table = stats(config)
    generals = _generals_standing(cards)
    near: set[Point] = set()
    for cell in changed:
        near.add(cell)
        card = cards.get(cell)
        general = card is not None and card.kind is Kind.GENERAL
        for n in _around(cell):
            near.add(n)
            if general:
                near.update(_around(n))
    return [
        cell
        for cell in near
        if (card := cards.get(cell)) is not None
        and not card.captured
        and _falls(card, cards, table, generals)
    ]


def _capture(
    field: tuple[Placed, ...], cards: dict[Point, Placed], config: Config, changed: Iterable[Point]
) -> tuple[tuple[Placed, ...], bool]:
    """The field after the capture check, and whether any card fell; ``cards`` is kept in step."""
    fallen = _captures_near(cards, config, changed)
    if not fallen:
        return field, False
    for cell in fallen:
        card = cards[cell]
        cards[cell] = Placed(card.owner, card.kind, card.at, captured=True)
    return tuple(cards[c.at] for c in field), True


def _ended_by_capture(field: tuple[Placed, ...]) -> Outcome | None:
    """The result if a King has fallen or a side has no uncaptured card left."""
    reasons: dict[Colour, str] = {}
    standing = {Colour.RED: 0, Colour.BLUE: 0}
    for card in field:
        if not card.captured:
            standing[card.owner] += 1
        elif card.kind is Kind.KING:
            reasons[card.owner] = f"{card.owner.label}'s King was captured"
    for colour, count in standing.items():
        if count == 0:
            reasons.setdefault(colour, f"{colour.label} has no uncaptured card on the field")
    if not reasons:
        return None
    if len(reasons) == PLAYERS:
        return Outcome.draw(PLAYERS, "both sides lost at once: " + "; ".join(reasons.values()))
    ((loser, reason),) = reasons.items()
    return Outcome.win({loser.opponent}, PLAYERS, reason)


def _ended_by_count(field: tuple[Placed, ...], why: str) -> Outcome:
    """The result once no more cards can be thrown: more uncaptured cards wins."""
    red = sum(1 for c in field if c.owner == Colour.RED and not c.captured)
    blue = sum(1 for c in field if c.owner == Colour.BLUE and not c.captured)
    if red == blue:
        return Outcome.draw(PLAYERS, f"{why}, {red} uncaptured cards each")
    winner = Colour.RED if red > blue else Colour.BLUE
    high, low = max(red, blue), min(red, blue)
    return Outcome.win(
        {winner}, PLAYERS, f"{why}, {winner.label} has more uncaptured cards ({high} to {low})"
    )


# --- the set-up -------------------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh game: both sides' starting Squires on the field, the rest in the barracks.

    Who starts is a coin flip drawn from ``seed`` unless the config fixes it.
    """
    config = Config() if config is None else config
    check_config(config)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidConfigError(f"seed must be an int, got {type(seed).__name__}")
    rng = Rng.from_seed(seed)
    if config.first_player is None:
        first, rng = rng.below(PLAYERS)
    else:
        first = config.first_player
    starts = {Colour.RED: RED_START, Colour.BLUE: BLUE_START}
    field = tuple(Placed(colour, Kind.SQUIRE, cell) for colour in Colour for cell in starts[colour])
    army = [card.kind for card in config.army for _ in range(card.count)]
    for _ in starts[Colour.RED]:
        army.remove(Kind.SQUIRE)
    cards: dict[Point, Placed] = {c.at: c for c in field}
    field, _ = _capture(field, cards, config, list(cards))
    return _next_decision(
        config,
        field,
        (tuple(army), tuple(army)),
        (),
        Colour(first),
        Phase.SOULCAST,
        1,
        rng,
        _Board(field, cards),
        check_end=True,
    )


# --- queries ----------------------------------------------------------------------------------


def current_player(state: State) -> int | None:
    """The player to decide (0 red, 1 blue), or ``None`` once the game is over."""
    state = _check_state(state)
    return None if state.result is not None else int(state.to_move)


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return _check_state(state).result is not None


def outcome(state: State) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return _check_state(state).result


# --- the options of each phase ----------------------------------------------------------------


def _soulcast_targets(board: _Board, barracks: Barracks, me: Colour) -> list[Cell]:
    """Cells of enemy cards ``me`` may soulcast now: none without an uncaptured Soulcaster of
    theirs; never a King; only kinds ``me`` still has in the barracks."""
    if not board.standing(me, Kind.SOULCASTER):
        return []
    kinds = set(barracks[me])
    return sorted(
        c.at
        for c in board.field
        if c.owner != me and not c.captured and c.kind is not Kind.KING and c.kind in kinds
    )


def _scout_targets(board: _Board, me: Colour, scout: Cell) -> list[Cell]:
    """Empty cells the Scout on ``scout`` may move to: next to another uncaptured own card."""
    return _cells(board.free_next_to_other_than(me, scout))


def _can_throw(board: _Board, barracks: Barracks, colour: Colour) -> bool:
    """Whether ``colour`` has a card to throw and an empty cell to throw it on."""
    return bool(barracks[colour]) and bool(board.free_next_to(colour))


def _has_options(board: _Board, barracks: Barracks, me: Colour, phase: Phase) -> bool:
    """Whether ``me`` has any decision in ``phase``."""
    if phase is Phase.THROW:
        return _can_throw(board, barracks, me)
    if phase is Phase.SOULCAST:
        if not board.standing(me, Kind.SOULCASTER):
            return False
        kinds = set(barracks[me])
        return any(
            c.owner != me and not c.captured and c.kind is not Kind.KING and c.kind in kinds
            for c in board.field
        )
    if phase is Phase.SCOUT:
        return any(_scout_can_move(board, me, s) for s in board.standing(me, Kind.SCOUT))
    return False


def _scout_can_move(board: _Board, me: Colour, scout: Point) -> bool:
    """Whether some empty cell touches an uncaptured card of ``me`` other than the Scout: the
    quick test behind :func:`_scout_targets` being non-empty."""
    cards = board.cards
    for point in board.free_next_to(me):
        for n in _around(point):
            card = cards.get(n)
            if n != scout and card is not None and card.owner == me and not card.captured:
                return True
    return False


#: The phase after each one; ``None`` means the turn is over.
_NEXT_PHASE: dict[Phase, Phase | None] = {
    Phase.SOULCAST: Phase.THROW,
    Phase.THROW: Phase.SCOUT,
    Phase.SCOUT: None,
}


def _next_decision(
    config: Config,
    field: tuple[Placed, ...],
    barracks: Barracks,
    removed: tuple[Card, ...],
    player: Colour,
    phase: Phase | None,
    turn: int,
    rng: Rng,
    board: _Board,
    *,
    check_end: bool,
) -> State:
    """The state at the next decision, from ``phase`` of ``player`` on (``None``: turn over).

    Phases without any option are skipped. The end is checked here: after the capture check
    the caller ran (``check_end``, which only a fallen or removed card can make true), and at
    the end of every turn, when neither side can throw any more (normally because both barracks
    are empty) and the uncaptured cards are counted.
    """
    result = _ended_by_capture(field) if check_end else None
    while result is None:
        if phase is None:
            if not barracks[0] and not barracks[1]:
                result = _ended_by_count(field, "all cards played")
                break
            if not _can_throw(board, barracks, player.opponent) and not _can_throw(
                board, barracks, player
            ):
                result = _ended_by_count(field, "no side can throw any more")
                break
            player, phase, turn = player.opponent, Phase.SOULCAST, turn + 1
        if _has_options(board, barracks, player, phase):
            state = State(config, field, barracks, removed, player, phase, turn, None, rng)
            object.__setattr__(state, "_memo", board)
            return state
        phase = _NEXT_PHASE[phase]
    return State(config, field, barracks, removed, player, Phase.OVER, turn, result, rng)


# --- legal moves ------------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, ``()`` once the game is over.

    Order: soulcast targets then ``Pass``; throws by kind in army order, then by cell; scout
    moves by scout, then by cell, then ``Pass``.
    """
    state = _check_state(state)
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    board = _board(state)
    me = state.to_move
    if phase is Phase.THROW:
        points = sorted(board.free_next_to(me))
        return tuple(_throw(kind, p) for kind in dict.fromkeys(state.barracks[me]) for p in points)
    if phase is Phase.SOULCAST:
        return (*(Soulcast(c) for c in _soulcast_targets(board, state.barracks, me)), _PASS)
    moves: list[Move] = [
        Scout(scout, to)
        for scout in board.standing(me, Kind.SCOUT)
        for to in _scout_targets(board, me, scout)
    ]
    moves.append(_PASS)
    return tuple(moves)


def _why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` is not legal in ``state``, or ``None`` when it is."""
    phase = state.phase
    me = state.to_move
    if phase is Phase.OVER:
        return "the game is over"
    board = _board(state)
    if isinstance(move, Throw):
        if phase is not Phase.THROW:
            return f"it is the {phase} phase, not the throw phase"
        if move.kind not in state.barracks[me]:
            return f"there is no {move.kind} in {me.label}'s barracks"
        if move.at not in board.free_next_to(me):
            return f"({move.at}) is not an empty cell next to an uncaptured {me.label} card"
        return None
    if isinstance(move, Pass):
        if phase is Phase.THROW:
            return "throwing may not be skipped while a card can be thrown"
        return None
    if isinstance(move, Soulcast):
        if phase is not Phase.SOULCAST:
            return f"it is the {phase} phase, not the soulcast phase"
        if move.target not in _soulcast_targets(board, state.barracks, me):
            return (
                f"({move.target}) holds no uncaptured enemy card (not a King) that a card in "
                f"{me.label}'s barracks can replace"
            )
        return None
    if isinstance(move, Scout):
        if phase is not Phase.SCOUT:
            return f"it is the {phase} phase, not the scout phase"
        if move.scout not in board.standing(me, Kind.SCOUT):
            return f"there is no uncaptured {me.label} Scout on ({move.scout})"
        if move.to not in board.free_next_to_other_than(me, move.scout):
            return f"({move.to}) is not an empty cell next to another uncaptured {me.label} card"
        return None
    return f"{type(move).__name__} is not an alethi move"


def is_legal(state: State, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    state = _check_state(state)
    try:
        return _why_illegal(state, move) is None
    except TypeError:  # an unhashable cell or kind
        return False


# --- applying moves ---------------------------------------------------------------------------


def _take(barracks: Barracks, owner: Colour, kind: Kind) -> Barracks:
    """The barracks after ``owner`` took one ``kind`` out of theirs."""
    mine = barracks[owner]
    i = mine.index(kind)
    mine = mine[:i] + mine[i + 1 :]
    return (mine, barracks[1]) if owner == Colour.RED else (barracks[0], mine)


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` saying why if it is not legal."""
    state = _check_state(state)
    try:
        why = _why_illegal(state, move)
    except TypeError:
        why = "it is malformed"
    if why is not None:
        raise IllegalMoveError(f"{describe(move)}: {why}")
    config, field, barracks, me = state.config, state.field, state.barracks, state.to_move
    removed, turn, rng = state.removed, state.turn, state.rng
    board = _board(state)
    if isinstance(move, Pass):
        phase = _NEXT_PHASE[state.phase]
        return _next_decision(
            config, field, barracks, removed, me, phase, turn, rng, board, check_end=False
        )
    cards = dict(board.cards)
    next_phase: Phase | None
    if isinstance(move, Throw):
        placed = cards[move.at] = Placed(me, move.kind, move.at)
        field, fell = _capture((*field, placed), cards, config, (move.at,))
        barracks = _take(barracks, me, move.kind)
        after = _Board(field, cards) if fell else board.after_quiet_throw(field, cards, placed)
        return _next_decision(
            config, field, barracks, removed, me, Phase.SCOUT, turn, rng, after, check_end=fell
        )
    if isinstance(move, Soulcast):
        victim = cards[move.target]
        cards[move.target] = Placed(me, victim.kind, victim.at)
        field = tuple(cards[c.at] for c in field)
        field, _ = _capture(field, cards, config, (move.target,))
        barracks = _take(barracks, me, victim.kind)
        removed = (*removed, Card(victim.owner, victim.kind))
        next_phase, fell = Phase.THROW, True  # the victim left the field
    else:
        assert isinstance(move, Scout)
        scout = cards.pop(move.scout)
        cards[move.to] = Placed(me, scout.kind, move.to)
        field = tuple(cards[move.to] if c.at == move.scout else c for c in field)
        field, fell = _capture(field, cards, config, (move.scout, move.to))
        next_phase = None
    return _next_decision(
        config,
        field,
        barracks,
        removed,
        me,
        next_phase,
        turn,
        rng,
        _Board(field, cards),
        check_end=fell,
    )
