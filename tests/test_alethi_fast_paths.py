"""Alethi's fast paths, each held in lock-step to the plain computation it stands for, over
many random games: the openings kept per config, the throws kept by kind and cell, the scout
targets found by set arithmetic, the capture check skipped where no enemy card is near, and the
board each state carries from the one before."""

from __future__ import annotations

import random

import attrs
import pytest

from cardgames import alethi
from cardgames.alethi import rules, throwing
from cardgames.alethi.board import Board, cell_of
from cardgames.alethi.cards import CardType, Colour, Kind
from cardgames.alethi.config import Config
from cardgames.alethi.set_up import set_up
from cardgames.errors import IllegalMoveError
from cardgames.rng import Rng

SEEDS = range(40)


def random_config(chooser: random.Random) -> Config:
    """An army of random stats and counts (at least the two starting Squires), with a random
    first player."""
    army = tuple(
        CardType(
            kind,
            attack=chooser.randint(0, 6),
            health=chooser.randint(0, 9),
            count=chooser.randint(2 if kind is Kind.SQUIRE else 0, 3),
        )
        for kind in Kind
    )
    return Config(army=army, first_player=chooser.choice((None, 0, 1)))


def configs(seed: int) -> list[Config]:
    """The presets and a few random armies."""
    chooser = random.Random(seed)
    return [*alethi.PRESETS.values(), *(random_config(chooser) for _ in range(3))]


def reference_opening(config: Config, seed: int) -> alethi.State:
    """The first state of a game, worked out from scratch as ``new_game`` once did."""
    rng = Rng.from_seed(seed)
    if config.first_player is None:
        first, rng = rng.below(2)
    else:
        first = config.first_player
    return set_up(config, Colour(first), rng)


def playout(config: Config, seed: int) -> list[alethi.State]:
    """Every state of a random game."""
    chooser = random.Random(seed)
    state = alethi.new_game(config, seed=seed)
    states = [state]
    while not alethi.is_over(state):
        moves = alethi.legal_moves(state)
        state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


@pytest.mark.parametrize("seed", SEEDS)
def test_new_games_equal_the_set_up_worked_out_from_scratch(seed: int) -> None:
    """A new game equals, field by field and board by board, the set-up worked out afresh."""
    for config in configs(seed):
        fast, plain = alethi.new_game(config, seed=seed), reference_opening(config, seed)
        assert fast == plain
        assert repr(fast) == repr(plain)
        assert rules.board_of(fast).same_as(rules.board_of(plain))
        assert rules.board_of(fast).same_as(Board.build(fast.field))
        assert alethi.legal_moves(fast) == alethi.legal_moves(plain)


@pytest.mark.parametrize("seed", SEEDS)
def test_games_sharing_an_opening_leave_it_as_it_was(seed: int) -> None:
    """Games of one config share their opening's board; playing one out changes nothing that
    the next game starts from."""
    config = configs(seed)[3]
    for states in (playout(config, seed), playout(config, seed + 1)):
        for state in states:
            assert rules.board_of(state).same_as(Board.build(state.field))
    assert alethi.new_game(config, seed=seed) == reference_opening(config, seed)


def arrived(state: alethi.State, move: alethi.Move) -> tuple[alethi.Placed, ...]:
    """The field of ``state`` after ``move`` changed it, before any capture."""
    me, field = state.to_move, state.field
    if isinstance(move, alethi.Throw):
        return (*field, alethi.Placed(me, move.kind, move.at))
    if isinstance(move, alethi.Soulcast):
        return tuple(alethi.Placed(me, c.kind, c.at) if c.at == move.target else c for c in field)
    if isinstance(move, alethi.Scout):
        return tuple(alethi.Placed(me, c.kind, move.to) if c.at == move.scout else c for c in field)
    return field


@pytest.mark.parametrize("seed", SEEDS)
def test_every_step_agrees_with_the_plain_rules(seed: int) -> None:
    """At every step of random games: each Scout's targets equal the cell-by-cell rule, the
    scout phase is offered exactly when a Scout can move, and the cards a move captured are
    those the plain capture rule finds on the field it left."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            board, me = rules.board_of(state), state.to_move
            for scout in board.scouts[me]:
                assert board.scout_targets(me, scout) == board.plain_scout_targets(me, scout)
            can_scout = any(board.plain_scout_targets(me, s) for s in board.scouts[me])
            if state.phase is alethi.Phase.SCOUT:
                assert can_scout
            moves = alethi.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, move)
            before = {c.at for c in arrived(state, move) if c.captured}
            taken = sorted(c.at for c in after.field if c.captured and c.at not in before)
            assert taken == alethi.find_captures(arrived(state, move), config)
            state = after


def fresh(state: alethi.State) -> alethi.State:
    """An equal state without anything the rules kept with it."""
    return alethi.State(
        state.config,
        state.field,
        state.barracks,
        state.removed,
        state.to_move,
        state.phase,
        state.turn,
        state.result,
        state.rng,
    )


def lookalike(move: alethi.Move) -> alethi.Move:
    """An equal move that is not the object legal_moves listed."""
    copy = attrs.evolve(move)
    assert copy is not move and copy == move
    return copy


@pytest.mark.parametrize("seed", SEEDS)
def test_states_with_a_carried_board_play_as_states_checked_afresh(seed: int) -> None:
    """At every step of random games, a state carrying the board derived move by move lists
    the moves and leads to the states that an equal state, checked and built afresh, does when
    given an equal move; a move listed for an earlier state is refused unless listed again."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        earlier: tuple[alethi.Move, ...] = ()
        while not alethi.is_over(state):
            moves = alethi.legal_moves(state)
            assert moves == alethi.legal_moves(fresh(state))
            for stranger in earlier:
                if stranger not in moves:
                    with pytest.raises(IllegalMoveError):
                        alethi.apply_move(state, stranger)
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, move)
            checked = alethi.apply_move(fresh(state), lookalike(move))
            assert after == checked
            assert repr(after) == repr(checked)
            assert rules.board_of(after).same_as(rules.board_of(checked))
            earlier, state = moves, after


@pytest.mark.parametrize("kept", [2, 1 << 14])
def test_throws_kept_by_kind_and_cell_are_the_throws_the_rule_lists(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In every throw phase of random games, the listed throws equal those made afresh, by
    kind in army order then by cell, also when the kept throws are dropped again and again."""
    monkeypatch.setattr(throwing, "_KEPT", kept)
    for seed in SEEDS:
        for state in playout(configs(seed)[seed % 4], seed):
            if state.phase is not alethi.Phase.THROW:
                continue
            me, board = state.to_move, rules.board_of(state)
            plain = tuple(
                alethi.Throw(kind, cell_of(key))
                for kind in dict.fromkeys(state.barracks[me])
                for key in sorted(board.throwable[me])
            )
            listed = alethi.legal_moves(state)
            assert listed == plain
            assert all(
                type(move) is alethi.Throw and type(move.at) is alethi.Cell for move in listed
            )
