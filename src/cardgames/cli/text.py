"""The lines the commands print about seats, moves and results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.errors import excerpt
from cardgames.game import Game, Outcome

# More digits than any list of moves or any game needs: a longer number is out of range anyway,
# and Python refuses to read one past 4,300 digits (and reads long ones slowly).
_NUMBER_DIGITS = 9

__all__ = [
    "count",
    "header",
    "labels",
    "move_line",
    "number_typed",
    "numbered",
    "outcome_lines",
    "outcome_summary",
    "plural",
    "seat",
    "seed_line",
]


def labels(
    game: Game[Any, Any, Any, Any],
    config: Any,
    players: Sequence[str],
    *,
    limit: int | None = None,
) -> tuple[str, ...]:
    """Each seat as the rules name it, with who played it: ``red (greedy)``.

    With ``limit``, no label is longer: a long player's name is cut, with an ellipsis, before
    the seat's name is (a picture takes names of at most 100 characters, as a record does)."""
    seats = game.seat_names(config)
    made = tuple(
        f"{seats[p]} ({players[p]})" if p < len(players) else seats[p] for p in range(len(seats))
    )
    if limit is None:
        return made
    return tuple(
        _fit(label, seats[p], players[p] if p < len(players) else None, limit)
        for p, label in enumerate(made)
    )


def _fit(label: str, seat: str, player: str | None, limit: int) -> str:
    """``label`` (``seat (player)``) in at most ``limit`` characters."""
    if len(label) <= limit:
        return label
    room = limit - len(seat) - len(" ()")
    if player is not None and room >= 2:
        return f"{seat} ({player[: room - 1]}\u2026)"
    return label[: limit - 1] + "\u2026"


def seat(player: int | None, players: Sequence[str]) -> str:
    """The label of ``player``, or ``nobody``."""
    if player is None:
        return "nobody"
    return players[player] if player < len(players) else f"player {player}"


def header(game: str, players: Sequence[str], *, seed: int | None = None) -> str:
    """The first line of a game: ``alethi: red (greedy), blue (random)``, or with ``seed``
    (only for a game that is over: the seed tells every card) ``alethi, seed 7: ...``."""
    seats = ", ".join(seat(p, players) for p in range(len(players)))
    return f"{game}: {seats}" if seed is None else f"{game}, seed {seed}: {seats}"


def move_line(number: int, player: int | None, players: Sequence[str], notation: str) -> str:
    """One move of a game: ``  12. red (greedy): throw knight 0,2``."""
    return f"{number:4d}. {seat(player, players)}: {notation}"


def _winners(outcome: Outcome, players: Sequence[str]) -> str:
    if outcome.winners:
        return ", ".join(seat(p, players) for p in sorted(outcome.winners))
    return "none (a draw)" if outcome.is_draw else "none (every player loses)"


def outcome_lines(outcome: Outcome | None, players: Sequence[str]) -> list[str]:
    """``result: ...`` and ``winners: ...``, or that the game is not over."""
    if outcome is None:
        return ["result: the game is not over"]
    return [f"result: {outcome.reason}", f"winners: {_winners(outcome, players)}"]


def outcome_summary(outcome: Outcome | None) -> str:
    """An outcome in a few words, for error messages."""
    if outcome is None:
        return "not over"
    winners = ", ".join(str(p) for p in sorted(outcome.winners)) or "none"
    return f"{outcome.reason}; winners: {winners}"


def numbered(items: Sequence[str], width: int = 100) -> list[str]:
    """``items`` numbered ``1)``, ``2)``... one a line; long lists of short items go in columns."""
    cells = [f"{number:>{len(str(len(items)))}}) {item}" for number, item in enumerate(items, 1)]
    widest = max((len(cell) for cell in cells), default=0) + 3
    columns = max(1, width // widest) if len(cells) > 12 else 1
    if columns == 1:
        return ["  " + cell for cell in cells]
    rows = -(-len(cells) // columns)
    return [
        "  "
        + "".join(
            cells[r + c * rows].ljust(widest) for c in range(columns) if r + c * rows < len(cells)
        ).rstrip()
        for r in range(rows)
    ]


def number_typed(answer: str) -> tuple[int | None, str]:
    """A number a person typed (ASCII digits) and how to quote it back: ``None`` for a number
    too long to be any move's, which is never converted and is quoted only in part."""
    digits = answer.lstrip("0") or "0"
    if len(digits) > _NUMBER_DIGITS:
        return None, excerpt(answer)
    return int(digits), answer if len(answer) <= _NUMBER_DIGITS else digits


def plural(number: int, noun: str) -> str:
    """``noun`` for one, and its plural (an ``s`` added) for any other number."""
    return noun if number == 1 else noun + "s"


def count(number: int, noun: str) -> str:
    """A number and its noun: ``1 game``, ``2 games``, ``0 moves``."""
    return f"{number} {plural(number, noun)}"


def seed_line(seed: int, *, person: bool = True) -> str:
    """What a finished game says about its seed: a person's (``answers``) or the bots'."""
    same = "answers" if person else "bots"
    return f"Seed {seed}: the same seed and {same} replay this game."
