"""Bots on the server: made from the library's bot specs, thinking off the event loop within a
time limit; a bot that raises, overruns or answers a move that is not legal forfeits its match
with a clear reason that tells nothing of what it saw, and the server goes on.

The failing bots cannot be named by a client (the server knows only the library's bots), so
these tests hand the lobby a bot factory of their own and drive it directly."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import struct
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames import Forfeit, GameRecord
from cardgames.errors import UnknownBotError
from cardgames.ismcts import ISMCTSBot
from cardgames.serialization import to_json
from cardgames.server.bots import (
    BotRunner,
    Failure,
    Trail,
    decision_seed,
    seat_bot,
)
from cardgames.server.lobby import Lobby
from cardgames.server.sqlite import SQLiteStore
from cardgames.server.workers import ProcessBotRunner, take_messages

#: What the failing bots' errors carry: it must never reach a document.
SECRET = "what-the-bot-saw-7731"


class Raising:
    """Raises with a message that quotes what it saw."""

    name = "raising"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise ValueError(f"{SECRET}: {view!r}")


class Sleeping:
    """Takes longer than any limit of these tests."""

    name = "sleeping"

    def __init__(self, seconds: float = 3.0) -> None:
        self.seconds = seconds

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        time.sleep(self.seconds)
        return legal[0]


class Cheating:
    """Answers with something that is not one of the legal moves."""

    name = "cheating"

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return SECRET


FAILING: dict[str, Any] = {"raise": Raising, "sleep": Sleeping, "cheat": Cheating}


def factory(spec: str, game: Any, limit: float) -> Any:
    """The failing bots by name, the library's bots otherwise."""
    made = FAILING.get(spec)
    return made() if made is not None else seat_bot(spec, game, limit)


async def until_over(lobby: Lobby, match: str) -> Any:
    """The match as seat 0 sees it once it is over."""
    for _ in range(400):
        found = await lobby.find(match)
        if found.over:
            return json.loads(found.seen_by(0))
        await asyncio.sleep(0.025)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("raise", "failed while choosing a move (ValueError)"),
        ("sleep", "did not choose a move within 0.5 s"),
        ("cheat", "answered with a move that is not legal"),
    ],
)
def test_a_failing_bot_forfeits_with_a_clear_reason(tmp_path: Path, spec: str, reason: str) -> None:
    logs: list[str] = []

    async def scenario() -> None:
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        lobby = Lobby(
            store,
            bots=BotRunner(time_limit=0.5, threads=2),
            max_matches=10,
            bot_factory=factory,
            log=logs.append,
        )
        await lobby.start()
        made = json.loads(await lobby.create({"game": "lerally", "seats": [f"bot:{spec}"] * 2}))
        seen = await until_over(lobby, made["match"])
        assert seen["status"] == "over"
        forfeit = seen["forfeit"]
        assert forfeit["seat"] in (0, 1)
        assert reason in forfeit["reason"]
        # The outcome is the library's forfeit: that seat loses, the other wins, and says so.
        outcome = seen["outcome"]
        assert outcome["winners"] == [1 - forfeit["seat"]]
        assert "forfeits" in outcome["reason"] and reason in outcome["reason"]
        # The record holds the forfeit, and loads (its checks replay it).
        record = GameRecord.from_json(await lobby.record(made["match"]))
        assert record.forfeit == Forfeit(forfeit["seat"], forfeit["reason"])
        assert SECRET not in json.dumps(seen)
        # The server goes on: another match is made and played by good bots.
        other = json.loads(await lobby.create({"game": "alethi", "seats": ["bot:random"] * 2}))
        assert (await until_over(lobby, other["match"]))["outcome"] is not None
        await lobby.stop()
        await store.close()

        # The forfeit is stored: a restarted lobby finds the match over, for the same reason.
        store = SQLiteStore(tmp_path / "m.sqlite3")
        await store.open()
        again = Lobby(store, bots=BotRunner(), max_matches=10, bot_factory=factory)
        assert await again.start() == []
        reloaded = json.loads((await again.find(made["match"])).seen_by(0))
        assert reloaded["forfeit"] == forfeit and reloaded["status"] == "over"
        await again.stop()
        await store.close()

    asyncio.run(scenario())
    assert not any(SECRET in line for line in logs)


