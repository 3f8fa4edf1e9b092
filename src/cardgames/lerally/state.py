"""The state of a Le Rally match, and the view one player has of it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from cardgames._engine import restore_without_memo, state_without_memo
from cardgames.game import Outcome
from cardgames.lerally.cards import Card, Section
from cardgames.lerally.config import Config
from cardgames.rng import Rng

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


@attrs.frozen
class State:
    """A whole Le Rally match at one moment.

    - ``to_move`` plays now; ``leading`` when they start a new exchange (the pile is empty).
    - ``ball`` is the section the last shot landed in (``None`` when leading or facing an
      attack); ``attack`` the attack card to answer and ``attack_total`` the cards its answer
      would cost (Hot Shots add up); ``last`` the player who put down the last card of the pile.
    - ``deck`` is drawn from its end; ``pile`` holds the exchange's cards in order; ``cleared``
      the cards of finished exchanges, which become the deck when it runs out.
    - ``server`` dealt this rally; ``plays`` counts the rally's decisions (see
      ``Config.rally_limit``); ``score`` is the match score.
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
    # The legal moves once worked out (or a marker that the state has been checked); not part
    # of the value: never compared, hashed, shown or serialized.
    _memo: Any = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)

    __getstate__ = state_without_memo
    __setstate__ = restore_without_memo


@attrs.frozen
class View:
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
