"""The fast paths of the Alethi rules, held to the plain computations they replace."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import alethi
from cardgames.alethi import rules
from cardgames.alethi._fast.board import Board
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config


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
