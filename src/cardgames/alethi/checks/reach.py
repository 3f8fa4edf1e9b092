"""Which Alethi states the rules can reach (:func:`unreachable`): every card of both armies
exactly once, the counters within what a game of the config reaches, the field no wider than
its cards and turns allow, and a result exactly when and as the rules give one. Each bound
follows from the rules, as its comment says.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter

from cardgames.alethi._fast import STRIDE, Board, key_of
from cardgames.alethi.cards import BLUE_START, PLAYERS, RED_START, Colour, Kind
from cardgames.alethi.checks.fields import COLOURS, stats
from cardgames.alethi.ending import capture_results, ended_by_count, limit_reason
from cardgames.alethi.state import State
from cardgames.alethi.turn import can_bring_in

__all__ = ["unreachable"]

#: Each card on the field as the count of cards by colour and kind keys it.
_OWNER_KIND = operator.attrgetter("owner", "kind")


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
    losing.update(colour for colour in COLOURS if board.alive[colour] == 0)
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
