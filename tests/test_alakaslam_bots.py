"""The AlakaSLAM heuristic bot against the random bot, its habits, and the golden replays."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from cardgames import GameRecord, arena, bots
from cardgames.alakaslam import (
    GAME,
    Card,
    Cell,
    Character,
    Colour,
    Config,
    DiscardStep,
    Hit,
    Phase,
    RallyBot,
    State,
    Step,
    enchant,
    hit,
    is_over,
    legal_moves,
    new_game,
    outcome,
    view,
)

MATCHES = 200


@pytest.mark.parametrize("players", [2, 4])
def test_rally_bot_beats_random_clearly_over_200_seeded_matches(players: int) -> None:
    """RallyBot's side scores at least 75% against RandomBot over 200 matches, in singles and in
    doubles, the sides swapping seats every match."""
    score = 0.0
    for seed in range(MATCHES):
        side = seed % 2
        players_bots: list[bots.Bot[object, object]] = [
            RallyBot() if p % 2 == side else bots.RandomBot()  # type: ignore[misc]
            for p in range(players)
        ]
        record = arena.play(GAME, players_bots, config=Config(players=players), seed=seed)
        assert record.outcome is not None
        score += record.outcome.returns[side]
    assert score / MATCHES >= 0.75, f"the rally bot scored {score / MATCHES:.0%}"


@pytest.mark.parametrize("preset", sorted(GAME.presets))
def test_rally_bots_play_only_legal_moves_in_every_preset(preset: str) -> None:
    """Four (or two) rally bots finish matches of every preset without an illegal move."""
    config = GAME.presets[preset]
    for seed in range(20):
        seats: list[bots.Bot[object, object]] = [
            RallyBot()  # type: ignore[misc]
            for _ in range(config.players)
        ]
        record = arena.play(GAME, seats, config=config, seed=seed)
        assert record.outcome is not None


def _rally(hand: tuple[Card, ...], me: Cell, ball: Cell, free_step: bool = True) -> State:
    """A singles position: player 1 (rows 3-4, Sten) to move, holding ``hand``, player 0
    (Corwin) on a1."""
    state = new_game(Config(characters=(Character.CORWIN, Character.STEN)), seed=5)
    pool = list(state.deck) + [c for h in state.hands for c in h]
    for card in hand:
        pool.remove(card)
    other = tuple(sorted(pool[:8]))
    return attrs.evolve(
        state,
        phase=Phase.MOVE,
        to_move=1,
        queue=(),
        deck=tuple(pool[8:]),
        discard=(),
        hands=(other, tuple(sorted(hand))),
        positions=(Cell(0, 0), me),
        ball=ball,
        server=0,
        binds=(0, 0),
        free_step=free_step,
    )


def _choice(state: State) -> object:
    moves = legal_moves(state)
    return RallyBot().choose(view(state, 1), moves, random.Random(0))


def test_rally_bot_steps_toward_a_ball_it_can_reach() -> None:
    """One cell away from the ball, the bot takes its free step onto it."""
    state = _rally((hit(1, Colour.RED), hit(2, Colour.BLUE)), me=Cell(1, 3), ball=Cell(1, 2))
    assert _choice(state) == Step(Cell(1, 2))


def test_rally_bot_pays_an_enchantment_to_reach_the_ball() -> None:
    """With the free step spent, the bot discards an Enchantment to reach the ball."""
    hand = (hit(1, Colour.RED), enchant(1))
    state = _rally(hand, me=Cell(1, 3), ball=Cell(1, 2), free_step=False)
    assert _choice(state) == DiscardStep(enchant(1), Cell(1, 2))


def test_rally_bot_returns_in_bounds_with_an_enchantment() -> None:
    """On the ball, the bot plays a return that lands in the far half, binding the opponent
    with its Enchantment."""
    hand = (hit(0, Colour.RED), hit(1, Colour.BLUE), hit(2, Colour.RED), enchant(2))
    state = _rally(hand, me=Cell(1, 2), ball=Cell(1, 2))
    move = _choice(state)
    assert isinstance(move, Hit)
    assert enchant(2) in move.cards
    after = GAME.apply_move(state, move)
    assert after.ball is not None and after.ball.row <= 1
    assert after.binds[0] == 2


# --- golden replays ---------------------------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_GAMES = {
    "alakaslam-singles-2024.json": (Config(), 2024),
    "alakaslam-doubles-2024.json": (Config(players=4), 2024),
}


def golden_record(config: Config, seed: int) -> GameRecord:
    seats: list[bots.Bot[object, object]] = [
        RallyBot() if p % 2 == 0 else bots.RandomBot()  # type: ignore[misc]
        for p in range(config.players)
    ]
    return arena.play(GAME, seats, config=config, seed=seed)


# When a rules change is meant to alter play, regenerate the files on purpose and review the
# diff:  .venv/bin/python tests/test_alakaslam_bots.py
@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_golden_replay(name: str) -> None:
    """A stored match replays to its stored outcome, and playing it again gives the identical
    record: a rules change that alters play shows here."""
    config, seed = GOLDEN_GAMES[name]
    record = GameRecord.from_json((GOLDEN / name).read_text())
    assert (record.game, record.seed, record.config) == ("alakaslam", seed, config)
    final = record.final_state()
    assert isinstance(final, State)
    assert is_over(final)
    assert outcome(final) == record.outcome
    assert golden_record(config, seed) == record


if __name__ == "__main__":
    for file_name, (golden_config, golden_seed) in GOLDEN_GAMES.items():
        (GOLDEN / file_name).write_text(golden_record(golden_config, golden_seed).to_json() + "\n")
        print(f"wrote {GOLDEN / file_name}")
