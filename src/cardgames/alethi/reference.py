"""The rules of Alethi in plain Python: the rulebook that the fast rules are held to.

Everything here is worked out from a state's fields, card by card and cell by cell, as the
rules page reads: no board, no kept tables, no cell keys. The rules' own functions
(:mod:`.rules` and the chapters it dispatches to) give the same legal moves, in the same order,
and the same next states; the tests hold them to this module over random games of every
preset. Nothing in the library calls it. Where the rule is a condition stated in a chapter (the
capture condition :func:`~.captures.outweighs`, the turn limit of a config), this module calls
that very function.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardgames.alethi.captures import outweighs
from cardgames.alethi.cards import BLUE_START, GENERAL_BONUS, PLAYERS, RED_START, Cell, Colour, Kind
from cardgames.alethi.config import Config, turn_limit
from cardgames.alethi.moves import Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.state import Card, Phase, Placed, State
from cardgames.errors import IllegalMoveError
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = [
    "apply_move",
    "captures",
    "end_by_capture",
    "end_by_count",
    "field_after",
    "general_bonus",
    "legal_moves",
    "new_game",
    "pressure",
    "scout_targets",
    "soulcast_targets",
    "throw_cells",
]

Field = tuple[Placed, ...]
Barracks = tuple[tuple[Kind, ...], tuple[Kind, ...]]


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four cells that share a side with ``cell``."""
    x, y = cell
    return (Cell(x - 1, y), Cell(x, y - 1), Cell(x, y + 1), Cell(x + 1, y))


def _standing(field: Field, colour: Colour) -> list[Placed]:
    """The uncaptured cards of ``colour`` on ``field``."""
    return [card for card in field if card.owner == colour and not card.captured]


def _empty_cells_touched_by(field: Field, cards: Iterable[Placed]) -> tuple[Cell, ...]:
    """The empty cells of ``field`` next to any of ``cards``, in cell order."""
    taken = {card.at for card in field}
    return tuple(sorted({n for card in cards for n in _neighbours(card.at) if n not in taken}))


# --- the capture check ------------------------------------------------------------------------


def general_bonus(field: Field, card: Placed) -> int:
    """What ``card`` adds to its attack for touching an uncaptured General of its side (at most
    one bonus, however many Generals)."""
    near = set(_neighbours(card.at))
    generals = (c for c in _standing(field, card.owner) if c.kind is Kind.GENERAL)
    return GENERAL_BONUS if any(c.at in near for c in generals) else 0


def pressure(field: Field, card: Placed, config: Config) -> int:
    """The attack on ``card``: each uncaptured enemy card touching it, with its General's
    bonus."""
    attack = {t.kind: t.attack for t in config.army}
    near = set(_neighbours(card.at))
    return sum(
        attack[enemy.kind] + general_bonus(field, enemy)
        for enemy in _standing(field, card.owner.opponent)
        if enemy.at in near
    )


def captures(field: Field, config: Config) -> list[Placed]:
    """The uncaptured cards of ``field`` that the capture check turns face down, every card
    judged against the same field, in cell order."""
    health = {t.kind: t.health for t in config.army}
    fallen = [
        card
        for card in field
        if not card.captured and outweighs(pressure(field, card, config), health[card.kind])
    ]
    return sorted(fallen, key=lambda card: card.at)


def _turned_down(field: Field, fallen: Sequence[Placed]) -> Field:
    """``field`` with the cards ``fallen`` face down, each in its place."""
    cells = {card.at for card in fallen}
    return tuple(
        Placed(c.owner, c.kind, c.at, True) if c.at in cells and not c.captured else c
        for c in field
    )


# --- the end of the battle --------------------------------------------------------------------


def end_by_capture(field: Field, fallen: Sequence[Placed]) -> Outcome | None:
    """The result of a capture check that turned ``fallen`` down, leaving ``field``: a side
    whose King fell loses, then a side with no uncaptured card; both at once is a draw."""
    reasons: dict[Colour, str] = {}
    for card in fallen:
        if card.kind is Kind.KING:
            reasons[card.owner] = f"{card.owner.label}'s King was captured"
    for colour in Colour:
        if not _standing(field, colour):
            reasons.setdefault(colour, f"{colour.label} has no uncaptured card on the field")
    if not reasons:
        return None
    if len(reasons) == PLAYERS:
        return Outcome.draw(PLAYERS, "both sides lost at once: " + "; ".join(reasons.values()))
    ((loser, reason),) = reasons.items()
    return Outcome.win({int(loser.opponent)}, PLAYERS, reason)


