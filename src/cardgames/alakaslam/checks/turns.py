"""The facts of the phase being played in an AlakaSLAM state: who decides and who waits, where
the ball is, the shot under way and the binds (:func:`turn_problem`), part of the check of
:mod:`cardgames.alakaslam.checks`.
"""

from __future__ import annotations

from cardgames.alakaslam.cards import Character
from cardgames.alakaslam.config import side_of, team
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.plays import enchantments, most_enchantments, play_sizes
from cardgames.alakaslam.state import Phase, State, has_ability

__all__ = ["BETWEEN_POINTS", "COURT_PHASES", "half", "turn_problem"]

_TOOTS = Character.TOOTS
#: Phases of a point in play: the ball is on the court and a side is hitting or about to.
COURT_PHASES = frozenset({Phase.SERVE, Phase.MOVE, Phase.SUPPORT, Phase.TARGET, Phase.AFTER})
#: Phases between two points (after a point is won, before the next corner is picked).
BETWEEN_POINTS = frozenset({Phase.LOSER_DISCARD, Phase.REFILL})


def half(state: State, side: int) -> frozenset[Cell]:
    """The cells of ``side``'s half of the court of ``state``."""
    return court_for(state.config.columns).halves[side]


def turn_problem(state: State) -> str | None:
    """The players, the ball, the shot and the binds of the phase being played."""
    phase = state.phase
    mover = state.to_move
    config = state.config
    n = config.players
    if phase is Phase.OVER or mover is None:
        return None
    queue = state.queue
    # Phases with a single decision-maker, and those whose waiting players follow an order.
    if phase in (Phase.CALL, Phase.PICK_SERVER, Phase.COPY, Phase.CORNER, Phase.SERVE) and queue:
        return f"nobody waits in the {phase} phase"
    if phase in (Phase.SUPPORT, Phase.TARGET) and queue:
        return f"nobody waits in the {phase} phase"
    if phase is Phase.CHOOSE and queue != tuple(range(mover + 1, n)):
        return "characters are chosen in seat order"
    if phase is Phase.CHOOSE and (
        not config.choose_characters
        or config.characters is not None
        or any(state.hands)
        or state.discard
    ):
        # Characters are chosen before anything is dealt, and only when the config says so.
        return "the choose phase comes first, before the deal, and only when characters are chosen"
    if phase is Phase.MULLIGAN and state.server is None and _not_after(queue, mover):
        return "the opening mulligans go in seat order"
    if phase is Phase.REFILL and (
        _not_after(queue, mover) or any(len(state.hands[p]) <= config.hand_size for p in queue)
    ):
        return "the refill goes in seat order among the players above the hand size"
    if phase is Phase.CALL and mover != 1:
        return "player 1 calls the colour"
    if phase is Phase.PICK_SERVER and mover not in (0, 1):
        return "the first player of a side names its server"
    point = state.last_point
    if point is not None and phase in (Phase.PICK_SERVER, *BETWEEN_POINTS):
        # Between points the losers discard, and then pick their server.
        losers = 1 - point.side
        if phase is Phase.PICK_SERVER and mover != losers:
            return "the side that lost the point names its server"
        if phase is Phase.LOSER_DISCARD and side_of(mover) != losers:
            return "only the side that lost the point discards in the loser-discard phase"
    elif point is not None and state.server is not None and side_of(state.server) != 1 - point.side:
        return "the side that lost the last point serves"
    if phase in (Phase.CORNER, Phase.SERVE) and mover != state.server:
        return f"the server decides in the {phase} phase"
    if phase is Phase.COPY and state.copied is not None:
        return "Simon has not copied anybody yet in the copy phase"
    # Simon picks before the corner is chosen and keeps his pick until the point ends. (A
    # Simon who copies nobody merely lacks a second ability; such states are accepted.)
    if phase not in COURT_PHASES and phase is not Phase.CORNER and state.copied is not None:
        return f"Simon copies nobody in the {phase} phase"
    if phase not in COURT_PHASES:
        if state.ball is not None or state.hitter is not None or state.serving:
            return f"no ball is in play in the {phase} phase"
        if state.locked or state.pending or state.moved or state.meddled:
            return f"no turn is being played in the {phase} phase"
        # Before the first serve nothing of a turn has started; each point won clears the
        # binds and starts a fresh turn, which stays fresh until the next serve.
        if any(state.binds) or state.free_step != bool(state.positions):
            return "a won point clears the binds and starts a fresh turn"
        return None
    return _court_problem(state, mover)


