"""The greedy Alethi bot against the random bot."""

from __future__ import annotations

import random

import attrs

from cardgames import Outcome, Rng, alethi, arena
from cardgames.alethi import Cell, Colour, Kind, Placed
from cardgames.bots import RandomBot

MATCHES = 200


def test_greedy_beats_random_clearly_over_200_seeded_games() -> None:
    """GreedyBot scores at least 75% against RandomBot over 200 games, seats alternating."""
    score = 0.0
    for seed in range(MATCHES):
        seat = seed % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = alethi.GreedyBot()  # type: ignore[call-overload]
        record = arena.play(alethi.GAME, bots, seed=seed)
        assert record.outcome is not None
        score += record.outcome.returns[seat]
    assert score / MATCHES >= 0.75, f"greedy scored {score / MATCHES:.0%}"


def test_greedy_plays_the_winning_capture() -> None:
    """Offered a throw that captures the enemy King, the greedy bot takes it."""
    army = tuple(
        attrs.evolve(card, health=6) if card.kind is Kind.KING else card
        for card in alethi.DEFAULT_ARMY
    )
    red, blue = Colour.RED, Colour.BLUE
    field = (
        Placed(blue, Kind.KING, Cell(1, 1)),
        Placed(red, Kind.KNIGHT, Cell(1, 0)),
        Placed(red, Kind.TOWER, Cell(0, 1)),
        Placed(red, Kind.SQUIRE, Cell(2, 0)),
        Placed(blue, Kind.SQUIRE, Cell(5, 5)),
    )
    state = alethi.State(
        alethi.Config(army=army),
        field,
        ((Kind.SQUIRE, Kind.KNIGHT), (Kind.SQUIRE,)),
        (),
        red,
        alethi.Phase.THROW,
        5,
        None,
        Rng.from_seed(0),
    )
    legal = alethi.legal_moves(state)
    move = alethi.GreedyBot().choose(alethi.view(state, 0), legal, random.Random(0))
    assert move == alethi.Throw(Kind.KNIGHT, Cell(2, 1))
    after = alethi.apply_move(state, move)
    assert alethi.outcome(after) == Outcome.win({0}, 2, "blue's King was captured")
