"""The rules of Alethi: the set-up, the three phases of a turn, captures and the end.

Every check that decides legality lives in one helper that both :func:`legal_moves` and
:func:`apply_move` use, so the list of legal moves and the reason in an ``IllegalMoveError``
never disagree. The facts about the field come from the state's :class:`~.board.Board`.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from cardgames.alethi.board import LIMIT, STEPS, Board, cell_of, key_of, safe_key
from cardgames.alethi.cards import BLUE_START, GENERAL_BONUS, RED_START, Cell, Colour, Kind
from cardgames.alethi.config import MAX_CARDS, Config, check_config, check_seed, stats
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.notation import describe
from cardgames.alethi.state import Card, Phase, Placed, State, View
from cardgames.errors import IllegalMoveError, InvalidConfigError, InvalidStateError, excerpt
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = [
    "apply_move",
    "check_state",
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
    if state._memo is None:
        found = playable_board(state)
        if isinstance(found, str):
            raise InvalidStateError(f"not a playable alethi state: {found}")
        object.__setattr__(state, "_memo", found)
    return state


def check_state(state: State) -> State:
    """``state`` if the rules could have reached it; else ``InvalidStateError`` saying why.

    The full check of a state from outside: the types and the playability that every function
    asks of a state (see :func:`checked`), then every card of both armies exactly once, the
    counters within what a game of this config reaches, the field no wider than its cards and
    turns allow, and a result exactly when and as the rules give one. It costs time linear in
    the size of the state.
    """
    state = checked(state)
    problem = unreachable(state, board_of(state))
    if problem is not None:
        raise InvalidStateError(f"not an alethi state the rules can reach: {problem}")
    return state


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
    for key, card in board.cards.items():
        if not card.captured and board.pressure(key, card, table.attack) > table.health[card.kind]:
            return f"the card on ({card.at}) should have been captured"
    if state.result is None and not _has_options(board, state.barracks, state.to_move, state.phase):
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
    cells = set()
    for number, card in enumerate(state.field):
        problem = _card_problem(card, order)
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
    for colour, kinds in zip(Colour, barracks, strict=True):
        if type(kinds) is tuple and len(kinds) > MAX_CARDS:
            return f"{colour.label}'s barracks holds at most {MAX_CARDS} cards"
        if type(kinds) is not tuple or any(type(k) is not Kind or k not in order for k in kinds):
            return f"{colour.label}'s barracks must be a tuple of the army's kinds"
        ranks = [order[k] for k in kinds]
        if any(a > b for a, b in itertools.pairwise(ranks)):
            return f"{colour.label}'s barracks is not in army order"
    return None


def _card_problem(card: object, order: dict[Kind, int]) -> str | None:
    """What makes ``card`` no card on the field of this army, or ``None``."""
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
    army = {card.kind: card.count for card in config.army}
    total = 2 * sum(army.values())
    held = len(field) + len(barracks[0]) + len(barracks[1]) + len(removed)
    if held != total:
        return f"it holds {held} cards, the two armies have {total}"
    counts: Counter[tuple[Colour, Kind]] = Counter()
    counts.update((card.owner, card.kind) for card in field)
    counts.update((colour, kind) for colour in Colour for kind in barracks[colour])
    counts.update((card.owner, card.kind) for card in removed)
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
    problem = _too_wide(field, len(field) + (turn if scouts else 0))
    if problem is not None:
        return problem
    return _wrong_result(state, board, limit)


def _too_wide(field: tuple[Placed, ...], bound: int) -> str | None:
    """Whether the field spans more than ``bound`` cells across and up together."""
    if not field:
        return None
    xs = [card.at.x for card in field]
    ys = [card.at.y for card in field]
    span = max(xs) - min(xs) + 1 + max(ys) - min(ys) + 1
    if span > bound:
        return f"the field spans {span} cells across and up together, at most {bound} can be"
    return None


def _wrong_result(state: State, board: Board, limit: int) -> str | None:
    """Whether ``state``'s result (or its lack) differs from what the rules give."""
    losing = {
        card.owner for card in board.cards.values() if card.captured and card.kind is Kind.KING
    }
    losing.update(colour for colour in Colour if board.alive[colour] == 0)
    if state.result is None:
        # The capture check ends the game at once when a King falls or a side has no card up.
        if losing:
            return "the game goes on after it was lost"
        return None
    if losing:
        expected = _capture_results(board, losing)
    else:
        barracks, mover = state.barracks, state.to_move
        if not barracks[0] and not barracks[1]:
            why = "all cards played"
        elif not _can_bring_in(board, barracks, mover) and not _can_bring_in(
            board, barracks, mover.opponent
        ):
            why = "no side can bring in a card any more"
        elif state.turn == limit:
            why = _limit_reason(limit)
        else:
            return "the game is over though nothing ended it"
        expected = [_ended_by_count(board, why)]
    if state.result not in expected:
        return "the result is not the one the rules give for this field"
    return None