def _not_after(queue: tuple[int, ...], mover: int) -> bool:
    """Whether ``queue`` is not a rising list of players after ``mover``."""
    return any(a >= b for a, b in zip((mover, *queue), queue, strict=False))


def _court_problem(state: State, mover: int) -> str | None:
    """A point in play: the side in turn, where the ball is, the shot and the binds."""
    phase = state.phase
    config = state.config
    ball = state.ball
    hitter = state.hitter
    if ball is None:
        return f"the {phase} phase needs the ball on the court"
    # The side in turn: the receivers before they hit, the hitter's side afterwards.
    side = side_of(mover) if hitter is None else side_of(hitter)
    if phase in (Phase.SERVE, Phase.MOVE) and hitter is not None:
        return f"nobody has hit yet in the {phase} phase"
    if phase in (Phase.AFTER, Phase.TARGET) and side_of(mover) != side:
        return f"the hitter's side decides in the {phase} phase"
    # ``serving`` is set at the corner choice and cleared when the serve lands.
    if (
        (phase is Phase.SERVE and not state.serving)
        or (phase in (Phase.MOVE, Phase.TARGET, Phase.AFTER) and state.serving)
        or (phase is Phase.SUPPORT and state.serving and hitter != state.server)
    ):
        return "serving is true from the corner choice until the serve has landed"
    members = team(config.players, side)
    if any(p not in members for p in (*state.queue, *state.moved)):
        return "only the side in turn moves and waits"
    if phase in (Phase.MOVE, Phase.AFTER) and _not_after(state.queue, mover):
        return "a side's players decide in seat order"
    if phase is Phase.SERVE:
        if ball not in court_for(config.columns).back_corners(side):
            return "the server serves from a back corner"
        if state.moved or state.meddled or not state.free_step or state.locked:
            return "the serve opens a fresh turn"
    # Where the ball waits: on the receivers' side before the hit, still at the hitter's feet
    # while the support decides, and in the opponents' half once the shot has landed.
    if phase is Phase.MOVE and ball not in half(state, side):
        return "the ball waits in the half of the side about to hit it"
    if phase is Phase.SUPPORT and hitter is not None and state.positions[hitter] != ball:
        return "the ball is at the hitter's feet until the support has played"
    if phase in (Phase.TARGET, Phase.AFTER) and ball not in half(state, 1 - side):
        return "a good shot lands in the opponents' half"
    # A good shot frees the side that hit it of its binds and binds only the opponents, so
    # only the side about to return the ball (or returning it now) can be bound. The serve
    # starts with nobody bound, and a target is asked for only while both opponents are free.
    returning = side if phase in (Phase.MOVE, Phase.SUPPORT) else 1 - side
    if phase in (Phase.SERVE, Phase.TARGET):
        bound = [p for p, b in enumerate(state.binds) if b]
    else:
        bound = [p for p in team(config.players, 1 - returning) if state.binds[p]]
    if bound:
        return f"player {bound[0]} cannot be bound in the {phase} phase"
    if phase is not Phase.TARGET and state.pending:
        return "Enchantments wait for a target only in the target phase"
    if any(side_of(b.player) != side for b in state.pending):
        return "only the hitting side's Enchantments wait for a target"
    if phase is Phase.SUPPORT and hitter is not None:
        problem = _played_problem(state, hitter)
        if problem is not None:
            return problem
    elif state.shots >= config.shot_limit:
        return "the match ends at the hit that reaches the shot limit"
    # Toots meddles in her own side's movement. (Rich's lock, by contrast, is accepted in any
    # point in play but the serve: a lock nobody could have set only narrows the return.)
    if state.meddled and not any(has_ability(state, p, _TOOTS) for p in team(config.players, side)):
        return "only Toots meddles"
    return None


def _played_problem(state: State, hitter: int) -> str | None:
    """Doubles: the hitter's face-down cards are a hit they could make."""
    played = state.played
    if len(played) not in play_sizes(state.binds[hitter]):
        return "the face-down cards must be a hit of 1 to 3 cards (exactly as many as bound)"
    if enchantments(played) > most_enchantments(state.locked) or list(played) != sorted(played):
        return "the face-down cards must be a hit the hitter could make"
    return None
