"""Alethi's board steps, each held in lock-step over random games to the board worked out from
scratch and to the plain steps it stands for: a card placed, an enemy card replaced by a
soulcast in one step, a Scout moved with the targets already known; and the board as the memo
of exactly one state, a pass giving the next state a twin of it."""

from __future__ import annotations

import random

import pytest

from cardgames import alethi
from cardgames.alethi import ending, reference, rules
from cardgames.alethi._fast.board import Board, key_of
from cardgames.alethi._fast.kinds_held import (
    SOULCASTER_FIELD,
    castable_fields_of,
    counts_of,
    unit_of,
)
from cardgames.alethi.cards import CardType, Colour, Kind
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
                field = reference.field_after(state, move)
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


@pytest.mark.parametrize("seed", range(12))
def test_soulcast_targets_are_the_enemy_cards_of_the_kinds_held(seed: int) -> None:
    """The soulcast targets picked without a bytecode loop are the plain reading of the rule,
    for each side and barracks of every state of random games (asked twice: the second answer
    is the one kept on the board)."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            board = rules.board_of(state)
            for colour in Colour:
                for kinds in state.barracks:
                    cells = reference.soulcast_targets(state.field, (kinds, kinds), colour)
                    plain = list(map(key_of, cells))
                    assert list(board.soulcast_targets(colour, kinds)) == plain
                    assert list(board.soulcast_targets(colour, kinds)) == plain
            moves = alethi.legal_moves(state)
            state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])


@pytest.mark.parametrize("seed", range(12))
def test_the_end_by_capture_reads_as_the_rule(seed: int) -> None:
    """Whether a capture check ended the battle (answered at once when no King fell and both
    sides keep a card up) agrees with the plain reading, for the cards each move of random
    games took and for every one-card and two-card list of the field's cards, Kings included."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            board = rules.board_of(state)
            cards = list(state.field)
            lists = [[], *([c] for c in cards), chooser.sample(cards, min(2, len(cards)))]
            for captured in lists:
                plain = reference.end_by_capture(state.field, captured)
                assert ending.ended_by_capture(board, captured) == plain
            moves = alethi.legal_moves(state)
            state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])
        reason = state.result.reason if state.result is not None else ""
        if reason.endswith("King was captured") and not reason.startswith("both"):
            board = rules.board_of(state)
            fallen = [c for c in state.field if c.captured and c.kind is Kind.KING]
            assert ending.ended_by_capture(board, fallen) == state.result


@pytest.mark.parametrize("seed", SEEDS)
def test_the_kinds_held_are_those_of_the_standing_cards(seed: int) -> None:
    """The packed counts of kinds a board keeps per side, carried from state to state, are at
    every decision those of that side's uncaptured cards on the field, and each kind's field
    of them reads as that kind's count."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while True:
            board = rules.board_of(state)
            for colour in Colour:
                standing = [c.kind for c in state.field if c.owner == colour and not c.captured]
                assert board.held[colour] == counts_of(standing)
                for kind in Kind:
                    field = board.held[colour] // unit_of(kind) % (1 << 32)
                    assert field == standing.count(kind)
            if alethi.is_over(state):
                break
            moves = alethi.legal_moves(state)
            state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])


def test_a_kind_is_there_while_one_card_of_it_stands() -> None:
    """A side has a kind while its count of that kind is above zero, whatever the other
    kinds' counts, and the castable fields of a barracks leave the King out."""
    squires = counts_of([Kind.SQUIRE] * 100)
    assert not squires & SOULCASTER_FIELD
    assert (squires + unit_of(Kind.SOULCASTER)) & SOULCASTER_FIELD
    assert not (squires + unit_of(Kind.SOULCASTER) - unit_of(Kind.SOULCASTER)) & SOULCASTER_FIELD
    king = counts_of([Kind.KING])
    assert not castable_fields_of((Kind.KING,)) & king
    assert castable_fields_of((Kind.KING, Kind.SQUIRE)) & squires