def test_an_overrunning_bot_does_not_cost_the_others_a_thread() -> None:
    """With one worker thread, a bot that overruns is given up on at its limit, and the next
    decision (another match's bot) is taken at once by a fresh thread."""

    async def scenario() -> None:
        runner = BotRunner(time_limit=0.3, threads=1)
        game = cardgames.get_game("alethi")
        state = game.new_game(seed=1)
        player = game.current_player(state)
        assert player is not None
        view, legal = game.view(state, player), game.legal_moves(state)
        start = time.monotonic()
        slow = await runner.choose(Sleeping(5.0), view, legal, 1)
        assert isinstance(slow, Failure)
        quick = await runner.choose(cardgames.bots.RandomBot(), view, legal, 1)
        assert quick in legal
        assert time.monotonic() - start < 3.0
        runner.close()

    asyncio.run(scenario())


def test_a_bot_thinks_off_the_event_loop() -> None:
    """While a bot thinks, the event loop keeps running its other tasks."""

    async def scenario() -> None:
        runner = BotRunner(time_limit=5.0, threads=1)
        game = cardgames.get_game("alethi")
        state = game.new_game(seed=1)
        player = game.current_player(state)
        assert player is not None
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticking = asyncio.ensure_future(tick())
        move = await runner.choose(
            Sleeping(0.5), game.view(state, player), game.legal_moves(state), 1
        )
        ticking.cancel()
        assert move in game.legal_moves(state)
        assert ticks >= 10
        assert threading.current_thread() is threading.main_thread()
        runner.close()

    asyncio.run(scenario())


def test_bot_specs_are_the_librarys_and_search_is_held_within_the_limit() -> None:
    game = cardgames.get_game("alakazum")
    assert isinstance(seat_bot("random", game, 10), cardgames.bots.RandomBot)
    assert type(seat_bot("greedy", game, 10)) is type(game.heuristic_bot())
    search = seat_bot("ismcts:10000000", game, 10)
    assert isinstance(search, ISMCTSBot) and search.time_budget == 5.0
    assert search.iterations == 10_000_000
    for spec in ("nope", "ismcts:0", "ismcts:x", "greedy ", "x" * 41, "gr\u0435edy", ""):
        with pytest.raises(UnknownBotError):
            seat_bot(spec, game, 10)


def test_a_bots_generator_depends_on_the_match_seat_and_move_only() -> None:
    first = decision_seed(123, 1, 7)
    assert decision_seed(123, 1, 7) == first
    seeds = {decision_seed(s, p, n) for s, p, n in [(123, 1, 7), (124, 1, 7), (123, 0, 7)]}
    assert len(seeds | {decision_seed(123, 1, 8)}) == 4


def first_decision() -> tuple[Any, Any, Any]:
    """Le Rally's game, and the view and legal moves of the first decision of a deal."""
    game = cardgames.get_game("lerally")
    state = game.new_game(seed=2)
    player = game.current_player(state)
    assert player is not None
    return game, game.view(state, player), game.legal_moves(state)


def test_bots_in_worker_processes_fail_as_clearly_and_an_overrun_is_stopped() -> None:
    """The server's runner: a bot in a worker process that raises, cheats or overruns fails
    with the same reasons; the overrunning one's process is killed and replaced, and a good
    bot plays next."""

    async def scenario() -> None:
        runner = ProcessBotRunner(time_limit=0.5, processes=1)
        await runner.start()
        try:
            game, view, legal = first_decision()
            raised = await runner.choose(Raising(), view, legal, 1)
            assert raised == Failure("failed while choosing a move (ValueError)")
            cheated = await runner.choose(Cheating(), view, legal, 1)
            assert cheated == Failure("answered with a move that is not legal")
            (first,) = runner._all
            slow = await runner.choose(Sleeping(30.0), view, legal, 1)
            assert slow == Failure("did not choose a move within 0.5 s")
            assert not first.process.is_alive()  # stopped, not left to sleep on
            good = await runner.choose(game.heuristic_bot(), view, legal, 1)
            assert good in legal
            again = await runner.choose(game.heuristic_bot(), view, legal, 1)
            assert again is good or again == good  # the same seed, the same choice
        finally:
            runner.close()
        assert not runner._all

    asyncio.run(scenario())


