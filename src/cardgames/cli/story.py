"""A game told move by move: the line of each move and the sentences of what it did.

Both ``play`` and ``replay`` tell a game the same way. Each move is one numbered line,
``  12. red (greedy): throw knight 0,2``, followed by the game's own sentences about what the move
did (its events, :meth:`cardgames.Game.events` told by :meth:`cardgames.Game.format_event`),
indented beneath it. A story told to one seat (``viewer``) shows no more than that seat may know:
a move is written out only when the seat's view after it shows it, and the events are the ones
the game tells that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.cli import text
from cardgames.game import Game

__all__ = [
    "EVENT_INDENT",
    "HIDDEN_DECISION",
    "UNSEEN_MOVE",
    "event_lines",
    "move_lines",
    "seen_notation",
    "sentences",
]

#: How far the sentences of a move are indented under its numbered line.
EVENT_INDENT = " " * 6
#: What a seat is shown for a move its view does not tell apart from the mover's other moves.
UNSEEN_MOVE = "a move you cannot see"
#: What a seat is shown for a decision its view does not even say whose it is.
HIDDEN_DECISION = "a hidden decision"


def sentences(
    game: Game[Any, Any, Any, Any], before: Any, move: Any, after: Any, viewer: int | None
) -> tuple[str, ...]:
    """What ``move`` did, as the game tells it to ``viewer`` (``None``: everything).

    A game without ``events`` (one written before the protocol had them) tells nothing more
    than its move line, which shows ``format_move``: the result is then empty.
    """
    events = getattr(game, "events", None)
    format_event = getattr(game, "format_event", None)
    if events is None or format_event is None:
        return ()
    told = events(before, move, after, viewer=viewer)
    return tuple(str(format_event(event)) for event in told)


def event_lines(told: Sequence[str], shown: str | None) -> list[str]:
    """The indented lines under a move line that showed ``shown`` (its notation, or ``None``).

    A sentence that only repeats the move line (``Player 1: keep.`` under ``... : keep``) is left
    out.
    """
    repeat = None if shown is None else f": {shown}."
    return [
        EVENT_INDENT + sentence
        for sentence in told
        if repeat is None or not sentence.endswith(repeat)
    ]


def seen_notation(
    game: Game[Any, Any, Any, Any],
    before: Any,
    move: Any,
    after: Any,
    player: int | None,
    viewer: int | None,
) -> str | None:
    """How the move line shows ``move`` to ``viewer``: its notation, ``UNSEEN_MOVE``, or ``None``
    when the viewer may not even know whose decision it was (``HIDDEN_DECISION``).

    The viewer's view after the move says: a game whose views hold the move that led to them
    (``last_move``, as the viewer may know it) shows it there or not at all, as its events
    do; for any other game, the move is written out when the view after it tells it apart from
    the mover's other legal moves."""
    if viewer is None or player == viewer:
        return game.format_move(move)
    if getattr(game.view(before, viewer), "to_move", player) != player:
        return None
    seen = game.view(after, viewer)
    told = getattr(seen, "last_move", _NOT_KEPT)
    if told is not _NOT_KEPT:
        return game.format_move(move) if told == move else UNSEEN_MOVE
    for other in game.legal_moves(before):
        if other != move and game.view(game.apply_move(before, other), viewer) == seen:
            return UNSEEN_MOVE
    return game.format_move(move)


#: What a view without a ``last_move`` field gives for it.
_NOT_KEPT = object()


def move_lines(
    game: Game[Any, Any, Any, Any],
    number: int,
    labels: Sequence[str],
    before: Any,
    move: Any,
    after: Any,
    *,
    viewer: int | None = None,
    note: str = "",
) -> list[str]:
    """The numbered line of move ``number`` (``note`` after its notation) and its sentences,
    told to ``viewer`` (``None``: everything)."""
    player = game.current_player(before)
    shown = seen_notation(game, before, move, after, player, viewer)
    if shown is None:
        first = f"{number:4d}. {HIDDEN_DECISION}"
    else:
        first = text.move_line(number, player, labels, shown + note)
    told = sentences(game, before, move, after, viewer)
    notation = shown if shown not in (None, UNSEEN_MOVE) else None
    return [first, *event_lines(told, notation)]
