"""Which Alethi states one can play from, and which ones the rules can reach.

States made by the rules carry their board (see :mod:`~cardgames.alethi._fast`) and are trusted.
Any other state (loaded from JSON, resampled, built by hand) is checked once, on its first use,
by :func:`checked`: the check of a position one can play from, hand-made puzzles included.
:func:`check_state`, the check of a state from outside, also asks that the rules could have
reached it; each bound it applies follows from the rules as its comments say.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter

import attrs

from cardgames._engine import ByIdentity, Passed
from cardgames.alethi._fast import LIMIT, STRIDE, Board, Memo, bind, key_of, safe_key
from cardgames.alethi.captures import fallen
from cardgames.alethi.cards import BLUE_START, PLAYERS, RED_START, Cell, Colour, Kind
from cardgames.alethi.config import MAX_CARDS, Config, Stats, check_config
from cardgames.alethi.config import stats as stats_of_config
from cardgames.alethi.ending import capture_results, ended_by_count, limit_reason
from cardgames.alethi.state import Card, Phase, Placed, State, View
from cardgames.alethi.turn import can_bring_in, has_options
from cardgames.errors import InvalidConfigError, InvalidStateError, excerpt
from cardgames.game import Outcome
from cardgames.rng import Rng

#: The fields of a state, each of which a state to play from has (``State.__new__`` alone
#: makes a shell without them).
_FIELD_NAMES = tuple(field.name for field in attrs.fields(State))

__all__ = [
    "board_of",
    "card_problem",
    "check_state",
    "checked",
    "playable_board",
    "trust",
    "unreachable",
    "vouch",
    "vouched",
]


def checked(state: object) -> State:
    """``state`` if it is a playable Alethi state, with its board ready; else ``InvalidStateError``.

    States made by the rules carry their board. Any other state (loaded from JSON, resampled,
    built by hand) is validated once, the first time it is used, so that every rule can trust
    it. This is the check of a position one can play from, hand-made puzzles included;
    :func:`check_state` also asks that the rules could have reached it.
    """
    if type(state) is not State:
        view = isinstance(state, View)
        hint = " (a view cannot stand for a state; resample() builds one)" if view else ""
        raise InvalidStateError(f"expected an alethi State, got {type(state).__name__}{hint}")
    memo = getattr(state, "_memo", None)
    if type(memo) is not Memo or memo.owner != id(state):
        if not all(map(hasattr, itertools.repeat(state), _FIELD_NAMES)):
            raise InvalidStateError("not a playable alethi state: a State made without its fields")
        found = playable_board(state)
        if isinstance(found, str):
            raise InvalidStateError(f"not a playable alethi state: {found}")
        trust(state, found)
    return state


def trust(state: State, board: Board) -> None:
    """Keep ``board``, the board of the playable ``state``, in a memo of its own."""
    object.__setattr__(state, "_memo", bind(board, stats(state.config), id(state)))


def check_state(state: State) -> State:
    """``state`` if the rules could have reached it; else ``InvalidStateError`` saying why.

    The full check of a state from outside: the types and the playability that every function
    asks of a state (see :func:`checked`), then every card of both armies exactly once, the
    counters within what a game of this config reaches, the field no wider than its cards and
    turns allow, and a result exactly when and as the rules give one. It costs time linear in
    the size of the state.
    """
    if state in _VOUCHED:
        return state
    state = checked(state)
    problem = unreachable(state, board_of(state))
    if problem is not None:
        raise InvalidStateError(f"not an alethi state the rules can reach: {problem}")
    return state


#: States that passed this check by the time they were made: the reader of JSON checks the
#: states it reads as it reads them (see :mod:`~cardgames.alethi.documents`). By identity, a
#: few at a time: loading asks for the check at once.
_VOUCHED = Passed(16)


def vouch(state: State) -> None:
    """Record that ``state``, just made, passed :func:`check_state` (states are frozen)."""
    _VOUCHED.add(state)


def vouched(state: State) -> bool:
    """Whether ``state`` is one that :func:`vouch` recorded."""
    return state in _VOUCHED


def board_of(state: State) -> Board:
    """The board kept with a checked state."""
    board: Board = state._memo
    return board


def playable_board(state: State) -> Board | str:
    """The board of a state that the rules did not make, or what makes it unplayable."""
    problem = _inconsistency(state)
    if problem is not None:
        return problem
    board = Board.build(state.field)
    table = stats(state.config)
    down = fallen(board, table.attack, table.health)
    if down:
        return f"the card on ({board.cards[down[0]].at}) should have been captured"
    if state.result is None and not has_options(board, state.barracks, state.to_move, state.phase):
        return f"{state.to_move.label} has no decision in the {state.phase} phase"
    return board


def _inconsistency(state: State) -> str | None:
    """What makes ``state`` malformed, or ``None``; stops at the first problem."""
    config = state.config
    if type(config) is not Config:
        return "config is not an alethi Config"
    try:
        check_config(config)
    except InvalidConfigError as exc:
        return f"config: {exc}"
    order = {card.kind: i for i, card in enumerate(config.army)}
    if type(state.to_move) is not Colour or type(state.phase) is not Phase:
        return "to_move must be a Colour and phase a Phase"
    # Every turn ends with the turn limit check, so no game, hand-made positions included, goes
    # on past its limit.
    limit = stats(config).turn_limit
    if type(state.turn) is not int or not 1 <= state.turn <= limit:
        return f"turn must be an int 1-{limit}, got {excerpt(state.turn)}"
    if type(state.rng) is not Rng:
        return "rng must be an Rng"
    if (state.result is None) == (state.phase is Phase.OVER):
        return "the phase is 'over' exactly when there is a result"
    if state.result is not None and (
        type(state.result) is not Outcome
        or type(state.result.returns) is not tuple
        or len(state.result.returns) != PLAYERS
        or type(state.result.reason) is not str
    ):
        return "result must be a two-player Outcome"
    if type(state.field) is not tuple or type(state.removed) is not tuple:
        return "field and removed must be tuples"
    # No table holds more cards than two armies of the largest size; a hand-made position may
    # hold fewer, or other ones, but never so many that a decision would list without end.
    if len(state.field) > PLAYERS * MAX_CARDS or len(state.removed) > PLAYERS * MAX_CARDS:
        return f"field and removed hold at most {PLAYERS * MAX_CARDS} cards each"
    if not _plain_field(state.field, order):
        cells = set()
        for number, card in enumerate(state.field):
            problem = card_problem(card, order)
            if problem is not None:
                return f"field[{number}] {problem}"
            if card.at in cells:
                return f"two cards share ({card.at})"
            cells.add(card.at)
    for number, gone in enumerate(state.removed):
        if type(gone) is not Card or type(gone.owner) is not Colour or type(gone.kind) is not Kind:
            return f"removed[{number}] is not a removed card"
    barracks = state.barracks
    if type(barracks) is not tuple or len(barracks) != PLAYERS:
        return "barracks must be a pair of tuples"
    for colour, kinds in zip(_COLOURS, barracks, strict=True):
        if type(kinds) is tuple and len(kinds) > MAX_CARDS:
            return f"{colour.label}'s barracks holds at most {MAX_CARDS} cards"
        if type(kinds) is not tuple or any(type(k) is not Kind or k not in order for k in kinds):
            return f"{colour.label}'s barracks must be a tuple of the army's kinds"
        ranks = [order[k] for k in kinds]
        if ranks != sorted(ranks):
            return f"{colour.label}'s barracks is not in army order"
    return None


def stats(config: Config) -> Stats:
    """The stats table of ``config``, found by the config's identity: a check asks for it
    several times, and a config loaded from JSON or carried by the states of a game is one
    reused object, where the table's own cache hashes the whole config on every call."""
    return _STATS(config)


