"""The state of a Le Rally match, and the view one player has of it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from cardgames._engine import keeps_memo
from cardgames.errors import excerpt
from cardgames.game import Outcome
from cardgames.lerally.cards import Card, Section
from cardgames.lerally.config import Config
from cardgames.lerally.moves import Move
from cardgames.rng import Rng
from cardgames.svg import Pictured

__all__ = ["Ending", "RallyWin", "Score", "State", "View"]


@attrs.frozen
class Score:
    """The match score, one entry per side (a player, or a doubles team).

    ``sets``: sets won. ``games``: in the current set, games won (points in the One Game format:
    0, 1, 2, 3 stand for 0, 15, 30, 40). ``to_seven``: two or more sides were at 5 games apiece
    in a One Set set, so it is now first to 7.
    """

    sets: tuple[int, ...]
    games: tuple[int, ...]
    to_seven: bool = False


class Ending(StrEnum):
    """How a rally was won."""

    EMPTY_HAND = "empty hand"  # the side's player played their last card
    RALLY_LIMIT = "rally limit"  # the rally reached its limit; the fewest cards won it


@attrs.frozen
class RallyWin:
    """Who won the last rally, and how."""

    side: int
    player: int
    ending: Ending


@keeps_memo
@attrs.frozen
class State(Pictured):
    """A whole Le Rally match at one moment.

    - ``to_move`` plays now; ``leading`` when they start a new exchange (the pile is empty).
    - ``ball`` is the section the last shot landed in (``None`` when leading or facing an
      attack); ``attack`` the attack card to answer and ``attack_total`` the cards its answer
      would cost (Hot Shots add up); ``last`` the player who put down the last card of the pile.
    - ``deck`` is drawn from its end; ``pile`` holds the exchange's cards in order; ``cleared``
      the cards of finished exchanges, which become the deck when it runs out.
    - ``server`` dealt this rally; ``plays`` counts the rally's decisions (see
      ``Config.rally_limit``); ``score`` is the match score.
    - ``last_move`` is the move that led here and ``last_mover`` the player who made it
      (``None`` before the first move): every move is played face up, so a view shows it too.
    """

    config: Config
    to_move: int | None
    leading: bool
    ball: Section | None
    attack: Card | None
    attack_total: int
    last: int | None
    deck: tuple[Card, ...]
    pile: tuple[Card, ...]
    cleared: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    server: int
    score: Score
    rng: Rng
    plays: int = 0
    last_rally: RallyWin | None = None
    result: Outcome | None = None
    last_mover: int | None = None
    last_move: Move | None = None
    # The legal moves once worked out (or a marker that the state has been checked); not part
    # of the value: never compared, hashed, shown or serialized.
    _memo: Any = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)

    def __repr__(self) -> str:
        return f"<lerally.State {_summary(self)}>"


@attrs.frozen
class View(Pictured):
    """What ``player`` knows: their own hand, every hand's size, the pile, the cleared cards,
    the deck's size and the score; never another hand or the deck's order."""

    player: int
    config: Config
    to_move: int | None
    leading: bool
    ball: Section | None
    attack: Card | None
    attack_total: int
    last: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    pile: tuple[Card, ...]
    cleared: tuple[Card, ...]
    server: int
    score: Score
    plays: int = 0
    last_rally: RallyWin | None = None
    result: Outcome | None = None
    last_mover: int | None = None
    last_move: Move | None = None

    def __repr__(self) -> str:
        player = excerpt(getattr(self, "player", None))
        return f"<lerally.View of player {player}: {_summary(self)}>"


#: The most numbers a repr lists in a row (hand sizes, games): more players never sit down.
_REPR_NUMBERS = 8


def _numbers(values: object) -> str:
    """``values`` as ``2-1``, or ``?`` when it is not a short tuple of small ints."""
    if (
        type(values) is tuple
        and 0 < len(values) <= _REPR_NUMBERS
        and all(type(v) is int and v.bit_length() <= 64 for v in values)
    ):
        return "-".join(str(v) for v in values)
    return "?"


def _summary(table: State | View) -> str:
    """The score, who plays (or who won) and the hands' sizes: the body of a state's or a view's
    repr, safe whatever its fields hold (even none, as in an object made by ``__new__``)."""
    try:
        score, result, player = table.score, table.result, table.to_move
        leading = table.leading
        if isinstance(table, View):
            sizes: object = table.hand_sizes
        else:
            hands = table.hands
            tuples = type(hands) is tuple and all(type(h) is tuple for h in hands)
            sizes = tuple(len(h) for h in hands) if tuples else None
    except AttributeError:
        return "without its fields"
    games = f"score {_numbers(score.games)}" if type(score) is Score else "no score"
    sets = _numbers(score.sets) if type(score) is Score else "?"
    if sets != "?" and sets.strip("0-"):
        games = f"sets {sets}, {games}"
    if result is None:
        does = "lead" if leading is True else "answer"
        now = f"player {excerpt(player)} to {does}"
    elif type(result) is Outcome and result.winners:
        winners = sorted(result.winners)
        who = "player" if len(winners) == 1 else "players"
        now = f"{who} {' and '.join(str(w) for w in winners)} won"
    else:
        now = "over"
    return f"{games}, {now}, hands {_numbers(sizes)}"
