"""What the server keeps in memory of a match once it is over: its last state and what each
viewer was sent, not every state it went through (a finished match's states were most of the
server's memory, and every full collection of the garbage collector walked them all). A viewer
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


def played(name: str, seed: int) -> Match:
    """A match of ``name`` played to its end by random moves, every state kept."""
    game = cardgames.get_game(name)
    config = game.config_type()
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    states, moves = [state], []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        state = game.apply_move(state, move)
        moves.append(move)
        states.append(state)
    players = len(game.seat_names(config))
    return Match(
        match=f"m-{name}",
        game=game,
        config=config,
        config_json=to_json(config),
        seed=seed,
        bot_seed=seed + 1,
        created=0.0,
        seats=[Seat(n, "bot", spec="random") for n in range(players)],
        states=states,
        moves=moves,
    )


@pytest.mark.parametrize("name", ["alethi", "alakaslam", "lerally", "alakazum"])
def test_a_finished_match_lets_its_states_go_and_tells_the_same_story(name: str) -> None:
    kept = played(name, 5)
    light = played(name, 5)
    seen_before = light.seen_by(0)  # a viewer seen before: its entries are kept as written
    light.let_go()
    assert len(light.states) == 1 and light.state == kept.state
    assert light.seen_by(0) == kept.seen_by(0) == seen_before
    # Viewers that ask only now: their story is dealt again from the moves.
    for viewer in (1, SPECTATOR):
        assert light.seen_by(viewer) == kept.seen_by(viewer)
        assert light.seen_by(viewer, since=3) == kept.seen_by(viewer, since=3)
    assert len(light.states) == 1  # the states dealt for the story are not kept
    assert light.record() == kept.record()


def test_a_viewer_following_the_match_keeps_the_states_its_next_look_needs() -> None:
    """A viewer told the match up to the move before the last: the match keeps the last two
    states, so the viewer's next look tells the last move without dealing the game again."""
    kept = played("lerally", 8)
    light = played("lerally", 8)
    last_move, last_state = light.moves.pop(), light.states.pop()
    light.seen_by(0)
    light.apply(last_move, last_state)
    light.let_go()
    assert light.states == kept.states[-2:]
    game = light.game
    light.game = _NoNewGames(game)
    assert light.seen_by(0, since=light.version - 1) == kept.seen_by(0, since=kept.version - 1)
    light.game = game
    assert light.seen_by(1) == kept.seen_by(1)


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
