"""The matches a server process holds: kept in memory, loaded and replayed from the store,
their moves stored before they are applied, their bots played, and their copies kept the
stored ones when several processes share a store. :class:`~.lobby.Lobby` builds the API's
operations on it.

**Nothing acknowledged is lost.** A move is applied in memory only after the store said it is
durable (:meth:`Keeper._commit`), and the ``200`` is written after that. The work under a
match's lock runs as a task of its own (:meth:`Keeper._locked`), so a client that goes away
mid-request cannot leave a stored move unapplied.

**Starting again.** :meth:`Keeper.start` loads every match that is not over, replays each from
its config and seed with the library's record check, and sets its bots going again.

**Several processes.** With a store that several server processes share
(:class:`~cardgames.server.store.SharedStore`), each process holds in memory the matches it
was asked about, and makes sure before it answers that its copy is the stored one: it compares
the match's stamp (the count of its changes) with the store's, and reads the changes it missed
if they differ. A move another process stored first makes the store refuse this one (one move
per version), and the process reads the match again before it answers ``409``. The store tells
every process of the others' changes, and each tells its own live listeners. A match's bots are
played by the process that made the change which gave them the turn; every other process holding
the match waits, and plays them itself only if the match has not moved on after twice the bots'
time limit (their process has gone). Two processes that play the same decision choose the same
move (a bot's generator comes from the match, the seat and the move number), and the store
keeps one.
"""

from __future__ import annotations

import asyncio
import sys
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any, Final, TypeVar

from cardgames.errors import CardgamesError
from cardgames.game import SPECTATOR, Bot, Game
from cardgames.record import GameRecord
from cardgames.registry import get_game
from cardgames.serialization import from_json
from cardgames.server.bots import (
    BotRunner,
    Failure,
    Trail,
    decision_seed,
    seat_bot,
)
from cardgames.server.live import Hub
from cardgames.server.match import Match, Seat, outcome_from_json, outcome_json, replay
from cardgames.server.refusals import ApiError
from cardgames.server.store import Ending, SharedStore, StorageError, Store, StoredMatch
from cardgames.server.tokens import MATCH_ID_CHARACTERS, seat_of
from cardgames.server.workers import ProcessBotRunner

__all__ = ["DEFAULT_NAME", "FINISHED_KEPT", "BotFactory", "Keeper"]

T = TypeVar("T")

#: How many finished matches stay in memory (the others are loaded from the store when asked).
FINISHED_KEPT = 256
#: The name a person's seat gets in the record when they join without one.
DEFAULT_NAME = "human"
#: How long the bots of a match wait before trying again after the store failed, in seconds.
_RETRY = 1.0
_ID_LENGTH: Final = 16

#: Makes the bot of a ``"bot:<spec>"`` seat: ``(spec, game, time limit) -> bot``.
BotFactory = Callable[[str, Game[Any, Any, Any, Any], float], Bot[Any, Any]]