def test_the_server_reads_a_workers_messages_whole_however_they_arrive() -> None:
    """The server reads a worker's pipe itself: messages written by ``multiprocessing`` (a
    small one, one over the size it writes in two parts, one with the long length header)
    come out whole and in order, whether the bytes arrive one at a time or all at once."""
    reading, writing = multiprocessing.Pipe(duplex=False)
    payloads = [b"started", bytes(range(256)) * 100, b""]
    for payload in payloads:
        writing.send_bytes(payload)
    writing.close()
    written = bytearray()
    while chunk := os.read(reading.fileno(), 1 << 16):
        written += chunk
    reading.close()
    long_header = struct.pack("!i", -1) + struct.pack("!Q", 3) + b"end"
    stream = bytes(written) + long_header
    for step in (1, 5, 4096, len(stream)):
        unread = bytearray()
        taken: list[bytes] = []
        for start in range(0, len(stream), step):
            unread += stream[start : start + step]
            taken.extend(take_messages(unread))
        assert taken == [*payloads, b"end"], step
        assert not unread
    half = bytearray(stream[: len(stream) - 1])
    assert take_messages(half) == payloads  # the last message is not whole yet
    assert half == long_header[:-1]


def test_a_worker_that_dies_while_its_bot_thinks_fails_the_decision() -> None:
    """A worker process that ends in the middle of a decision (killed, say) fails it at once
    with the reason, not when the time limit runs out, and a fresh worker takes its place."""

    async def scenario() -> None:
        runner = ProcessBotRunner(time_limit=30.0, processes=1)
        await runner.start()
        try:
            game, view, legal = first_decision()
            (worker,) = runner._all
            asked = asyncio.ensure_future(runner.choose(Sleeping(30.0), view, legal, 1))
            await asyncio.sleep(1.0)
            worker.process.kill()
            began = time.monotonic()
            answer = await asyncio.wait_for(asked, 10.0)
            assert answer == Failure("stopped while choosing a move (its process ended)")
            assert time.monotonic() - began < 5.0
            good = await runner.choose(game.heuristic_bot(), view, legal, 1)
            assert good in legal
        finally:
            runner.close()

    asyncio.run(scenario())


def test_a_worker_deals_the_matchs_state_from_its_trail() -> None:
    """``decide`` sends a worker the match's trail, not the view: the worker's bot chooses
    what it would choose from the view (the same seed, the same move), a worker that holds
    the match is sent only the moves it has not seen, one that lost it is sent the whole
    trail, and one that cannot replay the trail is sent the view."""

    async def scenario() -> None:
        runner = ProcessBotRunner(time_limit=10.0, processes=1)
        await runner.start()
        try:
            game = cardgames.get_game("alakazum")
            config = game.config_type()
            state = game.new_game(config, seed=5)
            notations: list[str] = []
            rng = random.Random(0)
            (worker,) = runner._all
            for turn in range(6):
                for _ in range(3):
                    move = rng.choice(game.legal_moves(state))
                    notations.append(game.format_move(move))
                    state = game.apply_move(state, move)
                player = game.current_player(state)
                assert player is not None
                legal = game.legal_moves(state)
                bot = game.heuristic_bot()
                trail = Trail("m1", game.name, to_json(config), 5, notations, len(notations))
                if turn == 3:
                    worker.known["m1"] = 1  # the worker holds another version: resent whole
                shown = lambda: pytest.fail("the view was sent")  # noqa: E731
                chosen = await runner.decide(bot, trail, player, shown, legal, 9)
                expected = await runner.choose(bot, game.view(state, player), legal, 9)
                assert chosen is expected
                assert worker.known["m1"] == len(notations)
            broken = Trail("m2", game.name, to_json(config), 5, ["not a move"], 1)
            first = game.new_game(config, seed=5)
            player = game.current_player(first)
            assert player is not None
            legal = game.legal_moves(first)
            fallback = await runner.decide(
                game.heuristic_bot(), broken, player, lambda: game.view(first, player), legal, 1
            )
            assert fallback in legal
        finally:
            runner.close()

    asyncio.run(scenario())
