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

The matches themselves (loading, storing, bots, several processes) are kept by
:class:`~.keeper.Keeper`, which the lobby extends with the operations of the API.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardgames.errors import CardgamesError, IllegalMoveError
from cardgames.game import Game
from cardgames.record import _name_problem
from cardgames.registry import GAMES, get_game
from cardgames.serialization import from_json, to_json
from cardgames.server.bots import BOT_PREFIX, BotRunner, seat_bot
from cardgames.server.keeper import DEFAULT_NAME, FINISHED_KEPT, BotFactory, Keeper
from cardgames.server.live import Hub
from cardgames.server.match import Match, Seat, quote
from cardgames.server.refusals import ApiError, without_input
from cardgames.server.store import MatchSummary, Store, StoredMatch
from cardgames.server.tokens import new_match_id, new_secret_seed, new_token, token_hash
from cardgames.server.workers import ProcessBotRunner

__all__ = [
    "DEFAULT_LIST",
    "FINISHED_KEPT",
    "MAX_NOTATION",
    "ApiError",
    "BotFactory",
    "Lobby",
    "without_input",
]

#: How many matches ``GET /api/matches`` lists unless ``limit`` says (and the most it lists).
DEFAULT_LIST = 500
#: The longest move notation read, in characters (longer than any game's notation).
MAX_NOTATION = 1000
#: The refusals of a move that a process's old copy of a shared match could cause.
_STALE = frozenset({403, 409, 422})
#: The longest game or preset name looked at.
_MAX_NAME = 64


class Lobby(Keeper):
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
        super().__init__(
            store,
            bots=bots,
            hub=hub,
            max_matches=max_matches,
            bot_factory=bot_factory,
            log=log,
        )
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
        """``POST /api/matches/{id}/moves``: play a move for the token's seat.

        With a store that several processes share, the move is tried on the match as this
        process holds it, without asking the store first whether another process changed it:
        the store takes a move only if its number is the next one and the match is not over,
        so a move tried on an old copy is never stored. Before any refusal that an old copy
        could cause (a token, a version, a turn or a move it does not know), the match is made
        the stored one and the move tried again, so the answer is the one the stored match
        gives.
        """
        match = await self.find(match_id, fresh=False)
        try:
            return await self._try_move(match, token, body, since)
        except ApiError as refused:
            if self._shared is None or refused.status not in _STALE:
                raise
        await self._sync(match)
        return await self._try_move(match, token, body, since)

    async def _try_move(
        self, match: Match, token: str | None, body: object, since: int | None
    ) -> str:
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

    async def record(self, match_id: str) -> str:
        """``GET /api/matches/{id}/record``: the whole record, once the match is over."""
        match = await self.find(match_id)
        if not match.over:
            raise ApiError(409, "the match is not over: its record (and seed) stays secret")
        return match.record().to_json()


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
