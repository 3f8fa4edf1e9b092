"""The state of an AlakaSLAM match and the view one player has of it, with the facts every
chapter reads off them: when a match ends, and who has which ability."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple, Protocol

import attrs

from cardgames import _kept
from cardgames._engine import keeps_memo
from cardgames.alakaslam.cards import Card, Character
from cardgames.alakaslam.config import Config, team
from cardgames.alakaslam.court import Cell
from cardgames.alakaslam.moves import Move
from cardgames.game import Outcome
from cardgames.rng import Rng
from cardgames.svg import Pictured

__all__ = ["Bind", "Fault", "Phase", "Point", "State", "View", "has_ability", "match_end"]


# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_SIMON = Character.SIMON


class Phase(StrEnum):
    """What the player to move is deciding."""

    CHOOSE = "choose"  # set-up: pick a character
    MULLIGAN = "mulligan"  # keep the hand or mulligan
    CALL = "call"  # call red or blue for the first serve
    PICK_SERVER = "pick-server"  # doubles: which teammate serves
    COPY = "copy"  # Simon picks whose ability he has this point
    CORNER = "corner"  # the server picks a back corner
    SERVE = "serve"  # the server hits (no movement first)
    MOVE = "move"  # a returning side moves and hits, or lets the ball go
    SUPPORT = "support"  # doubles: the support adds face-down cards
    TARGET = "target"  # doubles: an Enchantment's player names the opponent it binds
    AFTER = "after"  # movement after the hit
    LOSER_DISCARD = "loser-discard"  # the point's losers may discard up to three
    REFILL = "refill"  # hands over the hand size are discarded down to it
    OVER = "over"


class Fault(StrEnum):
    """Why a point was lost."""

    NET = "net"  # the shot landed in the hitter's own half
    OUT = "out"  # beyond the far baseline or off a side
    STRAIGHT = "straight"  # a serve that landed in the column it started from
    LET_GO = "let go"  # the side did not hit the ball (or gave up the serve)
    NO_ANSWER = "no answer"  # doubles: the support could not play what an Enchantment asked


class Bind(NamedTuple):
    """An Enchantment waiting for its player to name the opponent it binds (doubles)."""

    player: int
    cards: int


@attrs.frozen
class Point:
    """How the last point ended: the side that won it and the fault that lost it."""

    side: int
    fault: Fault


#: Why a match ended, as its outcome says.
WON = "won the match"
AHEAD_AT_LIMIT = "ahead when the shot limit was reached"
LEVEL_AT_LIMIT = "shot limit reached with the score level"


def match_end(config: Config, score: tuple[int, int], shots: int) -> Outcome | None:
    """How a match with this score after this many hits ends, or ``None`` while it goes on.

    The side that reaches ``points_to_win`` wins at once; a match that reaches the shot limit
    is won by the side ahead, or drawn when the score is level.
    """
    most = config.points_to_win
    if score[0] < most and score[1] < most and shots < config.shot_limit:
        return None  # what a move finds nearly every time
    n = config.players
    for side in (0, 1):
        if score[side] >= most:
            return _won(n, side, WON)
    if shots < config.shot_limit:
        return None
    if score[0] == score[1]:
        return Outcome.draw(n, LEVEL_AT_LIMIT)
    leader = 0 if score[0] > score[1] else 1
    return _won(n, leader, AHEAD_AT_LIMIT)


@_kept.lru(16, owner=__name__)
def _won(players: int, side: int, reason: str) -> Outcome:
    """The outcome of a match that ``side`` won, made once (outcomes are values)."""
    return Outcome.win(set(team(players, side)), players, reason)


class _Cast(Protocol):
    """Anything that knows the characters in play and Simon's copy: a state, a view."""

    @property
    def characters(self) -> tuple[Character, ...]: ...

    @property
    def copied(self) -> Character | None: ...


def has_ability(table: _Cast, player: int, character: Character) -> bool:
    """Whether ``player`` has ``character``'s ability now: as their own character, or as
    Simon's copy for this point."""
    if player >= len(table.characters):
        return False
    own = table.characters[player]
    return own is character or (own is _SIMON and table.copied is character)


