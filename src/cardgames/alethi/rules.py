"""The rules of Alethi: the set-up, the three phases of a turn, captures and the end.

Every check that decides legality lives in one helper that both :func:`legal_moves` and
:func:`apply_move` use, so the list of legal moves and the reason in an ``IllegalMoveError``
never disagree. The facts about the field come from the state's :class:`~.board.Board`.
"""

from __future__ import annotations

import functools

from cardgames.alethi.board import LIMIT, STEPS, Board, cell_of, key_of, safe_key
from cardgames.alethi.cards import BLUE_START, GENERAL_BONUS, RED_START, Cell, Colour, Kind
from cardgames.alethi.config import Config, check_config, check_seed, stats
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.notation import describe
from cardgames.alethi.state import Card, Phase, Placed, State, View
from cardgames.errors import IllegalMoveError, InvalidStateError
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


def checked(state: object) -> State:
    """``state`` if it is a playable Alethi state, with its board ready; else ``InvalidStateError``.

    States made by the rules carry their board. Any other state (loaded from JSON, resampled,
    built by hand) is validated once, the first time it is used, so that every rule can trust it.
    """
    if type(state) is not State:
        view = isinstance(state, View)
        hint = " (a view cannot stand for a state; resample() builds one)" if view else ""
        raise InvalidStateError(f"expected an alethi State, got {type(state).__name__}{hint}")
    if state._memo is None:
        board = _validated_board(state)
        object.__setattr__(state, "_memo", board)
    return state


def board_of(state: State) -> Board:
    """The board kept with a checked state."""
    board: Board = state._memo
    return board


def _validated_board(state: State) -> Board:
    """The board of a state that the rules did not make, after checking that it can be played."""
    problem = _inconsistency(state)
    if problem is not None:
        raise InvalidStateError(f"not a playable alethi state: {problem}")
    board = Board.build(state.field)
    table = stats(state.config)
    for key, card in board.cards.items():
        if not card.captured and board.pressure(key, card, table.attack) > table.health[card.kind]:
            raise InvalidStateError(
                f"not a playable alethi state: the card on ({card.at}) should have been captured"
            )
    if state.result is None and not _has_options(board, state.barracks, state.to_move, state.phase):
        raise InvalidStateError(
            f"not a playable alethi state: {state.to_move.label} has no decision "
            f"in the {state.phase} phase"
        )
    return board


def _inconsistency(state: State) -> str | None:
    """What makes ``state`` unplayable, or ``None``."""
    config = state.config
    if type(config) is not Config:
        return "config is not an alethi Config"
    check_config(config)
    order = {card.kind: i for i, card in enumerate(config.army)}
    if type(state.to_move) is not Colour or type(state.phase) is not Phase:
        return "to_move must be a Colour and phase a Phase"
    if type(state.turn) is not int or state.turn < 1:
        return "turn must be a positive int"
    if type(state.rng) is not Rng:
        return "rng must be an Rng"
    if (state.result is None) == (state.phase is Phase.OVER):
        return "the phase is 'over' exactly when there is a result"
    if state.result is not None and (
        type(state.result) is not Outcome or len(state.result.returns) != PLAYERS
    ):
        return "result must be a two-player Outcome"
    if type(state.field) is not tuple or type(state.removed) is not tuple:
        return "field and removed must be tuples"
    cells = set()
    for card in state.field:
        if type(card) is not Placed or type(card.owner) is not Colour:
            return f"{card!r} is not a card on the field"
        if type(card.kind) is not Kind or type(card.captured) is not bool:
            return f"{card!r} has a malformed kind or captured flag"
        if type(card.at) is not Cell or safe_key(card.at) is None:
            return f"{card!r} has a malformed cell"
        if not all(-LIMIT < v < LIMIT - 1 for v in card.at):
            return f"({card.at}) lies too far out"
        if card.at in cells:
            return f"two cards share ({card.at})"
        cells.add(card.at)
        if card.kind not in order:
            return f"{card!r} is of a kind the army does not have"
    for gone in state.removed:
        if type(gone) is not Card or type(gone.owner) is not Colour or type(gone.kind) is not Kind:
            return f"{gone!r} is not a removed card"
    barracks = state.barracks
    if type(barracks) is not tuple or len(barracks) != PLAYERS:
        return "barracks must be a pair of tuples"
    for colour, kinds in zip(Colour, barracks, strict=True):
        if type(kinds) is not tuple or any(type(k) is not Kind or k not in order for k in kinds):
            return f"{colour.label}'s barracks must be a tuple of the army's kinds"
        if list(kinds) != sorted(kinds, key=order.__getitem__):
            return f"{colour.label}'s barracks is not in army order"
    return None


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
    barracks are empty) the uncaptured cards are counted.
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
            return f"there is no {move.kind} in {me.label}'s barracks"
        if safe_key(move.at) not in board.throwable[me]:
            return f"({move.at}) is not an empty cell next to an uncaptured {me.label} card"
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
                f"({move.target}) holds no uncaptured enemy card (not a King) that a card in "
                f"{me.label}'s barracks can replace"
            )
        return None
    if isinstance(move, Scout):
        if phase is not Phase.SCOUT:
            return f"it is the {phase} phase, not the scout phase"
        scout = safe_key(move.scout)
        if scout is None or scout not in board.scouts[me]:
            return f"there is no uncaptured {me.label} Scout on ({move.scout})"
        if safe_key(move.to) not in board.scout_targets(me, scout):
            return f"({move.to}) is not an empty cell next to another uncaptured {me.label} card"
        return None
    return f"{type(move).__name__} is not an alethi move"


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