def _capture_results(board: Board, losing: set[Colour]) -> list[Outcome]:
    """The results the capture check gives when ``losing`` lost: a King captured, or no card
    left standing (the King is named first)."""
    reasons = {}
    for colour in losing:
        king = any(
            c.owner == colour and c.kind is Kind.KING and c.captured for c in board.cards.values()
        )
        reasons[colour] = (
            f"{colour.label}'s King was captured"
            if king
            else f"{colour.label} has no uncaptured card on the field"
        )
    if len(reasons) == 1:
        ((loser, reason),) = reasons.items()
        return [Outcome.win({loser.opponent}, PLAYERS, reason)]
    red, blue = reasons[Colour.RED], reasons[Colour.BLUE]
    prefix = "both sides lost at once: "
    return [Outcome.draw(PLAYERS, prefix + a + "; " + b) for a, b in ((red, blue), (blue, red))]


def _limit_reason(limit: int) -> str:
    """Why a game that reached its turn limit ended."""
    return f"the turn limit of {limit} was reached"


# Moves are immutable values, so the same one can serve every state that offers it; keeping
# them saves building a dozen per decision.
@functools.lru_cache(maxsize=1 << 16)
def _throw(kind: Kind, key: int) -> Throw:
    return Throw(kind, cell_of(key))


@functools.lru_cache(maxsize=1 << 12)
def _soulcast(key: int) -> Soulcast:
    return Soulcast(cell_of(key))


@functools.lru_cache(maxsize=1 << 12)
def _scout(scout: int, to: int) -> Scout:
    return Scout(cell_of(scout), cell_of(to))


# --- captures ---------------------------------------------------------------------------------


def find_captures(field: tuple[Placed, ...], config: Config) -> list[Cell]:
    """Cells of the uncaptured cards that the capture check turns face down, judging every card.

    A card falls when the attack of the uncaptured enemy cards touching it adds up to more than
    its health; an attacker touching an uncaptured General of its own side counts one more.
    Every card is judged against the same field, so all captures happen at once. This is the
    plain statement of the rule; :func:`apply_move` judges only the cards a move can reach, and
    the tests hold the two to the same answers.
    """
    _check_field(field, config)
    table = stats(config)
    standing = {c.at: c for c in field if not c.captured}

    def attack(card: Placed) -> int:
        boost = any(
            (g := standing.get(n)) is not None and g.kind is Kind.GENERAL and g.owner == card.owner
            for n in card.at.neighbours()
        )
        return table.attack[card.kind] + (GENERAL_BONUS if boost else 0)

    fallen = []
    for card in standing.values():
        enemies = [
            e for n in card.at.neighbours() if (e := standing.get(n)) and e.owner != card.owner
        ]
        if sum(attack(e) for e in enemies) > table.health[card.kind]:
            fallen.append(card.at)
    return sorted(fallen)


