"""Issue 28, items 2 and 4: the story a seat is told (the CLI's move lines and sentences) says no
more than that seat's views.

A person playing against bots is told each bot's move as the person may know it. The move line
of the person's story must never name a move that the person's view does not show (a bot's
Magic of the forest ``keep`` and ``place``, a card given to someone else), and the sentences
under it are the events the game tells that seat, which depend only on the seat's views.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
from cardgames import SPECTATOR, alakazum
from cardgames.cli import story
from cardgames.registry import GAMES


def _steps(game: Any, config: Any, seed: int, limit: int = 400) -> list[tuple[Any, Any, Any]]:
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    steps: list[tuple[Any, Any, Any]] = []
    while not game.is_over(state) and len(steps) < limit:
        move = rng.choice(game.legal_moves(state))
        after = game.apply_move(state, move)
        steps.append((state, move, after))
        state = after
    return steps


def _forest_magic() -> tuple[Any, Any, Any]:
    """A step of a four-player game in which a player keeps a hand card of a Magic of the
    forest, or places one back (choices only its caster sees; a kept character is fought in
    the open)."""
    config = alakazum.PRESETS["four"]
    characters = {c.name for c in config.forest_cards if c.kind is alakazum.Kind.CHARACTER}
    for seed in range(400):
        for before, move, after in _steps(alakazum.GAME, config, seed, limit=2000):
            if isinstance(move, alakazum.Place) or (
                isinstance(move, alakazum.Keep) and move.card not in characters
            ):
                return before, move, after
    raise AssertionError("no Magic of the forest in 400 games")


def test_a_bots_forest_magic_is_not_named_to_anyone_else() -> None:
    """The move line and the sentences shown to another seat (or a spectator) say that a hidden
    choice was made, never which card was kept or placed."""
    before, move, after = _forest_magic()
    caster = alakazum.current_player(before)
    name = move.card
    labels = [f"player {p}" for p in range(4)]
    for viewer in (*range(4), SPECTATOR):
        lines = story.move_lines(alakazum.GAME, 7, labels, before, move, after, viewer=viewer)
        told = "\n".join(lines)
        if viewer == caster:
            assert alakazum.format_move(move) in told
        else:
            assert story.UNSEEN_MOVE in lines[0]
            assert name not in told, f"seat {viewer} is told the card of {move}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seats_move_lines_show_only_what_its_view_shows(name: str) -> None:
    """Along random games of every kind, a seat's move line names the move exactly when the
    seat's view after it shows it (for games whose views hold the last move), and its sentences
    are the events that seat is told."""
    game = cardgames.get_game(name)
    for preset, config in game.presets.items():
        seats = game.num_players(config)
        labels = [f"p{p}" for p in range(seats)]
        for before, move, after in _steps(game, config, seed=len(preset), limit=150):
            for viewer in (*range(seats), SPECTATOR):
                lines = story.move_lines(game, 1, labels, before, move, after, viewer=viewer)
                seen = game.view(after, viewer)
                notation = game.format_move(move)
                mover = game.current_player(before)
                if hasattr(seen, "last_move") and viewer != mover:
                    assert (notation in lines[0]) == (seen.last_move == move)
                told = [
                    game.format_event(e) for e in game.events(before, move, after, viewer=viewer)
                ]
                assert all(line.strip() in told for line in lines[1:])
