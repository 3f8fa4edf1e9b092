"""The end of the battle: a side loses when its King is captured or it has no card standing,
and once no more cards can come in (or the turn limit is reached) the uncaptured cards are
counted."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardgames.alethi._fast import Board
from cardgames.alethi.cards import PLAYERS, Colour, Kind
from cardgames.alethi.state import Placed
from cardgames.game import Outcome

__all__ = ["capture_results", "ended_by_capture", "ended_by_count", "limit_reason"]

#: The King by name: a global is one lookup, where a member of an enum goes through the
#: attribute hook of its class.
_KING = Kind.KING


def ended_by_capture(board: Board, captured: Sequence[Placed]) -> Outcome | None:
    """The result if this capture check took a King or left a side without an uncaptured card;
    ``None`` while the battle goes on."""
    red, blue = board.standing
    if red and blue:
        # The usual case, with no call or object made: each side still has a card up, and
        # unless a King was among the fallen, the battle goes on.
        for card in captured:
            if card.kind is _KING:
                break
        else:
            return None
    reasons: dict[Colour, str] = {}
    for card in captured:
        if card.kind is Kind.KING:
            reasons[card.owner] = f"{card.owner.label}'s King was captured"
    for colour in Colour:
        if board.alive[colour] == 0:
            reasons.setdefault(colour, f"{colour.label} has no uncaptured card on the field")
    if not reasons:
        return None
    if len(reasons) == PLAYERS:
        return _outcome(None, "both sides lost at once: " + "; ".join(reasons.values()))
    ((loser, reason),) = reasons.items()
    return _outcome(int(loser.opponent), reason)


def capture_results(board: Board, losing: set[Colour]) -> list[Outcome]:
    """Every result the capture check may have given when ``losing`` lost on ``board``: a King
    captured, or no card left standing (the King is named first). Two when both sides lost,
    since either one's reason may come first."""
    reasons = {}
    for colour in losing:
        king = any(
            c.owner == colour and c.kind is Kind.KING and c.captured for c in board.cards.values()
        )
        reasons[colour] = (
            f"{colour.label}'s King was captured"
            if king
            else f"{colour.label} has no uncaptured card on the field"
        )
    if len(reasons) == 1:
        ((loser, reason),) = reasons.items()
        return [Outcome.win({loser.opponent}, PLAYERS, reason)]
    red, blue = reasons[Colour.RED], reasons[Colour.BLUE]
    prefix = "both sides lost at once: "
    return [Outcome.draw(PLAYERS, prefix + a + "; " + b) for a, b in ((red, blue), (blue, red))]


def ended_by_count(board: Board, why: str) -> Outcome:
    """The result once no more cards come in: more uncaptured cards wins, equal is a draw."""
    red, blue = board.alive
    if red == blue:
        return _outcome(None, f"{why}, {red} uncaptured cards each")
    winner = Colour.RED if red > blue else Colour.BLUE
    high, low = max(red, blue), min(red, blue)
    return _outcome(
        int(winner), f"{why}, {winner.label} has more uncaptured cards ({high} to {low})"
    )


@functools.lru_cache(maxsize=1024)
def _outcome(winner: int | None, reason: str) -> Outcome:
    """The win of ``winner`` (``None``: a draw) for ``reason``, made once and kept: outcomes are
    immutable values, and the same few end every game."""
    if winner is None:
        return Outcome.draw(PLAYERS, reason)
    return Outcome.win({winner}, PLAYERS, reason)


def limit_reason(limit: int) -> str:
    """Why a game that reached its turn limit ended."""
    return f"the turn limit of {limit} was reached"