def _check_field(field: object, config: Config) -> None:
    """Raise a library error unless ``field`` is a tuple of cards of ``config``'s army on
    distinct cells, within the coordinate limits."""
    check_config(config)
    if type(field) is not tuple:
        raise InvalidStateError(f"field must be a tuple of Placed, got {excerpt(field)}")
    order = {card.kind: i for i, card in enumerate(config.army)}
    cells = set()
    for number, card in enumerate(field):
        problem = _card_problem(card, order)
        if problem is not None:
            raise InvalidStateError(f"field[{number}] {problem}")
        if card.at in cells:
            raise InvalidStateError(f"two cards share ({card.at})")
        cells.add(card.at)


def _capture(board: Board, key: int, config: Config) -> list[Placed]:
    """Run the capture check on ``board`` (a fresh copy) after the card on ``key`` arrived or
    changed side; return the cards it captured.

    Every earlier state passed the check, so only cards the change pressed harder may fall: the
    card on ``key`` and the enemy cards it touches; when it is a General, whose bonus arrived with
    it, also the enemy cards its allies touch. (A card leaving a cell only relieves pressure.)
    """
    cards = board.cards
    card = cards[key]
    owner = card.owner
    near = [key]
    for step in STEPS:
        n = key + step
        other = cards.get(n)
        if other is None or other.captured:
            continue
        if other.owner != owner:
            near.append(n)
        elif card.kind is Kind.GENERAL:
            near.extend(
                m
                for m in (n + s for s in STEPS)
                if (e := cards.get(m)) is not None and e.owner != owner and not e.captured
            )
    table = stats(config)
    attack, health = table.attack, table.health
    fallen = {
        k
        for k in near
        if not (c := cards[k]).captured and board.pressure(k, c, attack) > health[c.kind]
    }
    return [board.capture(k) for k in fallen]


def _ended_by_capture(board: Board, captured: list[Placed]) -> Outcome | None:
    """The result if this check captured a King or left a side without an uncaptured card."""
    if not captured and board.alive[0] and board.alive[1]:
        return None
    reasons: dict[Colour, str] = {}
    for card in captured:
        if card.kind is Kind.KING:
            reasons[card.owner] = f"{card.owner.label}'s King was captured"
    for colour in Colour:
        if board.alive[colour] == 0:
            reasons.setdefault(colour, f"{colour.label} has no uncaptured card on the field")
    if not reasons:
        return None
    if len(reasons) == PLAYERS:
        return Outcome.draw(PLAYERS, "both sides lost at once: " + "; ".join(reasons.values()))
    ((loser, reason),) = reasons.items()
    return Outcome.win({loser.opponent}, PLAYERS, reason)


def _ended_by_count(board: Board, why: str) -> Outcome:
    """The result once no more cards can come in: more uncaptured cards wins."""
    red, blue = board.alive
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
    check_seed(seed)
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
    board = Board.build(field)
    captured = [board.capture(key_of(cell)) for cell in find_captures(field, config)]
    field = tuple(board.cards[key_of(c.at)] for c in field)
    barracks = (tuple(army), tuple(army))
    return _next_decision(
        config, field, barracks, (), Colour(first), Phase.SOULCAST, 1, rng, board, captured
    )


# --- queries ----------------------------------------------------------------------------------


def current_player(state: State) -> int | None:
    """The player to decide (0 red, 1 blue), or ``None`` once the game is over."""
    state = checked(state)
    return None if state.result is not None else int(state.to_move)


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return checked(state).result is not None


def outcome(state: State) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return checked(state).result


# --- the options of each phase ----------------------------------------------------------------


def _can_throw(board: Board, barracks: Barracks, colour: Colour) -> bool:
    """Whether ``colour`` has a card to throw and an empty cell to throw it on."""
    return bool(barracks[colour]) and bool(board.throwable[colour])


