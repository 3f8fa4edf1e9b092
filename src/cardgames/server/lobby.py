"""What the server does, apart from HTTP: making matches, seating players, taking moves, playing
the bots, storing everything and telling the listeners.

Every operation either returns the JSON text of its answer or raises :class:`ApiError` with the
status and the short reason of ``SERVER.md``. Reasons never repeat what the client sent: the
library's own reasons are passed on with any quotation of the client's text taken out
(:func:`without_input`).

**One move per version.** Each match has its own lock (no lock is shared between matches). A
move is checked, stored and applied while its match's lock is held: the first of several
``POST``\\ s of one version takes the lock, is stored and applied; the others then find a newer
version and get a ``409``. The store refuses a second move of the same number too, so the
promise holds for several processes sharing one database.

**Nothing acknowledged is lost.** A move is applied in memory only after the store said it is
durable, and the ``200`` is written after that. The work under the lock runs as a task of its
own, so a client that goes away mid-request cannot leave a stored move unapplied.

**Starting again.** :meth:`Lobby.start` loads every match that is not over, replays each from
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

import ast
import asyncio
import re
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any, Final, TypeVar

from cardgames.errors import CardgamesError, IllegalMoveError
from cardgames.game import SPECTATOR, Bot, Game
from cardgames.record import GameRecord, _name_problem
from cardgames.registry import GAMES, get_game
from cardgames.serialization import from_json, to_json
from cardgames.server.bots import (
    BOT_PREFIX,
    BotRunner,
    Failure,
    ProcessBotRunner,
    decision_seed,
    seat_bot,
)
from cardgames.server.live import Hub
from cardgames.server.match import (
    Match,
    Seat,
    outcome_from_json,
    outcome_json,
    quote,
    replay,
)
from cardgames.server.store import (
    Ending,
    MatchSummary,
    SharedStore,
    StorageError,
    Store,
    StoredMatch,
)
from cardgames.server.tokens import (
    MATCH_ID_CHARACTERS,
    new_match_id,
    new_secret_seed,
    new_token,
    seat_of,
    token_hash,
)

__all__ = [
    "DEFAULT_LIST",
    "FINISHED_KEPT",
    "MAX_NOTATION",
    "ApiError",
    "BotFactory",
    "Lobby",
    "without_input",
]

T = TypeVar("T")

#: How many finished matches stay in memory (the others are loaded from the store when asked).
FINISHED_KEPT = 256
#: How many matches ``GET /api/matches`` lists unless ``limit`` says (and the most it lists).
DEFAULT_LIST = 500
#: The longest move notation read, in characters (longer than any game's notation).
MAX_NOTATION = 1000
#: The name a person's seat gets in the record when they join without one.
DEFAULT_NAME = "human"
#: The longest game or preset name looked at.
_MAX_NAME = 64
#: How long the bots of a match wait before trying again after the store failed, in seconds.
_RETRY = 1.0
_ID_LENGTH: Final = 16
# The shortest run of a client's characters that a strict message may not hold.
_ECHO = 8

#: Makes the bot of a ``"bot:<spec>"`` seat: ``(spec, game, time limit) -> bot``.
BotFactory = Callable[[str, Game[Any, Any, Any, Any], float], Bot[Any, Any]]

# A quoted piece of a library message: how ``excerpt`` quotes what it was given.
_QUOTED = re.compile(r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?: \(\d+ characters\))?""")


