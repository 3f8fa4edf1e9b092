"""Alethi's boards keep one integer object per cell key (``board._KEYS``), so that a lookup of a
key finds the very object stored. Only a matter of speed, held here both ways: over random
games every key a board holds is that one object, and play is the same when the objects are
forgotten at every new cell."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardgames import alethi
from cardgames.alethi import reference, rules, scouting, set_up, soulcasting, throwing
from cardgames.alethi._fast import board as board_module
from cardgames.alethi._fast.board import Board, key_of

SEEDS = range(6)


def forget_kept_tables() -> None:
    """Empty every table kept across games that holds cell keys, so that what follows makes
    its keys afresh."""
    set_up._opening.cache_clear()
    board_module.AROUND.clear()
    board_module._KEYS.clear()
    for column in throwing._COLUMNS:
        column.clear()
    throwing._MADE.clear()
    throwing._LISTED.clear()
    scouting._LISTED.clear()
    scouting._SCOUTS.clear()
    soulcasting._SOULCASTS.clear()
    soulcasting._LISTED.clear()


def keys_of(board: Board) -> Iterator[int]:
    """Every cell key ``board`` holds."""
    yield from board.cards
    for groups in (board.standing, board.throwable, board.generals, board.scouts):
        for group in groups:
            yield from group


def random_states(seed: int) -> Iterator[alethi.State]:
    """Every state of a random game of each preset."""
    chooser = random.Random(seed)
    for config in alethi.PRESETS.values():
        state = alethi.new_game(config, seed=seed)
        yield state
        while not alethi.is_over(state):
            moves = alethi.legal_moves(state)
            state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])
            yield state


@pytest.mark.parametrize("seed", SEEDS)
def test_every_key_a_board_holds_is_the_kept_object(seed: int) -> None:
    """Over random games, each key in a board's cards, standing cards, open cells, Generals and
    Scouts is the one object kept for its value."""
    forget_kept_tables()
    kept = board_module._KEYS
    for state in random_states(seed):
        for key in keys_of(rules.board_of(state)):
            assert kept[key] is key


@pytest.mark.parametrize("seed", SEEDS)
def test_play_is_the_same_when_the_kept_keys_are_forgotten(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the kept keys (and the neighbours) forgotten at every new cell, the boards hold
    equal keys of other objects: every board still equals one built from scratch, and the
    games are the games played with the keys kept."""
    forget_kept_tables()
    played = list(random_states(seed))
    monkeypatch.setattr(board_module, "_AROUND_MOST", 1)
    again = list(random_states(seed))
    assert again == played
    for state in again:
        assert rules.board_of(state).same_as(Board.build(state.field))


@pytest.mark.parametrize("kept", [1, 1 << 14])
def test_scout_targets_from_the_kept_neighbours_are_the_plain_ones(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Scouts' targets come from a table of each cell's neighbours with their other three
    neighbours: over random games, also when the table is emptied at every new cell, they are
    the targets worked out cell by cell, and every entry of the table is right."""
    monkeypatch.setattr(board_module, "_AROUND_MOST", kept)
    for seed in SEEDS:
        for state in random_states(seed):
            board = rules.board_of(state)
            for colour in alethi.Colour:
                for scout in board.scouts[colour]:
                    card = board.cards[scout]
                    plain = tuple(map(key_of, reference.scout_targets(state.field, card)))
                    assert board.scout_targets(colour, scout) == plain
    for key, beside in board_module._BESIDE.items():
        assert [n for n, _ in beside] == [key + step for step in board_module.STEPS]
        for n, others in beside:
            assert sorted(others) == sorted({n + step for step in board_module.STEPS} - {key})
