"""One match in the server's memory, and the match as each seat (or a spectator) sees it.

A :class:`Match` holds the whole truth: every state from the first, the moves, the seats with
their tokens' hashes, the seed. None of it leaves this module except through
:meth:`Match.seen_by`, which writes the match document of ``SERVER.md`` from the viewer's view
and the events told to that viewer, nothing else:

- ``view`` is ``game.view(state, viewer)``, the library's door for what a player may know;
- ``events`` are ``game.events(before, move, after, viewer=viewer)`` for every move;
- ``current_player`` is the player to move as the viewer's view tells it (a view that hides
  who decides, such as Alakazum!'s during a voodoo doll's round, hides it here too);
- ``legal_moves`` are listed only to the seat that is to move;
- the seed, the bots' seed, the states and the tokens are never written into a document; the
  record (seed included) is written only once the match is over.

What a viewer is sent is worked out once per version and kept (the view's JSON, the legal
moves, each event's entry), so that many clients asking for the same match cost one
encoding.
"""

from __future__ import annotations

import asyncio
import json
import json.encoder
from collections.abc import Sequence
from typing import Any

from cardgames._engine import vouch_transition
from cardgames._kept import kept_dict
from cardgames.errors import CardgamesError
from cardgames.game import SPECTATOR, Bot, Game, Outcome
from cardgames.record import Forfeit, GameRecord
from cardgames.serialization import to_json
from cardgames.server.store import Ending, SeatKind, StoredSeat

__all__ = ["Match", "Seat", "outcome_from_json", "outcome_json", "quote", "replay"]

#: The JSON encoder of the documents' small parts: compact, UTF-8 as it is.
quote = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
#: A string as :data:`quote` writes it.
_quote = json.encoder.encode_basestring
#: The notation of the moves met lately, by move (moves of different games never compare
#: equal: a move equals only a move of its own class).
_NOTATIONS = kept_dict(8192, owner=__name__)


class Seat:
    """One seat of a match: who sits there, and the hash of its token once a person took it."""

    __slots__ = ("bot", "kind", "name", "number", "spec", "token_hash")

    def __init__(
        self,
        number: int,
        kind: SeatKind,
        *,
        spec: str | None = None,
        bot: Bot[Any, Any] | None = None,
        name: str | None = None,
        token_hash: bytes | None = None,
    ) -> None:
        self.number = number
        self.kind: SeatKind = kind
        self.spec = spec
        self.bot = bot
        self.name = name
        self.token_hash = token_hash

    @property
    def taken(self) -> bool:
        """Whether somebody sits here: a bot always, a person once they joined."""
        return self.kind == "bot" or self.token_hash is not None

    def stored(self) -> StoredSeat:
        """The seat as the store keeps it."""
        return StoredSeat(
            seat=self.number,
            kind=self.kind,
            bot=self.spec,
            name=self.name,
            token_hash=self.token_hash,
        )

    def public(self) -> dict[str, Any]:
        """The seat as anybody may see it: its kind, whether it is taken, and its name."""
        return {"seat": self.number, "kind": self.kind, "taken": self.taken, "name": self.name}


def outcome_json(outcome: Outcome) -> str:
    """An outcome as the match document writes it."""
    return quote(
        {
            "winners": sorted(int(w) for w in outcome.winners),
            "returns": list(outcome.returns),
            "reason": outcome.reason,
        }
    )


def outcome_from_json(text: str) -> Outcome:
    """The outcome that :func:`outcome_json` wrote; ``CardgamesError`` if it is not one."""
    try:
        data = json.loads(text)
        return Outcome(frozenset(data["winners"]), tuple(data["returns"]), data["reason"])
    except (ValueError, TypeError, KeyError) as exc:
        raise CardgamesError(f"a stored outcome that is not one ({type(exc).__name__})") from None