def end_by_count(field: Field, why: str) -> Outcome:
    """The result once no more cards come in: more uncaptured cards wins, equal is a draw."""
    red, blue = (len(_standing(field, colour)) for colour in Colour)
    if red == blue:
        return Outcome.draw(PLAYERS, f"{why}, {red} uncaptured cards each")
    winner = Colour.RED if red > blue else Colour.BLUE
    high, low = max(red, blue), min(red, blue)
    return Outcome.win(
        {int(winner)}, PLAYERS, f"{why}, {winner.label} has more uncaptured cards ({high} to {low})"
    )


# --- what each phase offers -------------------------------------------------------------------


def soulcast_targets(field: Field, barracks: Barracks, colour: Colour) -> tuple[Cell, ...]:
    """The cells of the enemy cards ``colour`` may soulcast: with an uncaptured Soulcaster of
    its own, the uncaptured enemy cards of a kind its barracks holds, never a King."""
    if not any(c.kind is Kind.SOULCASTER for c in _standing(field, colour)):
        return ()
    kinds = set(barracks[colour])
    return tuple(
        sorted(
            c.at
            for c in _standing(field, colour.opponent)
            if c.kind in kinds and c.kind is not Kind.KING
        )
    )


def throw_cells(field: Field, barracks: Barracks, colour: Colour) -> tuple[Cell, ...]:
    """The empty cells next to an uncaptured card of ``colour``, while its barracks holds a card
    to throw there."""
    if not barracks[colour]:
        return ()
    return _empty_cells_touched_by(field, _standing(field, colour))


def scout_targets(field: Field, scout: Placed) -> tuple[Cell, ...]:
    """The empty cells the uncaptured Scout ``scout`` may move to: next to another uncaptured
    card of its side."""
    others = [c for c in _standing(field, scout.owner) if c.at != scout.at]
    return _empty_cells_touched_by(field, others)


def _scouts(field: Field, colour: Colour) -> list[Placed]:
    """The uncaptured Scouts of ``colour``, in cell order."""
    return sorted((c for c in _standing(field, colour) if c.kind is Kind.SCOUT), key=lambda c: c.at)


def _has_options(field: Field, barracks: Barracks, colour: Colour, phase: Phase) -> bool:
    """Whether ``colour`` has a decision in ``phase``."""
    if phase is Phase.SOULCAST:
        return bool(soulcast_targets(field, barracks, colour))
    if phase is Phase.THROW:
        return bool(throw_cells(field, barracks, colour))
    return any(scout_targets(field, s) for s in _scouts(field, colour))


def _can_bring_in(field: Field, barracks: Barracks, colour: Colour) -> bool:
    """Whether ``colour`` can still bring a barracks card onto the field, by a throw or a
    soulcast."""
    return bool(throw_cells(field, barracks, colour) or soulcast_targets(field, barracks, colour))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide: soulcasts by cell then ``Pass``; throws by kind
    in the barracks' order, then by cell; Scout moves by Scout, then by cell, then ``Pass``."""
    field, barracks, me = state.field, state.barracks, state.to_move
    if state.phase is Phase.SOULCAST:
        return (*(Soulcast(cell) for cell in soulcast_targets(field, barracks, me)), Pass())
    if state.phase is Phase.THROW:
        cells = throw_cells(field, barracks, me)
        return tuple(Throw(kind, cell) for kind in dict.fromkeys(barracks[me]) for cell in cells)
    if state.phase is Phase.SCOUT:
        return (
            *(Scout(s.at, cell) for s in _scouts(field, me) for cell in scout_targets(field, s)),
            Pass(),
        )
    return ()


# --- a move and the next decision -------------------------------------------------------------