_STATS = ByIdentity(stats_of_config)


#: The colours in order (iterating the enum itself costs a generator each time).
_COLOURS = (Colour.RED, Colour.BLUE)
#: Each card on the field as the count of cards by colour and kind keys it.
_OWNER_KIND = operator.attrgetter("owner", "kind")
#: Cards already found well formed and within the limits (cards are frozen, and states share
#: them).
_WELL_FORMED = Passed(1 << 14)


def _plain_field(field: tuple[object, ...], order: dict[Kind, int]) -> bool:
    """Whether every entry of ``field`` is a well-formed card of the army, within the limits,
    each on a cell of its own: the common answer, found in one pass, which
    :func:`card_problem` then need not explain."""
    cells = set()
    known = _WELL_FORMED
    for card in field:
        if card in known:
            if card.kind not in order:  # type: ignore[attr-defined]
                return False
            cells.add(card.at)  # type: ignore[attr-defined]
            continue
        if (
            type(card) is not Placed
            or type(card.owner) is not Colour
            or type(card.kind) is not Kind
            or type(card.captured) is not bool
            or card.kind not in order
        ):
            return False
        at = card.at
        if type(at) is not Cell or len(at) != 2:
            return False
        x, y = at
        if (
            type(x) is not int
            or type(y) is not int
            or not (-LIMIT < x < LIMIT - 1 and -LIMIT < y < LIMIT - 1)
        ):
            return False
        cells.add(at)
        known.add(card)
    return len(cells) == len(field)