def _can_bring_in(board: Board, barracks: Barracks, colour: Colour) -> bool:
    """Whether ``colour`` can still bring a barracks card onto the field: by a throw, or by a
    soulcast (which may also open cells to throw on)."""
    return _can_throw(board, barracks, colour) or bool(
        board.soulcast_targets(colour, barracks[colour])
    )


def _has_options(board: Board, barracks: Barracks, me: Colour, phase: Phase) -> bool:
    """Whether ``me`` has any decision in ``phase``."""
    if phase is Phase.THROW:
        return _can_throw(board, barracks, me)
    if phase is Phase.SOULCAST:
        return bool(board.soulcast_targets(me, barracks[me]))
    return any(board.scout_can_move(me, scout) for scout in board.scouts[me])


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
    board: Board,
    captured: list[Placed] | None,
) -> State:
    """The state at the next decision, from ``phase`` of ``player`` on (``None``: turn over).

    Phases without any option are skipped. The end is checked here: after the capture check the
    caller ran (``captured`` is what it took, ``None`` when the field did not change), and at the
    end of every turn: when neither side can bring a card in any more (normally because both
    barracks are empty), or the turn limit is reached, the uncaptured cards are counted.
    """
    result = None if captured is None else _ended_by_capture(board, captured)
    while result is None:
        if phase is None:
            if not barracks[0] and not barracks[1]:
                result = _ended_by_count(board, "all cards played")
                break
            if not _can_bring_in(board, barracks, player.opponent) and not _can_bring_in(
                board, barracks, player
            ):
                result = _ended_by_count(board, "no side can bring in a card any more")
                break
            limit = stats(config).turn_limit
            if turn >= limit:
                result = _ended_by_count(board, _limit_reason(limit))
                break
            player, phase, turn = player.opponent, Phase.SOULCAST, turn + 1
        if _has_options(board, barracks, player, phase):
            state = State(config, field, barracks, removed, player, phase, turn, None, rng)
            object.__setattr__(state, "_memo", board)
            return state
        phase = _NEXT_PHASE[phase]
    state = State(config, field, barracks, removed, player, Phase.OVER, turn, result, rng)
    object.__setattr__(state, "_memo", board)
    return state


# --- legal moves ------------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, ``()`` once the game is over.

    Order: soulcast targets then ``Pass``; throws by kind (the barracks keeps the army's order),
    then by cell; scout moves by scout, then by cell, then ``Pass``.
    """
    state = checked(state)
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    board = board_of(state)
    me = state.to_move
    if phase is Phase.THROW:
        keys = sorted(board.throwable[me])
        return tuple([_throw(kind, k) for kind in dict.fromkeys(state.barracks[me]) for k in keys])
    if phase is Phase.SOULCAST:
        return (*(_soulcast(k) for k in board.soulcast_targets(me, state.barracks[me])), _PASS)
    return (
        *(_scout(s, t) for s in sorted(board.scouts[me]) for t in board.scout_targets(me, s)),
        _PASS,
    )


def _why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` is not legal in ``state``, or ``None`` when it is."""
    phase = state.phase
    me = state.to_move
    if phase is Phase.OVER:
        return "the game is over"
    board = board_of(state)
    if isinstance(move, Throw):
        if phase is not Phase.THROW:
            return f"it is the {phase} phase, not the throw phase"
        if move.kind not in state.barracks[me]:
            return f"there is no {_what(move.kind)} in {me.label}'s barracks"
        if safe_key(move.at) not in board.throwable[me]:
            return f"{_where(move.at)} is not an empty cell next to an uncaptured {me.label} card"
        return None
    if isinstance(move, Pass):
        if phase is Phase.THROW:
            return "throwing may not be skipped while a card can be thrown"
        return None
    if isinstance(move, Soulcast):
        if phase is not Phase.SOULCAST:
            return f"it is the {phase} phase, not the soulcast phase"
        if safe_key(move.target) not in board.soulcast_targets(me, state.barracks[me]):
            return (
                f"{_where(move.target)} holds no uncaptured enemy card (not a King) that a card in "
                f"{me.label}'s barracks can replace"
            )
        return None
    if isinstance(move, Scout):
        if phase is not Phase.SCOUT:
            return f"it is the {phase} phase, not the scout phase"
        scout = safe_key(move.scout)
        if scout is None or scout not in board.scouts[me]:
            return f"there is no uncaptured {me.label} Scout on {_where(move.scout)}"
        if safe_key(move.to) not in board.scout_targets(me, scout):
            return (
                f"{_where(move.to)} is not an empty cell next to another uncaptured {me.label} card"
            )
        return None
    return f"{type(move).__name__} is not an alethi move"


def _where(cell: object) -> str:
    """A cell of a move for a message: ``(3,1)``, or a short description of a malformed one."""
    if isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell):
        return f"({excerpt(cell[0])},{excerpt(cell[1])})"
    return excerpt(cell)