def field_after(state: State, move: Move) -> Field:
    """The field of ``state`` after ``move`` changed it, before the capture check."""
    me, field = state.to_move, state.field
    if isinstance(move, Throw):
        return (*field, Placed(me, move.kind, move.at))
    if isinstance(move, Soulcast):
        return tuple(Placed(me, c.kind, c.at) if c.at == move.target else c for c in field)
    if isinstance(move, Scout):
        return tuple(Placed(me, c.kind, move.to) if c.at == move.scout else c for c in field)
    return field


def _take(barracks: Barracks, colour: Colour, kind: Kind) -> Barracks:
    """``barracks`` with one ``kind`` taken out of ``colour``'s."""
    mine = list(barracks[colour])
    mine.remove(kind)
    return (tuple(mine), barracks[1]) if colour is Colour.RED else (barracks[0], tuple(mine))


def _next_decision(
    state: State,
    field: Field,
    barracks: Barracks,
    removed: tuple[Card, ...],
    phase: Phase | None,
    result: Outcome | None,
) -> State:
    """The state at the next decision of the player to move, from ``phase`` on (``None``: the
    turn is over), skipping the phases without a decision and ending turns as the rules say."""
    player, turn, config = state.to_move, state.turn, state.config
    while result is None:
        if phase is not None and _has_options(field, barracks, player, phase):
            break
        if phase is Phase.SOULCAST:
            phase = Phase.THROW
        elif phase is Phase.THROW:
            phase = Phase.SCOUT
        else:
            # The turn is over.
            opponent = player.opponent
            if not barracks[0] and not barracks[1]:
                result = end_by_count(field, "all cards played")
            elif not _can_bring_in(field, barracks, player) and not _can_bring_in(
                field, barracks, opponent
            ):
                result = end_by_count(field, "no side can bring in a card any more")
            elif turn >= turn_limit(config):
                limit = turn_limit(config)
                result = end_by_count(field, f"the turn limit of {limit} was reached")
            else:
                player, phase, turn = opponent, Phase.SOULCAST, turn + 1
    if result is not None:
        phase = Phase.OVER
    assert phase is not None  # the loop stops only at a decision or at the end
    return State(
        config,
        field,
        barracks,
        removed,
        player,
        phase,
        turn,
        result,
        state.rng,
    )


def apply_move(state: State, move: Move) -> State:
    """The state after the legal ``move``: its change to the field, the capture check, then the
    next decision."""
    if move not in legal_moves(state):
        raise IllegalMoveError("not a legal move here")
    me, barracks, removed = state.to_move, state.barracks, state.removed
    phase: Phase | None
    if isinstance(move, Pass):
        after = Phase.THROW if state.phase is Phase.SOULCAST else None
        return _next_decision(state, state.field, barracks, removed, after, None)
    field = field_after(state, move)
    if isinstance(move, Throw):
        barracks, phase = _take(barracks, me, move.kind), Phase.SCOUT
    elif isinstance(move, Soulcast):
        (victim,) = (c for c in state.field if c.at == move.target)
        barracks = _take(barracks, me, victim.kind)
        removed, phase = (*removed, Card(victim.owner, victim.kind)), Phase.THROW
    else:
        phase = None  # a Scout's move ends the turn
    fallen = captures(field, state.config)
    field = _turned_down(field, fallen)
    return _next_decision(state, field, barracks, removed, phase, end_by_capture(field, fallen))


def new_game(config: Config, seed: int) -> State:
    """The first decision of a game of ``config`` (already checked) from ``seed``: each side's
    two Squires on its starting cells, the rest of its army in its barracks, the capture check,
    and a coin flip for who starts unless the config fixes it."""
    rng = Rng.from_seed(seed)
    if config.first_player is None:
        first, rng = rng.below(PLAYERS)
    else:
        first = config.first_player
    starts = {Colour.RED: RED_START, Colour.BLUE: BLUE_START}
    field = tuple(Placed(colour, Kind.SQUIRE, cell) for colour in Colour for cell in starts[colour])
    army = [t.kind for t in config.army for _ in range(t.count)]
    for _ in RED_START:
        army.remove(Kind.SQUIRE)
    fallen = captures(field, config)
    field = _turned_down(field, fallen)
    opening = State(
        config, field, (tuple(army), tuple(army)), (), Colour(first), Phase.SOULCAST, 1, None, rng
    )
    return _next_decision(
        opening, field, opening.barracks, (), Phase.SOULCAST, end_by_capture(field, fallen)
    )