@keeps_memo
@attrs.frozen
class State(Pictured):
    """A whole AlakaSLAM match at one moment.

    Sides: side 0 is player 0 (doubles: players 0 and 2), side 1 is player 1 (1 and 3).

    - ``to_move`` decides now; ``queue`` lists the players who decide after them in this phase.
    - ``deck`` is drawn from its end; ``discard`` is face up, its last card on top.
    - ``hands`` are sorted; ``positions`` has each player's cell (empty before the first serve).
    - ``score`` counts points per side; ``server`` serves this point; ``serving`` is true
      from the corner choice until the serve has landed.
    - Turn bookkeeping: ``free_step`` (the side's free step is still unused), ``moved``
      (players who moved before the hit this turn, so may not move after it), ``meddled``
      (Toots used her ability this turn).
    - The shot: ``hitter`` and, in doubles, ``played`` (the hitter's face-down cards until the
      support has played); ``binds`` gives per player the exact card count an Enchantment asks
      of their next hit (0: free); ``locked`` forbids Enchantments in the return (Rich);
      ``pending`` lists Enchantments whose target is still to be named.
    - ``discards_left``: how many more cards the player to move may discard after losing a point.
    - ``shots`` counts hits in the match (see ``Config.shot_limit``).
    - ``last_move`` is the move that led here and ``last_mover`` the player who made it
      (``None`` before the first move). A view shows the move to everybody but a doubles
      hitter's face-down hit, which it shows only to the hitter (the others see
      ``played_count``); a state dealt from a view keeps ``last_move`` only if that view
      shows it.
    """

    config: Config
    phase: Phase
    to_move: int | None
    queue: tuple[int, ...]
    characters: tuple[Character, ...]
    copied: Character | None
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    positions: tuple[Cell, ...]
    ball: Cell | None
    score: tuple[int, int]
    server: int | None
    rng: Rng
    serving: bool = False
    free_step: bool = False
    moved: tuple[int, ...] = ()
    meddled: bool = False
    hitter: int | None = None
    played: tuple[Card, ...] = ()
    binds: tuple[int, ...] = ()
    locked: bool = False
    pending: tuple[Bind, ...] = ()
    discards_left: int = 0
    shots: int = 0
    last_point: Point | None = None
    result: Outcome | None = None
    last_mover: int | None = None
    last_move: Move | None = None
    # What the rules worked out about this state (its legal moves), kept so that legal_moves
    # and apply_move do not redo it. Not part of the value: never compared, hashed, shown or
    # serialized. ``None`` until the state has been checked (states the engine makes are
    # trusted; others are checked on first use).
    _memo: Any = attrs.field(init=False, default=None, eq=False, hash=False, repr=False)

    def __repr__(self) -> str:
        return f"<alakaslam.State {_summary(self)}>"


@attrs.frozen
class View(Pictured):
    """What ``player`` knows of a match: their own hand, the size of every hand, the face-up
    discard pile, the size of the deck, the court and the score.

    In doubles, while the support decides, the hitter's face-down cards are known only to the
    hitter: the others see ``played_count``. The deck's order and the random generator are
    never in a view.
    """

    player: int
    config: Config
    phase: Phase
    to_move: int | None
    queue: tuple[int, ...]
    characters: tuple[Character, ...]
    copied: Character | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[Card, ...]
    positions: tuple[Cell, ...]
    ball: Cell | None
    score: tuple[int, int]
    server: int | None
    serving: bool = False
    free_step: bool = False
    moved: tuple[int, ...] = ()
    meddled: bool = False
    hitter: int | None = None
    played: tuple[Card, ...] = ()
    played_count: int = 0
    binds: tuple[int, ...] = ()
    locked: bool = False
    pending: tuple[Bind, ...] = ()
    discards_left: int = 0
    shots: int = 0
    last_point: Point | None = None
    result: Outcome | None = None
    last_mover: int | None = None
    last_move: Move | None = None

    def __repr__(self) -> str:
        return f"<alakaslam.View of player {self.player}: {_summary(self)}>"


class _Table(Protocol):
    """What a state and a view both show: the score, the hits, the turn, the ball."""

    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def shots(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def ball(self) -> Cell | None: ...
    @property
    def result(self) -> Outcome | None: ...


def _summary(table: _Table) -> str:
    """One line for a repr: the score, the hits so far, who decides what (or how the match
    ended) and where the ball is, e.g. ``1-0, 7 shots, player 1 to move (move), ball on c3``.
    A value the rules cannot have (one built by hand) is shown as malformed, never raised."""
    try:
        shots = "1 shot" if table.shots == 1 else f"{table.shots} shots"
        score = f"{table.score[0]}-{table.score[1]}, {shots}"
        if table.result is not None:
            winners = sorted(table.result.winners)
            turn = f"over, side {'AB'[winners[0] % 2]} won" if winners else "over, drawn"
        else:
            turn = f"player {table.to_move} to move ({table.phase})"
        ball = f", ball on {table.ball.name}" if table.ball is not None else ""
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return "(malformed)"
    return f"{score}, {turn}{ball}"