def card_problem(card: object, order: dict[Kind, int]) -> str | None:
    """What makes ``card`` no card on the field of the army whose kinds ``order`` ranks, or
    ``None``."""
    if type(card) is not Placed or type(card.owner) is not Colour:
        return f"is not a card on the field: {excerpt(card)}"
    if type(card.kind) is not Kind or type(card.captured) is not bool:
        return "has a malformed kind or captured flag"
    if type(card.at) is not Cell or safe_key(card.at) is None:
        return "has a malformed cell"
    if not all(-LIMIT < v < LIMIT - 1 for v in card.at):
        return f"({card.at}) lies too far out"
    if card.kind not in order:
        return f"is a {card.kind}, a kind the army does not have"
    return None


def unreachable(state: State, board: Board) -> str | None:
    """Why the rules could not have reached the playable ``state`` (with its ``board``), or
    ``None``. Each bound below follows from the rules as the comments say."""
    config, field, barracks, removed, turn = (
        state.config,
        state.field,
        state.barracks,
        state.removed,
        state.turn,
    )
    limit = stats(config).turn_limit  # the turn is within it (see _inconsistency)
    # Turns alternate from the first player on; a fixed first player fixes whose turn each is.
    first = config.first_player
    if first is not None and state.to_move != (first + turn - 1) % PLAYERS:
        return f"turn {turn} is not {state.to_move.label}'s turn when {Colour(first).label} starts"
    # Each side has its army, no card more or less: set-up puts it on the field and in the
    # barracks, throwing moves a card from the barracks to the field, soulcasting one from the
    # barracks to the field and the enemy card it replaces out of the game.
    army = stats(config).counts
    total = 2 * sum(army.values())
    held = len(field) + len(barracks[0]) + len(barracks[1]) + len(removed)
    if held != total:
        return f"it holds {held} cards, the two armies have {total}"
    counts: Counter[tuple[Colour, Kind]] = Counter(
        itertools.chain(
            map(_OWNER_KIND, field),
            zip(itertools.repeat(Colour.RED), barracks[0]),
            zip(itertools.repeat(Colour.BLUE), barracks[1]),
            map(_OWNER_KIND, removed),
        )
    )
    for (colour, kind), count in counts.items():
        if count != army.get(kind, 0):
            return f"{colour.label} has {count} {kind} cards, its army {army.get(kind, 0)}"
    # The starting Squires never move (only Scouts do), and soulcasting keeps a card's kind,
    # so a Squire, captured or not, stays on each starting cell.
    for cell in (*RED_START, *BLUE_START):
        card = board.cards.get(key_of(cell))
        if card is None or card.kind is not Kind.SQUIRE:
            return f"no Squire stands on the starting cell ({cell})"
    # Kings are never soulcast.
    if any(card.kind is Kind.KING for card in removed):
        return "a King was soulcast out of the game"
    # Each turn brings at most one card in by soulcasting and one by throwing.
    brought = len(field) - len(RED_START) - len(BLUE_START) + len(removed)
    if brought > 2 * turn:
        return f"{brought} cards came in by turn {turn}, at most 2 a turn"
    # A throw lands next to a card on the field and a Scout next to another card, so each one
    # widens the field's bounding box by at most one cell across or up; set-up's four cards
    # span 2 x 2, and a Scout moves at most once a turn.
    scouts = army.get(Kind.SCOUT, 0) > 0
    problem = _too_wide(board, len(field) + (turn if scouts else 0))
    if problem is not None:
        return problem
    return _wrong_result(state, board, limit)


def _too_wide(board: Board, bound: int) -> str | None:
    """Whether the field of ``board`` spans more than ``bound`` cells across and up together."""
    keys = board.cards
    if not keys:
        return None
    # A key is x * STRIDE + y, both offset to be positive: the smallest and the largest key
    # hold the smallest and the largest x.
    low, high = min(keys), max(keys)
    ys = [key & (STRIDE - 1) for key in keys]
    span = (high // STRIDE - low // STRIDE + 1) + (max(ys) - min(ys) + 1)
    if span > bound:
        return f"the field spans {span} cells across and up together, at most {bound} can be"
    return None


def _wrong_result(state: State, board: Board, limit: int) -> str | None:
    """Whether ``state``'s result (or its lack) differs from what the rules give."""
    losing = {
        card.owner for card in board.cards.values() if card.captured and card.kind is Kind.KING
    }
    losing.update(colour for colour in _COLOURS if board.alive[colour] == 0)
    if state.result is None:
        # The capture check ends the game at once when a King falls or a side has no card up.
        if losing:
            return "the game goes on after it was lost"
        return None
    if losing:
        expected = capture_results(board, losing)
    else:
        barracks, mover = state.barracks, state.to_move
        if not barracks[0] and not barracks[1]:
            why = "all cards played"
        elif not can_bring_in(board, barracks, mover) and not can_bring_in(
            board, barracks, mover.opponent
        ):
            why = "no side can bring in a card any more"
        elif state.turn == limit:
            why = limit_reason(limit)
        else:
            return "the game is over though nothing ended it"
        expected = [ended_by_count(board, why)]
    if state.result not in expected:
        return "the result is not the one the rules give for this field"
    return None
