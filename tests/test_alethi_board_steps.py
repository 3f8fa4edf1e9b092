"""Alethi's board steps, each held in lock-step over random games to the board worked out from
scratch and to the plain steps it stands for: a card placed, an enemy card replaced by a
soulcast in one step, a Scout moved with the targets already known; and the board as the memo
of exactly one state, a pass giving the next state a twin of it."""

from __future__ import annotations

import random

import pytest

from cardgames import alethi
from cardgames.alethi import rules
from cardgames.alethi.board import Board, key_of
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config

SEEDS = range(24)


def configs(seed: int) -> list[Config]:
    """The presets and a random army with several of each special card."""
    chooser = random.Random(seed)
    army = tuple(
        CardType(
            kind,
            attack=chooser.randint(0, 6),
            health=chooser.randint(0, 9),
            count=chooser.randint(2, 4),
        )
        for kind in Kind
    )
    return [*alethi.PRESETS.values(), Config(army=army)]


def stepped(board: Board, state: alethi.State, move: alethi.Move) -> tuple[Board, bool] | None:
    """The fast board step of ``move`` on ``board`` (before the capture check), or ``None``
    for a pass."""
    me = state.to_move
    if isinstance(move, alethi.Throw):
        return board.placing(key_of(move.at), alethi.Placed(me, move.kind, move.at))
    if isinstance(move, alethi.Soulcast):
        key = key_of(move.target)
        return board.replacing(key, alethi.Placed(me, board.cards[key].kind, move.target))
    if isinstance(move, alethi.Scout):
        start, key = key_of(move.scout), key_of(move.to)
        card = alethi.Placed(me, Kind.SCOUT, move.to)
        return board.stepping(start, key, card, board.scout_targets(me, start))
    return None


def plain_field(state: alethi.State, move: alethi.Move) -> tuple[alethi.Placed, ...]:
    """The field after ``move``, before the capture check, built card by card."""
    me, field = state.to_move, state.field
    if isinstance(move, alethi.Throw):
        return (*field, alethi.Placed(me, move.kind, move.at))
    if isinstance(move, alethi.Soulcast):
        return tuple(alethi.Placed(me, c.kind, c.at) if c.at == move.target else c for c in field)
    if isinstance(move, alethi.Scout):
        return tuple(alethi.Placed(me, c.kind, move.to) if c.at == move.scout else c for c in field)
    return field


@pytest.mark.parametrize("seed", SEEDS)
def test_each_board_step_equals_the_board_worked_out_afresh(seed: int) -> None:
    """At every move of random games, the board a step derives equals the board built from
    scratch for the field the move leaves (before the capture check), tells rightly whether an
    enemy card touches the cell the move acted on, and leaves the board it came from as it
    was; a soulcast's one step also equals lifting the enemy card and placing the new one.
    Whether the side to move has a soulcast, told from the counts of kinds (which leave out
    the kinds a side has none of), is what the cards on the field say."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            moves = alethi.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]
            board = rules.board_of(state)
            me, enemy = state.to_move, state.to_move.opponent
            standing = [c for c in board.cards.values() if not c.captured]
            assert all(all(board.kinds[colour].values()) for colour in (me, enemy))
            soulcaster = any(c.owner == me and c.kind is Kind.SOULCASTER for c in standing)
            castable = {c.kind for c in standing if c.owner == enemy} - {Kind.KING}
            plain = soulcaster and bool(castable.intersection(state.barracks[me]))
            assert board.can_soulcast(me, state.barracks[me]) is plain
            step = stepped(board, state, move)
            if step is not None:
                after, near = step
                field = plain_field(state, move)
                assert after.same_as(Board.build(field))
                cell = move.at if isinstance(move, alethi.Throw) else None
                cell = move.target if isinstance(move, alethi.Soulcast) else cell
                cell = move.to if isinstance(move, alethi.Scout) else cell
                assert cell is not None
                assert near is after.touched(key_of(cell), state.to_move.opponent)
                if isinstance(move, alethi.Soulcast):
                    copy = board.copy()
                    key = key_of(move.target)
                    copy.lift(key)
                    lifted, plain_near = copy.placing(key, after.cards[key])
                    assert after.same_as(lifted) and near is plain_near
            assert board.same_as(Board.build(state.field))
            state = alethi.apply_move(state, move)


@pytest.mark.parametrize("seed", range(8))
def test_every_state_has_a_board_of_its_own(seed: int) -> None:
    """The board is the memo of exactly one state: after a pass the next state has a twin of
    the board (the same field, shared parts) bound to it, while the state passed from keeps
    its own board and its listed moves; every board names its state and its config's stats."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            board = rules.board_of(state)
            assert board.owner == id(state)
            assert board.table is rules.board_of(alethi.new_game(config, seed=seed)).table
            moves = alethi.legal_moves(state)
            assert board.moves is moves
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, move)
            mine = rules.board_of(after)
            assert mine is not board and mine.owner == id(after)
            if isinstance(move, alethi.Pass):
                assert mine.cards is board.cards and mine.throwable is board.throwable
                assert alethi.legal_moves(state) is moves
                assert mine.same_as(Board.build(after.field))
            state = after
