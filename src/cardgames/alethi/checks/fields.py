"""Which Alethi states one can play from: the types and ranges of every field, one card a
cell within the cells a board holds, no card that should have been captured, and a decision for
the side to move (:func:`playable_board`). Hand-made puzzles pass as long as they are playable.
"""

from __future__ import annotations

import operator

from cardgames._engine import ByIdentity, Passed
from cardgames.alethi._fast import LIMIT, Board, safe_key
from cardgames.alethi.captures import fallen
from cardgames.alethi.cards import PLAYERS, Cell, Colour, Kind
from cardgames.alethi.config import MAX_CARDS, Config, Stats, check_config
from cardgames.alethi.config import stats as stats_of_config
from cardgames.alethi.state import Card, Phase, Placed, State
from cardgames.alethi.turn import has_options
from cardgames.errors import InvalidConfigError, excerpt
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["COLOURS", "card_problem", "playable_board", "stats"]


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
    for colour, kinds in zip(COLOURS, barracks, strict=True):
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
COLOURS = (Colour.RED, Colour.BLUE)
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
