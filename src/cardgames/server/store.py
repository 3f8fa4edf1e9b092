"""Where the server keeps its matches: the :class:`Store` interface and the rows it stores.

A store holds what replaying a match needs and nothing the server can work out again: the
game, its config and seed, the seats (kind, bot spec, player name and the hash of the seat's
token), every move in order, and how the match ended. States, views and events are never
stored; a match is loaded by replaying its moves from its config and seed.

The interface is small so that another database plugs in beside the SQLite one
(:mod:`cardgames.server.sqlite`):

- every method is a coroutine, so a store may talk to a database server without blocking the
  event loop;
- :meth:`Store.add_move` is the one door for moves, and it refuses a move whose number is
  already taken: two server processes sharing one database cannot both apply a move to the
  same version, since only one insert of that number can succeed;
- a method returns only once what it wrote is durable: the server acknowledges a move after
  :meth:`Store.add_move` returns, and never before.

A store that several server processes share (PostgreSQL's) is a :class:`SharedStore` too: it
counts every change of a match (:meth:`SharedStore.stamp`), so that a process can tell whether
the match it holds in memory is still the stored one, and it tells each process of the changes
the others made (:meth:`SharedStore.watch`), so that live updates reach every listener
whichever process took the move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol, runtime_checkable

import attrs

__all__ = [
    "Ending",
    "MatchSummary",
    "SeatKind",
    "SharedStore",
    "StorageError",
    "Store",
    "StoredMatch",
    "StoredSeat",
]

#: What sits in a seat: a person (who joins with a token) or one of the library's bots.
SeatKind = Literal["human", "bot"]


class StorageError(Exception):
    """The store could not do what it was asked (the disk is full, the database is gone).

    The server answers the request that met it with a 503 and changes nothing in memory: a move
    that was not stored is not applied.
    """


@attrs.frozen
class StoredSeat:
    """One seat of a match as stored.

    ``bot`` is the bot spec of a bot's seat (``None`` for a person's); ``name`` is the name the
    record gives the seat once it is taken (a bot's is its spec); ``token_hash`` is the hash of
    the token of a taken human seat, never the token itself.
    """

    seat: int
    kind: SeatKind
    bot: str | None = None
    name: str | None = None
    token_hash: bytes | None = None


@attrs.frozen
class Ending:
    """How a match ended, as stored: the outcome's JSON, or the seat that forfeited and why."""

    #: The library's JSON of the final ``Outcome``; ``None`` for a forfeit, which has none.
    outcome: str | None = None
    forfeit_seat: int | None = None
    forfeit_reason: str | None = None


@attrs.frozen
class StoredMatch:
    """Everything stored about one match; ``moves`` are the library's JSON of each move."""

    match: str
    game: str
    #: The library's JSON document of the match's config.
    config: str
    #: The game's seed: a secret of the whole match until it is over.
    seed: int
    #: Where the bots' generators come from: as secret as the seed.
    bot_seed: int
    #: When the match was made, in seconds since the epoch.
    created: float
    seats: tuple[StoredSeat, ...]
    moves: tuple[str, ...] = ()
    ending: Ending | None = None
    #: How many changes the match has had (seats taken, moves, its end) in a shared store;
    #: 0 in a store that one process owns.
    stamp: int = 0


@attrs.frozen
class MatchSummary:
    """A line of the lobby's list: a match without its moves, config or secrets."""

    match: str
    game: str
    created: float
    over: bool
    seats: tuple[StoredSeat, ...]


class Store(Protocol):
    """The server's storage: every method returns once what it wrote is durable.

    Methods raise :class:`StorageError` when the store itself fails; they never return data
    that the server did not store (a store does not check the games: the server replays every
    match it loads).
    """

    async def open(self) -> None:
        """Get ready: create the tables if they are missing."""
        ...

    async def close(self) -> None:
        """Finish every write in flight and let the database go."""
        ...

    async def create(self, match: StoredMatch) -> None:
        """Store a new match, with its seats and no moves."""
        ...

    async def take_seat(self, match: str, seat: int, name: str, token_hash: bytes) -> bool:
        """Give the free human ``seat`` of ``match`` to a player; ``False`` if it is taken."""
        ...

    async def add_move(
        self, match: str, number: int, move: str, ending: Ending | None = None
    ) -> bool:
        """Store move ``number`` (1 for the first) of an unfinished ``match``, and its
        ``ending`` if the move ends the match; ``False`` if that move is already stored or the
        match is over."""
        ...

    async def finish(self, match: str, moves: int, ending: Ending) -> bool:
        """End an unfinished ``match`` that has ``moves`` moves without a move (a forfeit);
        ``False`` if it has more moves or is over already."""
        ...

    async def load(self, match: str) -> StoredMatch | None:
        """The match with every move, or ``None`` if there is no such match."""
        ...

    async def unfinished(self) -> Sequence[StoredMatch]:
        """Every match that is not over, with its moves: what the server carries on at start."""
        ...

    async def summaries(self, *, over: bool | None, limit: int) -> Sequence[MatchSummary]:
        """The newest ``limit`` matches (all of them, or only those over or not), newest
        first."""
        ...


@runtime_checkable
class SharedStore(Store, Protocol):
    """A store that several server processes share: each change of a match counts, and every
    process hears of the changes the others make."""

    async def stamp(self, match: str) -> int | None:
        """How many changes ``match`` has had so far (``StoredMatch.stamp``), or ``None`` if
        there is no such match."""
        ...

    def watch(self, changed: Callable[[str | None], object]) -> None:
        """Call ``changed(match)`` on the event loop whenever another process changed a match,
        and ``changed(None)`` when some news may have been missed (the connection that hears
        it was lost and is back), once :meth:`open` has returned."""
        ...