def _what(kind: object) -> str:
    """A move's kind for a message: ``knight``, or a short description of a malformed one."""
    return Kind(kind).value if isinstance(kind, str) and kind in _KIND_NAMES else excerpt(kind)


_KIND_NAMES = frozenset(kind.value for kind in Kind)


def is_legal(state: State, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return _why_illegal(checked(state), move) is None


# --- applying moves ---------------------------------------------------------------------------


def _take(barracks: Barracks, owner: Colour, kind: Kind) -> Barracks:
    """The barracks after ``owner`` took one ``kind`` out of theirs."""
    mine = barracks[owner]
    i = mine.index(kind)
    mine = mine[:i] + mine[i + 1 :]
    return (mine, barracks[1]) if owner == Colour.RED else (barracks[0], mine)


def _field(field: tuple[Placed, ...], board: Board, captured: list[Placed]) -> tuple[Placed, ...]:
    """``field`` with the captured cards turned face down."""
    if not captured:
        return field
    cards = board.cards
    return tuple(cards[key_of(c.at)] if not c.captured else c for c in field)


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` saying why if it is not legal."""
    state = checked(state)
    why = _why_illegal(state, move)
    if why is not None:
        raise IllegalMoveError(f"{describe(move)}: {why}")
    config, field, barracks, me = state.config, state.field, state.barracks, state.to_move
    removed, turn, rng = state.removed, state.turn, state.rng
    if isinstance(move, Pass):
        phase = _NEXT_PHASE[state.phase]
        return _next_decision(
            config, field, barracks, removed, me, phase, turn, rng, board_of(state), None
        )
    board = board_of(state).copy()
    next_phase: Phase | None
    if isinstance(move, Throw):
        # Build from the rules' own values: a move that merely equals a legal one (a plain
        # string for the kind, a plain tuple for the cell) must not leak into the state.
        key = key_of(move.at)
        placed = Placed(me, barracks[me][barracks[me].index(move.kind)], cell_of(key))
        board.put(key, placed)
        captured = _capture(board, key, config)
        field = _field((*field, placed), board, captured)
        barracks = _take(barracks, me, move.kind)
        next_phase = Phase.SCOUT
    elif isinstance(move, Soulcast):
        key = key_of(move.target)
        victim = board.lift(key)
        mine = Placed(me, victim.kind, victim.at)
        board.put(key, mine)
        captured = _capture(board, key, config)
        field = _field(tuple(mine if c.at == victim.at else c for c in field), board, captured)
        barracks = _take(barracks, me, victim.kind)
        removed = (*removed, Card(victim.owner, victim.kind))
        next_phase = Phase.THROW
    else:
        assert isinstance(move, Scout)
        start, key = key_of(move.scout), key_of(move.to)
        scout = board.lift(start)
        moved = Placed(me, scout.kind, cell_of(key))
        board.put(key, moved)
        captured = _capture(board, key, config)
        field = _field(tuple(moved if c.at == scout.at else c for c in field), board, captured)
        next_phase = None
    return _next_decision(
        config, field, barracks, removed, me, next_phase, turn, rng, board, captured
    )