class Match:
    """A match: the game, its seats and every state, with the locks and caches that serve it.

    ``states[k - first]`` is the state after ``k`` moves (``first`` is the earliest version a
    viewer may still need, see :meth:`_let_go`), and ``version == len(moves)``. Only the lobby
    changes a match, under :attr:`lock`.
    """

    def __init__(
        self,
        *,
        match: str,
        game: Game[Any, Any, Any, Any],
        config: Any,
        config_json: str,
        seed: int,
        bot_seed: int,
        created: float,
        seats: Sequence[Seat],
        states: Sequence[Any],
        moves: Sequence[Any],
        forfeit: tuple[int, str] | None = None,
    ) -> None:
        self.id = match
        self.game = game
        self.config = config
        self.config_json = config_json
        self.seed = seed
        self.bot_seed = bot_seed
        self.created = created
        self.seats = list(seats)
        self.states = list(states)
        self.moves = list(moves)
        #: The seat that forfeited and why, once one did.
        self.forfeit = forfeit
        #: Held while a move is checked, stored and applied: one move per version.
        self.lock = asyncio.Lock()
        #: Whether a task is playing this match's bots now.
        self.driving = False
        #: Whether a task waits to play this match's bots should the process playing them
        #: have gone (with a store that several processes share).
        self.watching = False
        #: How many changes of the match this process knows of (a shared store's stamp).
        self.stamp = 0
        self._id_json = quote(match)
        self._seats_json: str | None = None
        self._game_json = quote(game.name)
        # viewer -> (version, the view's JSON, the current player as the view tells it)
        self._views: dict[int, tuple[int, str, int | None]] = {}
        # (version, the legal moves' JSON) for the seat to move
        self._legal: tuple[int, str] | None = None
        # viewer -> (the JSON entry of every event told so far, and for each version k the
        # number of entries of the moves up to k)
        self._stories: dict[int, tuple[list[str], list[int]]] = {}
        # viewer -> (version, the SVG picture of the viewer's view)
        self._pictures: dict[int, tuple[int, str]] = {}
        # the notation of each move so far, written as they are asked for
        self._notations: list[str] = []
        # how many times a person took a seat, and the status worked out last with its key
        self._seat_changes = 0
        self._status: tuple[tuple[int, tuple[int, str] | None, int], str] | None = None
        # the version of ``states[0]`` (``_let_go`` lets the states before it go)
        self._first = 0
        self._let_go()

    # --- what the match is now -----------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many moves the match has."""
        return len(self.moves)

    @property
    def state(self) -> Any:
        """The state now."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        """Whether the game has ended or a seat forfeited."""
        return self.status == "over"

    @property
    def status(self) -> str:
        """``waiting`` (a person's seat is free), ``playing`` or ``over``; worked out once for
        each version, forfeit and taking of a seat (a request asks several times)."""
        key = (len(self.moves), self.forfeit, self._seat_changes)
        kept = self._status
        if kept is not None and kept[0] == key:
            return kept[1]
        if self.forfeit is not None or self.game.is_over(self.state):
            status = "over"
        else:
            status = "playing" if all(seat.taken for seat in self.seats) else "waiting"
        self._status = (key, status)
        return status

    def to_move(self) -> int | None:
        """The player who decides now, if the match is being played; else ``None``."""
        if self.status != "playing":
            return None
        player = self.game.current_player(self.state)
        return None if player is None else int(player)

    def outcome(self) -> Outcome | None:
        """How the game ended, once it has: by its rules, or by the forfeit of a seat (the
        library's :class:`~cardgames.Forfeit`: that seat's side loses, the others win)."""
        forfeit = self.forfeited()
        if forfeit is not None:
            return forfeit.outcome(self.game, self.config)
        return self.game.outcome(self.state)

    def forfeited(self) -> Forfeit | None:
        """The seat's forfeit that ended the match, as the library records one."""
        if self.forfeit is None:
            return None
        return Forfeit(self.forfeit[0], self.forfeit[1])

    def ending(self) -> Ending | None:
        """How the match ended, as the store keeps it; ``None`` while it goes on."""
        if self.forfeit is not None:
            return Ending(forfeit_seat=self.forfeit[0], forfeit_reason=self.forfeit[1])
        outcome = self.outcome()
        return None if outcome is None else Ending(outcome=outcome_json(outcome))

    def names(self) -> tuple[str, ...]:
        """The record's player names, one per seat (a free seat is named by its kind)."""
        return tuple(seat.name or seat.kind for seat in self.seats)

    def record(self) -> GameRecord:
        """The match's record: game, config, seed, moves, players and outcome, and the forfeit
        of a seat that ended it, if one did."""
        return GameRecord(
            game=self.game.name,
            config=self.config,
            seed=self.seed,
            moves=tuple(self.moves),
            players=self.names(),
            outcome=self.outcome(),
            forfeit=self.forfeited(),
        )

    def apply(self, move: Any, after: Any) -> None:
        """Take ``move`` (one of the legal moves now), which led to ``after`` (what the game's
        ``apply_move`` returned for it: the events told of this move take it on trust); keep
        only the states that the viewers told so far may still need."""
        vouch_transition(self.state, move, after)
        self.moves.append(move)
        self.states.append(after)
        self._let_go()

    def _let_go(self) -> None:
        """Keep the states from the earliest version a viewer was told up to (the state now
        if no viewer was told anything): what each viewer was sent is kept, and the states
        before are dealt again from the moves should a new viewer ask for the story. (States
        kept for every move were most of the server's memory, and each full collection of the
        garbage collector walks every one of them: kept, they made those pauses, which stop
        every match, grow to a tenth of a second.)"""
        told = [len(ends) - 1 for _, ends in self._stories.values()]
        first = min(told, default=self.version)
        if first > self._first:
            del self.states[: first - self._first]
            self._first = first

    def _states_from(self, start: int) -> Sequence[Any]:
        """The states from version ``start`` on, replayed from the match's record if
        :meth:`_let_go` let some of them go."""
        if start >= self._first:
            return self.states[start - self._first :]
        return self.record().states()[start:]

    def notations(self) -> list[str]:
        """The notation of every move so far, in order (the list is kept: read it, do not
        change it)."""
        notations, moves = self._notations, self.moves
        if len(notations) < len(moves):
            notations.extend(map(self.notation, moves[len(notations) :]))
        return notations

    def notation(self, move: Any) -> str:
        """``move`` in the game's notation (a move's notation depends on the move alone, and the
        same few moves are listed again and again: each is written once, then found)."""
        known: str | None = _NOTATIONS.get(move)
        if known is not None:
            return known
        text = str(self.game.format_move(move))
        _NOTATIONS.keep_at(move, text)
        return text

    # --- what a viewer is sent -----------------------------------------------------------------

    def public_seats(self) -> list[dict[str, Any]]:
        """The seats as anybody may see them, each with what the rules call it (``label``)."""
        labels = self.game.seat_names(self.config)
        return [{**seat.public(), "label": labels[seat.number]} for seat in self.seats]

    def seats_json(self) -> str:
        """The seats as anybody may see them (:meth:`public_seats`)."""
        if self._seats_json is None:
            self._seats_json = quote(self.public_seats())
        return self._seats_json

    def seat_taken(self, seat: Seat, name: str, hashed: bytes) -> None:
        """A person took ``seat`` (its token's hash is ``hashed``) as ``name``."""
        seat.name = name
        seat.token_hash = hashed
        self._seats_json = None
        self._seat_changes += 1

    def seen_by(self, viewer: int, since: int | None = None) -> str:
        """The match document for ``viewer`` (a seat, or ``SPECTATOR``): the view, legal moves
        and events that viewer may know, the events after version ``since`` only if given."""
        version = self.version
        status = self.status
        view_json, current = self._view(viewer, version)
        if current is not None and current == viewer and status == "playing":
            legal = self._legal_moves(version)
        else:
            legal = "[]"
        outcome = self.outcome()
        forfeit = self.forfeit
        return "".join(
            (
                '{"match":',
                self._id_json,
                ',"game":',
                self._game_json,
                ',"status":"',
                status,
                '","version":',
                str(version),
                ',"seat":',
                "null" if viewer == SPECTATOR else str(viewer),
                ',"current_player":',
                "null" if current is None or status != "playing" else str(current),
                ',"view":',
                view_json,
                ',"legal_moves":',
                legal,
                ',"events":',
                self._events(viewer, version, since),
                ',"outcome":',
                "null" if outcome is None else outcome_json(outcome),
                ',"forfeit":',
                "null" if forfeit is None else quote({"seat": forfeit[0], "reason": forfeit[1]}),
                ',"seats":',
                self.seats_json(),
                "}",
            )
        )

    def picture(self, viewer: int) -> str:
        """The SVG picture of the table as ``viewer`` (a seat, or ``SPECTATOR``) sees it now,
        drawn by the game from the viewer's view, each seat named by who sits there."""
        version = self.version
        kept = self._pictures.get(viewer)
        if kept is not None and kept[0] == version:
            return kept[1]
        game = self.game
        labels = game.seat_names(self.config)
        names = [
            seat.name if seat.taken and seat.name else labels[seat.number] for seat in self.seats
        ]
        picture = game.render_svg(game.view(self.state, viewer), names=names)
        self._pictures[viewer] = (version, picture)
        return picture

    def _view(self, viewer: int, version: int) -> tuple[str, int | None]:
        kept = self._views.get(viewer)
        if kept is not None and kept[0] == version:
            return kept[1], kept[2]
        view = self.game.view(self.state, viewer)
        player = self.game.current_player(self.state)
        if player is None or int(player) == viewer:
            current = None if player is None else int(player)
        else:
            # Who decides, as far as this viewer's view tells (None where it hides it).
            seen = getattr(view, "to_move", player)
            current = None if seen is None else int(seen)
        text = to_json(view)
        self._views[viewer] = (version, text, current)
        return text, current

    def _legal_moves(self, version: int) -> str:
        kept = self._legal
        if kept is not None and kept[0] == version:
            return kept[1]
        game, state = self.game, self.state
        # Every move's action in one pass (move_to_action would work out the whole listing
        # again for each move), listed in the order of legal_moves.
        action_of = {move: action for action, move in game.legal_actions(state).items()}
        notation = self.notation
        text = (
            "["
            + ",".join(
                [
                    f'{{"notation":{_quote(notation(move))},"action":{int(action_of[move])}}}'
                    for move in game.legal_moves(state)
                ]
            )
            + "]"
        )
        self._legal = (version, text)
        return text

    def _events(self, viewer: int, version: int, since: int | None) -> str:
        story = self._stories.get(viewer)
        if story is None:
            story = self._stories[viewer] = ([], [0])
        entries, ends = story
        game, moves = self.game, self.moves
        told = len(ends) - 1  # the version this viewer was told up to
        states = self._states_from(told) if told < version else []
        for number in range(told + 1, version + 1):
            before, after = states[number - 1 - told], states[number - told]
            move = moves[number - 1]
            prefix = f'{{"version":{number},"text":'
            for event in game.events(before, move, after, viewer=viewer):
                entries.append(
                    f'{prefix}{_quote(str(game.format_event(event)))},"event":{to_json(event)}}}'
                )
            ends.append(len(entries))
        start = 0 if since is None or since <= 0 else ends[min(since, version)]
        return "[" + ",".join(entries[start : ends[version]]) + "]"


def replay(
    game: Game[Any, Any, Any, Any], config: Any, seed: int, notations: Sequence[str]
) -> tuple[list[Any], list[Any]]:
    """The states and moves of a stored match, each move parsed in the state it was played in;
    a ``CardgamesError`` names the first move that does not parse or is not legal."""
    state = game.new_game(config, seed=seed)
    states, moves = [state], []
    for number, text in enumerate(notations, start=1):
        try:
            move = game.parse_move(state, text)
            state = game.apply_move(state, move)
        except CardgamesError as exc:
            raise CardgamesError(f"stored move {number}: {exc}") from None
        moves.append(move)
        states.append(state)
    return states, moves