class Keeper:
    """The matches this process holds, and the work that keeps them: loading, storing moves,
    playing the bots, and reading what other processes sharing the store changed."""

    def __init__(
        self,
        store: Store,
        *,
        bots: BotRunner | ProcessBotRunner,
        hub: Hub | None = None,
        max_matches: int,
        bot_factory: BotFactory = seat_bot,
        log: Callable[[str], object] | None = None,
    ) -> None:
        self.store = store
        self.bots = bots
        self.hub = hub if hub is not None else Hub()
        self.max_matches = max_matches
        self.bot_factory = bot_factory
        self._log = log if log is not None else _stderr
        self._active: dict[str, Match] = {}
        self._finished: OrderedDict[str, Match] = OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = False
        #: The store, if several processes share it.
        self._shared = store if isinstance(store, SharedStore) else None
        if self._shared is not None:
            self._shared.watch(self._heard)

    # --- starting and stopping -----------------------------------------------------------------

    async def start(self) -> list[str]:
        """Load every match that is not over and set its bots going; the problems of the
        matches that could not be loaded, one line each (those matches are left out)."""
        problems: list[str] = []
        for stored in await self.store.unfinished():
            try:
                match = self._revive(stored)
            except CardgamesError as exc:
                problems.append(f"match {stored.match} left out: {exc}")
                continue
            if match.over:  # cannot happen for a match the store holds unfinished
                self._keep_finished(match)
            else:
                self._active[match.id] = match
        for match in self._active.values():
            self._drive(match)
        return problems

    async def stop(self) -> None:
        """Stop the bots (a decision under way is dropped, not stored)."""
        self._stopping = True
        tasks = tuple(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()

    def active(self) -> int:
        """How many matches are in play or waiting for players."""
        return len(self._active)

    def _revive(self, stored: StoredMatch) -> Match:
        """A stored match back in memory, once its record replays; ``CardgamesError`` if not."""
        game = get_game(stored.game)
        config: Any = from_json(stored.config, game.config_type)
        states, moves = replay(game, config, stored.seed, stored.moves)
        seats = []
        for s in stored.seats:
            bot = None
            if s.kind == "bot":
                if s.bot is None:
                    raise CardgamesError(f"seat {s.seat}: a bot's seat without its spec")
                bot = self.bot_factory(s.bot, game, self.bots.time_limit)
            seats.append(
                Seat(s.seat, s.kind, spec=s.bot, bot=bot, name=s.name, token_hash=s.token_hash)
            )
        ending = stored.ending
        forfeit = None
        if ending is not None and ending.forfeit_seat is not None:
            forfeit = (ending.forfeit_seat, ending.forfeit_reason or "forfeited")
        outcome = None
        if ending is not None and ending.outcome is not None:
            outcome = outcome_from_json(ending.outcome)
        match = Match(
            match=stored.match,
            game=game,
            config=config,
            config_json=stored.config,
            seed=stored.seed,
            bot_seed=stored.bot_seed,
            created=stored.created,
            seats=seats,
            states=states,
            moves=moves,
            forfeit=forfeit,
        )
        match.stamp = stored.stamp
        # The library's check of a record: the moves replay, the players fit the seats, and
        # the stored end is the replay's (a forfeit's, by the library's rule of forfeits).
        record = match.record()
        if forfeit is None and record.outcome != outcome:
            raise CardgamesError(f"match {stored.match}: the stored end is not the replay's")
        GameRecord.from_json(record.to_json())
        return match

    # --- finding a match and a seat ------------------------------------------------------------

    async def find(self, match_id: str, *, fresh: bool = True) -> Match:
        """The match of that id, loaded from the store if need be; a ``404`` if none. With a
        shared store, a match in memory is first made the stored one, unless ``fresh`` is
        false (for a caller that the store itself holds to the stored match)."""
        match = self._active.get(match_id)
        if match is not None:
            if self._shared is not None and fresh:
                await self._sync(match)
            return match
        match = self._finished.get(match_id)
        if match is not None:
            self._finished.move_to_end(match_id)
            return match
        if len(match_id) != _ID_LENGTH or not set(match_id) <= MATCH_ID_CHARACTERS:
            raise ApiError(404, "no such match")
        stored = await self._stored(self.store.load(match_id))
        if stored is None:
            raise ApiError(404, "no such match")
        again = self._active.get(match_id) or self._finished.get(match_id)
        if again is not None:  # loaded meanwhile by another request
            return again
        try:
            match = self._revive(stored)
        except CardgamesError as exc:
            self._log(f"match {match_id} cannot be loaded: {exc}")
            raise ApiError(503, "this match cannot be loaded; the server's log says why") from None
        if match.over:
            self._keep_finished(match)
        else:  # a match in play is always in memory; one stored meanwhile by another process
            self._active[match.id] = match
            if self._shared is None:
                self._drive(match)
            else:  # the process that made it plays its bots
                self._watch_bots(match)
        return match

    def _keep_finished(self, match: Match) -> None:
        self._active.pop(match.id, None)
        self._finished[match.id] = match
        self._finished.move_to_end(match.id)
        while len(self._finished) > FINISHED_KEPT:
            self._finished.popitem(last=False)

    @staticmethod
    def viewer(match: Match, token: str | None, *, required: bool) -> int:
        """The seat the token is for (``SPECTATOR`` without one, if allowed); ``401`` for a
        missing token that is required, ``403`` for a token that is not this match's."""
        if token is None:
            if required:
                raise ApiError(401, "a seat's token is required: Authorization: Bearer <token>")
            return SPECTATOR
        seat = seat_of(token, [s.token_hash for s in match.seats])
        if seat is None:
            raise ApiError(403, "this token is not one of this match's seats")
        return seat

    # --- storing a move ----------------------------------------------------------------------

    async def _commit(self, match: Match, move: Any, after: Any) -> None:
        """Store ``move`` (ending the match if ``after`` is over) and then apply it."""
        ending = None
        outcome = match.game.outcome(after)
        if outcome is not None:
            ending = Ending(outcome=outcome_json(outcome))
        number = match.version + 1
        stored = await self._stored(
            self.store.add_move(match.id, number, match.notation(move), ending)
        )
        if not stored:
            await self._merge(match)  # another process stored a move first
            raise ApiError(409, "another move was stored first; ask for the match again")
        match.apply(move, after)
        match.stamp += 1

    def _after_move(self, match: Match) -> None:
        self.hub.publish(match.id, match.version, match.status)
        if match.over:
            self._keep_finished(match)
        else:
            self._drive(match)

    # --- the bots ------------------------------------------------------------------------------

    def _drive(self, match: Match) -> None:
        """Set the match's bots going, if a bot is to move and none is going already."""
        if match.driving or self._stopping:
            return
        player = match.to_move()
        if player is None or match.seats[player].kind != "bot":
            return
        match.driving = True
        task = asyncio.create_task(self._play_bots(match), name=f"bots of {match.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play_bots(self, match: Match) -> None:
        handed = False
        try:
            while not self._stopping:
                player = match.to_move()
                if player is None:
                    return
                seat = match.seats[player]
                if seat.kind != "bot" or seat.bot is None:
                    return
                version, state, game = match.version, match.state, match.game
                legal = game.legal_moves(state)
                seed = decision_seed(match.bot_seed, player, version + 1)
                trail = Trail(
                    match.id, game.name, match.config_json, match.seed, match.notations(), version
                )
                answer = await self.bots.decide(
                    seat.bot, trail, player, partial(game.view, state, player), legal, seed
                )
                try:
                    if not await self._locked(self._bot_move(match, player, version, answer)):
                        handed = True  # another process plays these bots: this one watches
                        return
                except ApiError as exc:  # the store failed: try again a little later
                    self._log(f"match {match.id}: the bot's move was not stored: {exc.reason}")
                    await asyncio.sleep(_RETRY)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug; the match waits, the server goes on
            self._log(f"match {match.id}: the bots stopped: {type(exc).__name__}: {exc}")
        finally:
            match.driving = False
            if handed:
                self._watch_bots(match)

    async def _bot_move(self, match: Match, player: int, version: int, answer: Any) -> bool:
        """Store and apply the bot's ``answer`` for ``version``; ``False`` if another process
        changed the match first (it plays the bots, then)."""
        first = True
        async with match.lock:
            if match.version != version or match.over:
                return True
            if isinstance(answer, Failure):
                seat = match.seats[player]
                # The outcome says which seat forfeits (see Forfeit.outcome); the reason says how.
                reason = f"bot {seat.spec} {answer.reason}"
                done = await self._stored(
                    self.store.finish(
                        match.id, version, Ending(forfeit_seat=player, forfeit_reason=reason)
                    )
                )
                if done:
                    match.forfeit = (player, reason)
                    match.stamp += 1
                else:
                    first = not await self._merge(match)
            else:
                try:
                    await self._commit(match, answer, match.game.apply_move(match.state, answer))
                except ApiError as exc:
                    if exc.status != 409:
                        raise
                    # Another process played this decision first: the match was read again.
                    first = False
        self._after_move(match)
        return first

    # --- several processes ---------------------------------------------------------------------

    async def _sync(self, match: Match) -> None:
        """Make the match in memory the stored one, if another process changed it."""
        shared = self._shared
        if shared is None or match.over:
            return
        stamp = await self._stored(shared.stamp(match.id))
        if stamp is None or stamp == match.stamp:
            return
        await self._locked(self._catch_up(match))

    async def _catch_up(self, match: Match) -> None:
        async with match.lock:
            changed = await self._merge(match)
        if changed:
            self._after_news(match)

    async def _merge(self, match: Match) -> bool:
        """Read the match from a shared store and take the changes other processes made (the
        match's lock is held); whether there were any."""
        if self._shared is None or match.over:
            return False
        stored = await self._stored(self.store.load(match.id))
        if stored is None or stored.stamp <= match.stamp:
            return False
        game = match.game
        number = match.version
        try:
            for text in stored.moves[match.version :]:
                number += 1
                move = game.parse_move(match.state, text)
                match.apply(move, game.apply_move(match.state, move))
        except CardgamesError as exc:
            self._log(f"match {match.id}: stored move {number} does not replay: {exc}")
            raise ApiError(503, "this match cannot be loaded; the server's log says why") from None
        for found in stored.seats:
            seat = match.seats[found.seat] if 0 <= found.seat < len(match.seats) else None
            if seat is not None and found.token_hash is not None and not seat.taken:
                match.seat_taken(seat, found.name or DEFAULT_NAME, found.token_hash)
        ending = stored.ending
        if ending is not None and ending.forfeit_seat is not None and match.forfeit is None:
            match.forfeit = (ending.forfeit_seat, ending.forfeit_reason or "forfeited")
        match.stamp = stored.stamp
        return True

    def _after_news(self, match: Match) -> None:
        """Another process changed ``match``: tell the listeners, and watch its bots."""
        self.hub.publish(match.id, match.version, match.status)
        if match.over:
            self._keep_finished(match)
        else:
            self._watch_bots(match)

    def _heard(self, match_id: str | None) -> None:
        """The shared store's news: another process changed ``match_id`` (``None``: any
        match may have changed)."""
        if self._stopping:
            return
        if match_id is None:
            targets = list(self._active.values())
        else:
            found = self._active.get(match_id)
            targets = [] if found is None else [found]
        for match in targets:
            self._spawn(self._sync_heard(match), f"news of {match.id}")

    async def _sync_heard(self, match: Match) -> None:
        try:
            await self._sync(match)
        except ApiError as exc:
            self._log(f"match {match.id}: the news could not be read: {exc.reason}")

    def _watch_bots(self, match: Match) -> None:
        """Wait for another process to play this match's bots, and play them here if it does
        not (it has gone)."""
        if match.watching or match.driving or self._stopping:
            return
        player = match.to_move()
        if player is None or match.seats[player].kind != "bot":
            return
        match.watching = True
        self._spawn(self._watch(match), f"watch of {match.id}")

    async def _watch(self, match: Match) -> None:
        grace = 2 * self.bots.time_limit + 5
        try:
            while not self._stopping and not match.over and not match.driving:
                player = match.to_move()
                if player is None or match.seats[player].kind != "bot":
                    return
                version = match.version
                await asyncio.sleep(grace)
                await self._sync(match)
                if match.version == version:
                    match.watching = False
                    self._drive(match)
                    return
        except ApiError as exc:
            self._log(f"match {match.id}: its bots could not be watched: {exc.reason}")
        finally:
            match.watching = False

    def _spawn(self, work: Coroutine[Any, Any, Any], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- helpers -------------------------------------------------------------------------------

    async def _locked(self, work: Coroutine[Any, Any, T]) -> T:
        """Run ``work`` (which holds a match's lock) to its end even if the caller stops
        waiting: a move that reached the store is always applied."""
        task = asyncio.ensure_future(work)
        return await asyncio.shield(task)

    async def _stored(self, work: Coroutine[Any, Any, T]) -> T:
        try:
            return await work
        except StorageError as exc:
            self._log(f"storage: {exc}")
            raise ApiError(503, "the matches cannot be stored just now; try again") from None


def _stderr(line: str) -> None:
    print(f"cardgames serve: {line}", file=sys.stderr, flush=True)
