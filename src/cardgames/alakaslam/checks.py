"""What a state of AlakaSLAM that the rules can reach looks like, checked field by field.

The rules make every state they hand out, so they never need these checks; a state from
anywhere else (JSON, a pickle from an unknown source, ``attrs.evolve``, ``resample``) is checked
once, on its first use, against every fact below. Each fact follows from the rules (see
``rules.py`` and the chapter modules it names) and is stated where it is checked. The checks
stop at the first problem, and each costs at most a pass over the state's cards: a problem is
named, never shown.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter

import attrs

from cardgames import _kept
from cardgames._engine import Passed, TupleChecker, all_cards_at_once
from cardgames.alakaslam.cards import Card, CardKind, Character, Colour, is_card
from cardgames.alakaslam.config import (
    LOSER_DISCARDS,
    MAX_HIT_CARDS,
    Config,
    config_problem,
    deck_cards,
    deck_counts,
    partner,
    side_of,
    team,
)
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.moves import MOVE_TYPES
from cardgames.alakaslam.plays import enchantments, most_enchantments, play_sizes
from cardgames.alakaslam.state import (
    Bind,
    Fault,
    Phase,
    Point,
    State,
    View,
    has_ability,
    match_end,
)
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["COURT_PHASES", "last_move_problem", "state_problem", "vouch_fields"]

# Enum members read by the checks, as module names: on Python 3.11 reading a member through
# its class costs about ten times as much as reading a module name, and a check reads dozens.
_ENCHANT = CardKind.ENCHANT
_HIT = CardKind.HIT
_SIMON = Character.SIMON
_TOOTS = Character.TOOTS
_NO_ANSWER = Fault.NO_ANSWER
_AFTER = Phase.AFTER
_CALL = Phase.CALL
_CHOOSE = Phase.CHOOSE
_COPY = Phase.COPY
_CORNER = Phase.CORNER
_LOSER_DISCARD = Phase.LOSER_DISCARD
_MOVE = Phase.MOVE
_MULLIGAN = Phase.MULLIGAN
_OVER = Phase.OVER
_PICK_SERVER = Phase.PICK_SERVER
_REFILL = Phase.REFILL
_SERVE = Phase.SERVE
_SUPPORT = Phase.SUPPORT
_TARGET = Phase.TARGET

#: Phases of a point in play: the ball is on the court and a side is hitting or about to.
COURT_PHASES = frozenset({_SERVE, _MOVE, _SUPPORT, _TARGET, _AFTER})
#: Phases of a shot already hit (the hitter is known) but not finished.
_SHOT_PHASES = frozenset({_SUPPORT, _TARGET, _AFTER})
#: Phases before the first serve of the match, when nobody serves yet.
_SET_UP_PHASES = frozenset({_CHOOSE, _MULLIGAN, _CALL, _PICK_SERVER})
#: Phases between two points (after a point is won, before the next corner is picked).
_BETWEEN_POINTS = frozenset({_LOSER_DISCARD, _REFILL})
#: A hit holds at most one Enchantment, so a doubles shot (the hitter's play and the support's)
#: leaves at most two waiting for a target.
_MOST_PENDING = 2


#: Whether a value is a tuple of well-formed cards; cards met before are known by identity.
_is_cards = _kept.keep(TupleChecker(is_card), owner=__name__)
#: The names of a state's fields, each of which a state must have.
_FIELD_NAMES = tuple(field.name for field in attrs.fields(State))


def _is_players(value: object, players: range) -> bool:
    """Whether ``value`` is a tuple of seats of ``players``, tested at C speed."""
    return (
        type(value) is tuple
        and all(map(operator.is_, map(type, value), _INTS))
        and (not value or (min(value) >= players.start and max(value) < players.stop))
    )


#: ``int`` for as long as a map needs it: ``map(operator.is_, map(type, v), _INTS)``.
_INTS = itertools.repeat(int)
_CHARACTERS = itertools.repeat(Character)


def _is_player(value: object, players: range) -> bool:
    return type(value) is int and value in players


#: States just read from JSON whose every field passed the checks of :func:`_field_problem`
#: where it was read (see :mod:`~cardgames.alakaslam.loading`), by identity: few at a time,
#: as loading checks the rest at once.
_FIELDS_PASSED = _kept.keep(Passed(16), owner=__name__)


def vouch_fields(state: State) -> None:
    """Record that every field of ``state``, just made, passed the field checks (states are
    frozen, so they still do)."""
    _FIELDS_PASSED.add(state)


def state_problem(state: State) -> str | None:
    """What makes ``state`` one that the rules cannot reach, or ``None`` if nothing does."""
    if state in _FIELDS_PASSED:
        # Made by the reader with every field, each of which passed.
        fields = None
    elif not all(map(hasattr, itertools.repeat(state), _FIELD_NAMES)):
        return "a State made without its fields"
    else:
        fields = _field_problem(state)
    return (
        fields
        or _phase_problem(state)
        or _history_problem(state)
        or _over_problem(state)
        or _turn_problem(state)
        or last_move_problem(state)
    )


def last_move_problem(table: State | View) -> str | None:
    """What is wrong with the move that led to a state or view and its player: none yet (both
    ``None``), or a player (with the move, or ``None`` when the move is not known: a view of a
    face-down hit, or a state dealt from one) and a move of the game whose players, cells and
    cards are those of the match."""
    mover, move = table.last_mover, table.last_move
    if mover is None:
        return None if move is None else "last_move needs its last_mover"
    config = table.config
    if type(mover) is not int or not 0 <= mover < config.players:
        return f"last_mover must be a player 0-{config.players - 1}"
    if move is None:
        return None
    if type(move) not in MOVE_TYPES:
        return "last_move must be an AlakaSLAM move"
    counts = deck_counts(config)
    halves = court_for(config.columns).halves
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if field.name == "player":
            ok = type(value) is int and 0 <= value < config.players
        elif field.name == "cards":
            ok = (
                type(value) is tuple
                and 0 < len(value) <= MAX_HIT_CARDS
                and all(is_card(card) and card in counts for card in value)
            )
        elif field.name == "card":
            ok = is_card(value) and value in counts
        elif field.name == "to":
            ok = type(value) is Cell and (value in halves[0] or value in halves[1])
        else:  # a character or a colour
            ok = type(value) in (Character, Colour)
        if not ok:
            return f"last_move: its {field.name} is not one of the match's"
    return None


def _field_problem(state: State) -> str | None:
    """Each field on its own: its type, and the range the rules keep it in."""
    config = state.config
    problem = config_problem(config)
    if problem is not None:
        return problem
    n = config.players
    phase = state.phase
    result = state.result
    if type(phase) is not Phase:
        return "phase is not a Phase"
    if (result is None) != (phase is not _OVER):
        return "the result and the phase disagree"
    if result is not None and (type(result) is not Outcome or len(result.returns) != n):
        return f"result must be an Outcome for {n} players"
    # Seats are numbered 0 .. players-1; nobody decides once the match is over.
    players = range(n)
    to_move, queue = state.to_move, state.queue
    if phase is _OVER:
        if to_move is not None or queue:
            return "nobody decides in a finished match"
    elif not _is_player(to_move, players):
        return f"to_move must be a player 0-{n - 1}"
    # Nobody waits twice for one decision, and the player deciding now is not waiting for it.
    if not _is_players(queue, players) or len(queue) >= n:
        return "queue must be a tuple of players"
    if len(set(queue)) != len(queue) or to_move in queue:
        return "queue must name each waiting player once, not the player to move"
    # One character per seat, each in play once: all of them from the deal on, and during
    # the choice as many as have chosen. Simon copies another character in play.
    chars = state.characters
    if type(chars) is not tuple or not all(map(operator.is_, map(type, chars), _CHARACTERS)):
        return "characters must be a tuple of Character"
    if len(set(chars)) != len(chars) or len(chars) > n:
        return "characters must be distinct, one per player at most"
    if len(chars) < n and phase is not _CHOOSE:
        return "every player needs a character once set-up is over"
    if config.characters is not None and chars != config.characters:
        return "the characters must be those the config names"
    copied = state.copied
    if copied is not None and (type(copied) is not Character or copied not in chars):
        return "Simon can copy only a character in play"
    if copied is not None and (_SIMON not in chars or copied is _SIMON):
        return "only Simon copies, and never himself"
    problem = _card_problem(state)
    if problem is not None:
        return problem
    return _place_problem(state, config, players)


def _on(cell: object, half: frozenset[Cell]) -> bool:
    """Whether ``cell`` is a ``Cell`` of two ints in ``half`` (a plain tuple, or a cell of
    floats or bools, is equal to a cell of the half, yet no cell)."""
    return (
        type(cell) is Cell
        and len(cell) == 2
        and type(cell[0]) is int
        and type(cell[1]) is int
        and cell in half
    )


def _place_problem(state: State, config: Config, players: range) -> str | None:
    """The fields past the cards: places on the court, the score, flags and counters."""
    n = config.players
    halves = court_for(config.columns).halves
    # Players never leave their own half, and the ball is always on the court (a shot that
    # lands off it is a fault, and the ball is then taken out of play).
    positions = state.positions
    if type(positions) is not tuple or len(positions) not in (0, n):
        return "positions must be empty or one cell per player"
    for player, cell in enumerate(positions):
        if not _on(cell, halves[side_of(player)]):
            return f"player {player} is not on a cell of their own half"
    ball = state.ball
    if ball is not None and not (_on(ball, halves[0]) or _on(ball, halves[1])):
        return "the ball is not on the court"
    # The match ends when a side reaches points_to_win, so no side ever has more.
    score = state.score
    most = config.points_to_win
    if (
        type(score) is not tuple
        or len(score) != 2
        or type(score[0]) is not int
        or type(score[1]) is not int
        or not 0 <= score[0] <= most
        or not 0 <= score[1] <= most
    ):
        return f"score must be two ints 0-{config.points_to_win}"
    if state.server is not None and not _is_player(state.server, players):
        return "server must be a player"
    if not (
        type(state.serving) is bool
        and type(state.free_step) is bool
        and type(state.meddled) is bool
        and type(state.locked) is bool
    ):
        for name in ("serving", "free_step", "meddled", "locked"):
            if type(getattr(state, name)) is not bool:
                return f"{name} must be true or false"
    moved = state.moved
    if not _is_players(moved, players) or len(set(moved)) != len(moved):
        return "moved must be a tuple of players"
    if state.hitter is not None and not _is_player(state.hitter, players):
        return "hitter must be a player"
    binds = state.binds
    if type(binds) is not tuple or len(binds) not in (0, n):
        return "binds must be empty or one count per player"
    # An Enchant-N asks for N cards (Hazel's one more), never more than a hit can hold.
    if not all(map(operator.is_, map(type, binds), _INTS)) or (
        binds and (min(binds) < 0 or max(binds) > MAX_HIT_CARDS)
    ):
        return f"binds must be card counts 0-{MAX_HIT_CARDS}"
    if (
        type(state.pending) is not tuple
        or len(state.pending) > _MOST_PENDING
        or any(
            type(b) is not Bind
            or len(b) != 2
            or not _is_player(b.player, players)
            or type(b.cards) is not int
            or not 1 <= b.cards <= MAX_HIT_CARDS
            for b in state.pending
        )
    ):
        return "pending must be a tuple of Bind"
    # The losers discard up to LOSER_DISCARDS each; a match ends when a hit reaches the limit.
    for name, value, high in (
        ("discards_left", state.discards_left, LOSER_DISCARDS),
        ("shots", state.shots, config.shot_limit),
    ):
        if type(value) is not int or not 0 <= value <= high:
            return f"{name} must be an int 0-{high}"
    point = state.last_point
    if point is not None and (
        type(point) is not Point
        or type(point.fault) is not Fault
        or type(point.side) is not int
        or point.side not in (0, 1)
    ):
        return "last_point must be a Point"
    # The generator's state is a 64-bit word (see cardgames.rng).
    if type(state.rng) is not Rng or type(state.rng.state) is not int:
        return "rng must be an Rng"
    if not 0 <= state.rng.state < 1 << 64:
        return "rng state must be a 64-bit unsigned int"
    return None


def _card_problem(state: State) -> str | None:
    """The cards: well formed, hands sorted, and every card of the config's deck exactly once
    (cards are only ever moved between the deck, the pile, the hands and the face-down play)."""
    config = state.config
    deck, discard, played, hands = state.deck, state.discard, state.played, state.hands
    # Every card in one tuple, checked in one pass; a failure is located by the field-by-field
    # checks below.
    every = all_cards_at_once((deck, discard, played), hands, config.players, _is_cards)
    if every is None:
        for name in ("deck", "discard", "played"):
            if not _is_cards(getattr(state, name)):
                return f"{name} must be a tuple of Card"
        if type(hands) is not tuple or len(hands) != config.players:
            return f"hands must be a tuple of {config.players} hands"
        for hand in hands:
            if not _is_cards(hand) or _unsorted(hand):
                return "every hand must be a sorted tuple of Card"
        every = tuple(itertools.chain(deck, discard, played, *hands))
    elif any(map(_unsorted, hands)):
        return "every hand must be a sorted tuple of Card"
    if len(every) != len(deck_cards(config)):
        return "the cards are not those of the config's deck"
    # Neither count holds a zero, so they agree exactly when they are equal as dicts, which
    # compares at C speed (a Counter compares in a generator).
    if not dict.__eq__(Counter(every), deck_counts(config)):
        return "the cards are not those of the config's deck"
    return None


def _unsorted(hand: tuple[Card, ...]) -> bool:
    """Whether a hand of cards is out of order: each card against the next, at C speed."""
    return any(map(operator.gt, hand, hand[1:]))


def _phase_problem(state: State) -> str | None:
    """The facts that tie the phase to the rest: who may decide, and what must (or may not)
    be on the table in it."""
    phase = state.phase
    mover = state.to_move
    config = state.config
    if state.result is None and max(state.score) >= config.points_to_win:
        return "a side has already won the match"
    if state.played and phase is not _SUPPORT:
        return "cards lie face down only while the support decides"
    if not config.doubles and phase in (_SUPPORT, _TARGET, _PICK_SERVER):
        return f"there is no {phase} phase in singles"
    if phase is _OVER or mover is None:
        return None
    hand = state.hands[mover]
    on_court = phase in COURT_PHASES
    if on_court and (not state.positions or state.ball is None or len(state.binds) == 0):
        return f"the {phase} phase needs the players, the ball and the binds on the court"
    if phase in _SHOT_PHASES and state.hitter is None:
        return f"the {phase} phase needs a hitter"
    if phase is _SUPPORT and (not state.played or state.hitter != partner(mover)):
        return "the support decides after the hitter, their partner, has played"
    if phase is _TARGET and (not state.pending or state.pending[0].player != mover):
        return "the target phase needs the mover's Enchantment waiting for a target"
    if phase in (_COPY, _CORNER, _SERVE) and state.server is None:
        return f"the {phase} phase needs a server"
    if phase is _COPY and (_SIMON not in state.characters or state.characters[mover] is not _SIMON):
        return "only Simon copies"
    if phase is _SERVE and (mover != state.server or state.ball != state.positions[mover]):
        return "the server serves from where they stand, with the ball"
    if phase is _CHOOSE and len(state.characters) != mover:
        return "characters are chosen in seat order"
    if phase is _CALL and not any(c.kind is _HIT for c in state.deck + state.discard):
        return "the call needs a Hit card left to reveal"
    if phase in (_MULLIGAN, _LOSER_DISCARD) and not hand:
        return f"a player with no cards has nothing to decide in the {phase} phase"
    if phase is _LOSER_DISCARD and state.discards_left < 1:
        return "the loser-discard phase needs a discard left"
    if phase is not _LOSER_DISCARD and state.discards_left:
        return "discards_left counts only in the loser-discard phase"
    if phase is _REFILL and len(hand) <= config.hand_size:
        return "only a player above the hand size discards in the refill phase"
    if phase in _BETWEEN_POINTS and state.last_point is None:
        return f"the {phase} phase comes only after a point"
    return None


def _history_problem(state: State) -> str | None:
    """What the match so far must have left behind: the first serve places everybody, gives
    the binds their places and names a server, and every point needs a serve."""
    phase = state.phase
    served = bool(state.positions)
    if served != bool(state.binds):
        # The first corner choice places the players and starts counting binds; both stay.
        return "positions and binds are set together, at the first serve"
    if not served:
        if state.last_point is not None or state.shots or state.ball is not None:
            return "nothing is played before the first serve"
        if phase not in _SET_UP_PHASES and phase not in (_COPY, _CORNER):
            return f"the {phase} phase needs the players on the court"
    if state.server is None:
        if served or phase not in _SET_UP_PHASES:
            return "every phase after the colour call needs a server"
        # Before the first point hands only shrink (mulligans) from the opening size.
        if any(len(hand) > state.config.hand_size for hand in state.hands):
            return "no hand is above the hand size before the first serve"
    elif phase is _CHOOSE or phase is _CALL:
        return f"the {phase} phase comes before anybody serves"
    # A point is scored at the moment its last_point is set.
    point = state.last_point
    if point is not None and state.score[point.side] < 1:
        return "the last point's winners have no point"
    if point is not None and point.fault is _NO_ANSWER and not state.config.doubles:
        return "only a doubles support can fail to answer an Enchantment"
    return None


def _over_problem(state: State) -> str | None:
    """A finished match: its result is the one the rules give for its score and shots."""
    result = state.result
    if result is None:
        return None
    expected = match_end(state.config, state.score, state.shots)
    if expected is None:
        return "a match ends only at the winning point or at the shot limit"
    if result != expected:
        return "the result is not the one the score and the shot limit give"
    point = state.last_point
    if (
        max(state.score) == state.config.points_to_win
        and point is not None
        and state.score[point.side] != state.config.points_to_win
    ):
        return "the winning point must be the last point"
    # A match ended by its winning point has cleared the court; one ended by a good shot at
    # the shot limit keeps its hitter and where the ball landed.
    if (state.ball is None) != (state.hitter is None):
        return "a match ends with both its last hitter and its ball, or neither"
    if state.hitter is not None and state.ball not in _half(state, 1 - side_of(state.hitter)):
        return "the last shot must have landed in the opponents' half"
    if state.pending or state.discards_left or state.serving or state.played:
        return "a finished match has no Enchantment waiting, discard left or serve in the air"
    return None


def _half(state: State, side: int) -> frozenset[Cell]:
    return court_for(state.config.columns).halves[side]


def _turn_problem(state: State) -> str | None:
    """The players, the ball, the shot and the binds of the phase being played."""
    phase = state.phase
    mover = state.to_move
    config = state.config
    n = config.players
    if phase is _OVER or mover is None:
        return None
    queue = state.queue
    # Phases with a single decision-maker, and those whose waiting players follow an order.
    if phase in (_CALL, _PICK_SERVER, _COPY, _CORNER, _SERVE) and queue:
        return f"nobody waits in the {phase} phase"
    if phase in (_SUPPORT, _TARGET) and queue:
        return f"nobody waits in the {phase} phase"
    if phase is _CHOOSE and queue != tuple(range(mover + 1, n)):
        return "characters are chosen in seat order"
    if phase is _CHOOSE and (
        not config.choose_characters
        or config.characters is not None
        or any(state.hands)
        or state.discard
    ):
        # Characters are chosen before anything is dealt, and only when the config says so.
        return "the choose phase comes first, before the deal, and only when characters are chosen"
    if phase is _MULLIGAN and state.server is None and _not_after(queue, mover):
        return "the opening mulligans go in seat order"
    if phase is _REFILL and (
        _not_after(queue, mover) or any(len(state.hands[p]) <= config.hand_size for p in queue)
    ):
        return "the refill goes in seat order among the players above the hand size"
    if phase is _CALL and mover != 1:
        return "player 1 calls the colour"
    if phase is _PICK_SERVER and mover not in (0, 1):
        return "the first player of a side names its server"
    point = state.last_point
    if point is not None and phase in (_PICK_SERVER, *_BETWEEN_POINTS):
        # Between points the losers discard, and then pick their server.
        losers = 1 - point.side
        if phase is _PICK_SERVER and mover != losers:
            return "the side that lost the point names its server"
        if phase is _LOSER_DISCARD and side_of(mover) != losers:
            return "only the side that lost the point discards in the loser-discard phase"
    elif point is not None and state.server is not None and side_of(state.server) != 1 - point.side:
        return "the side that lost the last point serves"
    if phase in (_CORNER, _SERVE) and mover != state.server:
        return f"the server decides in the {phase} phase"
    if phase is _COPY and state.copied is not None:
        return "Simon has not copied anybody yet in the copy phase"
    # Simon picks before the corner is chosen and keeps his pick until the point ends. (A
    # Simon who copies nobody merely lacks a second ability; such states are accepted.)
    if phase not in COURT_PHASES and phase is not _CORNER and state.copied is not None:
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
    if phase in (_SERVE, _MOVE) and hitter is not None:
        return f"nobody has hit yet in the {phase} phase"
    if phase in (_AFTER, _TARGET) and side_of(mover) != side:
        return f"the hitter's side decides in the {phase} phase"
    # ``serving`` is set at the corner choice and cleared when the serve lands.
    if (
        (phase is _SERVE and not state.serving)
        or (phase in (_MOVE, _TARGET, _AFTER) and state.serving)
        or (phase is _SUPPORT and state.serving and hitter != state.server)
    ):
        return "serving is true from the corner choice until the serve has landed"
    members = team(config.players, side)
    if any(p not in members for p in (*state.queue, *state.moved)):
        return "only the side in turn moves and waits"
    if phase in (_MOVE, _AFTER) and _not_after(state.queue, mover):
        return "a side's players decide in seat order"
    if phase is _SERVE:
        if ball not in court_for(config.columns).back_corners(side):
            return "the server serves from a back corner"
        if state.moved or state.meddled or not state.free_step or state.locked:
            return "the serve opens a fresh turn"
    # Where the ball waits: on the receivers' side before the hit, still at the hitter's feet
    # while the support decides, and in the opponents' half once the shot has landed.
    if phase is _MOVE and ball not in _half(state, side):
        return "the ball waits in the half of the side about to hit it"
    if phase is _SUPPORT and hitter is not None and state.positions[hitter] != ball:
        return "the ball is at the hitter's feet until the support has played"
    if phase in (_TARGET, _AFTER) and ball not in _half(state, 1 - side):
        return "a good shot lands in the opponents' half"
    # A good shot frees the side that hit it of its binds and binds only the opponents, so
    # only the side about to return the ball (or returning it now) can be bound. The serve
    # starts with nobody bound, and a target is asked for only while both opponents are free.
    returning = side if phase in (_MOVE, _SUPPORT) else 1 - side
    if phase in (_SERVE, _TARGET):
        bound = [p for p, b in enumerate(state.binds) if b]
    else:
        bound = [p for p in team(config.players, 1 - returning) if state.binds[p]]
    if bound:
        return f"player {bound[0]} cannot be bound in the {phase} phase"
    if phase is not _TARGET and state.pending:
        return "Enchantments wait for a target only in the target phase"
    if any(side_of(b.player) != side for b in state.pending):
        return "only the hitting side's Enchantments wait for a target"
    if phase is _SUPPORT and hitter is not None:
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
