"""What the server keeps in memory of a match: the states its viewers' next looks need and what
each viewer was sent, not every state it went through (the states were most of the server's
memory, and every full collection of the garbage collector walked them all). A viewer
who asks for the story later gets exactly what it would have got from the states kept."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames import SPECTATOR
from cardgames.serialization import to_json
from cardgames.server.bots import BotRunner
from cardgames.server.lobby import Lobby
from cardgames.server.match import Match, Seat
from cardgames.server.sqlite import SQLiteStore


def played(name: str, seed: int) -> tuple[Any, Any, list[Any]]:
    """A game of ``name`` played to its end by random moves: the game, its config and the
    moves, each with the state it led to."""
    game = cardgames.get_game(name)
    config = game.config_type()
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    steps = []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        state = game.apply_move(state, move)
        steps.append((move, state))
    return game, config, steps


def fresh(game: Any, config: Any, seed: int, states: list[Any], moves: list[Any]) -> Match:
    return Match(
        match="m",
        game=game,
        config=config,
        config_json=to_json(config),
        seed=seed,
        bot_seed=seed + 1,
        created=0.0,
        seats=[Seat(n, "bot", spec="random") for n in range(len(game.seat_names(config)))],
        states=states,
        moves=moves,
    )


@pytest.mark.parametrize("name", ["alethi", "alakaslam", "lerally", "alakazum"])
def test_a_match_keeps_the_states_its_viewers_need_and_tells_the_same_story(name: str) -> None:
    """A match followed move by move by seat 0 keeps at most the two states that seat's next
    look needs; seat 1 and a spectator who ask only at the end, and any ``since``, get what a
    match that kept every state tells."""
    game, config, steps = played(name, 5)
    first = game.new_game(config, seed=5)
    followed = fresh(game, config, 5, [first], [])
    for move, state in steps:
        followed.apply(move, state)
        assert len(followed.states) <= 2
        followed.seen_by(0)
    assert len(followed.states) <= 2 and followed.state == steps[-1][1]
    everything = [first, *(state for _, state in steps)]
    late = fresh(game, config, 5, everything, [move for move, _ in steps])
    assert len(late.states) == 1  # nobody was told anything yet: only the state now is kept
    for viewer in (0, 1, SPECTATOR):
        for since in (None, 3, len(steps) - 1):
            assert followed.seen_by(viewer, since) == late.seen_by(viewer, since)
    assert len(late.states) == 1  # the states dealt for the story are not kept
    assert followed.record() == late.record()


def test_a_viewer_one_move_behind_is_told_it_without_dealing_the_game_again() -> None:
    """A viewer told the match up to the move before: the match keeps the last two states, so
    the viewer's next look tells the last move without dealing the game again."""
    game, config, steps = played("lerally", 8)
    match = fresh(game, config, 8, [game.new_game(config, seed=8)], [])
    for move, state in steps[:-1]:
        match.apply(move, state)
    match.seen_by(0)
    match.apply(*steps[-1])
    assert len(match.states) == 2
    match.game = _NoNewGames(game)
    told = json.loads(match.seen_by(0, since=match.version - 1))
    assert [entry["version"] for entry in told["events"]] == [match.version] * len(told["events"])


class _NoNewGames:
    """A game that refuses to deal a new one, and is the game it wraps otherwise."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def new_game(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the game was dealt again")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_the_lobby_keeps_only_the_last_state_of_a_match_that_ended(tmp_path: Path) -> None:
    async def scenario() -> Any:
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        lobby = Lobby(store, bots=BotRunner(time_limit=5.0, threads=2), max_matches=10)
        await lobby.start()
        try:
            made = json.loads(await lobby.create({"game": "lerally", "seats": ["bot:random"] * 2}))
            for _ in range(400):
                found = await lobby.find(made["match"])
                if found.over:
                    break
                await asyncio.sleep(0.025)
            assert found.over and found.version > 1
            assert len(found.states) == 1
            seen = json.loads(found.seen_by(1))
            assert seen["events"][-1]["version"] == found.version
            return json.loads(await lobby.record(made["match"]))
        finally:
            await lobby.stop()
            await store.close()

    record = asyncio.run(scenario())
    assert cardgames.GameRecord.from_json(json.dumps(record)).outcome is not None


@pytest.mark.parametrize("name", ["alethi", "alakaslam", "lerally", "alakazum"])
def test_a_match_writes_each_move_as_the_game_does(name: str) -> None:
    """The notations a match keeps of the moves it met are the game's own, whichever match
    met the move first."""
    game, config, steps = played(name, 7)
    first = game.new_game(config, seed=7)
    match = fresh(game, config, 7, [first], [])
    other = fresh(game, config, 7, [first], [])
    state = first
    for move, after in steps:
        for legal in game.legal_moves(state):
            assert match.notation(legal) == game.format_move(legal)
        match.apply(move, after)
        state = after
    assert match.notations() == [game.format_move(move) for move, _ in steps]
    assert [other.notation(move) for move, _ in steps] == match.notations()
