"""Alethi's rules held to their plain reading, ``cardgames.alethi.reference``: the legal moves
and next states over random games of every preset, and each fast path (the board's capture
check, its kept targets, the end of the battle, the opening) to the reference's function."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import alethi
from cardgames.alethi import reference, rules
from cardgames.alethi._fast import Board, key_of
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config
from cardgames.alethi.state import State
from lockstep import hold_to_reference, states_of_every_preset

SEEDS = range(6)

_BOTH_LOST = "both sides lost at once: "


def same_state(fast: State, plain: State) -> bool:
    """Whether two next states are equal, reading a draw in which both sides lost at once as
    its set of reasons: when two Kings fall in one check the rules may name either first (see
    ``ending.capture_results``), where the reference names them in cell order."""
    if fast == plain:
        return True
    a, b = fast.result, plain.result
    if a is None or b is None or not (a.reason.startswith(_BOTH_LOST) and b.winners == a.winners):
        return False
    reasons_a = set(a.reason.removeprefix(_BOTH_LOST).split("; "))
    reasons_b = set(b.reason.removeprefix(_BOTH_LOST).split("; "))
    return reasons_a == reasons_b and fast == attrs.evolve(plain, result=a)


@pytest.mark.rule("alethi", "a-turn")
def test_legal_moves_and_next_states_are_the_references() -> None:
    """At every state of random games of every preset the legal moves are the reference's, in
    its order, and each move leads to the reference's next state."""
    checked = hold_to_reference(alethi.GAME, reference, seeds=SEEDS, same=same_state)
    assert checked > 0


@pytest.mark.rule("alethi", "set-up")
@pytest.mark.parametrize("seed", SEEDS)
def test_a_new_game_is_the_references_opening(seed: int) -> None:
    """Every preset's new game equals the set-up the reference works out."""
    for config in alethi.PRESETS.values():
        assert alethi.new_game(config, seed=seed) == reference.new_game(config, seed)


@pytest.mark.rule("alethi", "the-capture-check")
def test_no_card_escapes_the_references_capture_check() -> None:
    """No state the rules reach holds an uncaptured card the reference's capture check would
    turn down, and ``find_captures`` of the field before each change is the reference's."""
    for _, state in states_of_every_preset(alethi.GAME, SEEDS):
        assert reference.captures(state.field, state.config) == []
        for move in alethi.legal_moves(state)[:4]:
            field = reference.field_after(state, move)
            plain = [card.at for card in reference.captures(field, state.config)]
            assert alethi.find_captures(field, state.config) == plain


@pytest.mark.rule("alethi", "a-turn")
def test_the_boards_targets_are_the_references() -> None:
    """The cells each side may throw on, each Scout's targets and the soulcast targets the board
    keeps are the reference's, for both sides of every state."""
    for _, state in states_of_every_preset(alethi.GAME, SEEDS):
        board, field, barracks = rules.board_of(state), state.field, state.barracks
        for colour in alethi.Colour:
            if barracks[colour]:
                throws = reference.throw_cells(field, barracks, colour)
                assert board.throwable[colour] == tuple(map(key_of, throws))
            for scout in board.scouts[colour]:
                targets = reference.scout_targets(field, board.cards[scout])
                assert board.scout_targets(colour, scout) == tuple(map(key_of, targets))
            cells = reference.soulcast_targets(field, barracks, colour)
            assert board.soulcast_targets(colour, barracks[colour]) == tuple(map(key_of, cells))


# --- the incremental board and capture check, with any army ------------------------------------


@settings(max_examples=150)
@given(seed=st.integers(0, 2**32), chooser=st.randoms(use_true_random=False))
def test_incremental_board_and_captures_match_the_full_computation(
    seed: int, chooser: random.Random
) -> None:
    """After every move: no uncaptured card meets the capture condition (the incremental check
    missed nothing), and the board kept with every state of the game, earlier ones included,
    still equals one worked out from scratch (no later move changed a shared board)."""
    state = alethi.new_game(seed=seed)
    states = [state]
    while not alethi.is_over(state):
        moves = alethi.legal_moves(state)
        state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])
        states.append(state)
        assert alethi.find_captures(state.field, state.config) == []
    for earlier in states:
        assert rules.board_of(earlier).same_as(Board.build(earlier.field))


KINDS = list(Kind)


@st.composite
def armies(draw: st.DrawFn) -> Config:
    """An army of random stats and counts (at least the two starting Squires)."""
    cards = []
    for kind in KINDS:
        low = 2 if kind is Kind.SQUIRE else 0
        cards.append(
            CardType(
                kind,
                attack=draw(st.integers(0, 6)),
                health=draw(st.integers(1, 12)),
                count=draw(st.integers(low, 3)),
            )
        )
    return Config(army=tuple(cards))


@settings(max_examples=150)
@given(config=armies(), seed=st.integers(0, 2**32), chooser=st.randoms(use_true_random=False))
def test_any_army_plays_by_the_same_checks(
    config: Config, seed: int, chooser: random.Random
) -> None:
    """With any army, the incremental capture check and board match the full computation after
    every move, and the game ends within its bound."""
    state = alethi.new_game(config, seed=seed)
    decisions = 0
    while not alethi.is_over(state):
        moves = alethi.legal_moves(state)
        state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])
        decisions += 1
        assert alethi.find_captures(state.field, state.config) == []
        assert rules.board_of(state).same_as(Board.build(state.field))
        assert decisions <= alethi.GAME.max_decisions(config)