class ApiError(Exception):
    """A request the server refuses: its HTTP status and a short reason (safe to show)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def without_input(message: str, given: str, *, strict: bool = False) -> str:
    """``message`` with every quotation of the client's text ``given`` taken out.

    The library's messages quote a few characters of what they refuse; a server must not send
    a client's text back (to it, to its logs, or to anybody reading over its shoulder). A
    quoted piece whose text is part of ``given`` becomes "this". With ``strict`` (for short
    input such as a move's notation, which a reason has no cause to repeat), a message that
    still holds any run of ``_ECHO`` characters of ``given`` says only that it was refused.
    """
    lowered = given.lower()

    def replace(found: re.Match[str]) -> str:
        try:
            text = ast.literal_eval(found.group(1))
        except (ValueError, SyntaxError):
            return "this"
        if not isinstance(text, str):
            return "this"
        text = text.removesuffix("…").lower()
        return "this" if not text or text in lowered else found.group(0)

    cleaned = _QUOTED.sub(replace, message)
    if strict:
        shown = cleaned.lower()
        runs = {shown[i : i + _ECHO] for i in range(len(shown) - _ECHO + 1)}
        if any(lowered[i : i + _ECHO] in runs for i in range(len(lowered) - _ECHO + 1)):
            return "the input was refused"
    return cleaned


class Lobby:
    """Every match the server holds, and what can be done with them."""

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
        self._games_json = quote(
            [
                {
                    "name": name,
                    "players": sorted({game.num_players(c) for c in game.presets.values()}),
                    "presets": list(game.presets),
                    "preset_seats": {
                        preset: list(game.seat_names(config))
                        for preset, config in game.presets.items()
                    },
                }
                for name, game in GAMES.items()
            ]
        )
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

    async def find(self, match_id: str) -> Match:
        """The match of that id, loaded from the store if need be; a ``404`` if none."""
        match = self._active.get(match_id)
        if match is not None:
            if self._shared is not None:
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

    # --- the operations ------------------------------------------------------------------------

    def games(self) -> str:
        """``GET /api/games``."""
        return self._games_json

    async def matches(self, status: str | None, limit: int) -> str:
        """``GET /api/matches``: the newest matches first."""
        over = None if status is None else status == "over"
        found = await self._stored(self.store.summaries(over=over, limit=limit))
        lines = []
        for summary in found:
            # One process's memory is the newest there is; with several, the store is.
            live = None if self._shared is not None else self._active.get(summary.match)
            line = _summary(summary, live)
            if status is None or line["status"] == status:
                lines.append(line)
        return quote(lines)

    async def create(self, body: object) -> str:
        """``POST /api/matches``: a new match, its seats free for people or taken by bots."""
        if type(body) is not dict:
            raise ApiError(400, "expected a JSON object with game, seats and preset or config")
        if set(body) - {"game", "preset", "config", "seats"}:
            raise ApiError(400, "unknown field: a match has game, seats, and preset or config")
        name, preset, config_doc, seats = (
            body.get(k) for k in ("game", "preset", "config", "seats")
        )
        if type(name) is not str or not name or len(name) > _MAX_NAME:
            raise ApiError(400, "game must be a game's name (see GET /api/games)")
        if preset is not None and config_doc is not None:
            raise ApiError(400, "give a preset or a config, not both")
        if preset is not None and (type(preset) is not str or len(preset) > _MAX_NAME):
            raise ApiError(400, "preset must be a preset's name")
        if config_doc is not None and type(config_doc) is not dict:
            raise ApiError(400, "config must be a config document (a JSON object)")
        if type(seats) is not list or not all(type(s) is str for s in seats):
            raise ApiError(400, "seats must be a list of 'human' and 'bot:<bot spec>'")
        if name not in GAMES:
            raise ApiError(422, f"no such game; the games: {', '.join(GAMES)}")
        game = get_game(name)
        config = self._config(game, preset, config_doc)
        count = game.num_players(config)
        if len(seats) != count:
            raise ApiError(422, f"this {game.name} config seats {count} players")
        made = [self._seat(game, number, entry) for number, entry in enumerate(seats)]
        if len(self._active) >= self.max_matches:
            raise ApiError(503, "this server holds as many matches in play as it may; try later")
        seed, bot_seed = new_secret_seed(), new_secret_seed()
        try:
            state = game.new_game(config, seed=seed)
        except CardgamesError as exc:
            raise ApiError(422, f"the config does not start a game: {exc}") from None
        match = Match(
            match=new_match_id(),
            game=game,
            config=config,
            config_json=to_json(config),
            seed=seed,
            bot_seed=bot_seed,
            created=time.time(),
            seats=made,
            states=[state],
            moves=[],
        )
        await self._stored(
            self.store.create(
                StoredMatch(
                    match=match.id,
                    game=game.name,
                    config=match.config_json,
                    seed=seed,
                    bot_seed=bot_seed,
                    created=match.created,
                    seats=tuple(seat.stored() for seat in made),
                )
            )
        )
        self._active[match.id] = match
        self._drive(match)
        return "".join(('{"match":', quote(match.id), ',"seats":', match.seats_json(), "}"))

    def _config(self, game: Game[Any, Any, Any, Any], preset: object, doc: object) -> Any:
        if preset is not None:
            assert isinstance(preset, str)
            found: Any = game.presets.get(preset)
            if found is None:
                raise ApiError(
                    422, f"no such preset of {game.name}; its presets: {', '.join(game.presets)}"
                )
            return found
        if doc is None:
            return game.config_type()
        text = quote(doc)
        try:
            config: Any = from_json(text, game.config_type)
            game.check_config(config)
        except CardgamesError as exc:
            reason = without_input(str(exc), text)
            raise ApiError(422, f"not a config of {game.name}: {reason}") from None
        return config

    def _seat(self, game: Game[Any, Any, Any, Any], number: int, entry: str) -> Seat:
        if entry == "human":
            return Seat(number, "human")
        if not entry.startswith(BOT_PREFIX):
            raise ApiError(422, f"seat {number}: a seat is 'human' or 'bot:<bot spec>'")
        spec = entry[len(BOT_PREFIX) :]
        try:
            bot = self.bot_factory(spec, game, self.bots.time_limit)
        except CardgamesError as exc:
            reason = without_input(str(exc), spec, strict=True)
            raise ApiError(422, f"seat {number}: {reason}") from None
        return Seat(number, "bot", spec=spec, bot=bot, name=spec)

    async def join(self, match_id: str, body: object) -> str:
        """``POST /api/matches/{id}/join``: a free person's seat, and its token."""
        if body is None:
            body = {}
        if type(body) is not dict or set(body) - {"seat", "name"}:
            raise ApiError(400, "expected a JSON object with an optional seat and name")
        wanted, name = body.get("seat"), body.get("name")
        if wanted is not None and type(wanted) is not int:
            raise ApiError(400, "seat must be a seat number")
        if name is not None and type(name) is not str:
            raise ApiError(400, "name must be text")
        if name is not None:
            problem = _name_problem(name)
            if problem is not None or not name.strip():
                raise ApiError(422, "a name has 1 to 100 characters and no control characters")
        match = await self.find(match_id)
        return await self._locked(self._join(match, wanted, name or DEFAULT_NAME))

    async def _join(self, match: Match, wanted: int | None, name: str) -> str:
        async with match.lock:
            if match.over:
                raise ApiError(409, "the match is over")
            if wanted is None:
                free = [s for s in match.seats if not s.taken]
                if not free:
                    raise ApiError(409, "no person's seat is free")
                seat = free[0]
            else:
                if not 0 <= wanted < len(match.seats):
                    raise ApiError(422, f"no such seat: the seats are 0 to {len(match.seats) - 1}")
                seat = match.seats[wanted]
                if seat.taken:
                    raise ApiError(409, "this seat is taken")
            token = new_token()
            hashed = token_hash(token)
            taken = await self._stored(self.store.take_seat(match.id, seat.number, name, hashed))
            if not taken:
                await self._merge(match)  # another process seated somebody first
                raise ApiError(409, "this seat is taken")
            match.seat_taken(seat, name, hashed)
            match.stamp += 1
        self.hub.publish(match.id, match.version, match.status)
        self._drive(match)
        return "".join(('{"seat":', str(seat.number), ',"token":', quote(token), "}"))

    async def look(self, match_id: str, token: str | None, since: int | None) -> str:
        """``GET /api/matches/{id}``: the match as the token's seat (or a spectator) sees it."""
        match = await self.find(match_id)
        return match.seen_by(self.viewer(match, token, required=False), since)

    async def picture(self, match_id: str, token: str | None) -> str:
        """``GET /api/matches/{id}/picture``: the SVG table as the token's seat (or a
        spectator) sees it."""
        match = await self.find(match_id)
        return match.picture(self.viewer(match, token, required=False))

    async def move(self, match_id: str, token: str | None, body: object, since: int | None) -> str:
        """``POST /api/matches/{id}/moves``: play a move for the token's seat."""
        match = await self.find(match_id)
        seat = self.viewer(match, token, required=True)
        if type(body) is not dict or set(body) != {"move", "version"}:
            raise ApiError(400, 'expected a JSON object {"move": "<notation>", "version": k}')
        notation, version = body["move"], body["version"]
        if type(notation) is not str or type(version) is not int:
            raise ApiError(400, "move must be text (the game's notation) and version a number")
        return await self._locked(self._move(match, seat, notation, version, since))

    async def _move(
        self, match: Match, seat: int, notation: str, version: int, since: int | None
    ) -> str:
        async with match.lock:
            if match.over:
                raise ApiError(409, "the match is over")
            if match.status == "waiting":
                raise ApiError(409, "the match is waiting for players to join")
            if version != match.version:
                raise ApiError(409, f"not the current version: the match is at {match.version}")
            if match.to_move() != seat:
                raise ApiError(403, "it is not this seat's turn")
            game, state = match.game, match.state
            move = self._legal(match, seat, notation)
            after = game.apply_move(state, move)
            await self._commit(match, move, after)
            answer = match.seen_by(seat, since)
        self._after_move(match)
        return answer

    def _legal(self, match: Match, seat: int, notation: str) -> Any:
        """The legal move ``notation`` names; a ``422`` with the library's reason (told from
        the seat's view alone) if there is none."""
        game, state = match.game, match.state
        if len(notation) > MAX_NOTATION:
            raise ApiError(422, "not a move of this game: the notation is too long")
        # A game's parse_move reads the notation alone (and the config's names), never the
        # position, so parsing with the state tells nothing hidden; parsing with a view would
        # check the view in full first, which for some games means dealing a state from it.
        try:
            move = game.parse_move(state, notation)
        except CardgamesError as exc:
            raise ApiError(422, without_input(str(exc), notation, strict=True)) from None
        found = next((m for m in game.legal_moves(state) if m == move), None)
        if found is not None:
            return found
        # The reason is worked out on a state dealt from the seat's view, so that it cannot
        # tell the seat anything its view does not.
        reason = "this move is not legal now"
        try:
            game.apply_move(game.resample(game.view(state, seat), seed=0), move)
        except IllegalMoveError as exc:
            text = str(exc)
            shown = game.format_move(move)
            reason = text.removeprefix(shown + ": ") if text.startswith(shown + ": ") else text
        except CardgamesError:
            pass
        # The notation parsed, so the reason speaks of the move in the game's own words: only
        # a quotation of the text as sent is taken out.
        raise ApiError(422, f"not legal now: {without_input(reason, notation)}")

    async def _commit(self, match: Match, move: Any, after: Any) -> None:
        """Store ``move`` (ending the match if ``after`` is over) and then apply it."""
        ending = None
        outcome = match.game.outcome(after)
        if outcome is not None:
            ending = Ending(outcome=outcome_json(outcome))
        number = match.version + 1
        stored = await self._stored(
            self.store.add_move(match.id, number, match.game.format_move(move), ending)
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

    async def record(self, match_id: str) -> str:
        """``GET /api/matches/{id}/record``: the whole record, once the match is over."""
        match = await self.find(match_id)
        if not match.over:
            raise ApiError(409, "the match is not over: its record (and seed) stays secret")
        return match.record().to_json()

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
                answer = await self.bots.choose(seat.bot, game.view(state, player), legal, seed)
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


def _summary(summary: MatchSummary, live: Match | None) -> dict[str, Any]:
    """A line of the lobby's list, from memory where the match is there (it is newer)."""
    if live is not None:
        return {
            "match": live.id,
            "game": live.game.name,
            "status": live.status,
            "seats": live.public_seats(),
        }
    seats = [
        {
            "seat": s.seat,
            "kind": s.kind,
            "taken": s.kind == "bot" or s.token_hash is not None,
            "name": s.name,
        }
        for s in summary.seats
    ]
    status = "playing" if all(s["taken"] for s in seats) else "waiting"
    return {
        "match": summary.match,
        "game": summary.game,
        "status": "over" if summary.over else status,
        "seats": seats,
    }


def _stderr(line: str) -> None:
    print(f"cardgames serve: {line}", file=sys.stderr, flush=True)
